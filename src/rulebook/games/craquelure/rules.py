"""Craquelure rules: regions, cuts, settled regions, the pie rule and the win.

A position is a set of convex regions (see geometry.py), each neutral, Blue's or
Red's.  A cut picks a region that is neutral or the opponent's, a point strictly
inside it and an angle; three rays 120 degrees apart run from the point to the
region's edge and make three parts.  The mover names which part is theirs and,
for a neutral region, which goes to the opponent (the third stays neutral);
cutting the opponent's region, the two unnamed parts stay theirs.  A ray may not
end on a vertex (T-junctions and arc boundaries included), and every part must
be at least the minimum area.  At the end of the turn every neutral part that
is settled (no legal cut of it exists) goes to the opponent.  A group of one
colour joined by shared edges that touches all three goal arcs wins; a move can
complete the opponent's group, and then the opponent wins.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ...errors import OptionError
from ...game import Game, Outcome, Parameter, State
from . import geometry as geo
from . import notation
from .geometry import CutPlan, degrees_text, plan_cut
from .moves import BLUE, LETTERS, NEUTRAL, SWAP, Cut, Swap
from .search import find_legal_cut, random_cut, representative_cuts, vertex_centroid
from .starts import ARC_NAMES, STARTS

COLOUR_NAMES = ("Blue", "Red")


CONNECTION = "connection"  # the one outcome reason: a group touches all three arcs


# --- settings -------------------------------------------------------------


def _check_directions(value: int) -> str | None:
    if value == 0 or (value > 0 and 360 % value == 0 and value % 3 == 0):
        return None
    return "must be 0 (any real angle) or a divisor of 360 that is a multiple of 3"


PARAMETERS = (
    Parameter("start", "pinwheel", "Starting shape.", choices=("pinwheel", "sectors")),
    Parameter("grid", "none", "Grid the cut point must lie on.",
              choices=("none", "square", "triangular")),
    Parameter("grid_steps", 20, "Grid steps across the disk's diameter.",
              minimum=2, maximum=1000),
    Parameter("directions", 0, "Ray directions per turn: 0 for any real angle, else a divisor "
              "of 360 that is a multiple of 3.", check=_check_directions),
    Parameter("first_direction", 90.0, "With a direction step, the allowed ray directions "
              "are this angle plus whole steps of 360/directions degrees (angles are measured "
              "counter-clockwise from the direction to the right); a value that is a whole "
              "number of steps gives the same directions as 0.", minimum=0, below=360),
    Parameter("min_area", True, "Whether parts must reach a minimum area."),
    Parameter("min_area_percent", 0.5, "The minimum area, in percent of the disk.",
              above=0, below=100 / 3),
    Parameter("pie", True, "Pie rule: Red may answer Blue's first move with 'swap' "
              "(false: a variant without the swap, for comparing balance)."),
)


@dataclass(frozen=True)
class Settings:
    """The options, in the units the rules use."""

    start: str
    grid: str
    grid_spacing: float  # distance between neighbouring grid points
    directions: int  # 0: any angle
    first_direction: float
    min_area: float  # absolute area (the disk is pi); 0 when off

    @classmethod
    def from_options(cls, options: dict) -> "Settings":
        minimum = options["min_area_percent"] / 100 * geo.DISK_AREA if options["min_area"] else 0.0
        return cls(options["start"], options["grid"], 2 / options["grid_steps"],
                   options["directions"], options["first_direction"], minimum)

    @property
    def part_minimum(self) -> float:
        """The least area a part may have: the minimum less a rounding tolerance.

        Areas are exact to about 1e-15 of the disk; a part this close to the
        minimum counts as reaching it, so a cut written to split exactly is not
        refused by rounding.  The settled test uses the same bound.
        """
        return max(0.0, self.min_area - 1e-12 * geo.DISK_AREA) if self.min_area else 0.0

    @property
    def standard_cuts(self) -> bool:
        """Any point, any angle: then a region is settled exactly when it is under 3 minima."""
        return self.grid == "none" and self.directions == 0

    # Where the cut point and rays may go.
    def grid_point(self, x: float, y: float) -> tuple[float, float] | None:
        """The grid point a written point stands for, or None if it is not on the grid."""
        s = self.grid_spacing
        if self.grid == "square":
            gx, gy = round(x / s) * s, round(y / s) * s
        else:  # triangular: rows sqrt(3)/2 apart, odd rows shifted by half a step
            row = round(y / (s * math.sqrt(3) / 2))
            gy = row * s * math.sqrt(3) / 2
            gx = (round(x / s - row / 2) + row / 2) * s
        if abs(gx - x) <= GRID_TOLERANCE and abs(gy - y) <= GRID_TOLERANCE:
            return gx, gy
        return None

    def grid_points_in(self, box) -> list[tuple[float, float]]:
        xmin, ymin, xmax, ymax = box
        s = self.grid_spacing
        points = []
        if self.grid == "square":
            for i in range(math.ceil(xmin / s), math.floor(xmax / s) + 1):
                for j in range(math.ceil(ymin / s), math.floor(ymax / s) + 1):
                    points.append((i * s, j * s))
        else:
            h = s * math.sqrt(3) / 2
            for row in range(math.ceil(ymin / h), math.floor(ymax / h) + 1):
                for i in range(math.ceil(xmin / s - row / 2), math.floor(xmax / s - row / 2) + 1):
                    points.append(((i + row / 2) * s, row * h))
        return points

    def allowed_angle(self, angle: float) -> float | None:
        """The exact allowed direction a written angle stands for, or None."""
        step = 360 / self.directions
        k = round((angle - self.first_direction) / step)
        exact = (self.first_direction + k * step) % 360
        return exact if abs(exact - angle) <= 1e-9 or abs(abs(exact - angle) - 360) <= 1e-9 else None

    def cut_angles(self) -> list[float]:
        """The distinct first-ray angles under a direction step (each ray set once per 120)."""
        step = 360 / self.directions
        return [(self.first_direction + k * step) % 360 for k in range(self.directions)]


# A written point stands for a grid point within this distance (6 decimals are enough
# even for the triangular grid's irrational rows).
GRID_TOLERANCE = 5e-7


# --- regions --------------------------------------------------------------


class Region:
    """One region: id, owner (0 Blue, 1 Red, None neutral) and its exact boundary."""

    __slots__ = ("id", "owner", "pts", "edges", "area", "box", "_settled")

    def __init__(self, id, owner, pts, edges, area=None):
        self.id = id
        self.owner = owner
        self.pts = pts
        self.edges = edges
        self.area = geo.area(pts, edges) if area is None else area
        self.box = geo.bounding_box(pts, edges)
        self._settled = None

    def with_owner(self, owner) -> "Region":
        return Region(self.id, owner, self.pts, self.edges, self.area)

    def neighbours(self) -> set[int]:
        return {label for label in self.edges if label > 0}

    def arcs(self) -> set[int]:
        """Goal arcs (0, 1, 2) the region touches along the rim."""
        return {geo.arc_index(label) for label in self.edges if label < 0}

    def contains(self, x, y, margin=0.0) -> bool:
        xmin, ymin, xmax, ymax = self.box
        if not (xmin <= x <= xmax and ymin <= y <= ymax):
            return False
        return geo.contains(self.pts, self.edges, x, y, margin)

    def share(self) -> float:
        """Area as a fraction of the disk."""
        return self.area / geo.DISK_AREA


def _percent(area: float) -> str:
    return f"{100 * area / geo.DISK_AREA:.4g}%"


def has_legal_cut(region: Region, settings: Settings) -> bool:
    """Whether any legal cut of the region exists (its colour aside)."""
    if region._settled is None:
        if region.area < 3 * settings.part_minimum:
            region._settled = True  # three parts of the minimum area do not fit
        elif settings.standard_cuts and _has_point_off_lines(region):
            # With any point and any angle a convex region always has a cut into three
            # equal parts (checked on random and extreme regions by the tests), so a region
            # of at least three minimum areas can be cut.
            region._settled = False
        else:  # a grid or a direction step, or a strip too thin for a point off its lines
            region._settled = find_legal_cut(region, settings) is None
    return not region._settled


def _has_point_off_lines(region: Region) -> bool:
    """Whether the centroid of the region's vertices is a legal cut point (inside,
    off every line).  It is, in any region but a sliver narrower than the margin
    that keeps cut points off the lines; the search decides those."""
    try:
        x, y = vertex_centroid(region)
    except ZeroDivisionError:  # two vertices: a segment of the disk, search it
        return False
    return region.contains(x, y, geo.EPS)


def is_settled(region: Region, settings: Settings) -> bool:
    return not has_legal_cut(region, settings)


# --- positions ------------------------------------------------------------


@dataclass(frozen=True)
class LastCut:
    """What the last cut did, for drawings: its point, rays and parts."""

    region: int
    centre: tuple[float, float]
    ray_ends: tuple
    parts: tuple[int, int, int]
    handed_over: tuple[int, ...]


class CraquelureState(State):
    """A position.  Player indices are seats: seat 0 moves first, as Blue.

    The pie rule makes seats and colours differ: after a swap the seats trade
    colours (seat 0 plays Red, seat 1 Blue), while the board keeps its colours.
    ``turn`` and ``outcome().winner`` are seats, so a player written against
    the common interface knows whose game it is; region owners, the notation's
    letters, ``winner`` (the colour that won) and all facts are colours.
    """

    def __init__(self, game, regions: dict, next_id: int, turn: int, move_number: int,
                 swapped: bool = False, winner: int | None = None, winning_group=frozenset(),
                 last: LastCut | None = None):
        self.game = game
        self.settings = game.settings
        self.regions = regions
        self.next_id = next_id
        self._turn = turn  # the seat to move
        self._move_number = move_number
        self.swapped = swapped
        self.winner = winner  # the colour that won, or None
        self.winning_group = frozenset(winning_group)
        self.last = last
        self._plans: dict = {}

    # --- the interface ---------------------------------------------------
    @property
    def turn(self):
        return None if self.winner is not None else self._turn

    @property
    def move_number(self) -> int:
        return self._move_number

    def outcome(self):
        if self.winner is None:
            return None
        return Outcome(self.seat_of(self.winner), CONNECTION)

    def player_name(self, index, lang="en"):
        """Seats are named by the colour they play now (they trade it on a swap)."""
        return self.game.player_name(None if index is None else self.colour_of(index), lang)

    def colour_of(self, seat: int) -> int:
        return seat ^ self.swapped

    def seat_of(self, colour: int) -> int:
        return colour ^ self.swapped

    @property
    def colour_to_move(self) -> int:
        return self.colour_of(self._turn)

    def parse_move(self, text: str):
        return notation.parse_move(text)

    def format_move(self, move) -> str:
        return notation.format_move(move)

    def swap_allowed(self) -> bool:
        return self.game.options["pie"] and self._move_number == 1 and not self.swapped

    def cuttable(self, player: int | None = None) -> list[Region]:
        """Regions the player (default: the one to move) could cut: not theirs, not settled."""
        player = self.colour_to_move if player is None else player
        return [r for r in self.regions.values()
                if r.owner != player and has_legal_cut(r, self.settings)]

    def region_at(self, x: float, y: float) -> Region | None:
        for region in self.regions.values():
            if region.contains(x, y):
                return region
        return None

    # --- legality --------------------------------------------------------
    def _illegal_reason(self, move):
        if isinstance(move, Swap):
            if self.swap_allowed():
                return None
            if not self.game.options["pie"]:
                return "swap is not allowed: this game is played without the pie rule"
            return "swap is allowed only once, as Red's reply to Blue's first move (pie rule)"
        result = self._plan(move)
        return result if isinstance(result, str) else None

    def _plan(self, move: Cut):
        """The move's CutPlan, or the rule it breaks; cached so play() works it out once."""
        if move not in self._plans:
            self._plans = {move: self._work_out(move)}
        return self._plans[move]

    def _work_out(self, move: Cut):
        settings = self.settings
        x, y = move.point
        if x * x + y * y >= 1:
            return f"the cut point ({move.x}, {move.y}) is not inside the disk (radius 1)"
        if settings.grid != "none":
            snapped = settings.grid_point(x, y)
            if snapped is None:
                return (f"the cut point ({move.x}, {move.y}) is not on the {settings.grid} grid "
                        f"(step {settings.grid_spacing:.6g})")
            x, y = snapped
        angle = float(move.angle)
        if settings.directions:
            exact = settings.allowed_angle(angle)
            if exact is None:
                return (f"the angle {move.angle} is not one of the {settings.directions} "
                        f"allowed directions ({degrees_text(settings.first_direction)} degrees "
                        f"and every {degrees_text(360 / settings.directions)} degrees from it)")
            angle = exact
        region = self.region_at(x, y)
        if region is None or not region.contains(x, y, geo.EPS):
            return f"the cut point ({move.x}, {move.y}) lies on a line; it must be strictly inside a region"
        if move.region is not None and move.region != region.id:
            return (f"the cut point ({move.x}, {move.y}) is in region {region.id}, "
                    f"not region {move.region}")
        mover, opponent = self.colour_to_move, 1 - self.colour_to_move
        if region.owner == mover:
            return f"region {region.id} is {COLOUR_NAMES[mover]}'s own; you may cut only a neutral region or your opponent's"
        letters = [letter for letter, _ in move.parts]
        if LETTERS[mover] not in letters:
            return f"{COLOUR_NAMES[mover]} is to move and must name the part they take ({LETTERS[mover]}1, {LETTERS[mover]}2 or {LETTERS[mover]}3)"
        if region.owner is NEUTRAL and LETTERS[opponent] not in letters:
            return (f"cutting neutral region {region.id} gives one part to each player: name "
                    f"the part for {COLOUR_NAMES[opponent]} too")
        if region.owner == opponent and LETTERS[opponent] in letters:
            return (f"cutting {COLOUR_NAMES[opponent]}'s region {region.id}, name only your part; "
                    f"the other two stay {COLOUR_NAMES[opponent]}'s")
        plan = plan_cut(region, (x, y), angle)
        if isinstance(plan, str):
            return plan
        for k, part_area in enumerate(plan.areas):
            if part_area < settings.part_minimum:
                return (f"part {k + 1} would be {_percent(part_area)} of the disk, under the "
                        f"minimum area {_percent(settings.min_area)}")
        return plan

    # --- moves -----------------------------------------------------------
    def _apply(self, move):
        if isinstance(move, Swap):
            # The seats trade colours; Red, now the seat that moved first, is to move.
            return CraquelureState(self.game, self.regions, self.next_id, 1 - self._turn,
                                   self._move_number + 1, True)
        plan = self._plan(move)
        return self._cut(plan, [move.owner_of_part(k + 1) for k in range(3)])

    def _cut(self, plan: CutPlan, named) -> "CraquelureState":
        """Carry out a legal cut; ``named`` gives each part's owner, None where unnamed."""
        settings = self.settings
        opponent = 1 - self.colour_to_move
        old = plan.region
        ids = (self.next_id, self.next_id + 1, self.next_id + 2)
        rings, pieces, exits_on_edge = geo.split(old.pts, old.edges, plan.centre, plan.exits, ids)
        unnamed = old.owner  # neutral stays neutral, the opponent's stays theirs
        regions = dict(self.regions)
        del regions[old.id]
        parts = []
        for k, (pts, edges) in enumerate(rings):
            owner = unnamed if named[k] is None else named[k]
            parts.append(Region(ids[k], owner, pts, edges, plan.areas[k]))
        for neighbour_id in old.neighbours():
            neighbour = regions[neighbour_id]
            pts, edges = geo.relabel_neighbour(neighbour.pts, neighbour.edges, old.id, old.pts,
                                               exits_on_edge, pieces)
            regions[neighbour_id] = Region(neighbour_id, neighbour.owner, pts, edges, neighbour.area)
        for part in parts:
            regions[part.id] = part
        # At the end of the turn every neutral region that has become settled goes to the
        # opponent: the new parts, and neighbours whose edges the cut split (with a grid or
        # a direction step, a new T-junction can leave a neighbour with no legal cut).
        handed = []
        for region_id in (*ids, *sorted(old.neighbours())):
            region = regions[region_id]
            if region.owner is NEUTRAL and is_settled(region, settings):
                regions[region_id] = region.with_owner(opponent)
                handed.append(region_id)
        last = LastCut(old.id, plan.centre, tuple(p for _, p in plan.exits), ids, tuple(handed))
        winner, group = None, frozenset()
        for region_id in (*ids, *handed):
            region = regions[region_id]
            if region.owner is NEUTRAL:
                continue
            found = connected_group(regions, region_id)
            if len(arcs_of(regions, found)) == 3:
                winner, group = region.owner, found
                break
        return CraquelureState(self.game, regions, self.next_id + 3, 1 - self._turn,
                               self._move_number + 1, self.swapped, winner, group, last)

    # --- sampling --------------------------------------------------------
    def _legal_moves(self):
        """A deterministic sample of legal moves (the full set is continuous).

        For each cuttable region: a cut from the grid point or point nearest its
        balance point of area, at the allowed angles, with every assignment.
        """
        moves = [SWAP] if self.swap_allowed() else []
        for region in self.cuttable():
            for x, y, angle in representative_cuts(region, self.settings):
                moves.extend(self._assignments(region, (x, y), angle))
        return moves

    def _assignments(self, region: Region, point, angle) -> list[Cut]:
        """Every way to hand out the parts of one cut."""
        mover, other = LETTERS[self.colour_to_move], LETTERS[1 - self.colour_to_move]
        x, y, a = point[0], point[1], angle
        if region.owner is not NEUTRAL:
            return [Cut(x, y, a, ((mover, mine),)) for mine in (1, 2, 3)]
        return [Cut(x, y, a, ((mover, mine), (other, theirs)))
                for mine in (1, 2, 3) for theirs in (1, 2, 3) if theirs != mine]

    def random_assignment(self, region: Region, x, y, angle, rng: random.Random) -> Cut:
        return rng.choice(self._assignments(region, (x, y), angle))

    def random_move(self, rng: random.Random):
        """A random legal move: the swap half the time when allowed, else a random cut.

        See search.random_cut for how the cut is drawn.
        """
        if self.is_over():
            raise ValueError("the game is over")
        if self.swap_allowed() and rng.random() < 0.5:
            return SWAP
        return random_cut(self, rng)

    # --- output ----------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "turn": None if self.turn is None else COLOUR_NAMES[self.colour_to_move],
            "move_number": self._move_number,
            "swapped": self.swapped,
            "winner": None if self.winner is None else COLOUR_NAMES[self.winner],
            "winning_group": sorted(self.winning_group),
            "regions": [
                {"id": r.id, "owner": owner_name(r.owner), "area_percent": 100 * r.share(),
                 "settled": is_settled(r, self.settings),
                 "vertices": [list(p) for p in r.pts],
                 "edges": [label if label > 0 else ARC_NAMES[geo.arc_index(label)]
                           for label in r.edges]}
                for r in sorted(self.regions.values(), key=lambda r: r.id)
            ],
        }

    def __str__(self) -> str:
        lines = []
        for r in sorted(self.regions.values(), key=lambda r: r.id):
            arcs = "".join(ARC_NAMES[a] for a in sorted(r.arcs())) or "-"
            nbrs = ",".join(map(str, sorted(r.neighbours())))
            settled = " settled" if is_settled(r, self.settings) else ""
            star = " *" if r.id in self.winning_group else ""
            lines.append(f"#{r.id:<3} {owner_name(r.owner):7} {100 * r.share():7.3f}%  arcs {arcs:3} "
                         f"next to {nbrs}{settled}{star}")
        if self.winner is not None:
            lines.append(f"{COLOUR_NAMES[self.winner]} wins (connection)")
        else:
            lines.append(f"{COLOUR_NAMES[self.colour_to_move]} to move")
        return "\n".join(lines)


def owner_name(owner) -> str:
    return "neutral" if owner is NEUTRAL else COLOUR_NAMES[owner]


def connected_group(regions: dict, start: int) -> frozenset[int]:
    """The regions of ``start``'s colour joined to it by shared edges."""
    colour = regions[start].owner
    seen = {start}
    todo = [start]
    while todo:
        for label in regions[todo.pop()].edges:
            if label > 0 and label not in seen and regions[label].owner == colour:
                seen.add(label)
                todo.append(label)
    return frozenset(seen)


def arcs_of(regions: dict, group) -> set[int]:
    arcs = set()
    for region_id in group:
        arcs |= regions[region_id].arcs()
    return arcs


class Craquelure(Game):
    slug = "craquelure"
    names = {"en": "Craquelure", "ja": "クラクリュール"}
    players = ({"en": "Blue", "ja": "青"}, {"en": "Red", "ja": "赤"})
    parameters = PARAMETERS
    reasons = (CONNECTION,)

    def __init__(self, **options):
        super().__init__(**options)
        self.settings = Settings.from_options(self.options)
        if not self.initial_state().cuttable():
            raise OptionError(self._why_no_first_cut())

    def _why_no_first_cut(self) -> str:
        """Options under which no region of the start can be cut: the game could not begin."""
        named = ", ".join(f"{name}={self.options[name]}" for name in
                          ("start", "grid", "grid_steps", "directions", "min_area_percent")
                          if self.options[name] != next(p.default for p in PARAMETERS if p.name == name)
                          or name == "start")
        return (f"craquelure: with {named}, no region of the start can be cut into three parts "
                f"of the minimum area, so the game could not begin: choose a smaller "
                f"min_area_percent, a larger grid_steps or directions = 0 (any angle)")

    def initial_state(self) -> CraquelureState:
        shapes = STARTS[self.settings.start]()
        regions = {i: Region(i, NEUTRAL, pts, edges) for i, (pts, edges) in shapes.items()}
        return CraquelureState(self, regions, max(regions) + 1, BLUE, 0)
