"""Refused moves in records: the ``refusal`` claim and a panel's ``attempt``.

A ``refusal`` claim answers with the rule the engine names when it refuses a
move (what ``IllegalMoveError`` carries), and fails on a move the engine
accepts; an ``attempt`` panel draws a refused move, and a record whose
attempt the engine accepts does not load.
"""

from __future__ import annotations

import pytest

from rulebook.errors import ClaimError, IllegalMoveError, RulebookError
from rulebook.figure_style import drawing_module, render_panels
from rulebook.games import available_games, make_game
from rulebook.records import load_record
from rulebook.schema import record_schema

from conftest import random_walk

# per game: a record's opening lines and a move the rules refuse after them
REFUSED = {
    "qttt": ('moves = ["a1-b2"]', "a1-a1"),
    "necto": ('options = { size = 4 }\nmoves = ["B2=x1"]', "B2=c1"),
    "craquelure": ("", "(0.1,-0.33) 90 B1 R2"),
    "inphexion": ('moves = ["d4", "d4>d5"]', "d5>d4"),
}
ACCEPTED = {"qttt": "a1-c3", "necto": "C2=c1", "craquelure": "(0.1,-0.05) 100 B1 R2",
            "inphexion": "d4>c4"}


def write(tmp_path, slug: str, text: str):
    folder = tmp_path / slug
    folder.mkdir(exist_ok=True)
    path = folder / "refused.toml"
    path.write_text(f'game = "{slug}"\n{text}')
    return path


def engine_reason(tmp_path, slug: str, opening: str, move: str) -> str:
    """The rule the engine names for ``move``, asked of the engine directly."""
    state = load_record(write(tmp_path, slug, opening)).replay()[-1]
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move(move))
    return error.value.rule


@pytest.mark.parametrize("slug", sorted(REFUSED))
def test_a_refusal_claim_gives_the_engines_own_reason(tmp_path, slug):
    opening, move = REFUSED[slug]
    reason = engine_reason(tmp_path, slug, opening, move)
    text = f'{opening}\n[[claims]]\nfact = "refusal"\nmove = "{move}"\nexpect = "{reason}"\n'
    assert load_record(write(tmp_path, slug, text)).check() == 1
    wrong = text.replace(f'expect = "{reason}"', 'expect = "some other rule"')
    with pytest.raises(ClaimError) as error:
        load_record(write(tmp_path, slug, wrong)).check()
    assert reason in str(error.value)


def test_the_qttt_reason_is_the_rule_a_player_reads(tmp_path):
    state = make_game("qttt").initial_state()
    record_reason = engine_reason(tmp_path, "qttt", "", "a1-a1")
    assert record_reason == "the two spooky marks must go in two different cells"
    assert state.game.facts["is_legal"].compute(state, "a1-a1") is False


@pytest.mark.parametrize("slug", sorted(REFUSED))
def test_a_refusal_claim_on_a_move_the_engine_accepts_fails_in_one_line(tmp_path, slug):
    opening, _ = REFUSED[slug]
    move = ACCEPTED[slug]
    path = write(tmp_path, slug, f'{opening}\n[[claims]]\nfact = "refusal"\nmove = "{move}"\n'
                                 'expect = "anything"\n')
    with pytest.raises(RulebookError) as error:
        load_record(path).check()
    message = str(error.value)
    assert message.startswith(f"{path}:") and "\n" not in message
    assert message.endswith(f"the engine accepts {move!r} here, so it shows no refused move "
                            "(a refusal needs a move the rules forbid)")


@pytest.mark.parametrize("slug", sorted(REFUSED))
def test_an_attempt_the_engine_accepts_is_refused_at_load(tmp_path, slug):
    opening, _ = REFUSED[slug]
    path = write(tmp_path, slug, f'{opening}\n[figure]\n[[figure.panels]]\n'
                                 f'attempt = "{ACCEPTED[slug]}"\n')
    with pytest.raises(RulebookError) as error:
        load_record(path).check()
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith(f"{path}:") and "panel 1: attempt: the engine accepts" in message


def test_an_attempt_must_be_a_move_written_as_a_string(tmp_path):
    path = write(tmp_path, "qttt", '[figure]\n[[figure.panels]]\nattempt = 3\n')
    with pytest.raises(RulebookError, match="panel 1: attempt' must be a string"):
        load_record(path)
    path = write(tmp_path, "qttt", '[figure]\n[[figure.panels]]\nattempt = "zz"\n')
    with pytest.raises(RulebookError, match=r":3: panel 1: attempt: cannot read 'zz'"):
        load_record(path).check()


@pytest.mark.parametrize("slug", sorted(REFUSED))
def test_each_game_draws_a_refused_move_with_its_legend_mark(tmp_path, slug):
    opening, move = REFUSED[slug]
    drawn = {}
    for name, panel in (("plain", ""), ("refused", f'attempt = "{move}"\n')):
        path = write(tmp_path, slug, f"{opening}\n[figure]\n[[figure.panels]]\n{panel}")
        record = load_record(path)
        record.check()
        images, marks = render_panels(record, "en")
        drawn[name] = images[0], [mark.key for mark in marks]
    assert "refused" not in drawn["plain"][1]
    assert "refused" in drawn["refused"][1]
    assert drawn["refused"][0] != drawn["plain"][0]  # drawn, not only named in the legend
    assert "refused" in [mark.key for mark in drawing_module(slug).MARKS]


def test_the_schema_knows_attempts_and_refusals():
    schema = record_schema()
    panel = schema["properties"]["figure"]["properties"]["panels"]["items"]
    assert panel["properties"]["attempt"]["type"] == "string"
    for rule in schema["allOf"]:
        claim = rule["then"]["properties"]["claims"]["items"]
        assert "refusal" in claim["properties"]["fact"]["enum"]
        refusal = next(r["then"] for r in claim["allOf"]
                       if r["if"]["properties"]["fact"]["const"] == "refusal")
        assert refusal["required"] == ["move"]
        assert refusal["properties"]["expect"]["type"] == "string"
    assert len(schema["allOf"]) == len(available_games())


@pytest.mark.parametrize("slug", sorted(REFUSED))
def test_an_attempt_and_a_refusal_after_a_variation_are_judged_where_it_ends(tmp_path, slug):
    """A panel's ``attempt`` and a ``refusal`` claim with ``then`` are judged on the
    position the variation reaches, not where it starts: over seeded random games, a
    move the rules allow before a one-move variation and refuse after it (the same move
    again, or another) is an attempt there, and no attempt without the variation."""
    import json
    import random

    rng, judged, tries = random.Random(25), 0, 0
    while judged < 3:
        tries += 1
        assert tries < 300, f"{slug}: no move found that the variation makes illegal"
        state, moves = random_walk(make_game(slug), rng, rng.randrange(0, 10))
        if state.is_over():
            continue
        text = state.format_move(state.random_move(rng))
        reached = state.play(state.parse_move(text))
        # a move the rules allowed before the variation and refuse at its end: its own
        # move again, or another (Quantum Tic-Tac-Toe: after a cycle, only a collapse)
        allowed = [text, *(state.format_move(state.random_move(rng)) for _ in range(20))]
        refused = [(move, reason) for move in allowed
                   if (reason := engine_refuses(reached, move)) is not None]
        if not refused:
            continue
        attempt, reason = refused[0]
        opening = f"moves = {json.dumps(moves)}\n"
        variation = f"after = {len(moves)}\nthen = [{json.dumps(text)}]\n"
        panel = f"[figure]\n[[figure.panels]]\n{variation}attempt = {json.dumps(attempt)}\n"
        claim = (f"[[claims]]\nfact = \"refusal\"\nmove = {json.dumps(attempt)}\n{variation}"
                 f"expect = {json.dumps(reason)}\n")
        record = load_record(write(tmp_path, slug, opening + claim + panel))
        assert record.check() == 1, text
        assert record.panel_state(0).to_json() == reached.to_json()
        before = panel.replace(f"then = [{json.dumps(text)}]\n", "")
        with pytest.raises(RulebookError, match="panel 1: attempt: the engine accepts"):
            load_record(write(tmp_path, slug, opening + before)).check()
        judged += 1


def engine_refuses(state, text: str) -> str | None:
    """The engine's reason for refusing ``text`` at ``state``, None if it accepts it."""
    try:
        state.play(state.parse_move(text))
    except IllegalMoveError as error:
        return error.rule
    return None
