"""Values as the authors' reference writes them in a record (rulebook.record_format.toml_value):
each one TOML reads back as the same value, of the same type."""

from __future__ import annotations

import tomllib

import pytest

from rulebook.record_format import toml_value as toml


@pytest.mark.parametrize("value, written", [
    (True, "true"), (False, "false"), (3, "3"), (1000000, "1000000"), (0.5, "0.5"),
    (12.0, "12.0"), ("pinwheel", '"pinwheel"'), ('say "hi"', '"say \\"hi\\""'),
    (["a", 2, 0.25], '["a", 2, 0.25]'), ("結び目", '"結び目"'),
])
def test_a_value_is_written_as_a_record_writes_it_and_reads_back(value, written):
    assert toml(value) == written
    read = tomllib.loads(f"x = {written}")["x"]
    assert read == value and type(read) is type(value)  # 12.0 stays a float: claims tell them apart


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_option_s_bounds_as_the_reference_states_them_are_the_ones_the_game_enforces(lang):
    """Every bound the reference prints for a game's option ("at least 1", "above 0",
    "under 33.3333", in each language), tried on the game: a value just past it is
    refused and one just inside it accepted, so no bound is stated backwards or on
    the wrong side; and an option the game bounds has its bounds printed."""
    import re

    from rulebook.errors import RulebookError
    from rulebook.games import available_games, make_game
    from rulebook.sphinxext.reference import WORDS, RecordReferenceDirective

    words = WORDS[lang]
    reference = RecordReferenceDirective.__new__(RecordReferenceDirective)
    reference.lang, reference.words = lang, words
    number = r"(-?[\d.]+(?:e[-+]?\d+)?)"
    patterns = {kind: re.compile(re.escape(words[kind]).replace(r"\{v\}", number))
                for kind in ("min", "max", "above", "below")}
    span = re.compile(re.escape(words["from"]).replace(r"\{low\}", number)
                      .replace(r"\{high\}", number))

    def allowed(slug, name, value) -> bool:
        try:
            make_game(slug, **{name: value})
            return True
        except RulebookError as error:  # in its bounds, refused with the other options only
            return "so the game could not begin" in str(error)  # (Craquelure's start)

    tried = set()
    for slug in available_games():
        for parameter in make_game(slug).parameters:
            if not isinstance(parameter.default, (int, float)) or isinstance(parameter.default, bool):
                continue
            text = reference.option_term(parameter).astext()
            found = [(kind, float(v)) for low, high in span.findall(text)
                     for kind, v in (("min", low), ("max", high))]
            text = span.sub("", text)
            found += [(kind, float(m)) for kind, pattern in patterns.items()
                      for m in pattern.findall(text)]
            bounded = [b for b in (parameter.minimum, parameter.maximum, parameter.above,
                                   parameter.below) if b is not None]
            assert len(found) == len(bounded), (slug, parameter.name, text)
            whole = isinstance(parameter.default, int)
            for kind, value in found:
                # an exclusive bound is printed to 6 figures: tried a step either side
                step = 1 if whole else max(1e-3, abs(value) * 1e-4)
                edge = 0 if whole else step
                inside, outside = {"min": (value, value - step), "max": (value, value + step),
                                   "above": (value + step, value - edge),
                                   "below": (value - step, value + edge)}[kind]
                assert allowed(slug, parameter.name, type(parameter.default)(inside)), (
                    slug, parameter.name, kind, value)
                assert not allowed(slug, parameter.name, type(parameter.default)(outside)), (
                    slug, parameter.name, kind, value)
                tried.add(kind)
    assert tried == {"min", "max", "above", "below"}, tried
