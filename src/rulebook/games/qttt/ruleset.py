"""Quantum Tic-Tac-Toe's rules as data, for the rules index and rule coverage
(rulebook.rule_coverage).

Plays no part in a game: the engine is rules.py; this module only names its rules,
matches the engine's reasons to them and says when a move applied one.
"""

from __future__ import annotations

from ...rule_coverage import ALREADY_OVER, Rule
from .moves import Classical, Collapse, Spooky
from .rules import FULL_BOARD, LINE, SIMULTANEOUS_LINES


def _kind(kind):
    return lambda before, move, after: isinstance(move, kind)


RULES = (
    Rule("spooky",
         {"en": "Each move puts two spooky marks of the same number in two different cells "
                "that hold no classical mark.",
          "ja": "毎手、同じ番号のスプーキーマークを、クラシカルマークのない別々の2つのマスに書きます。"},
         refusals=("the two spooky marks must go in two different cells",
                   "spooky marks cannot go in a cell that holds a classical mark"),
         applied=_kind(Spooky)),
    Rule("collapse",
         {"en": "A mark that closes a cycle collapses: the other player chooses which of its "
                "two cells it takes, and every mark tied to it follows.",
          "ja": "輪を閉じたマークは収縮します。輪を閉じなかった側が、そのマークの2つのマスのどちらに入るかを選び、つながったマークもすべてそれに従います。"},
         refusals=("mark {} closed a cycle: {} must first choose where it collapses",
                   "mark {} can only collapse into one of its own two cells",
                   "there is no cycle to collapse"),
         applied=_kind(Collapse)),
    Rule("last-cell",
         {"en": "When a single cell is left, X's last move is a plain classical mark there.",
          "ja": "マスが1つだけ残ったら、Xの最後の手はそのマスへの普通のマークです。"},
         refusals=("with one cell left, X's 9th move is a plain mark on that cell",
                   "a plain (classical) mark is only played on the last empty cell"),
         applied=_kind(Classical)),
    Rule("line",
         {"en": "Three classical marks of one player in a row, column or diagonal win.",
          "ja": "自分のクラシカルマークが縦・横・斜めに3つ並んだら、ラインができて勝ちです。"},
         refusals=(ALREADY_OVER,), outcomes=(LINE,)),
    Rule("simultaneous-lines",
         {"en": "When one collapse completes lines for both players, the player whose line's "
                "highest mark is lower wins.",
          "ja": "1回の収縮で両者のラインができたら、ラインの最大の番号が小さいほうの勝ちです。"},
         outcomes=(SIMULTANEOUS_LINES,)),
    Rule("full-board",
         {"en": "A full board without a line is a draw.",
          "ja": "ラインができないまま盤が埋まったら、引き分けです。"},
         outcomes=(FULL_BOARD,)),
)
# Only a move object built in Python, never one written in the notation, gets these.
MALFORMED = ("not a move of this game: {}",)
