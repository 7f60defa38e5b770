"""Words that only make sense on a screen ("on this page", "click"): a PDF must not print them.

The document template reads the text of every flowable it lays out
(:func:`flowable_texts`) and the builder warns, one line per find, naming the PDF,
the page and the phrase, which fails the build.  The pages say "in this rulebook"
(本書) instead, which is true on the web and on paper.
"""

from __future__ import annotations

import re

# Per language, lower case; matched in text whose white space is made single spaces.
WEB_ONLY_PHRASES = {
    "en": ("this page", "click", "scroll", "hover", "tap on", "web page"),
    "ja": ("このページ", "クリック", "タップ", "スクロール"),
}


def web_only_phrases(text: str, lang: str) -> list[str]:
    """The listed phrases that ``text`` contains, in the order of the list."""
    text = re.sub(r"\s+", " ", text).lower()
    if lang == "ja":  # a line break inside Japanese text is no space
        text = re.sub(r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])", "", text)
    return [phrase for phrase in WEB_ONLY_PHRASES.get(lang, WEB_ONLY_PHRASES["en"]) if phrase in text]


def flowable_texts(flowable):
    """The plain text of ``flowable`` and of every flowable inside it (tables, lists, boxes)."""
    text = getattr(flowable, "getPlainText", None)
    if text is not None:
        yield text()
    cells = getattr(flowable, "_cellvalues", None)
    for row in cells or ():
        for cell in row:
            for inner in cell if isinstance(cell, (list, tuple)) else [cell]:
                if isinstance(inner, str):
                    yield inner
                elif inner is not None:
                    yield from flowable_texts(inner)
    for attribute in ("_content", "_flowables", "top", "bottom"):
        for inner in getattr(flowable, attribute, None) or ():
            yield from flowable_texts(inner)
