"""Necto on its play page (:mod:`rulebook.play`): the aids it offers and its own
words; and what the framework's tests play and look at (see the guide's
"Adding a game": every game's folder has this file)."""

# The drawing's view options the page offers as switches, besides its default view.
AIDS = ("marks", "labels", "scores")

# The page's words for what is Necto's own: its outcome reasons (in English; in
# Japanese the book's own, values.po), options as its rulebook names them (and their
# choices), aids and click prompts, per language (the page's other words:
# rulebook/play/words.py).
WORDS = {
    "en": {"reasons": {"no tile to replace": "no tile can be replaced"},
           "options": {"size": "Board (cells along a side)"},
           "aid_names": {"marks": "Mark scoring replacements", "labels": "Name the loops",
                         "scores": "Scores on the board"}},
    "ja": {"options": {"size": "盤（1辺のマス数）"},
           "aid_names": {"marks": "点が取れる置き直しに印", "labels": "輪に名前を付ける",
                         "scores": "盤に得点を表示"}},
}

# --- for the framework's tests ---------------------------------------------------
# The options a random game in the browser is played with (tests/test_play.py).
TEST_OPTIONS = {"size": 4}
# The options of the game tapped at a phone's width: the largest board, whose lowest
# row's tile choices once fell below the screen.
PHONE_OPTIONS = {"size": 8}
# The option sets the Japanese messages' test (tests/test_play_messages.py) plays
# random games with (MESSAGE_GAMES games each, 12 if unsaid),
# so that what the options the page offers refuse is met too.
MESSAGE_OPTIONS = ({"size": 4},)
# A record of figures/necto/ where every aid shows something.
AID_RECORD = "marks.toml"
# The options of short random games (tests/test_declarations.py): the smallest board.
SMALL_OPTIONS = {"size": 4}
# The computer's test (tests/test_players.py): levels 2 and 3 take a win in one in each
# of 30 positions of seeded random games with one, among each game's last 2 positions,
# on the 4 × 4 board (the last move decides a game on a small board as on a big one).
WIN_IN_ONE = (30, 2, 4)
# The players' colours (tests/test_drawings.py): after MOVES, each player's pieces
# are painted in the colour of their legend entry (MARKS' keys), which fits the
# words of their name (NAMED: blue, red, light, dark; a tint: "light red").
COLOURS = {"moves": ("A1=c1", "B2=x1", "C3=t2", "D4=c2"),
           "marks": ("tile-first", "tile-second"), "named": ("dark blue", "light red")}


def pieces(state):
    """Each placed tile: (its player, the box around it in the board's units)."""
    size = state.size
    return [(owner, (cell % size, cell // size, cell % size + 1, cell // size + 1))
            for cell, (owner, code) in enumerate(zip(state.owners, state.codes))
            if code is not None]
