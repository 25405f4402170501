"""``tea-tui ladder``: a round robin of the AI levels, rated on the Elo scale.

    tea-tui ladder --games-per-pair 4 --jobs 2 --seed 1 --json ladder.json
    tea-tui ladder --entrants random,heuristic,mcts:easy,luyu:easy --scale 0.1 --markdown
    tea-tui ladder --from-arena normal_vs_heuristic.json hard_vs_normal.json --markdown

Every pair of entrants (by default every level: random, heuristic, each MCTS level and each Lu
Yu difficulty) plays ``--games-per-pair`` games with seats rotated; the MCTS levels play as their
iteration budgets, times ``--scale``. The table gives each level's Bradley-Terry rating with a
95% interval (:mod:`ai.ladder`) and the points of each pairing. ``--from-arena`` plays nothing
and rates the levels from arena runs' games instead (:mod:`ai.ladder_arenas`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.games import DEFAULT_GAME, game_ids
from tea_tui.cli.arena import add_executor_arguments, open_executor
from tea_tui.cli.common import seed_value
from tea_tui.cli.progress import Progress
from tea_tui.safe_text import clean_lines

if TYPE_CHECKING:
    from ai.ladder import LadderReport
    from core.setup import OptionValue

EXAMPLE = "tea-tui ladder --games-per-pair 4 --scale 0.1 --jobs 2"
"""An example the help text shows."""


def add_ladder_parser(
    commands: Any, common: Callable[[argparse.ArgumentParser], None] | None = None
) -> argparse.ArgumentParser:
    """Add the ``ladder`` command to ``commands`` (a subparsers object) and return its parser."""
    ladder: argparse.ArgumentParser = commands.add_parser(
        "ladder",
        help="rate the AI levels against each other (Elo)",
        description="Play a round robin between AI levels and fit Bradley-Terry ratings on the "
        "Elo scale, with 95%% intervals. MCTS levels play as their iteration budgets, so the "
        "ladder does not depend on the machine's load.",
        epilog=f"Example: {EXAMPLE}",
    )
    if common is not None:
        common(ladder)
    add_ladder_arguments(ladder)
    ladder.set_defaults(ladder_parser=ladder)
    return ladder


def add_ladder_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ladder's own options to ``parser``."""
    parser.add_argument(
        "--entrants",
        metavar="SPECS",
        help="comma-separated seat specs to rate (default: random, heuristic, every MCTS level "
        "and every level of the game's automa, such as luyu:easy to luyu:expert)",
    )
    parser.add_argument(
        "--games-per-pair",
        type=int,
        default=2,
        metavar="N",
        help="games of each pairing (default 2: one deal in both seatings)",
    )
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        metavar="F",
        help="multiply the MCTS levels' iterations by F, for a quick ladder (default 1)",
    )
    parser.add_argument(
        "--anchor",
        default="heuristic",
        metavar="SPEC",
        help="the entrant rated 0 (default heuristic, else the first)",
    )
    parser.add_argument(
        "--bootstrap",
        type=int,
        default=0,
        metavar="N",
        help="95%% intervals from N resamples of the games instead of the curvature of the "
        "likelihood (default 0: curvature)",
    )
    parser.add_argument("--seed", type=seed_value, default=1, help="seed of the deals (default 1)")
    parser.add_argument(
        "--puerh", action="store_true", help="play with the Puerh - The Noble Court expansion"
    )
    parser.add_argument(
        "--game",
        choices=game_ids(),
        default=DEFAULT_GAME,
        help="the game, by id (default tea_garden; tasting is the tiny test game)",
    )
    add_executor_arguments(parser)
    parser.add_argument(
        "--json", metavar="FILE", help="also write the ladder and its games to FILE"
    )
    parser.add_argument(
        "--markdown", action="store_true", help="print the tables in Markdown (for docs)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not report each game")
    parser.add_argument(
        "--refit",
        metavar="FILE",
        help="play nothing: fit the games of a ladder's JSON file again (with --anchor and "
        "--bootstrap) and print its tables (with --json, write the new fit)",
    )
    parser.add_argument(
        "--from-arena",
        nargs="+",
        metavar="FILE",
        help="play nothing: rate the levels from the games of arena runs (their --json files; "
        "2 seats each, one game and its options); runs of the same two levels are pooled",
    )


def run_ladder_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the ladder the arguments describe; return the exit status."""
    parser = getattr(args, "ladder_parser", parser)

    from ai.executors import ExecutorError
    from ai.ladder import (
        LadderConfig,
        LadderGame,
        default_labels,
        entrant,
        level_evaluation_of,
        level_tree_of,
        pairings,
        run_ladder,
    )

    if args.scale <= 0:
        parser.error(f"--scale must be positive, not {args.scale}")
    if args.bootstrap < 0:
        parser.error(f"--bootstrap must be 0 or more, not {args.bootstrap}")
    if args.refit and args.from_arena:
        parser.error("give --refit or --from-arena, not both")
    if args.refit:
        return refit(parser, args)
    if args.from_arena:
        return from_arenas(parser, args)
    if args.entrants:
        labels = tuple(s.strip() for s in args.entrants.split(",") if s.strip())
    else:
        labels = default_labels(args.game)
    options: dict[str, OptionValue] = {"puerh": True} if args.puerh else {}
    try:
        evaluation = level_evaluation_of(args.game, options)
        tree = level_tree_of(args.game, options)
        config = LadderConfig(
            entrants=tuple(entrant(label, args.scale, evaluation, tree) for label in labels),
            games_per_pair=args.games_per_pair,
            seed=args.seed,
            game=args.game,
            options=options,
            anchor=args.anchor,
            scale=args.scale,
        )
    except ValueError as exc:
        parser.error(str(exc))
    components = None
    path = getattr(args, "components", None)
    if path is not None:
        from tea_tui.cli.common import CliError, load_component_set

        try:
            components = load_component_set(parser, path, game=args.game)
        except CliError as exc:
            print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
            return 2
    names = [e.label for e in config.entrants]
    pairs = pairings(config)
    total = len(pairs) * config.games_per_pair
    executor = open_executor(parser, args)
    if executor is None:
        return 1
    progress = Progress(total, sys.stderr, bar=False if args.quiet else None)

    def finished(game: LadderGame, done: int, total: int) -> None:
        if args.quiet:
            return
        r = game.record
        who = [names[pairs[game.pairing][agent]] for agent in r.agents]
        result = ", ".join(f"{w} {s}" for w, s in zip(who, r.scores, strict=True))
        progress.advance(f"game {done}/{total}: {result}")

    try:
        with executor, progress:
            report = run_ladder(
                config,
                executor=executor,
                on_game=finished,
                components=components,
                bootstrap_rounds=args.bootstrap,
            )
    except ValueError as exc:
        parser.error(str(exc))
    except ExecutorError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("tea-tui: ladder interrupted", file=sys.stderr)
        return 130
    return show(report, args)


def show(report: LadderReport, args: argparse.Namespace) -> int:
    """Print the ladder's tables and, with ``--json``, write it; return the exit status."""
    import msgspec

    from ai.ladder import format_ladder

    print(format_ladder(report, markdown=args.markdown))
    if args.json:
        try:
            Path(args.json).write_bytes(msgspec.json.format(msgspec.json.encode(report), indent=2))
        except OSError as exc:
            print(f"tea-tui: cannot write {args.json!r}: {exc}", file=sys.stderr)
            return 1
        print(f"results written to {args.json}")
    return 0


def refit(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Print the tables of a ladder's JSON file, fitted again with ``--anchor`` and
    ``--bootstrap``; return the exit status."""
    import msgspec

    from ai.ladder import LadderReport, fit_ladder

    try:
        old = msgspec.json.decode(Path(args.refit).read_bytes(), type=LadderReport)
    except (OSError, msgspec.DecodeError) as exc:
        print(f"tea-tui: cannot read the ladder {args.refit!r}: {exc}", file=sys.stderr)
        return 1
    config = msgspec.structs.replace(old.config, anchor=args.anchor)
    try:
        standings, method = fit_ladder(config, old.pairs, old.games, args.bootstrap)
    except ValueError as exc:
        parser.error(str(exc))
    report = msgspec.structs.replace(old, config=config, standings=standings, method=method)
    return show(report, args)


def from_arenas(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Print (and with ``--json`` write) the ladder of arena runs' games; return the exit
    status."""
    import msgspec

    from ai.arena import ArenaReport
    from ai.ladder_arenas import ladder_from_arenas

    runs: list[tuple[str, ArenaReport]] = []
    for path in args.from_arena:
        try:
            runs.append(
                (Path(path).name, msgspec.json.decode(Path(path).read_bytes(), type=ArenaReport))
            )
        except (OSError, msgspec.DecodeError) as exc:
            print(
                f"tea-tui: cannot read the arena results {clean_lines(repr(path))}: "
                f"{clean_lines(str(exc))}",
                file=sys.stderr,
            )
            return 1
    try:
        report = ladder_from_arenas(runs, anchor=args.anchor, bootstrap_rounds=args.bootstrap)
    except ValueError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return 2
    return show(report, args)


def main(argv: list[str] | None = None) -> int:
    """Run ``ladder`` on its own (``python -m tea_tui.cli.ladder ...``)."""
    parser = argparse.ArgumentParser(prog="tea-tui ladder", description="AI rating ladder")
    add_ladder_arguments(parser)
    return run_ladder_command(parser, parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
