"""inpHeXion engine: rules, notation, positions, errors and drawings."""

from __future__ import annotations

import random
import textwrap

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.errors import IllegalMoveError, NotationError, OptionError, RecordError
from rulebook.games import make_game
from rulebook.records import load_record

SURROUND = """
turn: White
    a b c d e f g
 1  . . . . . . .
 2   . B . . . B .
 3    . W . W W . .
 4     . . W B B . .
 5      . . W W . . B
 6       . B . . . W .
 7        . . B . . . .
"""


def game(**options):
    return make_game("inphexion", **options)


def play(state, *moves):
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def error_of(state, text):
    with pytest.raises((IllegalMoveError, NotationError)) as caught:
        state.play(state.parse_move(text))
    message = str(caught.value)
    assert "\n" not in message
    return message


# --- the board and the opening ----------------------------------------------------
def test_board_sizes_and_neighbours():
    geo = game().geometry
    assert len(geo.cells) == 49
    degree = {geo.names[c]: len(geo.neighbours[c]) for c in geo.cells}
    assert degree["a1"] == degree["g7"] == 2 and degree["g1"] == degree["a7"] == 3
    assert degree["d4"] == 6 and degree["d1"] == 4
    assert sorted(geo.names[c] for c in geo.neighbours[geo.by_name["d4"]]) == \
        ["c4", "c5", "d3", "d5", "e3", "e4"]
    assert game(size=5).geometry.size == 5


def test_first_move_anywhere_then_every_move_pushes():
    start = game().initial_state()
    assert len(start.legal_moves()) == 49 and start.turn == 0
    after = play(start, "a1")
    assert sorted(after.format_move(m) for m in after.legal_moves()) == ["a1>a2", "a1>b1"]
    assert "after the first move" in error_of(after, "b2")
    assert "first disc goes on any empty cell" in error_of(start, "d4>d5")


def test_discs_in_hand_count_down():
    state = play(game().initial_state(), "d4", "d4>d5")
    assert state.hand == (24, 24)
    assert game().discs == 25 and game(size=5).discs == 13 and game(discs=3).discs == 3


def test_options_are_checked():
    with pytest.raises(OptionError):
        game(size=1)
    with pytest.raises(OptionError):
        game(colour="red")


# --- surround and relocation ------------------------------------------------------
def test_single_surround_must_be_relocated_anywhere_empty():
    state = game().parse_position(SURROUND)
    moves = [state.format_move(m) for m in state.legal_moves()
             if state.format_move(m).startswith("e4>f4")]
    assert len(moves) == state.empty.bit_count() - 1  # every empty cell but f4
    assert all(m.split()[1].startswith("d4>") for m in moves)
    after = play(state, "e4>f4 d4>a6")
    assert after.owner(after.geo.by_name["d4"]) is None
    assert after.owner(after.geo.by_name["a6"]) == 1


def test_bad_relocations_name_the_surround_rule():
    state = game().parse_position(SURROUND)
    assert "add 'd4>CELL'" in error_of(state, "e4>f4")
    assert "lone Black disc on d4" in error_of(state, "e4>f4")
    assert "no swaps" in error_of(state, "e4>f4 d4>d4")
    assert "not empty" in error_of(state, "e4>f4 d4>c4")
    assert "not empty" in error_of(state, "e4>f4 d4>f4")
    assert "no lone disc surrounded" in error_of(state, "e4>f4 d4>a6 b2>a1")


def test_bad_pushes_name_the_placement_rule():
    state = game().parse_position(SURROUND)
    message = error_of(state, "e4>g4")
    assert "'e4>g4'" in message and "adjacent" in message and "placement rule" in message
    assert "empty cell, and e3 holds a disc" in error_of(state, "e4>e3")
    assert "own disc" in error_of(state, "c4>b4")
    assert "is empty" in error_of(state, "a1>a2")


def test_notation_errors_quote_the_input_and_the_column():
    state = game().parse_position(SURROUND)
    message = error_of(state, "e4>h4")
    assert "'e4>h4'" in message and "column 4" in message and "off the 7×7 board" in message
    assert "column 1" in error_of(state, "z9")
    assert "two cells joined by '>'" in error_of(state, "e4>")
    assert "relocated twice" in error_of(state, "e4>f4 d4>a1 d4>a2")
    assert "receives two" in error_of(state, "e4>f4 d4>a1 c4>a1")
    assert "empty move" in error_of(state, "   ")
    assert "pie rule" in error_of(state, "swap")


def test_two_lone_discs_are_both_relocated_and_not_swapped():
    record = load_record("figures/inphexion/double-surround.toml")
    before = record.replay()[0]
    assert "no swaps" in error_of(before, "d4>c5 d3>e4 e4>d3")
    assert "lone Black disc on d3 and the lone Black disc on e4" in error_of(before, "d4>c5")
    # the pairing of sources and destinations does not matter: the discs are identical
    assert before.parse_move("d4>c5 d3>g4 e4>a3") == before.parse_move("d4>c5 e4>g4 d3>a3")


def test_own_disc_surrounded_by_own_move_stays():
    record = load_record("figures/inphexion/already-surrounded.toml")
    record.check()
    after_black = record.replay()[1]
    assert after_black.last.relocations == ()


def test_no_room_for_a_relocation_loses_even_with_a_connection():
    record = load_record("figures/inphexion/no-room.toml")
    record.check()
    final = record.replay()[-1]
    assert final.geo.connected(0, final.discs[0])  # White's sides are joined...
    assert final.outcome().winner == 1  # ...but White could not finish the move


def test_player_without_a_legal_move_loses():
    # Black's only disc sits in a corner whose neighbours are White: nothing to push
    text = """
    turn: White
     B W . . .
      W . . . .
       . . . . .
        . . . . .
         . . . . W
    """
    state = game(size=5).parse_position(textwrap.dedent(text))
    assert state.outcome().winner == 1 and state.outcome().reason == "no legal move"
    assert state.turn is None and state.legal_moves() == []


# --- options ----------------------------------------------------------------------
def test_pie_rule_swap_reflects_the_first_disc():
    state = play(game(pie=True).initial_state(), "b1")
    assert "swap" in [state.format_move(m) for m in state.legal_moves()]
    swapped = play(state, "swap")
    assert swapped.turn == 0 and swapped.grid()[1][0] == "B"  # b1 -> a2 as Black
    assert swapped.discs[0] == 0 and swapped.hand == (25, 24)
    assert "pie rule" in error_of(play(swapped, "a2>a3"), "swap")
    assert "pie rule" in error_of(play(game().initial_state(), "b1"), "swap")


def test_neutral_variant_first_move_goes_onto_the_neutral_disc():
    state = game(neutral=True).initial_state()
    assert {state.format_move(m).split(">")[0] for m in state.legal_moves()} == {"d4"}
    after = play(state, "d4>d5")
    assert after.owner(after.geo.by_name["d5"]) == "neutral"
    # Black may play onto the neutral disc too
    assert any(after.format_move(m).startswith("d5>") for m in after.legal_moves())


def test_neutral_disc_is_relocated_when_surrounded_alone_and_never_joins():
    text = """
    turn: White
     . . . . .
      . W W W .
       . W N B .
        . W W . .
         . . . . .
    """
    state = game(size=5, neutral=True).parse_position(textwrap.dedent(text))
    owed = state.owed_relocations(state.geo.by_name["d3"], state.geo.by_name["e3"])
    assert [state.geo.names[c] for c in owed] == ["c3"]
    after = play(state, "d3>e3 c3>a1")
    assert after.owner(after.geo.by_name["a1"]) == "neutral"
    # a column of White discs with the neutral disc in the gap does not join
    column = """
    W . . . .
     W . . . .
      N . . B .
       W . . . .
        W . . . B
    """
    gap = game(size=5, neutral=True).parse_position(textwrap.dedent(column))
    assert gap.outcome() is None


# --- positions --------------------------------------------------------------------
def test_position_text_round_trips():
    state = game().parse_position(SURROUND)
    again = game().parse_position(str(state))
    assert again.discs == state.discs and again.to_move == state.to_move
    assert state.to_json()["rows"][3] == "..WBB.."


@pytest.mark.parametrize("text, message", [
    ("W . .\n . . .", "has 2 rows"),
    ("W . X\n. . .\n. . .", "'X' is not a cell symbol"),
    ("W .\n. . .\n. . .", "row 1 has 2 cells"),
    ("N . .\n. . .\n. . .", "belongs to the variant"),
    ("turn: Purple\nW . .\n. . .\n. . .", "must name White or Black"),
    ("W . .\nW . .\nW . .", "already joined"),
])
def test_bad_positions_are_refused_with_the_reason(text, message):
    with pytest.raises(NotationError, match=message):
        game(size=3).parse_position(text)


def test_records_report_file_line_and_move_number(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('game = "inphexion"\nmoves = [\n  "d4",\n  "d4>d6",\n]\n')
    with pytest.raises(RecordError) as caught:
        load_record(path).replay()
    message = str(caught.value)
    assert f"{path}:4: move 2: illegal move 'd4>d6'" in message and "adjacent" in message


# --- properties over random games --------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 5, 7]),
       pie=st.booleans(), neutral=st.booleans())
def test_random_games_round_trip_and_stay_consistent(seed, size, pie, neutral):
    rng = random.Random(seed)
    state = game(size=size, pie=pie, neutral=neutral).initial_state()
    while not state.is_over():
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        move = state.random_move(rng)
        assert move in moves
        text = state.format_move(move)
        assert state.parse_move(text) == move
        before = (state.discs, state.neutral, state.hand)
        nxt = state.play(move)
        assert (state.discs, state.neutral, state.hand) == before  # states are immutable
        white, black = nxt.discs
        assert not white & black and not (white | black) & nxt.neutral
        assert white.bit_count() + nxt.hand[0] == state.game.discs
        state = nxt
    assert state.turn is None and state.legal_moves() == []


# --- drawings ---------------------------------------------------------------------
def test_drawings_are_deterministic_and_localised():
    from rulebook.figure_style import render_panels

    def render_svg(record, lang):
        return b"".join(render_panels(record, lang)[0])

    record = load_record("figures/inphexion/single-surround.toml")
    english = render_svg(record, "en")
    assert english == render_svg(record, "en")
    assert render_svg(record, "ja") != english


def test_draw_returns_its_artists_for_every_step():
    import matplotlib.pyplot as plt

    from rulebook.figure_style import Legend
    from rulebook.games.inphexion import drawing, views

    record = load_record("figures/inphexion/double-surround.toml")
    before, after = record.replay()
    counts = {}
    for step in views.STEPS:
        figure, ax = plt.subplots()
        counts[step] = len(drawing.draw(ax, after, lang="en", legend=Legend(drawing.MARKS),
                                        previous=before, move=record.moves[0], step=step))
        plt.close(figure)
    assert counts["place"] > counts["push"]  # the two surrounded discs are ringed


def test_relocated_count_counts_the_relocations_written_in_the_move():
    """``relocated_count`` (for ``rulebook find``): the number of 'from>to' pairs after
    the push in the record's own move text."""
    from pathlib import Path

    figures = Path(__file__).resolve().parents[2] / "figures" / "inphexion"
    facts = make_game("inphexion").facts
    for name in ("double-surround", "single-surround", "regular-move"):
        record = load_record(figures / f"{name}.toml")
        states = record.replay()
        written = len(record.moves[-1].split()) - 1
        assert facts["relocated_count"].compute(states[-1]) == written
    assert facts["relocated_count"].compute(states[0]) == 0  # the start: no move yet
