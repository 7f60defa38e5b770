"""The computer of the play pages: three levels, the stronger two never missing a win in one.

:func:`computer` makes the player for a game and a level (1 weak, 2 the
default, 3 the strongest); :func:`levels` gives what each level does in a
game (``LEVELS`` in the game's ``strategy.py``).  The players are written
against the common game interface
(``legal_moves``, ``play``, ``outcome``, ``turn``, ``random_move``) and, where
a game's folder has a ``strategy.py``, that game's levels and light heuristics:

- ``gain(state, move) -> float``: what the move scores at once, net of what it
  gives the opponent (games that count points: Necto);
- ``value(state, move) -> float``: a deeper look at the move (Necto: its gain
  less the most the opponent can then gain at once), used by levels with
  ``lookahead``: only the moves of the best value (then gain) are searched, so
  a move it rates above the one of the largest gain is a reason to pass that
  one over;
- ``playout(state, rng) -> State``: a faster or better playout to the end;
- ``winning_move(state) -> move | None``: a win in one found by the game itself,
  where the listed moves are only a sample (Craquelure's continuous cuts); it
  replaces the scan of the listed moves in steps 1 and 3;
- ``root_moves(state, rng) -> list``: the moves weighed at the root, in place of
  the listed moves (Craquelure: the listed cuts and some drawn at random).

A level may name its own ``value`` (a deeper look than the game's) and a
``shortlist``: then only that many moves of the largest gain are valued.

A :class:`SearchPlayer` move, in order:

1. every listed legal move (``legal_moves()``, or the game's ``root_moves``) is
   tried (or the game's ``winning_move`` asked), and one that wins at once is
   played;
2. Monte Carlo tree search (UCT) from the position.  The root's children are
   the listed moves, in order of their immediate gain where the game scores
   points, else in a seeded random order, then (unless ``value`` chose them)
   moves drawn with ``random_move``; they are added by progressive widening (about
   ``widening * sqrt(visits)`` children), deeper nodes are widened with
   ``random_move`` alone, and leaves are valued by playouts;
3. the most visited child is chosen, with two checks: where points are scored
   it must rate better than the move of the largest immediate gain, which is
   played otherwise (so an immediate gain is passed over only for a reason the
   search found); and if the opponent could then win at once (tried over
   their listed moves), the next most visited child that does not allow it is
   taken (``safe`` children are checked).

Everything random comes from one ``random.Random(seed)`` and the budgets are
counts of iterations, not times: the same seed, the same move.  A balance
study may use the computer as its players (``players = { type = "computer",
level = 2 }``), so this module and the games' ``strategy.py`` are part of the
balance studies' fingerprints.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from .game import State
from .games import game_part
from .players import MonteCarloPlayer, _Node, playout, reward


@dataclass(frozen=True)
class Level:
    """What one level of the computer does in one game."""

    iterations: int  # Monte Carlo iterations per move on the default board (0: no search)
    wins_first: bool = True  # play a win in one when there is one
    safe: int = 4  # how many of the most visited children may be checked for a loss in one
    old: bool = False  # the plain MonteCarloPlayer of the studies (the weak level)
    lookahead: bool = False  # order and judge moves by the game's ``value`` where it has one
    value: Callable | None = None  # with lookahead: this level's own value, not the game's
    shortlist: int = 0  # with lookahead: value only the moves of the largest gain (0: all)

    def budget(self, state: State) -> int:
        """The iterations for this game's options: a board of ``size`` other than the
        default gets ``iterations * (default / size) ** 3``, since a playout's
        length and each move's cost both grow with the board."""
        game = state.game
        size = game.options.get("size")
        if not self.iterations or not isinstance(size, int) or isinstance(size, bool):
            return self.iterations
        default = next(p.default for p in game.parameters if p.name == "size")
        return max(1, round(self.iterations * (default / size) ** 3))


def plain(playouts: int) -> Level:
    """The weak level: the studies' Monte Carlo player, which does not look for a win first."""
    return Level(playouts, wins_first=False, safe=0, old=True)


# A game's own levels are ``LEVELS`` in its ``strategy.py`` (with its heuristics);
# these serve a game without them.  The strongest level's budgets keep its median
# move well under 2 s of CPU time (CPython) on the project's machine, the largest
# boards included (benchmarks/bench_ladder.py measures them).
DEFAULT_LEVELS = {1: plain(20), 2: Level(100), 3: Level(400)}
STRENGTHS = (1, 2, 3)


def strategy(slug: str) -> ModuleType | None:
    """The game's ``strategy`` module (its heuristics for the computer), if it has one."""
    return game_part(slug, "strategy")


def levels(slug: str) -> dict[int, Level]:
    """The game's levels: ``LEVELS`` in its ``strategy.py``, else :data:`DEFAULT_LEVELS`."""
    return getattr(strategy(slug), "LEVELS", DEFAULT_LEVELS)


def computer(state: State, strength: int = 2, seed: int = 0):
    """The computer player for ``state``'s game (and options) at level ``strength``
    (1, 2 or 3)."""
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be 1, 2 or 3, not {strength!r}")
    slug = state.game.slug
    level = levels(slug)[strength]
    if level.old:
        return MonteCarloPlayer(playouts=level.budget(state), seed=seed)
    return SearchPlayer(level.budget(state), seed=seed, wins_first=level.wins_first,
                        safe=level.safe, strategy=strategy(slug), lookahead=level.lookahead,
                        value=level.value, shortlist=level.shortlist)


def winning_move(state: State, moves=None):
    """A listed legal move that wins at once for the player to move, or None."""
    mover = state.turn
    for move in state.legal_moves() if moves is None else moves:
        outcome = state.play(move).outcome()
        if outcome is not None and outcome.winner == mover:
            return move
    return None


class Node(_Node):
    """The players' search-tree node, and the mean reward the computer ranks moves by."""

    @property
    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


class SearchPlayer:
    """Win in one first, then UCT with ordered root moves; deterministic for a seed."""

    def __init__(self, iterations: int = 200, seed: int = 0, *, wins_first: bool = True,
                 safe: int = 4, strategy: ModuleType | None = None, lookahead: bool = False,
                 value: Callable | None = None, shortlist: int = 0, exploration: float = 0.7,
                 widening: float = 1.5, max_playout_moves: int = 1000):
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.wins_first = wins_first
        self.safe = safe
        self.gain = getattr(strategy, "gain", None)
        self.value = (value or getattr(strategy, "value", None)) if lookahead else None
        self.shortlist = shortlist
        self.fast_playout = getattr(strategy, "playout", None)
        self.find_win = getattr(strategy, "winning_move", None)
        self.root_moves = getattr(strategy, "root_moves", None)
        self.exploration = exploration
        self.widening = widening
        self.max_playout_moves = max_playout_moves
        # the last move's search, its gains and values, for tests and benchmarks
        self.root: Node | None = None
        self.gains: dict = {}
        self.values: dict = {}

    def choose(self, state: State):
        if state.is_over():
            raise ValueError("the game is over: there is no move to choose")
        listed = self.root_moves(state, self.rng) if self.root_moves else state.legal_moves()
        if self.wins_first and (move := self._winning_move(state, listed)) is not None:
            self.root, self.gains, self.values = None, {}, {}
            return move
        gains = values = {}
        self.root = None
        if not listed:  # a game whose moves cannot be listed here
            return state.random_move(self.rng)
        if self.gain is not None:
            gains = {move: self.gain(state, move) for move in listed}
            if self.value is not None:  # the search picks among the moves of the best value
                if self.shortlist:  # those of the largest gains (stable: the engine's order)
                    listed = sorted(listed, key=lambda move: -gains[move])[:self.shortlist]
                values = {move: self.value(state, move) for move in listed}
                best = max((values[move], gains[move]) for move in listed)
                listed = [move for move in listed if (values[move], gains[move]) == best]
            # the largest immediate gain first (stable: the engine's order among equals)
            listed.sort(key=lambda move: -gains[move])
        else:
            self.rng.shuffle(listed)
        self.gains, self.values = gains, values
        if len(listed) == 1:
            return listed[0]
        if self.iterations == 0:  # no search: the largest gain, ties at random
            top = max(gains.get(move, 0) for move in listed)
            return self.rng.choice([move for move in listed if gains.get(move, 0) == top])
        root = self.root = Node(state, None)
        pending = list(reversed(listed))  # popped from the end: best first
        for _ in range(self.iterations):
            self._iterate(root, pending)
        ranked = sorted(root.children, key=lambda c: (c.visits, c.mean), reverse=True)
        if gains:
            first = root.children[0]  # the first child added: the largest immediate gain
            ranked = [c for c in ranked
                      if gains.get(c.move, -math.inf) >= gains[first.move] or c.mean > first.mean]
        return self._safe_choice(state, ranked).move

    def _safe_choice(self, state: State, ranked: list[Node]) -> Node:
        """The first of ``ranked`` after which the opponent has no win in one (among the
        first ``safe``), else the first."""
        for child in ranked[:self.safe]:
            if child.state.is_over() or self._winning_move(child.state) is None:
                return child
        return ranked[0]

    def _winning_move(self, state: State, listed=None):
        """A move that wins at once: the game's own finder where it has one (moves that
        cannot all be listed), else one of the listed moves."""
        if self.find_win is not None:
            return self.find_win(state)
        return winning_move(state, listed)

    def _iterate(self, root: Node, pending: list) -> None:
        path = [root]
        node = root
        while not node.state.is_over():
            allowed = max(1, math.ceil(self.widening * math.sqrt(node.visits)))
            if len(node.children) < allowed and (
                    child := self._expand(node, pending if node is root else None)) is not None:
                path.append(child)
                node = child
                break
            node = max(node.children, key=self._ucb(node))
            path.append(node)
        final = self._playout(node.state)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.reward += reward(final, visited.mover)

    def _ucb(self, parent: Node):
        log_n, c = math.log(parent.visits), self.exploration
        return lambda child: child.reward / child.visits + c * math.sqrt(log_n / child.visits)

    def _expand(self, node: Node, pending: list | None) -> Node | None:
        """A child for the next listed move (at the root) or a newly drawn one, or None
        if the move drawn has a child already (the search then goes on by UCB)."""
        if pending is not None and not pending and self.value is not None:
            return None  # the root's moves were chosen by value: no others
        move = pending.pop() if pending else node.state.random_move(self.rng)
        if any(child.move == move for child in node.children):
            return None
        child = Node(node.state.play(move), node.state.turn, move)
        node.children.append(child)
        return child

    def _playout(self, state: State) -> State:
        if self.fast_playout is not None:
            return self.fast_playout(state, self.rng)
        return playout(state, self.rng, self.max_playout_moves)


__all__ = ["DEFAULT_LEVELS", "Level", "SearchPlayer", "computer", "levels", "plain", "strategy",
           "winning_move"]
