"""What the engines and the play page say of positions, as last read and approved.

``tests/approved/positions.txt`` holds, for positions of seeded random games of
every game and variant, what a claim could ask of them (every fact that takes no
argument or a player), the computer's choice at each of its three strengths (in the
default game), and a
digest of the position as text and of the play page's view of it in each language
(the scene, the legend, the prompts and targets: :meth:`Session.view`); and along
every record of figures/, at each of its positions, the same facts and the facts
its claims ask, with the arguments they ask them of.  The rules
have their own tests (every game has an independent second implementation); this
file is the net under what no rule names: a fact's rare branch, a player's ordering,
a word of the view.  ``test_approved_positions`` makes it again and shows the lines
that changed as a diff.  When a change is meant, read the diff, then approve it::

    .venv/bin/python tests/approved_positions.py --approve

and commit ``tests/approved/positions.txt`` with the change.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

from approved_diagnostics import _rng, variants
from approved_text import approve, digest, in_child

ROOT = Path(__file__).resolve().parent.parent
APPROVED = ROOT / "tests" / "approved" / "positions.txt"
SEEDS = range(2)
POSITIONS = 5  # positions read in each game
VIEWED = 2  # of which the play page's view is read (in both languages)


def _digest(value) -> str:
    return digest(json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr))


def _answer(compute, state, **args) -> str:
    try:
        return repr(compute(state, **args))
    except Exception as error:  # noqa: BLE001 - a fact's refusal is an answer too
        return f"{type(error).__name__}: {error}"


def position_lines(slug: str, options: dict) -> list[str]:
    from rulebook.games import make_game
    from rulebook.play.bridge import Session

    game = make_game(slug, **options)
    name = " ".join([slug, *(f"{key}={value}" for key, value in options.items())])
    players = [game.player_name(index) for index in range(len(game.players))]
    lines = []
    for seed in SEEDS:
        rng, state, moves = random.Random(seed), game.initial_state(), []
        line = [state]
        while not state.is_over() and len(moves) < 200:
            move = state.random_move(rng)
            moves.append(state.format_move(move))
            state = state.play(move)
            line.append(state)
        chosen = sorted(_rng(name, "positions", seed).sample(range(len(line)), min(POSITIONS, len(line))))
        for order, ply in enumerate(chosen):
            state, where = line[ply], f"{name} seed {seed} ply {ply}"
            lines.append(f"{where} text {_digest(str(state))} legal {state.count_legal_moves()}")
            for fact in game.facts:
                if not fact.args:
                    lines.append(f"{where} {fact.name} = {_answer(fact.compute, state)}")
                elif fact.args in (("player",), ("owner",), ("seat",)):
                    for player in ("first", "second") if fact.args == ("seat",) else players:
                        lines.append(f"{where} {fact.name}({player}) = "
                                     f"{_answer(fact.compute, state, **{fact.args[0]: player})}")
            if order < VIEWED:
                session = Session(slug, options, moves=moves[:ply])
                for lang in ("en", "ja"):
                    lines.append(f"{where} view {lang} {_digest(session.view(lang))}")
                if not state.is_over() and not options:  # the default game: a variant's search is slow
                    for strength in (1, 2, 3):
                        lines.append(f"{where} computer {strength} plays "
                                     f"{session.computer_choice(strength, seed=seed)}")
    return lines


PLAYER_ARGS = (("player",), ("owner",), ("seat",))


def record_lines() -> list[str]:
    """Along every record of figures/, at each of its positions: every fact a claim can
    ask without arguments or of a player, and every fact the record claims, with each
    argument given every value the record's claims give it (the cells, sides and
    moves that matter in that example)."""
    from rulebook.record_facts import claim_facts
    from rulebook.records import find_records, load_record

    lines = []
    for path in find_records(ROOT / "figures"):
        record, where = load_record(path), path.relative_to(ROOT / "figures").as_posix()
        states, facts = list(record.replay()), claim_facts(record.game)
        players = [record.game.player_name(index) for index in range(len(record.game.players))]
        asked = {(fact.name, "{}") for fact in facts if not fact.args}
        for fact in facts:
            if fact.args in PLAYER_ARGS:
                choices = ("first", "second") if fact.args == ("seat",) else players
                asked |= {(fact.name, json.dumps({fact.args[0]: player})) for player in choices}
        seen = {}  # each argument's values in the record's claims, of any fact
        for claim in record.claims:
            for arg, value in claim.args.items():
                seen.setdefault(arg, {})[json.dumps(value, ensure_ascii=False)] = value
        for claim in record.claims:
            names = sorted(claim.args)
            for values in itertools.product(*(seen[name].values() for name in names)):
                asked.add((claim.fact, json.dumps(dict(zip(names, values)), ensure_ascii=False)))
        legal = [[] if state.is_over() else sorted(map(state.format_move, state.legal_moves()))
                 for state in states]
        lines.append(f"{where}: {len(states)} positions, text {_digest(list(map(str, states)))}, "
                     f"legal moves {_digest(legal)}")
        for name, args in sorted(asked):
            answers = [_answer(facts[name].compute, state, **json.loads(args)) for state in states]
            shown = ", ".join(answers)
            lines.append(f"{where} {name}{'' if args == '{}' else args}: "
                         + (shown if len(shown) <= 100 else f"{_digest(answers)} ({len(answers)} answers)"))
    return lines


def _in_this_process() -> list[str]:
    from rulebook.games import available_games

    return [line for slug in available_games() for options in variants(slug)
            for line in position_lines(slug, options)] + record_lines()


def positions() -> list[str]:
    """The lines, made in a child process that has what the play page's worker has
    (the standard library and rulebook: the drawings draw scenes, as in the browser)."""
    from rulebook.verify import BROWSER_ONLY

    return in_child("approved_positions", BROWSER_ONLY)


if __name__ == "__main__":
    approve(APPROVED.name, "What the engines and the play page say of positions", positions)
