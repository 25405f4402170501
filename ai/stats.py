"""Small statistics for the arena: confidence intervals, means and spreads.

>>> low, high = wilson_interval(15, 20)
>>> round(low, 3), round(high, 3)
(0.531, 0.888)
>>> mean_sd([1.0, 2.0, 3.0])
(2.0, 1.0)
>>> quantile([4.0, 1.0, 3.0, 2.0], 0.5), quantile([4.0, 1.0, 3.0, 2.0], 0.9)
(2.5, 3.7)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion (default 95%).

    ``successes`` may be fractional (a shared win counts as a share of a win). With no trials
    the interval is the whole of [0, 1].

    Raises:
        ValueError: if ``successes`` is negative or more than ``trials``.
    """
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials is impossible")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """Return the mean and the sample standard deviation (0 for fewer than two values)."""
    if not values:
        return 0.0, 0.0
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, math.sqrt(var)


def quantile(values: Sequence[float], q: float) -> float:
    """Return the ``q``-quantile of ``values`` (0 for none), interpolating linearly between
    the sorted values as numpy's default does: 0.5 is the median, 1 the maximum.

    Raises:
        ValueError: if ``q`` is not in [0, 1].
    """
    if not 0 <= q <= 1:
        raise ValueError(f"a quantile is between 0 and 1, not {q}")
    if not values:
        return 0.0
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)
