"""``rulebook.snapshot``: the records of the games a job names, each replayed.

(``rulebook diff`` runs it in a child for each side: tests/test_diff.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.snapshot import snapshot

FIGURES = Path(__file__).resolve().parent.parent / "figures"


def records_of(games: list[str]) -> set[str]:
    """The project's records of ``games``, by name, found here from the folders."""
    return {path.relative_to(FIGURES).with_suffix("").as_posix()
            for game in games for path in (FIGURES / game).glob("*.toml")}


@pytest.mark.parametrize("games", [["qttt"], ["necto", "craquelure"]])
def test_a_job_naming_games_replays_their_records_and_no_others(games):
    taken = snapshot({"figures": str(FIGURES), "games": games})["records"]
    assert set(taken) == records_of(games)
    for name, entry in taken.items():
        assert "error" not in entry, name
        assert entry["game"] == name.split("/")[0]
        assert entry["illegal"] is None or entry["illegal"]["reason"], name
        assert all(claim["holds"] for claim in entry["claims"]), name  # the project's records hold


def test_a_job_naming_no_game_replays_every_record():
    games = sorted(p.name for p in FIGURES.iterdir() if p.is_dir())
    assert len(games) == 4
    assert set(snapshot({"figures": str(FIGURES), "games": None})["records"]) == records_of(games)


def test_what_comes_after_a_refused_move_is_not_reached_naming_that_move(tmp_path):
    """A record whose third move the engine refuses: the claims and panels before it
    are worked out, those after it say they were not reached because move 3 is
    refused (the move's own number, as the record counts them)."""
    from rulebook.snapshot import record_snapshot

    folder = tmp_path / "figures" / "qttt"
    folder.mkdir(parents=True)
    path = folder / "refused.toml"
    path.write_text('game = "qttt"\nmoves = ["a1-b2", "a1-b2", "a1-a1", "c1-c2"]\n'
                    '[[claims]]\nafter = 2\nfact = "turn"\nexpect = "X"\n'
                    '[[claims]]\nafter = 4\nfact = "turn"\nexpect = "O"\n'
                    '[figure]\n[[figure.panels]]\nafter = 1\n[[figure.panels]]\nafter = 3\n')
    entry = record_snapshot(path, tmp_path / "figures")
    assert entry["illegal"]["move"] == 3
    before, after = entry["claims"]
    assert before["holds"] and "error" not in before
    assert after["error"] == "not reached: move 3 is refused"
    first, last = entry["panels"]
    assert all("items" in scene for scene in first["scenes"].values())
    assert {scene["error"] for scene in last["scenes"].values()} == {"not reached: move 3 is refused"}


@pytest.mark.parametrize("refused", [1, 2, 3, 4])
def test_every_claim_and_panel_before_the_refused_move_is_worked_out_wherever_it_is(
        tmp_path, refused):
    """The refused move anywhere, the first and the last included: every claim and
    panel at a point before it (the start too) is worked out and holds, every one at
    or after it says it was not reached, naming that move."""
    from rulebook.snapshot import record_snapshot

    moves = ["a1-b2", "c3-b2", "a2-c1", "b3-c2"]
    moves[refused - 1] = "a1-a1"  # one cell twice: refused
    folder = tmp_path / "figures" / "qttt"
    folder.mkdir(parents=True)
    path = folder / "refused.toml"
    path.write_text(f'game = "qttt"\nmoves = {moves!r}\n'.replace("'", '"')
                    + "".join(f'[[claims]]\nafter = {k}\nfact = "turn"\nexpect = "{"XO"[k % 2]}"\n'
                              for k in range(5))
                    + "[figure]\n" + "".join(f"[[figure.panels]]\nafter = {k}\n" for k in range(5)))
    entry = record_snapshot(path, tmp_path / "figures")
    assert entry["illegal"]["move"] == refused
    why = f"not reached: move {refused} is refused"
    for k, (claim, panel) in enumerate(zip(entry["claims"], entry["panels"], strict=True)):
        scenes = panel["scenes"].values()
        if k < refused:
            assert claim["holds"] and "error" not in claim, (k, claim)
            assert all("items" in scene for scene in scenes), k
        else:
            assert claim["error"] == why and not claim["holds"], (k, claim)
            assert {scene["error"] for scene in scenes} == {why}, k
