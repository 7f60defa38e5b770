"""``.. rulebook-play:: <game>``: the board of a play page (``docs/play/<game>.rst``).

The directive leaves a ``play_board`` node; the HTML writer turns it into the
element ``play.js`` fills in (game, language, the page's words, where the
runtime and the engine are), and links the script and style that the build
puts in ``<site>/play/`` (:mod:`rulebook.play.site`).  The page's title and
introduction are ordinary page text, translated through the catalogs.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from ..errors import RulebookError
from ..games import available_games, game_class, game_part
from ..i18n import ENGINE, VALUES, CatalogError, claim_words, engine_messages, read_catalog
from ..play.bridge import changed_options, share_fragment
from ..play.site import RUNTIME_KEY, drawn_key
from ..play.words import WORDS, game_words
from .directives import cached_record, page_language, project_folder
from .html import site_prefix

logger = logging.getLogger(__name__)


class play_board(nodes.General, nodes.Element):
    """Where the play page's board goes (filled in by play.js)."""


class play_howto(nodes.General, nodes.Element):
    """The game's quick reference, from its rulebook page, folded under the board
    (:class:`AddHowToPlay`); play.js moves it beside the move list."""


class PlayDirective(SphinxDirective):
    required_arguments = 1

    def run(self):
        slug = self.arguments[0]
        if slug not in available_games():
            raise self.error(f"rulebook-play: unknown game {slug!r} "
                             f"(games: {', '.join(available_games())})")
        node = play_board(slug=slug)
        self.set_source_info(node)
        # the game's page, whose quick reference the page shows (AddHowToPlay)
        paths = [Path(self.env.srcdir) / f"{slug}.rst"]
        lang = page_language(self.env.config)
        if lang != "en":  # that page's translation; the engine's messages; the outcome reasons
            locale = locale_folder(self.env) / lang
            paths += [locale / "LC_MESSAGES" / f"{slug}.po", locale / ENGINE, locale / VALUES]
        for path in paths:
            if path.exists():  # (a missing one would make the page out of date at every build)
                self.env.note_dependency(str(path))
        return [node]


def locale_folder(env) -> Path:
    return Path(env.srcdir) / (env.config.locale_dirs or ["locale"])[0]


def page_words(slug: str, lang: str, locale: Path) -> dict:
    """What a play page says: the common words and the game's own, its options as
    its rulebook names them (:func:`rulebook.play.words.game_words`, from its
    ``play.py``), with the game's name, the options' tooltips
    (:func:`option_docs`), the outcome reasons as the book words them in that
    language (``values.po``, as the captions' claims) and the templates of the
    engines' messages (``engine.po``, :mod:`rulebook.play.messages`)."""
    words = {**game_words(slug, lang), "game": game_class(slug).names[lang],
             "messages": engine_messages(locale, lang, slug),
             "docs": {}}  # the options' tooltips in English are their own docs
    if lang != "en":
        book = claim_words(locale, lang)
        words["reasons"] = {reason: book.get((slug, reason), book.get((None, reason), reason))
                            for reason in game_class(slug).reasons}
        words["docs"] = option_docs(slug, lang, locale)
    return words


def option_docs(slug: str, lang: str, locale: Path) -> dict:
    """The game's options' and view options' documentation lines (the settings' and
    aids' tooltips), English -> ``lang``, as the authors' guide translates them
    (its reference prints them: ``authoring.po``)."""
    docs = {p.doc for p in game_class(slug).parameters}
    views = game_part(slug, "views")  # (a game may have none)
    docs |= {option.doc for option in getattr(views, "VIEW_OPTIONS", {}).values()}
    path = locale / lang / "LC_MESSAGES" / "authoring.po"
    if not path.exists():
        return {}
    return {m.id: m.string for m in read_catalog(path) if m.id in docs and m.string}


# The script that starts the engine's worker, inlined in each play page.
START_JS = (Path(__file__).resolve().parent.parent / "play" / "start.js").read_text(encoding="utf-8")


def play_page(slug: str) -> str:
    return f"play/{slug}"


def visit_play_board(self, node):
    slug = node["slug"]
    lang = page_language(self.builder.config)
    docname = self.builder.current_docname
    prefix = site_prefix(docname)
    try:
        words = page_words(slug, lang, locale_folder(self.builder.env))
    except CatalogError as error:  # engine.po or values.po unreadable: said, file and line
        logger.error("%s", error, location=node, type="rulebook", subtype="play")
        raise nodes.SkipNode from error
    except (RulebookError, ImportError) as error:  # pragma: no cover - a broken game module
        raise nodes.SkipNode from error
    rules = (self.builder.get_relative_uri(docname, slug)
             if slug in self.builder.env.found_docs else "")
    words_json = json.dumps(words, ensure_ascii=False, sort_keys=True)
    # drawn-key: what the page keeps its drawing of the game saved under (storage.js)
    data = {"game": slug, "lang": lang, "site": prefix, "rules": rules,
            "drawn-key": drawn_key(words_json)}
    attributes = " ".join(f'data-{k}="{html.escape(v)}"' for k, v in data.items())
    # the engine's worker is already starting (start_engine_first); play.js takes it over
    self.body.append(
        f'<div class="rulebook-play" {attributes} data-words="{html.escape(words_json)}">\n'
        f'<p class="play-status" role="status">{html.escape(words["loading"])}</p>\n'
        f"</div>\n"
        f'<link rel="stylesheet" href="{prefix}play/play.css">\n'
        f'<script type="module" src="{prefix}play/play.js"></script>\n')
    raise nodes.SkipNode


def start_engine_first(app, pagename, templatename, context, doctree):
    """(``html-page-context``) On a page with a play board, start.js first in its
    head: the engine's worker starts before the page's style sheets and body are
    loaded (an inline script after them waits for the style sheets, and the body
    is laid out before the board is reached).  ``data-runtime``: the key of the
    engine's memory snapshot (worker.js), with engine.zip's bytes."""
    if doctree is None or next(iter(doctree.findall(play_board)), None) is None:
        return
    attributes = f'data-site="{html.escape(site_prefix(pagename))}" data-runtime="{RUNTIME_KEY}"'
    context["metatags"] = (context.get("metatags") or "") + f"\n<script {attributes}>{START_JS}</script>\n"


def skip(self, node):
    raise nodes.SkipNode


def visit_play_howto(self, node):
    words = WORDS[page_language(self.builder.config)]
    self.body.append(f'<details class="play-howto"><summary>{html.escape(words["howto"])}'
                     f"</summary>\n")


def depart_play_howto(self, node):
    self.body.append("</details>\n")


QUICK_REFERENCE = "quick-reference"  # the id of a game page's quick-reference section


class AddHowToPlay(SphinxPostTransform):
    """Under a play page's board, the game's quick reference (the section of its
    rulebook page, in the page's language, as the reader reads it there): how to
    play, without leaving the page.  Copied before references are resolved, so
    a reference in it resolves from the play page; its labels and ids are left
    behind (they belong to the rulebook page)."""

    default_priority = 5  # before the references are resolved (10)
    formats = ("html",)

    def run(self, **kwargs):
        for board in list(self.document.findall(play_board)):
            slug = board["slug"]
            if slug not in self.env.found_docs:
                continue
            section = next((node for node in self.env.get_doctree(slug).findall(nodes.section)
                            if QUICK_REFERENCE in node["ids"]), None)
            if section is None:
                continue
            howto = play_howto()
            for child in section.children[1:]:  # not its title: the panel has its own
                if isinstance(child, nodes.target):
                    continue
                copy = child.deepcopy()
                for node in copy.findall(nodes.Element):
                    node["ids"] = []
                howto += copy
            board.parent.insert(board.parent.index(board) + 1, howto)


class LinkPanelsToPlay(SphinxPostTransform):
    """Under each figure's panels, a link per panel (``a.rulebook-play-position``)
    to the game's play page in the page's language, at that panel's position: the
    record's options, start and moves up to the panel (and its variation), as a
    share link's fragment (:func:`rulebook.play.bridge.share_fragment`), so the
    reader can play on from any figure.  Only where the project has that play page."""

    default_priority = 210
    formats = ("html",)

    def run(self, **kwargs):
        builder = self.env._app.builder
        lang = page_language(self.env.config)
        words = WORDS[lang]
        root = project_folder(self.env, "rulebook_figures_dir")
        for figure in list(self.document.findall(nodes.figure)):
            name = figure.get("rulebook_record")
            panels = [child for child in figure.children if isinstance(child, nodes.reference)
                      and "rulebook-panel-link" in child["classes"]]
            if not name or not panels:
                continue
            record = cached_record(root / f"{name}.toml", root)
            slug = record.game.slug
            if play_page(slug) not in self.env.found_docs:
                continue
            page = relative_uri(builder.get_target_uri(self.env.docname),
                                builder.get_target_uri(play_page(slug)))
            options = changed_options(record.game)
            links = nodes.paragraph(classes=["rulebook-play-positions"])
            if len(record.panels) > 1:
                links += nodes.Text(words["play_from"])
            for k, panel in enumerate(record.panels, start=1):
                moves = [*record.moves[:panel.after], *panel.then]
                text = (words["play_panel"].format(k=k) if len(record.panels) > 1
                        else words["play_position"])
                if k > 1:
                    links += nodes.Text(" · ")
                links += nodes.reference(
                    "", text, internal=True, classes=["rulebook-play-position"],
                    refuri=page + share_fragment(slug, options, record.start, moves))
            figure.insert(figure.index(panels[-1]) + 1, links)
