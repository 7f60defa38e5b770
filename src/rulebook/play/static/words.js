// The page's element, its game and language, and its words (rulebook.play.words,
// put in the element by sphinxext/play.py): what every other module reads first.

export const root = document.querySelector(".rulebook-play");
export const W = JSON.parse(root.dataset.words);
export const slug = root.dataset.game;
export const lang = root.dataset.lang;

export function format(text, values) {
  return text.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");
}

// The words `key` says of `count` things: its "_one" form for 1 ("Opened x: 1 move.").
export function counted(key, count) {
  return W[count === 1 ? `${key}_one` : key];
}
