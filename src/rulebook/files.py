"""Writing and reading the project's files safely.

Every file the project writes (catalogs, found records, studies' results, the
scaffold's files) goes through :func:`write_file`: the bytes are written to a
temporary file of a name of its own beside the target, flushed to the disk, and
moved into place with :func:`os.replace`.  A full disk, a kill or a second
process writing the same file at once leaves the old file whole, or the new
one whole, never half of one.  ``overwrite=False`` moves it into place only if
no file is there (an author's file is never replaced unasked).

Every file the project reads from an author (records, studies) goes through
:func:`read_limited`: at most :data:`MAX_INPUT_BYTES` + 1 bytes are read, so a
huge file is refused at once and ``/dev/zero`` or a FIFO cannot hang a command.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

MAX_INPUT_BYTES = 1_000_000  # a record or a study larger than this is refused
MAX_INPUT_TEXT = "1 MB"  # the limit as the error messages and the guide state it


def write_file(path: str | Path, data: str | bytes, overwrite: bool = True,
               sync: bool = True) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` atomically; returns the path.

    Any OSError names ``path`` (a failed ``write`` alone names no file).  With
    ``overwrite=False``, a ``path`` that exists raises FileExistsError and is left
    as it was.  ``sync=False``: not flushed to the disk before the move (a cache
    entry, which a crash may lose but never leaves half-written).
    """
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    except OSError as error:
        raise _named(error, path) from error
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                                 dir=path.parent)
    except OSError as error:
        raise _named(error, path) from error
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
            stream.flush()
            if sync:
                os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        if overwrite:
            os.replace(temporary, path)
        else:
            _link_new(temporary, path)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError) and not isinstance(error, FileExistsError):
            raise _named(error, path) from error
        raise
    return path


def _link_new(temporary: str, path: Path) -> None:
    """Move ``temporary`` to ``path`` only if ``path`` does not exist (no race:
    a hard link fails if the name is taken)."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise FileExistsError(errno.EEXIST, "the file exists", str(path)) from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        if path.exists():  # a file system without hard links: check, then move
            raise FileExistsError(errno.EEXIST, "the file exists", str(path)) from None
        os.replace(temporary, path)
        return
    os.unlink(temporary)


def _named(error: OSError, path: Path) -> OSError:
    """``error`` naming ``path`` (not the temporary file, and not nothing: a failed
    ``write`` names no file)."""
    return type(error)(error.errno, error.strerror or str(error), str(path))


class InputTooLarge(Exception):
    """Raised by :func:`read_limited`; callers turn it into their own one-line error."""


def read_limited(path: str | Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes.

    Raises InputTooLarge for a larger file (reading at most ``limit + 1`` bytes)
    and OSError (ENODEV-like, naming the path) for a file that is not a regular
    one (a FIFO, a device): opened without blocking, so neither can hang.
    """
    path = Path(path)
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if info.st_size > limit:
            raise InputTooLarge(too_large(info.st_size))
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise InputTooLarge(too_large(None))
    return data


def too_large(size: int | None) -> str:
    shown = f" ({size:,} bytes)" if size is not None else ""
    return f"the file is too large{shown}: at most {MAX_INPUT_TEXT} ({MAX_INPUT_BYTES:,} bytes)"
