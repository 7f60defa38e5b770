"""The translation gate: Sphinx falls back to English silently, we don't.

``catalog_problems`` compares the message templates of a fresh ``gettext``
build with the language's catalogs and lists, one line each with file and line:

- a catalog that is not UTF-8 or not valid PO syntax (``read_catalog``: babel
  alone reads an unterminated string without complaint);
- every message that is missing (stale catalog), untranslated or fuzzy, and
  every entry that no longer exists in the pages (obsolete ``#~`` ones are
  ignored);
- a translation whose ``:claim:`` roles differ from its source's: the same
  claims in the same order, or in any order under a ``# claims-reordered``
  translator comment (a claim replaced by a typed value is never checked);
- a translation that uses a variant the language's glossary avoids
  (``<locale>/<lang>/glossary/common.toml`` and ``<page>.toml``);
- a Japanese emphasis that starts or ends inside a word (``emphasis_problems``:
  閉じな**かった**側, *もつれ*ています);
- a Japanese translation that counts in kanji numerals (``numeral_problems``):
  a count in Arabic digits is a number the caption gate checks, one in kanji
  would slip past it.
"""

from __future__ import annotations

import functools
import hashlib
import io
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from .errors import RulebookError, array_table_lines, toml_error
from .literals import numeral_problems

REORDERED = "claims-reordered"  # the translator comment that allows another order
CLAIM = re.compile(r":claim:`([^`]*)`")


class CatalogError(RulebookError):
    """A message catalog or glossary that cannot be read, located by file and line."""

    def __init__(self, path, line: int | None, message: str):
        self.path, self.line, self.message = str(path), line, message
        super().__init__(f"{self.path}:{line}: {message}" if line else f"{self.path}: {message}")


# PO syntax (GNU gettext manual, "The Format of PO Files"), read line by line.
_STRING = r'"(?:[^"\\]|\\(?:[\\"abfnrtv?]|[0-7]{1,3}|x[0-9A-Fa-f]+))*"'
_ENTRY_LINE = re.compile(rf"(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+({_STRING})")
_FOLLOWS = {  # keyword -> the keywords it may follow (None: the start of the file)
    "msgctxt": {None, "msgstr"},
    "msgid": {None, "msgctxt", "msgstr"},
    "msgid_plural": {"msgid"},
    "msgstr": {"msgid", "msgid_plural", "msgstr"},
}


def _string_fault(line: str) -> str:
    """Why the quoted string on ``line`` is not a PO string, as a suffix to the error."""
    start = line.find('"')
    if start < 0:
        return ": no opening quote"
    column = start + 1
    while column < len(line):
        if line[column] == "\\":
            escape = re.match(r'\\(?:[\\"abfnrtv?]|[0-7]{1,3}|x[0-9A-Fa-f]+)', line[column:])
            if escape is None:
                bad = line[column:column + 2]
                hint = (" (in a catalog, the escaped space before inline markup is written "
                        "'\\\\ ')" if bad == "\\ " else "")
                return f": invalid escape '{bad}' at column {column + 1}{hint}"
            column += escape.end()
        elif line[column] == '"':
            if not line[column + 1:].strip():
                return ""  # the string is whole: something else is wrong
            return (": text after the closing quote (a quote inside a string is written "
                    "'\\\"')")
        else:
            column += 1
    return ": no closing quote"


def check_po_syntax(path: Path, data: bytes) -> None:
    """Raise CatalogError at the first byte or line that is not valid UTF-8 PO."""
    try:
        text = data.decode()  # UTF-8
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise CatalogError(path, line, f"not UTF-8 (byte 0x{data[error.start]:02x}); "
                                       f"save the catalog as UTF-8") from None
    last, entries = None, {}  # each entry's key and start are set where it starts
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if last is None:
                raise CatalogError(path, number, "a string outside any entry")
            if not re.fullmatch(_STRING, line):
                raise CatalogError(path, number, f"unterminated or malformed string {line[:40]!r}"
                                                 f"{_string_fault(raw)}")
            if last in ("msgctxt", "msgid"):
                key += line
            continue
        match = _ENTRY_LINE.fullmatch(line)
        keyword = line.split()[0]
        kind = keyword.split("[")[0]
        if match is None:
            if kind in _FOLLOWS:
                raise CatalogError(path, number, f"unterminated or malformed string {line[:40]!r}"
                                                 f"{_string_fault(raw)}")
            raise CatalogError(path, number, f"cannot read {line[:40]!r}: expected a comment, "
                                             f"msgid, msgstr or a quoted string")
        if last not in _FOLLOWS[kind] or (kind == last == "msgstr" and "[" not in keyword):
            raise CatalogError(path, number, f"{keyword} cannot follow "
                                             f"{last or 'the start of the file'}")
        if kind == "msgctxt" or (kind == "msgid" and last != "msgctxt"):
            key, start = "", number  # a new entry
        if kind in ("msgctxt", "msgid"):
            key += f"{kind} {match.group(2)}"
        if kind == "msgstr" and last != "msgstr":
            if key in entries:
                raise CatalogError(path, start, "a second entry for the same msgid "
                                                f"(the first is at line {entries[key]})")
            entries[key] = start
        last = kind
    if last not in (None, "msgstr"):
        raise CatalogError(path, len(text.splitlines()), "the last entry has no msgstr")


def read_catalog(path: Path) -> Catalog:
    """A PO file read strictly: a syntax or encoding error is a CatalogError."""
    data = Path(path).read_bytes()
    check_po_syntax(path, data)
    return read_po(io.BytesIO(data))


VALUES = "values.po"  # <locale>/<lang>/values.po: the words claims print, in that language
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")  # what a translated claim value may not hold


def claim_words(locale_dir: Path, lang: str) -> dict[tuple[str | None, str], str]:
    """The translations of the words a claim can print, ``(game slug or None, English)
    -> translation``, from the language's ``values.po`` (none for English)."""
    path = Path(locale_dir) / lang / VALUES
    if lang == "en" or not path.exists():
        return {}
    return dict(_claim_words(path, hashlib.sha256(path.read_bytes()).hexdigest()))


def claim_word(words: dict, slug: str | None, text: str) -> str | None:
    """``text``, a word a claim prints, as ``words`` (:func:`claim_words`) translates it
    for the game ``slug``: the game's own entry (its slug as context) before the one
    for every game; None where neither translates it."""
    return words.get((slug, text), words.get((None, text)))


@functools.lru_cache(maxsize=8)
def _claim_words(path: Path, content: str) -> tuple:
    del content  # the cache's key (the file's digest): a changed file is read again
    return tuple(((message.context, message.id), message.string)
                 for message in read_catalog(path) if message.id and _translated(message))


ENGINE = "engine.po"  # <locale>/<lang>/engine.po: the engines' messages, as templates


def engine_messages(locale_dir: Path, lang: str, slug: str) -> list[tuple[str, str]]:
    """The templates of the engines' messages for a game's play page in ``lang``,
    ``(English, translation)``: the language's ``engine.po`` entries for every game
    (no context) and for this one (its slug as context), then the game's players'
    names and every game's name (:mod:`rulebook.play.messages`).  None for English."""
    from .games import available_games, game_class

    path = Path(locale_dir) / lang / ENGINE
    if lang == "en" or not path.exists():
        return []
    entries = [(message.id, message.string) for message in read_catalog(path)
               if message.id and message.context in (None, slug) and _translated(message)]
    names = [*game_class(slug).players, *(game_class(other).names for other in available_games())]
    return entries + [(name["en"], name[lang]) for name in names]


def _messages(path: Path):
    return {(m.context, m.id): m for m in read_catalog(path) if m.id}


def shortened(text) -> str:
    """A message as a report quotes it: its blanks run together, whole up to 60
    characters, else its first 57 and "..." (a plural message: its singular)."""
    text = text if isinstance(text, str) else text[0]
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _translated(message) -> bool:
    strings = [message.string] if isinstance(message.string, str) else message.string
    return all(strings)


def claim_problem(message) -> str | None:
    """Why a translation's ``:claim:`` roles do not match its source's, or None."""
    source = [c.strip() for c in CLAIM.findall(message.id)]
    translation = [c.strip() for c in CLAIM.findall(message.string)]
    reordered = REORDERED in (c.strip() for c in message.user_comments)
    if source == translation:
        if reordered:
            return (f"'# {REORDERED}' but the claims are in the source's order: "
                    f"remove the comment")
        return None
    if reordered and Counter(source) == Counter(translation):
        return None
    order = "" if reordered else " in the same order"
    hint = "" if reordered else f"; mark a needed reordering with # {REORDERED}"
    return (f"claims {_list(translation)} in the translation, {_list(source)} in the source: "
            f"use the same claims{order} (a typed value is never checked{hint})")


def _list(claims) -> str:
    return "[" + ", ".join(claims) + "]" if claims else "none"


@dataclass(frozen=True)
class Term:
    en: str
    ja: str
    avoid: tuple[str, ...]
    source: str  # "file:line" of the term's table


_TERM_KEYS = {"en": str, "ja": str, "avoid": list, "note": str}


def load_glossary(path: Path) -> list[Term]:
    """The ``[[term]]`` tables of a glossary file, validated strictly."""
    try:
        text = Path(path).read_bytes().decode()  # UTF-8
        data = tomllib.loads(text)
    except UnicodeDecodeError as error:
        raise CatalogError(path, None, f"not UTF-8: {error.reason}") from None
    except tomllib.TOMLDecodeError as error:  # "Unclosed array (at line 4, column 1)"
        raise CatalogError(path, *toml_error(error, text)) from None
    tables = data.get("term", [])
    if set(data) - {"term"} or not all(isinstance(t, dict) for t in tables):
        raise CatalogError(path, None, "a glossary holds only [[term]] tables")
    lines = array_table_lines(text.splitlines(), "term")
    return [_term(path, lines[i] if i < len(lines) else None, table)
            for i, table in enumerate(tables)]


def _term(path: Path, line: int | None, table: dict) -> Term:
    def fail(message):
        raise CatalogError(path, line, f"term {table.get('en', '?')!r}: {message}")

    for name, value in table.items():
        if name not in _TERM_KEYS:
            fail(f"unknown key {name!r} (keys: {', '.join(_TERM_KEYS)})")
        if not isinstance(value, _TERM_KEYS[name]):
            fail(f"{name} must be a {_TERM_KEYS[name].__name__}")
    for name in ("en", "ja"):
        if not table.get(name, "").strip():
            fail(f"{name} is missing or empty")
    if "avoid" not in table:
        fail("avoid is missing (avoid = [] when there is no variant to avoid)")
    for variant in table["avoid"]:
        if not isinstance(variant, str) or not variant.strip():
            fail("every avoided variant must be a non-empty string")
        if variant == table["ja"]:
            fail(f"avoids its own term {variant!r}")
    return Term(table["en"], table["ja"], tuple(table["avoid"]),
                f"{path}:{line}" if line else str(path))


def optional_glossary(path: Path) -> list[Term]:
    """The terms of a glossary file, or none if the file does not exist."""
    return load_glossary(path) if path.exists() else []


def avoided_variants(text: str, term: Term) -> list[str]:
    """The variants of ``term`` that ``text`` uses, not counting the term itself."""
    parts = text.split(term.ja)  # 必要な道具 does not contain a variant
    return [variant for variant in term.avoid if any(variant in part for part in parts)]


_EMPHASIS = re.compile(r"(\*\*?)([^*]+?)\1")
_PARTICLES = "がをにはでとのもへやかよね"  # particles: what may stand beside a whole word


def _hiragana(char: str) -> bool:
    return "\u3041" <= char <= "\u309f"


def _word_char(char: str) -> bool:
    return _hiragana(char) or "\u30a0" <= char <= "\u30ff" or "\u4e00" <= char <= "\u9fff"


def emphasis_problems(text: str) -> list[str]:
    """Japanese emphasis (``*…*``, ``**…**``) that cuts a word: starting with hiragana
    right after a word's character that is not a particle (閉じな**かった**側), or
    ending in hiragana right before more hiragana that is not one (*もつれ*ています).  Emphasise whole
    words: **閉じなかった**側, *もつれ*の状態."""
    plain = re.sub(r"``.*?``", "\u3000", text.replace("\\ ", ""))  # code is not emphasis
    problems = []
    for match in _EMPHASIS.finditer(plain):
        inside = match[2]
        before = plain[match.start() - 1] if match.start() else ""
        after = plain[match.end()] if match.end() < len(plain) else ""
        if _hiragana(inside[0]) and _word_char(before) and before not in _PARTICLES:
            problems.append(f"{before}{match[0]}: the emphasis starts inside a word")
        elif _hiragana(inside[-1]) and _hiragana(after) and after not in _PARTICLES:
            problems.append(f"{match[0]}{after}: the emphasis ends inside a word")
    return problems


def catalog_problems(pot_dir: Path, locale_dir: Path, lang: str) -> list[str]:
    problems = []
    catalogs = Path(locale_dir) / lang / "LC_MESSAGES"
    glossaries = Path(locale_dir) / lang / "glossary"  # common.toml, and <page>.toml
    try:
        common = optional_glossary(glossaries / "common.toml")
    except CatalogError as error:
        problems.append(str(error))
        common = []
    update = "run: rulebook translate"
    for pot in sorted(Path(pot_dir).rglob("*.pot")):
        po = catalogs / pot.relative_to(pot_dir).with_suffix(".po")
        if not po.exists():
            problems.append(f"{po}: missing catalog for {pot.stem} ({update})")
            continue
        try:
            wanted, have = _messages(pot), _messages(po)
            page = pot.relative_to(pot_dir).with_suffix("").as_posix()
            terms = common + optional_glossary(glossaries / f"{page}.toml")
        except CatalogError as error:
            problems.append(str(error))
            continue
        for key in wanted:
            message = have.get(key)
            if message is None:
                problems.append(f"{po}: stale catalog, no entry for {shortened(key[1])!r} ({update})")
            elif message.fuzzy:
                problems.append(f"{po}:{message.lineno}: fuzzy translation of {shortened(key[1])!r}")
            elif not _translated(message):
                problems.append(f"{po}:{message.lineno}: untranslated {shortened(key[1])!r}")
        for key, message in have.items():
            if key not in wanted:
                problems.append(f"{po}:{message.lineno}: obsolete entry {shortened(key[1])!r} "
                                f"is no longer in the page")
            elif _translated(message) and isinstance(message.string, str):
                problem = claim_problem(message)
                if problem:
                    problems.append(f"{po}:{message.lineno}: {shortened(key[1])!r}: {problem}")
                for fault in numeral_problems(message.string) if lang == "ja" else ():
                    problems.append(f"{po}:{message.lineno}: {shortened(key[1])!r}: {fault} "
                                    "(counts in Arabic numerals: one numeral style)")
                for fault in emphasis_problems(message.string) if lang == "ja" else ():
                    problems.append(f"{po}:{message.lineno}: {shortened(key[1])!r}: {fault} "
                                    "(emphasise whole words)")
                for term in terms:
                    for variant in avoided_variants(message.string, term):
                        problems.append(f"{po}:{message.lineno}: {variant!r} in the translation "
                                        f"of {shortened(key[1])!r}: say {term.ja!r} for "
                                        f"{term.en!r} (glossary {term.source})")
    return problems + engine_problems(locale_dir, lang, common)


def engine_problems(locale_dir: Path, lang: str, common: list[Term] = ()) -> list[str]:
    """What is wrong in the language's ``engine.po`` (the play pages' templates of the
    engines' messages, :mod:`rulebook.play.messages`): an entry untranslated or fuzzy,
    a translation with a placeholder its English lacks, a count in kanji, a word the
    game's glossary avoids."""
    from .play.messages import placeholders

    path = Path(locale_dir) / lang / ENGINE
    if lang == "en" or not path.exists():
        return []
    try:
        messages = [m for m in read_catalog(path) if m.id]
    except CatalogError as error:
        return [str(error)]
    problems, glossaries = [], {}
    for message in messages:
        where = f"{path}:{message.lineno}: {shortened(message.id)!r}"
        if message.fuzzy or not _translated(message):
            problems.append(f"{where}: {'fuzzy' if message.fuzzy else 'untranslated'}")
            continue
        extra = set(placeholders(message.string)) - set(placeholders(message.id))
        if extra:
            problems.append(f"{where}: the translation has {{{sorted(extra)[0]}}}, which the "
                            "English has not (a placeholder carries what the engine fills in)")
        for fault in numeral_problems(message.string) if lang == "ja" else ():
            problems.append(f"{where}: {fault} (counts in Arabic numerals: one numeral style)")
        context = message.context
        if context not in glossaries:
            try:
                glossaries[context] = list(common) + (optional_glossary(
                    Path(locale_dir) / lang / "glossary" / f"{context}.toml") if context else [])
            except CatalogError as error:
                problems.append(str(error))
                glossaries[context] = list(common)
        for term in glossaries[context]:
            for variant in avoided_variants(message.string, term):
                problems.append(f"{where}: {variant!r} in the translation: say {term.ja!r} for "
                                f"{term.en!r} (glossary {term.source})")
    return problems
