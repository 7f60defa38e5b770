"""Craquelure's levels and heuristics for the computer (rulebook.computer).

Its moves are continuous, so the engine's listed sample (one point per region, four
angles) misses most of what matters: a win in one is a part that covers the right
run of a region's edges, and so is the opponent's.  Here:

- :func:`winning_move` finds a cut whose part for the mover joins groups and arcs
  that together touch all three arcs: for each region the mover may cut, the
  shortest runs of its edges that would connect (edges on arcs, edges shared with
  the mover's groups), then points inside the region from which the run's inner
  vertices span under 120 degrees, with the mover's part turned to cover them;
- :func:`root_moves`: the listed cuts and cuts drawn at random, every way of
  handing out their parts;
- :func:`gain`: the move's effect on how far each player is from a connection
  (:func:`distance`, a cheapest three-arc tree over the regions), a move after
  which the opponent can win at once rated worst;
- :func:`two_plies`: the same after the opponent's best answer (level 3).

Everything is deterministic: the finder draws its points from a generator seeded
by the position, the rest from the player's.
"""

from __future__ import annotations

import heapq
import math
import random
from decimal import Decimal

from ...computer import Level, plain
from . import geometry as geo
from .moves import LETTERS, NEUTRAL, Cut, Swap
from .rules import CraquelureState, arcs_of, connected_group, has_legal_cut
from .search import angle6, decimal6

ALL_ARCS = frozenset({0, 1, 2})
NOTHING: frozenset = frozenset()


# --- a win in one ---------------------------------------------------------------


def group_arcs(state: CraquelureState, colour: int) -> dict[int, frozenset]:
    """For each of ``colour``'s regions, the arcs its group (joined by edges) touches."""
    regions, reach = state.regions, {}
    for region_id, region in regions.items():
        if region.owner == colour and region_id not in reach:
            group = connected_group(regions, region_id)
            arcs = frozenset(arcs_of(regions, group))
            for member in group:
                reach[member] = arcs
    return reach


def edge_arcs(region, reach: dict) -> list[frozenset]:
    """What each edge of the region would join a part of the colour to: its arc, or
    the arcs of the colour's group across it."""
    return [frozenset({geo.arc_index(label)}) if label < 0 else reach.get(label, NOTHING)
            for label in region.edges]


def connecting_runs(arcs: list[frozenset]) -> list[tuple[int, int]]:
    """The shortest runs of edges (first, last; counter-clockwise, cyclic) that together
    touch all three arcs, one for each first edge that starts one."""
    n, runs = len(arcs), set()
    for first in range(n):
        touched = set()
        for length in range(n):
            touched |= arcs[(first + length) % n]
            if touched >= ALL_ARCS:
                runs.add((first, (first + length) % n))
                break
    # a run that holds another is never needed
    return sorted(run for run in runs
                  if not any(other != run and _inside(other, run, n) for other in runs))


def _inside(inner, outer, n) -> bool:
    """Whether the run ``inner`` lies within the run ``outer`` (first, last; cyclic)."""
    return set(_run(*inner, n)) <= set(_run(*outer, n))


def _run(first: int, last: int, n: int) -> list[int]:
    """The edge indices from ``first`` to ``last``, counter-clockwise (cyclic)."""
    return [(first + step) % n for step in range((last - first) % n + 1)]


def _direction(origin, point) -> float:
    return math.degrees(math.atan2(point[1] - origin[1], point[0] - origin[0]))


def _points_in(region, rng: random.Random, count: int) -> list[tuple[Decimal, Decimal]]:
    """Up to ``count`` points strictly inside the region, as a move writes them."""
    xmin, ymin, xmax, ymax = region.box
    found = []
    for _ in range(6 * count):
        x, y = decimal6(rng.uniform(xmin, xmax)), decimal6(rng.uniform(ymin, ymax))
        if region.contains(float(x), float(y), 1e-6):
            found.append((x, y))
            if len(found) == count:
                break
    return found


def _covering_cut(region, runs, point, minimum):
    """An angle at ``point`` whose part 1 covers the inner vertices of one of the runs
    (all three parts of the minimum area), with its plan, or None."""
    px, py = float(point[0]), float(point[1])
    pts, n = region.pts, len(region.pts)
    for first, last in runs:
        # the part must hold the vertices from the run's first inner one to its last
        start = _direction((px, py), pts[(first + 1) % n])
        span = (_direction((px, py), pts[last]) - start) % 360 if (last - first) % n else 0.0
        slack = 120 - span
        if slack <= 0.5:
            continue
        for share in (0.5, 0.2, 0.8):
            angle = angle6(start - slack * share)
            plan = geo.plan_cut(region, (px, py), float(angle))
            if not isinstance(plan, str) and min(plan.areas) >= minimum:
                return angle, plan
    return None


def _part_edges(plan, k: int, n: int):
    """The edge indices part k of the plan touches (from its first ray's exit edge
    to its second's)."""
    return _run(plan.exits[k][0], plan.exits[(k + 1) % 3][0], n)


def winning_move(state: CraquelureState, points: int = 24):
    """A cut that wins at once for the player to move, or None (searched, not proved:
    a None means none was found)."""
    if state.is_over():
        return None
    mover = state.colour_to_move
    reach = group_arcs(state, mover)
    minimum = state.settings.part_minimum
    rng = random.Random(len(state.regions))  # the same search for the same position
    for region in sorted(state.regions.values(), key=lambda r: r.id):
        if region.owner == mover:
            continue
        arcs = edge_arcs(region, reach)
        if frozenset().union(*arcs) != ALL_ARCS or not has_legal_cut(region, state.settings):
            continue
        runs = connecting_runs(arcs)
        for point in _points_in(region, rng, points):
            found = _covering_cut(region, runs, point, minimum)
            if found is None:
                continue
            angle, plan = found
            touched = frozenset().union(*(arcs[i] for i in _part_edges(plan, 0, len(arcs))))
            if touched != ALL_ARCS:
                continue
            move = _cut(state, region, point, angle, 1, 2)
            after = state.play(move) if state._illegal_reason(move) is None else None
            if after is not None and after.outcome() is not None and \
                    after.outcome().winner == state.turn:
                return move
    return None


def _cut(state, region, point, angle, mine: int, theirs: int) -> Cut:
    mover, other = LETTERS[state.colour_to_move], LETTERS[1 - state.colour_to_move]
    parts = ((mover, mine),) if region.owner is not NEUTRAL else ((mover, mine), (other, theirs))
    return Cut(point[0], point[1], angle, parts)


# --- the moves searched -----------------------------------------------------------


def root_moves(state: CraquelureState, rng: random.Random, drawn: int = 12) -> list:
    """The listed moves, and ``drawn`` random cuts with every way of handing out
    their parts."""
    moves = state.legal_moves()
    seen = set(moves)
    for _ in range(drawn):
        move = state.random_move(rng)
        if isinstance(move, Swap):
            continue
        region = state.region_at(*move.point)
        for each in state._assignments(region, (move.x, move.y), move.angle):
            if each not in seen:
                seen.add(each)
                moves.append(each)
    return moves


# --- how far each player is from a connection --------------------------------------


def _cached(state: CraquelureState, key, work):
    """``work()``, remembered on the position (positions never change)."""
    memo = state.__dict__.setdefault("_strategy_memo", {})
    if key not in memo:
        memo[key] = work()
    return memo[key]


def after(state: CraquelureState, move) -> CraquelureState:
    """The position after ``move`` (played once however often it is asked for)."""
    return _cached(state, ("after", move), lambda: state.play(move))


def distance(state: CraquelureState, colour: int) -> float:
    """About how many more regions ``colour`` must take to connect: the cheapest tree
    joining the three arcs, a region of theirs free, one they may cut costing 1 (an
    opponent's 1.5: taking it leaves them two parts), a settled opponent's barred."""
    return _cached(state, ("distance", colour), lambda: _distance(state, colour))


def _distance(state: CraquelureState, colour: int) -> float:
    regions = state.regions
    cost = {}
    for region_id, region in regions.items():
        if region.owner == colour:
            cost[region_id] = 0.0
        elif region.owner is NEUTRAL:
            cost[region_id] = 1.0
        elif has_legal_cut(region, state.settings):
            cost[region_id] = 1.5
    links = _cached(state, "links", lambda: {
        i: ([j for j in r.edges if j > 0], {geo.arc_index(j) for j in r.edges if j < 0})
        for i, r in regions.items()})
    far = [_cheapest(links, cost, arc) for arc in range(3)]
    inf = math.inf
    return min((far[0].get(i, inf) + far[1].get(i, inf) + far[2].get(i, inf) - 2 * c
                for i, c in cost.items()), default=inf)


def _cheapest(links, cost, arc) -> dict[int, float]:
    """For each region, the least cost of a path of regions from arc ``arc`` to it
    (both ends counted)."""
    done: dict[int, float] = {}
    heap = [(cost[i], i) for i, (_, arcs) in links.items() if i in cost and arc in arcs]
    heapq.heapify(heap)
    while heap:
        d, i = heapq.heappop(heap)
        if i in done:
            continue
        done[i] = d
        for j in links[i][0]:
            if j not in done and j in cost:
                heapq.heappush(heap, (d + cost[j], j))
    return done


def margin(state: CraquelureState, colour: int) -> float:
    """How much nearer to a connection ``colour`` is than the opponent."""
    mine, theirs = distance(state, colour), distance(state, 1 - colour)
    return min(theirs, 20.0) - min(mine, 20.0)


def mover_colour(state: CraquelureState, move) -> int:
    """The colour the player making ``move`` plays after it (a swap trades colours)."""
    return 1 - state.colour_to_move if isinstance(move, Swap) else state.colour_to_move


# --- what a move is worth ------------------------------------------------------------

LOST = -100.0
FORK = 50.0  # every answer of the opponent lets the mover win at once


def change(state: CraquelureState, move) -> float:
    """How much the move brings the mover closer to a connection than the opponent (the
    change of :func:`margin`, from the colour the mover plays before the move to the one
    it plays after: a swap is worth what the other colour's lead is); a win or loss at
    once is +-100."""
    position = after(state, move)
    if position.is_over():
        return -LOST if position.outcome().winner == state.turn else LOST
    return margin(position, mover_colour(state, move)) - margin(state, state.colour_to_move)


def threatened(position: CraquelureState) -> bool:
    """Whether the player to move can win at once (as far as :func:`winning_move` finds)."""
    return _cached(position, "threat", lambda: not position.is_over()
                   and winning_move(position) is not None)


def gain(state: CraquelureState, move) -> float:
    """The move's :func:`change`, or LOST if the opponent can then win at once."""
    return LOST if threatened(after(state, move)) else change(state, move)


def two_plies(state: CraquelureState, move, drawn: int = 6) -> float:
    """The mover's margin after the move and the opponent's best answer to it (the one
    that leaves the mover furthest behind without letting the mover win at once);
    LOST if the opponent can win at once, FORK if every answer lets the mover win."""
    first = gain(state, move)
    position = after(state, move)
    if first == LOST or position.is_over():
        return first
    me = mover_colour(state, move)
    answers = []
    for answer in root_moves(position, random.Random(len(position.regions)), drawn):
        reply = position.play(answer)
        if reply.is_over():
            if reply.outcome().winner == position.turn:
                return LOST
            continue
        answers.append((margin(reply, me), reply))
    answers.sort(key=lambda a: a[0])
    for value, reply in answers:
        if not threatened(reply):
            return value
    return FORK


# The ladder (benchmarks/bench_ladder.py): level 1 is the studies' plain Monte Carlo
# search over the listed cuts, which does not look for wins first; level 2 takes a win
# in one, else the cut of the largest gain (one cut ahead, the opponent's wins in one
# seen); level 3 weighs its six best cuts by the opponent's best answer.  Looking at
# answers to more of them, or only at the listed answers, measured no stronger.
LEVELS = {1: plain(100), 2: Level(0),
          3: Level(0, lookahead=True, value=two_plies, shortlist=6)}
