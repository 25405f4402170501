"""Run the benchmarks: ``make bench`` (or ``python -m bench [NAME ...]``).

Each benchmark is timed in several rounds and the median per operation is printed, because the
machine is shared and noisy; compare before and after in one run, as a ratio.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from core.rng import Rng
from core.tasting import TastingGame
from core.tea_garden.loader import load_components

Bench = Callable[[], int]
"""A benchmark body: does the work once and returns how many operations it made."""


def bench_load_components() -> int:
    load_components(None)
    return 1


def bench_rng_below() -> int:
    rng = Rng.from_seed(1)
    for _ in range(10_000):
        rng.below(6)
    return 10_000


def bench_tasting_playout() -> int:
    game = TastingGame()
    rng = Rng.from_seed(2)
    moves = 0
    for seed in range(200):
        state = game.new_state(seed)
        while not state.is_over():
            state.apply_unchecked(rng.choice(state.legal_moves()))
            moves += 1
    return moves


def bench_tasting_clone() -> int:
    state = TastingGame().new_state(3)
    for _ in range(5_000):
        state.clone()
    return 5_000


BENCHMARKS: dict[str, Bench] = {
    "load_components": bench_load_components,
    "rng_below": bench_rng_below,
    "tasting_playout_move": bench_tasting_playout,
    "tasting_clone": bench_tasting_clone,
}


def run(name: str, body: Bench, rounds: int = 7) -> float:
    """Return the median seconds per operation of ``body`` over ``rounds`` runs."""
    per_op = []
    for _ in range(rounds):
        start = time.perf_counter()
        ops = body()
        per_op.append((time.perf_counter() - start) / ops)
    return statistics.median(per_op)


def main(argv: list[str]) -> int:
    """Run the named benchmarks (all by default) and print their medians."""
    names = argv or list(BENCHMARKS)
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}")
        return 2
    print(f"{'benchmark':<24} {'median per op':>16}")
    for name in names:
        seconds = run(name, BENCHMARKS[name])
        print(f"{name:<24} {seconds * 1e6:>13.2f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
