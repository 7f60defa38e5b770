"""What a record may set in a Quantum Tic-Tac-Toe figure's ``view``."""

from ...views import ViewOption, each, quoted
from .notation import parse_cell


def _cell(value, game):
    if not isinstance(value, str):
        return f"{quoted(value)} is not a cell name"
    parse_cell(value.lower(), value, 1)  # as the drawing reads it; NotationError names it
    return None


VIEW_OPTIONS = {
    "coordinates": ViewOption(True, "Column letters and row numbers around the board."),
    "entanglement": ViewOption(False, "A thin curve joining the two cells of each spooky mark."),
    "highlight": ViewOption([], "Cells to tint, e.g. [\"a1\", \"b2\"]: the cells a caption "
                                "points at.", check=each(_cell)),
    "show_cycle": ViewOption(True, "Frame the cycle waiting to collapse."),
    "show_lines": ViewOption(True, "Strike through complete lines."),
}
