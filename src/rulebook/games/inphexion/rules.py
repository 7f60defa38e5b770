"""inpHeXion positions, moves and the end of the game.

A move places one of your discs on a cell that holds an enemy disc (or the
neutral disc of the variant) after pushing that disc to an adjacent empty
cell.  Enemy discs left standing alone and wholly surrounded by your discs
(and the board's edges) *by this move* are then relocated to empty cells.
The very first move of the standard game places a disc on any empty cell.

Decisions where the designer's pages are silent (see the rulebook's
clarifications, each shown by a record in figures/inphexion/):

* Only discs surrounded as a result of the move are relocated: a lone disc
  that was already surrounded before the move (its owner's own move, or a
  relocation, left it there) stays where it is.
* A disc pushed into a pocket of the mover's discs is surrounded by the move
  and is relocated like any other.
* The move ends with its relocations: if there are fewer empty cells than
  discs to relocate, the mover loses, even if the placement joined the
  mover's sides.  Then the move is written without relocations.
* Relocated discs may go to any empty cell, even one enclosed by the mover's
  discs (they stay there) or one that completes the opponent's connection
  (the opponent then wins).
* The neutral disc is "not yours" for both players: it can be displaced by
  either, it blocks a surround like an enemy disc, and a lone neutral disc
  surrounded by the move is relocated by the mover.
* The discs are identical, so a move that relocates several discs is
  determined by the set of cells that receive them; records may pair sources
  and destinations in any order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

from ...game import Game, Outcome, Parameter, State
from . import notation
from .board import Geometry, bit_list, bits, geometry
from .moves import BLACK, SWAP, WHITE, Move, pair_relocations

# Outcome reasons
CONNECTION = "connection"
NO_LEGAL_MOVE = "no legal move"
NO_DISCS = "no discs in hand"
NO_ROOM = "no empty cell for a relocation"


@lru_cache(maxsize=None)
def placement(target: int, push: int | None = None) -> Move:
    """The move without relocations that places on ``target`` (after pushing to ``push``),
    made once: moves are immutable values, so positions share them."""
    return Move(target, push)


class InphexionState(State):
    """An immutable position: bitboards of both players' discs and the neutral disc."""

    __slots__ = ("game", "geo", "discs", "neutral", "to_move", "number", "hand",
                 "last", "pie_open", "_result", "_empty", "_targets", "_owed")

    def __init__(self, game, geo: Geometry, discs: tuple[int, int], neutral: int,
                 to_move: int, number: int, hand: tuple[int, int],
                 last: Move | None = None, pie_open: bool = False,
                 result: Outcome | None = None):
        self.game = game
        self.geo = geo
        self.discs = discs
        self.neutral = neutral
        self.to_move = to_move
        self.number = number
        self.hand = hand
        self.last = last
        self.pie_open = pie_open
        # worked out once, as every move asks for them
        self._empty = empty = geo.full ^ (discs[0] | discs[1] | neutral)  # discs are on it
        # the discs the player to move may push: not theirs, next to an empty cell
        self._targets = targets = (discs[1 - to_move] | neutral) & geo.spread(empty)
        self._owed = None  # the last owed_relocations: (target, push, cells)
        # a move needs a disc in hand and a disc to push, unless it is the first or a swap
        if result is None and not (hand[to_move] and (targets or pie_open or empty == geo.full)):
            result = Outcome(1 - to_move, NO_DISCS if hand[to_move] == 0 else NO_LEGAL_MOVE)
        self._result = result

    # --- reading the position ------------------------------------------------
    @property
    def occupied(self) -> int:
        return self.discs[0] | self.discs[1] | self.neutral

    @property
    def empty(self) -> int:
        return self._empty

    def is_first_move(self) -> bool:
        """The first move of the standard game: no disc to displace yet."""
        return self._empty == self.geo.full

    def owner(self, cell: int) -> int | None | str:
        """WHITE, BLACK, "neutral" or None (empty)."""
        bit = 1 << cell
        if self.discs[WHITE] & bit:
            return WHITE
        if self.discs[BLACK] & bit:
            return BLACK
        if self.neutral & bit:
            return "neutral"
        return None

    @property
    def turn(self) -> int | None:
        return None if self.outcome() else self.to_move

    @property
    def move_number(self) -> int:
        return self.number

    def outcome(self) -> Outcome | None:
        return self._result

    def is_over(self) -> bool:
        return self._result is not None

    # --- moves ---------------------------------------------------------------
    def _pushes(self):
        """Each legal push: (target, push, the discs it surrounds), targets in order and
        each target's pushes in order."""
        empty, mask = self._empty, self.geo.mask
        for target in bits(self._targets):
            for push in bits(mask[target] & empty):
                yield target, push, self.owed_relocations(target, push)

    def _legal_moves(self):
        if self.hand[self.to_move] == 0:
            return
        if self.is_first_move():
            for cell in bits(self._empty):
                yield placement(cell)
            return
        free = self._empty.bit_count() - 1  # empty cells once the pushed disc lands
        for target, push, owed in self._pushes():
            if not owed or free < len(owed):
                yield placement(target, push)
                continue
            cells = [c for c in bits(self._empty) if c != push]
            for chosen in combinations(cells, len(owed)):
                yield Move(target, push, tuple(zip(owed, chosen)))
        if self.pie_open:
            yield SWAP

    def count_legal_moves(self) -> int:
        """How many legal moves there are, counted without listing them: a push that
        surrounds k discs with n free cells is C(n, k) moves."""
        if self.is_over() or self.hand[self.to_move] == 0:
            return 0
        if self.is_first_move():
            return self._empty.bit_count()
        # nothing owed: C(n, 0) = 1 move; more owed than free cells: C(n, k) = 0, but the
        # push is still one (losing) move
        geo, empty, targets = self.geo, self._empty, self._targets
        free = empty.bit_count() - 1
        count = geo.adjacent_pairs(targets, empty)  # one move per push, and then:
        # A push surrounds a disc only where the target is the one neighbour not held by
        # the mover of that disc's cell (or of the empty cell the pushed disc lands on),
        # so only pushes from targets next to such a cell may owe relocations.
        not_mover = geo.full & ~self.discs[self.to_move]
        for target in bits(targets & geo.spread(not_mover & geo.next_to_one(not_mover))):
            for push in bits(geo.mask[target] & empty):
                count += max(1, comb(free, len(self.owed_relocations(target, push)))) - 1
        return count + int(self.pie_open)

    def random_move(self, rng) -> Move:
        """A push chosen uniformly among the legal pushes (and 'swap' when open), then
        relocation cells chosen uniformly: the random player of playout.py.

        The push is ``rng.choice`` of the pushes listed as ``_pushes`` lists them, then
        the swap; it is drawn by its index (``rng.randrange`` draws as ``rng.choice``
        does) without making the list.  Once the game is over there is none.
        """
        if self._result is not None:
            raise ValueError("the game is over")
        empty, geo, targets = self._empty, self.geo, self._targets
        if not targets and self.is_first_move():  # nothing to push: tested only then
            return placement(rng.choice(geo.cells))  # every cell, lowest first
        mask, bit = geo.mask, geo.bit
        count = geo.adjacent_pairs(targets, empty)  # the pushes
        choices = count + self.pie_open
        # rng.randrange(choices), drawn as random.Random draws it, without its two calls
        getrandbits, length = rng.getrandbits, choices.bit_length()
        index = getrandbits(length)
        while index >= choices:
            index = getrandbits(length)
        if index == count:
            return SWAP  # listed after the pushes
        # The index-th push, counted from the last one: the targets highest first (a bit
        # length finds the highest cell without making a new int), and each target's
        # pushes highest first.
        index = count - 1 - index
        while True:
            target = targets.bit_length() - 1
            cells = mask[target] & empty
            pushes = cells.bit_count()
            if index < pushes:
                break
            index -= pushes
            targets ^= bit[target]
        for _ in range(index):
            cells ^= bit[cells.bit_length() - 1]
        push = cells.bit_length() - 1
        owed = self.owed_relocations(target, push)
        if not owed or empty.bit_count() - 1 < len(owed):
            return placement(target, push)
        free = bit_list(empty ^ bit[push])  # the empty cells once the pushed disc lands
        return Move(target, push, pair_relocations(owed, rng.sample(free, len(owed))))

    def steps(self, move: Move) -> dict[str, tuple[tuple[int, int], int]]:
        """The board part-way through a move, for diagrams: ``{"push": ..., "place": ...}``
        each as ((white, black), neutral): after the enemy disc is pushed aside, and
        after the mover's disc is placed (before any relocation)."""
        if move.swap or move.push is None:
            return {}
        p, x, y = self.to_move, 1 << move.target, 1 << move.push
        discs, neutral = list(self.discs), self.neutral
        if neutral & x:
            neutral ^= x | y
        else:
            discs[1 - p] ^= x | y
        pushed = (tuple(discs), neutral)
        discs[p] |= x
        return {"push": pushed, "place": (tuple(discs), neutral)}

    def owed_relocations(self, target: int, push: int) -> list[int]:
        """The discs a push from ``target`` to ``push`` would have to relocate: the lone
        discs, not the mover's, wholly surrounded by the mover's discs after the move.

        Only neighbours of the target can become surrounded (the pushed disc's new cell
        is one of them): before the move each of them touched the disc on the target,
        which was not the mover's, and every other cell's surroundings only gained a
        non-mover disc.  The last answer is kept: choosing a move, checking it and
        playing it ask the same.
        """
        kept = self._owed  # read once: another thread may replace it
        if kept is not None and kept[0] == target and kept[1] == push:
            return kept[2]
        p, discs, geo = self.to_move, self.discs, self.geo
        mask, bit = geo.mask, geo.bit
        mover = discs[p] | bit[target]
        # the non-mover discs next to the target after the move: the pushed one is too
        candidates = ((discs[1 - p] | self.neutral) ^ bit[push]) & mask[target]
        owed = []
        while candidates:  # highest first, then sorted
            cell = candidates.bit_length() - 1
            if mask[cell] & mover == mask[cell]:
                owed.append(cell)
            candidates ^= bit[cell]
        if owed:
            owed.reverse()
        self._owed = (target, push, owed)
        return owed

    def _shape_problem(self, move) -> str | None:
        """Why ``move`` is not a well-formed move on this board (built in Python, not parsed)."""
        if not isinstance(move, Move) or type(move.swap) is not bool:
            return f"not a move of this game: {move!r}"
        if move.swap:
            ok = move.target == -1 and move.push is None and move.relocations == ()
            return None if ok else "a swap places, pushes and relocates nothing"
        names = self.geo.names
        target, push, pairs = move.target, move.push, move.relocations
        if not (type(target) is int and target in names
                and (push is None or type(push) is int and push in names)):
            return f"not a move on this board: {move!r}"
        if type(pairs) is tuple and not pairs:  # most moves relocate nothing
            return None
        if not (isinstance(pairs, tuple)
                and all(isinstance(p, tuple) and len(p) == 2
                        and all(type(c) is int and c in names for c in p) for p in pairs)):
            return f"not a move on this board: {move!r}"
        sources = [s for s, _ in pairs]
        destinations = [d for _, d in pairs]
        if len(set(sources)) < len(sources) or len(set(destinations)) < len(destinations):
            return "surround rule: each surrounded disc is relocated once, each to its own cell"
        return None

    def play(self, move: Move) -> "InphexionState":
        """State.play, checked in a few bit tests for the commonest move.

        A push that relocates nothing is legal exactly when the game goes on, the
        target is a disc the mover may push (``_targets``: not theirs, next to an
        empty cell), the push goes to an empty neighbour, and it surrounds no disc.
        (A game that goes on has a disc in hand, and the first move of the standard
        game has no targets.)  Every other move, and every move failing a test here,
        takes the full check of ``State.play``, which names the rule it breaks.
        """
        if self._result is None and type(move) is Move:
            target, push = move.target, move.push
            if (type(target) is int and type(push) is int and target >= 0 and push >= 0
                    and move.swap is False and type(move.relocations) is tuple
                    and not move.relocations and self._targets >> target & 1
                    and (self.geo.mask[target] & self._empty) >> push & 1
                    and not self.owed_relocations(target, push)):
                return self._placed(move, target, push, (), False)
        return super().play(move)

    def _illegal_reason(self, move: Move) -> str | None:
        if (problem := self._shape_problem(move)) is not None:
            return problem
        name = self.geo.names.__getitem__  # for the messages
        if move.swap:
            if not self.pie_open:
                return ("pie rule: only Black's first move may be 'swap', "
                        "and only in a game with the pie rule")
            return None
        if self.hand[self.to_move] == 0:
            return "you have no discs left in hand"
        target, first = move.target, self.is_first_move()
        if move.push is None:
            if not first:
                return ("placement rule: after the first move, every move pushes an enemy "
                        f"disc aside; write it as '{name(target)}>CELL'")
            return None
        if first:
            return ("first move: the first disc goes on any empty cell, with nothing to push; "
                    f"write it as '{name(target)}'")
        if not (self.discs[1 - self.to_move] | self.neutral) >> target & 1:
            player = self.game.player_name(self.to_move)
            if self.owner(target) is None:
                return (f"placement rule: {name(target)} is empty; {player} places only on "
                        "a cell holding an enemy disc, after pushing that disc aside")
            return f"placement rule: {name(target)} holds {player}'s own disc, not an enemy disc"
        push = move.push
        if not self.geo.mask[target] >> push & 1:
            return (f"placement rule: the disc on {name(target)} can only be pushed to an "
                    f"adjacent cell, and {name(push)} is not next to it")
        if not self._empty >> push & 1:
            return (f"placement rule: the disc on {name(target)} can only be pushed to an "
                    f"empty cell, and {name(push)} holds a disc")
        return self._relocation_reason(move)

    def _relocation_reason(self, move: Move) -> str | None:
        owed = self.owed_relocations(move.target, move.push)
        if not owed and not move.relocations:
            return None
        name = self.geo.names.__getitem__
        sources = [s for s, _ in move.relocations]
        free = self.empty & ~(1 << move.push)
        if not move.relocations and len(owed) > free.bit_count():
            return None  # legal, and lost: no room for the surrounded discs
        for source in sources:
            if source not in owed:
                return (f"surround rule: {name(source)} holds no lone disc surrounded by this "
                        "move, so nothing is relocated from there")
        missing = [c for c in owed if c not in sources]
        if missing:
            cells = " ".join(f"{name(c)}>CELL" for c in missing)
            lone = " and ".join(f"the lone {self._kind(c)} disc on {name(c)}" for c in missing)
            return (f"surround rule: this move surrounds {lone}, which must be moved to "
                    f"an empty cell: add '{cells}'")
        for _, destination in move.relocations:
            if destination in owed:
                return (f"surround rule: {name(destination)} is where a surrounded disc starts; "
                        "none of the starting cells may receive a relocated disc (no swaps)")
            if not free >> destination & 1:
                return (f"surround rule: a relocated disc goes to an empty cell, and "
                        f"{name(destination)} is not empty after the placement")
        return None

    def _kind(self, cell: int) -> str:
        owner = self.owner(cell)
        return owner if owner == "neutral" else self.game.player_name(owner)

    def _apply(self, move: Move) -> "InphexionState":
        geo = self.geo
        if move.swap:
            discs = (geo.transpose(self.discs[BLACK]), geo.transpose(self.discs[WHITE]))
            return InphexionState(self.game, geo, discs, geo.transpose(self.neutral), WHITE,
                                  self.number + 1, (self.hand[BLACK], self.hand[WHITE]), move)
        target, push, relocations = move.target, move.push, move.relocations
        # legal without relocations only when there is no room for the surrounded discs
        lost = (push is not None and not relocations
                and bool(self.owed_relocations(target, push)))
        return self._placed(move, target, push, relocations, lost)

    def _placed(self, move: Move, target: int, push: int | None, relocations, lost: bool):
        """The position after the legal ``move``: the mover's disc placed on ``target``
        after the disc there was pushed to ``push`` (None on the first move: nothing is
        pushed), the surrounded discs relocated, or ``lost`` (no room for them)."""
        geo, p = self.geo, self.to_move
        q, bit = 1 - p, geo.bit
        x = bit[target]
        mine, theirs, neutral = self.discs[p] | x, self.discs[q], self.neutral
        if push is not None:
            shift = x | bit[push]
            if neutral & x:
                neutral ^= shift
            else:
                theirs ^= shift
        for source, destination in relocations:
            shift = bit[source] | bit[destination]
            if neutral >> source & 1:
                neutral ^= shift
            else:
                theirs ^= shift
        # No position that is still being played has a player's sides joined (a start
        # position may not either), so a new connection runs through a cell the move gave
        # its player: the placement, or the opponent's pushed or relocated discs.
        if lost:
            result = Outcome(q, NO_ROOM)
        elif geo.connects(p, x, mine):
            result = Outcome(p, CONNECTION)
        elif push is not None and theirs & bit[push] and geo.connects(q, bit[push], theirs):
            result = Outcome(q, CONNECTION)
        else:
            result = None
            for _, cell in relocations:
                if theirs & bit[cell] and geo.connects(q, bit[cell], theirs):
                    result = Outcome(q, CONNECTION)
                    break
        white, black = self.hand
        if p == WHITE:
            discs, hand = (mine, theirs), (white - 1, black)
        else:
            discs, hand = (theirs, mine), (white, black - 1)
        pie_open = self.number == 0 and self.game.options["pie"]
        return InphexionState(self.game, geo, discs, neutral, q, self.number + 1, hand, move,
                              pie_open, result)

    # --- notation and display -----------------------------------------------
    def parse_move(self, text: str) -> Move:
        return notation.parse_move(self.geo, text)

    def format_move(self, move: Move) -> str:
        return notation.format_move(self.geo, move)

    def grid(self) -> list[list[str]]:
        """Rows top to bottom of 'W', 'B', 'N' or '.'."""
        symbol = {WHITE: "W", BLACK: "B", "neutral": "N", None: "."}
        n, w = self.geo.size, self.geo.width
        return [[symbol[self.owner(r * w + c)] for c in range(n)] for r in range(n)]

    def to_json(self) -> dict:
        outcome = self.outcome()
        return {
            "size": self.geo.size,
            "rows": ["".join(row) for row in self.grid()],
            "turn": None if outcome else self.game.player_name(self.to_move),
            "move_number": self.number,
            "in_hand": {self.game.player_name(i): self.hand[i] for i in (WHITE, BLACK)},
            "last_move": None if self.last is None else self.format_move(self.last),
            "winner": None if outcome is None else self.game.player_name(outcome.winner),
            "reason": None if outcome is None else outcome.reason,
        }

    def __str__(self) -> str:
        return notation.format_position(self)

    def __repr__(self) -> str:
        return f"<inphexion move {self.number}: {self.to_json()['rows']}>"


class Inphexion(Game):
    slug = "inphexion"
    names = {"en": "inpHeXion", "ja": "inpHeXion"}
    players = ({"en": "White", "ja": "白"}, {"en": "Black", "ja": "黒"})
    parameters = (
        Parameter("size", 7, "Board size: an n×n Hex rhombus (official: 7).",
                  minimum=2, maximum=26),
        Parameter("discs", 0, "Discs per player; 0 means (n²+1)/2, 25 on 7×7.", minimum=0),
        Parameter("pie", False, "Pie rule: Black's first move may be 'swap'."),
        Parameter("neutral", False, "The variant with the neutral double disc on the centre."),
    )
    reasons = (CONNECTION, NO_LEGAL_MOVE, NO_DISCS, NO_ROOM)

    def __init__(self, **options):
        super().__init__(**options)
        self.geometry = geometry(self.options["size"])
        self.discs = self.options["discs"] or (self.options["size"] ** 2 + 1) // 2

    def initial_state(self) -> InphexionState:
        neutral = 1 << self.geometry.centre if self.options["neutral"] else 0
        return InphexionState(self, self.geometry, (0, 0), neutral, WHITE, 0,
                              (self.discs, self.discs))

    def parse_position(self, text: str) -> InphexionState:
        discs, neutral, turn, number, hand, pie_open = notation.parse_position(self, text)
        return InphexionState(self, self.geometry, discs, neutral, turn, number, hand,
                              pie_open=pie_open)


def perft(state: InphexionState, depth: int) -> int:
    """How many complete move sequences of ``depth`` moves start here (finished games stop)."""
    if depth == 0:
        return 1
    if state.is_over():
        return 0
    if depth == 1:
        return state.count_legal_moves()
    return sum(perft(state._apply(move), depth - 1) for move in state._legal_moves())
