"""``rulebook find``: search for a position where every given claim holds.

A claim is written on the command line as ``FACT[:ARG=VALUE,...]=EXPECT``,
e.g. ``knot:cell=C3,side=S=3₁``.  Each value is read as TOML, the language of
records (``3``, ``true``, ``[0.1, -0.05]``, ``"1"``); a value that is not TOML is
the text itself (``C3``, ``x2 Second``).  A value holding ``,`` or ``=`` is
quoted: ``is_legal:move="D4=c2"=true``.  The claim is then read by the record
loader itself (:func:`records.read_record`), so its facts, arguments and types
are those of records.

``--claim`` states a fact of the position after the last move (facts about the
move itself, such as ``last_move`` or ``mover``, are facts of that position);
``--before`` a fact of the position just before it.

The search plays random games from the start (the game's, or the end of
``--from RECORD``), seeded: at each position where every ``--before`` claim
holds, it tries a few of the moves there (all of them when there are few) and
tests the ``--claim`` claims on the positions they lead to.  A claim on
``last_move`` names the move, so only that move is tried.  The first find is
written as a record: the moves from the start, a figure of the positions
before and after the last move, and the claims, checked by the loader before
the file is written.
"""

from __future__ import annotations

import json
import math
import random
import re
import time
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ArgumentError, NotationError, RecordError, RulebookError, counted
from .game import Game, State
from .record_facts import claim_facts
from .record_format import quoted, toml_value
from .records import CLAIM_KEYS, Claim, Record, load_record, normalise, read_record, same
from .views import kind_of

WIDTH = 16  # moves tried at a position that has more legal moves than this
NAME = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)")


class FindError(RulebookError):
    """A claim or an option ``rulebook find`` cannot read, or a search that found nothing."""


# --- reading claims -------------------------------------------------------------

def read_value(text: str):
    """A command-line value: TOML if it is TOML, else the text itself."""
    text = text.strip()
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def _scan(text: str, stops: str) -> tuple[str, str]:
    """Split ``text`` at the first character of ``stops`` outside quotes and brackets."""
    depth, quote, index = 0, None, 0
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\" and quote == '"':
                index += 1
            elif char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif depth == 0 and char in stops:
            return text[:index], text[index:]
        index += 1
    return text, ""


def split_claim(text: str) -> dict:
    """``FACT[:ARG=VALUE,...]=EXPECT`` as a raw claim table, as a record writes it."""
    form = "write FACT[:ARG=VALUE,...]=EXPECT"
    match = NAME.match(text)
    if not match:
        raise FindError(f"claim {text!r}: no fact name; {form}")
    raw, rest = {"fact": match.group(1)}, text[match.end():].lstrip()  # blanks are free
    if rest.startswith(":"):
        rest = rest[1:]
        while True:
            key = NAME.match(rest)
            if not key or not rest[key.end():].lstrip().startswith("="):
                raise FindError(f"claim {text!r}: expected ARG=VALUE after {text[:len(text) - len(rest)]!r}; {form}")
            name = key.group(1)
            if name in raw:
                raise FindError(f"claim {text!r}: the argument {name} is given twice")
            if name in CLAIM_KEYS:
                raise FindError(f"claim {text!r}: {name!r} cannot be an argument here")
            value, rest = _scan(rest[key.end():].lstrip()[1:], ",=")
            if not value.strip():
                raise FindError(f"claim {text!r}: no value for {name}; {form}")
            raw[name] = read_value(value)
            if not rest.startswith(","):
                break
            rest = rest[1:]
        rest = rest.lstrip()
    if not rest.startswith("=") or not rest[1:].strip():
        raise FindError(f"claim {text!r}: no expected value; {form}")
    raw["expect"] = read_value(rest[1:])
    return raw


# --- the record a search writes ---------------------------------------------------

@dataclass
class Wanted:
    """A claim to make true: as written, as the loader read it, and where it applies."""

    text: str
    raw: dict
    claim: Claim
    before: bool
    false: int = 0  # positions where it was tested and false
    tested: int = 0
    error: str | None = None  # the last error the fact raised


@dataclass
class Base:
    """Where the search starts: a game with options, a start position, moves already played."""

    game: Game
    options: dict
    start: str | None = None
    moves: list[str] = field(default_factory=list)


def record_text(base: Base, moves: list[str], wanted: list[Wanted], comment: str = "") -> str:
    lines = [f"# {line}" for line in comment.splitlines()]
    lines.append(f"game = {toml_value(base.game.slug)}")
    if base.options:
        lines.append(f"options = {toml_value(base.options)}")
    if base.start is not None:
        lines.append(f'start = """\n{base.start.strip(chr(10))}\n"""')
    lines.append("moves = [" + ", ".join(toml_value(m) for m in base.moves + moves) + "]")
    total = len(base.moves) + len(moves)
    if moves:
        lines += ["", "[figure]", "columns = 2", "",
                  "[[figure.panels]]", f"after = {total - 1}",
                  'label = { en = "Before the move", ja = "着手前" }', "",
                  "[[figure.panels]]", f"after = {total}",
                  'label = { en = "After the move", ja = "着手後" }']
    ids: Counter = Counter()
    for want in wanted:
        ids[want.raw["fact"]] += 1
        number = ids[want.raw["fact"]]
        lines += ["", "[[claims]]", f'id = "{want.raw["fact"]}{"" if number == 1 else f"-{number}"}"']
        if want.before:
            lines.append(f"after = {max(total - 1, 0)}")
        lines += [f"{k} = {toml_value(v)}" for k, v in want.raw.items()]
    return "\n".join(lines) + "\n"


def _loader_message(error: RecordError) -> str:
    return re.sub(r"^claim #\d+: ", "", error.message)


def read_base(slug: str | None, options: dict, source: str | None) -> Base:
    """The game and start of a search, through the record loader."""
    if source is not None:
        record = load_record(source)
        if slug is not None and slug != record.game.slug:
            raise FindError(f"{source}: the record is a {record.game.slug} game, not {slug}")
        if options:
            raise FindError("--option cannot change the options of --from's record")
        base = Base(record.game, dict(record.game.options), record.start, list(record.moves))
        _read(record_text(base, [], []), "--from")
        return base
    if slug is None:
        raise FindError("name a game (or a record with --from)")
    from .games import game_class

    try:
        kind = game_class(slug)
    except RulebookError as error:  # the game named, not an option: no "--option" here
        raise FindError(str(error)) from None
    try:
        game = kind(**options)
    except RulebookError as error:
        raise FindError(f"--option: {error}") from None
    return Base(game, options)


def _read(text: str, where: str) -> Record:
    try:
        return read_record(text, Path(where))
    except RecordError as error:
        raise FindError(f"{where}: {_loader_message(error)}") from None


def read_wanted(base: Base, claims: list[str], before: list[str]) -> list[Wanted]:
    """The claims as the loader reads them; a one-line error names the claim as written."""
    if not claims and not before:
        raise FindError("give at least one --claim")
    wanted = []
    for text, is_before in [(t, False) for t in claims] + [(t, True) for t in before]:
        flag = "--before" if is_before else "--claim"
        raw = split_claim(text)
        try:
            json.dumps(raw, allow_nan=False)
        except ValueError:  # nan or inf, at any depth
            raise FindError(f"{flag} {text!r} can never hold: a number in it is not "
                            "finite") from None
        want = Wanted(text, raw, None, is_before)  # type: ignore[arg-type]
        record = _read(record_text(base, [], [want]), f"{flag} {text!r}")
        want.claim = record.claims[0]
        fact = claim_facts(base.game)[want.claim.fact]
        if fact.values is not None:
            answers = [normalise(v) for v in fact.values(base.game)]
            if not any(same(normalise(want.claim.expect), a) for a in answers):
                raise FindError(f"{flag} {text!r} can never hold: {fact.name} is one of "
                                f"{', '.join(map(repr, answers))}")
        wanted.append(want)
    return wanted


# --- the search -------------------------------------------------------------------

@dataclass
class Report:
    games: int = 0
    positions: int = 0
    seconds: float = 0.0

    def give_up(self, wanted: list[Wanted]) -> str:
        """What was tried, and the claim most often false, as a share of the times it was
        tested (the claims after the move first: those before it are tested at every
        position of every game)."""
        after = [w for w in wanted if not w.before and w.tested] or wanted
        worst = max(after, key=lambda w: (w.false / max(w.tested, 1), w.false))
        flag = "--before" if worst.before else "--claim"
        why = f"; the fact said: {worst.error}" if worst.error and worst.tested == worst.false else ""
        return (f"no position found in {self.seconds:.1f} s: {counted(self.games, 'game')} played, "
                f"{counted(self.positions, 'position')} tested; most often false: {flag} {worst.text!r} "
                f"(false in {worst.false} of {worst.tested} tests)"
                + (why or "; try another --seed, a longer --time-limit, or a --before claim "
                          "that rules out more positions"))


class Search:
    def __init__(self, base: Base, wanted: list[Wanted], seed: int = 0,
                 moves: int | None = None, time_limit: float = 60.0):
        self.base, self.wanted = base, wanted
        self.rng = random.Random(seed)
        self.limit = moves
        self.time_limit = time_limit
        self.report = Report()
        self.before = [w for w in wanted if w.before]
        self.after = [w for w in wanted if not w.before]
        self.start = _read(record_text(base, [], []), "--from").replay()[-1]
        if self.start.is_over():
            raise FindError("--from: the record's game is over, so no move can follow it")
        for want in wanted:  # an argument no position can satisfy fails now, not at the end
            try:
                self.compute(want, self.start)
            except FindError:
                raise
            except RulebookError:  # wrong in this position only (an empty cell)
                pass

    def compute(self, want: Wanted, state: State):
        """The claim's fact at ``state``; a FindError if its arguments can never be right."""
        claim = want.claim
        try:
            return claim_facts(self.base.game)[claim.fact].compute(state, **claim.args)
        except (ArgumentError, NotationError) as error:
            flag = "--before" if want.before else "--claim"
            raise FindError(f"{flag} {want.text!r} can never hold: {error}") from None

    def holds(self, state: State, group: list[Wanted]) -> bool:
        """Whether every claim of ``group`` holds; the most often false is tested first."""
        for want in sorted(group, key=lambda w: -w.false):
            want.tested += 1
            claim = want.claim
            try:
                actual = normalise(self.compute(want, state))
            except FindError:
                raise
            except RulebookError as error:
                want.false += 1
                want.error = str(error)
                return False
            expect = normalise(claim.expect)
            if not same(actual, expect):
                if want.tested == 1 and actual is not None and type(actual) is not type(expect):
                    flag = "--before" if want.before else "--claim"
                    raise FindError(f"{flag} {want.text!r}: expects {kind_of(expect)}, but "
                                    f"{claim.fact} is {kind_of(actual)}, e.g. {quoted(actual)}")
                want.false += 1
                return False
        return True

    def candidates(self, state: State) -> list:
        """The moves to try from ``state``: the one a ``last_move`` claim names, else all
        legal moves when there are few, else a sample."""
        for want in self.after:
            if want.claim.fact == "last_move" and isinstance(want.claim.expect, str):
                try:
                    return [state.parse_move(want.claim.expect)]
                except RulebookError:
                    return []
        if state.count_legal_moves() <= WIDTH:
            return state.legal_moves()
        found = []
        for _ in range(WIDTH):
            move = state.random_move(self.rng)
            if move not in found:
                found.append(move)
        return found

    def notation(self, moves: list) -> list[str]:
        state, texts = self.start, []
        for move in moves:
            texts.append(state.format_move(move))
            state = state.play(move)
        return texts

    def run(self) -> list[str] | None:
        """The moves (in notation) from the start to a position where every claim
        holds, or None when time runs out."""
        began = time.monotonic()
        report = self.report
        limit = self.limit if self.limit is not None else 10 ** 9
        while time.monotonic() - began < self.time_limit:
            report.games += 1
            state, path = self.start, []
            while len(path) < limit and not state.is_over():
                if self.holds(state, self.before):
                    for move in self.candidates(state):
                        if state._illegal_reason(move) is not None:
                            continue
                        report.positions += 1
                        if self.holds(state.play(move), self.after):
                            report.seconds = time.monotonic() - began
                            return self.notation(path + [move])
                move = state.random_move(self.rng)
                path.append(move)
                state = state.play(move)
                if time.monotonic() - began > self.time_limit:
                    break
        report.seconds = time.monotonic() - began
        return None


def find(base: Base, wanted: list[Wanted], seed: int = 0, moves: int | None = None,
         time_limit: float = 60.0) -> tuple[str, Report]:
    """The text of a record where every claim holds; FindError saying what was tried."""
    if moves is not None and moves < 1:
        raise FindError(f"--moves {moves}: the position is at least one move from the start")
    if not 0 < time_limit < math.inf:
        raise FindError(f"--time-limit {time_limit}: must be a number of seconds more than 0")
    search = Search(base, wanted, seed, moves, time_limit)
    found = search.run()
    if found is None:
        raise FindError(search.report.give_up(wanted))
    report = search.report
    claims = " ".join(("--before " if w.before else "--claim ") + repr(w.text) for w in wanted)
    comment = (f"Found by rulebook find (seed {seed}; {counted(report.games, 'game')}, "
               f"{counted(report.positions, 'position')} tested):\n{claims}")
    text = record_text(base, found, wanted, comment)
    _read(text, "the found record").check()  # the record is right before it is written
    return text, report
