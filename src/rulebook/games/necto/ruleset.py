"""Necto's rules as data, for the rules index and rule coverage (rulebook.rule_coverage).

Plays no part in a game: the engine is rules.py; this module only names its rules,
matches the engine's reasons to them and says when a move applied one.
"""

from __future__ import annotations

from ...rule_coverage import ALREADY_OVER, Rule
from .rules import NO_TILE_TO_REPLACE


def _placed(before, move, after) -> bool:
    return move.kind == "place"


def _replaced(before, move, after) -> bool:
    return move.kind == "replace"


def _scored(before, move, after) -> bool:
    return bool(after.scored)


def _one_scorer(before, move, after) -> bool:
    return any(len(scored.players) == 1 for scored in after.scored)


def _both_score(before, move, after) -> bool:
    return any(len(scored.players) == 2 for scored in after.scored)


def _kept_knot(before, move, after) -> bool:
    """A replacement left a named knot through the cell that did not score: a loop
    through the cell already had that type just before."""
    if move.kind != "replace":
        return False
    scored = {s.key for s in after.scored}
    before_types = {before.knot(line).name for line in before.lines_through(move.cell)}
    return any(line.closed and after.knot(line).named and line.key not in scored
               and after.knot(line).name in before_types
               for line in after.lines_through(move.cell))


RULES = (
    Rule("placing",
         {"en": "While the board has empty cells, each player in turn lays any of the eight "
                "tiles on an empty cell.",
          "ja": "盤に空いているマスがあるうちは、交互に、8種類のどのタイルでも空いているマスに置きます。"},
         refusals=("{} already holds {}: tiles are placed on empty cells",
                   "replacing starts once the board is full (cells still empty: {}; "
                   "write {} to place)"),
         applied=_placed),
    Rule("replacing",
         {"en": "Once the board is full, each player in turn replaces a tile with one of fewer "
                "crossings, which then belongs to them.",
          "ja": "盤が埋まったら、交互にタイルを1枚、交差がより少ないタイルに置き直します。新しいタイルは自分のものになります。"},
         refusals=("the board is full, so tiles are replaced now, not placed (write {} to replace)",
                   "a replacement must have fewer crossings: {} ({}) cannot replace {} ({})"),
         applied=_replaced),
    Rule("scoring",
         {"en": "A replacement scores every loop through the replaced cell that has become a "
                "named knot, by that knot's value.",
          "ja": "置き直したマスを通る輪が名前の付く結び目になると、その結び目の点数が入ります。"},
         applied=_scored),
    Rule("own-crossings",
         {"en": "A knot's points go to the player who laid more of that loop's own crossings.",
          "ja": "点数は、その輪自身の交差を多く置いた側に入ります。"},
         applied=_one_scorer),
    Rule("tie",
         {"en": "When both players laid as many of the loop's own crossings, both score.",
          "ja": "その輪自身の交差を両者が同じ数だけ置いていたら、両方に点数が入ります。"},
         applied=_both_score),
    Rule("kept-knot",
         {"en": "A knot does not score when a loop through the cell already had that type "
                "just before the replacement.",
          "ja": "置き直す直前にそのマスを通る輪がすでにその結び目だったなら、点数は入りません。"},
         applied=_kept_knot),
    Rule("end",
         {"en": "The game ends when every tile is a curve: the higher score wins, and equal "
                "scores draw.",
          "ja": "すべてのタイルが曲線になると終わりです。点数の多いほうが勝ち、同点なら引き分けです。"},
         refusals=(ALREADY_OVER,), outcomes=(NO_TILE_TO_REPLACE,)),
)
MALFORMED = ()
