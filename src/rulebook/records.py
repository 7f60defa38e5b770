"""Example records: load a ``figures/<game>/<name>.toml``, replay it, check its claims.

A record is a small TOML file::

    game = "qttt"
    options = {}                      # game options (optional)
    moves = ["a1b2", "a1b2"]          # moves in the game's notation

    [figure]                          # what to draw (optional)
    columns = 2
    view = {}                         # view options shared by all panels
    [[figure.panels]]
    after = 1                         # the position after move 1 (0 = the start)
    then = ["@b2"]                    # optional: a variation played from there
    label = { en = "...", ja = "..." }

    [[claims]]
    id = "win"                        # lets a caption quote it: :claim:`win`
    after = 2                         # default: after the last move
    then = ["@b2"]                    # optional: a variation played from there
    fact = "winner"                   # one of the game's facts
    expect = "O"
    # any other key is an argument of the fact

The keys, their kinds and bounds are declared in :mod:`rulebook.record_format`
(which the authoring guide's reference and the JSON Schema also read).

Errors name the file and the line: tomllib gives no positions, so lines of
moves and claims are found by scanning the text (``_Lines``).
"""

from __future__ import annotations

import bisect
import re
import tomllib
from dataclasses import dataclass
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .errors import ClaimError, RecordError, RulebookError, array_table_lines, counted, toml_error
from .files import InputTooLarge, read_limited
from .game import Game, State
from .games import make_game
from .literals import name_pattern, numeral_problems, player_names, unchecked_literals
from .record_facts import claim_facts, refusal
from .record_format import (CLAIM, FIGURE, KINDS, LANGUAGES, PANEL, RECORD, key, kind_of, names,
                            quoted, type_problem)
from .views import view_problem

RECORD_KEYS = names(RECORD)
FIGURE_KEYS = names(FIGURE)
PANEL_KEYS = names(PANEL)
CLAIM_KEYS = names(CLAIM)


class Positions(Sequence):
    """The positions of a replayed game, ``positions[i]`` after move ``i``.

    Only every ``EVERY``-th position (and the last) is kept while replaying;
    another is played again from the nearest kept one when first asked for, and
    kept from then on (the few that panels and claims ask for).  A long game then
    needs memory for a few dozen positions, not for all of them: positions of
    games such as Craquelure carry a table of every region.
    """

    EVERY = 64

    def __init__(self, start: State, moves: list):
        self._moves = moves  # already checked: replaying them again cannot fail
        self._kept = {0: start}
        self._last = 0

    def reached(self, number: int, state: State) -> None:
        """Move ``number`` was played and led to ``state``."""
        if self._last % self.EVERY:  # the previous position was kept only as the last
            del self._kept[self._last]
        self._kept[number] = state
        self._last = number

    def __len__(self) -> int:
        return self._last + 1

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index in self._kept:
            return self._kept[index]
        number = max(n for n in self._kept if n <= index)
        state = self._kept[number]
        for move in self._moves[number:index]:
            state = state.play(move)
        self._kept[index] = state
        return state

    def __iter__(self):
        state = self._kept[0]
        yield state
        for move in self._moves:
            state = state.play(move)
            yield state


@dataclass(frozen=True)
class Claim:
    index: int  # 1-based position among the record's claims
    line: int | None
    fact: str
    expect: Any
    args: dict
    after: int | None  # None: after the last move
    id: str | None
    then: tuple[str, ...] = ()  # a variation played after ``after``

    def describe(self) -> str:
        args = "".join(f" {k}={quoted(v)}" for k, v in self.args.items())
        at = "" if self.after is None else f" after move {self.after}"
        at += f" then {' '.join(self.then)}" if self.then else ""
        label = f" '{self.id}'" if self.id else ""
        return f"#{self.index}{label} ({self.fact}{args}{at})"


@dataclass(frozen=True)
class Panel:
    after: int
    label: dict
    view: dict
    then: tuple[str, ...] = ()  # a variation played after ``after``
    line: int | None = None  # where the panel is written
    attempt: str | None = None  # a move the rules refuse, drawn as refused


@dataclass
class Record:
    path: Path
    name: str  # "<game>/<stem>", unique across the project
    game: Game
    moves: list[str]
    move_lines: list[int | None]
    panels: list[Panel]
    columns: int
    panel_size: tuple[float, float] | None
    claims: list[Claim]
    start: str | None = None
    start_line: int | None = None
    states: "Positions | None" = None  # filled by replay()

    def error(self, line: int | None, message: str) -> RecordError:
        return RecordError(self.path, line, message)

    def replay(self) -> "Positions":
        """Play every move; ``positions[i]`` is the position after move ``i``."""
        if self.states is not None:
            return self.states
        try:
            if self.start is not None:
                state = self.game.parse_position(self.start)
            else:
                state = self.game.initial_state()
        except RulebookError as error:
            raise self.error(self.start_line, f"start position: {error}") from None
        parsed = []
        positions = Positions(state, parsed)
        for number, (text, line) in enumerate(zip(self.moves, self.move_lines), start=1):
            try:
                move = state.parse_move(text)
                state = state.play(move)
            except RulebookError as error:
                raise self.error(line, f"move {number}: {error}") from None
            parsed.append(move)
            positions.reached(number, state)
        self.states = positions
        return positions

    def state_after(self, after: int | None, line: int | None) -> State:
        states = self.replay()
        if after is None:
            return states[-1]
        if not 0 <= after < len(states):
            raise self.error(line, f"after = {after}, but the record has {counted(len(states) - 1, 'move')}")
        return states[after]

    def variation(self, after: int, then, line: int | None) -> list[State]:
        """The positions of a variation: ``then`` played from the position after ``after``."""
        states = [self.state_after(after, line)]
        for number, text in enumerate(then, start=after + 1):
            try:
                states.append(states[-1].play(states[-1].parse_move(text)))
            except RulebookError as error:
                raise self.error(line, f"variation move {number}: {error}") from None
        return states

    def claim_state(self, claim: Claim) -> State:
        """The position a claim is about: after its ``after`` moves (all of them if it
        names none), then its variation ``then``, if any."""
        if claim.then:
            after = len(self.moves) if claim.after is None else claim.after
            return self.variation(after, claim.then, claim.line)[-1]
        return self.state_after(claim.after, claim.line)

    def claim_value(self, claim: Claim):
        """What the engine says for the claim's fact (not yet compared)."""
        state = self.claim_state(claim)
        fact = claim_facts(self.game)[claim.fact]
        try:
            return fact.compute(state, **claim.args)
        except RulebookError as error:
            raise self.error(claim.line, f"claim {claim.describe()}: {error}") from None

    def check_claim(self, claim: Claim):
        actual = normalise(self.claim_value(claim))
        if not same(actual, normalise(claim.expect)):
            raise ClaimError(self.path, claim.line, claim.describe(), claim.expect, actual)
        return actual

    def panel_state(self, index: int) -> State:
        """The position panel ``index`` (0-based) shows; its ``attempt``, if any, must be
        a move the engine refuses there."""
        panel = self.panels[index]
        state = self.variation(panel.after, panel.then, panel.line)[-1]
        if panel.attempt is not None:
            try:
                refusal(state, panel.attempt)
            except RulebookError as error:
                raise self.error(panel.line, f"panel {index + 1}: attempt: {error}") from None
        return state

    def check(self) -> int:
        """Replay every move and variation and check every claim; returns the claim count."""
        self.replay()
        for index in range(len(self.panels)):
            self.panel_state(index)
        for claim in self.claims:
            self.check_claim(claim)
        return len(self.claims)

    def claim_by_id(self, claim_id: str) -> Claim:
        for claim in self.claims:
            if claim.id == claim_id:
                return claim
        ids = ", ".join(c.id for c in self.claims if c.id) or "none"
        raise self.error(None, f"no claim with id {claim_id!r} (ids: {ids})")


def normalise(value):
    """Compare claims structurally: tuples as lists, sets as sorted lists."""
    if isinstance(value, (set, frozenset)):
        return sorted(normalise(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [normalise(v) for v in value]
    if isinstance(value, dict):
        return {str(k): normalise(v) for k, v in value.items()}
    return value


def same(a, b) -> bool:
    """Equal values of equal types: ``0`` is not ``false`` and ``2.0`` is not ``2``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


class _Lines:
    """Finds the line of a key or a string in the raw TOML text."""

    def __init__(self, text: str):
        self.lines = text.splitlines()

    def of_key(self, key: str) -> int | None:
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for number, line in enumerate(self.lines, start=1):
            if pattern.match(line):
                return number
        return None

    def of_strings(self, strings: list[str], start: int, bare: bool = False) -> list[int | None]:
        """Lines of each string in order, searching forward from line ``start``:
        quoted (in an array) or bare (inside a multi-line string).

        Each search starts just after the previous find, so finding them all reads
        the text about twice; a string not found (written with escapes, say) reads
        the rest of it, and once that has cost as much as reading it four times
        more, the remaining strings get no line: the work is linear in the size.
        """
        if not hasattr(self, "_starts"):
            self._flat = "\n".join(self.lines)
            self._starts = [0]
            for line in self.lines[:-1]:
                self._starts.append(self._starts[-1] + len(line) + 1)
        flat, found = self._flat, []
        position = self._starts[min(max(start - 1, 0), len(self._starts) - 1)]
        budget = 6 * len(flat) + 1
        for text in strings:
            if budget <= 0:
                found.append(None)
                continue
            forms = (text,) if bare else (f'"{text}"', f"'{text}'")
            at, form = -1, ""
            for candidate in forms:  # the earliest form; a later one is looked for only before it
                end = len(flat) if at < 0 else at + len(candidate)
                if (where := flat.find(candidate, position, end)) >= 0 and (at < 0 or where < at):
                    at, form = where, candidate
            if at < 0:
                budget -= (len(flat) - position) * len(forms)
                found.append(None)
                continue
            budget -= (at - position) * len(forms)
            found.append(bisect.bisect_right(self._starts, at))
            position = at + len(form)
        return found

    def of_tables(self, name: str) -> list[int]:
        """The lines of each ``[[name]]`` table's header."""
        return array_table_lines(self.lines, name)


class _Checker:
    """Type checks for a record's values, each failing with the key's line."""

    def __init__(self, path: Path, lines: "_Lines"):
        self.path, self.lines = path, lines

    def fail(self, key: str, message: str, line: int | None = None) -> RecordError:
        return RecordError(self.path, line or self.lines.of_key(key.split(".")[-1]), message)

    def table(self, key: str, value, line: int | None = None) -> dict:
        if not isinstance(value, dict):
            raise self.fail(key, f"'{key}' must be a table, not {kind_of(value)}", line)
        return value

    def string(self, key: str, value, line: int | None = None) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"'{key}' must be a string, not {kind_of(value)}", line)
        return value

    def strings(self, key: str, value, line: int | None = None) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, f"'{key}' must be an array of strings in the game's notation",
                            line)
        return value

    def count(self, key: str, value, low: int, high: int, line: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(key, f"'{key}' = {quoted(value)}: must be an integer from {low} to {high}",
                            line)
        return value

    def known(self, key: str, table: dict, allowed: set[str], line: int | None = None) -> None:
        unknown = sorted(set(table) - allowed)
        if unknown:
            raise self.fail(unknown[0], f"{key}: unknown key {unknown[0]!r} "
                                        f"(keys: {', '.join(sorted(allowed))})", line)


def read_record_text(path: Path) -> str:
    """A record file's text, bounded in size; a RecordError naming the file if it cannot
    be read (missing, a folder, not UTF-8, too large)."""
    try:
        data = read_limited(path)
    except InputTooLarge as error:
        raise RecordError(path, None, f"cannot read the record: {error}") from None
    except OSError as error:
        raise RecordError(path, None, f"cannot read the record: {error.strerror}") from None
    try:
        return data.decode()  # UTF-8
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise RecordError(path, line, "the record is not UTF-8 text "
                                      f"(byte {data[error.start]:#04x}); save it as UTF-8") from None


def _moves_with_lines(moves, lines: "_Lines", check: _Checker) -> tuple[list[str], list[int | None]]:
    """The moves and the line each is written on."""
    first = lines.of_key("moves") or 1
    if isinstance(moves, str):  # a multi-line string: one move per line or separated by ';'
        found = [m.strip() for m in re.split(r"[;\n]", moves) if m.strip()]
        return found, lines.of_strings(found, first, bare=True)
    moves = check.strings("moves", moves)
    return moves, lines.of_strings(moves, first)


def load_record(path: str | Path, root: str | Path | None = None) -> Record:
    path = Path(path)
    return read_record(read_record_text(path), path, root)


def read_record(text: str, path: str | Path, root: str | Path | None = None) -> Record:
    """A record from its TOML ``text``; errors name ``path`` (``rulebook find``
    checks the records it writes before writing them)."""
    path = Path(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, message = toml_error(error, text)
        raise RecordError(path, line, f"not valid TOML: {message}") from None
    except RecursionError:
        raise RecordError(path, None, "not valid TOML: nested too deeply") from None
    lines = _Lines(text)
    check = _Checker(path, lines)

    check.known("the record", data, RECORD_KEYS)
    for required in (k.name for k in RECORD if k.required):
        if required not in data:
            raise RecordError(path, None, f"missing {required!r} "
                                          f"({KINDS[key(RECORD, required).kind]['en']})")
    slug = check.string("game", data["game"])
    for name in (k.name for k in RECORD if k.kind in ("string", "position")):
        if name in data:
            check.string(name, data[name])
    options = check.table("options", data.get("options", {}))
    try:
        game = make_game(slug, **options)
    except RulebookError as error:
        raise check.fail("options" if options else "game", str(error)) from None

    names = name_pattern(player_names(game))
    moves, move_lines = _moves_with_lines(data.get("moves", []), lines, check)

    figure = check.table("figure", data.get("figure", {}))
    check.known("[figure]", figure, FIGURE_KEYS)
    shared_view = check.table("figure.view", figure.get("view", {}))
    panel_lines = lines.of_tables("figure.panels")
    raw_panels = figure.get("panels", [{}] if figure else [])
    if not isinstance(raw_panels, list):
        raise check.fail("panels", "'figure.panels' must be an array of tables, "
                                   f"not {kind_of(raw_panels)}")
    panels = []
    for index, raw in enumerate(raw_panels):
        line = panel_lines[index] if index < len(panel_lines) else lines.of_key("panels")
        where = f"panel {index + 1}"
        raw = check.table(where, raw, line)
        check.known(where, raw, PANEL_KEYS, line)
        after = check.count(f"{where}: after", raw.get("after", len(moves)), 0, len(moves), line)
        then = tuple(check.strings(f"{where}: then", raw.get("then", []), line))
        label = check.table(f"{where}: label", raw.get("label", {}), line)
        check.known(f"{where}: label", label, set(LANGUAGES), line)
        for lang, value in label.items():
            check.string(f"{where}: label.{lang}", value, line)
            if lang == "ja" and (faults := numeral_problems(value)):
                raise RecordError(path, line, f"{where}: label.ja: {faults[0]} (counts in "
                                              "Arabic numerals: one numeral style)")
            # a label is drawn into the figure, so it cannot quote a checked claim; but
            # it may say which move its panel shows ("2手目" after 2 moves): that, the
            # record checks (and only there: another "2" in the same label is unchecked)
            shown = value.replace(f"{after}手目", "手目")
            if found := unchecked_literals(shown, names):
                raise RecordError(path, line, f"{where}: label.{lang} states {found[0][0]!r}, "
                                              "which no claim checks; say it in the caption "
                                              "with a :claim:")
        view = {**shared_view, **check.table(f"{where}: view", raw.get("view", {}), line)}
        if (why := view_problem(game, view)) is not None:
            raise RecordError(path, line if "view" in raw else lines.of_key("view"),
                              f"{where}: {why}")
        attempt = raw.get("attempt")
        if attempt is not None:
            check.string(f"{where}: attempt", attempt, line)
        panels.append(Panel(after, label, view, then, line, attempt))
    if (why := view_problem(game, shared_view)) is not None:  # though every panel overrides it
        raise check.fail("view", f"[figure] view: {why}")
    bounds = key(FIGURE, "columns")
    columns = check.count("columns", figure.get("columns", len(panels) or 1),
                          bounds.minimum, bounds.maximum)
    size = figure.get("panel_size")
    if size is not None:
        low, high = key(FIGURE, "panel_size").minimum, key(FIGURE, "panel_size").maximum
        if (not isinstance(size, list) or len(size) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                           and low <= v <= high for v in size)):
            raise check.fail("panel_size", f"'panel_size' = {quoted(size)}: must be [width, height] "
                                           f"in inches, each from {low:g} to {high:g}")
        size = (float(size[0]), float(size[1]))

    claim_lines = lines.of_tables("claims")
    raw_claims = data.get("claims", [])
    if not isinstance(raw_claims, list):
        raise check.fail("claims", f"'claims' must be an array of tables ([[claims]]), "
                                   f"not {kind_of(raw_claims)}")
    claims = []
    for index, raw in enumerate(raw_claims, start=1):
        line = claim_lines[index - 1] if index - 1 < len(claim_lines) else lines.of_key("claims")
        raw = check.table(f"claim #{index}", raw, line)
        if any(k.required and k.name not in raw for k in CLAIM):
            needed = " and ".join(repr(k.name) for k in CLAIM if k.required)
            raise RecordError(path, line, f"claim #{index} needs {needed}")
        name = check.string(f"claim #{index}: fact", raw["fact"], line)
        facts = claim_facts(game)
        if name not in facts:
            offered = ", ".join(f.name for f in facts)
            raise RecordError(path, line, f"claim #{index}: unknown fact {name!r} "
                                          f"for {game.slug} (facts: {offered})")
        fact = facts[name]
        args = {k: v for k, v in raw.items() if k not in CLAIM_KEYS}
        if set(args) != set(fact.args):
            if fact.args:
                wrong = [f"{arg} is missing" for arg in fact.args if arg not in args]
                wrong += [f"{arg} is not one of them" for arg in sorted(args)
                          if arg not in fact.args]
                takes = (f"the argument{'s' * (len(fact.args) > 1)} {' and '.join(fact.args)}; "
                         + ", ".join(wrong))
            else:
                takes = f"no arguments, but the claim gives {', '.join(sorted(args))}"
            raise RecordError(path, line, f"claim #{index}: fact {fact.name!r} takes {takes}")
        for arg, value in args.items():
            wanted = fact.arg_type(arg)
            if type(value) is not wanted:
                raise RecordError(path, line, f"claim #{index}: argument {arg} = {quoted(value)} must be "
                                              f"{kind_of(wanted())}")
        if (why := type_problem(raw["expect"], fact.answer_type())) is not None:
            raise RecordError(path, line, f"claim #{index}: expect (the answer of {fact.name!r}) "
                                          f"{why}")
        after = raw.get("after")
        if after is not None:
            check.count(f"claim #{index}: after", after, 0, len(moves), line)
        claim_id = raw.get("id")
        if claim_id is not None:
            check.string(f"claim #{index}: id", claim_id, line)
        then = tuple(check.strings(f"claim #{index}: then", raw.get("then", []), line))
        claims.append(Claim(index, line, fact.name, raw["expect"], args, after, claim_id, then))

    root = Path(root) if root else path.parent.parent
    try:
        name = path.resolve().relative_to(root.resolve()).with_suffix("").as_posix()
    except ValueError:
        name = f"{game.slug}/{path.stem}"
    return Record(path, name, game, moves, move_lines, panels, columns, size, claims,
                  data.get("start"), lines.of_key("start"))


def find_records(figures_dir: str | Path) -> list[Path]:
    return sorted(Path(figures_dir).glob("*/*.toml"))
