"""A scratch copy of the project for benchmarks that edit or build it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def project_copy(folder: Path, root: Path = ROOT) -> Path:
    """The tracked files of the working tree of ``root`` (committed or not), without
    build output, committed to a git repository of its own: tests that read the
    project through git (``git ls-files``: tests/test_diff.py) would fail in a plain
    folder, and count every bug and mutant as caught."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=root,
                           check=True, capture_output=True, text=True).stdout.split("\n")
    for name in filter(None, files):
        source = root / name
        if source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)
    git = ["git", "-c", "user.name=copy", "-c", "user.email=copy@localhost",
           "-c", "commit.gpgsign=false"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "the project's copy"]):
        subprocess.run(git + args, cwd=folder, check=True, capture_output=True)
    return folder
