"""Bradley-Terry ratings on the Elo scale, fitted by maximum likelihood from pairwise results.

Player ``i`` beats player ``j`` with probability ``1 / (1 + 10 ** ((R_j - R_i) / 400))``. A
game of three or four seats counts as one pairwise result for every pair of its seats, by final
rank; a shared rank is a draw, which counts as half a win each. The fit is Newton's method on
the log-likelihood, with one player (the anchor) held at 0.

Everyone who never lost (a level that won all its games, say) would have an infinite rating, so
``prior_draws`` virtual drawn games are added to every pair of players that met: a weak pull
towards each other that real games soon outweigh (1 virtual draw beside 10 real games). The 95%
intervals come from the curvature of the log-likelihood at its peak (the inverse Hessian, the
usual large-sample interval) or, with :func:`bootstrap`, from refits on resampled games.

>>> fit = fit_ratings(2, [[PairResult(0, 1, 1.0)]] * 3 + [[PairResult(0, 1, 0.0)]], anchor=1)
>>> round(fit.ratings[0]), round(fit.ratings[1])  # 400·log10(3.5 / 1.5): 3 wins and a draw of 5
(147, 0)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import msgspec

from ai.stats import Z95
from core.rng import Rng

ELO = 400 / math.log(10)
"""Elo points per unit of log-odds."""


class PairResult(msgspec.Struct, frozen=True):
    """One pairwise result: ``score`` is 1 if ``a`` finished ahead of ``b``, 0.5 if level."""

    a: int
    b: int
    score: float


class RatingFit(msgspec.Struct, frozen=True, kw_only=True):
    """Fitted ratings, one per player, in Elo points relative to the anchor."""

    ratings: tuple[float, ...]
    low: tuple[float, ...]
    """Lower ends of the 95% intervals (relative to the anchor, whose interval is [0, 0])."""
    high: tuple[float, ...]
    anchor: int
    games: tuple[int, ...]
    """Pairwise results each player took part in (virtual draws not counted)."""
    points: tuple[float, ...]
    """Pairwise points each player scored: 1 a win, 0.5 a draw."""
    method: str = "hessian"
    """How the intervals were found: ``hessian`` or ``bootstrap``."""


def rank_results(scores: Sequence[float]) -> list[PairResult]:
    """Return the pairwise results of one game from each seat's final standing (higher is
    better; equal standings are draws). ``a`` and ``b`` are seat numbers.

    >>> [r.score for r in rank_results([3, 1, 3])]
    [1.0, 0.5, 0.0]
    """
    out = []
    for a in range(len(scores)):
        for b in range(a + 1, len(scores)):
            diff = scores[a] - scores[b]
            out.append(PairResult(a, b, 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5))
    return out


def _tables(
    players: int, games: Sequence[Sequence[PairResult]]
) -> tuple[list[list[float]], list[list[float]]]:
    """Return ``wins[i][j]`` (points of ``i`` against ``j``) and ``meetings[i][j]``."""
    wins = [[0.0] * players for _ in range(players)]
    meetings = [[0.0] * players for _ in range(players)]
    for game in games:
        for r in game:
            if not (0 <= r.a < players and 0 <= r.b < players) or r.a == r.b:
                raise ValueError(f"result {r} names no pair of the {players} players")
            wins[r.a][r.b] += r.score
            wins[r.b][r.a] += 1.0 - r.score
            meetings[r.a][r.b] += 1.0
            meetings[r.b][r.a] += 1.0
    return wins, meetings


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix · x = vector`` by Gaussian elimination with partial pivoting.

    Raises:
        ValueError: if the matrix is singular (some players are not linked by any games).
    """
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("the results do not link every player to the others")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            if f:
                for c in range(col, n + 1):
                    a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def _fit_theta(
    wins: list[list[float]], meetings: list[list[float]], anchor: int
) -> tuple[list[float], list[list[float]]]:
    """Return the maximum-likelihood log-odds ratings and the negative Hessian over the free
    players (every player but the anchor, in order)."""
    n = len(wins)
    free = [i for i in range(n) if i != anchor]
    theta = [0.0] * n

    def loglik(t: list[float]) -> float:
        total = 0.0
        for i in range(n):
            for j in range(n):
                if wins[i][j]:
                    total += wins[i][j] * math.log(max(_sigmoid(t[i] - t[j]), 1e-300))
        return total

    def curvature(t: list[float]) -> tuple[list[float], list[list[float]]]:
        grad = [0.0] * n
        info = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                if i != j and meetings[i][j]:
                    p = _sigmoid(t[i] - t[j])
                    grad[i] += wins[i][j] - meetings[i][j] * p
                    w = meetings[i][j] * p * (1.0 - p)
                    info[i][i] += w
                    info[i][j] -= w
        return [grad[i] for i in free], [[info[i][j] for j in free] for i in free]

    current = loglik(theta)
    for _ in range(100):
        grad, info = curvature(theta)
        step = _solve(info, grad)
        scale = 1.0
        while True:  # Newton's step, halved until the likelihood does not fall
            trial = theta[:]
            for k, i in enumerate(free):
                trial[i] += scale * step[k]
            value = loglik(trial)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, current = trial, value
        if max((abs(s) * scale for s in step), default=0.0) < 1e-10:
            break
    return theta, curvature(theta)[1]


def _with_prior(
    wins: list[list[float]], meetings: list[list[float]], prior_draws: float
) -> tuple[list[list[float]], list[list[float]]]:
    n = len(wins)
    w = [row[:] for row in wins]
    m = [row[:] for row in meetings]
    for i in range(n):
        for j in range(n):
            if i != j and meetings[i][j]:
                w[i][j] += prior_draws / 2
                m[i][j] += prior_draws
    return w, m


def fit_ratings(
    players: int,
    games: Sequence[Sequence[PairResult]],
    anchor: int = 0,
    prior_draws: float = 1.0,
) -> RatingFit:
    """Fit Bradley-Terry ratings (Elo points) to the pairwise results of ``games``.

    Args:
        players: how many players there are (numbered from 0).
        games: for each game, its pairwise results (see :func:`rank_results`).
        anchor: the player held at rating 0.
        prior_draws: virtual drawn games added to each pair that met (see the module).

    Raises:
        ValueError: if a player took part in no game, or the games do not link every player.
    """
    if not 0 <= anchor < players:
        raise ValueError(f"the anchor must be one of the {players} players, not {anchor}")
    wins, meetings = _tables(players, games)
    idle = [i for i in range(players) if not any(meetings[i])]
    if idle and players > 1:
        raise ValueError(f"player {idle[0]} took part in no game")
    theta, info = _fit_theta(*_with_prior(wins, meetings, prior_draws), anchor)
    free = [i for i in range(players) if i != anchor]
    spread = [0.0] * players
    for k, i in enumerate(free):
        unit = [1.0 if c == k else 0.0 for c in range(len(free))]
        spread[i] = math.sqrt(max(0.0, _solve(info, unit)[k]))  # a diagonal entry of info⁻¹
    ratings = tuple(ELO * t for t in theta)
    return RatingFit(
        ratings=ratings,
        low=tuple(r - Z95 * ELO * s for r, s in zip(ratings, spread, strict=True)),
        high=tuple(r + Z95 * ELO * s for r, s in zip(ratings, spread, strict=True)),
        anchor=anchor,
        games=tuple(round(sum(row)) for row in meetings),
        points=tuple(sum(row) for row in wins),
    )


def bootstrap(
    players: int,
    games: Sequence[Sequence[PairResult]],
    strata: Sequence[Hashable] | None = None,
    rounds: int = 200,
    seed: int = 1,
    anchor: int = 0,
    prior_draws: float = 1.0,
) -> RatingFit:
    """Fit as :func:`fit_ratings` does, with 95% intervals from ``rounds`` refits on games
    drawn with replacement (within each stratum, e.g. each pairing of a schedule, so every
    pairing keeps its number of games). Resamples the fit cannot link are skipped.

    Raises:
        ValueError: as :func:`fit_ratings`, or if no resample could be fitted.
    """
    point = fit_ratings(players, games, anchor, prior_draws)
    keys = list(strata) if strata is not None else [0] * len(games)
    if len(keys) != len(games):
        raise ValueError(f"{len(keys)} strata for {len(games)} games")
    groups: dict[Hashable, list[int]] = {}
    for index, key in enumerate(keys):
        groups.setdefault(key, []).append(index)
    rng = Rng.from_seed(seed)
    samples: list[tuple[float, ...]] = []
    for _ in range(rounds):
        drawn = [games[rng.choice(members)] for members in groups.values() for _ in members]
        try:
            samples.append(fit_ratings(players, drawn, anchor, prior_draws).ratings)
        except ValueError:
            continue
    if not samples:
        raise ValueError("no resample of the games could be fitted")
    low, high = [], []
    for i in range(players):
        values = sorted(s[i] for s in samples)
        low.append(_quantile(values, 0.025))
        high.append(_quantile(values, 0.975))
    return msgspec.structs.replace(point, low=tuple(low), high=tuple(high), method="bootstrap")


def _quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values``, interpolated linearly."""
    pos = q * (len(values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (pos - lo)
