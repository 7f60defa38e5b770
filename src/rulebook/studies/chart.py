"""Charts of balance studies, drawn with the project's figure style.

:func:`balance_panels` draws two panels for a list of balance studies of one
game, each its own deterministic SVG (so they reflow on a phone, like the
panels of a record's figure):

- results: per study, a bar split into the first player's wins, draws and the
  second player's wins; a tick where the first player's part would end if both
  players had won as often (the middle of the games with a winner: one half
  when no game was drawn), and around the end of the first player's part the
  95 % interval of their share of the games with a winner, drawn to the same
  scale (:func:`rulebook.studies.present.decided_interval`): an interval clear of
  the tick is exactly what lets a page say a player is ahead;
- game lengths: per study, a box plot of the lengths (quartiles, 5th to 95th
  percentile whiskers, the mean as a dot), each mark in the legend.

Greyscale-safe: the three parts of a bar differ in lightness; draws are also outlined
and hatched (the hatching shows on the web; svglib, for the PDFs, leaves it out).
Words are in the page's language; the axes quote only the stored results.
"""

from __future__ import annotations

from matplotlib.legend_handler import HandlerLine2D
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from ..figure_style import (BLUE, GREY, INK, LIGHT, ORANGE, STYLE, _save, font, plt)
from .present import decided_interval

WORDS = {
    "en": {"results": "Results between equal players", "share": "share of games",
           "first": "first player ({name}) wins", "draw": "draws",
           "second": "second player ({name}) wins", "interval": "95 % interval",
           "even": "as many wins for each",
           "lengths": "Game length", "moves": "moves per game", "mean": "mean",
           "median": "median", "box": "middle half of the games",
           "whiskers": "5th to 95th percentile",
           "games": "{n} games", "games_one": "{n} game"},
    "ja": {"results": "同じ強さのプレイヤー同士の結果", "share": "対局に占める割合",
           "first": "先手（{name}）の勝ち", "draw": "引き分け",
           "second": "後手（{name}）の勝ち", "interval": "95%区間",
           "even": "両者の勝ち数が同じ",
           "lengths": "対局の長さ", "moves": "1局の手数", "mean": "平均",
           "median": "中央値", "box": "中央の半数の対局", "whiskers": "5〜95パーセンタイル",
           "games": "{n}局", "games_one": "{n}局"},
}


# Narrow enough that the smallest text (7.5 pt) is still 9 px on a phone, where
# a panel is about 360 px wide.
WIDTH = 4.0


def _quantile(lengths: list[list[int]], share: float) -> float:
    """The ``share`` quantile of a length distribution given as [length, count] pairs
    (the lower of the two middle values where it falls between)."""
    total = sum(count for _, count in lengths)
    target = share * (total - 1)
    seen = 0
    for length, count in lengths:
        seen += count
        if seen > target:
            return float(length)
    return float(lengths[-1][0])


def length_stats(result: dict, label: str) -> dict:
    lengths = result["lengths"]
    return {"label": label, "med": _quantile(lengths, 0.5), "q1": _quantile(lengths, 0.25),
            "q3": _quantile(lengths, 0.75), "whislo": _quantile(lengths, 0.05),
            "whishi": _quantile(lengths, 0.95), "mean": result["mean_length"], "fliers": []}


def interval_of_all_games(result: dict) -> tuple[float, float, float]:
    """The 95 % interval of the first player's share of the games with a winner,
    and the tick where both players would have won as often, in shares of all
    the games (as the bars are drawn): the interval clears the tick exactly when
    :func:`rulebook.studies.present.advantage` names a player."""
    found = decided_interval(result)
    if found is None:  # every game drawn: no interval, the tick at the start
        return 0.0, 0.0, 0.0
    decided, _, low, high = found
    scale = decided / result["games"]
    return low * scale, high * scale, scale / 2


def balance_panels(game, studies: list[tuple[dict, dict]], lang: str) -> list[bytes]:
    """``studies``: (label in both languages, stored result) pairs, drawn top to bottom."""
    words = WORDS[lang]
    labels = [label[lang] for label, _ in studies]
    results = [result for _, result in studies]
    height = 1.1 + 0.42 * len(studies)
    with plt.rc_context(STYLE):
        return [_results_panel(game, labels, results, words, lang, height),
                _lengths_panel(labels, results, words, height)]


def _style_axes(ax, labels: list[str], title: str, xlabel: str) -> None:
    ax.set_yticks(range(len(labels)), labels, fontproperties=font(8.5))
    ax.invert_yaxis()
    ax.set_title(title, fontproperties=font(10), color=INK, loc="left")
    ax.set_xlabel(xlabel, fontproperties=font(8.5), color=INK)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    for tick in ax.get_xticklabels():
        tick.set_fontproperties(font(8))


def _seat_label(game, seat: int, words: dict, lang: str) -> str:
    """"first player (Blue) wins"; just "first player wins" for a game whose
    players are called First and Second (Necto)."""
    key = ("first", "second")[seat]
    name = game.player_name(seat, lang)
    if name.lower() in {"first", "second", "先手", "後手"}:
        return words[key].replace("（{name}）", "").replace(" ({name})", "")
    return words[key].format(name=name)


def _panel(height: float):
    """A panel's figure and axes: room under the axes for three rows of legend and
    above them for the title (inches), the same in both panels, so that side by side
    their axes line up."""
    tall, legend, title = height + 0.5, 0.3, 0.1
    whole = tall + legend + title
    figure = plt.figure(figsize=(WIDTH, whole))
    return figure, figure.add_axes((0.37, (0.34 * tall + legend) / whole, 0.59, 0.56 * tall / whole))


def _results_panel(game, labels, results, words, lang, height) -> bytes:
    figure, ax = _panel(height)
    rows = range(len(results))
    first = [r["first_win_rate"] for r in results]
    draws = [r["draw_rate"] for r in results]
    second = [r["second_win_rate"] for r in results]
    first_label, second_label = (_seat_label(game, seat, words, lang) for seat in (0, 1))
    marks = [ax.barh(rows, first, color=BLUE, height=0.6, label=first_label)]
    if any(draws):  # a game that cannot be drawn has no draws in its legend
        marks.append(ax.barh(rows, draws, left=first, color=LIGHT, hatch="///", edgecolor=GREY,
                             linewidth=0.8, height=0.6, label=words["draw"]))
    marks.append(ax.barh(rows, second, left=[a + b for a, b in zip(first, draws)],
                         color=ORANGE, height=0.6, label=second_label))
    low, high, even = zip(*(interval_of_all_games(r) for r in results))
    below = [share - end for share, end in zip(first, low)]
    above = [end - share for share, end in zip(first, high)]
    marks.append(ax.errorbar(first, rows, xerr=[below, above], fmt="none", ecolor=INK,
                             elinewidth=1.2, capsize=3, label=words["interval"]))
    marks.append(ax.vlines(even, [row - 0.42 for row in rows], [row + 0.42 for row in rows],
                           color=INK, linewidth=1.0, linestyles=(0, (2, 1.5)), zorder=3,
                           label=words["even"]))
    ax.set_xlim(0, 1)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
    _style_axes(ax, [f"{label}\n{words['games_one' if r['games'] == 1 else 'games'].format(n=r['games'])}"
                     for label, r in zip(labels, results)], words["results"], words["share"])
    _legend_below(ax, marks, [mark.get_label() for mark in marks])
    return _save(figure)


def _legend_below(ax, *handles_and_labels, **options) -> None:
    """The panel's legend, in two columns under its axes."""
    ax.legend(*handles_and_labels, loc="upper center", bbox_to_anchor=(0.3, -0.32), ncol=2,
              frameon=False, prop=font(7.5), handlelength=1.4, columnspacing=1.0, **options)


def _lengths_panel(labels, results, words, height) -> bytes:
    figure, ax = _panel(height)
    stats = [length_stats(r, label) for label, r in zip(labels, results)]
    drawn = ax.bxp(stats, positions=range(len(stats)), orientation="horizontal",
                   showmeans=True, widths=0.5, patch_artist=True,
                   boxprops={"facecolor": "#C9DDEB", "edgecolor": INK},
                   medianprops={"color": INK, "linewidth": 1.5},
                   meanprops={"marker": "o", "markerfacecolor": INK, "markeredgecolor": INK,
                              "markersize": 3.5})
    ax.set_xlim(left=0)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    _style_axes(ax, labels, words["lengths"], words["moves"])
    # the marks, in the legend as drawn (a whisker with its caps, as a line ended by two)
    whisker = Line2D([], [], color=drawn["whiskers"][0].get_color(), marker="|", markersize=6,
                     linewidth=drawn["whiskers"][0].get_linewidth())
    _legend_below(ax, [drawn["boxes"][0], drawn["medians"][0], drawn["means"][0], whisker],
                  [words["box"], words["median"], words["mean"], words["whiskers"]],
                  handler_map={whisker: HandlerLine2D(numpoints=2)})
    return _save(figure)
