"""Which edition a working tree is (rulebook.editions): the tag on its commit, and the
tag before it in its history, read from a real git repository."""

from __future__ import annotations

import subprocess

import pytest

from rulebook.editions import Edition, edition

GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false",
       "-c", "tag.gpgsign=false"]


def git(folder, *args):
    subprocess.run([*GIT, *args], cwd=folder, check=True, capture_output=True)


def test_an_edition_is_its_commits_tag_and_the_tag_before_it(tmp_path):
    page = tmp_path / "docs" / "index.rst"
    page.parent.mkdir()
    git(tmp_path, "init", "-q")
    assert edition(tmp_path) == Edition(None, None)  # no commit yet
    for number in (1, 2, 3):
        page.write_text(f"Edition {number}\n")
        git(tmp_path, "add", "-A")
        git(tmp_path, "commit", "-qm", f"edition {number}")
        if number != 2:
            git(tmp_path, "tag", f"v{number}")
    assert edition(tmp_path) == Edition("v3", "v1")  # the untagged commit between is no edition
    git(tmp_path, "checkout", "-q", "v3~1")
    assert edition(tmp_path) == Edition(None, None)  # a commit after a tag is not that edition
    git(tmp_path, "checkout", "-q", "v1")
    assert edition(tmp_path) == Edition("v1", None)  # the first edition has none before it
    git(tmp_path, "checkout", "-q", "HEAD~0")
    page.write_text("Edited since\n")
    assert edition(tmp_path) == Edition(None, None)  # its sources are no longer the tag's


def _edit(root, change: str) -> None:
    """One change to a tagged working tree (see the test's cases)."""
    page = root / "docs" / "index.rst"
    if change == "edited":
        page.write_text("Edited since\n")
    elif change == "staged":
        page.write_text("Staged since\n")
        git(root, "add", "-A")
    elif change == "deleted":
        page.unlink()
    elif change == "renamed":
        git(root, "mv", "docs/index.rst", "docs/rules.rst")
    elif change.startswith("new "):
        path = root / change.split(" ", 1)[1]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("new\n")


@pytest.mark.parametrize("change, still", [
    ("edited", False), ("staged", False), ("deleted", False), ("renamed", False),
    ("new docs/extra.rst", False), ("new figures/qttt/new-one.toml", False),
    ("new src/rulebook/games/tiny/rules.py", False), ("new docs/deep/er/page.rst", False),
    ("new README.md", True), ("new notes/todo.txt", True), ("new build/site/index.html", True),
    ("nothing", True),
])
def test_a_tagged_tree_is_that_edition_only_while_its_sources_are_the_tag_s(tmp_path, change, still):
    """Each way the book's sources (docs, figures, src) can differ from the tagged
    commit, committed or not, tracked or new, makes the tree no longer that edition;
    a change outside them (a README, a note, the ignored build folder) does not."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.rst").write_text("Edition 1\n")
    (tmp_path / ".gitignore").write_text("build/\n")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "edition 1")
    git(tmp_path, "tag", "v1")
    _edit(tmp_path, change)
    assert edition(tmp_path) == (Edition("v1", None) if still else Edition(None, None))
