"""Which edition a working tree is (rulebook.editions): the tag on its commit, and the
tag before it in its history, read from a real git repository."""

from __future__ import annotations

import subprocess

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
