"""One exception family for everything a user's input can get wrong.

The CLI prints ``str(error)`` as a single line and exits with status 2, so every
message must name where the problem is (file, line, move number) and which rule
it breaks.  Tracebacks are shown only with ``--debug``.
"""

from __future__ import annotations

import re

from .record_format import quoted


def one_line(text: str) -> str:
    """``text`` with its line breaks written as \\n: an error is always one line,
    even when it quotes a key or a value that holds a newline."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """A count and its noun, as English says it: "1 record", "3 records", "0 claims"
    (``plural`` where adding an s will not do: "2 studies")."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def toml_error(error: Exception, text: str) -> tuple[int, str]:
    """The line a ``tomllib.TOMLDecodeError`` names (the last one for "at end of
    document") and its message without the position."""
    found = re.search(r"at line (\d+)", str(error))
    line = int(found.group(1)) if found else len(text.splitlines())
    return line, re.sub(r"\s*\(at [^)]*\)", "", str(error))


def array_table_lines(lines: list[str], name: str) -> list[int]:
    """The lines (from 1) of each ``[[name]]`` header (``name`` dotted, as
    ``figure.panels``), however TOML lets it be written: indented, blanks inside the
    brackets and around the dots, each part quoted or bare, a comment after it."""
    parts = r"\s*\.\s*".join(rf"""(?:{re.escape(part)}|"{re.escape(part)}"|'{re.escape(part)}')"""
                              for part in name.split("."))
    header = re.compile(rf"\s*\[\[\s*{parts}\s*\]\]\s*(?:#.*)?")
    return [number for number, line in enumerate(lines, start=1) if header.fullmatch(line)]


class RulebookError(Exception):
    """Base class of every error caused by input (records, options, pages)."""


class OptionError(RulebookError, ValueError):
    """An unknown game, an unknown option or an option value out of range."""


class ArgumentError(OptionError):
    """A fact's argument that no position can satisfy (not a cell of the board, not a
    side): unlike an argument wrong only here (an empty cell), it is wrong everywhere,
    so ``rulebook find`` refuses it at once instead of searching."""


class NotationError(RulebookError, ValueError):
    """A move or position text that cannot be parsed in the game's notation.

    ``column`` is the 1-based position in ``text`` where parsing failed, if known.
    ``text`` None: what is wrong is the whole position, not one piece of its text
    (too few rows, a count of stones), and the message says so alone.
    """

    def __init__(self, text: str | None, message: str, column: int | None = None):
        self.text = text
        self.message = message
        self.column = column
        where = f" at column {column}" if column else ""
        super().__init__(message if text is None else f"cannot read {text!r}{where}: {message}")


class IllegalMoveError(RulebookError, ValueError):
    """A well-formed move that the rules forbid in this position.

    ``rule`` says which rule, in words a player would recognise.
    """

    def __init__(self, move: str, rule: str):
        self.move = move
        self.rule = rule
        super().__init__(f"illegal move {move!r}: {rule}")


class RecordError(RulebookError):
    """A problem in an example record, located by file and line."""

    def __init__(self, path, line: int | None, message: str):
        self.path = str(path)
        self.line = line
        self.message = one_line(message)
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {self.message}")


class ClaimError(RulebookError):
    """A claim in a record that the engine finds false."""

    def __init__(self, path, line: int | None, claim: str, expected, actual):
        self.path = str(path)
        self.line = line
        self.claim = claim
        self.expected = expected
        self.actual = actual
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(
            f"{where}: claim {claim} is false: expected {quoted(expected)}, "
            f"engine says {quoted(actual)}"
        )
