"""Every fact of Craquelure against the naive shapely model, at every position of
seeded random games played to their end, for every region (asked by a point inside
it) and every value of the other arguments (owner, seat, decimals).

The naive model is test_craquelure_naive's ``NaiveGame`` with
test_craquelure_oracle's pie rule and legality (``Naive``): its own starting
shapes on a finely divided disk, its own cuts (the region holding the point
intersected with three 120-degree wedges), settled neutral regions (under three
minimum areas) handed to the opponent, and the winner found as a union of one
colour's polygons reaching all three goal arcs.  Here, from its polygons and owners:
the region holding a point (a point well inside each polygon), areas as shares of
the disk, which goal arcs a region reaches, which regions share an edge, the
winning group, what the last cut made and handed over, and which cuts are legal.

The games are the engine's random moves written out and read back by the naive
model, from both starts; in half of them Red swaps at once, in the others never,
and every game is played to its connection.  Each test counts the cases it is about
(settled regions, neutral parts handed over, wins after a swap and without, ...)
and asserts they came up, so none passes for want of them.
"""

from __future__ import annotations

import copy
import math
import random
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

import pytest
from shapely.geometry import Point

from rulebook.errors import ArgumentError, OptionError
from rulebook.games import make_game
from test_craquelure_naive import MINIMUM, goal_arcs
from test_craquelure_oracle import Naive, WrittenCut, candidates

COLOURS = ("Blue", "Red")
OWNERS = {None: "neutral", 0: "Blue", 1: "Red"}
ARCS = "ABC"  # goal arcs A, B, C: goal_arcs numbers them 0, 1, 2
SETTLED = 3 * MINIMUM  # under this, no cut leaves three parts of the minimum area
AREA_ERROR = 3e-5  # percent of the disk: the naive disk is a polygon of 8192 sides
DECIMALS = (0, 1, 2, 4)


def _percent(shape) -> float:
    return 100 * shape.area / math.pi


def inside(shape) -> list[float]:
    """A point well inside a polygon (as 'at' is written: [x, y])."""
    for margin in (1e-4, 1e-6):
        inner = shape.buffer(-margin)
        if not inner.is_empty:
            point = inner.representative_point()
            return [point.x, point.y]
    raise AssertionError("a region too thin to hold a point")


@dataclass
class Position:
    naive: Naive  # a copy, at this position
    state: object  # the engine's position
    moved: str | None  # the last move's text
    parts: tuple  # the last cut's parts' ids in part order (1, 2, 3); () after a swap
    handed: int  # how many neutral regions the last move's end handed over
    neighbours: dict  # id -> ids of the regions sharing an edge with it
    arcs: dict  # id -> goal arcs it reaches


def _copy(naive: Naive) -> Naive:
    snapshot = copy.copy(naive)
    snapshot.regions, snapshot.owners = dict(naive.regions), dict(naive.owners)
    return snapshot


class Adjacency:
    """Which naive regions share an edge: a boundary stretch longer than 1e-7 within
    1e-9 of the other (their common edges are computed apart, so they differ by
    rounding).  A region's shape never changes once made, so pairs are worked out once
    a game."""

    def __init__(self):
        self.pairs, self.grown = {}, {}

    def touching(self, regions, i, j) -> bool:
        key = frozenset((i, j))
        if key not in self.pairs:
            a, b = regions[i].bounds, regions[j].bounds
            near = a[0] <= b[2] + 1e-6 and b[0] <= a[2] + 1e-6 and a[1] <= b[3] + 1e-6 \
                and b[1] <= a[3] + 1e-6
            if near and j not in self.grown:
                self.grown[j] = regions[j].buffer(1e-9)
            self.pairs[key] = near and \
                regions[i].boundary.intersection(self.grown[j]).length > 1e-7
        return self.pairs[key]

    def of(self, regions) -> dict:
        return {i: {j for j in regions if j != i and self.touching(regions, i, j)} for i in regions}


def _handed(before: dict, old_owner, move: WrittenCut, first_part: int, naive: Naive) -> int:
    """Neutral regions that the end of the move gave away: regions neutral before it, and
    a part left neutral, now owned."""
    handed = 0
    for region, owner in naive.owners.items():
        if region in before:
            handed += before[region] is None and owner is not None
        else:
            named = move.owner_of_part(region - first_part + 1)
            handed += (old_owner if named is None else named) is None and owner is not None
    return handed


def _position(naive, state, adjacency, arcs, moved=None, parts=(), handed=0) -> Position:
    for region, shape in naive.regions.items():
        if region not in arcs:
            arcs[region] = goal_arcs(shape)
    return Position(_copy(naive), state, moved, parts, handed, adjacency.of(naive.regions),
                    {region: arcs[region] for region in naive.regions})


@cache
def games() -> tuple[tuple[Position, ...], ...]:
    """Seeded random games to their end, from both starts: in half of them Red swaps at
    once, in the others Red never swaps."""
    played = []
    for seed in range(12):
        start, swap = ("pinwheel", "sectors")[seed % 2], seed % 4 < 2
        rng, naive = random.Random(seed), Naive(start, True)
        state = make_game("craquelure", start=start).initial_state()
        adjacency, arcs = Adjacency(), {}  # a region's goal arcs, by id
        positions = [_position(naive, state, adjacency, arcs)]
        while not state.is_over():
            if state.swap_allowed() and swap:
                move = state.parse_move("swap")
            else:
                move = state.random_move(rng)
                while state.format_move(move) == "swap":
                    move = state.random_move(rng)
            text = state.format_move(move)
            state = state.play(move)
            if text == "swap":
                naive.play_text(text)
                positions.append(_position(naive, state, adjacency, arcs, text))
                continue
            cut, owners, first = WrittenCut(text), dict(naive.owners), naive.next_id
            (old,) = [r for r, shape in naive.regions.items()
                      if shape.contains(Point(float(cut.x), float(cut.y)))]
            old_owner = naive.owners[old]
            naive.play_text(text)
            positions.append(_position(naive, state, adjacency, arcs, text,
                                       (first, first + 1, first + 2),
                                       _handed(owners, old_owner, cut, first, naive)))
        played.append(tuple(positions))
    return tuple(played)


def positions():
    return [p for game in games() for p in game]


def fact(state, name, *args, **kwargs):
    return state.game.facts[name].compute(state, *args, **kwargs)


def winning_group(p: Position) -> list[int]:
    """The naive winner's regions joined by shared edges that reach all three arcs."""
    naive = p.naive
    if naive.winner is None:
        return []
    colour = [r for r, owner in naive.owners.items() if owner == naive.winner]
    groups, seen = [], set()
    for region in colour:
        if region in seen:
            continue
        group, todo = {region}, [region]
        while todo:
            for other in p.neighbours[todo.pop()]:
                if naive.owners[other] == naive.winner and other not in group:
                    group.add(other)
                    todo.append(other)
        seen |= group
        if set().union(*(p.arcs[r] for r in group)) == {0, 1, 2}:
            groups.append(sorted(group))
    (group,) = groups  # one connection, never two
    return group


# --- the tests -------------------------------------------------------------------------------

def test_turn_swap_and_result_follow_the_naive_game():
    """turn, swapped, swapper, seat_colour of both seats, over, winner, reason, scores
    (Craquelure has none), winning_group and winning_group_size."""
    seen = Counter()
    for p in positions():
        naive, state = p.naive, p.state
        over = naive.winner is not None
        assert fact(state, "turn") == ("none" if over else COLOURS[naive.colour()])
        assert fact(state, "swapped") is naive.swapped
        assert fact(state, "swapper") == ("Red" if naive.swapped else "none")
        # the player who moved first plays Blue, or Red once they have swapped colours
        assert fact(state, "seat_colour", seat="first") == COLOURS[naive.swapped]
        assert fact(state, "seat_colour", seat="second") == COLOURS[not naive.swapped]
        assert fact(state, "over") is over
        assert fact(state, "winner") == ("none" if not over else COLOURS[naive.winner])
        assert fact(state, "reason") == ("connection" if over else "none")
        assert fact(state, "scores") is None
        group = winning_group(p)
        assert fact(state, "winning_group") == group
        assert fact(state, "winning_group_size") == len(group)
        seen["swapped" if naive.swapped else "not swapped"] += 1
        if over:
            seen[f"{COLOURS[naive.winner]} wins"] += 1
            seen["won after a swap" if naive.swapped else "won, no swap"] += 1
            seen["a group of several"] += len(group) > 1
    assert min(seen.values()) >= 3 and len(seen) == 7, seen


def test_region_counts_follow_the_naive_regions():
    """region_count, owned_count of each owner (in any case) and settled_count."""
    seen = Counter()
    for p in positions():
        naive = p.naive
        assert fact(p.state, "region_count") == len(naive.regions)
        owners = Counter(OWNERS[owner] for owner in naive.owners.values())
        for owner in ("Blue", "Red", "neutral"):
            assert fact(p.state, "owned_count", owner=owner) == owners[owner]
            assert fact(p.state, "owned_count", owner=owner.upper()) == owners[owner]
        settled = sum(shape.area < SETTLED for shape in naive.regions.values())
        assert fact(p.state, "settled_count") == settled
        seen["settled"] += settled > 0
        seen["neutral"] += owners["neutral"] > 0
        seen["Blue and Red"] += owners["Blue"] > 0 and owners["Red"] > 0
    assert min(seen.values()) >= 10, seen


def test_facts_of_every_region_asked_by_a_point_inside_it():
    """region_at, owner_at, area_at (to each number of decimals), settled_at, arcs_at,
    neighbours_at and part_number_at of every region."""
    seen = Counter()
    for p in positions():
        for region, shape in p.naive.regions.items():
            at, owner = inside(shape), p.naive.owners[region]
            share = _percent(shape)
            assert fact(p.state, "region_at", at) == region
            assert fact(p.state, "owner_at", at) == OWNERS[owner]
            for decimals in DECIMALS:
                text = fact(p.state, "area_at", at, decimals)
                assert re.fullmatch(r"\d+%" if decimals == 0 else rf"\d+\.\d{{{decimals}}}%", text)
                assert abs(float(text[:-1]) - share) <= 0.5 * 10 ** -decimals + AREA_ERROR, text
            if abs(shape.area - SETTLED) > 1e-6:  # not within the naive disk's error of it
                assert fact(p.state, "settled_at", at) is (shape.area < SETTLED)
            assert fact(p.state, "arcs_at", at) == [ARCS[a] for a in sorted(p.arcs[region])]
            assert fact(p.state, "neighbours_at", at) == sorted(p.neighbours[region])
            part = p.parts.index(region) + 1 if region in p.parts else 0
            assert fact(p.state, "part_number_at", at) == part
            seen[f"{OWNERS[owner]}, {'settled' if shape.area < SETTLED else 'not settled'}"] += 1
            seen[f"{len(p.arcs[region])} arcs"] += 1
            seen[f"part {part}"] += 1
    # settled neutral regions never last: they are handed over at the end of the turn
    assert seen.pop("neutral, settled", 0) == 0
    assert min(seen.values()) >= 10 and len(seen) == 12, seen


def test_areas_lists_every_region_from_the_smallest():
    """One share of the disk a region, from the smallest, to each number of decimals."""
    for p in positions():
        shares = sorted(_percent(shape) for shape in p.naive.regions.values())
        for decimals in DECIMALS:
            listed = fact(p.state, "areas", decimals)
            assert len(listed) == len(shares)
            for text, share in zip(listed, shares):
                assert re.fullmatch(r"\d+%" if decimals == 0 else rf"\d+\.\d{{{decimals}}}%", text)
                assert abs(float(text[:-1]) - share) <= 0.5 * 10 ** -decimals + AREA_ERROR, text


def test_handed_over_counts_the_neutral_regions_the_last_turn_gave_away():
    """Regions neutral before the move (or a part it left neutral) that the end of the
    turn gave to the opponent, by the naive model's owners before and after; none after
    a swap or at the start."""
    seen = Counter()
    for p in positions():
        assert fact(p.state, "handed_over") == p.handed
        seen[p.handed] += 1
    assert seen[0] >= 10 and seen[1] >= 10, seen


def test_points_on_the_last_cuts_rays_and_outside_the_disk_are_refused():
    """The last cut's point and points a little way along each of its three rays lie on
    lines (the naive parts' boundaries pass within 1e-7 of them), so no region holds
    them strictly inside: every fact asked there is refused, as at a point off the disk."""
    asked = 0
    for p in positions():
        on_lines = []
        if p.parts:
            cut = WrittenCut(p.moved)
            x, y, angle = float(cut.x), float(cut.y), math.radians(float(cut.angle))
            rays = [angle + k * 2 * math.pi / 3 for k in range(3)]
            on_lines = [[x, y]] + [[x + 1e-4 * math.cos(a), y + 1e-4 * math.sin(a)] for a in rays]
        for at in on_lines:
            assert min(p.naive.regions[r].exterior.distance(Point(at)) for r in p.parts) < 1e-7
        for question in ("region_at", "owner_at", "settled_at", "arcs_at", "neighbours_at",
                         "part_number_at"):
            for at in on_lines:
                with pytest.raises(OptionError, match="strictly inside"):
                    fact(p.state, question, at)
                asked += 1
            with pytest.raises(ArgumentError, match="not inside the disk"):
                fact(p.state, question, [0.8, 0.6])
    assert asked > 500


def test_legal_move_count_counts_legal_cuts_of_every_cuttable_region():
    """The moves a position lists are a sample of the legal cuts (they are continuous):
    legal_move_count is the swap when the naive model allows it, and for each region the
    naive model says the mover may cut (not their own, at least three minimum areas),
    each listed cut of it with every way of handing out its parts (six for a neutral
    region, three for the opponent's), and a listed cut is legal to the naive model
    (one assignment of each checked); none once the game is won.  At every fourth
    position, where Red may swap, and at the end (listing the moves takes a while)."""
    seen, rng = Counter(), random.Random(3)
    for number, p in enumerate(positions()):
        naive, state = p.naive, p.state
        if naive.winner is not None:
            assert fact(state, "legal_move_count") == 0
            seen["over"] += 1
            continue
        if number % 4 and not naive.legal("swap"):
            continue
        listed = [state.format_move(move) for move in state.legal_moves()]
        assert len(set(listed)) == len(listed)
        cuttable = {r for r, shape in naive.regions.items()
                    if naive.owners[r] != naive.colour() and shape.area >= SETTLED}
        cuts = {}  # region -> {(x, y, angle): [the parts' owners of each listed assignment]}
        for text in listed:
            if text != "swap":
                cut = WrittenCut(text)
                (region,) = [r for r, shape in naive.regions.items()
                             if shape.contains(Point(float(cut.x), float(cut.y)))]
                cuts.setdefault(region, {}).setdefault((cut.x, cut.y, cut.angle), []).append(
                    (text, tuple(cut.owner_of_part(k) for k in (1, 2, 3))))
        assert set(cuts) == cuttable
        mover, other = naive.colour(), 1 - naive.colour()
        for region, at in cuts.items():
            owner = naive.owners[region]
            theirs_of = (1, 2, 3) if owner is None else (None,)  # the opponent's part, if named
            every = {tuple(mover if k == mine else other if k == theirs else None
                           for k in (1, 2, 3))
                     for mine in (1, 2, 3) for theirs in theirs_of if mine != theirs}
            for assignments in at.values():
                assert len(assignments) == len(every)
                assert {owners for _, owners in assignments} == every
                assert naive.legal(rng.choice(assignments)[0])
        swap = naive.legal("swap")
        assert "swap" in listed if swap else "swap" not in listed
        assert fact(state, "legal_move_count") == swap + sum(
            len(at) * (6 if naive.owners[r] is None else 3) for r, at in cuts.items())
        seen["swap"] += swap
        seen["opponent's region"] += any(naive.owners[r] is not None for r in cuttable)
    assert min(seen.values()) >= 3, seen


def test_is_legal_agrees_with_the_naive_rules_on_random_cuts():
    """Random cuts anywhere, written every way (test_craquelure_oracle's candidates), and
    the swap; texts that are no move (an angle of 400 degrees, no angle, a word) are
    refused; after the connection nothing is legal, not even cuts the naive model
    would allow were the game not over."""
    seen = Counter()
    rng = random.Random(7)
    for p in positions():
        for text in candidates(p.state, rng, 8):
            answer = fact(p.state, "is_legal", move=text)
            assert answer is p.naive.legal(text), text
            seen[answer, p.naive.winner is not None] += 1
        for text in ("(0.1,0.1) 400 B1 R2", "(0.1,0.1)", "cut"):  # not moves: refused
            assert fact(p.state, "is_legal", move=text) is False
        if p.naive.winner is not None:  # cuts the naive model allows but for the end
            unfinished = _copy(p.naive)
            unfinished.winner = None
            earlier = next(q for game in games() for q, r in zip(game, game[1:]) if r is p)
            listed = [earlier.state.format_move(move) for move in earlier.state.legal_moves()]
            for text in [*listed[:8], *candidates(p.state, rng, 8)]:
                assert fact(p.state, "is_legal", move=text) is False
                seen["legal but for the end"] += unfinished.legal(text)
    assert seen[True, False] >= 20 and seen[False, False] >= 20 and not seen[True, True]
    assert seen["legal but for the end"] >= 10, seen


@pytest.mark.parametrize("asked, args, problem", [
    ("owned_count", {"owner": "Green"}, "owner"), ("seat_colour", {"seat": "third"}, "seat"),
    ("area_at", {"at": [0.1, 0.1], "decimals": 13}, "decimals"),
    ("areas", {"decimals": -1}, "decimals"), ("region_at", {"at": "middle"}, "point"),
])
def test_facts_refuse_arguments_that_name_nothing(asked, args, problem):
    """An owner or seat the game does not have, decimals out of 0-12, a point that is no
    point."""
    state = make_game("craquelure").initial_state()
    with pytest.raises(ArgumentError, match=problem):
        fact(state, asked, **args)
