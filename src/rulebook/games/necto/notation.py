"""Necto notation: moves and positions, read with precise errors.

Moves::

    C3=x1     place tile x1 on the empty cell C3 (placing stage)
    C3>c1     replace the tile on C3 with c1 (replacing stage)

A cell is a column letter (A on the left) and a row number (1 at the bottom).
Letters are read in either case; tile codes are c1 c2 x1 x2 t1 t2 t3 t4.

Positions (a record's ``start``, and what ``str(state)`` prints): see
``POSITION_FORMAT`` and ``POSITION_EXAMPLE`` below, which the authoring guide
prints and a test parses.
"""

from __future__ import annotations

import dataclasses
import re

from ...errors import NotationError
from ...game import is_number
from .board import cell_name
from .tiles import CODES

OWNER_LETTERS = "FS"

POSITION_FORMAT = (
    "One line per row of the board, top row first; the row number and ``|`` before "
    "a row and the line of column letters are optional. A cell is ``.`` (empty) or a "
    "tile code followed by its owner, ``F`` (First) or ``S`` (Second). A ``turn:`` line "
    "names the player to move (by default whoever moves next when the players have "
    "alternated from an empty board), and a ``scores:`` line gives both scores (by "
    "default 0 0).")
POSITION_EXAMPLE = """\
6 | c1F x2S t1F c2S .   .
5 | x1S t3F x1F t2S .   .
4 | c2F .   t4S x2F .   .
3 | t1S c1F x1S c2F .   .
2 | .   .   .   .   .   .
1 | .   .   .   .   .   .
    A   B   C   D   E   F
turn: First
"""
_CELL = re.compile(r"([A-Za-z])([1-9][0-9]*)$")  # ASCII digits, no leading zero


@dataclasses.dataclass(frozen=True)
class Move:
    kind: str  # "place" or "replace"
    cell: int  # row * size + column
    code: str


def parse_cell(text: str, size: int, whole: str, column: int) -> int:
    match = _CELL.match(text)
    last = chr(ord("A") + size - 1)
    if not match:
        raise NotationError(whole, f"{text!r} is not a cell: a column letter A–{last} "
                                   f"and a row number 1–{size}, like C3", column)
    col = ord(match.group(1).upper()) - ord("A")
    row = int(match.group(2)) - 1
    if not (0 <= col < size and 0 <= row < size):
        raise NotationError(whole, f"cell {text.upper()} is off the {size}×{size} board "
                                   f"(columns A–{last}, rows 1–{size})", column)
    return row * size + col


def parse_code(text: str, whole: str, column: int) -> str:
    code = text.lower()
    if code not in CODES:
        raise NotationError(whole, f"{text!r} is not a tile code (codes: {' '.join(CODES)})", column)
    return code


def parse_move(text: str, size: int) -> Move:
    stripped = text.strip()
    offset = len(text) - len(text.lstrip()) + 1
    if not stripped:
        raise NotationError(text, "empty move: write C3=x1 to place a tile or C3>c1 to replace one")
    match = re.fullmatch(r"\s*([^=>\s]*)\s*([=>])\s*(\S*)\s*", text)
    if not match:
        raise NotationError(text, "a move is CELL=TILE (place, e.g. C3=x1) "
                                  "or CELL>TILE (replace, e.g. C3>c1)", offset)
    cell = parse_cell(match.group(1), size, text, match.start(1) + 1)
    code = parse_code(match.group(3), text, match.start(3) + 1)
    return Move("place" if match.group(2) == "=" else "replace", cell, code)


def format_move(move: Move, size: int) -> str:
    return f"{cell_name(move.cell, size)}{'=' if move.kind == 'place' else '>'}{move.code}"


def parse_position(text: str, game):
    """A NectoState from the position format (see the module docstring)."""
    size = game.options["size"]
    rows, turn, scores = [], None, (0, 0)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        where = f"line {number} of the position"
        key = re.match(r"(turn|scores)\s*:\s*(.*)$", line, re.IGNORECASE)
        if key:
            name, value = key.group(1).lower(), key.group(2).strip()
            if name == "turn":
                try:
                    turn = game.player_index(value)
                except ValueError:
                    raise NotationError(raw, f"{where}: turn must be First or Second, not {value!r}") from None
            else:
                parts = value.split()
                if len(parts) != 2 or not all(is_number(p) for p in parts):
                    raise NotationError(raw, f"{where}: scores are two whole numbers, like 'scores: 0 3'")
                scores = (int(parts[0]), int(parts[1]))
            continue
        start = raw.index("|") + 1 if "|" in raw else 0
        found = [(m.group(), start + m.start() + 1) for m in re.finditer(r"\S+", raw[start:])]
        tokens = [token for token, _ in found]
        if all(re.fullmatch(r"[A-Za-z]", t) for t in tokens) and not any(t == "." for t in tokens):
            continue  # the column letters
        if len(tokens) != size:
            raise NotationError(raw, f"{where}: a row has {size} cells on the {size}×{size} board, "
                                     f"this one has {len(tokens)}")
        cells = []
        for token, column in found:
            if token == ".":
                cells.append((None, None))
                continue
            if len(token) < 3 or token[-1].upper() not in OWNER_LETTERS:
                raise NotationError(raw, f"{where}: {token!r} is not a cell: write '.' for empty "
                                         "or a tile code and its owner F or S, like x1F", column)
            try:
                code = parse_code(token[:-1], raw, column)
            except NotationError as error:
                raise NotationError(raw, f"{where}: {error.message}", column) from None
            cells.append((code, OWNER_LETTERS.index(token[-1].upper())))
        rows.append(cells)
    if len(rows) != size:
        raise NotationError(None, f"the {size}×{size} board has {size} rows, the position "
                                  f"{len(rows)} (set the option size to play on another board)")
    codes, owners = [], []
    for row in reversed(rows):  # the text lists the top row first
        for code, owner in row:
            codes.append(code)
            owners.append(owner)
    if turn is None:
        turn = sum(code is not None for code in codes) % 2
    start = game.initial_state()
    return dataclasses.replace(start, codes=tuple(codes), owners=tuple(owners),
                               to_move=turn, scores=scores)


def format_position(state) -> str:
    size = state.size
    width = len(str(size))
    lines = []
    for row in range(size - 1, -1, -1):
        cells = []
        for col in range(size):
            code = state.codes[row * size + col]
            owner = state.owners[row * size + col]
            cells.append(".  " if code is None else f"{code}{OWNER_LETTERS[owner]}")
        lines.append(f"{row + 1:>{width}} | " + " ".join(cells).rstrip())
    lines.append(" " * (width + 3) + "   ".join(chr(ord("A") + c) for c in range(size)))
    turn = state.to_move
    lines.append(f"turn: {state.game.player_name(turn)}")
    lines.append(f"scores: {state.scores[0]} {state.scores[1]}")
    return "\n".join(lines)
