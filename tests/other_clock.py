"""Run code in a fresh Python whose clock says another time.

A date or time written into a build's output (even at day resolution) makes two
builds differ when their clocks do: build in two such processes and compare.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

CLOCK = """
import datetime, time

# Every way Python tells the time says {when} (seconds since 1970).
NOW = {when}
real_localtime, real_gmtime, real_strftime = time.localtime, time.gmtime, time.strftime
time.time = lambda: NOW
time.time_ns = lambda: int(NOW * 1e9)
time.localtime = lambda secs=None: real_localtime(NOW if secs is None else secs)
time.gmtime = lambda secs=None: real_gmtime(NOW if secs is None else secs)
time.strftime = lambda fmt, t=None: real_strftime(fmt, real_localtime(NOW) if t is None else t)


class FakeDateTime(datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(NOW, tz)

    @classmethod
    def today(cls):
        return cls.fromtimestamp(NOW)

    @classmethod
    def utcnow(cls):
        return cls.utcfromtimestamp(NOW)


class FakeDate(datetime.date):
    @classmethod
    def today(cls):
        return cls.fromtimestamp(NOW)


datetime.datetime, datetime.date = FakeDateTime, FakeDate
"""

# Two times more than a day apart, in different years and time zones.
TIMES = ((1_000_000_000, "UTC"), (1_700_000_001, "Asia/Tokyo"))


def at_another_time(when: int, zone: str, code: str, *args: str) -> subprocess.Popen:
    """Start ``code`` (with ``args`` in sys.argv) in a Python whose clock says ``when`` in
    time zone ``zone``; the tests folder is importable.

    SOURCE_DATE_EPOCH is removed: it is the reproducible-builds way to *give* a build its
    date (ReportLab writes it as the PDF's creation date even when invariant), so it is an
    input like the sources, not the clock."""
    env = {key: value for key, value in os.environ.items() if key != "SOURCE_DATE_EPOCH"}
    env.update(TZ=zone, PYTHONPATH=os.pathsep.join([str(TESTS), *sys.path]))
    return subprocess.Popen([sys.executable, "-c", CLOCK.format(when=when) + code, *args],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def outputs_at_two_times(code: str, *args: str) -> list[bytes]:
    """What ``code`` writes to stdout, run at both TIMES (at once, in two processes)."""
    runs = [at_another_time(when, zone, code, *args) for when, zone in TIMES]
    outputs = []
    for run in runs:
        out, err = run.communicate()
        assert run.returncode == 0, err.decode(errors="replace")[-2000:]
        outputs.append(out)
    return outputs
