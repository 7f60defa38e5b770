"""inpHeXion's rules as data, for the rules index and rule coverage (rulebook.rule_coverage).

Plays no part in a game: the engine is rules.py; this module only names its rules,
matches the engine's reasons to them and says when a move applied one.
"""

from __future__ import annotations

from ...rule_coverage import ALREADY_OVER, Rule
from .rules import CONNECTION, NO_DISCS, NO_LEGAL_MOVE, NO_ROOM


def _first(before, move, after) -> bool:
    return not move.swap and move.push is None


def _push(before, move, after) -> bool:
    return move.push is not None


def _relocated(before, move, after) -> bool:
    return bool(move.relocations)


def _lone_surrounded(state, mover: int) -> set[int]:
    """The cells of discs not the mover's whose every neighbour holds one of the mover's discs."""
    geo, mine = state.geo, state.discs[mover]
    others = state.discs[1 - mover] | state.neutral
    return {cell for cell in geo.cells
            if others >> cell & 1 and geo.mask[cell] & mine == geo.mask[cell]}


def _left_standing(before, move, after) -> bool:
    """A lone disc that was already surrounded before the move stays where it is."""
    if move.swap or move.push is None:
        return False
    mover = before.to_move
    return bool(_lone_surrounded(before, mover) & _lone_surrounded(after, mover))


def _into_enclosure(before, move, after) -> bool:
    """A relocated disc went to a cell where the mover's discs surround it."""
    return bool({d for _, d in move.relocations} & _lone_surrounded(after, before.to_move))


def _gift(before, move, after) -> bool:
    outcome = after.outcome()
    return (outcome is not None and outcome.reason == CONNECTION
            and outcome.winner != before.to_move)


def _swap(before, move, after) -> bool:
    return move.swap


def _neutral(before, move, after) -> bool:
    if move.swap or before.neutral == 0:
        return False
    touched = {move.target} | {s for s, _ in move.relocations}
    return any(before.neutral >> cell & 1 for cell in touched)


RULES = (
    Rule("first-move",
         {"en": "The first disc goes on any empty cell, with nothing to push.",
          "ja": "最初の駒は、どの空きマスにも置けます。どける駒はありません。"},
         refusals=("first move: the first disc goes on any empty cell, with nothing to push; "
                   "write it as '{}'",),
         applied=_first),
    Rule("push",
         {"en": "Every later move pushes an enemy disc to an empty cell next to it and puts "
                "your disc where it stood.",
          "ja": "2手目からは、相手の駒を隣の空きマスにどけて、その駒があったマスに自分の駒を置きます。"},
         refusals=("placement rule: after the first move, every move pushes an enemy disc aside; "
                   "write it as '{}>CELL'",
                   "placement rule: {} is empty; {} places only on a cell holding an enemy disc, "
                   "after pushing that disc aside",
                   "placement rule: {} holds {}'s own disc, not an enemy disc",
                   "placement rule: the disc on {} can only be pushed to an adjacent cell, and "
                   "{} is not next to it",
                   "placement rule: the disc on {} can only be pushed to an empty cell, and {} "
                   "holds a disc"),
         applied=_push),
    Rule("surround",
         {"en": "An enemy disc that your move leaves alone and wholly surrounded by your discs "
                "and the board's edges is moved to an empty cell of your choice.",
          "ja": "自分の手で、ひとりきりで自分の駒と盤の端に囲まれた相手の駒は、自分が選んだ空きマスに移動させます。"},
         refusals=("surround rule: this move surrounds {}, which must be moved to an empty cell: "
                   "add '{}'",
                   "surround rule: a relocated disc goes to an empty cell, and {} is not empty "
                   "after the placement",
                   "surround rule: each surrounded disc is relocated once, each to its own cell"),
         applied=_relocated),
    Rule("only-this-move",
         {"en": "Only discs surrounded by this move are moved; a disc that was already "
                "surrounded stays where it is.",
          "ja": "移動させるのはこの手で囲まれた駒だけです。すでに囲まれていた駒はそのまま残ります。"},
         refusals=("surround rule: {} holds no lone disc surrounded by this move, so nothing is "
                   "relocated from there",),
         applied=_left_standing),
    Rule("anywhere",
         {"en": "A moved disc may go to any empty cell, even one your discs enclose, where it "
                "stays.",
          "ja": "移動させる駒は、自分の駒に囲まれたマスを含め、どの空きマスに置いてもかまいません。駒はそこに残ります。"},
         applied=_into_enclosure),
    Rule("no-trade",
         {"en": "No moved disc may go to a cell another surrounded disc leaves: discs do not "
                "trade places.",
          "ja": "囲まれた駒が離れるマスには、移動させる駒を置けません。駒どうしの入れ替えはできません。"},
         refusals=("surround rule: {} is where a surrounded disc starts; none of the starting "
                   "cells may receive a relocated disc (no swaps)",)),
    Rule("no-room",
         {"en": "If there are fewer empty cells than discs to move, the player who moved loses.",
          "ja": "移動させる駒より空きマスが少なければ、その手を指した側の負けです。"},
         outcomes=(NO_ROOM,)),
    Rule("connection",
         {"en": "A chain of your discs joining your two sides of the board wins.",
          "ja": "自分の駒のつながりで自分の2辺を結んだら勝ちです。"},
         refusals=(ALREADY_OVER,), outcomes=(CONNECTION,)),
    Rule("gift",
         {"en": "A move that joins the opponent's sides, by a pushed or a moved disc, makes "
                "the opponent win.",
          "ja": "どけた駒や移動させた駒が相手の2辺を結んでしまったら、相手の勝ちです。"},
         applied=_gift),
    Rule("stuck",
         {"en": "A player with no disc in hand, or no enemy disc to push, loses.",
          "ja": "持ち駒がないか、どけられる相手の駒がないプレイヤーの負けです。"},
         refusals=("you have no discs left in hand",), outcomes=(NO_LEGAL_MOVE, NO_DISCS)),
    Rule("pie",
         {"en": "With the pie rule (an option), Black may answer White's first move by taking "
                "it over: the board is mirrored and the colours trade.",
          "ja": "パイルールを使う設定では、黒は白の最初の手に応えて入れ替えができます。盤は鏡に映したように写され、色が入れ替わります。"},
         refusals=("pie rule: only Black's first move may be 'swap', and only in a game with the "
                   "pie rule",),
         applied=_swap),
    Rule("neutral",
         {"en": "In the neutral-disc variant, either player may push the neutral disc, and a "
                "lone neutral disc surrounded by a move is moved like an enemy disc.",
          "ja": "中立駒を使う派生ルールでは、どちらのプレイヤーも中立駒をどけられます。手によってひとりきりで囲まれた中立駒は、相手の駒と同じように移動させます。"},
         applied=_neutral),
)
# Only a move object built in Python, never one written in the notation, gets these.
MALFORMED = ("not a move of this game: {}", "not a move on this board: {}",
             "a swap places, pushes and relocates nothing")
