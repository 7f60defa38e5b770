"""The board's geometry and the lines traced through its tiles and frame.

Cells are numbered ``row * size + column``; column 0 is A on the left, row 0 is
1 at the bottom, so ``C3`` is column 2, row 2 (like a chess board).  A line end
is a (cell, side) pair.  Leaving a cell through a side enters the neighbour
through the opposite side; leaving the board enters the frame, which joins the
line ends on each edge of the board two at a time, in order: along the bottom
edge A–B, C–D, E–F, ...; along the left edge rows 1–2, 3–4, ...; the same on the
top and right edges (the size is even, so every end has a partner).

:func:`trace` follows one line from an end; :func:`trace_all` finds every line
of a board.  A line on a full board is always a closed loop; while cells are
empty a line may stop at them (an open line).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property

from .tiles import SIDES, Tile

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
SIDE_INDEX = {s: i for i, s in enumerate(SIDES)}


def cell_name(cell: int, size: int) -> str:
    return f"{chr(ord('A') + cell % size)}{cell // size + 1}"


@cache
def links(size: int) -> tuple[tuple[int, str, bool], ...]:
    """For each end ``cell * 4 + side index``: the end entered on leaving there.

    The value is (next cell, index of the side entered, whether the step went
    through the frame).
    """
    result = []
    for cell in range(size * size):
        column, row = cell % size, cell // size
        for side in SIDES:
            dx, dy = STEP[side]
            c, r = column + dx, row + dy
            if 0 <= c < size and 0 <= r < size:
                result.append((r * size + c, SIDE_INDEX[OPPOSITE[side]], False))
            elif side in "NS":  # frame on the top or bottom edge: partner column
                result.append((row * size + (column ^ 1), SIDE_INDEX[side], True))
            else:  # left or right edge: partner row
                result.append(((row ^ 1) * size + column, SIDE_INDEX[side], True))
    return tuple(result)


@dataclass(frozen=True)
class Line:
    """A line through the board.

    ``passes`` lists (cell, strand index, forward) in order, forward meaning
    along the strand's own direction (``tiles.Strand.ends[0]`` to ``[1]``).
    ``frame[i]`` is the end (cell, side) that pass ``i`` leaves through when that
    step goes through the frame, else None.  ``events`` lists every crossing the
    line meets in order, as (crossing id, over, dx, dy): the id is
    ``cell * 2 + index in the tile`` and (dx, dy) the line's direction there.
    ``closed`` lines are loops.
    """

    passes: tuple[tuple[int, int, bool], ...]
    frame: tuple[tuple[int, str] | None, ...]
    events: tuple[tuple[int, bool, float, float], ...]
    closed: bool

    @cached_property
    def key(self) -> frozenset:
        """The (cell, strand) pairs of the line: the same for any start or direction."""
        return frozenset((cell, strand) for cell, strand, _ in self.passes)

    @property
    def cells(self) -> list[int]:
        return sorted({cell for cell, _, _ in self.passes})

    @cached_property
    def diagram(self):
        """The loop alone as a knot diagram: its self-crossings in order.

        (code, signs): ``code`` lists (crossing id, over) along the loop, each
        self-crossing twice; crossings with other lines are left out (the loop
        is looked at on its own).  ``signs`` maps a crossing id to +1 or −1 (+1
        when the under strand runs from right to left seen along the over
        strand).
        """
        counts = Counter(event[0] for event in self.events)
        code, over_dir, under_dir = [], {}, {}
        for crossing, over, dx, dy in self.events:
            if counts[crossing] == 2:
                code.append((crossing, over))
                (over_dir if over else under_dir)[crossing] = (dx, dy)
        signs = {}
        for c, (ox, oy) in over_dir.items():
            ux, uy = under_dir[c]
            signs[c] = 1 if ox * uy - oy * ux > 0 else -1
        return tuple(code), signs

    @property
    def self_crossings(self) -> list[int]:
        """Ids of the crossings where the line crosses itself, each once."""
        return sorted(self.diagram[1])

    @property
    def crossed(self) -> set[int]:
        """Ids of the crossings with other lines."""
        counts = Counter(event[0] for event in self.events)
        return {c for c, n in counts.items() if n == 1}


def trace(size: int, tiles: tuple[Tile | None, ...], cell: int, side: str) -> Line:
    """The line through the end ``side`` of ``cell`` (which must hold a tile).

    An open line is returned from one of its ends to the other, so that the
    same line is found from any of its ends.
    """
    forward = _walk(size, tiles, cell, SIDE_INDEX[side])
    if forward.closed:
        return forward
    # open: walk from the start the other way too, and read the line end to end
    backward = _walk(size, tiles, cell, SIDE_INDEX[tiles[cell].exit(side)])
    back = _reversed(backward, tiles)
    first_events = len(tiles[cell].strands[forward.passes[0][1]].events)
    return Line(back.passes[:-1] + forward.passes, back.frame[:-1] + forward.frame,
                back.events[:len(back.events) - first_events] + forward.events, False)


def _reversed(line: Line, tiles) -> Line:
    """An open line read from its other end."""
    passes = tuple((cell, strand, not forward) for cell, strand, forward in reversed(line.passes))
    frame = [None] * len(passes)
    for i, step in enumerate(line.frame):
        # read backwards, pass i+1 leaves by the end it entered; a last step
        # into an empty cell has no pass before it when read backwards
        if step is not None and i + 1 < len(line.passes):
            cell, strand, forward = line.passes[i + 1]
            ends = tiles[cell].strands[strand].ends
            frame[len(passes) - 2 - i] = (cell, ends[0] if forward else ends[1])
    events = tuple((c, over, -dx, -dy) for c, over, dx, dy in reversed(line.events))
    return Line(passes, tuple(frame), events, False)


def _walk(size, tiles, cell, side) -> Line:
    """Follow the strand entering ``cell`` at side index ``side`` until back or stopped."""
    link = links(size)
    passes, frame, events = [], [], []
    start = (cell, side)
    while True:
        out, strand, forward, tile_events = tiles[cell].flow[side]
        passes.append((cell, strand, forward))
        base = cell * 2
        for k, over, dx, dy in tile_events:
            events.append((base + k, over, dx, dy))
        nxt, entered, through_frame = link[cell * 4 + out]
        frame.append((cell, SIDES[out]) if through_frame else None)
        if (nxt, entered) == start:
            return Line(tuple(passes), tuple(frame), tuple(events), True)
        if tiles[nxt] is None:
            return Line(tuple(passes), tuple(frame), tuple(events), False)
        cell, side = nxt, entered


def trace_all(size: int, tiles: tuple[Tile | None, ...]) -> list[Line]:
    """Every line of the board, each once, in a fixed order (by first cell)."""
    seen: set[tuple[int, int]] = set()
    lines = []
    for cell, tile in enumerate(tiles):
        if tile is None:
            continue
        for index, strand in enumerate(tile.strands):
            if (cell, index) in seen:
                continue
            line = trace(size, tiles, cell, strand.ends[0])
            seen.update(line.key)
            lines.append(line)
    return lines
