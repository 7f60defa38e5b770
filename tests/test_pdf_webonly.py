"""Every text a PDF page holds is searched for web-only phrases
(rulebook.pdf.webonly.flowable_texts), the text inside tables, lists and boxes too."""

from __future__ import annotations

from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import KeepTogether, ListFlowable, ListItem, Paragraph, Table

from rulebook.pdf.frontmatter import FrontPage
from rulebook.pdf.webonly import flowable_texts, web_only_phrases


def test_the_text_of_every_flowable_inside_another_is_found():
    style = getSampleStyleSheet()["BodyText"]
    table = Table([["a plain cell", Paragraph("click the board", style)],
                   [[Paragraph("in a list of a cell", style)], None]])
    listed = ListFlowable([Paragraph("a listed item", style),  # an item given as is,
                           ListItem([Paragraph("an item of its own", style)])])  # or as the index does
    boxed = KeepTogether([table, listed])
    page = FrontPage([Paragraph("the title", style)], [boxed])
    found = list(flowable_texts(page))
    assert {"a plain cell", "click the board", "in a list of a cell", "a listed item",
            "an item of its own", "the title"} <= set(found)
    # so the phrase in the table's cell is found
    assert [phrase for text in found for phrase in web_only_phrases(text, "en")] == ["click"]


def test_a_book_in_a_language_with_no_list_of_its_own_is_read_with_the_english_list():
    """A language the list has no phrases for yet (a French book, say) is checked for
    the English phrases rather than for none."""
    assert web_only_phrases("Click the board to play.", "fr") == ["click"]
    assert web_only_phrases("Cliquez sur le plateau.", "fr") == []
