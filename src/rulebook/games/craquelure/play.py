"""Craquelure on its play page (:mod:`rulebook.play`): the aids it offers and its
own words; and what the framework's tests play and look at (see the guide's
"Adding a game": every game's folder has this file)."""

# The drawing's view options the page offers as switches, besides its default view.
AIDS = ("areas", "mark_settled", "part_numbers")

# The page's words for what is Craquelure's own: its outcome reasons (in English;
# in Japanese the book's own, values.po), options as its rulebook names them (and
# their choices), aids and click prompts, per language (the page's other words:
# rulebook/play/words.py).
WORDS = {
    "en": {"reasons": {"connection": "connection"},
           "options": {"start": "Starting shape", "grid": "Grid",
                       "grid_steps": "Grid steps across the diameter",
                       "directions": "Direction step: how many directions (0: any angle)",
                       "first_direction": "Starting direction (degrees)",
                       "min_area": "Minimum area",
                       "min_area_percent": "Minimum area (% of the disk)",
                       "pie": "Swap (pie rule)"},
           "choices": {"pinwheel": "pinwheel", "sectors": "three sectors", "none": "none",
                       "square": "square", "triangular": "triangular"},
           "aid_names": {"areas": "Part shares (% of the disk)",
                         "mark_settled": "Hatch settled parts",
                         "part_numbers": "Number the last cut's parts"}},
    "ja": {"options": {"start": "開始の形", "grid": "グリッド",
                       "grid_steps": "細かさ（円盤の直径をグリッドの何目にするか）",
                       "directions": "向きの刻み：線の向きの数（0：どの角度でも）",
                       "first_direction": "開始の向き（度）", "min_area": "最小面積",
                       "min_area_percent": "最小面積（円盤に対する%）",
                       "pie": "交代（パイルール）"},
           "choices": {"pinwheel": "風車", "sectors": "3つの扇形", "none": "なし",
                       "square": "四角形", "triangular": "三角形"},
           "aid_names": {"areas": "領域の面積（円盤に対する%）",
                         "mark_settled": "確定した領域に斜線", "part_numbers": "直前の分割の片に番号"}},
}

# --- for the framework's tests ---------------------------------------------------
# The options a random game in the browser is played with (tests/test_play.py).
TEST_OPTIONS = {"grid": "square", "grid_steps": 10, "directions": 12, "first_direction": 15.0}
# The option sets the Japanese messages' test (tests/test_play_messages.py) plays
# random games with besides the defaults' (MESSAGE_GAMES games each, 12 if unsaid),
# so that what the options the page offers refuse is met too.
MESSAGE_OPTIONS = ({}, {"grid": "square", "directions": 12}, {"pie": False},
                   {"grid": "triangular", "grid_steps": 8, "directions": 6})
MESSAGE_GAMES = 3
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
