"""Counting legal moves without listing them: equal to the listed count on
random positions, and instant where listing would take minutes."""

from __future__ import annotations

from math import comb

from hypothesis import given, settings, strategies as st

from rulebook.games import make_game

from conftest import legal_games

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@settings(max_examples=60, deadline=None)
@given(legal_games("inphexion", st.fixed_dictionaries({
    "size": st.sampled_from([4, 5, 7]), "pie": st.booleans(), "neutral": st.booleans(),
    "discs": st.sampled_from([0, 3])}), max_moves=40))
def test_count_equals_the_listed_moves(game):
    moves, final = game
    state = final.game.initial_state()
    for move in [*moves, None]:
        assert state.count_legal_moves() == len(state.legal_moves())
        if move is not None:
            state = state.play(move)


def pockets_position(game, centres):
    """Black to move; at each centre a White disc Black can push into the one empty
    neighbour, which surrounds two lone White discs that must then be relocated."""
    geo, grid = game.geometry, {}
    for name in centres:
        target = geo.by_name[name]
        around = sorted(geo.neighbours[target])
        push, lone = next((p, [a, b]) for p in around for a in around for b in around
                          if len({p, a, b}) == 3 and a < b and b not in geo.neighbours[a]
                          and p not in geo.neighbours[a] and p not in geo.neighbours[b])
        for cell in lone:
            grid.update((d, "B") for d in geo.neighbours[cell])
        grid.update({cell: "W" for cell in (*lone, target)})
        grid.pop(push, None)
    size = geo.size
    rows = [f"{r + 1} " + " ".join(grid.get(geo.by_name[f"{LETTERS[c]}{r + 1}"], ".")
                                    for c in range(size)) for r in range(size)]
    return "turn: Black\n" + "\n".join(rows), grid


def test_a_26_by_26_count_of_a_million_moves_is_worked_out_not_listed():
    game = make_game("inphexion", size=26)
    centres = [f"{c}{r}" for c in "emu" for r in (5, 12, 19)]
    text, grid = pockets_position(game, centres)
    state = game.parse_position(text)
    free = 26 * 26 - len(grid) - 1  # the empty cells left once the pushed disc lands
    # each of the nine pushes relocates two discs to any two of the free cells
    assert state.count_legal_moves() == len(centres) * comb(free, 2) > 1_000_000


def test_the_count_agrees_with_listing_on_a_small_board_with_relocations():
    game = make_game("inphexion", size=9)
    text, grid = pockets_position(game, ["c3", "g7"])
    state = game.parse_position(text)
    assert state.count_legal_moves() == len(state.legal_moves()) == 2 * comb(81 - len(grid) - 1, 2)
