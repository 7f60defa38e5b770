"""Rule coverage: each game's rules as data, and which figures show each rule.

Each game declares its rules in ``games/<game>/ruleset.py`` as ``RULES``, a
tuple of :class:`Rule`: an id, one sentence in English and in Japanese, the
refusal reasons (what ``State._illegal_reason`` gives) and outcome reasons
(``outcome().reason``) by which the engine enforces it, and, for a rule a move
applies (a collapse, a relocation, a swap, a score), a predicate over the
position before the move, the move and the position after it.  Refusal reasons
are written as templates: ``{}`` stands for any text (a cell, a number).
``MALFORMED`` lists the reasons only a move built in Python can get (no move
written in the notation can): they belong to no rule of the game.

A figure shows a rule (:func:`shown_by`) when one of its panels:

- shows a move that applies it: the move that led to the panel's position, and
  on the main line every move since the figure's previous panel;
- shows a refused move with the engine's reason: a panel's ``attempt`` or a
  ``refusal`` claim of the record;
- shows a finished game that ended by one of its outcome reasons.

The build maps every rule to the figures on the pages that show it (the rules
index, :mod:`rulebook.sphinxext.rules_index`); a rule no figure shows is
reported there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from .errors import RulebookError
from .game import State
from .games import game_part

ALREADY_OVER = "the game is already over"  # State.play's refusal, for every game


@dataclass(frozen=True)
class Rule:
    id: str
    text: dict[str, str]  # {"en": ..., "ja": ...}: one sentence
    refusals: tuple[str, ...] = ()  # templates of _illegal_reason's strings ({} = any text)
    outcomes: tuple[str, ...] = ()  # Outcome.reason values
    applied: Callable[[State, Any, State], bool] | None = None  # (before, move, after)

    def refuses(self, reason: str) -> bool:
        return any(template_pattern(t).fullmatch(reason) for t in self.refusals)


@dataclass(frozen=True)
class Showing:
    """One way a figure shows a rule."""

    rule: str
    panel: int  # 1-based
    how: str  # "move", "refusal" or "outcome"
    detail: str  # the move in notation, or the outcome's reason


@lru_cache(maxsize=None)
def template_pattern(template: str) -> re.Pattern:
    """A reason template as a regular expression: ``{}`` matches any text."""
    return re.compile(".+?".join(re.escape(part) for part in template.split("{}")), re.DOTALL)


def ruleset(slug: str):
    """The game's ``ruleset`` module (``RULES``, ``MALFORMED``), or None if it has none."""
    return game_part(slug, "ruleset")


def rules_of(slug: str) -> tuple[Rule, ...]:
    module = ruleset(slug)
    return () if module is None else module.RULES


def malformed(slug: str, reason: str) -> bool:
    module = ruleset(slug)
    templates = getattr(module, "MALFORMED", ()) if module else ()
    return any(template_pattern(t).fullmatch(reason) for t in templates)


def rules_refusing(slug: str, reason: str) -> list[Rule]:
    return [rule for rule in rules_of(slug) if rule.refuses(reason)]


def rules_ending(slug: str, reason: str) -> list[Rule]:
    return [rule for rule in rules_of(slug) if reason in rule.outcomes]


def refusal_reason(state: State, text: str) -> str | None:
    """The engine's reason for refusing the move ``text`` here (None: it is legal)."""
    if state.is_over():
        return ALREADY_OVER
    return state._illegal_reason(state.parse_move(text))


def applied_rules(slug: str, before: State, move, after: State) -> list[str]:
    return [rule.id for rule in rules_of(slug)
            if rule.applied is not None and rule.applied(before, move, after)]


def shown_by(record) -> list[Showing]:
    """Every way the figure of ``record`` (a checked :class:`rulebook.records.Record`)
    shows a rule of its game, in panel order."""
    slug = record.game.slug
    if not rules_of(slug):
        return []
    states = record.replay()
    found: list[Showing] = []
    previous = None  # the position of the previous main-line panel
    for number, panel in enumerate(record.panels, start=1):
        line = record.variation(panel.after, panel.then, panel.line)
        if panel.then:
            steps = [(line[-2], panel.then[-1], line[-1])]
        else:
            first = panel.after - 1 if previous is None or previous >= panel.after else previous
            steps = [(states[n], record.moves[n], states[n + 1])
                     for n in range(max(first, 0), panel.after)]
            previous = panel.after
        for before, text, after in steps:
            move = before.parse_move(text)
            found += [Showing(rule, number, "move", text)
                      for rule in applied_rules(slug, before, move, after)]
        outcome = line[-1].outcome()
        if outcome is not None:
            found += [Showing(rule.id, number, "outcome", outcome.reason)
                      for rule in rules_ending(slug, outcome.reason)]
        attempt = getattr(panel, "attempt", None)
        if attempt:
            found += _refusals(slug, line[-1], attempt, number)
    for claim in record.claims:
        if claim.fact == "refusal":
            found += _refusals(slug, record.claim_state(claim), claim.args["move"], 0)
    return found


def _refusals(slug: str, state: State, text: str, panel: int) -> list[Showing]:
    try:
        reason = refusal_reason(state, text)
    except RulebookError:  # not even a move: the record's own check says so
        return []
    if reason is None:
        return []
    return [Showing(rule.id, panel, "refusal", text) for rule in rules_refusing(slug, reason)]


# Where the test suite replays each record and checks its claims (tests/test_records.py):
# the test that fails when a figure stops showing what it shows.
RECORD_TEST = "tests/test_records.py::test_record[{name}:replay]"


def rule_map(figures_dir) -> dict[str, dict[str, dict[str, list[str]]]]:
    """Every rule of every game mapped to the records that show it and the tests that
    check them: ``{game: {rule id: {"figures": [record name, ...], "tests": [...]}}}``.
    (The rules index maps rules to the figures of a page; this covers every record.)"""
    from .games import available_games
    from .records import find_records, load_record

    found = {game: {rule.id: {"figures": [], "tests": []} for rule in rules_of(game)}
             for game in available_games()}
    for path in find_records(figures_dir):
        record = load_record(path, figures_dir)
        record.check()
        for rule in sorted({showing.rule for showing in shown_by(record)}):
            entry = found[record.game.slug][rule]
            entry["figures"].append(record.name)
            entry["tests"].append(RECORD_TEST.format(name=record.name))
    return found
