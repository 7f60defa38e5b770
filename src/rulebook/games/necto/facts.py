"""Facts a Necto record's claims can ask about a position.

Cells are written like ``C3``; a line is picked by a cell and a side of it
(``N``, ``E``, ``S`` or ``W``): the line through that end of the cell.  Players
are ``First`` and ``Second``.  Knot types are written as in the figures:
``3₁``, ``4₁``, ``3₁#3₁``, ``K`` (a knot too complex to name) and ``○`` (unknotted).
"""

from __future__ import annotations

import re

from ...errors import ArgumentError, NotationError, OptionError
from ...game import COMMON_FACTS, FactSet, players_or
from .board import cell_name
from .jones import format_jones, jones
from .knots import COMPLEX, NAMED, UNKNOT
from .notation import parse_cell
from .tiles import TILES

FACTS = FactSet(COMMON_FACTS)
MARK = re.compile(r"±|[+−][0-9]+")  # a scoring mark as Mark.text writes it


def _cell(state, cell: str) -> int:
    try:
        return parse_cell(cell, state.size, cell, 1)
    except NotationError as error:
        raise ArgumentError(str(error)) from None


def line_through(state, cell: str, side: str):
    """The line through ``cell``'s ``side`` (N, E, S or W), e.g. ("C3", "N")."""
    index = _cell(state, cell)
    if side not in ("N", "E", "S", "W"):
        raise ArgumentError(f"side must be N, E, S or W, not {side!r}")
    if state.codes[index] is None:
        raise OptionError(f"{cell} is empty: no line runs through it")
    return state.line_at(index, side)


def closed_line(state, cell: str, side: str):
    """The line through ``cell``'s ``side``, which must be a closed loop."""
    line = line_through(state, cell, side)
    if not line.closed:
        raise OptionError(f"the line through {cell} {side} is not closed yet")
    return line


def _player(state, player: str) -> int:
    try:
        return state.game.player_index(player)
    except OptionError as error:
        raise ArgumentError(str(error)) from None


@FACTS.fact("stage", "The stage of the game.", values=lambda game: ("placing", "replacing", "over"))
def _stage(state) -> str:
    return state.stage


@FACTS.fact("last_move", "The last move in notation, e.g. 'C3>c1', or 'none' at the start.")
def _last_move(state) -> str:
    move = state.last_move
    return "none" if move is None else state.format_move(move)


@FACTS.fact("last_cell", "The cell of the last move, e.g. 'C3', or 'none' at the start.")
def _last_cell(state) -> str:
    move = state.last_move
    return "none" if move is None else cell_name(move.cell, state.size)


@FACTS.fact("mover", "Who made the last move ('none' at the start).", values=players_or("none"))
def _mover(state) -> str:
    move = state.last_move
    return "none" if move is None else state.game.player_name(state.owners[move.cell])


@FACTS.fact("code", "The code of the tile on a cell, e.g. 'x1', or 'empty'.", args=("cell",))
def _code(state, cell) -> str:
    return state.codes[_cell(state, cell)] or "empty"


@FACTS.fact("owner", "Who placed (or last replaced) the tile on a cell, e.g. 'First', or 'empty'.",
            args=("cell",))
def _owner(state, cell) -> str:
    index = _cell(state, cell)
    return "empty" if state.codes[index] is None else state.game.player_name(state.owners[index])


@FACTS.fact("scorers", "Who scored with the last move: ['Second'], both names, or [].")
def _scorers(state) -> list[str]:
    return [state.game.player_name(p) for p in (0, 1) if state.gains[p]]


@FACTS.fact("move_count", "How many moves have been played from the empty board (or the start).")
def _move_count(state) -> int:
    return state.moves_played


@FACTS.fact("empty_cells", "How many cells are still empty.")
def _empty_cells(state) -> int:
    return sum(code is None for code in state.codes)


@FACTS.fact("tile_count", "How many tiles of a kind are on the board "
                          "(kind 'curve', 'cross' or 'twist').", args=("kind",))
def _tile_count(state, kind) -> int:
    kinds = sorted({tile.kind for tile in TILES.values()})
    if kind not in kinds:
        raise ArgumentError(f"kind must be {', '.join(kinds)}, not {kind!r}")
    return sum(code is not None and TILES[code].kind == kind for code in state.codes)


@FACTS.fact("tile", "The tile on a cell and its owner, e.g. 'x1 First', or 'empty'.", args=("cell",))
def _tile(state, cell) -> str:
    index = _cell(state, cell)
    code = state.codes[index]
    return "empty" if code is None else f"{code} {state.game.player_name(state.owners[index])}"


@FACTS.fact("kind", "The kind of the tile on a cell: 'curve', 'cross', 'twist' or 'empty'.",
            args=("cell",))
def _kind(state, cell) -> str:
    code = state.codes[_cell(state, cell)]
    return "empty" if code is None else TILES[code].kind


@FACTS.fact("knots_through", "The knot types of the loops through a cell, sorted, e.g. ['3₁', 'K'].",
            args=("cell",))
def _knots_through(state, cell) -> list[str]:
    index = _cell(state, cell)
    if state.codes[index] is None:
        raise OptionError(f"{cell} is empty: no line runs through it")
    return sorted(state.knot(line).label for line in state.lines_through(index) if line.closed)


@FACTS.fact("knot", "The knot type of the loop through a cell's side, e.g. '3₁', 'K' or '○'.",
            args=("cell", "side"))
def _knot(state, cell, side) -> str:
    return state.knot(closed_line(state, cell, side)).label


@FACTS.fact("knot_value", "Points the loop through a cell's side is worth (0 unless a named knot).",
            args=("cell", "side"))
def _knot_value(state, cell, side) -> int:
    return state.knot(line_through(state, cell, side)).value


@FACTS.fact("polynomial", "The Alexander polynomial of the loop through a cell's side, "
                          "e.g. '1 - t + t^2' (normalised: lowest power 0, first coefficient positive).",
            args=("cell", "side"))
def _polynomial(state, cell, side) -> str:
    return state.alexander(line_through(state, cell, side))


@FACTS.fact("self_crossings", "How many of the loop's self-crossings a player placed "
                              "(player 'First', 'Second' or 'all').",
            args=("cell", "side", "player"))
def _self_crossings(state, cell, side, player) -> int:
    counts = state.crossing_counts(line_through(state, cell, side))
    return sum(counts) if player == "all" else counts[_player(state, player)]


@FACTS.fact("loop_count", "How many closed loops the board has.")
def _loop_count(state) -> int:
    return len(state.loops)


@FACTS.fact("knot_counts", "How many loops of each type the board has, e.g. {'3₁': 1, 'K': 2, '○': 1}.")
def _knot_counts(state) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in state.loops:
        label = state.knot(line).label
        counts[label] = counts.get(label, 0) + 1
    return counts


@FACTS.fact("knot_count", "How many loops of one type (e.g. 'K', '3₁', '○') the board has.",
            args=("knot",))
def _knot_count(state, knot) -> int:
    labels = [UNKNOT.label, *(t.label for t in NAMED.values()), COMPLEX.label]
    if knot not in labels:
        raise ArgumentError(f"{knot!r} is no knot type: one of {', '.join(labels)}")
    return _knot_counts(state).get(knot, 0)


@FACTS.fact("points", "Points a player scored with the last move.", args=("player",))
def _points(state, player) -> int:
    return state.gains[_player(state, player)]


@FACTS.fact("total_points", "Points the last move scored, both players together.")
def _total_points(state) -> int:
    return sum(state.gains)


@FACTS.fact("majority", "Who placed more of the self-crossings of the loop through a cell's "
                        "side: 'First', 'Second' or 'tie' (who would score it).",
            args=("cell", "side"))
def _majority(state, cell, side) -> str:
    players = state.majority(line_through(state, cell, side))
    return "tie" if len(players) > 1 else state.game.player_name(players[0])


@FACTS.fact("scored_knots", "The knot types the last move scored, e.g. ['3₁'].")
def _scored_knots(state) -> list[str]:
    return [s.knot.label for s in state.scored]


@FACTS.fact("score", "A player's total score.", args=("player",))
def _score(state, player) -> int:
    return state.scores[_player(state, player)]


@FACTS.fact("mark", "The scoring mark of a cell for the player to move: '+3', '−3', '±' or 'none'.",
            args=("cell",))
def _mark(state, cell) -> str:
    mark = state.marks().get(_cell(state, cell))
    return "none" if mark is None else mark.text


@FACTS.fact("cells_marked", "The cells whose scoring mark for the player to move is the given mark "
                            "(e.g. '+3', '−7', '±'), in cell order.", args=("mark",))
def _cells_marked(state, mark) -> list[str]:
    if not isinstance(mark, str) or not MARK.fullmatch(mark):
        raise ArgumentError(f"{mark!r} is no scoring mark: '+' or '−' (the minus sign) and "
                            "a number, or '±'")
    return [cell_name(c, state.size) for c, m in sorted(state.marks().items()) if m.text == mark]


@FACTS.fact("marks", "Every scoring mark for the player to move, as {cell: mark}.")
def _marks(state) -> dict[str, str]:
    return {cell_name(c, state.size): m.text for c, m in sorted(state.marks().items())}


@FACTS.fact("traced_cells", "The cells the line through a cell's side runs through, sorted.",
            args=("cell", "side"))
def _traced_cells(state, cell, side) -> list[str]:
    return [cell_name(c, state.size) for c in line_through(state, cell, side).cells]


@FACTS.fact("line_closed", "Whether the line through a cell's side is a closed loop.",
            args=("cell", "side"))
def _line_closed(state, cell, side) -> bool:
    return line_through(state, cell, side).closed


@FACTS.fact("tile_crossings", "How many crossings a tile (by code, e.g. 't1') has.", args=("code",))
def _tile_crossings(state, code) -> int:
    if code not in TILES:
        raise ArgumentError(f"{code!r} is not a tile code (codes: {' '.join(TILES)})")
    return TILES[code].crossings


@FACTS.fact("other_crossings", "How many times the line through a cell's side crosses other lines.",
            args=("cell", "side"))
def _other_crossings(state, cell, side) -> int:
    return len(line_through(state, cell, side).crossed)


@FACTS.fact("board", "The board's size, e.g. '4 × 4'.")
def _board(state) -> str:
    return f"{state.size} × {state.size}"


@FACTS.fact("tangled_lines", "How many other lines the line through a cell's side crosses.",
            args=("cell", "side"))
def _tangled_lines(state, cell, side) -> int:
    return len(state.tangled_with(line_through(state, cell, side)))


@FACTS.fact("jones", "The Jones polynomial of the loop through a cell's side, e.g. 't + t^3 - t^4' "
                     "(1 for an unknotted loop, so anything else proves the loop knotted: the "
                     "game's Alexander rule can miss it).",
            args=("cell", "side"))
def _jones(state, cell, side) -> str:
    return format_jones(jones(*closed_line(state, cell, side).diagram))
