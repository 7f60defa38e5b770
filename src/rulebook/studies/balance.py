"""Balance: many games between two computer players of the same kind and strength.

What the first player (the seat that moves first) wins, with a 95 % Wilson
interval, the draws, how often the pie rule's swap was played, and the
distribution of game lengths (moves as records write them).

Study keys::

    options = { size = 6 }                    # the game's options
    games = 60                                # how many games
    seed = 1
    players = { type = "computer", level = 2 } # or { type = "mcts", playouts = 4 },
                                               # or { type = "random" }

Both seats get the same player type and settings; each game's players draw
their seeds from ``(seed, game index)``.  ``computer`` is the play pages'
computer (:mod:`rulebook.computer`) at a level from 1 to 3, so the balance
studies' fingerprints include that module and the game's ``strategy.py``.
"""

from __future__ import annotations

from statistics import median

from ..computer import STRENGTHS, computer
from ..errors import RulebookError
from ..games import make_game
from ..players import MonteCarloPlayer, RandomPlayer, play_game
from ..record_format import quoted
from .base import Kind, check_keys, item_rng, wilson_interval

PLAYER_TYPES = ("random", "mcts", "computer")
SWAP = "swap"  # how the pie rule's move is written (Craquelure, inpHeXion)


class Balance(Kind):
    name = "balance"
    module = "balance"
    uses_computer = True  # the computer's code is part of the fingerprint

    def check(self, game: str, spec: dict) -> dict:
        check_keys(spec, {"options": dict, "games": int, "seed": int, "players": dict},
                   {"games", "seed", "players"})
        options = spec.get("options", {})
        make_game(game, **options)  # an unknown option or a wrong value fails here
        if not 1 <= spec["games"] <= 1_000_000:
            raise RulebookError(f"'games' = {spec['games']}: must be from 1 to 1000000")
        players = dict(spec["players"])
        if players.get("type") not in PLAYER_TYPES:
            raise RulebookError(f"players.type must be one of {', '.join(PLAYER_TYPES)}")
        allowed = {"type"} | {"mcts": {"playouts", "exploration"},
                              "computer": {"level"}}.get(players["type"], set())
        if unknown := sorted(set(players) - allowed):
            raise RulebookError(f"players: unknown key {unknown[0]!r} "
                                f"(keys: {', '.join(sorted(allowed))})")
        if players["type"] == "mcts":
            playouts = players.setdefault("playouts", 100)
            if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
                raise RulebookError("players.playouts must be a whole number of at least 1")
            exploration = players.setdefault("exploration", 0.7)
            if not isinstance(exploration, (int, float)) or isinstance(exploration, bool):
                raise RulebookError("players.exploration must be a number")
        if players["type"] == "computer":
            level = players.setdefault("level", 2)
            if type(level) is not int or level not in STRENGTHS:
                raise RulebookError(f"players.level = {quoted(level)}: must be 1, 2 or 3")
        return {**spec, "options": options, "players": players}

    def item_count(self, spec: dict) -> int:
        return spec["games"]

    def context(self, game: str, spec: dict):
        return make_game(game, **spec["options"])

    def run_item(self, game, spec: dict, index: int) -> list:
        """One game: [winner seat (-1 for a draw), length in moves, whether a swap was played]."""
        rng = item_rng(spec["seed"], index)
        start = game.initial_state()
        players = [self._player(spec["players"], rng.getrandbits(63), start) for _ in range(2)]
        moves, final = play_game(start, players)
        outcome = final.outcome()
        if outcome is None:
            raise RulebookError(f"game {index} did not end within the move limit")
        winner = -1 if outcome.winner is None else outcome.winner
        return [winner, final.move_number, SWAP in moves]

    @staticmethod
    def _player(settings: dict, seed: int, state):
        if settings["type"] == "random":
            return RandomPlayer(seed)
        if settings["type"] == "computer":
            return computer(state, settings["level"], seed)
        return MonteCarloPlayer(settings["playouts"], seed=seed,
                                exploration=float(settings["exploration"]))

    def combine(self, game: str, spec: dict, items: list) -> dict:
        games = len(items)
        first = sum(1 for w, _, _ in items if w == 0)
        second = sum(1 for w, _, _ in items if w == 1)
        draws = games - first - second
        swaps = sum(1 for _, _, s in items if s)
        lengths = [n for _, n, _ in items]
        counts: dict[int, int] = {}
        for n in lengths:
            counts[n] = counts.get(n, 0) + 1
        low, high = wilson_interval(first, games)
        return {
            "options": spec["options"], "players": spec["players"], "games": games,
            "first_wins": first, "second_wins": second, "draws": draws, "swaps": swaps,
            "first_win_rate": first / games, "first_win_low": low, "first_win_high": high,
            "second_win_rate": second / games, "draw_rate": draws / games,
            "swap_rate": swaps / games,
            "lengths": sorted([n, c] for n, c in counts.items()),
            "mean_length": sum(lengths) / games, "median_length": float(median(lengths)),
            "shortest": min(lengths), "longest": max(lengths),
        }


KIND = Balance()
