"""The cheapest way to pay a leaf payment, leaf by leaf (the decision panel's ``a`` key)."""

from __future__ import annotations

from collections.abc import Sequence

from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.payments import assign


def cheapest_payment(
    fresh: Sequence[int], fermented: Sequence[int], demands: Sequence[st.Demand]
) -> list[mv.PayLeaf]:
    """Return the leaves that pay ``demands`` cheaply, one at a time as the engine takes them.

    Each step pays the lowest-quality leaf (fresh before fermented at equal quality) that keeps
    the rest of the payment possible; empty if the demands cannot be met.
    """
    g, f = list(fresh), list(fermented)
    owed = list(demands)
    plan: list[mv.PayLeaf] = []
    while any(d.count > 0 for d in owed):
        bins = (tuple(g), tuple(f))
        for quality in range(1, st.QUALITIES + 1):
            side = next(
                (
                    s
                    for s, have in (("g", g), ("f", f))
                    if have[quality - 1] and assign(bins, owed, s == "f", quality) is not None
                ),
                None,
            )
            if side is not None:
                break
        else:
            return []
        i = assign(bins, owed, side == "f", quality)
        assert i is not None
        (g if side == "g" else f)[quality - 1] -= 1
        d = owed[i]
        owed[i] = st.Demand(count=d.count - 1, quality=d.quality, fermented=d.fermented)
        plan.append(mv.PayLeaf("g" if side == "g" else "f", quality))
    return plan
