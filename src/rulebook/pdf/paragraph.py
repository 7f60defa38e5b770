"""The PDFs' paragraph: Japanese lines broken between phrases, and stroked "bold" fonts.

ReportLab's CJK wrapping breaks between any two characters, so it splits a
number from its counter (最大6 / つ) and may end a line with an opening
bracket.  ``RulebookParagraph`` breaks Japanese text only where BudouX ends a
phrase (or after a space), never after an opening bracket, a digit followed by
its counter, or inside a Latin word, and never before a character that cannot
start a line; only a phrase wider than the whole line is cut between
characters.
"""

from __future__ import annotations

import re
from functools import lru_cache

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Paragraph
from reportlab.platypus import paragraph as rl_paragraph

from . import styles as S

CANNOT_END = "（「『【〈《〔［｛〘〖([{“‘"  # opening brackets: never the last character of a line
_WORD = re.compile(r"[0-9A-Za-z\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]")
_DIGIT = re.compile(r"[0-9\uff10-\uff19]")
_FUZZ = 1e-6


@lru_cache(maxsize=1)
def _budoux():
    import budoux

    return budoux.load_default_japanese_parser()


@lru_cache(maxsize=4096)
def break_opportunities(text: str) -> frozenset[int]:
    """Offsets ``k`` of ``text`` at which a line may break (before ``text[k]``)."""
    boundaries, offset = set(), 0
    for phrase in _budoux().parse(text):
        offset += len(phrase)
        boundaries.add(offset)
    boundaries.update(k + 1 for k, c in enumerate(text) if c.isspace())
    cannot_start = rl_paragraph.ALL_CANNOT_START
    allowed = set()
    for k in boundaries:
        if not 0 < k < len(text):
            continue
        before, after = text[k - 1], text[k]
        if after in cannot_start or after.isspace() and not before.isspace():
            continue  # closing marks hang; a space ends the line before it, not after it
        if before in CANNOT_END:
            continue
        if _WORD.match(before) and _WORD.match(after):
            continue  # inside a Latin word or a number
        if _DIGIT.match(before):
            continue  # a number keeps its counter: 6つ, 2人
        allowed.add(k)
    return frozenset(allowed)


def phrase_split(frags, max_widths, calc_bounds):
    """Like ReportLab's ``cjkFragSplit``, but breaking only at ``break_opportunities``."""
    units = []
    for frag in frags:
        text = frag.text
        if text:
            units.extend(rl_paragraph.cjkU(t, frag, "utf8") for t in text)
        else:
            units.append(rl_paragraph.cjkU(text, frag, "utf8"))
    text = "".join(units)
    offsets, position = [], 0
    for unit in units:
        offsets.append(position)
        position += len(unit)
    opportunities = break_opportunities(text)
    cannot_start = rl_paragraph.ALL_CANNOT_START

    def breakable(k):  # a break before units[k]
        return k == count or offsets[k] in opportunities

    lines = []
    start, count = 0, len(units)
    while start < count:
        max_width = max_widths[min(len(lines), len(max_widths) - 1)]
        used, end, hard = 0.0, start, False
        while end < count:
            unit = units[end]
            if hasattr(unit.frag, "lineBreak"):
                end += 1
                hard = True
                break
            if used + unit.width > max_width + _FUZZ and end > start:
                break
            used += unit.width
            end += 1
        if not hard and end < count:
            top = end + 1 if units[end] in cannot_start else end  # a closing mark may hang
            cut = next((k for k in range(top, start, -1) if breakable(k)), None)
            if cut is None:  # one phrase wider than the line: cut between characters
                cut = end
                if units[cut] in cannot_start:
                    cut += 1  # hang a closing mark in the margin
                elif cut - 1 > start and units[cut - 1] in CANNOT_END:
                    cut -= 1
            end = cut
        line = units[start:end]
        while line and not hard and end < count and line[-1].isspace():
            line = line[:-1]  # the space at a break is not part of either line
        width = sum(u.width for u in line)
        made = rl_paragraph.makeCJKParaLine(line, max_width, width, max_width - width, hard, calc_bounds)
        made.cjk = True  # justified between its characters (_justify_cjk_line)
        lines.append(made)
        start = end
        while start < count and units[start].isspace():
            start += 1
    return rl_paragraph.ParaLines(kind=1, lines=lines)


def _justify_cjk_line(tx, offset, line, last=0):
    """ReportLab's justified line, which spreads a line's slack over its spaces only:
    a Japanese line (kind 1: one "word") has none, so its slack is spread between its
    characters instead (PDF character spacing), as Japanese print sets a full line.
    The last line of a paragraph, and a line ended by a hard break, are set as they are;
    so is every line not broken by :func:`phrase_split` (English)."""
    extra = line.extraSpace
    if not getattr(line, "cjk", False) or line.lineBreak or last or extra <= 1e-8:
        return _RL_JUSTIFY(tx, offset, line, last)
    glyphs = sum(len(word.text) for word in line.words if not hasattr(word, "cbDefn"))
    if glyphs < 2:
        return _RL_JUSTIFY(tx, offset, line, last)
    tx.setCharSpace(extra / (glyphs - 1))
    rl_paragraph.setXPos(tx, offset)
    tx._x_offset = offset
    rl_paragraph._putFragLine(offset, tx, line, last, "justify")
    rl_paragraph.setXPos(tx, -offset)
    tx.setCharSpace(0)


_RL_JUSTIFY = rl_paragraph._justifyDrawParaLineX


def install_cjk_justification() -> None:
    """Make ReportLab's justified frag lines call :func:`_justify_cjk_line` (idempotent)."""
    rl_paragraph._justifyDrawParaLineX = _justify_cjk_line


class _StrokingText(PDFTextObject):
    """A text object that draws the fonts in ``styles.STROKED`` filled and stroked (heavier)."""

    _stroked = False
    _fill = S.INK

    def _stroke_for(self, font_name: str, size: float) -> None:
        width = S.STROKED.get(font_name)
        if width:
            self._code.append(f"{fp_str(width * size)} w")
            self.setStrokeColor(self._fill)
            self.setTextRenderMode(2)
            self._stroked = True
        elif self._textRenderMode:
            self.setTextRenderMode(0)

    def setFillColor(self, color, alpha=None):
        super().setFillColor(color, alpha)
        self._fill = color
        if self._textRenderMode:
            self.setStrokeColor(color)

    def _setFont(self, psfontname, size):
        super()._setFont(psfontname, size)
        self._stroke_for(psfontname, size)

    def setFont(self, psfontname, size, leading=None):
        super().setFont(psfontname, size, leading)
        self._stroke_for(psfontname, size)

    def getCode(self):
        if self._stroked:  # leave the canvas's line width and stroke colour as it knows them
            self.setTextRenderMode(0)
            self._code.append(f"{fp_str(self._canvas._lineWidth)} w")
            self.setStrokeColor(self._canvas._strokeColorObj)
        return super().getCode()


class RulebookParagraph(Paragraph):
    """A Paragraph with phrase-aware Japanese line breaks and stroked fonts."""

    def breakLinesCJK(self, maxWidths):
        if not isinstance(maxWidths, (list, tuple)):
            maxWidths = [maxWidths]
        if hasattr(self, "blPara") and getattr(self, "_splitpara", 0):
            return self.blPara
        self.height = 0
        if not self.frags:  # ReportLab's own, which takes the bullet's width itself
            return super().breakLinesCJK(maxWidths)
        rl_paragraph._handleBulletWidth(self.bulletText, self.style, maxWidths)
        auto_leading = getattr(self, "autoLeading", getattr(self.style, "autoLeading", ""))
        # A PDF is laid out in several passes, and a paragraph wrapped at the same
        # widths in each: its lines are worked out once (BudouX's phrases are slow).
        key = (tuple(maxWidths), auto_leading)
        kept = self.__dict__.setdefault("_rulebook_lines", {})
        if key not in kept:
            kept[key] = phrase_split(self.frags, maxWidths, auto_leading not in ("", "off"))
        return kept[key]

    def beginText(self, x, y):
        return _StrokingText(self.canv, x, y)
