"""What a record may set in a Necto figure's ``view``."""

from ...views import ViewOption, each, quoted
from .notation import parse_cell


def _line_end(value, game):
    """A cell and a side, such as "C3 N"."""
    if not isinstance(value, str):
        return f"{quoted(value)} is not a cell and a side, such as 'C3 N'"
    text = value.replace(" ", "")
    if not text:
        return None
    if text[-1].upper() not in "NESW":
        return f"{quoted(value)} is not a cell and a side, such as 'C3 N'"
    parse_cell(text[:-1], game.options["size"], value, 1)
    return None


def _loops(value, game):
    return each(_line_end)([value] if isinstance(value, str) else value, game)


VIEW_OPTIONS = {
    "show": ViewOption("board", "\"board\", or \"tiles\" for the eight tiles with their codes.",
                       choices=("board", "tiles")),
    "labels": ViewOption(True, "Label each loop: a named knot boxed, K / 結 dashed, ○ unknotted."),
    "tint": ViewOption(True, "Tint each tile with the colour of whoever placed it."),
    "marks": ViewOption(False, "The scoring marks for the player to move (the demo's aid)."),
    "trace": ViewOption("", "A line end such as \"C3 N\": draw that line strongly, fade the "
                            "rest.", check=_line_end),
    "coords": ViewOption(True, "Column letters and row numbers."),
    "highlight": ViewOption(True, "Outline the cell of the last move."),
    "loop": ViewOption("", "A line end such as \"A3 S\", or a list of them: mark those loops "
                           "with a band.", kinds=(str, list), check=_loops),
    "scores": ViewOption(False, "The players' scores above the board."),
}
