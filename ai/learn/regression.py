"""Ridge regressions for the learned evaluation (numpy, the optional ``train`` extra).

Least squares and logistic regression on standardized features with a small ridge penalty,
the weights written back in raw units so that play needs no scaling. numpy is imported by the
functions that need it: the module itself loads without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.learn.model import Linear

TRAIN_MISSING = "training needs numpy: pip install 'tea-tui[train]'"
L2 = 1e-3
"""Ridge penalty on standardized weights (per row)."""


def numpy_module() -> Any:
    """Return numpy, or raise a ModuleNotFoundError that says how to install it."""
    try:
        import numpy
    except ModuleNotFoundError as exc:
        raise ModuleNotFoundError(TRAIN_MISSING, name="numpy") from exc
    return numpy


def _standardize(np: Any, x: Any) -> tuple[Any, Any, Any]:
    mean = x.mean(axis=0)
    sd = x.std(axis=0)
    sd[sd < 1e-9] = 1.0
    return (x - mean) / sd, mean, sd


def _raw(np: Any, bias: float, w: Any, mean: Any, sd: Any, scale: Any) -> Linear:
    """Weights of standardized features back in raw units (constant columns get 0)."""
    raw = np.where(scale, w / sd, 0.0)
    return Linear(float(bias - (raw * mean).sum()), tuple(float(v) for v in raw))


def _design(
    rows: Sequence[Sequence[float]], targets: Sequence[float], l2: float
) -> tuple[Any, Any, Any, Any, Any, Any, Any]:
    """numpy, the design matrix (a bias column, then the standardized features), the targets,
    the ridge penalty (the bias left out) and what turns the weights back into raw units."""
    np = numpy_module()
    x = np.asarray(rows, dtype=float)
    y = np.asarray(targets, dtype=float)
    scale = x.std(axis=0) >= 1e-9
    z, mean, sd = _standardize(np, x)
    n, k = z.shape
    a = np.hstack([np.ones((n, 1)), z])
    penalty = l2 * n * np.eye(k + 1)
    penalty[0, 0] = 0.0
    return np, a, y, penalty, mean, sd, scale


def fit_linear(rows: Sequence[Sequence[float]], targets: Sequence[float], l2: float = L2) -> Linear:
    """Ridge least squares of ``targets`` on ``rows`` (the bias is not penalized)."""
    np, a, y, penalty, mean, sd, scale = _design(rows, targets, l2)
    beta = np.linalg.solve(a.T @ a + penalty, a.T @ y)
    return _raw(np, beta[0], beta[1:], mean, sd, scale)


def fit_logistic(
    rows: Sequence[Sequence[float]],
    targets: Sequence[float],
    l2: float = L2,
    iterations: int = 50,
) -> Linear:
    """Ridge logistic regression by Newton's method; ``targets`` are in [0, 1] (shares too)."""
    np, a, y, penalty, mean, sd, scale = _design(rows, targets, l2)
    k = a.shape[1] - 1
    beta = np.zeros(k + 1)
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(a @ beta, -30, 30)))
        grad = a.T @ (p - y) + penalty @ beta
        hess = (a * (p * (1 - p))[:, None]).T @ a + penalty + 1e-9 * np.eye(k + 1)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return _raw(np, beta[0], beta[1:], mean, sd, scale)
