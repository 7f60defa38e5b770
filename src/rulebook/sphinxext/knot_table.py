"""``.. necto-misnamed-knots::``: the table of knots that Necto's rule misnames.

The rows come from :mod:`rulebook.games.necto.misnamed` (generated from KnotInfo
and checked against it by the tests), so the page never types the list by hand.
Knot names are the same in every language; the header is given here in both,
like the names of a drawing's marks.  The nodes carry no source, so they are
not extracted for translation.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .directives import page_language

HEADER = {"en": ("Knot", "Counts as", "Points"),
          "ja": ("結び目", "ゲームの判定", "点数")}


def knot_name(name: str) -> list[nodes.Node]:
    """'10_132' -> 10 with 132 as a subscript; '3_1#4_1' -> 3₁#4₁ likewise."""
    result: list[nodes.Node] = []
    for index, part in enumerate(name.split("#")):
        crossings, _, position = part.partition("_")
        if index:
            result.append(nodes.Text("#"))
        result += [nodes.Text(crossings), nodes.subscript("", position)]
    return result


def rows():
    """(knot, the type the rule gives it, its points), from the generated table."""
    from ..games.necto.knots import NAMED, UNKNOT
    from ..games.necto.misnamed import MISNAMED

    types = {**NAMED, UNKNOT.name: UNKNOT}
    return [(knot, given, types[given].value) for knot, given in MISNAMED]


class MisnamedKnotsDirective(SphinxDirective):
    def run(self):
        header = HEADER[page_language(self.env.config)]
        table = nodes.table(classes=["necto-misnamed"])
        group = nodes.tgroup(cols=len(header))
        table += group
        for width in (1, 1, 1):
            group += nodes.colspec(colwidth=width)
        group += nodes.thead("", _row([[nodes.Text(text)] for text in header]))
        body = nodes.tbody()
        for knot, given, points in rows():
            given_cell = [nodes.Text("○")] if given == "0_1" else knot_name(given)
            body += _row([knot_name(knot), given_cell, [nodes.Text(str(points))]])
        group += body
        return [table]


def _row(cells) -> nodes.row:
    row = nodes.row()
    for children in cells:
        row += nodes.entry("", nodes.paragraph("", "", *children))
    return row
