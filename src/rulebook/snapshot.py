"""What a project's records say, as JSON: the input of ``rulebook diff``.

``rulebook diff`` compares two trees of the project (a git revision and the
working tree) by meaning.  Each tree's own code must replay its own records, so
each is read in a child Python with that tree's ``src`` on ``PYTHONPATH``,
running this module (``python -m rulebook.snapshot JOB``; for a revision older
than this module, the diff runs this file against the older modules, which is
why it imports only long-standing names, and those absolutely).  The child can
import only the standard library and rulebook, as the browser (see
:mod:`rulebook.verify`), so the drawing modules draw into
:class:`rulebook.scene.SceneAxes` and every panel comes out as its scene.

For each record: its game, its moves, the first move the engine refuses (with
its reason), each claim's value and whether it holds, and each panel's scene in
each language; or the one-line error that stopped it loading.  ``JOB`` is JSON:
``{"figures": folder, "games": [slugs] | null, "defaults": {game: {option:
value}}}``: the records of those games (else of all); ``defaults`` changes
options' defaults (``rulebook diff --option``).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path


def change_defaults(defaults: dict) -> None:
    """Give the games' options these defaults, in this process only."""
    from rulebook.games import game_class

    for slug, options in defaults.items():
        cls = game_class(slug)
        cls.parameters = tuple(dataclasses.replace(p, default=options[p.name])
                               if p.name in options else p for p in cls.parameters)


def replay(record) -> dict | None:
    """Play the record's moves one by one; the first the engine refuses, or None."""
    from rulebook.errors import RulebookError

    try:
        state = (record.game.parse_position(record.start) if record.start is not None
                 else record.game.initial_state())
    except RulebookError as error:
        return {"move": 0, "text": record.start or "", "reason": str(error)}
    for number, text in enumerate(record.moves, start=1):
        try:
            state = state.play(state.parse_move(text))
        except RulebookError as error:
            return {"move": number, "text": text, "reason": getattr(error, "rule", str(error))}
    return None


def claims(record, total: int, reached: int, why: str) -> list[dict]:
    """Each claim's value, and whether it holds; a claim after move ``reached``
    (the last one the engine allows, of the record's ``total``) has none (``why``)."""
    from rulebook.errors import RulebookError
    from rulebook.records import normalise, same

    found = []
    for claim in record.claims:
        entry = {"key": claim.id or f"#{claim.index}", "id": claim.id, "fact": claim.fact,
                 "args": claim.args, "after": claim.after, "then": list(claim.then),
                 "expect": normalise(claim.expect)}
        try:
            if (total if claim.after is None else claim.after) > reached:
                raise RulebookError(why)
            entry["value"] = normalise(record.claim_value(claim))
            entry["holds"] = same(entry["value"], entry["expect"])
        except RulebookError as error:
            entry["value"], entry["holds"], entry["error"] = None, False, str(error)
        found.append(entry)
    return found


def panels(record, reached: int, why: str) -> list[dict]:
    """Each panel's scene per language (or why it could not be drawn)."""
    from rulebook.errors import RulebookError
    from rulebook.play.bridge import _module
    from rulebook.records import LANGUAGES
    from rulebook.scene import draw_panel

    module = _module(record.game.slug, "drawing")
    drawn = []
    for panel in record.panels:
        scenes = {}
        for lang in LANGUAGES:
            try:
                if panel.after > reached:
                    raise RulebookError(why)
                scenes[lang] = draw_panel(record, module, panel, lang)[0]
            except RulebookError as error:
                scenes[lang] = {"error": str(error)}
        drawn.append({"after": panel.after, "then": list(panel.then), "label": panel.label,
                      "scenes": scenes})
    return drawn


def record_snapshot(path: Path, figures: Path) -> dict:
    from rulebook.errors import RulebookError
    from rulebook.records import load_record

    try:
        record = load_record(path, figures)
    except (RulebookError, OSError) as error:
        return {"game": path.parent.name, "error": str(error)}
    entry = {"game": record.game.slug, "moves": list(record.moves),
             "options": record.game.options, "illegal": replay(record)}
    reached, why = len(record.moves), ""
    if entry["illegal"] is not None:  # what comes before the refused move is still shown
        reached = entry["illegal"]["move"] - 1
        why = f"not reached: move {reached + 1} is refused"
        if reached < 0:
            return entry
        record = dataclasses.replace(record, moves=record.moves[:reached],
                                     move_lines=record.move_lines[:reached], states=None)
    entry["claims"] = claims(record, len(entry["moves"]), reached, why)
    entry["panels"] = panels(record, reached, why)
    return entry


def snapshot(job: dict) -> dict:
    from rulebook.records import find_records

    figures = Path(job["figures"])
    change_defaults(job.get("defaults") or {})
    games = job.get("games")
    records = {}
    for path in find_records(figures):
        if games is None or path.parent.name in games:
            name = path.relative_to(figures).with_suffix("").as_posix()
            records[name] = record_snapshot(path, figures)
    return {"records": records}


if __name__ == "__main__":
    # dumps, not dump: json.dump encodes in Python and writes piece by piece (7.8 s
    # for the project's 19 MB of scenes into a pipe), dumps in C at once (2.2 s in all)
    sys.stdout.write(json.dumps(snapshot(json.loads(sys.argv[1])), ensure_ascii=False,
                                default=repr))
