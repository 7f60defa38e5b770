"""One drawing, two renderers: the play page's board is the books' figure.

The browser draws a position by running the game's own drawing module against
:class:`rulebook.scene.SceneAxes` (matplotlib absent, stand-ins installed);
the books run it against matplotlib.  For the last panel of every record, the
two must hold the same marks: every line, patch and text with the same
colours and widths, every line through the same points, every patch over the same
box, every arrow between the same ends, every text with the same words at the same
place and alignment, all painted in the same order, and the same legend.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import Counter

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_hex
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Patch
from matplotlib.text import Text

from rulebook.figure_style import STYLE, Legend, _draw_panel, drawing_module
from rulebook.records import find_records, load_record

from conftest import ROOT
from test_dependencies import BLOCKER

SCENES = BLOCKER + """
import json
from rulebook.play.bridge import _module
from rulebook.records import load_record
from rulebook.scene import draw_scene
out = {}
for path in sys.argv[1:]:
    record = load_record(path)
    panel = record.panels[-1]
    line = record.variation(panel.after, panel.then, panel.line)
    states = record.replay()
    moves = record.moves[: panel.after] + list(panel.then)
    previous = line[-2] if len(line) > 1 else (states[panel.after - 1] if panel.after else None)
    module = _module(record.game.slug, "drawing")
    scene, marks = draw_scene(module, line[-1], lang="ja", previous=previous,
                              move=moves[-1] if moves else None, **panel.view,
                              **({"attempt": panel.attempt} if panel.attempt else {}))
    out[path] = {"items": scene["items"], "marks": [m.key for m in marks]}
print(json.dumps(out))
"""


def hexed(colour) -> str:
    return "none" if colour in (None, "none") else to_hex(colour, keep_alpha=False).lower()


def visible(rgba) -> str:
    return "none" if rgba[3] == 0 else to_hex(rgba).lower()


def rounded(points) -> tuple:
    """Points in the drawing's units, to 4 places (JSON and matplotlib agree that far)."""
    return tuple((round(float(x), 4) + 0.0, round(float(y), 4) + 0.0) for x, y in points)


def extent(points) -> tuple:
    """The box around ``points``, to 3 places."""
    xs, ys = [float(x) for x, _ in points], [float(y) for _, y in points]
    return tuple(round(v, 3) + 0.0 for v in (min(xs), min(ys), max(xs), max(ys)))


def outline_of(item) -> list:
    """A scene patch's outline: its corners, or its circle's or wedge's arc (every
    quarter degree) and a wedge's centre."""
    if "points" in item:
        return item["points"]
    (x, y), r = item["centre"], item["r"]
    start, end = (item["from"], item["to"]) if item["kind"] == "wedge" else (0, 360)
    end += 360 if end < start else 0
    steps = [math.radians(start + (end - start) * k / 1440) for k in range(1441)]
    arc = [(x + r * math.cos(a), y + r * math.sin(a)) for a in steps]
    return arc + ([(x, y)] if item["kind"] == "wedge" else [])


def dashes(artist) -> tuple | None:
    """A line's or patch's dashes as matplotlib draws them (in points), None if solid."""
    if artist.get_linestyle() in ("-", "solid", "None", "none"):
        return None
    return tuple(round(float(v), 2) for v in artist._dash_pattern[1])


def scene_dashes(dash) -> tuple | None:
    return None if not dash else tuple(round(float(v), 2) for v in dash)


def of_artist(artist) -> tuple:
    """A matplotlib line, patch or text (with its box's edge, solid or dashed), as a
    comparable mark."""
    if isinstance(artist, Line2D):
        marker = None if artist.get_marker() in ("None", "none", "", " ", None) else artist.get_marker()
        return ("line", hexed(artist.get_color()), round(artist.get_linewidth(), 3),
                rounded(artist.get_xydata()), artist.get_solid_capstyle(),
                marker, round(artist.get_markersize(), 3) if marker else None, dashes(artist))
    if isinstance(artist, FancyArrowPatch):
        return ("arc", visible(artist.get_edgecolor()), round(artist.get_linewidth(), 3),
                rounded(artist._posA_posB), dashes(artist))
    if isinstance(artist, Patch):
        outline = artist.get_path().transformed(artist.get_patch_transform())
        return ("patch", visible(artist.get_facecolor()), visible(artist.get_edgecolor()),
                round(artist.get_linewidth(), 3), extent(outline.vertices), dashes(artist))
    box = artist.get_bbox_patch()
    return ("text", artist.get_text(), hexed(artist.get_color()), round(artist.get_fontsize(), 3),
            rounded([artist.get_position()]), artist.get_ha(), artist.get_va(),
            None if box is None else (visible(box.get_edgecolor()), dashes(box)))


def from_matplotlib(ax) -> list:
    """The axes' marks in the order matplotlib paints them (by z-order, then as added)."""
    drawn = [a for a in ax.get_children() if isinstance(a, (Line2D, Patch, Text))
             and a.get_visible() and a is not ax.patch and a not in ax.spines.values()
             and a not in (ax.title, ax._left_title, ax._right_title)]
    return [of_artist(a) for a in sorted(drawn, key=lambda a: a.get_zorder())]


def of_item(item) -> tuple:
    """A scene item, as a comparable mark."""
    kind = item["kind"]
    if kind == "line":
        return ("line", hexed(item["stroke"]), round(item["width"], 3), rounded(item["points"]),
                item["cap"], item["marker"],
                round(item["markersize"], 3) if item["marker"] else None, scene_dashes(item["dash"]))
    if kind == "arc":
        return ("arc", hexed(item["stroke"]), round(item["width"], 3),
                rounded([item["start"], item["end"]]), scene_dashes(item["dash"]))
    if kind == "text":
        box = item["bbox"]
        return ("text", item["text"], hexed(item["colour"]), round(item["size"], 3),
                rounded([(item["x"], item["y"])]), item["ha"], item["va"],
                None if box is None else (hexed(box["stroke"]), scene_dashes(box["dash"])))
    width = item["width"] if item["stroke"] != "none" or item["fill"] != "none" else 0
    return ("patch", hexed(item["fill"]), hexed(item["stroke"]), round(width, 3),
            extent(outline_of(item)), scene_dashes(item["dash"]))


def from_scene(items) -> list:
    """The scene's marks in the order the browser paints them (the scene's)."""
    return [of_item(item) for item in items]


def test_the_browser_scene_holds_the_marks_matplotlib_draws():
    paths = [str(p) for p in find_records(ROOT / "figures") if load_record(p).panels]
    done = subprocess.run([sys.executable, "-c", SCENES, *paths], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    scenes = json.loads(done.stdout)
    assert len(scenes) >= 30
    for path in paths:
        record = load_record(path)
        module = drawing_module(record.game.slug)
        legend = Legend(module.MARKS)
        with plt.rc_context(STYLE):
            figure = plt.figure(figsize=module.PANEL_SIZE)
            ax = figure.add_axes((0, 0, 1, 1))
            _draw_panel(ax, record, module, record.panels[-1], "ja", legend)
            expected = from_matplotlib(ax)
            plt.close(figure)
        got = from_scene(scenes[path]["items"])
        missing, extra = Counter(expected) - Counter(got), Counter(got) - Counter(expected)
        assert not missing and not extra, (path, extra.most_common(3), missing.most_common(3))
        assert got == expected, (path, "painted in another order")
        assert scenes[path]["marks"] == [mark.key for mark in legend.marks()], path


# --- the browser's drawing vocabulary -----------------------------------------------------

def in_the_browser(code: str) -> subprocess.CompletedProcess:
    """``code`` run as the play page runs the drawings: matplotlib absent, stand-ins installed."""
    script = BLOCKER + "from rulebook.scene import install\ninstall()\n" + code
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)


def test_a_patch_outside_the_vocabulary_is_an_error_naming_it_and_the_vocabulary():
    done = in_the_browser("from matplotlib.patches import RegularPolygon\n")
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == (
        "rulebook.scene.OutsideVocabularyImport: matplotlib.patches.RegularPolygon is outside "
        "the browser's drawing vocabulary (matplotlib.patches: Rectangle, Circle, Polygon, "
        "Wedge, FancyArrowPatch; rulebook.scene.VOCABULARY)")
    done = in_the_browser("import matplotlib.patches as patches\npatches.Ellipse((0, 0), 1, 1)\n")
    assert "matplotlib.patches.Ellipse is outside the browser's drawing vocabulary" in done.stderr
    done = in_the_browser("from matplotlib.patches import Circle, Wedge\n"
                          "from matplotlib.patheffects import withStroke\nprint('ok')\n")
    assert done.stdout == "ok\n", done.stderr


def test_an_axes_method_outside_the_vocabulary_is_an_error_naming_it_and_the_vocabulary():
    from rulebook.scene import Circle, OutsideVocabulary, SceneAxes

    ax = SceneAxes()
    with pytest.raises(OutsideVocabulary) as error:
        ax.scatter([0], [0])
    assert str(error.value) == (
        "ax.scatter is outside the browser's drawing vocabulary (Axes: plot, text, add_patch, "
        "set_xlim, set_ylim, set_aspect, set_axis_off, get_figure, get_position; "
        "rulebook.scene.VOCABULARY)")
    patch = ax.add_patch(Circle((0, 0), 1))
    with pytest.raises(AttributeError, match=r"^Circle\.set_alpha is outside .*\(artist: "
                                             r"set_clip_on, set_path_effects;"):
        patch.set_alpha(0.5)
    assert not hasattr(ax, "__array__")  # Python's own protocols get the usual answer


def test_the_vocabulary_is_what_the_stand_ins_have_matplotlib_has_and_the_guide_lists():
    import matplotlib.patches
    import matplotlib.patheffects
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes

    from rulebook import scene

    vocabulary = scene.VOCABULARY
    for name in ("matplotlib.patches", "matplotlib.patheffects"):
        stand_in = scene.stand_in_module(name)
        assert sorted(n for n in vars(stand_in) if not n.startswith("_")) == \
            sorted(vocabulary[name])
        real = sys.modules[name]
        assert all(hasattr(real, n) for n in vocabulary[name]), name
    assert all(callable(getattr(scene.SceneAxes, n, None)) and hasattr(Axes, n)
               for n in vocabulary["Axes"])
    artists = (scene._Line, scene.Rectangle, scene.Circle, scene.Polygon, scene.Wedge,
               scene.FancyArrowPatch)
    assert all(callable(getattr(cls, n, None)) and hasattr(Artist, n)
               for cls in artists for n in vocabulary["artist"])
    guide = (ROOT / "docs" / "adding-a-game.rst").read_text(encoding="utf-8")
    listed = {**vocabulary, "Axes": [f"ax.{n}" for n in vocabulary["Axes"]]}
    assert [n for names in listed.values() for n in names if f"``{n}``" not in guide] == []


def test_a_text_drawn_without_a_colour_is_in_matplotlib_s_default_text_colour():
    """A drawing that leaves out a text's colour gets, in the browser, the colour the
    books' matplotlib gives it."""
    import matplotlib
    from matplotlib.colors import to_hex

    from rulebook.scene import SceneAxes

    ax = SceneAxes()
    ax.text(0.5, 0.5, "X")
    assert ax.items[-1]["colour"] == to_hex(matplotlib.rcParams["text.color"]).upper()


@pytest.mark.parametrize("slug", ["qttt", "necto", "craquelure", "inphexion"])
def test_a_variation_panel_is_drawn_as_the_same_moves_played_in_the_main_line(slug, tmp_path):
    """A panel after move k showing a variation (``then``: another move there, or two)
    is drawn exactly as the panel after the same moves written as a record's main line
    (the same SVG):
    the position, the one before it, the last move marked (inpHeXion's push arrow and
    ring, the last tile, the last cut), in both languages.  Seeded random games of
    each game, the variation at several points, the start included."""
    import random

    from rulebook.figure_style import render_panels
    from rulebook.games import make_game
    from rulebook.records import read_record

    compared = 0
    for seed in range(2):
        rng, moves = random.Random(seed), []
        state = make_game(slug).initial_state()
        for _ in range(6):
            if state.is_over():
                break
            move = state.random_move(rng)
            moves.append(state.format_move(move))
            state = state.play(move)
        for k in range(0, len(moves) - 1, 2):
            position = make_game(slug).initial_state()
            for text in moves[:k]:
                position = position.play(position.parse_move(text))
            first = position.format_move(position.random_move(rng))
            after_first = position.play(position.parse_move(first))
            then = [first] + ([] if after_first.is_over() or k % 4 else
                              [after_first.format_move(after_first.random_move(rng))])

            def record(main, after, variation):
                text = (f'game = "{slug}"\nmoves = {json.dumps(main, ensure_ascii=False)}\n'
                        f'[[figure.panels]]\nafter = {after}\n'
                        + (f"then = {json.dumps(variation, ensure_ascii=False)}\n" if variation else ""))
                path = tmp_path / f"{slug}-{seed}-{k}-{len(variation)}.toml"
                path.write_text(text, encoding="utf-8")
                return read_record(text, path)

            varied = record(moves, k, then)
            played = record(moves[:k] + then, k + len(then), [])
            for lang in ("en", "ja"):
                assert render_panels(varied, lang)[0] == render_panels(played, lang)[0], (
                    seed, k, then, lang)
                compared += 1
    assert compared >= 8


def test_each_stand_in_patch_covers_what_matplotlib_s_patch_covers():
    """The stand-ins' geometry against matplotlib's patches of the same arguments, in
    shapes the four games happen not to draw (a rectangle wider than tall, one taller
    than wide, a polygon, a circle and a wedge off the origin): the same corners, centre,
    radius and angles, so a new game's drawing shows in the browser as in its book."""
    import random

    import numpy
    from matplotlib import patches as real

    from rulebook import scene

    rng = random.Random(5)
    for _ in range(20):
        x, y, w, h = (rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(0.1, 4),
                      rng.uniform(0.1, 4))
        shown = scene.Rectangle((x, y), w, h).geometry()
        box = real.Rectangle((x, y), w, h)
        corners = box.get_patch_transform().transform(box.get_path().vertices[:4])
        assert shown["kind"] == "polygon"
        assert numpy.allclose(sorted(map(tuple, shown["points"])),
                              sorted(map(tuple, corners.tolist())))
        points = [[rng.uniform(-3, 3), rng.uniform(-3, 3)] for _ in range(5)]
        shown = scene.Polygon(points).geometry()
        assert numpy.allclose(shown["points"], real.Polygon(points).get_xy()[:5])
        r, theta1, theta2 = rng.uniform(0.1, 3), rng.uniform(0, 180), rng.uniform(180, 360)
        circle = real.Circle((x, y), r)
        assert scene.Circle((x, y), r).geometry() == {
            "kind": "circle", "centre": pytest.approx(list(circle.center)),
            "r": pytest.approx(circle.radius)}
        wedge = real.Wedge((x, y), r, theta1, theta2)
        assert scene.Wedge((x, y), r, theta1, theta2).geometry() == {
            "kind": "wedge", "centre": pytest.approx(list(wedge.center)),
            "r": pytest.approx(wedge.r), "from": pytest.approx(wedge.theta1),
            "to": pytest.approx(wedge.theta2)}
