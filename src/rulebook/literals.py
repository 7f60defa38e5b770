"""Literals in text a reader reads: numbers and player names.

What the caption gate (``sphinxext/gate.py``) refuses outside claims, and the
record loader refuses in panel labels (which are drawn, so cannot quote claims);
and Japanese counts in kanji numerals, which would slip past both
(``numeral_problems``: the translation gate and the record loader refuse them).
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


# One numeral style in Japanese, as Japanese set horizontally is printed: a count or
# an ordinal with its counter in Arabic numerals (8種類, 4枚, 1手目, 2手目, 3面), while
# 一つ, 二つ (counted with つ), 一 as "a" (一手, 一局) and names keep their kanji.
_COUNTERS = ("種類", "種", "枚", "個", "回", "手", "本", "組", "点", "局", "色", "辺", "段",
             "列", "行", "面", "方向", "倍", "番", "人", "マス", "通り", "秒", "台")
_KANJI_COUNT = re.compile("(?<![一二三四五六七八九十百千])(一[一二三四五六七八九十百千]+|"
                          "一(?=(?:" + "|".join(_COUNTERS) + ")目)|"  # an ordinal: 1手目, as 2手目
                          "[二三四五六七八九十百千][一二三四五六七八九十百千]*)(?=" + "|".join(_COUNTERS) + ")")
_KANJI_NAMES = ("三回ねじれ",)  # the knot 5_2's Japanese name (Necto)
_DIGITS = dict(zip("一二三四五六七八九", "123456789"))


def arabic(kanji: str) -> str:
    """A kanji numeral under ten thousand in Arabic digits (八 8, 十二 12, 二百五 205)."""
    total, digit = 0, 0
    for char in kanji:
        if char in _DIGITS:
            digit = int(_DIGITS[char])
        else:
            total += (digit or 1) * {"十": 10, "百": 100, "千": 1000}[char]
            digit = 0
    return str(total + digit)


def numeral_problems(text: str) -> list[str]:
    """How a Japanese text breaks the numeral style, one phrase each ('八種類: write 8種類')."""
    for name in _KANJI_NAMES:
        text = text.replace(name, "")
    return [f"{match[0]}{counter}: write {arabic(match[0])}{counter}"
            for match in _KANJI_COUNT.finditer(text)
            for counter in [next(c for c in _COUNTERS if text.startswith(c, match.end()))]]
