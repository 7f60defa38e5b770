"""The statistics that studies store and that charts and claims print, against
independent computations (no scipy: textbook values and second formulas).

* ``wilson_interval``: its ends are the two roots of the quadratic the
  interval is defined by, (p̂ − p)² = z² p (1 − p) / n, solved here by
  bisection; and the interval at 99 % from the normal quantile computed here
  by bisection on math.erf.
* ``Balance.combine``: counts, rates, lengths and their summary against the
  ``statistics`` module and plain counting.
* the chart's quantiles: the "lower" quantile of the sorted games (the value at
  position floor(q (n − 1))), as numpy's method="lower" defines it.
"""

from __future__ import annotations

import math
import random
import statistics

import pytest

from rulebook.studies.balance import Balance
from rulebook.studies.base import Z95, wilson_interval
from rulebook.studies.chart import _quantile, length_stats
from rulebook.studies.present import number, percent

from conftest import ROOT


def bisect(f, low, high, steps=200):
    """A root of f between low and high, where f changes sign."""
    f_low = f(low)
    for _ in range(steps):
        middle = (low + high) / 2
        if (f(middle) > 0) == (f_low > 0):
            low, f_low = middle, f(middle)
        else:
            high = middle
    return (low + high) / 2


def wilson_by_roots(successes, trials, z):
    """The interval's ends as the roots of g(p) = (p̂ − p)² − z² p (1 − p) / n, which is
    positive at 0 and 1 (unless p̂ is 0 or 1) and negative at p̂."""
    share = successes / trials

    def g(p):
        return (share - p) ** 2 - z * z * p * (1 - p) / trials

    low = 0.0 if successes == 0 else bisect(g, 0.0, share)
    high = 1.0 if successes == trials else bisect(g, share, 1.0)
    return low, high


def normal_quantile(level):
    """z with P(|Z| < z) = level for a standard normal Z, by bisection on erf."""
    return bisect(lambda z: math.erf(z / math.sqrt(2)) - level, 0.0, 10.0)


def test_the_95_percent_quantile_is_the_normal_one():
    assert Z95 == pytest.approx(normal_quantile(0.95), abs=1e-12)
    assert Z95 == pytest.approx(1.959964, abs=1e-6)  # the printed tables' value


@pytest.mark.parametrize("trials", [1, 2, 7, 10, 50, 333, 1000, 20000])
def test_wilson_interval_ends_are_the_roots_of_its_quadratic(trials):
    rng = random.Random(trials)
    for successes in sorted({0, 1, trials // 2, trials - 1, trials,
                             *(rng.randrange(trials + 1) for _ in range(10))}):
        if not 0 <= successes <= trials:
            continue
        for z in (Z95, normal_quantile(0.99), 1.0):
            expected = wilson_by_roots(successes, trials, z)
            assert wilson_interval(successes, trials, z) == pytest.approx(expected, abs=1e-12), (
                successes, trials, z)


def test_wilson_interval_textbook_values():
    # Newcombe (1998), table I: 81 of 263 -> 0.2553 to 0.3662; 15 of 148 -> 0.0624 to 0.1605
    assert [round(x, 4) for x in wilson_interval(81, 263)] == [0.2553, 0.3662]
    assert [round(x, 4) for x in wilson_interval(15, 148)] == [0.0624, 0.1605]
    assert [round(x, 4) for x in wilson_interval(0, 20)] == [0.0, 0.1611]
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


@pytest.mark.parametrize("seed", range(5))
def test_balance_results_count_as_plain_counting_does(seed):
    rng = random.Random(seed)
    games = rng.randrange(1, 400)
    items = [(rng.choice((0, 1, None)), rng.randrange(5, 60), rng.random() < 0.3)
             for _ in range(games)]
    result = Balance().combine("qttt", {"options": {}, "players": {}}, items)
    winners = [w for w, _, _ in items]
    lengths = [n for _, n, _ in items]
    assert (result["first_wins"], result["second_wins"], result["draws"]) == (
        winners.count(0), winners.count(1), winners.count(None))
    assert result["first_win_rate"] == winners.count(0) / games
    assert result["second_win_rate"] == winners.count(1) / games
    assert result["draw_rate"] == winners.count(None) / games
    assert result["first_win_rate"] + result["second_win_rate"] + result["draw_rate"] == (
        pytest.approx(1.0))
    assert result["swap_rate"] == sum(s for _, _, s in items) / games
    assert (result["first_win_low"], result["first_win_high"]) == pytest.approx(
        wilson_by_roots(winners.count(0), games, Z95), abs=1e-12)
    assert result["first_win_low"] <= result["first_win_rate"] <= result["first_win_high"]
    assert result["mean_length"] == pytest.approx(statistics.fmean(lengths))
    assert result["median_length"] == statistics.median(lengths)
    assert (result["shortest"], result["longest"]) == (min(lengths), max(lengths))
    assert result["lengths"] == [[n, lengths.count(n)] for n in sorted(set(lengths))]


def lower_quantile(values, share):
    ordered = sorted(values)
    return float(ordered[math.floor(share * (len(ordered) - 1))])


@pytest.mark.parametrize("seed", range(8))
def test_chart_quantiles_are_the_lower_quantiles_of_the_games(seed):
    rng = random.Random(seed)
    values = [rng.randrange(3, 30) for _ in range(rng.randrange(1, 300))]
    counted = [[n, values.count(n)] for n in sorted(set(values))]
    for share in (0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0, rng.random()):
        assert _quantile(counted, share) == lower_quantile(values, share), share
    stats = length_stats({"lengths": counted, "mean_length": statistics.fmean(values)}, "x")
    assert (stats["q1"], stats["med"], stats["q3"]) == tuple(
        lower_quantile(values, q) for q in (0.25, 0.5, 0.75))
    assert (stats["whislo"], stats["whishi"]) == (lower_quantile(values, 0.05),
                                                  lower_quantile(values, 0.95))


def test_chart_quantiles_textbook_values():
    # 1, 2, 3, 4: the lower median is 2; of 1..5 it is 3; the 5th to 95th of 1..21: 2 to 20
    assert _quantile([[1, 1], [2, 1], [3, 1], [4, 1]], 0.5) == 2.0
    assert _quantile([[n, 1] for n in range(1, 6)], 0.5) == 3.0
    assert (_quantile([[n, 1] for n in range(1, 22)], 0.05),
            _quantile([[n, 1] for n in range(1, 22)], 0.95)) == (2.0, 20.0)


def test_printed_rates_and_numbers():
    assert [percent(x, "en") for x in (0.0, 0.5, 0.4567, 1 / 3, 1.0)] == [
        "0.0%", "50.0%", "45.7%", "33.3%", "100.0%"]
    assert [number(x, "ja") for x in (12, 12.0, 12.25, 7.96)] == ["12", "12", "12.2", "8.0"]


def test_every_share_a_balance_study_quotes_prints_as_a_percentage_and_counts_as_numbers():
    """Each key of a balance study: a rate, or an end of a rate's interval, prints as a
    percentage of the stored fraction; a count of games as that count."""
    import json

    from rulebook.games import make_game
    from rulebook.studies.present import BALANCE_KEYS, quote_balance

    result = json.loads((ROOT / "figures" / "qttt" / "studies" / "random.json")
                        .read_text(encoding="utf-8"))["result"]
    game = make_game("qttt")
    shares = [k for k in BALANCE_KEYS if k.endswith(("_rate", "_low", "_high"))]
    counts = [k for k in BALANCE_KEYS if k in ("games", "first_wins", "second_wins", "draws",
                                                "swaps")]
    assert {"first_win_low", "first_win_high", "draw_rate"} <= set(shares)
    for key in shares:
        if key in result:
            assert quote_balance(game, result, key, "en", "ref") == percent(result[key], "en"), key
            assert quote_balance(game, result, key, "en", "ref").endswith("%"), key
    for key in counts:
        assert quote_balance(game, result, key, "en", "ref") == str(result[key]), key


def test_players_with_no_words_are_refused_saying_where_to_add_them():
    """A study of players the books have no words for (a new player type) cannot be
    quoted: the claim is refused, naming the type and the two places its words go."""
    import json

    from rulebook.games import make_game
    from rulebook.studies import StudyError
    from rulebook.studies.present import PLAYER_WORDS, quote_balance

    result = json.loads((ROOT / "figures" / "qttt" / "studies" / "random.json")
                        .read_text(encoding="utf-8"))["result"]
    assert quote_balance(make_game("qttt"), result, "player", "en", "ref")  # has words
    result["players"] = {**result["players"], "type": "oracle"}
    assert "oracle" not in PLAYER_WORDS
    with pytest.raises(StudyError) as error:
        quote_balance(make_game("qttt"), result, "player", "en", "qttt/random#player")
    assert str(error.value) == (
        "study claim 'qttt/random#player': no words for players of type 'oracle': add them "
        "to PLAYER_WORDS in rulebook/studies/present.py and to values.po")
