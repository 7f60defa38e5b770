"""The engines' messages on a Japanese play page are Japanese (issue 23, item 6).

Seeded random games of every game, in each, random illegal moves (every move
the notation can write that the position refuses, from the game's
``candidates.py``), random misspellings of legal moves, Craquelure's cuts
aimed at random points, and options out of range: every message the page
would show, every outcome reason and every position as text (for screen
readers) must have its Japanese in the catalogue
(``docs/locale/ja/engine.po`` through :mod:`rulebook.play.messages`, and the
book's ``values.po`` for the outcome reasons), with no English word left but
the moves and cells the player wrote.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rulebook.errors import RulebookError
from rulebook.games import available_games, game_class, game_part, game_play
from rulebook.i18n import ENGLISH_WORD, claim_words, engine_messages, engine_problems
from rulebook.play.bridge import Session
from rulebook.play.messages import Messages, placeholders

LOCALE = Path(__file__).resolve().parent.parent / "docs" / "locale"
REFUSALS = 6          # illegal moves tried per position
MISSPELLINGS = 2      # misspelt legal moves tried per position
# what a misspelling draws its characters from: the notations' own
ALPHABET = "abcdefghABCDEFGH0123456789=>-@(),. xtcBRswap"


def refused(session: Session, text: str) -> str | None:
    """The page's message for a move typed in the box, or None if it is legal."""
    try:
        session.game  # noqa: B018
        session.state.play(session.state.parse_move(text))
    except RulebookError as error:
        return str(error)
    return None


def misspelt(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 2)):
        where = rng.randrange(len(chars) + 1)
        kind = rng.randrange(3)
        if kind == 0 and chars:
            del chars[min(where, len(chars) - 1)]
        elif kind == 1:
            chars.insert(where, rng.choice(ALPHABET))
        elif chars:
            chars[min(where, len(chars) - 1)] = rng.choice(ALPHABET)
    return "".join(chars)


def messages_of_play(slug: str, seed: int = 0):
    """(what, message) for every refusal and outcome reason met in seeded random games."""
    rng = random.Random(seed)
    declared = game_part(slug, "candidates")  # (a new game may declare none: misspellings only)
    candidates = declared.candidates if declared else (lambda state: [])
    clicks = game_part(slug, "clicks")
    # the option sets its play.py names (the defaults if none), so that their rules are met too
    play = game_play(slug)
    for options in getattr(play, "MESSAGE_OPTIONS", ({},)):
        for _ in range(getattr(play, "MESSAGE_GAMES", 12)):
            session = Session(slug, options)
            while True:
                state = session.state
                yield "position", str(state)  # the position as text, for screen readers
                outcome = state.outcome()
                if outcome is not None:
                    yield "reason", outcome.reason
                    for text in rng.sample(candidates(state), min(2, len(candidates(state)))):
                        yield "refusal", refused(session, text)  # the game is over
                    break
                legal = set(session.legal_moves())
                offered = [t for t in candidates(state) if t not in legal]
                for text in rng.sample(offered, min(REFUSALS, len(offered))):
                    yield "refusal", refused(session, text)
                for _ in range(MISSPELLINGS):
                    yield "refusal", refused(session, misspelt(rng.choice(sorted(legal)), rng))
                if hasattr(clicks, "aim"):
                    for _ in range(3):
                        aimed = clicks.aim(state, rng.uniform(-1, 1), rng.uniform(-1, 1),
                                           rng.uniform(0, 360))
                        yield "aim", aimed["reason"]
                session.play(state.format_move(state.random_move(rng)))


def messages_of_options(slug: str, seed: int = 0):
    """The refusal of each numeric option set to a number out of its range (what the
    settings' form can send), and of every option set to values of other kinds (what
    a record can hold)."""
    rng = random.Random(seed)
    for parameter in game_class(slug).parameters:
        numeric = isinstance(parameter.default, (int, float)) and \
            not isinstance(parameter.default, bool)
        numbers = (-1, 9999, rng.randint(1, 50)) if numeric else ()
        for value in (*numbers, True, "x", 1.5, [1]):
            try:
                Session(slug, {parameter.name: value})
            except RulebookError as error:
                yield "option", str(error)


def left_in_english(text: str) -> list[str]:
    """English words a translation still holds, besides what the player wrote (quoted),
    an option's name with its value (``grid_steps=1``), a record's file name, TOML's
    true and false, and a list of the names or values to write instead
    (（キー：after, claims, …）: keys, games, options, facts; pinwheel, sectorsのどれか)."""
    names = r"（(?:キー|ゲーム|設定|事実)：[^）]*）|[\w, ]+(?=のどれか)|\b(?:true|false)\b"
    return ENGLISH_WORD.findall(re.sub(rf"'[^']*'|\"[^\"]*\"|\w+=\S*|[\w.-]+\.toml|{names}", "",
                                       text))


def japanese(slug: str) -> Messages:
    return Messages(engine_messages(LOCALE, "ja", slug))


@pytest.mark.parametrize("slug", available_games())
def test_every_refusal_and_outcome_reason_met_in_random_play_has_its_japanese(slug):
    messages = japanese(slug)
    reasons = claim_words(LOCALE, "ja")
    missing, met = {}, 0
    for what, message in [*messages_of_play(slug), *messages_of_options(slug)]:
        if message is None:
            continue
        met += 1
        if what == "reason":
            translated = reasons.get((slug, message), reasons.get((None, message)))
        elif what == "position":  # line by line; the board's rows and marks are notation
            translated = messages.lines(message)
            if re.search(r"[A-Za-z]{3,}", translated):
                missing.setdefault(message, translated)
            continue
        else:
            translated = messages.translate(message)
        if translated is None or left_in_english(translated):
            missing.setdefault(message, translated)
    assert met > 100, met  # the search met messages at all
    assert not missing, "\n".join(f"{m!r} -> {t!r}" for m, t in sorted(missing.items()))


def test_a_template_carries_its_values_and_translates_the_messages_inside_them():
    messages = Messages([("illegal move {move}: {rule}", "{move}は指せません：{rule}"),
                         ("part {k} is under {p}% (part {k})", "{k}番の片は{p}%未満"),
                         ("Blue", "青"), ("{who} to move", "{who}の手番")])
    assert (messages.translate("illegal move 'a1': part 2 is under 0.5% (part 2)")
            == "'a1'は指せません：2番の片は0.5%未満")
    assert messages.translate("part 2 is under 0.5% (part 3)") is None  # a repeat must agree
    assert messages.translate("Blue to move") == "青の手番"
    assert messages.translate("Green to move") == "Greenの手番"  # carried over as written
    assert messages.translate("something else") is None
    assert messages("something else") == "something else"


def test_a_file_s_line_is_a_number_and_a_quoted_value_is_taken_whole():
    """Where in a record file ("{file}:{line}: ..."), and what the player wrote, quoted,
    whatever it holds: neither is cut at the first colon."""
    messages = Messages([("{file}:{line}: {error}", "{file}の{line}行目：{error}"),
                         ("{file}: {error}", "{file}：{error}"),
                         ("cannot read {text}: {why}", "{text}を読めません：{why}"),
                         ("no rows", "行がありません")])
    assert messages.translate("mine.toml:2: no rows") == "mine.tomlの2行目：行がありません"
    assert messages.translate("mine.toml: x: no rows") == "mine.toml：x：行がありません"  # x: no line
    assert (messages.translate("cannot read 'turn: Red': no rows")
            == "'turn: Red'を読めません：行がありません")


@pytest.mark.parametrize("slug", available_games())
def test_each_translation_has_its_templates_placeholders(slug):
    for english, translation in engine_messages(LOCALE, "ja", slug):
        # the same values, but the game's slug (no news on its own page): the lists of
        # valid keys, games, options and facts a Japanese author is told too
        assert set(placeholders(translation)) <= set(placeholders(english)), english
        assert set(placeholders(english)) - set(placeholders(translation)) <= {"slug"}, english


# share links that describe no game, and a record of another game (as the page gets them)
BAD_LINKS = ["#game=necto&moves=[%22A1=c1", "#game=necto&moves=[%22Z9=c1%22]", "#game=necto&at=x",
             "#game=necto&colour=red", "#game=chess", "#game=necto&moves={}", "#game=necto&at=5",
             "#game=necto&options=[1]", "game=necto&&&", "#game=necto&moves=[%22A1=c1%22,%22A1=c2%22]",
             "#game=necto&at=1&at=2"]


def test_the_page_s_own_refusals_of_links_and_records_have_their_japanese():
    messages = japanese("necto")
    refusals = []
    for fragment in BAD_LINKS:
        with pytest.raises(RulebookError) as error:
            Session.from_link(fragment, "necto")
        refusals.append(str(error.value))
    record = (LOCALE.parent.parent / "figures" / "qttt" / "spooky-marks.toml").read_text("utf-8")
    with pytest.raises(RulebookError) as error:
        Session.from_record(record, "spooky-marks.toml", "necto")
    refusals.append(str(error.value))
    for illegal in ('moves = ["A1=c1", "A1=c2"]', 'moves = ["A1=c1", "Q1=c2"]'):
        with pytest.raises(RulebookError) as error:  # a record of this game with a bad move
            Session.from_record(f'game = "necto"\n{illegal}\n', "mine.toml", "necto")
        refusals.append(str(error.value))
    missing = {m: messages.translate(m) for m in refusals
               if messages.translate(m) is None or left_in_english(messages.translate(m))}
    assert not missing, missing


def test_every_refusal_of_a_link_the_bridge_can_say_has_its_japanese():
    """Every message the bridge raises about a link (each ``LinkError`` in its source,
    not only those the bad links above reach) has an entry in the engine's Japanese
    catalog: its fixed words, between the values it fills in, are a msgid's."""
    import ast

    from rulebook.play import bridge

    catalog = (LOCALE / "ja" / "engine.po").read_text(encoding="utf-8")
    msgids = re.findall(r'^msgid "(.*)"$', catalog, re.M)
    found = []
    for node in ast.walk(ast.parse(Path(bridge.__file__).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "LinkError":
            message = node.args[0]
            parts = [message] if isinstance(message, ast.Constant) else message.values
            words = max((part.value for part in parts if isinstance(part, ast.Constant)), key=len)
            found.append(words)
    assert len(found) >= 5, found
    missing = [words for words in found if not any(words.strip() in msgid for msgid in msgids)]
    assert not missing, missing


# Record files as a player may open them on a play page (Necto's), each wrong in
# its own way: not TOML (one of each of the TOML reader's complaints), not a
# record (its keys and their kinds), another game, options, moves, a start
# position, claims.
BAD_RECORDS = {
    "an unclosed array": 'game = "necto"\nmoves = ["A1=c1"\n',
    "a bare word": "game = necto\n",
    "a key twice": 'game = "necto"\ngame = "necto"\n',
    "a bad key": "[[[x]]]\n",
    "a table twice": 'game = "necto"\n[options]\n[options]\n',
    "an unterminated string": 'game = "necto\n',
    "no equals sign": 'game "necto"\n',
    "an unclosed table header": 'game = "necto"\n[options\n',
    "an unclosed inline table": 'game = "necto"\noptions = {size = 4\n',
    "two values on a line": 'game = "necto" moves = []\n',
    "an unclosed array header": 'game = "necto"\n[[claims]\n',
    "a bad escape": 'game = "ne\\qcto"\n',
    "a bad date": 'game = "necto"\ntitle = 1979-02-30\n',
    "a bad hex escape": 'game = "necto"\ntitle = "\\uZZZZ"\n',
    "a surrogate escape": 'game = "necto"\ntitle = "\\uD800"\n',
    "an unterminated literal string": "game = 'necto'\ntitle = \'\'\'x\n",
    "a control character": 'game = "necto"\ntitle = "a\x01b"\n',
    "a duplicate inline key": 'game = "necto"\noptions = {size = 4, size = 6}\n',
    "an inline table extended": 'game = "necto"\noptions = {size = 4}\noptions.x = 6\n',
    "binary bytes": "\x00\x01\x02",
    "an empty file": "",
    "a number for the game": "game = 3\n",
    "an unknown game": 'game = "chess"\nmoves = []\n',
    "moves not strings": 'game = "necto"\nmoves = [1, 2]\n',
    "options not a table": 'game = "necto"\noptions = 4\n',
    "an unknown key": 'game = "necto"\nmovez = []\n',
    "an unknown option": 'game = "necto"\n[options]\ncolour = "red"\n',
    "an option of the wrong kind": 'game = "necto"\n[options]\nsize = "big"\n',
    "an option out of range": 'game = "necto"\n[options]\nsize = 99\n',
    "an illegal move": 'game = "necto"\nmoves = ["A1=c1", "A1=c2"]\n',
    "an unreadable move": 'game = "necto"\nmoves = ["A1=c1", "Q1=c2"]\n',
    "a start position not of the game": 'game = "necto"\nstart = "garbage"\nmoves = []\n',
    "a start position of too few rows": 'game = "necto"\nstart = ". . . . . ."\nmoves = []\n',
    "a start position's bad cell": 'game = "necto"\nstart = "x . . . . ."\nmoves = []\n',
    "a start position's bad turn": 'game = "necto"\nstart = "turn: Red"\nmoves = []\n',
    "a claim with no fact": 'game = "necto"\nmoves = ["A1=c1"]\n[[claims]]\nexpect = 1\n',
    "a claim of an unknown fact": 'game = "necto"\n[[claims]]\nfact = "colour"\nexpect = 1\n',
}


def test_a_bad_record_file_is_refused_in_japanese_on_a_japanese_page():
    """Every way a record file opened on the page can be wrong is said in Japanese,
    naming the file: the record loader's and the TOML reader's words too, not only
    the engine's."""
    messages = japanese("necto")
    other = (LOCALE.parent.parent / "figures" / "qttt" / "spooky-marks.toml").read_text("utf-8")
    refusals = {}
    for what, text in {**BAD_RECORDS, "a record of another game": other}.items():
        with pytest.raises(RulebookError) as error:
            Session.from_record(text, "mine.toml", "necto")
        refusals[what] = str(error.value)
    assert len(set(refusals.values())) == len(refusals), "two kinds met the same refusal"
    missing = {what: (message, messages.translate(message)) for what, message in refusals.items()
               if messages.translate(message) is None
               or left_in_english(messages.translate(message))
               or "mine.toml" not in messages.translate(message)}  # the file, still named
    assert not missing, missing


def test_the_project_s_engine_catalogue_passes_the_translation_gate():
    assert engine_problems(LOCALE, "ja") == []


def write_engine_po(folder: Path, entries: str, glossary: str | None = None) -> Path:
    (folder / "ja" / "glossary").mkdir(parents=True)
    (folder / "ja" / "engine.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' + entries,
        encoding="utf-8")
    if glossary:
        (folder / "ja" / "glossary" / "necto.toml").write_text(glossary, encoding="utf-8")
    return folder


def test_the_translation_gate_finds_what_is_wrong_in_the_engine_catalogue(tmp_path):
    """rulebook check (and the build) read engine.po as the pages' catalogs: an entry
    untranslated, a placeholder the English lacks, a count in kanji, a word the
    game's glossary avoids, each one line with file and line; a malformed file too."""
    glossary = '[[term]]\nen = "loop"\nja = "輪"\navoid = ["ループ"]\n'
    locale = write_engine_po(tmp_path / "bad", (
        'msgid "no cycle"\nmsgstr ""\n\n'
        'msgid "mark {number} is spooky"\nmsgstr "{mark}番のマーク"\n\n'
        'msgid "two tiles"\nmsgstr "二枚のタイル"\n\n'
        'msgctxt "necto"\nmsgid "the loop {key}"\nmsgstr "ループ{key}"\n'), glossary)
    problems = engine_problems(locale, "ja")
    assert len(problems) == 4 and all("\n" not in p for p in problems), problems
    assert re.search(r"engine\.po:5: 'no cycle': untranslated$", problems[0])
    assert re.search(r"engine\.po:8: .*the translation has \{mark\}, which the English has not",
                     problems[1])
    assert re.search(r"engine\.po:11: 'two tiles': 二枚: write 2枚", problems[2])
    assert re.search(r"engine\.po:15: .*'ループ' in the translation: say '輪' for 'loop'",
                     problems[3]), problems[3]
    assert engine_problems(write_engine_po(tmp_path / "good", (
        'msgctxt "necto"\nmsgid "the loop {key}"\nmsgstr "輪{key}"\n'), glossary), "ja") == []
    broken = write_engine_po(tmp_path / "broken", 'msgid "a"\nmsgstr "b\n')
    assert [p.split(": ", 1)[0] for p in engine_problems(broken, "ja")] == [
        f"{broken / 'ja' / 'engine.po'}:6"]


def test_an_opened_record_s_failed_claims_come_back_through_the_bridge_in_the_page_s_language():
    """The page's call "open" (the JSON entry point the page uses), after "messages"
    set the Japanese catalogue: each claim that fails comes back in Japanese, naming
    the file; in English (no catalogue), as ``rulebook check`` words it."""
    import json

    from rulebook.play import bridge

    path = LOCALE.parent.parent / "figures" / "qttt" / "spooky-marks.toml"
    text = path.read_text(encoding="utf-8")
    wrong = text.replace('expect = "X1"', 'expect = "O2"', 1)
    assert wrong != text
    english = Session.from_record(wrong, path.name, "qttt").verdict["failures"]
    assert len(english) == 1
    try:
        for catalogue, expected in ((engine_messages(LOCALE, "ja", "qttt"), "ja"), ([], "en")):
            assert json.loads(bridge.call("messages", json.dumps([catalogue]))) == {"result": None}
            answer = json.loads(bridge.call("open", json.dumps([wrong, path.name, "qttt"])))
            [failure] = answer["result"]["failures"]
            if expected == "en":
                assert failure == english[0]
            else:
                assert failure == Messages(catalogue).translate(english[0]) != english[0]
                assert path.name in failure and "'O2'" in failure and "エンジン" in failure, failure
    finally:
        bridge.call("messages", json.dumps([[]]))


def miswritten_positions(slug: str):
    """The game's example position with each line in turn dropped, cut short, given
    an unknown symbol, doubled or numbered out of order; and the position whole, once
    short of a line at its end."""
    rows = game_class(slug).position_example.split("\n")
    for index, row in enumerate(rows):
        for wrong in (None, row[:-2], row.replace(".", "Q", 1), f"{row} {row}",
                      re.sub(r"\d+", "9", row, count=1), f"turn: {row}"):
            yield "\n".join([*rows[:index], *([] if wrong is None else [wrong]), *rows[index + 1:]])


@pytest.mark.parametrize("slug", [s for s in available_games() if game_class(s).position_example])
def test_a_start_position_miswritten_line_by_line_is_refused_in_japanese(slug):
    """A record's or a link's start position is read on the page too: whichever line is
    wrong, and however, the refusal reads in Japanese (the kits' words included), and
    quotes the line at fault as written, or nothing when the whole position is at fault
    (a line missing): never the whole text, nor words of its own such as 'the position'."""
    from rulebook.errors import NotationError
    from rulebook.games import make_game

    game, messages, refused = make_game(slug), japanese(slug), {}
    for text in miswritten_positions(slug):
        try:
            game.parse_position(text)
        except RulebookError as error:
            refused[text] = str(error)
            if isinstance(error, NotationError):
                assert error.text is None or error.text in text.splitlines(), (text, str(error))
    assert len(refused) >= 10
    missing = {message: messages.translate(message) for message in refused.values()
               if messages.translate(message) is None or left_in_english(messages.translate(message))}
    assert not missing, missing


def test_a_placeholder_only_the_translation_has_is_left_as_written():
    """The catalogue check refuses a translation naming a placeholder its English lacks;
    a catalogue that was not checked still translates, leaving that placeholder as it
    is rather than failing the page's message."""
    messages = Messages([("illegal move {move}", "{move}は指せません（{rule}）")])
    assert messages("illegal move a1") == "a1は指せません（{rule}）"
