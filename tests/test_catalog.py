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


def test_no_next_or_previous_link_crosses_between_readers_and_authors_pages():
    """keep_sections_apart, at the border of the two toctrees: a reader's page keeps its
    link to a reader's page and loses the one to an author's, and an author's page
    likewise; the home page, which belongs to both, keeps both links."""
    from types import SimpleNamespace

    from rulebook.sphinxext.catalog import keep_sections_apart

    found = {"index", "qttt", "play/qttt", "authoring", "adding-a-game"}
    order = {  # page: (parent, previous, next), as Sphinx's relations give them
        "qttt": ("index", "index", "play/qttt"),  # the first reader's page, after home
        "play/qttt": ("index", "qttt", "authoring"),
        "adding-a-game": ("index", "authoring", "index"),  # the last author's, before home
        "authoring": ("index", "play/qttt", "adding-a-game"),
        "index": (None, None, "qttt"),
    }
    env = SimpleNamespace(found_docs=found, collect_relations=lambda: order)
    app = SimpleNamespace(env=env, config=SimpleNamespace(root_doc="index"))

    def links(page):
        context = {"prev": order[page][1], "next": order[page][2]}
        keep_sections_apart(app, page, "page.html", context, None)
        return context["prev"], context["next"]

    assert links("play/qttt") == ("qttt", None)  # a reader's page: back to the rules only
    assert links("authoring") == (None, "adding-a-game")  # an author's: on to the authors'
    assert links("index") == (None, "qttt")
    assert links("qttt") == ("index", "play/qttt")  # home belongs to both: kept
    assert links("adding-a-game") == ("authoring", "index")
