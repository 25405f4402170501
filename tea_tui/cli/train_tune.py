"""``tea-tui train --tune STEPS``: learn the margin model from what it wins in self-play.

Before the recorded games are fitted, the margin weights are tuned by SPSA on self-play games
(:mod:`ai.learn.tune`); the fit then keeps that margin model and fits the win model and the win
chance maps around it. ``--tune-trace FILE`` keeps every step as it is played: a run stopped
part way goes on from its last step when started again with the same arguments, and a finished
trace gives its weights without playing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tea_tui.cli.arena import open_executor
from tea_tui.cli.progress import Progress

DEFAULT_TUNE_SEAT = "mcts:iters=300"
"""The search both sides of a tuning game use: the budget at which the learned evaluation is
measured against the hand-tuned one (docs/ai.md)."""


def add_tune_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the tuning options to the ``train`` parser."""
    parser.add_argument(
        "--tune",
        type=int,
        default=0,
        metavar="STEPS",
        help="tune the margin model by self-play (SPSA) for STEPS steps before fitting the "
        "other models around it (default 0: fit it to the recorded margins)",
    )
    parser.add_argument(
        "--tune-seat",
        default=DEFAULT_TUNE_SEAT,
        metavar="SPEC",
        help=f"(--tune) the search of every seat of a tuning game (default {DEFAULT_TUNE_SEAT})",
    )
    parser.add_argument(
        "--tune-batch",
        type=int,
        default=4,
        metavar="N",
        help="(--tune) pairs of games a step plays, one deal each, in every seating (default 4)",
    )
    parser.add_argument(
        "--tune-trace",
        metavar="FILE",
        help="(--tune) keep each step in FILE; a stopped run goes on from its last step",
    )


def tune_config(args: argparse.Namespace, features: Any) -> Any:
    """The tuning run the arguments ask for.

    Raises:
        ValueError: for a game without weights to tune, or a bad count.
    """
    from ai.arena import ArenaConfig
    from ai.learn.tune import TuneConfig

    if not features.tuned or features.hand_margin is None:
        raise ValueError(f"{args.game} names no margin weights to tune")
    if args.tune < 1 or args.tune_batch < 1:
        raise ValueError("--tune and --tune-batch must be at least 1")
    arena = ArenaConfig(
        seats=(args.tune_seat,) * args.players,
        games=1,
        seed=args.seed,
        game=args.game,
        puerh=args.puerh,
    )
    return TuneConfig(
        arena=arena,
        params=tuple(name for name, _ in features.tuned),
        scales=tuple(scale for _, scale in features.tuned),
        start=tuple(features.hand_margin),
        steps=args.tune,
        batch=args.tune_batch,
    )


def _read_trace(path: Path, config: Any) -> list[Any]:
    """The steps a trace file holds for ``config`` (none if there is no file).

    Raises:
        ValueError: for a file that cannot be read or is of another tuning run.
    """
    from ai.learn.tune import decode_trace

    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise ValueError(f"cannot read the trace {str(path)!r}: {exc}") from None
    found, steps = decode_trace(data, str(path))
    if found != config:
        raise ValueError(f"the trace {str(path)!r} is of another tuning run")
    return steps[: config.steps]


def tuned_margin(
    parser: argparse.ArgumentParser, args: argparse.Namespace, features: Any
) -> tuple[Any, dict[str, object]] | None:
    """Tune the margin model as the arguments say; return it with its recipe entry, or None
    if no executor could be had (the reason printed).

    Raises:
        ValueError: for bad arguments or a trace of another run.
        OSError: if the trace cannot be written.
    """
    from ai.learn.model import Linear
    from ai.learn.tune import encode_step, encode_trace_head, full_weights, tune

    config = tune_config(args, features)
    trace = Path(args.tune_trace) if args.tune_trace else None
    steps = _read_trace(trace, config) if trace is not None else []
    if trace is not None and not steps:
        trace.write_bytes(encode_trace_head(config))
    if len(steps) < config.steps:
        executor = open_executor(parser, args)
        if executor is None:
            return None
        games = (config.steps - len(steps)) * config.batch * args.players
        progress = Progress(
            config.steps, sys.stderr, unit="steps", bar=False if args.quiet else None
        )
        progress.done = len(steps)

        def finished(step: Any) -> None:
            steps.append(step)
            if trace is not None:
                with trace.open("ab") as out:
                    out.write(encode_step(step))
            if not args.quiet:
                shown = ", ".join(
                    f"{n} {v:.3f}" for n, v in zip(config.params, step.tuned, strict=True)
                )
                progress.advance(
                    f"step {step.step + 1}/{config.steps}: gain {step.gain:+.4f}; {shown}"
                )

        if not args.quiet:
            print(f"tuning: {games} games of {args.tune_seat}", file=sys.stderr)
        last = steps[-1].tuned if steps else None
        with executor, progress:
            tune(config, executor, on_step=finished, tuned=last, first=len(steps))
    weights = full_weights(config, features, steps[-1].tuned)
    recipe: dict[str, object] = {
        "method": "spsa",
        "seat": args.tune_seat,
        "steps": config.steps,
        "batch": config.batch,
        "seed": config.arena.seed,
        "a": config.a,
        "c": config.c,
        "stability": config.stability,
        "start": "hand",
        "params": dict(zip(config.params, config.scales, strict=True)),
    }
    return Linear(config.bias, weights), recipe
