"""Every figure's marks survive greyscale print and colour-vision deficiency.

Each drawing module's ``MARKS`` says how each mark is told apart
(:class:`rulebook.palette.Mark`): marks of the same shape or pattern
(``distinct_by``) must differ in lightness (CIE L*) by ``MARK_CONTRAST``, and a
mark drawn over a ground (``on``) from that ground (except marks a module's
``EXCLUSIVE`` sets say no figure shows together), in colour, in the two
greyscales printers use and under simulated deuteranopia, protanopia and
tritanopia (colorspacious, at full severity).  The colours are the drawing
modules' own.
"""

from __future__ import annotations

import itertools
import re

import pytest
from colorspacious import cspace_convert

from rulebook.figure_style import drawing_module
from rulebook.games import available_games, make_game
from rulebook.palette import MARK_CONTRAST, Mark

GAMES = sorted(available_games())


def _rgb(colour: str) -> list[float]:
    return [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]


def _lightness(rgb) -> float:
    return float(cspace_convert([min(max(c, 0.0), 1.0) for c in rgb], "sRGB1", "CIELab")[0])


def _grey(weights):
    return lambda rgb: [sum(w * c for w, c in zip(weights, rgb))] * 3


def _deficient(kind):
    space = {"name": "sRGB1+CVD", "cvd_type": kind, "severity": 100}
    return lambda rgb: cspace_convert(rgb, space, "sRGB1")


SEEN = {  # how a colour looks: the colour itself, printed in grey, and to dichromats
    "colour": lambda rgb: rgb,
    "greyscale (Rec. 601 luma)": _grey((0.299, 0.587, 0.114)),
    "greyscale (Rec. 709 luma)": _grey((0.2126, 0.7152, 0.0722)),
    "deuteranopia": _deficient("deuteranomaly"),
    "protanopia": _deficient("protanomaly"),
    "tritanopia": _deficient("tritanomaly"),
}


def lightness(colour: str, seen: str) -> float:
    return _lightness(SEEN[seen](_rgb(colour)))


def too_close(first: str, second: str) -> list[str]:
    """The ways of seeing in which two colours differ by less than MARK_CONTRAST in L*."""
    return [f"{seen}: L* {lightness(first, seen):.0f} vs {lightness(second, seen):.0f}"
            for seen in SEEN if abs(lightness(first, seen) - lightness(second, seen)) < MARK_CONTRAST]


def test_lightness_is_measured_as_a_reader_sees_it():
    assert lightness("#FFFFFF", "colour") == pytest.approx(100, abs=0.1)
    assert lightness("#000000", "tritanopia") == pytest.approx(0, abs=0.1)
    # a deuteranope sees pure red darker, and a protanope much darker, than it is
    assert lightness("#FF0000", "protanopia") < lightness("#FF0000", "colour") - 10
    assert not too_close("#0072B2", "#F0E442")
    assert too_close("#0072B2", "#D55E00")  # Okabe-Ito blue and vermilion: alike in grey


@pytest.mark.parametrize("slug", GAMES)
def test_every_mark_says_how_it_is_told_apart(slug):
    marks = drawing_module(slug).MARKS
    assert all(isinstance(mark, Mark) for mark in marks)
    for mark in marks:
        assert mark.colour or mark.distinct_by, f"{mark.key}: neither a colour nor a shape"
    for shape, group in itertools.groupby(sorted(marks, key=lambda m: m.distinct_by),
                                          key=lambda m: m.distinct_by):
        group = list(group)
        if len(group) > 1:
            assert all(m.colour for m in group), f"{shape!r}: marks told apart by colour need one"


@pytest.mark.parametrize("slug", GAMES)
def test_marks_of_one_shape_differ_in_lightness_however_they_are_seen(slug):
    module = drawing_module(slug)
    apart = [set(keys) for keys in getattr(module, "EXCLUSIVE", ())]  # never in one figure
    problems = []
    for first, second in itertools.combinations(module.MARKS, 2):
        if any({first.key, second.key} <= keys for keys in apart):
            continue
        if first.distinct_by == second.distinct_by:
            for problem in too_close(first.colour, second.colour):
                problems.append(f"{first.key} / {second.key} (both {first.distinct_by or 'plain'})"
                                f": {problem}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("slug", GAMES)
def test_a_mark_stands_out_from_the_ground_it_is_drawn_on(slug):
    problems = [f"{mark.key} on {mark.on}: {problem}" for mark in drawing_module(slug).MARKS
                if mark.on for problem in too_close(mark.colour, mark.on)]
    assert not problems, "\n".join(problems)



@pytest.mark.parametrize("slug", available_games())
def test_every_legend_swatch_is_drawn_inside_its_square(slug):
    """A swatch is drawn in the unit square the legend gives it: a mark that reaches
    outside it overlaps the swatch beside it or its words.  Measured as drawn, in a
    square of 100 pixels, strokes and texts included (2 pixels of grace)."""
    import matplotlib.pyplot as plt

    from rulebook.figure_style import STYLE
    from rulebook.palette import refused_mark

    for mark in [*drawing_module(slug).MARKS, refused_mark()]:
        with plt.rc_context(STYLE):
            figure = plt.figure(figsize=(1, 1), dpi=100)
            ax = figure.add_axes((0, 0, 1, 1))
            ax.set_xlim(0, 1)
            ax.set_ylim(0, 1)
            ax.set_axis_off()
            mark.swatch(ax)
            renderer = figure._get_renderer()
            drawn = [*ax.lines, *ax.patches, *ax.texts]
            boxes = [artist.get_window_extent(renderer) for artist in drawn]
            plt.close(figure)
        assert drawn, mark.key
        outside = [(type(a).__name__, [round(v) for v in box.extents]) for a, box in zip(drawn, boxes)
                   if box.x0 < -2 or box.y0 < -2 or box.x1 > 102 or box.y1 > 102]
        assert not outside, (mark.key, outside)


def _players_named(label: str, names: list[str], lang: str) -> set[int]:
    """The players a legend's words name (by word in English; Japanese has no spaces)."""
    if lang == "en":
        return {index for index, name in enumerate(names)
                if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", label, re.IGNORECASE)}
    return {index for index, name in enumerate(names) if name in label}


@pytest.mark.parametrize("slug", GAMES)
def test_a_legend_names_each_mark_in_its_own_words_and_its_own_player_in_both_languages(slug):
    """No two marks of a game's legend read the same in either language (a reader could
    not tell which swatch is which), and a mark's words name the same player in Japanese
    as in English (Blue's region is 青の領域, not 白の領域)."""
    state = make_game(slug).initial_state()
    module = drawing_module(slug)
    marks, apart = module.MARKS, getattr(module, "EXCLUSIVE", ())
    problems, named = [], 0
    for one, other in itertools.combinations(marks, 2):
        if any({one.key, other.key} <= group for group in apart):
            continue  # never in one figure (Necto's knot mark of each language)
        problems += [f"{lang}: {one.key} and {other.key} both read {one.names[lang]!r}"
                     for lang in ("en", "ja") if one.names[lang] == other.names[lang]]
    names = {lang: [state.player_name(index, lang) for index in (0, 1)] for lang in ("en", "ja")}
    for mark in marks:
        en, ja = (_players_named(mark.names[lang], names[lang], lang) for lang in ("en", "ja"))
        named += bool(en)
        if en != ja:
            problems.append(f"{mark.key}: {mark.names['en']!r} names players {sorted(en)}, "
                            f"{mark.names['ja']!r} names {sorted(ja)}")
    assert not problems, "\n".join(problems)
    if slug in ("craquelure", "inphexion", "qttt"):  # whose legends name their players
        assert named >= 2, f"{slug}: no mark's words name a player: the test reads nothing"
