// Moves aimed by hand (the game's clicks.py has `aim`: Craquelure's cuts): a
// press in a region sets the cut's point there (snapped to the grid, if any), a
// drag turns the three rays (or the arrow keys, or the turn buttons; snapped to
// the direction step), a drag of the point moves it; the three parts are drawn
// live with their shares of the disk, or the engine's reason why the cut would
// be refused; a tap on a part says whose it becomes; then "Cut" plays it.

import {W, format} from "./words.js";
import {element, svg} from "./dom.js";
import {call} from "./engine.js";
import {transform} from "./scene.js";
import {game, parts, actions, failed} from "./state.js";

const COLOURS = {B: "#0072B2", R: "#D55E00"};  // the drawings' Blue and Red
const TURN_STEP = 5;  // degrees per key press without a direction step

let asked = null, answering = false;  // the latest aim asked for; whether one is on its way
let dragged = false;  // whether the last press on the board was a drag (then not a tap on a part)
let following = false;  // whether the pointer is down, aiming

export const aimFollowing = () => following;

// The drawing's coordinates of a pointer event on the board's picture (the one
// shown now: each answer of the engine draws the board anew, during a drag too).
export function dataPoint(event) {
  const picture = parts.board.querySelector("svg.play-svg"), scene = game.view.scene;
  const {scale} = transform(scene);
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(picture.getScreenCTM().inverse());
  return [scene.xlim[0] + at.x / scale, scene.ylim[1] - at.y / scale];
}

// A press on a region: the cut's point there; dragging from it turns the rays.
export function pressRegion(event) {
  const [x, y] = dataPoint(event);
  aimAt(x, y);
  follow(event, "turn");
}

// Aim at a point (the keyboard's: the middle of the region picked), keeping the angle.
export function aimAt(x, y) {
  const angle = game.aim ? game.aim.angle : 90;  // the first ray straight up
  game.aim = {x, y, angle, result: null, mine: null, theirs: null};
  request();
}

// Follow the pointer until it is let go: "turn" the rays towards it, or "move" the point.
function follow(event, what) {
  const start = dataPoint(event);
  let moved = false;
  const onMove = (move) => {
    const [x, y] = dataPoint(move);
    if (!moved && Math.hypot(x - start[0], y - start[1]) < 0.04) return;  // a tap, not a drag
    moved = true;
    if (what === "move") Object.assign(game.aim, {x, y});
    else game.aim.angle = Math.atan2(y - game.aim.y, x - game.aim.x) * 180 / Math.PI;
    request();
  };
  const onUp = () => {
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", onUp);
    window.removeEventListener("pointercancel", onUp);
    dragged = moved;
    following = false;
    actions.keepInSight();  // not while the pointer is down: the page must not move under it
  };
  following = true;
  window.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp);
  window.addEventListener("pointercancel", onUp);
}

export function turn(sign) {
  const step = game.aim.result?.step ?? TURN_STEP;
  game.aim.angle = (game.aim.result?.angle ?? game.aim.angle) + sign * step;
  request();
}

// Ask the engine about the aim as it is now; while an answer is on its way, only
// the latest change waits.
function request() {
  asked = {x: game.aim.x, y: game.aim.y, angle: game.aim.angle};
  if (answering) return;
  answering = true;
  const aim = game.aim, sent = asked;
  call("aim", sent.x, sent.y, sent.angle).then((result) => {
    answering = false;
    if (game.aim !== aim) {  // aimed anew (or given up) meanwhile: ask about that one
      if (game.aim) request();
      return;
    }
    if (result.region !== aim.result?.region || result.point !== aim.result?.point
        || result.angle_text !== aim.result?.angle_text) {
      aim.mine = aim.mine && result.parts.length ? aim.mine : null;
      aim.theirs = aim.theirs && result.parts.length ? aim.theirs : null;
    }
    aim.result = result;
    if (asked !== sent) request(); else actions.redraw();
  }, (error) => { answering = false; failed(error); });
}

// Whose a tapped part becomes: the mover's first, then (a neutral region) the opponent's.
function assign(number) {
  const aim = game.aim, needsTheirs = aim.result.opponent !== null;
  if (aim.mine === number) aim.mine = null;
  else if (aim.theirs === number) aim.theirs = null;
  else if (aim.mine === null) aim.mine = number;
  else if (needsTheirs && aim.theirs === null) aim.theirs = number;
  else aim.mine = number;
  actions.redraw();
}

export function aimedMove() {
  const {result, mine, theirs} = game.aim ?? {};
  if (!result || result.reason || mine === null || (result.opponent && theirs === null)) return null;
  return `${result.point} ${result.angle_text} ${result.mover}${mine}` +
    (result.opponent ? ` ${result.opponent}${theirs}` : "");
}

// The aim drawn over the board: the parts (tinted by whose they become, each
// with its number and share), the point (dragged to move it), the rays.
export function drawAim(picture, scene) {  // the board's picture, being drawn
  const aim = game.aim;
  if (!aim) return;
  const {toX, toY} = transform(scene);
  const layer = svg("g", {class: "play-aim"});
  const result = aim.result;
  const [x, y] = result ? [result.x, result.y] : [aim.x, aim.y];
  for (const part of result?.parts ?? []) {
    const owner = part.number === aim.mine ? result.mover : part.number === aim.theirs ? result.opponent : null;
    const shape = svg("polygon", {
      points: part.outline.map(([px, py]) => `${toX(px)},${toY(py)}`).join(" "),
      class: "play-aim-part", "data-part": part.number, role: "button", tabindex: "0",
      "aria-label": format(W.aim_part, {number: part.number, percent: part.percent.toFixed(1)}),
      fill: owner ? COLOURS[owner] : "#ffffff", "fill-opacity": owner ? 0.55 : 0.3,
      stroke: "#222", "stroke-width": 1.5});
    shape.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      follow(event, "turn");
    });
    shape.addEventListener("click", () => {
      if (!dragged) assign(part.number);
    });
    shape.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); assign(part.number); }
    });
    layer.append(shape);
    const cx = part.outline.reduce((s, p) => s + p[0], 0) / part.outline.length;
    const cy = part.outline.reduce((s, p) => s + p[1], 0) / part.outline.length;
    const label = svg("text", {x: toX(cx), y: toY(cy), class: "play-aim-label", "text-anchor": "middle",
                               "dominant-baseline": "central", "font-size": 11});
    label.textContent = `${part.number}: ${part.percent.toFixed(1)} %`;
    layer.append(label);
  }
  if (!result?.parts.length) {  // refused (or not yet answered): the rays to the rim
    for (let k = 0; k < 3; k++) {
      const a = ((result?.angle ?? aim.angle) + 120 * k) * Math.PI / 180;
      const dx = Math.cos(a), dy = Math.sin(a), b = x * dx + y * dy;
      const t = -b + Math.sqrt(Math.max(0, b * b - (x * x + y * y - 1)));
      layer.append(svg("line", {x1: toX(x), y1: toY(y), x2: toX(x + t * dx), y2: toY(y + t * dy),
                                class: "play-aim-ray", stroke: "#B00020", "stroke-width": 2,
                                "stroke-dasharray": "5 3"}));
    }
  }
  const dot = svg("circle", {cx: toX(x), cy: toY(y), r: 7, class: "play-aim-point",
                             fill: "#F0E442", stroke: "#222", "stroke-width": 1.5});
  dot.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    follow(event, "move");
  });
  layer.append(dot);
  picture.append(layer);
}

// The aim's panel among the choices: the parts or the reason, how to go on, the
// turn buttons, "Cut".
export function aimPanel() {
  const aim = game.aim;
  if (!aim) return null;
  const result = aim.result;
  const move = aimedMove();
  let info;
  if (!result) info = element("p", {class: "play-aim-info", text: W.aim_start});
  else if (result.reason) {
    info = element("p", {class: "play-aim-info play-aim-reason",
                         text: format(W.aim_refused, {reason: result.reason})});
  } else {
    const shares = result.parts.map((p) => `${p.number}: ${p.percent.toFixed(1)} %`).join(" · ");
    const names = game.view.players;
    const mover = names[result.mover === "B" ? 0 : 1], opponent = names[result.mover === "B" ? 1 : 0];
    const next = aim.mine === null ? format(W.aim_take, {player: mover})
      : result.opponent && aim.theirs === null ? format(W.aim_give, {player: opponent}) : W.aim_ready;
    info = element("p", {class: "play-aim-info"}, element("span", {class: "play-aim-shares",
                                                                   text: format(W.aim_parts, {shares})}),
                   element("span", {text: next}));
  }
  return element("div", {class: "play-aim-panel"}, info,
    element("button", {type: "button", class: "play-aim-turn", "data-turn": "-1", text: "↻",
                       "aria-label": W.aim_turn_right, title: W.aim_turn_right, onclick: () => turn(-1)}),
    element("button", {type: "button", class: "play-aim-turn", "data-turn": "1", text: "↺",
                       "aria-label": W.aim_turn_left, title: W.aim_turn_left, onclick: () => turn(1)}),
    element("button", {type: "button", class: "play-aim-cut", text: W.aim_cut, disabled: !move,
                       onclick: () => { if (move) actions.humanMove(move); }}));
}
