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

Errors name the file and the line: tomllib gives no positions, so lines of
moves and claims are found by scanning the text (``_Lines``).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ClaimError, RecordError, RulebookError
from .game import Game, State
from .games import make_game

RECORD_KEYS = {"game", "options", "moves", "figure", "claims", "title", "note", "start"}
FIGURE_KEYS = {"panels", "columns", "view", "panel_size"}
PANEL_KEYS = {"after", "then", "label", "view"}
CLAIM_KEYS = {"id", "after", "then", "fact", "expect"}


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
        args = "".join(f" {k}={v!r}" for k, v in self.args.items())
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
    states: list[State] = field(default_factory=list)  # filled by replay()

    def error(self, line: int | None, message: str) -> RecordError:
        return RecordError(self.path, line, message)

    def replay(self) -> list[State]:
        """Play every move; ``states[i]`` is the position after move ``i``."""
        if self.states:
            return self.states
        try:
            if self.start is not None:
                state = self.game.parse_position(self.start)
            else:
                state = self.game.initial_state()
        except RulebookError as error:
            raise self.error(None, f"start position: {error}") from None
        states = [state]
        for number, (text, line) in enumerate(zip(self.moves, self.move_lines), start=1):
            try:
                state = state.play(state.parse_move(text))
            except RulebookError as error:
                raise self.error(line, f"move {number}: {error}") from None
            states.append(state)
        self.states = states
        return states

    def state_after(self, after: int | None, line: int | None) -> State:
        states = self.replay()
        if after is None:
            return states[-1]
        if not 0 <= after < len(states):
            raise self.error(line, f"after = {after}, but the record has {len(states) - 1} moves")
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

    def claim_value(self, claim: Claim):
        """What the engine says for the claim's fact (not yet compared)."""
        if claim.then:
            after = len(self.moves) if claim.after is None else claim.after
            state = self.variation(after, claim.then, claim.line)[-1]
        else:
            state = self.state_after(claim.after, claim.line)
        fact = self.game.facts[claim.fact]
        try:
            return fact.compute(state, **claim.args)
        except RulebookError as error:
            raise self.error(claim.line, f"claim {claim.describe()}: {error}") from None

    def check_claim(self, claim: Claim):
        actual = normalise(self.claim_value(claim))
        if actual != normalise(claim.expect):
            raise ClaimError(self.path, claim.line, claim.describe(), claim.expect, actual)
        return actual

    def check(self) -> int:
        """Replay and check every claim; returns how many were checked."""
        for panel in self.panels:
            self.variation(panel.after, panel.then, None)
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

    def of_strings(self, strings: list[str], start: int) -> list[int | None]:
        """Lines of each string in order, searching forward from line ``start``."""
        found, current = [], max(start - 1, 0)
        for text in strings:
            quoted = (f'"{text}"', f"'{text}'")
            for number in range(current, len(self.lines)):
                if any(q in self.lines[number] for q in quoted):
                    found.append(number + 1)
                    current = number
                    break
            else:
                found.append(None)
        return found

    def of_tables(self, header: str) -> list[int]:
        return [n for n, line in enumerate(self.lines, start=1) if line.strip() == header]


def load_record(path: str | Path, root: str | Path | None = None) -> Record:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(path, None, f"cannot read the record: {error.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RecordError(path, getattr(error, "lineno", None), f"not valid TOML: {error}") from None
    lines = _Lines(text)

    def fail(key, message):
        return RecordError(path, lines.of_key(key), message)

    unknown = set(data) - RECORD_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise fail(key, f"unknown key {key!r} (keys: {', '.join(sorted(RECORD_KEYS))})")
    if "game" not in data:
        raise RecordError(path, None, "missing 'game' (one of the game slugs)")
    try:
        game = make_game(data["game"], **data.get("options", {}))
    except RulebookError as error:
        raise fail("options" if "options" in data else "game", str(error)) from None

    moves = data.get("moves", [])
    if isinstance(moves, str):  # a multi-line string: one move per line or separated by ';'
        moves = [m.strip() for m in re.split(r"[;\n]", moves) if m.strip()]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise fail("moves", "'moves' must be a list of strings in the game's notation")
    move_lines = lines.of_strings(moves, lines.of_key("moves") or 1)

    figure = data.get("figure", {})
    unknown = set(figure) - FIGURE_KEYS
    if unknown:
        raise RecordError(path, None, f"[figure]: unknown key {sorted(unknown)[0]!r}")
    shared_view = figure.get("view", {})
    panels = []
    for raw in figure.get("panels", [{}] if figure else []):
        unknown = set(raw) - PANEL_KEYS
        if unknown:
            raise RecordError(path, None, f"[[figure.panels]]: unknown key {sorted(unknown)[0]!r}")
        after = raw.get("after", len(moves))
        if not isinstance(after, int) or not 0 <= after <= len(moves):
            raise RecordError(path, None, f"panel after = {after!r}: must be 0..{len(moves)}")
        panels.append(Panel(after, raw.get("label", {}), {**shared_view, **raw.get("view", {})},
                            tuple(raw.get("then", ()))))
    size = figure.get("panel_size")

    claim_lines = lines.of_tables("[[claims]]")
    claims = []
    for index, raw in enumerate(data.get("claims", []), start=1):
        line = claim_lines[index - 1] if index - 1 < len(claim_lines) else None
        if "fact" not in raw or "expect" not in raw:
            raise RecordError(path, line, f"claim #{index} needs 'fact' and 'expect'")
        if raw["fact"] not in game.facts:
            offered = ", ".join(f.name for f in game.facts)
            raise RecordError(path, line, f"claim #{index}: unknown fact {raw['fact']!r} "
                                          f"for {game.slug} (facts: {offered})")
        fact = game.facts[raw["fact"]]
        args = {k: v for k, v in raw.items() if k not in CLAIM_KEYS}
        if set(args) != set(fact.args):
            raise RecordError(path, line, f"claim #{index}: fact {fact.name!r} takes "
                                          f"{list(fact.args) or 'no arguments'}, got {sorted(args)}")
        after = raw.get("after")
        if after is not None and (not isinstance(after, int) or not 0 <= after <= len(moves)):
            raise RecordError(path, line, f"claim #{index}: after = {after!r} must be 0..{len(moves)}")
        claims.append(Claim(index, line, fact.name, raw["expect"], args, after, raw.get("id"),
                            tuple(raw.get("then", ()))))

    root = Path(root) if root else path.parent.parent
    try:
        name = path.resolve().relative_to(root.resolve()).with_suffix("").as_posix()
    except ValueError:
        name = f"{game.slug}/{path.stem}"
    return Record(path, name, game, moves, move_lines, panels, int(figure.get("columns", len(panels) or 1)),
                  tuple(size) if size else None, claims, data.get("start"))


def find_records(figures_dir: str | Path) -> list[Path]:
    return sorted(Path(figures_dir).glob("*/*.toml"))
