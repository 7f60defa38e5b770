// What the page's modules share: the game on the board and the page's parts.
// play.js changes the game (moves, undo, new game, records, links, the
// computer); input.js and controls.js draw it and call back through `actions`.

export const game = {
  settings: null,    // the game's options and aids (bridge.game_settings)
  options: {},       // the options of the game on the board that differ from the defaults
  view: null,        // the last view of the position (bridge.Session.view)
  picked: [],        // tokens clicked so far towards a move
  aids: {},          // view options switched on by the player
  tracing: false,    // Necto's "trace a line" mode
  aim: null,         // a move being aimed by hand (aim.js), or null
  mode: {opponent: "human", computer: 1, strength: 2},
  pending: null,     // the computer's reply until it is played and shown (a promise of its move)
  thinking: false,   // whether the computer is computing that move (its answer not back yet)
  generation: 0,     // which game this is: a new game, record, undo or step drops a pending reply
};

// The page's elements (controls.js builds them).
export const parts = {};

// What the controls and the board ask of play.js (filled in by play.js).
export const actions = {};

// Whether the position shown is the last of the game (not stepped back from it).
export const atEnd = () => game.view.at === game.view.line.length;

export function computerToMove() {
  const {mode, view} = game;
  return mode.opponent === "computer" && view && !view.outcome && atEnd()
    && view.turn_index === mode.computer;
}

export function say(text) { parts.status.textContent = text; }
export function showError(text) { parts.error.textContent = text; }
export function failed(error) { showError(error.message); }
