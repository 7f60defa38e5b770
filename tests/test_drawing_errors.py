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
