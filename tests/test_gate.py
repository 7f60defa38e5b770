"""The caption gate: no number or player name in a figure's text unless a claim
produced it or an ``:unchecked:`` role marks it, in English and in Japanese.

Each test builds a one-page project twice: the failing text must fail the
build with the page, line, record and literal; the same fact said through a
claim (or marked unchecked) must pass."""

from __future__ import annotations

import re

import pytest

from rulebook.games import make_game
from rulebook.literals import name_pattern, player_names, unchecked_literals

from small_project import RECORD, build_page, make_project

GATE = r"index.rst:\d+: ERROR: figure qttt/cycle \({lang}.*\): {literal!r} in .* is not from a :claim:"


def gate_error(lang: str, literal: str) -> str:
    return GATE.format(lang=lang, literal=literal)


def build_both(tmp_path, lang, failing, passing, **kwargs):
    bad = build_page(make_project(tmp_path / "bad", failing, **kwargs.get("bad", {})), lang,
                     tmp_path / "bad-out")
    good = build_page(make_project(tmp_path / "good", passing, **kwargs.get("good", {})), lang,
                      tmp_path / "good-out")
    return bad, good


def test_a_hard_coded_digit_fails_and_the_same_number_from_a_claim_passes(tmp_path):
    bad, good = build_both(tmp_path, "en", "The cycle links 3 pairs.",
                           "The cycle links :claim:`pairs` pairs.")
    assert re.search(gate_error("en", "3"), bad)
    assert len(bad.splitlines()) == 1, bad  # one line per offending literal
    assert good == ""


def test_a_cell_and_a_paragraph_after_the_caption_are_gated_too(tmp_path):
    bad, good = build_both(tmp_path, "en", "The cycle links :claim:`pairs` pairs.",
                           "The cycle links :claim:`pairs` pairs.",
                           bad={"extra": "It starts in a1."}, good={"extra": "It starts here."})
    assert re.search(gate_error("en", "a1"), bad)
    assert good == ""


@pytest.mark.parametrize("markup", ["*{}*", "**{}**"])
def test_a_digit_inside_inline_markup_is_gated_too(tmp_path, markup):
    bad, good = build_both(tmp_path, "en", f"The cycle links {markup.format('3')} pairs.",
                           f"The cycle links {markup.format(':claim:`pairs`')} pairs.")
    assert re.search(gate_error("en", "3"), bad)
    assert good == ""


def test_a_literal_marked_unchecked_passes(tmp_path):
    bad, good = build_both(tmp_path, "en",
                           "A line needs 3 marks; this cycle has :claim:`pairs` pairs.",
                           "A line needs :unchecked:`3` marks; this cycle has :claim:`pairs` pairs.")
    assert re.search(gate_error("en", "3"), bad)
    assert good == ""


def test_an_unchecked_literal_is_shown_as_written(tmp_path):
    html = figure_html(tmp_path, "A line needs :unchecked:`3` marks; the cycle has "
                                 ":claim:`pairs` pairs.")
    caption = re.findall(r"<p><span class=\"caption-text\">(.*?)</span><a class=\"headerlink\"", html)
    assert [re.sub(r"<[^>]+>", "", text).strip() for text in caption] == \
        ["A line needs 3 marks; the cycle has 3 pairs."]
    assert '<span class="unchecked">3</span> marks' in caption[0]


def test_a_player_name_outside_a_claim_fails_in_english(tmp_path):
    bad, good = build_both(tmp_path, "en", "X closed the cycle, so :claim:`chooser` chooses.",
                           "The last pair closed the cycle, so :claim:`chooser` chooses.")
    assert re.search(gate_error("en", "X"), bad)
    assert good == ""


CAPTION = "The cycle links :claim:`pairs` pairs, so :claim:`chooser` chooses."


def test_a_japanese_caption_hard_coding_a_count_fails(tmp_path):
    bad, good = build_both(
        tmp_path, "ja", CAPTION, CAPTION,
        bad={"translations": {CAPTION: "輪は4組をつなぎ、\\ :claim:`chooser`\\ が選びます。"}},
        good={"translations": {CAPTION: "輪は\\ :claim:`pairs`\\ 組をつなぎ、\\ :claim:`chooser`\\ が選びます。"}})
    assert re.search(gate_error("ja", "4"), bad)
    assert "index.po" in bad  # the translated text lives in the catalog: say which
    assert good == ""


def test_a_full_width_digit_and_a_player_name_fail_in_japanese(tmp_path):
    bad, good = build_both(
        tmp_path, "ja", CAPTION, CAPTION,
        bad={"translations": {CAPTION: "輪は\\ :claim:`pairs`\\ 組、Oが選びます。"}},
        good={"translations": {CAPTION: "輪は\\ :claim:`pairs`\\ 組、\\ :claim:`chooser`\\ が選びます。"}})
    assert re.search(gate_error("ja", "O"), bad)
    fullwidth = build_page(make_project(tmp_path / "wide", CAPTION, translations={
        CAPTION: "輪は４組、\\ :claim:`chooser`\\ が選びます。"}), "ja", tmp_path / "wide-out")
    assert re.search(gate_error("ja", "４"), fullwidth)
    assert good == ""


def test_literals_are_numbers_in_any_script_and_whole_player_names():
    names = name_pattern(player_names(make_game("necto")))
    found = [literal for literal, _ in unchecked_literals(
        "First scores 25.00% on a1, ② and ４, ½ of Ⅳ; Firstly, the second loop; 先手の勝ち",
        names)]
    assert found == ["First", "25.00%", "a1", "②", "４", "½", "Ⅳ", "先手"]
    qttt = name_pattern(player_names(make_game("qttt")))
    assert [l for l, _ in unchecked_literals("X's mark, an ox, Ｘの手", qttt)] == ["X", "X"]
    assert unchecked_literals("一つの輪と同一の組", qttt) == []  # kanji numerals are words


@pytest.mark.parametrize("literal", ["a1", "C12", "25.00%", "4", "0.5", "①", "４", "Ⅳ", "t3F"])
def test_a_number_is_found_whole_wherever_it_stands_in_a_text(literal):
    """A number, with the letters and signs it is written with, is reported whole at
    the very start of a text, at its end, alone, between brackets or Japanese quotes,
    and before a comma or a Japanese particle."""
    names = name_pattern(player_names(make_game("necto")))
    for text in (f"{literal} is free", f"on {literal}", literal, f"({literal})", f"「{literal}」",
                 f"on {literal}, then", f"{literal}に置く", f"盤の{literal}"):
        assert [found for found, _ in unchecked_literals(text, names)] == [literal], text


def test_a_player_name_inside_a_longer_one_is_found_as_the_longer_name():
    """A game whose players' names overlap (a designer's "Blue" and "Blue Team", 青 and
    青組): the gate quotes the whole name a caption writes, whichever order the game
    lists its players in."""
    from types import SimpleNamespace

    for players in ([{"en": "Blue", "ja": "青"}, {"en": "Blue Team", "ja": "青組"}],
                    [{"en": "Blue Team", "ja": "青組"}, {"en": "Blue", "ja": "青"}]):
        game = SimpleNamespace(players=players,
                               player_name=lambda index, lang, p=players: p[index][lang])
        names = name_pattern(player_names(game))
        found = [literal for literal, _ in unchecked_literals("Blue Team wins; 青組の勝ち", names)]
        assert found == ["Blue Team", "青組"], players


def test_every_character_with_a_numeric_value_but_a_cjk_ideograph_is_a_numeral():
    """A second reading of 'a digit in any script': every character the Unicode data
    gives a numeric value (fractions, Roman numerals, circled and full-width digits, in
    the planes captions use) is a numeral for the gate, except the CJK ideographs."""
    import sys
    import unicodedata

    from rulebook.literals import is_numeral

    for code in range(0x30000):
        char = chr(code)
        if unicodedata.numeric(char, None) is None:
            continue
        cjk = unicodedata.name(char, "").startswith("CJK")
        assert is_numeral(char) != cjk, f"U+{code:04X} {unicodedata.name(char, '?')}"
    assert not is_numeral("a") and sys.maxunicode > 0x30000


def test_the_alt_text_is_gated_and_may_quote_claims(tmp_path):
    bad, good = build_both(tmp_path, "en", "The cycle links :claim:`pairs` pairs.",
                           "The cycle links :claim:`pairs` pairs.",
                           bad={"alt": "Three pairs form a cycle through a1, b2 and c3."},
                           good={"alt": ":claim:`pairs` pairs form a cycle."})
    assert re.search(gate_error("en", "a1"), bad) and re.search(gate_error("en", "c3"), bad)
    assert good == ""


def test_a_claim_in_the_alt_text_reaches_the_image_as_its_checked_value(tmp_path):
    from rulebook.build import _sphinx

    project = make_project(tmp_path, "The cycle links :claim:`pairs` pairs.",
                           alt=":claim:`pairs` pairs form a cycle.")
    _sphinx(project, "html", "en", tmp_path / "out", tmp_path / "doctrees", tmp_path / "figs",
            fresh=True)
    assert 'alt="3 pairs form a cycle."' in (tmp_path / "out" / "index.html").read_text()


def figure_html(tmp_path, caption="The cycle links :claim:`pairs` pairs.", **kwargs) -> str:
    from rulebook.build import _sphinx

    project = make_project(tmp_path, caption, **kwargs)
    _sphinx(project, "html", "en", tmp_path / "out", tmp_path / "doctrees", tmp_path / "figs",
            fresh=True)
    html = (tmp_path / "out" / "index.html").read_text()
    return html[html.index("<figure"):html.index("</figure>")]


def test_the_caption_holds_exactly_its_text_and_the_legend_only_what_follows_it(tmp_path):
    alone = figure_html(tmp_path / "alone")
    assert alone.startswith('<figure class="rulebook-figure')  # the site's style and the PDF's
    assert re.findall(r'<span class="caption-text">(.*?)</span>', alone) == \
        ["The cycle links 3 pairs."]  # the record's claim 'pairs': 3 spooky pairs
    assert '<div class="legend">' not in alone and "rulebook-alt" not in alone
    followed = figure_html(tmp_path / "followed", extra="After it, a legend.")
    assert re.findall(r'<div class="legend">\s*<p>(.*?)</p>\s*</div>', followed) == \
        ["After it, a legend."]


# The figure directive: it replays its record and checks every claim itself.

NO_CLAIM_CAPTION = "The marks form a cycle."  # quotes no claim: nothing for ResolveClaimValues


def test_a_false_claim_no_caption_quotes_still_fails_the_page(tmp_path):
    """Without the build's record check first, and for a claim that neither the
    caption nor the alt text quotes, the page fails: one line naming the page,
    the record's claim, the expected and the engine's value."""
    false = RECORD.replace('fact = "marks_placed"\nexpect = 3', 'fact = "marks_placed"\nexpect = 4')
    line = [n for n, text in enumerate(false.splitlines(), 1) if text == "[[claims]]"][1]
    bad, good = build_both(tmp_path, "en", NO_CLAIM_CAPTION, NO_CLAIM_CAPTION,
                           bad={"record": false, "alt": "Marks."}, good={"alt": "Marks."})
    assert re.fullmatch(rf"docs/index.rst:\d+: ERROR: \S*figures/qttt/cycle.toml:{line}: "
                        r"claim #2 'placed' \(marks_placed\) is false: expected 4, engine says 3 "
                        r"\[rulebook\.claim\]", bad), bad
    assert good == ""


def test_an_illegal_move_in_a_record_without_claims_fails_the_page(tmp_path):
    record = 'game = "qttt"\nmoves = ["a1-b2", "a1-a1"]\n[figure]\ncolumns = 1\n'
    bad, good = build_both(tmp_path, "en", NO_CLAIM_CAPTION, NO_CLAIM_CAPTION,
                           bad={"record": record, "alt": "Marks."},
                           good={"record": record.replace("a1-a1", "a1-c3"), "alt": "Marks."})
    assert re.fullmatch(r"docs/index.rst:\d+: ERROR: \S*figures/qttt/cycle.toml:2: move 2: "
                        r"illegal move 'a1-a1': [^\n]*", bad), bad
    assert good == ""


def test_a_caption_quoting_an_unknown_claim_fails_the_page(tmp_path):
    bad, good = build_both(tmp_path, "en", "The cycle links :claim:`size` pairs.",
                           "The cycle links :claim:`pairs` pairs.")
    assert re.fullmatch(r"docs/index.rst:\d+: ERROR: \S*figures/qttt/cycle.toml: no claim with id "
                        r"'size' \(ids: pairs, placed, chooser\) \[rulebook\.claim\]", bad), bad
    assert good == ""


GATE_RULE = ("is not from a :claim: (use a claim, or :unchecked: for a literal that is not a "
             "fact about the position) [rulebook.gate]")


def test_each_gate_error_is_one_exact_line_with_its_context(tmp_path):
    """English, and Japanese with no catalog (the English text stands): the
    literal, twenty characters either side within its text node, and the rule."""
    caption = ("This caption is long enough to be cut on both sides of 3 around it, "
               "and :claim:`pairs` pairs.")
    for lang in ("en", "ja"):
        out = build_page(make_project(tmp_path / lang, caption), lang, tmp_path / f"{lang}-out")
        assert re.fullmatch(rf"docs/index.rst:\d+: ERROR: figure qttt/cycle \({lang}\): '3' in "
                            rf"'…ut on both sides of 3 around it, and' {re.escape(GATE_RULE)}",
                            out), out


def test_the_gates_context_is_cut_only_where_the_text_goes_on():
    qttt = name_pattern(player_names(make_game("qttt")))
    assert unchecked_literals("X", qttt) == [("X", "X")]
    assert unchecked_literals("Twenty characters!! 7 twenty characters!!", qttt) == \
        [("7", "Twenty characters!! 7 twenty characters!!")]
    assert unchecked_literals("Twenty-one characters 7 twenty-one characters", qttt) == \
        [("7", "…enty-one characters 7 twenty-one characte…")]
    assert unchecked_literals("a line\nof\t 3", qttt) == [("3", "a line of 3")]
    assert [l for l, _ in unchecked_literals("about 3.5, 4,000 or 5. Then 6,", qttt)] == \
        ["3.5", "4,000", "5", "6"]
    assert [l for l, _ in unchecked_literals("a ratio of 2.5", qttt)] == ["2.5"]  # at the end
    assert [l for l, _ in unchecked_literals("won 55% (55％)", qttt)] == ["55%", "55％"]


def test_a_claim_outside_any_figure_fails_the_page(tmp_path):
    project = make_project(tmp_path, "The cycle links :claim:`pairs` pairs.")
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\nLoose: :claim:`pairs` and :claim:`placed`.\n")
    out = build_page(project, "en", tmp_path / "out")
    assert out.splitlines() == [
        f"docs/index.rst:{line}: ERROR: claim {claim!r} is not inside a rulebook-figure caption "
        "[rulebook.claim]" for line, claim in ((page.read_text().count("\n"), "pairs"),
                                               (page.read_text().count("\n"), "placed"))], out


def test_any_sphinx_warning_fails_the_page_with_its_file_and_line(tmp_path):
    """Not only the rulebook's own errors: a warning of Sphinx itself (here a
    reference to a label that does not exist) stops the build too, as one line."""
    project = make_project(tmp_path / "p", "The cycle links :claim:`pairs` pairs.")
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\nSee :ref:`no-such-label`.\n")
    error = build_page(project, "en", tmp_path / "out")
    assert re.fullmatch(r"docs/index\.rst:\d+: WARNING: undefined label: 'no-such-label'.*", error)


def test_an_edited_record_rebuilds_its_page_in_an_incremental_build(tmp_path):
    """The figure's record is a dependency of its page: ``rulebook serve`` rebuilds
    incrementally, so an unchanged page is not rewritten, and an edited record must
    not leave the old figure's text."""
    from rulebook.build import _sphinx

    project = make_project(tmp_path / "p", "The cycle links :claim:`pairs` pairs.")
    out, doctrees = tmp_path / "out", tmp_path / "doctrees"

    def caption() -> list[str]:
        _sphinx(project, "html", "en", out, doctrees, tmp_path / "figs", fresh=False)
        return re.findall(r'<span class="caption-text">(.*?)</span>',
                          (out / "index.html").read_text())

    assert caption() == ["The cycle links 3 pairs."]
    written = (out / "index.html").stat().st_mtime_ns
    assert caption() == ["The cycle links 3 pairs."]
    assert (out / "index.html").stat().st_mtime_ns == written  # nothing changed: not rebuilt
    record = project.root / "figures" / "qttt" / "cycle.toml"
    record.write_text('game = "qttt"\nmoves = ["a1-b2", "b2-c3", "c1-a3", "a2-c2"]\n\n[figure]\ncolumns = 1\n\n'
                      '[[claims]]\nid = "pairs"\nfact = "spooky_count"\nexpect = 4\n')
    assert caption() == ["The cycle links 4 pairs."]


def test_a_claims_value_is_written_in_the_pages_language(tmp_path):
    """A list value is joined with the page's own separator (、 in Japanese)."""
    from rulebook.build import _sphinx

    record = RECORD + '\n[[claims]]\nid = "cycle"\nfact = "cycle"\nexpect = ["a1", "b2", "c3"]\n'
    caption = "The cycle runs through :claim:`cycle`."
    project = make_project(tmp_path / "p", caption, record=record,
                           translations={caption: "輪は\\ :claim:`cycle`\\ を通ります。"})
    shown = {}
    for lang in ("en", "ja"):
        _sphinx(project, "html", lang, tmp_path / lang, tmp_path / f"doctrees-{lang}",
                tmp_path / "figs", fresh=True)
        shown[lang] = re.findall(r'<span class="caption-text">(.*?)</span>',
                                 (tmp_path / lang / "index.html").read_text())
    assert shown == {"en": ["The cycle runs through a1, b2, c3."], "ja": ["輪はa1、b2、c3を通ります。"]}


def test_every_problem_of_a_page_is_reported_at_once(tmp_path):
    """A figure whose record fails does not hide the next figure's unchecked literal:
    the author sees both lines in one build."""
    project = make_project(tmp_path / "p", "The cycle links :claim:`pairs` pairs.",
                           record=RECORD.replace('"c3-a1"]', '"c3-a1"'))  # TOML cut short
    (project.root / "figures" / "qttt" / "second.toml").write_text(RECORD, encoding="utf-8")
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\n.. rulebook-figure:: qttt/second\n   :alt: Pairs.\n\n"
                    "   The cycle links 3 pairs.\n")
    lines = build_page(project, "en", tmp_path / "out").splitlines()
    assert len(lines) == 2, lines
    assert "cycle.toml" in lines[0]
    assert re.search(r"figure qttt/second \(en.*\): '3' in .* is not from a :claim:", lines[1])


def test_a_plain_figure_before_a_record_s_does_not_stop_the_gate(tmp_path):
    """The gate reads every figure of the page: a figure of the author's own (an image,
    no record or study) is passed over, and the record's figure after it still checked."""
    project = make_project(tmp_path / "book", "The cycle links 3 pairs.")
    (project.docs / "plain.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', encoding="utf-8")
    page = project.docs / "index.rst"
    page.write_text(page.read_text().replace(
        ".. rulebook-figure::", ".. figure:: plain.svg\n\n   A drawing of 2 boards.\n\n"
                                ".. rulebook-figure::"), encoding="utf-8")
    said = build_page(project, "en", tmp_path / "out")
    assert re.search(gate_error("en", "3"), said), said
    assert len(said.splitlines()) == 1, said  # the author's own figure is not gated


# Each construct a figure's text may hold, each with its own number: the gate must
# read the numbers a reader reads, each as often as it is shown, and no other.
CONSTRUCTS = """\
The caption 101 with *emphasis 102*, **strong 103**, ``code 104`` and `a link 105`_.

.. a comment 106 that no reader sees

.. |sub| replace:: a substitution 107

Here |sub| is used, and a footnote [#]_ 108.

.. [#] The footnote 109.

.. _a link 105: https://example.org/110

- an item 111

  a second paragraph 112

=====  =====
cell   113
=====  =====

| a line block 114

::

    a literal block 115
"""


def test_the_gate_reads_every_number_a_reader_reads_and_no_other():
    """Docutils' own HTML writer says what a reader reads: the numbers of the text it
    shows, each as often as shown, are those the gate reads (``gated_text``) in the
    same text's tree; a comment, a substitution's definition and a link's address
    are read by nobody."""
    from collections import Counter

    from docutils.core import publish_doctree, publish_parts

    from rulebook.sphinxext.gate import gated_text

    settings = {"report_level": 5, "halt_level": 5, "footnote_references": "superscript"}
    body = publish_parts(CONSTRUCTS, writer="html5", settings_overrides=settings)["body"]
    shown = re.sub(r"<[^>]+>", " ", body)
    tree = publish_doctree(CONSTRUCTS, settings_overrides=settings)
    gated = " ".join(str(text) for text in gated_text(tree))

    def numbers(text):
        return Counter(re.findall(r"\b1\d\d\b", text))

    assert numbers(gated) == numbers(shown), (numbers(gated), numbers(shown))
    assert numbers(shown)["106"] == 0 and numbers(shown)["107"] == 1  # (the oracle itself)
    assert len(numbers(shown)) >= 12
