"""The words the reference and the error messages use for a fact's types
(rulebook.record_format.type_words), in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from rulebook.record_format import type_words


@pytest.mark.parametrize("annotation, english, japanese", [
    (int, "an integer", "整数"),
    (bool, "true or false", "真偽値（true か false）"),
    (int | None, "an integer", "整数"),  # TOML has no null: the None is not said
    (list[str], "an array of strings", "文字列の配列"),
    (tuple[int, ...], "an array of integers", "整数の配列"),
    (dict[str, float], "a table of numbers", "値が数の表"),
    (list[list[int]], "an array of arrays of integers", "整数の配列の配列"),
    (int | str, "an integer or a string", "整数または文字列"),
    (list, "an array", "配列"),
    (Any, "any value", "任意の値"),  # a type TOML has no word for
    (object, "any value", "任意の値"),
])
def test_a_type_in_words(annotation, english, japanese):
    assert type_words(annotation) == english
    assert type_words(annotation, "ja") == japanese


@pytest.mark.parametrize("value, words", [
    (True, "true or false"), (False, "true or false"),  # a bool is an int in Python
    (0, "an integer"), (3, "an integer"), (0.5, "a number"), ("x", "a string"),
    ([1], "an array"), ({"a": 1}, "a table"),
])
def test_a_value_s_kind_in_words_is_its_own_toml_type(value, words):
    """What an error message calls a value a record gave (``'title' must be a string,
    not true or false``): the kind of that value as TOML writes it, a boolean never
    called an integer."""
    from rulebook.record_format import kind_of

    assert kind_of(value) == words


GOOD_AND_BAD = {int: ([0, 7, -3], [True, 1.0, "1"]), str: (["a", "b2"], [1, True, ["a"]]),
                float: ([0.5, -2.0], [True, 1, "0.5"])}


@pytest.mark.parametrize("container", ["list", "tuple", "table"])
@pytest.mark.parametrize("kind", [int, str, float])
def test_a_bad_element_anywhere_in_an_array_or_table_is_refused(container, kind):
    """Every element of an array, and every value of a table, is checked, the first,
    a middle one and the last alike: a list of good values with one bad value put
    at any place is refused, saying the type wanted; without it, it is accepted."""
    from rulebook.record_format import type_problem

    good, bad = GOOD_AND_BAD[kind]
    annotation = {"list": list[kind], "tuple": tuple[kind, ...],
                  "table": dict[str, kind]}[container]
    values = good * 2
    for wrong in bad:
        for place in range(len(values) + 1):
            spoiled = [*values[:place], wrong, *values[place:]]
            value = (dict(zip("abcdefgh", spoiled)) if container == "table" else spoiled)
            problem = type_problem(value, annotation)
            assert problem is not None and problem.startswith("must be "), (value, place)
    value = dict(zip("abcdefgh", values)) if container == "table" else values
    assert type_problem(value, annotation) is None


@pytest.mark.parametrize("annotation, good, bad", [
    (int, [0, 7, -3], [True, False, 1.0, "1", [1]]),
    (float, [0.5, -2.0], [True, 1, "0.5"]),
    (bool, [True, False], [1, 0, "true"]),
    (str, ["a", ""], [1, True, ["a"]]),
    (list[int], [[], [1, 2]], [[True], [1.0], 1]),
    (dict[str, int], [{}, {"X": 1}], [{"X": True}, {"X": "1"}]),
])
def test_a_value_has_a_type_only_if_it_is_of_that_very_kind(annotation, good, bad):
    """A claim's value checked against its fact's answer type: a boolean is no
    integer (Python's True == 1 is no TOML), an integer no float, inside lists and
    tables too; the refusal says the type wanted."""
    from rulebook.record_format import type_problem

    for value in good:
        assert type_problem(value, annotation) is None, value
    for value in bad:
        problem = type_problem(value, annotation)
        assert problem is not None and problem.startswith("must be "), value
