"""Necto's engine: tiles, tracing, moves, scoring, notation and errors."""

import dataclasses
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.errors import IllegalMoveError, NotationError, OptionError
from rulebook.games import make_game
from rulebook.games.necto.board import cell_name, trace_all
from rulebook.games.necto.notation import Move
from rulebook.games.necto.tiles import CODES, TILES, replacements

from conftest import legal_games, random_steps
from necto_reference import components


def _game(size=4):
    return make_game("necto", size=size)


def _full_board(size, rng, to_move=0):
    cells = size * size
    return dataclasses.replace(_game(size).initial_state(),
                               codes=tuple(rng.choice(CODES) for _ in range(cells)),
                               owners=tuple(rng.randrange(2) for _ in range(cells)), to_move=to_move)


def _playout(state, rng, stop=None):
    while not state.is_over() and (stop is None or state.move_number < stop):
        state = state.play(state.random_move(rng))
    return state


# --- tiles ---------------------------------------------------------------------

def test_tiles_have_the_documented_pairings_and_crossings():
    pairs = {code: {frozenset(s.ends) for s in tile.strands} for code, tile in TILES.items()}
    ne_sw, nw_se, ns_ew = {frozenset("NE"), frozenset("SW")}, {frozenset("NW"), frozenset("SE")}, \
        {frozenset("NS"), frozenset("EW")}
    assert [pairs[c] for c in CODES] == [ne_sw, nw_se, ns_ew, ns_ew, ne_sw, ne_sw, nw_se, nw_se]
    assert [TILES[c].crossings for c in CODES] == [0, 0, 1, 1, 2, 2, 2, 2]


def test_cross_tiles_put_the_documented_strand_on_top():
    vertical_over = {code: TILES[code].strands[0].events[0].over for code in ("x1", "x2")}
    assert TILES["x1"].strands[0].ends == ("N", "S")
    assert vertical_over == {"x1": True, "x2": False}


def test_twists_alternate_and_differ_by_sense():
    for code in ("t1", "t2", "t3", "t4"):
        for strand in TILES[code].strands:
            overs = [e.over for e in strand.events]
            assert len(overs) == 2 and overs[0] != overs[1]  # over once, under once
            assert strand.ends[0] in "NS"
            # t1 and t3: followed from its N or S end, a strand goes over first
            assert overs[0] == (code in ("t1", "t3"))


def test_each_strand_is_drawn_inside_its_cell_from_end_to_end_in_its_shape():
    """A strand's path (drawn, and where its crossings are found) runs from the middle of
    one side to the middle of the other, inside the cell, with no jump; a crossing
    tile's strands are straight, and a curve is a quarter circle (radius 1/2) round the
    corner between its ends."""
    import math

    middle = {"N": (0.5, 1.0), "E": (1.0, 0.5), "S": (0.5, 0.0), "W": (0.0, 0.5)}
    for code, tile in TILES.items():
        for strand in tile.strands:
            path = strand.path
            a, b = strand.ends
            assert path[0] == pytest.approx(middle[a]) and path[-1] == pytest.approx(middle[b])
            assert all(-1e-9 <= c <= 1 + 1e-9 for point in path for c in point), code
            assert max(math.dist(p, q) for p, q in zip(path, path[1:])) < 0.1, code
            if tile.kind == "cross":  # one of x or y never changes
                assert any(len({round(p[d], 9) for p in path}) == 1 for d in (0, 1)), code
            if tile.kind == "curve":
                corner = (middle[a][0] + middle[b][0] - 0.5, middle[a][1] + middle[b][1] - 0.5)
                assert all(abs(math.dist(p, corner) - 0.5) < 0.002 for p in path), code


def test_replacements_have_fewer_crossings():
    assert replacements("t1") == ("c1", "c2", "x1", "x2")
    assert replacements("x2") == ("c1", "c2")
    assert replacements("c1") == ()


# --- tracing against a naive version -------------------------------------------------

def _boards(size):
    """Full boards drawn tile by tile (codes and owners), so a failure shrinks to c1s."""
    cells = size * size
    return st.tuples(st.lists(st.sampled_from(CODES), min_size=cells, max_size=cells),
                     st.lists(st.sampled_from([0, 1]), min_size=cells, max_size=cells))


def _board(size, codes, owners, to_move=0):
    return dataclasses.replace(_game(size).initial_state(), codes=tuple(codes),
                               owners=tuple(owners), to_move=to_move)


@settings(max_examples=25, deadline=None)
@given(data=st.data(), size=st.sampled_from([4, 6, 8]))
def test_tracing_matches_a_naive_union_of_meeting_ends(data, size):
    state = _board(size, *data.draw(_boards(size)))
    traced = sorted(sorted(line.key) for line in trace_all(size, state.tiles))
    assert traced == sorted(sorted(loop) for loop in components(size, state.codes))


def test_open_lines_are_read_end_to_end_from_any_start():
    state = _playout(_game(6).initial_state(), random.Random(4), stop=20)
    for line in state.lines:
        if line.closed:
            continue
        for cell, strand, _ in line.passes:
            end = state.tiles[cell].strands[strand].ends[0]
            other = state.line_at(cell, end)
            assert other.key == line.key and len(other.passes) == len(line.passes)
            assert other.passes in (line.passes, tuple((c, s, not f) for c, s, f in reversed(line.passes)))


# --- the game -----------------------------------------------------------------------

def test_start():
    state = make_game("necto").initial_state()
    assert state.size == 6 and state.stage == "placing" and state.turn == 0
    assert len(state.legal_moves()) == 36 * 8


def test_size_option_is_checked():
    assert _game(8).initial_state().size == 8
    with pytest.raises(OptionError, match="size"):
        make_game("necto", size=5)


@settings(max_examples=12, deadline=None)
@given(game=legal_games("necto", {"size": 4}, max_moves=None))
def test_random_games_end_with_only_curves_and_consistent_scores(game):
    moves, final = game
    state, total = _game(4).initial_state(), [0, 0]
    for move in moves:
        before = state
        state = state.play(move)
        assert state.turn in (None, 1 - before.turn)
        if before.stage == "placing":
            assert state.gains == (0, 0)
        total = [total[0] + state.gains[0], total[1] + state.gains[1]]
        for scored in state.scored:  # who scored follows the crossing counts
            first, second = scored.counts
            assert scored.players == ((0,) if first > second else (1,) if second > first else (0, 1))
            assert scored.knot.named
    assert state == final and state.is_over()
    assert all(TILES[c].kind == "curve" for c in state.codes)
    assert list(state.scores) == total
    outcome = state.outcome()
    first, second = state.scores
    assert outcome.winner == (0 if first > second else 1 if second > first else None)
    assert state.legal_moves() == []


@settings(max_examples=15, deadline=None)
@given(board=_boards(4), to_move=st.sampled_from([0, 1]), data=st.data())
def test_scoring_matches_retracing_the_whole_board(board, to_move, data):
    """The incremental scoring agrees with a full retrace of the board after the move."""
    state = _board(4, *board, to_move=to_move)
    moves = state.legal_moves()
    chosen = data.draw(st.lists(st.sampled_from(moves), max_size=6, unique=True)) if moves else []
    for move in chosen:
        before = {state.knot(line).name for line in state.lines_through(move.cell)}
        after = state.play(move)
        expected = [0, 0]
        for line in after.lines:
            if (move.cell, 0) in line.key or (move.cell, 1) in line.key:
                knot = after.knot(line)
                if knot.named and knot.name not in before:
                    counts = after.crossing_counts(line)
                    for player in (0, 1):
                        if counts[player] >= counts[1 - player]:
                            expected[player] += knot.value
        assert list(after.gains) == expected


def test_marks_agree_with_playing_every_replacement():
    rng = random.Random(8)
    found = 0
    for _ in range(10):
        state = _full_board(4, rng)
        me = state.to_move
        marks = state.marks()
        for cell in range(16):
            results = [state.play(m).gains for m in state.legal_moves() if m.cell == cell]
            if not results:
                assert cell not in marks
                continue
            best = max((g[me] - g[1 - me], g[me]) for g in results)
            if best == (0, 0):
                assert cell not in marks
                continue
            found += 1
            net, _mine = best
            expected = f"+{net}" if net > 0 else f"−{-net}" if net < 0 else "±"
            assert marks[cell].text == expected
            if net < 0:  # every replacement there gives the opponent more
                assert all(g[1 - me] > g[me] for g in results)
    assert found > 0


# --- notation ------------------------------------------------------------------------

SIZES = st.sampled_from([4, 6, 8]).map(lambda size: {"size": size})


@settings(max_examples=20, deadline=None)
@given(game=legal_games("necto", SIZES, max_moves=70), data=st.data())
def test_moves_round_trip(game, data):
    _, state = game
    moves = state.legal_moves()
    for move in data.draw(st.lists(st.sampled_from(moves), max_size=10, unique=True)) if moves else []:
        text = state.format_move(move)
        assert state.parse_move(text) == move
        assert state.parse_move(text.lower()) == move


@settings(max_examples=20, deadline=None)
@given(game=legal_games("necto", SIZES, max_moves=70))
def test_positions_round_trip(game):
    _, state = game
    again = _game(state.size).parse_position(str(state))
    assert again == state and again.stage == state.stage and again.turn == state.turn


def test_move_formats():
    state = _game(4).initial_state()
    assert state.parse_move("C3=x1") == Move("place", 10, "x1")
    assert state.parse_move(" c3 > t2 ") == Move("replace", 10, "t2")
    assert cell_name(10, 4) == "C3" and cell_name(3, 4) == "D1"


@pytest.mark.parametrize("text, message", [
    ("C3=x9", "'x9' is not a tile code"),
    ("E3=x1", "cell E3 is off the 4×4 board"),
    ("C5=x1", "cell C5 is off the 4×4 board"),
    ("C3x1", "a move is CELL=TILE"),
    ("", "empty move"),
    ("33=x1", "'33' is not a cell"),
])
def test_notation_errors_name_the_problem(text, message):
    with pytest.raises(NotationError) as error:
        _game(4).initial_state().parse_move(text)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_illegal_moves_name_the_rule():
    state = _game(4).initial_state().play(Move("place", 10, "x1"))
    with pytest.raises(IllegalMoveError, match="C3 already holds x1: tiles are placed on empty cells"):
        state.play(state.parse_move("C3=t1"))
    with pytest.raises(IllegalMoveError, match="replacing starts once the board is full"):
        state.play(state.parse_move("C3>c1"))
    full = _full_board(4, random.Random(1))
    full = dataclasses.replace(full, codes=("x2",) + full.codes[1:])
    with pytest.raises(IllegalMoveError, match=r"fewer crossings: x1 \(1 crossing\) cannot replace x2"):
        full.play(full.parse_move("A1>x1"))
    with pytest.raises(IllegalMoveError, match="tiles are replaced now, not placed"):
        full.play(full.parse_move("A1=c1"))


@pytest.mark.parametrize("text, message", [
    ("x1F x1F x1F x1F\n" * 2, "the 4×4 board has 4 rows, the position 2"),
    ("x1F x1F x1F x1F\n" * 3 + "x1F x1F x1F", "this one has 3"),
    ("x1F x1F x1F x1F\n" * 3 + "x1F x1F x1F x9S", "'x9' is not a tile code"),
    ("x1F x1F x1F x1F\n" * 3 + "x1F x1F x1F x1", "write '.' for empty"),
    ("x1F x1F x1F x1F\n" * 4 + "turn: Third", "turn must be First or Second"),
    ("x1F x1F x1F x1F\n" * 4 + "scores: 1", "two whole numbers"),
])
def test_position_errors(text, message):
    with pytest.raises(NotationError) as error:
        _game(4).parse_position(text)
    assert message in str(error.value)
    if error.value.text is None:  # the whole position is at fault: no text quoted
        assert str(error.value).startswith(message)
    else:  # the line at fault
        assert any(str(error.value).startswith(f"cannot read {line!r}")
                   for line in text.splitlines()), str(error.value)


def test_position_defaults_and_keys():
    text = "4 | c1F x2S t1F c2S\n3 | .   .   .   .\n2 | .   .   .   .\n1 | .   .   .   .\n    A   B   C   D"
    state = _game(4).parse_position(text)
    assert state.codes[12:] == ("c1", "x2", "t1", "c2") and state.owners[13] == 1
    assert state.turn == 0 and state.scores == (0, 0)
    state = _game(4).parse_position(text + "\nturn: Second\nscores: 3 5")
    assert state.turn == 1 and state.scores == (3, 5)


def test_kind_and_knot_count_facts_against_the_records_written_by_hand():
    """``kind`` and ``knot_count`` (for ``rulebook find``) agree with what the
    replacing and finished records state about the same boards."""
    from pathlib import Path

    from rulebook.records import load_record

    figures = Path(__file__).resolve().parents[2] / "figures" / "necto"
    facts = make_game("necto", size=4).facts
    replacing = load_record(figures / "replacing.toml").replay()
    assert facts["kind"].compute(replacing[0], cell="C3") == "cross"  # x2, as its start says
    assert facts["kind"].compute(replacing[1], cell="C3") == "curve"  # C3>c1
    assert facts["kind"].compute(replacing[0], cell="A4") == "twist"  # t4
    finished = load_record(figures / "finished.toml").replay()
    assert facts["kind"].compute(finished[0], cell="A1") == "empty"
    assert facts["knot_count"].compute(finished[16], knot="○") == 5  # its claim: { ○ = 5 }
    assert facts["knot_count"].compute(finished[16], knot="K") == 0
    # the trefoil the replacement makes, and the two loops through C3 after it
    assert facts["knot_count"].compute(replacing[1], knot="3₁") == 1
    assert facts["knot_count"].compute(replacing[0], knot="3₁") == 0


def test_the_rules_index_says_a_knot_was_kept_only_of_an_unscored_named_knot_through_the_cell():
    """The rules index's "kept knot" (ruleset.py: the figures that show that a knot does
    not score when a loop through the cell already had that type) holds only for a
    replacement after which a closed loop through the cell is a named knot that did not
    score, of a type a line through that cell had just before; over random games it
    holds for some replacements and not for most."""
    from rulebook.games.necto.ruleset import _kept_knot

    held = 0
    replacements_seen = 0
    for seed, state, move, after in random_steps(make_game("necto", size=6), range(30)):
        if move.kind == "replace":
            replacements_seen += 1
            if _kept_knot(state, move, after):
                held += 1
                scored = {s.key for s in after.scored}
                before = {state.knot(line).name for line in state.lines_through(move.cell)}
                assert any(line.closed and after.knot(line).named and line.key not in scored
                           and after.knot(line).name in before
                           for line in after.lines_through(move.cell)), (seed, move)
    assert 0 < held < replacements_seen / 4, (held, replacements_seen)


def test_trace_a_line_offers_each_line_through_a_tile_once_and_nothing_elsewhere():
    """The play page's "trace a line" from the keys (clicks.lines_through): on a tile,
    one choice for each line through it (a line passing twice, once), each naming the
    tile; on an empty cell or off the board, none."""
    from rulebook.games.necto.clicks import lines_through

    rng = random.Random(5)
    state = make_game("necto", size=6).initial_state()
    for _ in range(30):
        state = state.play(state.random_move(rng))
    tiles = 0
    for cell in range(36):
        token = cell_name(cell, 6)
        offered = lines_through(state, token)
        if state.tiles[cell] is None:
            assert offered == [], token
            continue
        tiles += 1
        assert len(offered) == len({line.key for line in state.lines_through(cell)}), token
        assert all(choice["end"].split()[0] == token for choice in offered), (token, offered)
    assert tiles >= 10
    assert lines_through(state, "Z9") == [] and lines_through(state, "") == []


def test_a_written_position_puts_each_tile_in_the_row_and_column_its_name_says():
    """format_position, the position's text (records' starts, the play page's
    download): each placed tile is found where its cell's name (say F6) points, by the
    row's number on the left and the column's letter below."""
    from rulebook.games.necto.notation import format_position

    rng = random.Random(4)
    state = make_game("necto", size=8).initial_state()
    for _ in range(40):
        state = state.play(state.random_move(rng))
    lines = format_position(state).splitlines()
    rows = {line.split("|")[0].strip(): line.split("|")[1].split() for line in lines if "|" in line}
    letters = next(line.split() for line in lines if line.split()[:2] == ["A", "B"])
    assert sorted(rows, key=int) == [str(n) for n in range(1, 9)]
    placed = 0
    for cell in range(64):
        name = cell_name(cell, 8)
        written = rows[name[1:]][letters.index(name[0])]
        if state.tiles[cell] is None:
            assert written == ".", name
        else:
            placed += 1
            assert written.startswith(state.codes[cell]), (name, written)
    assert placed > 20  # replacements keep a cell's tile: fewer tiles than moves
    # each column's letter stands under its cells (every cell is 3 characters and a space)
    first = lines[0].index("|") + 2
    under = next(line for line in lines if line.split()[:2] == ["A", "B"])
    assert [under[first + 4 * column] for column in range(8)] == list("ABCDEFGH")


def test_the_play_page_s_pieces_are_the_placed_tiles_each_in_its_own_cell():
    """play.pieces (which the colour tests look at): one box per placed tile, its owner's,
    exactly the tile's cell (column, row from the bottom left, one unit square)."""
    from rulebook.games.necto.play import pieces

    rng = random.Random(8)
    state = make_game("necto", size=6).initial_state()
    for _ in range(25):
        state = state.play(state.random_move(rng))
    expected = sorted((state.owners[cell], (cell % 6, cell // 6, cell % 6 + 1, cell // 6 + 1))
                      for cell in range(36) if state.tiles[cell] is not None)
    assert sorted(pieces(state)) == expected and len(expected) > 10


def test_every_cell_is_a_target_named_as_the_notation_names_it():
    from rulebook.games.necto.clicks import targets

    state = make_game("necto", size=6).initial_state()
    state = state.play(state.parse_move("B2=x1"))
    found = targets(state)
    assert [t["token"] for t in found] == [cell_name(cell, 6) for cell in range(36)]
    assert next(t for t in found if t["token"] == "B2")["label"] == "B2 x1"


def test_a_fact_asked_of_a_player_the_game_does_not_have_names_them():
    from rulebook.errors import ArgumentError

    facts = make_game("necto").facts
    with pytest.raises(ArgumentError, match="Purple"):
        facts["points"].compute(make_game("necto").initial_state(), player="Purple")


def test_a_bracket_sum_that_d_does_not_divide_is_refused():
    """jones._divide_by_d divides exactly by d = -A^2 - A^-2, or refuses."""
    from rulebook.games.necto.jones import _divide_by_d

    assert _divide_by_d({4: -1, 0: -2, -4: -1}) == {2: 1, -2: 1}  # d (A^2 + A^-2)
    with pytest.raises(ArithmeticError, match="not divisible by d"):
        _divide_by_d({4: 1, 0: 3})


def test_the_rules_index_shows_replacing_exactly_for_moves_written_as_replacements():
    from rulebook.games.necto.ruleset import RULES

    replaced = [rule for rule in RULES if rule.applied is not None
                and rule.applied.__name__ == "_replaced"]
    assert len(replaced) == 1
    seen = {True: 0, False: 0}
    for _, state, move, after in random_steps(make_game("necto", size=6), range(6)):
        written = ">" in state.format_move(move)  # C3>x1 replaces, C3=x1 places
        assert replaced[0].applied(state, move, after) == written
        seen[written] += 1
    assert all(seen.values())


def test_each_step_through_the_frame_leaves_by_the_end_its_pass_leaves_by():
    """A line's ``frame[i]`` is the end (cell, side) pass ``i`` leaves the board's
    cells by, into the frame: the cell of pass ``i`` and its strand's end in the
    direction the line goes (``ends[1]`` forward, ``ends[0]`` backward), open lines
    read from either end and loops alike, in positions of random games."""
    from rulebook.games.necto.board import trace

    checked = opened = 0
    for seed, _, _, state in random_steps(make_game("necto", size=4), range(6)):
        for line in state.lines:
            for i, step in enumerate(line.frame):
                if step is None:
                    continue
                cell, strand, forward = line.passes[i]
                ends = state.tiles[cell].strands[strand].ends
                assert step == (cell, ends[1] if forward else ends[0]), (seed, i, step)
                checked += 1
                opened += not line.closed
        for cell in range(16):  # an open line is the same line from its other end
            tile = state.tiles[cell]
            if tile is None:
                continue
            for strand in tile.strands:
                line = trace(4, state.tiles, cell, strand.ends[0])
                again = trace(4, state.tiles, cell, strand.ends[1])
                assert {p[0] for p in line.passes} == {p[0] for p in again.passes}
    assert checked >= 50 and opened >= 10, (checked, opened)


def test_a_bad_tile_in_a_written_position_is_named_at_its_own_column():
    """A written position (a record's start) with one tile of a row miswritten, each
    tile of each row in turn: the error quotes that row and gives the column where
    the bad tile begins, counted from 1."""
    from rulebook.errors import NotationError

    game = _game(4)
    state = game.initial_state()
    rng = random.Random(3)
    for _ in range(6):
        state = state.play(state.random_move(rng))
    lines = str(state).splitlines()
    tried = 0
    for number, line in enumerate(lines):
        if "|" not in line:
            continue
        cells = list(re.finditer(r"\S+", line.split("|", 1)[1]))
        offset = line.index("|") + 1
        for cell in cells:
            start = offset + cell.start()
            bad = line[:start] + "q9F" + line[start + len(cell.group()):]
            text = "\n".join(lines[:number] + [bad] + lines[number + 1:])
            with pytest.raises(NotationError) as error:
                game.parse_position(text)
            assert str(error.value).startswith(f"cannot read {bad!r} at column {start + 1}: "), \
                str(error.value)
            tried += 1
    assert tried == 16


def test_the_rules_index_tells_a_knot_one_player_scores_from_a_tie_by_the_scores():
    """The rules index's "own crossings" (one player scores a knot) and "tie" (both
    do), checked against the scores themselves over random games: for a move that
    scores one knot, exactly one player's score rising is "own crossings" and not
    "tie", both rising is "tie" and not "own crossings"; a move that scores nothing
    shows neither."""
    from rulebook.games.necto.ruleset import RULES

    applied = {rule.id: rule.applied for rule in RULES}
    seen = {"one": 0, "both": 0, "none": 0}
    for _, state, move, after in random_steps(make_game("necto", size=4), range(100)):
        rose = [a > b for a, b in zip(after.scores, state.scores)]
        if len(after.scored) > 1:
            continue  # which knot gave which points: not told apart by the scores
        kind = "none" if not after.scored else "both" if all(rose) else "one"
        if kind == "one":
            assert sum(rose) == 1, (str(state), state.format_move(move))
        shown = (applied["own-crossings"](state, move, after), applied["tie"](state, move, after))
        assert shown == {"none": (False, False), "one": (True, False), "both": (False, True)}[kind], (
            str(state), state.format_move(move), after.scored)
        seen[kind] += 1
    assert seen["one"] > 50 and seen["both"] > 5, seen
