"""What a record may set in an inpHeXion figure's ``view``."""

from ...views import ViewOption, each, quoted
from .notation import parse_cell

STEPS = ("before", "push", "place", "after")


def _cell(value, game):
    if not isinstance(value, str):
        return f"{quoted(value)} is not a cell name"
    parse_cell(game.geometry, value, value, 1)  # raises NotationError naming the cell
    return None


def _chain(value, game):
    if isinstance(value, str):
        game.player_index(value)  # raises OptionError for a name that is no player
    return None


VIEW_OPTIONS = {
    "coordinates": ViewOption(True, "Column letters and row numbers."),
    "step": ViewOption("after", "How far into the move that led here to draw.", choices=STEPS),
    "marks": ViewOption(True, "Arrows and rings for the move that led here."),
    "chain": ViewOption(True, "true: the winner's joining chain; \"White\" or \"Black\": that "
                              "player's shortest chain joining its two edges (none if they "
                              "are not joined).", kinds=(bool, str), check=_chain),
    "highlight": ViewOption([], "Cells to shade, e.g. [\"e3\", \"e4\"].", check=each(_cell)),
    "supply": ViewOption(False, "A stack of each player's discs beside the board."),
}
