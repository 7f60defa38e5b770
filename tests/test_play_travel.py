"""The play pages in a real headless browser (continued from test_play.py, whose
helpers it uses; a module of its own so that the two run side by side): games
that survive a reload and travel by their share links, a later visit playable
before its engine has started (drawn from the page's last drawing, which must
be the engine's view; a move clicked then is played once it has), stepping through a game
and playing on from any point, bad links and saves refused losing nothing, the
choices on a phone's screen, every figure panel opening in the player, and the
moves made on the board (Craquelure's aimed cuts, Necto's palette, QTTT's
collapse), each against CPython's engine."""

from __future__ import annotations

import json
import math
import random
import re
import tomllib
from urllib.parse import unquote

import pytest

from rulebook.errors import RulebookError
from rulebook.games import game_part, game_play, make_game
from rulebook.play.words import WORDS, game_words
from rulebook.records import find_records, load_record

from chromium import DESKTOP, PHONE, skip_unless_installed

skip_unless_installed()

from test_play import (CENTRE, FORGET_SAVED, GAMES, cpython_final,  # noqa: E402
                       new_context, open_play_page, same_position, settle, shared, tap_move,
                       trial_options)

# Each viewport in each language, without every test in all four: a test whose
# steps do not depend on the page's language or width, only its words and layout,
# runs one pair per language (desktop in English, the phone in Japanese) and,
# across games, the two crossed pairs as well.
VIEWS = [pytest.param(DESKTOP, "en", id="desktop-en"), pytest.param(PHONE, "ja", id="phone-ja")]
VIEWS_CROSSED = [pytest.param(DESKTOP, "ja", id="desktop-ja"),
                 pytest.param(PHONE, "en", id="phone-en")]
EVERY_GAME_VIEWS = [pytest.param(slug, *view.values, id=f"{slug}-{view.id}")
                    for n, slug in enumerate(GAMES)
                    for view in (VIEWS if n % 2 == 0 else VIEWS_CROSSED)]


def replayed(slug, options, moves):
    """CPython's position (as JSON) and legal moves (as written) after ``moves``."""
    state = cpython_final(slug, options, moves)
    return state.to_json(), sorted(map(state.format_move, state.legal_moves()))


def shown(page):
    return page.evaluate("async () => ({line: window.rulebookPlay.line(), at: window.rulebookPlay.at(),"
                         " moves: window.rulebookPlay.moves(), position: window.rulebookPlay.position(),"
                         " legal: await window.rulebookPlay.legalMoves()})")


def assert_shows(page, slug, options, line, at):
    now = shown(page)
    assert now["line"] == line and now["at"] == at, (now["line"], now["at"], line, at)
    position, legal = replayed(slug, options, line[:at])
    assert same_position(now["position"], position)
    assert now["legal"] == legal


def ready_page(context, url, viewport=DESKTOP, forget=False):
    """The page at ``url``, ready (``forget``: opened with nothing saved on the device)."""
    page = context.new_page()
    page.set_viewport_size(viewport)
    if forget:
        page.add_init_script(FORGET_SAVED)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.evaluate("() => window.rulebookPlay.ready")
    page.errors = errors
    return page


@pytest.mark.parametrize("slug", GAMES)
def test_a_game_survives_a_reload_and_the_language_switch_and_travels_by_its_share_link(
        site, shared, slug):
    """Autosave and share links round-trip, for every game: the same moves, options
    and position shown (CPython's position and legal moves after the same moves).
    (In the module's browser profile, which keeps the engine's snapshot: the game
    saved is the one this test starts.)"""
    project, base = site
    page = ready_page(shared, f"{base}/en/play/{slug}.html")
    options = trial_options(slug)
    page.evaluate("(options) => window.rulebookPlay.newGame(options)", options)
    rng = random.Random(17)
    for _ in range(7):
        legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
        page.evaluate("(move) => window.rulebookPlay.play(move)", rng.choice(legal))
    line = page.evaluate("() => window.rulebookPlay.line()")
    page.locator("button.play-back").click()  # the position shown is part of the game kept
    settle(page)
    assert_shows(page, slug, options, line, 6)

    page.reload()
    page.evaluate("() => window.rulebookPlay.ready")
    assert_shows(page, slug, options, line, 6)
    # drawn at once, from the page's last drawing: the engine's view of the game
    assert drawn_early(page) == "same"
    assert page.evaluate("() => window.rulebookPlay.record()") == cpython_record(page)
    for field in page.locator(".play-settings-form [name]").all():  # the options are shown
        name = field.get_attribute("name")
        if name in options:
            value = field.is_checked() if isinstance(options[name], bool) else field.input_value()
            assert value == (options[name] if isinstance(options[name], bool)
                             else str(options[name]).removesuffix(".0")), name

    page.locator("a.rulebook-langswitch-link").click()  # to the Japanese page
    page.wait_for_url("**/ja/play/**")
    page.evaluate("() => window.rulebookPlay.ready")
    assert_shows(page, slug, options, line, 6)
    assert drawn_early(page) is None  # (the English page's drawing is not this page's)
    page.reload()
    page.evaluate("() => window.rulebookPlay.ready")
    assert drawn_early(page) == "same"
    assert_shows(page, slug, options, line, 6)
    link = page.evaluate("() => window.rulebookPlay.shareLink()")
    assert link.startswith(f"{base}/ja/play/{slug}.html#")
    assert not page.errors, page.errors
    page.close()

    # the link, opened where nothing is saved: the same game, the same position shown;
    # then the address is the page's own (a reload keeps the game as played on)
    page = ready_page(shared, link, forget=True)
    assert_shows(page, slug, options, line, 6)
    assert page.evaluate("() => location.hash") == ""
    assert not page.errors and not shared.outside, (page.errors, shared.outside)
    page.close()


def drawn_early(page):
    """Whether the page drew the game saved before its engine was ready, from its last
    drawing, and the engine's view of it then was that drawing ("same"), or not
    ("other"); None: drawn by the engine."""
    page.evaluate("() => window.rulebookPlay.engineReady")
    return page.evaluate("() => window.rulebookPlay.timings.drawn ?? null")


def test_a_later_visit_is_playable_before_its_engine_is_ready_and_a_move_clicked_then_is_played(
        site, browser):
    """A later visit draws the game saved at once, from the page's last drawing of
    it, while the engine is still starting (here, held back: its engine.zip is not
    served yet); a move clicked on the board then is played once the engine is
    ready, on the game shown, as CPython plays it."""
    project, base = site
    context = new_context(browser, base)
    url = f"{base}/en/play/qttt.html"
    page = ready_page(context, url)
    rng = random.Random(3)
    for _ in range(3):
        legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
        page.evaluate("(move) => window.rulebookPlay.play(move)", rng.choice(legal))
    moves = page.evaluate("() => window.rulebookPlay.moves()")
    page.evaluate("() => window.rulebookPlay.saved")
    page.close()

    held = []
    context.route("**/play/engine.zip", lambda route: held.append(route))
    page = context.new_page()
    page.set_viewport_size(DESKTOP)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url)
    page.wait_for_function("() => window.rulebookPlay?.timings?.playable > 0", timeout=20_000)
    for _ in range(200):  # (the worker's request reaches the route in its own time)
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "engine.zip was not asked for"
    assert page.evaluate("() => window.rulebookPlay.timings.engine_ready") is None
    assert page.evaluate("() => window.rulebookPlay.moves()") == moves
    tokens = page.evaluate("() => window.rulebookPlay.tokens()")
    move, sequence = next((move, sequence) for move in sorted(tokens)
                          for sequence in tokens[move] if len(sequence) == 2)
    for token in sequence:  # a spooky mark: its two cells clicked
        page.mouse.click(*page.evaluate(CENTRE, token))
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.rulebookPlay.moves()") == moves  # waiting for the engine
    assert page.evaluate("() => window.rulebookPlay.timings.engine_ready") is None
    for route in held:
        route.continue_()
    assert drawn_early(page) == "same"
    settle(page)
    assert_shows(page, "qttt", {}, moves + [move], len(moves) + 1)
    assert not page.errors and not context.outside, (page.errors, context.outside)
    context.unroute("**/play/engine.zip")

    # a drawing that is not the engine's view of the game: drawn, then the engine's
    # instead; one kept for another build's page (another key): not drawn at all
    text = page.inner_text(".play-text")
    for change, drawn in [("drawn.view.text = 'not the engine\\'s'", "other"),
                          ("drawn.key = 'another build'", None)]:
        page.evaluate("""(change) => {
            const drawn = JSON.parse(localStorage.getItem('rulebook-play/qttt/drawn'));
            eval(change);
            localStorage.setItem('rulebook-play/qttt/drawn', JSON.stringify(drawn));
        }""", change)
        page.reload()
        page.evaluate("() => window.rulebookPlay.ready")
        assert drawn_early(page) == drawn, change
        settle(page)
        assert page.inner_text(".play-text") == text, change
    # one drawn with an aid switched (the page starts without it): not drawn either
    page.locator(".play-aids input[name=entanglement]").click()
    settle(page)
    legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
    page.evaluate("(move) => window.rulebookPlay.play(move)", legal[0])
    line = page.evaluate("() => window.rulebookPlay.line()")
    page.reload()
    page.evaluate("() => window.rulebookPlay.ready")
    assert drawn_early(page) is None
    assert_shows(page, "qttt", {}, line, len(line))
    context.close()


def test_a_share_link_made_on_an_address_with_a_fragment_holds_only_the_game_s(
        site, shared):
    """The address may still hold a fragment (an anchor, or a link that failed to open):
    the share link is the page's address with the game's fragment alone, and opens
    the game; so does the link with its fields in another order (as a hand or a tool
    may write them: a fragment's fields have no order)."""
    project, base = site
    for fragment, moves in (("#top", ["a1-b2", "c3-b2"]), ("#game=not-a-game", ["b1-c3"])):
        page = ready_page(shared, f"{base}/en/play/qttt.html{fragment}", forget=True)
        page.evaluate("() => window.rulebookPlay.newGame({})")
        for move in moves:
            page.evaluate("(move) => window.rulebookPlay.play(move)", move)
        line = page.evaluate("() => window.rulebookPlay.line()")
        link = page.evaluate("() => window.rulebookPlay.shareLink()")
        assert link.startswith(f"{base}/en/play/qttt.html#") and link.count("#") == 1, link
        page.close()
        address, _, fields = link.partition("#")
        for opened in (link, f"{address}#{'&'.join(reversed(fields.split('&')))}"):
            page = ready_page(shared, opened, forget=True)
            assert_shows(page, "qttt", {}, line, len(moves))
            assert not page.errors, page.errors
            page.close()


def test_a_share_link_opened_where_another_game_is_saved_opens_the_link_s_game(site, shared):
    """The first game a page shows: the one its address's link holds, before the one
    saved on the device (which is the first game only without a link); then the link's
    game is the one saved, and a reload shows it."""
    project, base = site
    url = f"{base}/en/play/qttt.html"
    page = ready_page(shared, url, forget=True)
    page.evaluate("() => window.rulebookPlay.newGame({})")
    for move in ("a1-b2", "c3-b2"):
        page.evaluate("(move) => window.rulebookPlay.play(move)", move)
    shared_line = page.evaluate("() => window.rulebookPlay.line()")
    link = page.evaluate("() => window.rulebookPlay.shareLink()")
    page.evaluate("() => window.rulebookPlay.newGame({})")  # another game, saved
    page.evaluate("(move) => window.rulebookPlay.play(move)", "a2-c1")
    page.evaluate("() => window.rulebookPlay.saved")
    page.close()

    page = ready_page(shared, link)  # the other game is saved on this device
    assert_shows(page, "qttt", {}, shared_line, len(shared_line))
    page.evaluate("() => window.rulebookPlay.saved")
    page.reload()
    page.evaluate("() => window.rulebookPlay.ready")
    assert_shows(page, "qttt", {}, shared_line, len(shared_line))
    page.goto(url)  # no link: the game saved
    page.evaluate("() => window.rulebookPlay.ready")
    assert_shows(page, "qttt", {}, shared_line, len(shared_line))
    assert not page.errors, page.errors
    page.close()


def test_a_game_the_second_player_starts_is_numbered_by_full_moves_from_a_gap(site, shared):
    """A record whose start position has the second player to move (Black): the
    move list's first line is move 1 with a gap (…) where the first player's move
    would be, then Black's move; every later line holds a White move, then a Black one."""
    project, base = site
    page = ready_page(shared, f"{base}/en/play/inphexion.html", forget=True)
    path = project.figures / "inphexion" / "already-surrounded.toml"
    page.evaluate("([text, name]) => window.rulebookPlay.openRecord(text, name)",
                  [path.read_text(encoding="utf-8"), path.name])
    for _ in range(3):
        page.evaluate("async () => window.rulebookPlay.play("
                      "(await window.rulebookPlay.legalMoves())[0])")
    settle(page)
    line = page.evaluate("() => window.rulebookPlay.line()")
    assert len(line) == 5 and page.evaluate("() => window.rulebookPlay.turn()") == 0
    items = page.locator(".play-moves li")
    assert [li.get_attribute("value") for li in items.all()] == ["1", "2", "3"]
    assert items.nth(0).locator(".play-ply-gap").count() == 1
    assert [li.locator("button.play-ply").all_inner_texts() for li in items.all()] == \
        [line[:1], line[1:3], line[3:5]]
    assert items.nth(1).locator(".play-ply-gap").count() == 0
    page.close()


def unusual_options(slug: str) -> dict:
    """Every option of the game away from its default, off or zero where the game
    allows it (the values a form most easily shows wrongly), else another value."""
    options = {}
    for p in make_game(slug).parameters:
        if p.choices:
            tries = [c for c in p.choices if c != p.default]
        elif isinstance(p.default, bool):
            tries = [not p.default]
        else:
            tries = [type(p.default)(0), trial_options(slug).get(p.name), p.default + 1]
        for value in [v for v in tries if v is not None and v != p.default]:
            try:
                make_game(slug, **options, **{p.name: value})
            except RulebookError:
                continue
            options[p.name] = value
            break
    return options


@pytest.mark.parametrize("slug", [s for s in GAMES if make_game(s).parameters])
def test_the_settings_show_each_option_of_the_game_off_and_zero_too_and_start_it_again(
        site, shared, slug):
    """A game whose options are all away from their defaults (some off or zero): the
    settings form shows each as the game has it, and "New game" from the form starts
    a game with the same options, a fraction typed into each option that takes one."""
    project, base = site
    options = unusual_options(slug)
    assert len(options) == len(make_game(slug).parameters), options
    page = ready_page(shared, f"{base}/en/play/{slug}.html", forget=True)
    page.evaluate("(options) => window.rulebookPlay.newGame(options)", options)
    settle(page)
    form = page.locator(".play-settings-form")
    for name, value in options.items():
        field = form.locator(f"[name='{name}']")
        shown = field.is_checked() if isinstance(value, bool) else field.input_value()
        assert shown == (value if isinstance(value, bool) else str(value).removesuffix(".0")), \
            (name, value, shown)
    for p in make_game(slug).parameters:  # a fraction typed into each option that takes one
        if isinstance(p.default, float) and not p.choices:
            value = next(v for v in (options[p.name] + k / 4 for k in (1, 2, 3, -1, -2))
                         if valid_options(slug, {**options, p.name: v}))
            form.locator(f"[name='{p.name}']").fill(str(value))
            options[p.name] = value
    form.locator("button[type=submit]").click()
    settle(page)
    assert page.evaluate("() => window.rulebookPlay.moves().length") == 0
    record = tomllib.loads(page.evaluate("() => window.rulebookPlay.record()"))
    assert record.get("options", {}) == options
    page.close()


def valid_options(slug: str, options: dict) -> bool:
    try:
        make_game(slug, **options)
    except RulebookError:
        return False
    return True


def test_the_players_chosen_survive_a_reload(site, shared):
    """The opponent, who moves first and the computer's strength, every strength,
    come back with the game saved after a reload, as the settings show them; a new
    game against the computer that names neither its seat nor its strength has the
    defaults (it moves second, at strength 2), and so has a saved game whose seat and
    strength are not ones the page offers; a saved opponent the page does not offer is
    the other player at the board."""
    project, base = site
    page = ready_page(shared, f"{base}/en/play/qttt.html")  # (kept on reloads: no forget)
    for computer, strength in ((1, 3), (0, 1), (None, None)):
        page.evaluate("([computer, strength]) => window.rulebookPlay.newGame({opponent: 'computer',"
                      " ...(computer === null ? {} : {computer, strength})})", [computer, strength])
        if computer is None:
            computer, strength = 1, 2
        settle(page)
        page.evaluate("() => window.rulebookPlay.computerMove()")
        page.evaluate("async () => window.rulebookPlay.play("
                      "(await window.rulebookPlay.legalMoves())[0])")  # a game to keep
        settle(page)
        page.evaluate("() => window.rulebookPlay.computerMove()")
        page.reload()
        page.evaluate("() => window.rulebookPlay.ready")
        settle(page)
        form = page.locator(".play-settings-form")
        shown = (form.locator("[name=opponent]").input_value(),
                 form.locator("[name=strength]").input_value())
        assert shown == (f"computer-{computer}", str(strength)), (computer, strength, shown)
    # a saved game whose seat and strength are no longer ones the page has (an older or
    # edited save): the game comes back against the computer, with the defaults
    # (and one whose opponent is not one the page has, or missing: a game for two)
    for opponent, seat, strength, shown in (
            ("computer", "second", 9, "computer-1"), ("computer", 2, "3", "computer-1"),
            ("computer", None, 0, "computer-1"), ("robot", 0, 1, "human"), (None, 0, 1, "human")):
        page.evaluate("([opponent, seat, strength]) => { const key = 'rulebook-play/qttt';"
                      " const kept = JSON.parse(localStorage.getItem(key));"
                      " kept.mode = {opponent, computer: seat, strength};"
                      " localStorage.setItem(key, JSON.stringify(kept)); }",
                      [opponent, seat, strength])
        page.reload()
        page.evaluate("() => window.rulebookPlay.ready")
        settle(page)
        form = page.locator(".play-settings-form")
        assert form.locator("[name=opponent]").input_value() == shown, (opponent, seat)
        if shown != "human":
            assert form.locator("[name=strength]").input_value() == "2", (opponent, seat)
    page.evaluate("() => window.rulebookPlay.newGame({})")  # a game for two left saved
    settle(page)
    page.close()


def test_the_computer_chosen_in_the_settings_plays_at_the_default_strength(site, shared):
    """A first visit's settings show the default strength (2: what a game against the
    computer that names no strength gets); choosing the computer as the opponent there,
    and nothing else, makes it play at that strength (as the next visit shows it, from
    the game saved)."""
    project, base = site
    url = f"{base}/ja/play/inphexion.html"
    page = ready_page(shared, url, forget=True)
    form = page.locator(".play-settings-form")
    assert form.locator("[name=strength]").input_value() == "2"
    form.locator("[name=opponent]").select_option("computer-1")
    settle(page)
    page.evaluate("() => window.rulebookPlay.saved")
    page.close()
    page = ready_page(shared, url)  # the game saved, as the next visit opens it
    settle(page)
    form = page.locator(".play-settings-form")
    assert (form.locator("[name=opponent]").input_value(),
            form.locator("[name=strength]").input_value()) == ("computer-1", "2")
    page.evaluate("() => window.rulebookPlay.newGame({})")  # a game for two left saved
    settle(page)
    page.close()


def cpython_record(page):
    """The record the page writes, as CPython's bridge writes it for the same game."""
    from rulebook.play.bridge import Session

    return Session.from_link(page.evaluate("() => window.rulebookPlay.shareLink()")
                             .partition("#")[2]).record()


def test_steps_back_and_forward_and_playing_on_from_any_point(site, shared):
    """Buttons, keys and the move list (numbered by full moves) step through the
    game; a move played at an earlier point drops the later ones; against the
    computer, "Continue from here" lets it reply there."""
    project, base = site
    page = ready_page(shared, f"{base}/en/play/qttt.html", forget=True)
    page.evaluate("() => window.rulebookPlay.newGame({})")
    for move in ["a1-b2", "c3-b2", "a1-c1", "a3-c2", "b1-c1"]:
        page.evaluate("(move) => window.rulebookPlay.play(move)", move)
    line = page.evaluate("() => window.rulebookPlay.line()")  # as the engine writes them
    plies = page.locator(".play-moves li")
    assert plies.count() == 3  # 1. a1-b2 c3-b2  2. a1-c1 a3-c2  3. b1-c1
    assert [li.get_attribute("value") for li in plies.all()] == ["1", "2", "3"]
    assert plies.nth(1).locator("button.play-ply").all_inner_texts() == line[2:4]

    page.locator("button.play-back").click()
    settle(page)
    assert_shows(page, "qttt", {}, line, 4)
    assert "After 4 of 5 moves" in page.inner_text(".play-status")
    # the moves after the position shown are greyed, and only they
    assert page.locator(".play-moves button.play-after").all_inner_texts() == line[4:]
    assert page.locator(".play-moves [aria-current]").inner_text() == line[3]
    page.locator("body").press("ArrowLeft")
    settle(page)
    assert_shows(page, "qttt", {}, line, 3)
    page.locator("body").press("Home")
    settle(page)
    assert_shows(page, "qttt", {}, line, 0)
    assert page.locator("button.play-back").is_disabled()
    page.locator("body").press("ArrowRight")
    settle(page)
    assert_shows(page, "qttt", {}, line, 1)
    page.locator(".play-moves button.play-ply", has_text=line[3]).click()
    settle(page)
    assert_shows(page, "qttt", {}, line, 4)
    assert page.locator(".play-moves [aria-current]").inner_text() == line[3]
    page.locator("button.play-last").click()
    settle(page)
    assert_shows(page, "qttt", {}, line, 5)

    # against a person: a move at move 2 drops the later ones
    page.locator(".play-moves button.play-ply", has_text=line[1]).click()
    settle(page)
    tap_move(page, "b3-c3", ["b3", "c3"])
    played = page.evaluate("() => window.rulebookPlay.line()")
    assert played[:2] == line[:2] and len(played) == 3 and played[2] in ("b3-c3", "c3-b3")
    assert_shows(page, "qttt", {}, played, 3)

    # against the computer: stepped back, it waits; "Continue from here", it replies
    page.locator(".play-moves button.play-ply", has_text=line[0]).click()
    settle(page)
    page.locator(".play-settings-form [name=opponent]").select_option("computer-1")
    page.locator(".play-settings-form [name=strength]").select_option("1")
    settle(page)
    assert not page.evaluate("() => window.rulebookPlay.thinking()")
    assert page.evaluate("() => window.rulebookPlay.line()") == played
    page.locator("button.play-continue").click()
    settle(page)
    page.evaluate("() => window.rulebookPlay.computerMove()")
    now = shown(page)
    assert now["line"][:1] == line[:1] and len(now["line"]) == 2 and now["at"] == 2, now
    assert page.evaluate("() => window.rulebookPlay.turn()") == 0
    assert not page.errors, page.errors
    page.close()


def test_each_step_button_at_each_point_of_a_game_goes_where_it_says_or_is_disabled(site, shared):
    """From every position of a five-move game, each of « ‹ › » is disabled exactly
    when it would not move, and otherwise shows the position it names."""
    project, base = site
    page = ready_page(shared, f"{base}/en/play/qttt.html", forget=True)
    page.evaluate("() => window.rulebookPlay.newGame({})")
    for move in ["a1-b2", "c3-b2", "a1-c1", "a3-c2", "b1-c1"]:
        page.evaluate("(move) => window.rulebookPlay.play(move)", move)
    line = page.evaluate("() => window.rulebookPlay.line()")
    end = len(line)
    for at in range(end + 1):
        for button, target in (("play-first", 0), ("play-back", max(0, at - 1)),
                               ("play-forward", min(end, at + 1)), ("play-last", end)):
            for key in ["Home"] + ["ArrowRight"] * at:
                page.locator("body").press(key)
                settle(page)
            assert shown(page)["at"] == at
            control = page.locator(f"button.{button}")
            assert control.is_disabled() == (target == at), (button, at)
            if target != at:
                control.click()
                settle(page)
                assert_shows(page, "qttt", {}, line, target)
    assert not page.errors, page.errors
    page.close()


def test_bad_links_saved_games_and_records_of_another_game_are_refused_and_lose_nothing(
        site, shared):
    project, base = site
    page = ready_page(shared, f"{base}/en/play/necto.html")
    page.evaluate("() => window.rulebookPlay.newGame({size: 4})")
    for move in ("A1=c1", "B2=t1"):
        page.evaluate("(move) => window.rulebookPlay.play(move)", move)
    saved = page.evaluate("() => localStorage.getItem('rulebook-play/necto')")
    assert saved and json.loads(saved)["link"].startswith("#game=necto")
    # one saved game a game, whichever language's page it was played on
    page.goto(f"{base}/ja/play/necto.html")
    page.evaluate("() => window.rulebookPlay.ready")
    assert page.evaluate("() => window.rulebookPlay.moves()") == ["A1=c1", "B2=t1"]

    # a malformed link: said so, in one line; the saved game is shown instead, and kept
    for fragment, words in [("#game=necto&moves=[%22A1=c1", "not readable"),
                            ("#game=necto&moves=[%22Z9=c1%22]", "move 1 (Z9=c1)"),
                            ("#game=necto&at=x", "not a number"),
                            ("#game=necto&colour=red", "'colour'")]:
        page.goto("about:blank")  # a new visit, not a jump within the page
        page.goto(f"{base}/en/play/necto.html{fragment}")
        page.evaluate("() => window.rulebookPlay.ready")
        error = page.inner_text(".play-error")
        assert error.startswith("The link's game could not be opened (") and words in error, error
        assert page.evaluate("() => window.rulebookPlay.moves()") == ["A1=c1", "B2=t1"]
        assert page.evaluate("() => localStorage.getItem('rulebook-play/necto')") == saved

    # a record of another game: refused with the games named; the game on the board goes on
    page.goto(f"{base}/en/play/necto.html")
    page.evaluate("() => window.rulebookPlay.ready")
    qttt = (project.figures / "qttt" / "spooky-marks.toml").read_text(encoding="utf-8")
    page.locator("input.play-open-file").set_input_files(files=[{
        "name": "spooky-marks.toml", "mimeType": "text/plain", "buffer": qttt.encode()}])
    page.wait_for_function("() => document.querySelector('.play-error').textContent")
    error = page.inner_text(".play-error")
    assert error.startswith("The record could not be opened:"), error
    assert "Quantum Tic-Tac-Toe, not of Necto" in error, error
    assert page.evaluate("() => window.rulebookPlay.moves()") == ["A1=c1", "B2=t1"]

    # a corrupted saved game: said so; a new game; the saved text kept aside
    for broken in ["{not json", json.dumps({"link": "#game=necto&moves=[%22Q1%22]",
                                            "mode": {}})]:
        page.evaluate("(text) => localStorage.setItem('rulebook-play/necto', text)", broken)
        page.reload()
        page.evaluate("() => window.rulebookPlay.ready")
        error = page.inner_text(".play-error")
        assert error.startswith("The game saved on this device could not be restored ("), error
        assert page.evaluate("() => window.rulebookPlay.moves()") == []
        assert page.evaluate(
            "() => localStorage.getItem('rulebook-play/necto/unreadable')") == broken
    assert not page.errors, page.errors
    page.close()


def test_a_bad_record_file_opened_on_the_japanese_page_is_refused_in_japanese(site, shared):
    """Record files wrong in several ways (not TOML, not a record, another game, an
    option, an illegal move, a start position), opened by the page's file button on
    the Japanese page: each refused in Japanese, the record loader's and the TOML
    reader's words too; the game on the board goes on."""
    from test_play_messages import BAD_RECORDS, left_in_english

    project, base = site
    page = open_play_page(shared, base, "necto", DESKTOP, lang="ja")
    page.evaluate("() => window.rulebookPlay.play('A1=c1')")
    qttt = (project.figures / "qttt" / "spooky-marks.toml").read_text(encoding="utf-8")
    kinds = ["an unclosed array", "a bare word", "a key twice", "an unknown key",
             "moves not strings", "an unknown game", "an unknown option", "an illegal move",
             "a start position not of the game", "a claim of an unknown fact"]
    opened = WORDS["ja"]["open_failed"].split("{error}")[0]
    for what, text in [*((kind, BAD_RECORDS[kind]) for kind in kinds),
                       ("a record of another game", qttt)]:
        page.evaluate("() => { document.querySelector('.play-error').textContent = ''; }")
        page.locator("input.play-open-file").set_input_files(files=[{
            "name": "mine.toml", "mimeType": "text/plain", "buffer": text.encode()}])
        page.wait_for_function("() => document.querySelector('.play-error').textContent")
        error = page.inner_text(".play-error")
        assert error.startswith(opened) and "mine.toml" in error, (what, error)
        assert not left_in_english(error), (what, error)
        assert page.evaluate("() => window.rulebookPlay.moves()") == ["A1=c1"], what
    page.close()


# Every button among the choices, scrolled into sight within its sheet: inside the
# screen, and at least 44 px each way.
CHOICES_ON_SCREEN = """() => {
    const out = [];
    for (const button of document.querySelectorAll('.play-choices button')) {
        button.scrollIntoView({block: "nearest", behavior: "instant"});
        const b = button.getBoundingClientRect();
        out.push({text: button.textContent, left: b.left, top: b.top, right: b.right,
                  bottom: b.bottom, width: b.width, height: b.height});
    }
    return out;
}"""


def phone_options(slug: str) -> dict:
    """The options of the game the phone's test taps (play.py's ``PHONE_OPTIONS``, such as
    the largest board), else the defaults."""
    return getattr(game_play(slug), "PHONE_OPTIONS", {})


def first_moves_to_choices(slug: str) -> int | None:
    """How many moves, each the first legal move in the notation's order, lead to a
    position where some move takes more than one tap (None: none within a few moves,
    as in a game whose every move is one tap on its cell)."""
    clicks = game_part(slug, "clicks")
    state = make_game(slug, **phone_options(slug)).initial_state()
    for played in range(4):
        legal = sorted(map(state.format_move, state.legal_moves()))
        if any(len(seq) > 1 for move in legal for seq in clicks.tokens(state, move)):
            return played
        state = state.play(state.parse_move(legal[0]))
    return None


@pytest.mark.parametrize("slug", [slug for slug in GAMES
                                  if first_moves_to_choices(slug) is not None])
def test_on_a_phone_the_choices_after_a_tap_are_on_the_screen(site, shared, slug):
    project, base = site
    page = open_play_page(shared, base, slug, PHONE)
    page.evaluate("(options) => window.rulebookPlay.newGame(options)", phone_options(slug))
    for _ in range(first_moves_to_choices(slug)):  # to a move taking more than one tap
        page.evaluate("async () => window.rulebookPlay.play((await window.rulebookPlay.legalMoves())[0])")
    targets = {t for t in page.evaluate(
        "() => [...document.querySelectorAll('.play-target.play-next')].map((t) => t.dataset.token)")}
    tokens = page.evaluate("() => window.rulebookPlay.tokens()")
    # the first token of a move picked in more than one tap, on the board
    first = sorted({seq[0] for seqs in tokens.values() for seq in seqs
                    if len(seq) > 1 and seq[0] in targets})[0]
    page.mouse.click(*page.evaluate(CENTRE, first))
    settle(page)
    boxes = page.evaluate(CHOICES_ON_SCREEN)
    assert boxes, "no choices after a tap"
    for box in boxes:
        assert box["top"] >= 0 and box["bottom"] <= PHONE["height"], box
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box
        assert box["width"] >= 44 and box["height"] >= 44, box
    # the sheet's buttons work: Cancel takes the tap back, and the sheet goes
    page.locator(".play-choices button.play-cancel").click()
    settle(page)
    assert page.locator(".play-choices button").count() == 0
    assert page.locator(".play-target.play-picked").count() == 0
    page.close()


def figure_panel_links(site_root, figures, lang):
    """Every figure panel on the web pages of ``lang``: (page, record name, panel
    number, its play link's href), and the figures whose panels have no play link."""
    import html as html_module

    stems = {f"{path.parent.name}-{path.stem}": path for path in find_records(figures)}
    found, missing = [], []
    for page in sorted((site_root / lang).rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        for figure in re.findall(r'<figure class="rulebook-figure.*?</figure>', text, re.S):
            panels = re.findall(rf'<img [^>]*class="rulebook-panel" src="[^"]*/([^"/]+)-{lang}-(\d+)\.svg"',
                                figure)
            if not panels or panels[0][0] not in stems:
                continue  # not a record's figure (a study's chart)
            links = [html_module.unescape(href) for href in re.findall(
                r'<a class="[^"]*rulebook-play-position[^"]*" href="([^"]+)"', figure)]
            if len(links) != len(panels):
                missing.append((page.name, panels[0][0], len(links), len(panels)))
            for (stem, k), href in zip(panels, links):
                found.append((page, stems[stem], int(k), href))
    return found, missing


def assert_open_at_their_positions(context, base, project, fragments):
    """Each {(record path, panel number): play-link fragment}, opened in its game's
    English player: the legal moves and position CPython's after the panel's moves."""
    pages, records = {}, {}
    for (record_path, k), fragment in fragments.items():
        record = records.get(record_path) or records.setdefault(
            record_path, load_record(record_path, project.figures))
        slug = record.game.slug
        if slug not in pages:
            pages[slug] = open_play_page(context, base, slug, DESKTOP)
        panel = record.panels[k - 1]
        state = record.variation(panel.after, panel.then, panel.line)[-1]
        pages[slug].evaluate("(fragment) => window.rulebookPlay.openLink(fragment)", "#" + fragment)
        legal = pages[slug].evaluate("() => window.rulebookPlay.legalMoves()")
        assert legal == sorted(map(state.format_move, state.legal_moves())), (record.name, k)
        assert same_position(pages[slug].evaluate("() => window.rulebookPlay.position()"),
                             state.to_json()), (record.name, k)
    for page in pages.values():
        page.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_figure_panel_opens_in_the_player_at_its_position(site, shared, lang):
    """Each panel of each figure links to its language's play page at that panel's
    position: opened there, the legal moves are CPython's after the record's moves
    up to the panel (and its variation).  A position is the record's in every
    language: the Japanese pages' links carry the English ones' fragments, which
    the English run opens in the player; each language's run clicks a real link."""
    project, base = site
    site_root = project.build / "site"
    found, missing = figure_panel_links(site_root, project.figures, lang)
    assert not missing, missing
    assert len({record for _, record, _, _ in found}) >= 20, len(found)
    fragments, slugs = {}, {}
    for page_path, record_path, k, href in found:
        slug = slugs.get(record_path) or slugs.setdefault(
            record_path, load_record(record_path, project.figures).game.slug)
        url = (base + "/" + page_path.relative_to(site_root).parent.as_posix() + "/" + href)
        target, _, fragment = url.partition("#")
        assert re.sub(r"/[^/]+/\.\./", "/", target).endswith(f"/{lang}/play/{slug}.html"), href
        assert fragments.setdefault((record_path, k), fragment) == fragment, (record_path, k)
    if lang == "en":
        assert_open_at_their_positions(shared, base, project, fragments)
    else:
        english, _ = figure_panel_links(site_root, project.figures, "en")
        assert fragments == {(record, k): href.partition("#")[2] for _, record, k, href in english}

    # a real click on a panel's link: the play page opens at that position
    page_path, record_path, k, href = found[0]
    page = shared.new_page()
    page.add_init_script(FORGET_SAVED)
    page.goto(f"{base}/{page_path.relative_to(site_root).as_posix()}")
    page.locator("a.rulebook-play-position").first.click()
    page.wait_for_url(f"**/{lang}/play/**")
    page.evaluate("() => window.rulebookPlay.ready")
    record = load_record(record_path, project.figures)
    panel = record.panels[k - 1]
    assert page.evaluate("() => window.rulebookPlay.moves()") == [
        *record.moves[:panel.after], *panel.then]
    page.close()


# The middle of each rim arc of each region, just inside the rim: outside the
# region's vertex polygon (in the strip between its chord and the rim), inside the region.
RIM_POINTS = """() => {
    const out = [];
    for (const region of window.rulebookPlay.position().regions) {
        const n = region.vertices.length;
        for (let i = 0; i < n; i++) {
            if (typeof region.edges[i] !== "string") continue;  // a rim arc: "A", "B", "C"
            const [a, b] = [region.vertices[i], region.vertices[(i + 1) % n]].map(([x, y]) => Math.atan2(y, x));
            const sweep = ((b - a) % (2 * Math.PI) + 2 * Math.PI) % (2 * Math.PI) || 2 * Math.PI;
            const angle = a + sweep / 2;
            out.push({id: region.id, x: 0.985 * Math.cos(angle), y: 0.985 * Math.sin(angle)});
        }
    }
    return out;
}"""


def test_craquelure_a_press_in_a_strip_beside_the_rim_picks_its_region(site, shared):
    project, base = site
    page = open_play_page(shared, base, "craquelure", DESKTOP)
    page.evaluate("() => window.rulebookPlay.newGame({})")
    page.evaluate("(m) => window.rulebookPlay.play(m)",
                  page.evaluate("async () => (await window.rulebookPlay.legalMoves())[0]"))
    cuttable = {seq[0] for seqs in page.evaluate("() => window.rulebookPlay.tokens()").values()
                for seq in seqs}
    points = [p for p in page.evaluate(RIM_POINTS) if f"#{p['id']}" in cuttable]
    assert len(points) >= 3, points
    for point in points:
        at = page.evaluate("([x, y]) => window.rulebookPlay.screenPoint(x, y)",
                           [point["x"], point["y"]])
        page.mouse.click(*at)
        settle(page)
        picked = page.locator(".play-target.play-picked").get_attribute("data-token")
        assert picked == f"#{point['id']}", (point, picked)
        page.locator("button.play-cancel").click()
        settle(page)
    page.close()


def test_necto_tiles_are_picked_from_a_palette_of_the_eight_drawn_as_placed(site, shared):
    """A tap on a cell offers the eight tiles, each drawn as it would lie there, only
    those the rules allow enabled; pointing at one previews it on the board; a tap
    on one plays it."""
    project, base = site
    page = open_play_page(shared, base, "necto", PHONE)
    page.evaluate("() => window.rulebookPlay.newGame({size: 4})")
    rng = random.Random(2)
    for _ in range(16):  # a full board: now tiles are replaced, and not every tile may replace
        legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
        page.evaluate("(move) => window.rulebookPlay.play(move)", rng.choice(legal))
    moves = page.evaluate("() => window.rulebookPlay.moves()")
    state = cpython_final("necto", {"size": 4}, moves)
    legal = sorted(map(state.format_move, state.legal_moves()))
    cell = next(m.split(">")[0] for m in legal if ">" in m)
    allowed = {m.split(">")[1] for m in legal if m.startswith(cell + ">")}
    assert 0 < len(allowed) < 8, allowed  # the test means something: some tiles refused

    page.mouse.click(*page.evaluate(CENTRE, cell))
    settle(page)
    tiles = page.locator(".play-choices button.play-tile")
    assert tiles.count() == 8
    enabled = {t.inner_text().strip() for t in tiles.all() if t.is_enabled()}
    assert enabled == allowed
    for tile in tiles.all():  # each allowed tile drawn (an image of the board round the cell)
        if tile.is_enabled():
            src = tile.locator("img").get_attribute("src")
            assert src.startswith("data:image/svg+xml") and "polyline" in unquote(src)
    board = page.inner_html(".play-board")
    code = sorted(allowed)[0]
    tiles.filter(has_text=code).hover()
    assert page.inner_html(".play-board") != board  # the tile previewed in its cell
    tiles.filter(has_text=code).click()
    settle(page)
    assert page.evaluate("() => window.rulebookPlay.moves()")[-1] == f"{cell}>{code}"
    page.close()


def drag(page, start, end):
    """Press at ``start`` and drag to ``end`` (points of the drawing) by pointer events."""
    to_screen = "([x, y]) => window.rulebookPlay.screenPoint(x, y)"
    page.evaluate("() => document.querySelector('.play-board')"
                  ".scrollIntoView({block: 'center', behavior: 'instant'})")
    page.mouse.move(*page.evaluate(to_screen, start))
    page.mouse.down()
    page.mouse.move(*page.evaluate(to_screen, end), steps=6)
    page.mouse.up()
    settle(page)


def tap_part(page, number):
    at = page.evaluate("""(n) => {
        const shape = document.querySelector(`.play-aim-part[data-part="${n}"]`);
        shape.scrollIntoView({block: "center", behavior: "instant"});
        const points = [...shape.points], x = points.reduce((s, p) => s + p.x, 0) / points.length,
              y = points.reduce((s, p) => s + p.y, 0) / points.length;
        const at = new DOMPoint(x, y).matrixTransform(shape.getScreenCTM());
        return [at.x, at.y];
    }""", number)
    page.mouse.click(*at)
    settle(page)


@pytest.mark.parametrize("viewport, lang", VIEWS)
def test_craquelure_a_cut_is_aimed_by_hand_previewed_and_played(site, shared, viewport, lang):
    """Press in a region for the point, drag to turn the rays, snapped to the grid and
    the direction step; the parts and their shares drawn live, or the engine's reason
    a cut would be refused (in the page's language); tap the parts to say whose; Cut
    plays it."""
    from rulebook.games.craquelure import clicks
    from test_play_messages import japanese

    project, base = site
    page = open_play_page(shared, base, "craquelure", viewport, lang=lang)
    options = {"grid": "square", "grid_steps": 20, "directions": 12, "first_direction": 15.0}
    page.evaluate("(options) => window.rulebookPlay.newGame(options)", options)
    state = make_game("craquelure", **options).initial_state()

    # a cut the rules refuse (a part under the minimum, near the rim): the engine's reason
    drag(page, (-0.81, -0.52), (-0.51, -0.22))
    info = page.inner_text(".play-aim-info")
    assert page.locator(".play-aim-cut").is_disabled()
    assert info.startswith(game_words("craquelure", lang)["aim_refused"].split("{")[0]), info
    # the engine's reason for the same cut: the point pressed, the rays towards the pointer
    refused = clicks.aim(state, -0.81, -0.52, math.degrees(math.atan2(0.3, 0.3)))
    assert refused["point"] == "(-0.8,-0.5)" and refused["angle_text"] == "45"
    reason = refused["reason"] if lang == "en" else japanese("craquelure")(refused["reason"])
    assert reason and reason in info, (reason, info)

    # a cut in a large region: pressed off the grid, dragged to turn the rays
    drag(page, (-0.53, 0.12), (-0.43, 0.55))
    aim = clicks.aim(state, -0.53, 0.12, 0.0)
    assert aim["point"] == "(-0.5,0.1)"  # the grid's nearest point (steps of 0.1)
    assert page.inner_text(".play-aim-shares").count("%") == 3
    # turned by the button and by the arrow keys on a focused place of the board (←
    # anticlockwise, → clockwise), a direction step each: 75° dragged, 105, 135, 105, 75
    page.locator(".play-aim-turn[data-turn='1']").click()
    settle(page)
    page.locator(".play-target").first.focus()
    for key in ("ArrowLeft", "ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
        settle(page)
    cut = page.locator(".play-aim-cut")
    # each step says whose part the next tap names: the mover's, then (a neutral region)
    # the opponent's, each by the name the game gives them in the page's language
    words = game_words("craquelure", lang)
    mover, opponent = (state.player_name(i, lang) for i in (state.turn, 1 - state.turn))
    asked = lambda: page.inner_text(".play-aim-info")  # noqa: E731
    assert cut.is_disabled()  # no part named yet
    assert asked().endswith(words["aim_take"].format(player=mover)), asked()
    tap_part(page, 2)
    assert cut.is_disabled()  # a neutral region: the other player's part too
    assert asked().endswith(words["aim_give"].format(player=opponent)), asked()
    tap_part(page, 3)
    assert cut.is_enabled()
    assert asked().endswith(words["aim_ready"]), asked()
    # ↻ a step clockwise, ↺ a step anticlockwise, ↺ once more: 75, 105 in the end
    for turn in ("-1", "1", "1"):
        page.locator(f".play-aim-turn[data-turn='{turn}']").click()
        settle(page)
    shares = [float(text) for text in re.findall(r"\d: ([0-9.]+) %", page.inner_text(".play-aim-shares"))]
    cut.click()
    settle(page)
    move = page.evaluate("() => window.rulebookPlay.moves()")[-1]
    point, angle_text, *named = move.split()
    assert point == "(-0.5,0.1)" and float(angle_text) == 105  # on the grid and the step
    played = state.play(state.parse_move(move))  # CPython plays the same cut
    assert same_position(page.evaluate("() => window.rulebookPlay.position()"), played.to_json())
    # the shares shown were the engine's: each part's area as CPython has it, part by part
    percents = {r["id"]: r["area_percent"] for r in played.to_json()["regions"]}
    assert shares == [round(percents[state.next_id + k], 1) for k in range(3)], shares
    page.close()


def test_craquelure_a_cut_of_the_opponent_s_region_names_the_part_tapped_last(site, shared):
    """Aimed at the opponent's region, a cut names only the mover's part: a second part
    tapped moves the mover's pick there (there is no part of the other player's to
    name), and Cut plays the part tapped last."""
    from rulebook.games.craquelure import clicks

    project, base = site
    page = open_play_page(shared, base, "craquelure", DESKTOP)
    page.evaluate("() => window.rulebookPlay.newGame({})")
    page.evaluate("(move) => window.rulebookPlay.play(move)", "(0,0) 0 B1 R2")
    settle(page)
    state = make_game("craquelure").initial_state()
    state = state.play(state.parse_move("(0,0) 0 B1 R2"))
    aim = clicks.aim(state, 0.07, 0.27, 90.0)  # in Blue's region, Red to move
    assert aim["reason"] is None and aim["opponent"] is None and aim["mover"] == "R"
    drag(page, (0.07, 0.27), (0.07, 0.6))
    cut = page.locator(".play-aim-cut")
    tap_part(page, 1)
    assert cut.is_enabled()  # the mover's part alone is the whole naming
    tap_part(page, 3)
    cut.click()
    settle(page)
    move = page.evaluate("() => window.rulebookPlay.moves()")[-1]
    assert move.split()[2:] == ["R3"], move
    page.close()


# Every kind of move each game's rules have (besides Craquelure's aimed cut, its own
# test's): (kind, options, whether a legal move, in notation, is of that kind).
MOVE_KINDS = {
    "necto": [("place a tile from the palette", {"size": 4}, lambda text: "=" in text),
              ("replace a tile", {"size": 4}, lambda text: ">" in text)],
    "craquelure": [("swap (pie rule)", {"pie": True}, lambda text: text == "swap")],
    "inphexion": [("place, pushing a disc out", {"size": 5}, lambda text: " " not in text),
                  ("place and relocate", {"size": 5}, lambda text: " " in text),
                  ("place and relocate, with the neutral disc", {"size": 5, "neutral": True},
                   lambda text: " " in text),
                  ("swap (pie rule)", {"size": 5, "pie": True}, lambda text: text == "swap")],
    "qttt": [("a spooky pair", {}, lambda text: "-" in text),
             ("choose the collapse", {}, lambda text: text.startswith("@"))],
}


def tap(page, token):
    """A tap on a token: its place on the board, else its button among the choices."""
    at = page.evaluate(CENTRE, token)
    if at is not None:
        page.mouse.click(*at)
    else:
        page.locator("button.play-token").filter(
            has_text=re.compile(f"^{re.escape(token)}$")).first.click()
    settle(page)


def first_move_of_kind(slug, options, kind, seed=0, games=40):
    """(the moves before it, the move): the first legal move of ``kind`` met in seeded
    random games (CPython)."""
    rng = random.Random(seed)
    game = make_game(slug, **options)
    for _ in range(games):
        state, before = game.initial_state(), []
        while state.outcome() is None:
            found = [text for text in sorted(map(state.format_move, state.legal_moves()))
                     if kind(text)]
            if found:
                return before, found[0]
            move = state.random_move(rng)
            before.append(state.format_move(move))
            state = state.play(move)
    raise AssertionError(f"{slug}: no move of that kind in {games} games")


@pytest.mark.parametrize("slug, viewport, lang", EVERY_GAME_VIEWS)
def test_every_kind_of_move_is_played_by_pointer_events(site, shared, slug, viewport, lang):
    """Each kind of move the game's rules have, played by taps on the board and on the
    choices (pointer events, not the hook, which only brings the game to a position
    where the move is legal), at 1280 px and at 390 × 844, in both languages (each
    game at both sizes; across the games, every size in each language): each tap but
    the last leaves the half-made move drawn (the places picked marked, the next ones
    outlined), and the move played is the one CPython plays."""
    project, base = site
    page = open_play_page(shared, base, slug, viewport, lang=lang)
    for name, options, kind in MOVE_KINDS[slug]:
        before, move = first_move_of_kind(slug, options, kind)
        page.evaluate("(options) => window.rulebookPlay.newGame(options)", options)
        for text in before:
            page.evaluate("(move) => window.rulebookPlay.play(move)", text)
        settle(page)
        sequence = page.evaluate("() => window.rulebookPlay.tokens()")[move][0]
        for token in sequence[:-1]:  # the half-made move, drawn
            tap(page, token)
            if page.locator(f'.play-target[data-token="{token}"]').count():
                assert page.locator(f'.play-target.play-picked[data-token="{token}"]').count(), (
                    name, token)
            assert page.locator(".play-next, .play-choices button:not(.play-cancel)").count(), name
        tap_move(page, move, sequence[-1:])  # (and the move's button, if a longer one goes on)
        moves = page.evaluate("() => window.rulebookPlay.moves()")
        assert moves == [*before, move], (name, moves[-1:], move)
        final = cpython_final(slug, options, moves)
        assert same_position(page.evaluate("() => window.rulebookPlay.position()"),
                             final.to_json()), name
    assert not page.evaluate("() => document.querySelector('.play-error').textContent")
    page.close()


def test_qttt_a_collapse_is_prompted_highlighted_and_played_by_a_tap(site, shared):
    project, base = site
    page = open_play_page(shared, base, "qttt", DESKTOP)
    page.evaluate("() => window.rulebookPlay.newGame({})")
    tap_move(page, "a1-b2", ["a1", "b2"])
    assert page.inner_text(".play-prompt") == game_words("qttt", "en")["prompts"]["pair_first"]
    page.mouse.click(*page.evaluate(CENTRE, "b2"))
    settle(page)
    assert page.inner_text(".play-prompt") == game_words("qttt", "en")["prompts"]["pair_second"]
    page.mouse.click(*page.evaluate(CENTRE, "a1"))  # the same pair again: a cycle
    settle(page)
    assert page.inner_text(".play-prompt") == game_words("qttt", "en")["prompts"]["collapse"]
    highlighted = page.evaluate("() => [...document.querySelectorAll('.play-target.play-next')]"
                                ".map((t) => [t.dataset.token, getComputedStyle(t).fill])")
    assert sorted(token for token, _ in highlighted) == ["a1", "b2"]
    assert all(fill != "rgba(0, 0, 0, 0)" for _, fill in highlighted), highlighted
    page.mouse.click(*page.evaluate(CENTRE, "b2"))
    settle(page)
    assert page.evaluate("() => window.rulebookPlay.moves()")[-1] == "@b2"
    page.close()


def test_a_japanese_page_gives_the_engine_s_reasons_in_japanese(site, shared):
    """A move typed wrong, a cut aimed where the rules refuse it: the engine's reason,
    in the words of engine.po, with nothing English left but the move as typed; the
    position as text too."""
    from rulebook.games.craquelure import clicks

    from test_play_messages import japanese, left_in_english

    project, base = site
    page = open_play_page(shared, base, "qttt", DESKTOP, lang="ja")
    page.locator(".play-move-box").fill("a1-a1")
    page.locator(".play-move-box").press("Enter")
    settle(page)
    error = page.inner_text(".play-error")
    state = make_game("qttt").initial_state()
    with pytest.raises(RulebookError) as english:  # what the engine says, in English
        state.play(state.parse_move("a1-a1"))
    assert error == japanese("qttt").translate(str(english.value)), (error, english.value)
    assert "スプーキーマーク" in error and not left_in_english(error), error
    page.close()

    page = open_play_page(shared, base, "craquelure", DESKTOP, lang="ja")
    options = {"grid": "square", "grid_steps": 20, "directions": 12, "first_direction": 15.0}
    page.evaluate("(options) => window.rulebookPlay.newGame(options)", options)
    drag(page, (-0.81, -0.52), (-0.51, -0.22))  # a part under the minimum, near the rim
    info = page.inner_text(".play-aim-info")
    refused = clicks.aim(make_game("craquelure", **options).initial_state(), -0.81, -0.52, 45.0)
    reason = japanese("craquelure").translate(refused["reason"])
    assert reason and info.startswith(f"この分割はできません：{reason}"), (info, refused)
    assert not left_in_english(info), info
    # the position as text, for screen readers: in Japanese too, line by line
    text = page.evaluate("() => document.querySelector('.play-text').textContent")
    start = str(make_game("craquelure", **options).initial_state())
    assert text == japanese("craquelure").lines(start) and "中立" in text, text
    page.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_how_to_play_is_the_rulebook_s_quick_reference_beside_the_board(site, shared, lang):
    """Each play page folds its game's quick reference (the rulebook page's section, in
    the page's language) beside the move list: opened there, on a phone too, the same
    text as on the rulebook page, inside the screen.  Each game in one language, the
    languages taking turns (the section and its fold are made the same way for all)."""
    project, base = site
    for slug in GAMES[["en", "ja"].index(lang)::2]:
        page = open_play_page(shared, base, slug, PHONE, lang=lang)
        howto = page.locator(".rulebook-play .play-side details.play-howto")
        assert howto.count() == 1 and not howto.get_attribute("open")
        howto.locator("summary").click()
        text = howto.inner_text()
        assert text.startswith(WORDS[lang]["howto"]), text
        box = howto.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        page.goto(f"{base}/{lang}/{slug}.html")
        section = page.locator("section#quick-reference")
        reference = section.inner_text().split("\n", 1)[1]  # without its heading
        assert " ".join(text.split("\n", 1)[1].split()) == " ".join(reference.split()), slug
        page.close()


def necto_marks_page(site, shared, viewport, lang):
    """Necto's page with figures/necto/marks.toml opened (a full board of many lines),
    and CPython's position at its end."""
    project, base = site
    page = open_play_page(shared, base, "necto", viewport, lang=lang)
    path = project.figures / "necto" / "marks.toml"
    page.evaluate("([text, name]) => window.rulebookPlay.openRecord(text, name)",
                  [path.read_text(encoding="utf-8"), path.name])
    return page, load_record(path).replay()[-1]


@pytest.mark.parametrize("viewport, lang", VIEWS_CROSSED)
def test_necto_trace_a_line_follows_the_line_clicked(site, shared, viewport, lang):
    """"Trace a line" as the demo's help has it: press the button, then click a line:
    that line is traced and the others fade, whichever of a tile's two lines is
    clicked (by pointer events, at points of each strand as the engine lays it)."""
    from rulebook.figure_style import drawing_module
    from rulebook.games.necto.notation import parse_cell

    page, state = necto_marks_page(site, shared, viewport, lang)
    size = state.size
    page.locator("button.play-trace").click()
    settle(page)
    # tiles whose two strands belong to two different lines
    tiles = [cell for cell in range(size * size) if state.tiles[cell] is not None
             and len({state.line_at(cell, s.ends[0]).key for s in state.tiles[cell].strands}) == 2]
    assert len(tiles) >= 4
    for cell in tiles[:6]:
        # N's strand last: the first click on a tile is not taken for its first side
        strands = sorted(state.tiles[cell].strands, key=lambda s: "N" in s.ends)
        for strand in strands:
            px, py = strand.path[len(strand.path) // 8]  # near its end: away from crossings
            page.evaluate("() => document.querySelector('.play-board')"
                          ".scrollIntoView({block: 'center', behavior: 'instant'})")
            page.mouse.click(*page.evaluate("([x, y]) => window.rulebookPlay.screenPoint(x, y)",
                                            [cell % size + px, cell // size + py]))
            settle(page)
            traced = page.evaluate("() => window.rulebookPlay.aids().trace")
            assert traced, cell
            name, side = traced.split()
            traced_line = state.line_at(parse_cell(name, size, traced, 1), side)
            assert traced_line.key == state.line_at(cell, strand.ends[0]).key, (cell, strand.ends,
                                                                                traced)
    traced_mark = next(m for m in drawing_module("necto").MARKS if m.key == "traced")
    assert traced_mark.names[lang] in page.inner_text(".play-legend")
    assert page.locator(".play-svg polyline[stroke='#DDDDDD']").count() > 0  # the others fade
    page.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_necto_trace_a_line_from_the_keys_follows_the_lines_through_the_focused_tile(
        site, shared, lang):
    """From the keys alone: Enter on "Trace a line", the arrow keys to a tile, Enter:
    one of the lines through it is traced (the one a click on its strand traces),
    Enter again: the other; the status names the line by the sides its strand there
    joins, in the page's language."""
    from rulebook.games.necto.notation import parse_cell

    page, state = necto_marks_page(site, shared, DESKTOP, lang)
    size = state.size
    words = game_words("necto", lang)
    page.focus("button.play-trace")
    page.keyboard.press("Enter")
    settle(page)
    assert page.get_attribute("button.play-trace", "aria-pressed") == "true"

    def traced_line():
        traced = page.evaluate("() => window.rulebookPlay.aids().trace")
        assert traced
        name, side = traced.split()
        return state.line_at(parse_cell(name, size, traced, 1), side).key

    tiles = [cell for cell in range(size * size) if state.tiles[cell] is not None
             and len({state.line_at(cell, s.ends[0]).key for s in state.tiles[cell].strands}) == 2]
    assert len(tiles) >= 2
    names = page.evaluate("() => [...document.querySelectorAll('.play-target')]"
                          ".map((target) => target.dataset.token)")
    for cell in tiles[:3]:
        name = names[cell]  # the targets are the cells in order (clicks.py targets)
        # to the tile by the arrow keys, from the cell left of it (or the one above)
        neighbour, key = (names[cell - 1], "ArrowRight") if cell % size else (names[cell + size], "ArrowDown")
        page.focus(f'.play-target[data-token="{neighbour}"]')
        page.keyboard.press(key)
        assert page.evaluate("() => document.activeElement.dataset.token") == name
        seen = []
        for _ in range(3):
            page.keyboard.press("Enter")
            settle(page)
            seen.append(traced_line())
            status = page.inner_text(".play-status")
            strand = next(s for s in state.tiles[cell].strands
                          if state.line_at(cell, s.ends[0]).key == seen[-1])
            assert status == words["traced"].format(cell=name, first=words["sides"][strand.ends[0]],
                                                    second=words["sides"][strand.ends[1]]), status
        lines = {state.line_at(cell, s.ends[0]).key for s in state.tiles[cell].strands}
        assert set(seen[:2]) == lines and seen[2] == seen[0], (name, seen)
    assert page.locator(".play-svg polyline[stroke='#DDDDDD']").count() > 0  # the others fade
    page.close()


def test_after_a_swap_the_settings_say_which_colour_the_computer_plays_now(site, shared):
    """Craquelure's swap (pie rule) trades the colours: the players' choice names the
    colour each seat plays now, as the engine names it, before and after the swap.
    (inpHeXion's swap mirrors the disc and leaves the colours.)"""
    slug = "craquelure"
    project, base = site
    page = open_play_page(shared, base, slug, DESKTOP)
    page.evaluate("() => window.rulebookPlay.newGame({pie: true})")
    state = make_game(slug, pie=True).initial_state()

    def names_shown():
        return [page.inner_text(f".play-settings-form [name=opponent] [value=computer-{seat}]")
                for seat in (0, 1)]

    first = page.evaluate("() => window.rulebookPlay.legalMoves()")[0]
    page.evaluate("(move) => window.rulebookPlay.play(move)", first)
    state = state.play(state.parse_move(first))
    before = names_shown()
    page.evaluate("() => window.rulebookPlay.play('swap')")
    settle(page)
    swapped = state.play(state.parse_move("swap"))
    after = names_shown()
    for seat in (0, 1):
        assert state.player_name(seat) in before[seat], before
        assert swapped.player_name(seat) in after[seat], after
    assert swapped.player_name(1) != state.player_name(1)  # the swap changed the colours
    page.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_opened_record_s_claims_are_checked_and_the_verdict_shown(site, shared, lang):
    """A record opened on the page has its claims checked as ``rulebook check`` checks
    them: the page says they hold, or shows each one that does not (in the page's
    language), and the game opens either way."""
    project, base = site
    path = project.figures / "qttt" / "spooky-marks.toml"
    text = path.read_text(encoding="utf-8")
    record = load_record(path)
    page = open_play_page(shared, base, "qttt", DESKTOP, lang=lang)

    verdict = page.evaluate("([text, name]) => window.rulebookPlay.openRecord(text, name)",
                            [text, path.name])
    assert verdict == {"claims": len(record.claims), "failures": []}
    status = page.inner_text(".play-status")
    said = WORDS[lang]["claims_hold_one" if len(record.claims) == 1 else "claims_hold"]
    assert said.format(count=len(record.claims)) in status, status
    assert page.inner_text(".play-error") == ""

    wrong = text.replace('expect = "X1"', 'expect = "O2"', 1)  # a claim the engine refutes
    assert wrong != text
    verdict = page.evaluate("([text, name]) => window.rulebookPlay.openRecord(text, name)",
                            [wrong, path.name])
    assert len(verdict["failures"]) == 1, verdict
    assert len(page.evaluate("() => window.rulebookPlay.moves()")) == len(record.moves)  # opened
    status, error = page.inner_text(".play-status"), page.inner_text(".play-error")
    assert WORDS[lang]["claims_fail_one"].format(failed=1) in status, status
    assert "'O2'" in error and "'X1'" in error, error
    assert error.endswith("engine says 'X1'") if lang == "en" else "エンジンの答えは'X1'" in error
    page.close()


def test_when_the_computer_swaps_the_settings_say_it_plays_the_other_colour_now(site, shared):
    """Against the computer (Red, the default level), a first move it answers with the
    swap (found with CPython's computer, seeded as the page seeds it): the players'
    choice then says it plays Blue."""
    from rulebook.play.bridge import Session

    project, base = site
    first = next(move for move in Session("craquelure", {"pie": True}).legal_moves()
                 if Session("craquelure", {"pie": True}, moves=[move]).computer_choice(2) == "swap")
    page = open_play_page(shared, base, "craquelure", DESKTOP)
    page.evaluate("() => window.rulebookPlay.newGame({pie: true, opponent: 'computer', computer: 1,"
                  " strength: 2})")
    chosen = page.inner_text(".play-settings-form [name=opponent] [value=computer-1]")
    assert chosen.endswith("(it plays Red)"), chosen
    page.evaluate("(move) => window.rulebookPlay.play(move)", first)
    assert page.evaluate("() => window.rulebookPlay.computerMove()") == "swap"
    settle(page)
    chosen = page.inner_text(".play-settings-form [name=opponent] [value=computer-1]")
    assert chosen.endswith("(it plays Blue)"), chosen
    assert page.evaluate("() => document.querySelector('.play-settings-form [name=opponent]')"
                         ".selectedOptions[0].value") == "computer-1"  # still the one chosen
    page.close()


def test_the_board_s_svg_puts_each_shape_where_matplotlib_puts_it(site, shared):
    """scene.js, which draws the play page's board from the drawing's recorded calls,
    against matplotlib for the same calls (ten SVG units a drawing unit, y up): a
    curved arrow's middle control point (arc3's bend, to its side), a wedge's ends, a
    circle, a polygon's corners, a text's anchor and its alignment."""
    from matplotlib.patches import ConnectionStyle

    project, base = site
    page = shared.new_page()
    page.goto(f"{base}/en/index.html")
    items = [
        {"kind": "arc", "start": [1, 1], "end": [3, 1], "rad": 0.2, "shrink": [0, 0],
         "stroke": "#000000", "width": 1, "arrow": "-"},
        {"kind": "arc", "start": [1, 3], "end": [1, 1], "rad": -0.3, "shrink": [0, 0],
         "stroke": "#000000", "width": 1, "arrow": "-"},
        {"kind": "wedge", "centre": [2, 2], "r": 1, "from": 0, "to": 90, "fill": "#ff0000",
         "stroke": "none", "width": 0},
        {"kind": "circle", "centre": [3, 1], "r": 0.5, "fill": "#00ff00", "stroke": "none",
         "width": 0},
        {"kind": "polygon", "points": [[0, 0], [1, 0], [1, 2]], "fill": "#0000ff",
         "stroke": "none", "width": 0},
        {"kind": "text", "x": 2, "y": 3, "text": "A", "size": 10, "colour": "#000000",
         "ha": "right", "va": "top"},
    ]
    drawn = page.evaluate("""async ([base, items]) => {
        const {sceneSvg} = await import(`${base}/play/scene.js`);
        const picture = sceneSvg({xlim: [0, 4], ylim: [0, 4], size: [40 / 72, 40 / 72], items}, "t");
        return {paths: [...picture.querySelectorAll("path")].map((p) => p.getAttribute("d")),
                circle: [...picture.querySelectorAll("circle")].map((c) =>
                    ["cx", "cy", "r"].map((k) => Number(c.getAttribute(k)))),
                polygon: picture.querySelector("polygon").getAttribute("points"),
                text: ["x", "y", "text-anchor", "dominant-baseline"].map((k) =>
                    picture.querySelector("text").getAttribute(k))};
    }""", [base, items])
    page.close()

    def svg_point(x, y):  # drawing units (y up) to the picture's (ten to a unit, y down)
        return [round(10 * x, 2), round(10 * (4 - y), 2)]

    numbers = [[float(v) for v in re.findall(r"-?[\d.]+", d)] for d in drawn["paths"]]
    arcs = [n for d, n in zip(drawn["paths"], numbers) if " Q " in d]
    for item, (x1, y1, cx, cy, x2, y2) in zip(items[:2], arcs):
        control = ConnectionStyle.Arc3(rad=item["rad"]).connect(tuple(item["start"]),
                                                                 tuple(item["end"])).vertices[1]
        assert [[x1, y1], [cx, cy], [x2, y2]] == [svg_point(*item["start"]), svg_point(*control),
                                                  svg_point(*item["end"])], (item, drawn["paths"])
    wedge = next(n for d, n in zip(drawn["paths"], numbers) if " A " in d)
    assert wedge[:4] == svg_point(2, 2) + svg_point(3, 2) and wedge[-2:] == svg_point(2, 3)
    assert drawn["circle"] == [svg_point(3, 1) + [5]]
    assert drawn["polygon"] == " ".join(f"{x:.2f},{y:.2f}" for x, y in
                                        (svg_point(*p) for p in items[4]["points"]))
    assert drawn["text"] == ["20.00", "10.00", "end", "hanging"]


@pytest.mark.parametrize("start, end", [(0, 90), (90, 270), (270, 90), (30, 300), (300, 30)])
def test_a_wedge_covers_the_points_matplotlib_s_wedge_covers(site, shared, start, end):
    """scene.js's wedge (inpHeXion's neutral disc is two, one half each) fills the
    points matplotlib's Wedge of the same centre, radius and angles fills (counter-
    clockwise from ``start`` to ``end``), asked of the browser's own geometry
    (isPointInFill) at points all round the circle."""
    import math

    from matplotlib.patches import Wedge

    project, base = site
    page = shared.new_page()
    page.goto(f"{base}/en/index.html")
    points = [(2 + r * math.cos(math.radians(a)), 2 + r * math.sin(math.radians(a)))
              for r in (0.3, 0.8) for a in range(5, 360, 20)]
    inside = page.evaluate("""async ([base, item, points]) => {
        const {sceneSvg} = await import(`${base}/play/scene.js`);
        const picture = sceneSvg({xlim: [0, 4], ylim: [0, 4], size: [40 / 72, 40 / 72],
                                  items: [item]}, "t");
        document.body.append(picture);
        const path = picture.querySelector("path");
        return points.map(([x, y]) => path.isPointInFill(new DOMPoint(10 * x, 10 * (4 - y))));
    }""", [base, {"kind": "wedge", "centre": [2, 2], "r": 1, "from": start, "to": end,
                  "fill": "#ff0000", "stroke": "none", "width": 0}, points])
    page.close()
    wedge = Wedge((2, 2), 1, start, end).get_path()
    expected = [wedge.contains_point((x, y)) for x, y in points]
    assert inside == expected, [p for p, a, b in zip(points, inside, expected) if a != b]
    assert any(expected) and not all(expected)


def test_the_page_s_word_templates_print_every_value_given_zero_included(site, shared):
    """words.js's format: each {name} becomes its value, 0 and "" included ("After 0 of
    5 moves"); a name with no value prints nothing.  ``counted``: the words for one
    thing are said of 1, and only of 1 ("1 move", "0 moves")."""
    project, base = site
    page = shared.new_page()
    page.goto(f"{base}/en/play/qttt.html")  # (the module reads the play page's element)
    done = page.evaluate("""async (base) => {
        const {format, counted} = await import(`${base}/play/words.js`);
        return [format("After {at} of {n} moves", {at: 0, n: 5}),
                format("Opened {name}: {n} moves.", {name: "x.toml", n: 0}),
                format("[{a}|{b}]", {a: "", b: false}), format("{missing}!", {}),
                [0, 1, 2].map((count) => format(counted("opened", count), {name: "x", count}))];
    }""", base)
    page.close()
    assert done == ["After 0 of 5 moves", "Opened x.toml: 0 moves.", "[|false]", "!",
                    ["Opened x: 0 moves.", "Opened x: 1 move.", "Opened x: 2 moves."]]


@pytest.mark.parametrize("slug", GAMES)
def test_each_arrow_key_moves_the_focus_to_a_place_that_way_on_the_screen(site, shared, slug):
    """On the board, from the keys: from each of a few places, each arrow key moves the
    focus to a place that lies that way on the screen; it stays only where no place
    lies that way at all."""
    project, base = site
    page = open_play_page(shared, base, slug, DESKTOP)
    centres = page.evaluate("() => [...document.querySelectorAll('.play-target')].map((t) => {"
                            " const b = t.getBoundingClientRect();"
                            " return [b.x + b.width / 2, b.y + b.height / 2]; })")
    assert len(centres) >= 4
    way = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
    moved = {key: 0 for key in way}
    for index in sorted({0, len(centres) // 3, len(centres) // 2, len(centres) - 1}):
        x0, y0 = centres[index]
        for key, (dx, dy) in way.items():
            page.locator(".play-target").nth(index).focus()
            page.keyboard.press(key)
            now = page.evaluate("() => [...document.querySelectorAll('.play-target')]"
                                ".indexOf(document.activeElement)")
            ahead = {k: ((x - x0) * dx + (y - y0) * dy, abs((x - x0) * dy - (y - y0) * dx))
                     for k, (x, y) in enumerate(centres) if (x - x0) * dx + (y - y0) * dy > 1}
            if not ahead:
                assert now == index, (slug, index, key)
                continue
            assert now in ahead, (slug, index, key, centres[index], centres[now])
            moved[key] += 1
    assert all(moved.values()), moved
    page.close()


def test_a_knot_s_index_is_drawn_small_and_below_its_number_as_matplotlib_sets_it(site, shared):
    """scene.js's text for matplotlib's mathtext (Necto's knot names, 3₁, 4₁ # 3₁): each
    index smaller than its number and lower on the screen, as matplotlib sets it."""
    project, base = site
    page = shared.new_page()
    page.goto(f"{base}/en/index.html")
    boxes = page.evaluate("""async ([base]) => {
        const {sceneSvg} = await import(`${base}/play/scene.js`);
        const picture = sceneSvg({xlim: [0, 4], ylim: [0, 4], size: [2, 2], items: [
            {kind: "text", x: 2, y: 2, text: "$3_{1}\\\\#4_{1}$", size: 20, colour: "#000000",
             ha: "center", va: "center"}]}, "t");
        document.body.append(picture);
        return [...picture.querySelectorAll("tspan")].map((span) => {
            const b = span.getBoundingClientRect();
            return [span.textContent, b.top, b.bottom, b.height];
        });
    }""", [base])
    page.close()
    assert [b[0] for b in boxes] == ["3", "1", "#4", "1"], boxes
    for number, index in ((boxes[0], boxes[1]), (boxes[2], boxes[3])):
        assert index[3] < number[3]  # smaller
        assert (index[1] + index[2]) / 2 > (number[1] + number[2]) / 2  # lower on the screen


KEYED = """() => ({moves: window.rulebookPlay.moves(),
                  status: document.querySelector('.rulebook-play .play-status').textContent,
                  board: document.querySelector('.rulebook-play svg.play-svg').outerHTML})"""


@pytest.mark.parametrize("slug", GAMES)
def test_space_on_a_focused_place_does_what_enter_does(site, shared, slug):
    """A keyboard player picks the focused place with Enter or with Space, as on any
    button: from a new game, each key on the same few places leaves the same game,
    status and board, and not the one before it (the key did something)."""
    project, base = site
    page = open_play_page(shared, base, slug, DESKTOP)

    def after(key, index):
        page.evaluate("() => window.rulebookPlay.newGame({})")
        settle(page)
        before = page.evaluate(KEYED)
        page.locator(".play-target").nth(index).focus()
        page.keyboard.press(key)
        settle(page)
        return before, page.evaluate(KEYED)

    count = page.locator(".play-target").count()
    for index in sorted({0, count // 2, count - 1}):
        before, entered = after("Enter", index)
        _, spaced = after(" ", index)
        assert entered != before, (slug, index)
        assert spaced == entered, (slug, index)
    page.close()


@pytest.mark.parametrize("cap", ["butt", "round", "projecting"])
def test_a_line_s_ends_are_drawn_as_matplotlib_s_svg_draws_them(site, shared, cap):
    """A line drawn with each of matplotlib's cap styles (Necto's loop band is round, a
    refused move's cross too): scene.js gives its polyline the stroke-linecap that
    matplotlib's own SVG backend writes for it."""
    import io

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots()
    axes.set_axis_off()
    (line,) = axes.plot([0, 1], [0, 1], solid_capstyle=cap, linewidth=4)
    line.set_gid("the-line")
    written = io.StringIO()
    figure.savefig(written, format="svg")
    plt.close(figure)
    group = written.getvalue().split('id="the-line"', 1)[1].split("</g>", 1)[0]
    found = re.search(r"stroke-linecap: (\w+)", group)
    expected = found.group(1) if found else "butt"  # (SVG's own default, not written)

    project, base = site
    page = shared.new_page()
    page.goto(f"{base}/en/index.html")
    drawn = page.evaluate("""async ([base, cap]) => {
        const {sceneSvg} = await import(`${base}/play/scene.js`);
        const item = {kind: "line", points: [[0, 0], [1, 1]], stroke: "#000000", width: 4,
                      dash: null, cap};
        const picture = sceneSvg({xlim: [0, 2], ylim: [0, 2], size: [1, 1], items: [item]}, "t");
        return picture.querySelector("polyline").getAttribute("stroke-linecap");
    }""", [base, cap])
    page.close()
    assert drawn == expected, (cap, drawn, expected)


def _shapes(ax, patches):
    """One shape of each kind the drawings use but text, each in a colour of its own;
    ``patches``: matplotlib's or rulebook.scene's (the browser's) patch classes."""
    ax.set_xlim(0, 4)
    ax.set_ylim(0, 4)
    ax.plot([0.5, 2.5], [0.5, 0.8], marker="o", markersize=9, color="#112233", linewidth=2)
    ax.plot([3.5], [0.5], marker="o", markersize=3, color="#123456")  # Necto's dots
    ax.add_patch(patches.Circle((2, 3), 0.5, facecolor="#445566"))
    ax.add_patch(patches.Polygon([[0.5, 2], [1.5, 2], [1, 3]], facecolor="#778899"))
    ax.add_patch(patches.Rectangle((3, 2.9), 0.5, 0.8, facecolor="#aabbcc"))
    ax.add_patch(patches.Wedge((1, 3.2), 0.6, 0, 90, facecolor="#ddeeff"))
    ax.add_patch(patches.FancyArrowPatch((0.3, 1.2), (3.6, 1.5), arrowstyle="-|>", color="#aa5500",
                                         mutation_scale=14, lw=2, shrinkA=2, shrinkB=5))


def test_each_kind_of_shape_is_drawn_where_and_as_large_as_the_book_s_svg_draws_it(
        site, shared):
    """The play page's drawing (scene.js, from the scene the drawing calls make) against
    matplotlib's SVG of the same calls, shape by shape: each filled shape's box on the
    page within half a point of the book's (markers, circles, polygons, rectangles,
    wedges, an arrow's head; positions and sizes alike)."""
    import io

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.patches
    import matplotlib.pyplot as plt

    import rulebook.scene
    from svg_paint import painted

    figure = plt.figure(figsize=(2, 2))
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    _shapes(ax, matplotlib.patches)
    written = io.StringIO()
    figure.savefig(written, format="svg")
    plt.close(figure)
    colours = {"#112233", "#123456", "#445566", "#778899", "#aabbcc", "#ddeeff", "#aa5500"}
    book = sorted((shape.fill, tuple(round(v, 1) for v in shape.box))
                  for shape in painted(written.getvalue()) if shape.fill in colours)
    scene_ax = rulebook.scene.SceneAxes(size=(2, 2))
    _shapes(scene_ax, rulebook.scene)

    project, base = site
    page = shared.new_page()
    page.goto(f"{base}/en/index.html")
    drawn = page.evaluate("""async ([base, scene]) => {
        const {sceneSvg} = await import(`${base}/play/scene.js`);
        const picture = sceneSvg(scene, "t");
        document.body.append(picture);
        return [...picture.querySelectorAll("circle, polygon, path, rect")].map((shape) => {
            const b = shape.getBBox();
            return [shape.getAttribute("fill").toLowerCase(), [b.x, b.y, b.x + b.width, b.y + b.height]];
        });
    }""", [base, scene_ax.scene()])
    page.close()
    shown = sorted((fill, tuple(round(v, 1) for v in box)) for fill, box in drawn
                   if fill in colours)
    assert [fill for fill, _ in shown] == [fill for fill, _ in book], (shown, book)
    for (fill, got), (_, expected) in zip(shown, book):
        assert all(abs(a - b) <= 0.5 for a, b in zip(got, expected)), (fill, got, expected)


# the games with the pie rule whose taps are prompted (their clicks' prompt)
PIE_GAMES = [slug for slug in GAMES if any(p.name == "pie" for p in make_game(slug).parameters)
             and hasattr(game_part(slug, "clicks"), "prompt")]


@pytest.mark.parametrize("slug", PIE_GAMES)
def test_the_swap_is_offered_in_the_prompt_only_while_it_can_be_chosen(site, shared, slug):
    """Under the pie rule, at the second move: the prompt is the game's words for the
    first tap and the offer of the swap; once a place is tapped towards a move, the
    words for the next tap alone (a swap cannot be picked then); Cancel offers it
    again.  Each prompt is the one the game's clicks name (``data-prompt``)."""
    project, base = site
    words = game_words(slug, "en")["prompts"]
    page = open_play_page(shared, base, slug, DESKTOP)
    page.evaluate("() => window.rulebookPlay.newGame({pie: true})")
    page.evaluate("async () => window.rulebookPlay.play((await window.rulebookPlay.legalMoves())"
                  ".filter((m) => m !== 'swap')[0])")
    settle(page)
    assert "swap" in page.evaluate("() => window.rulebookPlay.legalMoves()")

    def prompt():
        return (page.inner_text(".play-prompt"),
                page.evaluate("() => document.querySelector('.rulebook-play').dataset.prompt"))

    shown, key = prompt()
    assert shown == f"{words[key]} {words['swap']}", shown
    tokens = page.evaluate("() => window.rulebookPlay.tokens()")
    targets = set(page.evaluate("() => [...document.querySelectorAll('.play-target')]"
                                ".map((t) => t.dataset.token)"))
    first = sorted({seq[0] for seqs in tokens.values() for seq in seqs
                    if len(seq) > 1 and seq[0] in targets})[0]
    page.mouse.click(*page.evaluate(CENTRE, first))
    settle(page)
    if page.locator(".play-prompt").count():  # (Craquelure's aimed cut has a panel instead)
        shown, key = prompt()
        assert shown == words[key], shown  # no swap offered after a tap
    assert words["swap"] not in page.inner_text(".rulebook-play")
    page.locator("button.play-cancel").click()
    settle(page)
    shown, key = prompt()
    assert shown == f"{words[key]} {words['swap']}", shown
    page.close()


def test_an_error_that_is_not_the_engine_s_own_reaches_the_page_as_its_last_line(site, shared):
    """A call the bridge does not answer itself (a move that is not text: Python's own
    error, not a rule's) is refused with the error's last line, what went wrong, not
    the traceback's first."""
    project, base = site
    page = open_play_page(shared, base, "qttt", DESKTOP)
    message = page.evaluate("async () => { try { await window.rulebookPlay.play(5); return null; }"
                            " catch (error) { return error.message; } }")
    assert message and "\n" not in message and "Traceback" not in message, message
    assert re.match(r"[A-Za-z]+Error: ", message), message
    assert page.evaluate("() => window.rulebookPlay.moves()") == []
    page.close()


def three_tap_move(slug, seed=0, games=30):
    """(moves before, the move, its taps): the first move met in seeded random games
    taken in three taps or more whose second tap is not also a possible third."""
    clicks, rng = game_part(slug, "clicks"), random.Random(seed)
    for _ in range(games):
        state, before = make_game(slug).initial_state(), []
        while not state.is_over():
            written = {state.format_move(m): None for m in state.legal_moves()}
            sequences = {text: clicks.tokens(state, text) for text in written}
            for text, taps in sequences.items():
                for seq in taps:
                    if len(seq) >= 3:
                        third = {s[2] for ss in sequences.values() for s in ss
                                 if len(s) > 2 and s[:2] == seq[:2]}
                        if seq[1] not in third:
                            return before, text, seq
            move = state.random_move(rng)
            before.append(state.format_move(move))
            state = state.play(move)
    raise AssertionError(f"{slug}: no move of three taps in {games} games")


def test_tapping_the_last_pick_again_takes_it_back_and_another_starts_afresh(site, shared):
    """inpHeXion's push with relocations is made in three taps or more: after two, the
    second tapped again is taken back (the first stays picked), and tapped once more it
    is picked again; nothing is played meanwhile."""
    project, base = site
    before, move, seq = three_tap_move("inphexion")
    page = open_play_page(shared, base, "inphexion", DESKTOP)
    page.evaluate("() => window.rulebookPlay.newGame({})")
    for text in before:
        page.evaluate("(move) => window.rulebookPlay.play(move)", text)
    settle(page)

    def picked():
        return page.evaluate("() => [...document.querySelectorAll('.play-target.play-picked')]"
                             ".map((t) => t.dataset.token).sort()")

    for token, now in ((seq[0], [seq[0]]), (seq[1], sorted(seq[:2])), (seq[1], [seq[0]]),
                       (seq[1], sorted(seq[:2]))):
        tap(page, token)
        assert picked() == now, (token, picked(), now)
    assert page.evaluate("() => window.rulebookPlay.moves()") == before  # nothing played
    page.close()


SAVED_SHAPES = {  # a saved game's text, and whether it is one the page can restore
    '{"link": "#game=qttt", "mode": {}}': True,
    '{"link": "#game=qttt", "mode": {"opponent": "computer", "computer": 0}}': True,
    "null": False, "1": False, '"#game=qttt"': False, "[]": False, "true": False, "{}": False,
    '{"link": "#game=qttt"}': False, '{"mode": {}}': False,
    '{"link": null, "mode": {}}': False, '{"link": 1, "mode": {}}': False,
    '{"link": ["#game=qttt"], "mode": {}}': False,
    '{"link": "#game=qttt", "mode": null}': False, '{"link": "#game=qttt", "mode": 1}': False,
    '{"link": "#game=qttt", "mode": "computer"}': False,
    '{"link": "#game=qttt", "mode": true}': False, '{"link": "#game=qttt", "mode": []}': False,
}


def test_a_saved_game_of_any_json_shape_is_restored_or_kept_aside(site, shared):
    """storage.js's ``loadSaved``, given a saved game of every JSON shape (each field
    missing or of every kind, the whole of every kind): a game with a link and a mode
    (an object of settings) is returned as saved; anything else is refused and kept
    aside under its own key, the saved game's key emptied, so that the page starts a
    new game instead of failing on it."""
    _, base = site
    page = shared.new_page()
    page.goto(f"{base}/en/play/qttt.html")  # (the module reads the play page's element)
    found = page.evaluate("""async ([base, shapes]) => {
        const {loadSaved} = await import(`${base}/play/storage.js`);
        const key = "rulebook-play/qttt", found = {};
        for (const text of shapes) {
            localStorage.clear();
            localStorage.setItem(key, text);
            let restored;
            try { restored = JSON.stringify(loadSaved()) === JSON.stringify(JSON.parse(text)); }
            catch { restored = false; }
            found[text] = [restored, localStorage.getItem(key) === text,
                           localStorage.getItem(`${key}/unreadable`) === text];
        }
        localStorage.clear();
        return found;
    }""", [base, list(SAVED_SHAPES)])
    page.close()
    for text, restorable in SAVED_SHAPES.items():
        assert found[text] == ([True, True, False] if restorable else [False, False, True]), text
