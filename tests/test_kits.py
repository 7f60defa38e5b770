"""The board kits (src/rulebook/kits/): each answer checked against a naive model
written here from the board's geometry (distances, straight walks), not from
the kit's code."""

from __future__ import annotations

import random
import re

import pytest

from rulebook.errors import NotationError
from rulebook.kits import hexgrid, squaregrid


def inside(point, polygon) -> bool:
    """Whether ``point`` is inside ``polygon`` (ray casting)."""
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


# --- square cells ---------------------------------------------------------------------

@pytest.mark.parametrize("size", [1, 3, 8, 26])
def test_square_cells_are_named_and_read_back_and_other_names_refused(size):
    names = [squaregrid.cell_name(cell, size) for cell in range(size * size)]
    assert len(set(names)) == size * size and names[0] == "a1"
    assert [squaregrid.parse_cell(name, size) for name in names] == list(range(size * size))
    last = names[-1]
    for bad in ("", "a0", "a01", "1a", "A1", f"a{size + 1}", "abcdefghijklmnopqrstuvwxyz"[size:][:1] + "1"):
        if bad in names:
            continue
        assert not squaregrid.is_cell(bad, size)
        with pytest.raises(NotationError, match=rf"'{bad}' is not a cell \(a1..{last}\)"):
            squaregrid.parse_cell(bad, size, f"x {bad}", 3)


def naive_square_lines(size, length):
    found = set()
    for x in range(size):
        for y in range(size):
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    walk = [(x + dx * k, y + dy * k) for k in range(length)]
                    if (dx or dy) and all(0 <= a < size and 0 <= b < size for a, b in walk):
                        found.add(frozenset(b * size + a for a, b in walk))
    return found


@pytest.mark.parametrize("size, length", [(3, 3), (4, 3), (5, 4), (6, 6), (2, 3)])
def test_square_lines_are_every_straight_row_of_cells_once(size, length):
    lines = squaregrid.lines(size, length)
    assert len(lines) == len(set(map(frozenset, lines)))
    assert set(map(frozenset, lines)) == naive_square_lines(size, length)
    for line in lines:  # in walking order: each cell one step from the last
        steps = {(b % size - a % size, b // size - a // size) for a, b in zip(line, line[1:])}
        assert len(steps) == 1 and steps <= {(1, 0), (0, 1), (1, 1), (-1, 1)}


@pytest.mark.parametrize("diagonal", [False, True])
def test_square_neighbours_are_the_cells_one_step_away(diagonal):
    size = 5
    for cell in range(size * size):
        x, y = cell % size, cell // size
        expected = {other for other in range(size * size) if other != cell
                    and max(abs(other % size - x), abs(other // size - y)) == 1
                    and (diagonal or abs(other % size - x) + abs(other // size - y) == 1)}
        assert set(squaregrid.neighbours(cell, size, diagonal)) == expected


def test_square_click_targets_hold_their_own_cell_only():
    size = 4
    targets = squaregrid.targets(size)
    assert [t["token"] for t in targets] == [squaregrid.cell_name(c, size)
                                             for c in range(size * size)]
    for cell, target in enumerate(targets):
        for other in range(size * size):
            middle = (other % size + 0.5, other // size + 0.5)
            assert inside(middle, [tuple(p) for p in target["points"]]) == (other == cell)


# --- hexagonal cells -------------------------------------------------------------------

def hex_distance(a, b) -> int:
    """Cells apart on the rhombus, in axial coordinates (column, row)."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@pytest.mark.parametrize("size", [1, 4, 11])
def test_hexgrid_neighbours_are_the_cells_at_distance_one(size):
    cells = [(c, r) for r in range(size) for c in range(size)]
    for cell in cells:
        assert set(hexgrid.neighbours(cell, size)) == {
            other for other in cells if hex_distance(cell, other) == 1}


def test_hexgrid_neighbours_touch_in_the_drawing():
    """Neighbours' centres are one cell width apart in the drawing's units."""
    for cell in [(c, r) for r in range(5) for c in range(5)]:
        x, y = hexgrid.centre(*cell)
        for near in hexgrid.neighbours(cell, 5):
            nx, ny = hexgrid.centre(*near)
            assert abs(((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 - 1) < 1e-9


@pytest.mark.parametrize("size", [4, 9, 26])
def test_hexgrid_cells_are_named_and_read_back_and_other_names_refused(size):
    cells = [(c, r) for r in range(size) for c in range(size)]
    assert [hexgrid.parse_cell(hexgrid.cell_name(*cell), size) for cell in cells] == cells
    with pytest.raises(NotationError, match=r"'4d' is not a cell \(a column letter and a row"):
        hexgrid.parse_cell("4d", size, "4d>d5", 1)
    for bad in ("a0", "a01", f"a{size + 1}", "z1" if size < 26 else "a27"):
        with pytest.raises(NotationError, match=rf"cell {bad} is off the {size}×{size} board"):
            hexgrid.parse_cell(bad, size)


def naive_connected(cells, size, axis) -> int | None:
    """The fewest cells of a chain joining the edges ``axis`` names, by flooding."""
    index = 1 if axis == "rows" else 0
    frontier = {cell for cell in cells if cell[index] == 0}
    seen, steps = set(frontier), 1
    while frontier:
        if any(cell[index] == size - 1 for cell in frontier):
            return steps
        frontier = {other for other in cells if other not in seen
                    and any(hex_distance(other, cell) == 1 for cell in frontier)}
        seen |= frontier
        steps += 1
    return None


@pytest.mark.parametrize("axis", ["rows", "columns"])
def test_hexgrid_chain_is_a_shortest_chain_between_the_edges(axis):
    rng = random.Random(5)
    joined = 0
    for _ in range(200):
        size = rng.choice([3, 5, 7])
        cells = {(c, r) for r in range(size) for c in range(size) if rng.random() < 0.55}
        found = hexgrid.chain(cells, size, axis)
        fewest = naive_connected(cells, size, axis)
        assert len(found) == (fewest or 0)
        if found:
            joined += 1
            start, end = hexgrid.sides(size, axis)
            assert found[0] in start and found[-1] in end and set(found) <= cells
            assert all(hex_distance(a, b) == 1 for a, b in zip(found, found[1:]))
    assert 20 < joined < 180  # both kinds of board were tried


def test_hexgrid_position_rows_read_back_and_bad_rows_are_one_line():
    rows = [list(".WB."), list("..W."), list("B..."), list("...N")]
    text = "\n".join(["turn: Black", *hexgrid.rows_text(rows)])
    seen = []
    assert hexgrid.read_rows(text, 4, ".WBN", "...", lambda line, words: (
        seen.append(line) or True) if words[0] == "turn:" else False) == rows
    assert seen == ["turn: Black"]
    assert hexgrid.read_rows(". W B .\n. . W .\nB . . .\n. . . N", 4, ".WBN", "...") == rows
    for bad, message in [(". W B .\n. . W .\nB . . .", "the 4×4 board has 4 rows, the position 3"),
                         (". W B .\n. . W\nB . . .\n. . . N", "row 2: a row has 4 cells on the 4×4 board, this one has 3"),
                         (". W B .\n. . WB .\nB . . .\n. . . N", "row 2: 'WB' is not a cell"),
                         ("2 . W B .", "row 2 is out of order (expected row 1)")]:
        with pytest.raises(NotationError, match=re.escape(message)) as refused:
            hexgrid.read_rows(bad, 4, ".WBN", ". empty")
        assert "\n" not in str(refused.value)


def test_hexgrid_swap_stands_alone():
    assert hexgrid.parse_swap("swap") and hexgrid.parse_swap(" Swap ")
    assert not hexgrid.parse_swap("d4") and not hexgrid.parse_swap("swapped")
    with pytest.raises(NotationError, match="'swap' stands alone") as refused:
        hexgrid.parse_swap("swap d4")
    assert "column 6" in str(refused.value)


def test_hexgrid_click_targets_hold_their_own_cell_only():
    size = 4
    targets = hexgrid.targets(size)
    cells = [(c, r) for r in range(size) for c in range(size)]
    assert [t["token"] for t in targets] == [hexgrid.cell_name(*cell) for cell in cells]
    for cell, target in zip(cells, targets):
        for other in cells:
            assert inside(hexgrid.centre(*other), [tuple(p) for p in target["points"]]) == (
                other == cell)


def test_a_studys_fingerprint_holds_the_kits_its_games_engine_imports():
    """A kit's code shapes the results of the studies of the games whose engines import
    it (so editing it makes them stale), and of no other game's."""
    from rulebook.studies import KINDS, engine_files

    def kits(game):
        return {p.name for p in engine_files(KINDS["balance"], game) if p.parent.name == "kits"}

    assert kits("inphexion") == {"hexgrid.py"}  # its notation and board
    assert kits("qttt") == {"squaregrid.py"}  # its notation and rules
    assert kits("necto") == set()


def imported_games(path, package: str) -> set[str]:
    """The games (rulebook.games.<slug>) a module of ``package`` imports, its own aside."""
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                if node.level else []
            names = [".".join(base + ([node.module] if node.module else []))]
            names += [f"{names[0]}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["rulebook", "games"] and len(parts) > 2:
                found.add(parts[2])
    return found - {package.split(".")[2]}


def test_no_game_imports_another_games_modules(tmp_path):
    """Code two games share goes in a kit (the guide says so): a game's modules import
    no other game's."""
    from pathlib import Path

    from rulebook.games import available_games

    root = Path(hexgrid.__file__).resolve().parent.parent / "games"
    for slug in available_games():
        for path in sorted((root / slug).glob("*.py")):
            assert imported_games(path, f"rulebook.games.{slug}") == set(), path
    # and the check sees such an import (a relative one, as a game would write it)
    probe = tmp_path / "probe.py"
    for line in ("from ..inphexion.notation import parse_cell", "from ... games import inphexion",
                 "import rulebook.games.inphexion.rules"):
        probe.write_text(line + "\n", encoding="utf-8")
        assert imported_games(probe, "rulebook.games.qttt") == {"inphexion"}, line
    probe.write_text("from .notation import cell_name\nfrom ...kits import hexgrid\n")
    assert imported_games(probe, "rulebook.games.qttt") == set()


# --- the drawing kits' coordinates -----------------------------------------------------

@pytest.mark.parametrize("kit", ["squaredraw", "hexdraw"])
def test_the_coordinates_are_each_column_s_letter_and_row_s_number_in_the_colour_and_size_asked(kit):
    """Every coordinate label drawn in the colour and the font size asked for (the
    figures draw them lighter than the pieces, and smaller on a large board)."""
    import importlib

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from rulebook.kits.squaregrid import LETTERS

    draw = importlib.import_module(f"rulebook.kits.{kit}")
    figure, ax = plt.subplots()
    try:
        size = 5
        texts = draw.coordinates(ax, size, fontsize=6.5, colour="#123456")
        assert sorted(t.get_text() for t in texts) == sorted(
            [*LETTERS[:size], *map(str, range(1, size + 1))])
        for text in texts:
            assert to_hex(text.get_color()) == "#123456", text.get_text()
            assert text.get_fontsize() == 6.5, text.get_text()
            assert (text.get_ha(), text.get_va()) == ("center", "center"), text.get_text()
    finally:
        plt.close(figure)


@pytest.mark.parametrize("width", [1.0, 0.8])
def test_an_edge_band_s_fill_stays_inside_its_dark_outline(width):
    """The band is two strokes along the same ends: the outline, then the player's fill
    on top.  The fill is narrower, and does not run past the outline's ends (a line's
    cap reaches half its width beyond its end, except a butt cap), so the outline shows
    on both sides and the band stops where the edge does."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from rulebook.figure_style import INK
    from rulebook.kits import hexdraw

    def reach(line):  # how far the stroke runs past its ends
        return 0 if line.get_solid_capstyle() == "butt" else line.get_linewidth() / 2

    figure, ax = plt.subplots()
    try:
        ends = hexdraw.frame(5)["top"]
        outline, fill = hexdraw.edge_band(ax, ends, "#cc3311", width)
        for line in (outline, fill):
            assert [tuple(p) for p in line.get_xydata()] == [tuple(e) for e in ends]
        assert to_hex(outline.get_color()) == to_hex(INK)
        assert to_hex(fill.get_color()) == "#cc3311"
        assert fill.get_zorder() > outline.get_zorder()
        assert 0 < fill.get_linewidth() < outline.get_linewidth()
        assert reach(fill) <= reach(outline) == 0  # both end square at the edge's ends
        wide, _ = hexdraw.edge_band(ax, ends, "#cc3311", 2 * width)
        assert wide.get_linewidth() == pytest.approx(2 * outline.get_linewidth())
    finally:
        plt.close(figure)


@pytest.mark.parametrize("kit", ["square", "hex"])
def test_each_coordinate_stands_beside_the_cells_it_names(kit):
    """A column's letter stands by the first row, over that column's cell of it; a
    row's number stands level with that row, just left of its first cell: measured against
    the cells' outlines as the play page's click targets give them (named by the
    notation)."""
    import importlib
    import re

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    grid = importlib.import_module(f"rulebook.kits.{kit}grid")
    draw = importlib.import_module(f"rulebook.kits.{kit}draw")
    size = 5
    cells = {}  # (column letter, row number) -> the middle of its outline
    for target in grid.targets(size):
        letter, number = re.fullmatch(r"([a-z])(\d+)", target["token"]).groups()
        points = target["points"]
        cells[letter, number] = (sum(p[0] for p in points) / len(points),
                                 sum(p[1] for p in points) / len(points))
    rows = {number: y for (_, number), (_, y) in cells.items()}
    figure, ax = plt.subplots()
    try:
        texts = (draw.coordinates(ax, size) if kit == "square" else
                 draw.coordinates(ax, size, fontsize=8))
        for text in texts:
            x, y = text.get_position()
            label = text.get_text()
            row = min(rows, key=lambda number: abs(rows[number] - y))
            if label.isalpha():  # over its column's cell of the first row, to a tenth of a cell
                assert row == "1", label
                assert abs(x - cells[label, "1"][0]) < 0.1, (label, x, cells[label, "1"])
            else:  # level with its row to a tenth of a cell, within two cells left of it
                first = min(cells[c, label][0] for c, r in cells if r == label)
                assert row == label and abs(y - rows[label]) < 0.1, (label, y, rows[label])
                assert first - 2 < x < first, (label, x, first)
    finally:
        plt.close(figure)


@pytest.mark.parametrize("outer", [True, False])
def test_a_square_grid_draws_every_line_between_cells_and_the_outline_when_asked(outer):
    """Lines at every whole column and row across the board (0 to size with the
    outline, 1 to size − 1 without), each the board's full width."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rulebook.kits import squaredraw

    size = 4
    figure, ax = plt.subplots()
    try:
        lines = squaredraw.grid(ax, size, lw=3.0, outer=outer)
        found = sorted((tuple(line.get_xdata()), tuple(line.get_ydata())) for line in lines)
        # and no stroke runs past the board's edge: a cap other than butt reaches half
        # the line's width beyond its end, over the outline's corners and the margin
        assert all(line.get_solid_capstyle() == "butt" and line.get_linewidth() == 3.0
                   for line in lines)
    finally:
        plt.close(figure)
    at = range(size + 1) if outer else range(1, size)
    assert found == sorted([((i, i), (0, size)) for i in at] + [((0, size), (i, i)) for i in at])


@pytest.mark.parametrize("radius", [None, 0.48, 0.3])
def test_a_hexagon_has_its_corners_at_the_radius_asked_pointed_at_the_top(radius):
    """One cell (or a legend's smaller sample): six corners at ``radius`` from the
    point asked (the cell's own size by default), one straight above it."""
    import math

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rulebook.kits import hexdraw

    figure, ax = plt.subplots()
    try:
        args = () if radius is None else (radius,)
        [patch] = hexdraw.hexagon(ax, (2.0, -1.0), "#abcdef", *args)
        points = patch.get_xy()[:6]
    finally:
        plt.close(figure)
    expected = hexgrid.HEX_RADIUS if radius is None else radius
    assert [round(math.dist(p, (2.0, -1.0)), 9) for p in points] == [round(expected, 9)] * 6
    assert max(points, key=lambda p: p[1]) == pytest.approx((2.0, -1.0 + expected))


@pytest.mark.parametrize("halo", [True, False])
def test_a_refused_cross_has_its_paper_halo_under_it_exactly_when_asked(halo):
    """Two ink strokes crossing at the point; with ``halo``, two wider paper-white
    strokes under them along the same lines, and none without."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_hex

    from rulebook.palette import INK, PAPER, refused_cross

    figure, ax = plt.subplots()
    try:
        strokes = refused_cross(ax, 1.0, 2.0, 0.5, width=2.0, halo=halo)
        drawn = [(to_hex(s.get_color()), s.get_linewidth(), s.get_zorder(),
                  tuple(s.get_xdata()), tuple(s.get_ydata())) for s in strokes]
    finally:
        plt.close(figure)
    ink = [d for d in drawn if d[0] == to_hex(INK)]
    paper = [d for d in drawn if d[0] == to_hex(PAPER)]
    assert len(ink) == 2 and {(d[3], d[4]) for d in ink} == {((0.5, 1.5), (1.5, 2.5)),
                                                             ((0.5, 1.5), (2.5, 1.5))}
    assert len(drawn) == 2 + len(paper)
    if halo:
        assert {(d[3], d[4]) for d in paper} == {(d[3], d[4]) for d in ink}
        assert all(p[1] > i[1] and p[2] < i[2] for p in paper for i in ink)
    else:
        assert not paper


@pytest.mark.parametrize("size", [3, 7, 11])
def test_hex_position_text_sets_row_one_under_the_letters_and_each_row_half_a_cell_right(size):
    """The text board's first row stands under the column letters, each symbol under
    its own column's letter, and every later row one character (half a cell) further
    right, like the rhombus the board draws; each row begins with its number."""
    rows = [[f"{chr(65 + c)}" if (c + r) % 2 else "." for c in range(size)] for r in range(size)]
    header, *lines = hexgrid.rows_text(rows)
    letters = {letter: header.index(letter) for letter in hexgrid.LETTERS[:size]}
    assert list(letters) == sorted(letters, key=letters.get)
    for r, line in enumerate(lines):
        assert line.split()[0] == str(r + 1), line
        for c, letter in enumerate(hexgrid.LETTERS[:size]):
            assert line[letters[letter] + r] == rows[r][c], (r + 1, letter, line)
        assert line[len(f"{r + 1:>2}"):letters["a"] + r].strip() == "", line
