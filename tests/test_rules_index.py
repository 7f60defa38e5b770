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


def test_the_index_lists_each_rule_in_the_page_s_language_with_the_figures_showing_it():
    """fill_index on a Japanese page: every rule of the game, its sentence in Japanese,
    then the figures that show it, joined in Japanese ("図：", "、"), or the Japanese
    for none; no English word of the index's own.  The English page, in English."""
    import re

    from docutils import nodes
    from docutils.utils import new_document
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser

    from rulebook.rule_coverage import rules_of
    from rulebook.sphinxext.rules_index import fill_index, rules_index

    rules = rules_of("qttt")
    first = rules[0].id
    for lang, section in (("ja", "収縮"), ("en", "Collapse")):
        figures = [{"game": "qttt", "rules": [first], "section": section, "ordinal": k, "of": 2,
                    "id": f"figure-{k}"} for k in (1, 2)]
        env = SimpleNamespace(rulebook_rule_figures={"qttt": figures})
        app = SimpleNamespace(env=env, config=SimpleNamespace(language=lang))
        document = new_document("qttt", get_default_settings(Parser))
        node = rules_index(game="qttt")
        document += node
        fill_index(app, document, "qttt")
        items = list(document.findall(nodes.list_item))
        assert len(items) == len(rules)
        texts = [item.astext() for item in items]
        for rule, text in zip(rules, texts):
            assert text.startswith(rule.text.get(lang, rule.text["en"]))
        shown = texts[0].split("\n", 1)[1].strip()
        if lang == "ja":
            assert shown == "図：収縮の図1、収縮の図2", shown
            assert all("まだ図がありません" in text for text in texts[1:])
            assert not re.search(r"[A-Za-z]{3,}", "".join(t.split("\n", 1)[1] for t in texts))
        else:
            assert shown == "Shown in: Collapse, figure 1; Collapse, figure 2", shown
            assert all("no figure shows it yet" in text for text in texts[1:])


def test_the_pdf_index_gives_a_figure_s_page_in_the_book_s_language():
    """The PDF's rules index: after a figure's name, its page the way the book's
    language writes a page (", p. 5"; "（5ページ）"), and "?" until the page is known
    (the first pass)."""
    from rulebook.pdf.rules_index import EVENT, RulesIndex

    for lang, known, unknown in (("en", ", p.\u00a05", ", p.\u00a0?"), ("ja", "（5ページ）", "（?ページ）")):
        index = RulesIndex([], lambda markup: markup, lang, {})
        index.notify(EVENT, ("necto/frame", 5))
        assert index.page_text("necto/frame") == unknown  # not printed yet: this pass's
        index.beforeBuild()  # the next pass prints the pages the last one found
        assert index.page_text("necto/frame") == known
        assert index.page_text("necto/other") == unknown
