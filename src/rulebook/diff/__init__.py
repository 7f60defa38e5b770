"""``rulebook diff``: what changed between two versions of the project, by meaning.

Two *sides* are compared: an earlier revision of the project (``git archive``
into a temporary folder) and the working tree, or, with ``--option``, the
working tree as it is and the same tree under changed option defaults.  Each
side's records are replayed by that side's own code, in a child Python
(:mod:`rulebook.snapshot`); the rest is read from each side's files:

- records (:func:`compare_records`): added and removed, no longer loading,
  moves the engine now refuses (with its reason), claims whose value changed or
  that stopped (or started) holding, panels whose drawing changed, compared as
  scenes (:mod:`rulebook.scene`) in each language;
- studies (:func:`compare_studies`): stored results that moved, and whether
  the move leaves the 95 % interval; with ``--option`` (or ``--studies``,
  for results that are stale), studies are run again in a scratch folder;
- pages (:func:`compare_pages`): English messages of the translation catalogs
  added or removed, and whether their Japanese is translated or stale;
- engines (:func:`compare_engines`): which modules of ``src/rulebook`` changed.

:mod:`rulebook.diff.report` writes it all to ``build/diff/``, and
:mod:`rulebook.diff.pages` finds where each change was printed in the earlier
edition's PDFs.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..editions import edition, tag_of
from ..errors import RulebookError, counted
from ..record_format import quoted
from ..records import LANGUAGES

PACKAGE = Path(__file__).resolve().parent.parent  # src/rulebook


class DiffError(RulebookError):
    """A revision that does not exist, a tree that cannot be read, a bad ``--option``."""


# --- the two sides ------------------------------------------------------------------------

@dataclass
class Side:
    """One version of the project: its folder, whose ``src`` replays its records."""

    root: Path
    label: str  # "v1 (3f2a1b0)", "working tree", "min_area_percent=1.0"
    revision: str | None = None  # the full commit, for a side taken from git
    tag: str | None = None  # the edition it is (rulebook.editions), if any
    defaults: dict = field(default_factory=dict)  # {game: {option: value}}
    snapshot: dict = field(default_factory=dict)


def git(root: Path, *args: str, binary: bool = False) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=not binary,
                              timeout=120)
    except (OSError, subprocess.SubprocessError) as error:
        raise DiffError(f"git {' '.join(args)}: {error}") from None


def default_revision(root: Path) -> str:
    """The most recent tag reachable from HEAD, else ``HEAD~1``."""
    found = git(root, "describe", "--tags", "--abbrev=0")
    return found.stdout.strip() if found.returncode == 0 and found.stdout.strip() else "HEAD~1"


def resolve(root: Path, revision: str) -> tuple[str, str]:
    """The full commit of ``revision`` and a label for it (its tag or short hash)."""
    if git(root, "rev-parse", "--git-dir").returncode != 0:
        raise DiffError(f"{root}: not a git repository, so there is no revision to compare with")
    if revision.startswith("-"):
        raise DiffError(f"{revision!r}: not a revision")
    found = git(root, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    if found.returncode != 0:
        raise DiffError(f"{revision!r}: no such revision in {root}")
    commit = found.stdout.strip()
    tag = tag_of(root, commit)
    return commit, f"{tag} ({commit[:7]})" if tag else commit[:7]


def export(root: Path, commit: str, folder: Path) -> Path:
    """The project's files at ``commit``, written into ``folder`` (``git archive``)."""
    for needed in ("docs/conf.py", "src/rulebook", "figures"):
        if git(root, "cat-file", "-e", f"{commit}:{needed}").returncode != 0:
            raise DiffError(f"{commit[:7]}: not a rulebook project at that revision "
                            "(no docs/conf.py, src/rulebook or figures)")
    archive = git(root, "archive", "--format=tar", commit, binary=True)
    if archive.returncode != 0:
        why = archive.stderr.decode(errors="replace").strip()
        raise DiffError(f"git archive {commit[:7]}: {why}")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout), mode="r:") as tar:
            tar.extractall(folder, filter="data")
    except tarfile.TarError as error:
        raise DiffError(f"git archive {commit[:7]}: {error}") from None
    return folder


# --- snapshots: each side's records, replayed by its own code -----------------------------

def snapshot_command(side: Side, job: dict) -> list[str]:
    """The child that replays ``side``'s records: the side's own ``rulebook.snapshot``,
    or, for a revision older than it, this one's file run against the side's modules."""
    from ..verify import BROWSER_ONLY

    own = side.root / "src" / "rulebook" / "snapshot.py"
    if own.exists():
        run = "import runpy; runpy.run_module('rulebook.snapshot', run_name='__main__')"
    else:
        mine = PACKAGE / "snapshot.py"
        run = (f"import runpy, sys; sys.argv = [{str(mine)!r}] + sys.argv[1:]; "
               f"runpy.run_path({str(mine)!r}, run_name='__main__')")
    return [sys.executable, "-c", BROWSER_ONLY + run, json.dumps(job)]


def start_snapshot(side: Side, output: Path, games: list[str] | None = None
                   ) -> subprocess.Popen:
    """The child that replays ``side``'s records, its output into ``output``.out and
    .err (the two sides' children run side by side; pipes would make one wait for
    the other's reader)."""
    env = {**os.environ, "PYTHONPATH": str(side.root / "src")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    job = {"figures": str(side.root / "figures"), "defaults": side.defaults, "games": games}
    with open(output.with_suffix(".out"), "wb") as out, \
            open(output.with_suffix(".err"), "wb") as err:
        child = subprocess.Popen(snapshot_command(side, job), stdin=subprocess.DEVNULL,
                                 stdout=out, stderr=err, env=env, cwd=side.root)
    child.output = output  # type: ignore[attr-defined]
    return child


def finish_snapshot(side: Side, child: subprocess.Popen) -> dict:
    child.wait()
    output = child.output  # type: ignore[attr-defined]
    try:
        side.snapshot = json.loads(output.with_suffix(".out").read_bytes())
    except ValueError:
        err = output.with_suffix(".err").read_text(errors="replace")
        last = (err.strip().splitlines() or [f"exit status {child.returncode}"])[-1]
        raise DiffError(f"{side.label}: the project's records cannot be read there ({last})") \
            from None
    return side.snapshot


def replay_inputs(side: Side, folder: str) -> str | None:
    """A digest of all that replaying the records of ``figures/<folder>`` reads on
    ``side``: their folder, the package (``src/rulebook``, not what an install writes
    beside it) but the other games' folders (no game's engine imports another's), and
    the option defaults of the games they name.  None where a record's game cannot be
    read: it is replayed then, whatever the digest."""
    records, games = side.root / "figures" / folder, side.root / "src" / "rulebook" / "games"
    named = set()
    for path in sorted(records.glob("*.toml")):
        try:
            game = tomllib.loads(path.read_text(encoding="utf-8"))["game"]
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError):
            return None
        if not isinstance(game, str):
            return None
        named.add(game)
    digest = hashlib.sha256(json.dumps({game: side.defaults.get(game) for game in sorted(named)},
                                       sort_keys=True, default=repr).encode())
    for path in sorted([*records.rglob("*"), *games.parent.rglob("*")]):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.parent != games and games in path.parents \
                and path.relative_to(games).parts[0] not in named:
            continue
        digest.update(path.relative_to(side.root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def snapshot_both(old: Side, new: Side, scratch: Path, games: list[str] | None) -> None:
    """Each side's records replayed by its own code, the two sides side by side; the
    records of a folder whose replay reads the same on both sides (``replay_inputs``)
    are replayed once, by the later side, and are the earlier side's too, the same
    objects, read only (unless one of them does not load: its error names the
    side's own path)."""
    folders = sorted({path.parent.name for side in (old, new)
                      for path in (side.root / "figures").glob("*/*.toml")})
    same = [folder for folder in (folders if games is None else games)
            if (digest := replay_inputs(new, folder)) is not None
            and digest == replay_inputs(old, folder)]
    children = [start_snapshot(old, scratch / "old-records",
                               [folder for folder in (folders if games is None else games)
                                if folder not in same]),
                start_snapshot(new, scratch / "new-records", games)]
    finish_snapshot(old, children[0])
    finish_snapshot(new, children[1])
    records = dict(old.snapshot["records"])
    failing = sorted({name.split("/")[0] for name, record in new.snapshot["records"].items()
                      if name.split("/")[0] in same and record.get("error")})
    if failing:
        again = start_snapshot(old, scratch / "old-again", failing)
        records.update(finish_snapshot(old, again)["records"])
    records.update({name: record for name, record in new.snapshot["records"].items()
                    if name.split("/")[0] in same and name.split("/")[0] not in failing})
    old.snapshot = {"records": records}


def refuse_unbuildable(side: Side) -> None:
    """An earlier revision is an edition that was built: a record of it that does not
    load says the revision is no project to compare with (one line, its path in it)."""
    for name, record in side.snapshot["records"].items():
        if record.get("error"):
            where = record["error"].replace(f"{side.root}/", "")
            raise DiffError(f"{side.label}: the project does not build at that revision: {where}")


# --- comparing records --------------------------------------------------------------------

@dataclass
class ClaimChange:
    key: str  # the claim's id, or #N
    id: str | None
    fact: str
    old: dict | None  # the claim as the snapshot has it (value, expect, holds), or None: added
    new: dict | None  # None: removed

    @property
    def kind(self) -> str:
        if self.old is None:
            return "added"
        if self.new is None:
            return "removed"
        if self.old["holds"] and not self.new["holds"]:
            return "fails"
        if not self.old["holds"] and self.new["holds"]:
            return "holds"
        return "value"


@dataclass
class PanelChange:
    index: int  # 1-based
    langs: list[str]  # the languages whose drawing changed
    old: dict | None  # {"en": scene, "ja": scene}
    new: dict | None


@dataclass
class RecordChange:
    name: str
    game: str
    status: str  # added, removed, changed, broken (no longer loads), mended
    old_error: str | None = None
    new_error: str | None = None
    illegal: dict | None = None  # the first move the engine now refuses
    was_illegal: dict | None = None
    claims: list[ClaimChange] = field(default_factory=list)
    panels: list[PanelChange] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return (self.status == "changed" and not self.claims and not self.panels
                and self.illegal == self.was_illegal)


def compare_records(old: dict, new: dict) -> list[RecordChange]:
    """Every record whose meaning differs between the two snapshots."""
    changes = []
    for name in sorted(set(old) | set(new)):
        before, after = old.get(name), new.get(name)
        game = (after or before)["game"]
        if before is None or after is None:
            changes.append(RecordChange(name, game, "added" if before is None else "removed"))
            continue
        change = RecordChange(name, game, "changed", before.get("error"), after.get("error"),
                              after.get("illegal"), before.get("illegal"))
        if change.new_error or change.old_error:
            if change.new_error != change.old_error:
                change.status = "broken" if change.new_error else "mended"
                changes.append(change)
            continue
        change.claims = _claims(before.get("claims", []), after.get("claims", []))
        change.panels = _panels(before.get("panels", []), after.get("panels", []))
        if not change.empty:
            changes.append(change)
    return changes


def _claims(old: list[dict], new: list[dict]) -> list[ClaimChange]:
    before = {c["key"]: c for c in old}
    after = {c["key"]: c for c in new}
    changes = []
    for key in [*before, *(k for k in after if k not in before)]:
        a, b = before.get(key), after.get(key)
        if a is not None and b is not None and a["value"] == b["value"] \
                and a["holds"] == b["holds"]:
            continue
        claim = b or a
        changes.append(ClaimChange(key, claim["id"], claim["fact"], a, b))
    return changes


def _panels(old: list[dict], new: list[dict]) -> list[PanelChange]:
    changes = []
    for index in range(max(len(old), len(new))):
        a = old[index]["scenes"] if index < len(old) else None
        b = new[index]["scenes"] if index < len(new) else None
        langs = [lang for lang in LANGUAGES
                 if a is None or b is None or a.get(lang) != b.get(lang)]
        if langs:
            changes.append(PanelChange(index + 1, langs, a, b))
    return changes


# --- comparing studies --------------------------------------------------------------------

@dataclass
class StudyChange:
    name: str  # game/stem
    game: str
    label: dict  # {"en": ..., "ja": ...}
    status: str  # moved, added, removed, stale, same, unaffected
    moves: list[tuple[str, object, object]] = field(default_factory=list)  # (key, old, new)
    beyond: bool = False  # the first player's win rate left the earlier 95 % interval
    note: str = ""


def _stored(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _label(path: Path) -> dict:
    import tomllib

    try:
        label = tomllib.loads(path.read_text(encoding="utf-8")).get("label")
    except (OSError, ValueError):
        label = None
    return label if isinstance(label, dict) else {"en": path.stem, "ja": path.stem}


def result_moves(old: dict, new: dict) -> tuple[list, bool]:
    """The keys of a result whose value moved, and whether the first player's win
    rate left the earlier result's 95 % interval (or the later's holds the earlier
    rate no more: either way the two runs disagree beyond chance)."""
    moves = [(key, old.get(key), new.get(key)) for key in sorted(set(old) | set(new))
             if old.get(key) != new.get(key)]
    beyond = False
    if {"first_win_rate", "first_win_low", "first_win_high"} <= set(old) & set(new):
        beyond = not (old["first_win_low"] <= new["first_win_rate"] <= old["first_win_high"]
                      and new["first_win_low"] <= old["first_win_rate"] <= new["first_win_high"])
    elif moves:  # an exact result (perfect play): any move is beyond chance
        beyond = True
    return moves, beyond


def compare_studies(old_root: Path, new_root: Path, rerun: dict[str, dict] | None = None,
                    fresh: bool = True) -> list[StudyChange]:
    """Each study's result, earlier and later; ``rerun``: later results computed
    anew (name -> result), in place of the stored ones; ``fresh``: a later result
    computed by other code than this process runs (the working tree's) is stale
    (false for a later revision, whose code is its own: it was built, so its results
    were fresh)."""
    from ..studies import find_studies, load_study, stale_reason, StudyError

    rerun = rerun or {}
    def studies(root: Path) -> dict[str, Path]:
        return {p.relative_to(root / "figures").as_posix(): p
                for p in find_studies(root / "figures")}

    old, new = studies(old_root), studies(new_root)
    changes = []
    for key in sorted(set(old) | set(new)):
        name = key.removesuffix(".toml").replace("/studies/", "/")
        game = name.split("/")[0]
        path = new.get(key) or old[key]
        change = StudyChange(name, game, _label(path), "same")
        changes.append(change)
        if key not in old or key not in new:
            change.status = "added" if key not in old else "removed"
            continue
        before = (_stored(old[key].with_suffix(".json")) or {}).get("result")
        if name in rerun:
            after = rerun[name]
            change.note = "run again"
        else:
            stored = _stored(new[key].with_suffix(".json"))
            after = (stored or {}).get("result")
            try:
                why = stale_reason(load_study(new[key]), stored) if fresh else None
            except StudyError as error:
                why = str(error)
            if why is not None:
                change.status, change.note = "stale", why
                continue
        if before is None or after is None:
            change.status, change.note = "stale", "no stored result"
            continue
        change.moves, change.beyond = result_moves(before, after)
        change.status = "moved" if change.moves else "same"
    return changes


def rerun_studies(root: Path, names: list[str], defaults: dict, workers: int | None,
                  scheduler: str | None, progress: bool) -> tuple[dict, dict]:
    """Run these studies again, under ``defaults`` (the option set in each study that
    does not set it itself); nothing is written.  Returns
    the results (name -> result) and the studies left as they were (name -> why)."""
    import dataclasses

    from ..studies import load_study, run_study

    results, unaffected = {}, {}
    for name in names:
        game, stem = name.split("/")
        study = load_study(root / "figures" / game / "studies" / f"{stem}.toml")
        options = study.spec.get("options", {})
        wanted = {k: v for k, v in defaults.get(game, {}).items() if k not in options}
        if defaults.get(game) and not wanted:
            unaffected[name] = "sets the option itself"
            continue
        # the study as written, with the changed default as one of its options
        study = dataclasses.replace(study, spec={**study.spec, "options": {**options, **wanted}})
        text, _ = run_study(study, workers, scheduler, progress=progress, write=False)
        results[name] = json.loads(text)["result"]
    return results, unaffected


# --- comparing pages and engines ----------------------------------------------------------

@dataclass
class MessageChange:
    page: str  # the catalog's stem: craquelure, index...
    old: str | None  # the English message, earlier (None: a new one)
    new: str | None  # later (None: removed)
    old_ja: str | None = None
    new_ja: str | None = None
    stale: bool = False  # the later message's Japanese is missing or fuzzy


def _catalog(path: Path) -> list:
    from ..i18n import read_catalog

    if not path.exists():
        return []
    try:
        return [m for m in read_catalog(path) if m.id]
    except Exception as error:  # noqa: BLE001 - a catalog that does not read: one line
        raise DiffError(f"{path}: cannot read the catalog ({error})") from None


def _english(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def _japanese(message) -> str:
    return message.string if isinstance(message.string, str) else message.string[0]


def compare_pages(old_root: Path, new_root: Path, lang: str = "ja") -> list[MessageChange]:
    """The pages' English messages changed, paired in order (a replaced paragraph is
    one change), with their translations: changed, or stale (missing or fuzzy)."""
    import difflib

    folder = Path("docs") / "locale" / lang / "LC_MESSAGES"
    names = sorted({p.relative_to(root / folder).as_posix()
                    for root in (old_root, new_root) for p in (root / folder).rglob("*.po")})
    changes = []
    for name in names:
        before, after = _catalog(old_root / folder / name), _catalog(new_root / folder / name)
        page = name.removesuffix(".po")
        a, b = [_english(m) for m in before], [_english(m) for m in after]
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                for i, j in zip(range(i1, i2), range(j1, j2)):
                    if _japanese(before[i]) != _japanese(after[j]) or (
                            after[j].fuzzy and not before[i].fuzzy):
                        changes.append(MessageChange(page, a[i], b[j], _japanese(before[i]),
                                                     _japanese(after[j]), after[j].fuzzy))
                continue
            olds, news = list(range(i1, i2)), list(range(j1, j2))
            for k in range(max(len(olds), len(news))):
                i = olds[k] if k < len(olds) else None
                j = news[k] if k < len(news) else None
                change = MessageChange(page, a[i] if i is not None else None,
                                       b[j] if j is not None else None,
                                       _japanese(before[i]) if i is not None else None,
                                       _japanese(after[j]) if j is not None else None)
                if j is not None:
                    change.stale = after[j].fuzzy or not _japanese(after[j])
                changes.append(change)
    return changes


def untranslated_pages(old_root: Path, new_root: Path) -> list[str]:
    """English pages changed while their catalog did not (``rulebook translate`` not run)."""
    found = []
    for page in sorted((new_root / "docs").glob("*.rst")):
        old_page = old_root / "docs" / page.name
        catalog = Path("docs/locale/ja/LC_MESSAGES") / f"{page.stem}.po"
        if (old_page.exists() and old_page.read_bytes() != page.read_bytes()
                and _bytes(old_root / catalog) == _bytes(new_root / catalog)):
            found.append(f"docs/{page.name}")
    return found


def _bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.exists() else None


def engine_files(root: Path) -> dict[str, str]:
    """Every Python module of the package, by path, with its SHA-256."""
    src = root / "src"
    return {p.relative_to(src).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted((src / "rulebook").rglob("*.py"))}


def compare_engines(old_root: Path, new_root: Path) -> dict[str, list[str]]:
    """Changed modules: per game (``games/<game>/``), and ``""`` for the shared ones."""
    old, new = engine_files(old_root), engine_files(new_root)
    changed: dict[str, list[str]] = {}
    for path in sorted(set(old) | set(new)):
        if old.get(path) != new.get(path):
            parts = path.split("/")
            game = parts[2] if len(parts) > 3 and parts[1] == "games" else ""
            state = "added" if path not in old else "removed" if path not in new else "changed"
            changed.setdefault(game, []).append(f"src/{path} ({state})")
    return changed


# --- the whole comparison -----------------------------------------------------------------

@dataclass
class Diff:
    old: Side
    new: Side
    records: list[RecordChange]
    studies: list[StudyChange]
    messages: list[MessageChange]
    engines: dict[str, list[str]]
    untranslated: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    pages: dict = field(default_factory=dict)  # (lang, record) -> (page, figure on page)
    message_pages: dict = field(default_factory=dict)  # (lang, English text) -> page

    def summary(self) -> str:
        records = [r for r in self.records]
        claims = sum(len(r.claims) for r in records)
        panels = sum(len(r.panels) for r in records)
        moved = [s for s in self.studies if s.status == "moved"]
        beyond = [s for s in moved if s.beyond]
        stale = [s for s in self.studies if s.status == "stale"]
        parts = [f"{counted(len(records), 'record')} changed "
                 f"({counted(claims, 'claim')}, {counted(panels, 'panel')})",
                 f"{counted(len(moved), 'study', 'studies')} moved ("
                 + ("1 beyond its 95 % interval)" if len(beyond) == 1
                    else f"{len(beyond)} beyond their 95 % intervals)")]
        if stale:
            parts.append(f"{len(stale)} stale (not run again)")
        parts.append(f"{counted(sum(m.old != m.new for m in self.messages), 'English message')} "
                     "changed")
        modules = sum(len(v) for v in self.engines.values())
        parts.append(f"{counted(modules, 'module')} changed")
        return f"{self.old.label} -> {self.new.label}: " + "; ".join(parts)


def parse_options(texts: list[str]) -> dict[str, dict]:
    """``GAME:NAME=VALUE`` each, checked against the game's parameters: {game: {name: value}}."""
    from ..finder import read_value
    from ..games import game_class

    defaults: dict[str, dict] = {}
    for text in texts:
        where, equals, raw = text.partition("=")
        game, colon, name = where.partition(":")
        if not equals or not colon or not game.strip() or not name.strip():
            raise DiffError(f"--option {text!r}: write GAME:NAME=VALUE "
                            "(e.g. craquelure:min_area_percent=1.0)")
        game, name = game.strip(), name.strip()
        cls = game_class(game)
        known = {p.name: p for p in cls.parameters}
        if name not in known:
            raise DiffError(f"--option {text!r}: {game} has no option {name!r} "
                            f"(options: {', '.join(known) or 'none'})")
        value = known[name].coerce(game, read_value(raw))
        if value == known[name].default:
            raise DiffError(f"--option {text!r}: {quoted(value)} is already the default")
        defaults.setdefault(game, {})[name] = value
    return defaults


def sides(root: Path, scratch: Path, revision: str | None, later: str | None,
          options: list[str]) -> tuple[Side, Side]:
    """The two versions to compare: with ``options``, the working tree as it is and
    under those defaults; else ``revision`` (exported into ``scratch``) and ``later``
    (likewise) or the working tree."""
    if options:
        if revision or later:
            raise DiffError("--option compares the working tree with itself under the new "
                            "defaults: give no revision with it")
        defaults = parse_options(options)
        return (Side(root, "working tree"),
                Side(root, "working tree with " + ", ".join(options), defaults=defaults))
    commit, label = resolve(root, revision or default_revision(root))
    old = Side(export(root, commit, scratch / "old"), label, commit)
    if later:
        commit, label = resolve(root, later)
        return old, Side(export(root, commit, scratch / "new"), label, commit,
                         tag=tag_of(root, commit))
    tag = edition(root).tag  # an edition if it is a tag's sources unchanged
    head = git(root, "rev-parse", "--short=7", "HEAD").stdout.strip()
    return old, Side(root, f"{tag} ({head})" if tag else "working tree", tag=tag)


def studies_of(old: Side, new: Side, games: list[str] | None, rerun_stale: bool,
               workers: int | None, scheduler: str | None, progress, bars: bool
               ) -> list[StudyChange]:
    """The studies compared; under changed defaults, the games' studies run again
    (those that set the option themselves left as they are); ``rerun_stale``: the
    later side's stale results computed anew."""
    rerun, unaffected = {}, {}
    if new.defaults:
        from ..studies import find_studies

        names = [f"{path.parent.parent.name}/{path.stem}"
                 for path in find_studies(new.root / "figures") if path.parent.parent.name in games]
        progress(f"running {len(names)} studies again under {new.label}")
        rerun, unaffected = rerun_studies(new.root, names, new.defaults, workers, scheduler,
                                          progress=bars)
    fresh = new.revision is None  # the working tree: this process's code
    changes = compare_studies(old.root, new.root, rerun, fresh)
    stale = [s.name for s in changes if s.status == "stale"]
    if rerun_stale and stale and not new.defaults:
        progress(f"running {len(stale)} stale studies again")
        rerun, _ = rerun_studies(new.root, stale, {}, workers, scheduler, progress=bars)
        changes = compare_studies(old.root, new.root, rerun, fresh)
    for change in changes:
        if change.name in unaffected:
            change.status, change.note = "unaffected", unaffected[change.name]
    return [s for s in changes if games is None or s.game in games]


def diff(project, revision: str | None = None, later: str | None = None,
         options: list[str] | None = None, studies: bool = False, workers: int | None = None,
         scheduler: str | None = None, pages: bool = True, progress=print,
         bars: bool = True) -> "Diff":
    """Compare and write ``build/diff/``; returns what was compared.  ``progress``
    says each step; ``bars``: the studies' progress bars."""
    from .report import write_report

    root = project.root.resolve()
    if later and not revision:
        raise DiffError("give the earlier revision before the later one")
    if workers is not None or scheduler:
        from ..studies import check_scheduler, check_workers

        check_workers(workers)
        if scheduler:
            check_scheduler(scheduler)
    with tempfile.TemporaryDirectory(prefix="rulebook-diff-") as scratch:
        old, new = sides(root, Path(scratch), revision, later, options or [])
        games = sorted(new.defaults) if new.defaults else None
        progress(f"replaying the records of {old.label} and {new.label}")
        snapshot_both(old, new, Path(scratch), games)
        if old.revision is not None:
            refuse_unbuildable(old)
        records = compare_records(old.snapshot["records"], new.snapshot["records"])
        study_changes = studies_of(old, new, games, studies, workers, scheduler, progress, bars)
        same_tree = old.root == new.root  # --option: the pages and modules are the same
        result = Diff(old, new, records, study_changes,
                      [] if same_tree else compare_pages(old.root, new.root),
                      {} if same_tree else compare_engines(old.root, new.root),
                      [] if same_tree else untranslated_pages(old.root, new.root),
                      games or sorted({p.parent.name for side in (old, new)
                                       for p in (side.root / "figures").glob("*/*.toml")}))
        if pages and old.revision is not None:
            from .pages import find_pages

            find_pages(result, root / "build" / "diff-editions", progress)
        write_report(result, root / "build" / "diff")
    return result
