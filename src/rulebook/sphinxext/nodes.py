"""Doctree nodes of the rulebook extension, shared by the HTML and PDF builders.

``game_info``: the title block of a game page (slug attribute; children: a
field list with Reading, Year, Players, You need, ... and the summary
paragraphs).  The catalog page is built from these, the PDF title block too.

Figures from records are ordinary ``nodes.figure`` / ``nodes.image`` /
``nodes.caption`` nodes (so translation and every builder handle them); the
figure node carries ``rulebook_record`` (the record name, e.g. "qttt/cycle").
"""

from docutils import nodes


class game_info(nodes.General, nodes.Element):
    """The facts about one game: ``node["slug"]``, a field list, a summary."""


class game_catalog(nodes.General, nodes.Element):
    """Placeholder replaced by the list of games once every page is read."""


class claim_value(nodes.Inline, nodes.TextElement):
    """A claim's value quoted in a caption; replaced by checked text."""


class figure_legend(nodes.General, nodes.Element):
    """The legend under a record's figure: one ``legend_entry`` per mark drawn.

    Made from the drawing module's ``MARKS`` (both languages in code), not from
    page text, so it is never in a message catalog.
    """


class legend_entry(nodes.General, nodes.Element):
    """One mark of a legend: an ``image`` (the swatch) and a ``paragraph`` (its name)."""
