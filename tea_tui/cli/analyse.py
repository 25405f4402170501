"""``tea-tui analyse NAME``: the costliest decisions of a saved game, according to the MCTS.

    tea-tui analyse mine [--game G] [--iters N] [--seat K] [--top T] [--jobs J]

The save is loaded and checked as ``replay`` does (a missing or damaged save: status 1), then
:func:`tea_tui.analysis.analyse_game` searches every decision of the people's seats (or of seat
K) and the report (:func:`tea_tui.analysis.format_report`) is printed as plain lines, without
colour or layout, so that a screen reader reads it as it reads the plain mode. Progress goes to
stderr when stderr is a terminal. ``analyze`` is accepted too.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from core.games import game_ids
from tea_tui.analysis import (
    DEFAULT_ITERATIONS,
    MIN_ITERATIONS,
    TOP,
    analyse_game,
    format_report,
)
from tea_tui.safe_text import clean_lines

__all__ = ["add_analyse_parser", "format_report", "run_analyse"]

EXAMPLE = "tea-tui analyse autosave --iters 400 --top 3"
"""An example the help text shows."""


def _at_least(low: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        return value

    return parse


def add_analyse_parser(
    commands: Any, common: Callable[[argparse.ArgumentParser], None] | None = None
) -> argparse.ArgumentParser:
    """Add ``analyse`` (alias ``analyze``) to ``commands`` (a subparsers object)."""
    analyse: argparse.ArgumentParser = commands.add_parser(
        "analyse",
        aliases=["analyze"],
        help="find the costliest decisions of a saved game, by the MCTS",
        description="Replay a saved game and let the MCTS search every decision of the people "
        "at the table (or of one seat), from what that seat could see. The report names the "
        "decisions that gave up the most, in VP of expected final margin and in win chance, "
        "and how often each seat chose as the search would. The figures are estimates.",
        epilog=f"Example: {EXAMPLE}",
    )
    if common is not None:
        common(analyse)
    analyse.add_argument("name", metavar="NAME", help="the save's name, or 'autosave'")
    analyse.add_argument(
        "--game",
        choices=game_ids(),
        default=None,
        help="the game the save must be (a save names its own game; with --components, the "
        "game the file is for; default: any game, Tea Garden's components)",
    )
    analyse.add_argument(
        "--iters",
        type=_at_least(MIN_ITERATIONS),
        default=DEFAULT_ITERATIONS,
        metavar="N",
        help=f"search iterations per decision (default {DEFAULT_ITERATIONS}; more is steadier "
        "and slower)",
    )
    analyse.add_argument(
        "--seat",
        type=_at_least(1),
        metavar="K",
        help="analyse seat K only (1 is the first seat), whoever played it; "
        "default: every seat played by a person",
    )
    analyse.add_argument(
        "--top",
        type=_at_least(1),
        default=TOP,
        metavar="T",
        help=f"how many of the costliest decisions to show (default {TOP})",
    )
    analyse.add_argument(
        "--jobs",
        type=_at_least(1),
        default=1,
        metavar="J",
        help="share the searches among J processes (default 1); the report is the same",
    )
    analyse.set_defaults(analyse_parser=analyse)  # so that errors show this command's usage
    return analyse


def run_analyse(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run ``analyse NAME``; return the exit status."""
    parser = getattr(args, "analyse_parser", parser)
    from saves import SaveError, SaveStore, resolve_paths
    from tea_tui.cli.play import components_of

    components = components_of(parser, args)
    store = SaveStore(resolve_paths(getattr(args, "data_dir", None)), components=components)
    try:
        loaded = store.load(args.name)
    except SaveError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return 1
    game = loaded.save.setup.game
    if args.game is not None and game != args.game:
        from core.games import game_name

        print(
            f"tea-tui: {clean_lines(args.name)!r} is a game of {game_name(game)}, not of "
            f"{game_name(args.game)}",
            file=sys.stderr,
        )
        return 1
    seats = None
    if args.seat is not None:
        count = len(loaded.save.setup.seats)
        if args.seat > count:
            parser.error(f"--seat {args.seat}: this game has {count} seats")
        seats = [args.seat - 1]
    show = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\rdecision {done}/{total}", end="", file=sys.stderr, flush=True)

    try:
        report = analyse_game(
            loaded, iterations=args.iters, seats=seats, jobs=args.jobs, on_progress=progress
        )
    except KeyboardInterrupt:
        print("\ntea-tui: analysis interrupted", file=sys.stderr)
        return 130
    if show:
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr, flush=True)
    print(format_report(report, args.top))
    return 0
