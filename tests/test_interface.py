"""One conformance test over every registered game (as OpenSpiel does):
random playouts through the common interface, notation round-trips, JSON
output, immutability and checked play."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import rulebook.games
from rulebook.errors import IllegalMoveError, OptionError, RulebookError
from rulebook.game import Game, State
from rulebook.games import available_games, game_class, make_game

from conftest import ROOT

GAMES = available_games()


def test_every_game_folder_is_registered_and_nothing_else():
    """A game is registered by its package folder (what ``rulebook new`` adds)."""
    from pathlib import Path

    import rulebook.games

    folders = {path.parent.name for path in Path(rulebook.games.__file__).parent.glob("*/__init__.py")}
    assert set(GAMES) == folders >= {"qttt", "necto", "craquelure", "inphexion"}
    assert all(game_class(slug).slug == slug for slug in GAMES)  # the folder is the slug


@pytest.mark.parametrize("slug", GAMES)
def test_game_declares_its_facts(slug):
    cls = game_class(slug)
    assert issubclass(cls, Game)
    assert cls.slug == slug
    assert set(cls.names) == {"en", "ja"}
    assert len(cls.players) == 2 and all(set(p) == {"en", "ja"} for p in cls.players)
    for name in ("winner", "turn", "over"):
        assert name in cls.facts


@pytest.mark.parametrize("slug", GAMES)
def test_random_playouts_through_the_interface(slug):
    game = make_game(slug)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state()
        for _ in range(400):
            if state.is_over():
                break
            assert isinstance(state, State)
            assert state.turn in (0, 1)
            move = state.random_move(rng)
            text = state.format_move(move)
            assert state.format_move(state.parse_move(text)) == text
            before = json.dumps(state.to_json(), sort_keys=True)
            after = state.play(move)
            assert json.dumps(state.to_json(), sort_keys=True) == before, "play() changed the state"
            assert after.move_number == state.move_number + 1
            state = after
        json.dumps(state.to_json())
        assert str(state)
        if state.is_over():
            assert state.turn is None
            assert state.outcome().winner in (0, 1, None)
            with pytest.raises(IllegalMoveError):
                state.play(move)
            with pytest.raises((IndexError, ValueError)):  # no random move once it is over
                state.random_move(rng)


def _spoiled(text: str) -> list[str]:
    """A move's text with something left over or missing, as a hand slips."""
    tokens = text.split()
    found = [text + " zz9", text + " " + text, text + " " + tokens[-1], text + "," + tokens[-1],
             text + " (", text + ")", text + " -", "x " + text]
    return found + ([" ".join(tokens[:-1])] if len(tokens) > 1 else [])


@pytest.mark.parametrize("slug", GAMES)
def test_a_move_read_is_the_whole_text_written(slug):
    """Text with a word too many or too few is refused, or is itself a move (another
    way of writing one, read back as that text): never read as a move that leaves
    part of the text unread, as when a first move with a stray second word is read
    as the first word alone."""
    from conftest import random_steps


    def words(text):
        return " ".join(text.lower().split())

    for seed, before, move, _ in random_steps(make_game(slug), range(6), max_moves=30):
        for text in _spoiled(before.format_move(move)):
            try:
                read = before.parse_move(text)
            except RulebookError:
                continue
            assert words(before.format_move(read)) == words(text), (seed, text)


@pytest.mark.parametrize("slug", GAMES)
def test_unknown_option_is_refused(slug):
    with pytest.raises(OptionError, match="unknown option 'no_such_option'"):
        make_game(slug, no_such_option=1)


def test_unknown_game_is_refused_naming_the_games_there_are():
    folders = sorted(path.parent.name for path in
                     Path(rulebook.games.__file__).parent.glob("*/__init__.py"))
    with pytest.raises(OptionError) as error:
        make_game("chess")
    assert str(error.value) == f"unknown game 'chess' (games: {', '.join(folders)})"


def bounded_options():
    for slug in GAMES:
        for parameter in game_class(slug).parameters:
            if any(b is not None for b in (parameter.minimum, parameter.maximum,
                                           parameter.above, parameter.below)):
                yield pytest.param(slug, parameter, id=f"{slug}-{parameter.name}")


@pytest.mark.parametrize("slug, parameter", list(bounded_options()))
def test_an_option_is_refused_exactly_past_its_bounds(slug, parameter):
    """Each bound of each numeric option, through make_game: an inclusive bound
    (minimum, maximum) is allowed and the next value past it refused; an exclusive
    one (above, below) is refused and the next value inside allowed."""
    import math

    kind = type(parameter.default)

    def step(value, towards):
        return value + (1 if towards > value else -1) if kind is int else math.nextafter(value, towards)

    allowed, refused = [], []
    for bound, inside, inclusive in ((parameter.minimum, math.inf, True),
                                     (parameter.maximum, -math.inf, True),
                                     (parameter.above, math.inf, False),
                                     (parameter.below, -math.inf, False)):
        if bound is None:
            continue
        bound = kind(bound)
        outside = step(bound, -inside)
        (allowed if inclusive else refused).append(bound)
        allowed.append(step(bound, inside))
        refused.append(outside if inclusive else step(outside, -inside))
    for value in allowed:
        try:
            assert make_game(slug, **{parameter.name: value}).options[parameter.name] == value
        except OptionError as error:  # in bounds, but the game could not begin with it
            assert "could not begin" in str(error), str(error)
    for value in refused:
        with pytest.raises(OptionError, match=rf"option {parameter.name}={value!r}: must be"):
            make_game(slug, **{parameter.name: value})


def option_samples():
    """Each option alone at its defaults, its bounds and next inside them, its choices;
    and Craquelure's cut options together (coarse grids, direction steps, large minima)."""
    import itertools
    import math

    for slug in GAMES:
        for p in game_class(slug).parameters:
            kind = type(p.default)
            values = {p.default} | set(p.choices or ()) | ({True, False} if kind is bool else set())
            for bound, inside in ((p.minimum, 0), (p.maximum, 0), (p.above, 1), (p.below, -1)):
                if bound is not None:
                    values.add(kind(bound) + inside if kind is int else
                               math.nextafter(kind(bound), math.copysign(math.inf, inside))
                               if inside else kind(bound))
            for value in sorted(values, key=repr):
                yield slug, {p.name: value}
    for start, grid, steps, directions, percent in itertools.product(
            ("pinwheel", "sectors"), ("none", "square", "triangular"), (2, 3, 6, 20),
            (0, 3, 6), (0.5, 8.3, 9.0)):
        yield "craquelure", {"start": start, "grid": grid, "grid_steps": steps,
                             "directions": directions, "min_area_percent": percent}


def test_every_game_the_options_allow_can_be_played_or_is_refused_as_one_that_could_not_begin():
    """Each game made with the sampled options either is refused at once, one line
    naming the game and the options it could not begin with, or can be played: from
    its start a random game of a few moves is played through checked play, each
    position over or with a move to make.  (Craquelure's coarse grids and large minimum
    areas once made a start whose regions nobody could cut: no move, and no end.)"""
    refused = played = 0
    for slug, options in option_samples():
        try:
            game = make_game(slug, **options)
        except OptionError as error:
            text = str(error)
            assert text.startswith(f"{slug}: with ") and "could not begin" in text, (options, text)
            defaults = {p.name: p.default for p in game_class(slug).parameters}
            assert "\n" not in text and all(f"{k}={v}" in text for k, v in options.items()
                                             if v != defaults[k]), (options, text)
            refused += 1
            continue
        rng, state = random.Random(0), game.initial_state()
        for _ in range(3):
            if state.is_over():
                break
            state = state.play(state.random_move(rng))  # raises where no move exists
        played += 1
    assert played > 100 and refused > 20, (played, refused)


# each TOML kind a record can give an option, and JSON's null (a play page's link can
# hold it), and how a message must quote each
TOML_VALUES = [(True, "true"), ("x", "'x'"), (7, "7"), (1.5, "1.5"), ([1], "[1]"),
               ({"a": 1}, '{ "a" = 1 }'), (None, "null")]
KIND_WORDS = {int: "an integer", float: "a number", str: "a string", bool: "true or false"}


@pytest.mark.parametrize("slug", [slug for slug in GAMES if game_class(slug).parameters])
def test_an_option_of_the_wrong_kind_is_refused_in_toml_s_words(slug):
    """Every option of every game, given a value of each other kind a TOML file can
    hold (or null), is refused naming the option, the kind it takes in words and the
    value as TOML writes it (true, not Python's True or int)."""
    met = 0
    for parameter in game_class(slug).parameters:
        kind = type(parameter.default)
        for value, written in TOML_VALUES:
            same = type(value) is kind or (kind is float and type(value) is int)
            if same:
                continue
            with pytest.raises(OptionError) as refused:
                make_game(slug, **{parameter.name: value})
            assert str(refused.value) == (f"{slug}: option {parameter.name} must be "
                                          f"{KIND_WORDS[kind]}, not {written}")
            met += 1
    assert met >= 4 * len(game_class(slug).parameters)


@pytest.mark.parametrize("slug", GAMES)
def test_the_is_legal_fact_agrees_with_checked_play_everywhere_even_after_the_end(slug):
    """At every position of seeded random games, the final one included, ``is_legal``
    holds exactly for the moves ``play`` accepts: the moves listed there, the moves
    listed one and two positions earlier (the same player's moves then: many are legal
    but for the game's end), and a misspelling."""

    small = {"necto": {"size": 4}, "inphexion": {"size": 4}}.get(slug, {})
    game, checked = make_game(slug, **small), 0
    fact = game.facts["is_legal"]
    for seed in range(3):
        rng, state, earlier = random.Random(seed), game.initial_state(), []
        for _ in range(400):
            here = [state.format_move(m) for m in state.legal_moves()[:12]]
            for text in dict.fromkeys(here + earlier + ["zz9"]):
                try:
                    state.play(state.parse_move(text))
                    accepted = True
                except RulebookError:
                    accepted = False
                assert fact.compute(state, move=text) is accepted, (slug, seed, text)
                checked += 1
            if state.is_over():
                break
            earlier = here + earlier[:12]  # one and two positions back
            state = state.play(state.random_move(rng))
        assert state.is_over(), (slug, seed)
    assert checked > 200


DIGIT_FORMS = {  # a number of a move written in a way no notation of ours writes it
    "a leading zero": lambda digits: "0" + digits,
    "full-width digits": lambda digits: "".join(chr(ord(d) + 0xFEE0) for d in digits),
    "Arabic-Indic digits": lambda digits: "".join(chr(ord(d) - 48 + 0x660) for d in digits),
}


@pytest.mark.parametrize("form", DIGIT_FORMS)
@pytest.mark.parametrize("slug", GAMES)
def test_a_number_in_a_move_is_read_only_in_ascii_digits_as_written(slug, form):
    """Every run of digits of the moves of seeded random games and of the game's
    records (as their authors wrote them: a region named by its id too), a cell's row,
    a part's number, a coordinate's digits, an angle, written with a leading zero or in
    other scripts' digits, makes the move unreadable: ``int``, ``Decimal`` and ``\\d``
    accept those, the notations do not."""
    import re

    from rulebook.errors import NotationError
    from rulebook.records import find_records, load_record

    game, tried = make_game(slug), 0
    played = []  # (position, a move's text there)
    for seed in range(3):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(6):
            if state.is_over():
                break
            text = state.format_move(state.random_move(rng))
            played.append((state, text))
            state = state.play(state.parse_move(text))
    for path in [p for p in find_records(ROOT / "figures") if p.parent.name == slug]:
        record = load_record(path, ROOT / "figures")
        played += list(zip(record.replay(), record.moves))
    for state, text in played:
        for found in re.finditer(r"[0-9]+", text):
            if form == "a leading zero" and found.start() and text[found.start() - 1] == ".":
                continue  # a decimal's fraction may begin with zeros
            changed = text[:found.start()] + DIGIT_FORMS[form](found[0]) + text[found.end():]
            with pytest.raises(NotationError):
                state.parse_move(changed)
            tried += 1
    assert tried >= 10


# small boards, and every option that changes what a position allows
POSITION_OPTIONS = {"necto": [{"size": 4}],
                    "inphexion": [{"size": 4, "discs": 4}, {"size": 4, "discs": 4, "pie": True},
                                  {"size": 5, "pie": True, "neutral": True}]}


@pytest.mark.parametrize("slug, small", [(slug, options) for slug in GAMES  # with a position format
                                         if game_class(slug).parse_position is not Game.parse_position
                                         for options in POSITION_OPTIONS.get(slug, [{}])])
def test_every_position_of_a_game_reads_back_from_its_text(slug, small):
    """Each unfinished position of seeded random games on small boards, written as text
    (``str``), reads back as the same position, with the same moves allowed (the pie
    rule's swap among them), up to the last before the end, where a player may have
    nothing left in hand (up to a swap, which a start position's text need not record)."""
    game, read = make_game(slug, **small), 0
    for seed in range(8):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(300):
            if state.is_over():
                break  # a start position must be unfinished
            again = game.parse_position(str(state))
            history = {"last_move", "last"}  # how the position was reached: not in its text
            assert ({k: v for k, v in again.to_json().items() if k not in history}
                    == {k: v for k, v in state.to_json().items() if k not in history}), (
                slug, seed, str(state))
            assert ({again.format_move(m) for m in again.legal_moves()}
                    == {state.format_move(m) for m in state.legal_moves()}), (slug, seed, str(state))
            read += 1
            move = state.random_move(rng)
            if state.format_move(move).lower() == "swap":
                break  # a start position's text need not say who swapped (the guide's Hex)
            state = state.play(move)
    assert read > 20


def written_otherwise(text: str, either_case: bool) -> list[str]:
    """``text`` (a position as ``str`` writes it) as an author may write it instead: each
    named line (``turn: Black``) with its name capitalised or in capitals, a blank before
    the colon or none after it, its value in another case; and, in a game whose notation
    reads letters in either case, the whole text in lower and in upper case."""
    import re

    named = re.compile(r"(?m)^(\s*)([a-z]+):[ ]?(.*)$")
    variants = [named.sub(lambda m: f"{m[1]}{m[2].capitalize()}: {m[3]}", text),
                named.sub(lambda m: f"{m[1]}{m[2].upper()}:{m[3].upper()}", text),
                named.sub(lambda m: f"{m[1]}{m[2]} : {m[3].lower()}", text),
                named.sub(lambda m: f"{m[1]}{m[2]}  :   {m[3]}  ", text)]
    variants = [variant for variant in variants if variant != text]  # (a text with no named line)
    return variants + ([text.lower(), text.upper()] if either_case else [])


@pytest.mark.parametrize("slug, small", [(slug, options) for slug in GAMES  # with a position format
                                         if game_class(slug).parse_position is not Game.parse_position
                                         for options in POSITION_OPTIONS.get(slug, [{}])])
def test_a_position_written_in_another_case_or_spacing_reads_as_the_same(slug, small):
    """A start position's named lines (``turn:``, ``scores:``) are read whatever the case
    of their name and value and the blanks around their colon, and a game whose
    notation says its letters are read in either case (Necto's) reads its whole
    position so too: positions of seeded random games, written otherwise, read back as
    the same position."""
    from rulebook.games import game_part

    game, read = make_game(slug, **small), 0
    either_case = "read in either case" in (game_part(slug, "notation").__doc__ or "")
    for seed in range(8):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(40):
            if state.is_over():
                break
            text = str(state)
            for variant in written_otherwise(text, either_case):
                try:
                    again = game.parse_position(variant)
                except RulebookError as error:
                    raise AssertionError(f"{slug}: {variant!r} refused: {error}") from None
                assert str(again) == text, (slug, variant)
            read += bool(written_otherwise(text, either_case))
            move = state.random_move(rng)
            if state.format_move(move).lower() == "swap":
                break
            state = state.play(move)
    assert read > 20 or slug not in ("necto", "inphexion")  # (a scaffolded game may name no line)


@pytest.mark.parametrize("slug", GAMES)
def test_a_position_s_json_names_the_player_to_move_and_the_winner_as_the_facts_do(slug):
    """The position as JSON (the play page's, ``replay --json``) names the player to move
    and the winner as the ``turn`` and ``winner`` facts do, in every position of random
    games, with the swap of the pie rule on where the game has one (a swap changes who
    plays which colour, not whose turn it is)."""
    pie = "pie" in {parameter.name for parameter in game_class(slug).parameters}
    game = make_game(slug, **({"pie": True} if pie else {}))
    swaps = 0
    for seed in range(12):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(300):
            shown = state.to_json()
            facts = {name: game.facts[name].compute(state) for name in ("turn", "winner")}
            assert shown.get("turn") == (None if facts["turn"] == "none" else facts["turn"]), \
                (seed, state.move_number, shown.get("turn"), facts)
            if "winner" in shown:
                assert shown["winner"] == (None if facts["winner"] == "none" else facts["winner"])
            if state.is_over():
                break
            move = state.random_move(rng)
            if pie and seed % 2 == 0:  # half the games take the swap when it is offered
                move = next((m for m in state.legal_moves()
                             if state.format_move(m).lower() == "swap"), move)
            swaps += state.format_move(move).lower() == "swap"
            state = state.play(move)
    if pie:
        assert swaps >= 6, swaps


# How each game's notation takes a move written in other letter case: QTTT and Necto
# read it as written in theirs ("A1-B2", "a1=C1"), the others refuse it (their
# parts and cells are case-sensitive: Craquelure's "B1 R2", inpHeXion's "e3").
READS_ANY_CASE = {"qttt": True, "necto": True, "inphexion": False, "craquelure": False}


@pytest.mark.parametrize("slug", GAMES)
def test_a_move_in_other_letter_case_is_the_same_move_or_refused_never_another(slug):

    game, rng = make_game(slug), random.Random(1)
    state, read = game.initial_state(), Counter()
    for _ in range(30):
        if state.is_over():
            break
        for move in state.legal_moves()[:30]:
            text = state.format_move(move)
            for other in {text.upper(), text.lower(), text.swapcase()} - {text}:
                try:
                    parsed = state.parse_move(other)
                except RulebookError:
                    read["refused"] += 1
                    continue
                assert state.format_move(parsed) == text, (other, text)
                read["same"] += 1
        state = state.play(state.random_move(rng))
    if READS_ANY_CASE.get(slug) is True:  # (a game of `rulebook new`: either way)
        assert read["same"] > 100 and not read["refused"], read
    elif READS_ANY_CASE.get(slug) is False:
        assert read["refused"] > 100, read


@pytest.mark.parametrize("slug, options", [("craquelure", {"pie": True}), ("inphexion", {"pie": True})])
def test_the_swap_is_read_in_any_letter_case(slug, options):
    """A word the notation reads (the pie rule's swap) is a word, whatever the case it
    is typed in, in the games whose cells and parts are case-sensitive too."""
    game, rng = make_game(slug, **options), random.Random(2)
    state = game.initial_state()
    state = state.play(state.random_move(rng))
    swap = [m for m in state.legal_moves() if state.format_move(m) == "swap"]
    assert swap, "no swap after the first move"
    for text in ("swap", "Swap", "SWAP", " swap ", "sWaP"):
        assert state.parse_move(text) == swap[0], text


# A move that names one cell, in each game whose moves name cells (Craquelure's points
# are numbers, checked by its own tests): its sizes, cell -> a move's text, and the
# cells a move's text names.
CELL_MOVES = {
    "necto": ([{"size": n} for n in (4, 6, 8)], lambda cell: f"{cell}=c1",
              lambda text: [text.split("=")[0]]),
    "inphexion": ([{"size": n} for n in (5, 7, 9)], lambda cell: cell, lambda text: [text]),
    "qttt": ([{}], lambda cell: f"{cell}-{'b2' if cell.lower() != 'b2' else 'a1'}",
             lambda text: text.split("-")),
}


@pytest.mark.parametrize("slug", sorted(CELL_MOVES))
def test_a_cell_one_step_off_any_edge_is_refused_as_off_the_board(slug):
    """On every board size: the cells the first moves name are the whole board, each read
    back as itself; a name one column past the last, one row past the top or a row 0 is
    a NotationError (not read as some cell of the board, as G3 would be A4 on 6×6)."""
    import re

    from rulebook.errors import NotationError

    sizes, move_of, cells_of = CELL_MOVES[slug]
    for options in sizes:
        state = make_game(slug, **options).initial_state()
        cells = sorted(set().union(*(cells_of(state.format_move(move))
                                     for move in state.legal_moves())))
        side = round(len(cells) ** 0.5)
        assert side * side == len(cells), (slug, options, cells)
        for cell in cells:
            assert cell in cells_of(state.format_move(state.parse_move(move_of(cell))))
        letters = sorted({re.match(r"[A-Za-z]+", cell)[0] for cell in cells})
        numbers = sorted({int(re.search(r"\d+", cell)[0]) for cell in cells})
        assert len(letters) == len(numbers) == side and numbers == list(range(1, side + 1))
        beyond = chr(ord(letters[-1]) + 1)
        off = ([f"{beyond}{n}" for n in numbers] + [f"{l}{side + 1}" for l in letters]
               + [f"{l}0" for l in letters])
        for cell in off:
            with pytest.raises(NotationError):
                state.parse_move(move_of(cell))


@pytest.mark.parametrize("slug", GAMES)
def test_a_miswritten_part_of_a_move_is_named_at_its_own_column(slug):
    """Each part of each move listed in positions of a random game (a cell, a tile's
    code, a number with its sign, a part's name), written wrong in turn: the move is
    refused as notation, at a column inside that part, counted from 1."""
    import re

    from rulebook.errors import NotationError

    game = make_game(slug, **({"size": 4} if slug == "necto" else {}))
    rng, state, tried = random.Random(1), game.initial_state(), 0
    for _ in range(24):
        if state.is_over():
            break
        for move in state.legal_moves()[:20]:
            text = state.format_move(move)
            for part in re.finditer(r"-?[0-9]+(?:\.[0-9]+)?|[A-Za-z]+[0-9]*", text):
                wrong = text[:part.start()] + "Q" * len(part.group()) + text[part.end():]
                with pytest.raises(NotationError) as error:
                    state.parse_move(wrong)
                assert part.start() < (error.value.column or 0) <= part.end(), (
                    text, wrong, str(error.value))
                tried += 1
        state = state.play(state.random_move(rng))
    assert tried >= 40  # (a scaffolded game's short games included)


def reads_cells_in_either_case(game) -> bool:
    """Whether the game's moves name cells in either letter case: its first legal
    move that names a cell, written in upper case, is read as the same move."""
    import re

    state = game.initial_state()
    for move in state.legal_moves():
        text = state.format_move(move)
        if re.search(r"[A-Za-z][0-9]", text):
            try:
                return state.parse_move(text.upper()) == move == state.parse_move(text.lower())
            except RulebookError:
                return False
    return False


def test_which_games_read_cells_in_either_case():
    assert {slug for slug in GAMES if reads_cells_in_either_case(make_game(slug))} == {
        "necto", "qttt"}  # as their notations say; inpHeXion's cells are lower case


@pytest.mark.parametrize("slug", [slug for slug in GAMES
                                  if any("cell" in fact.args for fact in make_game(slug).facts)])
def test_a_cell_named_in_a_claim_is_read_in_either_letter_case(slug):
    """In a game whose moves name cells in either letter case, each fact that asks
    about one cell, at positions of seeded random games, gives the same answer for
    every cell the legal moves name, written in lower and in upper case (or refuses
    both, in the same words).  (inpHeXion's facts read a cell in either case too,
    though its moves do not.)"""
    import re

    game, compared = make_game(slug), 0
    facts = [fact for fact in game.facts if fact.args == ("cell",)]
    assert facts
    for seed in range(3):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(20):
            if state.is_over():
                break
            written = " ".join(map(state.format_move, state.legal_moves()[:30]))
            cells = sorted({c.lower() for c in re.findall(r"(?<![A-Za-z])[A-Za-z][0-9]+", written)})
            for fact in facts:
                for cell in cells[:4]:
                    answers = []
                    for text in (cell.lower(), cell.upper()):
                        try:
                            answers.append(("value", fact.compute(state, cell=text)))
                        except RulebookError as error:
                            answers.append(("refused", str(error).replace(text, "CELL")))
                    assert answers[0] == answers[1], (fact.name, cell, answers)
                    compared += answers[0][0] == "value"
            state = state.play(state.random_move(rng))
    assert compared >= 50, compared


@pytest.mark.parametrize("slug, size", [(slug, p) for slug in GAMES for p in game_class(slug).parameters
                                        if p.name == "size" and p.maximum is not None])
def test_the_largest_board_is_the_largest_the_notation_can_name(slug, size):
    """A game whose board size is a bounded number allows every board its notation can
    name and no larger: on the largest, a move on the last column names it by the last
    letter (z) and reads back; the smallest plays a game to its end; one past either
    bound is refused."""
    import string

    largest = make_game(slug, size=size.maximum)
    state, columns = largest.initial_state(), set()
    for move in state.legal_moves():
        text = state.format_move(move)
        assert state.parse_move(text) == move, text
        columns.add(text.rstrip(string.digits)[-1:])
    assert max(columns) == "z", sorted(columns)[-3:]
    state, rng = make_game(slug, size=size.minimum).initial_state(), random.Random(1)
    while not state.is_over():
        state = state.play(state.random_move(rng))
    for beyond in (size.minimum - 1, size.maximum + 1):
        with pytest.raises(OptionError):
            make_game(slug, size=beyond)


def cell_starts(slug: str, row: str) -> list[int]:
    """Where each cell's text starts in a row of a game's text board: after the row's
    number (and Necto's "|"), each word (inpHeXion, Necto), or each "|"-separated field
    (QTTT, whose cells hold several marks)."""
    import re

    if slug == "qttt":
        return [2] + [at + 1 for at, char in enumerate(row) if char == "|"]
    body = re.match(r"\s*\d+\s*\|?\s*", row).end()
    return [body + m.start() for m in re.finditer(r"\S+", row[body:])]


@pytest.mark.parametrize("slug", [slug for slug in GAMES if slug != "craquelure"])  # a disk
def test_each_column_letter_of_a_text_board_stands_over_its_cells(slug):
    """In the text of a position (``str``: replay's output, the play page's text for
    screen readers), each column's letter stands where that column's cells start in
    the row beside the letters, in positions of seeded random games."""
    import re

    game, checked = make_game(slug), 0
    for seed in range(3):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(12):
            if state.is_over():
                break
            lines = str(state).splitlines()
            at = next(n for n, line in enumerate(lines)
                      if re.fullmatch(r"\s*(?:[a-zA-Z]\s+)+[a-zA-Z]", line))
            beside = next(lines[n] for n in (at + 1, at - 1)
                          if 0 <= n < len(lines) and re.match(r"\s*1\b", lines[n]))
            letters = [m.start() for m in re.finditer(r"\S", lines[at])]
            assert letters == cell_starts(slug, beside)[:len(letters)], (slug, str(state))
            checked += 1
            state = state.play(state.random_move(rng))
    assert checked > 10
