"""The build's worker pool: results in order, every author's error reported once."""

from __future__ import annotations

import pytest

from rulebook.errors import RulebookError
from rulebook.workers import WorkError, WorkerCrash, workers


class OwnError(RulebookError):
    pass


def square(n):
    return n * n


def refuse(text):
    raise OwnError(text)


def crash(n):
    return 1 // n


@pytest.mark.parametrize("count", [1, 2])
def test_results_come_in_the_jobs_order(count):
    with workers(count) as pool:
        assert pool.size == count
        assert pool.run([(square, n) for n in range(7)]) == [n * n for n in range(7)]


@pytest.mark.parametrize("count", [1, 2])
def test_every_author_error_is_reported_once_one_line_each_in_the_jobs_order(count):
    """A build lists every problem at once; a problem two jobs met (the same line) once."""
    jobs = [(refuse, "a.toml:1: bad move"), (square, 3), (refuse, "b.toml:2: no such claim"),
            (refuse, "a.toml:1: bad move\nc.toml:5: tie")]
    with workers(count, OwnError) as pool, pytest.raises(OwnError) as raised:
        pool.run(jobs)
    assert str(raised.value).splitlines() == ["a.toml:1: bad move", "b.toml:2: no such claim",
                                              "c.toml:5: tie"]
    with workers(count) as pool, pytest.raises(WorkError, match="^x.toml:1: tie$"):
        pool.run([(refuse, "x.toml:1: tie")])


@pytest.mark.parametrize("count", [1, 2])
def test_a_bug_in_a_job_is_a_crash_with_its_traceback_not_an_author_error(count):
    with workers(count) as pool, pytest.raises(WorkerCrash) as raised:
        pool.run([(refuse, "a.toml:1: bad"), (crash, 0)])
    assert "ZeroDivisionError" in str(raised.value) and "in crash" in str(raised.value)


def test_one_worker_runs_every_job_in_the_build_s_own_process(monkeypatch):
    """workers(1), or RULEBOOK_WORKERS=1: no process forked, every job run here (so a
    debugger or a profiler sees it); two workers run the jobs in other processes."""
    import os

    with workers(1) as pool:
        assert pool.run([(os.getpid,), (os.getpid,)]) == [os.getpid()] * 2
    monkeypatch.setenv("RULEBOOK_WORKERS", "1")
    with workers() as pool:
        assert pool.size == 1 and pool.run([(os.getpid,)]) == [os.getpid()]
    with workers(2) as pool:
        assert os.getpid() not in pool.run([(os.getpid,)] * 4)


def test_leaving_the_pool_on_ctrl_c_ends_its_workers_without_waiting_for_their_jobs():
    """Ctrl-C (or an error) while jobs run: the pool's workers are ended there and then,
    not left to finish the jobs queued (here four of 30 seconds each, two workers):
    the block is left long before the first job could have ended."""
    import time

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with workers(2) as pool:
            pool._pool.map_async(time.sleep, [30] * 4)
            time.sleep(0.5)  # the first two jobs are running
            raise KeyboardInterrupt
    assert time.monotonic() - started < 20
