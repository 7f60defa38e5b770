"""How pages quote study results: ``:claim:`<game>/<study>#<key>```.

Kept apart from the computation (``base.py`` and the kinds' modules, whose
source is fingerprinted), so rewording or reformatting a value never makes a
stored result stale.  Each kind has a quoting function here, taking the game,
the stored result, the key and the language.
"""

from __future__ import annotations

from typing import Callable

from ..errors import RulebookError


def percent(value: float, lang: str) -> str:
    return f"{100 * value:.1f}%"


def number(value: float, lang: str) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _unknown(kind: str, key: str, reference: str, keys) -> RulebookError:
    from . import StudyError

    return StudyError(f"study claim {reference!r}: no value {key!r} in a {kind} study "
                      f"(values: {', '.join(sorted(keys))})")


BALANCE_KEYS = {
    "games": "games played",
    "first_wins": "games the first player won", "second_wins": "games the second player won",
    "draws": "drawn games",
    "first_win_rate": "the first player's share of wins (a percentage)",
    "first_win_low": "lower end of its 95 % interval", "first_win_high": "upper end",
    "second_win_rate": "the second player's share of wins", "draw_rate": "share of draws",
    "swaps": "games where the swap was played", "swap_rate": "their share",
    "mean_length": "mean game length in moves", "median_length": "median game length",
    "shortest": "the shortest game", "longest": "the longest game",
    "playouts": "playouts per move of the Monte Carlo players",
    "first_player": "the first player's name", "second_player": "the second player's name",
    "confidence": "the interval's confidence level (95)",
    "options.NAME": "a game option of the study",
}


def quote_balance(game, result: dict, key: str, lang: str, reference: str) -> str:
    unknown = _unknown("balance", key, reference, BALANCE_KEYS)
    if key in ("first_player", "second_player"):
        return game.player_name(0 if key == "first_player" else 1, lang)
    if key == "confidence":
        return "95"
    if key == "playouts":
        if "playouts" not in result["players"]:
            raise unknown
        return str(result["players"]["playouts"])
    if key.startswith("options."):
        option = key.split(".", 1)[1]
        if option not in game.options:
            raise unknown
        return str(game.options[option])
    if key not in BALANCE_KEYS or key not in result:
        raise unknown
    if key.endswith("_rate") or key in ("first_win_low", "first_win_high"):
        return percent(result[key], lang)
    return number(result[key], lang)


SOLVE_KEYS = {
    "winner": "who wins under perfect play (a player's name, or draw)",
    "ends_with_mark": "the mark whose collapse completes the winning line",
    "winning_first_moves": "X's first moves that win", "best_first_moves": "the best ones",
    "drawing_first_moves": "X's first moves that draw",
    "winning_first_move_count": "how many first moves win",
    "drawing_first_move_count": "how many draw", "first_move_count": "X's first moves",
    "first_move_classes": "how many classes they fall into under the board's symmetries",
    "principal_variation": "a best line, in records' notation",
    "principal_variation_length": "its length in moves",
}


def quote_solve(game, result: dict, key: str, lang: str, reference: str) -> str:
    separator = "、" if lang == "ja" else ", "
    if key == "winner":
        winner = result["winner"]
        return game.player_name(None if winner == "draw" else game.player_index(winner), lang)
    if key in ("winning_first_moves", "best_first_moves", "drawing_first_moves"):
        return separator.join(result[key])
    if key in ("winning_first_move_count", "drawing_first_move_count"):
        return str(len(result[key.replace("_count", "s")]))
    if key == "first_move_classes":
        return str(len(result[key]))
    if key == "principal_variation":
        return " ".join(result[key])
    if key == "principal_variation_length":
        return str(len(result["principal_variation"]))
    if key in ("ends_with_mark", "first_move_count") and result.get(key) is not None:
        return str(result[key])
    raise _unknown("solve", key, reference, SOLVE_KEYS)


QUOTES: dict[str, Callable] = {"balance": quote_balance, "solve": quote_solve}
