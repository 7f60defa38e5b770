"""What the engines and the play page say of positions, as last read and approved.

``tests/approved/positions.txt`` holds, for positions of seeded random games of
every game and variant, what a claim could ask of them (every fact that takes no
argument or a player), the computer's choice at each of its three strengths (in the
default game), and a
digest of the position as text and of the play page's view of it in each language
(the scene, the legend, the prompts and targets: :meth:`Session.view`).  The rules
have their own tests (every game has an independent second implementation); this
file is the net under what no rule names: a fact's rare branch, a player's ordering,
a word of the view.  ``test_approved_positions`` makes it again and shows the lines
that changed as a diff.  When a change is meant, read the diff, then approve it::

    .venv/bin/python tests/approved_positions.py --approve

and commit ``tests/approved/positions.txt`` with the change.
"""

from __future__ import annotations

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


def _in_this_process() -> list[str]:
    from rulebook.games import available_games

    return [line for slug in available_games() for options in variants(slug)
            for line in position_lines(slug, options)]


def positions() -> list[str]:
    """The lines, made in a child process that has what the play page's worker has
    (the standard library and rulebook: the drawings draw scenes, as in the browser)."""
    from rulebook.verify import BROWSER_ONLY

    return in_child("approved_positions", BROWSER_ONLY)


if __name__ == "__main__":
    approve(APPROVED.name, "What the engines and the play page say of positions", positions)
