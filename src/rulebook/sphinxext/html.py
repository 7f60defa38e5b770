"""The web edition's own HTML: title blocks with their PDFs, figure legends,
the language switch, and the theme's words in the page's language.

Pages live in ``<site>/<lang>/`` and the PDFs in ``<site>/pdf/``, so every
link here is relative and stays inside the published folder.
"""

from __future__ import annotations

import functools
import gettext
import json
import re
from html import escape
from pathlib import Path

from sphinx.locale import _

from .. import editions
from ..pdf import FORMATS, format_filename, pdf_filename
from ..pdf.sheets import SHEETS, sheet_filename
from .directives import CHROME, OTHER_LANGUAGE, page_language

# Words of the theme (furo) that Sphinx's own Japanese catalog lacks.  Those the
# theme passes through gettext are added to Sphinx's translator; those it writes
# as plain attributes (aria-label, an icon's title) are replaced in the page.
THEME_WORDS = {
    "ja": {
        "Skip to content": "本文へ移動",
        "Back to top": "ページの先頭へ",
        "Next": "次へ",
        "Previous": "前へ",
        "Home": "ホーム",
        "On this page": "このページの内容",
        "Contents": "目次",
        "Menu": "メニュー",
        "Expand": "開く",
        "Error": "エラー",
        "Please activate JavaScript to enable the search functionality.":
            "検索を使うには JavaScript を有効にしてください。",
        "Toggle site navigation sidebar": "サイトのナビゲーションを開閉する",
        "Toggle table of contents sidebar": "このページの目次を開閉する",
        "Toggle Light / Dark / Auto color theme": "配色（明るい・暗い・自動）を切り替える",
        "Light mode": "明るい配色",
        "Dark mode": "暗い配色",
        "Auto light/dark, in light mode": "自動（いまは明るい配色）",
        "Auto light/dark, in dark mode": "自動（いまは暗い配色）",
        "Link to this heading": "この見出しへのリンク",
        "Link to this image": "この図へのリンク",
        "Link to this table": "この表へのリンク",
        "Link to this code": "このコードへのリンク",
        "Link to this definition": "この定義へのリンク",
    },
}
# Words of Sphinx's search script that its Japanese catalog leaves empty.  Its
# ngettext looks both forms up by the singular; Japanese has one form for all.
SEARCH_WORDS = {
    "ja": {
        "Search finished, found one page matching the search query.":
            ["検索が終わりました。${resultCount}ページ見つかりました。"],
    },
}
_ATTRIBUTE_WORDS = re.compile(r'(aria-label="|<title>)([^"<]+)(?="|</title>)')


class _ThemeWords(gettext.NullTranslations):
    def __init__(self, words: dict[str, str]):
        super().__init__()
        self.words = words

    def gettext(self, message):
        return self.words.get(message.strip(), message)

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)


def install_theme_words(app):
    """Let Sphinx's translator fall back on :data:`THEME_WORDS` and complete the
    search script's catalog with :data:`SEARCH_WORDS` (builder-inited)."""
    lang = page_language(app.config)
    if app.builder.format != "html":
        return
    if lang in THEME_WORDS:
        app.translator.add_fallback(_ThemeWords(THEME_WORDS[lang]))
    if lang in SEARCH_WORDS:
        catalog = {"locale": lang, "plural_expr": "0", "messages": SEARCH_WORDS[lang]}
        # after Sphinx's translations.js (priority 500), whose messages it completes
        app.add_js_file(None, priority=600,
                        body=f"Documentation.addTranslations({json.dumps(catalog)});")


def translate_attributes(html: str, lang: str) -> str:
    """The theme's untranslatable attribute words, in ``lang``."""
    words = THEME_WORDS.get(lang)
    if not words:
        return html
    return _ATTRIBUTE_WORDS.sub(lambda m: m[1] + words.get(m[2], m[2]), str(html))


def site_prefix(docname: str) -> str:
    """From a page to the site's root folder (pages are in ``<site>/<lang>/``)."""
    return "../" * (docname.count("/") + 1)


def pdf_links(config, page: str, docname: str) -> list[tuple[str, str, str]]:
    """(label, href, language) of the two PDFs of game page ``docname``, seen from ``page``;
    empty if the game has no PDF."""
    if docname not in getattr(config, "rulebook_pdf_documents", ()):
        return []
    lang = page_language(config)
    words = CHROME[lang]
    return [(words[key], f"{site_prefix(page)}pdf/{pdf_filename(docname, pdf_lang)}", pdf_lang)
            for key, pdf_lang in (("pdf", lang), ("pdf_other", OTHER_LANGUAGE[lang]))]


def print_format_links(config, page: str, docname: str) -> list[tuple[str, str]]:
    """(label, href) of game page ``docname``'s other print formats in the page's
    language, and of its game's print-and-play sheet if it has one, seen from
    ``page``; empty if the game has no PDF."""
    if docname not in getattr(config, "rulebook_pdf_documents", ()):
        return []
    lang = page_language(config)
    words, folder = CHROME[lang], f"{site_prefix(page)}pdf/"
    links = [(words[fmt], folder + format_filename(docname, lang, fmt)) for fmt in FORMATS]
    if docname in SHEETS:
        links.append((words[SHEETS[docname][0]], folder + sheet_filename(docname)))
    return links


def visit_game_info(self, node):
    self.body.append(self.starttag(node, "div", CLASS="game-info"))


def depart_game_info(self, node):
    docname = self.builder.current_docname
    play = f"play/{node['slug']}"
    if play in self.builder.env.found_docs:
        words = CHROME[page_language(self.builder.config)]
        uri = self.builder.get_relative_uri(docname, play)
        self.body.append(f'<p class="game-play"><a class="reference internal" href="{uri}">'
                         f'{words["play"]}</a></p>\n')
    links = pdf_links(self.builder.config, docname, docname)
    if links:
        words = CHROME[page_language(self.builder.config)]
        anchors = " · ".join(f'<a class="reference external" href="{href}" hreflang="{lang}" '
                           f'type="application/pdf">{label}</a>' for label, href, lang in links)
        self.body.append(f'<p class="game-pdfs">{words["print"]} {anchors}</p>\n')
        others = " · ".join(f'<a class="reference external" href="{href}" '
                            f'type="application/pdf">{label}</a>'
                            for label, href in print_format_links(self.builder.config, docname,
                                                                  docname))
        self.body.append(f'<p class="game-pdfs game-print-formats">{words["formats"]} {others}</p>\n')
    self.body.append(edition_line(self.builder.config, self.builder.srcdir))
    self.body.append("</div>\n")


@functools.lru_cache(maxsize=4)
def _edition(srcdir: str) -> editions.Edition:
    return editions.edition(Path(srcdir))


def edition_line(config, srcdir) -> str:
    """The web's colophon, under a game's PDFs: the edition its books are (a git tag)
    and, from the second edition on, a link to its errata (as the books' title page)."""
    edition = _edition(str(srcdir))
    if edition.tag is None:
        return ""
    lang = page_language(config)
    words = CHROME[lang]
    text = escape(words["edition"].format(tag=edition.tag))
    base = config.rulebook_play_url
    if edition.previous and base:
        href = f"{base.rstrip('/')}/{editions.errata_name(edition.tag, lang)}"
        text += (f' · <a class="reference external" href="{escape(href)}">'
                 f'{escape(words["errata"].format(previous=edition.previous))}</a>')
    return f'<p class="game-edition">{text}</p>\n'



def visit_figure_legend(self, node):
    self.body.append(self.starttag(node, "ul", CLASS="figure-legend"))


def depart_figure_legend(self, node):
    self.body.append("</ul>\n")


def visit_legend_entry(self, node):
    self.body.append(self.starttag(node, "li", CLASS="legend-entry"))


def depart_legend_entry(self, node):
    self.body.append("</li>\n")


def add_page_context(app, pagename, templatename, context, doctree):
    """The language switch's link, and the theme-word filter for page.html."""
    lang = page_language(app.config)
    other = OTHER_LANGUAGE[lang]
    context["rulebook_lang"] = lang
    context["rulebook_switch_label"] = CHROME[lang]["switch"]
    context["rulebook_switch_uri"] = f"{site_prefix(pagename)}{other}/{pagename}.html"
    context["rulebook_other_lang"] = other
    context["rulebook_translate_attributes"] = lambda html: translate_attributes(html, lang)
    context["rulebook_word"] = lambda message: str(_(message))
