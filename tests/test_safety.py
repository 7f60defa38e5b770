"""Every command against bad input and faults: a full disk, an author's file in the
way, names that are markup or shadow a module, huge and endless files, numbers
out of range, and a study killed while its workers run.

Each test goes through the command's own entry point (``rulebook.cli.main``)
and checks the effect: a one-line error naming the file, exit status 2, and
every file as it was.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rulebook
from rulebook import finder, studies
from rulebook.cli import main
from rulebook.files import MAX_INPUT_BYTES, MAX_INPUT_TEXT, write_file
from rulebook.games import available_games, make_game
from rulebook.workers import core_count

from small_project import make_project

ROOT = Path(__file__).resolve().parent.parent
SRC = Path(rulebook.__file__).resolve().parent.parent  # the package under test


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def full_disk(monkeypatch, folder: Path, room: int = 100):
    """Files opened for writing inside ``folder`` (by ``open`` or ``os.fdopen``) fail
    with ENOSPC once ``room`` bytes are written, as on a full disk: what was written
    before stays, as it does on a real one."""
    folder = folder.resolve()

    class Full:
        def __init__(self, stream):
            self.stream, self.left = stream, room

        def write(self, data):
            if len(data) > self.left:
                self.stream.write(data[:self.left])
                self.stream.flush()
                self.left = 0
                raise OSError(errno.ENOSPC, "No space left on device")
            self.left -= len(data)
            return self.stream.write(data)

        def __getattr__(self, name):
            return getattr(self.stream, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.stream.close()

    def inside(name) -> bool:
        return Path(name).resolve().is_relative_to(folder)

    real_open, real_fdopen = open, os.fdopen

    def fake_open(file, mode="r", *args, **kwargs):
        stream = real_open(file, mode, *args, **kwargs)
        writing = any(c in mode for c in "wax+")
        return Full(stream) if writing and isinstance(file, (str, Path)) and inside(file) \
            else stream

    def fake_fdopen(fd, mode="r", *args, **kwargs):
        stream = real_fdopen(fd, mode, *args, **kwargs)
        name = os.readlink(f"/proc/self/fd/{fd}") if Path("/proc/self/fd").exists() else ""
        return Full(stream) if any(c in mode for c in "wax+") and inside(name) else stream

    monkeypatch.setattr("builtins.open", fake_open)
    monkeypatch.setattr(os, "fdopen", fake_fdopen)
    monkeypatch.setattr(Path, "write_text", lambda self, text, encoding=None, errors=None,
                        newline=None: _write(fake_open, self, text.encode(encoding or "utf-8")))
    monkeypatch.setattr(Path, "write_bytes", lambda self, data: _write(fake_open, self, data))


def _write(opener, path, data):
    with opener(path, "wb") as stream:
        return stream.write(data)


# --- nothing lost -------------------------------------------------------------


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path / "project", "The chooser is :claim:`chooser`.",
                        {"Cycles": "輪", "The chooser is :claim:`chooser`.":
                         "選ぶのは\\ :claim:`chooser`\\ です。"})


def test_translate_on_a_full_disk_leaves_every_catalog_whole(project, monkeypatch, capsys):
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\nA new paragraph to translate.\n")
    catalogs = project.docs / "locale"
    before = tree(catalogs)
    full_disk(monkeypatch, catalogs)
    assert main(["translate", "--project", str(project.root)]) == 2
    err = one_line_error(capsys)
    assert "index.po: No space left on device" in err  # the error names the catalog
    assert tree(catalogs) == before  # no byte lost, no temporary file left


def test_find_never_overwrites_a_record_unless_forced(tmp_path, capsys):
    out = tmp_path / "mine.toml"
    out.write_text("# an author's own record\n")
    args = ["find", "qttt", "--claim", "marks_placed=2", "--out", str(out)]
    assert main(args) == 2
    assert f"{out} already exists" in one_line_error(capsys)
    assert out.read_text() == "# an author's own record\n"
    assert main([*args, "--force"]) == 0
    assert 'game = "qttt"' in out.read_text()


def test_find_on_a_full_disk_leaves_the_old_record(tmp_path, monkeypatch, capsys):
    out = tmp_path / "found.toml"
    out.write_text("# the record found last time\n")
    full_disk(monkeypatch, tmp_path, room=10)
    assert main(["find", "qttt", "--claim", "marks_placed=2", "--out", str(out),
                 "--force"]) == 2
    assert f"{out}: No space left on device" in one_line_error(capsys)
    assert [p.name for p in tmp_path.iterdir()] == ["found.toml"]
    assert out.read_text() == "# the record found last time\n"


def add_study(project, name="tiny", text=None):
    folder = project.figures / "qttt" / "studies"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text or 'kind = "balance"\nlabel = { en = "R", '
                                         'ja = "R" }\ngames = 8\nseed = 1\n'
                                         'players = { type = "random" }\n')
    return folder


def study(project, *args):
    return main(["study", "qttt", *args, "--project", str(project.root), "-q"])


def test_a_study_on_a_full_disk_keeps_its_result_and_names_the_file(project, monkeypatch,
                                                                    capsys):
    folder = add_study(project)
    assert study(project, "tiny", "--workers", "1") == 0
    capsys.readouterr()
    before = tree(folder)
    full_disk(monkeypatch, folder, room=10)
    assert study(project, "tiny", "--workers", "1") == 2
    assert ("rulebook: figures/qttt/studies/tiny.json: No space left on device"
            == one_line_error(capsys).strip())
    assert tree(folder) == before


def test_a_study_writes_through_a_temporary_file_of_its_own(project, capsys):
    """Two runs of one study at once must not write the same temporary file: one
    moving the other's half-written file into place."""
    folder = add_study(project)
    other = folder / "tiny.json.tmp"  # the name every run used to share
    other.write_text("another run, half-way through")
    assert study(project, "tiny", "--workers", "1") == 0
    assert other.read_text() == "another run, half-way through"
    assert (folder / "tiny.json").read_text().startswith("{")


def test_write_file_keeps_the_files_mode_and_refuses_to_replace_when_asked(tmp_path):
    path = tmp_path / "page.po"
    path.write_text("old")
    path.chmod(0o640)
    write_file(path, "new")
    assert path.read_text() == "new" and (path.stat().st_mode & 0o777) == 0o640
    with pytest.raises(FileExistsError) as refused:
        write_file(path, "newer", overwrite=False)
    assert (refused.value.errno, refused.value.filename) == (errno.EEXIST, str(path))
    assert path.read_text() == "new" and [p.name for p in tmp_path.iterdir()] == ["page.po"]


@pytest.mark.parametrize("overwrite", [True, False])
def test_write_file_leaves_the_file_alone_in_its_folder_with_the_umask_s_mode(
        tmp_path, overwrite):
    """A new file, written either way (replacing, or only if new: by a hard link), is
    the only thing left in its folder, with the mode the umask gives a new file."""
    umask = os.umask(0o027)
    try:
        write_file(tmp_path / "record.toml", "first", overwrite=overwrite)
    finally:
        os.umask(umask)
    assert [p.name for p in tmp_path.iterdir()] == ["record.toml"]
    assert (tmp_path / "record.toml").read_text() == "first"
    assert (tmp_path / "record.toml").stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("failure", [errno.EPERM, errno.ENOTSUP, errno.EXDEV])
def test_write_file_without_hard_links_still_refuses_to_replace(tmp_path, monkeypatch, failure):
    """On a file system without hard links (os.link fails), ``overwrite=False`` checks
    and moves: a new file is written, an existing one is refused naming it (the name
    `rulebook new` and `find --out` quote) and left as it was, no temporary file left."""
    def no_links(source, target):
        raise OSError(failure, os.strerror(failure))

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "record.toml"
    write_file(path, "first", overwrite=False)
    assert path.read_text() == "first"
    with pytest.raises(FileExistsError) as refused:
        write_file(path, "second", overwrite=False)
    assert (refused.value.errno, refused.value.filename) == (errno.EEXIST, str(path))
    assert path.read_text() == "first" and [p.name for p in tmp_path.iterdir()] == ["record.toml"]
    # said as where hard links work
    monkeypatch.undo()
    with pytest.raises(FileExistsError) as linked:
        write_file(path, "second", overwrite=False)
    assert str(refused.value) == str(linked.value) == \
        f"[Errno {errno.EEXIST}] the file exists: {str(path)!r}"


def minimal_project(root: Path) -> Path:
    (root / "docs" / "locale" / "ja" / "LC_MESSAGES").mkdir(parents=True)
    (root / "figures").mkdir()
    (root / "docs" / "conf.py").write_text("")
    shutil.copy(ROOT / ".gitignore", root)
    shutil.copy(ROOT / "docs" / "locale" / "ja" / "LC_MESSAGES" / "authoring.po",
                root / "docs" / "locale" / "ja" / "LC_MESSAGES")
    return root


def test_new_on_a_full_disk_leaves_the_catalog_it_adds_to_whole(tmp_path, monkeypatch, capsys):
    from rulebook import scaffold

    root = minimal_project(tmp_path / "project")
    monkeypatch.setattr(scaffold, "check_package", lambda project: None)
    before = tree(root)
    full_disk(monkeypatch, root / "docs" / "locale")
    assert main(["new", "tiny_full", "--project", str(root)]) == 2
    assert "authoring.po: No space left on device" in one_line_error(capsys)
    assert tree(root) == before


@pytest.mark.parametrize("slug, why", [
    ("build", "module of rulebook"),
    ("game", "module of rulebook"),
    ("records", "module of rulebook"),
    ("cli", "module of rulebook"),
    ("os", "module of Python's standard library"),
    ("json", "module of Python's standard library"),
    ("genindex", "Sphinx makes a page genindex.html"),
    ("search", "Sphinx makes a page search.html"),
    ("mutants", ".gitignore hides figures/mutants/first-row.toml (pattern 'mutants/')"),
])
def test_new_refuses_a_slug_that_would_clash_saying_why(tmp_path, capsys, slug, why):
    root = minimal_project(tmp_path / "project")
    before = tree(root)
    assert main(["new", slug, "--project", str(root)]) == 2
    err = one_line_error(capsys)
    assert f"{slug!r} cannot be a game slug" in err and why in err
    assert tree(root) == before


def test_new_refuses_the_name_of_every_module_and_package_of_rulebook(tmp_path, capsys):
    """Found by walking the installed package (not by the scaffold's own list): each
    module's and subpackage's name that could be a slug is refused, why said, nothing
    written; a game's own package is refused as a game that exists."""
    import pkgutil
    import re

    names = {info.name.rsplit(".", 1)[-1]
             for info in pkgutil.walk_packages(rulebook.__path__, "rulebook.")}
    names = sorted(n for n in names if re.fullmatch(r"[a-z][a-z0-9_]{1,29}", n))
    assert {"pdf", "kits", "games", "sphinxext", "studies", "play", "records"} <= set(names)
    root = minimal_project(tmp_path / "project")
    before = tree(root)
    for name in names:
        assert main(["new", name, "--project", str(root)]) == 2, name
        err = one_line_error(capsys)
        why = f"game {name!r} already exists" if name in available_games() else \
            f"{name!r} cannot be a game slug: "  # (some for another reason first: search)
        assert why in err, (name, err)
    assert tree(root) == before


@pytest.mark.parametrize("name", ["Knots_", "1. Knots", "- Knots", "Knots::", ".. Knots",
                                  "======", "https://example.org", "[1]_"])
def test_new_refuses_a_name_that_is_rest_markup(tmp_path, capsys, name):
    root = minimal_project(tmp_path / "project")
    before = tree(root)
    assert main(["new", "knotty", "--name", name, "--project", str(root)]) == 2
    assert f"--name {name!r} is reST markup" in one_line_error(capsys)
    assert tree(root) == before


# --- no traceback ------------------------------------------------------------------

OPEN_LINE = """\
game = "necto"
options = { size = 4 }
moves = ["D1=c2", "A4=t4", "C3=x2", "D2=t3", "B1=c1", "A3=t2", "C1=c1", "C4=c1", "A1=x1",
         "B2=x1", "B4=c1", "C2=x1", "A2=t2"]

[[claims]]
fact = "jones"
cell = "B1"
side = "N"
expect = "1"
"""


def test_the_jones_fact_of_a_line_not_closed_is_a_one_line_error(tmp_path, capsys):
    record = tmp_path / "open.toml"
    record.write_text(OPEN_LINE)
    assert main(["check", str(record)]) == 2  # a failed check: an author's error
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"{record}:6: claim #1 (jones" in err and "the line through B1 N is not closed" in err


@pytest.mark.parametrize("address", ["tcp://localhost:port", "tcp://[::1", "", "inproc://",
                                     "tcp://localhost:65536", "localhost"])
def test_a_malformed_scheduler_address_is_a_one_line_error(project, capsys, monkeypatch,
                                                           address):
    """Not an address, or one that would start a cluster on this machine instead."""
    add_study(project)
    monkeypatch.setattr(studies, "run_items", lambda *args: pytest.fail("the study ran"))
    assert study(project, "tiny", "--scheduler", address) == 2
    assert f"--scheduler {address!r}: write the address of a Dask scheduler" in \
        one_line_error(capsys)


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_study_with_a_number_that_is_not_finite_is_refused_before_it_runs(
        project, capsys, monkeypatch, value):
    add_study(project, text='kind = "balance"\nlabel = { en = "M", ja = "M" }\ngames = 2\n'
                            f'seed = 1\nplayers = {{ type = "mcts", exploration = {value} }}\n')
    monkeypatch.setattr(studies, "run_items", lambda *args: pytest.fail("the study ran"))
    assert study(project, "tiny", "--workers", "1") == 2
    assert f"players.exploration = {float(value)!r}: a study's numbers must be finite" in \
        one_line_error(capsys)


@pytest.mark.parametrize("numbers, named", [
    ("weights = [nan, 0.5, 0.25]", "weights[0]"),
    ("weights = [0.5, inf, 0.25]", "weights[1]"),
    ("weights = [0.5, 0.25, -inf]", "weights[2]"),
    ("weights = [[0.5], [0.25, nan]]", "weights[1][1]"),
    ("sides = [{ w = 0.5 }, { w = 0.5, v = nan }]", "sides[1].v"),
])
def test_a_number_that_is_not_finite_is_named_by_its_place_in_lists_and_tables(
        project, capsys, monkeypatch, numbers, named):
    """Wherever the NaN or infinity is, first, middle or last of a list, in a list
    inside a list or a table inside one, the refusal names its place as TOML counts
    it (from 0), before the study runs."""
    add_study(project, text='kind = "balance"\nlabel = { en = "M", ja = "M" }\ngames = 2\n'
                            f'seed = 1\n{numbers}\nplayers = {{ type = "random" }}\n')
    monkeypatch.setattr(studies, "run_items", lambda *args: pytest.fail("the study ran"))
    assert study(project, "tiny", "--workers", "1") == 2
    assert f": {named} = " in one_line_error(capsys)


@pytest.mark.parametrize("workers", ["-1", "0", str(4 * core_count() + 1),  # 4 per core at most
                                     "1000"])
def test_workers_out_of_range_are_one_line_errors_for_study_and_check(project, capsys,
                                                                      monkeypatch, workers):
    add_study(project)
    assert study(project, "tiny", "--workers", "1") == 0  # a stored result to compare with
    capsys.readouterr()
    assert study(project, "tiny", "--workers", workers) == 2
    assert f"--workers {workers}: must be from 1 to" in one_line_error(capsys)
    monkeypatch.setattr("rulebook.verify.check", lambda *args: pytest.fail("the check ran"))
    assert main(["check", "--studies", "--workers", workers,
                 "--project", str(project.root)]) == 2
    assert f"--workers {workers}: must be from 1 to" in one_line_error(capsys)


@pytest.mark.parametrize("option", [["--workers", "2"], ["--scheduler", "tcp://10.0.0.5:8786"]])
def test_check_refuses_workers_or_a_scheduler_without_studies(project, capsys, monkeypatch,
                                                              option):
    """They say where --studies runs: without it they would be taken and do nothing."""
    monkeypatch.setattr("rulebook.verify.check", lambda *args: pytest.fail("the check ran"))
    assert main(["check", *option, "--project", str(project.root)]) == 2
    assert f"{option[0]} says where --studies runs" in one_line_error(capsys)


@pytest.mark.parametrize("port", ["-1", "65536", "http"])
def test_serve_refuses_a_port_out_of_range(monkeypatch, capsys, port):
    monkeypatch.setattr("rulebook.serve.serve", lambda *args: pytest.fail("serve started"))
    with pytest.raises(SystemExit) as done:
        main(["serve", "--port", port])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "argument --port" in err and ("a port is from 0" in err or "not a whole" in err)


# --- bounded input -------------------------------------------------------------------

def run_bounded(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """``rulebook ARGS`` in a process with 1 GB of memory at most, and a time limit: a
    command that reads without bound fails the test instead of the machine."""
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30)); "
            "from rulebook.cli import main; sys.exit(main(sys.argv[1:]))")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=timeout, env=env)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_record_is_refused_at_once():
    done = run_bounded("replay", "qttt", "/dev/zero")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "/dev/zero: cannot read the record: not a regular file" in done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_nobody_writes_to_is_refused_at_once(tmp_path):
    fifo = tmp_path / "record.toml"
    os.mkfifo(fifo)
    done = run_bounded("replay", "qttt", str(fifo), timeout=20)
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_a_record_or_study_over_the_limit_is_refused_naming_the_limit(tmp_path, project,
                                                                      capsys):
    record = tmp_path / "huge.toml"
    record.write_text('game = "qttt"\n' + "#" * MAX_INPUT_BYTES + "\n")
    assert main(["replay", "qttt", str(record)]) == 2
    err = one_line_error(capsys)
    assert f"{record}: cannot read the record: the file is too large" in err
    assert f"at most {MAX_INPUT_TEXT}" in err
    folder = add_study(project, text='kind = "balance"\n' + "#" * MAX_INPUT_BYTES + "\n")
    assert study(project, "tiny") == 2
    assert "rulebook: figures/qttt/studies/tiny.toml: cannot read the study: the file is too large" in \
        one_line_error(capsys)


def test_a_record_of_exactly_the_limit_is_read_and_one_byte_more_is_not(tmp_path, capsys):
    """The limit is the largest size read ("at most 1 MB"): a record of that many bytes
    replays, one of a byte more is refused."""
    head = 'game = "qttt"\nmoves = ["a1-b2"]\n#'
    record = tmp_path / "edge.toml"
    record.write_text(head + "#" * (MAX_INPUT_BYTES - len(head) - 1) + "\n")
    assert record.stat().st_size == MAX_INPUT_BYTES
    assert main(["replay", "qttt", str(record)]) == 0
    capsys.readouterr()
    with open(record, "a") as f:
        f.write("\n")
    assert main(["replay", "qttt", str(record)]) == 2
    assert "the file is too large" in one_line_error(capsys)


def test_the_limit_is_stated_in_the_authoring_guide():
    guide = (ROOT / "docs" / "authoring.rst").read_text(encoding="utf-8")
    assert MAX_INPUT_TEXT in guide


def test_a_repeated_move_is_located_on_its_own_line(tmp_path, capsys):
    """Moves are located by searching forward from just after the last one found: the
    same move written again on the next line is on that line."""
    record = tmp_path / "again.toml"
    record.write_text('game = "necto"\noptions = { size = 4 }\nmoves = ["D4=t4", "C3=x2",\n'
                      '         "D4=t4"]\n')
    assert main(["check", str(record)]) == 2
    assert f"{record}:4: move 3" in capsys.readouterr().err


# --- nonsense refused -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["../../necto/studies/balance-4", "/etc/passwd", "a/b",
                                  "tiny.toml", ".hidden", ""])
def test_a_study_name_is_a_plain_name_in_its_games_folder(project, capsys, monkeypatch, name):
    add_study(project)
    monkeypatch.setattr(studies, "run_items", lambda *args: pytest.fail("the study ran"))
    assert study(project, name) == 2
    assert f"study name {name!r}: write the name of a file in figures/qttt/studies/" in \
        one_line_error(capsys)


@pytest.mark.parametrize("claim, message", [
    ("knot:cell=Z9,side=N=3₁", "cell Z9 is off the 6×6 board"),
    ("knot:cell=A1,side=Q=3₁", "side must be N, E, S or W, not 'Q'"),
    ("points:player=Third=3", "no player called 'Third'"),
    ("stage=won", "stage is one of 'placing', 'replacing', 'over'"),
    ("score:player=First=nan", "a number in it is not finite"),
])
def test_a_claim_that_can_never_hold_is_refused_before_searching(monkeypatch, capsys, claim,
                                                                 message):
    monkeypatch.setattr(finder.Search, "run", lambda self: pytest.fail("the search ran"))
    assert main(["find", "necto", "--claim", claim, "--time-limit", "600"]) == 2
    err = one_line_error(capsys)
    assert f"--claim {claim!r} can never hold: " in err and message in err


@pytest.mark.parametrize("limit", ["inf", "nan", "0", "-1"])
def test_find_needs_a_finite_time_limit(monkeypatch, capsys, limit):
    monkeypatch.setattr(finder.Search, "run", lambda self: pytest.fail("the search ran"))
    assert main(["find", "qttt", "--claim", "winner=X", "--time-limit", limit]) == 2
    assert f"--time-limit {float(limit)}: must be a number of seconds more than 0" in \
        one_line_error(capsys)


def test_find_from_a_finished_game_is_refused(monkeypatch, capsys):
    monkeypatch.setattr(finder.Search, "run", lambda self: pytest.fail("the search ran"))
    assert main(["find", "--from", str(ROOT / "figures" / "necto" / "finished.toml"),
                 "--claim", "stage=over"]) == 2
    assert "--from: the record's game is over" in one_line_error(capsys)


# --- no process left behind ---------------------------------------------------------

def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
@pytest.mark.parametrize("wait", [0, 1], ids=["as-the-pool-starts", "while-it-runs"])
def test_a_killed_study_takes_its_workers_with_it(project, how, wait):
    add_study(project, "long", 'kind = "balance"\nlabel = { en = "L", ja = "L" }\n'
                               'games = 1000000\nseed = 1\nplayers = { type = "random" }\n')
    command = [sys.executable, "-m", "rulebook.cli", "study", "qttt", "long", "--workers", "2",
               "-q", "--project", str(project.root)]
    process = subprocess.Popen(command, env={**os.environ, "PYTHONPATH": str(SRC)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               # as in a terminal (a background job starts with it ignored)
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers := children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) == 2
        time.sleep(wait)
        process.send_signal(how)
        process.wait(timeout=20)
        deadline = time.monotonic() + 10
        while any(map(alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(alive, workers))
        assert not (project.figures / "qttt" / "studies" / "long.json").exists()
        if how != signal.SIGKILL:
            assert "Traceback" not in process.stderr.read().decode()
    finally:
        for pid in [process.pid, *workers]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait()


SLOW_WORKERS = """
import os, signal, sys, threading, time
from rulebook import studies
real = studies._start_worker
def slow(parent):  # a worker that the parent's SIGTERM finds still starting
    time.sleep(1)
    real(parent)
studies._start_worker = slow
def kill_as_the_pool_starts():
    while len([c for t in os.listdir(f"/proc/{os.getpid()}/task")
               for c in open(f"/proc/{os.getpid()}/task/{t}/children").read().split()]) < 2:
        time.sleep(0.001)
    os.kill(os.getpid(), signal.SIGTERM)
threading.Thread(target=kill_as_the_pool_starts, daemon=True).start()
try:
    with studies._pool(2):
        time.sleep(30)
except KeyboardInterrupt:
    print("ended")
"""


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_a_study_pool_told_to_end_before_its_workers_have_started_ends():
    """The workers are told to end before they have set up their own handlers
    (they used to run the parent's, hold the SIGTERM back, and hang the exit)."""
    done = subprocess.run([sys.executable, "-c", SLOW_WORKERS], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=20)
    assert (done.returncode, done.stdout) == (0, "ended\n"), done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG (Linux)")
def test_a_worker_whose_parent_died_before_it_could_be_told_ends_at_once():
    """The kernel ends a worker when its parent dies only if told before; one whose
    parent died between the fork and that (its parent is then another process)
    ends as soon as it starts instead of waiting on a queue no one fills."""
    code = ("import os; from rulebook.workers import end_with_parent; "
            "end_with_parent(os.getppid()); print('kept'); end_with_parent(os.getppid() + 1); "
            "print('not ended')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=30)
    assert (done.returncode, done.stdout) == (1, "kept\n"), done


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG (Linux)")
def test_a_process_that_asked_to_end_with_its_parent_ends_when_the_parent_is_killed():
    """end_with_parent has the kernel end the process when its parent dies, even one
    killed outright (SIGKILL: no handler, no cleanup) while the process sleeps on
    something no one will finish, as a pool's worker waits on its queue."""
    child = ("import os, time; from rulebook.workers import end_with_parent; "
             "end_with_parent(os.getppid()); print(os.getpid(), flush=True); time.sleep(60)")
    parent = ("import subprocess, sys, time; "
              f"subprocess.Popen([sys.executable, '-c', {child!r}]); time.sleep(60)")
    process = subprocess.Popen([sys.executable, "-c", parent], stdout=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONPATH": str(SRC)})
    pid = int(process.stdout.readline())
    try:
        assert alive(pid)
        process.kill()
        process.wait()
        deadline = time.monotonic() + 10
        while alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(pid)
    finally:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_a_study_task_is_a_few_bytes_to_send():
    """A pool's feeder blocked sending a long task into a full pipe hangs the
    pool's terminate(): a task of a million items must still fit a pipe many times."""
    import pickle

    from rulebook.studies import chunks

    tasks = chunks(1_000_000, 2)
    assert sum(map(len, tasks)) == 1_000_000 and [*tasks[0], *tasks[1]][:3] == [0, 1, 2]
    assert max(len(pickle.dumps(task)) for task in tasks) < 100


def test_two_news_of_one_slug_at_once_leave_one_whole_game(tmp_path, monkeypatch, capsys):
    """A second ``rulebook new`` of the same slug, started while the first is writing,
    is refused; the first's game and catalog entries stay whole."""
    from rulebook import scaffold

    root = minimal_project(tmp_path / "project")
    monkeypatch.setattr(scaffold, "check_package", lambda project: None)
    real, started, second = scaffold.write_file, [], []

    def write_file(path, data, overwrite=True):
        if not started:  # the other process starts as this one writes its first file
            started.append(path)
            second.append(main(["new", "twice", "--project", str(root)]))
            second.append(capsys.readouterr().err)
        return real(path, data, overwrite)

    monkeypatch.setattr(scaffold, "write_file", write_file)
    catalog = root / "docs" / "locale" / "ja" / "LC_MESSAGES" / "authoring.po"
    before = catalog.read_text()
    assert main(["new", "twice", "--project", str(root)]) == 0
    assert second[0] == 2 and "already exists" in second[1] and second[1].count("\n") == 1
    assert len(catalog.read_text()) > len(before)  # the new game's entries are there
    assert (root / "src" / "rulebook" / "games" / "twice" / "rules.py").exists()


def _impossible(kind: type):
    """An argument of ``kind`` that no position of any game can satisfy, and the text an
    error naming it contains."""
    return {str: ("Z99", "z99"), list: ([2, 0], "(2.0, 0.0)"), int: (99, "99")}[kind]


def _some_answer(fact) -> str:
    """An expected value of the right type for ``fact``'s answer, as --claim writes it."""
    from rulebook.record_format import type_problem

    return next(text for value, text in [(0, "0"), ("x", '"x"'), (False, "false"), ([], "[]"),
                                         ({}, "{}")]
                if type_problem(value, fact.answer_type()) is None)


@pytest.mark.parametrize("slug, fact", [(slug, fact.name) for slug in available_games()
                                        for fact in make_game(slug).facts
                                        if fact.args and fact.name != "is_legal"])
@pytest.mark.parametrize("flag", ["--claim", "--before"])
def test_every_fact_refuses_an_argument_no_position_has_before_searching(monkeypatch, capsys,
                                                                          slug, fact, flag):
    """A cell off every board, a player or a knot no game has, a point outside the disk:
    ``rulebook find`` names the argument and stops at once, instead of searching until
    its time limit for a claim that can never hold, and names it by the flag it came
    with.  (A unreadable move is simply not legal, so is_legal answers it.)"""
    fact = make_game(slug).facts[fact]
    args = {arg: _impossible(fact.arg_type(arg)) for arg in fact.args}
    written = ",".join(f"{arg}={json.dumps(value)}" for arg, (value, _) in args.items())
    claim = f"{fact.name}:{written}={_some_answer(fact)}"
    monkeypatch.setattr(finder.Search, "run", lambda self: pytest.fail("the search ran"))
    assert main(["find", slug, flag, claim, "--time-limit", "600"]) == 2
    err = one_line_error(capsys)
    assert f"{flag} {claim!r} can never hold: " in err, err
    why = err.split(" can never hold: ", 1)[1].lower()  # the reason, not the claim quoted
    assert any(named in why for _, named in args.values()), err


def test_each_bounded_number_of_the_command_line_is_taken_on_its_bounds_and_not_past():
    """A scheduler's port (1 to 65535), serve's port (0, any free one, to 65535) and
    the workers (1 to four a core): each bound itself is taken, one past it refused
    (the refusals' words: the tests above)."""
    import argparse

    from rulebook.cli import port
    from rulebook.errors import RulebookError
    from rulebook.studies import WORKERS_PER_CORE, check_scheduler, check_workers

    for value in ("tcp://10.0.0.5:1", "tcp://10.0.0.5:65535", "scheduler.local:65535"):
        assert check_scheduler(value) == value
    for value in ("tcp://10.0.0.5:0", "10.0.0.5:65536"):
        with pytest.raises(RulebookError):
            check_scheduler(value)
    assert [port(text) for text in ("0", "65535")] == [0, 65535]
    for text in ("-1", "65536"):
        with pytest.raises(argparse.ArgumentTypeError):
            port(text)
    most = WORKERS_PER_CORE * core_count()
    assert [check_workers(n) for n in (1, most)] == [1, most]
    for n in (0, most + 1):
        with pytest.raises(RulebookError):
            check_workers(n)
