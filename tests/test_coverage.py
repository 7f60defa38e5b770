"""Rule coverage: every reason an engine gives belongs to a declared rule
(``games/<game>/ruleset.py``), the figures that show each rule are found by
what their moves do, and every book's rules index points at them.

The reasons are found two ways: read out of the engines' source (every string
their refusing functions return, and every outcome reason they declare), and
collected from seeded random games (every candidate move the notation can
write, offered at random positions).
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from rulebook import rule_coverage as rc
from rulebook.errors import NotationError
from rulebook.games import available_games, game_part, make_game
from rulebook.studies import NOT_ENGINE

PACKAGE = Path(rc.__file__).resolve().parent
# the engine functions that give a move's refusal reason (the engines' own names)
REFUSING = {"_illegal_reason", "_relocation_reason", "_shape_problem", "_work_out", "plan_cut"}
GAMES = available_games()
PLACEHOLDER = "§"  # stands for a formatted value in a reason read from the source
PROBED = 12  # positions of each random game whose candidate moves are tried (and the last)


def _strings(node) -> list[str]:
    """The strings an expression can evaluate to, formatted values as PLACEHOLDER."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(part.value if isinstance(part, ast.Constant) else PLACEHOLDER
                        for part in node.values)]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    return []


def source_reasons(slug: str) -> list[tuple[str, str]]:
    """(file:line, reason) of every string an engine module's refusing functions return."""
    found = []
    for path in sorted((PACKAGE / "games" / slug).glob("*.py")):
        if path.name in NOT_ENGINE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef) and function.name in REFUSING:
                for node in ast.walk(function):
                    if isinstance(node, ast.Return) and node.value is not None:
                        found += [(f"{path.name}:{node.lineno}", text)
                                  for text in _strings(node.value)]
    return found


def declared(slug: str, reason: str) -> bool:
    return bool(rc.rules_refusing(slug, reason)) or rc.malformed(slug, reason)


@pytest.mark.parametrize("slug", GAMES)
def test_every_refusal_in_the_source_belongs_to_a_rule(slug):
    reasons = source_reasons(slug)
    assert len(reasons) >= 3, "the engine's refusing functions were not found"
    undeclared = [f"{where}: {text!r}" for where, text in reasons if not declared(slug, text)]
    assert not undeclared, f"{slug}: reasons no rule of ruleset.py declares: {undeclared}"


@pytest.mark.parametrize("slug", GAMES)
def test_every_outcome_reason_belongs_to_a_rule(slug):
    game = make_game(slug)
    assert game.reasons
    missing = [reason for reason in game.reasons if not rc.rules_ending(slug, reason)]
    assert not missing, f"{slug}: outcome reasons no rule declares: {missing}"


@pytest.mark.parametrize("slug", GAMES)
def test_rules_are_named_once_in_both_languages(slug):
    rules = rc.rules_of(slug)
    assert rules
    ids = [rule.id for rule in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert rule.text["en"].endswith(".") and rule.text["ja"].endswith("。"), rule.id
        assert rule.refusals or rule.outcomes or rule.applied, rule.id


def _options(slug):
    """The option sets the game's candidates are written for (small boards, variants)."""
    return getattr(game_part(slug, "candidates"), "OPTION_SETS", ({},))


@pytest.mark.parametrize("slug", GAMES)
def test_reasons_met_in_random_games_belong_to_rules(slug):
    """Seeded random games: every refusal of a candidate move and every ending is
    matched to a declared rule."""
    candidates = game_part(slug, "candidates").candidates
    rng = random.Random(26)
    refusals, endings = set(), set()

    def probe(state):
        texts = candidates(state)
        for text in rng.sample(texts, min(20, len(texts))):
            try:
                reason = rc.refusal_reason(state, text)
            except NotationError:
                continue
            if reason is not None:
                refusals.add(reason)

    for options in _options(slug):
        game = make_game(slug, **options)
        for _ in range(3):
            state, probed = game.initial_state(), 0
            while not state.is_over():
                if probed < PROBED:  # the opening's positions, and the end's
                    probe(state)
                    probed += 1
                state = state.play(state.random_move(rng))
            probe(state)
            endings.add(state.outcome().reason)
    assert refusals and endings
    assert rc.ALREADY_OVER in refusals
    assert not [r for r in refusals if not declared(slug, r)], slug
    assert not [r for r in endings if not rc.rules_ending(slug, r)], slug


def test_a_reason_no_rule_declares_is_found(monkeypatch):
    """The source check can fail: take one reason's rule away and it names it."""
    module = rc.ruleset("qttt")
    kept = tuple(rule for rule in module.RULES if rule.id != "spooky")
    monkeypatch.setattr(module, "RULES", kept)
    missing = [text for _, text in source_reasons("qttt") if not declared("qttt", text)]
    assert missing == ["the two spooky marks must go in two different cells",
                       "spooky marks cannot go in a cell that holds a classical mark"]


# --- the map and the index, on a small project of QTTT figures ----------------------

from rulebook.build import BuildError, Project, _sphinx  # noqa: E402
from rulebook.records import load_record  # noqa: E402

FIGURES = Path(__file__).resolve().parent.parent / "figures"
# a figure per section, each shown in its own section (named for the index)
SECTIONS = {"Alpha": "qttt/spooky-marks", "Bravo": "qttt/collapse-choice",
            "Charlie": "qttt/ninth-move", "Delta": "qttt/both-lines", "Echo": "qttt/draw"}
FILLER = ("This paragraph only fills the page so that the next figure lands further on in "
          "the book, on a page of its own. ") * 3


def small_project(root: Path, sections: dict, filler: int = 0) -> Project:
    docs, figures = root / "docs", root / "figures"
    (figures / "qttt").mkdir(parents=True)
    docs.mkdir()
    page = "Quantum Tic-Tac-Toe\n===================\n\n"
    for title, record in sections.items():
        source = FIGURES / f"{record}.toml"
        (figures / f"{record}.toml").write_text(source.read_text(encoding="utf-8"),
                                                encoding="utf-8")
        page += f"{title}\n{'-' * len(title)}\n\n" + f"{FILLER}\n\n" * filler
        page += f".. rulebook-figure:: {record}\n   :alt: An example.\n\n   Exhibit {title}.\n\n"
    page += "Rules index\n-----------\n\n.. rules-index:: qttt\n"
    (docs / "index.rst").write_text(page, encoding="utf-8")
    (docs / "conf.py").write_text(
        'extensions = ["rulebook.sphinxext", "rulebook.pdf"]\nexclude_patterns = ["locale"]\n'
        f"rulebook_figures_dir = {str(figures)!r}\nrulebook_pdf_documents = ['index']\n"
        "rulebook_require_rule_coverage = True\n", encoding="utf-8")
    return Project(root)


def read_errors(project: Project, out: Path) -> str:
    try:
        _sphinx(project, "dummy", "en", out / "en", out / "doctrees", out / "figures", fresh=True)
    except BuildError as error:
        return str(error)
    return ""


def test_shown_rules_come_from_what_the_moves_do():
    """A figure shows the rules its panels' moves apply and its outcomes end by, not the
    rules of moves no panel reaches."""
    def shown(name):
        record = load_record(FIGURES / f"{name}.toml", FIGURES)
        record.check()
        return {(s.rule, s.how) for s in rc.shown_by(record)}

    assert shown("qttt/ninth-move") == {("collapse", "move"), ("last-cell", "move"),
                                        ("line", "outcome")}
    assert shown("qttt/draw") >= {("collapse", "move"), ("full-board", "outcome")}
    assert ("last-cell", "move") not in shown("qttt/draw")
    assert ("surround", "move") in shown("inphexion/single-surround")
    assert ("settled", "move") in shown("craquelure/handover")
    assert ("settled", "move") not in shown("craquelure/neutral-cut")
    # a rule of an option is shown only where the record sets that option
    assert ("grid", "move") in shown("craquelure/grid-and-directions")
    assert ("grid", "move") not in shown("craquelure/neutral-cut")
    # a refused move (an attempt, a refusal claim) shows the rule that refuses it, as such
    assert shown("qttt/refused-pairs") == {("collapse", "move"), ("spooky", "refusal")}
    assert ("replacing", "refusal") in shown("necto/refused-replacement")
    assert shown("inphexion/no-trade") == {("no-trade", "refusal")}


@pytest.mark.parametrize("slug", GAMES)
def test_each_panel_shows_the_rules_of_the_moves_that_lead_to_it(slug, tmp_path):
    """Seeded random games written as records, their panels at random points of the
    game and on variations of one to three moves played from random points: the rules
    each panel shows by a move are those applied by the moves played since the main
    line's panel before it (the last move alone for the first panel, or one at or
    after its point), or, on a variation, by the variation's last move, in the
    position it was played in; worked out here by replaying the game move by move."""
    import json

    game = make_game(slug)
    variations, shows = 0, 0
    for seed in range(5):
        rng = random.Random(seed)
        states, moves = [game.initial_state()], []
        while not states[-1].is_over() and len(moves) < 24:
            move = states[-1].random_move(rng)
            moves.append(states[-1].format_move(move))
            states.append(states[-1].play(move))
        panels, expected, previous = [], [], None
        for number in range(1, 6):
            if rng.random() < 0.5:  # a main-line panel
                after = rng.randrange(1, len(moves) + 1)
                panels.append({"after": after})
                first = after - 1 if previous is None or previous >= after else previous
                steps = [(states[n], moves[n], states[n + 1]) for n in range(first, after)]
                previous = after
            else:  # a variation from a point of the game before its end
                after = rng.randrange(0, len(moves))
                line, then = [states[after]], []
                for _ in range(rng.randint(1, 3)):
                    if line[-1].is_over():
                        break
                    move = line[-1].random_move(rng)
                    then.append(line[-1].format_move(move))
                    line.append(line[-1].play(move))
                panels.append({"after": after, "then": then})
                steps = [(line[-2], then[-1], line[-1])]
                variations += len(then) > 1
            expected += [(rule, number, text) for before, text, after_move in steps
                         for rule in rc.applied_rules(slug, before, before.parse_move(text),
                                                      after_move)]
        path = tmp_path / slug / f"random-{seed}.toml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"game = {json.dumps(slug)}\nmoves = {json.dumps(moves)}\n[figure]\n" + "".join(
            "[[figure.panels]]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in panel.items())
            for panel in panels), encoding="utf-8")
        record = load_record(path, tmp_path)
        record.check()
        shown = [(s.rule, s.panel, s.detail) for s in rc.shown_by(record) if s.how == "move"]
        assert shown == expected, (seed, panels)
        shows += len(shown)
    assert variations >= 3 and shows >= 10, (variations, shows)


def said_record(folder: Path, panel: str = "") -> Path:
    """A QTTT record whose figure only shows a position (``panel``: its panel's keys),
    with a claim that a move there is refused by the spooky rule."""
    path = folder / "qttt" / "said.toml"
    path.parent.mkdir()
    path.write_text('game = "qttt"\nmoves = ["a1-b2", "b2-c3", "c3-c1", "a2-b1", "a1-c3", "@c3"]\n'
                    f'[figure]\n[[figure.panels]]\n{panel}\n[[claims]]\nfact = "refusal"\n'
                    'move = "c3-a3"\nexpect = "spooky marks cannot go in a cell that holds a '
                    'classical mark"\n', encoding="utf-8")
    return path


def test_a_refusal_claim_alone_shows_the_rule_that_refuses_its_move(tmp_path):
    """A record whose figure only shows the position, with a claim that a move there is
    refused, shows the refusing rule as such (at panel 0: the claims, not a panel)."""
    record = load_record(said_record(tmp_path), tmp_path)
    record.check()
    refused = [(s.rule, s.how, s.panel) for s in rc.shown_by(record) if s.how == "refusal"]
    assert refused == [("spooky", "refusal", 0)]


def test_the_map_credits_a_record_with_every_rule_it_shows_a_refusal_claim_s_too(tmp_path):
    """``rule_map`` over a folder of one record whose only showing of a rule is a claim
    (no panel shows it): the rule lists that record and its test; and over the project,
    each record is listed under exactly the rules ``shown_by`` finds in it."""
    path = said_record(tmp_path, panel="after = 0\n")
    shown = {(s.rule, s.how) for s in rc.shown_by(load_record(path, tmp_path))}
    assert ("spooky", "refusal") in shown and ("spooky", "move") not in shown, shown
    assert rc.rule_map(tmp_path)["qttt"]["spooky"]["figures"] == ["qttt/said"]
    mapped = rc.rule_map(FIGURES)
    for record_path in sorted(FIGURES.glob("*/*.toml")):
        record = load_record(record_path, FIGURES)
        listed = {rule for rule, entry in mapped[record.game.slug].items()
                  if record.name in entry["figures"]}
        assert listed == {s.rule for s in rc.shown_by(record)}, record.name


@pytest.mark.parametrize("after, then, rule", [
    (0, ["a1-b2"], "spooky"),  # a variation from the start: not the end of the game
    (2, ["a1-b2"], "spooky"),
    (0, [], "spooky"),
    (None, [], "over"),  # the finished game
])
def test_a_refusal_claim_shows_the_rule_of_the_position_it_is_about(tmp_path, after, then, rule):
    """A refusal claim about a position other than the record's last (after a number
    of moves, 0 included, and a variation played from there) shows the rule that
    refuses its move in that position, the one its own check reads, not in the
    finished game at the end of the record (where every move is refused as too late)."""
    import json

    moves = ["c1-b2", "a3-b3", "a3-c3", "c1-a3", "a1-a2", "c2-b3", "a3-c3", "@a3", "a1-b1",
             "a1-b1", "@b1"]  # a drawn game, to its end
    path = tmp_path / "qttt" / "said.toml"
    path.parent.mkdir()
    claim = {"fact": "refusal", "move": "a3-a3", "expect": None}
    if after is not None:
        claim["after"] = after
    if then:
        claim["then"] = then
    claim["expect"] = ("the game is already over" if rule == "over"
                       else "the two spooky marks must go in two different cells")
    lines = "".join(f"{key} = {json.dumps(value)}\n" for key, value in claim.items())
    path.write_text(f'game = "qttt"\nmoves = {json.dumps(moves)}\n[figure]\n[[figure.panels]]\n\n'
                    f"[[claims]]\n{lines}", encoding="utf-8")
    record = load_record(path, tmp_path)
    record.check()  # the claim holds where it is about
    refused = {s.rule for s in rc.shown_by(record) if s.how == "refusal"}
    over = {r.id for r in rc.rules_of("qttt") if rc.ALREADY_OVER in r.refusals}
    assert refused == (over if rule == "over" else {"spooky"}), refused


def test_build_fails_when_the_only_figure_of_a_rule_goes(tmp_path):
    whole = small_project(tmp_path / "whole", SECTIONS)
    assert read_errors(whole, tmp_path / "out-whole") == ""
    fewer = {title: record for title, record in SECTIONS.items() if record != "qttt/draw"}
    cut = small_project(tmp_path / "cut", fewer)
    errors = read_errors(cut, tmp_path / "out-cut").splitlines()
    assert len(errors) == 1, errors
    assert "qttt: rule 'full-board' is shown by no figure of index" in errors[0]


def test_a_figure_above_the_page_s_title_is_indexed_too(tmp_path):
    """A figure set before the first heading (a page opening on a picture) belongs to no
    section: the rules index notes it all the same, and the build goes on."""
    project = small_project(tmp_path / "book", SECTIONS)
    page = project.docs / "index.rst"
    page.write_text(".. rulebook-figure:: qttt/draw\n   :alt: An example.\n\n   Opening.\n\n"
                    + page.read_text(encoding="utf-8"), encoding="utf-8")
    assert read_errors(project, tmp_path / "out") == ""


def test_index_pages_are_the_pages_of_the_figures(tmp_path):
    """Each page the PDF's index gives for a figure is the page where that figure's
    caption is printed (and the first pass's '?' is gone)."""
    import re

    import pypdf

    project = small_project(tmp_path / "book", SECTIONS, filler=9)
    out = tmp_path / "pdf"
    _sphinx(project, "rulebookpdf", "en", out, tmp_path / "doctrees", tmp_path / "figures",
            fresh=True)
    pages = [page.extract_text() for page in pypdf.PdfReader(out / "index-en.pdf").pages]
    index = next(text for text in pages if "Shown in" in text)
    found = {title: int(page) for title, page in
             re.findall(r"(Alpha|Bravo|Charlie|Delta|Echo), p\.\s(\d+)", index)}
    assert set(found) == set(SECTIONS), index
    assert len(set(found.values())) > 2  # the figures are spread over the book
    assert "p. ?" not in index
    # a rule shown by several figures lists them joined as the book's language joins them
    assert re.search(r"p\.\s\d+; (Alpha|Bravo|Charlie|Delta|Echo)", index), index
    for title, page in found.items():
        holding = [n for n, text in enumerate(pages, start=1) if f"Exhibit {title}." in text]
        assert holding == [page], (title, page, holding)


def test_the_map_names_each_rules_figures_and_their_tests():
    """Every record that shows a rule is mapped to it, with the test item that replays it
    (an id tests/test_records.py really has)."""
    import test_records

    mapped = rc.rule_map(FIGURES)
    assert set(mapped) == set(GAMES)
    entry = mapped["qttt"]["full-board"]
    assert entry["figures"] == ["qttt/draw"]
    items = {param.id for param in test_records.claim_items()}
    for game in mapped.values():
        for rule in game.values():
            for test in rule["tests"]:
                assert test.startswith("tests/test_records.py::test_record[")
                assert test.split("[", 1)[1].rstrip("]") in items, test


def test_every_rule_of_every_game_is_shown_by_a_figure_of_its_records():
    """The books cover their rules: each rule a game declares is shown, as the moves
    and outcomes of the panels apply it, by at least one of the game's records (so a
    rule's detector that never fires leaves its rule uncovered here)."""
    mapped = rc.rule_map(FIGURES)
    for slug in GAMES:
        declared = {rule.id for rule in rc.rules_of(slug)}
        assert declared, slug
        uncovered = sorted(rule for rule in declared if not mapped[slug].get(rule, {}).get("figures"))
        assert not uncovered, (slug, uncovered)
