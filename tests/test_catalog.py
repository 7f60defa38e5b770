"""The catalog's bookkeeping on Sphinx's environment (rulebook.sphinxext.catalog): each
game page's entry carried over from a parallel reader and dropped when its page is
read again."""

from __future__ import annotations

from types import SimpleNamespace

from rulebook.sphinxext.catalog import merge_game_info, purge_game_info


def test_a_parallel_reader_s_game_entries_join_this_side_s():
    env = SimpleNamespace(rulebook_games={"qttt": "mine"})
    merge_game_info(None, env, ["necto"], SimpleNamespace(rulebook_games={"necto": "theirs"}))
    assert env.rulebook_games == {"qttt": "mine", "necto": "theirs"}
    fresh = SimpleNamespace()
    merge_game_info(None, fresh, ["necto"], SimpleNamespace(rulebook_games={"necto": "theirs"}))
    assert fresh.rulebook_games == {"necto": "theirs"}


def test_a_game_page_read_again_drops_its_entry():
    qttt, necto = {"docname": "qttt"}, {"docname": "necto"}
    env = SimpleNamespace(rulebook_games={"qttt": qttt, "necto": necto})
    purge_game_info(None, env, "qttt")
    assert env.rulebook_games == {"necto": necto}
    purge_game_info(None, SimpleNamespace(), "qttt")  # nothing noted: nothing to drop
