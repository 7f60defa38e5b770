"""What the command line says, as last read and approved.

``tests/approved/commands.txt`` holds every command's help, what ``rulebook replay``
prints for every record (a digest of it, and of its ``--json``), the schema's
digest, and the one-line refusal and exit status of each bad invocation below.
``test_approved_commands`` runs them again, in a child process, and shows the lines
that changed as a diff.  When a change is meant, read the diff, then approve it::

    .venv/bin/python tests/approved_commands.py --approve

and commit ``tests/approved/commands.txt`` with the change.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

from approved_text import approve, digest, in_child

ROOT = Path(__file__).resolve().parent.parent
APPROVED = ROOT / "tests" / "approved" / "commands.txt"
COMMANDS = ["build", "check", "study", "replay", "schema", "new", "translate", "serve", "find", "diff"]

# Each refused before it does anything: a wrong value, name, path or number.
REFUSED = [
    "frobnicate",
    "replay chess figures/qttt/both-lines.toml",
    "replay qttt figures/qttt/no-such-record.toml",
    "replay qttt figures/qttt",
    "replay necto figures/qttt/both-lines.toml",
    "replay qttt .ci/run",
    "replay qttt pyproject.toml",
    "study chess balance",
    "study qttt no-such-study",
    "study qttt ../../necto/studies/balance-4",
    "study qttt solve --workers 0",
    "study qttt solve --workers -1",
    "study qttt solve --workers x",
    "study qttt solve --workers 1000",
    "study qttt solve --scheduler tcp://",
    "study qttt solve --scheduler nonsense:99999",
    "find",
    "find chess --claim winner=X",
    "find qttt",
    "find qttt --claim winner",
    "find qttt --claim colour=X",
    "find qttt --claim winner=Z",
    "find qttt --claim line_count:player=Q=1",
    "find qttt --claim winner=X --moves -1",
    "find qttt --claim winner=X --moves x",
    "find qttt --claim winner=X --time-limit nan",
    "find qttt --claim winner=X --time-limit -5",
    "find qttt --claim winner=X --time-limit inf",
    "find qttt --claim winner=X --seed x",
    "find qttt --claim winner=X --option size=4",
    "find necto --claim winner=First --option size=5",
    "find necto --claim winner=First --option size",
    "find qttt --claim winner=X --from figures/qttt/no-such-record.toml",
    "find qttt --claim winner=X --from figures/necto/tiles.toml",
    "build --game chess",
    "build --no-pdf",
    "build --project /nonexistent",
    "check --workers 0",
    "check --workers 2",
    "check --scheduler tcp://10.0.0.5:8786",
    "check --studies --workers 0",
    "check --studies figures/qttt/both-lines.toml",
    "check --studies --workers -1",
    "check --studies --scheduler tcp://",
    "check --project /nonexistent",
    "serve --port -1",
    "serve --port 65536",
    "serve --port x",
    "translate --project /nonexistent",
    "diff --option qttt",
    "diff --option chess:size=4",
    "diff --option necto:colour=red",
    "diff --option necto:size=5",
    "diff --workers 0",
    "diff HEAD~1 HEAD~2 HEAD~3",
    "new --project /nonexistent demo",
]


def _run(argv: list[str]) -> tuple[int, str, str]:
    """``rulebook ARGV`` in this process: exit status, what it printed, its errors."""
    from rulebook.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as done:  # argparse's refusals and --help
            status = done.code if isinstance(done.code, int) else 1
    clean = lambda text: text.replace(str(ROOT), "<project>")  # noqa: E731
    return status, clean(out.getvalue()), clean(err.getvalue())


def _in_this_process() -> list[str]:
    from rulebook.games import available_games  # noqa: F401 - the games registered
    from rulebook.records import find_records

    os.chdir(ROOT)
    lines = []
    for command in ["", *COMMANDS]:
        status, out, _ = _run([*command.split(), "--help"])
        lines += [f"help {command or 'rulebook'}: {line}".rstrip() for line in out.splitlines()]
    status, out, _ = _run(["schema"])
    lines.append(f"schema: status {status}, {len(out.splitlines())} lines, {digest(out)}")
    for path in find_records(ROOT / "figures"):
        where = str(path.relative_to(ROOT))
        game = path.parent.name
        for extra in ([], ["--json"]):
            status, out, err = _run(["replay", *extra, game, where])
            lines.append(f"replay {' '.join(extra) + ' ' if extra else ''}{where}: status {status}, "
                         f"{len(out.splitlines())} lines, {digest(out)}{' ' + err.strip() if err else ''}")
    for invocation in REFUSED:
        status, out, err = _run(invocation.split())
        said = err.strip().splitlines()
        lines.append(f"refused {invocation}: status {status}, {len(said)} lines: {said[-1] if said else '(nothing)'}")
    return lines


def commands() -> list[str]:
    return in_child("approved_commands", env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1"})


if __name__ == "__main__":
    approve(APPROVED.name, "What the command line says", commands)
