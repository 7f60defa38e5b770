"""The engine side of the play pages: one game in progress, as JSON for play.js.

Runs in the browser under Pyodide (standard library only; the drawing modules
draw through :mod:`rulebook.scene`), and in CPython for the tests.  Everything
about a move goes through the common game interface: the legal moves and
their notation, ``play`` (whose error message the page shows), ``outcome``,
the computer player of :mod:`rulebook.computer`, the record loader and the
record writer of ``rulebook find``.  Nothing here knows a rule of any game;
each game's ``clicks.py`` says which clicks on its board pick which move.
"""

from __future__ import annotations

import importlib
import json

from ..errors import RulebookError
from ..game import State
from ..games import GAME_MODULES, game_class, make_game
from ..scene import draw_scene, install, swatch_scene

# The demos' aids: view options the page offers as switches (besides the default view).
AIDS = {"necto": ("marks", "labels", "scores"), "craquelure": ("areas", "mark_settled",
                                                                "part_numbers"),
        "qttt": ("entanglement",), "inphexion": ("chain",)}


def _module(slug: str, name: str):
    install()  # where matplotlib is absent, the drawing modules draw into scenes
    return importlib.import_module(f"rulebook.games.{GAME_MODULES[slug]}.{name}")


class Session:
    """A game being played: its positions, the moves as written, undo."""

    def __init__(self, slug: str, options: dict | None = None, start: str | None = None,
                 moves=()):
        self.game = make_game(slug, **(options or {}))
        self.start = start
        self.states: list[State] = [self.game.parse_position(start) if start is not None
                                    else self.game.initial_state()]
        self.moves: list[str] = []
        for text in moves:
            self.play(text)

    @property
    def state(self) -> State:
        return self.states[-1]

    # --- moves --------------------------------------------------------------
    def legal_moves(self) -> list[str]:
        return sorted(map(self.state.format_move, self.state.legal_moves()))

    def play(self, text: str) -> str:
        """Play a move written in the notation; raises RulebookError, one line."""
        state = self.state
        move = state.parse_move(text.strip())
        after = state.play(move)
        written = state.format_move(move)
        self.states.append(after)
        self.moves.append(written)
        return written

    def undo(self, count: int = 1) -> None:
        for _ in range(min(count, len(self.moves))):
            self.states.pop()
            self.moves.pop()

    def computer_choice(self, strength: int = 2, seed: int | None = None) -> str:
        """The move the computer player would play, written, without playing it (the
        page plays it unless the game changed meanwhile).  Seeded by the move number:
        the same game, the same reply."""
        from ..computer import computer  # not before the computer is asked (start-up)

        player = computer(self.state, strength, len(self.moves) if seed is None else seed)
        return self.state.format_move(player.choose(self.state))

    def options(self) -> dict:
        """The game's options that differ from their defaults."""
        return {k: v for k, v in self.game.options.items()
                if v != next(p.default for p in self.game.parameters if p.name == k)}

    def outcome(self) -> dict | None:
        outcome = self.state.outcome()
        if outcome is None:
            return None
        winner = None if outcome.winner is None else self.state.player_name(outcome.winner)
        return {"winner": winner, "reason": outcome.reason,  # winner None: a draw
                "scores": None if outcome.scores is None else list(outcome.scores)}

    # --- records ------------------------------------------------------------
    def record(self, comment: str = "Played on the rulebook's play page.") -> str:
        """The game so far as a record that ``rulebook check`` checks and a
        ``rulebook-figure`` draws: its moves, the final position as a figure,
        and claims of who is to move or who won and why."""
        from ..finder import toml_value

        lines = [f"# {comment}", f"game = {toml_value(self.game.slug)}"]
        changed = self.options()
        if changed:
            lines.append(f"options = {toml_value(changed)}")
        if self.start is not None:
            lines.append(f'start = """\n{self.start.strip(chr(10))}\n"""')
        lines.append("moves = [" + ", ".join(toml_value(m) for m in self.moves) + "]")
        lines += ["", "[figure]", "", "[[figure.panels]]", f"after = {len(self.moves)}"]
        outcome = self.state.outcome()
        facts = ([("winner", self.state.player_name(outcome.winner)), ("reason", outcome.reason)]
                 if outcome else [("turn", self.state.player_name(self.state.turn))])
        for fact, expect in facts:
            lines += ["", "[[claims]]", f'id = "{fact}"', f"fact = {toml_value(fact)}",
                      f"expect = {toml_value(expect)}"]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_record(cls, text: str, name: str = "record.toml") -> "Session":
        """A session at the end of a record (checked as ``rulebook check`` checks it)."""
        from ..records import read_record

        record = read_record(text, name)
        record.replay()  # every move checked, with the record's line in the error
        return cls(record.game.slug, dict(record.game.options), record.start, record.moves)

    # --- what the page shows ------------------------------------------------
    def view(self, lang: str = "en", aids: dict | None = None) -> dict:
        state, slug = self.state, self.game.slug
        drawing, clicks = _module(slug, "drawing"), _module(slug, "clicks")
        options = {k: v for k, v in (aids or {}).items() if k in drawing.VIEW_OPTIONS}
        previous = self.states[-2] if len(self.states) > 1 else None
        move = self.moves[-1] if self.moves else None
        scene, marks = draw_scene(drawing, state, lang=lang, previous=previous, move=move,
                                  **options)
        legal = self.legal_moves()
        outcome = self.outcome()
        scores = (outcome or {}).get("scores") or getattr(state, "scores", None)
        return {
            "game": slug,
            "moves": list(self.moves),
            "turn": None if state.turn is None else state.player_name(state.turn, lang),
            "turn_index": state.turn,
            "players": [state.player_name(i, lang) for i in range(len(self.game.players))],
            "scores": None if scores is None else list(scores),
            "outcome": outcome,
            "winner_name": None if outcome is None else state.player_name(
                state.outcome().winner, lang),
            "legal": legal,
            "tokens": {m: clicks.tokens(state, m) for m in legal},
            "targets": clicks.targets(state),
            "scene": scene,
            "legend": [{"key": m.key, "name": m.names[lang], "swatch": swatch_scene(m)}
                       for m in marks],
            "text": str(state),
            "position": state.to_json(),
        }


def game_settings(slug: str) -> dict:
    """The game's names, players, options (with their defaults and choices) and aids."""
    game = game_class(slug)
    drawing = _module(slug, "drawing")
    return {"slug": slug, "names": game.names, "players": list(game.players),
            "parameters": [{"name": p.name, "default": p.default, "doc": p.doc,
                            "type": type(p.default).__name__,
                            "choices": list(p.choices) if p.choices else None,
                            "minimum": p.minimum, "maximum": p.maximum}
                           for p in game.parameters],
            "aids": [{"name": a, "default": drawing.VIEW_OPTIONS[a],
                      "doc": _module(slug, "views").VIEW_OPTIONS[a].doc}
                     for a in AIDS.get(slug, ())],
            "reasons": list(game.reasons)}


def warm_up() -> None:
    """Import every module a play page may need: every game's engine, drawing,
    clicks and views, the record reader and writer.  The page's worker calls it
    once, after the page is playable, before it keeps a memory snapshot of the
    runtime for the next visit (worker.js): what is imported then needs no
    importing on any later visit, of any game's page."""
    from .. import computer, finder, records  # noqa: F401  (the computer, Open and Download record)

    for slug in GAME_MODULES:
        game_class(slug)
        for name in ("drawing", "clicks", "views"):
            _module(slug, name)


# --- the calls play.js makes: JSON in, JSON out, errors as {"error": one line} ----

_session: Session | None = None
CALLS = {"legal": "legal_moves", "play": "play", "undo": "undo", "choose": "computer_choice",
         "outcome": "outcome", "record": "record", "view": "view", "options": "options"}


def call(name: str, args_json: str = "[]") -> str:
    global _session
    args = json.loads(args_json)
    try:
        if name == "new":
            _session = Session(*args)
            result = None
        elif name == "open":
            _session = Session.from_record(*args)
            result = None
        elif name == "settings":
            result = game_settings(*args)
        elif name in CALLS:
            if _session is None:
                raise RulebookError("no game: start a new game first")
            result = getattr(_session, CALLS[name])(*args)
        else:
            raise RulebookError(f"no such call: {name!r}")
        return json.dumps({"result": result})
    except (RulebookError, ValueError) as error:
        return json.dumps({"error": str(error)})
