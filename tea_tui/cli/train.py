"""``tea-tui train``: learn an evaluation from self-play, or measure how well win chances hold.

    tea-tui train --game tea_garden --players 2 --games 400 --seed 1 --jobs 2
    tea-tui train --calibration --games 10 --seed 101 --iters 1800

The first records seeded games between ``--seats`` (the arena's seating and deals, on this
machine or a Dask cluster), fits the models of :mod:`ai.learn.fit` (numpy: the ``train`` extra)
and writes the weights with their recipe to the game's data folder, where ``mcts:eval=learned``
and the hints' win chances find them; the same arguments give the same file (``--td-lambda``
and ``--anchor`` refine the margin model, :mod:`ai.learn.td`; ``--tune`` learns it by self-play
instead, :mod:`tea_tui.cli.train_tune`). The second plays
held-out seeded games and, every few turns of each seat, runs the search a hint runs, then
prints a reliability table (per 10-point bucket: the chance shown against the rate won) and the
Brier score (:mod:`ai.learn.calibration`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from core.games import DEFAULT_GAME, game_ids
from tea_tui.cli.arena import add_executor_arguments, open_executor
from tea_tui.cli.common import seed_value
from tea_tui.cli.progress import Progress
from tea_tui.cli.train_tune import DEFAULT_TUNE_SEAT, add_tune_arguments, tuned_margin
from tea_tui.safe_text import clean_lines

EXAMPLE = "tea-tui train --game tea_garden --players 2 --games 400 --jobs 2"
DEFAULT_SEATS = "mcts:iters=100,heuristic"
"""The agents of the shipped 2-player weights; with more players, heuristics fill the seats."""


def add_train_parser(
    commands: Any, common: Callable[[argparse.ArgumentParser], None] | None = None
) -> argparse.ArgumentParser:
    """Add the ``train`` command to ``commands`` (a subparsers object) and return its parser."""
    train: argparse.ArgumentParser = commands.add_parser(
        "train",
        help="learn an evaluation from self-play, or measure the win chances' calibration",
        description="Record seeded self-play games and fit the learned evaluation (needs "
        "pip install 'tea-tui[train]'), writing the weights and their recipe to the game's "
        "data folder; with --tune, learn its margin model first from what it wins in "
        "self-play; with --calibration, measure the win chances hints show on held-out "
        "games instead.",
        epilog=f"Example: {EXAMPLE}",
    )
    if common is not None:
        common(train)
    add_train_arguments(train)
    train.set_defaults(train_parser=train)
    return train


def add_train_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's own options to ``parser``."""
    parser.add_argument("--game", choices=game_ids(), default=DEFAULT_GAME, help="the game")
    parser.add_argument("--players", type=int, default=2, metavar="N", help="seats (default 2)")
    parser.add_argument("--puerh", action="store_true", help="with the Puerh expansion")
    parser.add_argument(
        "--seats",
        metavar="SPECS",
        help=f"comma-separated seat specs of the games (default {DEFAULT_SEATS}, heuristics "
        "filling further seats)",
    )
    parser.add_argument("--games", type=int, default=400, metavar="N", help="games to play")
    parser.add_argument("--seed", type=seed_value, default=1, help="seed of the deals")
    parser.add_argument(
        "--held-out",
        type=int,
        default=5,
        metavar="K",
        help="keep every K-th deal out of the fit and measure on it (default 5; 0: none)",
    )
    parser.add_argument(
        "--td-lambda",
        type=_unit,
        default=1.0,
        metavar="L",
        help="refine the margin model by fitted TD(L) on its own predictions at each seat's "
        "later positions (default 1: fit the final margins only)",
    )
    parser.add_argument(
        "--td-sweeps",
        type=int,
        default=5,
        metavar="N",
        help="(--td-lambda) rounds of least squares after the plain fit (default 5)",
    )
    parser.add_argument(
        "--anchor",
        action="store_true",
        help="fit the margin as the hand-tuned evaluation plus corrections",
    )
    parser.add_argument(
        "--margin-l2",
        type=float,
        default=None,
        metavar="X",
        help="ridge penalty of the margin fit, on standardized weights (of the corrections, "
        "with --anchor; default 0.001)",
    )
    parser.add_argument("--out", metavar="FILE", help="where to write the weights")
    parser.add_argument("--save-records", metavar="FILE", help="also keep the recorded games")
    parser.add_argument(
        "--cross-validate",
        type=int,
        metavar="K",
        help="write no weights: fit the win model and the hint chance map K times, each with "
        "another 1/K of the deals held out, and print the pooled held-out reliability",
    )
    parser.add_argument(
        "--records", metavar="FILE", help="fit games recorded before instead of playing"
    )
    parser.add_argument(
        "--calibration",
        action="store_true",
        help="measure the hints' win chances on these games instead of training",
    )
    parser.add_argument(
        "--iters",
        type=int,
        default=1800,
        metavar="N",
        help="(--calibration) iterations of each hint search (default 1800, as hints)",
    )
    parser.add_argument(
        "--every",
        type=int,
        default=3,
        metavar="K",
        help="(--calibration) measure every K-th turn of each seat (default 3)",
    )
    parser.add_argument(
        "--eval",
        choices=("hand", "learned"),
        default=None,
        help="(--calibration) the evaluation of the hint search (default: the one the game's "
        "levels and hints search with at this table)",
    )
    parser.add_argument(
        "--fit-scale",
        action="store_true",
        help="(--calibration) fit the map from the chance model to what these games showed and "
        "write it into the weights file (--out, else the shipped one): use training seeds, "
        "then measure on others",
    )
    parser.add_argument(
        "--points",
        nargs="+",
        metavar="FILE",
        help="(--calibration) pool the points of earlier --json files instead of playing",
    )
    parser.add_argument(
        "--json", metavar="FILE", help="(--calibration) also write every measured point to FILE"
    )
    parser.add_argument("--quiet", action="store_true", help="do not report each game")
    add_tune_arguments(parser)
    add_executor_arguments(parser)


def _unit(text: str) -> float:
    """A number in [0, 1] (argparse type)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, not {text}")
    return value


def _seats(args: argparse.Namespace) -> tuple[str, ...]:
    if args.seats:
        return tuple(s.strip() for s in args.seats.split(",") if s.strip())
    first, second = DEFAULT_SEATS.split(",")
    return (first, *([second] * (args.players - 1)))


def _config(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Any:
    from ai.arena import ArenaConfig

    seats = _seats(args)
    if len(seats) != args.players:
        parser.error(f"{len(seats)} seat specs for {args.players} players")
    try:
        return ArenaConfig(
            seats=seats, games=args.games, seed=args.seed, game=args.game, puerh=args.puerh
        )
    except ValueError as exc:
        parser.error(str(exc))


def default_out(game: str, variant: str) -> Path:
    """The game's shipped weights file for ``variant`` (in the source tree of this install)."""
    from importlib import resources

    from ai.learn.model import weights_name

    return Path(str(resources.files(f"ai.{game}"))) / "data" / weights_name(variant)


def run_train_command(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Train or measure as the arguments say; return the exit status."""
    parser = getattr(args, "train_parser", parser)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    config = _config(parser, args)
    try:
        if args.calibration:
            return _calibration(parser, args, config)
        return _train(parser, args, config)
    except ValueError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        if exc.name != "numpy":
            raise
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("tea-tui: interrupted", file=sys.stderr)
        return 130


def _record(parser: argparse.ArgumentParser, args: argparse.Namespace, config: Any) -> Any:
    import msgspec

    from ai.learn.record import RecordedGame, record_games

    if args.records:
        try:
            data = Path(args.records).read_bytes()
            return msgspec.msgpack.decode(data, type=list[RecordedGame])
        except (OSError, msgspec.DecodeError) as exc:
            raise ValueError(f"cannot read the records {args.records!r}: {exc}") from None
    executor = open_executor(parser, args)
    if executor is None:
        return None
    progress = Progress(config.games, sys.stderr, bar=False if args.quiet else None)

    def finished(recorded: RecordedGame, done: int) -> None:
        if not args.quiet:
            progress.advance(f"game {done}/{config.games}: {len(recorded.positions)} positions")

    with executor, progress:
        games = record_games(config, executor, on_game=finished)
    if args.save_records:
        Path(args.save_records).write_bytes(msgspec.msgpack.encode(games))
    return games


def _train(parser: argparse.ArgumentParser, args: argparse.Namespace, config: Any) -> int:
    from ai.arena import seated_game
    from ai.learn.calibration import format_reliability
    from ai.learn.fit import fit_weights
    from ai.learn.record import game_features

    game = seated_game(config, config.seats)
    features = game_features(game)
    variant = features.variant(game)
    if variant is None:
        raise ValueError("this setup has no learned evaluation (e.g. against an automa)")
    from ai.learn.regression import numpy_module

    numpy_module()  # fail before playing, not after
    settings = _margin_fit(args, features)
    tuned = None
    if args.tune:
        if settings.refined or args.margin_l2 is not None:
            raise ValueError(
                "--tune learns the margin model itself: no --td-lambda, --anchor or --margin-l2"
            )
        tuned = tuned_margin(parser, args, features)
        if tuned is None:
            return 1
        settings = replace(settings, given=tuned[0])
    games = _record(parser, args, config)
    if games is None:
        return 1
    recipe: dict[str, object] = {
        "command": _command(args),
        "game": args.game,
        "players": args.players,
        "puerh": args.puerh,
        "seats": list(config.seats),
        "games": config.games,
        "seed": config.seed,
        "held_out": args.held_out,
        "features_version": features.version,
    }
    if tuned is not None:
        recipe["margin_tune"] = tuned[1]
    elif settings.refined or args.margin_l2 is not None:
        recipe["margin_fit"] = {
            "td_lambda": settings.td_lambda,
            "td_sweeps": settings.td_sweeps if settings.td_lambda < 1 else 0,
            "anchor": "hand" if settings.anchor is not None else None,
            "l2": settings.l2,
        }
    if args.cross_validate is not None:
        from ai.learn.fit import cross_validated

        pooled = cross_validated(games, args.cross_validate)
        for name, table in pooled.items():
            title = f"{args.cross_validate}-fold cross-validation, pooled held-out {name}:"
            print(format_reliability(table, title))
        return 0
    data, tables = fit_weights(
        games, features, variant, args.players, recipe, args.held_out, settings
    )
    out = Path(args.out) if args.out else default_out(args.game, variant)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"weights written to {out}")
    print(json.dumps(data["fit"]))
    for name, table in tables.items():
        print(format_reliability(table, f"held-out positions, {name}:"))
    return 0


def _margin_fit(args: argparse.Namespace, features: Any) -> Any:
    """How the arguments ask the margin model to be fitted.

    Raises:
        ValueError: for --anchor on a game whose hand-tuned margin is not in its features, or
            a negative count or penalty.
    """
    from ai.learn.fit import MarginFit
    from ai.learn.model import Linear
    from ai.learn.regression import L2

    if args.td_sweeps < 0 or (args.margin_l2 is not None and args.margin_l2 < 0):
        raise ValueError("--td-sweeps and --margin-l2 must not be negative")
    anchor = None
    if args.anchor:
        if features.hand_margin is None:
            raise ValueError(f"{args.game} gives no hand-tuned margin to anchor on")
        anchor = Linear(0.0, tuple(features.hand_margin))
    l2 = L2 if args.margin_l2 is None else args.margin_l2
    return MarginFit(td_lambda=args.td_lambda, td_sweeps=args.td_sweeps, anchor=anchor, l2=l2)


def _command(args: argparse.Namespace) -> str:
    """The command line that reproduces the weights."""
    words = ["tea-tui", "train", "--game", args.game, "--players", str(args.players)]
    if args.puerh:
        words.append("--puerh")
    if args.seats:
        words += ["--seats", args.seats]
    words += ["--games", str(args.games), "--seed", str(args.seed)]
    words += ["--held-out", str(args.held_out)]
    if args.td_lambda != 1.0:
        words += ["--td-lambda", f"{args.td_lambda:g}", "--td-sweeps", str(args.td_sweeps)]
    if args.anchor:
        words.append("--anchor")
    if args.margin_l2 is not None:
        words += ["--margin-l2", f"{args.margin_l2:g}"]
    if args.tune:
        words += ["--tune", str(args.tune), "--tune-batch", str(args.tune_batch)]
        if args.tune_seat != DEFAULT_TUNE_SEAT:
            words += ["--tune-seat", args.tune_seat]
    return " ".join(words)


def _calibration(parser: argparse.ArgumentParser, args: argparse.Namespace, config: Any) -> int:
    from ai.base import Budget
    from ai.learn.calibration import format_reliability, measure_hints, reliability

    if args.iters < 1 or args.every < 1:
        parser.error("--iters and --every must be at least 1")
    if args.eval is None:  # as the app's hints search
        from ai.arena import seated_game
        from ai.knowledge import level_evaluation

        args.eval = level_evaluation(seated_game(config, config.seats))
    if args.points:
        points = _read_points(args.points)
        title = f"hint win chances pooled from {', '.join(args.points)}:"
    else:
        executor = open_executor(parser, args)
        if executor is None:
            return 1
        progress = Progress(config.games, sys.stderr, bar=False if args.quiet else None)

        def finished(done: int) -> None:
            if not args.quiet:
                progress.advance(f"game {done}/{config.games}")

        with executor, progress:
            points = measure_hints(
                config,
                Budget(iterations=args.iters),
                every=args.every,
                evaluation=args.eval,
                executor=executor,
                on_game=finished,
            )
        title = (
            f"hint win chances ({args.eval} evaluation, {args.iters} iterations, every "
            f"{args.every} turns), {config.games} games of {', '.join(config.seats)}, seed "
            f"{config.seed}:"
        )
    table = reliability([p.chance for p in points], [p.won for p in points])
    share = 1 / args.players  # the chance of a seat that knows nothing of the game
    base = sum((share - p.won) ** 2 for p in points) / max(1, len(points))
    print(format_reliability(table, title))
    gap = table.worst_gap() * 100
    print(f"(always {share:.0%}: Brier {base:.4f}; worst bucket gap {gap:.1f} points)")
    if args.fit_scale:
        _fit_scale(args, config, [p.chance for p in points], [p.won for p in points])
    if args.json:
        import msgspec

        try:
            Path(args.json).write_bytes(msgspec.json.encode(points))
        except OSError as exc:
            print(f"tea-tui: cannot write {args.json!r}: {exc}", file=sys.stderr)
            return 1
    return 0


def _read_points(paths: list[str]) -> list[Any]:
    """The measured points of earlier ``--json`` files, in order.

    Raises:
        ValueError: for a file that cannot be read or is not such a list.
    """
    import msgspec

    from ai.learn.calibration import ChancePoint

    points: list[ChancePoint] = []
    for path in paths:
        try:
            points += msgspec.json.decode(Path(path).read_bytes(), type=list[ChancePoint])
        except (OSError, msgspec.DecodeError) as exc:
            raise ValueError(f"cannot read the points {path!r}: {exc}") from None
    return points


def _fit_scale(
    args: argparse.Namespace, config: Any, chances: list[float], won: list[float]
) -> None:
    """Fit Platt scaling of the chance model's score to the measured outcomes and write it."""
    import math

    from ai.arena import seated_game
    from ai.learn.fit import _json
    from ai.learn.model import features_of, shipped_weights
    from ai.learn.regression import fit_logistic

    game = seated_game(config, config.seats)
    features = features_of(game)
    weights = shipped_weights(game)
    if features is None or weights is None:
        raise ValueError("no weights to scale for this setup: train them first")
    variant = features.variant(game)
    assert variant is not None
    old = weights.search_scale.get(args.eval)
    scores = []
    for c in chances:
        c = min(1 - 1e-12, max(1e-12, c))
        z = math.log(c / (1 - c))
        scores.append(z if old is None else (z - old.bias) / old.weights[0])
    scale = fit_logistic([[z] for z in scores], won)
    out = Path(args.out) if args.out else default_out(args.game, variant)
    data = json.loads(out.read_text(encoding="utf-8"))
    data.setdefault("search_scale", {})[args.eval] = _json(scale)
    words = ["tea-tui", "train", "--calibration", "--fit-scale", "--eval", args.eval]
    words += ["--players", str(args.players), "--games", str(config.games)]
    words += ["--seed", str(config.seed), "--iters", str(args.iters), "--every", str(args.every)]
    if args.seats:
        words += ["--seats", args.seats]
    data["recipe"][f"search_scale_{args.eval}"] = " ".join(words)
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"search scale for {args.eval} written to {out}: {_json(scale)}")


def main(argv: list[str] | None = None) -> int:
    """Run ``train`` on its own (``python -m tea_tui.cli.train ...``)."""
    parser = argparse.ArgumentParser(prog="tea-tui train", description="learn an evaluation")
    add_train_arguments(parser)
    return run_train_command(parser, parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
