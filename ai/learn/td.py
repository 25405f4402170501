"""Refining the margin model on its own games: fitted TD(lambda), and fits anchored on a prior.

The plain fit (:func:`ai.learn.fit.fit_linear`) regresses every position on the game's final
margin. :func:`fit_td` instead follows each seat through its recorded positions and regresses
position ``t`` on its lambda-return: the final margin mixed with what the model itself
predicts at that seat's later positions,

    G(t) = (1 - lambda) * V(t + 1) + lambda * G(t + 1),   G(last) = final margin,

then repeats with the new model's predictions (a few sweeps of least squares, starting from
the plain fit: fitted TD, the batch form of TD(lambda)). With lambda = 1 every target is the
final margin and the result is the plain fit. Lower lambdas lean on the model's own later
estimates, which average over the many ways a game could have gone on from there rather than
the one it did.

An ``anchor`` (a linear model in the same features, e.g. the hand-tuned evaluation written in
them: :attr:`ai.learn.model.FeatureSet.hand_margin`) makes the fit one of corrections: the
learned margin is the anchor plus a ridge fit of what the anchor misses, so a stronger penalty
keeps more of the hand-tuned knowledge.

Game-neutral: it reads only :class:`~ai.learn.record.RecordedGame` records. numpy (the
``train`` extra) is imported by the functions that need it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ai.learn.model import Linear
from ai.learn.record import RecordedGame
from ai.learn.regression import L2, fit_linear, numpy_module


@dataclass(frozen=True)
class Sequences:
    """Every seat's positions of every game, one row each, in order within a seat's run."""

    rows: list[list[float]]
    finals: list[float]
    """Per row, the final margin of its seat's game."""
    starts: list[int]
    """Where each seat's run of rows begins (runs are contiguous); ends at the next start."""


def seat_sequences(games: Sequence[RecordedGame]) -> Sequences:
    """The rows of ``games`` grouped by game and seat, each seat's positions in play order."""
    rows: list[list[float]] = []
    finals: list[float] = []
    starts: list[int] = []
    for g in games:
        margins = g.margins()
        for seat, final in enumerate(margins):
            if not g.positions:
                continue
            starts.append(len(rows))
            for pos in g.positions:
                rows.append(list(pos.features[seat]))
                finals.append(final)
    return Sequences(rows, finals, starts)


def lambda_returns(values: Sequence[float], final: float, lam: float) -> list[float]:
    """The lambda-return of each position of one seat's run, from the model's ``values`` there.

    The last position's target is ``final``; each earlier one mixes the next position's value
    (weight ``1 - lam``) with the next position's own target (weight ``lam``).

    Raises:
        ValueError: if ``lam`` is outside [0, 1].
    """
    if not 0.0 <= lam <= 1.0:
        raise ValueError(f"lambda must be in [0, 1], not {lam}")
    targets = [0.0] * len(values)
    g = final
    for t in range(len(values) - 1, -1, -1):
        targets[t] = g
        g = (1.0 - lam) * values[t] + lam * g
    return targets


def _targets(seqs: Sequences, values: Sequence[float], lam: float) -> list[float]:
    out: list[float] = []
    bounds = [*seqs.starts, len(seqs.rows)]
    for a, b in itertools.pairwise(bounds):
        out += lambda_returns(values[a:b], seqs.finals[a], lam)
    return out


def fit_anchored(
    rows: Sequence[Sequence[float]],
    targets: Sequence[float],
    anchor: Linear | None,
    l2: float = L2,
) -> Linear:
    """Ridge least squares of ``targets`` as ``anchor`` plus corrections (penalized by ``l2``);
    without an anchor, the plain ridge fit."""
    if anchor is None:
        return fit_linear(rows, targets, l2)
    residual = [t - anchor.value(x) for x, t in zip(rows, targets, strict=True)]
    fix = fit_linear(rows, residual, l2)
    return Linear(
        anchor.bias + fix.bias,
        tuple(a + f for a, f in zip(anchor.weights, fix.weights, strict=True)),
    )


def fit_td(
    games: Sequence[RecordedGame],
    lam: float,
    sweeps: int = 5,
    anchor: Linear | None = None,
    l2: float = L2,
) -> Linear:
    """Fit the margin model by fitted TD(``lam``): ``sweeps`` rounds of least squares on
    lambda-returns, each from the previous model, starting from the fit to final margins.

    Raises:
        ValueError: if ``lam`` is outside [0, 1], ``sweeps`` is negative, or there are fewer
            than two positions.
        ModuleNotFoundError: without numpy.
    """
    if not 0.0 <= lam <= 1.0:
        raise ValueError(f"lambda must be in [0, 1], not {lam}")
    if sweeps < 0:
        raise ValueError(f"sweeps must be at least 0, not {sweeps}")
    np = numpy_module()
    seqs = seat_sequences(games)
    if len(seqs.rows) < 2:
        raise ValueError("too few positions to fit: record more games")
    x = np.asarray(seqs.rows, dtype=float)
    model = fit_anchored(x, seqs.finals, anchor, l2)
    if lam == 1.0:
        return model  # every lambda-return is the final margin: further sweeps change nothing
    for _ in range(sweeps):
        values = (x @ np.asarray(model.weights) + model.bias).tolist()
        model = fit_anchored(x, _targets(seqs, values, lam), anchor, l2)
    return model
