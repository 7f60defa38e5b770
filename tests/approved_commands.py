"""What the command line says, as last read and approved.

``tests/approved/commands.txt`` holds every command's help, what ``rulebook replay``
prints for every record (a digest of it, and of its ``--json``), the schema's
digest, the records ``rulebook find`` writes for a few searches that end at once, what
``rulebook new`` writes for a game on each board and what that game then says, what
``rulebook translate`` does after every page is edited, and the one-line refusal and exit status of each bad invocation below.
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


# Searches that end at once (their output depends on nothing but the seed): each of the
# finder's ways to ask, in each game.
FOUND = [
    "qttt --claim winner=O --moves 9",
    "qttt --claim chooser=X --before spooky_count=3",
    "qttt --claim classical_count=5 --seed 2",
    "qttt --from figures/qttt/cycle-two.toml --claim marks_placed=4",
    "necto --claim loop_count=2 --seed 1",
    "necto --claim stage=replacing --option size=4",
    "inphexion --claim over=true --moves 40",
    "craquelure --claim settled_count=2 --seed 3",
    "craquelure --claim winner=Red --moves 12 --seed 1",
]

BOARDS = ["square", "hex", "none"]  # rulebook new --board


def scaffold_lines(board: str) -> list[str]:
    """What ``rulebook new`` writes for a game on BOARD in a small copy of the project
    (each file's length and digest), what it prints, and what the new game then says:
    its record replayed, and its facts at positions of seeded random games."""
    import subprocess
    import sys
    import tempfile

    from test_scaffold import small_copy

    where = f"new --board {board}"
    with tempfile.TemporaryDirectory() as folder:
        root = small_copy(Path(folder))
        files = lambda: {path.relative_to(root).as_posix(): path.read_bytes()  # noqa: E731
                         for path in root.rglob("*") if path.is_file() and "__pycache__" not in path.parts}
        before = files()

        def python(*args: str) -> str:
            done = subprocess.run([sys.executable, *args], cwd=root, capture_output=True, text=True,
                                  env={**os.environ, "PYTHONPATH": f"{root / 'src'}{os.pathsep}{ROOT / 'tests'}"})
            return f"status {done.returncode}: " + (done.stdout + done.stderr).replace(str(root), "<copy>")

        said = python("-m", "rulebook.cli", "new", "tiny", "--board", board, "--name", "Tiny Rows",
                      "--name-ja", "小さな列")
        lines = [f"{where} says: {line}" for line in said.splitlines()]
        written = {name: data for name, data in files().items() if before.get(name) != data}
        lines += [f"{where} writes {name}: {len(data.splitlines())} lines, {digest(data.decode())}"
                  for name, data in sorted(written.items())]
        for name in sorted(written):
            if name.startswith("figures/"):
                replayed = python("-m", "rulebook.cli", "replay", "--json", "tiny", name)
                lines.append(f"{where} replay {name}: {digest(replayed)}")
        from rulebook.verify import BROWSER_ONLY  # the view is drawn as in the browser

        facts = python("-c", f"import json\nfrom approved_positions import position_lines\n{BROWSER_ONLY}\n"
                             "print(json.dumps(position_lines('tiny', {})))")
        lines.append(f"{where} positions: {facts.partition(':')[0]}, {facts.count(' ply ')} answers, "
                     f"{digest(facts)}")
    return lines


def translate_lines() -> list[str]:
    """``rulebook translate`` on a copy of the project's pages, each page edited (a
    paragraph changed, one removed, one added close to another, seeded by its name):
    what it prints, each catalogue's entries after it (digests) and what it prints
    when run again."""
    import random
    import shutil
    import tempfile

    from babel.messages.pofile import read_po

    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder)
        shutil.copytree(ROOT / "docs", copy / "docs")
        shutil.copytree(ROOT / "figures", copy / "figures")
        for page in sorted((copy / "docs").rglob("*.rst")):
            text = page.read_text(encoding="utf-8")
            blocks = text.split("\n\n")
            prose = [at for at, block in enumerate(blocks) if block[:1].isalpha() and "::" not in block
                     and not any(set(line) <= set("=-~^*#") for line in block.splitlines())]  # no titles
            if len(prose) < 3:
                continue
            rng = random.Random(page.relative_to(copy).as_posix())
            changed, removed, model = rng.sample(prose, 3)
            blocks[changed] += " It says more now."
            blocks[model] += "\n\n" + blocks[model].rsplit(" ", 1)[0] + " anew."
            blocks[removed] = ""
            page.write_text("\n\n".join(block for block in blocks if block), encoding="utf-8")
        lines = []
        for run in ("translate", "translate again"):
            status, out, err = _run(["translate", "--project", str(copy)])
            lines += [f"{run}: status {status}"] + [f"{run}: {line.replace(folder, '<copy>')}".rstrip()
                                                    for line in (out + err).splitlines()]
        for path in sorted((copy / "docs" / "locale").rglob("*.po")):
            with path.open("rb") as stream:
                entries = [(m.id, m.string, sorted(m.flags), m.previous_id)
                           for m in read_po(stream) if m.id]
            lines.append(f"catalogue {path.relative_to(copy / 'docs').as_posix()}: {len(entries)} entries, "
                         f"{sum('fuzzy' in e[2] for e in entries)} fuzzy, {sum(not e[1] for e in entries)} "
                         f"untranslated, {digest(repr(entries))}")
    return lines


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
    for search in FOUND:
        status, out, err = _run(["find", *search.split()])
        lines += [f"find {search}: status {status}"] + [f"find {search}: {line}".rstrip() for line in (out + err).splitlines()]
    for board in BOARDS:
        lines += scaffold_lines(board)
    lines += translate_lines()
    for invocation in REFUSED:
        status, out, err = _run(invocation.split())
        said = err.strip().splitlines()
        lines.append(f"refused {invocation}: status {status}, {len(said)} lines: {said[-1] if said else '(nothing)'}")
    return lines


def commands() -> list[str]:
    return in_child("approved_commands", env={**os.environ, "COLUMNS": "100", "NO_COLOR": "1"})


if __name__ == "__main__":
    approve(APPROVED.name, "What the command line says", commands)
