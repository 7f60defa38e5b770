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
from sphinx.util.docutils import SphinxDirective

from ..errors import RulebookError
from ..figure_style import drawing_module
from ..games import available_games, game_class
from ..play.site import RUNTIME_KEY
from ..play.words import WORDS
from .directives import page_language
from .html import site_prefix


class play_board(nodes.General, nodes.Element):
    """Where the play page's board goes (filled in by play.js)."""


class PlayDirective(SphinxDirective):
    required_arguments = 1

    def run(self):
        slug = self.arguments[0]
        if slug not in available_games():
            raise self.error(f"rulebook-play: unknown game {slug!r} "
                             f"(games: {', '.join(available_games())})")
        node = play_board(slug=slug)
        self.set_source_info(node)
        return [node]


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
        marks = [mark.names[lang] for mark in drawing_module(slug).MARKS]
    except (RulebookError, ImportError) as error:  # pragma: no cover - a broken game module
        raise nodes.SkipNode from error
    words = {**WORDS[lang], "game": game_class(slug).names[lang], "marks": marks}
    rules = (self.builder.get_relative_uri(docname, slug)
             if slug in self.builder.env.found_docs else "")
    # runtime: the key of the engine's memory snapshot (worker.js), with engine.zip's bytes
    data = {"game": slug, "lang": lang, "site": prefix, "rules": rules, "runtime": RUNTIME_KEY}
    attributes = " ".join(f'data-{k}="{html.escape(v)}"' for k, v in data.items())
    words_json = html.escape(json.dumps(words, ensure_ascii=False, sort_keys=True))
    # start.js starts the engine's worker as soon as the element is parsed (a classic
    # inline script: it runs then, once the head's style sheets are in; a module
    # script, even async, ran only once the whole page was parsed); play.js takes
    # the worker over.
    self.body.append(
        f'<div class="rulebook-play" {attributes} data-words="{words_json}">\n'
        f'<p class="play-status" role="status">{html.escape(words["loading"])}</p>\n'
        f"</div>\n"
        f"<script>{START_JS}</script>\n"
        f'<link rel="stylesheet" href="{prefix}play/play.css">\n'
        f'<script type="module" src="{prefix}play/play.js"></script>\n')
    raise nodes.SkipNode


def skip(self, node):
    raise nodes.SkipNode
