"""Where a drawing's error is told to be (rulebook.drawing_errors.where_in_games): the
innermost line inside a game's folder, the line a SyntaxError names, else the drawing
module's file."""

from __future__ import annotations

from types import SimpleNamespace

from rulebook.drawing_errors import shown, where_in_games
from rulebook.games.qttt import drawing


def raised(function):
    try:
        function()
    except Exception as error:  # noqa: BLE001 (any error a drawing raises)
        return error
    raise AssertionError("nothing raised")


def test_an_error_inside_a_game_s_code_is_placed_at_its_innermost_line_there():
    error = raised(lambda: drawing.centre(None))  # raised in drawing.py itself
    where = where_in_games(error, drawing)
    assert where.startswith("src/rulebook/games/qttt/drawing.py:"), where
    assert int(where.rsplit(":", 1)[1]) > 0


def test_an_error_outside_the_games_is_placed_at_the_drawing_module_s_file():
    error = raised(lambda: int("not a number"))
    assert where_in_games(error, drawing) == shown(drawing.__file__) == \
        "src/rulebook/games/qttt/drawing.py"
    assert where_in_games(error, SimpleNamespace()) is None  # a module with no file: nowhere
    assert where_in_games(error) is None


def test_a_syntax_error_is_placed_at_its_line():
    error = SyntaxError("invalid syntax", ("/somewhere/games/x/drawing.py", 7, 1, "x ="))
    assert where_in_games(error, drawing) == f"{shown('/somewhere/games/x/drawing.py')}:7"


def test_a_drawing_s_error_names_the_record_s_line_the_panel_and_the_drawing(monkeypatch):
    """drawing_reported: an error in panel 2's drawing is one record error at the panel's
    line, naming the panel by its number and the drawing module when no frame of the
    traceback is in a game's folder; with RULEBOOK_DEBUG the error goes on as it was."""
    from rulebook.drawing_errors import DEBUG, drawing_reported
    from rulebook.errors import RecordError

    monkeypatch.delenv(DEBUG, raising=False)
    panels = [SimpleNamespace(line=7), SimpleNamespace(line=12)]
    record = SimpleNamespace(path="figures/qttt/cycle.toml", panels=panels)
    try:
        with drawing_reported(record, panels[1], drawing):
            int("x")
    except RecordError as error:
        assert str(error) == ("figures/qttt/cycle.toml:12: panel 2: "
                              "src/rulebook/games/qttt/drawing.py: ValueError: invalid literal "
                              "for int() with base 10: 'x'")
    else:
        raise AssertionError("nothing raised")
    monkeypatch.setenv(DEBUG, "1")
    try:
        with drawing_reported(record, panels[0], drawing):
            int("x")
    except ValueError:
        pass
    else:
        raise AssertionError("the error did not go on as it was")


def test_an_error_in_engine_code_a_drawing_called_is_placed_there_not_at_the_call():
    """A drawing (games/g/drawing.py) calls the game's engine (games/g/rules.py), which
    fails: the innermost frame inside ``games/`` is the engine's line that raised, not
    the drawing's line that called it; nor a frame outside the games, such as a kit
    the engine called in turn."""
    from rulebook.drawing_errors import GAMES, PACKAGE

    namespace = {}
    kit = "\n" * 2 + "def helper(f):\n    return f()\n"  # a kit's frame, last of all
    engine = "\n" * 8 + "def rule():\n    raise ValueError('engine')\n"  # raise at line 10
    drawn = "\n" * 4 + "def draw(rule, helper):\n    return helper(rule)\n"  # calls at line 6
    exec(compile(kit, str(PACKAGE / "kits" / "somekit.py"), "exec"), namespace)
    helper = namespace["helper"]
    exec(compile(engine, str(GAMES / "qttt" / "rules.py"), "exec"), namespace)
    rule = namespace["rule"]
    exec(compile(drawn, str(GAMES / "qttt" / "drawing.py"), "exec"), namespace)
    error = raised(lambda: namespace["draw"](rule, helper))
    assert where_in_games(error, drawing) == f"{shown(GAMES / 'qttt' / 'rules.py')}:10"


def test_a_package_file_is_shown_from_the_checkout_or_from_where_it_is_installed(
        tmp_path, monkeypatch):
    from rulebook import drawing_errors

    for package, seen in ((tmp_path / "book" / "src" / "rulebook", "src/rulebook/games/x.py"),
                          (tmp_path / "site-packages" / "rulebook", "rulebook/games/x.py")):
        monkeypatch.setattr(drawing_errors, "PACKAGE", package)
        assert drawing_errors.shown(package / "games" / "x.py") == seen
    assert drawing_errors.shown(tmp_path / "elsewhere.py") == str(tmp_path / "elsewhere.py")
