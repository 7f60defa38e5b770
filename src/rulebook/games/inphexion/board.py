"""The geometry of an n×n Hex rhombus, as bitboards (Python ints).

Cells are named and neighbour each other as the hex kit's
(:mod:`rulebook.kits.hexgrid`): a column letter (a, b, …) and a row number
(1, 2, …); in diagrams row 1 is at the top and each lower row is shifted half
a cell to the right.

Cell (c, r) is bit ``r * (n + 1) + c``: every row has one spare bit on the
right that is never set, so shifting a bitboard by ±1, ±(n+1) or ±n moves each
disc one step in a hex direction without wrapping round into the next row.

White owns the top and bottom edges (rows 1 and n); Black owns the left and
right edges (columns a and n-th letter).
"""

from __future__ import annotations

from functools import lru_cache

from ...kits.hexgrid import cell_name, neighbours


class Geometry:
    """Cell names, neighbour masks and side masks of one board size."""

    def __init__(self, size: int):
        self.size = size
        width = size + 1
        self.width = width
        self.cells = [r * width + c for r in range(size) for c in range(size)]
        self.full = sum(1 << i for i in self.cells)
        self.bit = tuple(1 << i for i in range(size * width))  # each cell's bitboard
        self.names = {i: cell_name(i % width, i // width) for i in self.cells}
        self.by_name = {name: i for i, name in self.names.items()}
        # neighbour lists and masks, per cell index
        self.neighbours: dict[int, tuple[int, ...]] = {}
        self.mask: dict[int, int] = {}
        for i in self.cells:
            near = [rr * width + cc for cc, rr in neighbours((i % width, i // width), size)]
            self.neighbours[i] = tuple(sorted(near))
            self.mask[i] = sum(1 << j for j in near)
        top = sum(1 << c for c in range(size))
        bottom = top << ((size - 1) * width)
        left = sum(1 << (r * width) for r in range(size))
        right = left << (size - 1)
        # sides[player] = (one side, the opposite side); player 0 is White
        self.sides = ((top, bottom), (left, right))
        self.centre = (size // 2) * width + size // 2

    def column_row(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def spread(self, bb: int) -> int:
        """The cells of ``bb`` and every cell next to one of them."""
        # Each cell with its neighbour on the left (c-1, r), and on the right (c+1, r);
        # one row down the first pair gives (c, r+1) and (c-1, r+1), one row up the
        # second gives (c, r-1) and (c+1, r-1): the six neighbours in four shifts.
        w = self.width
        left, right = bb | bb >> 1, bb | bb << 1
        return (left | right | left << w | right >> w) & self.full

    def adjacent_pairs(self, a: int, b: int) -> int:
        """How many pairs (a cell of ``a``, a cell of ``b`` next to it) there are.

        Cell i + d is next to cell i for d = ±1, ±(n+1), ±n, unless it is a spare
        bit (never set in a board) or off the board (shifted out).
        """
        w, v = self.width, self.width - 1
        return ((a & b >> 1).bit_count() + (a & b << 1).bit_count() + (a & b >> w).bit_count()
                + (a & b << w).bit_count() + (a & b >> v).bit_count() + (a & b << v).bit_count())

    def next_to_one(self, bb: int) -> int:
        """The cells with exactly one neighbour in ``bb``."""
        w, full = self.width, self.full
        once = twice = 0
        for moved in (bb << 1, bb >> 1, bb << w, bb >> w, bb << (w - 1), bb >> (w - 1)):
            moved &= full
            twice |= once & moved
            once |= moved
        return once & ~twice

    def component(self, seed: int, within: int) -> int:
        """The cells of ``within`` connected to ``seed`` (a bitboard inside ``within``)."""
        w = self.width
        grown = seed
        while True:  # spread(grown), inlined: this loop is most of a move's connection check
            left, right = grown | grown >> 1, grown | grown << 1
            bigger = (left | right | left << w | right >> w) & within
            if bigger == grown:
                return grown
            grown = bigger

    def connects(self, player: int, seed: int, discs: int) -> bool:
        """Whether the discs joined to ``seed`` touch both of the player's sides."""
        one, other = self.sides[player]
        if not (discs & one and discs & other):
            return False
        group = self.component(seed, discs)
        return bool(group & one and group & other)

    def connected(self, player: int, discs: int) -> bool:
        """Whether ``discs`` join the player's two sides."""
        one, other = self.sides[player]
        return bool(discs & other and self.component(discs & one, discs) & other)

    def transpose(self, bb: int) -> int:
        """Reflect across the a1 diagonal: (c, r) -> (r, c); swaps the two players' sides."""
        out = 0
        for i in bits(bb):
            c, r = self.column_row(i)
            out |= 1 << (c * self.width + r)
        return out


def bits(bb: int):
    """The cell indices set in a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def bit_list(bb: int) -> list[int]:
    """The cell indices set in a bitboard as a list, lowest first: ``list(bits(bb))``,
    read off the binary digits (twice as fast for a board's worth of cells)."""
    return [i for i, digit in enumerate(bin(bb)[:1:-1]) if digit == "1"]


@lru_cache(maxsize=None)
def geometry(size: int) -> Geometry:
    return Geometry(size)
