"""The caption gate: a figure's text states no fact that no claim produced.

In every ``rulebook-figure`` (its caption and the paragraphs after it), on
every page in every language, a number or a player name of the figure's game
may only come from a ``:claim:`` (a value the engine checked) or sit inside an
``:unchecked:`` role (a literal that is not a fact about the position).  Runs
after translation, so a Japanese caption is held to the same rule as its
English source, and before ``ResolveClaimValues`` turns claims into text.

The ``:alt:`` text, read aloud to a reader who cannot see the figure, is held
to the same rule (it is parsed as inline text, so it can quote claims).  Left
alone: the legend made from the drawing module's marks (code, not page text).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from ..errors import RulebookError
from .directives import cached_record, page_language
from .nodes import claim_value, figure_legend

logger = logging.getLogger(__name__)


def is_number(char: str) -> bool:
    """A digit in any script (4, ４, ①, ², ½, Ⅳ), but not a CJK ideograph such
    as 一 or 四, which is also an ordinary word (一つ, 一方, 同一)."""
    return char.isnumeric() and not unicodedata.name(char, "").startswith("CJK")


def player_names(game) -> list[str]:
    """Every name of every player of ``game``, in every language it has."""
    names = {game.player_name(index, lang)
             for index, spelled in enumerate(game.players) for lang in spelled}
    return sorted(names, key=len, reverse=True)


def name_pattern(names) -> re.Pattern:
    """Latin names as whole words (X, not the x of 'ox'), other scripts anywhere."""
    alternatives = [rf"(?<![A-Za-z0-9]){re.escape(n)}(?![A-Za-z0-9])" if n.isascii()
                    else re.escape(n) for n in names]
    return re.compile("|".join(alternatives))


def _around(text: str, start: int, end: int, width: int = 20) -> str:
    left, right = max(0, start - width), min(len(text), end + width)
    snippet = " ".join(text[left:right].split())
    return ("…" if left else "") + snippet + ("…" if right < len(text) else "")


def _continues_number(text: str, i: int) -> bool:
    """Whether ``text[i]`` belongs to the number before it (a1, 9th, 25.00%)."""
    char = text[i]
    return (is_number(char) or char in "%％" or (char.isascii() and char.isalpha())
            or (char in ".," and i + 1 < len(text) and is_number(text[i + 1])))


def unchecked_literals(text: str, names: re.Pattern) -> list[tuple[str, str]]:
    """``(literal, context)`` for each number and player name in ``text``, in order.

    A number is reported with the letters and signs around it (``a1``,
    ``25.00%``); names are looked up in the NFKC form, so a full-width Ｘ counts.
    """
    found = []
    index = 0
    while index < len(text):
        if not is_number(text[index]):
            index += 1
            continue
        start, end = index, index + 1
        while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            start -= 1
        while end < len(text) and _continues_number(text, end):
            end += 1
        found.append((start, text[start:end], _around(text, start, end)))
        index = end
    folded = unicodedata.normalize("NFKC", text)
    for match in names.finditer(folded):
        found.append((match.start(), match.group(), _around(folded, match.start(), match.end())))
    return [(literal, context) for _, literal, context in sorted(found)]


def _skipped(node) -> bool:
    return (isinstance(node, (claim_value, figure_legend, nodes.image, nodes.comment,
                              nodes.system_message))
            or (isinstance(node, nodes.Element)
                and "unchecked" in node["classes"]))


def gated_text(node):
    """The Text nodes of a figure that a reader reads and the gate checks."""
    for child in node.children:
        if isinstance(child, nodes.Text):
            yield child
        elif not _skipped(child):
            yield from gated_text(child)


class CaptionGate(SphinxTransform):
    """Fail the page on a number or player name outside a claim in a figure's text."""

    default_priority = 890  # after the Locale transform (20), before ResolveClaimValues (900)

    def apply(self, **kwargs):
        root = Path(self.config.rulebook_figures_dir)
        lang = page_language(self.config)
        where = self._catalog() if lang != "en" else ""
        for figure in list(self.document.findall(nodes.figure)):
            name = figure.get("rulebook_record")
            if name is None:
                continue
            try:
                game = cached_record(root / f"{name}.toml", root).game
            except (RulebookError, OSError):
                continue  # the directive has already reported the record
            names = name_pattern(player_names(game))
            for text in gated_text(figure):
                for literal, context in unchecked_literals(text.astext(), names):
                    logger.error("figure %s (%s%s): %r in %r is not from a :claim: (use a "
                                 "claim, or :unchecked: for a literal that is not a fact "
                                 "about the position)",
                                 name, lang, where, literal, context,
                                 location=text.parent, type="rulebook", subtype="gate")

    def _catalog(self) -> str:
        """The page's message catalog, where a translated caption's text lives."""
        for folder in self.config.locale_dirs:
            po = (Path(self.env.srcdir) / folder / self.config.language / "LC_MESSAGES"
                  / f"{self.env.docname}.po")
            if po.exists():
                return f", translated in {po.resolve()}"
        return ""
