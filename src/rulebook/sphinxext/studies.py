"""``.. study-chart:: <game>/<study> [<game>/<study> ...]``: a chart of stored
study results, in the page's language, with a caption that quotes them.

The figure carries ``rulebook_study`` (the study names), so the caption gate
holds its text to the same rule as a record's figure: every number and player
name comes from a ``:claim:`<game>/<study>#<key>```.  A missing or stale
result is an error naming the study and the command that brings it up to date.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx.util import logging

from ..errors import RulebookError
from ..games import make_game
from ..studies import fresh_result, load_study, study_path
from .directives import CHROME, RulebookFigureDirective, draws_figures, page_language

logger = logging.getLogger(__name__)


def chart_studies(figures: Path, names: list[str]):
    """The studies a chart names (all of one game and of the balance kind)."""
    studies = []
    for name in names:
        game, _, stem = name.partition("/")
        studies.append(load_study(study_path(figures, game, stem)))
    games = {study.game for study in studies}
    if len(games) != 1:
        raise RulebookError(f"study-chart {' '.join(names)}: the studies must be of one game")
    if any(study.kind.name != "balance" for study in studies):
        raise RulebookError(f"study-chart {' '.join(names)}: only balance studies have a chart")
    return studies


class StudyChartDirective(RulebookFigureDirective):
    required_arguments = 1
    optional_arguments = 20

    def run(self):
        figures = Path(self.env.config.rulebook_figures_dir)
        names = list(self.arguments)
        figure = nodes.figure(classes=["rulebook-figure", "study-chart", "rulebook-columns-2"])
        figure["rulebook_study"] = " ".join(names)
        self.set_source_info(figure)
        try:
            studies = chart_studies(figures, names)
            for study in studies:
                self.env.note_dependency(str(study.path))
                self.env.note_dependency(str(study.result_path))
            if draws_figures(self.env):  # the catalogs and a check need no results
                results = [(study.label, fresh_result(study)) for study in studies]
                figure += self.chart_nodes(studies, results)
        except (RulebookError, OSError) as error:
            logger.error("%s", error, location=figure, type="rulebook", subtype="study")
            return [figure]
        self.add_text(figure)
        return [figure]

    def chart_nodes(self, studies, results) -> list[nodes.reference]:
        from ..figure_cache import rendered_chart  # matplotlib only when drawing

        lang = page_language(self.env.config)
        game = make_game(studies[0].game)
        svgs = rendered_chart(game, results, lang, self.env.config.rulebook_cache)
        stem = "study-" + "-".join(s.name.replace("/", "-") for s in studies[:1]) + f"-{len(studies)}"
        title = " ".join(s.name for s in studies)
        return [self.panel_link(f"{stem}-{lang}-{k}.svg", svg, title,
                                CHROME[lang]["panel"].format(k=k, n=len(svgs)), lang)
                for k, svg in enumerate(svgs, start=1)]
