"""Every fact of Necto against an independent computation, at every position of seeded
random 4 × 4 games and for every value of its arguments (every cell, side, player,
kind, knot type, mark, tile code and move).

The independent side:

* test_necto_oracle's ``NaiveNecto``: its own tiles, moves, stages, turns, scoring and
  end, and its own knot maths (Gauss codes, Reidemeister simplification, Alexander
  polynomials, the table of named knots); it imports nothing from rulebook.games.
  Its loops are traced only on a full board, so the lines of a part-filled board
  (open lines, and loops that closed early) are walked here through its tiles by
  :func:`_walk`, written from the rules page: a line leaves a tile by a side into
  the neighbour's opposite side, or into the frame, which joins neighbouring ends
  of the same edge (columns A–B, C–D; rows 1–2, 3–4);
* necto_reference's brute-force marks (every replacement played and scored);
* test_necto_limits' plain Jones state sum (2ⁿ smoothings, in sympy), for loops of
  few crossings, and for every loop two identities of the Jones polynomial of a
  knot: V(1) = 1 and |V(−1)| = |Δ(−1)| (the determinant), Δ from the naive model.

The games are played by choosing among the naive model's moves and handing the
chosen text to the engine, each to its end.  A third are uniform; a third place
curves on most placements, so that lines close while cells are still empty; a third
play most replacements where the engine's marks say points move, so that more
moves score, for one player or for both.  Each test counts the cases it is about
and asserts they came up, so none passes for want of them.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, cached_property

import pytest

import necto_reference as ref
from rulebook.errors import ArgumentError, OptionError
from rulebook.games import make_game
from test_necto_limits import _jones_by_states, _of_expression
from test_necto_oracle import (CROSSINGS, NAMED, STEP, NaiveNecto, alexander, knot, relabelled,
                               simplified, value)
from test_necto_oracle import TILES as NAIVE_TILES

SIZE = 4
PLAYERS = ("First", "Second")
SIDES = "NESW"
KINDS = {"c": "curve", "x": "cross", "t": "twist"}  # by the code's letter (rules page)
OUTCOME = "no tile to replace"


def _name(cell) -> str:
    return "ABCD"[cell[0]] + str(cell[1] + 1)


def _order(cell):
    """Cells in the order the facts list them: by row, then column (A1 B1 C1 D1 A2 ...)."""
    return cell[1], cell[0]


def _index(name: str) -> int:
    """The engine's number of a cell named like 'C3' (row by row from A1), to sort by."""
    return "ABCD".index(name[0]) + SIZE * (int(name[1:]) - 1)


def _label(name: str) -> str:
    """The figures' label of a knot name: '3_1#4_1' -> '3₁#4₁', '0_1' -> '○', 'K' -> 'K'."""
    if name in ("0_1", "K"):
        return {"0_1": "○", "K": "K"}[name]
    digits = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
    return "#".join(a + b.translate(digits) for a, b in (p.split("_") for p in name.split("#")))


LABELS = ["○", "K", *(_label(name) for name, _ in NAMED.values())]


def _laurent(text: str) -> dict[int, int]:
    """'2 - 5t + 2t^2', 't^-2 - t^-1 + 1' as {power: coefficient}."""
    result = {}
    for term in text.replace(" - ", " +-").replace(" + ", " +").split(" +"):
        negative = term.startswith("-")
        found = re.fullmatch(r"(\d*)(t(?:\^(-?\d+))?)?", term.lstrip("-"))
        assert found and term.lstrip("-"), text
        number = int(found[1]) if found[1] else 1
        power = 0 if not found[2] else int(found[3]) if found[3] else 1
        result[power] = -number if negative else number
    return result


# --- lines of a naive position, part-filled boards included -------------------------------

def _next(cell, side):
    """The cell and side a line enters on leaving ``cell`` by ``side``."""
    dx, dy, opposite = STEP[side]
    column, row = cell[0] + dx, cell[1] + dy
    if 0 <= column < SIZE and 0 <= row < SIZE:
        return (column, row), opposite
    if side in "NS":  # the frame on the top or bottom edge: the partner column
        return (cell[0] ^ 1, cell[1]), side
    return (cell[0], cell[1] ^ 1), side  # left or right edge: the partner row


def _walk(tiles, cell, entered):
    """Along the line entering ``cell``'s tile by ``entered`` until it comes back there
    (closed) or runs into an empty cell: its (cell, strand) parts, its passes at
    crossings ((cell, crossing), on top?, direction) in order, whether it closed, and
    the last (cell, side) it left by."""
    parts, passes, here, side = [], [], cell, entered
    while True:
        strands = NAIVE_TILES[tiles[here][0]]
        index = next(i for i, strand in enumerate(strands) if side in strand[:2])
        first, second, along = strands[index]
        forward = side == first
        parts.append((here, index))
        for crossing, over, (dx, dy) in (along if forward else reversed(along)):
            passes.append(((here, crossing), over, (dx, dy) if forward else (-dx, -dy)))
        leaving = second if forward else first
        following = _next(here, leaving)
        if following == (cell, entered):
            return parts, passes, True, None
        if following[0] not in tiles:
            return parts, passes, False, (here, leaving)
        here, side = following


@dataclass
class Line:
    parts: frozenset  # (cell, strand index)
    passes: list  # ((cell, crossing), over, direction), in order along the line
    closed: bool
    counts: tuple = ()  # its self-crossings laid by First, by Second
    crossed: frozenset = frozenset()  # crossings with other lines
    code: list = field(default_factory=list)  # Gauss code of its self-crossings

    @cached_property
    def knot_name(self) -> str:
        """The rule's name of the line's type (an open line: of its closure), by the naive
        model's own Alexander polynomial: '0_1', a named knot, or 'K'."""
        return knot(self.code)

    @cached_property
    def polynomial(self) -> tuple[int, ...]:
        """Its Alexander polynomial, normalised, by the naive model."""
        return _polynomial(self.simplified)

    @cached_property
    def simplified(self) -> tuple:
        """Its own crossings' Gauss code after Reidemeister I and II, crossings renumbered."""
        return relabelled(simplified(self.code))

    @property
    def cells(self) -> list[str]:
        return [_name(c) for c in sorted({c for c, _ in self.parts}, key=_order)]


def naive_lines(naive) -> dict:
    """{(cell, strand): Line} for every strand of every tile of the naive position."""
    tiles, found = naive.tiles, {}
    for cell in sorted(tiles, key=_order):
        for strand, (end, _, _) in enumerate(NAIVE_TILES[tiles[cell][0]]):
            if (cell, strand) in found:
                continue
            parts, passes, closed, last = _walk(tiles, cell, end)
            if not closed:  # walk it again from one of its ends to the other
                parts, passes, closed, _ = _walk(tiles, *last)
            met = {}
            for crossing, over, direction in passes:
                met.setdefault(crossing, []).append((over, direction))
            signs = {}
            for crossing, seen in met.items():
                if len(seen) == 2:
                    (_, top), (_, bottom) = sorted(seen, key=lambda p: not p[0])
                    signs[crossing] = 1 if top[0] * bottom[1] - top[1] * bottom[0] > 0 else -1
            counts = [0, 0]
            for crossing in signs:
                counts[tiles[crossing[0]][1]] += 1
            line = Line(frozenset(parts), passes, closed, tuple(counts),
                        frozenset(c for c, seen in met.items() if len(seen) == 1),
                        [(c, over, signs[c]) for c, over, _ in passes if c in signs])
            for part in parts:
                found[part] = line
    return found


@cache
def _polynomial(key) -> tuple[int, ...]:
    return alexander(key)


def strand_at(code: str, side: str) -> int:
    return next(i for i, strand in enumerate(NAIVE_TILES[code]) if side in strand[:2])


# --- the games -------------------------------------------------------------------------------

@dataclass
class Position:
    naive: NaiveNecto
    state: object  # the engine's position after the same moves
    moved: str | None  # the last move's text
    before: NaiveNecto | None  # the naive position before it
    lines: dict  # (cell, strand) -> the naive Line through it


def _choose(rng, moves, naive, state, style):
    """Uniformly; or in a "curvy" game curves on most placements (more lines then close
    before the board is full); or in a "scoring" game, on most replacements, the one
    the engine's mark of a random marked tile suggests, a "±" tile's if there is one
    (more moves then score, for one player or both).  Steering only: what is checked
    comes from the naive model."""
    if style == "curvy" and naive.stage() == "placing" and rng.random() < 0.7:
        return rng.choice([m for m in moves if m[-2] == "c"])
    if style == "scoring" and naive.stage() == "replacing" and rng.random() < 0.6:
        marks = state.marks()
        both = [cell for cell, mark in marks.items() if mark.kind == "±"]
        if marks:
            return state.format_move(marks[rng.choice(both or sorted(marks))].best)
    return rng.choice(moves)


@cache
def games() -> tuple[tuple[Position, ...], ...]:
    """Seeded random games, each to its end: every position, with the naive model's."""
    game, played = make_game("necto", size=SIZE), []
    for seed in range(14):
        rng = random.Random(seed)
        naive, state = NaiveNecto(SIZE), game.initial_state()
        positions = [Position(naive, state, None, None, naive_lines(naive))]
        while moves := sorted(naive.moves()):
            text = _choose(rng, moves, naive, state, ("uniform", "curvy", "scoring")[seed % 3])
            assert text in moves
            before, naive = naive, naive.play(text)
            state = state.play(state.parse_move(text))
            positions.append(Position(naive, state, text, before, naive_lines(naive)))
        played.append(tuple(positions))
    return tuple(played)


def positions():
    return [p for game in games() for p in game]


def fact(state, name, **args):
    return state.game.facts[name].compute(state, **args)


# --- the tests -------------------------------------------------------------------------------

def test_stage_turn_scores_and_result_follow_the_naive_game():
    """stage, turn, over, winner, reason, scores, score, move_count, empty_cells,
    legal_move_count and board."""
    seen = Counter()
    for game in games():
        for number, p in enumerate(game):
            naive, state = p.naive, p.state
            stage = naive.stage()
            first, second = naive.scores
            over = stage == "over"
            winner = "none" if not over else (
                "First" if first > second else "Second" if second > first else "draw")
            assert fact(state, "stage") == stage
            assert fact(state, "over") is over
            assert fact(state, "turn") == ("none" if over else PLAYERS[naive.to_move])
            assert fact(state, "winner") == winner
            assert fact(state, "reason") == (OUTCOME if over else "none")
            assert fact(state, "scores") == [first, second]
            assert [fact(state, "score", player=who) for who in PLAYERS] == [first, second]
            assert fact(state, "move_count") == number
            assert fact(state, "empty_cells") == SIZE * SIZE - len(naive.tiles)
            assert fact(state, "legal_move_count") == len(naive.moves())
            assert fact(state, "board") == "4 × 4"
            seen[stage] += 1
            seen[winner] += 1
    assert seen["over"] == len(games()) and seen["placing"] > 100 and seen["replacing"] > 100
    assert seen["First"] and seen["Second"]  # wins both ways


def test_the_board_fact_gives_each_size():
    for size in (4, 6, 8):
        state = make_game("necto", size=size).initial_state()
        assert fact(state, "board") == f"{size} × {size}"


def test_last_move_facts_name_the_move_just_played_and_who_played_it():
    """last_move, last_cell and mover: the text handed to the engine, its cell, and the
    player whose turn it was (turns alternate throughout)."""
    moves = Counter()
    for game in games():
        for p in game:
            if p.moved is None:
                assert [fact(p.state, f) for f in ("last_move", "last_cell", "mover")] == \
                    ["none"] * 3
                continue
            assert fact(p.state, "last_move") == p.moved
            assert fact(p.state, "last_cell") == p.moved[:2]
            assert fact(p.state, "mover") == PLAYERS[p.before.to_move]
            moves["=" in p.moved] += 1
    assert moves[True] and moves[False] and len(moves) == 2  # placements and replacements


def test_tile_facts_of_every_cell():
    """code, owner, tile and kind of every cell; tile_count of every kind; tile_crossings
    of every code (rules page: curves none, crosses one, twists two)."""
    kinds = Counter()
    for p in positions():
        for column in range(SIZE):
            for row in range(SIZE):
                name, held = _name((column, row)), p.naive.tiles.get((column, row))
                if held is None:
                    expected = ("empty", "empty", "empty", "empty")
                else:
                    code, owner = held
                    expected = (code, PLAYERS[owner], f"{code} {PLAYERS[owner]}", KINDS[code[0]])
                    kinds[KINDS[code[0]]] += 1
                asked = tuple(fact(p.state, f, cell=name) 
                              for f in ("code", "owner", "tile", "kind"))
                assert asked == expected, name
        for kind in KINDS.values():
            counted = sum(KINDS[code[0]] == kind for code, _ in p.naive.tiles.values())
            assert fact(p.state, "tile_count", kind=kind) == counted, kind
        for code, crossings in CROSSINGS.items():
            assert fact(p.state, "tile_crossings", code=code) == crossings
    assert min(kinds.values()) > 100 and len(kinds) == 3


def test_is_legal_holds_exactly_for_the_naive_models_moves():
    """Every placement and every replacement of every tile on every cell, at every
    position (none once the game is over), and two texts that are no move."""
    answered = Counter()
    for p in positions():
        legal = set(p.naive.moves())
        for column in range(SIZE):
            for row in range(SIZE):
                for code in NAIVE_TILES:
                    cell = _name((column, row))
                    for text in (f"{cell}={code}", f"{cell}>{code}"):
                        answer = fact(p.state, "is_legal", move=text)
                        assert answer is (text in legal), text
                        answered[answer, p.naive.stage()] += 1
        assert fact(p.state, "is_legal", move="E5=c1") is False
        assert fact(p.state, "is_legal", move="zz9") is False
    assert answered[False, "over"] and not answered[True, "over"]
    assert answered[True, "placing"] and answered[True, "replacing"]
    assert answered[False, "placing"] and answered[False, "replacing"]


LINE_FACTS = ("traced_cells", "line_closed", "other_crossings", "tangled_lines", "majority",
              "knot_value", "polynomial", "knot", "jones")


def test_line_facts_of_every_side_of_every_cell():
    """traced_cells, line_closed, other_crossings, tangled_lines, self_crossings (each
    player and 'all'), majority, knot_value, polynomial and knot, for the line through
    every side of every tile, open lines included; knot only of a closed line (an
    error for an open one); every line fact an error on an empty cell."""
    seen = Counter()
    for p in positions():
        for column in range(SIZE):
            for row in range(SIZE):
                cell, name = (column, row), _name((column, row))
                for side in SIDES:
                    if cell not in p.naive.tiles:
                        for asked in LINE_FACTS:
                            with pytest.raises(OptionError, match="empty"):
                                fact(p.state, asked, cell=name, side=side)
                        with pytest.raises(OptionError, match="empty"):
                            fact(p.state, "self_crossings", cell=name, side=side, player="all")
                        seen["empty"] += 1
                        continue
                    line = p.lines[cell, strand_at(p.naive.tiles[cell][0], side)]
                    first, second = line.counts
                    others = {id(p.lines[c, 1 - s]) for c, _ in line.crossed
                              for s in (0, 1) if (c, s) in line.parts}
                    assert fact(p.state, "traced_cells", cell=name, side=side) == line.cells
                    assert fact(p.state, "line_closed", cell=name, side=side) is line.closed
                    assert fact(p.state, "other_crossings", cell=name, side=side) == \
                        len(line.crossed)
                    assert fact(p.state, "tangled_lines", cell=name, side=side) == len(others)
                    assert [fact(p.state, "self_crossings", cell=name, side=side, player=who)
                            for who in (*PLAYERS, "all")] == [first, second, first + second]
                    assert fact(p.state, "majority", cell=name, side=side) == (
                        "First" if first > second else "Second" if second > first else "tie")
                    assert fact(p.state, "knot_value", cell=name, side=side) == \
                        value(line.knot_name)
                    assert _laurent(fact(p.state, "polynomial", cell=name, side=side)) == \
                        {power: c for power, c in enumerate(line.polynomial) if c}
                    if line.closed:
                        assert fact(p.state, "knot", cell=name, side=side) == \
                            _label(line.knot_name)
                    else:
                        with pytest.raises(OptionError, match="not closed"):
                            fact(p.state, "knot", cell=name, side=side)
                    seen["closed" if line.closed else "open"] += 1
                    seen["open, placing"] += not line.closed and p.naive.stage() == "placing"
                    seen["closed, placing"] += line.closed and p.naive.stage() == "placing"
                    seen["named"] += line.closed and value(line.knot_name) > 0
                    seen["K"] += line.closed and line.knot_name == "K"
                    seen["both own crossings"] += first > 0 and second > 0
                    seen["tie"] += first == second > 0
                    seen["tangled with two"] += len(others) >= 2
                    seen["crossed, not tangled"] += len(line.crossed) > len(others) > 0
    assert min(seen.values()) >= 20, seen
    assert set(seen) >= {"empty", "open, placing", "closed, placing", "named", "K", "tie"}


def test_jones_of_every_closed_loop():
    """The jones fact of every closed loop: by the plain state sum when the naive model's
    simplified diagram has at most 8 crossings, else V(1) = 1 and |V(−1)| = |Δ(−1)| with
    Δ from the naive model (which also hold for the small ones); open lines are refused."""
    by_states, checked, refused = {}, Counter(), 0
    for p in positions():
        for cell, (code, _) in p.naive.tiles.items():
            for side in SIDES:
                line = p.lines[cell, strand_at(code, side)]
                if not line.closed:
                    with pytest.raises(OptionError, match="not closed"):
                        fact(p.state, "jones", cell=_name(cell), side=side)
                    refused += 1
                    continue
                jones = _laurent(fact(p.state, "jones", cell=_name(cell), side=side))
                delta = line.polynomial
                assert sum(jones.values()) == 1
                assert abs(sum(c * (-1) ** k for k, c in jones.items())) == \
                    abs(sum(c * (-1) ** k for k, c in enumerate(delta)))
                small = line.simplified
                if 0 < len(small) <= 16:
                    if small not in by_states:
                        gauss = [(c, over) for c, over, _ in small]
                        by_states[small] = _of_expression(
                            _jones_by_states(gauss, {c: sign for c, _, sign in small}))
                    assert jones == by_states[small]
                    checked["by states"] += 1
                    # a chiral knot: its mirror image (t -> 1/t) has another polynomial
                    checked["chiral"] += jones != {-power: c for power, c in jones.items()}
                else:
                    checked["large"] += 1
    assert refused > 20 and min(checked.values()) > 10 and len(checked) == 3, (checked, refused)


def test_loop_facts_count_and_name_the_closed_loops():
    """loop_count, knot_counts, knot_count of every knot type, and knots_through every
    tile (the types of the closed loops through it, a loop through it twice once; open
    lines left out); knots_through an empty cell is an error."""
    seen = Counter()
    for p in positions():
        loops = {id(line): line for line in p.lines.values() if line.closed}
        types = Counter(_label(line.knot_name) for line in loops.values())
        assert fact(p.state, "loop_count") == len(loops)
        assert fact(p.state, "knot_counts") == dict(types)
        assert [fact(p.state, "knot_count", knot=label) for label in LABELS] == \
            [types[label] for label in LABELS]
        for column in range(SIZE):
            for row in range(SIZE):
                cell = (column, row)
                if cell not in p.naive.tiles:
                    with pytest.raises(OptionError, match="empty"):
                        fact(p.state, "knots_through", cell=_name(cell))
                    continue
                through = {id(p.lines[cell, s]): p.lines[cell, s] for s in (0, 1)}
                expected = sorted(_label(line.knot_name) for line in through.values()
                                  if line.closed)
                assert fact(p.state, "knots_through", cell=_name(cell)) == expected
                closed = sum(line.closed for line in through.values())
                seen[f"{len(through)} lines, {closed} closed"] += 1
                seen["two types"] += len(set(expected)) == 2
                seen["a named one"] += any(label not in ("○", "K") for label in expected)
        seen["named loops"] += sum(n for label, n in types.items() if label not in ("○", "K"))
    # a cell on two closed loops, on one loop twice, on an open line and a loop, ...
    assert min(seen.values()) >= 10 and len(seen) == 8, seen


def test_scoring_facts_of_every_move():
    """points of each player, total_points, scorers and scored_knots: what the naive
    model scores for the last move (a loop through the replaced cell that is now a
    named knot no loop through it was just before, for whoever laid more of its own
    crossings, both on a tie)."""
    seen = Counter()
    for p in positions():
        gains = [0, 0] if p.before is None else \
            [after - before for after, before in zip(p.naive.scores, p.before.scores)]
        scored = []
        if p.moved and ">" in p.moved:
            cell = ("ABCD".index(p.moved[0]), int(p.moved[1]) - 1)
            before = {name for name, _ in p.before.through(cell).values()}
            scored = [name for name, _ in p.naive.through(cell).values()
                      if value(name) and name not in before]
        assert [fact(p.state, "points", player=who) for who in PLAYERS] == gains
        assert fact(p.state, "total_points") == sum(gains)
        assert fact(p.state, "scorers") == [who for who, g in zip(PLAYERS, gains) if g]
        assert sorted(fact(p.state, "scored_knots")) == sorted(map(_label, scored))
        seen["scored"] += bool(scored)
        seen["both"] += all(gains)
        seen["one"] += any(gains) and not all(gains)
        seen["not the mover"] += bool(p.before) and gains[p.before.to_move] == 0 < sum(gains)
    assert min(seen.values()) >= 3, seen


def test_marks_match_the_brute_force_at_every_replacing_position():
    """marks, and cells_marked of every mark given and of some not given, against
    necto_reference's brute force (every replacement played and scored); mark of every
    cell at every third replacing position (each asks the engine for all the marks), of
    the marked cells and one more at the others; no marks while placing or once over."""
    seen, replacing = Counter(), 0
    for p in positions():
        state = p.state
        replacing += p.naive.stage() == "replacing"
        expected = {} if p.naive.stage() != "replacing" else \
            ref.marks(SIZE, state.codes, state.owners, state.to_move)
        named = {_name((c % SIZE, c // SIZE)): text for c, text in expected.items()}
        assert list(fact(state, "marks").items()) == \
            [(cell, named[cell]) for cell in sorted(named, key=_index)]
        every = [_name((column, row)) for row in range(SIZE) for column in range(SIZE)]
        if p.naive.stage() == "replacing" and replacing % 3:
            every = [*named, next(cell for cell in every if cell not in named)]
        for cell in every:
            assert fact(state, "mark", cell=cell) == named.get(cell, "none")
        for text in {*named.values(), "+1", "+3", "−3", "±", "+99"}:
            assert fact(state, "cells_marked", mark=text) == \
                sorted((c for c, m in named.items() if m == text), key=_index)
        for text in named.values():
            seen[text[0]] += 1
        seen["unmarked replacing"] += p.naive.stage() == "replacing" and not named
    assert min(seen.values()) >= 5 and len(seen) == 4, seen


@pytest.mark.parametrize("asked, args, problem", [
    ("code", {"cell": "E1"}, "E1"), ("owner", {"cell": "A5"}, "A5"),
    ("knot", {"cell": "A1", "side": "X"}, "side"),
    ("self_crossings", {"cell": "A1", "side": "N", "player": "Purple"}, "Purple"),
    ("points", {"player": "Third"}, "Third"), ("score", {"player": "nobody"}, "nobody"),
    ("tile_count", {"kind": "knot"}, "knot"), ("knot_count", {"knot": "9_1"}, "9_1"),
    ("cells_marked", {"mark": "+"}, "scoring mark"),
    ("cells_marked", {"mark": "-3"}, "scoring mark"),
    ("tile_crossings", {"code": "x3"}, "x3"),
])
def test_facts_refuse_arguments_that_name_nothing(asked, args, problem):
    """A cell off the board, a side, player, kind, knot type, mark or tile code that does
    not exist (a hyphen is not the minus sign of a mark)."""
    state = make_game("necto", size=SIZE).initial_state()
    state = state.play(state.parse_move("A1=t1"))
    with pytest.raises(ArgumentError, match=problem):
        fact(state, asked, **args)


def test_the_keys_trace_each_line_through_a_tile_once():
    """"Trace a line" (the play page's keys) offers, for the tile on a cell, one entry for
    each line through it, a line that passes the tile twice once: as many as the naive
    model's distinct lines through the tile, each entry naming one strand's two sides."""
    from rulebook.games.necto import clicks

    twice = 0
    for position in positions()[::3]:
        for cell, (code, _) in position.naive.tiles.items():
            strands = range(len(NAIVE_TILES[code]))
            lines = {id(position.lines[cell, strand]) for strand in strands}
            offered = clicks.lines_through(position.state, _name(cell))
            assert len(offered) == len(lines), (_name(cell), offered)
            ends = {frozenset(strand[:2]) for strand in NAIVE_TILES[code]}
            assert all(frozenset(entry["sides"]) in ends for entry in offered)
            twice += len(lines) < len(strands)
    assert twice >= 5  # tiles a line passes twice


def test_a_fact_asked_of_a_line_it_cannot_answer_for_says_why_naming_it():
    """The knot of an open line, of an empty cell's line, and a knot type that is not one
    (written in ASCII): each refused in one line naming the cell and side or the type,
    the types listed as the facts print them."""
    from rulebook.record_facts import claim_facts

    game = make_game("necto", size=SIZE)
    facts = claim_facts(game)
    state = game.initial_state().play(game.initial_state().parse_move("A1=c1"))
    with pytest.raises(OptionError, match=r"^the line through A1 N is not closed yet$"):
        facts["knot"].compute(state, cell="A1", side="N")
    with pytest.raises(OptionError, match=r"^D4 is empty: no line runs through it$"):
        facts["knot"].compute(state, cell="D4", side="N")
    with pytest.raises(ArgumentError) as error:
        facts["knot_count"].compute(state, knot="3_1")
    listed = str(error.value).removeprefix("'3_1' is no knot type: one of ").split(", ")
    assert listed[0] == "○" and listed[-1] == "K" and "3₁" in listed and "4₁" in listed, listed
