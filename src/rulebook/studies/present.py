"""How pages quote study results: ``:claim:`<game>/<study>#<key>```.

Kept apart from the computation (``base.py`` and the kinds' modules, whose
source is fingerprinted), so rewording or reformatting a value never makes a
stored result stale.  Each kind has a quoting function here, taking the game,
the stored result, the key, the language and the words of the language's
values catalog (``docs/locale/<lang>/values.po``).

What a balance study can conclude is decided here too, from the stored counts:
:func:`advantage` says whether the first or the second player is ahead, or
whether the sample cannot tell, by the 95 % Wilson interval of the first
player's share of the games that had a winner.  A page that quotes it says
which verdict it expects (``#advantage=first``), so new data that no longer
supports the page's sentence fails the build.
"""

from __future__ import annotations

from typing import Callable

from ..errors import RulebookError
from ..i18n import claim_word
from .base import wilson_interval


def percent(value: float, lang: str) -> str:
    return f"{100 * value:.1f}%"


def number(value: float, lang: str) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _error(reference: str, why: str) -> RulebookError:
    """A one-line StudyError about the claim ``reference`` (imported here: the
    package imports this module)."""
    from . import StudyError

    return StudyError(f"study claim {reference!r}: {why}")


def _unknown(kind: str, key: str, reference: str, keys) -> RulebookError:
    return _error(reference, f"no value {key!r} in a {kind} study "
                             f"(values: {', '.join(sorted(keys))})")


def _translated(text: str, words: dict | None, slug: str) -> str:
    """``text`` as the values catalog translates it (for this game, or for every
    game); left in English when it has no entry, which the build refuses on a page
    in another language (:class:`rulebook.sphinxext.transforms.ResolveClaimValues`)."""
    translated = claim_word(words or {}, slug, text)
    return text if translated is None else translated


# --- what a balance study can conclude ---------------------------------------

VERDICTS = {"first": "first player ahead", "second": "second player ahead",
            "unclear": "no clear difference at this sample size"}


def verdict(low: float, high: float) -> str:
    """``first`` when the whole interval of the first player's share of the decided
    games lies above one half, ``second`` when it lies below, else ``unclear`` (an
    interval that reaches one half cannot tell the players apart)."""
    if low > 0.5:
        return "first"
    if high < 0.5:
        return "second"
    return "unclear"


def decided_interval(result: dict) -> tuple[int, float, float, float] | None:
    """The games that had a winner, the first player's share of them and its 95 %
    Wilson interval; None if every game was drawn.  A draw favours neither player,
    so who is ahead is the first player's share of the other games (with no draws,
    the same as the stored ``first_win_low`` and ``first_win_high``)."""
    decided = result["first_wins"] + result["second_wins"]
    if decided == 0:
        return None
    low, high = wilson_interval(result["first_wins"], decided)
    return decided, result["first_wins"] / decided, low, high


def advantage(result: dict) -> str:
    """The verdict of a balance study's result: ``first``, ``second`` or ``unclear``."""
    found = decided_interval(result)
    return "unclear" if found is None else verdict(found[2], found[3])


# Both seats' player, by the study's players.type, in English (the values catalog
# translates it; {playouts} and {level} are the study's).  A new kind of player needs its
# words here.
PLAYER_WORDS = {"random": "uniformly random moves",
                "mcts": "Monte Carlo tree search, {playouts} playouts per move",
                "computer": "the play page's computer at level {level} of 3"}


BALANCE_KEYS = {
    "games": "games played",
    "player": "both sides' player: its kind and strength (playouts per move, or level)",
    "first_wins": "games the first player won", "second_wins": "games the second player won",
    "draws": "drawn games",
    "first_win_rate": "the first player's share of wins (a percentage)",
    "first_win_low": "lower end of its 95 % interval", "first_win_high": "upper end",
    "second_win_rate": "the second player's share of wins", "draw_rate": "share of draws",
    "decided": "games that had a winner",
    "first_decided_rate": "the first player's share of them",
    "first_decided_low": "lower end of its 95 % interval", "first_decided_high": "upper end",
    "advantage=first|second|unclear": "who is ahead by that interval, as the page expects "
                                      "it: the build fails when the data says otherwise",
    "swaps": "games where the swap was played", "swap_rate": "their share",
    "mean_length": "mean game length in moves", "median_length": "median game length",
    "shortest": "the shortest game", "longest": "the longest game",
    "playouts": "playouts per move of the Monte Carlo players",
    "first_player": "the first player's name", "second_player": "the second player's name",
    "confidence": "the interval's confidence level (95)",
    "options.NAME": "a game option of the study",
}
# What a page must quote of every balance study it uses, in the same section:
# how many games, and who played them (test: a sample's size and its players' strength).
SAMPLE_KEYS = ("games", "player")


def quote_balance(game, result: dict, key: str, lang: str, reference: str,
                  words: dict | None = None) -> str:
    unknown = _unknown("balance", key, reference, BALANCE_KEYS)
    if key in ("first_player", "second_player"):
        return game.player_name(0 if key == "first_player" else 1, lang)
    if key == "confidence":
        return "95"
    if key == "player":
        players = result["players"]
        if players["type"] not in PLAYER_WORDS:
            raise _error(reference, f"no words for players of type {players['type']!r}: add "
                                    "them to PLAYER_WORDS in rulebook/studies/present.py "
                                    "and to values.po")
        return _translated(PLAYER_WORDS[players["type"]], words, game.slug).replace(
            "{playouts}", str(players.get("playouts"))).replace("{level}", str(players.get("level")))
    if key == "advantage" or key.startswith("advantage="):
        return _quote_advantage(game, result, key, lang, reference, words)
    if key in ("decided", "first_decided_rate", "first_decided_low", "first_decided_high"):
        found = decided_interval(result)
        if found is None:
            raise _error(reference, "every game was drawn, so no game had a winner")
        value = found[("decided", "first_decided_rate", "first_decided_low",
                       "first_decided_high").index(key)]
        return number(value, lang) if key == "decided" else percent(value, lang)
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


def _quote_advantage(game, result: dict, key: str, lang: str, reference: str,
                     words: dict | None) -> str:
    """The verdict, once the page's expected one (``advantage=first``) is the data's."""
    expected = key.partition("=")[2]
    if expected not in VERDICTS:
        raise _error(reference, f"write the verdict the sentence states, "
                                f"{' or '.join(f'advantage={v}' for v in VERDICTS)}, so that "
                                "the build fails when new data no longer supports it")
    found = advantage(result)
    if found != expected:
        decided = decided_interval(result)
        basis = ("every game was drawn" if decided is None else
                 f"the first player won {percent(decided[1], 'en')} of the {decided[0]} games "
                 f"with a winner, 95 % interval {percent(decided[2], 'en')} to "
                 f"{percent(decided[3], 'en')}")
        raise _error(reference, f"the page states {VERDICTS[expected]!r}, but the data "
                                f"supports {VERDICTS[found]!r} ({basis}): rewrite what the "
                                "page concludes")
    return _translated(VERDICTS[found], words, game.slug)


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


def quote_solve(game, result: dict, key: str, lang: str, reference: str,
                words: dict | None = None) -> str:
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
