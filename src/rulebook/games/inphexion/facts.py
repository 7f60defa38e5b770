"""What claims can ask about an inpHeXion position.

Cells are listed sorted by column, then row (a1, a2, …, b1, …).
"""

from __future__ import annotations

from ...errors import IllegalMoveError, NotationError
from ...game import COMMON_FACTS, FactSet, players_or
from .board import bits
from .notation import parse_cell
from .rules import BLACK, WHITE, Move

FACTS = FactSet(COMMON_FACTS)


def _cell(state, text) -> int:
    return parse_cell(state.geo, str(text), str(text).strip().lower(), 1)


def _names(state, cells) -> list[str]:
    geo = state.geo
    return [geo.names[c] for c in sorted(cells, key=geo.column_row)]


def _owner_name(state, cell: int) -> str:
    owner = state.owner(cell)
    if owner is None:
        return "empty"
    return owner if owner == "neutral" else state.game.player_name(owner)


def _group_bits(state, cell: int) -> int:
    owner = state.owner(cell)
    if owner is None:
        return 0
    same = state.neutral if owner == "neutral" else state.discs[owner]
    return state.geo.component(1 << cell, same)


@FACTS.fact("cell", "What is on a cell: 'White', 'Black', 'neutral' or 'empty'.", args=("cell",))
def cell(state, cell) -> str:
    return _owner_name(state, _cell(state, cell))


@FACTS.fact("discs_on_board", "How many discs each player has on the board, e.g. "
                              "{White = 3, Black = 2}.")
def discs_on_board(state) -> dict[str, int]:
    return {state.game.player_name(p): state.discs[p].bit_count() for p in (WHITE, BLACK)}


@FACTS.fact("in_hand", "How many discs each player still has in hand.")
def in_hand(state) -> dict[str, int]:
    return {state.game.player_name(p): state.hand[p] for p in (WHITE, BLACK)}


@FACTS.fact("hand", "How many discs a player still has in hand.", args=("player",))
def hand(state, player) -> int:
    return state.hand[state.game.player_index(str(player))]


@FACTS.fact("neutral", "The cell of the neutral disc (variant), or 'none'.")
def neutral(state) -> str:
    return "none" if not state.neutral else _names(state, bits(state.neutral))[0]


@FACTS.fact("cell_count", "How many cells the board has.")
def cell_count(state) -> int:
    return len(state.geo.cells)


@FACTS.fact("empty_count", "How many cells are empty.")
def empty_count(state) -> int:
    return state.empty.bit_count()


@FACTS.fact("last_move", "The move that led to this position, in notation, or 'none'.")
def last_move(state) -> str:
    return "none" if state.last is None else state.format_move(state.last)


@FACTS.fact("mover", "Who made the move that led here ('none' at the start).",
            values=players_or("none"))
def mover(state) -> str:
    return "none" if state.last is None else state.game.player_name(1 - state.to_move)


@FACTS.fact("placed", "The cell where the move that led here placed a disc ('none' for a swap "
                      "or at the start).")
def placed(state) -> str:
    last = state.last
    return "none" if last is None or last.swap else state.geo.names[last.target]


@FACTS.fact("pushed_to", "The cell the disc pushed aside by the move that led here went to "
                         "('none' for a first move, a swap, or at the start).")
def pushed_to(state) -> str:
    last = state.last
    return "none" if last is None or last.push is None else state.geo.names[last.push]


@FACTS.fact("relocated_from", "The cells the discs relocated by the move that led here left.")
def relocated_from(state) -> list[str]:
    return [] if state.last is None else _names(state, [s for s, _ in state.last.relocations])


@FACTS.fact("relocated_to", "The empty cells that received the discs relocated by the move "
                            "that led here.")
def relocated_to(state) -> list[str]:
    return [] if state.last is None else _names(state, [d for _, d in state.last.relocations])


@FACTS.fact("relocated", "The relocations of the move that led here, e.g. ['c3>a1'].")
def relocated(state) -> list[str]:
    if state.last is None:
        return []
    name = state.geo.names
    return [f"{name[s]}>{name[d]}" for s, d in state.last.relocations]


@FACTS.fact("relocated_count", "How many discs the move that led here relocated (0 at the start).")
def relocated_count(state) -> int:
    return 0 if state.last is None else len(state.last.relocations)


@FACTS.fact("owed", "The lone discs a push such as 'd4>d5' would surround here, so that the "
                    "mover must relocate them.", args=("push",))
def owed(state, push) -> list[str]:
    move = state.parse_move(str(push))
    if move.push is None or move.relocations:
        raise NotationError(str(push), "owed takes a push alone, like 'd4>d5'")
    reason = state._illegal_reason(Move(move.target, move.push))
    if reason and not reason.startswith("surround rule"):
        raise IllegalMoveError(str(push), reason)
    return _names(state, state.owed_relocations(move.target, move.push))


@FACTS.fact("group", "The cells of the group of like discs holding a cell (empty: []).",
            args=("cell",))
def group(state, cell) -> list[str]:
    return _names(state, bits(_group_bits(state, _cell(state, cell))))


@FACTS.fact("enclosed", "Whether the group holding a cell touches only the other side's discs "
                        "and the board's edges (no empty cell, no disc of another kind).",
            args=("cell",))
def enclosed(state, cell) -> bool:
    found = _group_bits(state, _cell(state, cell))
    if not found:
        return False
    owner = state.owner(_cell(state, cell))
    border = state.geo.spread(found) & ~found
    if owner == "neutral":
        return any(border & ~state.discs[p] == 0 for p in (WHITE, BLACK))
    return border & ~state.discs[1 - owner] == 0


@FACTS.fact("chain", "A shortest chain of a player's discs joining the player's two sides "
                     "([] if there is none).", args=("player",))
def chain(state, player) -> list[str]:
    index = state.game.player_index(str(player))
    return _names(state, shortest_chain(state, index))


def shortest_chain(state, player: int) -> list[int]:
    """Breadth-first search from one side to the other through the player's discs."""
    geo = state.geo
    discs = state.discs[player]
    start, goal = geo.sides[player]
    parent = {c: None for c in bits(discs & start)}
    frontier = list(parent)
    while frontier:
        following = []
        for c in frontier:
            if goal >> c & 1:
                path = []
                while c is not None:
                    path.append(c)
                    c = parent[c]
                return path
            for d in geo.neighbours[c]:
                if discs >> d & 1 and d not in parent:
                    parent[d] = c
                    following.append(d)
        frontier = following
    return []


@FACTS.fact("owed_count", "How many lone discs a push such as 'd4>d5' would surround here.",
            args=("push",))
def owed_count(state, push) -> int:
    return len(owed(state, push))


@FACTS.fact("group_size", "How many discs are in the group holding a cell.", args=("cell",))
def group_size(state, cell) -> int:
    return len(group(state, cell))


@FACTS.fact("chain_length", "How many discs a shortest joining chain of a player has "
                            "(0 if the player's sides are not joined).", args=("player",))
def chain_length(state, player) -> int:
    return len(chain(state, player))
