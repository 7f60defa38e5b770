"""Rule coverage: every reason an engine gives belongs to a declared rule
(``games/<game>/ruleset.py``), the figures that show each rule are found by
what their moves do, and every book's rules index points at them.

The reasons are found two ways: read out of the engines' source (every string
their refusing functions return, and every outcome reason they declare), and
collected from seeded random games (every candidate move the notation can
write, offered at random positions).
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from rulebook import rule_coverage as rc
from rulebook.errors import NotationError
from rulebook.games import available_games, game_part, make_game
from rulebook.studies import NOT_ENGINE

PACKAGE = Path(rc.__file__).resolve().parent
# the engine functions that give a move's refusal reason (the engines' own names)
REFUSING = {"_illegal_reason", "_relocation_reason", "_shape_problem", "_work_out", "plan_cut"}
GAMES = available_games()
PLACEHOLDER = "§"  # stands for a formatted value in a reason read from the source


def _strings(node) -> list[str]:
    """The strings an expression can evaluate to, formatted values as PLACEHOLDER."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(part.value if isinstance(part, ast.Constant) else PLACEHOLDER
                        for part in node.values)]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def source_reasons(slug: str) -> list[tuple[str, str]]:
    """(file:line, reason) of every string an engine module's refusing functions return."""
    found = []
    for path in sorted((PACKAGE / "games" / slug).glob("*.py")):
        if path.name in NOT_ENGINE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef) and function.name in REFUSING:
                for node in ast.walk(function):
                    if isinstance(node, ast.Return) and node.value is not None:
                        found += [(f"{path.name}:{node.lineno}", text)
                                  for text in _strings(node.value)]
    return found


def declared(slug: str, reason: str) -> bool:
    return bool(rc.rules_refusing(slug, reason)) or rc.malformed(slug, reason)


@pytest.mark.parametrize("slug", GAMES)
def test_every_refusal_in_the_source_belongs_to_a_rule(slug):
    reasons = source_reasons(slug)
    assert len(reasons) >= 3, "the engine's refusing functions were not found"
    undeclared = [f"{where}: {text!r}" for where, text in reasons if not declared(slug, text)]
    assert not undeclared, f"{slug}: reasons no rule of ruleset.py declares: {undeclared}"


@pytest.mark.parametrize("slug", GAMES)
def test_every_outcome_reason_belongs_to_a_rule(slug):
    game = make_game(slug)
    assert game.reasons
    missing = [reason for reason in game.reasons if not rc.rules_ending(slug, reason)]
    assert not missing, f"{slug}: outcome reasons no rule declares: {missing}"


@pytest.mark.parametrize("slug", GAMES)
def test_rules_are_named_once_in_both_languages(slug):
    rules = rc.rules_of(slug)
    assert rules
    ids = [rule.id for rule in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert rule.text["en"].endswith(".") and rule.text["ja"].endswith("。"), rule.id
        assert rule.refusals or rule.outcomes or rule.applied, rule.id


def _options(slug):
    declared_sets = getattr(game_part(slug, "candidates"), "OPTION_SETS", ({},))
    return [{}, *declared_sets]


@pytest.mark.parametrize("slug", GAMES)
def test_reasons_met_in_random_games_belong_to_rules(slug):
    """Seeded random games: every refusal of a candidate move and every ending is
    matched to a declared rule."""
    candidates = game_part(slug, "candidates").candidates
    rng = random.Random(26)
    refusals, endings = set(), set()
    for options in _options(slug):
        game = make_game(slug, **options)
        for _ in range(4):
            state = game.initial_state()
            while True:
                texts = candidates(state)
                for text in rng.sample(texts, min(25, len(texts))):
                    try:
                        reason = rc.refusal_reason(state, text)
                    except NotationError:
                        continue
                    if reason is not None:
                        refusals.add(reason)
                if state.is_over():
                    endings.add(state.outcome().reason)
                    break
                state = state.play(state.random_move(rng))
    assert refusals and endings
    assert rc.ALREADY_OVER in refusals
    assert not [r for r in refusals if not declared(slug, r)], slug
    assert not [r for r in endings if not rc.rules_ending(slug, r)], slug


def test_a_reason_no_rule_declares_is_found(monkeypatch):
    """The source check can fail: take one reason's rule away and it names it."""
    module = rc.ruleset("qttt")
    kept = tuple(rule for rule in module.RULES if rule.id != "spooky")
    monkeypatch.setattr(module, "RULES", kept)
    missing = [text for _, text in source_reasons("qttt") if not declared("qttt", text)]
    assert missing == ["the two spooky marks must go in two different cells",
                       "spooky marks cannot go in a cell that holds a classical mark"]
