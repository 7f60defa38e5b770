"""Imposition: a book's pages set two to a sheet side for saddle-stitch printing.

A booklet of P pages (P a multiple of 4; the book is padded with blank pages at
its end) is printed on P/4 sheets, both sides, folded once and stapled on the
fold.  Sheet k (from 0) carries, left and right of the fold, pages P−2k and 2k+1
on its front and 2k+2 and P−2k−1 on its back: for 8 pages, 8 1 / 2 7 / 6 3 / 4 5.
Printed duplex (flip on the short edge), the sheets stacked in order and folded,
they read 1, 2, … P.
"""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject,
                           NameObject, StreamObject)
from reportlab.lib.pagesizes import A4, landscape

SHEET = landscape(A4)  # two A5 pages side by side


def padded(pages: int) -> int:
    """The booklet's page count: ``pages`` rounded up to a multiple of 4."""
    return -(-pages // 4) * 4


def booklet_sides(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page numbers (from 1) of each printed side, in printing order;
    None where a padding page (blank) falls."""
    total = padded(pages)
    sides = []
    for sheet in range(total // 4):
        sides.append((total - 2 * sheet, 2 * sheet + 1))
        sides.append((2 * sheet + 2, total - 2 * sheet - 1))
    return [tuple(n if n <= pages else None for n in side) for side in sides]


def impose_booklet(book: bytes, sheet: tuple[float, float] = SHEET) -> bytes:
    """The PDF ``book`` (pages of one size, half the sheet or less) imposed for
    saddle stitching: one page of the result per printed side.  Each page is
    centred on its half, its fold edge on the middle of the sheet.

    Each page of the book becomes a form (its content and resources, copied
    once) that a side draws where it goes; the fonts and figures the pages share
    are copied once.  Links and bookmarks are dropped: a printed sheet has no use
    for them."""
    reader = PdfReader(io.BytesIO(book))
    writer = PdfWriter()
    forms = [_page_form(writer, page) for page in reader.pages]
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    middle = sheet[0] / 2
    for left, right in booklet_sides(len(forms)):
        placed = [(number, x) for number, x in ((left, middle - width), (right, middle))
                  if number is not None]
        side = writer.add_blank_page(*sheet)
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject(
            {NameObject(f"/P{number}"): forms[number - 1] for number, _ in placed})})
        drawn = " ".join(f"q 1 0 0 1 {x:.2f} {(sheet[1] - height) / 2:.2f} cm /P{number} Do Q"
                         for number, x in placed)
        side[NameObject("/Contents")] = writer._add_object(_stream(drawn.encode("ascii")))
    if reader.metadata:
        writer.add_metadata({key: value for key, value in reader.metadata.items()})
    if "/Lang" in reader.trailer["/Root"]:  # the language a screen reader speaks it in
        writer._root_object[NameObject("/Lang")] = reader.trailer["/Root"]["/Lang"]
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _stream(data: bytes, entries: dict | None = None) -> StreamObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    stream.update(entries or {})
    return stream.flate_encode()


def _page_form(writer: PdfWriter, page: PageObject):
    """A form XObject in ``writer`` that draws ``page`` (a reference to it)."""
    box = ArrayObject([FloatObject(float(v)) for v in page.mediabox])
    return writer._add_object(_stream(page.get_contents().get_data(), {
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): box,
        NameObject("/Resources"): page["/Resources"].clone(writer),
    }))
