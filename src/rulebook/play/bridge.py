"""The engine side of the play pages: one game in progress, as JSON for play.js.

Runs in the browser under Pyodide (standard library only; the drawing modules
draw through :mod:`rulebook.scene`), and in CPython for the tests.  Everything
about a move goes through the common game interface: the legal moves and
their notation, ``play`` (whose error message the page shows), ``outcome``,
the computer player of :mod:`rulebook.computer`, the record loader and the
record writer of ``rulebook find``.  Nothing here knows a rule of any game;
each game's ``clicks.py`` says which clicks on its board pick which move, and
its ``play.py`` which of its view options the page offers as aids.
"""

from __future__ import annotations

import importlib
import json

from ..errors import RulebookError
from ..game import State
from ..games import GAME_MODULES, game_class, game_play, make_game
from ..scene import draw_scene, install, swatch_scene
from .messages import Messages


def _module(slug: str, name: str):
    install()  # where matplotlib is absent, the drawing modules draw into scenes
    return importlib.import_module(f"rulebook.games.{GAME_MODULES[slug]}.{name}")


def changed_options(game) -> dict:
    """A game's options that differ from their defaults."""
    return {k: v for k, v in game.options.items()
            if v != next(p.default for p in game.parameters if p.name == k)}


class Session:
    """A game being played: its line of moves, the point of it shown (``at``: step
    back and forward through it), undo, and playing on from any point."""

    def __init__(self, slug: str, options: dict | None = None, start: str | None = None,
                 moves=(), at: int | None = None):
        self.game = make_game(slug, **(options or {}))
        self.start = start
        self.states: list[State] = [self.game.parse_position(start) if start is not None
                                    else self.game.initial_state()]
        self.line: list[str] = []  # every move of the game, as written
        self.at = 0                # how many of them the position shown has had
        for number, text in enumerate(moves, 1):
            try:
                self.play(text)
            except RulebookError as error:
                raise RulebookError(f"move {number} ({text}): {error}") from None
        if at is not None:
            self.goto(at)

    @property
    def state(self) -> State:
        return self.states[self.at]

    @property
    def moves(self) -> list[str]:
        """The moves that led to the position shown."""
        return self.line[:self.at]

    # --- moves --------------------------------------------------------------
    def legal_moves(self) -> list[str]:
        return sorted(map(self.state.format_move, self.state.legal_moves()))

    def play(self, text: str) -> str:
        """Play a move written in the notation in the position shown (the moves
        after it, if any, are dropped: the game goes on from there); raises
        RulebookError, one line."""
        state = self.state
        move = state.parse_move(text.strip())
        after = state.play(move)
        written = state.format_move(move)
        self.truncate()
        self.states.append(after)
        self.line.append(written)
        self.at += 1
        return written

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` moves up to the position shown."""
        self.at = max(0, self.at - count)
        self.truncate()

    def truncate(self) -> None:
        """Drop the moves after the position shown (play on from here)."""
        del self.states[self.at + 1:], self.line[self.at:]

    def goto(self, at: int) -> None:
        """Show the position after the first ``at`` moves (the others are kept)."""
        if not (isinstance(at, int) and 0 <= at <= len(self.line)):
            raise RulebookError(f"no position after {at!r} moves: the game has "
                                f"{len(self.line)}")
        self.at = at

    def computer_choice(self, strength: int = 2, seed: int | None = None) -> str:
        """The move the computer player would play, written, without playing it (the
        page plays it unless the game changed meanwhile).  Seeded by the move number:
        the same game, the same reply."""
        from ..computer import computer  # not before the computer is asked (start-up)

        player = computer(self.state, strength, len(self.moves) if seed is None else seed)
        return self.state.format_move(player.choose(self.state))

    def options(self) -> dict:
        """The game's options that differ from their defaults."""
        return changed_options(self.game)

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
        from ..record_format import toml_value

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
    def from_record(cls, text: str, name: str = "record.toml",
                    slug: str | None = None) -> "Session":
        """A session at the end of a record (checked as ``rulebook check`` checks it);
        refused, in one line, if it is a record of another game than ``slug``."""
        from ..records import read_record

        record = read_record(text, name)
        if slug is not None and record.game.slug != slug:
            raise OtherGameError(name, record.game.slug, slug)
        record.replay()  # every move checked, with the record's line in the error
        session = cls(record.game.slug, dict(record.game.options), record.start, record.moves)
        session.verdict = claims_verdict(record)
        return session

    # --- share links --------------------------------------------------------
    def link(self) -> str:
        """The game as a share link's fragment (see :func:`share_fragment`)."""
        return share_fragment(self.game.slug, self.options(), self.start, self.line, self.at)

    @classmethod
    def from_link(cls, fragment: str, slug: str | None = None) -> "Session":
        """The game a share link's fragment describes; a malformed or illegal one is
        refused in one line that says what is wrong with it."""
        fields = read_fragment(fragment)
        if slug is not None and fields["game"] != slug:
            raise OtherGameError("the link", fields["game"], slug)
        try:
            return cls(fields["game"], fields["options"], fields["start"], fields["moves"],
                       fields["at"])
        except RulebookError as error:
            raise LinkError(f"the link's game cannot be played: {error}") from None

    def previews(self, moves: list[str], lang: str = "en", aids: dict | None = None) -> dict:
        """The board after each of ``moves`` (legal here), as scenes: what a palette
        of the game's clicks.py (``PALETTE``) shows on its buttons and the board."""
        drawing = _module(self.game.slug, "drawing")
        options = {k: v for k, v in (aids or {}).items() if k in drawing.VIEW_OPTIONS}
        state, out = self.state, {}
        for text in moves:
            move = state.parse_move(text)
            out[text] = draw_scene(drawing, state.play(move), lang=lang, previous=state,
                                   move=state.format_move(move), **options)[0]
        return out

    def aim(self, *args) -> dict:
        """A move aimed by hand, before it is played (the game's clicks.py ``aim``:
        Craquelure's cut, with its parts and the engine's verdict)."""
        aim = getattr(_module(self.game.slug, "clicks"), "aim", None)
        if aim is None:
            raise RulebookError(f"{self.game.slug}: no move is aimed by hand")
        return aim(self.state, *args)

    def line_at(self, x: float, y: float) -> str | None:
        """The line end of the line drawn nearest a point of the board (the game's
        clicks.py ``line_at``: Necto's "trace a line" follows the line clicked)."""
        line_at = getattr(_module(self.game.slug, "clicks"), "line_at", None)
        if line_at is None:
            raise RulebookError(f"{self.game.slug}: no line is traced on its board")
        return line_at(self.state, x, y)

    def lines_at(self, token: str) -> list[dict]:
        """The lines through a place of the board, to choose among from the keys
        (the game's clicks.py ``lines_through``: Necto's lines through a tile)."""
        lines_through = getattr(_module(self.game.slug, "clicks"), "lines_through", None)
        if lines_through is None:
            raise RulebookError(f"{self.game.slug}: no line is traced on its board")
        return lines_through(self.state, token)

    # --- what the page shows ------------------------------------------------
    def view(self, lang: str = "en", aids: dict | None = None) -> dict:
        state, slug = self.state, self.game.slug
        drawing, clicks = _module(slug, "drawing"), _module(slug, "clicks")
        options = {k: v for k, v in (aids or {}).items() if k in drawing.VIEW_OPTIONS}
        previous = self.states[self.at - 1] if self.at else None
        move = self.moves[-1] if self.moves else None
        scene, marks = draw_scene(drawing, state, lang=lang, previous=previous, move=move,
                                  **options)
        legal = self.legal_moves()
        tokens = {m: clicks.tokens(state, m) for m in legal}
        outcome = self.outcome()
        scores = (outcome or {}).get("scores") or getattr(state, "scores", None)
        return {
            "game": slug,
            "moves": list(self.moves),
            "line": list(self.line),  # with the moves after the position shown
            "at": self.at,
            "first_turn": self.states[0].turn,  # the move list's numbering
            "link": self.link(),  # the game as a share link's fragment (and autosaved so)
            "turn": None if state.turn is None else state.player_name(state.turn, lang),
            "turn_index": state.turn,
            "players": [state.player_name(i, lang) for i in range(len(self.game.players))],
            "scores": None if scores is None else list(scores),
            "outcome": outcome,
            "winner_name": None if outcome is None else state.player_name(
                state.outcome().winner, lang),
            "legal": legal,
            "tokens": tokens,
            "targets": clicks.targets(state),
            "palette": list(getattr(clicks, "PALETTE", ())),  # a last token's choices, drawn
            "aimed": hasattr(clicks, "aim"),  # a move aimed by hand (Craquelure's cuts)
            # what the next tap is for, by the number of taps made (a key of the page's words)
            "prompts": [clicks.prompt(state, n) for n in range(max(
                (len(seq) for seqs in tokens.values() for seq in seqs), default=0))]
            if hasattr(clicks, "prompt") else [],
            "scene": scene,
            "legend": [{"key": m.key, "name": m.names[lang], "swatch": swatch_scene(m)}
                       for m in marks],
            "text": str(state),
            "position": state.to_json(),
        }


def claims_verdict(record) -> dict:
    """What ``rulebook check`` says of a record's claims and panels, without stopping
    at the first that fails: how many claims it makes, and each failure in one line."""
    failures = []
    for index in range(len(record.panels)):
        try:
            record.panel_state(index)  # its variation played, its attempt refused
        except RulebookError as error:
            failures.append(str(error))
    for claim in record.claims:
        try:
            record.check_claim(claim)
        except RulebookError as error:
            failures.append(str(error))
    return {"claims": len(record.claims), "failures": failures}


class OtherGameError(RulebookError):
    """A record or link of another game than the page's."""

    def __init__(self, what: str, game: str, page: str):
        self.game, self.page = game, page
        name = game_class(game).names["en"] if game in GAME_MODULES else repr(game)
        super().__init__(f"{what} is a game of {name}, not of {game_class(page).names['en']}: "
                         f"open it on {name}'s play page")


class LinkError(RulebookError):
    """A share link's fragment that does not describe a game."""


# A share link is the play page's address with the game in its fragment:
# ``#game=necto&moves=["c3=t1",...]`` (URL-encoded; ``options`` a JSON object,
# ``start`` a position in the game's notation, ``at`` the number of moves shown
# when fewer than all).  The figures' panel links are made by the same function.
def share_fragment(slug: str, options: dict | None = None, start: str | None = None,
                   moves=(), at: int | None = None) -> str:
    from urllib.parse import urlencode

    fields = {"game": slug}
    if options:
        fields["options"] = json.dumps(options, sort_keys=True, separators=(",", ":"))
    if start is not None:
        fields["start"] = start
    fields["moves"] = json.dumps(list(moves), ensure_ascii=False, separators=(",", ":"))
    if at is not None and at != len(moves):
        fields["at"] = str(at)
    return "#" + urlencode(fields, quote_via=_quote)


def _quote(text, safe="", encoding=None, errors=None):
    from urllib.parse import quote

    return quote(text, safe="[],:=", encoding=encoding, errors=errors)


def read_fragment(fragment: str) -> dict:
    """A share link's fields: game, options, start, moves and at (None: all)."""
    from urllib.parse import parse_qs

    text = fragment[1:] if fragment.startswith("#") else fragment
    try:
        found = parse_qs(text, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise LinkError("the link is not a game: its fragment is not name=value "
                        "pairs") from None
    if twice := sorted(name for name, values in found.items() if len(values) > 1):
        raise LinkError(f"the link names {twice[0]!r} more than once: which one is meant?")
    fields = {name: values[0] for name, values in found.items()}
    unknown = sorted(set(fields) - {"game", "options", "start", "moves", "at"})
    if unknown:
        raise LinkError(f"the link names {unknown[0]!r}, which is not part of a game")
    if fields.get("game") not in GAME_MODULES:
        raise LinkError(f"the link names no game of this site (game={fields.get('game')!r})")

    def decoded(name, kind, default):
        if name not in fields:
            return default
        try:
            value = json.loads(fields[name])
        except ValueError:
            raise LinkError(f"the link's {name} are not readable (not JSON): "
                            f"{fields[name][:40]!r}") from None
        if not isinstance(value, kind) or (kind is list and not all(
                isinstance(m, str) for m in value)):
            raise LinkError(f"the link's {name} are not a {'list of moves' if kind is list else 'table of options'}")
        return value

    at = fields.get("at")
    if at is not None and not at.isdigit():
        raise LinkError(f"the link's at={at!r} is not a number of moves")
    return {"game": fields["game"], "options": decoded("options", dict, {}),
            "start": fields.get("start"), "moves": decoded("moves", list, []),
            "at": None if at is None else int(at)}


def game_settings(slug: str) -> dict:
    """The game's players, options (with their defaults and choices) and aids (the page
    has its slug and name already)."""
    game = game_class(slug)
    drawing = _module(slug, "drawing")
    return {"players": list(game.players),
            "parameters": [{"name": p.name, "default": p.default, "doc": p.doc,
                            "type": type(p.default).__name__,
                            "choices": list(p.choices) if p.choices else None,
                            "minimum": p.minimum, "maximum": p.maximum}
                           for p in game.parameters],
            "aids": [{"name": a, "default": drawing.VIEW_OPTIONS[a],
                      "doc": _module(slug, "views").VIEW_OPTIONS[a].doc}
                     for a in game_play(slug).AIDS],
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
        for name in ("drawing", "clicks", "views", "play"):
            _module(slug, name)


# --- the calls play.js makes: JSON in, JSON out, errors as {"error": one line} ----

_session: Session | None = None
# The page's language's templates for the engines' messages (none: English), set by
# the page's first call, "messages"; every error and refusal the page shows goes through it.
_translate = Messages([])
CALLS = {"legal": "legal_moves", "play": "play", "undo": "undo", "choose": "computer_choice",
         "outcome": "outcome", "record": "record", "view": "view", "options": "options",
         "goto": "goto", "truncate": "truncate", "link": "link", "previews": "previews",
         "aim": "aim", "line_at": "line_at", "lines_at": "lines_at"}


def call(name: str, args_json: str = "[]") -> str:
    global _session, _translate
    args = json.loads(args_json)
    try:
        if name == "messages":  # the page's catalogue: [[English, translation], ...]
            _translate = Messages(*args)
            result = None
        elif name == "new":
            _session = Session(*args)
            result = None
        elif name == "open":  # a record: text, file name, the page's game
            _session = Session.from_record(*args)
            result = {**_session.verdict,  # its claims checked
                      "failures": [_translate(line) for line in _session.verdict["failures"]]}
        elif name == "open_link":  # a share link's fragment, the page's game
            _session = Session.from_link(*args)
            result = None
        elif name == "settings":
            result = game_settings(*args)
        elif name in CALLS:
            if _session is None:
                raise RulebookError("no game: start a new game first")
            result = getattr(_session, CALLS[name])(*args)
            if name == "aim" and result["reason"]:  # why an aimed cut would be refused
                result["reason"] = _translate(result["reason"])
            elif name == "view":  # the position as text, in the page's language
                result["text"] = _translate.lines(result["text"])
        else:
            raise RulebookError(f"no such call: {name!r}")
        return json.dumps({"result": result})
    except (RulebookError, ValueError) as error:
        return json.dumps({"error": _translate(str(error))})
