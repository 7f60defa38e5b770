"""Fast random games on raw bitboards (benchmarks and computer play).

This is the speed path: the same rules as rules.py written as one tight loop
over ints and lists, without State objects.  tests/games/test_inphexion_playout.py
replays its games through the checked State engine and compares the outcome.

The random player picks a push uniformly among all (disc, empty neighbour)
pairs, then relocation cells uniformly; rules.InphexionState.random_move draws
from the same distribution.  A push is sampled by rejection: propose a random
disc and direction (or, late in the game, a random empty cell and direction)
until the pair is legal; every legal pair is equally likely either way.
"""

from __future__ import annotations

import random

from .board import geometry
from .rules import BLACK, CONNECTION, NO_DISCS, NO_LEGAL_MOVE, NO_ROOM, WHITE


def random_game(size: int = 7, discs: int = 0, neutral: bool = False,
                rng: random.Random | None = None):
    """Play one random game of the standard rules (no pie rule).

    Returns ``(moves, winner, reason)`` where each move is
    ``(target, push, relocations)`` with ``push`` None for the first move and
    ``relocations`` a tuple of (source, destination) pairs.
    """
    geo = geometry(size)
    rng = rng or random.Random(0)
    rand = rng.random
    discs = discs or (size * size + 1) // 2
    width, full = geo.width, geo.full
    mask, near = geo.mask, geo.neighbours
    # each cell's six directions, -1 off the board, so a direction is one random pick
    six = {c: near[c] + (-1,) * (6 - len(near[c])) for c in geo.cells}
    sides = geo.sides

    def joins(player, seed, own):
        one, other = sides[player]
        if not (own & one and own & other):
            return False
        grown = seed
        while True:
            bigger = (grown | grown << 1 | grown >> 1 | grown << width | grown >> width
                      | grown << (width - 1) | grown >> (width - 1)) & own
            if bigger == grown:
                return bool(grown & one and grown & other)
            grown = bigger

    board = [0, 0]
    cells = [[], []]  # each player's disc cells
    centre = geo.centre
    neutral_bb = 1 << centre if neutral else 0
    empties = [c for c in geo.cells if not neutral_bb >> c & 1]
    hand = [discs, discs]
    moves = []
    player = WHITE
    if not neutral:  # the first move: anywhere
        first = empties.pop(int(rand() * len(empties)))
        board[WHITE] |= 1 << first
        cells[WHITE].append(first)
        hand[WHITE] -= 1
        moves.append((first, None, ()))
        player = BLACK
    while True:
        opponent = 1 - player
        if hand[player] == 0:
            return moves, opponent, NO_DISCS
        mine, theirs = board[player], board[opponent]
        targets = cells[opponent]
        others = theirs | neutral_bb
        empty = full & ~(mine | others)
        # --- choose a push (target, cell) uniformly ---
        spread = (empty | empty << 1 | empty >> 1 | empty << width | empty >> width
                  | empty << (width - 1) | empty >> (width - 1))
        if not spread & others:  # also guarantees that the rejection loops end
            return moves, opponent, NO_LEGAL_MOVE
        count_targets = len(targets) + (1 if neutral_bb else 0)
        if len(empties) < count_targets:
            while True:
                pick = int(rand() * len(empties) * 6)
                target = six[empties[pick // 6]][pick % 6]
                if target >= 0 and others >> target & 1:
                    push = empties[pick // 6]
                    empties[pick // 6] = empties[-1]
                    empties.pop()
                    break
        else:
            while True:
                pick = int(rand() * count_targets * 6)
                index = pick // 6
                target = targets[index] if index < len(targets) else centre_of(neutral_bb)
                push = six[target][pick % 6]
                if push >= 0 and empty >> push & 1:
                    empties.remove(push)
                    break
        # --- apply it ---
        x, y = 1 << target, 1 << push
        mine |= x
        cells[player].append(target)
        theirs_gained = [] if neutral_bb & x else [y]  # bitboards of cells
        if neutral_bb & x:
            neutral_bb ^= x | y
        else:
            theirs ^= x | y
            targets[targets.index(target)] = push
        hand[player] -= 1
        others = theirs | neutral_bb
        owed = [c for c in near[target] if others >> c & 1 and mask[c] & mine == mask[c]]
        relocations = ()
        if owed:
            if len(empties) < len(owed):
                board[player], board[opponent] = mine, theirs
                moves.append((target, push, ()))
                return moves, opponent, NO_ROOM
            landing = rng.sample(empties, len(owed))
            relocations = tuple(zip(owed, sorted(landing)))
            for source, destination in relocations:
                shift = 1 << source | 1 << destination
                if neutral_bb >> source & 1:
                    neutral_bb ^= shift
                else:
                    theirs ^= shift
                    targets[targets.index(source)] = destination
                    theirs_gained.append(1 << destination)
                empties[empties.index(destination)] = source
        board[player], board[opponent] = mine, theirs
        moves.append((target, push, relocations))
        if joins(player, x, mine):
            return moves, player, CONNECTION
        # the opponent can only be joined now through a disc the move gave them
        if any(joins(opponent, seed, theirs) for seed in theirs_gained):
            return moves, opponent, CONNECTION
        player = opponent


def centre_of(bb: int) -> int:
    return bb.bit_length() - 1

