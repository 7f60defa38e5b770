"""``.. necto-misnamed-knots::`` (rulebook.sphinxext.knot_table): the table of knots
Necto's rule misnames, one row each from the generated list, its knot names written
with their subscripts, its header in the page's language."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from docutils import nodes

from rulebook.games.necto.knots import NAMED, UNKNOT
from rulebook.games.necto.misnamed import MISNAMED
from rulebook.sphinxext.knot_table import MisnamedKnotsDirective, knot_name


def written(children) -> list[str]:
    """Nodes as text, a subscript as _{...}."""
    return [f"_{{{node.astext()}}}" if isinstance(node, nodes.subscript) else node.astext()
            for node in children]


@pytest.mark.parametrize("name, expected", [
    ("10_132", ["10", "_{132}"]), ("3_1", ["3", "_{1}"]),
    ("3_1#4_1", ["3", "_{1}", "#", "4", "_{1}"]),
])
def test_a_knot_is_written_as_its_crossings_with_its_position_below(name, expected):
    assert written(knot_name(name)) == expected


@pytest.mark.parametrize("lang, header", [("en", ["Knot", "Counts as", "Points"]),
                                          ("ja", ["結び目", "ゲームの判定", "点数"])])
def test_the_table_has_its_header_in_the_page_s_language_and_a_row_a_misnamed_knot(lang, header):
    directive = SimpleNamespace(env=SimpleNamespace(config=SimpleNamespace(language=lang)))
    [table] = MisnamedKnotsDirective.run(directive)
    [head] = table.findall(nodes.thead)
    assert [entry.astext() for entry in head.findall(nodes.entry)] == header
    [body] = table.findall(nodes.tbody)
    rows = list(body.findall(nodes.row))
    assert len(rows) == len(MISNAMED) > 5
    types = {**NAMED, UNKNOT.name: UNKNOT}
    for row, (knot, given) in zip(rows, MISNAMED):
        first, second, points = (entry.children[0] for entry in row.findall(nodes.entry))
        assert written(first.children) == written(knot_name(knot))
        assert (second.astext() == "○") if given == "0_1" else \
            written(second.children) == written(knot_name(given))
        assert points.astext() == str(types[given].value)


def test_a_knot_the_rule_counts_as_unknotted_is_shown_as_the_unknot_s_circle(monkeypatch):
    """Up to 10 crossings no knot is counted as unknotted, but a table generated further
    (11 crossings: knots whose polynomial is 1) has such rows: the second cell is the
    circle the pages use for the unknot, and the points are the unknot's."""
    from rulebook.games.necto import misnamed

    monkeypatch.setattr(misnamed, "MISNAMED", (("10_132", "5_1"), ("11_34", UNKNOT.name)))
    directive = SimpleNamespace(env=SimpleNamespace(config=SimpleNamespace(language="en")))
    [table] = MisnamedKnotsDirective.run(directive)
    [body] = table.findall(nodes.tbody)
    cells = [[entry.astext() for entry in row.findall(nodes.entry)] for row in body.findall(nodes.row)]
    assert cells[1][1:] == ["○", str(UNKNOT.value)] and cells[0][1] != "○", cells
