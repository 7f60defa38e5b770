"""What claims can ask about a Craquelure position.

A region is named by a point strictly inside it, ``at = [x, y]``, because ids
are an engine detail a reader never sees.  Areas are percentages of the disk,
rounded to ``decimals`` places and written as text ("25.00%"), so a claim
states exactly what a caption prints.
"""

from __future__ import annotations

import math

from ...errors import ArgumentError, OptionError
from ...game import COMMON_FACTS, FactSet
from . import geometry as geo
from .moves import RED
from .rules import COLOUR_NAMES, is_settled, owner_name
from .starts import ARC_NAMES

FACTS = FactSet(COMMON_FACTS)


def _region(state, at: list):
    try:
        x, y = (float(v) for v in at)
    except (TypeError, ValueError):
        raise ArgumentError(f"craquelure: 'at' must be a point [x, y], not {at!r}") from None
    if not math.hypot(x, y) < 1:  # also NaN: no region ever holds it
        raise ArgumentError(f"craquelure: the point ({x}, {y}) is not inside the disk "
                            "(radius 1, centred on [0, 0])")
    region = state.region_at(x, y)
    if region is None or not region.contains(x, y, geo.EPS):
        raise OptionError(f"craquelure: no region holds the point ({x}, {y}) strictly inside")
    return region


def _percent(area: float, decimals) -> str:
    """'25.00%': the share of the disk as a caption prints it."""
    if not isinstance(decimals, int) or isinstance(decimals, bool) or not 0 <= decimals <= 12:
        raise ArgumentError(f"craquelure: 'decimals' must be a whole number 0-12, not {decimals!r}")
    return f"{100 * area / geo.DISK_AREA:.{decimals}f}%"


@FACTS.fact("region_count", "How many regions the disk is divided into.")
def region_count(state) -> int:
    return len(state.regions)


@FACTS.fact("owned_count", "How many regions belong to 'Blue', 'Red' or 'neutral'.",
            args=("owner",))
def owned_count(state, owner) -> int:
    owners = (*COLOUR_NAMES, "neutral")
    if not isinstance(owner, str) or owner.lower() not in {o.lower() for o in owners}:
        raise ArgumentError(f"craquelure: 'owner' must be one of {', '.join(owners)}, not {owner!r}")
    return sum(owner_name(r.owner).lower() == owner.lower() for r in state.regions.values())


@FACTS.fact("settled_count", "How many regions are settled (no legal cut of them exists).")
def settled_count(state) -> int:
    return sum(is_settled(r, state.settings) for r in state.regions.values())


@FACTS.fact("region_at", "The id of the region holding the point 'at' = [x, y].",
            args=("at",))
def region_at(state, at: list) -> int:
    return _region(state, at).id


@FACTS.fact("owner_at", "'Blue', 'Red' or 'neutral': the owner of the region at 'at'.",
            args=("at",))
def owner_at(state, at: list) -> str:
    return owner_name(_region(state, at).owner)


@FACTS.fact("area_at", "The area of the region at 'at' as a percentage of the disk, rounded to "
            "'decimals' places, e.g. '25.00%'.", args=("at", "decimals"))
def area_at(state, at: list, decimals: int) -> str:
    return _percent(_region(state, at).area, decimals)


@FACTS.fact("areas", "Every region's area as a percentage of the disk, rounded to 'decimals' "
            "places, from the smallest.", args=("decimals",))
def areas(state, decimals: int) -> list[str]:
    return [_percent(r.area, decimals) for r in sorted(state.regions.values(),
                                                        key=lambda r: (r.area, r.id))]


@FACTS.fact("settled_at", "Whether the region at 'at' is settled.", args=("at",))
def settled_at(state, at: list) -> bool:
    return is_settled(_region(state, at), state.settings)


@FACTS.fact("arcs_at", "The goal arcs ('A', 'B', 'C') the region at 'at' touches.",
            args=("at",))
def arcs_at(state, at: list) -> list[str]:
    return [ARC_NAMES[a] for a in sorted(_region(state, at).arcs())]


@FACTS.fact("neighbours_at", "The ids of the regions sharing an edge with the region at 'at'.",
            args=("at",))
def neighbours_at(state, at: list) -> list[int]:
    return sorted(_region(state, at).neighbours())


@FACTS.fact("handed_over", "How many settled neutral regions went to the opponent at the "
            "end of the last turn.")
def handed_over(state) -> int:
    return len(state.last.handed_over) if state.last else 0


@FACTS.fact("swapped", "Whether Red has swapped (pie rule).")
def swapped(state) -> bool:
    return state.swapped


@FACTS.fact("swapper", "Who has swapped (only Red may, once, after the first move), "
            "else 'none'.", values=lambda game: (game.players[RED]["en"], "none"))
def swapper(state) -> str:
    return owner_name(RED) if state.swapped else "none"


SEATS = ("first", "second")


@FACTS.fact("seat_colour", "The colour ('Blue' or 'Red') the player who moved first "
            "(seat = 'first') or second (seat = 'second') plays now; a swap trades them.",
            args=("seat",))
def seat_colour(state, seat: str) -> str:
    if seat not in SEATS:
        raise ArgumentError(f"craquelure: 'seat' must be 'first' or 'second', not {seat!r}")
    return owner_name(state.colour_of(SEATS.index(seat)))


@FACTS.fact("part_number_at", "Which part (1, 2 or 3, as the notation numbers them) of the "
            "last cut the region at 'at' is; 0 if it is not one of them.", args=("at",))
def part_number_at(state, at: list) -> int:
    region = _region(state, at)
    parts = state.last.parts if state.last else ()
    return parts.index(region.id) + 1 if region.id in parts else 0


@FACTS.fact("winning_group", "The ids of the regions in the winning group (empty if none).")
def winning_group(state) -> list[int]:
    return sorted(state.winning_group)


@FACTS.fact("winning_group_size", "How many regions the winning group has (0 if none).")
def winning_group_size(state) -> int:
    return len(state.winning_group)
