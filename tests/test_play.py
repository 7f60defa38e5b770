"""The play pages in a real headless browser, against the CPython engines.

Each game's page is opened from the built site (served on a loopback port; the
runtime comes from the site itself, no network), and driven through its test
hook ``window.rulebookPlay`` (whose calls return promises: the engine runs in
a Web Worker) and through clicks: a whole game of random legal
moves must reach the position and the outcome CPython's engine reaches with
the same moves; a game against the computer ends, and its downloaded record
passes ``rulebook check``; at 390 px a game is played by tapping the board and
the move buttons; every record in figures/ opened in the browser ends in the
position CPython's replay ends in (``rulebook replay --json``'s JSON).  The
pages of a module share one browser context, as a visitor's tabs share one
profile: the first page keeps a memory snapshot of the started engine, the
others start from it (its own test checks that it plays the same games and
that a new engine or runtime is never started from an old snapshot).  While
the computer thinks, the page stays responsive, and a new game or undo drops
its reply.
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
import zipfile

import pytest

from rulebook.figure_style import render_panels
from rulebook.games import available_games, game_play, make_game
from rulebook.play.words import WORDS
from rulebook.records import find_records, load_record
from rulebook.sphinxext.play import page_words

from chromium import DESKTOP, PHONE, skip_unless_installed
from test_play_messages import LOCALE, left_in_english

skip_unless_installed()

GAMES = available_games()


def trial_options(slug: str) -> dict:
    """The options a random game is played with (each game's play.py): each game's
    settings reach the engine."""
    return game_play(slug).TEST_OPTIONS


def new_context(browser, base):
    """A browser profile of its own; every request outside the local server fails the test.
    (Requests are watched, not intercepted: a routed context gets no HTTP cache, so
    every visit would fetch and compile the runtime again.)"""
    context = browser.new_context(accept_downloads=True)
    context.outside = []
    context.on("request", lambda request: None if request.url.startswith(base)
               or request.url.startswith(("data:", "blob:")) else context.outside.append(request.url))
    keep_renderer(context, base)
    return context


def keep_renderer(context, base):
    """A page open for the profile's life, so the pages the tests open share its
    renderer process: a page opened where none is open starts one again (0.3 CPU-s
    a page; a quarter of this module's browser time)."""
    context.keeper = context.new_page()
    context.keeper.goto(f"{base}/en/index.html")


@pytest.fixture(scope="module")
def shared(browser, site):
    """One browser context for the module's pages (they share the engine's snapshot)."""
    context = new_context(browser, site[1])
    yield context
    context.close()


# Each test starts its pages without the game an earlier page left saved (the
# autosave's own test keeps it, in a context of its own).
FORGET_SAVED = "localStorage.clear()"


def open_play_page(context, base, slug, viewport, lang="en", init_script=None):
    """The play page, ready, with no saved game, and the engine's snapshot kept for
    the next page (``init_script``: run in the page before its own scripts)."""
    page = context.new_page()
    page.set_viewport_size(viewport)
    page.add_init_script(FORGET_SAVED)
    if init_script:
        page.add_init_script(init_script)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{base}/{lang}/play/{slug}.html")
    page.evaluate("() => window.rulebookPlay.ready")
    page.evaluate("() => window.rulebookPlay.saved")
    assert not errors and not context.outside, (errors, context.outside)
    return page


def cpython_final(slug, options, moves):
    state = make_game(slug, **options).initial_state()
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def difference(ours, theirs, path="position"):
    """Where two positions as JSON differ, or None.  Numbers must agree to 1e-12
    (relative): the engine code is the same, but the browser's maths library
    may round a sine or an arc tangent in the last bit differently from glibc's."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        if ours.keys() != theirs.keys():
            return f"{path}: keys {sorted(ours)} != {sorted(theirs)}"
        return next(filter(None, (difference(ours[k], theirs[k], f"{path}.{k}") for k in ours)), None)
    if isinstance(ours, list) and isinstance(theirs, list):
        if len(ours) != len(theirs):
            return f"{path}: {len(ours)} items != {len(theirs)}"
        return next(filter(None, (difference(a, b, f"{path}[{i}]")
                                  for i, (a, b) in enumerate(zip(ours, theirs)))), None)
    if isinstance(ours, float) or isinstance(theirs, float):
        close = (isinstance(ours, (int, float)) and isinstance(theirs, (int, float))
                 and abs(ours - theirs) <= 1e-12 * max(1.0, abs(ours), abs(theirs)))
        return None if close else f"{path}: {ours!r} != {theirs!r}"
    return None if ours == theirs else f"{path}: {ours!r} != {theirs!r}"


def same_position(browser_json, cpython_json):
    problem = difference(json.loads(json.dumps(browser_json)), json.loads(json.dumps(cpython_json)))
    assert problem is None, problem
    return True


RANDOM_GAME = """async (seed) => {
    const hook = window.rulebookPlay;
    let state = seed;
    const next = () => { state = (state * 1103515245 + 12345) % 2147483648; return state; };
    const moves = [];
    while (!(await hook.outcome()) && moves.length < 2000) {
        const legal = await hook.legalMoves();
        moves.push(await hook.play(legal[next() % legal.length]));
    }
    return {moves: hook.moves(), outcome: await hook.outcome(), position: hook.position(),
            record: await hook.record()};
}"""


# The move list scrolls (a long game is longer than the board): its last move, the
# position shown, must be in sight, and marked.
LAST_MOVE_SHOWN = """() => {
    const list = document.querySelector('.play-moves'), last = list.querySelector('[aria-current]');
    const box = list.getBoundingClientRect(), item = last.getBoundingClientRect();
    return last.textContent === window.rulebookPlay.moves().at(-1)
        && last === [...list.querySelectorAll('.play-ply')].at(-1)
        && item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
}"""


# With the board scrolled to the top of the screen, the status line is on the
# screen and nothing (the theme's header) covers it.
STATUS_IN_SIGHT = """() => {
    document.querySelector(".play-board").scrollIntoView({block: "start", behavior: "instant"});
    const status = document.querySelector('.play-status'), box = status.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + 5, (box.top + box.bottom) / 2);
    return box.top >= 0 && box.bottom <= innerHeight && status.contains(hit);
}"""


def check_record(project, tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "rulebook.cli", "check", str(path),
                           "--project", str(project.root)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 of 1 records hold" in done.stdout


@pytest.mark.parametrize("slug", GAMES)
def test_a_random_game_the_computer_a_download_and_every_record(site, shared, slug, tmp_path):
    project, base = site
    page = open_play_page(shared, base, slug, DESKTOP)

    # a whole game of random legal moves, with the game's options set through the hook:
    # the same position and outcome as CPython's engine
    page.evaluate("(options) => window.rulebookPlay.newGame(options)", trial_options(slug))
    played = page.evaluate(RANDOM_GAME, 7)
    final = cpython_final(slug, trial_options(slug), played["moves"])
    outcome = final.outcome()
    assert outcome is not None
    assert played["outcome"]["winner"] == (None if outcome.winner is None
                                           else final.player_name(outcome.winner))
    assert played["outcome"]["reason"] == outcome.reason
    assert same_position(played["position"], final.to_json())
    assert page.evaluate(LAST_MOVE_SHOWN), "the move list does not show the last move"
    check_record(project, tmp_path, "random.toml", played["record"])
    assert load_record(tmp_path / "random.toml").game.options == final.game.options

    # an illegal move: the engine's one-line message, and nothing played
    before = page.evaluate("() => window.rulebookPlay.moves().length")
    message = page.evaluate("async () => { try { await window.rulebookPlay.play('zz9');"
                            " return null; } catch (error) { return error.message; } }")
    assert message and "\n" not in message and "zz9" in message
    assert page.evaluate("() => window.rulebookPlay.moves().length") == before

    # against the computer (weak: quick), to the end, with the same options (Necto's
    # 4 x 4 board: its 6 x 6 game takes twice as long); its record, downloaded, is checked
    page.evaluate("(options) => window.rulebookPlay.newGame({...options, opponent: 'computer',"
                  " computer: 1, strength: 1})", trial_options(slug))
    rng = random.Random(5)
    for _ in range(2000):
        page.evaluate("() => window.rulebookPlay.computerMove()")
        if page.evaluate("() => window.rulebookPlay.outcome()"):
            break
        # the computer has replied: the player's turn again (else say what the page says)
        assert page.evaluate("() => window.rulebookPlay.turn()") == 0, (
            page.locator(".play-error").inner_text(), page.locator(".play-status").inner_text(),
            page.evaluate("() => window.rulebookPlay.moves()"))
        legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
        page.evaluate("(move) => window.rulebookPlay.play(move)", rng.choice(legal))
    moves = page.evaluate("() => window.rulebookPlay.moves()")
    assert page.evaluate("() => window.rulebookPlay.outcome()") is not None
    assert len(page.evaluate("() => window.rulebookPlay.computerTimes")) >= len(moves) // 2
    with page.expect_download() as download:
        page.locator("button.play-download").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    check_record(project, tmp_path, "computer.toml", saved.read_text(encoding="utf-8"))
    assert load_record(tmp_path / "computer.toml").moves == moves
    images, _ = render_panels(load_record(tmp_path / "computer.toml"), "en")  # a rulebook-figure
    assert len(images) == 1 and images[0].startswith(b"<?xml")

    # every record of this game, opened in the browser, ends where CPython's replay ends
    # (for two players: against the computer, it would reply)
    page.evaluate("() => window.rulebookPlay.newGame({})")
    records = [path for path in find_records(project.figures) if path.parent.name == slug]
    assert records
    for path in records:
        page.evaluate("([text, name]) => window.rulebookPlay.openRecord(text, name)",
                      [path.read_text(encoding="utf-8"), path.name])
        expected = load_record(path).replay()[-1].to_json()
        assert same_position(page.evaluate("() => window.rulebookPlay.position()"), expected), path.name

    # the aids: each switch redraws the board; Necto's "trace a line" fades the other lines
    aids = project.figures / slug / game_play(slug).AID_RECORD
    page.evaluate("([text, name]) => window.rulebookPlay.openRecord(text, name)",
                  [aids.read_text(encoding="utf-8"), "aids.toml"])
    for aid in page.locator(".play-aids input[type=checkbox]").all():
        before = page.inner_html(".play-board")
        aid.set_checked(not aid.is_checked())
        settle(page)
        assert page.inner_html(".play-board") != before, aid.get_attribute("name")
    if slug == "necto":
        page.locator("button.play-trace").click()
        page.mouse.click(*page.evaluate(CENTRE, "C3"))
        page.wait_for_function("() => document.querySelector('.play-legend')"
                               ".innerText.includes('Traced line')")
        assert page.locator(".play-svg polyline[stroke='#DDDDDD']").count() > 0
    page.close()


# Clicking a move: its first way of being picked, token by token (board cells
# or the buttons under the board).
CENTRE = """(token) => {
    const shape = document.querySelector(`.play-target[data-token="${CSS.escape(token)}"]`);
    if (!shape) return null;
    shape.scrollIntoView({block: "center", behavior: "instant"});
    const points = shape.points, n = points.numberOfItems;
    let x = 0, y = 0;
    for (let i = 0; i < n; i++) { x += points.getItem(i).x / n; y += points.getItem(i).y / n; }
    const at = new DOMPoint(x, y).matrixTransform(shape.getScreenCTM());
    return [at.x, at.y];
}"""


def settle(page):
    """Wait until the page has the engine's answers to what was just clicked."""
    page.evaluate("() => window.rulebookPlay.settled()")


def button(page, text, cls="play-token"):
    return page.locator(f"button.{cls}").filter(has_text=re.compile(f"^{re.escape(text)}$"))


def tap_move(page, move, sequence):
    """Pick ``move`` as a player would: its tokens on the board or as buttons."""
    before = page.evaluate("() => window.rulebookPlay.moves().length")
    for token in sequence:
        at = page.evaluate(CENTRE, token)
        if at is not None:
            page.mouse.click(*at)
        else:
            button(page, token).first.click()
        settle(page)
    if page.evaluate("() => window.rulebookPlay.moves().length") == before:
        button(page, move, "play-complete").first.click()  # a move that a longer one extends
        settle(page)


TAPPED = 12  # moves tapped at 390 px; the rest of the game through the hook


def change_a_setting(page, slug) -> dict:
    """Change the game's first option in the settings form and start a new game with it."""
    game = make_game(slug)
    options = {}
    if game.parameters:
        parameter = game.parameters[0]
        field = page.locator(f".play-settings-form [name='{parameter.name}']")
        if parameter.choices:
            value = next(c for c in parameter.choices if c != parameter.default)
            field.select_option(str(value))
        elif isinstance(parameter.default, bool):
            value = not parameter.default
            field.set_checked(value)
        else:
            value = parameter.default - 2
            field.fill(str(value))
        options[parameter.name] = value
    page.locator(".play-settings-form button[type=submit]").click()
    settle(page)
    assert page.evaluate("() => window.rulebookPlay.moves().length") == 0
    return options

@pytest.mark.parametrize("slug", GAMES)
def test_at_390_px_a_game_is_played_by_tapping(site, shared, slug, tmp_path):
    project, base = site
    page = open_play_page(shared, base, slug, PHONE, lang="ja")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    # nothing of the game overflows its box, nor the screen (play.css clips furo's content)
    assert page.evaluate("() => { const game = document.querySelector('.rulebook-play');"
                         " return game.scrollWidth <= game.clientWidth"
                         " && game.getBoundingClientRect().right <= innerWidth; }")
    width = page.evaluate("() => document.querySelector('svg.play-svg').getBoundingClientRect()"
                          ".width")
    assert 250 < width <= PHONE["width"]
    options = change_a_setting(page, slug)
    rng = random.Random(11)
    for number in range(1, TAPPED + 1):
        if page.evaluate("() => window.rulebookPlay.outcome()"):
            break
        legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
        tokens = page.evaluate("() => window.rulebookPlay.tokens()")
        move = rng.choice(legal)
        tap_move(page, move, tokens[move][0])
        assert page.evaluate("() => window.rulebookPlay.moves()")[-1:] == [move], move
        assert len(page.evaluate("() => window.rulebookPlay.moves()")) == number
    assert page.evaluate(STATUS_IN_SIGHT)  # the whole board in sight: whose turn, too
    status = page.locator(".play-status").inner_text()
    assert "。 " not in status, status  # no space after 。
    if not page.evaluate("() => window.rulebookPlay.outcome()"):
        assert status.startswith("直前の手："), status
    # a move typed wrong: the engine's reason, in Japanese (engine.po), the move as typed
    page.locator(".play-move-box").fill("zz9")
    page.locator(".play-move-box").press("Enter")
    settle(page)
    error = page.locator(".play-error").inner_text()
    assert error.startswith("'zz9'を読めません") and not left_in_english(error), error
    assert page.locator(".play-move-box").input_value() == "zz9"  # kept, to be corrected
    played = page.evaluate(RANDOM_GAME, 3)
    final = cpython_final(slug, options, played["moves"])
    assert same_position(played["position"], final.to_json())
    status = page.locator(".play-status").inner_text()
    assert final.player_name(final.outcome().winner, "ja") in status  # the result, in Japanese
    assert page_words(slug, "ja", LOCALE)["reasons"][final.outcome().reason] in status
    if final.outcome().scores is not None:  # in Japanese, with a full-width colon
        assert page.inner_text(".play-scores").startswith("得点：")
    with page.expect_download() as download:
        page.locator("button.play-download").click()
    saved = tmp_path / "tapped.toml"
    download.value.save_as(saved)
    check_record(project, tmp_path, "tapped.toml", saved.read_text(encoding="utf-8"))

    # against the computer, chosen in the settings form: each tapped move gets its reply
    page.locator(".play-settings-form [name=opponent]").select_option("computer-1")
    page.locator(".play-settings-form [name=strength]").select_option("1")
    page.locator(".play-settings-form button[type=submit]").click()
    settle(page)
    for number in (2, 4, 6):
        legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
        tokens = page.evaluate("() => window.rulebookPlay.tokens()")
        move = rng.choice(legal)
        tap_move(page, move, tokens[move][0])
        page.evaluate("() => window.rulebookPlay.computerMove()")
        moves = page.evaluate("() => window.rulebookPlay.moves()")
        if page.evaluate("() => window.rulebookPlay.outcome()"):
            break
        assert len(moves) == number and moves[-2] == move
    final = cpython_final(slug, options, moves)
    assert same_position(page.evaluate("() => window.rulebookPlay.position()"), final.to_json())
    page.close()


THINKING = """async () => {
    const hook = window.rulebookPlay, asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return {thinking: hook.thinking(), waited: performance.now() - asked,
            status: document.querySelector('.play-status').textContent};
}"""


def test_a_reply_dropped_while_it_is_being_played_is_no_reply_and_leaves_the_new_game(
        site, shared):
    """A new game asked for once the computer's reply has come, while it is being played
    and shown (the worker asked to play it): the hook's computerMove, asked for before,
    resolves to no move (null), and the board holds the new game, without that move."""
    project, base = site
    page = open_play_page(shared, base, "qttt", DESKTOP)
    page.evaluate("() => window.rulebookPlay.newGame({opponent: 'computer', computer: 1,"
                  " strength: 1})")
    settle(page)
    result = page.evaluate("""async () => {
        const hook = window.rulebookPlay, times = hook.computerTimes;
        times.push = function (...items) {  // the reply has come: it is played next
            queueMicrotask(() => { window.dropped = hook.newGame({}); });
            return Array.prototype.push.apply(this, items);
        };
        await hook.play((await hook.legalMoves())[0]);
        const reply = await hook.computerMove();
        await window.dropped;
        delete times.push;
        return {reply, moves: hook.moves(), times: times.length};
    }""")
    settle(page)
    assert result == {"reply": None, "moves": [], "times": 1}, result
    assert page.evaluate("() => window.rulebookPlay.moves()") == []
    page.close()


def test_the_page_stays_responsive_while_the_computer_thinks_and_undo_drops_its_reply(
        site, shared):
    project, base = site
    page = open_play_page(shared, base, "inphexion", DESKTOP)
    # the computer moves first, at its strongest: while it thinks, a timer still fires
    # (on the main thread, the engine's computation would hold it back until the end)
    page.evaluate("() => window.rulebookPlay.newGame({opponent: 'computer', computer: 0,"
                  " strength: 3})")
    during = page.evaluate(THINKING)
    assert during["thinking"] and during["status"] == WORDS["en"]["thinking"], during
    assert page.locator(".play-target.play-next").count() == 0  # no cell offered meanwhile
    # nor is a move typed meanwhile played: it is not the player's turn (kept in the box)
    page.locator(".play-move-box").fill("a1")
    page.locator(".play-move-box").press("Enter")
    page.wait_for_function("() => !window.rulebookPlay.thinking()", timeout=60000)
    settle(page)
    assert len(page.evaluate("() => window.rulebookPlay.moves()")) == 1  # the computer's
    assert page.evaluate("() => window.rulebookPlay.turn()") == 1
    assert page.locator(".play-move-box").input_value() == "a1"
    # it thinks again in a new game of the same settings
    page.evaluate("() => window.rulebookPlay.newGame({opponent: 'computer', computer: 0,"
                  " strength: 3})")
    assert page.evaluate(THINKING)["thinking"]
    # a new game for two, asked for while it thinks: its reply is dropped
    page.locator(".play-settings-form [name=opponent]").select_option("human")
    page.locator(".play-settings-form button[type=submit]").click()
    settle(page)
    assert page.evaluate("async () => (await window.rulebookPlay.legalMoves()).length") > 0
    assert page.evaluate("() => window.rulebookPlay.moves()") == []
    assert not page.evaluate("() => window.rulebookPlay.thinking()")
    assert page.locator(".play-target.play-next").count() > 0  # the player's turn: cells offered

    # against the computer moving second: the player's move, then Undo while it thinks
    page.locator(".play-settings-form [name=opponent]").select_option("computer-1")
    page.locator(".play-settings-form [name=strength]").select_option("3")
    page.locator(".play-settings-form button[type=submit]").click()
    settle(page)
    move = page.evaluate("async () => (await window.rulebookPlay.legalMoves())[0]")
    page.locator(".play-move-box").fill(move)
    page.locator(".play-move-box").press("Enter")
    page.wait_for_function("() => window.rulebookPlay.thinking()")
    assert page.evaluate("() => window.rulebookPlay.moves()") == [move]
    page.locator("button.play-undo").click()
    settle(page)
    assert page.evaluate("async () => (await window.rulebookPlay.legalMoves()).length") > 0
    assert page.evaluate("() => window.rulebookPlay.moves()") == []
    assert page.evaluate("() => window.rulebookPlay.turn()") == 0
    assert not page.evaluate("() => window.rulebookPlay.thinking()")
    assert "to move" in page.inner_text(".play-status")
    page.close()


# Run before the page's scripts: while ``window.holding`` is set, the worker's answers
# to the page's calls wait in ``window.held`` until ``window.deliverHeld()``, so a
# test can make them arrive in the order it needs.
HOLD_ANSWERS = """(() => {
    const setter = Object.getOwnPropertyDescriptor(Worker.prototype, "onmessage").set;
    window.held = [];
    window.holding = false;
    Object.defineProperty(Worker.prototype, "onmessage", {configurable: true, set(handler) {
        setter.call(this, (event) => {
            if (window.holding && event.data.id !== undefined) window.held.push([handler, event]);
            else handler(event);
        });
    }});
    window.deliverHeld = () => { for (const [handler, event] of window.held.splice(0)) handler(event); };
})()"""

# The computer's answer arrives before the test asks for it (a fast move, a busy
# test process): computerMove() must still wait until its move is played and shown.
ANSWER_BEFORE_ASKED = """async () => {
    const hook = window.rulebookPlay;
    await hook.play((await hook.legalMoves())[0]);  // the computer thinks
    window.holding = true;
    while (!window.held.length) await new Promise((resolve) => setTimeout(resolve, 5));
    window.deliverHeld();  // its move is chosen and sent to be played...
    await new Promise((resolve) => setTimeout(resolve, 0));
    const reply = hook.computerMove();  // ...and only then asked for
    window.holding = false;
    window.deliverHeld();
    const move = await reply;
    return {move, turn: hook.turn(), moves: hook.moves(), thinking: hook.thinking(),
            status: document.querySelector(".play-status").textContent};
}"""


def test_the_computer_s_move_is_awaited_until_shown_even_when_its_answer_came_first(site, shared):
    project, base = site
    page = open_play_page(shared, base, "craquelure", DESKTOP, init_script=HOLD_ANSWERS)
    page.evaluate("() => window.rulebookPlay.newGame({opponent: 'computer', computer: 1,"
                  " strength: 1})")
    after = page.evaluate(ANSWER_BEFORE_ASKED)
    assert after["turn"] == 0 and len(after["moves"]) == 2, after
    assert after["move"] == after["moves"][1] and not after["thinking"], after
    assert after["status"].startswith("Last move: " + after["move"]), after
    page.close()


# Put before play.js: it runs only once the worker has said it is ready (start.js,
# inlined first in the page's head, started it and keeps what it says until
# play.js takes over).
AFTER_READY = """await new Promise((resolve) => {
    const early = window.rulebookPlayWorker.early;
    const wait = () => early.some((event) => event.data?.ready) ? resolve() : setTimeout(wait, 20);
    wait();
});
"""


def test_the_page_starts_its_engine_before_play_js_runs_and_nothing_it_says_is_lost(site, shared):
    """The worker starts first in the page's head, not once play.js runs; when its
    "ready" comes before play.js runs, the page is still playable."""
    project, base = site
    shared.route("**/play/play.js", lambda route: route.fulfill(
        body=AFTER_READY + route.fetch().text(), content_type="text/javascript"))
    page = shared.new_page()
    page.add_init_script(FORGET_SAVED)
    try:
        page.goto(f"{base}/en/play/qttt.html")
        page.wait_for_function("() => window.rulebookPlay?.timings?.playable > 0", timeout=60_000)
    finally:
        shared.unroute("**/play/play.js")
    assert page.evaluate("async () => (await window.rulebookPlay.legalMoves()).length") == 36
    assert page.locator("svg.play-svg").count() == 1 and not shared.outside
    page.evaluate("() => window.rulebookPlay.saved")
    page.close()


def test_the_engine_starts_before_the_page_s_style_sheets_are_in(site, shared):
    """start.js is first in the head: the worker is asked for while the theme's
    style sheet is still held back (an inline script after a style sheet waits for
    it, and the body is laid out before the board's element is reached)."""
    project, base = site
    page = shared.new_page()
    page.add_init_script(FORGET_SAVED)
    held = []
    page.route("**/_static/styles/furo.css*", lambda route: held.append(route))
    with page.expect_request(lambda request: request.url.endswith("/play/worker.js"),
                             timeout=20_000):
        page.goto(f"{base}/en/play/qttt.html", wait_until="commit")
        page.wait_for_function("() => true")  # (the page's events are seen meanwhile)
    assert held, "the style sheet was not asked for"
    for route in held:
        route.continue_()
    page.wait_for_function("() => window.rulebookPlay", timeout=20_000)
    page.evaluate("() => window.rulebookPlay.ready")
    assert page.evaluate("async () => (await window.rulebookPlay.legalMoves()).length") == 36
    page.evaluate("() => window.rulebookPlay.saved")
    page.close()


def test_a_snapshot_of_the_engine_starts_the_next_visit_and_never_a_stale_one(site, shared):
    """The first visit keeps a snapshot; the next starts from it and plays the same
    game as CPython; another engine.zip or another runtime key makes a new one.
    (Last in the module: it leaves the shared context with another snapshot.)"""
    project, base = site
    context = shared  # its earlier pages kept a snapshot, unless this test runs alone
    first = open_play_page(context, base, "necto", DESKTOP)
    if first.evaluate("() => window.rulebookPlay.timings.snapshot") == "made":
        first.close()
        first = open_play_page(context, base, "necto", DESKTOP)
    assert first.evaluate("() => window.rulebookPlay.timings.snapshot") == "loaded"
    first.close()
    page = open_play_page(context, base, "craquelure", DESKTOP)  # any game: one snapshot for all
    assert page.evaluate("() => window.rulebookPlay.timings.snapshot") == "loaded"
    options = trial_options("craquelure")
    page.evaluate("(options) => window.rulebookPlay.newGame(options)", options)
    played = page.evaluate(RANDOM_GAME, 5)
    assert same_position(played["position"],
                         cpython_final("craquelure", options, played["moves"]).to_json())
    page.close()

    # another engine (one more file in its zip), then another runtime: not that snapshot
    engine = (project.build / "site" / "play" / "engine.zip").read_bytes()
    other = io.BytesIO(engine)
    with zipfile.ZipFile(other, "a") as archive:
        archive.writestr("rulebook/other_build.py", "")
    context.route("**/play/engine.zip", lambda route: route.fulfill(
        body=other.getvalue(), content_type="application/zip"))
    page = open_play_page(context, base, "qttt", DESKTOP)
    assert page.evaluate("() => window.rulebookPlay.timings.snapshot") == "made"
    page.close()
    context.unroute("**/play/engine.zip")
    context.route("**/en/play/qttt.html", lambda route: route.fulfill(
        body=route.fetch().text().replace('data-runtime="', 'data-runtime="other-'),
        content_type="text/html"))
    page = open_play_page(context, base, "qttt", DESKTOP)
    assert page.evaluate("() => window.rulebookPlay.timings.snapshot") == "made"
    assert page.evaluate("async () => (await window.rulebookPlay.legalMoves()).length") == 36
    page.close()
    context.unroute("**/en/play/qttt.html")


PICK = """async ([base, token]) => {
    const {pick} = await import(`${base}/play/input.js`);
    const {game} = await import(`${base}/play/state.js`);
    pick(token);
    await window.rulebookPlay.settled();
    return {picked: [...game.picked], marked: [...document.querySelectorAll(
        ".play-target.play-picked")].map((shape) => shape.dataset.token).sort(),
            moves: window.rulebookPlay.moves().length};
}"""


def picked_after(picked: list, token: str, sequences: list) -> list:
    """What a click picks, as the page says it: a token that continues a legal move's
    sequence is added; the last one picked again is taken back; any other click
    starts the move afresh, from that token if a move starts with it."""
    def following(start):
        return {s[len(start)] for s in sequences if len(s) > len(start) and s[:len(start)] == start}

    if token in following(picked):
        return picked + [token]
    if picked and picked[-1] == token:
        return picked[:-1]
    return [token] if token in following([]) else []


@pytest.mark.parametrize("slug", [slug for slug in GAMES if slug != "craquelure"])  # (aimed)
def test_each_click_of_a_random_sequence_picks_takes_back_or_starts_afresh(site, shared, slug):
    """Random clicks on the board's places and the choices (none of them completing a
    move), after a few random moves: each adds to the move being picked, takes back its
    last pick, or starts the move afresh from the place clicked, as the page's rule
    says; the board marks exactly the places picked, and no move is played."""
    _, base = site
    page = open_play_page(shared, base, slug, DESKTOP)
    rng, kinds, possible = random.Random(slug), set(), set()
    for _ in range(4):
        legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
        page.evaluate("(move) => window.rulebookPlay.play(move)", rng.choice(legal))
    tokens = page.evaluate("() => window.rulebookPlay.tokens()")
    sequences = [list(s) for seqs in tokens.values() for s in seqs]
    places = sorted({t for s in sequences for t in s})
    board = set(page.evaluate("() => [...document.querySelectorAll('.play-target')]"
                              ".map((shape) => shape.dataset.token)"))
    picked, moves = [], page.evaluate("() => window.rulebookPlay.moves().length")
    for _ in range(40):
        choices = [t for t in places
                   if not ((after := picked_after(picked, t, sequences)) and after == picked + [t]
                           and sum(s == after for s in sequences) == 1
                           and not any(len(s) > len(after) and s[:len(after)] == after
                                       for s in sequences))]
        def kind(token):
            after = picked_after(picked, token, sequences)
            return ("added" if after == picked + [token] else
                    "back" if picked and after == picked[:-1] else "afresh")

        by_kind = {}
        for t in choices:
            by_kind.setdefault(kind(t), []).append(t)
        possible |= set(by_kind)
        token = rng.choice(by_kind[rng.choice(sorted(by_kind))])  # each kind as often
        expected = picked_after(picked, token, sequences)
        kinds.add(kind(token))
        shown = page.evaluate(PICK, [base, token])
        assert shown["picked"] == expected, (slug, picked, token, shown)
        assert shown["marked"] == sorted(set(expected) & board), (slug, expected, shown)
        assert shown["moves"] == moves
        picked = expected
    page.close()
    # each kind met whenever it could be (in QTTT every other place completes a move)
    assert kinds == possible and {"added", "back"} <= kinds, (kinds, possible)


UNDO_AGAINST_THE_COMPUTER = """async ([seed, seat, plies, options]) => {
    const hook = window.rulebookPlay;
    let state = seed;
    const next = () => { state = (state * 1103515245 + 12345) % 2147483648; return state; };
    await hook.newGame({...options, opponent: "computer", computer: seat, strength: 1});
    const untilMine = async () => {
        while (hook.turn() === seat && !(await hook.outcome())) await hook.computerMove();
    };
    await untilMine();
    while (hook.moves().length < plies && !(await hook.outcome())) {
        const legal = await hook.legalMoves();
        await hook.play(legal[next() % legal.length]);
        await untilMine();
    }
    const undone = [], record = await hook.record();
    while (hook.moves().length) {
        const before = hook.moves();
        document.querySelector("button.play-undo").click();
        await hook.settled();
        await untilMine();
        undone.push([before, hook.moves(), hook.turn()]);
        if (undone.length > 60) break;
    }
    return {undone, record};
}"""


# (not Craquelure: its computer takes some 10 s a move in the page; the undo is the same code)
@pytest.mark.parametrize("slug", [slug for slug in GAMES if slug != "craquelure"])
def test_undo_against_the_computer_takes_back_the_player_s_last_move_and_every_reply(
        site, shared, slug):
    """Random games against the computer (moving first, then second; the game's test
    options, Necto on its 4 x 4 board), undone to the start with the Undo button: each undo leaves the longest earlier position at which
    the player is to move (after the player's last move and every move the computer made
    since, two in a row in QTTT's collapse), worked out by replaying the moves here."""
    import tomllib

    _, base = site
    page = open_play_page(shared, base, slug, DESKTOP)
    seen_twice = 0
    for seat, seed in ((0, 1), (1, 2), (1, 3)):
        found = page.evaluate(UNDO_AGAINST_THE_COMPUTER, [seed, seat, 12, trial_options(slug)])
        undone = found["undone"]
        game = make_game(slug, **tomllib.loads(found["record"]).get("options", {}))
        assert undone, (slug, seat, seed)
        for before, after, turn in undone:
            turns, state = [], game.initial_state()
            for text in before:
                turns.append(state.turn)
                state = state.play(state.parse_move(text))
            seen_twice += any(a == b == seat for a, b in zip(turns, turns[1:]))
            mine = [n for n in range(len(before)) if turns[n] != seat]
            expected = before[:mine[-1]] if mine else []
            if not expected and seat == 0:  # at the start, the computer moves again
                assert len(after) <= 1 and turn != seat, (slug, before, after)
            else:
                assert after == expected and turn != seat, (slug, seat, before, after)
    page.close()
    if slug == "qttt":
        assert seen_twice, "no game where the computer moved twice in a row"
