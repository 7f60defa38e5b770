"""The common game interface every engine implements.

Modelled on OpenSpiel (one API for many games, parameters as data) and
python-chess (moves that print as their notation and parse back, precise
errors).  Replay, claims, diagrams and computer players are written once
against this module and never against a particular game.

A game is a :class:`Game` subclass: facts as class attributes (slug, names,
players, parameters) and a :meth:`Game.initial_state`.  A position is an
immutable :class:`State`: ``legal_moves()``, ``play(move)`` (checked) returning
a new state, ``turn``, ``outcome()``, and the notation pair ``parse_move`` /
``format_move``.  Engines implement the protected hooks ``_apply`` and
``_illegal_reason``; the public methods add the checks.
"""

from __future__ import annotations

import inspect
import random
import typing
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Hashable, Iterable, Sequence

from .errors import ArgumentError, IllegalMoveError, OptionError
from .record_format import quoted, type_words

Move = Hashable  # each game defines its own small immutable move type


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` also
    accepts '²' and other Unicode digits that ``int`` cannot read)."""
    return text.isascii() and text.isdigit()


@dataclass(frozen=True)
class Parameter:
    """One game option: its name, default, type and allowed values."""

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    check: Callable[[Any], str | None] | None = None  # returns why a value is wrong
    # bounds of a number, inclusive (minimum, maximum) or exclusive (above, below)
    minimum: float | None = None
    maximum: float | None = None
    above: float | None = None
    below: float | None = None

    def bounds_problem(self, value: Any) -> str | None:
        """Why a number is out of this option's bounds, or None."""
        low = ((self.minimum is None or value >= self.minimum)
               and (self.above is None or value > self.above))
        high = ((self.maximum is None or value <= self.maximum)
                and (self.below is None or value < self.below))
        if low and high:
            return None
        if self.minimum is not None and self.maximum is not None:
            return f"must be from {self.minimum:g} to {self.maximum:g}"
        words = [f"at least {self.minimum:g}" if self.minimum is not None else "",
                 f"above {self.above:g}" if self.above is not None else "",
                 f"at most {self.maximum:g}" if self.maximum is not None else "",
                 f"under {self.below:g}" if self.below is not None else ""]
        return "must be " + " and ".join(w for w in words if w)

    def coerce(self, game: str, value: Any) -> Any:
        kind = type(self.default)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise OptionError(
                f"{game}: option {self.name} must be {type_words(kind)}, not {quoted(value)}"
            )
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"{game}: option {self.name}={quoted(value)} is not one of {allowed}")
        if kind in (int, float) and (why := self.bounds_problem(value)):
            raise OptionError(f"{game}: option {self.name}={quoted(value)}: {why}")
        if self.check is not None and (why := self.check(value)):
            raise OptionError(f"{game}: option {self.name}={quoted(value)}: {why}")
        return value


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is a player index or None for a draw; ``scores`` is set for games
    that count points; ``reason`` is a short English phrase ("line", "connection",
    "no legal move", ...).
    """

    winner: int | None
    reason: str
    scores: tuple[float, ...] | None = None


@dataclass(frozen=True)
class Fact:
    """A named, documented question a claim can ask about a position.

    The compute function's annotations are the fact's types: each argument's
    (:meth:`arg_type`) and the answer's, which a claim's ``expect`` must have
    (:meth:`answer_type`).  ``values``, for a fact with few possible answers,
    lists them for a game (records' reference and schema; a test plays games
    to check the engine gives no other).
    """

    name: str
    doc: str
    compute: Callable[..., Any]
    args: tuple[str, ...] = ()
    values: Callable[["Game"], tuple] | None = None

    def answer_type(self) -> Any:
        """The type of the answer, as annotated (``str``, ``list[str]``, ``dict[str, int]``...)."""
        return typing.get_type_hints(self.compute).get("return", typing.Any)

    def arg_type(self, arg: str) -> type:
        """The type a record must give ``arg``: the compute function's annotation
        (``int``, ``float``, ``bool``, ``list``), else ``str``."""
        annotation = inspect.signature(self.compute).parameters[arg].annotation
        kinds = {kind.__name__: kind for kind in (int, float, bool, list, str)}
        return kinds.get(getattr(annotation, "__name__", annotation), str)


class FactSet:
    """The facts a game offers to claims, built with the :meth:`fact` decorator."""

    def __init__(self, *bases: "FactSet"):
        self._facts: dict[str, Fact] = {}
        for base in bases:
            self._facts.update(base._facts)

    def fact(self, name: str, doc: str, args: Sequence[str] = (),
             values: Callable[["Game"], tuple] | None = None):
        def register(function):
            self._facts[name] = Fact(name, doc, function, tuple(args), values)
            return function

        return register

    def __getitem__(self, name: str) -> Fact:
        return self._facts[name]

    def __contains__(self, name: str) -> bool:
        return name in self._facts

    def __iter__(self):
        return iter(sorted(self._facts.values(), key=lambda f: f.name))


class State:
    """An immutable position.  Subclasses implement the protected hooks."""

    game: "Game"

    # --- hooks for engines -------------------------------------------------
    def _legal_moves(self) -> Iterable[Move]:
        raise NotImplementedError

    def _illegal_reason(self, move: Move) -> str | None:
        """Why ``move`` is illegal here (the rule, in words), or None if legal.

        The default looks the move up in the legal moves; games with a
        continuous or very large move set override it.
        """
        return None if move in set(self._legal_moves()) else "not a legal move here"

    def _apply(self, move: Move) -> "State":
        raise NotImplementedError

    # --- the public interface ----------------------------------------------
    @property
    def turn(self) -> int | None:
        """Index of the player to move, or None once the game is over."""
        raise NotImplementedError

    @property
    def move_number(self) -> int:
        """How many moves (as written in records) have been played."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        raise NotImplementedError

    def is_over(self) -> bool:
        return self.outcome() is not None

    def player_name(self, index: int | None, lang: str = "en") -> str:
        """The name of player ``index`` in this position.

        Usually the game's fixed name; games with the pie rule, where a swap
        trades colours between the players, name the colour the player has now.
        """
        return self.game.player_name(index, lang)

    def legal_moves(self) -> list[Move]:
        return [] if self.is_over() else list(self._legal_moves())

    def count_legal_moves(self) -> int:
        """How many legal moves there are (games with huge move sets count them without
        listing them)."""
        return len(self.legal_moves())

    def random_move(self, rng: random.Random) -> Move:
        """A legal move chosen at random (overridden by games with continuous moves)."""
        return rng.choice(self.legal_moves())

    def play(self, move: Move) -> "State":
        """The position after ``move``; raises IllegalMoveError naming the rule."""
        if self.is_over():
            raise IllegalMoveError(self._describe(move), "the game is already over")
        reason = self._illegal_reason(move)
        if reason is not None:
            raise IllegalMoveError(self._describe(move), reason)
        return self._apply(move)

    def _describe(self, move: Move) -> str:
        """The move in notation, or its repr when it is too malformed to write."""
        try:
            return self.format_move(move)
        except Exception:  # a move object built in Python may be anything
            return repr(move)

    def parse_move(self, text: str) -> Move:
        """Read a move in the game's notation; raises NotationError."""
        raise NotImplementedError

    def format_move(self, move: Move) -> str:
        """Write a move in the game's notation; ``parse_move`` reads it back."""
        raise NotImplementedError

    def to_json(self) -> dict:
        """A machine-readable form of the position (for ``rulebook replay --json``)."""
        raise NotImplementedError

    def __str__(self) -> str:
        """A plain-text diagram of the position."""
        raise NotImplementedError


class Game:
    """A game with fixed options; registered by its slug."""

    slug: ClassVar[str]
    names: ClassVar[dict[str, str]]  # {"en": ..., "ja": ...}
    players: ClassVar[tuple[dict[str, str], ...]]  # per player: {"en": ..., "ja": ...}
    parameters: ClassVar[tuple[Parameter, ...]] = ()
    facts: ClassVar[FactSet]
    reasons: ClassVar[tuple[str, ...]] = ()  # every Outcome.reason the engine gives
    # The position format of records' ``start`` (reader prose, for the authoring
    # guide) and an example that a test parses; None: the game has none.
    position_format: ClassVar[str | None] = None
    position_example: ClassVar[str | None] = None

    def __init__(self, **options: Any):
        known = {p.name: p for p in self.parameters}
        for name in options:
            if name not in known:
                listed = ", ".join(known) or "none"
                raise OptionError(f"{self.slug}: unknown option {name!r} (options: {listed})")
        self.options = {
            p.name: p.coerce(self.slug, options.get(p.name, p.default)) for p in self.parameters
        }

    def initial_state(self) -> State:
        raise NotImplementedError

    def parse_position(self, text: str) -> State:
        """Read a position in the game's position format (records' ``start``)."""
        raise OptionError(f"{self.slug} has no position format; list the moves instead")

    def player_name(self, index: int | None, lang: str = "en") -> str:
        if index is None:
            return {"en": "draw", "ja": "引き分け"}[lang]
        return self.players[index][lang]

    def player_index(self, name: str) -> int:
        """The index of a player named in English (as in records and claims)."""
        for index, names in enumerate(self.players):
            if names["en"].lower() == name.lower():
                return index
        raise ArgumentError(f"{self.slug}: no player called {name!r}")


# Facts every game offers; games extend them with FactSet(COMMON_FACTS).
COMMON_FACTS = FactSet()


def players_or(*others: str) -> Callable[["Game"], tuple[str, ...]]:
    """A fact's ``values``: the players' names (in English, as claims write them),
    then ``others``."""
    return lambda game: (*(player["en"] for player in game.players), *others)


@COMMON_FACTS.fact("winner", "The winner's name, 'draw', or 'none' while the game goes on.",
                   values=players_or("draw", "none"))
def _winner(state: State) -> str:
    outcome = state.outcome()
    if outcome is None:
        return "none"
    return state.player_name(outcome.winner)


@COMMON_FACTS.fact("over", "Whether the game has ended (true or false).")
def _over(state: State) -> bool:
    return state.is_over()


@COMMON_FACTS.fact("turn", "The name of the player to move, or 'none' at the end.",
                   values=players_or("none"))
def _turn(state: State) -> str:
    return "none" if state.turn is None else state.player_name(state.turn)


@COMMON_FACTS.fact("reason", "Why the game ended (the game's reasons are listed with it); "
                             "'none' while it goes on.",
                   values=lambda game: (*game.reasons, "none"))
def _reason(state: State) -> str:
    outcome = state.outcome()
    return "none" if outcome is None else outcome.reason


@COMMON_FACTS.fact("scores", "The players' scores as a list, in player order (scoring games).")
def _scores(state: State) -> list[int | float] | None:
    outcome = state.outcome()
    scores = outcome.scores if outcome else getattr(state, "scores", None)
    return None if scores is None else list(scores)


@COMMON_FACTS.fact("legal_move_count", "How many legal moves the player to move has.")
def _legal_move_count(state: State) -> int:
    return state.count_legal_moves()


@COMMON_FACTS.fact("is_legal", "Whether a move, written in the game's notation, is legal here.",
                   args=("move",))
def _is_legal(state: State, move: str) -> bool:
    from .errors import RulebookError

    try:
        parsed = state.parse_move(move)
        return state._illegal_reason(parsed) is None and not state.is_over()
    except RulebookError:
        return False
