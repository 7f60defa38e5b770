"""Directives and the claim role: game pages' title blocks and checked figures."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from ..errors import RulebookError
from ..records import Record, load_record
from .nodes import claim_value, game_catalog, game_info

logger = logging.getLogger(__name__)

# Words of the site's own chrome (not page text), per language.
CHROME = {
    "en": {"pdf": "PDF (English)", "pdf_other": "PDF (Japanese)", "switch": "日本語",
           "rules": "Read the rules"},
    "ja": {"pdf": "PDF（日本語）", "pdf_other": "PDF（英語）", "switch": "English",
           "rules": "ルールを読む"},
}
OTHER_LANGUAGE = {"en": "ja", "ja": "en"}


def page_language(config) -> str:
    return config.language if config.language in CHROME else "en"


_records: dict[tuple[str, str], Record] = {}


def cached_record(path: Path, root: Path) -> Record:
    """Records are replayed once per process, keyed on their content."""
    key = (str(path), hashlib.sha256(path.read_bytes()).hexdigest())
    if key not in _records:
        _records[key] = load_record(path, root)
    return _records[key]


class GameInfoDirective(SphinxDirective):
    required_arguments = 1
    has_content = True

    def run(self):
        node = game_info(slug=self.arguments[0])
        node.document = self.state.document
        self.set_source_info(node)
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


class GameCatalogDirective(SphinxDirective):
    def run(self):
        return [game_catalog()]


class GameFactsDirective(SphinxDirective):
    """A table per game of the facts claims may use, made from the registry.

    Generated from code, so it is not translated (its nodes carry no source).
    """

    def run(self):
        from ..games import available_games, game_class

        result = []
        for slug in available_games():
            game = game_class(slug)
            result.append(nodes.rubric("", f"{game.names['en']} ({slug})", translatable=False))
            items = nodes.definition_list()
            for fact in game.facts:
                term = nodes.term("", "", translatable=False)
                term += nodes.literal("", fact.name)
                if fact.args:
                    term += nodes.Text(" (" + ", ".join(fact.args) + ")")
                items += nodes.definition_list_item("", term,
                                                    nodes.definition("", nodes.paragraph("", fact.doc, translatable=False)))
            result.append(items)
        return result


class RulebookFigureDirective(SphinxDirective):
    """Insert a checked figure from ``figures/<game>/<name>.toml``."""

    required_arguments = 1
    has_content = True
    option_spec = {"alt": directives.unchanged, "width": directives.unchanged,
                   "name": directives.unchanged}

    def run(self):
        config = self.env.config
        root = Path(config.rulebook_figures_dir)
        path = root / f"{self.arguments[0]}.toml"
        figure = nodes.figure(classes=["rulebook-figure"])
        figure["rulebook_record"] = self.arguments[0]
        self.set_source_info(figure)
        self.env.note_dependency(str(path))
        try:
            record = cached_record(path, root)
            record.check()
            if self.env._builder_cls.name != "gettext":  # catalogs need no drawings
                figure += self.image_node(record)
        except (RulebookError, OSError) as error:
            logger.error("%s", error, location=figure, type="rulebook", subtype="claim")
            return [figure]
        if "alt" in self.options:
            # Carried as a paragraph so that it is translated with the page;
            # MoveAltTextIntoImage puts it into the image once translated.
            alt = nodes.paragraph(self.options["alt"], self.options["alt"], classes=["rulebook-alt"])
            self.set_source_info(alt)
            figure += alt
        if self.content:
            # The first paragraph is the caption; anything after it is a legend.
            holder = nodes.Element()
            self.state.nested_parse(self.content, self.content_offset, holder)
            first = holder[0]
            if isinstance(first, nodes.paragraph):
                caption = nodes.caption(first.rawsource, "", *first.children)
                caption.source, caption.line = first.source, first.line
                figure += caption
            if len(holder) > 1:
                figure += nodes.legend("", *holder.children[1:])
        return [figure]

    def image_node(self, record: Record) -> nodes.image:
        from ..figure_style import render_svg  # matplotlib only when drawing

        lang = page_language(self.env.config)
        out_dir = Path(self.env.config.rulebook_figure_output)
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / f"{record.name.replace('/', '-')}-{lang}.svg"
        try:
            svg = render_svg(record, lang)
        except RulebookError:
            raise
        except Exception as error:  # a bug in a drawing module: say which record hit it
            raise RuntimeError(f"{record.path}: drawing the figure failed: {error!r}") from error
        if not target.exists() or target.read_bytes() != svg:
            target.write_bytes(svg)
        uri = Path(_relative(target, Path(self.env.srcdir))).as_posix()
        image = nodes.image(uri=uri, alt=record.name)
        if "width" in self.options:
            image["width"] = self.options["width"]
        return image


def _relative(target: Path, start: Path) -> str:
    return os.path.relpath(target.resolve(), start.resolve())


def claim_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    node = claim_value(rawtext, text, claim_id=text.strip())
    node.source, node.line = inliner.reporter.get_source_and_line(lineno)
    return [node], []


def unchecked_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``:unchecked:`text```: a literal in an example's text that is not a fact
    about a position (a rule's constant, a year), so the caption gate lets it
    through.  Greppable on purpose: every such escape is a reviewer's question."""
    return [nodes.inline(rawtext, text, classes=["unchecked"])], []
