"""Editions: a git tag names one, and its errata say what changed since the one before.

The books' colophon names the edition they were built from: the tag on the
project's commit (``git describe --tags --exact-match``) when the sources there
are unchanged, and, from the second edition on, where to read what changed
since the previous tag: ``<site>/errata/<tag>-<lang>.md``, which ``rulebook diff
PREVIOUS TAG`` writes into ``build/diff/errata/`` (published beside the site).
Without git, or off a tag, the colophon names the commit only.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

SOURCES = ("docs", "figures", "src")  # what a book is made of


def _git(cwd: Path, *args: str) -> str | None:
    try:
        found = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                               timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return found.stdout.strip() if found.returncode == 0 else None


def tag_of(cwd: Path, commit: str = "HEAD") -> str | None:
    """The tag on ``commit``, if it has one (the newest, if several)."""
    return _git(cwd, "describe", "--tags", "--exact-match", commit) or None


def previous_tag(cwd: Path, tag: str) -> str | None:
    """The newest tag before ``tag`` in its history."""
    return _git(cwd, "describe", "--tags", "--abbrev=0", f"{tag}^") or None


def uncommitted(cwd: Path) -> list[str]:
    """The project's sources that differ from HEAD (or are new)."""
    top = _git(cwd, "rev-parse", "--show-toplevel")
    if top is None:
        return []
    found = _git(Path(top), "status", "--porcelain", "--untracked-files=all", "--", *SOURCES)
    return [line[3:] for line in (found or "").splitlines() if line.strip()]


def errata_name(tag: str, lang: str) -> str:
    """Where an edition's errata are, relative to the site."""
    return f"errata/{tag}-{lang}.md"


@dataclass(frozen=True)
class Edition:
    tag: str | None  # None: not a tagged edition (or changed since the tag)
    previous: str | None  # the edition before it, if any


def edition(cwd: Path) -> Edition:
    """The edition the working tree at ``cwd`` is: its HEAD's tag, if its sources are
    those of the tag."""
    tag = tag_of(cwd)
    if tag is None or uncommitted(cwd):
        return Edition(None, None)
    return Edition(tag, previous_tag(cwd, tag))
