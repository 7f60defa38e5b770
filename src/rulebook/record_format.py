"""The record format, declared once.

Every key a record (``figures/<game>/<name>.toml``) may hold, with its kind and
its meaning, is declared here.  Three readers use the declarations, so none of
them can drift from the others:

- the loader (:func:`rulebook.records.load_record`) takes its key sets, its
  required keys and its bounds from them;
- the record reference in the authoring guide (the ``record-reference``
  directive) prints them, with each game's options, position format, view
  options and facts, which the games declare themselves (``Parameter``,
  ``Game.position_format``, ``ViewOption``, ``Fact``);
- the JSON Schema for records (:mod:`rulebook.schema`, ``rulebook schema``) is
  generated from them.

The meaning of a key is reader prose: English here, Japanese in the authoring
page's catalogue (``docs/locale/ja/LC_MESSAGES/authoring.po``), whose gate
fails the build when a meaning changes and its translation does not.

Standard library only: the engines' facts use :func:`type_problem`.
"""

from __future__ import annotations

import datetime
import re
import types
import typing
from dataclasses import dataclass
from typing import Any

LANGUAGES = ("en", "ja")  # a panel label is written in each

# The kinds of value a key may hold, in the words of the reference (and of
# errors, in English).  The last four are spelled out for each game.
KINDS = {
    "string": {"en": "a string", "ja": "文字列"},
    "integer": {"en": "an integer", "ja": "整数"},
    "strings": {"en": "an array of strings", "ja": "文字列の配列"},
    "moves": {"en": "an array of strings, or a string with one move per line",
              "ja": "文字列の配列、または一行に一手ずつ書いた文字列"},
    "pair": {"en": "an array of two numbers", "ja": "二つの数の配列"},
    "label": {"en": "a table with a string for each language", "ja": "言語ごとに文字列を持つ表"},
    "table": {"en": "a table", "ja": "表"},
    "tables": {"en": "an array of tables", "ja": "表の配列"},
    "position": {"en": "a string in the game's position format", "ja": "ゲームの局面形式の文字列"},
    "options": {"en": "a table of the game's options", "ja": "ゲームのオプションの表"},
    "view": {"en": "a table of the game's view options", "ja": "ゲームの表示オプションの表"},
    "fact": {"en": "the name of one of the game's facts", "ja": "ゲームの事実の名前"},
    "answer": {"en": "the fact's answer, of its type", "ja": "事実の答え（その型で）"},
}


@dataclass(frozen=True)
class Key:
    """One key of a record's table: its name, kind, meaning and limits."""

    name: str
    kind: str  # one of KINDS
    doc: str
    required: bool = False
    minimum: float | None = None  # a number's (or each number's) bounds
    maximum: float | None = None
    keys: tuple["Key", ...] = ()  # "table" and "tables": the keys of the table(s)
    arguments: bool = False  # the table's other keys are the arguments of its fact

    def __post_init__(self):
        assert self.kind in KINDS, self.kind


def names(keys: tuple[Key, ...]) -> set[str]:
    return {key.name for key in keys}


def key(keys: tuple[Key, ...], name: str) -> Key:
    return next(k for k in keys if k.name == name)


VARIATION = ("A variation: moves played from the position after ``after``, "
             "to show an alternative.")

PANEL = (
    Key("after", "integer", "The position to draw: after this many moves (0 is the start); "
                            "by default after the last move.", minimum=0),
    Key("then", "strings", VARIATION),
    Key("label", "label", "The panel's label, drawn into the figure, e.g. "
                          "``{ en = \"Before\", ja = \"前\" }``. It cannot state a number or a "
                          "player's name, which no claim would check."),
    Key("view", "view", "View options for this panel only, over the figure's."),
    Key("attempt", "string", "A move, in the game's notation, that the rules refuse in the "
                             "panel's position: the panel draws it as refused (the legend says "
                             "so). The record fails to load if the engine accepts it; a "
                             "``refusal`` claim gives the engine's reason, for the caption."),
)

FIGURE = (
    Key("panels", "tables", "The panels, one ``[[figure.panels]]`` table each; without any, "
                            "one panel shows the last position.", keys=PANEL),
    Key("columns", "integer", "How many panels a row holds, in the PDF and on the web (fewer "
                              "where panels of 220 px do not fit the screen, or where the PDF "
                              "would print the figure's text under 6 pt); by default all of "
                              "them.",
        minimum=1, maximum=12),
    Key("view", "view", "View options shared by every panel."),
    Key("panel_size", "pair", "Width and height of each panel, in inches.",
        minimum=0.5, maximum=12),
)

CLAIM = (
    Key("fact", "fact", "The fact the claim is about.", required=True),
    Key("expect", "answer", "The answer the claim expects from the engine.", required=True),
    Key("id", "string", "A name for the claim, so that a caption can quote its value: "
                        "``:claim:`id```."),
    Key("after", "integer", "The position the claim is about: after this many moves (0 is "
                            "the start); by default after the last move.", minimum=0),
    Key("then", "strings", VARIATION),
)

RECORD = (
    Key("game", "string", "The game's slug, the name of its folder in figures/, e.g. 'qttt'.",
        required=True),
    Key("title", "string", "A title for the example, for its authors (not printed)."),
    Key("note", "string", "A note for the example's authors (not printed)."),
    Key("options", "options", "The game's options; an option not given keeps its default."),
    Key("start", "position", "The starting position, for games with a position format; by "
                             "default the game's own start."),
    Key("moves", "moves", "The moves played from the start, in the game's notation."),
    Key("figure", "table", "What to draw: the ``[figure]`` table.", keys=FIGURE),
    Key("claims", "tables", "The claims to check, one ``[[claims]]`` table each. Any key of a "
                            "claim not listed here is an argument of its fact.", keys=CLAIM,
        arguments=True),
)


# --- the types of facts' arguments and answers ----------------------------------

# TOML's types in the words of error messages (bool before int: True is an int too)
KIND_NAMES = {bool: "true or false", int: "an integer", float: "a number", str: "a string",
              list: "an array", dict: "a table"}
_WORDS = {  # the same for the reference: (one, many) per language
    "en": {bool: ("true or false", "true or false values"), int: ("an integer", "integers"),
           float: ("a number", "numbers"), str: ("a string", "strings"),
           list: ("an array", "arrays"), dict: ("a table", "tables")},
    "ja": {bool: ("真偽値（true か false）",) * 2, int: ("整数",) * 2, float: ("数",) * 2,
           str: ("文字列",) * 2, list: ("配列",) * 2, dict: ("表",) * 2},
}
ARRAYS = (list, tuple, set, frozenset)  # claims compare these as arrays


def kind_of(value) -> str:
    """A TOML value's type in the words of error messages."""
    return next((name for kind, name in KIND_NAMES.items() if isinstance(value, kind)),
                type(value).__name__)


def annotation_parts(annotation) -> tuple[Any, tuple]:
    """An annotation's origin and arguments, ``X | None`` read as ``X`` (TOML has no null)."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        kept = tuple(a for a in args if a is not type(None))
        if len(kept) == 1:
            return annotation_parts(kept[0])
        return typing.Union, kept
    return origin or annotation, args


def type_words(annotation, lang: str = "en", many: bool = False) -> str:
    """An annotation in the words of the reference and of error messages."""
    origin, args = annotation_parts(annotation)
    if origin is typing.Union:
        return (" or " if lang == "en" else "または").join(
            type_words(a, lang, many) for a in args)
    if origin in ARRAYS or origin is dict:
        kind = list if origin in ARRAYS else dict
        if not args:
            return _WORDS[lang][kind][many]
        item = type_words(args[0] if kind is list else args[-1], lang, many=True)  # tuple[X, ...]
        if lang == "ja":
            return f"{item}の{_WORDS[lang][kind][0]}" if kind is list else f"値が{item}の表"
        return f"{'arrays' if many else 'an array'} of {item}" if kind is list else \
            f"{'tables' if many else 'a table'} of {item}"
    return _WORDS[lang][origin][many] if origin in _WORDS[lang] else \
        {"en": "any value", "ja": "任意の値"}[lang]


def toml_value(value) -> str:
    """``value`` written as TOML, as a record holds it: what ``find`` and the play page's
    download write, what the authors' reference shows, and how a message quotes a value
    that is not text (``true``, ``1979-05-27``, ``{ a = 1 }``; never Python's words)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)  # 12.0 stays a float; nan and inf as TOML writes them
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        # TOML allows no other control character in a string, written as it is
        escaped = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", lambda c: f"\\u{ord(c[0]):04x}", escaped)
        return f'"{escaped}"'
    if isinstance(value, (list, tuple)):  # an engine's tuple is an array in TOML
        return "[" + ", ".join(map(toml_value, value)) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_value(str(k))} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    if isinstance(value, (datetime.date, datetime.time)):  # a datetime is a date too
        return value.isoformat()
    raise TypeError(f"cannot write {value!r} as TOML")


def quoted(value) -> str:
    """A value in a message: a text as the other messages quote it, else as TOML writes
    it; a value TOML cannot hold (the play page's links are JSON) as JSON writes it."""
    if isinstance(value, str):
        return repr(value)
    try:
        return toml_value(value)
    except TypeError:
        return "null" if value is None else repr(value)


def type_problem(value, annotation) -> str | None:
    """Why a TOML value does not have the annotated type (as a claim compares: an
    integer is not a number, ``true`` is not an integer), or None."""
    origin, args = annotation_parts(annotation)
    if origin is typing.Union:
        return None if any(type_problem(value, a) is None for a in args) else \
            f"must be {type_words(annotation)}, not {quoted(value)}"
    if origin in ARRAYS:
        if not isinstance(value, list):
            return f"must be {type_words(annotation)}, not {quoted(value)}"
        return next((why for v in value if args and (why := type_problem(v, args[0]))), None)
    if origin is dict:
        if not isinstance(value, dict):
            return f"must be {type_words(annotation)}, not {quoted(value)}"
        return next((why for v in value.values() if args and (why := type_problem(v, args[1]))),
                    None)
    if origin in KIND_NAMES and type(value) is not origin:
        return f"must be {type_words(annotation)}, not {quoted(value)}"
    return None
