"""Approved text: lines a test makes again and compares with the ones last read and
approved, in ``tests/approved/`` (the approved_*.py modules each make one file)."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "approved"
ROOT = FOLDER.parent.parent


def read(name: str) -> list[str]:
    """The approved lines of ``tests/approved/NAME`` (its first line says what they are)."""
    return (FOLDER / name).read_text(encoding="utf-8").splitlines()[1:]


def changes(name: str, found: list[str], script: str) -> str:
    """What differs from the approved lines, as a diff and how to approve it; "" if nothing."""
    changed = list(difflib.unified_diff(read(name), found, "approved", "now", n=0, lineterm=""))
    if not changed:
        return ""
    return (f"{len(changed)} diff lines against tests/approved/{name}:\n" + "\n".join(changed[:60])
            + f"\nRead them; if they are right: .venv/bin/python tests/{script} --approve")


def approve(name: str, title: str, make) -> None:
    """The ``--approve`` command of an approved_*.py module: make the lines, write them."""
    script = Path(sys.argv[0]).name
    if sys.argv[1:] != ["--approve"]:
        sys.exit(f"usage: tests/{script} --approve")
    sys.path.insert(0, str(ROOT / "src"))
    found = make()
    FOLDER.mkdir(exist_ok=True)
    (FOLDER / name).write_text(f"# {title}, as last approved (tests/{script}).\n"
                               + "\n".join(found) + "\n", encoding="utf-8")
    print(f"approved {len(found)} lines of tests/approved/{name}")


def digest(text: str) -> str:
    """A short digest, for what is too long to approve line by line."""
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()[:16]


def in_child(module: str, prelude: str = "", env: dict | None = None) -> list[str]:
    """``module._in_this_process()`` run in a fresh Python process (``prelude`` first:
    what the process may import), its lines brought back."""
    import json
    import subprocess

    child = (f"import sys, json; sys.path[:0] = [{str(FOLDER.parent)!r}, {str(ROOT / 'src')!r}]\n"
             f"import {module}\n{prelude}\nprint(json.dumps({module}._in_this_process()))\n")
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                          env=env, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])
