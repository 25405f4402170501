"""``tea-tui arena``: headless games between AI seat specs, with win rates and score statistics.

    tea-tui arena --seats mcts:normal,heuristic --games 40 --jobs 2 --seed 1 --json out.json
    tea-tui arena --seats mcts:normal,heuristic --games 400 --cluster tcp://scheduler:8786

Agents change seats every game and every deal is played once in each seating (see
:mod:`ai.arena`). The table shows each agent's wins, win rate with a 95% confidence interval,
mean score with its spread, mean thinking time per move (moves with a choice) and the mean points
per scoring category; ``--json`` also writes every game, after each one, and ``--resume`` goes on
from such a file. ``--cluster`` runs the games on a Dask cluster (:mod:`ai.executors`) with the
same results; on a terminal a progress bar shows the time left.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.games import DEFAULT_GAME, game_ids
from tea_tui.cli.common import seed_value
from tea_tui.cli.progress import Progress
from tea_tui.safe_text import clean_lines

if TYPE_CHECKING:
    from ai.arena import ArenaReport
    from ai.executors import Executor

EXAMPLE = "tea-tui arena --seats mcts:normal,heuristic --games 20 --jobs 2"
"""An example the help text shows."""


def add_arena_parser(
    commands: Any, common: Callable[[argparse.ArgumentParser], None] | None = None
) -> argparse.ArgumentParser:
    """Add the ``arena`` command to ``commands`` (a subparsers object) and return its parser."""
    arena: argparse.ArgumentParser = commands.add_parser(
        "arena",
        help="play AI players against each other and compare them",
        description="Play headless games between AI seat specs and report win rates (with 95% "
        "confidence intervals), scores, points per category and time per move. Seats rotate "
        "and every deal is played in each seating.",
        epilog=f"Example: {EXAMPLE}",
    )
    if common is not None:
        common(arena)
    add_arena_arguments(arena)
    arena.set_defaults(arena_parser=arena)  # so that errors show the arena's own usage
    return arena


def add_arena_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arena's own options to ``parser``."""
    parser.add_argument(
        "--seats",
        required=True,
        metavar="SPECS",
        help="comma-separated seat specs, one per seat (2-4): random, heuristic, mcts:easy, "
        "mcts:normal, mcts:hard, mcts:expert, mcts:iters=N, mcts:time=SECONDS; for the solo "
        "game, one AI against luyu:easy, luyu:medium, luyu:hard or luyu:expert; with the "
        "openspiel extra, openspiel-ismcts:time=S or openspiel-mcts:iters=N",
    )
    parser.add_argument(
        "--puerh",
        action="store_true",
        help="play with the Puerh - The Noble Court expansion",
    )
    parser.add_argument(
        "--games", type=int, default=20, metavar="N", help="games to play (default 20)"
    )
    parser.add_argument("--seed", type=seed_value, default=1, help="seed of the deals (default 1)")
    add_executor_arguments(parser)
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="also write the results as JSON to FILE, kept up to date after every game so "
        "that a stopped run loses nothing",
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        help="keep the games of an earlier run's --json FILE (same seats, seed and game) and "
        "play only the rest; with a larger --games, play more of the same deals; the results "
        "go back to FILE unless --json names another",
    )
    parser.add_argument(
        "--game",
        choices=game_ids(),
        default=DEFAULT_GAME,
        help="the game, by id (default tea_garden; tasting is the tiny test game)",
    )
    parser.add_argument(
        "--quiet", action="store_true", help="do not report each game as it finishes"
    )
    parser.add_argument(
        "--processes",
        action="store_true",
        help="let each searching seat think in its own processes, as in the app (the trees "
        "of trees=K at once), to time turns as players meet them; one game at a time",
    )


def add_executor_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--jobs``, ``--cluster`` and ``--cluster-timeout`` (where the games run)."""
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="games played at once on this machine (default 1); with --cluster local, the "
        "number of worker processes",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="run the games on a Dask cluster: a scheduler address such as tcp://host:8786, "
        "or 'local' to start one on this machine (needs pip install 'tea-tui[cluster]'; the "
        "workers need tea-tui too); the results are those of a local run",
    )
    parser.add_argument(
        "--cluster-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="how long to wait for the cluster's scheduler (default 10)",
    )


def open_executor(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Executor | None:
    """Return the executor ``--jobs`` and ``--cluster`` ask for, or print why there is none
    (a missing extra, a cluster that does not answer) and return None."""
    from ai.executors import ExecutorError, make_executor

    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    try:
        return make_executor(args.jobs, cluster=args.cluster, timeout=args.cluster_timeout)
    except ExecutorError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return None


def run_arena_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the arena the arguments describe; return the exit status."""
    parser = getattr(args, "arena_parser", parser)
    import msgspec

    from ai.arena import (
        ArenaConfig,
        GameRecord,
        build_report,
        format_report,
        labels,
        report_json,
        resumed_games,
        run_arena,
    )
    from ai.executors import ExecutorError

    seats = tuple(s.strip() for s in args.seats.split(",") if s.strip())
    try:
        config = ArenaConfig(
            seats=seats,
            games=args.games,
            seed=args.seed,
            game=args.game,
            puerh=args.puerh,
            processes=args.processes,
        )
    except ValueError as exc:
        parser.error(str(exc))
    if args.processes and (args.jobs != 1 or args.cluster):
        parser.error("--processes plays one game at a time here: leave out --jobs and --cluster")
    components = None
    path = getattr(args, "components", None)
    if path is not None:
        from tea_tui.cli.common import CliError, load_component_set

        try:
            components = load_component_set(parser, path, game=args.game)
        except CliError as exc:
            print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
            return 2
    done: tuple[GameRecord, ...] = ()
    before = 0.0
    if args.resume:
        try:
            earlier = read_report(args.resume)
            done, before = resumed_games(config, earlier), earlier.seconds
        except (OSError, ValueError) as exc:
            print(
                f"tea-tui: cannot resume from {args.resume!r}: {clean_lines(str(exc))}",
                file=sys.stderr,
            )
            return 1
    out = args.json or args.resume
    names = labels(seats)
    executor = open_executor(parser, args)
    if executor is None:
        return 1
    progress = Progress(config.games - len(done), sys.stderr, bar=False if args.quiet else None)
    records = list(done)
    start = time.perf_counter()

    def finished(record: GameRecord, count: int) -> None:
        records.append(record)
        if out:  # after every game, so that a stopped run keeps what it played
            partial = build_report(
                config,
                records,
                before + time.perf_counter() - start,
                args.jobs,
                "so far",
                components,
            )
            write_report(out, report_json(partial))
        if args.quiet:
            return
        result = ", ".join(
            f"{names[a]} {score}" for a, score in zip(record.agents, record.scores, strict=True)
        )
        progress.advance(f"game {count}/{config.games} (#{record.index + 1}): {result}")

    try:
        with executor, progress:
            report = run_arena(
                config, on_game=finished, components=components, executor=executor, done=done
            )
    except ValueError as exc:
        parser.error(str(exc))
    except ExecutorError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"tea-tui: cannot write {out!r}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        kept = f"; {len(records)} games kept in {out} (go on with --resume {out})" if out else ""
        print(f"tea-tui: arena interrupted{kept}", file=sys.stderr)
        return 130
    if before:
        report = msgspec.structs.replace(report, seconds=before + report.seconds)
    print(format_report(report))
    if out:
        try:
            write_report(out, report_json(report))
        except OSError as exc:
            print(f"tea-tui: cannot write {out!r}: {exc}", file=sys.stderr)
            return 1
        print(f"results written to {out}")
    return 0


def read_report(path: str) -> ArenaReport:
    """Read an arena run's ``--json`` file.

    Raises:
        OSError: if it cannot be read.
        ValueError: if it is not an arena report.
    """
    import msgspec

    from ai.arena import ArenaReport

    try:
        return msgspec.json.decode(Path(path).read_bytes(), type=ArenaReport)
    except msgspec.DecodeError as exc:
        raise ValueError(f"not the results of an arena run: {exc}") from None


def write_report(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (:func:`saves.atomic.write_atomic`): a
    stop mid-write keeps the old file.

    Raises:
        OSError: if it cannot be written.
    """
    from saves.atomic import write_atomic
    from saves.errors import SaveError

    try:
        write_atomic(Path(path), data)
    except SaveError as exc:
        raise OSError(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    """Run ``arena`` on its own (``python -m tea_tui.cli.arena ...``)."""
    parser = argparse.ArgumentParser(prog="tea-tui arena", description="AI arena")
    add_arena_arguments(parser)
    return run_arena_command(parser, parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
