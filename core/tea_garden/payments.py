"""Paying leaves: can a set of demands be met from a player's Baskets, and by which leaves.

A payment is a list of :class:`~core.tea_garden.state.Demand` (so many leaves of at least some
quality, fermented or not). Whether a player can pay is a small transportation problem between
their twelve bins of leaves (fresh or fermented, quality 1-6) and the demands; Hall's condition
over every subset of demands decides it exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from core.tea_garden.components import LeafCost
from core.tea_garden.state import QUALITIES, Demand, PlayerState

Bins = tuple[tuple[int, ...], tuple[int, ...]]
"""(fresh counts, fermented counts), each indexed by quality - 1."""


def bins_of(player: PlayerState) -> Bins:
    """Return the player's leaves as (fresh, fermented) counts per quality."""
    return tuple(player.fresh), tuple(player.fermented)


def eligible(demand: Demand, fermented: bool, quality: int) -> bool:
    """Return True if a leaf of this side and quality may pay ``demand``."""
    return quality >= demand.quality and (fermented or not demand.fermented)


def can_pay(bins: Bins, demands: Sequence[Demand]) -> bool:
    """Return True if every demand can be met at once from ``bins``."""
    key = tuple([(d.count, d.quality, d.fermented) for d in demands if d.count > 0])
    return _can_pay(bins, key) if key else True


@lru_cache(maxsize=65536)
def _can_pay(bins: Bins, active: tuple[tuple[int, int, bool], ...]) -> bool:
    # Legal-move generation asks the same questions again and again within a turn, and the
    # answer depends only on the leaf counts and the demands, so it is cached.
    fresh, ferm = bins
    # Suffix sums: leaves of at least each quality, fresh and fermented.
    fresh_up = [0] * (QUALITIES + 2)
    ferm_up = [0] * (QUALITIES + 2)
    for q in range(QUALITIES, 0, -1):
        fresh_up[q] = fresh_up[q + 1] + fresh[q - 1]
        ferm_up[q] = ferm_up[q + 1] + ferm[q - 1]
    if len(active) == 1:
        count, quality, fermented = active[0]
        return ferm_up[quality] + (0 if fermented else fresh_up[quality]) >= count
    for size in range(1, len(active) + 1):
        for subset in combinations(active, size):
            need = sum(d[0] for d in subset)
            lo_any = min((d[1] for d in subset if not d[2]), default=QUALITIES + 1)
            lo_ferm = min(d[1] for d in subset)
            if ferm_up[lo_ferm] + fresh_up[lo_any] < need:
                return False
    return True


def assign(bins: Bins, demands: Sequence[Demand], fermented: bool, quality: int) -> int | None:
    """Return which demand a paid leaf should count for, or None if paying it makes the rest
    impossible.

    Among the demands the leaf may pay and that keep the rest payable, the one with the fewest
    eligible leaves left is chosen, so the player keeps the widest choice for later leaves.
    """
    return _assign(bins, tuple(demands), fermented, quality)


@lru_cache(maxsize=65536)
def _assign(bins: Bins, demands: tuple[Demand, ...], fermented: bool, quality: int) -> int | None:
    # Cached: a payment asks it for every kind of leaf held, at step after step of a search.
    fresh, ferm = list(bins[0]), list(bins[1])
    side = ferm if fermented else fresh
    if side[quality - 1] <= 0:
        return None
    side[quality - 1] -= 1
    after: Bins = (tuple(fresh), tuple(ferm))
    best: tuple[int, int] | None = None
    for i, demand in enumerate(demands):
        if demand.count <= 0 or not eligible(demand, fermented, quality):
            continue
        rest = list(demands)
        rest[i] = Demand(count=demand.count - 1, quality=demand.quality, fermented=demand.fermented)
        if not can_pay(after, rest):
            continue
        supply = _supply(after, demand)
        if best is None or supply < best[0]:
            best = (supply, i)
    return None if best is None else best[1]


def _supply(bins: Bins, demand: Demand) -> int:
    fresh, ferm = bins
    total = sum(ferm[demand.quality - 1 :])
    if not demand.fermented:
        total += sum(fresh[demand.quality - 1 :])
    return total


@lru_cache(maxsize=4096)
def cost_demands(cost: LeafCost) -> tuple[Demand, ...]:
    """Turn a printed leaf cost into payment demands (brown icons first)."""
    # Cached: legal-move generation prices the same printed costs at step after step.
    demands = []
    if cost.brown:
        demands.append(Demand(count=cost.brown, quality=cost.quality, fermented=True))
    if cost.green:
        demands.append(Demand(count=cost.green, quality=cost.quality))
    return tuple(demands)


def remaining(demands: Sequence[Demand]) -> int:
    """Return how many leaves are still to pay."""
    return sum(d.count for d in demands)
