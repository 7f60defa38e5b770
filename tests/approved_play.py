"""The play pages as a visitor uses them, as last looked at and approved.

``tests/approved/play.txt`` holds, for each game's play page (in English or Japanese,
the games taking the two in turn), what
the page shows (its status line, and digests of the whole game's text and of the
board's drawing) after each step of one scripted visit: the first position, moves
tapped on the board, undo, each step button, the page's keys and the board's (the
focus moving between places, a cut aimed and turned), each aid turned over, each mode
of the aids (Necto's tracing) on, used and off, a move typed
wrong, the share link opened in a new tab, the page opened again (the game saved) and a
new game with another setting.  ``test_approved_play`` makes it again in headless
Chromium and shows the steps that changed as a diff.  The engine's own answers are
checked against CPython elsewhere (``test_play.py``); this is the net under the
page's scripts (drawing, input, controls, storage, links): a click that lands on
the wrong cell, a button that steps the wrong way, a word swapped.  When a change
is meant, look at the page, then approve it::

    .venv/bin/python tests/approved_play.py --approve

and commit ``tests/approved/play.txt`` with the change.  What is read is the pages'
text and drawings as the scripts write them (``textContent``, the SVG's markup),
not their layout, so a newer Chromium reads the same.
"""

from __future__ import annotations

import random
from pathlib import Path

from approved_text import approve, digest

ROOT = Path(__file__).resolve().parent.parent
NAME = "play.txt"
TAPPED = 6  # moves tapped on the board in each visit

SHOWN = """() => {
    const root = document.querySelector('.rulebook-play');
    const svg = root.querySelector('svg.play-svg');
    const error = root.querySelector('.play-error');
    return {status: root.querySelector('.play-status')?.textContent ?? '',
            error: error && !error.hidden ? error.textContent : '',
            text: root.textContent, board: svg ? svg.outerHTML : '',
            moves: window.rulebookPlay.moves(), at: window.rulebookPlay.at(),
            focus: document.activeElement?.dataset?.token ?? ''};
}"""


def visit(context, base: str, slug: str, lang: str) -> list[str]:
    """One scripted visit of SLUG's page in LANG: a line for each step."""
    from test_play import change_a_setting, open_play_page, settle, tap_move

    from chromium import DESKTOP

    page = open_play_page(context, base, slug, DESKTOP, lang=lang)
    lines = []

    def shown(step: str, on=None) -> None:
        now = (on or page).evaluate(SHOWN)
        line = (f"{slug} {lang} {step}: at {now['at']} of {len(now['moves'])}, status {now['status']!r}, "
                f"text {digest(now['text'])}, board {digest(now['board'])}")
        line += f", focus {now['focus']!r}" if now["focus"] else ""
        lines.append(line + (f", error {now['error']!r}" if now["error"] else ""))

    def click(selector: str) -> None:
        page.locator(selector).first.click()
        settle(page)

    shown("start")
    rng = random.Random(f"{slug} {lang}")
    for number in range(1, TAPPED + 1):
        if page.evaluate("() => window.rulebookPlay.outcome()"):
            break
        legal = sorted(page.evaluate("() => window.rulebookPlay.legalMoves()"))
        tokens = page.evaluate("() => window.rulebookPlay.tokens()")
        move = rng.choice(legal)
        tap_move(page, move, tokens[move][0])
        shown(f"tapped {move}")
    click("button.play-undo")
    shown("undo")
    for step in ("first", "forward", "forward", "last", "back"):
        click(f"button.play-{step}")
        shown(step)
    page.evaluate("() => document.activeElement.blur()")
    for key in ("Home", "ArrowRight", "End", "ArrowLeft", "Control+z"):  # the page's keys
        page.keyboard.press(key)
        settle(page)
        shown(f"key {key}")
    page.locator(".play-target").first.focus()  # the board's keys: the focus moves
    shown("board focused")
    # arrows move the focus; Enter picks (in Craquelure, aims a cut: the arrows then turn it)
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Enter", "ArrowLeft", "ArrowLeft",
                "ArrowRight", "Escape"):
        page.keyboard.press(key)
        settle(page)
        shown(f"board key {key}")
    for at, box in enumerate(page.locator(".play-aids input[type=checkbox]").all()):
        box.click()
        settle(page)
        shown(f"aid {at + 1} turned over")
    for button in page.locator(".play-aids button").all():  # a mode (Necto's tracing): on, used, off
        button.click()
        settle(page)
        shown(f"{button.text_content()} on")
        before = page.evaluate(SHOWN)["board"]
        for place in page.locator(".play-target").all():  # Enter on the first place it changes
            place.focus()
            page.keyboard.press("Enter")
            settle(page)
            if page.evaluate(SHOWN)["board"] != before:
                break
        shown(f"{button.text_content()}: Enter on the first place it changes")
        button.click()
        settle(page)
        shown(f"{button.text_content()} off")
    page.locator(".play-move-box").fill("zz9")
    page.locator(".play-move-box").press("Enter")
    settle(page)
    shown("typed zz9")
    link = page.evaluate("() => window.rulebookPlay.shareLink()")
    opened = context.new_page()
    opened.goto(link)
    opened.evaluate("() => window.rulebookPlay.ready")
    opened.evaluate("() => window.rulebookPlay.settled()")
    shown("share link opened", opened)
    opened.close()
    page.close()
    page = context.new_page()  # the same profile: the game saved is drawn again
    page.goto(f"{base}/{lang}/play/{slug}.html")
    page.evaluate("() => window.rulebookPlay.engineReady")
    settle(page)
    shown("opened again")
    change_a_setting(page, slug)
    shown("new game, a setting changed")
    page.close()
    return lines


def play_lines(browser, base: str) -> list[str]:
    from rulebook.games import available_games

    from test_play import new_context

    lines, context = [], new_context(browser, base)  # one profile: the engine's snapshot is kept
    try:
        # each game in one language, the two taken in turn: the visit's steps do not
        # depend on the language, and each page's words in both are test_play_words'
        # (a visit boots the engine three times: both languages cost 35 CPU-s more)
        for n, slug in enumerate(available_games()):
            lines += visit(context, base, slug, ("en", "ja")[n % 2])
    finally:
        context.close()
    return lines


def _approve() -> list[str]:
    """Build the site (up to date first), serve it, visit every play page."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    from chromium import ARGS, CHROMIUM
    from rulebook.build import Project, build

    build(Project(ROOT), progress=lambda line: None)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(ROOT / "build" / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                return play_lines(browser, f"http://127.0.0.1:{server.server_address[1]}")
            finally:
                browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    approve(NAME, "What the play pages show on a scripted visit", _approve)
