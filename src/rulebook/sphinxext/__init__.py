"""The rulebook Sphinx extension: game pages, verified figures, the catalog.

- ``.. game-info:: <slug>``: the title block of a game page (fields + summary).
- ``.. rulebook-figure:: <game>/<record>``: replays a record, checks every claim,
  renders the figure for the page's language and inserts it as a figure whose
  content is the caption.  A false claim is an error naming record and claim.
- ``:claim:`id```: in a caption, the value of the record's claim ``id``;
  ``:claim:`<game>/<study>#<key>```: anywhere, a value of a study's stored result.
- ``.. study-chart:: <game>/<study> ...``: a chart of studies' results (:mod:`.studies`).
- ``.. game-catalog::``: every game page's title block, with links.
- ``.. record-reference::``: the record format, from its declarations (:mod:`.reference`).
- ``.. rulebook-play:: <game>``: the board of a play page (:mod:`.play`).
- ``.. necto-misnamed-knots::``: the knots Necto's rule misnames (:mod:`.knot_table`).
- ``.. rules-index:: <game>``: the game's rules, each with the figures that show it
  (:mod:`.rules_index`).

Claim failures are logged as errors with the page location; the CLI builds
with ``-W`` so they fail the build.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from . import catalog, html, knot_table, play, rules_index, transforms
from .directives import (CheckBuilder, GameCatalogDirective, GameInfoDirective,
                         LinkPanelsToImages, RulebookFigureDirective, claim_role, unchecked_role)
from .reference import RecordReferenceDirective
from .studies import SamplesQuoted, StudyChartDirective
from .gate import CaptionGate
from .nodes import claim_value, figure_legend, game_catalog, game_info, legend_entry


def ship_web_font(app, exception):
    """Ship IPAexGothic with the site so Japanese never depends on the reader's fonts.

    Subset to the characters the pages use (a few dozen kB instead of 6 MB),
    and those the search page's script writes (its words are \\u-escaped).
    """
    if exception is not None or app.builder.format != "html":
        return
    import fontTools
    from fontTools import subset

    from ..cache import Store, digest
    from ..figure_style import font_path

    out = Path(app.outdir)
    used = set()
    for page in [*out.rglob("*.html"), *out.glob("_static/translations.js")]:
        text = page.read_text(encoding="utf-8")
        used |= set(re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m[1], 16)), text))
    text = "".join(sorted(used))
    with open(font_path(), "rb") as stream:
        key = digest(stream.read(), text, fontTools.version)
    store = Store("fonts", enabled=app.config.rulebook_cache)
    data = store.get(key)  # a preview's edit rarely brings a new character
    if data is None:
        options = subset.Options()
        options.layout_features = ["*"]
        font = subset.load_font(font_path(), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=text)
        subsetter.subset(font)
        buffer = io.BytesIO()
        subset.save_font(font, buffer, options)
        data = buffer.getvalue()
        store.put(key, data)
    target = out / "_static" / "ipaexg.ttf"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def setup(app):
    # folders relative to the source folder (docs/): the records, and where the figures are written
    app.add_config_value("rulebook_figures_dir", "../figures", "env")
    app.add_config_value("rulebook_figure_output", "../build/.figures", "env")
    # figures and their PDF drawings from the user's cache (rulebook.cache); False: drawn anew
    app.add_config_value("rulebook_cache", True, "", types=frozenset({bool}))
    # rulebook build --game: only this game's figures are drawn (every record is still checked)
    app.add_config_value("rulebook_only_game", "", "", types=frozenset({str}))
    app.add_node(game_info, html=(html.visit_game_info, html.depart_game_info))
    app.add_node(game_catalog)
    app.add_node(claim_value)
    app.add_node(figure_legend, html=(html.visit_figure_legend, html.depart_figure_legend))
    app.add_node(legend_entry, html=(html.visit_legend_entry, html.depart_legend_entry))
    app.add_directive("game-info", GameInfoDirective)
    app.add_directive("game-catalog", GameCatalogDirective)
    app.add_directive("game-toctree", catalog.GameToctreeDirective)
    app.add_directive("record-reference", RecordReferenceDirective)
    app.add_directive("rulebook-figure", RulebookFigureDirective)
    app.add_node(play.play_board, html=(play.visit_play_board, None),
                 rulebookpdf=(play.skip, None))
    app.add_node(play.play_howto, html=(play.visit_play_howto, play.depart_play_howto),
                 rulebookpdf=(play.skip, None))
    app.add_directive("rulebook-play", play.PlayDirective)
    app.add_directive("study-chart", StudyChartDirective)
    app.add_directive("necto-misnamed-knots", knot_table.MisnamedKnotsDirective)
    app.add_role("claim", claim_role)
    app.add_role("unchecked", unchecked_role)
    app.add_builder(CheckBuilder)  # rulebook check's read of the pages
    app.add_transform(CaptionGate)
    app.add_transform(SamplesQuoted)
    app.add_transform(transforms.ResolveClaimValues)
    app.add_transform(transforms.MoveAltTextIntoImage)
    app.add_transform(transforms.JoinJapaneseLines)
    app.add_post_transform(LinkPanelsToImages)
    app.add_post_transform(play.LinkPanelsToPlay)
    app.add_post_transform(play.AddHowToPlay)
    app.connect("doctree-read", catalog.collect_game_info)
    app.connect("env-purge-doc", catalog.purge_game_info)
    app.connect("env-merge-info", catalog.merge_game_info)
    app.connect("doctree-resolved", catalog.fill_catalog)
    app.connect("builder-inited", html.install_theme_words)
    app.connect("html-page-context", html.add_page_context)
    app.connect("html-page-context", catalog.keep_sections_apart)
    app.connect("html-page-context", play.start_engine_first)
    app.connect("build-finished", ship_web_font)
    rules_index.setup(app)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
