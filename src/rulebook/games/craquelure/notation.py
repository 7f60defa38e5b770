"""Craquelure move notation.

A cut is written ``(x,y) angle parts``, optionally preceded by the region's id::

    (0.25,-0.1) 30 B1 R3      cut the region holding (0.25, -0.1); rays at 30, 150
                              and 270 degrees; part 1 to Blue, part 3 to Red
    #4 (0,0.05) 90 R2         the same, naming region 4 (checked)
    swap                      the pie rule

Coordinates are decimals (no exponent); the angle is in degrees, counter-
clockwise from the positive x axis, at least 0 and under 360.  Part k lies
counter-clockwise between the ray at ``angle + 120*(k-1)`` and the next ray.
A part is named by its new owner's letter (B or R) and its number; parts not
named stay neutral (cutting a neutral region) or the opponent's.  Numbers keep
their written digits, so a move formats back exactly as written.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ...errors import NotationError
from ...game import is_number
from .moves import LETTERS, SWAP, Cut, Swap

# Digits exactly as Decimal prints them back: no "+", no "1." or ".5", no "01", and
# ASCII digits only (``\d`` and Decimal would read '٣' or '３' too).
_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")
_ANGLE = re.compile(r"(0|[1-9][0-9]*)(\.[0-9]+)?")
_SHAPE = "a cut like '(0.25,-0.1) 30 B1 R3' or 'swap'"


class _Reader:
    """Reads a move left to right, remembering the column for errors."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def fail(self, message: str, pos: int | None = None):
        raise NotationError(self.text, message, (self.pos if pos is None else pos) + 1)

    def skip_spaces(self) -> bool:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1
        return self.pos > start

    def expect(self, char: str, what: str):
        self.skip_spaces()
        if not self.text.startswith(char, self.pos):
            found = self.text[self.pos:self.pos + 1] or "the end"
            self.fail(f"expected {char!r} {what}, found {found!r}")
        self.pos += 1

    def word(self) -> tuple[str, int]:
        """The next run of characters up to a space, comma or bracket."""
        self.skip_spaces()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in " ,()":
            self.pos += 1
        return self.text[start:self.pos], start

    def number(self, what: str) -> Decimal:
        token, start = self.word()
        if not token:
            self.fail(f"expected the {what}", start)
        if not _NUMBER.fullmatch(token):
            self.fail(f"the {what} {token!r} is not a decimal number", start)
        return Decimal(token)


def parse_move(text: str):
    if text.strip().lower() == "swap":
        return SWAP
    reader = _Reader(text)
    region = None
    reader.skip_spaces()
    if reader.text.startswith("#", reader.pos):
        reader.pos += 1
        token, start = reader.word()
        if not is_number(token) or int(token) < 1:
            reader.fail(f"region id {token!r} is not a positive whole number", start)
        if token != str(int(token)):  # as written is as printed back: no leading zero
            reader.fail(f"region id {token!r} has a leading zero: write '#{int(token)}'", start)
        region = int(token)
    reader.skip_spaces()
    if not reader.text.startswith("(", reader.pos):
        reader.fail(f"expected {_SHAPE}")
    reader.pos += 1
    x = reader.number("x coordinate")
    reader.expect(",", "between the coordinates")
    y = reader.number("y coordinate")
    reader.expect(")", "after the point")
    angle_text, start = reader.word()
    if not angle_text:
        reader.fail("expected the angle of the first ray, in degrees (0 to under 360)", start)
    if not _ANGLE.fullmatch(angle_text):
        reader.fail(f"the angle {angle_text!r} is not a number of degrees (0 to under 360)", start)
    angle = Decimal(angle_text)
    if angle >= 360:
        reader.fail(f"the angle {angle_text} must be under 360 degrees", start)
    parts = []
    while True:
        token, start = reader.word()
        if not token:
            break
        parts.append(_part(reader, token, start, parts))
    if reader.pos < len(reader.text):  # a word stops at a comma or a bracket
        reader.fail(f"unexpected {reader.text[reader.pos:]!r}: a move ends with the parts, "
                    "e.g. 'B1 R2'")
    if not parts:
        reader.fail("name the part you take, e.g. 'B1' (and for a neutral region the "
                    "part you give, e.g. 'R2')")
    if len(parts) > 2:
        reader.fail("name at most two parts: yours and, cutting a neutral region, your "
                    "opponent's", start)
    return Cut(x, y, angle, tuple(parts), region)


def _part(reader: _Reader, token: str, start: int, earlier) -> tuple[str, int]:
    letter, number = token[:1], token[1:]
    if letter in ("N", "n"):
        reader.fail(f"{token!r}: parts left unnamed stay neutral; name only the parts "
                    "going to B (Blue) or R (Red)", start)
    if letter not in LETTERS or not is_number(number):
        reader.fail(f"{token!r} is not a part: write B or R and the part's number, e.g. 'B1'",
                    start)
    if number not in ("1", "2", "3"):
        reader.fail(f"{token!r} names no part: a cut makes parts 1, 2 and 3", start)
    if any(n == int(number) for _, n in earlier):
        reader.fail(f"{token!r}: part {number} is already given", start)
    if any(l == letter for l, _ in earlier):
        reader.fail(f"{token!r}: a player gets only one part of a cut", start)
    return letter, int(number)


def format_move(move) -> str:
    if isinstance(move, Swap):
        return "swap"
    region = f"#{move.region} " if move.region is not None else ""
    parts = " ".join(f"{letter}{number}" for letter, number in move.parts)
    return f"{region}({move.x},{move.y}) {move.angle} {parts}"
