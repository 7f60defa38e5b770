"""The caption gate: a figure's text states no fact that no claim produced.

In every ``rulebook-figure`` and ``study-chart`` (its caption and the paragraphs after it), on
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

from pathlib import Path

from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from ..errors import RulebookError
from ..games import make_game
from ..literals import name_pattern, player_names, unchecked_literals
from .directives import cached_record, page_language, project_folder
from .nodes import claim_value, figure_legend

logger = logging.getLogger(__name__)


def _skipped(node) -> bool:
    """Not read by the gate: claims and the legend (checked), and what no reader reads
    (an image's node: its alt text is gated on its own; a comment; a substitution's
    definition, whose text is read where it is used)."""
    return (isinstance(node, (claim_value, figure_legend, nodes.image, nodes.comment,
                              nodes.substitution_definition, nodes.system_message))
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
        root = project_folder(self.env, "rulebook_figures_dir")
        lang = page_language(self.config)
        where = self._catalog() if lang != "en" else ""
        for figure in list(self.document.findall(nodes.figure)):
            name = figure.get("rulebook_record")
            try:
                if name is not None:
                    game = cached_record(root / f"{name}.toml", root).game
                elif figure.get("rulebook_study"):  # a study chart: the studies' game
                    name = figure["rulebook_study"]
                    game = make_game(name.split("/", 1)[0])
                else:
                    continue
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
