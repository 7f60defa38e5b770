"""The rules index's bookkeeping on Sphinx's environment (rulebook.sphinxext.rules_index):
what each page noted is dropped when the page is read again (purge) and carried over
from a parallel reader's environment, for the pages that reader read (merge)."""

from __future__ import annotations

from types import SimpleNamespace

from rulebook.sphinxext.rules_index import ATTRIBUTES, merge, purge


def environment(**noted):
    return SimpleNamespace(**{attribute: dict(noted) for attribute in ATTRIBUTES})


def test_a_parallel_reader_s_pages_are_merged_and_only_those():
    env = environment(rules="mine")
    other = environment(qttt="theirs", necto="not read by it")
    merge(None, env, ["qttt", "index"], other)
    for attribute in ATTRIBUTES:
        assert getattr(env, attribute) == {"rules": "mine", "qttt": "theirs"}
    fresh = SimpleNamespace()  # nothing noted yet on this side
    merge(None, fresh, ["qttt"], other)
    assert all(getattr(fresh, attribute) == {"qttt": "theirs"} for attribute in ATTRIBUTES)


def test_a_page_read_again_forgets_what_it_noted():
    env = environment(qttt="old", necto="kept")
    purge(None, env, "qttt")
    assert all(getattr(env, attribute) == {"necto": "kept"} for attribute in ATTRIBUTES)
    purge(None, SimpleNamespace(), "qttt")  # nothing noted: nothing to forget
