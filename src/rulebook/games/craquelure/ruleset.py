"""Craquelure's rules as data, for the rules index and rule coverage (rulebook.rule_coverage).

Plays no part in a game: the engine is rules.py; this module only names its rules,
matches the engine's reasons to them and says when a move applied one.
"""

from __future__ import annotations

from ...rule_coverage import ALREADY_OVER, Rule
from .moves import NEUTRAL, Cut, Swap
from .rules import CONNECTION


def _cut(before, move, after) -> bool:
    return isinstance(move, Cut)


def _cut_owned_by(whose):
    """A cut of a region that was neutral (whose = "neutral") or the opponent's."""
    def applied(before, move, after) -> bool:
        if not isinstance(move, Cut):
            return False
        owner = before.regions[after.last.region].owner
        if whose == "neutral":
            return owner is NEUTRAL
        return owner is not NEUTRAL and owner != before.colour_to_move
    return applied


def _handed_over(before, move, after) -> bool:
    return isinstance(move, Cut) and bool(after.last.handed_over)


def _grid(before, move, after) -> bool:
    return isinstance(move, Cut) and before.game.options["grid"] != "none"


def _directions(before, move, after) -> bool:
    return isinstance(move, Cut) and before.game.options["directions"] != 0


def _swap(before, move, after) -> bool:
    return isinstance(move, Swap)


def _gift(before, move, after) -> bool:
    outcome = after.outcome()
    return outcome is not None and outcome.winner != before.turn


RULES = (
    Rule("cut",
         {"en": "A cut picks a point strictly inside a region and an angle: three rays, 120 "
                "degrees apart, run from the point to the region's edge and make three parts.",
          "ja": "分割では、領域の内側の1点と向きを選びます。その点から120°ずつ開いた3本の線を領域の端まで引き、領域を3つの片に分けます。"},
         refusals=("the cut point ({}, {}) is not inside the disk (radius 1)",
                   "the cut point ({}, {}) lies on a line; it must be strictly inside a region",
                   "the cut point ({}, {}) is in region {}, not region {}"),
         applied=_cut),
    Rule("vertex",
         {"en": "No ray may end on a vertex, where edges or goal arcs meet.",
          "ja": "線の先は、線どうしや目標の弧の境目が出会う点に当たってはいけません。"},
         refusals=("ray {} (at {} degrees) ends on {} at ({}, {}); rays must end on an edge "
                   "between vertices",)),
    Rule("whose",
         {"en": "You may cut a neutral region or your opponent's, never your own, and you name "
                "the part you take.",
          "ja": "分割できるのは中立の領域か相手の領域で、自分の領域は分割できません。自分が取る片を指定します。"},
         refusals=("region {} is {}'s own; you may cut only a neutral region or your opponent's",
                   "{} is to move and must name the part they take ({}1, {}2 or {}3)"),
         applied=_cut),
    Rule("neutral-cut",
         {"en": "Cutting a neutral region, you take one part, give one to your opponent, and "
                "the third stays neutral.",
          "ja": "中立の領域を分割したら、片を1つ自分が取り、1つを相手に渡します。残りの1つは中立のままです。"},
         refusals=("cutting neutral region {} gives one part to each player: name the part "
                   "for {} too",),
         applied=_cut_owned_by("neutral")),
    Rule("opponent-cut",
         {"en": "Cutting your opponent's region, you take one part and the other two stay "
                "theirs.",
          "ja": "相手の領域を分割したら、片を1つ自分が取り、残りの2つは相手のままです。"},
         refusals=("cutting {}'s region {}, name only your part; the other two stay {}'s",),
         applied=_cut_owned_by("opponent")),
    Rule("minimum-area",
         {"en": "Every part of a cut must reach the minimum area.",
          "ja": "分割でできる片は、どれも最小面積以上でなければなりません。"},
         refusals=("part {} would be {} of the disk, under the minimum area {}",)),
    Rule("settled",
         {"en": "At the end of your turn, every neutral region that can no longer be cut goes "
                "to your opponent.",
          "ja": "手番の終わりに、もう分割できない（確定した）中立の領域は、すべて相手のものになります。"},
         applied=_handed_over),
    Rule("grid",
         {"en": "With a grid (an option), the cut point must lie on the grid.",
          "ja": "グリッドを使う設定では、分割の起点はグリッドの点でなければなりません。"},
         refusals=("the cut point ({}, {}) is not on the {} grid (step {})",),
         applied=_grid),
    Rule("directions",
         {"en": "With a direction step (an option), the rays may point only in the allowed "
                "directions.",
          "ja": "向きの刻みを使う設定では、線は許された向きにしか引けません。"},
         refusals=("the angle {} is not one of the {} allowed directions ({} degrees and every "
                   "{} degrees from it)",),
         applied=_directions),
    Rule("pie",
         {"en": "Red may answer Blue's first cut by taking over Blue's colour (the pie rule), "
                "once.",
          "ja": "赤は青の最初の分割に応えて、1度だけ色を入れ替えることができます（パイルール）。"},
         refusals=("swap is allowed only once, as Red's reply to Blue's first move (pie rule)",
                   "swap is not allowed: this game is played without the pie rule"),
         applied=_swap),
    Rule("connection",
         {"en": "A group of one colour, joined by shared edges, that touches all three goal "
                "arcs wins.",
          "ja": "辺を共有してつながった同じ色の領域のまとまりが、3本の目標の弧すべてに接したら、その色の勝ちです。"},
         refusals=(ALREADY_OVER,), outcomes=(CONNECTION,)),
    Rule("opponent-connection",
         {"en": "A cut that completes the opponent's group makes the opponent win.",
          "ja": "自分の分割が相手のまとまりを完成させたら、相手の勝ちです。"},
         applied=_gift),
)
MALFORMED = ()
