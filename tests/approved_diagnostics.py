"""What the project says to bad input, as last read and approved.

Like a compiler's expected-diagnostics files, ``tests/approved/diagnostics.txt``
holds the answer to a fixed, seeded set of bad input, one line each: where the
error points (line, column, move), which rule it names, and how the play page says
it in Japanese.  ``test_approved_diagnostics`` makes the same input again and
compares, showing the lines that changed as a diff.  The input:

- **moves**: in positions of seeded random games of every game, the moves of
  other positions (refused by a rule, or played), and legal moves miswritten
  (a character dropped, doubled or replaced, spaces, capitals);
- **records**: every record with a claim's expected value changed or given a value
  of each other TOML kind, a claim's argument given another kind, its cell moved off
  the board, a move miswritten, a key dropped, a view option of another kind;
- **views**: every view option of every game given values of each TOML kind and of
  each shape its checks look at (points and windows of too few or too many numbers,
  cells off the board, choices in capitals): refused, and why, or accepted;
- **catalogues**: the Japanese engine catalogue and a page's, an entry at a time
  written twice, cut, or holding a byte that is not UTF-8 or a placeholder too few.

When a change to what the project says is meant, read the diff, then approve it::

    .venv/bin/python tests/approved_diagnostics.py --approve

and commit ``tests/approved/diagnostics.txt`` with the change.
"""

from __future__ import annotations

import hashlib
import random
import re
import tempfile
import tomllib
from pathlib import Path

from approved_text import approve
from view_values import VIEW_VALUES

ROOT = Path(__file__).resolve().parent.parent
APPROVED = ROOT / "tests" / "approved" / "diagnostics.txt"
SEEDS = range(3)  # random games a game
POSITIONS = 6  # positions read in each
CHARACTERS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ -:,/+*?"


def _rng(*key) -> random.Random:
    """A generator seeded by its key's text: the same input on every machine."""
    return random.Random(int.from_bytes(hashlib.sha256(repr(key).encode()).digest()[:8], "big"))


def miswritten(text: str, rng: random.Random) -> list[str]:
    """A legal move's text written wrong in the ways hands do."""
    at = rng.randrange(len(text)) if text else 0
    forms = [text.upper(), text.lower(), f"  {text}", f"{text} ", text[:-1], text[1:],
             text[:at] + text[at:at + 1] * 2 + text[at + 1:],
             text[:at] + rng.choice(CHARACTERS) + text[at + 1:],
             f"{text} {text}", "", "?"]
    return [form for form in dict.fromkeys(forms) if form != text]


def _said(error: Exception, translate) -> str:
    message = str(error)
    japanese = translate(message)
    return f"{type(error).__name__}: {message} | ja: {japanese if japanese is not None else '(none)'}"


def variants(slug: str) -> list[dict]:
    """The game's default options, then each other choice of each option alone (a
    number's bounds and every value between them are left to its own tests)."""
    from rulebook.games import game_class

    found = [{}]
    for parameter in game_class(slug).parameters:
        if parameter.choices:
            found += [{parameter.name: value} for value in parameter.choices if value != parameter.default]
        elif isinstance(parameter.default, bool):
            found.append({parameter.name: not parameter.default})
    return found


def _translator(slug: str):
    from rulebook.i18n import engine_messages
    from rulebook.play.messages import Messages

    return Messages(engine_messages(ROOT / "docs" / "locale", "ja", slug)).translate


def option_lines(slug: str) -> list[str]:
    """Each option given values of the wrong type, out of range, or no number."""
    from rulebook.games import game_class, make_game

    translate, lines = _translator(slug), []
    for parameter in game_class(slug).parameters:
        for value in ("x", -1, 0, 3, 10**9, 0.5, float("nan"), float("inf"), True, None, [1]):
            try:
                make_game(slug, **{parameter.name: value})
                answer = "accepted"
            except Exception as error:  # noqa: BLE001 - what is said is the point
                answer = _said(error, translate)
            lines.append(f"option {slug} {parameter.name} = {value!r}: {answer}")
    return lines


def position_lines(slug: str) -> list[str]:
    """The game's example of a written position, each line miswritten in turn."""
    from rulebook.games import game_class, make_game

    example = game_class(slug).position_example
    if example is None:
        return []
    game, translate, lines = make_game(slug), _translator(slug), []
    rows = example.split("\n")
    for index, row in enumerate(rows):
        rng = _rng(slug, "position", index)
        for wrong in miswritten(row, rng)[4:9]:
            text = "\n".join([*rows[:index], wrong, *rows[index + 1:]])
            try:
                answer = f"reads, {game.parse_position(text).turn} to play"
            except Exception as error:  # noqa: BLE001 - what is said is the point
                answer = _said(error, translate)
            lines.append(f"position {slug} line {index + 1} written {wrong!r}: {answer}")
    return lines


def move_lines(slug: str, options: dict) -> list[str]:
    from rulebook.games import make_game

    game = make_game(slug, **options)
    translate = _translator(slug)
    name = " ".join([slug, *(f"{key}={value}" for key, value in options.items())])
    lines = []
    others: list[str] = []  # moves of earlier positions: in this one, refused or not
    for seed in SEEDS:
        rng, state, plies = random.Random(seed), game.initial_state(), []
        while not state.is_over() and len(plies) < 200:
            plies.append(state)
            state = state.play(state.random_move(rng))
        plies.append(state)
        chosen = sorted(_rng(name, seed).sample(range(len(plies)), min(POSITIONS, len(plies))))
        for ply in chosen:
            position = plies[ply]
            legal = [position.format_move(move) for move in position.legal_moves()]
            pick = _rng(name, seed, ply)
            texts = miswritten(pick.choice(legal), pick) if legal else ["", "?"]
            texts += pick.sample(others, min(3, len(others)))
            others = [*others[-40:], *pick.sample(legal, min(4, len(legal)))]
            for text in dict.fromkeys(texts):
                try:
                    move = position.parse_move(text)
                    position.play(move)
                    answer = f"plays {position.format_move(move)}"
                except Exception as error:  # noqa: BLE001 - what is said is the point
                    answer = _said(error, translate)
                lines.append(f"move {name} seed {seed} ply {ply} {text!r}: {answer}")
    return lines


# a claim's expected value, changed the smallest way its type allows
def _changed_value(value: str) -> str | None:
    value = value.strip()
    if re.fullmatch(r"-?\d+", value):
        return str(int(value) + 1)
    if value in ("true", "false"):
        return "false" if value == "true" else "true"
    if value.startswith("[") and "," in value:
        return value[:value.rindex(",")] + "]"
    if value.startswith('"') and value.endswith('"'):
        return value[:-1] + 'x"'
    return None


def record_cases(path: Path) -> list[tuple[str, str]]:
    """``(what was changed, the record's new text)`` for a record."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    rng = _rng(path.parent.name, path.name)
    cases = []
    expects = [i for i, line in enumerate(lines) if re.match(r"expect\s*=", line)]
    for i in sorted(rng.sample(expects, min(3, len(expects)))):
        key, _, value = lines[i].partition("=")
        changed = _changed_value(value)
        if changed is not None:
            cases.append((f"line {i + 1} expect = {changed}", "\n".join([*lines[:i], f"{key}= {changed}", *lines[i + 1:]])))
    cells = [i for i, line in enumerate(lines) if re.match(r'cell\s*=\s*"', line)]
    for i in cells[:1]:
        cases.append((f"line {i + 1} cell off the board", "\n".join([*lines[:i], 'cell = "Z99"', *lines[i + 1:]])))
    moves = [i for i, line in enumerate(lines) if re.match(r'\s*"[^"]+",?\s*$', line)]
    for i in sorted(rng.sample(moves, min(2, len(moves)))):
        move = re.search(r'"([^"]+)"', lines[i]).group(1)
        wrong = miswritten(move, rng)[rng.randrange(6)]
        cases.append((f"line {i + 1} move {move!r} written {wrong!r}",
                      "\n".join([*lines[:i], lines[i].replace(f'"{move}"', f'"{wrong}"', 1), *lines[i + 1:]])))
    if expects:  # a value of each other TOML kind, where the claim wants its own
        i = rng.choice(expects)
        key = lines[i].partition("=")[0]
        for other in ("true", "3", "2.5", '"x"', "[1]", "{ a = 1 }", "1979-05-27"):
            cases.append((f"line {i + 1} expect = {other}",
                          "\n".join([*lines[:i], f"{key}= {other}", *lines[i + 1:]])))
    arguments = [i for i, line in enumerate(lines) if re.match(r'(cell|player|side|at|mark|move)\s*=', line)]
    if arguments:
        i = rng.choice(arguments)
        key = lines[i].partition("=")[0]
        for other in ("true", "3", '"?"', "[]"):
            cases.append((f"line {i + 1} {key.strip()} = {other}",
                          "\n".join([*lines[:i], f"{key}= {other}", *lines[i + 1:]])))
    views = [i for i, line in enumerate(lines) if re.match(r"view\s*=\s*\{.*\}\s*$", line)]
    if views:  # one view option of the record given another kind, and an unknown one
        from rulebook.record_format import toml_value

        i = rng.choice(views)
        table = tomllib.loads(lines[i])["view"]
        for name in [rng.choice(sorted(table))] if table else []:
            for other in (True, 3, "x", [1.5], -1):
                changed = toml_value({**table, name: other})
                cases.append((f"line {i + 1} view {name} = {toml_value(other)}",
                              "\n".join([*lines[:i], f"view = {changed}", *lines[i + 1:]])))
        changed = toml_value({**table, "colour": "red"})
        cases.append((f"line {i + 1} view colour = \"red\"", "\n".join([*lines[:i], f"view = {changed}", *lines[i + 1:]])))
    for key in ("game", "expect"):
        found = [i for i, line in enumerate(lines) if re.match(rf"{key}\s*=", line)]
        if found:
            i = found[-1]
            cases.append((f"line {i + 1} dropped", "\n".join([*lines[:i], *lines[i + 1:]])))
    return cases


TOML_KINDS = ("true", "3", "-1", "2.5", '"x"', "[1]", "{ a = 1 }", "1979-05-27")


def key_cases(path: Path, done: set) -> list[tuple[str, str]]:
    """Each key of the record that no earlier record had (``done``: the keys seen)
    given a value of each TOML kind: every key of a record, across the project's
    records, refuses each kind it does not take (a bool where a number goes, too)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    cases = []
    for i, line in enumerate(lines):
        found = re.match(r"\s*([A-Za-z_]+)\s*=", line)
        if not found or found.group(1) in done:
            continue
        done.add(found.group(1))
        for other in TOML_KINDS:
            cases.append((f"line {i + 1} {found.group(1)} = {other}",
                          "\n".join([*lines[:i], f"{found.group(1)} = {other}", *lines[i + 1:]])))
    return cases


def view_lines(slug: str) -> list[str]:
    """Every view option of ``slug`` given each of :data:`VIEW_VALUES`: the loader's
    verdict (the record loader asks the same ``view_problem``)."""
    from rulebook.games import make_game
    from rulebook.record_format import toml_value
    from rulebook.views import view_options, view_problem

    game = make_game(slug)
    return [f"view {slug} {name} = {toml_value(value)}: "
            f"{view_problem(game, {name: value}) or 'accepted'}"
            for name in sorted(view_options(slug)) for value in VIEW_VALUES]


def record_lines(paths: list[Path]) -> list[str]:
    from rulebook.errors import RulebookError
    from rulebook.records import load_record

    lines, keys = [], set()
    with tempfile.TemporaryDirectory() as folder:
        for source in paths:
            target = Path(folder) / source.parent.name / source.name
            target.parent.mkdir(exist_ok=True)
            for what, text in record_cases(source) + key_cases(source, keys):
                target.write_text(text, encoding="utf-8")
                try:
                    record = load_record(target, folder)
                    record.check()
                    record.replay()
                    answer = "holds"
                except RulebookError as error:
                    answer = f"{type(error).__name__}: {str(error).replace(folder, '<figures>')}"
                lines.append(f"record {source.parent.name}/{source.name} {what}: {answer}")
    return lines


# an entry of a catalog written wrong in the ways hands do (line numbers: where it starts)
CATALOG_FAULTS = ("the entry twice", "its msgstr dropped", "its msgstr's closing quote dropped",
                  "a stray string before it", "a byte that is not UTF-8 in its msgstr",
                  "a placeholder of its msgstr dropped")


def _entries(lines: list[str]) -> list[tuple[int, int]]:
    """Each entry's first and last line index (its msgctxt or msgid, to its msgstr)."""
    found, start = [], None
    for index, line in enumerate(lines):
        if line.startswith(("msgctxt", "msgid")) and start is None:
            start = index
        elif line.startswith("msgstr") and start is not None:
            found.append((start, index))
            start = None
    return found


def catalog_lines() -> list[str]:
    """The Japanese engine catalogue and a page's catalogue, an entry at a time written
    wrong: what the catalogue reader and the engine catalogue's gate say."""
    import shutil

    from rulebook.errors import RulebookError
    from rulebook.i18n import check_po_syntax, engine_problems

    lines = []
    with tempfile.TemporaryDirectory() as folder:
        locale = Path(folder) / "locale"
        shutil.copytree(ROOT / "docs" / "locale", locale, ignore=shutil.ignore_patterns("*.mo"))
        for name in ("engine.po", "LC_MESSAGES/necto.po"):
            path = locale / "ja" / name
            original = path.read_text(encoding="utf-8")
            rows = original.split("\n")
            entries = [e for e in _entries(rows) if "{" in rows[e[1]] or name != "engine.po"][1:]
            rng = _rng("catalog", name)
            for fault in CATALOG_FAULTS:
                start, end = rng.choice(entries)
                edited = list(rows)
                if fault == "the entry twice":
                    edited[end + 1:end + 1] = ["", *rows[start:end + 1]]
                elif fault == "its msgstr dropped":
                    del edited[end]
                elif fault == "its msgstr's closing quote dropped":
                    edited[end] = edited[end].rstrip()[:-1]
                elif fault == "a stray string before it":
                    edited.insert(start, '"stray"')
                elif fault.startswith("a byte"):
                    edited[end] = edited[end].replace('"', '"\udcff', 1)
                else:
                    edited[end] = re.sub(r"\{\w+\}", "", edited[end], count=1)
                data = "\n".join(edited).encode("utf-8", "surrogateescape")
                path.write_bytes(data)
                try:
                    check_po_syntax(path, data)
                    said = "; ".join(engine_problems(locale, "ja")[:1]) if name == "engine.po" else ""
                    answer = said or "reads"
                except RulebookError as error:
                    answer = f"{type(error).__name__}: {error}"
                lines.append(f"catalog ja/{name} line {start + 1} {fault}: "
                             f"{answer.replace(str(locale), '<locale>')}")
            path.write_text(original, encoding="utf-8")
    return lines


def diagnostics() -> list[str]:
    from rulebook.games import available_games
    from rulebook.records import find_records

    lines = []
    for slug in available_games():
        for options in variants(slug):
            lines += move_lines(slug, options)
        lines += option_lines(slug) + position_lines(slug) + view_lines(slug)
    lines += record_lines(find_records(ROOT / "figures"))
    return lines + catalog_lines()


if __name__ == "__main__":
    approve(APPROVED.name, "What the project says to bad input", diagnostics)
