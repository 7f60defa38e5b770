"""What the command line says is what was last read and approved
(tests/approved_commands.py)."""

from __future__ import annotations

import difflib
import functools

import approved_commands
from approved_commands import APPROVED, read_approved

commands = functools.cache(approved_commands.commands)  # run once, read by both tests


def test_what_the_command_line_says_is_the_approved_text():
    """Every command's help, every record's replay, and each bad invocation's refusal."""
    found, approved = commands(), read_approved()
    assert len(found) > 300
    changed = list(difflib.unified_diff(approved, found, "approved", "now", n=0, lineterm=""))
    assert not changed, (
        f"what the command line says differs from {APPROVED.name}:\n" + "\n".join(changed[:60])
        + "\nRead it; if it is right: .venv/bin/python tests/approved_commands.py --approve")


def test_every_bad_invocation_is_refused_in_one_line_with_status_2():
    """No refusal passes (status 0), none is a traceback, none says more than one line
    besides argparse's usage line."""
    refused = [line for line in commands() if line.startswith("refused ")]
    assert len(refused) >= 50
    wrong = [line for line in refused
             if ": status 2, 1 lines: rulebook: " not in line
             and not (": status 2, " in line and "error: " in line)]
    assert not wrong, "\n".join(wrong)
