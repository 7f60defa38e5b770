"""inpHeXion on its play page (:mod:`rulebook.play`): the aids it offers and its
own words; and what the framework's tests play and look at (see the guide's
"Adding a game": every game's folder has this file)."""

# The drawing's view options the page offers as switches, besides its default view.
AIDS = ("chain",)

# The page's words for what is inpHeXion's own: its outcome reasons (in English;
# in Japanese the book's own, values.po), options as its rulebook names them (and
# their choices), aids and click prompts (clicks.py's ``prompt``), per language
# (the page's other words: rulebook/play/words.py).
WORDS = {
    "en": {"reasons": {"connection": "connection", "no legal move": "no legal move",
                       "no discs in hand": "no discs in hand",
                       "no empty cell for a relocation": "no empty cell for a relocation"},
           "options": {"size": "Board (cells along a side)",
                       "discs": "Discs each in hand (0: the usual number)",
                       "pie": "Pie rule", "neutral": "The variant with the neutral disc"},
           "aid_names": {"chain": "Show the winning chain"},
           "prompts": {"place": "Tap a cell to play on (an enemy disc there is pushed).",
                       "push_to": "Tap the empty cell the pushed disc goes to.",
                       "relocate_from": "Relocate: tap a surrounded disc.",
                       "relocate_to": "Tap the empty cell it goes to."}},
    "ja": {"options": {"size": "ボード（1辺のマス数）", "discs": "持ち駒（1人の数。0：ふつうの数）",
                       "pie": "パイルール", "neutral": "中立駒を使う派生ルール"},
           "aid_names": {"chain": "勝ちのつながりを表示"},
           "prompts": {"place": "駒を置くマスをタップしてください（そこに相手の駒があれば、どけます）。",
                       "push_to": "どけた駒の行き先の空きマスをタップしてください。",
                       "relocate_from": "移動：囲まれた孤立した駒をタップしてください。",
                       "relocate_to": "その駒を移動させる空きマスをタップしてください。"}},
}

# --- for the framework's tests ---------------------------------------------------
# The options a random game in the browser is played with (tests/test_play.py).
TEST_OPTIONS = {"pie": True, "neutral": True, "size": 5}
# The option sets the Japanese messages' test (tests/test_play_messages.py) plays
# random games with (MESSAGE_GAMES games each, 12 if unsaid),
# so that what the options the page offers refuse is met too.
MESSAGE_OPTIONS = ({"size": 3, "pie": True}, {"size": 4, "neutral": True}, {"size": 3, "discs": 2})
# A record of figures/inphexion/ where every aid shows something.
AID_RECORD = "connection.toml"
# The options of short random games (tests/test_declarations.py): the smallest board.
SMALL_OPTIONS = {"size": 3}
# The computer's test (tests/test_players.py): levels 2 and 3 take a win in one in each
# of 300 positions of seeded random games with one, among each game's last 40 positions.
WIN_IN_ONE = (300, 40)
# The players' colours (tests/test_drawings.py): after MOVES, each player's pieces
# are painted in the colour of their legend entry (MARKS' keys), which fits the
# words of their name (NAMED: blue, red, light, dark; a tint: "light red").
COLOURS = {"moves": ("d4", "d4>e4", "d4>c5", "e4>e3"), "marks": ("white-disc", "black-disc"),
           "named": ("light", "dark")}


def pieces(state):
    """Each player's disc: (its owner, a box around its middle)."""
    from .drawing import centre
    from .rules import BLACK, WHITE

    boxes = []
    for cell in state.geo.cells:
        if state.owner(cell) in (WHITE, BLACK):
            x, y = centre(state.geo, cell)
            boxes.append((state.owner(cell), (x - 0.3, y - 0.3, x + 0.3, y + 0.3)))
    return boxes
