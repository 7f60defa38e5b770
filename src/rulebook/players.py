"""Computer players written against the common game interface only.

They use nothing but ``State.turn``, ``outcome()``, ``play(move)`` and
``random_move(rng)``, so they play every game, including games whose moves are
continuous (a move set too large to list): new moves are drawn from the
engine's own sampler.

:class:`MonteCarloPlayer` is Monte Carlo tree search (UCT) with progressive
widening: a node with ``n`` visits may have about ``widening * sqrt(n)``
children, each a move drawn with ``random_move``; leaves are valued by random
playouts.  Everything random comes from one ``random.Random(seed)``, so a
player with a given seed makes the same moves in the same positions.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from .game import State


class RandomPlayer:
    """Plays the engine's random legal move."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State):
        return state.random_move(self.rng)


@dataclass(eq=False)
class _Node:
    state: State
    mover: int | None  # who made the move leading here (None at the root)
    move: object = None
    children: list["_Node"] = field(default_factory=list)
    visits: int = 0
    reward: float = 0.0  # summed from ``mover``'s point of view

    def ucb_child(self, exploration: float) -> "_Node":
        log_n = math.log(self.visits)
        return max(self.children,
                   key=lambda c: c.reward / c.visits + exploration * math.sqrt(log_n / c.visits))


def playout(state: State, rng: random.Random, max_moves: int = 1000) -> State:
    """Random moves to the end of the game (or ``max_moves``)."""
    for _ in range(max_moves):
        if state.is_over():
            break
        state = state.play(state.random_move(rng))
    return state


def reward(final: State, player: int | None) -> float:
    """1 for a win of ``player``, 0 for a loss, 1/2 for a draw or an unfinished playout."""
    outcome = final.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == player else 0.0


class MonteCarloPlayer:
    """UCT with progressive widening over sampled moves; deterministic for a seed."""

    def __init__(self, playouts: int = 100, seed: int = 0, exploration: float = 0.7,
                 widening: float = 1.5, max_playout_moves: int = 1000):
        self.playouts = playouts
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.widening = widening
        self.max_playout_moves = max_playout_moves

    def choose(self, state: State):
        if state.is_over():
            raise ValueError("the game is over: there is no move to choose")
        root = _Node(state, None)
        for _ in range(self.playouts):
            self._iterate(root)
        best = max(root.children, key=lambda c: (c.visits, c.reward))
        return best.move

    def _iterate(self, root: _Node) -> None:
        path = [root]
        node = root
        while not node.state.is_over():
            allowed = max(1, math.ceil(self.widening * math.sqrt(node.visits)))
            if len(node.children) < allowed and (child := self._expand(node)) is not None:
                path.append(child)
                node = child
                break
            node = node.ucb_child(self.exploration)
            path.append(node)
        final = playout(node.state, self.rng, self.max_playout_moves)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.reward += reward(final, visited.mover)

    def _expand(self, node: _Node) -> _Node | None:
        """A child for a newly drawn move, or None if the move drawn has one already
        (then the search goes on by UCB: visiting that child instead would let
        chance, not its value, decide how often it is tried)."""
        move = node.state.random_move(self.rng)
        if any(child.move == move for child in node.children):
            return None
        child = _Node(node.state.play(move), node.state.turn, move)
        node.children.append(child)
        return child


def play_game(state: State, players, max_moves: int = 10_000):
    """Play to the end with ``players[i]`` choosing for player index i; returns (moves, final)."""
    moves = []
    for _ in range(max_moves):
        if state.is_over():
            break
        move = players[state.turn].choose(state)
        moves.append(state.format_move(move))
        state = state.play(move)
    return moves, state
