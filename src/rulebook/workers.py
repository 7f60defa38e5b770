"""Jobs side by side on every core: the build's worker processes.

``with workers() as pool: pool.run([(function, arg, ...), ...])`` runs each job
in a worker process and returns their results in order, once all have ended.
An author's error in any job (a :class:`~rulebook.errors.RulebookError`) does
not stop the others: all of them are reported together, one line each, as one
:class:`WorkError`, so a build lists every problem at once.

The workers are forked from the build (so they start with its imports), ignore
Ctrl-C (the build handles it and ends them, so no worker prints a traceback)
and, on Linux, are ended by the kernel if the build dies, however it dies.
``RULEBOOK_WORKERS=1`` runs every job in the build's own process.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import traceback
from contextlib import contextmanager

from .errors import RulebookError


class WorkError(RulebookError):
    """Jobs that failed on an author's error; the message has one line per problem."""


class WorkerCrash(RuntimeError):
    """A job failed on a bug (not an author's error); the message is its traceback."""


def core_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _call(job):
    function, *args = job
    try:
        return "ok", function(*args)
    except RulebookError as error:  # its class may not survive pickling: send its line
        return "error", str(error)
    except Exception:
        return "crash", traceback.format_exc()


def end_with_parent(parent: int | None = None) -> None:
    """Have the kernel end this process when its parent ends, however it ends (Linux).
    ``parent``: the pid this process was started by; if that one has already ended
    (between the fork and this call, so the kernel cannot be told), end now."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def _start_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent(parent)


def _results(outcomes, error_class: type[RulebookError]) -> list:
    errors = [detail for kind, detail in outcomes if kind == "error"]
    crashes = [detail for kind, detail in outcomes if kind == "crash"]
    if crashes:
        raise WorkerCrash(crashes[0])
    if errors:
        lines = []
        for error in errors:  # the same problem met by two jobs is said once
            lines += [line for line in error.splitlines() if line not in lines]
        raise error_class("\n".join(lines))
    return [detail for _, detail in outcomes]


class _Serial:
    size = 1

    def __init__(self, error: type[RulebookError]):
        self.error = error

    def run(self, jobs: list) -> list:
        return _results([_call(job) for job in jobs], self.error)


class _Pool:
    def __init__(self, pool, size: int, error: type[RulebookError]):
        self._pool, self.size, self.error = pool, size, error

    def run(self, jobs: list) -> list:
        return _results(self._pool.map(_call, jobs, chunksize=1), self.error)


@contextmanager
def workers(count: int | None = None, error: type[RulebookError] = WorkError):
    """A pool of ``count`` worker processes (default: ``RULEBOOK_WORKERS``, else one per
    core) whose ``run`` raises ``error`` for the jobs' author errors."""
    if count is None:
        count = int(os.environ.get("RULEBOOK_WORKERS") or core_count())
    if count <= 1:
        yield _Serial(error)
        return
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    pool = multiprocessing.get_context(method).Pool(count, _start_worker, (os.getpid(),))
    try:
        yield _Pool(pool, count, error)
        pool.close()
    finally:
        pool.terminate()  # at once on Ctrl-C or an error; after close(), the workers have ended
        pool.join()
