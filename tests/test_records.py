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


@pytest.mark.parametrize("expect, answer", [
    ("0", "false"), ("1", "true"), ("false", "0"), ("2", "2.0"), ("[1]", "[true]"),
    ("{ a = 1 }", "{ a = true }"), ("\"1\"", "1")])
def test_a_claim_holds_only_for_a_value_of_its_own_kind(tmp_path, expect, answer):
    """0 is not false, 1 not true, 2 not 2.0, "1" not 1, in lists and tables too: the
    records' comparison, and a real claim on the ``over`` fact (false at the start)."""
    from rulebook.errors import RulebookError
    from rulebook.records import same

    a, b = (tomllib.loads(f"v = {text}")["v"] for text in (expect, answer))
    assert not same(a, b) and not same(b, a) and same(a, a) and same(b, b)
    if answer == "false":
        path = tmp_path / "qttt" / "start.toml"
        path.parent.mkdir()
        path.write_text(f'game = "qttt"\nmoves = []\n[[claims]]\nfact = "over"\nexpect = {expect}\n')
        with pytest.raises(RulebookError, match="must be true or false, not 0"):
            load_record(path, tmp_path).check()


def test_a_record_edited_in_place_is_read_again_even_at_the_same_size_and_time(tmp_path):
    """The pages' records are replayed once per process (``rulebook serve`` builds again
    and again in one): an edit keeping the file's size, and even its modification time,
    is read again, not the record as it was."""
    import os

    from rulebook.sphinxext.directives import cached_record

    folder = tmp_path / "figures" / "qttt"
    folder.mkdir(parents=True)
    path = folder / "edited.toml"
    text = ('game = "qttt"\nmoves = ["a1-b2", "c3-b2"]\n'
            '[[claims]]\nfact = "turn"\nexpect = "X"\n')
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    assert cached_record(path, tmp_path / "figures").claims[0].expect == "X"
    path.write_text(text.replace('expect = "X"', 'expect = "O"'), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size and path.stat().st_mtime_ns == stat.st_mtime_ns
    assert cached_record(path, tmp_path / "figures").claims[0].expect == "O"
