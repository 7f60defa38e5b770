"""Records that must be refused: wrong types, bad bytes, loose claim values,
moves that are never replayed.  Each one fails with one line that starts with
the record's path (and its line where there is one), never with a traceback."""

from __future__ import annotations

import pytest

from rulebook.errors import RulebookError
from rulebook.records import load_record


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


def test_a_bad_move_in_a_panel_variation_names_the_panel_line(tmp_path):
    text = 'game = "qttt"\nmoves = ["a1-b2"]\n\n[[figure.panels]]\nafter = 1\nthen = ["zz"]\n'
    message = refused(tmp_path, text, check=True)
    assert message.startswith(":4: variation move 2"), message
