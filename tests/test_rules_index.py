"""The rules index's bookkeeping on Sphinx's environment (rulebook.sphinxext.rules_index):
what each page noted is dropped when the page is read again (purge) and carried over
from a parallel reader's environment, for the pages that reader read (merge)."""

from __future__ import annotations

import io
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


def test_an_index_before_its_figures_prints_the_pages_they_land_on_after_it_grew():
    """The index may stand before the figures it names (a designer can put it
    anywhere); once their pages are known its entries grow ("?" becomes "10"), which
    can push the figures on to later pages: the book is laid out again until every
    page printed is the page its figure is drawn on, not only until the same figures
    are known.  Found here by laying out such a book in ReportLab, each figure a mark
    that also writes the page it lands on."""
    from reportlab.lib.pagesizes import A6
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    from rulebook.pdf.rules_index import EVENT, FigurePage, RulesIndex

    style = getSampleStyleSheet()["BodyText"]
    drawn: dict[str, int] = {}

    class Figure(FigurePage):
        def draw(self):
            super().draw()
            drawn[self.names[0]] = self.canv._doctemplate.page

    figures = [f"f{n}" for n in range(60)]
    moved = 0
    for filler in range(0, 120, 6):  # where the figures start: some layouts move them
        index = RulesIndex([(" ".join(f"{{{i}}}" for i in range(len(figures))), figures)],
                           lambda markup: Paragraph(markup, style), "en", {})
        story = [index, Spacer(1, filler)]
        for ident in figures:
            story += [Spacer(1, 50), Figure([ident])]
        passes = []
        book = SimpleDocTemplate(io.BytesIO(), pagesize=A6)
        original = index.beforeBuild

        def noted(original=original, index=index):
            passes.append(dict(index.pages))
            original()

        index.beforeBuild = noted
        drawn.clear()
        book.multiBuild(story)
        assert all(index.page_text(ident) == f", p.\u00a0{drawn[ident]}" for ident in figures), \
            (filler, {i: (index.printed.get(i), drawn[i]) for i in figures})
        moved += len(passes) > 2 and passes[1] != passes[2]  # the second pass moved some
    assert moved, "no layout whose index moved its figures: the test shows nothing"
