"""Transforms run after translation: quoted claim values, Japanese line joins."""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from ..errors import RulebookError
from ..i18n import ENGLISH_WORD, VALUES, CatalogError, claim_word, claim_words
from ..studies import quote
from .directives import cached_record, page_language, panel_alt, project_folder
from .nodes import claim_value

logger = logging.getLogger(__name__)


def format_value(value, game=None, lang: str = "en", words=None) -> str:
    """A claim's value as a caption prints it in the page's language: player names
    from the game, other words (true, none, reasons, stages...) from ``words``
    (:func:`rulebook.i18n.claim_words`), a phrase of several word by word."""
    if isinstance(value, bool):
        return _word(str(value).lower(), game, lang, words)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    separator = "、" if lang == "ja" else ", "
    if isinstance(value, (list, tuple)):
        return separator.join(format_value(v, game, lang, words) for v in value)
    if isinstance(value, dict):  # e.g. discs in hand: "White: 2, Black: 2"
        colon = "：" if lang == "ja" else ": "
        return separator.join(f"{_word(str(k), game, lang, words)}{colon}"
                              f"{format_value(v, game, lang, words)}" for k, v in value.items())
    if isinstance(value, str):
        if POLYNOMIAL.fullmatch(value):
            return polynomial_text(value)
        return _word(value, game, lang, words)
    return str(value)


# A polynomial in t as the engines write it, e.g. "-t^-9 + 2t^-8 - 1 + t" (Necto's knot
# invariants): printed as mathematics is, with raised exponents and minus signs.
POLYNOMIAL = re.compile(r"-?\d*t?(\^-?\d+)?( [-+] \d*t?(\^-?\d+)?)*")
_SUPERSCRIPTS = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def polynomial_text(value: str) -> str:
    """``value`` (a POLYNOMIAL) with its exponents raised and its minus signs true
    minus signs: "-t^-2 + 1" -> "−t⁻² + 1"."""
    if "t" not in value:
        return value.replace("-", "\u2212")
    raised = re.sub(r"\^(-?\d+)", lambda m: m.group(1).translate(_SUPERSCRIPTS), value)
    return re.sub(r"(?<![⁰¹²³⁴⁵⁶⁷⁸⁹])-", "\u2212", raised)


def _word(text: str, game, lang: str, words) -> str:
    if game is not None:
        for index, names in enumerate(game.players):
            if text == names["en"]:
                return game.player_name(index, lang)
        if text == "draw":
            return game.player_name(None, lang)
    words = words or {}
    slug = game.slug if game is not None else None
    translated = claim_word(words, slug, text)
    if translated is not None:
        return translated
    if " " in text:  # e.g. a tile and its owner, "x2 Second"
        return " ".join(_word(part, game, lang, words) for part in text.split(" "))
    return text


class ResolveClaimValues(SphinxTransform):
    """Replace ``:claim:`` references by the checked value (after translation): a
    record's claim inside its figure, or a study's stored value anywhere."""

    default_priority = 900  # after the Locale transform (20) re-parsed translations

    def apply(self, **kwargs):
        root = project_folder(self.env, "rulebook_figures_dir")
        lang = page_language(self.config)
        words = self._words(lang)
        for node in list(self.document.findall(claim_value)):
            if "#" in node["claim_id"]:  # <game>/<study>#<key>: a study's stored result
                if self.env._builder_cls.name == "gettext":  # catalogs need no values
                    node.replace_self(nodes.Text(node.astext()))
                    continue
                try:
                    text = quote(root, node["claim_id"], lang, words)
                except (RulebookError, OSError) as error:
                    logger.error("%s", error, location=node, type="rulebook", subtype="claim")
                    text = node.astext()
                else:
                    self._check_language(node, text, lang)
                node.replace_self(nodes.Text(text))
                continue
            figure = node.parent
            while figure is not None and "rulebook_record" not in getattr(figure, "attributes", {}):
                figure = figure.parent
            if figure is None:
                logger.error("claim %r is not inside a rulebook-figure caption", node["claim_id"],
                             location=node, type="rulebook", subtype="claim")
                node.replace_self(nodes.Text(node.astext()))
                continue
            try:
                record = cached_record(root / f"{figure['rulebook_record']}.toml", root)
                claim = record.claim_by_id(node["claim_id"])
                record.check_claim(claim)
                text = format_value(claim.expect, record.game, lang, words)
            except (RulebookError, OSError) as error:
                logger.error("%s", error, location=node, type="rulebook", subtype="claim")
                text = node.astext()
            else:
                self._check_language(node, text, lang, record.game.slug)
            node.replace_self(nodes.Text(text))

    def _values_path(self, lang: str) -> Path:
        return Path(self.env.srcdir) / self.config.locale_dirs[0] / lang / VALUES

    def _words(self, lang: str) -> dict:
        if lang == "en" or not self.config.locale_dirs:
            return {}
        path = self._values_path(lang)
        self.env.note_dependency(str(path))
        try:
            return claim_words(path.parent.parent, lang)
        except CatalogError as error:
            logger.error("%s", error, location=self.document, type="rulebook", subtype="claim")
            return {}

    def _check_language(self, node, text: str, lang: str, slug: str | None = None) -> None:
        """A claim on a page in another language than English prints no English word."""
        if lang == "en" or not ENGLISH_WORD.search(text):
            return
        where = self._values_path(lang) if self.config.locale_dirs else "the values catalog"
        logger.error("claim %r prints %r, English on a %s page: add its translation to %s"
                     "%s", node["claim_id"], text, lang, where,
                     f" (msgctxt {slug!r}, or none for every game)" if slug else "",
                     location=node, type="rulebook", subtype="claim")


class MoveAltTextIntoImage(SphinxTransform):
    """Put a figure's (translated) ``:alt:`` text into each of its panels."""

    default_priority = 905

    def apply(self, **kwargs):
        if self.env._builder_cls.name == "gettext":
            return  # leave the paragraph for the message catalog
        lang = page_language(self.config)
        for alt in list(self.document.findall(
                lambda n: isinstance(n, nodes.paragraph) and "rulebook-alt" in n["classes"])):
            for image in alt.parent.findall(nodes.image):
                if "rulebook-panel" in image["classes"]:
                    image["alt"] = panel_alt(alt.astext(), image.get("rulebook_panel_about"), lang)
            alt.parent.remove(alt)


CJK = r"\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
CJK_NEWLINE = re.compile(rf"(?<=[{CJK}])\s*\n\s*|\s*\n\s*(?=[{CJK}])")


class JoinJapaneseLines(SphinxTransform):
    """A newline inside Japanese text would show as a space in browsers: drop it."""

    default_priority = 910

    def apply(self, **kwargs):
        if page_language(self.config) != "ja":
            return
        for text in list(self.document.findall(nodes.Text)):
            if isinstance(text.parent, (nodes.literal_block, nodes.literal)):
                continue
            joined = CJK_NEWLINE.sub("", str(text))
            if joined != str(text):
                text.parent.replace(text, nodes.Text(joined))
