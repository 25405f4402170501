"""``tea-tui analyse NAME``: the costliest decisions of a saved game, according to the MCTS.

    tea-tui analyse mine [--iters N] [--seat K] [--top T] [--jobs J]

The save is loaded and checked as ``replay`` does (a missing or damaged save: status 1), then
:func:`tea_tui.analysis.analyse_game` searches every decision of the people's seats (or of seat
K) and the report is printed as plain lines, without colour or layout, so that a screen reader
reads it as it reads the plain mode. Progress goes to stderr when stderr is a terminal.
``analyze`` is accepted too.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tea_tui.analysis import (
    DEFAULT_ITERATIONS,
    MIN_ITERATIONS,
    TOP,
    Decision,
    Report,
    analyse_game,
)

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
    from tea_tui.play_cmd import components_of

    components = components_of(parser, args)
    store = SaveStore(resolve_paths(getattr(args, "data_dir", None)), components=components)
    try:
        loaded = store.load(args.name)
    except SaveError as exc:
        print(f"tea-tui: {exc}", file=sys.stderr)
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


# --- the report ------------------------------------------------------------------------------


def format_report(report: Report, top: int = TOP) -> str:
    """Return the report as plain lines: the header, the costliest decisions, each seat."""
    lines = _header(report)
    if not report.analysed_seats:
        lines.append("")
        lines.append("No seat to analyse: no seat is played by a person. Choose one with --seat K.")
        return "\n".join(lines)
    costly = report.costliest(top)
    lines.append("")
    if not report.decisions:
        lines.append("No decision to analyse: there was never more than one legal move.")
    elif not costly:
        lines.append(
            "No decision gave up anything by this search: every move played was as good "
            "as its first choice."
        )
    else:
        many = len(costly) > 1
        lines.append(
            f"The {len(costly)} costliest decisions:" if many else "The costliest decision:"
        )
        for rank, decision in enumerate(costly, start=1):
            lines.extend(_decision_lines(rank, decision, report.names))
    lines.append("")
    lines.append("Per seat:")
    lines.extend(_seat_lines(report))
    return "\n".join(lines)


def _header(report: Report) -> list[str]:
    status = "finished" if report.finished else "not finished"
    players = _count(len(report.seats), "player")
    seats = "; ".join(f"{i + 1}. {text}" for i, text in enumerate(report.seats))
    who = _and([report.names[s] for s in report.analysed_seats]) or "no seat"
    n = report.iterations
    return [
        f'Analysis of "{report.name}": {report.game}, {players}, seed {report.seed}, '
        f"{_count(report.moves, 'move')}, {status}.",
        f"Seats: {seats}.",
        f"Analysed: {_count(len(report.decisions), 'decision')} of {who} with more than one "
        f"legal move, {n} search iterations each.",
        f"Time: {report.seconds:.1f} seconds.",
        f"These are estimates of an MCTS search of {n} iterations per decision, made from",
        "what the seat could see at the time; another --iters gives somewhat other figures.",
    ]


def _decision_lines(rank: int, d: Decision, names: Sequence[str]) -> list[str]:
    where = f"Round {d.round}, {d.turn}, " if d.round is not None else ""
    m = d.measured
    cost = d.cost_vp
    if cost is None:
        size = f"{d.chance_lost:.0%} of win chance"
    else:
        size = f"{cost:.1f} VP of final margin"
    lines = [
        f"{rank}. {where}move {d.index + 1}: {names[d.seat]}, {_count(d.choices, 'legal move')}.",
        f"   Played: {d.played}",
        f"   The search preferred: {d.best}",
        f"   Estimated cost: {size}; win chance {_chance(m.played_chance)} as played, "
        f"{_chance(m.best_chance)} with the search's choice.",
    ]
    if m.rechecked:
        lines.append("   (The move played was searched again beside the preferred one.)")
    return lines


def _seat_lines(report: Report) -> list[str]:
    lines = []
    for seat in report.analysed_seats:
        mine = [d for d in report.decisions if d.seat == seat]
        matched = sum(1 for d in mine if d.measured.matched)
        if report.spread is not None:
            total = f"total estimated cost {sum(d.cost_vp or 0.0 for d in mine):.1f} VP"
        else:
            total = f"win chance given up {sum(d.chance_lost for d in mine):.0%} in all"
        lines.append(
            f"  {report.names[seat]}: {_count(len(mine), 'decision')} analysed, {matched} "
            f"matched the search's first choice, {total}."
        )
    return lines


def _chance(p: float) -> str:
    if 0 < p < 0.005:
        return "under 1%"
    if 0.995 < p < 1:
        return "over 99%"
    return f"{p:.0%}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
