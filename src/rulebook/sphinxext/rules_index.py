"""``.. rules-index:: <game>``: a book's rules index, every rule of the game with
the figures of the page that show it (:mod:`rulebook.rule_coverage`).

While a page is read, each of its record figures gets an id (``rule-figure-<record>``)
and the rules it shows are noted in the environment.  Once the page is resolved, the
index lists each rule, in the page's language, with a link to each of those figures,
named by its section (and its place there when the section has several); the PDF
builder adds the page each figure is printed on (:mod:`rulebook.pdf.rules_index`).

A rule no figure of the page shows is said so in the index and logged; with
``rulebook_require_rule_coverage = True`` in ``conf.py`` it is an error, one line
naming the game and the rule.  (Not required, it is logged at the info level only:
the ``rulebook`` command fails a build on any warning.)
"""

from __future__ import annotations


from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from ..errors import RulebookError
from ..rule_coverage import rules_of, shown_by
from .directives import cached_record, page_language, project_folder

logger = logging.getLogger(__name__)

WORDS = {
    "en": {"figure": "{section}, figure {k}", "none": "no figure shows it yet",
           "shows": "Shown in: ", "sep": "; "},
    "ja": {"figure": "{section}の図{k}", "none": "まだ図がありません", "shows": "図：", "sep": "、"},
}


class rules_index(nodes.General, nodes.Element):
    """The index of one game's rules: ``node["game"]``; once resolved, its children
    are a bullet list (the web page) and ``node["entries"]`` the same for the PDF:
    ``[(rule sentence, [(link text, figure id), ...]), ...]``."""


class RulesIndexDirective(SphinxDirective):
    required_arguments = 1

    def run(self):
        node = rules_index(game=self.arguments[0].strip())
        self.set_source_info(node)
        if not rules_of(node["game"]):
            logger.error("rules-index: the game %r declares no rules (games/<game>/ruleset.py)",
                         node["game"], location=node, type="rulebook", subtype="rules_index")
        return [node]


def figure_id(record_name: str) -> str:
    return nodes.make_id(f"rule-figure-{record_name}")


def note_figures(app, doctree: nodes.document) -> None:
    """doctree-read: give each record figure an id and note the rules it shows."""
    env = app.env
    found = []
    root = project_folder(env, "rulebook_figures_dir")
    ordinals: dict[int, int] = {}
    for figure in doctree.findall(nodes.figure):
        name = figure.get("rulebook_record")
        if not name:
            continue
        parent = figure.parent
        while parent is not None and not isinstance(parent, nodes.section):
            parent = parent.parent
        title = parent.next_node(nodes.title).astext() if parent is not None else ""
        ordinals[id(parent)] = ordinals.get(id(parent), 0) + 1
        ident = figure_id(name)
        if ident not in figure["ids"]:
            figure["ids"].append(ident)
            doctree.ids.setdefault(ident, figure)
        try:
            record = cached_record(root / f"{name}.toml", root)
            record.check()
            rules = sorted({showing.rule for showing in shown_by(record)})
        except (RulebookError, OSError):
            rules = []  # the figure directive has said what is wrong with it
        found.append({"record": name, "game": name.split("/")[0],
                      "id": ident, "section": title, "ordinal": ordinals[id(parent)],
                      "parent": id(parent), "rules": rules})
    # how many figures each section holds, to name a figure by its place only when needed
    for entry in found:
        entry["of"] = ordinals[entry.pop("parent")]
    if not hasattr(env, "rulebook_rule_figures"):
        env.rulebook_rule_figures = {}
    env.rulebook_rule_figures[env.docname] = found


ATTRIBUTES = ("rulebook_rule_figures", "rulebook_rules_indexes")  # per docname, on the env


def purge(app, env, docname) -> None:
    for attribute in ATTRIBUTES:
        getattr(env, attribute, {}).pop(docname, None)


def merge(app, env, docnames, other) -> None:
    for attribute in ATTRIBUTES:
        mine, theirs = env.__dict__.setdefault(attribute, {}), getattr(other, attribute, {})
        mine.update({docname: theirs[docname] for docname in docnames if docname in theirs})


def index_entries(figures: list[dict], game: str, lang: str) -> list[tuple[str, str, list]]:
    """``[(rule id, sentence, [(link text, figure id), ...]), ...]`` for the game's rules,
    from the figures noted on one page."""
    words = WORDS.get(lang, WORDS["en"])
    entries = []
    for rule in rules_of(game):
        links = []
        for figure in figures:
            if figure["game"] == game and rule.id in figure["rules"]:
                text = (words["figure"].format(section=figure["section"], k=figure["ordinal"])
                        if figure["of"] > 1 else figure["section"])
                links.append((text, figure["id"]))
        entries.append((rule.id, rule.text.get(lang, rule.text["en"]), links))
    return entries


def uncovered(figures: list[dict], game: str) -> list[str]:
    return [rule for rule, _, links in index_entries(figures, game, "en") if not links]


def fill_index(app, doctree: nodes.document, docname: str) -> None:
    """doctree-resolved: each rules index gets its entries and its list."""
    figures = getattr(app.env, "rulebook_rule_figures", {}).get(docname, [])
    lang = page_language(app.config)
    words = WORDS.get(lang, WORDS["en"])
    for node in list(doctree.findall(rules_index)):
        entries = index_entries(figures, node["game"], lang)
        node["entries"] = [(sentence, links) for _, sentence, links in entries]
        node["words"] = words
        listing = nodes.bullet_list(classes=["rulebook-rules-index"])
        for _, sentence, links in entries:
            item = nodes.list_item("", nodes.paragraph("", "", nodes.strong(sentence, sentence),
                                                       translatable=False))
            paragraph = nodes.paragraph(translatable=False)
            if links:
                paragraph += nodes.Text(words["shows"])
                for k, (text, ident) in enumerate(links):
                    if k:
                        paragraph += nodes.Text(words["sep"])
                    paragraph += nodes.reference(text, text, refid=ident, internal=True)
            else:
                paragraph += nodes.emphasis(words["none"], words["none"])
            item += paragraph
            listing += item
        node.children = []
        node += listing


def check_coverage(app, env) -> None:
    """env-check-consistency: every rule of every indexed game shown by a figure of
    its page; one line per rule that is not."""
    require = app.config.rulebook_require_rule_coverage
    figures = getattr(env, "rulebook_rule_figures", {})
    for docname, game in sorted(getattr(env, "rulebook_rules_indexes", {}).items()):
        for rule in uncovered(figures.get(docname, []), game):
            message = (f"{game}: rule {rule!r} is shown by no figure of {docname} "
                       "(games/<game>/ruleset.py)")
            if require:
                logger.error("%s (rulebook_require_rule_coverage)", message,
                             type="rulebook", subtype="rule_coverage")
            else:
                logger.info("%s", message)


def note_indexes(app, doctree: nodes.document) -> None:
    """doctree-read: which page holds which game's rules index."""
    env = app.env
    if not hasattr(env, "rulebook_rules_indexes"):
        env.rulebook_rules_indexes = {}
    env.rulebook_rules_indexes.pop(env.docname, None)
    for node in doctree.findall(rules_index):
        env.rulebook_rules_indexes[env.docname] = node["game"]


def visit_html(self, node):
    self.body.append(self.starttag(node, "div", CLASS="rulebook-rules-index"))


def depart_html(self, node):
    self.body.append("</div>\n")


def setup(app):
    app.add_config_value("rulebook_require_rule_coverage", False, "env",
                         types=frozenset({bool}))
    app.add_node(rules_index, html=(visit_html, depart_html))
    app.add_directive("rules-index", RulesIndexDirective)
    app.connect("doctree-read", note_figures)
    app.connect("doctree-read", note_indexes)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    app.connect("env-check-consistency", check_coverage)
    app.connect("doctree-resolved", fill_index)
