"""The games' declarations that the record reference and the schema print are true.

- each position format's example is read by the game's own ``parse_position``;
- the outcome reasons a game declares are exactly those its engine's source can
  give (read from the ``Outcome(...)`` calls), and random games end only with them;
- a fact's declared answer type and its declared values hold for what the
  engine answers in random games.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.games import GAME_MODULES, available_games, game_class, game_play, make_game
from rulebook.record_format import type_problem
from rulebook.records import normalise

GAMES = available_games()


def small_options(slug: str) -> dict:
    """The options of a short random game (play.py's ``SMALL_OPTIONS``), else the defaults."""
    return getattr(game_play(slug), "SMALL_OPTIONS", {})


@pytest.mark.parametrize("slug", GAMES)
def test_a_position_format_has_an_example_the_game_reads(slug):
    game = make_game(slug)
    assert (game.position_format is None) == (game.position_example is None)
    if game.position_example is None:
        return
    state = game.parse_position(game.position_example)
    # the example is the position written out, so it reads back as the same position
    assert str(game.parse_position(str(state))) == str(state)
    assert str(state) != str(game.initial_state())


def _strings(node, assigned: dict[str, list[ast.expr]], seen=frozenset()) -> set[str]:
    """Every string an expression can evaluate to, following names to their assignments."""
    found = set()
    for part in ast.walk(node):
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            found.add(part.value)
        elif isinstance(part, ast.Name) and part.id in assigned and part.id not in seen:
            for value in assigned[part.id]:
                found |= _strings(value, assigned, seen | {part.id})
    return found


def engine_reasons(slug: str) -> set[str]:
    """The reasons in the ``Outcome(winner, reason, ...)`` calls of a game's package."""
    import rulebook.games

    folder = Path(rulebook.games.__file__).parent / GAME_MODULES[slug]
    reasons = set()
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assigned: dict[str, list[ast.expr]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        assigned.setdefault(target.id, []).append(node.value)
                    elif isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        for name, value in zip(target.elts, node.value.elts):
                            assigned.setdefault(getattr(name, "id", ""), []).append(value)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Outcome"
                    and len(node.args) >= 2):
                reasons |= _strings(node.args[1], assigned)
    return reasons


@pytest.mark.parametrize("slug", GAMES)
def test_the_declared_reasons_are_those_the_engine_gives(slug):
    assert set(game_class(slug).reasons) == engine_reasons(slug)


def _answers(state, game):
    """(fact, answer) for every fact that takes no argument."""
    for fact in game.facts:
        if not fact.args:
            yield fact, fact.compute(state)


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_random_games_end_for_declared_reasons_and_facts_answer_as_declared(slug, data):
    game = make_game(slug, **small_options(slug))
    state = game.initial_state()
    for _ in range(40):
        for fact, answer in _answers(state, game):
            if answer is not None:  # None: not for this game (scores of a game without)
                assert type_problem(normalise(answer), fact.answer_type()) is None, fact.name
            if fact.values is not None:
                assert answer in fact.values(game), (fact.name, answer)
        if state.is_over():
            assert state.outcome().reason in game.reasons
            break
        moves = state.legal_moves()
        if len(moves) > 400:  # a huge or continuous set (Craquelure): the engine picks one
            move = state.random_move(data.draw(st.randoms(use_true_random=False)))
        else:
            move = data.draw(st.sampled_from(moves))
        state = state.play(move)


@pytest.mark.parametrize("slug", GAMES)
def test_every_fact_declares_the_type_of_its_answer(slug):
    """The reference and the schema tell an author what ``expect`` must be."""
    import typing

    untyped = [fact.name for fact in game_class(slug).facts
               if fact.answer_type() is typing.Any]
    assert not untyped, f"annotate the return type of these facts: {untyped}"
