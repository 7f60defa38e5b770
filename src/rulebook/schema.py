"""The JSON Schema (draft 2020-12) for records, generated from the declarations.

``rulebook schema`` prints it and the build publishes it as
``schema/record.schema.json``, so that an editor that validates TOML against a
schema (Taplo, Even Better TOML) completes keys and flags mistakes as the
author types.  Everything in it comes from :mod:`rulebook.record_format` (the
record's keys) and from each game's own declarations (``Parameter``,
``ViewOption``, ``Fact``, ``Game.position_format``): per game, an
``if game == X then ...`` rule constrains the options, the view options, the
facts, their arguments and the type of each claim's ``expect``.

What the loader checks and a schema cannot express (``tests/test_schema.py``
lists them too): that the moves are legal and the start position readable;
that ``after`` is at most the number of moves; that claims hold; the checks
written as code (cell names in a view or a fact's arguments, Craquelure's
``directions``, a label that states a number); and that an integer is not
written as a float (JSON Schema counts 2.0 as an integer).
"""

from __future__ import annotations

import json
import typing

from .game import Fact, Game, Parameter
from .games import available_games, make_game
from .record_facts import claim_facts
from .record_format import (ARRAYS, CLAIM, LANGUAGES, RECORD, Key, annotation_parts,
                            names)
from .views import ViewOption, view_options

DRAFT = "https://json-schema.org/draft/2020-12/schema"
JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array",
              dict: "object"}


def record_schema() -> dict:
    """The schema of a record, every game's rules included."""
    schema = {"$schema": DRAFT, "title": "rulebook example record",
              "description": "An example game for a rulebook: figures/<game>/<name>.toml",
              **_table(RECORD)}
    schema["properties"]["game"]["enum"] = available_games()
    schema["allOf"] = [_game_rule(make_game(slug)) for slug in available_games()]
    return schema


def schema_text() -> str:
    """The schema as published: stable key order, so the build is deterministic."""
    return json.dumps(record_schema(), ensure_ascii=False, indent=2) + "\n"


# --- the keys every record shares ---------------------------------------------------

def _table(keys: tuple[Key, ...], arguments: bool = False) -> dict:
    """A table of ``keys``; others are refused, unless they are a fact's arguments
    (which each game's rule checks)."""
    schema = {"type": "object", "properties": {k.name: _key(k) for k in keys},
              **({} if arguments else {"additionalProperties": False})}
    required = [k.name for k in keys if k.required]
    if required:
        schema["required"] = required
    return schema


def _bounds(key) -> dict:
    return {name: value for name, value in (("minimum", key.minimum), ("maximum", key.maximum))
            if value is not None}


def _key(key: Key) -> dict:
    strings = {"type": "array", "items": {"type": "string"}}
    schema = {
        "string": lambda: {"type": "string"},
        "position": lambda: {"type": "string"},
        "integer": lambda: {"type": "integer", **_bounds(key)},
        "strings": lambda: strings,
        "moves": lambda: {"anyOf": [strings, {"type": "string"}]},
        "pair": lambda: {"type": "array", "items": {"type": "number", **_bounds(key)},
                         "minItems": 2, "maxItems": 2},
        "label": lambda: {"type": "object", "additionalProperties": False,
                          "properties": {lang: {"type": "string"} for lang in LANGUAGES}},
        "table": lambda: _table(key.keys),
        "tables": lambda: {"type": "array", "items": _table(key.keys, key.arguments)},
        "options": lambda: {"type": "object"},
        "view": lambda: {"type": "object"},
        "fact": lambda: {"type": "string"},
        "answer": lambda: {},
    }[key.kind]()
    return {"description": key.doc, **schema}


# --- per game ------------------------------------------------------------------------

def _game_rule(game: Game) -> dict:
    view = {"type": "object", "additionalProperties": False,
            "properties": {name: _view_option(option)
                           for name, option in view_options(game.slug).items()}}
    return {
        "if": {"properties": {"game": {"const": game.slug}}, "required": ["game"]},
        "then": {"properties": {
            "options": {"type": "object", "additionalProperties": False,
                        "properties": {p.name: _parameter(p) for p in game.parameters}},
            "start": {"type": "string"} if game.position_format else False,
            "figure": {"properties": {"view": view,
                                      "panels": {"items": {"properties": {"view": view}}}}},
            "claims": {"items": _claim(game)},
        }},
    }


def _parameter(parameter: Parameter) -> dict:
    schema = {"description": parameter.doc, "type": JSON_TYPES[type(parameter.default)],
              "default": parameter.default}
    if parameter.choices is not None:
        schema["enum"] = list(parameter.choices)
    for name, value in (("minimum", parameter.minimum), ("maximum", parameter.maximum),
                        ("exclusiveMinimum", parameter.above),
                        ("exclusiveMaximum", parameter.below)):
        if value is not None:
            schema[name] = value
    return schema


def _view_option(option: ViewOption) -> dict:
    kinds = option.kinds or (type(option.default),)
    types = [JSON_TYPES[kind] for kind in kinds]
    schema = {"description": option.doc, "type": types[0] if len(types) == 1 else types,
              "default": option.default}
    if option.choices:
        schema["enum"] = list(option.choices)
    return schema


def _claim(game: Game) -> dict:
    """A claim of ``game``: the claim keys, then per fact its arguments and answer."""
    arguments = sorted({arg for fact in claim_facts(game) for arg in fact.args} - names(CLAIM))
    properties = {k.name: _key(k) for k in CLAIM}
    properties["fact"]["enum"] = [fact.name for fact in claim_facts(game)]
    properties.update({arg: {"description": "An argument of the claim's fact."}
                       for arg in arguments})
    rules = [{"if": {"properties": {"fact": {"const": fact.name}}, "required": ["fact"]},
              "then": _fact(fact, game)} for fact in claim_facts(game)]
    return {"type": "object", "properties": properties, "additionalProperties": False,
            "required": [k.name for k in CLAIM if k.required], "allOf": rules}


def _fact(fact: Fact, game: Game) -> dict:
    expect = {"description": fact.doc, **annotation_schema(fact.answer_type())}
    if fact.values is not None:
        expect["enum"] = list(fact.values(game))
    then = {"properties": {"expect": expect,
                           **{arg: annotation_schema(fact.arg_type(arg)) for arg in fact.args}},
            "propertyNames": {"enum": sorted(names(CLAIM) | set(fact.args))}}
    if fact.args:
        then["required"] = list(fact.args)
    return then


def annotation_schema(annotation) -> dict:
    """The JSON Schema of a value of an annotated type (``list[str]``, ``dict[str, int]``...)."""
    origin, args = annotation_parts(annotation)
    if origin is typing.Union:
        return {"anyOf": [annotation_schema(a) for a in args]}
    if origin in ARRAYS:
        return {"type": "array", **({"items": annotation_schema(args[0])} if args else {})}
    if origin is dict:
        return {"type": "object",
                **({"additionalProperties": annotation_schema(args[1])} if args else {})}
    return {"type": JSON_TYPES[origin]} if origin in JSON_TYPES else {}
