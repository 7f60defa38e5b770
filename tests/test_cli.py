"""``rulebook``'s command line: each option reaches the parameter it names, and the
defaults its help states are the ones it uses.  (What each command does: its own
module's tests; its words: approved_commands.py.)"""

from __future__ import annotations

import argparse
import inspect
import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from rulebook import build, cli, diff, finder, scaffold, serve, studies, verify

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ["--project", str(ROOT)]


def subcommands() -> dict[str, argparse.ArgumentParser]:
    (choices,) = [action.choices for action in cli.parser()._actions
                  if isinstance(action, argparse._SubParsersAction)]
    return choices


def test_each_default_an_option_s_help_states_is_the_one_it_takes():
    """"(default 60)", "(default: 8000)": the number a help text promises is the
    option's value when it is not given."""
    stated = []
    for name, command in subcommands().items():
        for action in command._actions:
            found = re.search(r"\(default:? (-?[\d.]+)[;)]", action.help or "")
            if found:
                stated.append(name)
                assert action.default == pytest.approx(float(found.group(1))), (
                    name, action.option_strings, action.default)
                assert command.parse_args(
                    [a for a in ("qttt",) if name == "find"]).__dict__[action.dest] == \
                    pytest.approx(float(found.group(1)))
    assert sorted(stated) == ["find", "find", "serve"], stated


def calls(monkeypatch, module, name, returns):
    """Replace ``module.name`` by a stand-in that keeps each call's arguments, bound to
    the real function's parameters (defaults filled in)."""
    real, made = getattr(module, name), []

    def stand_in(*args, **kwargs):
        bound = inspect.signature(real).bind(*args, **kwargs)
        bound.apply_defaults()
        made.append(bound.arguments)
        return returns

    monkeypatch.setattr(module, name, stand_in)
    return made


def said(progress, capsys) -> str:
    """What a ``progress`` callback given by the command prints of a line."""
    capsys.readouterr()
    if callable(progress):
        progress("a step")
    return capsys.readouterr().out


# (the command line, what the called function is given; each given option changed)
BUILD = [
    (["build"], dict(force=False, game=None, pdf=True, cache=True, formats=True), "a step\n"),
    (["build", "--force", "--game", "qttt", "--no-pdf", "--no-cache", "--no-formats", "-q"],
     dict(force=True, game="qttt", pdf=False, cache=False, formats=False), ""),
]


@pytest.mark.parametrize("line, given, progress", BUILD)
def test_build_gives_each_option_to_the_build(monkeypatch, capsys, line, given, progress):
    made = calls(monkeypatch, build, "build", SimpleNamespace(line=lambda: "built"))
    assert cli.main([*line, *PROJECT]) == 0
    (arguments,) = made
    assert arguments["project"].root == ROOT
    assert {key: arguments[key] for key in given} == given
    assert said(arguments["progress"], capsys) == progress


@pytest.mark.parametrize("line, given", [
    (["check"], dict(records=[], recompute_studies=False, workers=None, scheduler=None)),
    (["check", "a.toml", "sub/b.toml"],
     dict(records=[Path("a.toml"), Path("sub/b.toml")], recompute_studies=False)),
    (["check", "--studies", "--workers", "3"],
     dict(records=[], recompute_studies=True, workers=3, scheduler=None)),
    (["check", "--studies", "--scheduler", "tcp://127.0.0.1:8786"],
     dict(recompute_studies=True, workers=None, scheduler="tcp://127.0.0.1:8786")),
])
def test_check_gives_each_option_to_the_check(monkeypatch, line, given):
    made = calls(monkeypatch, verify, "check", SimpleNamespace(problems=[], parts=[],
                                                               line=lambda: "checked"))
    assert cli.main([*line, *PROJECT]) == 0
    (arguments,) = made
    assert arguments["project"].root == ROOT
    assert {key: arguments[key] for key in given} == given


@pytest.mark.parametrize("line, given", [
    (["study", "qttt", "balance"], dict(workers=None, scheduler=None, progress=True)),
    (["study", "necto", "gains", "--workers", "2", "--scheduler", "tcp://h:1", "-q"],
     dict(workers=2, scheduler="tcp://h:1", progress=False)),
])
def test_study_runs_the_study_named_with_each_option(monkeypatch, tmp_path, line, given):
    paths = calls(monkeypatch, studies, "study_path", tmp_path / "study.toml")
    monkeypatch.setattr(studies, "load_study", lambda path: SimpleNamespace(
        path=path, result_path=ROOT / "figures" / "result.json"))
    made = calls(monkeypatch, studies, "run_study",
                 ("", SimpleNamespace(items=1, seconds=1.0, where="here")))
    assert cli.main([*line, *PROJECT]) == 0
    assert paths == [dict(figures=ROOT / "figures", game=line[1], name=line[2])]
    (arguments,) = made
    assert arguments["study"].path == tmp_path / "study.toml"
    assert {key: arguments[key] for key in given} == given


@pytest.mark.parametrize("line, given", [
    (["new", "zed"], dict(slug="zed", name=None, name_ja=None, board="square")),
    (["new", "zed", "--name", "Zed", "--name-ja", "ゼッド", "--board", "hex"],
     dict(slug="zed", name="Zed", name_ja="ゼッド", board="hex")),
    (["new", "zed", "--board", "none"], dict(board="none")),
])
def test_new_gives_each_option_to_the_scaffold(monkeypatch, line, given):
    made = calls(monkeypatch, scaffold, "new_game", [])
    assert cli.main([*line, *PROJECT]) == 0
    (arguments,) = made
    assert {key: arguments[key] for key in given} == given


@pytest.mark.parametrize("line, port", [(["serve"], 8000), (["serve", "--port", "0"], 0),
                                        (["serve", "--port", "65535"], 65535)])
def test_serve_serves_on_the_port_given(monkeypatch, line, port):
    made = calls(monkeypatch, serve, "serve", None)
    assert cli.main([*line, *PROJECT]) == 0
    assert [(arguments["project"].root, arguments["port"]) for arguments in made] == [(ROOT, port)]


FIND = [
    (["find", "qttt", "--claim", "winner=X"],
     dict(slug="qttt", options={}, source=None, claims=["winner=X"], before=[], seed=0,
          moves=None, time_limit=60.0)),
    (["find", "necto", "--claim", "a=1", "--claim", "b=2", "--before", "c=3", "--option",
      "size=4", "--seed", "7", "--moves", "9", "--time-limit", "2.5"],
     dict(slug="necto", options={"size": 4}, source=None, claims=["a=1", "b=2"],
          before=["c=3"], seed=7, moves=9, time_limit=2.5)),
    (["find", "--from", "figures/qttt/cycle-two.toml", "--claim", "winner=X"],
     dict(slug=None, options={}, source="figures/qttt/cycle-two.toml", seed=0)),
]


@pytest.mark.parametrize("line, given", FIND)
def test_find_gives_each_option_to_the_finder(monkeypatch, capsys, line, given):
    base, wanted = object(), [object()]
    bases = calls(monkeypatch, finder, "read_base", base)
    wants = calls(monkeypatch, finder, "read_wanted", wanted)
    made = calls(monkeypatch, finder, "find", ("the record\n", None))
    assert cli.main(line) == 0
    assert capsys.readouterr().out == "the record\n"
    (read,), (asked,), (found,) = bases, wants, made
    assert asked["base"] is base and found["base"] is base and found["wanted"] is wanted
    everything = {**read, **asked, **found}
    assert {key: everything[key] for key in given} == given


DIFF = [
    (["diff"], dict(revision=None, later=None, options=[], studies=False, workers=None,
                    scheduler=None, pages=True, bars=True), "a step\n"),
    (["diff", "v1", "v2", "--option", "qttt:x=1", "--option", "necto:size=4", "--studies",
      "--workers", "2", "--scheduler", "tcp://h:1", "--no-pages", "-q"],
     dict(revision="v1", later="v2", options=["qttt:x=1", "necto:size=4"], studies=True,
          workers=2, scheduler="tcp://h:1", pages=False, bars=False), ""),
]


@pytest.mark.parametrize("line, given, progress", DIFF)
def test_diff_gives_each_option_to_the_diff(monkeypatch, capsys, line, given, progress):
    made = calls(monkeypatch, diff, "diff", SimpleNamespace(summary=lambda: "compared"))
    assert cli.main([*line, *PROJECT]) == 0
    (arguments,) = made
    assert arguments["project"].root == ROOT
    assert {key: arguments[key] for key in given} == given
    assert said(arguments["progress"], capsys) == progress


@pytest.mark.parametrize("error, status, line", [
    (diff.DiffError("'v9': no such revision"), 2, "rulebook: 'v9': no such revision"),
    (OSError(28, "No space left on device", "build/site/x.html"), 2,
     "rulebook: build/site/x.html: No space left on device"),
    (PermissionError(13, "Permission denied"), 2, "rulebook: Permission denied"),
    # a file of the project named by its whole path is named from the project's folder,
    # as the build names it (the project here is found from --project, not from where
    # the command runs); a file outside it keeps its whole path
    (studies.StudyError(f"{ROOT / 'figures/qttt/studies/x.toml'}: no such study"), 2,
     "rulebook: figures/qttt/studies/x.toml: no such study"),
    (OSError(28, "No space left on device", str(ROOT / "build/site/x.html")), 2,
     "rulebook: build/site/x.html: No space left on device"),
    (OSError(28, "No space left on device", str(ROOT.parent / "elsewhere.toml")), 2,
     f"rulebook: {ROOT.parent / 'elsewhere.toml'}: No space left on device"),
    (KeyboardInterrupt(), 130, "rulebook: interrupted; no file is left half-written (the "
     "previous build, catalog or result is as it was)"),
])
def test_a_command_that_fails_says_why_in_one_line_and_its_status(monkeypatch, capsys, error,
                                                                   status, line):
    """Whatever command fails, and however (a refusal, the file system, Ctrl-C): one
    line on standard error, naming the file where there is one, and the documented
    status (2; 130 when interrupted); with --debug, the error itself."""
    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr(verify, "check", fail)
    monkeypatch.chdir(ROOT.parent)  # outside the project
    assert cli.main(["check", *PROJECT]) == status
    out, err = capsys.readouterr()
    assert (out, err) == ("", line + "\n")
    if not isinstance(error, KeyboardInterrupt):
        with pytest.raises(type(error)):
            cli.main(["--debug", "check", *PROJECT])


@pytest.mark.parametrize("before", [None, "", "yes"])
def test_debug_holds_for_the_command_and_leaves_the_environment_as_it_was(monkeypatch, before):
    """--debug sets RULEBOOK_DEBUG for the command's own processes; a caller in the
    same process (a script, a test) finds it as it was afterwards, set or not, even
    when the command fails."""
    from rulebook.drawing_errors import DEBUG

    if before is None:
        monkeypatch.delenv(DEBUG, raising=False)
    else:
        monkeypatch.setenv(DEBUG, before)
    seen = []

    def check(*args, **kwargs):
        seen.append(os.environ.get(DEBUG))
        raise RuntimeError("a failure --debug lets through")

    monkeypatch.setattr(verify, "check", check)
    with pytest.raises(RuntimeError):
        cli.main(["--debug", "check", *PROJECT])
    assert seen == ["1"]
    assert os.environ.get(DEBUG) == before
