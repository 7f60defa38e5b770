"""The engines' messages in the page's language, from a catalogue of templates.

An engine says why it refuses a move, and the page why an option or a link is
refused, in English: one line built from pieces (``illegal move 'a1-a1': the
two spooky marks must go in two different cells``).  The language's catalogue
(``docs/locale/<lang>/engine.po``, read at build time by
:func:`rulebook.i18n.engine_messages`) holds each piece as a template: its
English, with a placeholder ``{name}`` wherever the engine fills something in,
and its translation with the same placeholders.  A message is translated by the
template that matches the whole of it; each placeholder's value is translated
in turn when the catalogue has it (the rule inside "illegal move", a player's
name), and is otherwise carried over as written (a move, a cell, a number); a
quoted value (what the player wrote, as the engine quotes it) is taken whole
and always carried over as written.
The engines are not touched: a new or changed engine message without a
template is found by ``tests/test_play_messages.py``.

Standard library only: this runs in the play page's worker.
"""

from __future__ import annotations

import re

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(template: str) -> list[str]:
    """The placeholders of a template, in order (a repeated one once)."""
    return list(dict.fromkeys(PLACEHOLDER.findall(template)))


# Placeholders that hold a number only, or a single word: a file's line and a game's
# slug, so that "{file}:{line}: {error}" (where in a record file, then what is wrong
# there) is never taken for "{file}: {error}", nor "{file}: {slug}: unknown option..."
# for an unknown option of a game called "{file}: {slug}".
NUMBERS = {"line"}
WORDS = {"slug"}
# Any other placeholder: a quoted text whole if it can (what the player wrote, as the
# engine quotes it: 'turn: Red' is one value, whatever it holds), else any text.
QUOTED_OR_ANY = r"'[^']*'|\"[^\"]*\"|.+?"
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")  # a value carried over as written, never translated


def _pattern(template: str) -> re.Pattern:
    """The English template as a regular expression matching a whole message: each
    placeholder a quoted text or any text (as little as the rest allows; a number
    for those of ``NUMBERS``, a word for those of ``WORDS``), the same text where
    it repeats."""
    parts, seen, last = [], set(), 0
    for found in PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[last:found.start()]))
        name = found.group(1)
        anything = r"\d+" if name in NUMBERS else r"[\w-]+" if name in WORDS else QUOTED_OR_ANY
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{anything})")
        seen.add(name)
        last = found.end()
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts), re.DOTALL)


class Messages:
    """A catalogue's templates, ``(English, translation)`` pairs, ready to translate."""

    def __init__(self, entries):
        self.entries = list(entries)
        self._templates = None  # compiled on the first message (not during the page's start)

    @property
    def templates(self) -> list:
        if self._templates is None:
            self._templates = self._compile(self.entries)
        return self._templates

    @staticmethod
    def _compile(entries) -> list:
        templates = []
        for english, translation in entries:
            if not PLACEHOLDER.sub("", english).strip():
                continue  # a template of placeholders alone would match anything
            literal = len(PLACEHOLDER.sub("", english))
            templates.append((literal, _pattern(english), translation))
        # the most specific first: of two that match, the one with more of its own words
        templates.sort(key=lambda t: -t[0])
        return [(pattern, translation) for _, pattern, translation in templates]

    def translate(self, text: str) -> str | None:
        """``text`` translated, or None if no template matches the whole of it."""
        for pattern, translation in self.templates:
            found = pattern.fullmatch(text)
            if found is None:
                continue
            values = {name: value if QUOTED.fullmatch(value) else self.translate(value) or value
                      for name, value in found.groupdict().items()}
            return PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), translation)
        return None

    def lines(self, text: str) -> str:
        """A text of several lines (the position as text, for screen readers), each
        line translated whose words, spaced out for alignment, a template matches
        (its spacing then as the translation has it); the others as they are (the
        board's rows)."""
        return "\n".join(self.translate(" ".join(line.split())) or line
                         for line in text.split("\n"))

    def __call__(self, text: str) -> str:
        """``text`` translated, or as it is if the catalogue has no template for it."""
        return self.translate(text) or text
