"""View options are checked when a record is loaded (by `rulebook check`, not
only when a figure is drawn): a wrong name, type or value is one line naming
the record, the line and the option."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulebook.errors import RecordError
from rulebook.games import available_games, make_game
from rulebook.records import load_record
from rulebook.views import view_options

from test_interface import reads_cells_in_either_case


def record(tmp_path, game, view, options=""):
    folder = tmp_path / game
    folder.mkdir()
    path = folder / "bad.toml"
    path.write_text(f'game = "{game}"\n{options}\n[figure]\nview = {view}\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("game, view, words", [
    ("inphexion", '{ highlight = ["z9"] }', "cannot read 'z9' at column 1: cell z9 is off the"),
    ("inphexion", '{ step = "sideways" }', "'sideways' is not one of"),
    ("inphexion", '{ chain = "Green" }', "Green"),
    ("inphexion", '{ marks = 1 }', "must be true or false"),
    ("inphexion", '{ chain = 1 }', "must be true or false or a string, not 1"),
    ("necto", '{ loop = 3 }', "must be a string or an array, not 3"),
    ("craquelure", "{ window = [1] }", "is not [xmin, ymin, xmax, ymax]"),
    ("craquelure", "{ window = [0.5, -1.0, 0.2, 1.0] }", "is not [xmin, ymin, xmax, ymax]"),
    ("craquelure", "{ window = [-1.0, 0.5, 1.0, 0.2] }", "is not [xmin, ymin, xmax, ymax]"),
    ("craquelure", "{ window = [-1.0, 0.5, 1.0, 0.5] }", "is not [xmin, ymin, xmax, ymax]"),
    ("craquelure", "{ window = [0.3, -1.0, 0.3, 1.0] }", "is not [xmin, ymin, xmax, ymax]"),
    ("craquelure", "{ highlight = [[0.1]] }", "is not a point"),
    ("craquelure", '{ decimals = "two" }', "must be an integer"),
    ("necto", '{ trace = "Z9 N" }', "Z9"),
    ("necto", '{ loop = ["A1 Q"] }', "is not a cell and a side"),
    ("necto", '{ show = "everything" }', "is not one of"),
    ("qttt", '{ highlight = ["d4"] }', "cannot read 'd4' at column 1: 'd4' is not a cell"),
    ("qttt", '{ highlight = [" a1 "] }', "' a1 '"),  # refused as the drawing would read it
    ("qttt", "{ zoom = 2 }", "unknown view option 'zoom'"),
])
def test_a_bad_view_is_refused_at_load_with_its_line(tmp_path, game, view, words):
    path = record(tmp_path, game, view)
    with pytest.raises(RecordError) as error:
        load_record(path)
    message = str(error.value)
    assert message.startswith(f"{path}:4: panel 1: ") and words in message, message
    assert "\n" not in message


@pytest.mark.parametrize("game, view", [
    ("necto", '{ loop = "A1 N" }'), ("necto", '{ loop = ["A1 N", "B2 E"] }'),  # one, or a list
    ("inphexion", '{ chain = true }'), ("inphexion", '{ chain = "White" }'),
    ("qttt", '{ highlight = ["a1", "C3"] }'),
])
def test_a_view_of_each_kind_an_option_takes_is_accepted(tmp_path, game, view):
    path = record(tmp_path, game, view)
    assert load_record(path).panels[0].view  # loaded: the view kept as written


@pytest.mark.parametrize("slug", available_games())
def test_every_default_is_a_valid_view(slug):
    from rulebook.views import view_problem

    options = view_options(slug)
    game = make_game(slug)
    assert view_problem(game, {name: option.default for name, option in options.items()}) is None


def test_checking_records_loads_no_drawing_library():
    """The loader validates views from views.py, never importing matplotlib."""
    code = ("import sys; from rulebook.records import find_records, load_record\n"
            "from conftest import ROOT\n"
            "[load_record(p, ROOT / 'figures').check() for p in find_records(ROOT / 'figures')]\n"
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(__import__("pathlib").Path(__file__).parent))
    assert out.stdout.strip() == "False"


def test_a_view_option_for_a_game_that_has_none_says_there_are_none(monkeypatch):
    from rulebook import views
    from rulebook.games import make_game

    monkeypatch.setattr(views, "view_options", lambda slug: {})
    assert views.view_problem(make_game("qttt"), {"zoom": 2}) == (
        "unknown view option 'zoom' for qttt (view options: none)")
    assert views.view_problem(make_game("qttt"), {}) is None


@pytest.mark.parametrize("slug", available_games())
def test_a_whole_number_view_takes_exactly_the_range_its_refusal_names(slug):
    """A view option of whole numbers refused as "must be A to B" takes every value
    from A to B, both ends included, and refuses the values just outside, as its
    message says."""
    import re

    from rulebook.games import make_game

    game = make_game(slug)
    for name, option in view_options(slug).items():
        if type(option.default) is not int:
            continue
        said = {value: option.problem(value, game) for value in range(-3, 40)}
        ranges = {m.groups() for m in (re.search(r"must be (-?\d+) to (-?\d+)", p or "")
                                       for p in said.values()) if m}
        for low, high in ranges:
            low, high = int(low), int(high)
            taken = [value for value, problem in said.items() if problem is None]
            assert taken == list(range(low, high + 1)), (slug, name, taken)


# one value of each TOML kind (a date: TOML has them, no view takes one)
TOML_KINDS = {bool: True, int: 3, float: 0.5, str: "x", list: [], dict: {}}


@pytest.mark.parametrize("slug", available_games())
def test_every_view_option_refuses_each_kind_it_does_not_take(slug):
    """A view option takes the kinds it names and no other: true is not a whole number
    (though Python counts a bool as an int), 3 is not a number of a float option's
    kind unless the option says so, and the refusal names the value as written."""
    import datetime

    from rulebook.record_format import KIND_NAMES

    game = make_game(slug)
    for name, option in view_options(slug).items():
        kinds = option.kinds or (type(option.default),)
        for kind, value in [*TOML_KINDS.items(), (datetime.date, datetime.date(1979, 5, 27))]:
            if kind in kinds:
                continue
            why = option.problem(value, game)
            assert why is not None, (slug, name, value)
            names = " or ".join(KIND_NAMES[k] for k in kinds)
            assert why.startswith(f"must be {names}, not "), (slug, name, why)
            assert "True" not in why and "datetime" not in why, why  # TOML's words, not Python's


@pytest.mark.parametrize("slug", [slug for slug in available_games()
                                  if reads_cells_in_either_case(make_game(slug))])
def test_a_view_naming_cells_or_sides_reads_them_in_either_letter_case(slug):
    """In a game whose moves name cells in either letter case (Necto's, QTTT's, as
    their notations say; inpHeXion's are lower case), every cell or line's end a
    record of the game gives a view option ("C3 N", "b2"), written in lower or in
    upper case, is accepted as written."""
    import re
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "figures" / slug
    game, options, tried = make_game(slug), view_options(slug), 0
    for path in sorted(root.glob("*.toml")):
        figure = tomllib.loads(path.read_text(encoding="utf-8")).get("figure", {})
        for view in [figure.get("view", {}), *(p.get("view", {}) for p in figure.get("panels", []))]:
            for name, value in view.items():
                texts = [value] if isinstance(value, str) else value if isinstance(value, list) else []
                for text in texts:
                    if not isinstance(text, str) or not re.search(r"[A-Za-z][0-9]", text):
                        continue  # not a cell or a line's end
                    for other in (text.lower(), text.upper()):
                        changed = other if isinstance(value, str) else [other]
                        assert options[name].problem(changed, game) is None, (path.name, name, other)
                        tried += 1
    if slug == "necto":  # (QTTT's records name no cell in a view)
        assert tried >= 2, tried


ODD_VALUES = {  # odd values of each kind a view option may take
    str: ["", " ", "\t", "  \n ", " x ", "🙂", "a" * 300, "A1 N N", "0"],
    list: [[], [""], [" "], [[]], ["x"], ["a1", "a1"], list(range(50))],
    int: [0, -1, 2 ** 40], float: [0.0, -0.0, 1e308, 5e-324], bool: [True, False],
}


@pytest.mark.parametrize("slug", available_games())
def test_every_view_option_answers_odd_values_of_its_kinds_with_a_line_or_takes_them(slug):
    """Each view option of each game, given odd values of each kind it takes (an empty
    or blank text, a lone emoji, a very long one, an empty or blank list, repeated or
    many items, zero, a huge or tiny number): either taken, or refused in one line that
    names the value; never an exception (an IndexError on a blank text, say)."""
    game = make_game(slug)
    tried = 0
    for name, option in view_options(slug).items():
        for kind in option.kinds or (type(option.default),):
            for value in ODD_VALUES.get(kind, []):
                try:
                    why = option.problem(value, game)
                except Exception as error:  # noqa: BLE001 - what this test is about
                    raise AssertionError(f"{slug} view {name} = {value!r}: "
                                         f"{type(error).__name__}: {error}") from None
                assert why is None or (isinstance(why, str) and "\n" not in why), (name, value, why)
                tried += 1
    assert tried >= 10, tried


@pytest.mark.parametrize("slug", available_games())
def test_a_value_not_among_an_option_s_choices_is_refused_listing_each_choice_quoted(slug):
    """A text option with a fixed set of values (``show``, ``step``...), given another,
    is refused naming the value given and listing every value it takes, each quoted as
    the messages quote a text (so a choice with a blank or a comma reads as one)."""
    game, checked = make_game(slug), 0
    for name, option in view_options(slug).items():
        if not option.choices:
            continue
        for wrong in ("nowhere", option.choices[0].upper() + "!"):
            why = option.problem(wrong, game)
            assert why is not None and why.startswith(f"{wrong!r} is not one of "), (name, why)
            listed = why.split(" is not one of ", 1)[1].split(", ")
            assert listed == [repr(choice) for choice in option.choices], (name, why)
            checked += 1
    assert checked or not any(o.choices for o in view_options(slug).values())
