"""Doctree -> ReportLab Platypus flowables, one visit/depart pair per node type.

Block nodes collect flowables on a stack of lists (``self._flows``); text
nodes (paragraph, title, caption, term, ...) collect ReportLab paragraph
markup on a stack of string buffers (``self._inline``).  Inline nodes
(emphasis, strong, literal, reference) open and close markup tags.
"""

from __future__ import annotations

import gettext
import os
import re
from xml.sax.saxutils import escape, quoteattr

import sphinx
from docutils import nodes
from reportlab.lib import colors
from reportlab.lib.sequencer import _type2formatter
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    HRFlowable,
    Image,
    Indenter,
    ListFlowable,
    ListItem,
    Spacer,
    Table,
    TableStyle,
    XPreformatted,
)
from reportlab.platypus.tableofcontents import TableOfContents
from sphinx.util import logging
from sphinx.util.docutils import SphinxTranslator

from ..credits import game_credits
from ..editions import errata_name
from ..sphinxext import nodes as rulebook_nodes
from . import play_url
from . import styles as S
from .drawings import fresh_svg_drawing, smallest_text, svg_drawing
from .flowables import Anchor, Figure, PanelRow, Scaled, WholeBlock, keep_with_next
from .frontmatter import QR_SIZE, FrontPage, qr_code
from .paragraph import RulebookParagraph
from .pages import A4_BOOK
from .rules_index import FigurePage, RulesIndex
from .templates import TOC_LEVELS

logger = logging.getLogger(__name__)

SKIPPED_CLASS = "rulebook-langswitch"  # the HTML language switch has no place on paper
PANEL_CLASS = "rulebook-panel"  # one panel of a multi-panel figure
QUICK_REFERENCE_CLASS = "quick-reference"  # a section printed on a page of its own
MIN_PANEL_WIDTH = 100  # points: narrower than this, a figure's panels wrap to another row
MIN_FIGURE_TEXT = 6  # points: the smallest a figure's coordinates and marks may print
SWATCH_SIZE = 10  # points: a legend swatch's longer side, unless its text needs more
CELL_PAD = 4  # table cell padding (points, each side)
LIST_INDENT = 16
QUOTE_INDENT = 18
_CJK = "\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
# Units for measuring the narrowest a column can be: Latin words whole, CJK per character.
_UNBREAKABLE = re.compile(f"[^\\s{_CJK}]+|[{_CJK}]")
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
_ENUM_TYPES = {"arabic": "1", "loweralpha": "a", "upperalpha": "A", "lowerroman": "i", "upperroman": "I"}
# Sphinx's own admonition labels, translated with Sphinx's catalog for the PDF's language.
# (sphinx.locale.admonitionlabels would do, but its translator is process-global: after a
# Japanese build in the same process, an English build would label notes 注釈.)
_ADMONITION_LABELS = {
    "attention": "Attention", "caution": "Caution", "danger": "Danger", "error": "Error",
    "hint": "Hint", "important": "Important", "note": "Note", "seealso": "See also",
    "tip": "Tip", "warning": "Warning",
}
_WARNING_ADMONITIONS = {"warning", "caution", "danger", "error", "attention", "important"}


def _hex(color) -> str:
    return color.hexval().replace("0x", "#")


SUBSCRIPT_DIGITS = re.compile("[\u2080-\u2089]+")


def _ascii_digits(subscripts: str) -> str:
    return "".join(chr(ord(c) - 0x2080 + 0x30) for c in subscripts)


# Exponents such as the t⁻⁹ of a knot polynomial: raised with <super>, in plain digits.
SUPERSCRIPTS = re.compile("[\u2070\u00b9\u00b2\u00b3\u2074-\u2079\u207b]+")
_FROM_SUPERSCRIPT = str.maketrans("\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207b",
                                  "0123456789\u2212")


def _plain_scripts(text: str) -> str:
    """``text`` with sub- and superscript digits as plain ones (what the fonts must draw)."""
    text = SUBSCRIPT_DIGITS.sub(lambda m: _ascii_digits(m.group()), text)
    return SUPERSCRIPTS.sub(lambda m: m.group().translate(_FROM_SUPERSCRIPT), text)


# Sub- and superscripts: smaller and moved less than ReportLab's default (half the font
# size), so that they stay inside the line's leading and clear of table rules.
SUB = '<sub rise="22%" size="75%">'
SUPER = '<super rise="32%" size="75%">'
# Words the page does not contain, per language.
WORDS = {
    "en": {"contents": "Contents", "rulebook": "Rulebook", "designer": "Game design",
           "colon": ": ", "text": "Rules text and diagrams", "project": "the rulebook project. ",
           "checked": "Every example in this book was replayed and checked by the game's engine.",
           "play": "Play it in a browser",
           "play_how": "Two players on one device, or one against the computer, at",
           "sources": "Sources",
           "permission": "This rulebook may be printed and copied, whole and unchanged, for playing "
                         "the game.",
           "edition": "Edition: rulebook {version}, sources of {date}", "commit": " (commit {commit})",
           "edition_named": "Edition {tag}: rulebook {version}, sources of {date}",
           "errata": "What changed since edition {previous}: {url}",
           "subject": "Rules of {game}"},
    "ja": {"contents": "目次", "rulebook": "ルールブック", "designer": "考案者",
           "colon": "：", "text": "ルール文と図", "project": "rulebook プロジェクト。",
           "checked": "本書の例はすべて、ゲームのエンジンで再生し確かめたものです。",
           "play": "ブラウザで遊ぶ",
           "play_how": "1台の端末で2人で、またはコンピューターを相手に、次のアドレスで遊べます",
           "sources": "出典",
           "permission": "本書は、ゲームを遊ぶために、全体をそのまま印刷・複製してかまいません。",
           "edition": "版：rulebook {version}、{date}付の原稿", "commit": "（コミット {commit}）",
           "edition_named": "{tag}版：rulebook {version}、{date}付の原稿",
           "errata": "{previous}版からの変更点：{url}",
           "subject": "{game}のルール"},
}


def _subscripts(text: str) -> str:
    """Knot names such as 3₁ and exponents such as t⁻⁹: IPAexGothic has no subscript
    digits and few superscripts, so use <sub> and <super>."""
    text = SUBSCRIPT_DIGITS.sub(lambda m: f"{SUB}{_ascii_digits(m.group())}</sub>", text)
    return SUPERSCRIPTS.sub(lambda m: f"{SUPER}{m.group().translate(_FROM_SUPERSCRIPT)}</super>", text)


# What a paragraph ending in a colon introduces: it stays on the page with its start.
_INTRODUCED = (nodes.bullet_list, nodes.enumerated_list, nodes.definition_list, nodes.field_list,
               nodes.table, nodes.figure, nodes.literal_block)


def _introduces(paragraph: nodes.paragraph) -> bool:
    """Whether ``paragraph`` ends in a colon and a list, table, figure or code follows.
    A translated paragraph is judged by its source too: Japanese often ends such a
    paragraph with 。 where English has a colon (Sphinx keeps the source as rawsource)."""
    following = paragraph.next_node(descend=False, siblings=True)
    texts = [paragraph.astext(), paragraph.rawsource if paragraph.get("translated") else ""]
    return isinstance(following, _INTRODUCED) and any(text.rstrip().endswith((":", "：")) for text in texts)


def _faces(text: str, latin: str, fallback: str, below: int | None = None) -> str:
    """Paragraph markup for ``text`` in ``latin``, with ``fallback`` for what it cannot draw
    (or, ``below`` given, for the characters from ``below`` on: see ``styles.font_runs``)."""
    return "".join(f'<font face="{font}">{_subscripts(escape(run))}</font>'
                   for font, run in S.font_runs(text, latin, fallback, below))


def _new_page(frame_height: float):
    """A page break, unless the page is still empty (never a blank page)."""
    return CondPageBreak(frame_height - 2)


def swatch_size(swatches: list[tuple[float, float | None]]) -> float:
    """The longer side, in points, of one legend's swatches, from each swatch's
    (longer side, smallest text) at natural size: SWATCH_SIZE, or more where a
    swatch's text would print under MIN_FIGURE_TEXT points (a legend's swatches
    all the same size)."""
    return max([SWATCH_SIZE] + [side * MIN_FIGURE_TEXT / text for side, text in swatches if text])


def panel_row(panels: list, *, columns: int | None, text: float | None, max_height: float) -> PanelRow:
    """A figure's panels as the PDF sets them: rows of at most ``columns``, no taller
    than ``max_height``, and scaled so that their smallest text (``text`` points at
    natural size) prints at least MIN_FIGURE_TEXT points, unless one panel a row is
    still smaller."""
    return PanelRow(panels, min_width=MIN_PANEL_WIDTH, max_height=max_height,
                    columns=columns, text=text, min_text=MIN_FIGURE_TEXT)


class PDFTranslator(SphinxTranslator):
    """Walks one resolved doctree; ``story`` holds the flowables afterwards."""

    def __init__(self, document: nodes.document, builder) -> None:
        super().__init__(document, builder)
        self.lang = builder.pdf_language
        self.styles = S.stylesheet(self.lang)
        self.srcdir = str(builder.srcdir)
        self.docname = builder.current_docname
        self.page = getattr(builder, "page_format", A4_BOOK)  # the frame figures are sized to
        self.story: list = []
        self.game_name: str | None = None
        self._flows: list[list] = [self.story]
        self._inline: list[list[str]] = []
        self._closers: list[str] = []
        self._para_styles: list[str] = ["body"]
        self._pending_prefix = ""
        self._section_level = 0
        self._outline_level = -1
        self._bookmarks = 0
        self._indent = 0.0
        self._tables: list[_TableModel] = []
        self._field_rows: list[list] = []
        self._list_kinds: list[dict] = []
        self._game_info = 0
        self._figures: list[dict] = []  # per open figure: its panels and where they go
        self._faces: list[tuple[str, str]] = []  # (Latin font, fallback) of open literal/emphasis
        self._anchors: list[str] = []  # ids waiting for the next paragraph to carry them
        self._toc_at: int | None = None  # where in the story the table of contents goes
        self._toc_entries: list[tuple] = []  # (level, text, page, key), pages not yet known
        self._quick_reference: list[int] = []  # section levels of open quick references
        self.quick_reference: list = []  # the quick reference's flowables (for the card)
        self.designer: str | None = None  # the game-info "Designer" field, as printed
        self.game_slug: str | None = None  # the game-info's game
        self.credits = None  # its credits (rulebook.credits), if it has them
        self._designer_field = False
        self.words = WORDS.get(self.lang, WORDS["en"])
        self.text_faces = (S.LATIN_FONT, S.FONT)  # (Latin face, the face for the rest)
        self.latin_below = S.JAPANESE_LATIN_BELOW if self.lang == "ja" else None
        self.sphinx_catalog = gettext.translation(
            "sphinx", os.path.join(os.path.dirname(sphinx.__file__), "locale"),
            languages=[self.lang], fallback=True)

    # -- plumbing ---------------------------------------------------------

    def dispatch_visit(self, node):
        """Every id of the doctree becomes a link destination where its node is printed."""
        if isinstance(node, nodes.Element):
            self.anchor(node["ids"])
            if SKIPPED_CLASS in node.get("classes", ()):
                self.anchor_inside(node)
                raise nodes.SkipNode
        try:
            super().dispatch_visit(node)
        except nodes.SkipNode:
            if isinstance(node, nodes.Element):
                self.anchor_inside(node)  # ids inside a skipped node point at where it stands
            raise

    def anchor(self, ids) -> None:
        if self._inline:
            self.emit("".join(f'<a name="{i}"/>' for i in ids))
        else:
            self._anchors.extend(ids)

    def anchor_inside(self, node) -> None:
        for inner in node.findall(nodes.Element, include_self=False):
            self.anchor(inner["ids"])

    def unknown_visit(self, node):
        logger.warning("rulebookpdf: no PDF rendering for node type %r; skipped", node.tagname,
                       location=node, type="rulebookpdf", subtype="unknown-node")
        raise nodes.SkipNode

    def unknown_departure(self, node):
        pass  # unknown_visit skips the node, so nothing was opened

    def descend(self, node):
        """Visit or depart a node whose children carry all its content."""

    def skip(self, node):
        """Visit a node with nothing to print."""
        raise nodes.SkipNode

    def add(self, flowable) -> None:
        self._flows[-1].append(flowable)

    def push_flow(self) -> None:
        self._flows.append([])

    def pop_flow(self) -> list:
        return self._flows.pop()

    def begin_inline(self) -> None:
        self._inline.append([self._pending_prefix] if self._pending_prefix else [])
        self._pending_prefix = ""

    def end_inline(self) -> str:
        return "".join(self._inline.pop()).strip()

    def emit(self, markup: str) -> None:
        if self._inline:
            self._inline[-1].append(markup)

    def open_tag(self, opening: str, closing: str) -> None:
        self.emit(opening)
        self._closers.append(closing)

    def close_tag(self) -> None:
        self.emit(self._closers.pop())

    def text(self, plain: str) -> str:
        """Markup for words the page does not contain (labels, credits): each character in
        its face, Latin or Japanese."""
        return _faces(plain, *self.text_faces, self.latin_below)

    def para(self, markup: str, style: str | None = None) -> RulebookParagraph:
        """A paragraph; it carries the anchors of the nodes visited since the last one."""
        anchors = "".join(f'<a name="{i}"/>' for i in self._anchors)
        self._anchors = []
        return RulebookParagraph(anchors + markup, self.styles[style or self._para_styles[-1]])

    def available_width(self) -> float:
        return self.page.frame_width - self._indent

    # -- document structure -------------------------------------------------

    visit_document = descend

    def depart_document(self, node):
        if self._anchors:
            self.add(Anchor(self._anchors))
            self._anchors = []
        if self._toc_at is not None and self._toc_entries:
            self.story[self._toc_at:self._toc_at] = self.table_of_contents()
        self.story[:0] = self.front_page()
        self.story[:] = keep_with_next(self.story, max_height=self.page.frame_height / 4)

    def visit_section(self, node):
        self._section_level += 1
        if QUICK_REFERENCE_CLASS in node.get("classes", ()) and not self._quick_reference:
            self._quick_reference.append(self._section_level)
            self.push_flow()

    def depart_section(self, node):
        if self._quick_reference and self._quick_reference[-1] == self._section_level:
            self._quick_reference.pop()
            self.add_quick_reference(self.pop_flow())
        self._section_level -= 1

    def add_quick_reference(self, content: list) -> None:
        """All on one page (the next, if this one has no room for it), its content shrunk to
        fit the frame if it would not."""
        self.quick_reference = content
        block = WholeBlock(self.page.frame_width, self.page.frame_height - 1, content, mode="shrink")
        block.outlines = [o for flowable in content for o in getattr(flowable, "outlines", ())]
        block.starts_section = True
        self.add(block)

    def table_of_contents(self) -> list:
        toc = TableOfContents(dotsMinLevel=0, rightColumnWidth=30, tableStyle=TableStyle([
            ("FONT", (0, 0), (-1, -1), S.FONT),  # cells hold Paragraphs; this only avoids Helvetica
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ]))
        # Seeded with the headings, so the first pass lays the contents out at their full
        # length; the second pass only corrects the page numbers.
        toc._entries = list(self._toc_entries)
        toc.levelStyles = [self.styles["toc1"], self.styles["toc2"]]
        return [self.para(self.text(self.words["contents"]), "toc_title"), toc,
                HRFlowable(width="100%", thickness=0.5, color=S.RULE, spaceBefore=4, spaceAfter=10)]

    def front_page(self) -> list:
        """The title page: the game's name and byline; where to play it (address and QR
        code); its credits (copyright, sources in full), the permission to print, the edition."""
        w, facts, credits = self.words, self.builder.colophon_facts, self.credits
        # the book's own bookmark (its title's) leads to this page
        titled = next((f for f in self.story if any(o[2] == 0 for o in getattr(f, "outlines", ()))), None)
        outlines = []
        if titled is not None:
            outlines = [(f"{key}-title-page", text, 0) for key, text, level in titled.outlines if level == 0]
            titled.outlines = [o for o in titled.outlines if o[2] != 0]
        self._anchors += [key for key, _, _ in outlines]
        top = [Spacer(1, 0.16 * self.page.frame_height), self.para(self.text(self.game_name or ""), "front_title"),
               self.para(self.text(w["rulebook"]), "front_subtitle")]
        byline = credits.byline if credits else ""
        if not byline and self.designer:
            byline = f"{w['designer']}{w['colon']}{self.designer}"
        if byline:
            top.append(self.para(self.text(byline), "front_byline"))
        bottom = []
        url = play_url(self.builder.config.rulebook_play_url, self.game_slug or "", self.lang)
        if url and self.game_slug:
            link = f'<a href={quoteattr(url)} color="{_hex(S.LINK)}">{_faces(url, S.MONO_FONT, S.FONT)}</a>'
            words = [self.para(self.text(w["play"]), "front_heading"),
                     self.para(self.text(w["play_how"] + w["colon"].rstrip()), "front_text"),
                     self.para(link, "front_url")]
            box = Table([[words, qr_code(url)]], colWidths=[self.page.frame_width - QR_SIZE - 12, QR_SIZE + 12],
                        hAlign="LEFT", spaceAfter=14)
            box.setStyle(TableStyle([
                ("FONT", (0, 0), (-1, -1), S.FONT),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("BACKGROUND", (0, 0), (-1, -1), S.SHADE),
                ("LEFTPADDING", (0, 0), (-1, -1), 10),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
            ]))
            bottom.append(box)
        lines = []
        if credits and credits.copyright:
            lines.append(credits.copyright)
        elif facts["copyright"]:
            lines.append(facts["copyright"])
        lines.append(f"{w['text']}{w['colon']}{w['project']}{w['checked']}")
        if credits and credits.sources:
            lines.append(w["sources"] + w["colon"])
        bottom.append(HRFlowable(width="100%", thickness=0.5, color=S.RULE, spaceBefore=0, spaceAfter=6))
        bottom += [self.para(self.text(line), "colophon") for line in lines]
        for source in credits.sources if credits else ():
            bottom.append(self.para(self.text(source), "colophon_source"))
        bottom += [self.para(self.text(w["permission"]), "colophon")] + self.edition_lines()
        page = FrontPage(top, bottom)
        page.outlines = outlines
        return [page, _new_page(self.page.frame_height)]

    def edition_lines(self) -> list:
        """The colophon's edition: the git tag (or none) and version, the sources' date
        and commit; from the second edition on, where its errata are (rulebook.editions)."""
        w, facts = self.words, self.builder.colophon_facts
        named = {"tag": facts["edition"]} if facts.get("edition") else {}
        edition = w["edition_named" if named else "edition"].format(
            version=facts["version"], date=facts["date"] or "?", **named)
        if facts["commit"]:
            edition += w["commit"].format(commit=facts["commit"])
        lines = [self.para(self.text(edition), "colophon")]
        if named and facts.get("previous"):
            base = self.builder.config.rulebook_play_url
            where = errata_name(facts["edition"], self.lang)
            url = f"{base.rstrip('/')}/{where}" if base else where
            lines.append(self.para(self.text(w["errata"].format(previous=facts["previous"], url=url)),
                                   "colophon"))
        return lines

    def visit_title(self, node):
        self.begin_inline()

    def depart_title(self, node):
        markup = self.end_inline()
        parent = node.parent
        if isinstance(parent, nodes.section):
            self.add(self.heading(markup, node.astext(), parent["ids"]))
            if self._section_level == 1 and self._toc_at is None:
                self._toc_at = len(self.story)
        elif isinstance(parent, nodes.table):
            self._tables[-1].title = self.para(markup, "legend")
        elif isinstance(parent, (nodes.Admonition, nodes.topic, nodes.sidebar)):
            self.add(self.para(markup, "admonition_title"))
        else:
            self.add(self.para(markup, "h3"))

    def heading(self, markup: str, text: str, ids: list[str]) -> RulebookParagraph:
        """A section title; its anchor (the section's first id) is its bookmark's destination."""
        level = self._section_level
        if level <= 1 and self.game_name is None:
            self.game_name = text
        style = {1: "title", 2: "h1", 3: "h2"}.get(level, "h3")
        self._bookmarks += 1
        key = ids[0] if ids else f"section-{self._bookmarks}"
        if not ids:
            self._anchors.append(key)
        paragraph = self.para(markup, style)
        outline_level = min(max(level - 1, 0), self._outline_level + 1)
        self._outline_level = outline_level
        paragraph.outlines = [(key, text, outline_level)]
        if 1 <= outline_level <= TOC_LEVELS:
            self._toc_entries.append((outline_level - 1, text, 0, key))
        return paragraph

    def visit_subtitle(self, node):
        self.begin_inline()

    def depart_subtitle(self, node):
        self.add(self.para(self.end_inline(), "h2"))

    def visit_rubric(self, node):
        self.begin_inline()

    def depart_rubric(self, node):
        self.add(self.para(self.end_inline(), "h3"))

    def visit_paragraph(self, node):
        self.begin_inline()

    def depart_paragraph(self, node):
        markup = self.end_inline()
        if markup:
            paragraph = self.para(markup)
            if _introduces(node):
                paragraph.keepWithNext = 1
            self.add(paragraph)

    visit_compact_paragraph = visit_paragraph
    depart_compact_paragraph = depart_paragraph

    def visit_transition(self, node):
        self.add(HRFlowable(width="100%", thickness=0.5, color=S.RULE, spaceBefore=6, spaceAfter=6))
        raise nodes.SkipNode

    # Containers whose children carry the content.
    visit_container = depart_container = descend

    visit_compound = depart_compound = descend
    visit_start_of_file = depart_start_of_file = descend
    visit_only = depart_only = descend

    # Nodes with nothing to print.
    visit_comment = visit_raw = visit_substitution_definition = skip
    visit_index = visit_toctree = visit_highlightlang = visit_tabular_col_spec = skip
    visit_meta = visit_decoration = skip

    visit_game_catalog = skip  # filled in for the site's index page only

    def visit_rules_index(self, node):
        """The rules index (rulebook.sphinxext.rules_index): each rule, then its figures,
        linked, with the pages they are printed on (:class:`RulesIndex`)."""
        words, link = node.get("words", {}), _hex(S.LINK)
        entries = []
        for sentence, links in node.get("entries", []):
            markup = f"<b>{self.text(sentence)}</b><br/>"
            if links:
                shown = []
                for number, (text, ident) in enumerate(links):
                    name = self.text(text)
                    if ident in self.document.ids:
                        name = f'<a href="#{ident}" color="{link}">{name}</a>'
                    shown.append(f"{name}\x00{number}\x01")
                markup += self.text(words.get("shows", "")) + self.text(words.get("sep", ", ")).join(shown)
            else:
                markup += f"<i>{self.text(words.get('none', ''))}</i>"
            markup = markup.replace("{", "{{").replace("}", "}}")
            markup = re.sub("\x00([0-9]+)\x01", r"{\1}", markup)  # the pages' places
            entries.append((markup, [ident for _, ident in links]))
        base = self.styles["body"]
        self.add(RulesIndex(entries, lambda markup: RulebookParagraph(markup, base), self.lang, {
            "bulletType": "bullet", "start": "•", "leftIndent": LIST_INDENT, "bulletFontName": S.FONT,
            "bulletFontSize": base.fontSize, "bulletColor": S.HEADING, "bulletDedent": "auto",
            "spaceAfter": base.spaceAfter}))
        raise nodes.SkipNode

    def visit_target(self, node):
        if not node.children:
            raise nodes.SkipNode

    depart_target = descend

    def visit_system_message(self, node):
        logger.warning("rulebookpdf: system message left in the doctree: %s", node.astext(),
                       location=node, type="rulebookpdf")
        raise nodes.SkipNode

    def visit_problematic(self, node):
        logger.warning("rulebookpdf: problematic markup %r", node.astext(), location=node,
                       type="rulebookpdf")
        self.open_tag(f'<font color="{_hex(S.WARN_BAR)}">', "</font>")

    def depart_problematic(self, node):
        self.close_tag()

    # -- inline ---------------------------------------------------------------

    def visit_Text(self, node):
        # (rulebook.sphinxext's JoinJapaneseLines already dropped line breaks inside Japanese)
        latin, fallback = self._faces[-1] if self._faces else self.text_faces
        below = self.latin_below if latin != S.MONO_FONT else None
        # only what the Latin face lacks falls back to IPAexGothic
        drawn = "".join(run for font, run in S.font_runs(node.astext(), latin, fallback, below)
                        if font == fallback)
        missing = S.missing_glyphs(_plain_scripts(drawn))
        if missing:
            logger.warning("rulebookpdf: the font %s has no glyph for %s", S.FONT,
                           ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing),
                           location=node.parent, type="rulebookpdf")
        text = _faces(node.astext().replace("\n", " "), latin, fallback, below)
        if self._inline:
            self.emit(text)
        elif text.strip():
            self.add(self.para(text))

    depart_Text = descend

    # Emphasis, strong and code are told apart by their letterforms, not by colour
    # (the players' colours mean something in the diagrams).
    def visit_emphasis(self, node):
        self._faces.append((S.EMPHASIS_FONT, S.EMPHASIS_CJK_FONT))  # Japanese: by weight, not slanted
        self._closers.append("")

    def depart_emphasis(self, node):
        self._faces.pop()
        self.close_tag()

    visit_title_reference = visit_emphasis
    depart_title_reference = depart_emphasis

    def visit_strong(self, node):
        self._faces.append((S.LATIN_STRONG_FONT, S.STRONG_FONT))
        self._closers.append("")

    depart_strong = depart_emphasis

    def visit_literal(self, node):
        self._faces.append((S.MONO_FONT, S.FONT))
        self.open_tag(f'<font backColor="{_hex(S.CODE_SHADE)}">', "</font>")

    depart_literal = depart_emphasis

    def visit_math(self, node):
        self.emit(f'<font backColor="{_hex(S.CODE_SHADE)}">{_faces(node.astext(), S.MONO_FONT, S.FONT)}</font>')
        raise nodes.SkipNode

    def visit_subscript(self, node):
        self.open_tag(SUB, "</sub>")

    def visit_superscript(self, node):
        self.open_tag(SUPER, "</super>")

    def depart_subscript(self, node):
        self.close_tag()

    depart_superscript = depart_subscript

    visit_inline = depart_inline = descend

    # Text-like inline nodes: their text is all that matters on paper.
    visit_abbreviation = depart_abbreviation = descend
    visit_acronym = depart_acronym = descend
    visit_generated = depart_generated = descend
    visit_pending_xref = depart_pending_xref = descend
    visit_claim_value = depart_claim_value = descend  # normally replaced by Text already

    def visit_reference(self, node):
        """Web links and links inside the document; references to other pages are plain text."""
        uri = node.get("refuri", "")
        base, _, anchor = uri.partition("#")
        same_document = base in ("", self.docname, f"{self.docname}.html", f"{self.docname}.pdf")
        target = node.get("refid") or (anchor if same_document else None)
        if uri and _EXTERNAL.match(uri) and not uri.startswith("file:"):
            self.open_tag(f'<a href={quoteattr(uri)} color="{_hex(S.LINK)}">', "</a>")
        elif target and target in self.document.ids:
            self.open_tag(f'<a href="#{target}" color="{_hex(S.LINK)}">', "</a>")
        else:
            self._closers.append("")

    def depart_reference(self, node):
        self.close_tag()

    def visit_footnote_reference(self, node):
        self.emit(f"{SUPER}{escape(node.astext())}</super>")
        raise nodes.SkipNode

    visit_citation_reference = visit_footnote_reference

    # -- lists ------------------------------------------------------------------

    def visit_enumerated_list(self, node):
        self.push_flow()
        self._indent += LIST_INDENT
        kind = _ENUM_TYPES.get(node.get("enumtype", "arabic"), "1")
        fmt = f"{node.get('prefix', '')}%s{node.get('suffix', '.')}"
        start = node.get("start", 1)
        # room for the widest label ("10.", "viii)") plus a gap
        labels = [fmt % _type2formatter[kind](n) for n in range(start, start + len(node))]
        size = self.styles["body"].fontSize
        indent = max(LIST_INDENT, max(stringWidth(label, S.FONT, size) for label in labels) + 6)
        self._indent += indent - LIST_INDENT
        self._list_kinds.append({"bulletType": kind, "start": start, "bulletFormat": escape(fmt),
                                 "leftIndent": indent})

    def visit_bullet_list(self, node):
        self.push_flow()
        self._indent += LIST_INDENT
        self._list_kinds.append({"bulletType": "bullet", "start": "•", "leftIndent": LIST_INDENT})

    def depart_bullet_list(self, node):
        kind = self._list_kinds.pop()
        self._indent -= kind["leftIndent"]
        items = self.pop_flow()
        base = self.styles["body"]
        self.add(ListFlowable(
            items, bulletFontName=S.FONT, bulletFontSize=base.fontSize, bulletColor=S.HEADING,
            bulletDedent="auto", spaceAfter=base.spaceAfter, **kind,
        ))

    depart_enumerated_list = depart_bullet_list

    def visit_list_item(self, node):
        self.push_flow()

    def depart_list_item(self, node):
        flowables = self.pop_flow()
        if flowables:
            # the last paragraph's spaceAfter separates items
            self.add(ListItem(flowables))

    visit_definition_list = depart_definition_list = descend

    visit_definition_list_item = depart_definition_list_item = descend

    def visit_term(self, node):
        self.begin_inline()

    def depart_term(self, node):
        self.add(self.para(self.end_inline(), "term"))

    def visit_classifier(self, node):
        # shown under the term, in the small muted style
        self.add(self.para(escape(node.astext()), "legend"))
        raise nodes.SkipNode

    def visit_definition(self, node):
        self.add(Indenter(left=LIST_INDENT))
        self._indent += LIST_INDENT

    def depart_definition(self, node):
        self._indent -= LIST_INDENT
        self.add(Indenter(left=-LIST_INDENT))

    def visit_block_quote(self, node):
        self.add(Indenter(left=QUOTE_INDENT))
        self._indent += QUOTE_INDENT

    def depart_block_quote(self, node):
        self._indent -= QUOTE_INDENT
        self.add(Indenter(left=-QUOTE_INDENT))

    def visit_attribution(self, node):
        self.begin_inline()

    def depart_attribution(self, node):
        self.add(self.para("— " + self.end_inline(), "attribution"))

    visit_line_block = depart_line_block = descend

    def visit_line(self, node):
        self.begin_inline()

    def depart_line(self, node):
        self.add(self.para(self.end_inline() or "&nbsp;"))

    # -- field lists and the game's title block -----------------------------

    def visit_field_list(self, node):
        self._field_rows.append([])

    def depart_field_list(self, node):
        rows = self._field_rows.pop()
        if rows:
            self.add(self.field_table(rows, title_block=self._game_info > 0))

    visit_field = depart_field = descend

    def visit_field_name(self, node):
        self.begin_inline()

    def depart_field_name(self, node):
        self._field_rows[-1].append([self.para(self.end_inline(), "field_name"), [], node.astext()])
        # the source's English name, kept by the translation: the designer is the book's author
        self._designer_field = self._game_info > 0 and (node.rawsource or node.astext()) in (
            "Designer", self.words["designer"])

    def visit_field_body(self, node):
        self.push_flow()
        self._para_styles.append("field_value")

    def depart_field_body(self, node):
        if self._designer_field:
            self.designer = node.astext().strip()
            self._designer_field = False
        self._para_styles.pop()
        self._field_rows[-1][-1][1] = self.pop_flow()

    def field_table(self, rows, *, title_block: bool) -> Table:
        width = self.available_width()
        name_style = self.styles["field_name"]
        names = [row.pop() for row in rows]  # the plain-text names, kept for measuring
        name_width = max(stringWidth(n, S.FONT, name_style.fontSize) for n in names) + 2 * CELL_PAD + 4
        name_width = min(name_width, 0.35 * width)
        commands = [
            ("FONT", (0, 0), (-1, -1), S.FONT),  # cells hold Paragraphs; this only avoids Helvetica
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD + 2),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LINEBELOW", (0, 0), (-1, -2), 0.5, colors.white if title_block else S.RULE),
        ]
        if title_block:
            commands.append(("BACKGROUND", (0, 0), (-1, -1), S.SHADE))
        table = Table(rows, colWidths=[name_width, width - name_width], hAlign="LEFT",
                      spaceBefore=2, spaceAfter=10)
        table.setStyle(TableStyle(commands))
        return table

    def visit_game_info(self, node):
        self._game_info += 1
        if self.game_slug is None:
            self.game_slug = node.get("slug")
            self.credits = game_credits(self.game_slug, self.lang)
        self._para_styles.append("summary")

    def depart_game_info(self, node):
        self._para_styles.pop()
        self._game_info -= 1
        self.add(HRFlowable(width="100%", thickness=1, color=S.HEADING, spaceBefore=2, spaceAfter=8))
        if self._section_level <= 1:
            self._toc_at = len(self.story)  # the table of contents follows the title block

    # -- tables ---------------------------------------------------------------

    def visit_table(self, node):
        self._tables.append(_TableModel())

    def depart_table(self, node):
        model = self._tables.pop()
        if model.title is not None:
            model.title.keepWithNext = 1
            self.add(model.title)
        if model.rows:
            self.add(model.build(self.styles, self.available_width()))

    visit_tgroup = depart_tgroup = descend

    def visit_colspec(self, node):
        self._tables[-1].columns += 1
        raise nodes.SkipNode

    def visit_thead(self, node):
        self._tables[-1].in_header = True

    def depart_thead(self, node):
        self._tables[-1].in_header = False

    visit_tbody = depart_tbody = descend

    def visit_row(self, node):
        self._tables[-1].start_row()

    depart_row = descend

    def visit_entry(self, node):
        self.push_flow()
        self._para_styles.append("cell_header" if self._tables[-1].in_header else "cell")

    def depart_entry(self, node):
        self._para_styles.pop()
        self._tables[-1].add_cell(self.pop_flow(), node)

    # -- figures and images -----------------------------------------------------

    def visit_figure(self, node):
        self.push_flow()
        self._para_styles.append("legend")
        columns = [int(name.rsplit("-", 1)[1]) for name in node.get("classes", ())
                   if re.fullmatch(r"rulebook-columns-\d+", name)]
        self._figures.append({"panels": [], "at": None, "columns": columns[0] if columns else None,
                              "text": []})

    def depart_figure(self, node):
        self._para_styles.pop()
        figure = self._figures.pop()
        parts = self.pop_flow()
        if figure["panels"]:
            parts.insert(figure["at"], panel_row(figure["panels"], columns=figure["columns"],
                                                 text=min(figure["text"], default=None),
                                                 max_height=0.6 * self.page.frame_height))
            parts.insert(figure["at"], FigurePage(node["ids"]))  # for the rules index's pages
        if parts:
            self.add(Figure([Spacer(1, 4)] + parts))

    def visit_caption(self, node):
        self.begin_inline()

    def depart_caption(self, node):
        self.add(self.para(self.end_inline(), "caption"))

    visit_legend = depart_legend = descend

    def visit_figure_legend(self, node):
        """The marks drawn in a figure: swatch and name, as many pairs a row as fit;
        the swatches as large as their text needs (:func:`swatch_size`)."""
        style = self.styles["legend"]
        found = []
        for entry in node.findall(rulebook_nodes.legend_entry):
            image = next(iter(entry.findall(nodes.image)), None)
            swatch = self.load_image(image) if image is not None else None
            if swatch is None:
                continue
            name = entry.next_node(nodes.paragraph)
            found.append((swatch, max(swatch.wrap(1e6, 1e6)), self.svg_text(image),
                          name.astext() if name is not None else ""))
        if found:
            size = swatch_size([(side, text) for _, side, text, _ in found])
            entries = [(Scaled(swatch, size / side), name) for swatch, side, _, name in found]
            table = self.legend_table(entries, style, size)
            table.figure_legend = True  # repeated when the figure splits (flowables.Figure)
            self.add(table)
        raise nodes.SkipNode

    def svg_text(self, node) -> float | None:
        """The smallest text of the image's SVG at natural size (None: no text, or not an SVG)."""
        path = self.image_path(node)
        if path is None or not path.lower().endswith(".svg"):
            return None
        with open(path, "rb") as stream:
            return smallest_text(stream.read())

    def legend_table(self, entries, style, size: float) -> Table:
        name_width = max(stringWidth(name, S.FONT, style.fontSize) for _, name in entries) + 4
        pair = size + 4 + name_width + 10
        columns = max(1, min(len(entries), int(self.available_width() // pair)))
        rows = []
        for start in range(0, len(entries), columns):
            row = []
            for swatch, name in entries[start:start + columns]:
                row += [swatch, self.para(self.text(name), "legend_entry")]
            rows.append(row + [""] * (2 * columns - len(row)))
        table = Table(rows, colWidths=[size + 4, name_width + 10] * columns, hAlign="CENTER",
                      spaceAfter=8)
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), S.FONT),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ]))
        return table

    def visit_image(self, node):
        if self._inline:  # an inline image (substitution): its alt text
            self.emit(escape(node.get("alt", "")))
            raise nodes.SkipNode
        if PANEL_CLASS in node.get("classes", ()) and self._figures:
            figure = self._figures[-1]
            panel = self.load_image(node)
            if panel is not None:
                if figure["at"] is None:
                    figure["at"] = len(self._flows[-1])
                figure["panels"].append(panel)
                text = self.svg_text(node)
                if text is not None:
                    figure["text"].append(text)
            raise nodes.SkipNode
        flowable = self.image(node)
        if flowable is not None:
            self.add(flowable)
        raise nodes.SkipNode

    def image_path(self, node) -> str | None:
        uri = node.get("uri", "")
        candidates = [uri] + list(node.get("candidates", {}).values())
        for candidate in candidates:
            if not candidate or "://" in candidate:
                continue
            for path in (candidate, os.path.join(self.srcdir, candidate.lstrip("/"))):
                if os.path.isabs(path) and os.path.isfile(path):
                    return path
        return None

    def load_image(self, node, own: bool = False):
        """The image at its natural size (an SVG as a vector Drawing), or None with a warning.

        An SVG's drawing is shared with every other use of the same SVG (so it is
        drawn once, :mod:`.drawings`), unless ``own``: then it may be scaled."""
        path = self.image_path(node)
        if path is None:
            logger.warning("rulebookpdf: image not found: %s", node.get("uri"), location=node,
                           type="rulebookpdf")
            return None
        if path.lower().endswith(".svg"):
            with open(path, "rb") as stream:
                data = stream.read()
            cache = self.builder.config.rulebook_cache
            drawing = fresh_svg_drawing(data, cache) if own else svg_drawing(data, cache)
            if drawing is None:
                logger.warning("rulebookpdf: cannot read SVG %s", path, location=node, type="rulebookpdf")
                return None
            return drawing
        return Image(path)

    def image(self, node):
        flowable = self.load_image(node, own=True)
        if flowable is None:
            return None
        if isinstance(flowable, Image):
            scale = self.image_scale(node, flowable.imageWidth, flowable.imageHeight)
            flowable.drawWidth = flowable.imageWidth * scale
            flowable.drawHeight = flowable.imageHeight * scale
        else:
            scale = self.image_scale(node, flowable.width, flowable.height)
            flowable.scale(scale, scale)
            flowable.width *= scale
            flowable.height *= scale
        flowable.hAlign = {"left": "LEFT", "right": "RIGHT"}.get(node.get("align"), "CENTER")
        return flowable

    def image_scale(self, node, width: float, height: float) -> float:
        """Natural size (or the requested width/scale), shrunk to fit the frame."""
        scale = float(node.get("scale", 100)) / 100
        requested = str(node.get("width", "")).strip()
        if requested.endswith("%"):
            scale = self.available_width() * float(requested[:-1]) / 100 / width
        elif requested:
            number = re.match(r"[\d.]+", requested)
            if number:
                unit = requested[number.end():] or "px"
                points = float(number.group()) * {"px": 0.75, "pt": 1, "in": 72, "cm": 28.35, "mm": 2.835}.get(unit, 0.75)
                scale = points / width
        scale = min(scale, self.available_width() / width)
        return min(scale, 0.6 * self.page.frame_height / height)

    # -- boxes: admonitions, topics, literal blocks ---------------------------------

    def visit_admonition(self, node):
        self.push_flow()
        self._indent += 2 * CELL_PAD + 6
        label = _ADMONITION_LABELS.get(node.tagname)
        if label:
            self.add(self.para(self.text(self.sphinx_catalog.gettext(label)), "admonition_title"))

    def depart_admonition(self, node):
        self._indent -= 2 * CELL_PAD + 6
        content = self.pop_flow()
        warn = node.tagname in _WARNING_ADMONITIONS
        box = Table([[content]], colWidths=[self.available_width()], hAlign="LEFT",
                    spaceBefore=4, spaceAfter=10)
        box.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), S.FONT),
            ("BACKGROUND", (0, 0), (-1, -1), S.WARN_SHADE if warn else S.SHADE),
            ("LINEBEFORE", (0, 0), (0, -1), 3, S.WARN_BAR if warn else S.NOTE_BAR),
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD + 6),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
            ("TOPPADDING", (0, 0), (-1, -1), 5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]))
        self.add(box)

    # Every admonition class (note, tip, warning, seealso, ...) is a nodes.Admonition.
    visit_Admonition = visit_admonition
    depart_Admonition = depart_admonition
    visit_topic = visit_sidebar = visit_admonition
    depart_topic = depart_sidebar = depart_admonition

    def visit_literal_block(self, node):
        self.add(XPreformatted(_faces(node.astext().rstrip("\n"), S.MONO_FONT, S.FONT), self.styles["code"]))
        raise nodes.SkipNode

    visit_doctest_block = visit_math_block = visit_literal_block

    # -- footnotes ----------------------------------------------------------------

    def visit_footnote(self, node):
        self._para_styles.append("footnote")

    def depart_footnote(self, node):
        self._para_styles.pop()

    visit_citation = visit_footnote
    depart_citation = depart_footnote

    def visit_label(self, node):
        self._pending_prefix = f"{SUPER}{escape(node.astext())}</super> "
        raise nodes.SkipNode


class _TableModel:
    """Cells of one docutils table, placed on a grid (spans included), then a Table."""

    def __init__(self):
        self.columns = 0
        self.rows: list[list] = []  # grid of flowable lists or "" (covered by a span)
        self.header_rows = 0
        self.in_header = False
        self.title = None
        self.spans: list[tuple] = []
        self.texts: dict[tuple[int, int], str] = {}
        self._covered: set[tuple[int, int]] = set()

    def start_row(self):
        self.rows.append([""] * self.columns)
        if self.in_header:
            self.header_rows += 1

    def add_cell(self, flowables, entry):
        r = len(self.rows) - 1
        c = 0
        while (r, c) in self._covered:
            c += 1
        right, down = entry.get("morecols", 0), entry.get("morerows", 0)
        for rr in range(r, r + down + 1):
            for cc in range(c, c + right + 1):
                self._covered.add((rr, cc))
        while len(self.rows[r]) <= c + right:
            self.rows[r].append("")
        self.rows[r][c] = flowables
        if right or down:
            self.spans.append(("SPAN", (c, r), (c + right, r + down)))
        self.texts[(r, c, right)] = entry.astext()

    def column_widths(self, styles, available: float) -> list[float]:
        """Room for every column's longest word; the rest shared by how much text wants."""
        count = max(len(row) for row in self.rows)
        narrowest = [20.0] * count
        natural = [20.0] * count
        # single cells first, then cells spanning columns widen their columns evenly if needed
        for (r, c, right), text in sorted(self.texts.items(), key=lambda item: item[0][2]):
            size = styles["cell_header" if r < self.header_rows else "cell"].fontSize
            pad = 2 * CELL_PAD + 2
            words = _UNBREAKABLE.findall(text) or [""]
            lines = text.splitlines() or [""]
            for widths, need in ((narrowest, max(stringWidth(w, S.FONT, size) for w in words) + pad),
                                 (natural, max(stringWidth(x, S.FONT, size) for x in lines) + pad)):
                columns = range(c, c + right + 1)
                missing = need - sum(widths[i] for i in columns)
                for i in columns:
                    widths[i] += max(missing, 0) / len(columns)
        if sum(natural) <= available:
            return natural
        if sum(narrowest) >= available:
            return [w * available / sum(narrowest) for w in narrowest]
        wants = [n - m for n, m in zip(natural, narrowest)]
        spare = available - sum(narrowest)
        return [m + spare * want / sum(wants) for m, want in zip(narrowest, wants)]

    def build(self, styles, available: float) -> Table:
        count = max(len(row) for row in self.rows)
        rows = [row + [""] * (count - len(row)) for row in self.rows]
        table = Table(rows, colWidths=self.column_widths(styles, available), repeatRows=self.header_rows,
                      hAlign="LEFT", spaceBefore=4, spaceAfter=10)
        commands = [
            ("FONT", (0, 0), (-1, -1), S.FONT),
            ("GRID", (0, 0), (-1, -1), 0.5, S.RULE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("ROWBACKGROUNDS", (0, self.header_rows), (-1, -1), [colors.white, S.SHADE]),
            *self.spans,
        ]
        if self.header_rows:
            commands.append(("BACKGROUND", (0, 0), (-1, self.header_rows - 1), S.HEADER_SHADE))
            commands.append(("LINEBELOW", (0, self.header_rows - 1), (-1, self.header_rows - 1), 1, S.HEADING))
        table.setStyle(TableStyle(commands))
        return table
