"""A drawing that fails, as one line: the record, the panel, the drawing's file and line.

A game's drawing module (``games/<game>/drawing.py``) that raises is code an
author wrote, and the author needs from it what a record error gives: where.
Both places that draw a record's panels go through :func:`drawing_reported`:
the books' figures (``figure_style._draw_panel``, matplotlib) and the check of
the browser's drawing (:mod:`rulebook.verify`, :mod:`rulebook.scene`).  The
error becomes a :class:`~rulebook.errors.RecordError`::

    figures/qttt/cycle.toml:9: panel 2: src/rulebook/games/qttt/drawing.py:88: TypeError: ...

naming the innermost frame of the traceback inside ``games/`` (the drawing
module, or the engine code it called).  With ``RULEBOOK_DEBUG`` set (``rulebook
--debug`` sets it) the exception goes on as it was, traceback and all.
Standard library only: the browser's drawing is checked without matplotlib.
"""

from __future__ import annotations

import os
import traceback
from contextlib import contextmanager
from pathlib import Path

from .errors import RecordError, RulebookError

PACKAGE = Path(__file__).resolve().parent
GAMES = PACKAGE / "games"
DEBUG = "RULEBOOK_DEBUG"  # set: drawing errors keep their tracebacks


def shown(path: str | Path) -> str:
    """A file of the package as a reader finds it: ``src/rulebook/...`` in a
    source checkout (relative to the project the package lives in), else
    ``rulebook/...`` (relative to where the package is installed)."""
    base = PACKAGE.parent.parent if PACKAGE.parent.name == "src" else PACKAGE.parent
    try:
        return Path(path).resolve().relative_to(base).as_posix()
    except ValueError:
        return str(path)


def where_in_games(error: BaseException, module=None) -> str | None:
    """``file:line`` of the innermost traceback frame inside ``games/``, or of the
    line a SyntaxError names; else the drawing module's file, if known."""
    if isinstance(error, SyntaxError) and error.filename:
        return f"{shown(error.filename)}:{error.lineno}"
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename).resolve()
        if path.is_relative_to(GAMES):
            return f"{shown(path)}:{frame.lineno}"
    path = getattr(module, "__file__", None)
    return shown(path) if path else None


def describe(error: BaseException, module=None) -> str:
    """The error in one line: where in the game's code, and what (an author's
    error, such as a view option the position has no room for or a name outside
    the browser's vocabulary, by its message alone)."""
    where = where_in_games(error, module)
    what = str(error) if isinstance(error, RulebookError) else f"{type(error).__name__}: {error}"
    return f"{where}: {what}" if where else what


def drawing_error(error: BaseException, record, panel, module=None) -> RecordError:
    """``error``, raised drawing ``panel`` of ``record``, as a record error.  The
    language is not named: the same error in both is the same line, said once."""
    number = next(k for k, p in enumerate(record.panels, start=1) if p is panel)
    return RecordError(record.path, panel.line, f"panel {number}: {describe(error, module)}")


def debugging() -> bool:
    return bool(os.environ.get(DEBUG))


@contextmanager
def drawing_reported(record, panel, module=None):
    """Run a panel's drawing; any exception it raises becomes :func:`drawing_error`."""
    try:
        yield
    except Exception as error:
        if debugging():
            raise
        raise drawing_error(error, record, panel, module) from error
