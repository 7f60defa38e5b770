"""Every example record and every claim in it is a test item.

A record that stops replaying or a claim that stops holding fails here and
names the record, the claim, the expected and the engine's value.
"""

from __future__ import annotations

import tomllib

import pytest

from rulebook.records import find_records, load_record

from conftest import ROOT

FIGURES = ROOT / "figures"


def claim_items():
    for path in find_records(FIGURES):
        name = path.relative_to(FIGURES).with_suffix("").as_posix()
        yield pytest.param(path, None, id=f"{name}:replay")
        try:
            claims = tomllib.loads(path.read_text(encoding="utf-8")).get("claims", [])
        except tomllib.TOMLDecodeError:
            continue  # the replay item reports it
        for index, claim in enumerate(claims):
            label = claim.get("id") or claim.get("fact", "?")
            yield pytest.param(path, index, id=f"{name}:claim{index + 1}-{label}")


def test_there_are_records():
    assert len(find_records(FIGURES)) >= 6


@pytest.mark.parametrize(("path", "claim_index"), list(claim_items()))
def test_record(path, claim_index):
    record = load_record(path, FIGURES)
    if claim_index is None:
        states = record.replay()
        assert len(states) == len(record.moves) + 1
        for panel in record.panels:
            record.variation(panel.after, panel.then, None)
    else:
        record.check_claim(record.claims[claim_index])
