"""Values as the authors' reference writes them in a record (rulebook.sphinxext.reference.toml):
each one TOML reads back as the same value, of the same type."""

from __future__ import annotations

import tomllib

import pytest

from rulebook.sphinxext.reference import toml


@pytest.mark.parametrize("value, written", [
    (True, "true"), (False, "false"), (3, "3"), (1000000, "1000000"), (0.5, "0.5"),
    (12.0, "12.0"), ("pinwheel", '"pinwheel"'), ('say "hi"', '"say \\"hi\\""'),
    (["a", 2, 0.25], '["a", 2, 0.25]'), ("結び目", '"結び目"'),
])
def test_a_value_is_written_as_a_record_writes_it_and_reads_back(value, written):
    assert toml(value) == written
    read = tomllib.loads(f"x = {written}")["x"]
    assert read == value and type(read) is type(value)  # 12.0 stays a float: claims tell them apart
