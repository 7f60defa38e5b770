"""Settled regions: a cut's new T-junction can settle the region next door, and
the settled test uses the same area tolerance as the parts of a cut."""

from __future__ import annotations

import random
from copy import copy

import pytest

from rulebook.games import make_game
from rulebook.games.craquelure.rules import NEUTRAL, has_legal_cut, is_settled


def neutral_settled(state):
    return [r.id for r in state.regions.values()
            if r.owner is NEUTRAL and is_settled(r, state.settings)]


@pytest.mark.parametrize("options, moves", [
    (dict(grid="square", grid_steps=20, directions=6),
     ["(-0.8,0.1) 90 B2 R3", "(-0.9,-0.3) 90 R1"]),
    (dict(grid="square", grid_steps=10, directions=3, first_direction=0.0),
     ["(0.6,0.2) 0 B3 R2", "(-0.4,0.4) 0 R1 B3", "(0,0) 0 B3 R2", "(-0.6,0.2) 0 R3 B1",
      "(0,0.4) 0 B1 R2", "(0,-0.6) 0 R2 B1", "(0.2,-0.8) 0 B2 R1", "(0.2,-0.2) 0 R3"]),
])
def test_a_neighbour_left_settled_by_a_cut_goes_to_the_opponent(options, moves):
    state = make_game("craquelure", **options).initial_state()
    neighbours_handed = 0
    for text in moves:
        mover = state.colour_to_move
        before = {r.id for r in state.regions.values() if r.owner is NEUTRAL}
        state = state.play(state.parse_move(text))
        assert neutral_settled(state) == [], text
        for region_id in state.last.handed_over:
            assert state.regions[region_id].owner == 1 - mover
            neighbours_handed += region_id in before
    assert neighbours_handed >= 1  # the case the fix is about happened


def test_no_neutral_region_stays_settled_in_random_games_with_grid_and_directions():
    game = make_game("craquelure", grid="square", grid_steps=10, directions=3,
                     first_direction=0.0)
    for seed in range(60):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_over():
            assert neutral_settled(state) == [], seed
            moves = state.legal_moves()
            assert moves, f"seed {seed}: the game is not over, yet there is no legal move"
            state = state.play(rng.choice(moves))


def test_settled_uses_the_tolerance_of_a_cuts_parts():
    state = make_game("craquelure").initial_state()
    probe = copy(next(iter(state.regions.values())))
    probe.area, probe._settled = 3 * state.settings.part_minimum, None
    assert has_legal_cut(probe, state.settings)  # three parts at the minimum fit
    probe.area, probe._settled = 3 * state.settings.part_minimum * (1 - 1e-9), None
    assert not has_legal_cut(probe, state.settings)


def test_a_strip_thinner_than_the_margin_is_settled_with_the_minimum_area_off():
    """Every point of a strip 1.5e-9 wide is refused as on a line, so the strip
    cannot be cut: it is settled (and handed over), not listed as cuttable."""
    state = make_game("craquelure", start="sectors", min_area=False).initial_state()
    state = state.play(state.parse_move("(-0.0000000015,0.5) 90 B1 R2"))
    strip = min(state.regions.values(), key=lambda r: r.area)
    assert strip.area < 1e-9
    assert is_settled(strip, state.settings)
    assert strip.id not in [r.id for r in state.cuttable()]
    assert strip.owner == 1  # neutral, settled at the end of Blue's turn: Red's


def test_on_a_grid_a_region_is_cuttable_exactly_when_a_legal_cut_of_it_is_found():
    """On a grid (any angle), no shortcut by area: a region counts as cuttable (not
    settled) exactly when the search finds a legal cut of it, for every region of
    every position of random games on a coarse grid, where regions large enough by
    area often hold no grid point to cut from; so the game never lists a region no
    cut can split, and hands over every one none can."""
    from rulebook.games.craquelure.search import find_legal_cut

    game = make_game("craquelure", grid="square", grid_steps=5, directions=0)
    uncuttable = 0
    for seed in range(6):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_over():
            for region in state.regions.values():
                found = find_legal_cut(copy(region), state.settings) is not None
                assert is_settled(region, state.settings) == (not found), (seed, region.id)
                uncuttable += not found and region.area >= 3 * state.settings.part_minimum
            state = state.play(state.random_move(rng))
    assert uncuttable >= 3  # regions large enough to cut by area, yet no legal cut fits
