"""What a record may set in a Craquelure figure's ``view``."""

from ...views import ViewOption, each, point, quoted


def _window(value, game):
    ok = (len(value) == 4 and all(type(v) in (int, float) for v in value)
          and value[0] < value[2] and value[1] < value[3])
    return None if ok or not value else f"{quoted(value)} is not [xmin, ymin, xmax, ymax]"


VIEW_OPTIONS = {
    "arcs": ViewOption(True, "The goal arcs A, B, C outside the rim."),
    "lines": ViewOption(True, "The regions; false draws the bare disk."),
    "areas": ViewOption(False, "Each region's area in percent of the disk."),
    "decimals": ViewOption(2, "Decimal places for the areas.",
                           check=lambda v, game: None if 0 <= v <= 6 else "must be 0 to 6"),
    "mark_cut": ViewOption(True, "The last cut's point and its rays."),
    "part_numbers": ViewOption(False, "Number the last cut's parts 1, 2, 3."),
    "mark_handed": ViewOption(True, "Outline regions handed over at the end of the last turn."),
    "mark_settled": ViewOption(True, "Hatch settled regions."),
    "dark_winner": ViewOption(True, "The winning group in a dark shade."),
    "mark_points": ViewOption([], "Extra points [[x, y], ...], e.g. a cut about to be made.",
                              check=each(point)),
    "highlight": ViewOption([], "Points [[x, y], ...]: the regions holding them get a halo.",
                            check=each(point)),
    "grid": ViewOption(False, "The grid's points, the only points a cut may be made from (a "
                              "record whose options set a grid)."),
    "window": ViewOption([], "[xmin, ymin, xmax, ymax]: show a detail instead of the whole "
                             "disk.", check=_window),
}
