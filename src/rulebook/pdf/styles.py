"""Fonts, Japanese line-breaking rules and the PDF stylesheet.

Latin text is set in Source Sans Pro (the ``font-source-sans-pro`` package,
SIL Open Font License), with its real italic for emphasis and its semibold
for strong text; Japanese in IPAexGothic (from matplotlib-fontja), which has
no bold or italic face: Japanese strong text is IPAexGothic drawn heavier (its
outlines stroked as well as filled, see ``STROKED``), and Japanese emphasis
lightly stroked, by weight, never slanted.  :func:`font_runs` gives each
character its face.  Inline code is DejaVu Sans Mono (shipped with
matplotlib), with IPAexGothic for the Japanese characters it lacks.  Every
font is embedded as a subset.
"""

from __future__ import annotations

import copy
import os
from functools import lru_cache
from weakref import WeakKeyDictionary

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle, StyleSheet1

FONT = "IPAexGothic"
STRONG_FONT = "IPAexGothic-Strong"  # the same outlines, stroked
EMPHASIS_CJK_FONT = "IPAexGothic-Emphasis"  # the same outlines, stroked lightly
LATIN_FONT = "SourceSansPro"
LATIN_STRONG_FONT = "SourceSansPro-Semibold"
EMPHASIS_FONT = "SourceSansPro-It"
MONO_FONT = "DejaVuSansMono"
# In Japanese text, only characters below this stay in a Latin face: the dashes, ellipses
# and quotation marks of Japanese are IPAexGothic's (full width).
JAPANESE_LATIN_BELOW = 0x2000
# Fonts drawn with their outlines stroked too: line width as a fraction of the font size.
STROKED = {STRONG_FONT: 0.045, EMPHASIS_CJK_FONT: 0.02}

# Colours (ink, headings, accents); BLUE and VERMILION are the Okabe-Ito ones
# used by the diagrams.
INK = colors.HexColor("#222222")
MUTED = colors.HexColor("#5A5A5A")
HEADING = colors.HexColor("#0B4F8A")
STRONG = colors.HexColor("#0B3C5D")
LINK = colors.HexColor("#0072B2")
RULE = colors.HexColor("#9AA8B5")
SHADE = colors.HexColor("#EEF3F8")
HEADER_SHADE = colors.HexColor("#D6E2EE")
CODE_SHADE = colors.HexColor("#F2F2F2")
NOTE_BAR = colors.HexColor("#0072B2")
WARN_BAR = colors.HexColor("#D55E00")
WARN_SHADE = colors.HexColor("#FCEFE6")

# Characters that must never start a line (kinsoku).  ReportLab's own list
# (reportlab.lib.textsplit.CANNOT_START_LINE) lacks the full-width ！ and ？
# and several closing marks; these are added to it by install_kinsoku().
EXTRA_CANNOT_START = "！？。、，．：；）」』】〕〉》〙〗｝］・ー…‥々ゝゞヽヾ"


@lru_cache(maxsize=1)
def register_font() -> str:
    """Register the PDFs' fonts with ReportLab (each embedded as a subset); return the main one."""
    import font_source_sans_pro
    import matplotlib
    import matplotlib_fontja
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTEncoding, TTFont

    ipaex = TTFont(FONT, matplotlib_fontja.get_font_ttf_path())
    pdfmetrics.registerFont(ipaex)
    for name in (STRONG_FONT, EMPHASIS_CJK_FONT):  # the same parsed font, subset on its own
        alias = copy.copy(ipaex)
        alias.fontName, alias.encoding, alias.state = name, TTEncoding(), WeakKeyDictionary()
        pdfmetrics.registerFont(alias)
    source_sans = font_source_sans_pro.font_files_ttf
    for name, key in ((LATIN_FONT, "SourceSansPro"), (LATIN_STRONG_FONT, "SourceSansProSemibold"),
                      (EMPHASIS_FONT, "SourceSansProIt")):
        pdfmetrics.registerFont(TTFont(name, source_sans[key]))
    dejavu = os.path.join(matplotlib.get_data_path(), "fonts", "ttf")
    pdfmetrics.registerFont(TTFont(MONO_FONT, os.path.join(dejavu, "DejaVuSansMono.ttf")))
    return FONT


def font_runs(text: str, latin: str, fallback: str, below: int | None = None) -> list[tuple[str, str]]:
    """``text`` cut into (font, run): ``latin`` where it has the glyph (and, if ``below`` is
    given, the character comes before it), else ``fallback``."""
    from reportlab.pdfbase import pdfmetrics

    register_font()
    glyphs = pdfmetrics.getFont(latin).face.charToGlyph
    runs: list[tuple[str, str]] = []
    for char in text:
        latin_char = ord(char) in glyphs and (below is None or ord(char) < below)
        font = latin if latin_char or char.isspace() else fallback
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + char)
        else:
            runs.append((font, char))
    return runs


def install_kinsoku() -> None:
    """Add EXTRA_CANNOT_START to ReportLab's list of characters that cannot start a line.

    ReportLab reads the list from two module globals: ``textsplit`` (one-frag
    paragraphs) and ``paragraph`` (which imported it by name).  Idempotent.
    """
    from reportlab.lib import textsplit
    from reportlab.platypus import paragraph

    for module in (textsplit, paragraph):
        missing = "".join(c for c in EXTRA_CANNOT_START if c not in module.ALL_CANNOT_START)
        module.ALL_CANNOT_START = module.ALL_CANNOT_START + missing


# Read from the style by Flowable.getKeepWithNext though not among ParagraphStyle.defaults.
FLOWABLE_STYLE_ATTRIBUTES = {"keepWithNext"}


def make_style(name: str, parent: ParagraphStyle | None = None, **attributes) -> ParagraphStyle:
    """A ParagraphStyle that refuses unknown keywords (ReportLab silently accepts ``fontsize=``)."""
    unknown = sorted(set(attributes) - set(ParagraphStyle.defaults) - FLOWABLE_STYLE_ATTRIBUTES)
    if unknown:
        raise TypeError(f"ParagraphStyle {name!r}: unknown attribute(s) {', '.join(unknown)}")
    return ParagraphStyle(name, parent=parent, **attributes)


def stylesheet(lang: str) -> StyleSheet1:
    """The stylesheet for one language; every style descends from ``base``."""
    register_font()
    ja = lang == "ja"
    size = 9.5 if ja else 10
    leading = 16 if ja else 14
    sheet = StyleSheet1()

    def add(name, parent="base", **attributes):
        sheet.add(make_style(name, sheet[parent] if parent else None, **attributes))

    add(
        "base", None,
        fontName=FONT if ja else LATIN_FONT, fontSize=size, leading=leading, textColor=INK,
        wordWrap="CJK" if ja else None, spaceAfter=5,
        bulletFontName=FONT, allowWidows=0, allowOrphans=0,
    )
    add("body", alignment=TA_JUSTIFY if ja else TA_LEFT)  # Japanese lines end flush, as printed
    add("title", fontSize=24, leading=30, textColor=INK, spaceAfter=8, keepWithNext=1)
    add("h1", fontSize=15, leading=20, textColor=HEADING, spaceBefore=14, spaceAfter=6, keepWithNext=1)
    add("h2", "h1", fontSize=12.5, leading=17, spaceBefore=10, spaceAfter=4)
    add("h3", "h1", fontSize=11, leading=15, textColor=STRONG, spaceBefore=8, spaceAfter=3)
    add("summary", fontSize=size + 1, leading=leading + 2, textColor=INK, spaceAfter=6)
    add("caption", fontSize=size - 1.5, leading=leading - 3, textColor=MUTED, alignment=TA_CENTER,
        spaceBefore=3, spaceAfter=10)
    add("legend", "caption", alignment=TA_LEFT, spaceBefore=0)
    add("legend_entry", "legend", spaceAfter=0)
    add("cell", fontSize=size - 1, leading=leading - 2, spaceAfter=2)
    add("cell_header", "cell", fontName=STRONG_FONT if ja else LATIN_STRONG_FONT)
    add("field_name", "cell", textColor=HEADING)
    add("field_value", "cell", textColor=INK)
    add("term", fontName=STRONG_FONT if ja else LATIN_STRONG_FONT, spaceAfter=1, keepWithNext=1)
    add("admonition_title", fontSize=size, textColor=HEADING, spaceAfter=2)
    add("code", fontSize=size - 1, leading=leading - 2, backColor=CODE_SHADE,
        borderPadding=(4, 6, 4, 6), spaceBefore=4, spaceAfter=9, leftIndent=6, rightIndent=6)
    add("footnote", fontSize=size - 1.5, leading=leading - 3, textColor=MUTED, spaceBefore=2, spaceAfter=2)
    add("attribution", textColor=MUTED, alignment=TA_RIGHT)
    add("footer", fontSize=8, leading=10, textColor=MUTED)
    add("toc_title", "h1", spaceBefore=6, keepWithNext=0)
    add("toc1", spaceAfter=1, spaceBefore=2)
    add("toc2", "toc1", fontSize=size - 1, leading=leading - 2, leftIndent=14, textColor=MUTED, spaceBefore=0)
    add("colophon", fontSize=size - 1.5, leading=leading - 3, textColor=MUTED, spaceAfter=2)
    add("colophon_source", "colophon", leftIndent=10)
    add("front_title", fontSize=36, leading=44, textColor=HEADING, alignment=TA_CENTER, spaceAfter=6)
    add("front_subtitle", fontSize=14, leading=20, textColor=MUTED, alignment=TA_CENTER, spaceAfter=18)
    add("front_byline", fontSize=13, leading=18, alignment=TA_CENTER)  # in the ink of the base
    add("front_heading", "h2", spaceBefore=0, keepWithNext=0)
    add("front_text", spaceAfter=3)
    add("front_url", spaceAfter=0)
    return sheet


def missing_glyphs(text: str) -> list[str]:
    """The characters of ``text`` that the PDF font cannot draw (they would show as boxes)."""
    from reportlab.pdfbase import pdfmetrics

    glyphs = pdfmetrics.getFont(register_font()).face.charToGlyph
    return sorted({c for c in text if not c.isspace() and ord(c) not in glyphs})
