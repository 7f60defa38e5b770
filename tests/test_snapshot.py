"""``rulebook.snapshot``: the records of the games a job names, each replayed.

``rulebook diff`` runs it in a child for each side, where only the standard
library and rulebook import (the browser's drawings: matplotlib absent), and so do
these tests, through the diff's own command line; in a process with matplotlib
imported, as a test worker, every panel would be a drawing error.
(The diff itself: tests/test_diff.py.)
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from rulebook.diff import Side, snapshot_command

ROOT = Path(__file__).resolve().parent.parent
FIGURES = ROOT / "figures"


def snapshot(figures: Path, games: list[str] | None) -> dict:
    """The records of ``games`` under ``figures``, as the diff's child replays them."""
    job = {"figures": str(figures), "games": games, "defaults": {}}
    done = subprocess.run(snapshot_command(Side(ROOT, "here"), job), capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout)["records"]


def records_of(games: list[str]) -> set[str]:
    """The project's records of ``games``, by name, found here from the folders."""
    return {path.relative_to(FIGURES).with_suffix("").as_posix()
            for game in games for path in (FIGURES / game).glob("*.toml")}


def drawn(scene: dict) -> bool:
    return "error" not in scene and bool(scene["items"])


@pytest.mark.parametrize("games", [["qttt"], ["necto", "craquelure"]])
def test_a_job_naming_games_replays_their_records_and_no_others(games):
    taken = snapshot(FIGURES, games)
    assert set(taken) == records_of(games)
    for name, entry in taken.items():
        assert "error" not in entry, name
        assert entry["game"] == name.split("/")[0]
        assert entry["illegal"] is None or entry["illegal"]["reason"], name
        assert all(claim["holds"] for claim in entry["claims"]), name  # the project's records hold
        for panel in entry["panels"]:  # every panel drawn, in each language
            assert set(panel["scenes"]) == {"en", "ja"}, name
            assert all(drawn(scene) for scene in panel["scenes"].values()), (name, panel)


def test_a_job_naming_no_game_replays_every_record():
    games = sorted(p.name for p in FIGURES.iterdir() if p.is_dir())
    assert len(games) == 4
    assert set(snapshot(FIGURES, None)) == records_of(games)


def qttt_record(moves: list[str], points: range) -> str:
    """A QTTT record: these moves, a turn claim and a panel after each of ``points``."""
    return (f"game = \"qttt\"\nmoves = {json.dumps(moves)}\n"
            + "".join(f'[[claims]]\nafter = {k}\nfact = "turn"\nexpect = "{"XO"[k % 2]}"\n'
                      for k in points)
            + "[figure]\n" + "".join(f"[[figure.panels]]\nafter = {k}\n" for k in points))


def test_every_claim_and_panel_before_the_refused_move_is_worked_out_wherever_it_is(tmp_path):
    """The refused move anywhere, the first and the last included: every claim and
    panel at a point before it (the start too) is worked out, holds and is drawn;
    every one at or after it says it was not reached, naming that move (its own
    number, as the record counts them), and the refusal gives the engine's reason."""
    folder = tmp_path / "figures" / "qttt"
    folder.mkdir(parents=True)
    for refused in range(1, 5):
        moves = ["a1-b2", "c3-b2", "a2-c1", "b3-c2"]
        moves[refused - 1] = "a1-a1"  # one cell twice: refused
        (folder / f"refused-{refused}.toml").write_text(qttt_record(moves, range(5)))
    taken = snapshot(tmp_path / "figures", None)
    assert set(taken) == {f"qttt/refused-{k}" for k in range(1, 5)}
    for refused in range(1, 5):
        entry = taken[f"qttt/refused-{refused}"]
        assert entry["illegal"]["move"] == refused and entry["illegal"]["text"] == "a1-a1"
        assert "a1" in entry["illegal"]["reason"] or "cell" in entry["illegal"]["reason"]
        why = f"not reached: move {refused} is refused"
        for k, (claim, panel) in enumerate(zip(entry["claims"], entry["panels"], strict=True)):
            scenes = panel["scenes"].values()
            if k < refused:
                assert claim["holds"] and "error" not in claim, (refused, k, claim)
                assert all(drawn(scene) for scene in scenes), (refused, k)
            else:
                assert claim["error"] == why and not claim["holds"], (refused, k, claim)
                assert {scene["error"] for scene in scenes} == {why}, (refused, k)
