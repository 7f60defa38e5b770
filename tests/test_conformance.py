"""Every game's ``legal_moves`` lists exactly the moves its ``play`` accepts.

On random positions of every registered game, a superset of candidate moves
(the game's declared ``candidates(state)``, in
``rulebook/games/<game>/candidates.py``: every move its notation can write on
a small board) is offered to ``play``; the moves it accepts must be the legal
moves, no more and no fewer, and every legal move must be accepted.  An
engine whose ``legal_moves`` forgets a move ``play`` accepts (inpHeXion's swap,
say) fails here, as does one whose ``play`` lets through a move the list
leaves out.  A game with continuous moves (Craquelure) lists one move per
kind, and declares ``move_kind(state, move)``: then the kinds must agree.

A game that declares no candidates (a new one, scaffolded) is offered every
move legal in any of its sampled positions, which still catches a move that
``play`` accepts where ``legal_moves`` leaves it out.
"""

from __future__ import annotations

import re

import random

import pytest

from rulebook.errors import IllegalMoveError, NotationError
from rulebook.games import available_games, game_part, make_game

POSITIONS = 24  # random positions per option set


def declaration(slug):
    return game_part(slug, "candidates")


def cases():
    for slug in available_games():
        declared = declaration(slug)
        for options in getattr(declared, "OPTION_SETS", ({},)):
            label = "-".join(f"{k}={v}" for k, v in options.items()) or "default"
            yield pytest.param(slug, options, id=f"{slug}-{label}")


def random_positions(game, count, seed):
    """``count`` positions from seeded random games, each from its start on."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.initial_state()
        length = rng.randrange(0, 40)
        while not state.is_over() and length:
            positions.append(state)
            state = state.play(state.random_move(rng))
            length -= 1
        positions.append(state)
    return positions[:count]


def accepts(state, move) -> bool:
    """Whether ``play`` takes the move (an illegal move is refused with its rule; any
    other exception fails the test)."""
    try:
        state.play(move)
    except IllegalMoveError:
        return False
    return True


def parsed(state, texts):
    moves = []
    for text in texts:
        try:
            moves.append(state.parse_move(text))
        except NotationError:
            continue
    return moves


def disagreements(state, candidates, kind=None) -> tuple[list, list]:
    """(kinds of move ``play`` accepts that ``legal_moves`` lacks, legal kinds ``play``
    refuses or the candidates lack), each as notation."""
    kind = kind or (lambda state, move: move)
    legal = state.legal_moves()
    refused = [move for move in legal if not accepts(state, move)]
    listed = {kind(state, move): move for move in legal}
    offered = {kind(state, move): move for move in candidates if accepts(state, move)}
    forgotten = [state.format_move(offered[k]) for k in offered.keys() - listed.keys()]
    missing = [state.format_move(listed[k]) for k in listed.keys() - offered.keys()]
    return sorted(forgotten), sorted({*missing, *map(state.format_move, refused)})


def check_game(game, positions=POSITIONS, seed=0):
    declared = declaration(game.slug)
    sample = random_positions(game, positions, seed)
    if declared is None:
        universe = {move for state in sample for move in state.legal_moves()}
    for number, state in enumerate(sample):
        if declared is None:
            offered = list(universe)
        else:
            offered = parsed(state, declared.candidates(state))
        forgotten, missing = disagreements(state, offered, getattr(declared, "move_kind", None))
        assert not forgotten, (f"position {number}: play accepts {forgotten[:5]}, which "
                               f"legal_moves leaves out\n{state}")
        assert not missing, (f"position {number}: legal_moves lists {missing[:5]}, which play "
                             f"refuses or no candidate writes\n{state}")
    return sample


@pytest.mark.parametrize("slug, options", list(cases()))
def test_legal_moves_are_exactly_the_moves_play_accepts(slug, options):
    sample = check_game(make_game(slug, **options))
    assert sum(state.is_over() for state in sample) < len(sample)  # positions in play


def test_inphexion_forgotten_swap_is_caught(monkeypatch):
    """The deliberate bug of issue 25: inpHeXion's legal_moves without the swap that
    play accepts."""
    from rulebook.games.inphexion.rules import InphexionState

    listed = InphexionState._legal_moves
    monkeypatch.setattr(InphexionState, "_legal_moves",
                        lambda self: [move for move in listed(self) if not move.swap])
    with pytest.raises(AssertionError, match=r"play accepts \['swap'\], which legal_moves leaves out"):
        check_game(make_game("inphexion", size=3, pie=True))


def test_necto_move_play_refuses_but_the_list_offers_is_caught(monkeypatch):
    from rulebook.games.necto.rules import NectoState

    refuse = NectoState._illegal_reason
    monkeypatch.setattr(NectoState, "_illegal_reason", lambda self, move: (
        "no t4 on A1" if (move.cell, move.code) == (0, "t4") else refuse(self, move)))
    with pytest.raises(AssertionError, match=r"legal_moves lists \['A1=t4'\], which play refuses"):
        check_game(make_game("necto", size=4))


def test_qttt_without_candidates_is_offered_the_moves_legal_elsewhere(monkeypatch):
    """With no declaration, a move legal in some positions and forgotten by legal_moves
    in others (here the pair a1-b1, forgotten when O moves) is still caught."""
    import test_conformance
    from rulebook.games.qttt.rules import QtttState, Spooky

    listed = QtttState._legal_moves
    monkeypatch.setattr(test_conformance, "declaration", lambda slug: None)
    monkeypatch.setattr(QtttState, "_legal_moves", lambda self: [
        move for move in listed(self)
        if not (move == Spooky((0, 1)) and self.marks_placed % 2 and len(self._free) > 2)])
    with pytest.raises(AssertionError, match=r"play accepts \['a1-b1'\]"):
        check_game(make_game("qttt"))
    monkeypatch.setattr(QtttState, "_legal_moves", listed)
    check_game(make_game("qttt"))  # and without the bug, it passes


@pytest.mark.parametrize("slug, options", [case for case in cases()
                                           if declaration(case.values[0]) is not None])
def test_every_candidate_a_game_declares_is_written_in_its_notation(slug, options):
    """The candidates are moves the notation can write, legal or not: each one reads
    (play may refuse it), so none drops out of the check above unseen; except that
    Craquelure's name the parts every way, and the notation refuses some namings
    (two parts to one player): such a candidate is refused at its parts, never at
    its point or angle."""
    declared = declaration(slug)
    unread, read = [], 0
    for state in random_positions(make_game(slug, **options), 12, 0):
        for text in declared.candidates(state):
            try:
                state.parse_move(text)
                read += 1
            except NotationError as error:
                column = int(re.search(r"at column (\d+)", str(error)).group(1))
                parts = re.search(r" [BR]\d", text)
                if slug != "craquelure" or parts is None or column <= parts.start() + 1:
                    unread.append(f"{text}: {error}")
    assert not unread, unread[:5]
    assert read > 20, read
