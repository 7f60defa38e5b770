"""``.. study-chart:: <game>/<study> [<game>/<study> ...]``: a chart of stored
study results, in the page's language, with a caption that quotes them.

The figure carries ``rulebook_study`` (the study names), so the caption gate
holds its text to the same rule as a record's figure: every number and player
name comes from a ``:claim:`<game>/<study>#<key>```.  A missing or stale
result is an error naming the study and the command that brings it up to date.

:class:`SamplesQuoted` holds every section that uses a balance study (quotes a
value of it, or charts it) to saying what the numbers rest on: the study's
number of games (``#games``) and its players (``#player``, of this study or of
one whose players are the same, as in "both sides are, in every study, ...").
"""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from ..errors import RulebookError
from ..games import make_game
from ..studies import fresh_result, load_study, study_path
from ..studies.present import SAMPLE_KEYS
from .directives import CHROME, RulebookFigureDirective, draws_figures, page_language, project_folder
from .nodes import claim_value

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
        figures = project_folder(self.env, "rulebook_figures_dir")
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


def _section(node) -> nodes.Element:
    while node.parent is not None and not isinstance(node, nodes.section):
        node = node.parent
    return node


class SamplesQuoted(SphinxTransform):
    """A section that uses a balance study quotes how many games it played and
    who played them (:data:`rulebook.studies.present.SAMPLE_KEYS`): a share of
    wins means little without them.  Runs after translation, on every language."""

    default_priority = 895  # after the caption gate (890), before claims become text (900)

    def apply(self, **kwargs):
        if self.env._builder_cls.name == "gettext":
            return
        figures = project_folder(self.env, "rulebook_figures_dir")
        uses: dict = {}  # section -> {study: the first node that uses it}
        quoted: dict = {}  # section -> {(study, key)}
        for node in self.document.findall(claim_value):
            name, hashed, key = node["claim_id"].partition("#")
            if hashed:
                uses.setdefault(_section(node), {}).setdefault(name, node)
                quoted.setdefault(_section(node), set()).add((name, key))
        for figure in self.document.findall(nodes.figure):
            for name in figure.get("rulebook_study", "").split():
                uses.setdefault(_section(figure), {}).setdefault(name, figure)
        for section, used in uses.items():
            said = quoted.get(section, set())
            players = {self._players(figures, name) for name, key in said if key == "player"}
            for name, node in used.items():
                who = self._players(figures, name)
                if who is None:  # not a sampled study, or one already reported
                    continue
                missing = [f":claim:`{name}#{key}`" for key in SAMPLE_KEYS
                           if (key == "games" and (name, key) not in said)
                           or (key == "player" and who not in players)]
                if missing:
                    title = section.next_node(nodes.title)
                    where = f"section {title.astext()!r}" if title else "the page"
                    logger.error("study %s is used in %s without %s: say how many games "
                                 "its numbers rest on and who played them",
                                 name, where, " and ".join(missing),
                                 location=node, type="rulebook", subtype="study")

    @staticmethod
    def _players(figures: Path, name: str) -> tuple[str, str] | None:
        """The game and players of a balance study (None for another kind, or a
        study that cannot be loaded: its claim reports that)."""
        game, _, stem = name.partition("/")
        try:
            study = load_study(study_path(figures, game, stem))
        except (RulebookError, OSError):
            return None
        if study.kind.name != "balance":
            return None
        return study.game, json.dumps(study.spec["players"], sort_keys=True)
