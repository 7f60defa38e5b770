// Moves by clicks, taps and keys: each legal move is picked by a sequence of
// tokens (the game's clicks.py), each a place on the board (a target) or a
// button among the choices under the board; the board's targets are drawn over
// the game's picture.

import {root, W, lang, format} from "./words.js";
import {call} from "./engine.js";
import {element, svg} from "./dom.js";
import {transform, sceneSvg, finishText} from "./scene.js";
import {pressRegion, aimAt, drawAim, aimPanel, turn, aimFollowing, dataPoint} from "./aim.js";
import {game, parts, actions, computerToMove, say, showError, failed} from "./state.js";

function matching(sequence) {
  return game.picked.every((token, i) => sequence[i] === token);
}

function candidates() {
  return game.view.legal.filter((m) => game.view.tokens[m].some(matching));
}

export function nextTokens() {
  const next = new Set();
  for (const m of game.view.legal) {
    for (const seq of game.view.tokens[m]) if (matching(seq) && seq.length > game.picked.length) next.add(seq[game.picked.length]);
  }
  return next;
}

function startsMove(token) {
  return game.view.legal.some((m) => game.view.tokens[m].some((seq) => seq[0] === token));
}

export function pick(token) {
  if (game.tracing) { trace(token); return; }
  if (computerToMove() || game.view.outcome) return;
  // a move may pick one cell twice (inpHeXion: d5>e5 e5>a4); otherwise clicking the
  // last pick again takes it back, and any other click starts the move afresh
  if (!nextTokens().has(token)) {
    if (game.picked.length && game.picked[game.picked.length - 1] === token) { game.picked.pop(); actions.redraw(); return; }
    game.picked = [];
    if (!nextTokens().has(token)) { actions.redraw(); return; }
  }
  game.picked.push(token);
  const complete = game.view.legal.filter((m) => game.view.tokens[m].some((seq) => seq.length === game.picked.length && matching(seq)));
  const longer = game.view.legal.some((m) => game.view.tokens[m].some((seq) => seq.length > game.picked.length && matching(seq)));
  if (complete.length === 1 && !longer) { actions.humanMove(complete[0]); return; }
  actions.redraw();
}

// Necto's "trace a line": a click on a line traces the line drawn there (the
// game's clicks.py line_at); from the keys, Enter on a tile traces a line through
// it, and Enter again the next (clicks.py lines_through: one for each of the
// tile's strands), as a click on each strand would.  Either way the status says
// which line is traced.
function trace(token) {
  call("lines_at", token).then((lines) => {
    if (!lines.length) return;  // an empty cell
    showTrace(lines[(lines.findIndex((line) => line.end === game.aids.trace) + 1) % lines.length]);
  }, failed);
}

function traceAt([x, y]) {
  call("line_at", x, y).then(async (end) => {
    if (!end) return;
    const lines = await call("lines_at", end.split(" ")[0]);
    // (a line through the tile twice is listed once, by its first strand)
    showTrace(lines.find((line) => line.end === end) ?? {...lines[0], end});
  }).catch(failed);
}

function showTrace({end, sides}) {
  game.aids.trace = end;
  actions.render().then(() => say(format(W.traced, {cell: end.split(" ")[0], first: W.sides[sides[0]],
                                                    second: W.sides[sides[1]]})),
    (error) => { delete game.aids.trace; showError(error.message); return actions.render(); })
    .catch(failed);
}

export function drawBoard(scene = game.view.scene) {
  const picture = sceneSvg(scene, "play-svg");
  picture.setAttribute("role", "group");
  picture.setAttribute("aria-label", `${W.board}: ${W.game}`);
  picture.setAttribute("aria-describedby", "play-position-text");  // the position as text
  const next = nextTokens();
  const layer = svg("g", {class: "play-targets"});
  const {toX, toY} = transform(scene);
  for (const target of game.view.targets) {
    const points = target.points.map(([x, y]) => `${toX(x)},${toY(y)}`).join(" ");
    const chosen = game.picked.includes(target.token);
    const live = game.tracing || (next.has(target.token) && !computerToMove());  // not its turn: no outline
    const shape = svg("polygon", {points, class: "play-target" + (live ? " play-next" : "") +
                                  (chosen ? " play-picked" : ""),
                                  tabindex: "0", role: "button", "data-token": target.token,
                                  "aria-label": target.label + (chosen ? " ✓" : ""),
                                  "aria-disabled": live || chosen ? "false" : "true"});
    shape.addEventListener("mousedown", (event) => event.preventDefault());  // focus: keyboard only
    if (target.point && game.view.aimed) {
      // a press picks the region and sets the cut's point; a drag from it turns the rays
      // (on the press, not the click: the board is drawn anew before the pointer is let go)
      shape.classList.add("play-aimable");
      shape.addEventListener("pointerdown", (event) => {  // any region a move starts in
        if (!startsMove(target.token) || computerToMove() || game.view.outcome) return;
        writePoint(event);
        pressRegion(event);
        game.picked = [];
        pick(target.token);
      });
    } else {
      shape.addEventListener("click", (event) => {
        if (game.tracing && event.detail) {  // a pointer's click (not a key's): the line there
          traceAt(dataPoint(event));
          return;
        }
        if (target.point) writePoint(event);
        pick(target.token);
      });
    }
    shape.addEventListener("keydown", (event) => keyOnTarget(event, target.token));
    layer.append(shape);
  }
  picture.append(layer);
  drawAim(picture, scene);
  const focused = document.activeElement?.dataset?.token;
  parts.board.replaceChildren(picture);
  finishText(picture);
  if (focused) picture.querySelector(`[data-token="${CSS.escape(focused)}"]`)?.focus({preventScroll: true});
}

// Where a point in the drawing's units is on the screen (client coordinates).
export function screenPoint(x, y) {
  const picture = parts.board.querySelector("svg.play-svg"), {toX, toY} = transform(game.view.scene);
  const at = new DOMPoint(Number(toX(x)), Number(toY(y))).matrixTransform(picture.getScreenCTM());
  return [at.x, at.y];
}

// A click's point in the drawing's units, written into the move box (a cut to finish typing).
function writePoint(event) {
  const [x, y] = dataPoint(event);
  parts.moveBox.value = `(${x.toFixed(3).replace(/\.?0+$/, "")},${y.toFixed(3).replace(/\.?0+$/, "")}) `;
}

function keyOnTarget(event, token) {
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    const target = game.view.targets.find((t) => t.token === token);
    if (target.point && game.view.aimed && nextTokens().has(token)) {  // aim at the region's middle
      const n = target.points.length;
      aimAt(target.points.reduce((s, p) => s + p[0], 0) / n, target.points.reduce((s, p) => s + p[1], 0) / n);
      game.picked = [];
    }
    pick(token);
    return;
  }
  if (event.key === "Escape") { game.picked = []; game.aim = null; actions.redraw(); return; }
  if (game.aim && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {  // turn the rays
    event.preventDefault();
    turn(event.key === "ArrowLeft" ? 1 : -1);
    return;
  }
  const directions = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]};
  const d = directions[event.key];
  if (!d) return;
  event.preventDefault();
  const shapes = [...parts.board.querySelectorAll(".play-target")];
  const centre = (s) => { const b = s.getBBox(); return [b.x + b.width / 2, b.y + b.height / 2]; };
  const here = centre(event.target);
  let best = null, bestScore = Infinity;
  for (const s of shapes) {
    if (s === event.target) continue;
    const [x, y] = centre(s);
    const along = (x - here[0]) * d[0] + (y - here[1]) * d[1];
    if (along <= 1e-6) continue;
    const across = Math.abs((x - here[0]) * d[1] - (y - here[1]) * d[0]);
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = s; }
  }
  best?.focus();
}

export function drawChoices() {
  parts.choices.replaceChildren();
  if (game.view.outcome || computerToMove() || game.tracing) return;
  const targets = new Set(game.view.targets.map((t) => t.token));
  const next = [...nextTokens()].filter((t) => !targets.has(t));
  const list = candidates();
  const box = element("div", {class: "play-choice-list"});
  if (game.picked.length || game.aim) {
    box.append(element("button", {type: "button", class: "play-cancel", text: W.cancel,
                                  onclick: () => { game.picked = []; game.aim = null; actions.redraw(); }}));
  }
  const aiming = aimPanel();
  if (aiming) box.append(aiming);
  // what the next tap is for (the game's clicks.py), and the swap of the pie rule
  const prompt = game.view.prompts[game.picked.length];
  if (prompt && !aiming) {
    box.prepend(element("p", {class: "play-prompt", text: W.prompts[prompt] +
      (game.view.legal.includes("swap") && !game.picked.length ? " " + W.prompts.swap : "")}));
    root.dataset.prompt = prompt;
  } else {
    delete root.dataset.prompt;
  }
  const complete = game.picked.length ? game.view.legal.filter((m) => game.view.tokens[m].some(
    (seq) => seq.length === game.picked.length && matching(seq))) : [];
  for (const move of complete) {
    box.append(element("button", {type: "button", class: "play-token play-complete", text: move,
                                  onclick: () => actions.humanMove(move)}));
  }
  const palette = game.view.palette;
  if (game.picked.length && next.length && palette.length && next.every((t) => palette.includes(t))) {
    box.append(element("span", {text: W.pick_tile + " "}), paletteButtons(new Set(next)));
  } else if (next.length && (game.picked.length || next.length <= 12)) {
    box.append(element("span", {text: W.pick_next + " "}));
    for (const token of next.sort()) {
      box.append(element("button", {type: "button", class: "play-token", text: token,
                                    onclick: () => pick(token)}));
    }
  } else if (game.picked.length && list.length <= 24) {
    box.append(element("span", {text: W.choose + " "}));
    for (const move of list) {
      box.append(element("button", {type: "button", class: "play-token", text: move,
                                    onclick: () => actions.humanMove(move)}));
    }
  }
  parts.choices.append(box);
  keepPickInSight();
}

// The game's palette (its clicks.py's PALETTE: Necto's eight tiles) after a pick:
// each drawn as it would lie there (the board after the move, around the place
// picked), the ones the rules allow enabled; pointing at one, or focusing it,
// previews it on the board.
function paletteButtons(allowed) {
  const row = element("span", {class: "play-palette"});
  const buttons = new Map();
  for (const token of game.view.palette) {
    const picture = element("span", {class: "play-tile-picture", "aria-hidden": "true"});
    const button = element("button", {type: "button", class: "play-token play-tile",
                                      "data-token": token, disabled: !allowed.has(token),
                                      onclick: () => pick(token)},
                           picture, element("span", {class: "play-tile-code", text: token}));
    buttons.set(token, {button, picture});
    row.append(button);
  }
  const moves = new Map();  // token: the move it completes
  for (const move of game.view.legal) {
    for (const seq of game.view.tokens[move]) {
      if (seq.length === game.picked.length + 1 && matching(seq)) moves.set(seq.at(-1), move);
    }
  }
  const pickedNow = game.picked.join(" "), view = game.view;
  call("previews", [...moves.values()], lang, game.aids).then((scenes) => {
    if (game.view !== view || game.picked.join(" ") !== pickedNow) return;  // picked otherwise meanwhile
    const place = game.view.targets.find((t) => t.token === game.picked.at(-1));
    for (const [token, move] of moves) {
      const {button, picture} = buttons.get(token);
      picture.append(thumbnail(scenes[move], place.points));
      const show = () => drawBoard(scenes[move]), back = () => drawBoard();
      button.addEventListener("pointerenter", show);
      button.addEventListener("focus", show);
      button.addEventListener("pointerleave", back);
      button.addEventListener("blur", back);
    }
  }, failed);
  return row;
}

// A scene cut to the box round a place (its outline, in the drawing's units), as an image.
function thumbnail(scene, points) {
  const {toX, toY} = transform(scene);
  const xs = points.map(([x]) => Number(toX(x))), ys = points.map(([, y]) => Number(toY(y)));
  const pad = 0.12 * (Math.max(...xs) - Math.min(...xs));
  const picture = sceneSvg(scene, "play-thumbnail");
  picture.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  picture.setAttribute("viewBox", [Math.min(...xs) - pad, Math.min(...ys) - pad,
                                   Math.max(...xs) - Math.min(...xs) + 2 * pad,
                                   Math.max(...ys) - Math.min(...ys) + 2 * pad].map((v) => v.toFixed(2)).join(" "));
  const source = new XMLSerializer().serializeToString(picture);
  return element("img", {alt: "", src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(source)});
}

actions.keepInSight = keepPickInSight;  // once a drag that aims is over (aim.js)

// On a phone the choices are a sheet over the bottom of the screen (play.css):
// the board is scrolled up out from under it (or, if it does not fit above the
// sheet, the place just tapped).
function keepPickInSight() {
  if ((!game.picked.length && !game.aim) || aimFollowing()
      || getComputedStyle(parts.choices).position !== "fixed") return;
  const sheet = parts.choices.getBoundingClientRect().top;
  const board = parts.board.getBoundingClientRect();
  const banner = root.querySelector(".play-banner");  // sticky: where it stays once scrolled
  const covered = parseFloat(getComputedStyle(banner).top) + banner.getBoundingClientRect().height;
  let below = board.bottom - sheet;
  if (below > board.top - covered) {
    const last = game.picked.at(-1);
    const shape = game.aim ? parts.board.querySelector(".play-aim-point")
      : last && parts.board.querySelector(`.play-target[data-token="${CSS.escape(last)}"]`);
    below = shape ? shape.getBoundingClientRect().bottom - sheet : 0;
  }
  if (below > 0) window.scrollBy({top: below + 8, behavior: "instant"});
}

