"""inpHeXion engine: rules, notation, positions, errors and drawings."""

from __future__ import annotations

import random
import textwrap

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.errors import IllegalMoveError, NotationError, OptionError, RecordError
from rulebook.game import Outcome
from rulebook.games import make_game
from rulebook.games.inphexion.rules import (BLACK, CONNECTION, SWAP, WHITE, InphexionState, Move,
                                           perft)
from rulebook.records import load_record

from conftest import legal_games, random_steps

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


def rule_of(state, text):
    """The rule ``text`` breaks here, exactly as the player reads it."""
    with pytest.raises(IllegalMoveError) as caught:
        state.play(state.parse_move(text))
    return caught.value.rule


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
        game(colour="red")
    for size in (1, 27):
        with pytest.raises(OptionError) as caught:
            game(size=size)
        assert str(caught.value) == f"inphexion: option size={size}: must be from 2 to 26"
    with pytest.raises(OptionError) as caught:
        game(discs=-1)
    assert str(caught.value) == "inphexion: option discs=-1: must be at least 0"
    assert [game(size=size).geometry.size for size in (2, 26)] == [2, 26]


def test_each_player_has_half_the_cells_rounded_up():
    # (n² + 1) / 2 discs each by default: enough together to fill the board
    assert [game(size=n).discs for n in (2, 3, 4, 6, 7)] == [2, 5, 8, 18, 25]
    assert all(type(game(size=n).discs) is int for n in (2, 3, 4))


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


ONE_FREE_CELL = """
turn: White
 B B .
  W W B
   B W .
"""


def test_every_placement_mistake_has_its_own_message():
    start = game().initial_state()
    state = game().parse_position(SURROUND)
    assert rule_of(play(start, "b1"), "swap") == (
        "pie rule: only Black's first move may be 'swap', and only in a game with the pie rule")
    assert rule_of(start, "d4>d5") == (
        "first move: the first disc goes on any empty cell, with nothing to push; write it "
        "as 'd4'")
    assert rule_of(state, "b2") == (
        "placement rule: after the first move, every move pushes an enemy disc aside; write "
        "it as 'b2>CELL'")
    assert rule_of(state, "a1>a2") == (
        "placement rule: a1 is empty; White places only on a cell holding an enemy disc, "
        "after pushing that disc aside")
    assert rule_of(play(state, "e4>f4 d4>a6"), "f4>f5") == (
        "placement rule: f4 holds Black's own disc, not an enemy disc")
    assert rule_of(state, "e4>g4") == (
        "placement rule: the disc on e4 can only be pushed to an adjacent cell, and g4 is "
        "not next to it")
    assert rule_of(state, "e4>e3") == (
        "placement rule: the disc on e4 can only be pushed to an empty cell, and e3 holds "
        "a disc")


def test_with_no_disc_in_hand_no_move_is_legal():
    # the game is over then, so play() says so first; the rule is the legality check's
    state = play(game(size=3, discs=1).initial_state(), "b2", "b2>b1")
    assert state.hand[state.to_move] == 0
    assert state._illegal_reason(state.parse_move("b2>c2")) == "you have no discs left in hand"


def malformed_moves():
    from rulebook.games.inphexion.rules import Move

    board = "not a move on this board: {!r}".format
    twice = "surround rule: each surrounded disc is relocated once, each to its own cell"
    return [
        ("d4>d5", "not a move of this game: 'd4>d5'"),
        (Move(swap=1), f"not a move of this game: {Move(swap=1)!r}"),
        *[(move, board(move)) for move in (
            Move(7, 1), Move(1, 64), Move(True, 1), Move(1, 2, [(3, 4)]),  # 7: a row's spare bit
            Move(1, 2, ((3, 7),)), Move(1, 2, ((3, 4, 5),)), Move(1, 2, ([3, 4],)),
            Move(1, 2, (3, 4)))],
        (Move(1, 2, ((3, 4), (3, 5))), twice),
        (Move(1, 2, ((3, 4), (5, 4))), twice),
    ]


@pytest.mark.parametrize("move, rule", malformed_moves())
def test_a_malformed_move_object_is_refused_by_its_shape(move, rule):
    state = game().parse_position(SURROUND)
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move)
    assert caught.value.rule == rule


def test_a_surround_with_exactly_enough_room_must_relocate():
    # b1>c1 leaves a1 alone between b1 and a2; c3 is the one free cell left for it
    state = game(size=3).parse_position(ONE_FREE_CELL)
    assert rule_of(state, "b1>c1") == (
        "surround rule: this move surrounds the lone Black disc on a1, "
        "which must be moved to an empty cell: add 'a1>CELL'")
    assert [state.format_move(m) for m in state.legal_moves()
            if state.format_move(m).startswith("b1>")] == ["b1>c1 a1>c3"]
    after = play(state, "b1>c1 a1>c3")
    assert after.grid() == [[".", "W", "B"], ["W", "W", "B"], ["B", "W", "B"]]
    assert after.outcome() == Outcome(0, "connection")  # b1-b2-b3 joins White's rows


def test_no_room_for_the_surrounded_disc_counts_as_one_losing_move():
    state = game(size=3).parse_position(ONE_FREE_CELL.replace("B W .", "B W W"))
    assert sorted(state.format_move(m) for m in state.legal_moves()) == ["b1>c1", "c2>c1"]
    assert state.count_legal_moves() == 2
    lost = play(state, "b1>c1")
    assert lost.outcome() == Outcome(1, "no empty cell for a relocation")
    assert [perft(lost, depth) for depth in (0, 1, 2)] == [1, 0, 0]


def test_every_relocation_mistake_has_its_own_message():
    state = game().parse_position(SURROUND)
    assert rule_of(state, "e4>f4 d4>a6 b2>a1") == (
        "surround rule: b2 holds no lone disc surrounded by this move, so nothing is "
        "relocated from there")
    assert rule_of(state, "e4>f4 d4>d4") == (
        "surround rule: d4 is where a surrounded disc starts; none of the starting cells may "
        "receive a relocated disc (no swaps)")
    assert rule_of(state, "e4>f4 d4>c4") == (
        "surround rule: a relocated disc goes to an empty cell, and c4 is not empty after "
        "the placement")
    record = load_record("figures/inphexion/double-surround.toml")
    before = record.replay()[0]
    assert rule_of(before, "d4>c5") == (
        "surround rule: this move surrounds the lone Black disc on d3 and the lone Black "
        "disc on e4, which must be moved to an empty cell: add 'd3>CELL e4>CELL'")


def test_a_surrounded_neutral_disc_is_named_as_neutral():
    text = """
    turn: White
     . . . . .
      . W W W .
       . W N B .
        . W W . .
         . . . . .
    """
    state = game(size=5, neutral=True).parse_position(textwrap.dedent(text))
    assert rule_of(state, "d3>e3") == (
        "surround rule: this move surrounds the lone neutral disc on c3, which must be moved "
        "to an empty cell: add 'c3>CELL'")


@pytest.mark.parametrize("fields", [{"target": 3}, {"push": 3}, {"relocations": ((1, 2),)}])
def test_a_swap_carries_nothing_else(fields):
    from rulebook.games.inphexion.rules import Move

    state = play(game(pie=True).initial_state(), "b1")
    with pytest.raises(IllegalMoveError) as caught:
        state.play(Move(swap=True, **fields))
    assert caught.value.rule == "a swap places, pushes and relocates nothing"


def test_the_last_disc_in_hand_can_still_be_played():
    state = play(game(size=3, discs=1).initial_state(), "b2")
    assert state.hand == (0, 1)
    assert state.count_legal_moves() == len(state.legal_moves()) == 6  # b2 to each neighbour
    final = play(state, "b2>b1")
    assert final.hand == (0, 0) and final.count_legal_moves() == 0
    assert final.outcome() == Outcome(1, "no discs in hand")


def cells(state, names):
    return sum(1 << state.geo.by_name[name] for name in names.split())


def test_steps_show_the_push_then_the_placement():
    state = game().parse_position(SURROUND)
    white = cells(state, "b3 d3 e3 c4 c5 d5 f6")
    black_pushed = cells(state, "b2 f2 d4 f4 g5 b6 c7")  # e4's disc now on f4
    steps = state.steps(state.parse_move("e4>f4 d4>a6"))
    assert steps == {"push": ((white, black_pushed), 0),
                     "place": ((white | cells(state, "e4"), black_pushed), 0)}
    neutral = game(neutral=True).initial_state()
    assert neutral.steps(neutral.parse_move("d4>d5")) == {
        "push": ((0, 0), cells(neutral, "d5")), "place": ((cells(neutral, "d4"), 0),
                                                         cells(neutral, "d5"))}
    start = game(pie=True).initial_state()
    assert start.steps(start.parse_move("b1")) == {}
    assert play(start, "b1").steps(start.parse_move("swap")) == {}


def test_json_and_repr_describe_the_position():
    state = game().parse_position(SURROUND)
    rows = ["." * 7, ".B...B.", ".W.WW..", "..WBB..", "..WW..B", ".B...W.", "..B...."]
    assert state.to_json() == {
        "size": 7, "rows": rows, "turn": "White", "move_number": 14,
        "in_hand": {"White": 18, "Black": 18}, "last_move": None, "winner": None,
        "reason": None}
    after = play(state, "e4>f4 d4>a6")
    rows[3], rows[5] = "..W.WB.", "BB...W."
    assert after.to_json() == {
        "size": 7, "rows": rows, "turn": "Black", "move_number": 15,
        "in_hand": {"White": 17, "Black": 18}, "last_move": "e4>f4 d4>a6", "winner": None,
        "reason": None}
    assert repr(after) == f"<inphexion move 15: {rows}>"
    finished = play(game(size=3).parse_position(ONE_FREE_CELL), "b1>c1 a1>c3").to_json()
    assert (finished["turn"], finished["winner"], finished["reason"]) == (
        None, "White", "connection")


# --- options ----------------------------------------------------------------------
def test_pie_rule_swap_reflects_the_first_disc():
    state = play(game(pie=True).initial_state(), "b1")
    assert "swap" in [state.format_move(m) for m in state.legal_moves()]
    swapped = play(state, "swap")
    assert swapped.turn == 0 and swapped.grid()[1][0] == "B"  # b1 -> a2 as Black
    assert swapped.discs[0] == 0 and swapped.hand == (25, 24)
    assert swapped.move_number == 2 and swapped.to_json()["last_move"] == "swap"
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
    ("W . .\n . . .", "^the 3×3 board has 3 rows, the position 2$"),
    ("W . X\n. . .\n. . .", "'X' is not a cell symbol"),
    ("W .\n. . .\n. . .", "row 1: a row has 3 cells on the 3×3 board, this one has 2"),
    ("N . .\n. . .\n. . .", "belongs to the variant"),
    ("turn: Purple\nW . .\n. . .\n. . .", "must name White or Black"),
    ("W . .\nW . .\nW . .", "already joined"),
])
def test_bad_positions_are_refused_with_the_reason(text, message):
    with pytest.raises(NotationError, match=message):
        game(size=3).parse_position(text)


def test_a_position_won_by_a_connection_is_refused_as_a_start_for_either_winner():
    """The end position of every random game won by a connection, written as text with
    either player to move, is refused as a start, naming the player whose sides are
    joined; the position one move earlier is read.  Both colours win among them."""
    g, winners = game(size=5), set()
    for seed in range(40):
        rng, before, state = random.Random(seed), None, g.initial_state()
        while not state.is_over():
            before, state = state, state.play(state.random_move(rng))
        if state.outcome().reason != CONNECTION:
            continue
        winner = state.outcome().winner
        winners.add(winner)
        rows = str(state)  # an ended position's text names no player to move
        for turn in (WHITE, BLACK):
            text = f"turn: {g.player_name(turn)}\n{rows}"
            with pytest.raises(NotationError, match=f"^{g.player_name(winner)}'s sides are already joined"):
                g.parse_position(text)
        assert g.parse_position(str(before)).outcome() is None
    assert winners == {WHITE, BLACK}


def test_a_position_with_more_discs_of_a_colour_than_it_has_is_refused_naming_it():
    """Random 4×4 positions with 3 discs each in all: one holding more of either colour
    is refused naming that colour (White first when both) and its count; one holding no
    more is never refused for its count.  Both colours are refused among them."""
    g, rng, named = game(size=4, discs=3), random.Random(5), set()
    for _ in range(300):
        cells = [rng.choice("..WB") for _ in range(16)]
        text = "\n".join(" ".join(cells[r * 4:r * 4 + 4]) for r in range(4))
        counts = {WHITE: cells.count("W"), BLACK: cells.count("B")}
        over = [p for p in (WHITE, BLACK) if counts[p] > 3]
        try:
            g.parse_position(text)
            refusal = ""
        except NotationError as error:
            refusal = str(error)
        if over:
            name = g.player_name(over[0])
            assert refusal == f"{name} has {counts[over[0]]} discs on the board but only 3 in all", text
            named.add(name)
        else:
            assert "in all" not in refusal, (text, refusal)
    assert named == {"White", "Black"}


@pytest.mark.parametrize("text", ["W . .\n. . .\n. . .", "W N .\n. . .\n. . N"],
                         ids=["no neutral disc", "two"])
def test_a_position_of_the_neutral_variant_has_exactly_one_neutral_disc(text):
    """With the neutral disc, a written position without it, or with two, is refused;
    with exactly one it is read, the disc where the position puts it."""
    with pytest.raises(NotationError, match="the variant has exactly one neutral disc"):
        game(size=3, neutral=True).parse_position(text)
    state = game(size=3, neutral=True).parse_position("W . .\n. N .\n. . .")
    assert state.neutral.bit_count() == 1


def test_records_report_file_line_and_move_number(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('game = "inphexion"\nmoves = [\n  "d4",\n  "d4>d6",\n]\n')
    with pytest.raises(RecordError) as caught:
        load_record(path).replay()
    message = str(caught.value)
    assert f"{path}:4: move 2: illegal move 'd4>d6'" in message and "adjacent" in message


# --- properties over random games --------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(legal_games("inphexion", st.fixed_dictionaries({
    "size": st.sampled_from([3, 5, 7]), "pie": st.booleans(), "neutral": st.booleans()}),
    max_moves=None))
def test_random_games_round_trip_and_stay_consistent(game):
    history, final = game
    state = final.game.initial_state()
    for move in history:
        moves = state.legal_moves()
        assert len(set(moves)) == len(moves)
        assert state.random_move(random.Random(state.number)) in moves
        text = state.format_move(move)
        assert state.parse_move(text) == move
        before = (state.discs, state.neutral, state.hand)
        nxt = state.play(move)
        assert (state.discs, state.neutral, state.hand) == before  # states are immutable
        white, black = nxt.discs
        assert not white & black and not (white | black) & nxt.neutral
        assert white.bit_count() + nxt.hand[0] == state.game.discs
        state = nxt
    assert state.is_over() and state.turn is None and state.legal_moves() == []


def listed_random_move(state, rng):
    """random_move's draw written plainly: ``rng.choice`` of the listed pushes (as
    legal_moves lists them, then the swap), then ``rng.sample`` of the free cells."""
    listed = state.legal_moves()
    pushes = list(dict.fromkeys((m.target, m.push) for m in listed if not m.swap))
    if SWAP in listed:
        pushes.append(None)
    choice = rng.choice(pushes)
    if choice is None:
        return SWAP
    owed = sorted({s for m in listed if (m.target, m.push) == choice for s, _ in m.relocations})
    if not owed:
        return Move(*choice)
    free = [c for c in sorted(state.geo.names) if state.owner(c) is None and c != choice[1]]
    return Move(*choice, tuple(zip(owed, sorted(rng.sample(free, len(owed))))))


@settings(max_examples=40, deadline=None)
@given(legal_games("inphexion", st.fixed_dictionaries({
    "size": st.sampled_from([3, 4, 5, 7]), "pie": st.booleans(), "neutral": st.booleans()}),
    max_moves=None), st.integers(0, 2**32))
def test_the_fast_paths_agree_with_the_plain_rules(game, seed):
    """random_move draws the move ``listed_random_move`` draws from the same random
    numbers; the connection found by looking only at the cells a move gave is the one a
    whole-board search finds."""
    history, final = game
    state = final.game.initial_state()
    for move in history:
        assert state.random_move(random.Random(seed)) == listed_random_move(
            state, random.Random(seed))
        nxt = state.play(move)
        joined = [nxt.geo.connected(p, nxt.discs[p]) for p in (WHITE, BLACK)]
        outcome = nxt.outcome()
        if outcome is None:
            assert joined == [False, False]
        elif outcome.reason == CONNECTION:
            mover = state.to_move
            assert outcome.winner == (mover if joined[mover] else 1 - mover)
            assert joined[outcome.winner]
        state = nxt


def outcome_of_play(play, state, move):
    """What ``play(state, move)`` does: the rule it names, or the position it gives."""
    try:
        after = play(state, move)
    except IllegalMoveError as error:
        return error.rule
    return (after.discs, after.neutral, after.hand, after.to_move, after.last, after.outcome())


@settings(max_examples=15, deadline=None)
@given(legal_games("inphexion", st.fixed_dictionaries({
    "size": st.sampled_from([3, 4, 5]), "pie": st.booleans(), "neutral": st.booleans()}),
    max_moves=None), st.integers(0, 2**32))
def test_the_quick_check_of_a_plain_push_is_the_full_check(game, seed):
    """InphexionState.play accepts a push without relocations in a few bit tests; on
    every push of every position it does exactly what the full check of State.play
    does, naming the same rule when it refuses (off-board, spare-bit and negative cells
    included)."""
    from rulebook.game import State

    history, final = game
    state = final.game.initial_state()
    cells = [*state.geo.names, -1, state.geo.size, 64]  # a row's spare bit, off the board
    rng = random.Random(seed)
    for move in [*history, None]:
        for target in cells:
            # the target's neighbours (the pushes that may be legal) and any four cells
            near = list(state.geo.neighbours.get(target, ()))
            for push in near + rng.sample(cells, 4):
                plain = Move(target, push)
                assert outcome_of_play(InphexionState.play, state, plain) == outcome_of_play(
                    State.play, state, plain), plain
        if move is not None:
            state = state.play(move)


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


def test_the_rules_index_finds_lone_surrounded_discs_as_the_board_s_neighbours_say():
    """The rule index's "lone surrounded disc" (ruleset.py, which shows which figures
    illustrate the rule), checked over random positions of both variants against the
    board kit's neighbours: a disc not the mover's (neutral ones too) all of whose
    neighbours on the board hold the mover's discs."""
    from rulebook.games.inphexion.ruleset import _lone_surrounded
    from rulebook.kits import hexgrid

    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = make_game("inphexion", size=5, neutral=seed % 2 == 0).initial_state()
        while not state.is_over():
            size = state.geo.size
            index = {name: cell for cell, name in state.geo.names.items()}
            for mover in (WHITE, BLACK):
                expected = set()
                for cell, name in state.geo.names.items():
                    if state.owner(cell) in (None, mover):
                        continue
                    around = hexgrid.neighbours(hexgrid.parse_cell(name, size), size)
                    if all(state.owner(index[hexgrid.cell_name(*at)]) == mover for at in around):
                        expected.add(cell)
                assert _lone_surrounded(state, mover) == expected, (seed, state.number)
                found += len(expected)
            state = state.play(state.random_move(rng))
    assert found > 20  # the positions had such discs to find


def test_the_group_facts_of_every_disc_are_its_connected_discs_of_its_kind():
    """``group`` and ``enclosed`` on every occupied cell of random positions, neutral
    discs included: the group is found here by a walk over the board kit's neighbours
    (same owner), and it is enclosed when no cell around it is empty or of its kind
    other than the group (a neutral group: when one side's discs alone surround it)."""
    from rulebook.kits import hexgrid

    checked = {"neutral": 0, "player": 0}
    game = make_game("inphexion", size=5, neutral=True)
    facts = game.facts
    for seed in range(12):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_over():
            size = state.geo.size
            index = {name: cell for cell, name in state.geo.names.items()}

            def around(cell):
                at = hexgrid.parse_cell(state.geo.names[cell], size)
                return [index[hexgrid.cell_name(*n)] for n in hexgrid.neighbours(at, size)]

            for cell, name in state.geo.names.items():
                owner = state.owner(cell)
                if owner is None:
                    continue
                group, todo = {cell}, [cell]
                while todo:
                    for n in around(todo.pop()):
                        if n not in group and state.owner(n) == owner:
                            group.add(n)
                            todo.append(n)
                assert sorted(facts["group"].compute(state, cell=name)) == sorted(
                    state.geo.names[c] for c in group), (seed, name)
                border = {n for c in group for n in around(c)} - group
                sides = {state.owner(n) for n in border}
                enclosed = (len(sides) == 1 and None not in sides and "neutral" not in sides
                            if owner == "neutral" else sides <= {1 - owner})
                assert facts["enclosed"].compute(state, cell=name) == enclosed, (seed, name)
                checked["neutral" if owner == "neutral" else "player"] += 1
            state = state.play(state.random_move(rng))
    assert checked["neutral"] > 50 and checked["player"] > 50, checked


def test_a_move_is_tapped_cell_by_cell_and_relocations_show_the_surround_rule():
    """The play page taps a move's cells in the order its text names them (the push, then
    each relocation's from and to), and the rules index shows "surround" exactly for the
    moves whose text relocates a disc."""
    from rulebook.games.inphexion.clicks import tokens
    from rulebook.games.inphexion.ruleset import RULES

    surround = next(rule.applied for rule in RULES if rule.id == "surround")
    assert tokens(None, "c3>d3 e5>a1 b2>b4") == [["c3", "d3", "e5", "a1", "b2", "b4"]]
    relocating = 0
    for _, state, move, after in random_steps(make_game("inphexion", size=5), range(30)):
        text = state.format_move(move)
        written = text.count(">") - 1 if ">" in text else 0  # pairs after the push
        assert surround(state, move, after) == (written > 0), text
        relocating += written > 0
    assert relocating > 5


def test_each_tap_s_prompt_names_the_part_of_the_move_that_tap_picks():
    """On the play page each tap of a move is asked for by name: the cell placed on
    (whose enemy disc is pushed), then where the push sends it ('d4>d5'), then for
    each relocation the disc moved and where it goes ('c3>a1').  Over random positions,
    for every legal move, the prompt before each tap names that tap's part of the
    written move."""
    from conftest import random_steps

    from rulebook.games.inphexion.clicks import prompt, tokens

    relocations = 0
    for seed, state, _, _ in random_steps(game(), range(6), max_moves=40):
        for move in map(state.format_move, state.legal_moves()):
            first, *pairs = move.split()
            placed, _, pushed = first.partition(">")
            parts = [("place", placed)] + ([("push_to", pushed)] if pushed else [])
            for pair in pairs:
                source, target = pair.split(">")
                parts += [("relocate_from", source), ("relocate_to", target)]
                relocations += 1
            (sequence,) = tokens(state, move)
            assert sequence == [cell for _, cell in parts], move
            assert [prompt(state, picked) for picked in range(len(parts))] == \
                [role for role, _ in parts], (seed, move)
    assert relocations > 20, relocations


def test_the_rules_index_shows_the_neutral_rule_exactly_for_the_moves_that_move_it():
    """In the variant with the neutral disc, the rules index shows its rule for a move
    exactly when the neutral disc stands elsewhere after it: pushed by the placement,
    or relocated when the move surrounds it (found here by comparing the boards, not
    by reading the move); a swap moves no disc."""
    from conftest import random_steps

    from rulebook.games.inphexion.ruleset import RULES

    neutral = next(rule.applied for rule in RULES if rule.id == "neutral")
    seen = {"pushed": 0, "relocated": 0, "still": 0}
    game = make_game("inphexion", size=5, neutral=True, pie=True)
    for _, state, move, after in random_steps(game, range(60)):
        moved = not move.swap and state.neutral != after.neutral  # (a swap mirrors the board)
        assert neutral(state, move, after) == moved, (str(state), state.format_move(move))
        kind = ("still" if not moved else
                "pushed" if any(state.neutral >> cell & 1 for cell in (move.target,)) else
                "relocated")
        seen[kind] += 1
    assert seen["pushed"] > 5 and seen["relocated"] > 0 and seen["still"] > 50, seen


def test_the_rules_index_shows_only_this_move_for_a_push_that_leaves_a_surrounded_disc_standing():
    """The rules index shows "only discs this move surrounds are moved" for a push after
    which a disc not the mover's that was already surrounded by the mover's discs
    before it stands where it stood, still surrounded (found here from the board kit's
    neighbours and the two boards), and for no other move."""
    from conftest import random_steps

    from rulebook.games.inphexion.ruleset import RULES
    from rulebook.kits import hexgrid

    shown = next(rule.applied for rule in RULES if rule.id == "only-this-move")

    def surrounded(state, mover):
        size, index = state.geo.size, {name: cell for cell, name in state.geo.names.items()}
        return {(cell, state.owner(cell)) for cell, name in state.geo.names.items()
                if state.owner(cell) not in (None, mover)
                and all(state.owner(index[hexgrid.cell_name(*at)]) == mover
                        for at in hexgrid.neighbours(hexgrid.parse_cell(name, size), size))}

    seen = {True: 0, False: 0}
    for _, state, move, after in random_steps(make_game("inphexion", size=5), range(40)):
        standing = (not move.swap and move.push is not None
                    and bool(surrounded(state, state.to_move) & surrounded(after, state.to_move)))
        assert shown(state, move, after) == standing, (str(state), state.format_move(move))
        seen[standing] += 1
    assert seen[True] >= 3 and seen[False] > 50, seen
