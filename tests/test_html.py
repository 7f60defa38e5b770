"""The web edition's links to a game's PDFs (rulebook.sphinxext.html): every href,
followed from the page it is written on, reaches the file the PDF builder writes,
in the language it says."""

from __future__ import annotations

import posixpath
from types import SimpleNamespace

import pytest

from rulebook.pdf import FORMATS, format_filename, pdf_filename
from rulebook.pdf.sheets import SHEETS, sheet_filename
from rulebook.sphinxext.directives import CHROME, OTHER_LANGUAGE
from rulebook.sphinxext.html import pdf_links, print_format_links


def followed(lang: str, page: str, href: str) -> str:
    """Where ``href`` leads from page ``page`` of ``<site>/<lang>/``, from the site's root."""
    return posixpath.normpath(posixpath.join(lang, posixpath.dirname(page), href))


def config(lang, *documents):
    return SimpleNamespace(language=lang, rulebook_pdf_documents=list(documents))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("page", ["necto", "guide/necto"])
def test_a_game_page_links_its_two_pdfs_own_language_first(lang, page):
    links = pdf_links(config(lang, "necto", "qttt"), page, "necto")
    other = OTHER_LANGUAGE[lang]
    assert [(label, followed(lang, page, href), hreflang) for label, href, hreflang in links] == [
        (CHROME[lang]["pdf"], f"pdf/{pdf_filename('necto', lang)}", lang),
        (CHROME[lang]["pdf_other"], f"pdf/{pdf_filename('necto', other)}", other)]
    assert pdf_links(config(lang, "qttt"), page, "necto") == []  # a page with no PDF


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("slug", sorted(SHEETS) + ["qttt"])
def test_the_print_formats_are_the_page_s_language_and_the_sheet_if_the_game_has_one(lang, slug):
    page = f"rules/{slug}"
    links = print_format_links(config(lang, slug), page, slug)
    expected = [(CHROME[lang][fmt], f"pdf/{format_filename(slug, lang, fmt)}") for fmt in FORMATS]
    if slug in SHEETS:
        expected.append((CHROME[lang][SHEETS[slug][0]], f"pdf/{sheet_filename(slug)}"))
    assert [(label, followed(lang, page, href)) for label, href in links] == expected
    assert print_format_links(config(lang), page, slug) == []


def test_the_theme_s_japanese_words_agree_with_sphinx_s_own_for_the_same_word():
    """Where Sphinx's Japanese catalogue lacks one of the theme's words as the theme
    writes it ("Next") but has the same word in lower case ("next", the classic
    theme's), the site's word is Sphinx's: the two never name the links differently."""
    import gettext
    import os

    import sphinx

    from rulebook.sphinxext.html import THEME_WORDS

    sphinx_ja = gettext.translation("sphinx", os.path.join(os.path.dirname(sphinx.__file__),
                                                           "locale"), languages=["ja"])
    compared = 0
    for word, ours in THEME_WORDS["ja"].items():
        if sphinx_ja.gettext(word) == word and sphinx_ja.gettext(word.lower()) != word.lower():
            assert ours == sphinx_ja.gettext(word.lower()), (word, ours)
            compared += 1
    assert compared >= 2  # Next and Previous at least


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("page", ["index", "necto", "guide/necto"])
def test_the_language_switch_leads_to_the_same_page_in_the_other_language(lang, page):
    """The switch on each page, followed from where the page stands, reaches the same
    page of the other language's folder, labelled with that language's own name."""
    from rulebook.sphinxext.html import add_page_context

    context = {}
    add_page_context(SimpleNamespace(config=config(lang)), page, "page.html", context, None)
    other = {"en": "ja", "ja": "en"}[lang]
    assert followed(lang, page, context["rulebook_switch_uri"]) == f"{other}/{page}.html"
    assert context["rulebook_lang"] == lang and context["rulebook_other_lang"] == other
    assert context["rulebook_switch_label"] == {"ja": "日本語", "en": "English"}[other]  # its own name


def test_a_project_s_folders_are_found_from_its_conf_py_wherever_the_build_starts(
        tmp_path, monkeypatch):
    """A conf.py that names neither folder gets the project's own layout, taken from
    the source folder (docs/) as Sphinx takes its paths: the records in figures/ beside
    it, the figures drawn into build/.figures; a relative folder it names likewise.
    The build starts in another folder, which gets nothing."""
    import io

    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace

    from small_project import make_project

    project = make_project(tmp_path / "book", "The cycle links :claim:`pairs` pairs.")
    conf = project.docs / "conf.py"
    conf.write_text("\n".join(line for line in conf.read_text().splitlines()
                              if not line.startswith("rulebook_figures_dir")) + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)

    def built(overrides: dict) -> tuple[str, str]:
        warnings, out = io.StringIO(), tmp_path / f"out{len(list(tmp_path.iterdir()))}"
        with docutils_namespace():
            app = Sphinx(str(project.docs), str(project.docs), str(out), str(out / ".doctrees"),
                         "html", confoverrides=overrides, status=None, warning=warnings,
                         freshenv=True)
            app.build(force_all=True)
        return warnings.getvalue(), (out / "index.html").read_text(encoding="utf-8")

    said, page = built({})
    assert said == "" and "The cycle links 3 pairs." in page
    assert sorted(p.name for p in (tmp_path / "book" / "build" / ".figures").glob("qttt-cycle*.svg"))
    said, page = built({"rulebook_figures_dir": "../records", "rulebook_figure_output": "drawn"})
    assert "qttt/cycle" in said and "records" in said  # looked for in book/records
    (project.root / "figures").rename(project.root / "records")
    said, page = built({"rulebook_figures_dir": "../records", "rulebook_figure_output": "drawn"})
    assert said == "" and list((project.docs / "drawn").glob("qttt-cycle*.svg"))
    assert list(elsewhere.iterdir()) == []
