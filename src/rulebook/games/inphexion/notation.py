"""Move and position notation.

Moves (one string each, tokens separated by spaces):

* ``d4`` — the first move: a disc on the empty cell d4.
* ``d4>d5`` — push the enemy disc on d4 to the adjacent empty cell d5 and
  place your disc on d4.
* ``d4>d5 c3>a1 f2>g7`` — the same, then relocate the surrounded discs: the
  disc on c3 to a1 and the disc on f2 to g7 (any pairing; discs are identical).
* ``swap`` — the pie rule (Black's first move, when the option is on).

Positions (``start`` of a record): see ``POSITION_FORMAT`` and
``POSITION_EXAMPLE`` below, which the authoring guide prints and a test parses.
"""

from __future__ import annotations

import re

from ...errors import NotationError
from ...kits import hexgrid
from .board import Geometry
from .moves import BLACK, SWAP, WHITE, Move, pair_relocations


def parse_cell(geo: Geometry, text: str, token: str, column: int) -> int:
    c, r = hexgrid.parse_cell(token, geo.size, text, column)
    return r * geo.width + c


def parse_move(geo: Geometry, text: str) -> Move:
    tokens = [(m.group(), m.start() + 1) for m in re.finditer(r"\S+", text)]
    if not tokens:
        raise NotationError(text, "empty move (expected e.g. 'd4>d5' or 'd4')")
    if hexgrid.parse_swap(text):
        return SWAP
    first, column = tokens[0]
    if ">" not in first:
        if len(tokens) > 1:
            raise NotationError(text, "a first move is one cell, with no push and no "
                                      "relocation", tokens[1][1])
        return Move(parse_cell(geo, text, first, column))
    target, push = _pair(geo, text, first, column)
    sources, destinations = [], []
    for token, column in tokens[1:]:
        source, destination = _pair(geo, text, token, column)
        if source in sources:
            raise NotationError(text, f"the disc on {geo.names[source]} is relocated twice",
                                column)
        if destination in destinations:
            raise NotationError(text, f"{geo.names[destination]} receives two relocated discs",
                                column)
        sources.append(source)
        destinations.append(destination)
    return Move(target, push, pair_relocations(sources, destinations))


def _pair(geo: Geometry, text: str, token: str, column: int) -> tuple[int, int]:
    """Read 'from>to'."""
    parts = token.split(">")
    if len(parts) != 2 or not all(parts):
        raise NotationError(text, f"{token!r} should be two cells joined by '>' "
                                  "(like d4>d5)", column)
    origin = parse_cell(geo, text, parts[0], column)
    return origin, parse_cell(geo, text, parts[1], column + len(parts[0]) + 1)


def format_move(geo: Geometry, move: Move) -> str:
    if move.swap:
        return hexgrid.SWAP
    name = geo.names
    if move.push is None:
        return name[move.target]
    words = [f"{name[move.target]}>{name[move.push]}"]
    words += [f"{name[s]}>{name[d]}" for s, d in move.relocations]
    return " ".join(words)


# --- positions ---------------------------------------------------------------
POSITION_FORMAT = (
    "One line per row of the board, from row 1 at the top, one symbol per cell: ``.`` "
    "empty, ``W`` White, ``B`` Black, ``N`` the neutral disc (variant). Row numbers, a "
    "line of column letters and indentation are optional. A ``turn:`` line names the "
    "player to move (by default White when an even number of discs is on the board, "
    "else Black).")
POSITION_EXAMPLE = """\
turn: Black
    a b c d e f g
 1  . . . . . B .
 2   . W . . . W B
 3    . . . W W B .
 4     . . W B W . .
 5      . B W . . . .
 6       B . . W . . .
 7        . . . . W . .
"""
def format_position(state) -> str:
    """A position (an InphexionState) in the position format."""
    lines = []
    if state.outcome() is None:
        lines.append(f"turn: {state.game.player_name(state.to_move)}")
    return "\n".join(lines + hexgrid.rows_text(state.grid()))


# "turn: Black", in any case, with or without blanks around the colon
TURN_LINE = re.compile(r"turn(?![a-z0-9])\s*:?(.*)$", re.IGNORECASE)


def parse_position(game, text: str) -> tuple:
    """Read a position for ``game``: (discs, neutral, turn, number, hand, pie_open), what
    the rules make their state of; a NotationError says what is wrong."""
    geo = game.geometry
    turn = None

    def turn_line(line: str, words: list[str]) -> bool:
        nonlocal turn
        named = TURN_LINE.match(line.strip())
        if not named:
            return False
        value = named.group(1).strip()
        try:
            turn = game.player_index(value)
        except Exception:
            raise NotationError(line, f"'turn:' must name White or Black, not {value!r}")
        return True

    rows = hexgrid.read_rows(text, geo.size, ".WBN", ". empty, W White, B Black, N neutral",
                             turn_line)
    discs, neutral = [0, 0], 0
    for r, row in enumerate(rows):
        for c, symbol in enumerate(row):
            bit = 1 << (r * geo.width + c)
            if symbol == "W":
                discs[WHITE] |= bit
            elif symbol == "B":
                discs[BLACK] |= bit
            elif symbol == "N":
                neutral |= bit
    wanted = 1 if game.options["neutral"] else 0
    if neutral.bit_count() != wanted:
        rule = ("the variant has exactly one neutral disc (N)" if wanted
                else "N (the neutral disc) belongs to the variant (option neutral = true)")
        raise NotationError(None, rule)
    counts = [discs[WHITE].bit_count(), discs[BLACK].bit_count()]
    hand = tuple(game.discs - count for count in counts)
    for player in (WHITE, BLACK):
        if hand[player] < 0:
            raise NotationError(None, f"{game.player_name(player)} has {counts[player]} "
                                      f"discs on the board but only {game.discs} in all")
    number = sum(counts)
    if turn is None:
        turn = number % 2
    pie_open = bool(game.options["pie"]) and number == 1 and counts[WHITE] == 1 and turn == BLACK
    for player in (WHITE, BLACK):  # whose win would a finished start position be?
        if geo.connected(player, discs[player]):
            raise NotationError(None, f"{game.player_name(player)}'s sides are already "
                                      "joined; a start position must be unfinished")
    return tuple(discs), neutral, turn, number, hand, pie_open

