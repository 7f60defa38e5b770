"""Craquelure's legality, turns and results against the naive shapely model of
test_craquelure_naive.py, on seeded random games.

Cuts are continuous, so "every legal move" cannot be listed; instead, at every
position reached, random candidate cuts (a point anywhere in the disk, any
angle, parts written in every form the notation allows) go to both: the naive
model decides by the rules page alone (a point inside a neutral or opponent's
region; cutting a neutral region names the mover's part and the opponent's,
cutting an opponent's region the mover's only; every part at least the
minimum area; no cut once the game is won; the swap only as Red's reply to
Blue's first move), the engine by ``play``.  They must agree on every
candidate, and for the legal ones on the position after it (regions, owners,
areas, the winner); whose turn it is (seat and colour) must agree too.
The model reads the cuts from the text the test writes, not from the engine's
move objects.
"""

from __future__ import annotations

import math
import random
import re

import pytest
from shapely.geometry import Point

from differential import game_count
from rulebook.errors import IllegalMoveError, NotationError
from rulebook.games import make_game
from test_craquelure_naive import MINIMUM, NaiveGame, _assert_same, wedge

LETTERS = "BR"
CUT = re.compile(r"\((?P<x>[-\d.]+),(?P<y>[-\d.]+)\) (?P<angle>[\d.]+) (?P<parts>.*)")


class WrittenCut:
    """A cut as the naive model reads it: from the text, by the test's own regex."""

    def __init__(self, text):
        found = CUT.fullmatch(text)
        self.x, self.y, self.angle = found["x"], found["y"], found["angle"]
        self.parts = [(word[0], int(word[1])) for word in found["parts"].split()]

    def owner_of_part(self, part):
        return next((LETTERS.index(letter) for letter, number in self.parts if number == part),
                    None)


class Naive(NaiveGame):
    def __init__(self, start, pie):
        super().__init__(start)
        self.pie, self.swapped = pie, False

    def colour(self):
        return self.cuts % 2

    def seat(self):
        """Seat 0 moves first as Blue; after a swap seat 0 plays Red."""
        return None if self.winner is not None else self.colour() ^ self.swapped

    def legal(self, text) -> bool:
        if self.winner is not None:
            return False
        if text == "swap":
            return self.pie and self.cuts == 1 and not self.swapped
        cut = WrittenCut(text)
        point = Point(float(cut.x), float(cut.y))
        holders = [i for i, shape in self.regions.items() if shape.contains(point)]
        if len(holders) != 1:
            return False
        (region,) = holders
        mover, opponent = self.colour(), 1 - self.colour()
        owner = self.owners[region]
        named = [(LETTERS.index(letter), number) for letter, number in cut.parts]
        if len({number for _, number in named}) != len(named):
            return False
        if owner is None:
            if sorted(player for player, _ in named) != sorted((mover, opponent)):
                return False
        elif owner == opponent:
            if [player for player, _ in named] != [mover]:
                return False
        else:
            return False
        angle, shape = float(cut.angle), self.regions[region]
        return all(shape.intersection(wedge((point.x, point.y), angle + 120 * k,
                                            angle + 120 * (k + 1))).area >= MINIMUM
                   for k in range(3))

    def play_text(self, text):
        if text == "swap":
            self.swapped = True
        else:
            self.play(WrittenCut(text))


def candidates(state, rng, count):
    """``count`` random cuts, in every writing of the parts (and the swap)."""
    mover = LETTERS[state.colour_to_move]
    other = LETTERS[1 - state.colour_to_move]
    found = ["swap"]
    for _ in range(count):
        radius, turn = math.sqrt(rng.random()) * 0.995, rng.uniform(0, 2 * math.pi)
        x, y = f"{radius * math.cos(turn):.5f}", f"{radius * math.sin(turn):.5f}"
        angle = f"{rng.uniform(0, 360):.3f}"
        a, b = rng.sample((1, 2, 3), 2)
        parts = rng.choice([f"{mover}{a}", f"{mover}{a} {other}{b}", f"{other}{b} {mover}{a}",
                            f"{other}{a}", f"{mover}{a} {mover}{b}", f"{mover}{a} {other}{a}"])
        found.append(f"({x},{y}) {angle} {parts}")
    return found


def engine_accepts(state, text):
    """(whether the engine takes the move, the position after it); a writing the
    notation refuses (one player given two parts) is refused too."""
    try:
        return True, state.play(state.parse_move(text))
    except (IllegalMoveError, NotationError):
        return False, None


@pytest.mark.parametrize("start", ["pinwheel", "sectors"])
def test_craquelure_legality_and_results_agree_with_the_naive_model(start):
    games, checked, legal = game_count(4), 0, 0
    for seed in range(games):
        rng = random.Random(seed)
        state = make_game("craquelure", start=start).initial_state()
        naive, history = Naive(start, True), []
        for _ in range(rng.randrange(4, 10)):
            where = f"seed {seed}, after {history}"
            assert (state.turn, state.colour_to_move if state.turn is not None else None) == (
                naive.seat(), naive.colour() if naive.seat() is not None else None), where
            if state.is_over():
                break
            results = 0
            for text in candidates(state, rng, 12):
                accepted, after = engine_accepts(state, text)
                assert accepted == naive.legal(text), f"{where}: {text}"
                checked += 1
                if accepted and results < 2:  # the position after it, for a few
                    results += 1
                    legal += 1
                    copy = Naive(start, True)
                    for played in history + [text]:
                        copy.play_text(played)
                    _assert_same(copy, after)
            move = state.random_move(rng)
            history.append(state.format_move(move))
            state = state.play(move)
            naive.play_text(history[-1])
            _assert_same(naive, state)
    assert checked > 50 * games and legal > games


@pytest.mark.parametrize("start", ["pinwheel", "sectors"])
def test_after_a_swap_the_winner_is_named_by_the_colour_that_connects(start):
    """Seeded random games in which Red swaps, played to their end beside the naive
    model: the claims' ``winner`` (and each ``turn`` on the way) names the colour the
    naive model's connection has, not the colour the winning seat began with."""
    names = {"B": "Blue", "R": "Red"}
    ended = 0
    for seed in range(game_count(3)):
        rng = random.Random(1000 + seed)
        state = make_game("craquelure", start=start).initial_state()
        naive, history = Naive(start, True), []
        while not state.is_over() and len(history) < 200:
            move = state.random_move(rng) if len(history) != 1 else state.parse_move("swap")
            history.append(state.format_move(move))
            state = state.play(move)
            naive.play_text(history[-1])
            if naive.seat() is not None:
                turn = state.game.facts["turn"].compute(state)
                assert turn == names[LETTERS[naive.colour()]], (seed, history)
        assert naive.swapped and naive.winner is not None, (seed, history)
        winner = state.game.facts["winner"].compute(state)
        assert winner == names[LETTERS[naive.winner]], (seed, history)
        ended += 1
    assert ended
