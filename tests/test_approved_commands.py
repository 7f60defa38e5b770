"""What the command line says is what was last read and approved
(tests/approved_commands.py)."""

from __future__ import annotations

import functools

import approved_commands
from approved_text import changes

commands = functools.cache(approved_commands.commands)  # run once, read by both tests


def test_what_the_command_line_says_is_the_approved_text():
    """Every command's help, every record's replay, and each bad invocation's refusal."""
    found = commands()
    assert len(found) > 300
    assert not (diff := changes(approved_commands.APPROVED.name, found, "approved_commands.py")), diff


def test_every_bad_invocation_is_refused_in_one_line_with_status_2():
    """No refusal passes (status 0), none is a traceback, none says more than one line
    besides argparse's usage line."""
    refused = [line for line in commands() if line.startswith("refused ")]
    assert len(refused) >= 50
    wrong = [line for line in refused
             if ": status 2, 1 lines: rulebook: " not in line
             and not (": status 2, " in line and "error: " in line)]
    assert not wrong, "\n".join(wrong)
