"""The catalog of games, built from every page's ``game-info`` block, and the
readers' menu of games.

Collected at ``doctree-read`` (after translation, so the catalog of the
Japanese site is in Japanese), filled in at ``doctree-resolved``.
"""

from __future__ import annotations

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.directives.other import TocTree

from ..games import available_games

from .directives import CHROME, page_language
from .html import pdf_links, print_format_links
from .nodes import game_catalog, game_info


def collect_game_info(app, doctree):
    games = app.env.rulebook_games = getattr(app.env, "rulebook_games", {})
    for slug in [s for s, g in games.items() if g["docname"] == app.env.docname]:
        del games[slug]
    for node in doctree.findall(game_info):
        section = node.parent
        title = section[0].astext() if isinstance(section, nodes.section) else node["slug"]
        games[node["slug"]] = {"docname": app.env.docname, "title": title,
                               "info": node.deepcopy()}


def purge_game_info(app, env, docname):
    games = getattr(env, "rulebook_games", {})
    for slug in [s for s, g in games.items() if g["docname"] == docname]:
        del games[slug]


def merge_game_info(app, env, docnames, other):
    env.rulebook_games = {**getattr(env, "rulebook_games", {}),
                          **getattr(other, "rulebook_games", {})}


def fill_catalog(app, doctree, docname):
    """Replace each ``game-catalog`` by the title blocks of every game page."""
    lang = page_language(app.config)
    words = CHROME[lang]
    games = getattr(app.env, "rulebook_games", {})
    for catalog in list(doctree.findall(game_catalog)):
        entries = []
        for slug in sorted(games, key=lambda s: games[s]["title"].casefold()):
            game = games[slug]
            section = nodes.section(ids=[f"catalog-{slug}"], classes=["catalog-entry"])
            uri = app.builder.get_relative_uri(docname, game["docname"])
            title = nodes.title()
            title += nodes.reference("", game["title"], refuri=uri, internal=True)
            section += title
            info = game["info"].deepcopy()
            section += info.children
            links = nodes.paragraph(classes=["catalog-links"])
            links += nodes.reference("", words["rules"], refuri=uri, internal=True)
            if f"play/{slug}" in app.env.found_docs:
                links += nodes.Text(" · ")
                links += nodes.reference("", words["play"], internal=True, refuri=app.builder
                                         .get_relative_uri(docname, f"play/{slug}"))
            for label, href, _ in pdf_links(app.config, docname, game["docname"]):
                links += nodes.Text(" · ")
                links += nodes.reference("", label, refuri=href)
            for label, href in print_format_links(app.config, docname, game["docname"]):
                links += nodes.Text(" · ")
                links += nodes.reference("", label, refuri=href)
            section += links
            entries.append(section)
        catalog.replace_self(entries)


def reader_pages(found_docs) -> list[str]:
    """The readers' pages, in menu order: each game's rules (``<slug>``) and its play
    page (``play/<slug>``), for every game that has them."""
    return [page for slug in available_games() for page in (slug, f"play/{slug}") if page in found_docs]


class GameToctreeDirective(TocTree):
    """A toctree of every game's rules and play page (``reader_pages``), so a new game
    is in the menu without an edit here; takes the toctree's options (``:caption:``)."""

    def run(self):
        self.content = StringList(reader_pages(self.env.found_docs), source=self.get_source_info()[0])
        return super().run()


def keep_sections_apart(app, pagename, templatename, context, doctree) -> None:
    """(``html-page-context``) No "Next"/"Previous" link between a reader's page and an
    author's: the two toctrees follow each other in the site's order; the home page
    belongs to both."""
    readers = set(reader_pages(app.env.found_docs))
    links = app.env.collect_relations().get(pagename)
    home = app.config.root_doc
    if not links or pagename == home:
        return
    for key, other in (("prev", links[1]), ("next", links[2])):
        if other is not None and other != home and (other in readers) != (pagename in readers):
            context[key] = None
