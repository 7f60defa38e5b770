"""Studies: reproducible results whatever runs them, stale results refused, claims.

A tiny QTTT balance study (a few dozen random games and a few Monte Carlo
ones) stands in for the real ones, in a small project made in a temporary
folder, so each test takes about a second (the Dask one a few).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from docutils import nodes
from hypothesis import given, strategies as st

from rulebook import studies
from rulebook.build import BuildError, Project, _sphinx, build, check_studies
from rulebook.cli import main
from rulebook.errors import RulebookError
from rulebook.studies import (StudyError, compare_with_stored, fresh_result, load_study,
                              run_study)
from rulebook.studies.base import wilson_interval
from rulebook.sphinxext.directives import CHROME
from small_project import build_page, make_project

ROOT_FIGURES = Path(__file__).resolve().parent.parent / "figures"
# every stored study of the project, with its result
STORED = [pytest.param(path, json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))[
    "result"], id=f"{path.parent.parent.name}/{path.stem}") for path in studies.find_studies(ROOT_FIGURES)]

STUDY = """\
kind = "balance"
label = { en = "Random play", ja = "ランダムな着手" }
games = 40
seed = 7
players = { type = "random" }
"""

MCTS_STUDY = """\
kind = "balance"
label = { en = "Monte Carlo", ja = "モンテカルロ" }
games = 6
seed = 3
players = { type = "mcts", playouts = 3 }
"""


def add_study(project: Project, name: str = "tiny", text: str = STUDY):
    folder = project.figures / "qttt" / "studies"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return load_study(folder / f"{name}.toml")


@pytest.fixture
def project(tmp_path) -> Project:
    # translated, so that ``rulebook check`` (which checks the catalogs too) holds
    return make_project(tmp_path / "project", "The chooser is :claim:`chooser`.", translations={
        "Cycles": "輪", "Pairs of marks form a cycle.": "マークの組が輪になる。",
        "The chooser is :claim:`chooser`.": "選ぶのは\\ :claim:`chooser`\\ です。"})


def test_wilson_interval_matches_published_values():
    # 8 of 10 at 95 %: (0.4902, 0.9433); 0 of 10: (0, 0.2775) (Wilson 1927; Newcombe 1998)
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert [round(x, 4) for x in wilson_interval(0, 10)] == [0.0, 0.2775]
    low, high = wilson_interval(500, 1000)
    assert round(high - 0.5, 4) == round(0.5 - low, 4) == 0.0309


@given(count=st.integers(0, 2000), workers=st.integers(1, 64))
def test_the_tasks_cover_every_item_once_in_order(count, workers):
    """A study's items split into tasks: each item in exactly one, none beyond the
    count, none empty (for any count, not only multiples of the task size)."""
    tasks = studies.chunks(count, workers)
    assert [item for task in tasks for item in task] == list(range(count))
    assert all(len(task) for task in tasks)


def test_a_count_that_does_not_split_evenly_plays_exactly_its_games(project):
    """43 games (a prime: no task size divides it) on one or two workers: the same
    result, of exactly 43 games."""
    study = add_study(project, "odd", STUDY.replace("games = 40", "games = 43"))
    one, two = (run_study(study, workers=n, progress=False, write=False)[0] for n in (1, 2))
    assert one == two
    stored = json.loads(one)["result"]
    assert stored["games"] == 43
    assert stored["first_wins"] + stored["second_wins"] + stored["draws"] == 43
    assert sum(count for _, count in stored["lengths"]) == 43


def test_result_is_byte_identical_with_one_two_workers_and_a_dask_cluster(project):
    distributed = pytest.importorskip("distributed")
    results = []
    for text, name in ((STUDY, "tiny"), (MCTS_STUDY, "mcts")):
        study = add_study(project, name, text)
        one, _ = run_study(study, workers=1, progress=False, write=False)
        two, _ = run_study(study, workers=2, progress=False, write=False)
        results.append((study, one, two))
    environment = dict(os.environ)
    try:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0",
                                      processes=True) as cluster, \
                distributed.Client(cluster) as client:
            for study, one, two in results:
                dask, report = run_study(study, scheduler=client, progress=False, write=False)
                assert one == two == dask
                assert report.workers == 2
    finally:  # dask's nanny leaves its workers' variables (PYTHONHASHSEED, ...) set here
        os.environ.clear()
        os.environ.update(environment)
    stored = json.loads(results[0][1])["result"]
    assert stored["games"] == 40
    assert stored["first_wins"] + stored["second_wins"] + stored["draws"] == 40
    assert sum(count for _, count in stored["lengths"]) == 40
    # another seed plays other games: the result is not a constant
    other = add_study(project, "other", STUDY.replace("seed = 7", "seed = 8"))
    assert run_study(other, workers=1, progress=False, write=False)[0] != results[0][1]


def test_editing_the_study_makes_the_build_fail_as_stale(project, capsys):
    study = add_study(project)
    with pytest.raises(StudyError, match="no stored result"):
        fresh_result(study)
    run_study(study, workers=1, progress=False)
    check_studies(project)  # up to date: no error
    study.path.write_text(STUDY.replace("games = 40", "games = 41"), encoding="utf-8")
    with pytest.raises(BuildError) as error:
        build(project)
    message = str(error.value)
    assert message.count("\n") == 0
    assert "figures/qttt/studies/tiny.toml" in message and "tiny.toml" in message.split("(")[1]
    named = message.split(":")[0]  # the study, as a path from the project's folder
    assert named == "figures/qttt/studies/tiny.toml" and (project.root / named).is_file(), named
    assert "run rulebook study qttt tiny" in message
    assert not (project.build / "site").exists()
    assert main(["check", "--project", str(project.root)]) == 2
    assert "stale" in capsys.readouterr().err


def test_editing_an_engine_module_makes_the_result_stale(project, tmp_path, monkeypatch):
    study = add_study(project)
    run_study(study, workers=1, progress=False)
    package = tmp_path / "package" / "rulebook"
    shutil.copytree(studies.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(studies, "PACKAGE", package)
    fresh_result(study)  # the same code in another folder: still fresh
    drawing = package / "games" / "qttt" / "drawing.py"
    drawing.write_text(drawing.read_text() + "\n# drawing plays no part in a game\n")
    fresh_result(study)
    rules = package / "games" / "qttt" / "rules.py"
    original = rules.read_text()
    rules.write_text(original + "\n# a changed engine\n")
    with pytest.raises(StudyError, match=r"changed since it was computed: "
                                         r"src/rulebook/games/qttt/rules\.py\)"):
        fresh_result(study)
    with pytest.raises(BuildError, match="rules.py"):
        check_studies(project)
    rules.write_text(original)
    fresh_result(study)
    # a module the engine gained since (a helper split out of rules.py)
    (package / "games" / "qttt" / "helpers.py").write_text("# new engine code\n")
    with pytest.raises(StudyError, match=r"changed since it was computed: "
                                         r"src/rulebook/games/qttt/helpers\.py\)"):
        fresh_result(study)


# the play page's computer, level 1, in a few games
COMPUTER_STUDY = MCTS_STUDY.replace("games = 6", "games = 4").replace(
    'type = "mcts", playouts = 3', 'type = "computer", level = 1')


def test_a_study_of_the_computer_goes_stale_with_its_levels_and_a_solve_study_does_not(
        project, tmp_path, monkeypatch):
    balance = add_study(project, "computer", COMPUTER_STUDY)
    solve = add_study(project, "solved", 'kind = "solve"\nlabel = { en = "S", ja = "S" }\n')
    package = tmp_path / "package" / "rulebook"
    shutil.copytree(studies.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(studies, "PACKAGE", package)
    for study in (balance, solve):
        study.result_path.write_text(studies.result_text(study, {"a": 1}), encoding="utf-8")
        fresh_result(study)
    for edited in ("games/qttt/strategy.py", "computer.py"):
        path = package / edited
        original = path.read_text()
        path.write_text(original + "\n# other levels\n")
        with pytest.raises(StudyError, match=re.escape(f"src/rulebook/{edited})")):
            fresh_result(balance)
        fresh_result(solve)  # a solve study plays no computer
        path.write_text(original)
        fresh_result(balance)


def test_a_balance_study_of_the_computer_plays_its_level(project):
    study = add_study(project, "computer", COMPUTER_STUDY)
    result = json.loads(run_study(study, workers=1, progress=False)[0])["result"]
    assert result["players"] == {"type": "computer", "level": 1} and result["games"] == 4
    stronger = add_study(project, "stronger", COMPUTER_STUDY.replace("level = 1", "level = 2"))
    other = json.loads(run_study(stronger, workers=1, progress=False)[0])["result"]
    assert other["lengths"] != result["lengths"]
    # no level named: the play page's default, level 2, played and stored as such
    default = add_study(project, "default", COMPUTER_STUDY.replace(", level = 1", ""))
    assert json.loads(run_study(default, workers=1, progress=False)[0])["result"] == other


def _at(value, path: str):
    """The part of ``value`` that ``path`` (as first_difference writes it) names."""
    for key, index in re.findall(r"\.?([^.\[\]]+)|\[(\d+)\]", path):
        value = value[int(index)] if index else (value.get(key, "(absent)")
                                                 if isinstance(value, dict) else "(absent)")
    return value


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text("ab", max_size=2),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from("xyz"), inner, max_size=3), max_leaves=8)


@given(JSON, JSON, st.sampled_from("xyz"))
def test_the_first_difference_named_is_where_the_two_results_differ(stored, computed, key):
    """What ``check --studies`` names: nothing for equal results; else a path at which
    the two differ, a key that only one of them has included."""
    from rulebook.studies import first_difference

    for old, new in ((stored, computed), ({"r": stored}, {"r": stored, key: computed}),
                     ({"r": stored, key: computed}, {"r": stored})):
        found = first_difference(old, new)
        if old == new:
            assert found is None
            continue
        assert found is not None, (old, new)
        path = found.split(": stored ")[0]
        assert _at(old, path) != _at(new, path) or (path == "" and old != new), (found, old, new)


def test_check_studies_recomputes_and_finds_a_tampered_value(project, capsys):
    study = add_study(project)
    run_study(study, workers=1, progress=False)
    assert compare_with_stored(study, workers=1) is None
    assert main(["check", "--studies", "--workers", "1", "--project", str(project.root)]) == 0
    stored = json.loads(study.result_path.read_text())
    stored["result"]["first_wins"] += 1
    study.result_path.write_text(json.dumps(stored, indent=1, sort_keys=True))
    fresh_result(study)  # the fingerprint still matches: only a fresh run tells
    capsys.readouterr()
    assert main(["check", "--studies", "--workers", "1", "--project", str(project.root)]) == 2
    err = capsys.readouterr().err
    assert "tiny.json: the stored result differs from a fresh run (result.first_wins: " \
           f"stored {stored['result']['first_wins']}, computed " \
           f"{stored['result']['first_wins'] - 1})" in err


def test_check_studies_of_a_stale_result_says_stale_once_and_recomputes_nothing(
        project, monkeypatch):
    """``rulebook check --studies`` first asks whether the stored results are up to date:
    a stale one is reported once, as stale, and nothing is run again (a fresh run of a
    changed study says nothing about the stored result); the summary counts it, and
    does not say the others were recomputed."""
    from rulebook import studies as studies_module
    from rulebook.verify import check_studies as check_part

    study = add_study(project)
    run_study(study, workers=1, progress=False)
    add_study(project, "other", STUDY.replace("seed = 7", "seed = 8"))
    run_study(load_study(project.figures / "qttt" / "studies" / "other.toml"), workers=1,
              progress=False)
    study.path.write_text(STUDY.replace("games = 40", "games = 41"), encoding="utf-8")
    stale = studies_module.stale_studies(project.figures)
    assert len(stale) == 1 and "tiny.toml" in stale[0], stale

    def recomputed(*args, **kwargs):
        raise AssertionError("a study was run again")

    monkeypatch.setattr(studies_module, "compare_with_stored", recomputed)
    for recompute in (False, True):  # (and not "recomputed", when nothing was)
        part = check_part(project, recompute=recompute, workers=1)
        assert part.problems == stale, (recompute, part.problems)
        assert part.summary == "1 of 2 studies are up to date.", part.summary


def test_claims_quote_a_study_and_a_wrong_key_fails(project, tmp_path):
    study = add_study(project)
    run_study(study, workers=1, progress=False)
    result = fresh_result(study)
    page = project.docs / "index.rst"
    text = page.read_text()
    page.write_text(text + "\nX won :claim:`qttt/tiny#first_win_rate` of "
                           ":claim:`qttt/tiny#games` games of :claim:`qttt/tiny#player`.\n")
    out = tmp_path / "out"
    _sphinx(project, "html", "en", out, out / "doctrees", out / "figures", fresh=True)
    assert (f"X won {100 * result['first_win_rate']:.1f}% of 40 games of uniformly random "
            "moves." in (out / "index.html").read_text())
    sample = ":claim:`qttt/tiny#games` games of :claim:`qttt/tiny#player`"
    page.write_text(text + f"\nX won :claim:`qttt/tiny#first_win_share` of {sample}.\n")
    error = build_page(project, "en", tmp_path / "out2")
    # one line: the page and line of the claim, why, and the kind of error
    assert re.fullmatch(r"docs/index\.rst:\d+: ERROR: .*no value 'first_win_share' in a "
                        r"balance study.* \[rulebook\.claim\]", error), error
    page.write_text(text + "\nX won :claim:`qttt/missing#games` games.\n")
    error = build_page(project, "en", tmp_path / "out3")
    assert re.fullmatch(r"docs/index\.rst:\d+: ERROR: .*no such study.* \[rulebook\.claim\]",
                        error), error


def test_a_study_chart_caption_is_gated_and_drawn_per_language(project, tmp_path):
    study = add_study(project)
    run_study(study, workers=1, progress=False)
    page = project.docs / "index.rst"
    text = page.read_text()
    chart = ("\n.. study-chart:: qttt/tiny\n   :alt: Results.\n\n"
             "   {}\n")
    page.write_text(text + chart.format(":claim:`qttt/tiny#first_player` won "
                                        ":claim:`qttt/tiny#first_win_rate` of "
                                        ":claim:`qttt/tiny#games` games of "
                                        ":claim:`qttt/tiny#player`."))
    assert build_page(project, "en", tmp_path / "out") == ""
    svgs = sorted((tmp_path / "out" / "figures").glob("study-qttt-tiny-*-en-*.svg"))
    assert len(svgs) == 2 and all(p.read_bytes().startswith(b"<?xml") for p in svgs)
    page.write_text(text + chart.format("X won 55% of :claim:`qttt/tiny#games` games of "
                                        ":claim:`qttt/tiny#player`."))
    error = build_page(project, "en", tmp_path / "out2")
    assert "'X' in" in error and "'55%' in" in error


def test_a_study_chart_s_panels_are_read_aloud_as_its_alt_text_or_else_its_studies(project,
                                                                                 tmp_path):
    """Each panel of a chart gets the chart's ``:alt:`` text, or without one the
    names of the studies it charts, followed by which panel it is."""
    import pickle

    add_study(project)
    add_study(project, "other")
    for study in ("tiny", "other"):
        run_study(load_study(project.figures / "qttt" / "studies" / f"{study}.toml"),
                  workers=1, progress=False)
    page = project.docs / "index.rst"
    text = page.read_text()
    caption = "".join(f" :claim:`qttt/{s}#games` games of :claim:`qttt/{s}#player`."
                      for s in ("tiny", "other"))
    for k, (alt, expected) in enumerate([("", "qttt/tiny qttt/other"),
                                         ("   :alt: Who won.\n", "Who won.")]):
        page.write_text(text + f"\n.. study-chart:: qttt/tiny qttt/other\n{alt}\n  {caption}\n")
        assert build_page(project, "en", tmp_path / f"out{k}") == ""
        doctree = pickle.loads((tmp_path / f"out{k}" / "doctrees-en" / "index.doctree").read_bytes())
        (chart,) = [figure for figure in doctree.findall(nodes.figure)
                    if "study-chart" in figure["classes"]]
        words = CHROME["en"]
        assert [image["alt"] for image in chart.findall(nodes.image)] == [
            words["panel_alt"].format(alt=expected, panel=words["panel"].format(k=n, n=2))
            for n in (1, 2)]


def test_bad_study_files_are_one_line_errors(project, capsys):
    for text, expected in [
        (STUDY.replace('"balance"', '"balanse"'), "'kind' must be one of balance"),
        (STUDY.replace("games = 40", "games = 0"), "'games' = 0: must be from 1"),
        (STUDY.replace("games = 40", "games = true"), "'games' must be an integer, not true"),
        (STUDY.replace("games = 40", "games = 4.0"), "'games' must be an integer, not 4.0"),
        (STUDY + "rounds = 3\n", "unknown key 'rounds'"),
        (STUDY.replace('"random"', '"mcts", playout = 3'), "players: unknown key 'playout'"),
        (STUDY.replace('"random"', '"computer", level = 4'), "players.level = 4: must be 1, 2"),
        (STUDY.replace('"random"', '"computer", level = true'), "players.level = true: must"),
        (STUDY.replace('"random"', '"computer", playouts = 3'), "players: unknown key 'playouts'"),
        (STUDY + 'options = { size = 3 }\n', "unknown option 'size'"),
        ("kind = \n", "tiny.toml:1: not valid TOML"),
    ]:
        add_study(project, "ok")  # a good one beside it
        path = project.figures / "qttt" / "studies" / "tiny.toml"
        path.write_text(text, encoding="utf-8")
        assert main(["study", "qttt", "tiny", "--project", str(project.root), "-q"]) == 2
        err = capsys.readouterr().err
        assert expected in err and err.count("\n") == 1, err
    assert main(["study", "qttt", "ok", "--workers", "0", "--project", str(project.root)]) == 2
    assert "--workers 0: must be from 1 to" in capsys.readouterr().err


@pytest.mark.parametrize("players, refused", [
    ({"type": "mcts", "playouts": 0}, "players.playouts must be a whole number of at least 1"),
    ({"type": "mcts", "playouts": -3}, "players.playouts must be a whole number of at least 1"),
    ({"type": "mcts", "playouts": True}, "players.playouts must be a whole number of at least 1"),
    ({"type": "mcts", "playouts": 2.0}, "players.playouts must be a whole number of at least 1"),
    ({"type": "mcts", "exploration": "high"}, "players.exploration must be a number"),
    ({"type": "mcts", "exploration": True}, "players.exploration must be a number"),
    ({"type": "computer", "level": 0}, "players.level = 0: must be 1, 2 or 3"),
    ({"type": "computer", "level": 4}, "players.level = 4: must be 1, 2 or 3"),
    ({"type": "computer", "level": 2.0}, "players.level = 2.0: must be 1, 2 or 3"),
    ({"type": "mcts", "playouts": 1}, None), ({"type": "mcts", "exploration": 0}, None),
    ({"type": "computer", "level": 1}, None), ({"type": "computer", "level": 3}, None),
])
def test_a_balance_study_s_players_are_checked_at_each_bound(players, refused):
    """The balance kind's check of its players, alone: each setting just outside its
    range (0 playouts, level 0 or 4), of another type (true, 2.0, a word) is refused
    naming the setting; each at its bound is accepted, with the defaults filled in."""
    from rulebook.studies.balance import Balance

    spec = {"games": 4, "seed": 1, "players": players}
    if refused:
        with pytest.raises(RulebookError) as error:
            Balance().check("qttt", spec)
        assert str(error.value) == refused
    else:
        checked = Balance().check("qttt", spec)["players"]
        assert checked == {**{"mcts": {"playouts": 100, "exploration": 0.7},
                              "computer": {"level": 2}}[players["type"]], **players}


def test_a_worker_with_other_engine_code_is_refused(project, monkeypatch):
    study = add_study(project)
    monkeypatch.setattr(studies, "_worker_code", lambda kind, game: "another version")
    with pytest.raises(StudyError, match="a worker ran different engine code"):
        run_study(study, workers=1, progress=False)
    assert not study.result_path.exists()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_length_chart_names_its_marks_in_the_page_s_language(lang):
    """The box, the median, the mean and the whiskers each have a legend entry."""
    from rulebook.games import make_game
    from rulebook.studies.chart import WORDS, balance_panels

    result = json.loads((Path(__file__).resolve().parents[1] / "figures" / "qttt" / "studies"
                         / "random.json").read_text())["result"]
    lengths = balance_panels(make_game("qttt"), [({"en": "R", "ja": "R"}, result)], lang)[1]
    for key in ("box", "median", "mean", "whiskers"):
        assert f"<!-- {WORDS[lang][key]} -->".encode() in lengths, key  # its text, drawn


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("slug, study", [("necto", "balance-4"), ("qttt", "random"),
                                         ("craquelure", "sectors"), ("inphexion", "pie-5")])
def test_the_results_chart_names_each_seat_and_its_player_in_the_page_s_language(
        slug, study, lang):
    """"first player (Blue) wins" / "先手（青）の勝ち"; a game whose players are called
    First and Second (Necto) says it once: "first player wins" / "先手の勝ち"."""
    from rulebook.games import make_game
    from rulebook.studies.chart import balance_panels

    result = json.loads((Path(__file__).resolve().parents[1] / "figures" / slug / "studies"
                         / f"{study}.json").read_text())["result"]
    game = make_game(slug)
    results = balance_panels(game, [({"en": "R", "ja": "R"}, result)], lang)[0].decode()
    names = [game.player_name(seat, lang) for seat in (0, 1)]
    if slug == "necto":
        expected = {"en": ["first player wins", "second player wins"],
                    "ja": ["先手の勝ち", "後手の勝ち"]}[lang]
    else:
        expected = {"en": [f"first player ({names[0]}) wins", f"second player ({names[1]}) wins"],
                    "ja": [f"先手（{names[0]}）の勝ち", f"後手（{names[1]}）の勝ち"]}[lang]
    for label in expected:
        assert f"<!-- {label} -->" in results, (label, re.findall(r"<!-- ([^>]*) -->", results))


def test_the_results_chart_s_bars_split_each_row_into_wins_draws_and_wins(monkeypatch):
    """Each row of the results chart is one bar of all the games: the first player's
    wins from 0, the draws after them, the second player's wins after the draws, up to
    the whole (for a game with draws: QTTT); and the interval's bar over it."""
    from matplotlib.axes import Axes

    from rulebook.games import make_game
    from rulebook.studies.chart import balance_panels

    drawn = []
    barh = Axes.barh

    def recording(self, y, width, *args, left=None, **kwargs):
        drawn.append((kwargs.get("label"), list(width), list(left) if left is not None
                      else [0.0] * len(width)))
        return barh(self, y, width, *args, left=left, **kwargs)

    monkeypatch.setattr(Axes, "barh", recording)
    bars = []
    errorbar = Axes.errorbar

    def recording_bars(self, x, y, *args, xerr=None, **kwargs):
        bars.append((list(x), list(y), [list(arm) for arm in xerr]))
        return errorbar(self, x, y, *args, xerr=xerr, **kwargs)

    monkeypatch.setattr(Axes, "errorbar", recording_bars)
    root = Path(__file__).resolve().parents[1] / "figures" / "qttt" / "studies"
    results = [json.loads((root / f"{name}.json").read_text())["result"]
               for name in ("random", "computer")]
    assert any(r["draw_rate"] for r in results)
    balance_panels(make_game("qttt"), [({"en": n, "ja": n}, r) for n, r in
                                       zip(("random", "computer"), results)], "en")
    (_, first, at), (_, draws, after_first), (_, second, after_draws) = drawn
    for row, r in enumerate(results):
        assert first[row] == r["first_win_rate"] and at[row] == 0
        assert draws[row] == r["draw_rate"] and after_first[row] == first[row]
        assert second[row] == r["second_win_rate"]
        assert after_draws[row] == pytest.approx(first[row] + draws[row])
        assert after_draws[row] + second[row] == pytest.approx(1)
    # each row's 95 % interval, drawn about the first player's share, spans the
    # interval the study's counts give: from its lower end to its upper end
    from rulebook.studies.chart import interval_of_all_games

    [(at_share, rows, (left, right))] = bars
    for row, r in enumerate(results):
        low, high, _ = interval_of_all_games(r)
        assert rows[row] == row and at_share[row] == r["first_win_rate"]
        assert at_share[row] - left[row] == pytest.approx(low)
        assert at_share[row] + right[row] == pytest.approx(high)
        assert left[row] != pytest.approx(right[row])  # lopsided: the arms can be told apart


# --- what a page may conclude --------------------------------------------------


def counts(first: int, second: int, draws: int = 0) -> dict:
    return {"first_wins": first, "second_wins": second, "draws": draws,
            "games": first + second + draws}


def test_the_verdict_at_the_interval_s_edges():
    from rulebook.studies.present import advantage, verdict

    # an interval that reaches one half cannot tell the players apart
    assert verdict(0.5, 0.7) == verdict(0.3, 0.5) == verdict(0.2, 0.9) == "unclear"
    assert verdict(0.5 + 1e-9, 0.7) == "first" and verdict(0.3, 0.5 - 1e-9) == "second"
    # Wilson at 95 %: 60 of 100 is (0.5020, 0.6906), 59 of 100 is (0.4920, 0.6809)
    assert advantage(counts(60, 40)) == "first" and advantage(counts(59, 41)) == "unclear"
    assert advantage(counts(40, 60)) == "second" and advantage(counts(41, 59)) == "unclear"
    # a draw favours nobody: 51 wins to 30 with 19 draws is ahead (51 of the 81 games with
    # a winner: 0.521 to 0.727), though 51 of all 100 games is not over half (0.413 to 0.606)
    assert wilson_interval(51, 100)[0] < 0.5 < wilson_interval(51, 81)[0]
    assert advantage(counts(51, 30, 19)) == "first"
    assert advantage(counts(0, 0, 12)) == "unclear"


@pytest.mark.parametrize("seed", range(3))
def test_the_chart_s_interval_clears_its_even_tick_exactly_when_a_player_is_ahead(seed):
    import random

    from rulebook.studies.chart import interval_of_all_games
    from rulebook.studies.present import advantage

    rng = random.Random(seed)
    seen = set()
    for _ in range(300):
        result = counts(rng.randrange(0, 80), rng.randrange(0, 80), rng.randrange(0, 30))
        if not result["games"]:
            continue
        low, high, even = interval_of_all_games(result)
        found = advantage(result)
        seen.add(found)
        assert (low > even, high < even) == (found == "first", found == "second"), result
    assert seen == {"first", "second", "unclear"}


def verdict_page(project, conclusion: str, sample: str = "") -> None:
    page = project.docs / "index.rst"
    page.write_text(page.read_text().split("\nBalance\n")[0] + "\nBalance\n-------\n\n"
                    f"Moving first: :claim:`qttt/tiny#{conclusion}`.{sample}\n")


def test_a_page_stating_a_conclusion_its_interval_does_not_support_fails_the_build(
        project, tmp_path):
    from rulebook.studies.present import VERDICTS, advantage

    study = add_study(project, text=STUDY.replace("games = 40", "games = 200"))
    run_study(study, workers=1, progress=False)
    found = advantage(fresh_result(study))
    sample = " Games: :claim:`qttt/tiny#games`, :claim:`qttt/tiny#player`."
    verdict_page(project, f"advantage={found}", sample)
    out = tmp_path / "out"
    _sphinx(project, "html", "en", out, out / "doctrees", out / "figures", fresh=True)
    assert f"Moving first: {VERDICTS[found]}." in (out / "index.html").read_text()
    for other in sorted(set(VERDICTS) - {found}):
        verdict_page(project, f"advantage={other}", sample)
        error = build_page(project, "en", tmp_path / f"out-{other}")
        assert re.fullmatch(rf"docs/index\.rst:\d+: ERROR: study claim "
                            rf"'qttt/tiny#advantage={other}': the page states "
                            rf"'{VERDICTS[other]}', but the data supports "
                            rf"'{VERDICTS[found]}' \(the first player won .* 95 % interval "
                            rf".*\): rewrite what the page concludes \[rulebook\.claim\]",
                            error), error
    verdict_page(project, "advantage", sample)  # a verdict the page does not pin down
    assert "write the verdict the sentence states" in build_page(project, "en", tmp_path / "o")


def test_sample_size_and_players_are_quoted_for_every_study_a_section_uses(project, tmp_path):
    add_study(project)
    add_study(project, "same", STUDY.replace("seed = 7", "seed = 8"))
    add_study(project, "mc", MCTS_STUDY)
    add_study(project, "mc-more", MCTS_STUDY.replace("playouts = 3", "playouts = 4"))
    for name in ("tiny", "same", "mc", "mc-more"):
        run_study(load_study(project.figures / "qttt" / "studies" / f"{name}.toml"),
                  workers=1, progress=False)
    page = project.docs / "index.rst"
    text = page.read_text()

    def errors(body: str) -> list[str]:
        page.write_text(text + "\nBalance\n-------\n\n" + body + "\n")
        found = build_page(project, "en", tmp_path / f"out{len(list(tmp_path.iterdir()))}")
        return found.splitlines()

    rate = "X won :claim:`qttt/tiny#first_win_rate`."
    [error] = errors(rate)
    assert re.fullmatch(r"docs/index\.rst:\d+: ERROR: study qttt/tiny is used in section "
                        r"'Balance' without :claim:`qttt/tiny#games` and "
                        r":claim:`qttt/tiny#player`: say how many games its numbers rest on "
                        r"and who played them \[rulebook\.study\]", error), error
    [error] = errors(rate + " Of :claim:`qttt/tiny#games` games.")
    assert "without :claim:`qttt/tiny#player`:" in error
    assert errors(rate + " Of :claim:`qttt/tiny#games` games of :claim:`qttt/tiny#player`.") == []
    # one study's players stand for another's when they are the same players ...
    both = (rate + " :claim:`qttt/same#first_win_rate`. Games: :claim:`qttt/tiny#games`, "
            ":claim:`qttt/same#games`; both sides: :claim:`qttt/tiny#player`.")
    assert errors(both) == []
    # ... not when they are not; and a chart uses its studies as a claim does
    [error] = errors(both.replace("qttt/same", "qttt/mc"))
    assert "study qttt/mc is used in section 'Balance' without :claim:`qttt/mc#player`" in error
    # (players of the same kind with another setting are other players: more playouts)
    mc = ("The searcher won :claim:`qttt/mc#first_win_rate` and :claim:`qttt/mc-more#first_win_rate`"
          ". Games: :claim:`qttt/mc#games`, :claim:`qttt/mc-more#games`; both sides: "
          ":claim:`qttt/mc#player`.")
    [error] = errors(mc)
    assert ("study qttt/mc-more is used in section 'Balance' without "
            ":claim:`qttt/mc-more#player`") in error, error
    assert errors(mc.replace("both sides: :claim:`qttt/mc#player`.",
                             ":claim:`qttt/mc#player`, :claim:`qttt/mc-more#player`.")) == []
    [error] = errors(".. study-chart:: qttt/mc\n   :alt: Results.\n\n   Results.")
    assert "study qttt/mc is used in section 'Balance' without :claim:`qttt/mc#games` and" in error
    # and in another section, the numbers need their sample again
    [error] = errors(rate + " Of :claim:`qttt/tiny#games` games of :claim:`qttt/tiny#player`."
                     "\n\nMore\n----\n\nAgain :claim:`qttt/tiny#first_win_rate`.")
    assert "study qttt/tiny is used in section 'More' without :claim:`qttt/tiny#games`" in error


def test_verdicts_and_players_are_quoted_in_japanese_from_the_values_catalog():
    from rulebook.games import make_game
    from rulebook.i18n import ENGLISH_WORD, claim_words
    from rulebook.studies.present import PLAYER_WORDS, VERDICTS, quote_balance

    words = claim_words(Path(__file__).resolve().parents[1] / "docs" / "locale", "ja")
    game = make_game("qttt")
    for kind in PLAYER_WORDS:
        players = {"type": kind} | {"mcts": {"playouts": 7, "exploration": 0.7},
                                    "computer": {"level": 2}}.get(kind, {})
        for name, (first, second) in {"first": (60, 40), "second": (40, 60),
                                      "unclear": (50, 50)}.items():
            result = {**counts(first, second), "players": players}
            english = quote_balance(game, result, f"advantage={name}", "en", "x", {})
            assert english == VERDICTS[name]
            japanese = quote_balance(game, result, f"advantage={name}", "ja", "x", words)
            assert japanese != english and not ENGLISH_WORD.search(japanese), japanese
        player = quote_balance(game, result, "player", "ja", "x", words)
        assert not ENGLISH_WORD.search(player) and "{" not in player, player
        assert ("7" in player) == (kind == "mcts") and ("2" in player) == (kind == "computer")


def test_a_balance_claim_quotes_the_playouts_and_options_stored_and_refuses_others():
    """``#playouts`` and ``#options.<name>`` quote the study's players and the game's
    options as stored; a study of players without playouts, or an option the game does
    not have, is an error naming the claim."""
    from rulebook.games import make_game
    from rulebook.studies.present import quote_balance

    game = make_game("craquelure", start="sectors")
    result = {**counts(30, 20), "players": {"type": "mcts", "playouts": 37, "exploration": 0.7}}
    assert quote_balance(game, result, "playouts", "en", "x", {}) == "37"
    assert quote_balance(game, result, "options.start", "ja", "x", {}) == "sectors"
    computer = {**result, "players": {"type": "computer", "level": 2}}
    with pytest.raises(RulebookError, match="x"):
        quote_balance(game, computer, "playouts", "en", "x", {})
    with pytest.raises(RulebookError, match="x"):
        quote_balance(game, result, "options.size", "en", "x", {})


@pytest.mark.parametrize("path, result", [p for p in STORED if "first_wins" in p.values[1]])
def test_a_page_quotes_the_options_its_study_was_run_with(path, result):
    """``:claim:`game/study#options.NAME``` through the pages' entry point
    (studies.quote) gives, in each language, the option as the study's file sets it,
    and the game's default for an option the file leaves out; the players' names are
    those of the game."""
    import tomllib

    from rulebook.games import game_class

    spec = tomllib.loads(path.read_text(encoding="utf-8"))
    defaults = {p.name: p.default for p in game_class(path.parent.parent.name).parameters}
    reference = f"{path.parent.parent.name}/{path.stem}"
    for name, default in defaults.items():
        expected = str(spec.get("options", {}).get(name, default))
        for lang in ("en", "ja"):
            assert studies.quote(ROOT_FIGURES, f"{reference}#options.{name}", lang) == expected, (
                reference, name, lang)


def test_some_study_quoted_sets_an_option_other_than_its_default():
    """(So that the test above compares a study's option with something it could miss.)"""
    import tomllib

    from rulebook.games import game_class

    differ = [(path, name) for path, _ in (p.values for p in STORED)
              for name, value in tomllib.loads(path.read_text(encoding="utf-8")).get("options", {}).items()
              if value != next(p.default for p in game_class(path.parent.parent.name).parameters
                               if p.name == name)]
    assert len(differ) >= 5, differ


def test_a_chart_s_legend_sits_under_its_axes_not_over_the_bars():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rulebook.studies.chart import _legend_below

    figure, ax = plt.subplots(figsize=(4, 2))
    try:
        ax.barh([0, 1], [0.4, 0.6], label="first")
        ax.plot([0.5, 0.5], [-0.5, 1.5], label="even")
        _legend_below(ax)
        figure.canvas.draw()
        legend, axes = ax.get_legend().get_window_extent(), ax.get_window_extent()
        assert legend.y1 < axes.y0, (legend, axes)  # wholly below the plot
        assert sorted(t.get_text() for t in ax.get_legend().get_texts()) == ["even", "first"]
    finally:
        plt.close(figure)


def test_a_study_outside_a_game_s_folder_is_refused_naming_the_games(tmp_path):
    path = tmp_path / "figures" / "chess" / "studies" / "tiny.toml"
    path.parent.mkdir(parents=True)
    path.write_text(STUDY, encoding="utf-8")
    with pytest.raises(StudyError) as error:
        load_study(path)
    from rulebook.games import available_games

    games = sorted(available_games())
    assert {"craquelure", "inphexion", "necto", "qttt"} <= set(games)
    assert str(error.value) == f"{path}: the folder 'chess' is not a game ({', '.join(games)})"


def test_a_chart_of_a_study_that_is_not_there_is_one_line_naming_it(project, tmp_path):
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\n.. study-chart:: qttt/missing\n   :alt: Results.\n\n"
                                       "   Results.\n")
    error = build_page(project, "en", tmp_path / "out")
    assert re.fullmatch(r"docs/index\.rst:\d+: ERROR: .*qttt/studies/missing\.toml: no such "
                        r"study \[rulebook\.study\]", error), error


@pytest.mark.parametrize("lang, between", [("en", ", "), ("ja", "、")])
def test_a_solve_study_s_lists_of_moves_are_quoted_in_each_language_s_list_form(lang, between):
    """The stored solve study's lists of first moves: each move as stored, in order,
    between commas in English and ideographic commas (、) in Japanese."""
    import json

    from rulebook.games import make_game
    from rulebook.studies.present import quote_solve

    stored = json.loads((Path(__file__).resolve().parents[1] / "figures" / "qttt" / "studies" /
                         "solve-complete-win.json").read_text())["result"]
    quoted = 0
    for key in ("best_first_moves", "drawing_first_moves", "winning_first_moves"):
        text = quote_solve(make_game("qttt"), stored, key, lang, "x", {})
        assert text == between.join(stored[key]), (key, text)
        quoted += len(stored[key]) > 1
    assert quoted


@pytest.mark.parametrize("slug, study", [("necto", "balance-4"), ("qttt", "random"),
                                         ("craquelure", "sectors"), ("inphexion", "pie-5")])
def test_every_balance_quote_is_in_the_page_s_language(slug, study):
    """Every key a page may quote of a stored balance study (names, numbers, shares,
    verdicts, players), quoted on a Japanese page has no English word, and on an
    English page no Japanese; the players are named as the game names them in each."""
    from rulebook.games import make_game
    from rulebook.i18n import ENGLISH_WORD, claim_words
    from rulebook.studies.present import BALANCE_KEYS, advantage, quote_balance

    root = Path(__file__).resolve().parents[1]
    words = {"en": {}, "ja": claim_words(root / "docs" / "locale", "ja")}
    result = json.loads((root / "figures" / slug / "studies" / f"{study}.json").read_text())["result"]
    game = make_game(slug)
    keys = [key for key in BALANCE_KEYS if "=" not in key and "." not in key]
    keys.append(f"advantage={advantage(result)}")
    japanese = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
    quoted = 0
    for key in keys:
        for lang in ("en", "ja"):
            try:
                text = quote_balance(game, result, key, lang, "x", words[lang])
            except RulebookError:  # a key this study has no value for (playouts of a level)
                continue
            quoted += 1
            foreign = ENGLISH_WORD.search(text) if lang == "ja" else japanese.search(text)
            assert not foreign, (slug, key, lang, text)
    assert quoted >= 2 * 20
    for seat, key in enumerate(("first_player", "second_player")):
        for lang in ("en", "ja"):
            assert quote_balance(game, result, key, lang, "x", {}) == game.player_name(seat, lang)


def test_study_says_what_it_wrote_and_how_fast_in_items_a_second(project, capsys, monkeypatch):
    """The line ``rulebook study`` ends with: the result file, the items, the time, where
    they ran, and the rate (items a second, from those figures)."""
    from types import SimpleNamespace

    study = add_study(project)
    real = studies.run_study

    def timed(*args, **kwargs):
        result, report = real(*args, **kwargs)
        return result, SimpleNamespace(items=report.items, seconds=2.5, where=report.where)

    monkeypatch.setattr(studies, "run_study", timed)
    rate = 40 / 2.5  # the study's 40 games in 2.5 s
    assert main(["study", "qttt", "tiny", "--project", str(project.root), "-q",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out == (f"wrote {study.result_path.relative_to(project.root)}: 40 items in 2.5 s on "
                   f"1 local process ({rate:.2f} items/s)\n"), out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_legend_entry_of_the_length_chart_is_the_mark_it_names(lang, monkeypatch):
    """The length chart's legend pairs each name with its own mark, as drawn: the box
    a filled patch, the median a plain line, the mean a round dot, the whiskers a line
    ended by caps."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, PathPatch

    from rulebook.games import make_game
    from rulebook.studies import chart

    legends = []
    real = chart._legend_below

    def kept(ax, handles, labels, **options):
        legends.append(dict(zip(labels, handles)))
        return real(ax, handles, labels, **options)

    monkeypatch.setattr(chart, "_legend_below", kept)
    result = json.loads((Path(__file__).resolve().parents[1] / "figures" / "qttt" / "studies"
                         / "random.json").read_text())["result"]
    chart.balance_panels(make_game("qttt"), [({"en": "R", "ja": "R"}, result)], lang)
    words = chart.WORDS[lang]
    entries = next(legend for legend in legends if words["median"] in legend)
    assert isinstance(entries[words["box"]], (Patch, PathPatch))
    median, mean, whiskers = (entries[words[k]] for k in ("median", "mean", "whiskers"))
    assert all(isinstance(h, Line2D) for h in (median, mean, whiskers))
    assert median.get_marker() in ("None", "", None) and median.get_linestyle() == "-"
    assert mean.get_marker() == "o" and mean.get_linestyle() in ("None", "")
    assert whiskers.get_marker() == "|"


def test_a_solve_study_of_another_game_than_qttt_is_refused_naming_the_solver(tmp_path):
    path = tmp_path / "figures" / "necto" / "studies" / "solved.toml"
    path.parent.mkdir(parents=True)
    path.write_text('kind = "solve"\nlabel = { en = "S", ja = "S" }\n', encoding="utf-8")
    with pytest.raises(StudyError) as error:
        load_study(path)
    assert str(error.value) == (f"{path}: a solve study is for qttt only (the solver is "
                                "Quantum Tic-Tac-Toe's)")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_chart_s_legend_is_whole_at_the_foot_of_its_panel(lang, monkeypatch):
    """Both panels of a balance chart, as saved: every word of the legend inside the
    figure, and the legend at its foot (no band of empty paper under it), the axes of
    the two panels at the same height; every other text drawn (the title, the labels,
    the ticks within the axes' range) inside the figure too."""
    from rulebook.figure_style import _save
    from rulebook.games import make_game
    from rulebook.studies import chart

    measured = []

    def save(figure):
        figure.canvas.draw()
        renderer = figure._get_renderer()
        (ax,) = figure.axes
        texts = [t.get_window_extent(renderer) for t in ax.get_legend().get_texts()]
        measured.append((min(b.y0 for b in texts) / figure.dpi, max(b.y1 for b in texts) / figure.dpi,
                         min(b.x0 for b in texts), max(b.x1 for b in texts) / figure.dpi,
                         figure.get_size_inches(), ax.get_position().y0))
        low, high = sorted(ax.get_xlim())
        shown = [ax.title, ax._left_title, ax.xaxis.label, *ax.get_yticklabels(),
                 *(label for tick, label in zip(ax.get_xticks(), ax.get_xticklabels())
                   if low <= tick <= high)]
        for text in shown:
            if text.get_visible() and text.get_text().strip():
                box = text.get_window_extent(renderer)
                assert (box.x0 >= 0 and box.y0 >= 0 and box.x1 <= figure.bbox.width
                        and box.y1 <= figure.bbox.height), (text.get_text(), box)
        return _save(figure)

    monkeypatch.setattr(chart, "_save", save)
    result = json.loads((Path(__file__).resolve().parents[1] / "figures" / "qttt" / "studies"
                         / "random.json").read_text())["result"]
    chart.balance_panels(make_game("qttt"), [({"en": "R", "ja": "R"}, result)], lang)
    assert len(measured) == 2
    for bottom, top, left, right, (width, height), _ in measured:
        assert 0 <= bottom < 0.35 and top < height, (bottom, top, height)
        assert left >= 0 and right <= width
    assert measured[0][5] == measured[1][5] and measured[0][4][1] == measured[1][4][1]


def test_a_stale_result_names_the_first_three_changes_and_counts_the_rest():
    """What changed since a stored result was computed: the study file, the modules
    (by name, in order) and the runner, the first three named and the rest counted."""
    import copy

    from rulebook.studies import read_stored, stale_reason

    study = load_study(Path(__file__).resolve().parents[1] / "figures" / "qttt" / "studies"
                       / "random.toml")
    stored = read_stored(study)
    assert stale_reason(study, stored) is None
    modules = sorted(stored["fingerprint"]["code"])
    assert len(modules) >= 5
    for changed, said in [
        (modules[:1], f"src/{modules[0]}"),
        (modules[:3], ", ".join(f"src/{m}" for m in modules[:3])),
        (modules[:5], ", ".join(f"src/{m}" for m in modules[:3]) + " and 2 more"),
    ]:
        old = copy.deepcopy(stored)
        for name in changed:
            old["fingerprint"]["code"][name] = "another version"
        assert stale_reason(study, old) == f"changed since it was computed: {said}"
    old = copy.deepcopy(stored)
    old["fingerprint"]["study"], old["fingerprint"]["runner"] = "edited", "0"
    assert stale_reason(study, old) == (f"changed since it was computed: {study.path.name}, "
                                        "the study runner")
    assert stale_reason(study, None) == "no stored result"


@pytest.mark.parametrize("lang, draw", [("en", "draw"), ("ja", "引き分け")])
def test_a_solve_study_s_winner_is_quoted_as_the_player_or_the_draw_in_each_language(lang, draw):
    """The solved value of the game, as a page quotes it: the winning player's name
    (the marks' letters in both languages), or the word for a draw in the page's."""
    from rulebook.games import make_game
    from rulebook.studies.present import quote_solve

    game = make_game("qttt")
    quoted = {winner: quote_solve(game, {"winner": winner}, "winner", lang, "x", {})
              for winner in ("X", "O", "draw")}
    assert quoted == {"X": "X", "O": "O", "draw": draw}


@pytest.mark.parametrize("names, words", [
    (["qttt/random", "qttt/solve"], "only balance studies have a chart"),
    (["qttt/solve", "qttt/random"], "only balance studies have a chart"),
    (["qttt/solve"], "only balance studies have a chart"),
    (["qttt/random", "necto/balance-4"], "the studies must be of one game"),
])
def test_a_chart_of_studies_it_cannot_draw_is_refused_naming_them(names, words):
    """A study chart draws balance studies of one game: any solve study among those it
    names (first, last or alone), or studies of two games, is refused with what is
    wrong and the names as written."""
    from rulebook.errors import RulebookError
    from rulebook.sphinxext.studies import chart_studies

    figures = Path(__file__).resolve().parents[1] / "figures"
    with pytest.raises(RulebookError) as error:
        chart_studies(figures, names)
    assert str(error.value) == f"study-chart {' '.join(names)}: {words}"
    assert [study.game for study in chart_studies(figures, ["qttt/random", "qttt/computer"])] == \
        ["qttt", "qttt"]


def test_the_study_kinds_are_found_without_the_drawing_library():
    """Finding the kinds imports every module of rulebook/studies but the chart, which
    draws with matplotlib: a study's worker processes and ``rulebook study`` start
    without it (half a second each), and the engines' modules stay drawing-free."""
    import subprocess
    import sys

    code = ("import sys\nfrom rulebook.studies.kinds import KINDS\n"
            "print(sorted(KINDS), 'matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    kinds, drawing = out.stdout.rsplit(" ", 1)
    assert {"balance", "solve"} <= set(eval(kinds)) and drawing.strip() == "False"


@pytest.mark.parametrize("games, refused", [(0, True), (1, False), (2, False),
                                            (1_000_000, False), (1_000_001, True)])
def test_a_balance_study_s_number_of_games_is_checked_on_its_bounds(games, refused):
    """From 1 (a quick try of a study) to a million, both taken; one past either end
    refused, saying the range."""
    from rulebook.studies.balance import Balance

    spec = {"games": games, "seed": 1, "players": {"type": "random"}}
    if refused:
        with pytest.raises(RulebookError) as error:
            Balance().check("qttt", spec)
        assert str(error.value) == f"'games' = {games}: must be from 1 to 1000000"
    else:
        assert Balance().check("qttt", spec)["games"] == games


@pytest.mark.parametrize("path, result", STORED)
def test_each_stored_result_was_run_with_the_settings_its_study_checks_to(path, result):
    """Every setting a stored result records (a balance study's games, options and
    players, a solve study's rule for a double line) is the one its study file
    checks to today, the defaults of the keys it leaves out included: a default
    that moved would run the study under other settings than the page quotes
    (the stale check names only that the code changed, and is set aside when a
    study is run again)."""
    study = load_study(path)
    shared = sorted(set(result) & set(study.spec))
    assert shared, "the result records none of its settings: the test would prove nothing"
    for key in shared:
        assert result[key] == study.spec[key], (key, result[key], study.spec[key])


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval, from its published formula (a second method)."""
    p, n = successes / trials, trials
    centre, spread = p + z * z / (2 * n), z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)



@pytest.mark.parametrize("path, result", [p for p in STORED if "first_wins" in p.values[1]])
def test_each_balance_number_a_page_quotes_is_worked_out_again_from_the_counts(path, result):
    """Every number a page may quote of a stored balance study, and the numbers the
    build's refusal of a wrong verdict gives, worked out again here from the study's
    counts of wins, draws and swaps (the intervals by Wilson's published formula)."""
    from rulebook.games import make_game
    from rulebook.studies.present import VERDICTS, advantage, quote_balance

    game = make_game(path.parent.parent.name)
    first, second, games = result["first_wins"], result["second_wins"], result["games"]
    decided = first + second
    low, high = wilson(first, decided)
    pct = lambda value: f"{100 * value:.1f}%"  # noqa: E731
    expected = {"games": str(games), "first_wins": str(first), "second_wins": str(second),
                "draws": str(games - decided), "decided": str(decided),
                "first_win_rate": pct(first / games), "second_win_rate": pct(second / games),
                "draw_rate": pct((games - decided) / games),
                "first_decided_rate": pct(first / decided),
                "first_decided_low": pct(low), "first_decided_high": pct(high),
                "swaps": str(result["swaps"]), "swap_rate": pct(result["swaps"] / games)}
    expected["first_win_low"], expected["first_win_high"] = map(pct, wilson(first, games))
    for key, value in expected.items():
        assert quote_balance(game, result, key, "en", "x", {}) == value, key
    for other in sorted(set(VERDICTS) - {advantage(result)}):
        with pytest.raises(RulebookError) as error:
            quote_balance(game, result, f"advantage={other}", "en", "x", {})
        assert (f"(the first player won {pct(first / decided)} of the {decided} games with a "
                f"winner, 95 % interval {pct(low)} to {pct(high)})") in str(error.value)


@pytest.mark.parametrize("path, result", [p for p in STORED if "winning_first_moves" in p.values[1]])
def test_each_solve_key_a_page_may_quote_is_worked_out_again_from_the_lists(path, result):
    """Every key of a solve study (present.SOLVE_KEYS) quotes from a stored result, its
    counts and lengths worked out again here from the stored lists of moves."""
    from rulebook.games import make_game
    from rulebook.studies.present import SOLVE_KEYS, quote_solve

    game = make_game("qttt")
    expected = {"winning_first_move_count": len(result["winning_first_moves"]),
                "drawing_first_move_count": len(result["drawing_first_moves"]),
                "first_move_classes": len(result["first_move_classes"]),
                "principal_variation": " ".join(result["principal_variation"]),
                "principal_variation_length": len(result["principal_variation"])}
    for key in SOLVE_KEYS:
        if key == "ends_with_mark" and result.get(key) is None:
            continue  # a drawn game ends with no winning mark
        quoted = quote_solve(game, result, key, "en", "x", {})
        if key in expected:
            assert quoted == str(expected[key]), key


def _tables(value, path=()):
    """The path of every table in a study's data, itself included."""
    if isinstance(value, dict):
        yield path
        for key, inner in value.items():
            yield from _tables(inner, (*path, key))


def _toml(value) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(map(_toml, value)) + "]"
    return json.dumps(value)  # strings, numbers, booleans: as TOML writes them


def test_a_key_no_study_reads_is_refused_in_every_table_of_every_study(tmp_path):
    """Each stored study, given one key its loader does not know (``extra``, and the
    label a language besides en and ja) in any of its tables, top level, label, options,
    players or deeper, is refused in one line naming the file; as written, it loads.
    (A misspelt key must not be dropped silently: the study would run without it.)"""
    import tomllib

    from rulebook.studies import find_studies

    tried = 0
    for stored in find_studies(ROOT_FIGURES):
        data = tomllib.loads(stored.read_text(encoding="utf-8"))
        game = tmp_path / str(tried) / "figures" / stored.parent.parent.name / "studies"
        game.mkdir(parents=True)
        for where in _tables(data):
            for key in ("extra", "fr") if where == ("label",) else ("extra",):
                changed = json.loads(json.dumps(data))
                table = changed
                for part in where:
                    table = table[part]
                table[key] = "x" if where == ("label",) else 1
                path = game / stored.name
                path.write_text("".join(f"{k} = {_toml(v)}\n" for k, v in changed.items()),
                                encoding="utf-8")
                with pytest.raises(StudyError) as error:
                    load_study(path)
                text = str(error.value)
                assert text.startswith(f"{path}") and "\n" not in text, (stored.name, where, text)
                tried += 1
        path.write_text("".join(f"{k} = {_toml(v)}\n" for k, v in data.items()), encoding="utf-8")
        assert load_study(path).spec  # written back as it was: it loads
    assert tried >= 4 * len(find_studies(ROOT_FIGURES))
