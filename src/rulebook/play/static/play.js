// The play page: the project's own engines, run by Pyodide, behind a board.
//
// Every rule lives in Python (rulebook.play.bridge and the engines), which
// runs in a Web Worker (worker.js), so the page stays responsive while the
// computer thinks; the page only draws what the bridge describes and sends
// the moves back, by messages (every call is asynchronous).  Its modules:
// - words.js: the page's element, game, language and words;
// - engine.js: the calls to the worker;
// - scene.js: the game's drawing module's scene (rulebook.scene) as SVG, so
//   the board looks like the rulebook's figures;
// - input.js: clicks, taps and keys pick moves through the tokens the game's
//   clicks.py gives each legal move (a move can also be typed in the notation);
// - aim.js: moves aimed by hand, previewed before they are played (Craquelure's cuts);
// - controls.js: the buttons, settings, aids, status and move list;
// - storage.js: the game autosaved, share links, and the page's last drawing;
// - state.js: what they share.
// This module plays the game: moves, undo, steps through the game, new games,
// records, links, the computer's replies, and window.rulebookPlay, the test
// hook (ready, legalMoves, play, outcome, record, newGame, shareLink; each
// returns a promise).
//
// Start-up: on a first visit the page is drawn once the engine has started and
// drawn the first game; on a later one, the game saved is drawn at once, from
// the page's last drawing of it (drawSaved), and takes clicks while the engine
// starts, which then plays them in turn (ready: playable; engineReady: the engine too).

import {root, W, slug, lang, format, counted} from "./words.js";
import {element} from "./dom.js";
import {call, busy, saved, connect, keepSnapshot} from "./engine.js";
import {game, actions, computerToMove, say, showError} from "./state.js";
import {buildPage, redraw, showSettings} from "./controls.js";
import {screenPoint} from "./input.js";
import {loadSaved, setAside, save, linkInAddress, forgetAddressLink, shareUrl, keepDrawn,
        drawnBefore, forgetDrawn} from "./storage.js";

async function newGame(options = {}) {
  const chosen = {...options};
  for (const key of ["opponent", "computer", "strength"]) delete chosen[key];
  stopThinking();
  try {
    await call("new", slug, chosen);
  } catch (error) {  // bad options: the game on the board goes on
    if (computerToMove()) think();
    throw error;
  }
  game.mode = {opponent: options.opponent ?? "human", computer: options.computer ?? 1,
               strength: options.strength ?? 2};
  game.options = chosen;
  showSettings(chosen);
  await afterChange();
}

// Who plays (and how strongly), changed during a game: the game goes on.
async function setMode(mode) {
  stopThinking();
  game.mode = mode;
  await afterChange();
}

// Play a move and show it, unless an undo, a new game or a record replaced the
// game meanwhile (that one is shown by whatever replaced it).
async function play(move) {
  const current = game.generation;
  const written = await call("play", move);
  if (current === game.generation) await afterChange();
  return written;
}

async function humanMove(move) {
  if (computerToMove()) return false;
  try {
    await play(move);
    return true;
  } catch (error) {  // the engine's reason, after the page's words in the page's language
    showError(format(W.illegal, {error: error.message}));
    return false;
  }
}

// Undo back to a position where it is a player's turn (the computer's reply goes
// too); while the computer thinks, its reply is dropped and the player's move undone.
async function undo() {
  if (!game.pending && !game.view.moves.length) return;
  stopThinking();
  await call("undo", 1);
  game.view = await call("view", lang, game.aids);
  while (computerToMove() && game.view.moves.length) {
    await call("undo", 1);
    game.view = await call("view", lang, game.aids);
  }
  await afterChange();  // at the start, a computer that moves first moves again
}

// Show the position after the game's first `at` moves (the later ones are kept
// until a move is played there, or "Continue from here").
async function goto(at) {
  if (at === game.view.at) return;
  stopThinking();
  await call("goto", at);
  await afterChange();
}

// Drop the moves after the position shown: the game goes on from it (the
// computer moves if it is its turn).
async function continueHere() {
  stopThinking();
  await call("truncate");
  await afterChange();
}

// A new game, record, undo or step: the reply the computer is thinking of will be dropped.
function stopThinking() {
  game.generation += 1;
  game.pending = null;
  doneThinking();
}

function doneThinking() {
  game.thinking = false;
  root.classList.remove("play-thinking");
}

async function afterChange() {
  game.picked = [];
  game.aim = null;
  delete game.aids.trace;
  showError("");
  await render();
  save(game.view.link, game.mode);
  keepDrawn(game);  // for a later visit to draw at once
  if (computerToMove() && !game.thinking) think();
}

// The position, asked of the engine again (after a move, an undo, an aid switched).
async function render() {
  game.view = await call("view", lang, game.aids);
  redraw();
}

// The computer's reply, computed in the worker while the page goes on; played
// only if the game it was computed for is still the one on the board.  The
// reply stays pending until its move is played and shown, not only until the
// worker answers: whoever waits for it (the hook's computerMove) then sees the
// position after it, however soon the answer came.
function think() {
  game.thinking = true;
  say(W.thinking);
  root.classList.add("play-thinking");
  const current = game.generation, clock = performance.now();
  const reply = call("choose", game.mode.strength).then(async (move) => {
    if (current !== game.generation) return null;  // the game it was thinking for is gone
    window.rulebookPlay.computerTimes.push(performance.now() - clock);
    doneThinking();
    await play(move);
    return current === game.generation ? move : null;  // undone or a new game meanwhile
  }).catch((error) => {
    if (current === game.generation) {
      doneThinking();
      showError(error.message);
    }
    return null;
  }).finally(() => {
    if (game.pending === reply) game.pending = null;
  });
  game.pending = reply;
}

// --- records and links -----------------------------------------------------------

// A record (its text): checked as `rulebook check` checks it, refused if it is of
// another game; it goes on with the players chosen (against the computer too).
// Its claims are checked too: the verdict is said, each claim that fails shown.
async function openRecord(text, name = "record.toml") {
  const verdict = await call("open", text, name, slug);
  await opened();
  const {claims, failures} = verdict;
  const checked = failures.length ? format(counted("claims_fail", failures.length),
                                          {failed: failures.length})
    : claims ? format(counted("claims_hold", claims), {count: claims}) : "";
  const moves = game.view.moves.length;
  say(format(W.turn_after, {last: format(counted("opened", moves), {name, count: moves}),
                            turn: checked}));
  showError(failures.join(" "));
  return verdict;
}

// A share link's fragment: the same moves, options and start, the same position shown.
async function openLink(fragment) {
  await call("open_link", fragment, slug);
  await opened();
}

async function opened() {
  stopThinking();
  game.options = await call("options");
  showSettings(game.options);
  await afterChange();
}

async function download() {
  const blob = new Blob([await call("record")], {type: "application/toml"});
  const link = element("a", {href: URL.createObjectURL(blob), download: `${slug}-game.toml`});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

const shareLink = async () => shareUrl(game.view.link);

// The first game: the one a share link in the address holds, else the one saved
// (a reload, the other language's page), else a new one.  A link or saved game
// that cannot be opened is said so, and loses nothing: a bad link leaves the
// saved game, a bad saved game is kept aside (storage.js).
async function firstGame(kept, problems) {
  const link = linkInAddress();
  let started = false;
  if (link) {
    try {
      await openLink(link);
      forgetAddressLink();
      started = true;
    } catch (error) {
      problems.push(format(W.link_failed, {error: error.message}));
    }
  }
  if (!started && kept) {
    try {
      await call("open_link", kept.link, slug);
      game.mode = validMode(kept.mode);
      await opened();
      started = true;
    } catch (error) {
      setAside();
      forgetDrawn();
      problems.push(format(W.saved_failed, {error: error.message}));
    }
  }
  if (!started) await newGame({});
  showError(problems.join(" "));
}

// The game saved, {link, mode} or null, and what is wrong with it if it cannot be read.
function savedGame() {
  try {
    return {kept: loadSaved(), problems: []};
  } catch (error) {
    return {kept: null, problems: [format(W.saved_failed, {error: error.message})]};
  }
}

function validMode(mode) {
  return {opponent: mode.opponent === "computer" ? "computer" : "human",
          computer: mode.computer === 0 ? 0 : 1,
          strength: [1, 2, 3].includes(mode.strength) ? mode.strength : 2};
}

// A later visit, before the engine has started: the game saved, drawn at once
// from what the page drew of it last (storage.js's drawnBefore: the same
// engine's view of the same game, for this very page), and the engine asked to
// open that game first of all; whatever the player does meanwhile (a click that
// completes a move, undo, a new game) is asked of the engine after it, and the
// worker answers in order, once started: every move is the engine's to play or
// refuse, on the game shown.  Returns a promise, once the engine has opened the
// game, of whether its view of it is the one drawn (if not, which the build's
// key should prevent, its own is drawn and kept instead); null if there is nothing to
// draw (nothing saved, a link in the address, no drawing of it kept, or one made
// with other aids than those the page starts with).
function drawSaved(kept) {
  const drawn = kept && !linkInAddress() && drawnBefore(kept.link);
  if (!drawn) return null;
  try {
    const aids = Object.fromEntries(drawn.settings.aids.map((aid) => [aid.name, aid.default]));
    if (JSON.stringify(drawn.aids) !== JSON.stringify(aids)) return null;
    game.settings = drawn.settings;
    buildPage();
    game.mode = validMode(kept.mode);
    game.options = drawn.options;
    showSettings(drawn.options);
    game.view = drawn.view;
    redraw();
  } catch (error) {  // not a drawing of this page after all: the engine draws the game
    console.warn("rulebook: the game's last drawing could not be drawn:", error);
    forgetDrawn();
    game.settings = game.view = null;
    return null;
  }
  const opening = call("open_link", kept.link, slug);
  const checking = call("view", lang, game.aids);
  checking.catch(() => {});  // (refused only if the game could not be opened: said below)
  if (computerToMove()) think();
  return opening.then(() => checking).then((view) => {
    if (JSON.stringify(view) === JSON.stringify(drawn.view)) return true;
    console.warn("rulebook: the game's last drawing is not the engine's: drawn again");
    if (game.view === drawn.view) {  // (the engine answers in order: nothing has replaced it)
      game.view = view;
      redraw();
      keepDrawn(game);
    }
    return false;
  });
}

// --- start: the engine in its worker, the first game ---------------------------

Object.assign(actions, {humanMove, undo, goto, continueHere, newGame, setMode, openRecord,
                        download, shareLink, render, redraw});

// `playable` is called once the board is drawn and takes clicks: at once on a later
// visit (drawSaved), else once the engine has drawn the first game.  The promise
// returned is kept once the engine has started and has the first game.
async function start(playable) {
  const clock = performance.now();
  const timings = window.rulebookPlay.timings = {};
  const worker = connect();  // its start-up timings, once started: runtime, engine, snapshot
  worker.catch(() => {});    // (awaited below: a failure is said there)
  // first of all the worker is asked: the engine's messages in the page's language (engine.po)
  const messages = call("messages", W.messages);
  const {kept, problems} = savedGame();
  const early = drawSaved(kept);
  const nowPlayable = () => {
    timings.playable = performance.now() - clock;
    listenForLinks();
    playable();
  };
  if (early) nowPlayable();
  Object.assign(timings, await worker);
  await messages;
  if (early) {
    try {
      timings.drawn = await early ? "same" : "other";  // the engine's view and the one drawn
    } catch (error) {  // the saved game drawn, which its engine cannot open (never expected)
      setAside();
      forgetDrawn();
      problems.push(format(W.saved_failed, {error: error.message}));
      await newGame({});
      showError(problems.join(" "));
    }
  } else {
    game.settings = await call("settings", slug);
    buildPage();
    await firstGame(kept, problems);
    nowPlayable();
  }
  timings.engine_ready = performance.now() - clock;
  keepSnapshot(timings.snapshot === "made");  // for the next visit
}

// A share link of this page opened in it (only the address's fragment changes).
function listenForLinks() {
  window.addEventListener("hashchange", () => {
    const link = linkInAddress();
    if (link) openLink(link).then(forgetAddressLink, (error) => {
      showError(format(W.link_failed, {error: error.message}));
    });
  });
}

window.rulebookPlay = {
  ready: null,
  engineReady: null,
  computerTimes: [],  // milliseconds the computer took for each of its moves
  legalMoves: () => call("legal"),
  play: (move) => play(move),
  outcome: async () => {
    const outcome = await call("outcome");
    return outcome && {winner: outcome.winner, reason: outcome.reason, scores: outcome.scores};
  },
  record: () => call("record"),
  newGame: (options = {}) => newGame(options),
  shareLink,
  // Beyond the hook's minimum: the computer's pending move (a promise of it once
  // it is played and shown, or of null) and whether it is thinking (computing
  // it); what the page shows now (turn, tokens, position, moves up to the
  // position shown, the whole line, how many of it are shown: the last view, at
  // once); whether the started engine was stored for the next visit
  // (timings.snapshot says "made" or "loaded").
  computerMove: () => game.pending ?? Promise.resolve(null),
  thinking: () => game.thinking,
  turn: () => game.view.turn_index,
  tokens: () => game.view.tokens,
  openRecord: (text, name) => openRecord(text, name),
  openLink: (fragment) => openLink(fragment),
  goto: (at) => goto(at),
  position: () => game.view.position,
  aids: () => ({...game.aids}),  // the view options shown (Necto's traced line: trace)
  screenPoint: (x, y) => screenPoint(x, y),  // a point of the drawing, on the screen
  moves: () => game.view.moves,
  line: () => game.view.line,
  at: () => game.view.at,
  saved,
  // engineReady (a promise, set below): the engine started, with the first game;
  // timings (ms from play.js's start): playable, engine_ready, and from the worker's
  // start runtime, engine; snapshot "made" or "loaded"; drawn: on a later visit
  // drawn before the engine was ready, whether the engine's view was the one drawn
  // ("same") or not ("other": drawn again).
  // a promise: resolved once no call to the engine is on its way (after a click)
  settled: async () => {
    do await new Promise((resolve) => setTimeout(resolve, 0)); while (busy());
  },
};
// ready: the board drawn and taking clicks (a promise); engineReady: the engine
// started and given the first game.  A failure to start is said in the page.
let becamePlayable;
const playable = new Promise((resolve) => { becamePlayable = resolve; });
window.rulebookPlay.engineReady = start(becamePlayable).catch((error) => {
  root.replaceChildren(element("p", {class: "play-error", role: "alert",
                                     text: format(W.failed, {error: error.message})}));
  throw error;
});
window.rulebookPlay.ready = Promise.race([playable, window.rulebookPlay.engineReady]);
