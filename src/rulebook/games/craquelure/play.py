"""Craquelure on its play page (:mod:`rulebook.play`): the aids it offers and its
own words; and what the framework's tests play and look at (see the guide's
"Adding a game": every game's folder has this file)."""

# The drawing's view options the page offers as switches, besides its default view.
AIDS = ("areas", "mark_settled", "part_numbers")

# The page's words for what is Craquelure's own: its outcome reasons, options (and
# their choices), aids and click prompts, per language (the page's other words:
# rulebook/play/words.py).
WORDS = {
    "en": {"reasons": {"connection": "connection"},
           "options": {"start": "Start", "grid": "Grid", "grid_steps": "Grid steps",
                       "directions": "Directions (0: any angle)",
                       "first_direction": "First direction (degrees)",
                       "min_area": "Minimum area",
                       "min_area_percent": "Minimum area (% of the disk)", "pie": "Pie rule"},
           "choices": {"pinwheel": "pinwheel", "sectors": "sectors", "none": "none",
                       "square": "square", "triangular": "triangular"},
           "aid_names": {"areas": "Part shares (% of the disk)",
                         "mark_settled": "Hatch settled parts",
                         "part_numbers": "Number the last cut's parts"}},
    "ja": {"reasons": {"connection": "つながった"},
           "options": {"start": "始めの形", "grid": "グリッド", "grid_steps": "グリッドの目数",
                       "directions": "方向の数（0：どの角度でも）",
                       "first_direction": "最初の方向（度）", "min_area": "最小面積",
                       "min_area_percent": "最小面積（円盤に対する%）", "pie": "パイルール"},
           "choices": {"pinwheel": "風車", "sectors": "扇形", "none": "なし",
                       "square": "正方形", "triangular": "三角形"},
           "aid_names": {"areas": "領域の面積（円盤に対する%）",
                         "mark_settled": "確定した領域に斜線", "part_numbers": "片に番号"}},
}

# --- for the framework's tests ---------------------------------------------------
# The options a random game in the browser is played with (tests/test_play.py).
TEST_OPTIONS = {"grid": "square", "grid_steps": 10, "directions": 12, "first_direction": 15.0}
# A record of figures/craquelure/ where every aid shows something.
AID_RECORD = "whole-game.toml"
# The computer's test (tests/test_players.py): levels 2 and 3 take a win in one in each
# of 40 positions of seeded random games with one, among each game's last 4 positions.
WIN_IN_ONE = (40, 4)
# The players' colours (tests/test_drawings.py): after MOVES, each player's pieces
# are painted in the colour of their legend entry (MARKS' keys), which fits the
# words of their name (NAMED: blue, red, light, dark; a tint: "light red").
COLOURS = {"moves": ("(0,0) 90 B1 R2",), "marks": ("blue", "red"), "named": ("blue", "red")}


def pieces(state):
    """A small box at the middle of each owned region: (its owner, the box)."""
    return [(region.owner, ((region.box[0] + region.box[2]) / 2 - 0.05,
                            (region.box[1] + region.box[3]) / 2 - 0.05,
                            (region.box[0] + region.box[2]) / 2 + 0.05,
                            (region.box[1] + region.box[3]) / 2 + 0.05))
            for region in state.regions.values() if region.owner is not None]
