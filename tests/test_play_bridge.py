"""The play page's Python side (rulebook.play.bridge.Session) holds to the rules: a
move the notation reads but the rules refuse is refused with the rule's reason, and
the game on the board stays as it was."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook.errors import IllegalMoveError, RulebookError
from rulebook.games import available_games
from rulebook.play.bridge import Session, _module
from rulebook.records import find_records, load_record

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("slug", available_games())
def test_a_well_written_move_the_rules_refuse_is_refused_and_changes_nothing(slug):
    """Random games played through a session; after each move, the moves that were
    legal just before it, written again (a cell taken, a region already cut, a mark
    already made, the game over...): each one the notation reads and the engine's
    checked play refuses is refused by the session with the same reason, and the game
    stays as it was."""
    refused = 0
    for seed in range(4):
        rng, session = random.Random(seed), Session(slug)
        for _ in range(12):
            before = session.state
            if before.is_over():
                break
            session.play(before.format_move(before.random_move(rng)))
            after, shown = session.state, list(session.moves)
            for other in before.legal_moves()[:20]:
                text = before.format_move(other)
                try:
                    parsed = after.parse_move(text)
                except RulebookError:
                    continue  # the notation refuses it: not what this test is about
                try:
                    after.play(parsed)
                    continue  # legal here too
                except IllegalMoveError as refusal:
                    reason = str(refusal)
                with pytest.raises(RulebookError) as error:
                    session.play(text)
                assert str(error.value) == reason, (seed, text)
                assert session.moves == shown and session.state is after
                refused += 1
    assert refused >= 10, refused


@pytest.mark.parametrize("slug", available_games())
def test_undo_and_playing_on_from_an_earlier_position_keep_the_line_and_positions_in_step(
        slug, tmp_path):
    """Undo takes back moves; stepping back and playing a move drops the moves after
    that point.  Either way the moves listed, the share link and the positions agree:
    the link reopens the same game, and each position is the moves replayed."""
    rng, session = random.Random(6), Session(slug)
    played = []
    for _ in range(8):
        if session.state.is_over():
            break
        played.append(session.play(session.state.format_move(session.state.random_move(rng))))
    assert len(played) == 8  # so that moves remain after the position stepped back to

    def in_step(expected):
        assert session.moves == session.line == expected
        assert len(session.states) == len(expected) + 1 and session.at == len(expected)
        again = Session.from_link(session.link(), slug)
        assert again.moves == expected and again.state.to_json() == session.state.to_json()

    session.undo(2)
    in_step(played[:-2])
    session.goto(1)  # stepped back to the first move; the rest is still there to go to
    assert session.line == played[:-2] and session.moves == played[:1]
    # the share link (and the autosave, which is the link) keeps the moves after it
    again = Session.from_link(session.link(), slug)
    assert again.line == played[:-2] and again.moves == played[:1]
    # the download is the position shown: its moves, and claims that hold there
    path = tmp_path / slug / "shown.toml"
    path.parent.mkdir()
    path.write_text(session.record())
    record = load_record(path, tmp_path)
    assert record.moves == played[:1]
    record.check()
    move = session.state.format_move(session.state.random_move(rng))
    session.play(move)
    in_step([played[0], move])
    session.goto(1)  # undo where the player stepped back to takes back from there
    session.undo(1)
    in_step([])


def random_session(slug: str, seed: int, moves: int) -> Session:
    """A play page's session of ``moves`` seeded random moves (fewer if the game ends)."""
    rng, session = random.Random(seed), Session(slug)
    for _ in range(moves):
        if session.state.is_over():
            break
        session.play(session.state.format_move(session.state.random_move(rng)))
    return session


@pytest.mark.parametrize("slug", available_games())
def test_a_link_reopens_the_game_at_every_point_of_it_the_start_and_the_end_included(slug):
    """Stepped back to any point of a game, from its start (no move shown: the first
    that a test is likely to miss) to its last move, the share link reopens the whole
    line at that same point."""
    session = random_session(slug, seed=9, moves=5)
    line = list(session.line)
    for at in range(len(line) + 1):
        session.goto(at)
        again = Session.from_link(session.link(), slug)
        assert (again.line, again.at) == (line, at), at
        assert again.state.to_json() == session.state.to_json()


@pytest.mark.parametrize("slug", available_games())
def test_a_point_stepped_back_to_is_shown_as_the_game_played_only_that_far(slug, monkeypatch):
    """Stepped back to any point of a game, the board (what it is drawn from: the
    position, the one before and the last move, which it marks), the legend, the
    status and the computer's reply are those of the same game played only to that
    point, and so is every other answer about the position (``answers``): the moves
    after it change nothing but the line kept to go forward."""
    from rulebook.figure_style import drawing_module
    from rulebook.play import bridge

    # the board is drawn in the browser's way elsewhere (test_scene): here, what from
    monkeypatch.setattr(bridge, "draw_scene", lambda module, state, **view: (
        {"state": str(state), **{k: str(v) for k, v in view.items()}},
        list(drawing_module(slug).MARKS)))
    monkeypatch.setattr(bridge, "swatch_scene", lambda mark: {"items": []})
    session = random_session(slug, seed=4, moves=6)
    line = list(session.line)
    for at in range(len(line) + 1):
        session.goto(at)
        alone = Session(slug)
        for move in line[:at]:
            alone.play(move)
        for lang in ("en", "ja"):
            stepped, played = session.view(lang), alone.view(lang)
            for key in ("line", "link"):  # the moves kept after the point
                del stepped[key], played[key]
            assert stepped == played, (slug, at, lang)
        if at in (0, len(line) - 1):  # and the computer's reply there is the same
            assert session.computer_choice(1) == alone.computer_choice(1), (slug, at)
        assert answers(session) == answers(alone), (slug, at)


def answers(session: Session) -> dict:
    """What a session answers about the position shown, beyond its view: the previews
    of some moves, the record downloaded, and its game's own questions (a line at a
    point and through each cell, a cut aimed at the centre), each answer or refusal."""
    def asked(method, *args):
        try:
            return getattr(session, method)(*args)
        except RulebookError as error:
            return f"refused: {error}"

    clicks = _module(session.game.slug, "clicks")
    said = {"previews": asked("previews", session.legal_moves()[:2]), "record": asked("record"),
            "outcome": asked("outcome")}
    if hasattr(clicks, "line_at"):
        said["lines"] = [asked("line_at", x + 0.3, y + 0.6) for x in range(6) for y in range(6)]
        said["through"] = [asked("lines_at", target["token"])
                           for target in clicks.targets(session.state)]
    if hasattr(clicks, "aim"):
        said["aim"] = [asked("aim", x, y, angle) for x, y, angle in
                       ((0.0, 0.0, 30.0), (0.3, -0.2, 100.0))]
    return said


@pytest.mark.parametrize("slug", available_games())
def test_the_view_names_players_and_marks_in_the_page_s_language(slug, monkeypatch):
    """The page's view of a game, after each move to its end: the player to move, the
    players, the winner and the legend's marks are named in the page's language (no
    English word, three Latin letters running, on a Japanese page; no Japanese on an
    English one), and name the players the game's names give in that language."""
    import re

    from rulebook.figure_style import drawing_module
    from rulebook.play import bridge

    # the board is drawn in the browser's way elsewhere (test_scene): here, every mark used
    monkeypatch.setattr(bridge, "draw_scene", lambda module, state, **view: (
        {"items": []}, list(drawing_module(slug).MARKS)))
    monkeypatch.setattr(bridge, "swatch_scene", lambda mark: {"items": []})
    japanese = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
    english = re.compile(r"[A-Za-z]{3,}")
    rng, session = random.Random(5), Session(slug)
    seen = {"turn": 0, "winner": 0}
    for _ in range(400):
        state = session.state
        if state.is_over():
            break
        session.play(state.format_move(state.random_move(rng)))
        for lang, foreign in (("en", japanese), ("ja", english)):
            view = session.view(lang)
            names = [session.state.player_name(i, lang) for i in range(len(view["players"]))]
            assert view["players"] == names
            words = [*view["players"], *(m["name"] for m in view["legend"])]
            if view["turn"] is not None:
                assert view["turn"] == names[view["turn_index"]]
                words.append(view["turn"])
                seen["turn"] += 1
            if view["winner_name"] is not None:
                assert view["winner_name"] == names[session.state.outcome().winner]
                words.append(view["winner_name"])
                seen["winner"] += 1
            assert not [w for w in words if foreign.search(w)], (lang, words)
    assert seen["turn"] and (seen["winner"] or session.state.outcome().winner is None)


def test_trace_a_line_finds_the_line_at_a_point_and_the_lines_through_a_tile():
    """Necto's "trace a line", through the session as the page calls it: a point on a
    tile's strand (near its end, clear of the crossing) names a line end of that
    strand's line; a tile's lines are one for each of its lines, with the sides its
    strand joins; an empty cell and a point off the board give none.  The lines are
    the engine's (``line_at`` of the cell and side)."""
    for seed in range(3):
        filled, empty, two, once = lines_traced(seed, 9)  # a board partly filled
        assert filled and empty and two
    assert any(lines_traced(seed, 16)[3] for seed in range(6))  # full: a line passes twice
    # a game with no lines to trace: a one-line error naming it
    for name, args in (("line_at", [0.5, 0.5]), ("lines_at", ["a1"])):
        with pytest.raises(RulebookError, match=r"^qttt: no line is traced on its board$"):
            getattr(Session("qttt"), name)(*args)


def lines_traced(seed, moves):
    """Checks the session's ``line_at`` and ``lines_at`` on each cell after ``moves``
    random moves; how many cells are filled, empty, on two lines, twice on one."""
    from rulebook.games.necto.notation import cell_name

    rng, session = random.Random(seed), Session("necto", {"size": 4})
    for _ in range(moves):
        session.play(session.state.format_move(session.state.random_move(rng)))
    state, size = session.state, session.state.size

    def line(end):
        name, side = end.split()
        cell = next(c for c in range(size * size) if cell_name(c, size) == name)
        return state.line_at(cell, side).key

    filled = empty = two = once = 0
    for cell in range(size * size):
        column, row = cell % size, cell // size
        token = cell_name(cell, size)
        tile = state.tiles[cell]
        if tile is None:
            assert session.line_at(column + 0.5, row + 0.5) is None
            assert session.lines_at(token) == []
            empty += 1
            continue
        for strand in tile.strands:
            x, y = strand.path[len(strand.path) // 8]
            end = session.line_at(column + x, row + y)
            assert end.split()[0] == token and line(end) == state.line_at(cell, strand.ends[0]).key
        through = session.lines_at(token)
        keys = {state.line_at(cell, s.ends[0]).key for s in tile.strands}
        assert {line(entry["end"]) for entry in through} == keys and len(through) == len(keys)
        for entry in through:
            strand = next(s for s in tile.strands if s.ends[0] == entry["end"].split()[1])
            assert entry["sides"] == list(strand.ends)
        filled += 1
        two += len(keys) == 2
        once += len(keys) == 1
    beside = [(x, y) for k in range(size) for x, y in (  # just past each edge cell, each side
        (-0.01, k + 0.5), (size + 0.01, k + 0.5), (k + 0.5, -0.01), (k + 0.5, size + 0.01))]
    for x, y in beside + [(-0.5, -0.5), (size + 0.5, size + 0.5), (size + 0.5, -0.5)]:
        assert session.line_at(x, y) is None, (x, y)  # off the board
    return filled, empty, two, once


@pytest.mark.parametrize("page", available_games())
def test_another_game_s_record_or_link_is_refused_naming_both_games(page):
    """A record or share link of another game than the page's is refused in one line
    naming its own game (where to open it) and the page's."""
    from rulebook.games import game_class

    for other in available_games():
        if other == page:
            continue
        own, here = game_class(other).names["en"], game_class(page).names["en"]
        record = next((ROOT / "figures" / other).glob("*.toml"))
        with pytest.raises(RulebookError) as error:
            Session.from_record(record.read_text(encoding="utf-8"), record.name, page)
        assert str(error.value) == (f"{record.name} is a game of {own}, not of {here}: "
                                    f"open it on {own}'s play page")
        with pytest.raises(RulebookError) as error:
            Session.from_link(Session(other).link(), page)
        assert str(error.value) == (f"the link is a game of {own}, not of {here}: "
                                    f"open it on {own}'s play page")


def test_the_page_s_calls_answer_in_json_as_the_session_does():
    """The bridge's entry point, as the page calls it: a result under "result", what
    the session itself answers; an error under "error", in one line."""
    import json

    from rulebook.play import bridge

    assert json.loads(bridge.call("new", json.dumps(["qttt"]))) == {"result": None}
    legal = json.loads(bridge.call("legal"))
    assert legal == {"result": json.loads(json.dumps(Session("qttt").legal_moves()))}
    answer = json.loads(bridge.call("play", json.dumps(["a1-a1"])))
    assert set(answer) == {"error"} and "\n" not in answer["error"] and answer["error"]
    assert json.loads(bridge.call("nonsense")) == {"error": "no such call: 'nonsense'"}


@pytest.mark.parametrize("slug, options, cells, move", [
    ("qttt", {}, 9, "{}-{}"), ("necto", {"size": 4}, 16, "{}=c1"),
    ("inphexion", {"size": 5}, 25, "{}"),
])
def test_the_board_s_click_targets_are_its_cells_each_named_as_the_notation_writes_it(
        slug, options, cells, move):
    """The play page's targets on a board of cells: one for each cell, each a different
    name that the game's notation reads as a cell (a move on it parses), row by row."""
    from rulebook.games import game_part, make_game

    state = make_game(slug, **options).initial_state()
    tokens = [target["token"] for target in game_part(slug, "clicks").targets(state)]
    assert len(tokens) == len(set(tokens)) == cells
    for k, token in enumerate(tokens):
        other = tokens[(k + 1) % cells]
        state.parse_move(move.format(token, other))  # raises if it is no cell
    rows = [int(token[1:]) for token in tokens]
    assert rows == sorted(rows)  # the first row first
    # each outline is one cell's: all of one area, and none overlapping another
    from shapely.geometry import Polygon

    shapes = [Polygon(target["points"]) for target in game_part(slug, "clicks").targets(state)]
    areas = {round(shape.area, 6) for shape in shapes}
    assert len(areas) == 1 and all(shape.is_valid for shape in shapes), areas
    union = shapes[0].union(shapes[1]) if len(shapes) > 1 else shapes[0]
    for shape in shapes[2:]:
        union = union.union(shape)
    assert union.area == pytest.approx(len(shapes) * shapes[0].area)  # no overlaps


# A value of each JSON kind, for each field of a share link: whatever a link's
# fragment holds, a page that opens it gets the game it describes or one line.
JSON_VALUES = ["1", "-1", "1.5", "true", "null", '"a1"', "[]", "[1]", "[null]", '[["a1"]]',
               "[true]", "{}", '{"a":1}', '{"size":"x"}', '{"size":null}', "[1,2]", '""']


@pytest.mark.parametrize("slug", available_games())
def test_a_link_field_of_any_json_kind_opens_its_game_or_is_one_line(slug):
    """Through the page's own entry point (``bridge.call("open_link", ...)``): each
    field of the game's link (options, moves, at, start) given a value of every JSON
    kind, alone and with the other fields right, is opened as the game it describes
    (the moves listed are the link's own) or refused in one line naming the field;
    no other error reaches the page (the worker would show a traceback's last line)."""
    import json
    from urllib.parse import quote

    from rulebook.play import bridge
    from rulebook.play.bridge import read_fragment

    base = Session(slug)
    rng = random.Random(slug)
    for _ in range(3):
        base.play(base.state.format_move(base.state.random_move(rng)))
    good = {"game": slug, "options": json.dumps(base.options()),
            "moves": json.dumps(list(base.moves)), "at": "2"}
    opened = refused = 0
    for field in ("options", "moves", "at", "start"):
        for value in JSON_VALUES:
            fields = {**good, field: value}
            fragment = "#" + "&".join(f"{k}={quote(v, safe='')}" for k, v in fields.items())
            answer = json.loads(bridge.call("open_link", json.dumps([fragment, slug])))
            assert set(answer) in ({"result"}, {"error"}), (fragment, answer)
            if "error" in answer:
                assert "\n" not in answer["error"] and answer["error"].startswith("the link"), (
                    fragment, answer)
                refused += 1
                continue
            opened += 1
            link = json.loads(bridge.call("link"))["result"]
            assert read_fragment(link)["moves"] == json.loads(fields["moves"]), (fragment, link)
            assert field != "moves" or all(isinstance(m, str) for m in json.loads(value))
            assert field != "options" or isinstance(json.loads(value), dict)
    assert opened >= 2 and refused >= 50, (opened, refused)


@pytest.mark.parametrize("slug", available_games())
def test_a_link_s_bad_move_is_named_by_its_number_counted_from_one(slug):
    """A link (or an opened record) whose moves hold one the game refuses, first,
    in the middle or last (one the rules refuse and one the notation cannot read),
    is refused naming that move by its number as the page numbers moves, from 1,
    and quoting it; the moves before it were played."""
    rng, state, line = random.Random(slug), Session(slug).state, []
    while len(line) < 5 and not state.is_over():
        move = state.random_move(rng)
        line.append(state.format_move(move))
        state = state.play(move)
    assert len(line) == 5
    for bad in (1, 3, 5):
        before = Session(slug, moves=line[:bad - 1]).state
        refused_by_rules = next((t for t in line if _refused(before, t)), None)
        for text in filter(None, (refused_by_rules, "zz99")):
            moves = line[:bad - 1] + [text] + line[bad:]
            with pytest.raises(RulebookError) as error:
                Session(slug, moves=moves)
            assert str(error.value).startswith(f"move {bad} ({text}): "), (bad, str(error.value))


def _refused(state, text: str) -> bool:
    """Whether the notation reads ``text`` at ``state`` and the rules refuse it."""
    try:
        move = state.parse_move(text)
    except RulebookError:
        return False
    try:
        state.play(move)
    except IllegalMoveError:
        return True
    return False


@pytest.mark.parametrize("field", ["game", "options", "moves", "at", "start"])
def test_a_link_naming_a_field_twice_is_refused_in_one_line(field):
    """A share link that gives a field twice (a hand-edited link with ``&at=5`` added
    after ``at=2``) is refused naming the field, not opened with either value."""
    import json
    from urllib.parse import quote

    from rulebook.play import bridge

    good = {"game": "qttt", "options": "{}", "moves": json.dumps(["a1-b2", "b2-c3"]), "at": "1",
            "start": ""}
    pairs = [(k, v) for k, v in good.items() if k != "start" or field == "start"]
    pairs.append((field, good[field]))
    fragment = "#" + "&".join(f"{k}={quote(v, safe='')}" for k, v in pairs)
    answer = json.loads(bridge.call("open_link", json.dumps([fragment, "qttt"])))
    assert answer == {"error": f"the link names {field!r} more than once: which one is meant?"}


@pytest.mark.parametrize("slug", available_games())
def test_the_end_the_page_announces_is_the_one_a_record_s_claims_would_state(
        slug, monkeypatch, tmp_path):
    """Random games played through a session to their end, in the games with the pie
    rule half of them with the swap played: after each move, the session's outcome (its
    winner's name, reason and scores) and the view's player to move and winner are the
    engine's ``winner``, ``reason``, ``scores`` and ``turn`` facts, the very answers a
    record's claims are checked against (after a swap, the colour each player now has);
    and the game downloaded as a record, at its end and at a point on the way, checks
    clean, its claims naming that winner or player to move."""
    from rulebook.game import COMMON_FACTS
    from rulebook.play import bridge

    monkeypatch.setattr(bridge, "draw_scene", lambda module, state, **view: ({"items": []}, []))

    def fact(name, state):
        return COMMON_FACTS[name].compute(state)

    from rulebook.games import game_class

    # a game's pie rule, where an option turns it on (inpHeXion's), on in half the games
    pie = {p.name: True for p in game_class(slug).parameters if p.name == "pie"}
    ended, offered, swapped = 0, 0, 0
    for seed in range(8):
        rng, session = random.Random(seed), Session(slug, pie if seed % 2 else {})
        for _ in range(300):
            state = session.state
            if state.is_over():
                break
            if "swap" in (state.format_move(move) for move in state.legal_moves()[:400]):
                offered += 1
                if seed % 2:
                    session.play("swap")
                    swapped += 1
            if session.state is state:
                session.play(state.format_move(state.random_move(rng)))
            state, said = session.state, session.outcome()
            if said is None:
                assert fact("winner", state) == "none", (seed, session.moves)
            else:
                assert (said["winner"] or "draw", said["reason"], said["scores"]) == (
                    fact("winner", state), fact("reason", state), fact("scores", state)), (
                    seed, session.moves)
            if state.is_over() or rng.random() < 0.1:
                view = session.view("en")
                assert (view["turn"] or "none", view["winner_name"] or "none") == (
                    fact("turn", state), fact("winner", state)), (seed, session.moves)
            if state.is_over() or len(session.moves) == 3 + seed:
                path = tmp_path / slug / f"{seed}-{len(session.moves)}.toml"
                path.parent.mkdir(exist_ok=True)
                path.write_text(session.record())
                record = load_record(path, tmp_path)
                record.check()
                said = {claim.fact: claim.expect for claim in record.claims}
                assert said == ({"winner": fact("winner", state), "reason": fact("reason", state)}
                                if state.is_over() else {"turn": fact("turn", state)}), said
        ended += session.state.is_over()
    assert ended >= 6, ended
    assert swapped >= 2 if offered else not swapped, (offered, swapped)


@pytest.mark.parametrize("fragment, error", [
    ("#game=qttt&at=x", "the link's at='x' is not a number of moves"),
    ("#game=qttt&at=-1", "the link's at='-1' is not a number of moves"),
    ("#game=chess", "the link names no game of this site (game='chess')"),
    ("#moves=%5B%5D", "the link names no game of this site (game=None)"),
    ("#game=qttt&colour=red", "the link names 'colour', which is not part of a game"),
    ("#game", "the link is not a game: its fragment is not name=value pairs"),
    ("#game=qttt&moves=%5B", "the link's moves are not readable (not JSON): '['"),
    ("#game=qttt&options=%5B%5D", "the link's options are not a table of options"),
    ("#game=qttt&moves=%7B%7D", "the link's moves are not a list of moves"),
    ("#game=qttt&moves=%5B1%5D", "the link's moves are not a list of moves"),
])
def test_a_malformed_link_is_refused_naming_what_is_wrong_with_it(fragment, error):
    """Through the page's entry point, each way a share link can be malformed is one
    line naming the field and the value at fault."""
    import json

    from rulebook.play import bridge

    answer = json.loads(bridge.call("open_link", json.dumps([fragment, "qttt"])))
    assert answer == {"error": error}, answer


def _spoiled(record, rng):
    """The record, and copies each made wrong in one way ``rulebook check`` refuses,
    where the record allows it: a claim expecting another value, a panel's variation
    going on with a move the rules refuse there, a panel's attempt that is legal."""
    import dataclasses

    yield record
    if record.claims:
        claim = rng.choice(record.claims)
        wrong = "no such value" if claim.expect != "no such value" else 0
        yield dataclasses.replace(record, claims=[dataclasses.replace(c, expect=wrong)
                                                  if c is claim else c for c in record.claims])
    for index, panel in enumerate(record.panels):
        state = record.variation(panel.after, panel.then, panel.line)[-1]
        if state.is_over():
            continue
        legal = {state.format_move(m) for m in state.legal_moves()}
        refused = [text for earlier in record.replay() for text in
                   (earlier.format_move(m) for m in earlier.legal_moves()[:30]) if text not in legal]
        panels = list(record.panels)
        if refused:
            panels[index] = dataclasses.replace(panel, then=[*panel.then, rng.choice(refused)])
            yield dataclasses.replace(record, panels=list(panels))
        panels[index] = dataclasses.replace(panel, attempt=sorted(legal)[0])
        yield dataclasses.replace(record, panels=panels)
        break


def test_an_opened_record_s_verdict_is_the_one_rulebook_check_gives():
    """Differential, over every record of the project and copies of each spoiled in
    each way check refuses: the play page's verdict on an opened record (its failures)
    is empty exactly when ``Record.check`` (what ``rulebook check`` runs) passes."""
    from rulebook.play.bridge import claims_verdict

    rng = random.Random(5)
    kinds = 0
    for path in sorted((ROOT / "figures").glob("*/*.toml")):
        for record in _spoiled(load_record(path), rng):
            try:
                record.check()
                passes = True
            except RulebookError:
                passes = False
            verdict = claims_verdict(record)
            assert (verdict["failures"] == []) == passes, (path.name, verdict)
            kinds += not passes
    assert kinds > 100


@pytest.mark.parametrize("slug", available_games())
def test_a_move_s_preview_is_the_board_the_move_then_shows_under_the_same_aids(slug,
                                                                               monkeypatch):
    """A preview (a palette's button, a move pointed at) against the view after the move
    is played, in random positions (some of them stepped back to), with the drawing's
    aids as they are and each switched the other way: the same drawing asked for (the
    same position, move, position before it, language and view options; the drawing
    itself: test_scene)."""
    import json

    from rulebook.figure_style import drawing_module
    from rulebook.play import bridge

    def asked(module, state, previous=None, **view):
        return {"items": [json.dumps([state.to_json(), previous and previous.to_json(), view],
                                     sort_keys=True, default=str)]}, []

    monkeypatch.setattr(bridge, "draw_scene", asked)
    monkeypatch.setattr(bridge, "swatch_scene", lambda mark: {"items": []})
    drawing = drawing_module(slug)
    switched = {name: not value for name, value in drawing.VIEW_OPTIONS.items()
                if isinstance(value, bool)}
    rng = random.Random(6)
    for seed in range(4):
        session = random_session(slug, seed, rng.randrange(0, 12))
        if seed % 2:  # stepped back: the position shown, not the game's last
            session.goto(rng.randrange(0, len(session.line) + 1))
        if session.state.is_over():
            continue
        moves = rng.sample(session.legal_moves(), min(2, len(session.legal_moves())))
        for aids in ({}, switched):
            previews = session.previews(moves, "ja", aids)
            for move in moves:
                after = Session.from_link(session.link())
                after.play(move)
                assert previews[move] == after.view("ja", aids)["scene"], (slug, seed, move, aids)


FIGURES = ROOT / "figures"


@pytest.mark.parametrize("path", find_records(FIGURES), ids=lambda path: path.stem)
def test_every_record_opened_and_played_on_is_downloaded_and_linked_as_the_game_shown(
        path, tmp_path):
    """Each record of the project (those that start from a position too), opened on
    the page and played on a move: the download is a record that ``rulebook check``
    accepts, of the same game, options and start, whose moves end at the position
    shown; the share link reopens that position."""
    original = load_record(path, FIGURES)
    session = Session.from_record(path.read_text(encoding="utf-8"), path.name)
    if not session.state.is_over():
        session.play(session.state.format_move(session.state.random_move(random.Random(4))))
    saved = tmp_path / original.game.slug / "downloaded.toml"
    saved.parent.mkdir()
    saved.write_text(session.record(), encoding="utf-8")
    again = load_record(saved, tmp_path)
    again.check()
    assert (again.game.slug, again.game.options, again.start) == (
        original.game.slug, original.game.options, original.start)
    assert again.replay()[-1].to_json() == session.state.to_json()
    linked = Session.from_link(session.link(), original.game.slug)
    assert linked.state.to_json() == session.state.to_json()


@pytest.mark.parametrize("slug", available_games())
def test_the_view_gives_the_running_scores_at_every_position_and_the_final_ones_at_the_end(
        slug, monkeypatch):
    """A game that keeps score as it goes (Necto's knots) shows each player's score at
    every position the page shows, as the engine has it, and the outcome's at the end;
    a game that keeps none shows none until its outcome has scores."""
    from rulebook.play import bridge

    # (the board, drawn in the browser's way: test_scene)
    monkeypatch.setattr(bridge, "draw_scene", lambda module, state, **view: ({"items": []}, []))
    for seed in range(3):
        session = random_session(slug, seed, 0)
        rng = random.Random(seed)
        while True:
            state, view = session.state, session.view("en")
            outcome = state.outcome()
            if outcome is not None and outcome.scores is not None:
                expected = list(outcome.scores)
            else:
                running = getattr(state, "scores", None)
                expected = None if running is None else list(running)
            assert view["scores"] == expected, (slug, seed, state.number)
            if state.is_over():
                break
            session.play(state.format_move(state.random_move(rng)))
