"""Fuzzing the project's own records: mutated structure, values of other types,
changed characters and raw bytes.  Whatever the mutation, loading and checking a
record either succeeds or raises the project's error family with one line that
starts with the record's path; never another exception, never a traceback.

A few seconds by default; set RULEBOOK_FUZZ_EXAMPLES for a longer run
(the issue's measurement used 6,000).
"""

from __future__ import annotations

import os
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rulebook.errors import RulebookError
from rulebook.records import find_records, load_record

from conftest import ROOT

RECORDS = find_records(ROOT / "figures")
EXAMPLES = int(os.environ.get("RULEBOOK_FUZZ_EXAMPLES", "150"))

values = st.recursive(
    st.booleans() | st.integers(-10**6, 10**6)
    | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=6)


def dump(value) -> str:
    """A TOML value (tomllib reads, the standard library writes none: a tiny writer)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(repr(value), repr(value))
    if isinstance(value, str):
        return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}"
                             for c in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return "{" + ", ".join(f"{dump(k)} = {dump(v)}" for k, v in value.items()) + "}"


def paths_of(data, prefix=()):
    """Every (path, value) inside a parsed record, tables and arrays included."""
    yield prefix, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths_of(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths_of(value, (*prefix, index))


def replaced(data, path, value):
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        return {**data, head: replaced(data[head], rest, value)}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(data)]


def as_toml(data: dict) -> str:
    return "".join(f"{dump(k)} = {dump(v)}\n" for k, v in data.items())


@st.composite
def mutated_records(draw):
    source = draw(st.sampled_from(RECORDS))
    text = source.read_text(encoding="utf-8")
    kind = draw(st.sampled_from(["value", "key", "chars", "bytes", "moves"]))
    if kind in ("value", "key", "moves"):
        data = tomllib.loads(text)
        places = [p for p, _ in paths_of(data) if p]
        if kind == "moves" and isinstance(data.get("moves"), list) and data["moves"]:
            moves = list(data["moves"])
            index = draw(st.integers(0, len(moves) - 1))
            moves[index] = draw(st.text(max_size=14) | st.sampled_from(moves))
            data["moves"] = moves
        elif kind == "key":
            data[draw(st.sampled_from(["figure", "claims", "view", "x", "options", "moves",
                                       "start", "game"]))] = draw(values)
        else:
            data = replaced(data, draw(st.sampled_from(places)), draw(values))
        return source, as_toml(data).encode("utf-8")
    raw = bytearray(text.encode("utf-8"))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw)))
        if kind == "bytes":
            raw[at:at + draw(st.integers(0, 3))] = draw(st.binary(max_size=3))
        else:
            raw[at:at + draw(st.integers(0, 3))] = draw(st.text(max_size=3)).encode()
    return source, bytes(raw)


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_records())
def test_a_mutated_record_loads_or_fails_with_one_line_naming_it(tmp_path_factory, case):
    source, data = case
    folder = tmp_path_factory.mktemp("fuzz") / source.parent.name
    folder.mkdir()
    path = folder / source.name
    path.write_bytes(data)
    try:
        record = load_record(path, folder.parent)
        record.check()
        record.replay()
    except RulebookError as error:
        message = str(error)
        assert message.startswith(str(path)), message
        assert "\n" not in message, message


def moves_of(path) -> list[str]:
    moves = tomllib.loads(path.read_text(encoding="utf-8")).get("moves", [])
    if isinstance(moves, str):
        moves = [m.strip() for m in moves.replace(";", "\n").splitlines() if m.strip()]
    return moves


@pytest.mark.parametrize("path", [p for p in RECORDS if moves_of(p)],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_check_replays_every_move_of_every_record(path, tmp_path):
    """`rulebook check` replays a record's moves even when nothing else uses them:
    the record with its last move replaced by a move that cannot be read fails."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    moves = moves_of(path)
    bare = {"game": data["game"], "moves": [*moves[:-1], "!!"]}
    for key in ("options", "start"):
        if key in data:
            bare[key] = data[key]
    target = tmp_path / data["game"] / path.name
    target.parent.mkdir()
    target.write_text(as_toml(bare), encoding="utf-8")
    with pytest.raises(RulebookError, match=f"move {len(moves)}"):
        load_record(target, tmp_path).check()
