// Games that survive and travel: the game in progress kept in localStorage (a
// reload, the other language's page or a later visit finds it), and share links.
// Both hold the game as a share link's fragment (bridge.share_fragment: the
// options, the start, the moves, how many are shown); the autosave adds who plays.
// Beside it, what the page last drew of it, for a later visit to draw at once.

import {root, slug} from "./words.js";

const KEY = `rulebook-play/${slug}`;         // one game per game, in both languages
const UNREADABLE = `${KEY}/unreadable`;      // a saved game that could not be opened, kept aside
const DRAWN = `${KEY}/drawn`;                // what the game's page last drew (keepDrawn)

// The saved game, {link, mode}, or null; a value that is not one is kept aside
// (nothing lost) and reported by throwing.
export function loadSaved() {
  let text = null;
  try { text = localStorage.getItem(KEY); } catch { return null; }  // storage refused
  if (text === null) return null;
  try {
    const saved = JSON.parse(text);
    if (typeof saved?.link !== "string" || typeof saved.mode !== "object" || saved.mode === null
        || Array.isArray(saved.mode)) {
      throw new Error("not a saved game");
    }
    return saved;
  } catch (error) {
    setAside(text);
    throw error;
  }
}

// A saved game the engine refused: kept under another key, and no longer loaded.
export function setAside(text = localStorage.getItem(KEY)) {
  try {
    if (text !== null) localStorage.setItem(UNREADABLE, text);
    localStorage.removeItem(KEY);
  } catch { /* storage refused: nothing to keep */ }
}

export function save(link, mode) {
  try {
    localStorage.setItem(KEY, JSON.stringify({link, mode}));
  } catch { /* storage refused or full: the game goes on unsaved */ }
}

// The share link's fragment in this page's address, if it holds a game.
export function linkInAddress() {
  return /(^#|&)game=/.test(location.hash) ? location.hash : null;
}

// Once the link's game is on the board (and saved), the address is the page's
// own: a reload then finds the game as played on, not as the link had it.
export function forgetAddressLink() {
  history.replaceState(null, "", location.pathname + location.search);
}

export function shareUrl(fragment) {
  return new URL(location.pathname + location.search + fragment, location.href).href;
}

// What the page drew of the game it saved: the engine's view of it
// (bridge.Session.view), with what it was drawn with (the game's settings, its
// options, the aids shown).  A later visit draws it at once, while the engine
// starts (play.js), if it is the view of the game saved then, made for the same
// page: the page's data-drawn-key, which the build makes from the engine's and
// the runtime's bytes and the page's words (sphinxext/play.py), so that the
// same engine, asked again, would answer the same.  One a game (up to about
// 0.3 MB, a long game of Necto): the other language's page does not draw it.
export function keepDrawn({settings, options, aids, view}) {
  try {
    localStorage.setItem(DRAWN, JSON.stringify({key: root.dataset.drawnKey, settings, options,
                                                aids, view}));
  } catch {  // storage refused or full: the next visit waits for the engine
    forgetDrawn();
  }
}

// What the page drew of the game saved as `link`, if it was kept for this very
// page (keepDrawn), else null.
export function drawnBefore(link) {
  try {
    const drawn = JSON.parse(localStorage.getItem(DRAWN));
    return drawn && root.dataset.drawnKey && drawn.key === root.dataset.drawnKey
      && drawn.view?.link === link ? drawn : null;
  } catch {
    return null;  // storage refused, or not JSON: drawn by the engine
  }
}

export function forgetDrawn() {
  try { localStorage.removeItem(DRAWN); } catch { /* storage refused */ }
}
