"""What claims can ask about a Quantum Tic-Tac-Toe position."""

from ...errors import NotationError
from ...game import COMMON_FACTS, FactSet, players_or
from .notation import cell_name, mark_name, parse_cell
from .rules import CELLS, connected, owner

FACTS = FactSet(COMMON_FACTS)


def _cell(text: str) -> int:
    return parse_cell(str(text).lower(), str(text), 1)


def _mark(number) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 9:
        raise NotationError(str(number), "a mark is numbered 1 to 9")
    return number


@FACTS.fact("classical", "The classical mark in a cell, e.g. 'X3', or 'none'.", args=("cell",))
def classical(state, cell) -> str:
    mark = state.classical[_cell(cell)]
    return "none" if mark is None else mark_name(mark)


@FACTS.fact("spooky", "The spooky marks in a cell, e.g. ['X1', 'O2'], in move order.",
            args=("cell",))
def spooky(state, cell) -> list[str]:
    return [mark_name(m) for m in state.spooky_in(_cell(cell))]


@FACTS.fact("classical_count", "How many cells hold a classical mark.")
def classical_count(state) -> int:
    return sum(m is not None for m in state.classical)


@FACTS.fact("spooky_count", "How many marks are still spooky.")
def spooky_count(state) -> int:
    return len(state.spooky)


@FACTS.fact("marks_placed", "How many marks (spooky or classical) have been made, 0-9.")
def marks_placed(state) -> int:
    return state.marks_placed


@FACTS.fact("chooser", "Who must choose a collapse now ('none' if nobody).",
            values=players_or("none"))
def chooser(state) -> str:
    return "none" if state.pending is None else state.game.player_name(state.turn)


@FACTS.fact("cycle", "The cells of the cycle waiting to collapse, sorted, e.g. ['a1', 'b2'].")
def cycle(state) -> list[str]:
    return sorted(cell_name(c) for c in state.cycle_cells())


@FACTS.fact("lines", "Each player's complete lines, e.g. {X = [['a1','b2','c3']], O = []}.")
def lines(state) -> dict[str, list[list[str]]]:
    return {state.game.player_name(p): [[cell_name(c) for c in line] for line in found]
            for p, found in state.lines().items()}


@FACTS.fact("line_completed_at", "The move at which a player's earliest line was complete: "
                                 "the largest mark number in it (0 if the player has no line).",
            args=("player",))
def line_completed_at(state, player) -> int:
    found = state.lines()[state.game.player_index(player)]
    return min((state.line_completed_at(line) for line in found), default=0)


@FACTS.fact("owner", "Whose mark number N is ('X' for odd numbers, 'O' for even).",
            args=("mark",))
def mark_owner(state, mark: int) -> str:
    return state.game.player_name(owner(_mark(mark)))


@FACTS.fact("mark_cells", "The cells holding mark N, sorted: two while it is spooky, one once "
                          "classical, none before it is made.", args=("mark",))
def mark_cells(state, mark: int) -> list[str]:
    number = _mark(mark)
    if number in state.classical:
        return [cell_name(state.classical.index(number))]
    return sorted(cell_name(c) for m, a, b in state.spooky if m == number for c in (a, b))


@FACTS.fact("free_cells", "The cells without a classical mark, sorted.")
def free_cells(state) -> list[str]:
    return sorted(cell_name(c) for c in state.free_cells())


@FACTS.fact("pending_mark", "The number of the mark that closed the cycle waiting to collapse, "
                            "or 0 if none is waiting.")
def pending_mark(state) -> int:
    return state.pending or 0


@FACTS.fact("mark_name", "Mark N by its player's letter and number, e.g. 'X1', once it has been "
                         "made ('none' before).", args=("mark",))
def mark_name_fact(state, mark: int) -> str:
    number = _mark(mark)
    return mark_name(number) if number <= state.marks_placed else "none"


@FACTS.fact("group", "The cells linked to a cell through chains of spooky pairs, the cell "
                     "included, sorted (just the cell when no pair touches it).", args=("cell",))
def group(state, cell) -> list[str]:
    start = _cell(cell)
    return sorted(cell_name(c) for c in CELLS if connected(state.spooky, start, c))


@FACTS.fact("line_count", "How many complete lines a player has.", args=("player",))
def line_count(state, player) -> int:
    return len(state.lines()[state.game.player_index(player)])


@FACTS.fact("winning_line", "The cells of the line that won, sorted (the earliest one if the "
                            "winner has several); [] while nobody has won or in a draw.")
def winning_line(state) -> list[str]:
    outcome = state.outcome()
    if outcome is None or outcome.winner is None:
        return []
    line = min(state.lines()[outcome.winner], key=state.line_completed_at)
    return sorted(cell_name(c) for c in line)
