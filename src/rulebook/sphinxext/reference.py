"""``.. record-reference::``: the record format, printed from its declarations.

First the keys of a record (:mod:`rulebook.record_format`), then one section
per registered game: its options (``Game.parameters``), its start position
format and example, its view options (``games/<game>/views.py``), its facts
with their arguments and answers, and a link to the notation section of its
page (the label ``<slug>-notation``, which each game page must define).

The meanings are reader prose, written once in English with their
declarations: each is a paragraph of the page, so the gettext builder extracts
it into the page's catalogue and the Japanese site shows its translation (the
translation gate fails the build when one is missing or stale).  Types,
defaults and allowed values are code and are printed as they are, with the
few words around them (``WORDS``) in the page's language.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from ..game import Fact, Parameter
from ..record_facts import claim_facts
from ..record_format import CLAIM, FIGURE, KINDS, PANEL, RECORD, Key, toml_value, type_words
from .directives import page_language

WORDS = {
    "en": {"keys": "Keys of a record", "record": "The record", "required": "required",
           "default": "default", "one of": "one of", "answer": "answer",
           "arguments": "arguments", "options": "Options", "start": "Start position",
           "views": "View options", "facts": "Facts", "notation": "Notation",
           "no options": "This game has no options.",
           "no start": "This game has no position format: a record starts from the game's "
                       "own start.",
           "see notation": "Moves are written as in the game page's section ",
           "sep": " · ", "list": ", ", "from": "from {low} to {high}", "min": "at least {v}",
           "max": "at most {v}", "above": "above {v}", "below": "under {v}"},
    "ja": {"keys": "記録のキー", "record": "記録全体", "required": "必須",
           "default": "既定値", "one of": "選べる値", "answer": "答え",
           "arguments": "引数", "options": "オプション", "start": "開始局面",
           "views": "表示オプション", "facts": "事実", "notation": "棋譜",
           "no options": "このゲームにはオプションがありません。",
           "no start": "このゲームには局面形式がありません。記録はゲーム本来の開始局面から始まります。",
           "see notation": "手の書き方はゲームのページの次の節のとおりです：",
           "sep": "・", "list": "、", "from": "{low}以上{high}以下", "min": "{v}以上",
           "max": "{v}以下", "above": "{v}より大きい", "below": "{v}未満"},
}


class RecordReferenceDirective(SphinxDirective):
    """The reference of the record format; it must end its section (it adds subsections)."""

    def run(self):
        from ..games import available_games, make_game

        self.lang = page_language(self.env.config)
        self.words = WORDS[self.lang]
        keys = self.section("record-keys", self.words["keys"])
        for title, table in ((self.words["record"], RECORD), ("[figure]", FIGURE),
                             ("[[figure.panels]]", PANEL), ("[[claims]]", CLAIM)):
            keys += nodes.rubric("", title, translatable=False)
            keys += self.items((self.key_term(key), [self.prose(key.doc)]) for key in table)
        return [keys, *(self.game_section(make_game(slug)) for slug in available_games())]

    # --- building blocks ---------------------------------------------------------------
    def section(self, name: str, title: str) -> nodes.section:
        section = nodes.section(ids=[f"reference-{name}"], names=[f"reference-{name}"])
        section += nodes.title("", title, translatable=False)
        return section

    def rubric(self, text: str) -> nodes.rubric:
        return nodes.rubric("", text, translatable=False)

    def prose(self, text: str) -> nodes.paragraph:
        """A translatable paragraph: English from the declarations, other languages
        from the page's catalogue."""
        children, messages = self.state.inline_text(text, self.lineno)
        paragraph = nodes.paragraph(text, "", *children, *messages)
        self.set_source_info(paragraph)
        return paragraph

    def items(self, entries) -> nodes.definition_list:
        """A definition list of (term, definition paragraphs)."""
        listing = nodes.definition_list(classes=["record-reference"])
        for term, body in entries:
            listing += nodes.definition_list_item("", term, nodes.definition("", *body))
        return listing

    def term(self, name: str, *details) -> nodes.term:
        """``name`` then its details (type, default...), separated."""
        term = nodes.term("", "")
        term += nodes.literal("", name)
        parts = [d for d in details if d]
        if parts:
            term += nodes.Text(self.words["sep"])
        for index, part in enumerate(parts):
            if index:
                term += nodes.Text(self.words["sep"])
            term += part if isinstance(part, nodes.Node) else nodes.Text(part)
        return term

    def code_list(self, values) -> nodes.inline:
        inline = nodes.inline()
        for index, value in enumerate(values):
            if index:
                inline += nodes.Text(self.words["list"])
            inline += nodes.literal("", toml_value(value))
        return inline

    def labelled(self, label: str, node) -> nodes.inline:
        separator = "：" if self.lang == "ja" else ": "
        return nodes.inline("", "", nodes.Text(label + separator), node)

    def bounds(self, low=None, high=None, above=None, below=None) -> str:
        w = self.words
        if low is not None and high is not None:
            return w["from"].format(low=f"{low:g}", high=f"{high:g}")
        parts = [w[word].format(v=f"{value:g}") for word, value in
                 (("min", low), ("above", above), ("max", high), ("below", below))
                 if value is not None]
        return w["list"].join(parts)

    # --- the record's keys --------------------------------------------------------------
    def key_term(self, key: Key) -> nodes.term:
        return self.term(key.name, KINDS[key.kind][self.lang],
                         self.bounds(key.minimum, key.maximum),
                         self.words["required"] if key.required else "")

    # --- one game -----------------------------------------------------------------------
    def game_section(self, game) -> nodes.section:
        from ..views import view_options

        section = self.section(game.slug, f"{game.names[self.lang]} ({game.slug})")
        section += self.rubric(self.words["options"])
        if game.parameters:
            section += self.items((self.option_term(p), [self.prose(p.doc)])
                                  for p in game.parameters)
        else:
            section += nodes.paragraph("", self.words["no options"], translatable=False)
        section += self.rubric(self.words["start"])
        if game.position_format:
            section += self.prose(game.position_format)
            section += nodes.literal_block(game.position_example, game.position_example,
                                           language="text")
        else:
            section += nodes.paragraph("", self.words["no start"], translatable=False)
        section += self.rubric(self.words["views"])
        section += self.items(
            (self.term(name, " / ".join(type_words(kind, self.lang)
                                        for kind in (option.kinds or (type(option.default),))),
                       self.labelled(self.words["default"],
                                     nodes.literal("", toml_value(option.default))),
                       self.labelled(self.words["one of"], self.code_list(option.choices))
                       if option.choices else ""),
             [self.prose(option.doc)])
            for name, option in view_options(game.slug).items())
        section += self.rubric(self.words["facts"])
        section += self.items((self.fact_term(fact, game), [self.prose(fact.doc)])
                              for fact in claim_facts(game))
        section += self.rubric(self.words["notation"])
        link = addnodes.pending_xref("", refdomain="std", reftype="ref",
                                     reftarget=f"{game.slug}-notation", refexplicit=False,
                                     refwarn=True)
        link += nodes.inline("", f"{game.slug}-notation")
        self.set_source_info(link)
        section += nodes.paragraph("", "", nodes.Text(self.words["see notation"]), link,
                                   translatable=False)
        return section

    def option_term(self, parameter: Parameter) -> nodes.term:
        return self.term(
            parameter.name, type_words(type(parameter.default), self.lang),
            self.labelled(self.words["default"], nodes.literal("", toml_value(parameter.default))),
            self.labelled(self.words["one of"], self.code_list(parameter.choices))
            if parameter.choices else "",
            self.bounds(parameter.minimum, parameter.maximum, parameter.above, parameter.below))

    def fact_term(self, fact: Fact, game) -> nodes.term:
        arguments = nodes.inline()
        for index, arg in enumerate(fact.args):
            if index:
                arguments += nodes.Text(self.words["list"])
            arguments += nodes.literal("", arg)
            arguments += nodes.Text(f" ({type_words(fact.arg_type(arg), self.lang)})")
        answer = nodes.inline("", type_words(fact.answer_type(), self.lang))
        if fact.values is not None:
            answer += nodes.Text(self.words["sep"])
            answer += self.code_list(fact.values(game))
        return self.term(fact.name,
                         self.labelled(self.words["arguments"], arguments) if fact.args else "",
                         self.labelled(self.words["answer"], answer))


