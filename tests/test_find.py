"""``rulebook find``: claims read like records' claims, one-line errors, a report when
it gives up, the same find for the same seed, and records that ``rulebook check`` accepts."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.finder import split_claim
from rulebook.records import load_record

from conftest import random_walk

FIGURES = Path(__file__).resolve().parent.parent / "figures"


def find(*args):
    return main(["find", *args])


@pytest.mark.parametrize("text, raw", [
    ("winner=X", {"fact": "winner", "expect": "X"}),
    ("classical:cell=a1=X1", {"fact": "classical", "cell": "a1", "expect": "X1"}),
    ("knot:cell=C3,side=S=3₁", {"fact": "knot", "cell": "C3", "side": "S", "expect": "3₁"}),
    ("area_at:at=[0.1, -0.05],decimals=2=11.71%",
     {"fact": "area_at", "at": [0.1, -0.05], "decimals": 2, "expect": "11.71%"}),
    ('is_legal:move="D4=c2"=true', {"fact": "is_legal", "move": "D4=c2", "expect": True}),
    ("is_legal:move='D4=c2'=true", {"fact": "is_legal", "move": "D4=c2", "expect": True}),
    ("last_move=D4=c2", {"fact": "last_move", "expect": "D4=c2"}),
    ('polynomial:cell=C3,side=S="1"', {"fact": "polynomial", "cell": "C3", "side": "S",
                                      "expect": "1"}),
    ("lines={X = [], O = []}", {"fact": "lines", "expect": {"X": [], "O": []}}),
])
def test_claims_are_read_as_toml_values_or_text(text, raw):
    assert split_claim(text) == raw


@pytest.mark.parametrize("blank", [" ", "  ", "\t"])
def test_a_claim_reads_the_same_with_blanks_around_each_separator(blank):
    """Blanks before and after each ':', '=' and ',' of a claim (as a shell user types
    ``--claim "winner = X"``) change nothing; blanks inside a quoted value are its own."""
    import re

    for text, raw in [("winner=X", {"fact": "winner", "expect": "X"}),
                      ("classical:cell=a1=X1", {"fact": "classical", "cell": "a1", "expect": "X1"}),
                      ("knot:cell=C3,side=S=3₁",
                       {"fact": "knot", "cell": "C3", "side": "S", "expect": "3₁"}),
                      ('is_legal:move="D4 = c2"=true',
                       {"fact": "is_legal", "move": "D4 = c2", "expect": True})]:
        spaced = re.sub(r'[:=,](?=(?:[^"]*"[^"]*")*[^"]*$)', lambda m: f"{blank}{m[0]}{blank}",
                        text)  # outside the quotes
        assert spaced != text
        assert split_claim(f"{blank}{spaced}{blank}") == raw, spaced


@pytest.mark.parametrize("args, message", [
    (["qttt", "--claim", "=3"], "no fact name"),
    (["qttt", "--claim", "winner"], "no expected value"),
    (["qttt", "--claim", "classical:=X1"], "expected ARG=VALUE"),
    (["qttt", "--claim", "classical:a1=X1"], "no expected value"),
    (["qttt", "--claim", "classical:cell==X1"], "no value for cell"),  # an argument empty
    (["qttt", "--claim", "classical:cell= =X1"], "no value for cell"),  # or only blanks
    (["qttt", "--claim", "owner:mark=\t,cell=a1=X"], "no value for mark"),
    (["qttt", "--claim", "winner="], "no expected value"),  # an '=' with nothing after it
    (["qttt", "--claim", "winner=  "], "no expected value"),
    (["qttt", "--claim", "classical:cell=a1= "], "no expected value"),
    (["qttt", "--claim", "flavour=1"], "unknown fact 'flavour'"),
    (["qttt", "--claim", "classical:square=a1=X1"], "takes the argument cell; cell is missing"),
    (["qttt", "--claim", "owner:mark=six=X"], "argument mark = 'six' must be an integer"),
    (["qttt", "--claim", "classical:after=3=X1"], "'after' cannot be an argument"),
    (["qttt", "--claim", "classical:cell=a1,cell=b2=X1"], "the argument cell is given twice"),
    (["necto", "--claim", "kind:cell=C3,cell=C3=curve"], "the argument cell is given twice"),
    (["qttt", "--claim", "marks_placed=nine"], "must be an integer, not 'nine'"),
    (["necto", "--option", "size=5", "--claim", "stage=over"], "--option: necto: option size=5"),
    (["chess", "--claim", "winner=X"], "rulebook: unknown game 'chess'"),  # the game, not an --option
    (["qttt"], "give at least one --claim"),
    (["qttt", "--claim", "winner=X", "--moves", "0"], "at least one move"),
    (["necto", "--from", str(FIGURES / "necto" / "replacing.toml"), "--option", "size=6",
      "--claim", "stage=over"], "--option cannot change"),
])
def test_bad_claims_and_options_are_one_line_errors(capsys, args, message):
    assert find(*args, "--time-limit", "5") == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_giving_up_reports_what_was_tried(capsys, tmp_path):
    out = tmp_path / "none.toml"
    assert find("qttt", "--claim", "winner=X", "--claim", "marks_placed=10",
                "--time-limit", "0.5", "--out", str(out)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    took = re.search(r"no position found in (\d+\.\d) s", err)
    assert took and float(took[1]) >= 0.5, err  # its time limit, and more on a busy machine
    for part in ("games played", "positions tested", "most often false: --claim 'marks_placed=10'",
                 "try another --seed, a longer --time-limit"):
        assert part in err
    assert not out.exists()


@pytest.mark.parametrize("moves", [1, 3])
def test_a_found_record_is_at_most_moves_long(capsys, tmp_path, moves):
    """--moves N: a position N + 1 moves from the start is never taken, one N moves
    from it is (each move of QTTT places one mark)."""
    assert find("qttt", "--claim", f"marks_placed={moves + 1}", "--moves", str(moves),
                "--time-limit", "0.5") == 2
    assert "no position found" in capsys.readouterr().err
    out = tmp_path / f"qttt-{moves}.toml"
    assert find("qttt", "--claim", f"marks_placed={moves}", "--moves", str(moves),
                "--out", str(out)) == 0
    assert len(load_record(out).moves) == moves


def test_a_found_record_names_each_claim_by_its_fact(tmp_path):
    """So that a caption can quote it as :claim:`marks_placed`; the same fact asked
    again gets -2."""
    out = tmp_path / "qttt" / "two.toml"
    out.parent.mkdir()
    assert find("qttt", "--before", "marks_placed=1", "--claim", "marks_placed=2",
                "--out", str(out)) == 0
    record = load_record(out)
    assert sorted(c.id for c in record.claims) == ["marks_placed", "marks_placed-2"]
    assert main(["check", str(out)]) == 0


def test_a_found_record_s_comment_runs_the_same_search_again(tmp_path):
    """The comment at the top of a found record gives the claims as they were asked,
    each with its own flag (--before or --claim), in order: run as written, it is the
    same search."""
    import shlex

    from rulebook.cli import parser

    out = tmp_path / "qttt" / "again.toml"
    out.parent.mkdir()
    asked = ["--before", "marks_placed=1", "--claim", "marks_placed=2", "--claim", "winner=none"]
    assert find("qttt", *asked, "--out", str(out)) == 0
    comment = [line.removeprefix("#").strip() for line in out.read_text().splitlines()
               if line.startswith("#")]
    flags = next(line for line in comment if line.startswith("--"))
    again, given = parser().parse_args(["find", "qttt", *shlex.split(flags)]), \
        parser().parse_args(["find", "qttt", *asked])
    assert (again.claim, again.before) == (given.claim, given.before) == \
        (["marks_placed=2", "winner=none"], ["marks_placed=1"])


def test_a_find_is_the_same_for_the_same_seed(capsys):
    args = ["inphexion", "--claim", "relocated_count=1", "--seed", "3"]
    assert find(*args) == 0
    first = capsys.readouterr().out
    assert find(*args) == 0
    assert capsys.readouterr().out == first


def test_a_found_record_passes_check_and_shows_what_was_asked(capsys, tmp_path):
    out = tmp_path / "qttt" / "both.toml"
    out.parent.mkdir()
    assert find("qttt", "--claim", "reason=simultaneous lines", "--before", "chooser=X",
                "--seed", "2", "--out", str(out)) == 0
    assert main(["check", str(out)]) == 0
    record = load_record(out)
    before, after = record.replay()[-2:]
    # both players have a line after the move, and neither had one before it
    assert all(after.lines().values()) and not any(before.lines().values())
    assert before.game.player_name(before.turn) == "X"
    assert [p.after for p in record.panels] == [len(record.moves) - 1, len(record.moves)]
    assert_labels_tell_panels_apart_alike(record)


def assert_labels_tell_panels_apart_alike(record):
    """Two panels of a figure share a label in English exactly when they share it in
    Japanese: a translation that gives two different panels one name (着手前 twice)
    leaves the Japanese reader unable to tell them apart."""
    pairs = [(panel.label.get("en"), panel.label.get("ja")) for panel in record.panels]
    for one, other in itertools.combinations(pairs, 2):
        assert (one[0] == other[0]) == (one[1] == other[1]), (record.path, one, other)


def test_every_record_of_the_project_names_its_panels_alike_in_both_languages():
    records = sorted(FIGURES.glob("*/*.toml"))
    assert len(records) > 40
    for path in records:
        assert_labels_tell_panels_apart_alike(load_record(path))


def _games_with_a_last_move_fact():
    from rulebook.games import available_games, make_game
    from rulebook.record_facts import claim_facts

    found = [s for s in available_games() if "last_move" in claim_facts(make_game(s))]
    assert len(found) >= 2
    return found


@pytest.mark.parametrize("slug", _games_with_a_last_move_fact())
def test_a_claim_on_the_move_before_does_not_choose_the_move_found(tmp_path, slug):
    """--before last_move=M names the move that led to the position the search goes
    on from, not the move it tries there: with --claim last_move=N the record ends
    with M, then N; with a claim of another fact, with M, then a move found there."""
    from rulebook.games import make_game

    first = make_game(slug).initial_state()
    played = first.legal_moves()[0]
    second = first.play(played)
    m, n = first.format_move(played), second.format_move(second.legal_moves()[-1])
    assert m != n
    for claim, found in ((f"last_move={quote(n)}", [m, n]), ("over=false", None)):
        out = tmp_path / slug / "two.toml"
        out.parent.mkdir(exist_ok=True)
        assert find(slug, "--before", f"last_move={quote(m)}", "--claim", claim, "--moves", "2",
                    "--time-limit", "20", "--out", str(out), "--force") == 0, claim
        moves = load_record(out).moves
        assert moves[-2] == m and moves[-1] != m and moves[-1] == (found or moves)[-1], claim


SMALL = {"necto": {"size": 4}}  # Necto's replacements begin once its 16 cells are full


def _later_move(slug: str, seed: int = 3):
    """Moves to a position, and a move (as written) that is illegal there but legal
    after some of the moves that may follow: found in seeded random games."""
    import collections
    import random

    from rulebook.games import make_game

    rng = random.Random(seed)
    for _ in range(200):
        state, moves = random_walk(make_game(slug, **SMALL.get(slug, {})), rng,
                                   rng.randrange(1, 40))
        if state.is_over():
            continue
        here = {state.format_move(m) for m in state.legal_moves()}
        later = collections.Counter()
        for reply in rng.sample(state.legal_moves(), min(40, state.count_legal_moves())):
            after = state.play(reply)
            if not after.is_over():
                later.update({after.format_move(m) for m in after.legal_moves()} - here)
        if later:
            return moves, later.most_common(1)[0][0]
    raise AssertionError(f"{slug}: no move illegal now and legal a move later")


@pytest.mark.parametrize("slug", _games_with_a_last_move_fact())
def test_a_last_move_illegal_where_the_search_starts_is_searched_for_further_on(
        tmp_path, slug):
    """``--claim last_move=M``: where M is illegal the search plays on (the move is
    never played there), and the record found ends with M, played where it is legal."""
    moves, later = _later_move(slug)
    source = tmp_path / slug / "start.toml"
    source.parent.mkdir()
    options = "".join(f"options = {{ {k} = {v} }}\n" for k, v in SMALL.get(slug, {}).items())
    source.write_text(f'game = "{slug}"\n{options}moves = [{", ".join(map(quote, moves))}]\n')
    out = tmp_path / slug / "found.toml"
    assert find("--from", str(source), "--claim", f"last_move={quote(later)}", "--moves", "2",
                "--time-limit", "30", "--out", str(out)) == 0
    record = load_record(out)  # every move of it legal, or it would not load
    assert record.moves[:len(moves)] == moves and record.moves[-1] == later
    assert len(record.moves) == len(moves) + 2


def quote(move: str) -> str:
    """A move as a claim's TOML value, whatever it holds ("," or "=")."""
    return '"' + move.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_find_continues_from_a_record(capsys, tmp_path):
    source = FIGURES / "necto" / "replacing.toml"
    out = tmp_path / "necto" / "next.toml"
    out.parent.mkdir()
    assert find("--from", str(source), "--claim", "mover=Second", "--claim", "kind:cell=C3=curve",
                "--moves", "1", "--out", str(out)) == 0
    record = load_record(out)
    original = load_record(source)
    assert record.start == original.start and record.moves[:-1] == original.moves
    assert len(record.moves) == len(original.moves) + 1
    assert main(["check", str(out)]) == 0
    # the panels show the position before the found move and after it, counted from the
    # start of the whole record (the source's moves included)
    assert [p.after for p in record.panels] == [len(record.moves) - 1, len(record.moves)]
    assert_labels_tell_panels_apart_alike(record)


def test_any_value_a_record_is_written_with_reads_back_as_itself():
    """``toml_value`` writes what ``find`` and the play page's download put in a record:
    any text (quotes, backslashes, new lines, control characters), numbers, booleans,
    dates, times of day, dates with times, lists, an engine's tuples and tables read back
    with tomllib as the same value (a tuple as the list a claim compares it as)."""
    import tomllib

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from rulebook.record_format import toml_value
    from rulebook.records import normalise

    scalars = (st.text() | st.booleans() | st.integers(-2 ** 63, 2 ** 63 - 1)
               | st.floats(allow_nan=False) | st.dates() | st.times() | st.datetimes())
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                          | st.lists(inner, max_size=4).map(tuple)
                          | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                          max_leaves=12)

    @settings(max_examples=400, deadline=None)
    @given(values)
    def reads_back(value):
        assert tomllib.loads(f"v = {toml_value(value)}")["v"] == normalise(value)

    reads_back()


def test_every_character_a_record_s_text_may_hold_is_written_so_that_it_reads_back():
    """Every ASCII character (the control characters and DEL, which TOML allows in a
    string only escaped) and characters beyond it (a C1 control, a line separator, a
    surrogate pair's character, a byte-order mark), alone and between letters, written
    by ``toml_value`` read back with tomllib as the same text."""
    import tomllib

    from rulebook.record_format import toml_value

    characters = [chr(code) for code in range(128)] + ["\x85", "\u2028", "\U0001F600", "\ufeff"]
    for char in characters:
        for text in (char, f"a{char}b"):
            assert tomllib.loads(f"v = {toml_value(text)}")["v"] == text, hex(ord(char))


def test_a_claim_s_arguments_and_value_written_as_toml_read_back_whatever_they_hold():
    """``--claim FACT:ARG=VALUE,ARG=VALUE=EXPECT`` with each value written as TOML
    (``toml_value``, or a string in TOML's other quotes, '...'): strings holding the
    claim's own separators (= and ,), quotes of either kind, backslashes and brackets,
    lists, tables and numbers: split back into the same arguments and expected value."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from rulebook.record_format import toml_value

    tricky = st.text(alphabet='ab=,"\\\'[]{} :x', max_size=10)
    plain = tricky | st.integers(-9, 99) | st.lists(tricky | st.integers(0, 9), max_size=3)
    values = plain | st.dictionaries(st.sampled_from(["X", "O", "b-2"]), plain, max_size=2)

    def written(value, literal: bool) -> str:
        """As TOML writes it: a string in either of TOML's quotes ('...' holds no ')."""
        if literal and isinstance(value, str) and "'" not in value:
            return f"'{value}'"
        return toml_value(value)

    @settings(max_examples=300, deadline=None)
    @given(values, values, values, st.lists(st.booleans(), min_size=3, max_size=3))
    def reads_back(first, second, expect, literal):
        text = (f"fact:one={written(first, literal[0])},two={written(second, literal[1])}"
                f"={written(expect, literal[2])}")
        assert split_claim(text) == {"fact": "fact", "one": first, "two": second,
                                     "expect": expect}, text

    reads_back()


def test_a_claim_of_another_kind_than_its_fact_s_answer_is_refused_at_the_first_position(
        capsys, monkeypatch):
    """A fact whose answer has no declared type (a new game's, written without its
    annotation) is compared as it comes: an answer of another kind than the claim's
    (an integer for a string) says so at the first position tested, in one line,
    instead of searching to the end of the time limit."""
    import dataclasses
    import time

    from rulebook.games import make_game
    from rulebook.record_facts import claim_facts

    facts = claim_facts(make_game("qttt"))
    declared = facts["marks_placed"]
    monkeypatch.setitem(facts._facts, "marks_placed", dataclasses.replace(
        declared, compute=lambda state: declared.compute(state)))  # no annotation
    started = time.monotonic()
    assert find("qttt", "--claim", "marks_placed=three", "--time-limit", "6") == 2
    err = capsys.readouterr().err
    assert time.monotonic() - started < 3
    assert err == ("rulebook: --claim 'marks_placed=three': expects a string, but "
                   "marks_placed is an integer, e.g. 1\n"), err


@pytest.mark.parametrize("asked", [["--claim", "marks_placed=3"], ["--before", "marks_placed=2"],
                                   ["--before", "marks_placed=2", "--claim", "marks_placed=3"]])
def test_claims_after_or_before_the_move_each_make_a_search_alone(tmp_path, asked):
    """--claim alone, --before alone and both: each is a search, and the record found
    holds what was asked where it was asked (the claims after the last move, or
    before it); nothing asked at all is refused (the refusals: above)."""
    out = tmp_path / "qttt" / "found.toml"
    out.parent.mkdir()
    assert find("qttt", *asked, "--out", str(out)) == 0
    record = load_record(out)
    states = record.replay()
    for flag, claim in zip(asked[::2], asked[1::2]):
        fact, value = claim.split("=")
        state = states[-2] if flag == "--before" else states[-1]
        assert str(record.game.facts[fact].compute(state)) == value, (flag, claim)
    assert {c.fact for c in record.claims} == {c.split("=")[0] for c in asked[1::2]}


@pytest.mark.parametrize("option", ["=3", " =3", "size", "", "=", " = 3"])
def test_an_option_without_its_name_or_its_equals_sign_is_refused_naming_the_form(capsys, option):
    """--option NAME=VALUE with its name missing or blank, or no '=': one line that
    quotes it and gives the form, before anything is searched."""
    assert find("necto", "--claim", "winner=First", "--option", option) == 2
    assert capsys.readouterr().err == f"rulebook: --option {option!r}: write NAME=VALUE\n"


def test_giving_up_counts_the_times_the_claim_was_false_of_the_times_it_was_tested(capsys):
    """Two claims that each hold sometimes but never together: the give-up line's
    counts for the claim it blames are its false tests, then all its tests (fewer
    false than tested: it held at least once), and no more tests than positions."""
    assert find("qttt", "--claim", "marks_placed=1", "--claim", "marks_placed=2",
                "--time-limit", "0.5") == 2
    err = capsys.readouterr().err
    found = re.search(r"([\d,]+) positions? tested; most often false: --claim "
                      r"'marks_placed=[12]' \(false in (\d+) of (\d+) tests\)", err)
    assert found, err
    positions, false, tested = (int(n.replace(",", "")) for n in found.groups())
    assert 0 < false < tested <= positions, err


def test_a_fact_that_fails_only_now_and_then_is_not_given_as_the_reason(capsys):
    """The fact of both claims fails where its line is not closed (or the cell is
    empty), holds at other positions: the blamed claim held at least once, so its
    error is not why nothing was found, and the line ends with the advice to search
    otherwise instead of the fact's error."""
    claims = ["--claim", "knot_value:cell=A1,side=N=0", "--claim", "knot_value:cell=A1,side=N=3"]
    assert find("necto", "--option", "size=4", *claims, "--time-limit", "0.5") == 2
    err = capsys.readouterr().err
    found = re.search(r"false in (\d+) of (\d+) tests\)(.*)$", err.strip())
    assert found and 0 < int(found.group(1)) < int(found.group(2)), err
    assert found.group(3).startswith("; try another --seed, a longer --time-limit"), err
    assert "the fact said" not in err and "empty" not in err and "not closed" not in err, err


def test_a_claim_whose_fact_fails_at_every_position_is_blamed_with_what_the_fact_said(capsys):
    """After one move of Necto no line through A1 is closed (or A1 is empty), so its
    knot's value fails at every position tested, while the other claim always holds: the
    give-up line blames the failing claim, false at every one of its tests (as many as
    the positions), and ends with what the fact said."""
    claims = ["--claim", "knot_value:cell=A1,side=N=3", "--claim", "move_count=1"]
    assert find("necto", "--option", "size=4", *claims, "--moves", "1", "--time-limit",
                "0.5") == 2
    err = capsys.readouterr().err
    found = re.search(r"([\d,]+) positions? tested; most often false: --claim "
                      r"'knot_value:cell=A1,side=N=3' \(false in (\d+) of (\d+) tests\); "
                      r"the fact said: A1 (.*)$", err.strip())
    assert found, err
    positions, false, tested = (int(n.replace(",", "")) for n in found.groups()[:3])
    assert positions == false == tested > 0, err


@pytest.mark.parametrize("args, blamed", [
    (["--claim", "marks_placed=30"], "--claim 'marks_placed=30'"),  # never true: blamed
    (["--before", "marks_placed=30", "--claim", "marks_placed=1"],  # the claim never tested
     "--before 'marks_placed=30'"),
    (["--before", "marks_placed=2", "--claim", "marks_placed=30"],  # tested, never true
     "--claim 'marks_placed=30'"),
    (["--claim", "marks_placed=30", "--claim", "winner=X"], "--claim 'marks_placed=30'"),
])
def test_giving_up_blames_the_claim_that_was_false_whenever_it_was_tested(capsys, args, blamed):
    """The give-up line blames the claim false in the largest share of the times it
    was tested, and only a claim that was tested: a claim after the move is never
    tested while a --before claim never holds, so then the --before claim is blamed;
    its counts are its own (false every time it was tested, at least once)."""
    assert find("qttt", *args, "--time-limit", "0.5") == 2
    err = capsys.readouterr().err
    found = re.search(r"most often false: (--\w+ '[^']*') \(false in (\d+) of (\d+) tests\)", err)
    assert found, err
    assert found.group(1) == blamed, err
    assert int(found.group(2)) == int(found.group(3)) > 0, err


def test_from_a_finished_record_or_with_other_options_is_refused_in_one_line(capsys, tmp_path):
    """--from a record whose game is over, or --from with --option, is refused at once
    in one line saying why, and nothing is written."""
    import random

    from rulebook.games import make_game

    rng, state, moves = random.Random(3), make_game("qttt").initial_state(), []
    while not state.is_over():
        move = state.random_move(rng)
        moves.append(state.format_move(move))
        state = state.play(move)
    over = tmp_path / "over.toml"
    over.write_text('game = "qttt"\nmoves = [' + ", ".join(f'"{m}"' for m in moves) + "]\n",
                    encoding="utf-8")
    out = tmp_path / "out.toml"
    assert find("--from", str(over), "--claim", "over=true", "--out", str(out)) == 2
    err = capsys.readouterr().err
    assert err == "rulebook: --from: the record's game is over, so no move can follow it\n", err
    source = FIGURES / "necto" / "replacing.toml"
    assert find("--from", str(source), "--option", "size=4", "--claim", "mover=Second",
                "--out", str(out)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--option cannot change the options of --from's record" in err, err
    assert not out.exists()


def _as_floats(value):
    """``value`` with every integer inside a list or table written as a float (2 -> 2.0)."""
    if isinstance(value, list):
        return [_as_floats(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_floats(v) for k, v in value.items()}
    return float(value) if type(value) is int else value


def _integers_inside(value) -> bool:
    return isinstance(value, (list, dict)) and repr(_as_floats(value)) != repr(value)


def test_a_claim_holds_for_find_exactly_when_it_holds_for_the_loader(capsys, tmp_path):
    """Every fact of every game taking no argument whose answer after a first move holds
    integers inside a list or a table (Necto's scores, inpHeXion's discs per player):
    asked with that answer, ``find`` writes a record of one move, and the record checks;
    asked with the same numbers written as floats (which the loader finds false: 0.0 is
    not 0), ``find`` refuses the claim or finds no position, says so in one line and
    writes nothing."""
    import random

    from rulebook.games import available_games, make_game
    from rulebook.record_facts import claim_facts
    from rulebook.record_format import toml_value
    from rulebook.records import normalise

    asked = set()
    for slug in sorted(available_games()):
        game = make_game(slug)
        start = game.initial_state()
        first = start.play(start.random_move(random.Random(0)))
        for fact in claim_facts(game):
            if fact.args:
                continue
            try:
                value = normalise(fact.compute(first))
            except Exception:  # noqa: BLE001 (a fact with no answer here)
                continue
            if not _integers_inside(value):
                continue
            asked.add(slug)
            for claimed, holds in ((value, True), (_as_floats(value), False)):
                out = tmp_path / slug / f"{fact.name}-{holds}.toml"
                out.parent.mkdir(exist_ok=True)
                status = find(slug, "--claim", f"{fact.name}={toml_value(claimed)}",
                              "--moves", "1", "--time-limit", "1", "--out", str(out))
                err = capsys.readouterr().err
                assert (status == 0) == holds and out.exists() == holds, (slug, fact.name, claimed)
                if not holds:  # refused as read, or searched to the end: never a record
                    # found that the loader then refuses
                    assert err.startswith(("rulebook: no position found in ",
                                           f"rulebook: --claim '{fact.name}=")), err
                    assert "found record" not in err and "\n" not in err.strip(), err
                if holds:
                    assert main(["check", str(out)]) == 0, (fact.name, capsys.readouterr().err)
    assert {"necto", "inphexion"} <= asked, asked


@pytest.mark.parametrize("claims", [["marks_placed=6"], ["winner=O"]])
def test_a_found_record_s_comment_gives_the_games_played_and_the_positions_tested(claims):
    """The comment a found record opens with counts what the search did, as its report
    has it: the games it played and the positions it tested, each by its own count
    (a search that tests several positions a game gives two different numbers)."""
    from rulebook.finder import find as find_record, read_base, read_wanted

    base = read_base("qttt", {}, None)
    text, report = find_record(base, read_wanted(base, claims, []), seed=3)
    said = re.search(r"\(seed 3; (\d+) games?, (\d+) positions? tested\)", text)
    assert said, text.splitlines()[:3]
    assert (int(said[1]), int(said[2])) == (report.games, report.positions)
    assert report.positions > report.games >= 1, (report.games, report.positions)


def test_a_position_is_counted_tested_only_when_a_move_the_rules_allow_reached_it(monkeypatch):
    """A ``last_move`` claim makes its move the only one tried; where the rules refuse it
    (B2 already holds a tile) no position is reached, so none is tested or counted: the
    report's positions are exactly the positions the claims were tested on."""
    from rulebook.finder import Search, read_base, read_wanted

    base = read_base("necto", {"size": 4}, None)
    wanted = read_wanted(base, ["last_move=B2=x1", "move_count=99"], [])  # never found
    search = Search(base, wanted, seed=2, time_limit=0.3)
    tested, refused = [], []
    holds, candidates = Search.holds, Search.candidates

    def counted_holds(self, state, wants):
        if wants is self.after:
            tested.append(state)
        return holds(self, state, wants)

    def noted_candidates(self, state):
        moves = candidates(self, state)
        refused.extend(m for m in moves if state._illegal_reason(m) is not None)
        return moves

    monkeypatch.setattr(Search, "holds", counted_holds)
    monkeypatch.setattr(Search, "candidates", noted_candidates)
    assert search.run() is None
    assert refused, "the claim's move was never refused: the test shows nothing"
    assert search.report.positions == len(tested) > 0, (search.report.positions, len(tested))
