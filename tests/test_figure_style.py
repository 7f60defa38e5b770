"""The SVG a figure is saved as: each run of artists sharing a clip is clipped once."""

from __future__ import annotations

from rulebook.figure_style import render_panels, shared_clips
from rulebook.records import load_record

from conftest import ROOT
from svg_paint import painted


def clip_of_each_shape(svg: bytes) -> list[tuple[str, ...]]:
    """For each shape in drawing order, the clips that apply to it (its own and its
    groups', outermost first)."""
    import xml.etree.ElementTree as ET

    found = []

    def walk(node, clips):
        if node.get("clip-path"):
            clips = (*clips, node.get("clip-path"))
        tag = node.tag.split("}")[1]
        if tag in ("defs", "clipPath", "metadata", "style"):
            return
        if tag not in ("g", "svg"):
            found.append(clips)
        for child in node:
            walk(child, clips)

    walk(ET.fromstring(svg), ())
    return found


def test_artists_sharing_a_clip_are_clipped_once_and_paint_the_same():
    record = load_record(ROOT / "figures" / "inphexion" / "opening.toml", ROOT / "figures")
    import rulebook.figure_style as style

    saved = {}
    original = style.shared_clips
    try:
        style.shared_clips = lambda svg: saved.setdefault(len(saved), svg)  # as matplotlib wrote it
        plain = render_panels(record, "en")[0][0]
    finally:
        style.shared_clips = original
    merged = shared_clips(plain)
    assert plain.count(b'clip-path="url') > 50  # matplotlib clips every shape on its own
    assert merged.count(b'clip-path="url') <= 5  # a few runs, between unclipped texts
    assert merged.count(b"<g") < plain.count(b"<g") / 2  # no group that only names a shape
    # the same shapes, in the same order, painted the same and clipped by the same clip
    assert painted(merged) == painted(plain)
    assert clip_of_each_shape(merged) == clip_of_each_shape(plain)
    assert render_panels(record, "en")[0][0] == merged  # what figures are saved as


def test_a_run_ends_at_an_unclipped_artist_and_a_group_with_its_own_clip():
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg"><g id="axes_1">'
           b'<g id="a"><path d="M 0 0 L 1 1" clip-path="url(#c1)"/></g>'
           b'<g id="b"><path d="M 0 0 L 2 2" clip-path="url(#c1)"/></g>'
           b'<g id="t"><path d="M 0 0 L 3 3"/></g>'
           b'<g id="c" clip-path="url(#c2)"><path d="M 0 0 L 4 4" clip-path="url(#c1)"/></g>'
           b'<g id="d"><path d="M 0 0 L 5 5" clip-path="url(#c1)"/></g>'
           b'</g></svg>')
    merged = shared_clips(svg)
    c1, c2 = "url(#c1)", "url(#c2)"
    assert clip_of_each_shape(merged) == clip_of_each_shape(svg) == \
        [(c1,), (c1,), (), (c2, c1), (c1,)]
    assert merged.count(b'clip-path="url(#c1)"') == 3  # a+b as one group, c's own, d's group
    assert b'<g id="c" clip-path="url(#c2)">' in merged


def test_limits_worked_out_once_draw_the_same_figure(monkeypatch):
    """A record drawn with its axes' data limits grown at every artist (matplotlib's
    way) and worked out once at the end: the same bytes."""
    from contextlib import nullcontext

    import rulebook.figure_style as style

    for name in ("necto/short-game", "craquelure/whole-game", "qttt/both-lines"):
        record = load_record(ROOT / "figures" / f"{name}.toml", ROOT / "figures")
        once = render_panels(record, "en")[0]
        monkeypatch.setattr(style, "_limits_once", lambda ax: nullcontext())
        grown = render_panels(record, "en")[0]
        monkeypatch.undo()
        assert once == grown, name


def test_a_drawing_that_sets_no_limits_is_still_autoscaled():
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle

    from rulebook.figure_style import _limits_once

    def draw(ax):
        ax.plot([0, 4], [1, 2])
        ax.add_patch(Circle((6, -3), 1))

    limits = []
    for context in (lambda ax: __import__("contextlib").nullcontext(), _limits_once):
        figure = plt.figure()
        ax = figure.add_axes((0, 0, 1, 1))
        with context(ax):
            draw(ax)
        limits.append((ax.get_xlim(), ax.get_ylim()))
        plt.close(figure)
    assert limits[0] == limits[1] and limits[0][0][1] >= 7 and limits[0][1][0] <= -4


def test_a_group_that_only_names_one_shape_gives_way_to_it_and_no_other_group_does():
    """figure_style._flatten_plain_groups on matplotlib's groups: a group with only an id
    around one shape is replaced by that shape, which takes the id; a group of two shapes,
    a group with other attributes, and one whose shape has its own id stay."""
    import xml.etree.ElementTree as ET

    from rulebook.figure_style import SVG_NS, _flatten_plain_groups

    svg = ET.fromstring(
        f'<svg xmlns="{SVG_NS}"><g id="one"><!-- a note --><path d="M0 0"/></g>'
        '<g id="two"><path d="M1 1"/><path d="M2 2"/></g>'
        '<g id="styled" style="opacity:0.5"><path d="M3 3"/></g>'
        '<g id="named"><path id="own" d="M4 4"/></g></svg>')
    _flatten_plain_groups(svg)
    children = [(child.tag.split("}")[-1], child.get("id")) for child in svg
                if isinstance(child.tag, str)]
    assert children == [("path", "one"), ("g", "two"), ("g", "styled"), ("g", "named")]
    assert [len([n for n in g if isinstance(n.tag, str)]) for g in svg.iter(f"{{{SVG_NS}}}g")] == [2, 1, 1]


def test_every_panel_has_room_for_a_label_when_any_panel_has_one(tmp_path):
    """Panels of one figure are the same size; when any panel has a label (the first or
    only a later one), every panel is taller than the board by the label's room, so
    that the label is drawn below the board, not over it, and the panels line up."""
    import re
    import xml.etree.ElementTree as ET

    from rulebook.figure_style import drawing_module

    width, height = drawing_module("qttt").PANEL_SIZE

    def sizes(labels):
        path = tmp_path / "qttt" / "labels.toml"
        path.parent.mkdir(exist_ok=True)
        panels = "".join(f"[[figure.panels]]\nafter = {k}\n"
                         + (f'label = {{ en = "{label}", ja = "{label}" }}\n' if label else "")
                         for k, label in enumerate(labels))
        path.write_text(f'game = "qttt"\nmoves = ["a1-b2", "b1-c2"]\n[figure]\n{panels}',
                        encoding="utf-8")
        images, _ = render_panels(load_record(path, tmp_path), "en")
        found = []
        for svg in images:
            root = ET.fromstring(svg)
            found.append(tuple(round(float(re.sub("pt$", "", root.get(k))) / 72, 2)
                               for k in ("width", "height")))
        return found

    assert sizes([None, None, None]) == [(width, height)] * 3
    for labels in (["Start", None, None], [None, "Next", None], [None, None, "Last"]):
        found = sizes(labels)
        assert len(set(found)) == 1 and found[0][0] == width and found[0][1] > height + 0.3, \
            (labels, found)


def test_a_record_s_panel_size_is_the_size_its_panels_are_drawn_at(tmp_path):
    """[figure] panel_size = [width, height] in inches: each panel's SVG is that size (the
    game's own size otherwise)."""
    import re
    import xml.etree.ElementTree as ET

    path = tmp_path / "qttt" / "sized.toml"
    path.parent.mkdir()
    for size in ([2.5, 2.0], [4.0, 3.25]):
        path.write_text(f'game = "qttt"\nmoves = ["a1-b2"]\n[figure]\npanel_size = {size}\n'
                        "[[figure.panels]]\nafter = 0\n[[figure.panels]]\nafter = 1\n",
                        encoding="utf-8")
        images, _ = render_panels(load_record(path, tmp_path), "en")
        for svg in images:
            root = ET.fromstring(svg)
            drawn = [float(re.sub("pt$", "", root.get(k))) / 72 for k in ("width", "height")]
            assert [round(v, 2) for v in drawn] == size, (size, drawn)


def test_a_panel_s_label_stands_in_the_strip_under_its_board(monkeypatch):
    """Each labelled panel of every game's records: its label is drawn below the axes
    the position is drawn in (the strip kept for it), clear of the board, centred."""
    from rulebook import figure_style
    from rulebook.records import find_records

    seen = []
    save = figure_style._save

    def keeping(figure):
        renderer = figure._get_renderer()
        [ax] = figure.axes
        bottom = ax.get_window_extent(renderer).y0
        for text in figure.texts:
            box = text.get_window_extent(renderer)
            seen.append((text.get_text(), box.y1 <= bottom + 0.5, text.get_position()[0]))
        return save(figure)

    monkeypatch.setattr(figure_style, "_save", keeping)
    games = set()
    for path in find_records(ROOT / "figures"):
        record = load_record(path, ROOT / "figures")
        if record.panels and any(panel.label for panel in record.panels) and \
                record.game.slug not in games:
            games.add(record.game.slug)
            render_panels(record, "en")
    assert len(games) == 4 and seen
    assert all(below and x == 0.5 for _, below, x in seen), [s for s in seen if not s[1]][:3]
