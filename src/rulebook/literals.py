"""Literals in text a reader reads: numbers and player names.

What the caption gate (``sphinxext/gate.py``) refuses outside claims, and the
record loader refuses in panel labels (which are drawn, so cannot quote claims).
"""

from __future__ import annotations

import re
import unicodedata


def is_numeral(char: str) -> bool:
    """A digit in any script (4, ４, ①, ², ½, Ⅳ), but not a CJK ideograph such
    as 一 or 四, which is also an ordinary word (一つ, 一方, 同一)."""
    return char.isnumeric() and not unicodedata.name(char, "").startswith("CJK")


def player_names(game) -> list[str]:
    """Every name of every player of ``game``, in every language it has."""
    names = {game.player_name(index, lang)
             for index, spelled in enumerate(game.players) for lang in spelled}
    return sorted(names, key=len, reverse=True)


def name_pattern(names) -> re.Pattern:
    """Latin names as whole words (X, not the x of 'ox'), other scripts anywhere."""
    alternatives = [rf"(?<![A-Za-z0-9]){re.escape(n)}(?![A-Za-z0-9])" if n.isascii()
                    else re.escape(n) for n in names]
    return re.compile("|".join(alternatives))


def _around(text: str, start: int, end: int, width: int = 20) -> str:
    left, right = max(0, start - width), min(len(text), end + width)
    snippet = " ".join(text[left:right].split())
    return ("…" if left else "") + snippet + ("…" if right < len(text) else "")


def _continues_number(text: str, i: int) -> bool:
    """Whether ``text[i]`` belongs to the number before it (a1, 9th, 25.00%)."""
    char = text[i]
    return (is_numeral(char) or char in "%％" or (char.isascii() and char.isalpha())
            or (char in ".," and i + 1 < len(text) and is_numeral(text[i + 1])))


def unchecked_literals(text: str, names: re.Pattern) -> list[tuple[str, str]]:
    """``(literal, context)`` for each number and player name in ``text``, in order.

    A number is reported with the letters and signs around it (``a1``,
    ``25.00%``); names are looked up in the NFKC form, so a full-width Ｘ counts.
    """
    found = []
    index = 0
    while index < len(text):
        if not is_numeral(text[index]):
            index += 1
            continue
        start, end = index, index + 1
        while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            start -= 1
        while end < len(text) and _continues_number(text, end):
            end += 1
        found.append((start, text[start:end], _around(text, start, end)))
        index = end
    folded = unicodedata.normalize("NFKC", text)
    for match in names.finditer(folded):
        found.append((match.start(), match.group(), _around(folded, match.start(), match.end())))
    return [(literal, context) for _, literal, context in sorted(found)]
