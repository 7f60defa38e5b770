"""What the project says to bad input is what was last read and approved
(tests/approved_diagnostics.py), and its Japanese leaves nothing in English."""

from __future__ import annotations

import functools

import approved_diagnostics
from approved_text import changes

from test_play_messages import left_in_english

diagnostics = functools.cache(approved_diagnostics.diagnostics)  # made once, read by both tests


def test_what_the_project_says_to_bad_input_is_the_approved_text():
    """Every refusal of a seeded set of bad moves, options, positions and records,
    word for word: where it points, which rule it names, its Japanese."""
    found = diagnostics()
    assert len(found) > 3000
    assert not (diff := changes(approved_diagnostics.APPROVED.name, found, "approved_diagnostics.py")), diff


def test_every_refusal_of_the_set_reads_in_japanese():
    """No refusal of a move or a written position is left in English, in any game or
    variant (an option's refusal names its values as written: test_play_messages)."""
    untranslated = [line for line in diagnostics() if "| ja: " in line
                    and line.startswith(("move ", "position "))
                    and (line.endswith("| ja: (none)") or left_in_english(line.rsplit("| ja: ", 1)[1]))]
    assert not untranslated, "\n".join(untranslated[:20])


def test_no_refusal_of_the_set_quotes_a_value_in_python_s_words():
    """An author writes TOML: a refusal names a value as TOML writes it (true, [1],
    null) and a kind in words (an integer), in both languages; never Python's True,
    None or int (outside what the author wrote, quoted)."""
    import re

    python = re.compile(r"\b(?:True|False|None|NoneType|int|str|float|bool|dict|tuple)\b")
    found = []
    for line in diagnostics():
        message = re.match(r".*?: \w+: (.*)$", line)
        if message and python.search(re.sub(r"'[^']*'|\"[^\"]*\"", "", message[1])):
            found.append(line)
    assert len(diagnostics()) > 3000 and not found, "\n".join(found[:20])
