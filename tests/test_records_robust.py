"""Records that must be refused: wrong types, bad bytes, loose claim values,
moves that are never replayed.  Each one fails with one line that starts with
the record's path (and its line where there is one), never with a traceback."""

from __future__ import annotations

import random

import pytest

from rulebook.errors import RulebookError
from rulebook.records import load_record

from conftest import ROOT


def write_bytes(tmp_path, data: bytes):
    folder = tmp_path / "qttt"
    folder.mkdir(exist_ok=True)
    path = folder / "bad.toml"
    path.write_bytes(data)
    return path


def refused(tmp_path, text: str | bytes, check: bool = False) -> str:
    data = text.encode("utf-8") if isinstance(text, str) else text
    path = write_bytes(tmp_path, data)
    with pytest.raises(RulebookError) as error:
        record = load_record(path)
        if check:
            record.check()
    message = str(error.value)
    assert message.startswith(str(path)), message
    assert "\n" not in message
    return message.removeprefix(str(path))


def test_a_record_without_claims_or_figure_is_still_replayed(tmp_path):
    message = refused(tmp_path, 'game = "qttt"\nmoves = ["a1-a1", "@c3", "zz"]\n', check=True)
    assert message.startswith(":2: move 1")


@pytest.mark.parametrize("expect, fact, extra, words", [
    ("0", "over", "", "true or false"),            # false is not 0
    ("1", "over", "after = 0\n", "true or false"),
    ("2.0", "marks_placed", "", "an integer"),         # a count of 2 is not 2.0
    ('"2"', "marks_placed", "", "an integer"),
])
def test_claim_values_compare_with_their_types(tmp_path, expect, fact, extra, words):
    """Refused at load, against the type the fact declares for its answer."""
    text = (f'game = "qttt"\nmoves = ["a1-b2", "a1-c3"]\n[[claims]]\nfact = "{fact}"\n'
            f"expect = {expect}\n{extra}")
    assert f"expect (the answer of {fact!r}) must be {words}, not " in \
        refused(tmp_path, text)


def test_a_true_claim_of_the_right_type_holds(tmp_path):
    path = write_bytes(tmp_path, b'game = "qttt"\nmoves = ["a1-b2", "a1-c3"]\n'
                                 b'[[claims]]\nfact = "marks_placed"\nexpect = 2\n')
    assert load_record(path).check() == 1


@pytest.mark.parametrize("text, line, words", [
    ('game = ["qttt"]\n', 1, "'game' must be a string"),
    ('game = "qttt"\noptions = "x"\n', 2, "'options' must be a table"),
    ('game = "qttt"\nclaims = 5\n', 2, "'claims' must be an array of tables"),
    ('game = "qttt"\nfigure = 5\n', 2, "'figure' must be a table"),
    ('game = "qttt"\n[figure]\ncolumns = "two"\n', 3, "'columns'"),
    ('game = "qttt"\n[figure]\ncolumns = inf\n', 3, "'columns'"),
    ('game = "qttt"\nmoves = ["a1-b2"]\n[[figure.panels]]\nthen = [1]\n', 3, "then"),
    ('game = "qttt"\nstart = 5\n', 2, "'start' must be a string"),
    ('game = "qttt"\n[figure]\npanel_size = "ab"\n', 3, "'panel_size'"),
    ('game = "qttt"\n[[claims]]\nfact = "is_legal"\nexpect = true\nmove = 5\n', 2,
     "argument move = 5 must be a string"),
    ('game = "qttt"\n[[claims]]\nfact = "classical"\nexpect = "X1"\ncell = 5\n', 2,
     "argument cell = 5 must be a string"),
    ('game = "qttt"\n[[claims]]\nfact = "winner"\nexpect = "X"\nafter = true\n', 2, "after"),
    ('game = "qttt"\n[[claims]]\nfact = 7\nexpect = "X"\n', 2, "fact"),
    ('game = "qttt"\n[[figure.panels]]\nlabel = "x"\n', 2, "label"),
    ('game = "qttt"\n[[figure.panels]]\nafter = 1.0\n', 2, "after"),
    ('game = "qttt"\n[[figure.panels]]\nlabel = { "e\\nn" = true }\n', 2, "unknown key 'e\\nn'"),
])
def test_values_of_the_wrong_type_name_key_and_line(tmp_path, text, line, words):
    message = refused(tmp_path, text, check=True)
    assert message.startswith(f":{line}:"), message
    assert words in message


def test_a_wrong_claim_argument_type_in_another_game(tmp_path):
    text = 'game = "necto"\n[[claims]]\nfact = "tile_crossings"\nexpect = 1\ncode = [1]\n'
    folder = tmp_path / "necto"
    folder.mkdir()
    (folder / "bad.toml").write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError, match="code = \\[1\\] must be a string"):
        load_record(folder / "bad.toml")


@pytest.mark.parametrize("data, words", [
    (b'game = "qttt"\nmoves = ["a1-b2\xff"]\n', "not UTF-8"),
    ('game = "qttt"\n'.encode("utf-16"), "not UTF-8"),
    (bytes(range(256)), "not UTF-8"),
    (b"x = " + b"[" * 10000 + b"]" * 10000 + b"\n", "not valid TOML"),
])
def test_bytes_that_are_not_a_record(tmp_path, data, words):
    assert words in refused(tmp_path, data)


def test_moves_in_a_multi_line_string_are_located(tmp_path):
    text = 'game = "qttt"\nmoves = """\na1-b2\na1-c3\nzz\n"""\n'
    message = refused(tmp_path, text, check=True)
    assert message.startswith(":5: move 3"), message


def test_a_long_multi_line_string_loads_in_linear_time(tmp_path):
    import time

    moves = "\n".join(["a1-b2", "@a1", "c1-c2"] * 4000)
    path = write_bytes(tmp_path, f'game = "qttt"\nmoves = """\n{moves}\n"""\n'.encode())
    started = time.perf_counter()
    record = load_record(path)
    assert len(record.moves) == 12000 and record.move_lines[-1] == 12002
    assert time.perf_counter() - started < 5  # was 19 s for 10,000 lines (quadratic search)


def test_positions_are_kept_sparsely_and_replayed_on_demand(tmp_path):
    from rulebook.records import Positions

    moves = ["a1-a2", "a2-a3", "a3-b1", "b1-b2", "b2-b3", "b3-c1", "c1-c2", "c2-c3"]
    text = 'game = "qttt"\nmoves = ' + repr(moves).replace("'", '"') + "\n"
    path = write_bytes(tmp_path, text.encode())
    record = load_record(path)
    old, Positions.EVERY = Positions.EVERY, 4
    try:
        positions = record.replay()
        assert sorted(positions._kept) == [0, 4, 8]
        state, expected = record.game.initial_state(), []
        expected.append(state)
        for move in moves:
            state = state.play(state.parse_move(move))
            expected.append(state)
        for index in range(len(moves) + 1):  # random access replays from a kept position
            assert str(positions[index]) == str(expected[index])
            assert str(positions[index - len(moves) - 1]) == str(expected[index])
        assert [str(s) for s in positions] == [str(s) for s in expected]
        assert [str(s) for s in positions[2:5]] == [str(s) for s in expected[2:5]]
    finally:
        Positions.EVERY = old


@pytest.mark.parametrize("game, start", [("inphexion", "turn: White\\n 1 ² . ."),
                                         ("necto", "²"), ("inphexion", "turn: Green")])
def test_a_bad_start_position_names_the_line_of_start(tmp_path, game, start):
    folder = tmp_path / game
    folder.mkdir()
    path = folder / "bad.toml"
    path.write_text(f'game = "{game}"\nmoves = []\nstart = "{start}"\n', encoding="utf-8")
    with pytest.raises(RulebookError) as error:
        load_record(path).check()
    assert str(error.value).startswith(f"{path}:3: start position: "), str(error.value)


@pytest.mark.parametrize("label, literal", [('{ en = "O6 closes a cycle", ja = "輪" }', "O6"),
                                            ('{ en = "Blue", ja = "X の手" }', "X"),
                                            ('{ en = "After", ja = "３手目" }', "３")])
def test_a_panel_label_states_no_number_or_player(tmp_path, label, literal):
    text = f'game = "qttt"\nmoves = ["a1-b2"]\n[[figure.panels]]\nlabel = {label}\n'
    message = refused(tmp_path, text)
    assert message.startswith(":3: panel 1: label.") and repr(literal) in message, message


TWO_MOVES = 'game = "qttt"\nmoves = ["a1-b2", "b1-c2"]\n[[figure.panels]]\nafter = 2\nlabel = '


def test_a_label_may_say_which_move_its_panel_shows_and_only_that(tmp_path):
    """"2手目" on the panel after 2 moves: the record checks that number itself."""
    path = write_bytes(tmp_path, (TWO_MOVES + '{ en = "Second move", ja = "2手目" }\n').encode())
    assert load_record(path).panels[0].label["ja"] == "2手目"
    message = refused(tmp_path, TWO_MOVES + '{ en = "Third move", ja = "3手目" }\n')
    assert message == (":3: panel 1: label.ja states '3', which no claim checks; say it in "
                       "the caption with a :claim:"), message
    # the panel's own number, but not as "2手目": a number the reader cannot tell apart
    for lang, label in (("en", '{ en = "After move 2", ja = "2手目" }'),
                        ("ja", '{ en = "Second move", ja = "2番目" }'),
                        ("ja", '{ en = "Second move", ja = "2手目、2" }')):
        message = refused(tmp_path, TWO_MOVES + label + "\n")
        assert message.startswith(f":3: panel 1: label.{lang} states '2'"), message


def test_a_japanese_label_counts_in_arabic_numerals(tmp_path):
    message = refused(tmp_path, TWO_MOVES + '{ en = "Second move", ja = "二手目" }\n')
    assert message == (":3: panel 1: label.ja: 二手: write 2手 (counts in Arabic numerals: "
                       "one numeral style)"), message


def test_a_bad_move_in_a_panel_variation_names_the_panel_line(tmp_path):
    text = 'game = "qttt"\nmoves = ["a1-b2"]\n\n[[figure.panels]]\nafter = 1\nthen = ["zz"]\n'
    message = refused(tmp_path, text, check=True)
    assert message.startswith(":4: variation move 2"), message


# Each refusal as one exact line after the record's path: the key, the line, the rule.

Q = 'game = "qttt"\n'
ALL_KEYS = "claims, figure, game, moves, note, options, start, title"


@pytest.mark.parametrize("text, message", [
    ('game = "qttt"\nmoves = ["a1-b2",\n', ":2: not valid TOML: Invalid value"),
    ('game = "qttt"\nmoves = ["a1-b2"\n\n[figure]\n', ":4: not valid TOML: Unclosed array"),
    ('game = "qttt"\nmoves = "', ":2: not valid TOML: Unterminated string"),
    ('game = "qttt"\ngame = "necto"\nmoves = []\n', ":2: not valid TOML: Cannot overwrite a value"),
    (Q + 'colour = "red"\n', f":2: the record: unknown key 'colour' (keys: {ALL_KEYS})"),
    ('moves = []\n', ": missing 'game' (a string)"),
    (Q + 'title = 5\n', ":2: 'title' must be a string, not an integer"),
    (Q + 'note = ["a"]\n', ":2: 'note' must be a string, not an array"),
    (Q + 'figure = 5\n', ":2: 'figure' must be a table, not an integer"),
    (Q + '[figure]\ncolour = 1\n',
     ":3: [figure]: unknown key 'colour' (keys: columns, panel_size, panels, view)"),
    (Q + '[figure]\nview = 5\n', ":3: 'figure.view' must be a table, not an integer"),
    (Q + '[figure]\npanels = 5\n',
     ":3: 'figure.panels' must be an array of tables, not an integer"),
    (Q + '[figure]\npanels = [5]\n', ":3: 'panel 1' must be a table, not an integer"),
    (Q + '[figure]\npanels = [{}, {colour = 1}]\n',
     ":3: panel 2: unknown key 'colour' (keys: after, attempt, label, then, view)"),
    (Q + 'moves = ["a1-b2"]\n\n[[figure.panels]]\nafter = 0\n\n[[figure.panels]]\nafter = 2\n',
     ":7: 'panel 2: after' = 2: must be an integer from 0 to 1"),
    (Q + '[[figure.panels]]\nlabel = { en = "Start", fr = "Début" }\n',
     ":2: panel 1: label: unknown key 'fr' (keys: en, ja)"),
    (Q + '[[figure.panels]]\nlabel = { en = 5 }\n',
     ":2: 'panel 1: label.en' must be a string, not an integer"),
    (Q + '[[figure.panels]]\nlabel = { en = "Move a1" }\n',
     ":2: panel 1: label.en states 'a1', which no claim checks; say it in the caption "
     "with a :claim:"),
    (Q + '[[figure.panels]]\nview = { colour = 1 }\n',
     ":2: panel 1: unknown view option 'colour' for qttt (view options: "),
    (Q + '[[figure.panels]]\nview = 5\n', ":2: 'panel 1: view' must be a table, not an integer"),
    (Q + '[figure]\ncolumns = 1\nview = { colour = 1 }\n',
     ":4: panel 1: unknown view option 'colour' for qttt (view options: "),
    (Q + 'claims = [{ fact = "turn", expect = "X" }, 5]\n',
     ":2: 'claim #2' must be a table, not an integer"),
    (Q + '[[claims]]\nfact = "turn"\nexpect = "X"\nthen = [1]\n',
     ":2: 'claim #1: then' must be an array of strings in the game's notation"),
    (Q + '[figure]\ncolumns = 13\n', ":3: 'columns' = 13: must be an integer from 1 to 12"),
    (Q + '[figure]\ncolumns = 0\n', ":3: 'columns' = 0: must be an integer from 1 to 12"),
    (Q + '[figure]\npanel_size = [3, 13]\n',
     ":3: 'panel_size' = [3, 13]: must be [width, height] in inches, each from 0.5 to 12"),
    (Q + '[figure]\npanel_size = [0.4, 3]\n',
     ":3: 'panel_size' = [0.4, 3]: must be [width, height] in inches, each from 0.5 to 12"),
    (Q + '[figure]\npanel_size = [3, true]\n',
     ":3: 'panel_size' = [3, true]: must be [width, height] in inches, each from 0.5 to 12"),
    (Q + '[figure]\npanel_size = [3, 3, 3]\n',
     ":3: 'panel_size' = [3, 3, 3]: must be [width, height] in inches, each from 0.5 to 12"),
    (Q + 'claims = [5]\n', ":2: 'claim #1' must be a table, not an integer"),
    (Q + '[[claims]]\nfact = "winner"\nexpect = "X"\n\n[[claims]]\nexpect = 1\n',
     ":6: claim #2 needs 'fact' and 'expect'"),
    (Q + '[[claims]]\nfact = "turn"\nexpect = "X"\nafter = -1\n',
     ":2: 'claim #1: after' = -1: must be an integer from 0 to 0"),
    (Q + '[[claims]]\nfact = "turn"\nexpect = "X"\nid = 5\n',
     ":2: 'claim #1: id' must be a string, not an integer"),
    (Q + '[[claims]]\nfact = "turn"\nexpect = "X"\nthen = "@a1"\n',
     ":2: 'claim #1: then' must be an array of strings in the game's notation"),
    (Q + '[[claims]]\nfact = "turn"\nexpect = "X"\ncell = "a1"\n',
     ":2: claim #1: fact 'turn' takes no arguments, but the claim gives cell"),
    (Q + '[[claims]]\nfact = "classical"\nexpect = "X1"\nsquare = "a1"\n',
     ":2: claim #1: fact 'classical' takes the argument cell; cell is missing, "
     "square is not one of them"),
    (Q + '[[claims]]\nfact = "classical"\nexpect = "X1"\ncell = 1\n',
     ":2: claim #1: argument cell = 1 must be a string"),
])
def test_each_refusal_is_one_exact_line(tmp_path, text, message):
    got = refused(tmp_path, text, check=True)
    if message.endswith("(view options: "):
        assert got.startswith(message), got
    else:
        assert got == message


def test_a_record_that_cannot_be_read_is_one_line(tmp_path):
    path = tmp_path / "qttt" / "missing.toml"
    with pytest.raises(RulebookError) as error:
        load_record(path)
    assert str(error.value) == f"{path}: cannot read the record: No such file or directory"


def test_bytes_that_are_not_utf8_name_their_line_and_byte(tmp_path):
    message = refused(tmp_path, b'game = "qttt"\n\nmoves = ["a1-b2\xfe"]\n')
    assert message == ":3: the record is not UTF-8 text (byte 0xfe); save it as UTF-8"
    deep = refused(tmp_path, b"x = " + b"[" * 10000 + b"]" * 10000 + b"\n")
    assert deep == ": not valid TOML: nested too deeply"


@pytest.mark.parametrize("text, line", [
    ('moves = ["a1-b2", "a1-a1"]\ngame = "qttt"\n', 1),  # moves on the first line
    ('game = "qttt"\nnote = "after a1-b2, \'a1-a1\' is illegal"\nmoves = ["a1-b2", "a1-a1"]\n', 3),
    ('game = "qttt"\nmoves = [\n  "a1-b2",  # a1-a1 would be illegal\n  "a1-a1",\n]\n', 4),
    ('game = "qttt"\ntitle = "a1-a1"\nmoves = """\na1-b2\na1-a1\n"""\n', 5),
], ids=["first-line", "quoted-before", "bare-in-comment", "multi-line-string"])
def test_a_move_is_located_on_its_own_line(tmp_path, text, line):
    message = refused(tmp_path, text, check=True)
    assert message.startswith(f":{line}: move 2: illegal move 'a1-a1'"), message


def record_at(tmp_path, text):
    return load_record(write_bytes(tmp_path, text.encode()))


def test_positions_out_of_range_are_index_errors(tmp_path):
    record = record_at(tmp_path, Q + 'moves = ["a1-b2", "a1-c3"]\n')
    positions = record.replay()
    assert record.replay() is positions  # replayed once
    for index in (3, 10):
        with pytest.raises(IndexError) as error:
            positions[index]
        assert error.value.args == (index,)
    with pytest.raises(IndexError):
        positions[-4]
    with pytest.raises(RulebookError) as error:
        record.state_after(3, 7)
    assert str(error.value) == f"{record.path}:7: after = 3, but the record has 2 moves"
    with pytest.raises(RulebookError) as error:
        record.variation(-1, ["@a1"], 9)
    assert str(error.value) == f"{record.path}:9: after = -1, but the record has 2 moves"
    assert str(record.variation(2, [], 9)[-1]) == str(positions[2])


def test_a_false_claim_describes_its_arguments_and_position(tmp_path):
    text = ('game = "craquelure"\nmoves = []\n\n[[claims]]\nfact = "area_at"\nat = [0.5, 0.25]\n'
            'decimals = 2\nexpect = "200.00%"\n')  # no share of the disk is twice the disk
    folder = tmp_path / "craquelure"
    folder.mkdir()
    (folder / "bad.toml").write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError) as error:
        load_record(folder / "bad.toml").check()
    assert str(error.value).startswith(f"{folder / 'bad.toml'}:4: claim #1 (area_at at=[0.5, 0.25] "
                                       "decimals=2) is false: expected '200.00%', engine says '")
    text = (Q + 'moves = ["a1-b2", "a1-b2"]\n\n[[claims]]\nid = "cell"\nfact = "classical"\n'
            'cell = "a1"\nafter = 2\nthen = ["@a1"]\nexpect = "X1"\n')  # O2 closed the cycle in a1
    message = refused(tmp_path, text, check=True)
    assert message == (":4: claim #1 'cell' (classical cell='a1' after move 2 then @a1) is false: "
                       "expected 'X1', engine says 'O2'")
    # after = 0: the empty board, named as such (no "after" is the last position)
    text = (Q + 'moves = ["a1-b2"]\n\n[[claims]]\nfact = "turn"\nafter = 0\nexpect = "O"\n'
            '\n[[claims]]\nfact = "turn"\nexpect = "X"\n')
    assert refused(tmp_path, text, check=True) == (
        ":4: claim #1 (turn after move 0) is false: expected 'O', engine says 'X'")
    text = (Q + 'moves = ["a1-b2"]\n\n[[claims]]\nfact = "turn"\nexpect = "X"\n')
    assert refused(tmp_path, text, check=True) == (
        ":4: claim #1 (turn) is false: expected 'X', engine says 'O'")
    # values that are not text as TOML writes them, as the author wrote the expectation
    text = (Q + 'moves = ["a1-b2"]\n\n[[claims]]\nfact = "spooky"\ncell = "a1"\n'
            'expect = ["X1", "O2"]\n')
    assert refused(tmp_path, text, check=True) == (
        ":4: claim #1 (spooky cell='a1') is false: expected [\"X1\", \"O2\"], "
        "engine says [\"X1\"]")
    text = Q + 'moves = []\n\n[[claims]]\nfact = "is_legal"\nmove = "a1-b2"\nexpect = false\n'
    assert refused(tmp_path, text, check=True) == (
        ":4: claim #1 (is_legal move='a1-b2') is false: expected false, engine says true")


def test_a_claim_the_fact_cannot_answer_names_the_claims_line(tmp_path):
    text = Q + 'moves = ["a1-b2"]\n\n[[claims]]\nfact = "classical"\ncell = "z9"\nexpect = "X1"\n'
    assert refused(tmp_path, text, check=True).startswith(
        ":4: claim #1 (classical cell='z9'): cannot read 'z9'")
    text = Q + 'moves = ["a1-b2"]\n\n[[claims]]\nfact = "turn"\nthen = ["zz"]\nexpect = "X"\n'
    assert refused(tmp_path, text, check=True).startswith(":4: variation move 2: cannot read 'zz'")


def test_claims_are_found_by_their_own_id(tmp_path):
    record = record_at(tmp_path, Q + 'moves = ["a1-b2"]\n[[claims]]\nid = "a"\nfact = "turn"\n'
                                     'expect = "O"\n[[claims]]\nid = "b"\nfact = "over"\n'
                                     'expect = false\n[[claims]]\nfact = "turn"\nexpect = "O"\n')
    assert record.claim_by_id("b").fact == "over" and record.claim_by_id("a").fact == "turn"
    with pytest.raises(RulebookError) as error:
        record.claim_by_id("c")
    assert str(error.value) == f"{record.path}: no claim with id 'c' (ids: a, b)"
    bare = record_at(tmp_path, Q + '[[claims]]\nfact = "turn"\nexpect = "X"\n')
    with pytest.raises(RulebookError, match=r"no claim with id 'a' \(ids: none\)$"):
        bare.claim_by_id("a")


def test_claim_values_compare_structurally_and_strictly():
    from rulebook.records import normalise, same

    assert normalise({1: {(2, 1), (1, 2)}, "b": [(3,), {"c": {4}}]}) == \
        {"1": [[1, 2], [2, 1]], "b": [[3], {"c": [4]}]}
    # a set of texts (a fact may answer one), in whatever order this process's string
    # hashing keeps it, is compared as its sorted list
    rng = random.Random(3)
    words = [{"".join(rng.choices("abcdefgh", k=3)) for _ in range(6)} for _ in range(30)]
    assert all(normalise(frozenset(w)) == sorted(w) and normalise(w) == sorted(w) for w in words)
    assert same([1, [2]], [1, [2]]) and same({"a": [1]}, {"a": [1]})
    assert not same([1, 2], [1, 2, 3]) and not same([1, 2, 3], [1, 2])
    assert not same({"a": 1}, {"a": 1, "b": 2}) and not same({"a": 1, "b": 2}, {"a": 1})
    assert not same([1], [True]) and not same({"a": 2}, {"a": 2.0})


def test_unknown_facts_are_listed_with_the_games_facts(tmp_path):
    from rulebook.games import make_game
    from rulebook.record_facts import claim_facts

    offered = ", ".join(fact.name for fact in claim_facts(make_game("qttt")))
    message = refused(tmp_path, Q + '\n[[claims]]\nfact = "flavour"\nexpect = 1\n')
    assert message == f":3: claim #1: unknown fact 'flavour' for qttt (facts: {offered})"
    assert "turn" in offered and "winner" in offered and "refusal" in offered


def test_a_records_figure_settings_and_name(tmp_path):
    record = record_at(tmp_path, Q + 'moves = ["a1-b2"]\n[[figure.panels]]\nafter = 0\n'
                                     '[[figure.panels]]\n')
    assert record.columns == 2 and record.panel_size is None  # a row of its panels
    assert [panel.after for panel in record.panels] == [0, 1]  # the last move by default
    assert record.name == "qttt/bad"
    sized = record_at(tmp_path, Q + '[figure]\npanel_size = [0.5, 12]\ncolumns = 12\n')
    assert sized.panel_size == (0.5, 12.0) and type(sized.panel_size[1]) is float
    assert sized.columns == 12 and len(sized.panels) == 1
    assert record_at(tmp_path, Q + '[figure]\npanel_size = [2, 3.5]\n').panel_size == (2.0, 3.5)
    assert record_at(tmp_path, Q + '[figure]\npanels = []\n').columns == 1
    path = tmp_path / "qttt" / "bad.toml"
    assert load_record(path, tmp_path).name == "qttt/bad"
    assert load_record(path, tmp_path / "qttt").name == "bad"
    assert load_record(path, tmp_path / "elsewhere").name == "qttt/bad"  # not under the root


def test_a_fact_of_two_arguments_names_them_both(tmp_path):
    folder = tmp_path / "craquelure"
    folder.mkdir()
    path = folder / "bad.toml"
    path.write_text('game = "craquelure"\n\n[[claims]]\nfact = "area_at"\n'
                    'expect = "25.00%"\nat = [0, 0]\n', encoding="utf-8")
    with pytest.raises(RulebookError) as error:
        load_record(path).check()
    assert str(error.value) == (f"{path}:3: claim #1: fact 'area_at' takes the arguments at "
                                "and decimals; decimals is missing")


def test_a_string_is_looked_for_from_the_line_asked_the_last_one_too():
    """The line an error names is the first line holding the string at or after the
    line asked for, the file's last line included (not an earlier line holding it)."""
    from rulebook.records import _Lines

    lines = _Lines('moves = ["a1-b2"]\nthen = ["a1-b2"]')
    assert lines.of_strings(["a1-b2"], start=1) == [1]
    assert lines.of_strings(["a1-b2"], start=2) == [2]
    assert lines.of_strings(["a1-b2"], start=9) == [2]


@pytest.mark.parametrize("bare", [False, True], ids=["array", "multi-line string"])
def test_each_move_is_placed_on_its_own_line_when_the_same_text_repeats(tmp_path, bare):
    """Moves written one a line, drawn from a few texts that repeat (and, in an array,
    that hold each other): the k-th move is placed on its own line, not on the line of
    an earlier move with the same text."""
    import random

    texts = ["a1-b2", "b2", "a1-b2-c3"] if not bare else ["a1-b2", "c3-d4", "@a1"]
    rng = random.Random(7)
    for _ in range(40):
        moves = [rng.choice(texts) for _ in range(rng.randint(1, 8))]
        written = "\n".join(moves) if bare else ",\n".join(f'  "{m}"' for m in moves)
        opening, closing = ('"""\n', '\n"""') if bare else ("[\n", "\n]")
        record = record_at(tmp_path, Q + f"moves = {opening}{written}{closing}\n")
        assert record.moves == moves
        assert record.move_lines == list(range(3, 3 + len(moves))), moves


def test_a_refused_move_whose_text_was_played_before_names_its_own_line(tmp_path):
    """Through the real entry point: the third "a1-b2" is refused (the cycle the second
    closed must be collapsed first), on its own line, not on the first's."""
    text = Q + 'moves = [\n  "a1-b2",\n  "a1-b2",\n  "a1-b2",\n]\n'
    message = refused(tmp_path, text, check=True)
    assert message == (":5: move 3: illegal move 'a1-b2': mark 2 closed a cycle: "
                       "X must first choose where it collapses")


def _in_single_quotes(text: str) -> str:
    """A record with each of its strings that TOML can write either way ("...") written
    in TOML's other quotes ('...', a literal string: no escapes, no ' inside)."""
    import re

    return re.sub(r'"([^"\\\'\n]*)"', r"'\1'", text)


def test_a_record_written_with_single_quotes_names_the_same_lines(tmp_path):
    """Every record of the project, its strings written in single quotes: it reads as the
    same record, and every move, panel and claim is placed on the same line (an error
    about it names its line either way)."""
    from pathlib import Path

    from rulebook.records import find_records

    figures = Path(__file__).resolve().parent.parent / "figures"
    checked = 0
    for path in find_records(figures):
        text = path.read_text(encoding="utf-8")
        if '"""' in text or "'''" in text:
            continue
        copy = tmp_path / path.parent.name / path.name
        copy.parent.mkdir(exist_ok=True)
        copy.write_text(_in_single_quotes(text), encoding="utf-8")
        assert copy.read_text(encoding="utf-8") != text
        double, single = load_record(path, figures), load_record(copy, tmp_path)
        assert single.moves == double.moves and single.claims == double.claims, path.name
        assert single.move_lines == double.move_lines and None not in double.move_lines, path.name
        assert [p.line for p in single.panels] == [p.line for p in double.panels], path.name
        checked += 1
    assert checked >= 30


# a claim's argument given values out of any game's range, by the argument's type
OUT_OF_RANGE = {int: (0, -1, 99, 10 ** 6), float: (-1.0, 1e9), bool: (), list: ([], ["zz9"]),
                str: ("zz9", "Q", "a1 b2", "Z99")}


def _claimed_args(slug: str) -> dict[str, dict]:
    """For each fact of ``slug`` with arguments, the arguments of its first claim in the
    project's records (valid values for the arguments not being varied)."""
    from rulebook.records import find_records

    found = {}
    for path in find_records(ROOT / "figures"):
        if path.parent.name != slug:
            continue
        for claim in load_record(path, ROOT / "figures").claims:
            if claim.args:
                found.setdefault(claim.fact, claim.args)
    return found


@pytest.mark.parametrize("slug", ["craquelure", "inphexion", "necto", "qttt"])
def test_every_fact_s_argument_out_of_range_is_refused_naming_the_value(slug):
    """Each argument of each fact of ``slug`` (the others as the project's records give
    them) given values out of range for its type, on a position of a random game: the
    fact answers, or refuses with a one-line RulebookError that quotes the value it was
    given (a mark of 99, a cell 'zz9'; or another argument's, when the position objects
    to that first), never with a traceback."""
    import random

    from rulebook.games import make_game

    game, claimed = make_game(slug), _claimed_args(slug)
    rng, state = random.Random(3), game.initial_state()
    for _ in range(6):
        state = state.play(state.random_move(rng))
    refused = 0
    for fact in game.facts:
        if not fact.args or (len(fact.args) > 1 and fact.name not in claimed):
            continue
        for arg in fact.args:
            for value in OUT_OF_RANGE[fact.arg_type(arg)]:
                args = {**claimed.get(fact.name, {}), arg: value}
                try:
                    fact.compute(state, **args)
                except RulebookError as error:
                    refused += 1
                    # the value given, or (the position's own objection) another argument's
                    assert any(str(v) in str(error) for v in args.values()), (fact.name, args)
                    assert "\n" not in str(error)
    assert refused >= 5
