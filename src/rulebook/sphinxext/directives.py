"""Directives and the claim role: game pages' title blocks and checked figures."""

from __future__ import annotations

import hashlib
import os
import posixpath
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.builders.dummy import DummyBuilder
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from ..errors import RulebookError
from ..records import Record, read_record, read_record_text
from .nodes import claim_value, figure_legend, game_catalog, game_info, legend_entry

logger = logging.getLogger(__name__)

# Words of the site's own chrome (not page text), per language.
CHROME = {
    "en": {"pdf": "PDF (English)", "pdf_other": "PDF (Japanese)", "switch": "日本語",
           "rules": "Read the rules", "play": "Play in the browser", "print": "To print:", "panel": "panel {k} of {n}",
           "panel_label": "{panel}: {label}", "panel_alt": "{alt} ({panel})",
           "formats": "Other print formats:", "letter": "US Letter", "booklet": "A5 booklet",
           "card": "Quick-reference card", "board": "Print-and-play board",
           "tiles": "Print-and-play tiles", "edition": "Edition {tag}",
           "errata": "what changed since edition {previous}"},
    "ja": {"pdf": "PDF（日本語）", "pdf_other": "PDF（英語）", "switch": "English",
           "rules": "ルールを読む", "play": "ブラウザで遊ぶ", "print": "印刷用：", "panel": "{n}枚中{k}枚目",
           "panel_label": "{panel}：{label}", "panel_alt": "{alt}（{panel}）",
           "formats": "ほかの判型：", "letter": "USレター判", "booklet": "A5判の小冊子",
           "card": "早見表カード", "board": "印刷して遊ぶ盤", "tiles": "印刷して遊ぶタイル",
           "edition": "{tag}版", "errata": "{previous}版からの変更点"},
}
OTHER_LANGUAGE = {"en": "ja", "ja": "en"}


def project_folder(env, setting: str) -> Path:
    """A folder conf.py names (``rulebook_figures_dir``, ``rulebook_figure_output``); a
    relative one is taken from the source folder, where conf.py is, as Sphinx takes
    its own paths, not from wherever the build was started."""
    return Path(env.srcdir, getattr(env.config, setting))

def page_language(config) -> str:
    return config.language if config.language in CHROME else "en"


class CheckBuilder(DummyBuilder):
    """``rulebook check``'s read of the pages (rulebook.verify): every page read
    and every warning logged, as in a build, but nothing written and no figure
    drawn (the check draws every panel as the browser does instead)."""

    name = "rulebookcheck"


def draws_figures(env) -> bool:
    """Whether figures are drawn: not for the catalogs (gettext) nor for a check."""
    return env._builder_cls.name not in ("gettext", CheckBuilder.name)


_records: dict[tuple[str, str], Record] = {}
_swatches: dict[tuple[str, str], bytes] = {}  # (game, mark key) -> legend swatch SVG


def cached_record(path: Path, root: Path) -> Record:
    """Records are replayed once per process, keyed on their content (read as
    load_record reads it: a file that cannot be read is a RecordError naming it)."""
    text = read_record_text(Path(path))
    key = (str(path), hashlib.sha256(text.encode()).hexdigest())
    if key not in _records:
        _records[key] = read_record(text, path, root)
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


class RulebookFigureDirective(SphinxDirective):
    """Insert a checked figure from ``figures/<game>/<name>.toml``.

    Each panel is its own image (class ``rulebook-panel``, wrapped in a link to
    itself at full size), so a row of panels reflows on a narrow screen; after
    the caption comes a ``figure_legend`` of the marks the panels use.
    """

    required_arguments = 1
    has_content = True
    option_spec = {"alt": directives.unchanged, "width": directives.unchanged,
                   "name": directives.unchanged}

    def run(self):
        config = self.env.config
        root = project_folder(self.env, "rulebook_figures_dir")
        path = root / f"{self.arguments[0]}.toml"
        figure = nodes.figure(classes=["rulebook-figure"])
        figure["rulebook_record"] = self.arguments[0]
        self.set_source_info(figure)
        self.env.note_dependency(str(path))
        legend = None
        try:
            record = cached_record(path, root)
            record.check()
            only = config.rulebook_only_game
            # catalogs and a check need no drawings, nor does a build of another game (--game)
            if draws_figures(self.env) and only in ("", record.game.slug):
                panels, legend = self.panel_nodes(record)
                figure += panels
                figure["classes"].append(f"rulebook-columns-{min(record.columns, len(panels))}")
        except (RulebookError, OSError) as error:
            logger.error("%s", error, location=figure, type="rulebook", subtype="claim")
            return [figure]
        self.add_text(figure)
        if legend is not None:
            figure += legend
        return [figure]

    def add_text(self, figure: nodes.figure) -> None:
        """The ``:alt:`` text and the content: a caption, then legend paragraphs."""
        if "alt" in self.options:
            # Carried as a paragraph so that it is translated with the page and its
            # :claim: roles are checked like the caption's; MoveAltTextIntoImage puts
            # its text into the panels once translated and resolved.
            text = self.options["alt"]
            inline, messages = self.state.inline_text(text, self.lineno)
            alt = nodes.paragraph(text, "", *inline, classes=["rulebook-alt"])
            self.set_source_info(alt)
            figure += alt
            figure += messages
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

    def panel_nodes(self, record: Record) -> tuple[list[nodes.reference], figure_legend | None]:
        """One linked image per panel, and the legend of the marks they use."""
        from ..figure_cache import rendered_panels  # matplotlib only when drawing

        lang = page_language(self.env.config)
        words = CHROME[lang]
        try:
            svgs, marks = rendered_panels(record, lang, self.env.config.rulebook_cache)
        except RulebookError:
            raise
        except Exception as error:  # a bug in a drawing module: say which record hit it
            raise RuntimeError(f"{record.path}: drawing the figure failed: {error!r}") from error
        stem = record.name.replace("/", "-")
        links = []
        for k, (svg, panel) in enumerate(zip(svgs, record.panels), start=1):
            about = words["panel"].format(k=k, n=len(svgs)) if len(svgs) > 1 else ""
            label = panel.label.get(lang)
            if label:
                about = words["panel_label"].format(panel=about, label=label) if about else label
            links.append(self.panel_link(f"{stem}-{lang}-{k}.svg", svg, record.name, about, lang))
        return links, self.legend_node(record.game.slug, marks, lang)

    def panel_link(self, name: str, svg: bytes, alt: str, about: str, lang: str):
        """One panel: its image written to ``name``, wrapped in a link to itself."""
        uri = self.write_image(name, svg)
        image = nodes.image(uri=uri, alt=panel_alt(alt, about, lang), classes=["rulebook-panel"])
        # MoveAltTextIntoImage adds this to the figure's translated alt text.
        image["rulebook_panel_about"] = about
        if "width" in self.options:
            image["width"] = self.options["width"]
        # The link's target is the image's own file; ``LinkPanelsToImages``
        # points it at the copy the HTML builder publishes.
        return nodes.reference("", "", image, refuri=uri, internal=True,
                               classes=["rulebook-panel-link"])

    def legend_node(self, game: str, marks, lang: str) -> figure_legend | None:
        from ..figure_cache import rendered_swatch

        if not marks:
            return None
        legend = figure_legend()
        for mark in marks:
            if (game, mark.key) not in _swatches:  # the same for every figure of the game
                _swatches[game, mark.key] = rendered_swatch(game, mark,
                                                            self.env.config.rulebook_cache)
            uri = self.write_image(f"legend-{game}-{mark.key}.svg", _swatches[game, mark.key])
            legend += legend_entry("", nodes.image(uri=uri, alt="", classes=["legend-swatch"]),
                                   nodes.paragraph("", mark.names[lang], translatable=False))
        return legend

    def write_image(self, name: str, data: bytes) -> str:
        """Write ``data`` to the figure folder (only if changed); its URI for an image node."""
        out_dir = project_folder(self.env, "rulebook_figure_output")
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / name
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
        return Path(_relative(target, Path(self.env.srcdir))).as_posix()


class LinkPanelsToImages(SphinxPostTransform):
    """Point each panel's link at the copy of its image the HTML page uses,
    so a tap or click opens the panel full size."""

    default_priority = 200
    formats = ("html",)

    def run(self, **kwargs):
        builder = self.env._app.builder  # as Sphinx's own post-transforms reach it
        images = relative_uri(builder.get_target_uri(self.env.docname), builder.imagedir)
        for link in self.document.findall(nodes.reference):
            if "rulebook-panel-link" in link["classes"]:
                image = link.next_node(nodes.image)
                source = image["candidates"].get("*", image["uri"])
                link["refuri"] = posixpath.join(images, self.env.images[source][1])


def panel_alt(alt: str, about: str, lang: str) -> str:
    """A panel's alt text: the figure's, then which panel it is and its label."""
    return CHROME[lang]["panel_alt"].format(alt=alt, panel=about) if about else alt


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
