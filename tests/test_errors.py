"""Bad input: one clear line naming the file, the line or move, and the rule;
a non-zero exit; nothing half-written."""

from __future__ import annotations

import json
import subprocess
import sys
import re
import textwrap
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.errors import ClaimError, RecordError
from rulebook.records import load_record


def write(tmp_path, text, name="example.toml"):
    folder = tmp_path / "qttt"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.mark.parametrize("text, where, message", [
    ('game = "qttt"\nmoves = ["a1-b2",\n', None, "not valid TOML"),
    ('game = "chess"\n', 1, "unknown game 'chess'"),
    ('game = "qttt"\noptions = { size = 4 }\n', 2, "unknown option 'size'"),
    ('game = "qttt"\ncolour = "red"\n', 2, "unknown key 'colour'"),
    ('moves = []\n', None, "missing 'game'"),
    ('game = "qttt"\nmoves = [1, 2]\n', 2, "must be an array of strings"),
    ('game = "qttt"\nmoves = []\n[[claims]]\nfact = "flavour"\nexpect = 1\n', 3,
     "unknown fact 'flavour'"),
    ('game = "qttt"\nmoves = []\n[[claims]]\nfact = "classical"\nexpect = "X1"\n', 3,
     "takes the argument cell; cell is missing"),
    ('game = "qttt"\nmoves = []\n[[claims]]\nfact = "winner"\n', 3, "needs 'fact' and 'expect'"),
    ('game = "qttt"\nmoves = []\n[[claims]]\nfact = "over"\nexpect = "no"\n', 3,
     "expect (the answer of 'over') must be true or false, not 'no'"),
    ('game = "qttt"\nmoves = []\n[[claims]]\nfact = "cycle"\nexpect = ["a1", 2]\n', 3,
     "must be a string, not 2"),
    ('game = "inphexion"\noptions = { size = 27 }\n', 2, "option size=27: must be from 2 to 26"),
    ('game = "craquelure"\noptions = { min_area_percent = 40.0 }\n', 2,
     "must be above 0 and under 33.3333"),
    ('game = "qttt"\n[figure]\nview = { show_lines = 1 }\n[[figure.panels]]\n'
     'view = { show_lines = true }\n', 3, "[figure] view: view option show_lines: must be"),
])
def test_malformed_records(tmp_path, text, where, message):
    path = write(tmp_path, text)
    with pytest.raises(RecordError) as error:
        load_record(path)
    assert message in str(error.value)
    assert str(error.value).startswith(f"{path}:{where}:" if where else f"{path}:")
    assert "\n" not in str(error.value)


def test_illegal_move_names_line_move_number_and_rule(tmp_path):
    path = write(tmp_path, '''\
        game = "qttt"
        moves = [
            "a1-b2",
            "a1-b2",
            "c1-c2",
        ]
    ''')
    with pytest.raises(RecordError) as error:
        load_record(path).replay()
    assert str(error.value) == (f"{path}:5: move 3: illegal move 'c1-c2': mark 2 closed a cycle: "
                                "X must first choose where it collapses")


def test_unreadable_move_names_the_column(tmp_path):
    path = write(tmp_path, 'game = "qttt"\nmoves = ["a1-b7"]\n')
    with pytest.raises(RecordError, match=r":2: move 1: cannot read 'a1-b7' at column 4"):
        load_record(path).replay()


@pytest.mark.parametrize("slug, first, text, bad", [
    ("qttt", None, "a1-b7", "b7"), ("qttt", None, "z1-a2", "z1"), ("qttt", None, "@z9", "z9"),
    ("necto", None, "Z9=x1", "Z9"), ("necto", None, "B7=x1", "B7"), ("necto", None, "A1=q1", "q1"),
    ("inphexion", None, "z9", "z9"), ("inphexion", "d4", "a1>z9", "z9"),
    ("inphexion", "d4", "a1>a2 b1>z9", "z9"),
    ("inphexion", "d4", "d4>d5 a1>a2 b1>a2", "b1>a2"),  # two discs relocated to one cell
    ("inphexion", "d4", "d4>d5 a1>a2 a1>b2", "a1>b2"),  # one disc relocated twice
    ("craquelure", None, "(0.5,0.5) 400 B1 R2", "400"),
    ("craquelure", None, "(0.1,0.1) 30 B9 R2", "B9"), ("craquelure", None, "(0.1,0.1) 30 B1 Q2", "Q2"),
    # a move of no shape the notation knows: the column is where the move begins
    ("qttt", None, "a1+b2", "a1+b2"), ("necto", None, "C3x1", "C3x1"),
    ("inphexion", None, "d4!", "d4!"), ("craquelure", None, "hello", "hello"),
])
@pytest.mark.parametrize("pad", ["", "  "])
def test_a_move_that_cannot_be_read_names_the_column_of_the_part_that_cannot(
        slug, first, text, bad, pad):
    """Every game's notation: the column an unreadable move's error gives (counted
    from 1) is where the part it cannot read begins in the text, wherever that is,
    also after leading spaces."""
    from rulebook.errors import NotationError
    from rulebook.games import make_game

    state = make_game(slug).initial_state()
    if first:
        state = state.play(state.parse_move(first))
    text = pad + text
    with pytest.raises(NotationError) as error:
        state.parse_move(text)
    assert str(error.value).startswith(f"cannot read {text!r} at column {text.index(bad) + 1}: "), \
        str(error.value)


@pytest.mark.parametrize("slug", ["qttt", "necto", "inphexion"])  # Craquelure's says what a
@pytest.mark.parametrize("text", ["", "   "])                     # cut is: its notation test
def test_an_empty_move_is_called_empty(slug, text):
    from rulebook.errors import NotationError
    from rulebook.games import make_game

    with pytest.raises(NotationError) as error:
        make_game(slug).initial_state().parse_move(text)
    assert str(error.value).startswith(f"cannot read {text!r}: empty move")  # (and a hint)


def test_false_claim_names_record_claim_expected_and_actual(tmp_path):
    path = write(tmp_path, '''\
        game = "qttt"
        moves = ["a1-b2", "a1-b2"]

        [[claims]]
        id = "chooser"
        fact = "chooser"
        expect = "O"
    ''')
    with pytest.raises(ClaimError) as error:
        load_record(path).check()
    assert str(error.value) == (f"{path}:4: claim #1 'chooser' (chooser) is false: "
                                "expected 'O', engine says 'X'")


def test_claim_after_a_move_that_does_not_exist(tmp_path):
    path = write(tmp_path, 'game = "qttt"\nmoves = ["a1-b2"]\n[[claims]]\nafter = 5\n'
                           'fact = "winner"\nexpect = "none"\n')
    with pytest.raises(RecordError, match=r":3: .claim #1: after. = 5: must be an integer from 0 to 1"):
        load_record(path)


def test_cli_check_exits_non_zero_on_a_false_claim(tmp_path, capsys):
    good = write(tmp_path, 'game = "qttt"\nmoves = ["a1-b2"]\n[[claims]]\nfact = "turn"\n'
                           'expect = "O"\n', "good.toml")
    bad = write(tmp_path, 'game = "qttt"\nmoves = ["a1-b2"]\n[[claims]]\nfact = "turn"\n'
                          'expect = "X"\n', "bad.toml")
    assert main(["check", str(good)]) == 0
    assert main(["check", str(good), str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:3: claim #1 (turn) is false: expected 'X', engine says 'O'" in err


def test_cli_check_replays_a_record_without_claims_or_figure(tmp_path, capsys):
    bare = write(tmp_path, 'game = "qttt"\nmoves = ["a1-b2", "a1-a1"]\n', "bare.toml")
    assert main(["check", str(bare)]) == 2
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"{bare}:2: move 2: illegal move 'a1-a1': "
                                "the two spooky marks must go in two different cells"]
    assert out.splitlines()[0] == "0 of 1 records hold; 0 claims checked."
    assert out.splitlines()[-1].startswith("1 problem (1 in records); ")


def test_cli_replay_prints_each_position_and_the_outcome(tmp_path, capsys):
    path = write(tmp_path, 'game = "qttt"\nmoves = ["a1-a3", "b1-a3", "b1-a2", "c1-b3", '
                           '"a1-a3", "@a1"]\n')
    assert main(["replay", "qttt", str(path)]) == 0
    out = capsys.readouterr().out
    assert "6. @a1" in out and out.rstrip().endswith("X wins (line).")
    # after each numbered move, the position that move leaves
    states = load_record(path).replay()
    blocks = out.split("\n\n")
    assert blocks[0] == f"Quantum Tic-Tac-Toe: start\n{states[0]}"
    moves = ["a1-a3", "b1-a3", "b1-a2", "c1-b3", "a1-a3", "@a1"]
    for number, (move, state) in enumerate(zip(moves, states[1:]), start=1):
        assert blocks[number] == f"{number}. {move}\n{state}", number
    assert main(["replay", "qttt", str(path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["winner"] == "X"
    assert state["classical"] == {"a1": "X5", "b1": "O2", "a2": "X3", "a3": "X1"}


def test_cli_errors_are_one_line_with_exit_status_2(tmp_path):
    path = write(tmp_path, 'game = "qttt"\nmoves = ["a1-a1"]\n')
    result = subprocess.run([sys.executable, "-m", "rulebook.cli", "replay", "qttt", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == (f"rulebook: {path}:2: move 1: illegal move 'a1-a1': "
                                     "the two spooky marks must go in two different cells")
    result = subprocess.run([sys.executable, "-m", "rulebook.cli", "replay", "necto", str(path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "is a qttt game, not necto" in result.stderr


def test_a_figure_label_the_font_cannot_draw_is_an_error(tmp_path):
    from rulebook.figure_style import render_panels

    def render_svg(record, lang):
        return render_panels(record, lang)[0][0]

    path = write(tmp_path, 'game = "qttt"\nmoves = ["a1-b2"]\n[figure]\n[[figure.panels]]\n'
                           'after = 1\nlabel = { en = "nɛkto", ja = "ネクト" }\n')
    record = load_record(path)
    assert render_svg(record, "ja").startswith(b"<?xml")
    with pytest.raises(RecordError, match=r"figure \(en\): .*missing from font"):
        render_svg(record, "en")


ACRONYMS = {"JSON", "HTML", "TOML", "HTTP", "HEAD"}  # words a help may write in capitals


def test_every_command_and_every_option_says_what_it_does_in_its_help():
    """``rulebook --help`` and ``rulebook COMMAND --help``: each command and each of its
    arguments and options has its own line of help (none left blank), in plain words
    (none in capitals but an acronym or an argument's name, as GAME)."""
    import argparse

    from rulebook.cli import parser

    top = parser()
    commands = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    helped = {choice.dest: choice.help for choice in commands._choices_actions}
    assert len(commands.choices) >= 10

    def shouted(text, sub):
        names = {str(a.metavar or a.dest).upper() for a in sub._actions}  # GAME, NAME
        words = re.sub(r"\S*/\S*", "", text)  # not in a path (LC_MESSAGES)
        return [w for w in re.findall(r"[A-Za-z]{4,}", words)
                if w.isupper() and w not in ACRONYMS | names]

    for name, sub in commands.choices.items():
        assert helped.get(name), f"rulebook {name}: no help"
        assert not shouted(helped[name], sub), (name, helped[name])
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help and action.help.strip(), (name, action.option_strings or action.dest)
            assert not shouted(action.help, sub), (name, action.option_strings or action.dest)


def test_replay_names_the_winner_by_the_colour_it_plays_at_the_end_after_a_swap(tmp_path, capsys):
    """A Craquelure game with the pie rule's swap, played to its end: ``rulebook replay``
    names the winner as the final position names the seat (the colours changed hands
    with the swap), not by the seat's name before it."""
    import json
    import random

    from rulebook.games import make_game

    game = make_game("craquelure", pie=True)
    rng = random.Random(0)
    moves = []
    state = game.initial_state()
    while not state.is_over():
        move = state.parse_move("swap") if len(moves) == 1 else state.random_move(rng)
        moves.append(state.format_move(move))
        state = state.play(move)
    winner = state.outcome().winner
    assert state.player_name(winner) != game.player_name(winner)  # the swap shows
    path = tmp_path / "swapped.toml"
    path.write_text(f'game = "craquelure"\noptions = {{ pie = true }}\nmoves = {json.dumps(moves)}\n')
    assert main(["replay", "craquelure", str(path)]) == 0
    last = capsys.readouterr().out.rstrip("\n").splitlines()[-1]
    assert last == f"{state.player_name(winner)} wins ({state.outcome().reason}).", last


def test_replay_ends_every_record_with_the_engine_s_verdict(capsys):
    """``rulebook replay`` on every record of the project: a numbered step for each
    move, then the outcome as the engine has it (who is to move, the draw, or the
    winner, by the players' names, and the scores where the game keeps them)."""
    from rulebook.records import find_records, load_record

    figures = Path(__file__).resolve().parent.parent / "figures"
    ended = goes_on = 0
    for path in find_records(figures):
        record = load_record(path, figures)
        assert main(["replay", record.game.slug, str(path)]) == 0
        out = capsys.readouterr().out
        final = record.replay()[-1]
        steps = re.findall(r"^(\d+)\. (.+)$", out, re.M)
        assert [(int(n), text) for n, text in steps] == list(enumerate(record.moves, start=1))
        outcome = final.outcome()
        if outcome is None:
            expected = [f"The game goes on: {final.player_name(final.turn)} to move."]
            goes_on += 1
        else:
            expected = [f"Draw ({outcome.reason})." if outcome.winner is None else
                        f"{final.player_name(outcome.winner)} wins ({outcome.reason})."]
            if outcome.scores is not None:
                expected.append("Scores: " + ", ".join(f"{final.player_name(i)} {s:g}"
                                                       for i, s in enumerate(outcome.scores)))
            ended += 1
        assert out.rstrip("\n").splitlines()[-len(expected):] == expected, path.name
    assert ended >= 5 and goes_on >= 5, (ended, goes_on)


@pytest.mark.parametrize("slug, size, move", [
    ("necto", 4, "{}=x1"), ("necto", 6, "{}=x1"), ("necto", 8, "{}=x1"),
    ("inphexion", 5, "{}"), ("inphexion", 7, "{}"), ("inphexion", 9, "{}"),
])
def test_a_cell_off_the_board_is_refused_naming_the_board_s_own_columns_and_rows(slug, size, move):
    """A cell one column or one row past the board, on each size: refused, saying the
    board's size and its columns and rows as they are (A to the size's letter)."""
    from rulebook.errors import NotationError
    from rulebook.games import make_game

    letters = "ABCDEFGHIJ" if slug == "necto" else "abcdefghij"
    state = make_game(slug, size=size).initial_state()
    for cell in (f"{letters[size]}1", f"{letters[0]}{size + 1}"):
        with pytest.raises(NotationError) as error:
            state.parse_move(move.format(cell))
        assert str(error.value).endswith(
            f"cell {cell} is off the {size}×{size} board "
            f"(columns {letters[0]}–{letters[size - 1]}, rows 1–{size})"), str(error.value)


def test_a_count_says_its_noun_as_english_does():
    """What the command line counts ("1 record", "0 claims", "2 studies"), and the
    build's summary with one of everything."""
    from rulebook.build import Summary
    from rulebook.errors import counted

    assert [counted(n, "record") for n in (0, 1, 2)] == ["0 records", "1 record", "2 records"]
    assert counted(1, "study", "studies") == "1 study" and counted(3, "study", "studies") == "3 studies"
    one = Summary(pages=1, pdfs=1, figures=1, claims=1, records=1, seconds=0.5, where="build/x")
    assert one.line() == "Built build/x: 1 page, 1 PDF, 1 figure; 1 claim in 1 record checked; 0.5 s."
    two = Summary(pages=2, pdfs=0, figures=2, claims=2, records=2, seconds=0.5, where="build/x")
    assert two.line() == ("Built build/x: 2 pages, 0 PDFs, 2 figures; 2 claims in 2 records "
                          "checked; 0.5 s.")


@pytest.mark.parametrize("header", ["[[{}]]", "  [[{}]]", "[[{}]]   ", "[[ {} ]]", "[[{}]]  # a note",
                                    "\t[[ {} ]] # a note"])
def test_a_claim_s_or_a_panel_s_error_names_its_own_header_line_however_written(tmp_path, header):
    """The error about a record's third claim, or its second panel, names the line of
    that table's own header (not another's, not none), however TOML lets the headers be
    written: indented, with blanks inside the brackets, a comment after them."""
    claims = "".join(f"\n{header.format('claims')}\nfact = \"chooser\"\nexpect = \"{who}\"\n"
                     for who in ("X", "X", "O"))
    path = write(tmp_path, 'game = "qttt"\nmoves = ["a1-b2", "a1-b2"]\n' + claims)
    lines = path.read_text().splitlines()
    third = [n for n, line in enumerate(lines, 1) if "claims" in line][2]
    with pytest.raises(ClaimError) as error:
        load_record(path).check()
    assert str(error.value).startswith(f"{path}:{third}: claim #3 "), str(error.value)
    panels = "".join(f"\n{header.format('figure.panels')}\nafter = {after}\n" for after in (1, 9))
    path = write(tmp_path, 'game = "qttt"\nmoves = ["a1-b2", "a1-b2"]\n\n[figure]\n' + panels,
                 name="panels.toml")
    lines = path.read_text().splitlines()
    second = [n for n, line in enumerate(lines, 1) if "figure.panels" in line][1]
    with pytest.raises(RecordError) as error:
        load_record(path)
    assert str(error.value).startswith(f"{path}:{second}: "), str(error.value)
