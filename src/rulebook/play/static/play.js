// The play page: the project's own engines, run by Pyodide, behind a board.
//
// Every rule lives in Python (rulebook.play.bridge and the engines), which
// runs in a Web Worker (worker.js), so the page stays responsive while the
// computer thinks; this script only draws what the bridge describes and
// sends the moves back, by messages (every call is asynchronous):
// - the board is the game's drawing module's scene (rulebook.scene), rendered
//   here as SVG, so it looks like the rulebook's figures;
// - clicks pick moves through the tokens the game's clicks.py gives each
//   legal move; a move can also be typed in the rulebook's notation;
// - window.rulebookPlay is the test hook (ready, legalMoves, play, outcome,
//   record, newGame; each returns a promise).

const root = document.querySelector(".rulebook-play");
const W = JSON.parse(root.dataset.words);
const slug = root.dataset.game;
const lang = root.dataset.lang;
const SVG = "http://www.w3.org/2000/svg";

const worker = root.worker;  // started by the page (start.js, inlined after the element)
let settings = null;        // the game's options and aids (bridge.game_settings)
let view = null;            // the last view of the position (bridge.Session.view)
let picked = [];            // tokens clicked so far towards a move
let aids = {};              // view options switched on by the player
let tracing = false;        // Necto's "trace a line" mode
let mode = {opponent: "human", computer: 1, strength: 2};
let pending = null;         // the computer's reply until it is played and shown (a promise of its move)
let thinking = false;       // whether the computer is computing that move (its answer not back yet)
let generation = 0;         // which game this is: a new game, record or undo drops a pending reply

// call(name, ...args): a promise of the bridge's answer; rejected with the engine's
// one-line message.  The worker answers in the order it was asked.
const waiting = new Map();
let lastCall = 0;
function call(name, ...args) {
  return new Promise((resolve, reject) => {
    const id = ++lastCall;
    waiting.set(id, {resolve, reject});
    worker.postMessage({id, name, args});
  });
}

function format(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) node.setAttribute(key, value);
  }
  return node;
}

// --- the page's parts --------------------------------------------------------

const parts = {};

function buildPage() {
  root.replaceChildren();
  parts.status = element("p", {class: "play-status", role: "status", "aria-live": "polite"});
  parts.error = element("p", {class: "play-error", role: "alert"});
  parts.board = element("div", {class: "play-board"});
  parts.choices = element("div", {class: "play-choices"});
  parts.scores = element("p", {class: "play-scores"});
  parts.moves = element("ol", {class: "play-moves"});
  parts.legend = element("ul", {class: "figure-legend play-legend"});
  parts.text = element("pre", {class: "play-text", id: "play-position-text"});
  parts.moveBox = element("input", {type: "text", class: "play-move-box", autocomplete: "off",
                                    spellcheck: "false", "aria-label": W.move_box});
  const moveForm = element("form", {class: "play-move-form", onsubmit: (event) => {
    event.preventDefault();
    const text = parts.moveBox.value.trim();
    if (text) humanMove(text).then((done) => { if (done) parts.moveBox.value = ""; });
  }}, element("label", {text: W.move_box + " "}, parts.moveBox),
     element("button", {type: "submit", text: W.play}));

  const buttons = element("div", {class: "play-buttons"},
    element("button", {type: "button", class: "play-new", text: W.new_game,
                       onclick: () => newGameFromForm()}),
    element("button", {type: "button", class: "play-undo", text: W.undo,
                       onclick: () => undo().catch(failed)}),
    element("button", {type: "button", class: "play-download", text: W.download,
                       onclick: () => download().catch(failed)}),
    openButton());
  parts.aids = element("fieldset", {class: "play-aids"}, element("legend", {text: W.aids}));
  parts.settings = settingsForm();

  const side = element("div", {class: "play-side"},
    parts.scores,
    element("h2", {text: W.moves}), parts.moves,
    parts.aids,
    element("details", {class: "play-settings", open: ""},
            element("summary", {text: W.settings}), parts.settings));
  const main = element("div", {class: "play-main"}, parts.board, parts.choices, moveForm,
                       element("p", {class: "play-keys", text: W.keyboard}));
  root.append(element("div", {class: "play-banner"}, parts.status, parts.error), buttons, element("div", {class: "play-layout"}, main, side),
              element("h2", {text: W.legend}), parts.legend,
              element("details", {class: "play-text-details"},
                      element("summary", {text: W.position_text}), parts.text));
  if (root.dataset.rules) {
    root.append(element("p", {class: "play-rules"},
                        element("a", {href: root.dataset.rules, text: W.rules})));
  }
  buildAids();
  document.addEventListener("keydown", (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === "z") { event.preventDefault(); undo().catch(failed); }
  });
}

function openButton() {
  const input = element("input", {type: "file", accept: ".toml,text/plain", class: "play-open-file",
                                  hidden: ""});
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    try {
      await openRecord(await file.text(), file.name);
    } catch (error) {
      showError(format(W.open_failed, {error: error.message}));
    }
    input.value = "";
  });
  return element("span", {}, input, element("button", {type: "button", class: "play-open",
                                                       text: W.open,
                                                       onclick: () => input.click()}));
}

function settingsForm() {
  const form = element("form", {class: "play-settings-form", onsubmit: (event) => {
    event.preventDefault(); newGameFromForm();
  }});
  const names = settings.players.map((p) => p[lang]);
  const opponent = element("select", {name: "opponent"},
    element("option", {value: "human", text: W.two_players}),
    element("option", {value: "computer-1", text: format(W.computer_second, {player: names[1]})}),
    element("option", {value: "computer-0", text: format(W.computer_first, {player: names[0]})}));
  form.append(element("label", {}, W.players + " ", opponent));
  const strength = element("select", {name: "strength"},
    ...W.strengths.map((word, i) => element("option", {value: String(i + 1), text: word,
                                                      selected: i === 1 ? "" : null})));
  form.append(element("label", {}, W.strength + " ", strength));
  for (const p of settings.parameters) {
    const label = W.options[p.name] ?? p.name;
    let input;
    if (p.type === "bool") {
      input = element("input", {type: "checkbox", name: p.name, checked: p.default ? "" : null});
    } else if (p.choices) {
      input = element("select", {name: p.name}, ...p.choices.map((c) => element("option", {
        value: String(c), text: W.choices[c] ?? String(c), selected: c === p.default ? "" : null})));
    } else {
      input = element("input", {type: "number", name: p.name, value: String(p.default),
                                step: p.type === "float" ? "any" : "1",
                                min: p.minimum ?? null, max: p.maximum ?? null});
    }
    input.dataset.kind = p.type;
    form.append(element("label", {title: p.doc}, label + " ", input));
  }
  form.append(element("button", {type: "submit", text: W.new_game}));
  return form;
}

function formOptions() {
  const options = {};
  for (const p of settings.parameters) {
    const input = parts.settings.querySelector(`[name="${p.name}"]`);
    const value = p.type === "bool" ? input.checked : p.type === "int" ? parseInt(input.value, 10)
      : p.type === "float" ? parseFloat(input.value) : input.value;
    if (value !== p.default) options[p.name] = value;
  }
  const opponent = parts.settings.querySelector("[name=opponent]").value;
  return {...options, opponent: opponent === "human" ? "human" : "computer",
          computer: opponent === "computer-0" ? 0 : 1,
          strength: Number(parts.settings.querySelector("[name=strength]").value)};
}

function buildAids() {
  for (const aid of settings.aids) {
    aids[aid.name] = aid.default;
    const box = element("input", {type: "checkbox", name: aid.name,
                                  checked: aid.default === true ? "" : null});
    box.addEventListener("change", () => { aids[aid.name] = box.checked; render().catch(failed); });
    parts.aids.append(element("label", {title: aid.doc}, box, " " + (W.aid_names[aid.name] ?? aid.name)));
  }
  if (slug === "necto") {
    const button = element("button", {type: "button", class: "play-trace", "aria-pressed": "false",
                                      text: W.trace});
    button.addEventListener("click", () => {
      tracing = !tracing;
      button.setAttribute("aria-pressed", String(tracing));
      if (!tracing) delete aids.trace;
      picked = [];
      render().then(() => { if (tracing) say(W.trace_help); }, failed);
    });
    parts.aids.append(button);
  }
}

// --- playing -----------------------------------------------------------------

function say(text) { parts.status.textContent = text; }
function showError(text) { parts.error.textContent = text; }
function failed(error) { showError(error.message); }

async function newGame(options = {}) {
  const game = {...options};
  for (const key of ["opponent", "computer", "strength"]) delete game[key];
  stopThinking();
  try {
    await call("new", slug, game);
  } catch (error) {  // bad options: the game on the board goes on
    if (computerToMove()) think();
    throw error;
  }
  mode = {opponent: options.opponent ?? "human", computer: options.computer ?? 1,
          strength: options.strength ?? 2};
  showSettings(game);
  await afterChange();
}

// The settings form shows the game being played (set by the hook or a record too).
function showSettings(game) {
  const form = parts.settings;
  form.querySelector("[name=opponent]").value =
    mode.opponent === "human" ? "human" : `computer-${mode.computer}`;
  form.querySelector("[name=strength]").value = String(mode.strength);
  for (const p of settings.parameters) {
    const input = form.querySelector(`[name="${p.name}"]`);
    const value = p.name in game ? game[p.name] : p.default;
    if (p.type === "bool") input.checked = value;
    else input.value = String(value);
  }
}

function newGameFromForm() {
  newGame(formOptions()).catch(failed);
}

// Play a move and show it, unless an undo, a new game or a record replaced the
// game meanwhile (that one is shown by whatever replaced it).
async function play(move) {
  const game = generation;
  const written = await call("play", move);
  if (game === generation) await afterChange();
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
  if (!pending && !view.moves.length) return;
  stopThinking();
  await call("undo", 1);
  view = await call("view", lang, aids);
  while (computerToMove() && view.moves.length) {
    await call("undo", 1);
    view = await call("view", lang, aids);
  }
  await afterChange();  // at the start, a computer that moves first moves again
}

// A new game, record or undo: the reply the computer is thinking of will be dropped.
function stopThinking() {
  generation += 1;
  pending = null;
  doneThinking();
}

function doneThinking() {
  thinking = false;
  root.classList.remove("play-thinking");
}

function computerToMove() {
  return mode.opponent === "computer" && view && !view.outcome && view.turn_index === mode.computer;
}

async function afterChange() {
  picked = [];
  delete aids.trace;
  showError("");
  await render();
  if (computerToMove() && !thinking) think();
}

// The computer's reply, computed in the worker while the page goes on; played
// only if the game it was computed for is still the one on the board.  The
// reply stays pending until its move is played and shown, not only until the
// worker answers: whoever waits for it (the hook's computerMove) then sees the
// position after it, however soon the answer came.
function think() {
  thinking = true;
  say(W.thinking);
  root.classList.add("play-thinking");
  const game = generation, clock = performance.now();
  const reply = call("choose", mode.strength).then(async (move) => {
    if (game !== generation) return null;  // the game it was thinking for is gone
    window.rulebookPlay.computerTimes.push(performance.now() - clock);
    doneThinking();
    await play(move);
    return game === generation ? move : null;  // undone or a new game meanwhile
  }).catch((error) => {
    if (game === generation) {
      doneThinking();
      showError(error.message);
    }
    return null;
  }).finally(() => {
    if (pending === reply) pending = null;
  });
  pending = reply;
}

function matching(sequence) {
  return picked.every((token, i) => sequence[i] === token);
}

function candidates() {
  return view.legal.filter((m) => view.tokens[m].some(matching));
}

function nextTokens() {
  const next = new Set();
  for (const m of view.legal) {
    for (const seq of view.tokens[m]) if (matching(seq) && seq.length > picked.length) next.add(seq[picked.length]);
  }
  return next;
}

function pick(token) {
  if (tracing) { trace(token); return; }
  if (computerToMove() || view.outcome) return;
  // a move may pick one cell twice (inpHeXion: d5>e5 e5>a4); otherwise clicking the
  // last pick again takes it back, and any other click starts the move afresh
  if (!nextTokens().has(token)) {
    if (picked.length && picked[picked.length - 1] === token) { picked.pop(); redraw(); return; }
    picked = [];
    if (!nextTokens().has(token)) { redraw(); return; }
  }
  picked.push(token);
  const complete = view.legal.filter((m) => view.tokens[m].some((seq) => seq.length === picked.length && matching(seq)));
  const longer = view.legal.some((m) => view.tokens[m].some((seq) => seq.length > picked.length && matching(seq)));
  if (complete.length === 1 && !longer) { humanMove(complete[0]); return; }
  redraw();
}

const SIDES = ["N", "E", "S", "W"];
function trace(token) {
  const current = aids.trace ? aids.trace.split(" ") : null;
  const side = current && current[0] === token ? SIDES[(SIDES.indexOf(current[1]) + 1) % 4] : "N";
  aids.trace = `${token} ${side}`;
  render().catch((error) => { delete aids.trace; showError(error.message); return render(); })
    .catch(failed);
}

// --- drawing -----------------------------------------------------------------

// The position, asked of the engine again (after a move, an undo, an aid switched).
async function render() {
  view = await call("view", lang, aids);
  redraw();
}

// The last view drawn again: a pick changes only what is highlighted.
function redraw() {
  const names = view.players;
  if (view.outcome) {
    const reason = W.reasons[view.outcome.reason] ?? view.outcome.reason;
    say(view.outcome.winner === null
      ? format(W.draw, {reason}) : format(W.wins, {player: view.winner_name, reason}));
  } else if (!thinking) {
    const turn = format(W.to_move, {player: view.turn});
    say(view.moves.length ? format(W.turn_after, {
      last: format(W.last_move, {move: view.moves[view.moves.length - 1]}), turn}) : turn);
  }
  root.dataset.turn = view.turn_index ?? "";
  parts.scores.textContent = view.scores
    ? format(W.score, {scores: view.scores.map((s, i) => `${names[i]} ${s}`).join(" · ")}) : "";
  parts.moves.replaceChildren(...view.moves.map((m) => element("li", {text: m})));
  if (!view.moves.length) parts.moves.append(element("li", {class: "play-none", text: W.no_moves}));
  parts.moves.scrollTop = parts.moves.scrollHeight;  // a long game: its last move in sight
  parts.text.textContent = view.text;
  drawBoard();
  drawChoices();
  parts.legend.replaceChildren(...view.legend.map((mark) => element("li", {class: "legend-entry"},
    sceneSvg(mark.swatch, "legend-swatch"), element("span", {text: " " + mark.name}))));
}

function drawBoard() {
  const scene = view.scene;
  const picture = sceneSvg(scene, "play-svg");
  picture.setAttribute("role", "group");
  picture.setAttribute("aria-label", `${W.board}: ${W.game}`);
  picture.setAttribute("aria-describedby", "play-position-text");  // the position as text
  const next = nextTokens();
  const layer = svg("g", {class: "play-targets"});
  const {toX, toY} = transform(scene);
  for (const target of view.targets) {
    const points = target.points.map(([x, y]) => `${toX(x)},${toY(y)}`).join(" ");
    const chosen = picked.includes(target.token);
    const live = tracing || (next.has(target.token) && !computerToMove());  // not its turn: no outline
    const shape = svg("polygon", {points, class: "play-target" + (live ? " play-next" : "") +
                                  (chosen ? " play-picked" : ""),
                                  tabindex: "0", role: "button", "data-token": target.token,
                                  "aria-label": target.label + (chosen ? " ✓" : ""),
                                  "aria-disabled": live || chosen ? "false" : "true"});
    shape.addEventListener("mousedown", (event) => event.preventDefault());  // focus: keyboard only
    shape.addEventListener("click", (event) => {
      if (target.point) writePoint(event, picture, scene);
      pick(target.token);
    });
    shape.addEventListener("keydown", (event) => keyOnTarget(event, target.token));
    layer.append(shape);
  }
  picture.append(layer);
  const focused = document.activeElement?.dataset?.token;
  parts.board.replaceChildren(picture);
  finishText(picture);
  if (focused) picture.querySelector(`[data-token="${CSS.escape(focused)}"]`)?.focus({preventScroll: true});
}

// A click's point in the drawing's units, written into the move box (a cut to finish typing).
function writePoint(event, picture, scene) {
  const {scale} = transform(scene);
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(picture.getScreenCTM().inverse());
  const x = scene.xlim[0] + at.x / scale, y = scene.ylim[1] - at.y / scale;
  parts.moveBox.value = `(${x.toFixed(3).replace(/\.?0+$/, "")},${y.toFixed(3).replace(/\.?0+$/, "")}) `;
}

function keyOnTarget(event, token) {
  if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(token); return; }
  if (event.key === "Escape") { picked = []; redraw(); return; }
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

function drawChoices() {
  parts.choices.replaceChildren();
  if (view.outcome || computerToMove() || tracing) return;
  const targets = new Set(view.targets.map((t) => t.token));
  const next = [...nextTokens()].filter((t) => !targets.has(t));
  const list = candidates();
  const box = element("div", {class: "play-choice-list"});
  if (picked.length) {
    box.append(element("button", {type: "button", class: "play-cancel", text: W.cancel,
                                  onclick: () => { picked = []; redraw(); }}));
  }
  const complete = picked.length ? view.legal.filter((m) => view.tokens[m].some(
    (seq) => seq.length === picked.length && matching(seq))) : [];
  for (const move of complete) {
    box.append(element("button", {type: "button", class: "play-token play-complete", text: move,
                                  onclick: () => humanMove(move)}));
  }
  if (next.length && (picked.length || next.length <= 12)) {
    box.append(element("span", {text: W.pick_next + " "}));
    for (const token of next.sort()) {
      box.append(element("button", {type: "button", class: "play-token", text: token,
                                    onclick: () => pick(token)}));
    }
  } else if (picked.length && list.length <= 24) {
    box.append(element("span", {text: W.choose + " "}));
    for (const move of list) {
      box.append(element("button", {type: "button", class: "play-token", text: move,
                                    onclick: () => humanMove(move)}));
    }
  }
  parts.choices.append(box);
}

function transform(scene) {
  const [x0, x1] = scene.xlim, [y0, y1] = scene.ylim;
  const scale = Math.min(scene.size[0] * 72 / (x1 - x0), scene.size[1] * 72 / (y1 - y0));
  return {scale, width: (x1 - x0) * scale, height: (y1 - y0) * scale,
          toX: (x) => ((x - x0) * scale).toFixed(2), toY: (y) => ((y1 - y) * scale).toFixed(2)};
}

// A scene of rulebook.scene (matplotlib's calls, recorded) as SVG.
function sceneSvg(scene, cls) {
  const {scale, width, height, toX, toY} = transform(scene);
  const picture = svg("svg", {viewBox: `0 0 ${width.toFixed(2)} ${height.toFixed(2)}`, class: cls,
                              "font-family": "IPAexGothic, sans-serif"});
  picture.dataset.width = width.toFixed(1);
  const stroke = (node, item) => {
    node.setAttribute("stroke", item.stroke ?? "none");
    node.setAttribute("stroke-width", item.width);
    if (item.dash) node.setAttribute("stroke-dasharray", item.dash.join(" "));
  };
  for (const item of scene.items) {
    let node;
    if (item.kind === "polygon" || item.kind === "polyline") {
      node = svg(item.kind, {points: item.points.map(([x, y]) => `${toX(x)},${toY(y)}`).join(" "),
                             fill: item.kind === "polyline" ? "none" : item.fill,
                             "stroke-linejoin": item.join === "round" ? "round" : "miter"});
      stroke(node, item);
    } else if (item.kind === "circle") {
      node = svg("circle", {cx: toX(item.centre[0]), cy: toY(item.centre[1]),
                            r: (item.r * scale).toFixed(2), fill: item.fill});
      stroke(node, item);
    } else if (item.kind === "wedge") {
      const [cx, cy] = item.centre, r = item.r;
      const a = item.from * Math.PI / 180, b = item.to * Math.PI / 180;
      const large = (((item.to - item.from) % 360) + 360) % 360 > 180 ? 1 : 0;
      node = svg("path", {d: `M ${toX(cx)} ${toY(cy)} L ${toX(cx + r * Math.cos(a))} ${toY(cy + r * Math.sin(a))} ` +
                             `A ${(r * scale).toFixed(2)} ${(r * scale).toFixed(2)} 0 ${large} 0 ` +
                             `${toX(cx + r * Math.cos(b))} ${toY(cy + r * Math.sin(b))} Z`, fill: item.fill});
      stroke(node, item);
    } else if (item.kind === "line") {
      node = svg("g");
      if (!item.nolines && item.points.length > 1) {
        const line = svg("polyline", {points: item.points.map(([x, y]) => `${toX(x)},${toY(y)}`).join(" "),
                                      fill: "none", "stroke-linejoin": "round",
                                      "stroke-linecap": {projecting: "square", butt: "butt", round: "round"}[item.cap] ?? "square"});
        stroke(line, item);
        node.append(line);
      }
      if (item.marker) {
        for (const [x, y] of item.points) {
          node.append(svg("circle", {cx: toX(x), cy: toY(y), r: item.markersize / 2, fill: item.stroke}));
        }
      }
    } else if (item.kind === "arc") {
      node = arcNode(item, toX, toY, scale);
    } else if (item.kind === "text") {
      node = textNode(item, toX, toY);
    }
    if (!node) continue;
    for (const halo of item.halo ?? []) {
      if (item.kind === "text") {
        node.querySelector("text").setAttribute("stroke", halo.foreground);
        node.querySelector("text").setAttribute("stroke-width", halo.linewidth);
        node.querySelector("text").setAttribute("paint-order", "stroke");
      } else {
        const under = node.cloneNode(true);
        under.setAttribute("stroke", halo.foreground);
        under.setAttribute("stroke-width", halo.linewidth);
        under.removeAttribute("stroke-dasharray");
        picture.append(under);
      }
    }
    picture.append(node);
  }
  return picture;
}

function arcNode(item, toX, toY, scale) {
  let [x1, y1] = item.start, [x2, y2] = item.end;
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length === 0) return null;
  const ux = (x2 - x1) / length, uy = (y2 - y1) / length;
  const [sa, sb] = item.shrink.map((pt) => pt / scale);
  x1 += ux * sa; y1 += uy * sa; x2 -= ux * sb; y2 -= uy * sb;
  const cx = (x1 + x2) / 2 + item.rad * (y2 - y1), cy = (y1 + y2) / 2 - item.rad * (x2 - x1);
  const group = svg("g");
  const path = svg("path", {d: `M ${toX(x1)} ${toY(y1)} Q ${toX(cx)} ${toY(cy)} ${toX(x2)} ${toY(y2)}`,
                            fill: "none", "stroke-linecap": "round"});
  path.setAttribute("stroke", item.stroke);
  path.setAttribute("stroke-width", item.width);
  if (item.dash) path.setAttribute("stroke-dasharray", item.dash.join(" "));
  group.append(path);
  if (String(item.arrow).includes(">")) {
    // matplotlib's "-|>": head_length 0.4 and head_width 0.2 (half the width), in mutation_scale points
    const headLength = String(item.arrow).match(/head_length=([0-9.]+)/)?.[1] ?? 0.4;
    const headWidth = String(item.arrow).match(/head_width=([0-9.]+)/)?.[1] ?? 0.2;
    const size = headLength * (item.mutation || 1) / scale, half = headWidth * (item.mutation || 1) / scale;
    const dx = x2 - cx, dy = y2 - cy, d = Math.hypot(dx, dy) || 1;
    const bx = x2 - dx / d * size, by = y2 - dy / d * size;
    const px = -dy / d * half, py = dx / d * half;
    group.append(svg("polygon", {points: `${toX(x2)},${toY(y2)} ${toX(bx + px)},${toY(by + py)} ${toX(bx - px)},${toY(by - py)}`,
                                 fill: item.stroke}));
  }
  return group;
}

// matplotlib's mathtext as the drawings use it: $3_{1}$, $3_{1}\#4_{1}$.
function textParts(text) {
  if (!(text.startsWith("$") && text.endsWith("$"))) return [[text, false]];
  const body = text.slice(1, -1).replace(/\\#/g, "#");
  const out = [];
  const pattern = /_\{([^}]*)\}|_(.)|([^_]+)/g;
  for (const m of body.matchAll(pattern)) {
    if (m[3] !== undefined) out.push([m[3], false]);
    else out.push([m[1] ?? m[2], true]);
  }
  return out;
}

function textNode(item, toX, toY) {
  const group = svg("g", {class: "play-label"});
  const text = svg("text", {x: toX(item.x), y: toY(item.y), fill: item.colour,
                            "font-size": item.size,
                            "text-anchor": {center: "middle", left: "start", right: "end"}[item.ha] ?? "start",
                            "dominant-baseline": {center: "central", top: "hanging", bottom: "text-after-edge",
                                                  baseline: "alphabetic", center_baseline: "central"}[item.va] ?? "alphabetic"});
  for (const [piece, sub] of textParts(item.text)) {
    const span = svg("tspan", sub ? {"font-size": item.size * 0.7, "baseline-shift": "sub"} : {});
    span.textContent = piece;
    text.append(span);
  }
  group.append(text);
  if (item.bbox) group.dataset.bbox = JSON.stringify({...item.bbox, size: item.size});
  return group;
}

// Boxes behind labels need the text's size, known once the SVG is on the page.
function finishText(picture) {
  for (const group of picture.querySelectorAll("g.play-label[data-bbox]")) {
    const box = JSON.parse(group.dataset.bbox);
    const text = group.querySelector("text");
    const b = text.getBBox();
    const padMatch = /pad=([0-9.]+)/.exec(box.style);
    const pad = (padMatch ? Number(padMatch[1]) : 0.3) * box.size;
    let shape;
    if (box.style.startsWith("circle")) {
      shape = svg("circle", {cx: b.x + b.width / 2, cy: b.y + b.height / 2,
                             r: Math.max(b.width, b.height) / 2 + pad});
    } else {
      shape = svg("rect", {x: b.x - pad, y: b.y - pad, width: b.width + 2 * pad, height: b.height + 2 * pad,
                           rx: box.style.startsWith("round") ? pad : 0});
    }
    shape.setAttribute("fill", box.fill ?? "none");
    shape.setAttribute("stroke", box.stroke ?? "none");
    shape.setAttribute("stroke-width", box.width);
    if (box.dash) shape.setAttribute("stroke-dasharray", box.dash.join(" "));
    group.insertBefore(shape, text);
  }
}

// --- records -----------------------------------------------------------------

async function openRecord(text, name = "record.toml") {
  await call("open", text, name);
  stopThinking();
  mode.opponent = "human";
  showSettings(await call("options"));
  await afterChange();
  say(format(W.opened, {name, count: view.moves.length}));
}

async function download() {
  const blob = new Blob([await call("record")], {type: "application/toml"});
  const link = element("a", {href: URL.createObjectURL(blob), download: `${slug}-game.toml`});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// --- start: the engine in its worker, the first game ---------------------------

let savedSnapshot;
const saved = new Promise((resolve) => { savedSnapshot = resolve; });

async function start() {
  const started = performance.now();
  const timings = window.rulebookPlay.timings = {};
  const ready = new Promise((resolve, reject) => {
    worker.onmessage = ({data}) => {
      if (data.id !== undefined) {
        const {resolve: done, reject: refuse} = waiting.get(data.id);
        waiting.delete(data.id);
        if ("error" in data) refuse(new Error(data.error)); else done(data.result);
      } else if (data.ready) {
        resolve(data.ready);
      } else if (data.failed) {
        reject(new Error(data.failed));
      } else if ("saved" in data) {
        savedSnapshot(data.saved);
      }
    };
    worker.onerror = (event) => reject(new Error(event.message || "worker.js did not start"));
    for (const event of worker.early.splice(0)) {  // what came before this script ran
      (event.type === "error" ? worker.onerror : worker.onmessage)(event);
    }
  });
  Object.assign(timings, await ready);  // runtime, engine (the worker's clock), snapshot
  settings = await call("settings", slug);
  buildPage();
  await newGame({});
  timings.playable = performance.now() - started;
  if (timings.snapshot === "made") worker.postMessage({snapshot: true});  // for the next visit
  else savedSnapshot(false);
}

window.rulebookPlay = {
  ready: null,
  computerTimes: [],  // milliseconds the computer took for each of its moves
  legalMoves: () => call("legal"),
  play: (move) => play(move),
  outcome: async () => {
    const outcome = await call("outcome");
    return outcome && {winner: outcome.winner, reason: outcome.reason, scores: outcome.scores};
  },
  record: () => call("record"),
  newGame: (options = {}) => newGame(options),
  // Beyond the hook's minimum: the computer's pending move (a promise of it once
  // it is played and shown, or of null) and whether it is thinking (computing
  // it); what the page shows now (turn, tokens,
  // position, moves: the last view, at once); whether the started engine was
  // stored for the next visit (timings.snapshot says "made" or "loaded").
  computerMove: () => pending ?? Promise.resolve(null),
  thinking: () => thinking,
  turn: () => view.turn_index,
  tokens: () => view.tokens,
  openRecord: (text, name) => openRecord(text, name),
  position: () => view.position,
  moves: () => view.moves,
  saved,
  // a promise: resolved once no call to the engine is on its way (after a click)
  settled: async () => {
    do await new Promise((resolve) => setTimeout(resolve, 0)); while (waiting.size);
  },
};
window.rulebookPlay.ready = start().catch((error) => {
  root.replaceChildren(element("p", {class: "play-error", role: "alert",
                                     text: format(W.failed, {error: error.message})}));
  throw error;
});
