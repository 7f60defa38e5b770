// The page around the board: the buttons, the settings, the aids, the status
// line, the move list (numbered by full moves; a click on a move shows the
// position after it) and the steps back and forward through the game.

import {root, W, slug, lang, format, counted} from "./words.js";
import {element} from "./dom.js";
import {sceneSvg} from "./scene.js";
import {drawBoard, drawChoices} from "./input.js";
import {game, parts, actions, atEnd, say, showError, failed} from "./state.js";

export function buildPage() {
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
  parts.share = element("p", {class: "play-share", hidden: ""});
  const moveForm = element("form", {class: "play-move-form", onsubmit: (event) => {
    event.preventDefault();
    const text = parts.moveBox.value.trim();
    if (text) actions.humanMove(text).then((done) => { if (done) parts.moveBox.value = ""; });
  }}, element("label", {text: W.move_box + " "}, parts.moveBox),
     element("button", {type: "submit", text: W.play}));

  const buttons = element("div", {class: "play-buttons"},
    element("button", {type: "button", class: "play-new", text: W.new_game,
                       onclick: () => newGameFromForm()}),
    element("button", {type: "button", class: "play-undo", text: W.undo,
                       onclick: () => actions.undo().catch(failed)}),
    element("button", {type: "button", class: "play-download", text: W.download,
                       onclick: () => actions.download().catch(failed)}),
    openButton(),
    element("button", {type: "button", class: "play-share-button", text: W.share,
                       onclick: () => showShareLink().catch(failed)}));
  parts.aids = element("fieldset", {class: "play-aids"}, element("legend", {text: W.aids}));
  parts.settings = settingsForm();
  parts.steps = stepButtons();

  // the game's quick reference, put under the board by the build (sphinxext/play.py)
  const howto = document.querySelector("details.play-howto");
  const side = element("div", {class: "play-side"},
    parts.scores,
    element("h2", {text: W.moves}), parts.steps, parts.moves,
    parts.aids,
    ...(howto ? [howto] : []),
    element("details", {class: "play-settings", open: ""},
            element("summary", {text: W.settings}), parts.settings));
  const main = element("div", {class: "play-main"}, parts.board, parts.choices, moveForm,
                       element("p", {class: "play-keys", text: W.keyboard}));
  root.append(element("div", {class: "play-banner"}, parts.status, parts.error), buttons, parts.share,
              element("div", {class: "play-layout"}, main, side),
              element("h2", {text: W.legend}), parts.legend,
              element("details", {class: "play-text-details"},
                      element("summary", {text: W.position_text}), parts.text));
  if (root.dataset.rules) {
    root.append(element("p", {class: "play-rules"},
                        element("a", {href: root.dataset.rules, text: W.rules})));
  }
  buildAids();
  document.addEventListener("keydown", onKey);
}

// Ctrl+Z undoes; the arrow keys (and Home, End) step through the game, unless
// they move the focus between the board's places or edit a field.
function onKey(event) {
  if ((event.ctrlKey || event.metaKey) && event.key === "z") {
    event.preventDefault();
    actions.undo().catch(failed);
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const busy = event.target.closest?.("input, select, textarea, .play-target, [contenteditable]");
  const step = {ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity}[event.key];
  if (busy || step === undefined || !game.view) return;
  event.preventDefault();
  actions.goto(Math.max(0, Math.min(game.view.line.length, game.view.at + step))).catch(failed);
}

function stepButtons() {
  const step = (cls, text, label, to) => element("button", {
    type: "button", class: `play-step ${cls}`, text, "aria-label": label, title: label,
    onclick: () => actions.goto(to()).catch(failed)});
  return element("div", {class: "play-steps"},
    step("play-first", "«", W.step_first, () => 0),
    step("play-back", "‹", W.step_back, () => Math.max(0, game.view.at - 1)),
    step("play-forward", "›", W.step_forward, () => Math.min(game.view.line.length, game.view.at + 1)),
    step("play-last", "»", W.step_last, () => game.view.line.length),
    element("button", {type: "button", class: "play-continue", text: W.continue_here, hidden: "",
                       onclick: () => actions.continueHere().catch(failed)}));
}

async function showShareLink() {
  const link = await actions.shareLink();
  const box = element("input", {type: "text", class: "play-share-box", readonly: "", value: link,
                                "aria-label": W.share_link});
  parts.share.replaceChildren(element("label", {text: W.share_link + " "}, box));
  parts.share.hidden = false;
  box.select();
  try {
    await navigator.clipboard.writeText(link);
    say(W.share_copied);
  } catch { /* no clipboard here (a plain-http page): the link is selected in its box */ }
}

function openButton() {
  const input = element("input", {type: "file", accept: ".toml,text/plain", class: "play-open-file",
                                  hidden: ""});
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    try {
      await actions.openRecord(await file.text(), file.name);
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
  const {settings} = game;
  const form = element("form", {class: "play-settings-form", onsubmit: (event) => {
    event.preventDefault(); newGameFromForm();
  }});
  const names = settings.players.map((p) => p[lang]);
  // who plays and how strongly apply to the game on the board at once
  const opponent = element("select", {name: "opponent", onchange: () => changePlayers()},
    element("option", {value: "human", text: W.two_players}),
    element("option", {value: "computer-1", text: format(W.computer_second, {player: names[1]})}),
    element("option", {value: "computer-0", text: format(W.computer_first, {player: names[0]})}));
  form.append(element("label", {}, W.players + " ", opponent));
  const strength = element("select", {name: "strength", onchange: () => changePlayers()},
    ...W.strengths.map((word, i) => element("option", {value: String(i + 1), text: word,
                                                      selected: i === 1})));
  form.append(element("label", {}, W.strength + " ", strength));
  for (const p of settings.parameters) {
    const label = W.options[p.name] ?? p.name;
    let input;
    if (p.type === "bool") {
      input = element("input", {type: "checkbox", name: p.name, checked: p.default === true});
    } else if (p.choices) {
      input = element("select", {name: p.name}, ...p.choices.map((c) => element("option", {
        value: String(c), text: W.choices[c] ?? String(c), selected: c === p.default})));
    } else {
      input = element("input", {type: "number", name: p.name, value: String(p.default),
                                step: p.type === "float" ? "any" : "1",
                                min: p.minimum ?? null, max: p.maximum ?? null});
    }
    input.dataset.kind = p.type;
    form.append(element("label", {title: W.docs?.[p.doc] ?? p.doc}, label + " ", input));
  }
  form.append(element("button", {type: "submit", text: W.new_game}));
  return form;
}

function playersInForm() {
  const opponent = parts.settings.querySelector("[name=opponent]").value;
  return {opponent: opponent === "human" ? "human" : "computer",
          computer: opponent === "computer-0" ? 0 : 1,
          strength: Number(parts.settings.querySelector("[name=strength]").value)};
}

function changePlayers() {
  actions.setMode(playersInForm()).catch(failed);
}

function formOptions() {
  const options = {};
  for (const p of game.settings.parameters) {
    const input = parts.settings.querySelector(`[name="${p.name}"]`);
    const value = p.type === "bool" ? input.checked : p.type === "int" ? parseInt(input.value, 10)
      : p.type === "float" ? parseFloat(input.value) : input.value;
    if (value !== p.default) options[p.name] = value;
  }
  return {...options, ...playersInForm()};
}

function newGameFromForm() {
  actions.newGame(formOptions()).catch(failed);
}

// The settings form shows the game being played (set by the hook, a record or a link too).
export function showSettings(options) {
  const form = parts.settings, {mode} = game;
  form.querySelector("[name=opponent]").value =
    mode.opponent === "human" ? "human" : `computer-${mode.computer}`;
  form.querySelector("[name=strength]").value = String(mode.strength);
  for (const p of game.settings.parameters) {
    const input = form.querySelector(`[name="${p.name}"]`);
    const value = p.name in options ? options[p.name] : p.default;
    if (p.type === "bool") input.checked = value;
    else input.value = String(value);
  }
}

function buildAids() {
  for (const aid of game.settings.aids) {
    game.aids[aid.name] = aid.default;
    const box = element("input", {type: "checkbox", name: aid.name,
                                  checked: aid.default === true});
    box.addEventListener("change", () => { game.aids[aid.name] = box.checked; actions.render().catch(failed); });
    parts.aids.append(element("label", {title: W.docs?.[aid.doc] ?? aid.doc}, box,
                              " " + (W.aid_names[aid.name] ?? aid.name)));
  }
  if (slug === "necto") {
    const button = element("button", {type: "button", class: "play-trace", "aria-pressed": "false",
                                      text: W.trace});
    button.addEventListener("click", () => {
      game.tracing = !game.tracing;
      button.setAttribute("aria-pressed", String(game.tracing));
      if (!game.tracing) delete game.aids.trace;
      game.picked = [];
      actions.render().then(() => { if (game.tracing) say(W.trace_help); }, failed);
    });
    parts.aids.append(button);
  }
}

// The last view drawn again: a pick changes only what is highlighted.
export function redraw() {
  const {view} = game, names = view.players;
  if (view.outcome) {
    const reason = W.reasons[view.outcome.reason] ?? view.outcome.reason;
    say(view.outcome.winner === null
      ? format(W.draw, {reason}) : format(W.wins, {player: view.winner_name, reason}));
  } else if (!game.thinking) {
    let text = format(W.to_move, {player: view.turn});
    if (view.moves.length) {
      text = format(W.turn_after, {last: format(W.last_move, {move: view.moves.at(-1)}), turn: text});
    }
    if (!atEnd()) {
      const total = view.line.length;
      text = format(W.turn_after, {last: format(counted("stepped_back", total), {at: view.at, total}),
                                   turn: text});
    }
    say(text);
  }
  root.dataset.turn = view.turn_index ?? "";
  // who the computer plays, by the colours the players have now (a swap trades them)
  const opponent = parts.settings.querySelector("[name=opponent]");
  opponent.querySelector("[value=computer-1]").textContent = format(W.computer_second, {player: names[1]});
  opponent.querySelector("[value=computer-0]").textContent = format(W.computer_first, {player: names[0]});
  parts.scores.textContent = view.scores
    ? format(W.score, {scores: view.scores.map((s, i) => `${names[i]} ${s}`).join(" · ")}) : "";
  drawMoves();
  parts.text.textContent = view.text;
  drawBoard();
  drawChoices();
  parts.legend.replaceChildren(...view.legend.map((mark) => element("li", {class: "legend-entry"},
    sceneSvg(mark.swatch, "legend-swatch"), element("span", {text: " " + mark.name}))));
}

// The move list: a line per full move (its number, then each player's move), each
// move a button that shows the position after it; the position shown is marked.
function drawMoves() {
  const {view} = game, list = parts.moves;
  const offset = view.first_turn === 1 ? 1 : 0;  // a start where the second player moves first
  const items = [];
  view.line.forEach((move, i) => {
    const number = Math.floor((i + offset) / 2) + 1;
    if (!items.length || (i + offset) % 2 === 0) {
      items.push(element("li", {value: String(number)}));
      if (i === 0 && offset) items.at(-1).append(element("span", {class: "play-ply-gap", text: "…"}));
    }
    const current = i + 1 === view.at;
    items.at(-1).append(element("button", {
      type: "button", class: "play-ply" + (i + 1 > view.at ? " play-after" : ""), text: move,
      "data-ply": String(i + 1), "aria-current": current ? "step" : null,
      onclick: () => actions.goto(i + 1).catch(failed)}));
  });
  list.replaceChildren(...items);
  if (!items.length) list.append(element("li", {class: "play-none", text: W.no_moves}));
  const shown = list.querySelector("[aria-current]");
  if (shown) {  // in sight within the list (a long game: its last move)
    const box = list.getBoundingClientRect(), item = shown.getBoundingClientRect();
    if (item.bottom > box.bottom || item.top < box.top) list.scrollTop += item.top - box.top - box.height / 2;
  } else {
    list.scrollTop = 0;
  }
  parts.steps.querySelector(".play-back").disabled = parts.steps.querySelector(".play-first").disabled =
    view.at === 0;
  parts.steps.querySelector(".play-forward").disabled = parts.steps.querySelector(".play-last").disabled =
    atEnd();
  parts.steps.querySelector(".play-continue").hidden = atEnd();
}
