"""Quantum Tic-Tac-Toe on its play page (:mod:`rulebook.play`): the aids it offers
and its own words; and what the framework's tests play and look at (see the
guide's "Adding a game": every game's folder has this file)."""

# The drawing's view options the page offers as switches, besides its default view.
AIDS = ("entanglement",)

# The page's words for what is this game's own: its outcome reasons (in English; in
# Japanese the book's own, values.po), options as its rulebook names them (and their
# choices), aids and click prompts (clicks.py's ``prompt``), per language (the page's
# other words: rulebook/play/words.py).
WORDS = {
    "en": {"reasons": {"line": "three in a row", "simultaneous lines": "lines made at once",
                       "full board": "the board is full"},
           "aid_names": {"entanglement": "Join each pair"},
           "prompts": {"collapse": "A cycle: tap the cell where the newest mark becomes "
                                   "classical (the cycle collapses).",
                       "pair_first": "Tap a cell for your spooky mark.",
                       "pair_second": "Tap its partner cell."}},
    "ja": {"aid_names": {"entanglement": "組の2マスを線で結ぶ"},
           "prompts": {"collapse": "輪が閉じました。最新のマークがクラシカルマークになるマスを"
                                   "タップしてください（収縮）。",
                       "pair_first": "スプーキーマークを書くマスをタップしてください。",
                       "pair_second": "組になるもう1つのマスをタップしてください。"}},
}

# --- for the framework's tests ---------------------------------------------------
# The options a random game in the browser is played with (tests/test_play.py).
TEST_OPTIONS = {}
# A record of figures/qttt/ where every aid shows something.
AID_RECORD = "spooky-marks.toml"
# The computer's test (tests/test_players.py): levels 2 and 3 take a win in one in each
# of 300 positions of seeded random games with one, among each game's last 9 positions.
WIN_IN_ONE = (300, 9)
# The players' colours (tests/test_drawings.py): after MOVES, each player's pieces
# are painted in the colour of their legend entry (MARKS' keys), which fits the
# words of their name (NAMED: blue, red, light, dark; a tint: "light red").
COLOURS = {"moves": ("a1-b2", "a1-b2", "@b2", "c1-c3"),
           "marks": ("classical-x", "classical-o"), "named": ("blue", "red")}


def pieces(state):
    """Each classical mark: (its player, the box of its cell); odd marks are X's."""
    from .drawing import centre

    boxes = []
    for cell, mark in enumerate(state.classical):
        if mark is not None:
            x, y = centre(cell)
            boxes.append(((mark + 1) % 2, (x - 0.5, y - 0.5, x + 0.5, y + 0.5)))
    return boxes
