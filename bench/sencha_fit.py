"""Fit the weights of Sencha's evaluation (ai/sencha/evaluation.py) to self-play: play games,
note each seat's features at every turn start, and solve least squares for the points each
seat still makes by the end (final score less the score now).

    python -m bench.sencha_fit --games 100 [--seats heuristic,heuristic]

Prints the fitted coefficients, their fit (R^2) and the Weights to copy into the evaluation.
"""

from __future__ import annotations

import argparse
import sys

from ai.agents import make_agent
from ai.sencha.evaluation import FEATURES, WEIGHTS, features
from core.rng import Rng
from core.sencha.game import SenchaState
from core.setup import make_game, new_setup


def collect(specs: tuple[str, ...], games: int, start: int) -> list[tuple[list[float], float]]:
    """Rows of (features, points still to come) from ``games`` self-play games."""
    rows: list[tuple[list[float], float]] = []
    for index in range(games):
        seed = Rng.from_seed(31_000 + start + index).next_u64() >> 1
        game = make_game(new_setup(list(specs), game="sencha"))
        players = [make_agent(s, game) for s in specs]
        rngs = [Rng.from_seed(seed ^ (0x9E37 * (k + 1))) for k in range(len(specs))]
        state = game.new_state(seed)
        assert isinstance(state, SenchaState)
        noted: list[tuple[int, list[float], float]] = []
        while not state.is_over():
            seat = state.current_seat()
            assert seat is not None
            if state.pub.turn.phase == "action":
                for s in range(len(specs)):
                    now, feats = features(state, s, WEIGHTS)
                    noted.append((s, feats, now))
            legal = state.legal_moves()
            p = players[seat]
            state.apply(p.agent.choose(state.observation(seat), legal, p.budget, rngs[seat]))
        outcome = state.outcome()
        assert outcome is not None
        rows.extend((f, outcome.scores[s] - now) for s, f, now in noted)
    return rows


def solve(rows: list[tuple[list[float], float]], ridge: float = 1e-3) -> list[float]:
    """Least squares with a little ridge, by the normal equations and Gaussian elimination."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in rows:
        for i in range(k):
            b[i] += x[i] * y
            for j in range(k):
                a[i][j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += ridge * len(rows)
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def main(argv: list[str] | None = None) -> int:
    """Play, fit and print."""
    parser = argparse.ArgumentParser(prog="python -m bench.sencha_fit")
    parser.add_argument("--seats", default="heuristic,heuristic")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args(argv)
    rows = collect(tuple(args.seats.split(",")), args.games, args.start)
    coef = solve(rows)
    mean = sum(y for _, y in rows) / len(rows)
    total = sum((y - mean) ** 2 for _, y in rows)
    resid = sum((y - sum(c * x for c, x in zip(coef, f, strict=True))) ** 2 for f, y in rows)
    print(f"{len(rows)} rows from {args.games} games; R^2 {1 - resid / total:.3f}")
    for name, c in zip(FEATURES, coef, strict=True):
        print(f"  {name:<12} {c:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
