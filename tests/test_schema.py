"""The JSON Schema for records (``rulebook schema``) against the loader.

Every record in ``figures/`` validates, and on a corpus of mutated records the
schema and the loader agree: a mutant is schema-invalid exactly when
``load_record(...).check()`` refuses it.

The corpus holds the structural mistakes a schema can express.  Left out, as
no JSON Schema can express them (``rulebook.schema`` says so too):

- the legality of the moves and of the variations (``then``), and whether a
  ``start`` position can be read;
- ``after`` beyond the number of moves (the schema only knows it is >= 0);
- whether a claim holds (a value of the right type that the engine does not give);
- checks written as code: cell names and points in view options and in facts'
  arguments, Craquelure's ``directions`` (a divisor of 360), a panel label
  that states a number or a player's name;
- an integer written as a float: JSON Schema counts ``2.0`` as an integer.
"""

from __future__ import annotations

import copy
import json
import tomllib

import jsonschema
import pytest

from rulebook.cli import main
from rulebook.errors import RulebookError
from rulebook.games import make_game
from rulebook.record_format import CLAIM
from rulebook.records import find_records, load_record
from rulebook.schema import record_schema
from rulebook.views import view_options

from conftest import ROOT
from test_fuzz_records import as_toml

VALIDATOR = jsonschema.Draft202012Validator(record_schema())
BASES = ["qttt/cycle-two", "necto/marks", "craquelure/handover", "inphexion/board"]


def test_the_schema_is_a_valid_draft_2020_12_schema_and_the_command_prints_it(capsys):
    assert main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator.check_schema(printed)
    assert printed["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert jsonschema.Draft202012Validator(printed).is_valid({"game": "qttt", "moves": []})
    assert not jsonschema.Draft202012Validator(printed).is_valid({"moves": []})


@pytest.mark.parametrize("path", find_records(ROOT / "figures"),
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_record_validates(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    errors = [f"{e.json_path}: {e.message}" for e in VALIDATOR.iter_errors(data)]
    assert not errors, errors


# --- the mutated corpus --------------------------------------------------------------

def _other_type(*kinds):
    """A value of none of the TOML types ``kinds`` (an integer is no number's)."""
    return next(value for value in ("x", True, 7, {"a": 1})
                if type(value) not in kinds and not (float in kinds and type(value) is int))


def _first(record, test):
    return next((i for i, claim in enumerate(record.get("claims", [])) if test(claim)), None)


def _with(record, path, value):
    """``record`` with the value at ``path`` set (tables made as needed), or None."""
    record = copy.deepcopy(record)
    place = record
    for key in path[:-1]:
        if isinstance(place, list):
            if key >= len(place):
                return None
            place = place[key]
        else:
            place = place.setdefault(key, {})
        if not isinstance(place, (dict, list)):
            return None
    place[path[-1]] = value
    return record


def _without(record, path):
    record = copy.deepcopy(record)
    place = record
    for key in path[:-1]:
        place = place[key]
    del place[path[-1]]
    return record


def value_of_kind(slug: str, name: str, kind: type):
    """A value of the view option ``name`` of ``kind``: one a record of the game gives
    it (in a figure's or a panel's view), else its default if of that kind, else a
    list of one value the records give, else True."""
    found = []
    for path in (ROOT / "figures" / slug).glob("*.toml"):
        figure = tomllib.loads(path.read_text(encoding="utf-8")).get("figure", {})
        for view in [figure.get("view", {}), *(p.get("view", {}) for p in figure.get("panels", []))]:
            if name in view:
                found.append(view[name])
    default = view_options(slug)[name].default
    for value in [*sorted(found, key=repr), default]:
        if type(value) is kind:
            return value
    return [found[0]] if kind is list and found else True


def mutants(name: str, record: dict):
    """(description, mutated record or None if it does not apply) for one base record."""
    game = make_game(record["game"])
    views = view_options(game.slug)
    claims = record.get("claims", [])
    with_args = _first(record, lambda c: len(set(c) - {k.name for k in CLAIM}) > 0)
    with_values = _first(record, lambda c: game.facts[c["fact"]].values is not None)
    numbers = [p for p in game.parameters if p.maximum is not None or p.minimum is not None]
    bounded = [p for p in game.parameters
               if any(b is not None for b in (p.minimum, p.maximum, p.above, p.below))]
    chosen = [p for p in game.parameters if p.choices]
    listed = [n for n, o in views.items() if o.choices]
    yield "an unknown key", {**record, "colour": "red"}
    yield "a misspelt key", (_without({**record, "move": record["moves"]}, ["moves"])
                             if "moves" in record else None)
    yield "no game", _without(record, ["game"])
    yield "an unknown game", {**record, "game": "chess"}
    yield "game not a string", {**record, "game": 1}
    yield "title not a string", {**record, "title": 3}
    yield "note not a string", {**record, "note": ["a"]}
    yield "options not a table", {**record, "options": "big"}
    yield "an unknown option", _with(record, ["options", "speed"], 2)
    for p in game.parameters:
        yield f"option {p.name} of another type", _with(record, ["options", p.name],
                                                        _other_type(type(p.default)))
    for p in chosen:
        yield f"option {p.name} not allowed", _with(record, ["options", p.name],
                                                    "nowhere" if isinstance(p.default, str)
                                                    else max(p.choices) + 1)
    for p in numbers:
        if p.maximum is not None:
            yield f"option {p.name} too big", _with(record, ["options", p.name],
                                                    type(p.default)(p.maximum + 1))
        if p.minimum is not None:
            yield f"option {p.name} too small", _with(record, ["options", p.name],
                                                      type(p.default)(p.minimum - 1))
    bare = {"game": record["game"]}  # no move or claim that another option would break
    for p in bounded:  # on each bound and just past it, inclusive or exclusive
        kind = type(p.default)
        step = 1 if kind is int else 0.01
        for bound, inward in ((p.minimum, step), (p.maximum, -step), (p.above, step),
                              (p.below, -step)):
            if bound is not None:
                for value in (bound, bound + inward, bound - inward):
                    yield f"option {p.name} = {kind(value)!r}", _with(
                        bare, ["options", p.name], kind(value))
    yield "moves not an array", {**record, "moves": 3}
    yield "a move not a string", {**record, "moves": [1, *record.get("moves", [])]}
    yield "start not a string", {**record, "start": 3}
    if game.position_format is None:
        yield "start in a game without a position format", {**record, "start": "x"}
    yield "figure not a table", {**record, "figure": ["panels"]}
    yield "an unknown figure key", _with(record, ["figure", "size"], 2)
    yield "no columns", _with(record, ["figure", "columns"], 0)
    yield "too many columns", _with(record, ["figure", "columns"], 13)
    yield "columns not an integer", _with(record, ["figure", "columns"], "2")
    yield "panel_size of one number", _with(record, ["figure", "panel_size"], [3])
    yield "panel_size of three numbers", _with(record, ["figure", "panel_size"], [3, 3, 3])
    yield "panel_size of two numbers", _with(record, ["figure", "panel_size"], [3, 2.5])
    yield "panel_size too small", _with(record, ["figure", "panel_size"], [0.1, 3])
    yield "panel_size not an array", _with(record, ["figure", "panel_size"], "big")
    yield "panels not an array", _with(record, ["figure", "panels"], {"after": 0})
    yield "a panel not a table", _with(record, ["figure", "panels"], [3])
    yield "an unknown panel key", _with(record, ["figure", "panels"], [{"colour": "red"}])
    yield "a panel after -1", _with(record, ["figure", "panels"], [{"after": -1}])
    yield "a panel after a string", _with(record, ["figure", "panels"], [{"after": "0"}])
    yield "a label in an unknown language", _with(record, ["figure", "panels"],
                                                  [{"label": {"fr": "Départ"}}])
    yield "a label not a string", _with(record, ["figure", "panels"], [{"label": {"en": 3}}])
    yield "then not an array", _with(record, ["figure", "panels"], [{"then": "a1"}])
    yield "a view not a table", _with(record, ["figure", "view"], "big")
    yield "an unknown view option", _with(record, ["figure", "view", "zoom"], 2)
    yield "an unknown panel view option", _with(record, ["figure", "panels"],
                                                [{"view": {"zoom": 2}}])
    for name, option in views.items():
        yield f"view option {name} of another type", _with(
            record, ["figure", "view", name],
            _other_type(*(option.kinds or (type(option.default),))))
    for name in listed:
        yield f"view option {name} not allowed", _with(record, ["figure", "view", name], "nowhere")
    for name, option in views.items():  # a value of each kind the option takes
        for kind in option.kinds or (type(option.default),):
            value = value_of_kind(game.slug, name, kind)
            yield f"view option {name} as {kind.__name__} {value!r}", _with(
                record, ["figure", "view", name], value)
    yield "claims not an array", {**record, "claims": {"fact": "over"}}
    yield "a claim not a table", {**record, "claims": ["over"]}
    yield "a claim without fact", {**record, "claims": [{"expect": True}]}
    yield "a claim without expect", {**record, "claims": [{"fact": "over"}]}
    yield "an unknown fact", {**record, "claims": [{"fact": "colour", "expect": "red"}]}
    yield "fact not a string", {**record, "claims": [{"fact": 3, "expect": "red"}]}
    yield "an argument to a fact that takes none", {
        **record, "claims": [{"fact": "over", "expect": False, "cell": "a1"}]}
    yield "an expect of another type", {**record, "claims": [{"fact": "over", "expect": "no"}]}
    yield "a claim id not a string", {**record, "claims": [{"fact": "over", "expect": False,
                                                            "id": 3}]}
    yield "a claim after -1", {**record, "claims": [{"fact": "over", "expect": False,
                                                     "after": -1}]}
    yield "a claim then not an array", {**record, "claims": [{"fact": "over", "expect": False,
                                                              "then": 3}]}
    for index, claim in enumerate(claims):
        fact = game.facts[claim["fact"]]
        yield f"claim {claim['fact']}: expect of another type", _with(
            record, ["claims", index, "expect"], _other_type(type(claim["expect"])))
    if with_args is not None:
        claim = claims[with_args]
        arg = next(a for a in claim if a not in {k.name for k in CLAIM})
        yield f"claim {claim['fact']}: no {arg}", _without(record, ["claims", with_args, arg])
        yield f"claim {claim['fact']}: an extra argument", _with(
            record, ["claims", with_args, "zzz"], 1)
        yield f"claim {claim['fact']}: {arg} of another type", _with(
            record, ["claims", with_args, arg], _other_type(type(claim[arg])))
    if with_values is not None:
        yield "an answer the fact never gives", _with(record, ["claims", with_values, "expect"],
                                                      "Nobody")
    # and mutants that are still right
    yield "no title", _without(record, ["title"]) if "title" in record else None
    yield "options at their defaults", {**record, "options": {
        **{p.name: p.default for p in game.parameters}, **record.get("options", {})}}
    yield "moves as one string", ({**record, "moves": "\n".join(record["moves"])}
                                  if record.get("moves") else None)
    for name, option in views.items():
        yield f"view option {name} at its default", _with(record, ["figure", "view", name],
                                                          option.default)
    yield "a claim id added", ({**record, "claims": [{**claims[0], "id": "added"}, *claims[1:]]}
                               if claims else None)
    yield "a claim of a common fact", {**record, "claims": [
        *claims, {"fact": "legal_move_count", "after": 0,
                  "expect": make_game(record["game"], **record.get("options", {}))
                  .initial_state().count_legal_moves() if "start" not in record else 0}]
        } if "start" not in record else None


def corpus():
    for name in BASES:
        record = tomllib.loads((ROOT / "figures" / f"{name}.toml").read_text(encoding="utf-8"))
        for description, mutant in mutants(name, record):
            if mutant is not None:
                yield pytest.param(name, mutant, id=f"{name}: {description}")


CORPUS = list(corpus())


def loader_accepts(record: dict, folder) -> tuple[bool, str]:
    path = folder / "figures" / "game" / "mutant.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(as_toml(record), encoding="utf-8")
    try:
        load_record(path, path.parent.parent).check()
    except RulebookError as error:
        return False, str(error)
    return True, ""


@pytest.mark.parametrize("name, mutant", CORPUS)
def test_the_schema_and_the_loader_agree(name, mutant, tmp_path):
    accepted, why = loader_accepts(mutant, tmp_path)
    errors = [f"{e.json_path}: {e.message}" for e in VALIDATOR.iter_errors(mutant)]
    if not accepted and "so the game could not begin" in why:
        # options each in its bounds, refused together (Craquelure's minimum area too
        # large for its start's regions): the schema holds each option to its own bounds
        assert not errors and mutant["game"] == "craquelure", (why, errors)
        return
    assert accepted == (not errors), (why, errors)


def test_the_corpus_holds_right_and_wrong_records(tmp_path):
    """Both kinds, so that agreement is not reached by accepting or refusing all."""
    valid = sum(VALIDATOR.is_valid(mutant) for _, mutant in (p.values for p in CORPUS))
    assert 20 <= valid <= len(CORPUS) - 100, (valid, len(CORPUS))


def test_the_guide_shows_the_projects_taplo_configuration():
    """The guide's ``.taplo.toml`` block is the project's file, and it points the
    records at the schema the build publishes."""
    import re

    guide = (ROOT / "docs" / "authoring.rst").read_text(encoding="utf-8")
    block = re.search(r"\n   \[\[rule\]\]\n(?:   .*\n|\n)*", guide).group()
    shown = tomllib.loads("\n".join(line[3:] for line in block.splitlines()))
    config = tomllib.loads((ROOT / ".taplo.toml").read_text(encoding="utf-8"))
    assert shown == config
    from rulebook.build import SITE
    assert config["rule"][0]["schema"]["path"] == f"build/{SITE}/schema/record.schema.json"
    assert any((ROOT / "figures" / f"{name}.toml").match(config["rule"][0]["include"][0])
               for name in BASES)
