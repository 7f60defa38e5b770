"""The books' paragraph styles (rulebook.pdf.styles.stylesheet)."""

from __future__ import annotations

import pytest

from rulebook.pdf.styles import stylesheet


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_s_header_cells_are_set_as_its_cells_in_the_strong_font(lang):
    styles = stylesheet(lang)
    cell, header, term = styles["cell"], styles["cell_header"], styles["term"]
    assert (header.fontSize, header.leading, header.spaceAfter) == (
        cell.fontSize, cell.leading, cell.spaceAfter)
    assert header.fontName == term.fontName != cell.fontName  # the strong font, as terms
    assert cell.fontSize < styles["body"].fontSize  # a table's cells a size smaller than the text
