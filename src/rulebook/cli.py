"""The ``rulebook`` command: build, check, study, replay, schema, new, translate, serve, find,
diff.

Errors a user can cause print as ``file:line: message`` and exit with status 2;
``--debug`` shows the traceback instead.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .errors import RulebookError, counted


def command_build(args) -> int:
    from .build import Project, build

    project = Project.find(Path(args.project) if args.project else None)
    summary = build(project, force=args.force,
                    progress=(lambda line: None) if args.quiet else
                    (lambda line: print(line, flush=True)),
                    game=args.game, pdf=not args.no_pdf, cache=not args.no_cache,
                    formats=not args.no_formats)
    print(summary.line())
    return 0


def command_check(args) -> int:
    from .build import Project
    from .verify import check

    from .studies import check_scheduler, check_workers

    project = Project.find(Path(args.project) if args.project else None)
    if args.records and args.studies:
        raise RulebookError("--studies checks the whole project: give no records with it")
    given = [flag for flag, value in (("--workers", args.workers), ("--scheduler", args.scheduler))
             if value is not None]
    if given and not args.studies:
        raise RulebookError(f"{given[0]} says where --studies runs: give --studies too")
    if args.studies:  # refused before anything is read, not after the studies are found
        check_workers(args.workers)
        if args.scheduler is not None:
            check_scheduler(args.scheduler)
    report = check(project, [Path(p) for p in args.records], args.studies, args.workers,
                   args.scheduler)
    for line in report.problems:
        print(line, file=sys.stderr)
    for part in report.parts:
        if part.summary:
            print(part.summary)
    print(report.line())
    return 2 if report.problems else 0


def command_study(args) -> int:
    from .build import Project
    from .studies import check_workers, load_study, run_study, study_path

    project = Project.find(Path(args.project) if args.project else None)
    check_workers(args.workers)
    study = load_study(study_path(project.figures, args.game, args.name))
    _, report = run_study(study, args.workers, args.scheduler, progress=not args.quiet)
    rate = report.items / report.seconds if report.seconds else float("inf")
    print(f"wrote {study.result_path.relative_to(project.root)}: {counted(report.items, 'item')} in "
          f"{report.seconds:.1f} s on {report.where} ({rate:.2f} items/s)")
    return 0


def command_replay(args) -> int:
    from .records import load_record

    record = load_record(args.record)
    if record.game.slug != args.game:
        raise RulebookError(f"{args.record}: the record is a {record.game.slug} game, not {args.game}")
    states = record.replay()
    if args.json:
        print(json.dumps(states[-1].to_json(), ensure_ascii=False, indent=2))
        return 0
    print(f"{record.game.names['en']}: start")
    print(states[0])
    for number, (text, state) in enumerate(zip(record.moves, states[1:]), start=1):
        print(f"\n{number}. {text}")
        print(state)
    outcome = states[-1].outcome()
    if outcome is None:
        turn = states[-1].player_name(states[-1].turn)
        print(f"\nThe game goes on: {turn} to move.")
    elif outcome.winner is None:
        print(f"\nDraw ({outcome.reason}).")
    else:
        print(f"\n{states[-1].player_name(outcome.winner)} wins ({outcome.reason}).")
    if outcome is not None and outcome.scores is not None:
        print("Scores: " + ", ".join(f"{states[-1].player_name(i)} {s:g}"
                                      for i, s in enumerate(outcome.scores)))
    return 0


def command_schema(args) -> int:
    from .schema import schema_text

    sys.stdout.write(schema_text())
    return 0


def command_new(args) -> int:
    from .build import Project
    from .scaffold import new_game

    project = Project.find(Path(args.project) if args.project else None)
    for path in new_game(project, args.slug, args.name, args.name_ja, args.board):
        print(f"wrote {path.relative_to(project.root)}")
    print(f"Next: rulebook build, then pytest -k {args.slug}; make it your game "
          f"from src/rulebook/games/{args.slug}/rules.py (the guide: docs/adding-a-game.rst).")
    return 0


def command_translate(args) -> int:
    from .build import Project
    from .translate import report_lines, translate

    project = Project.find(Path(args.project) if args.project else None)
    for line in report_lines(translate(project), project.root):
        print(line)
    return 0


def command_serve(args) -> int:
    from .build import Project
    from .serve import serve

    try:
        serve(Project.find(Path(args.project) if args.project else None), args.port)
    except KeyboardInterrupt:
        print("Stopped.")
    return 0


def command_find(args) -> int:
    from .files import write_file
    from .finder import FindError, find, read_base, read_value, read_wanted

    if args.out and not args.force and Path(args.out).exists():
        raise FindError(f"{args.out} already exists: give another --out, or --force to "
                        "replace it")
    options = {}
    for text in args.option:
        name, equals, value = text.partition("=")
        if not equals or not name.strip():
            raise FindError(f"--option {text!r}: write NAME=VALUE")
        options[name.strip()] = read_value(value)
    base = read_base(args.game, options, args.source)
    wanted = read_wanted(base, args.claim, args.before)
    text, report = find(base, wanted, args.seed, args.moves, args.time_limit)
    if args.out:
        try:
            write_file(args.out, text, overwrite=args.force)
        except FileExistsError:  # written meanwhile by someone else
            raise FindError(f"{args.out} already exists: give another --out, or --force to "
                            "replace it") from None
        print(f"wrote {args.out}: found in {report.seconds:.1f} s ({counted(report.games, 'game')}, "
              f"{counted(report.positions, 'position')} tested)")
    else:
        print(text, end="")
    return 0


def command_diff(args) -> int:
    from .build import Project
    from .diff import diff

    project = Project.find(Path(args.project) if args.project else None)
    result = diff(project, args.revision, args.later, args.option, args.studies, args.workers,
                  args.scheduler, pages=not args.no_pages,
                  progress=(lambda line: None) if args.quiet else
                  (lambda line: print(line, flush=True)), bars=not args.quiet)
    print(result.summary())
    print("wrote build/diff/index.html and build/diff/errata-{en,ja}.md")
    return 0


def port(text: str) -> int:
    """A TCP port for ``serve --port``: 0 (any free one) to 65535."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{number}: a port is from 0 (any free one) to 65535")
    return number


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="rulebook", description="Verified game rulebooks: "
                                   "replay example games, check their claims, build pages and PDFs.")
    main.add_argument("--debug", action="store_true", help="show tracebacks")
    commands = main.add_subparsers(dest="command", required=True)

    build = commands.add_parser("build", help="build the web pages and PDFs into build/")
    build.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    build.add_argument("--game", metavar="GAME", help="build one game alone (its pages and "
                       "PDFs) into build/games/GAME, always anew")
    build.add_argument("--no-pdf", action="store_true", help="with --game: no PDFs")
    build.add_argument("--no-formats", action="store_true", help="with --game: its A4 books "
                       "alone, not their US Letter, A5 booklet and card formats nor its sheets")
    build.add_argument("--no-cache", action="store_true", help="draw every figure anew instead "
                       "of taking it from the cache (~/.cache/rulebook; the output is the same)")
    build.add_argument("--quiet", "-q", action="store_true", help="only print the summary")
    build.add_argument("--project", help="the project folder (default: found from here)")
    build.set_defaults(run=command_build)

    check = commands.add_parser("check", help="find every error a build would, without "
                                "building: records, claims, studies, translations, pages, "
                                "drawings")
    check.add_argument("records", nargs="*", help="check only these records: replayed, claims "
                       "checked, drawn as the browser draws them (default: the whole project)")
    check.add_argument("--project", help="the project folder (default: found from here)")
    check.add_argument("--studies", action="store_true",
                       help="also recompute every study and compare it with its stored result")
    check.add_argument("--workers", type=int, help="local processes for --studies "
                       "(default: every core)")
    check.add_argument("--scheduler", metavar="ADDRESS", help="run --studies on this Dask "
                       "cluster instead")
    check.set_defaults(run=command_check)

    study = commands.add_parser("study", help="run a study (figures/GAME/studies/NAME.toml) "
                                "and store its result beside it")
    study.add_argument("game", help="game slug: qttt, necto, craquelure, inphexion")
    study.add_argument("name", help="the study's name (its file name without .toml)")
    study.add_argument("--workers", type=int, help="local processes (default: every core)")
    study.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on this Dask cluster instead (e.g. tcp://10.0.0.5:8786)")
    study.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    study.add_argument("--project", help="the project folder (default: found from here)")
    study.set_defaults(run=command_study)

    replay = commands.add_parser("replay", help="print a record's positions move by move")
    replay.add_argument("game", help="game slug: qttt, necto, craquelure, inphexion")
    replay.add_argument("record", help="a record file (.toml)")
    replay.add_argument("--json", action="store_true", help="print the final state as JSON")
    replay.set_defaults(run=command_replay)

    commands.add_parser("schema", help="print the JSON Schema of records (for editors)"
                        ).set_defaults(run=command_schema)
    new = commands.add_parser("new", help="scaffold a new game: engine, page, catalog, record, "
                              "tests")
    new.add_argument("slug", help="the game's slug: lower-case letters, digits and _")
    new.add_argument("--name", help="the game's English name (default: from the slug)")
    new.add_argument("--name-ja", help="the game's Japanese name (default: the English name)")
    new.add_argument("--board", choices=("square", "hex", "none"), default="square",
                     help="the board kit the game starts from: square (a game of lines on "
                          "square cells, the default), hex (Hex: joining edges on hexagons) "
                          "or none (the square game without a kit: its own board code)")
    new.add_argument("--project", help="the project folder (default: found from here)")
    new.set_defaults(run=command_new)

    translate = commands.add_parser("translate", help="update the translation catalogs "
                                    "(docs/locale/<lang>/LC_MESSAGES/*.po) after the pages change")
    translate.add_argument("--project", help="the project folder (default: found from here)")
    translate.set_defaults(run=command_translate)

    serve = commands.add_parser("serve", help="preview the pages on localhost, rebuilt and "
                                "reloaded on every change")
    serve.add_argument("--port", type=port, default=8000, help="the port (default 8000; 0 picks "
                       "a free one)")
    serve.add_argument("--project", help="the project folder (default: found from here)")
    serve.set_defaults(run=command_serve)
    find = commands.add_parser("find", help="search for a position where given claims hold "
                               "and write it as a record")
    find.add_argument("game", nargs="?", help="game slug (optional with --from)")
    find.add_argument("--claim", action="append", default=[], metavar="FACT[:ARG=VALUE,...]=EXPECT",
                      help="a claim about the position after the last move (repeatable)")
    find.add_argument("--before", action="append", default=[], metavar="FACT[:ARG=VALUE,...]=EXPECT",
                      help="a claim about the position before the last move (repeatable)")
    find.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option (repeatable)")
    find.add_argument("--from", dest="source", metavar="RECORD",
                      help="start from the end of this record")
    find.add_argument("--moves", type=int, help="at most this many moves from the start")
    find.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    find.add_argument("--time-limit", type=float, default=60.0, metavar="SECONDS",
                      help="give up after this long (default 60)")
    find.add_argument("--out", help="write the record here (default: print it)")
    find.add_argument("--force", action="store_true", help="replace the --out file if it exists")
    find.set_defaults(run=command_find)

    diff = commands.add_parser("diff", help="what changed since a revision (or under a changed "
                               "option default), by meaning: records, claims, figures, "
                               "studies, pages, engines; writes build/diff/")
    diff.add_argument("revision", nargs="?", help="the earlier revision (default: the most "
                      "recent tag, else HEAD~1)")
    diff.add_argument("later", nargs="?", help="the later revision (default: the working tree)")
    diff.add_argument("--option", action="append", default=[], metavar="GAME:NAME=VALUE",
                      help="instead: the working tree under this option default (repeatable); "
                      "the game's records and studies run again, nothing is changed")
    diff.add_argument("--studies", action="store_true", help="run stale studies again "
                      "(without writing their results)")
    diff.add_argument("--workers", type=int, help="local processes for studies (default: "
                      "every core)")
    diff.add_argument("--scheduler", metavar="ADDRESS", help="run studies on this Dask "
                      "cluster instead")
    diff.add_argument("--no-pages", action="store_true", help="do not build the earlier "
                      "edition's books to find the errata's page numbers")
    diff.add_argument("--quiet", "-q", action="store_true", help="only print the summary")
    diff.add_argument("--project", help="the project folder (default: found from here)")
    diff.set_defaults(run=command_diff)
    return main


def main(argv: list[str] | None = None) -> int:
    from .drawing_errors import DEBUG

    args = parser().parse_args(argv)
    before = os.environ.get(DEBUG)
    if args.debug:  # a drawing's error keeps its traceback, in every process of the command
        os.environ[DEBUG] = "1"
    try:
        return run(args)
    finally:  # a caller in the same process (a script, a test) finds it as it was
        if before is None:
            os.environ.pop(DEBUG, None)
        else:
            os.environ[DEBUG] = before


def in_project(message: str, args: argparse.Namespace) -> str:
    """``message`` with the project's files named from its folder (``figures/...``),
    as the build names them, wherever the command was run from."""
    from .build import Project

    try:
        root = Project.find(Path(args.project) if getattr(args, "project", None) else None).root
    except (RulebookError, OSError):
        return message
    return message.replace(str(root) + os.sep, "")


def run(args: argparse.Namespace) -> int:
    """Run the command ``args`` names; a failure is one line on standard error and
    its status (with ``--debug``, the failure itself)."""
    try:
        return args.run(args)
    except RulebookError as error:
        if args.debug:
            raise
        print(f"rulebook: {in_project(str(error), args)}", file=sys.stderr)
        return 2
    except OSError as error:  # a read-only or full disk, a folder that vanished
        if args.debug:
            raise
        where = f"{error.filename}: " if error.filename else ""
        print(f"rulebook: {in_project(where, args)}{error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rulebook: interrupted; no file is left half-written (the previous build, "
              "catalog or result is as it was)", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
