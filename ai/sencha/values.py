"""What things are worth in a Sencha game, in final VP, from what every seat can see: a cube of
each tea, a yen, a house, a worker's capacity, and how many turns are left. Shared by the
evaluation (:mod:`.evaluation`) and the move scores (:mod:`.policy`)."""

from __future__ import annotations

from functools import lru_cache

from core.sencha.context import Context, lookup
from core.sencha.rules import END_VP, WORKERS
from core.sencha.state import Public, SenchaData

YEN_VP = 0.17
"""A yen's worth in final VP while there is time to spend it (a field house or a Collector
turns about 6 yen into a point and more)."""
TURNS_PER_GAME = 36
"""A player's turns in a whole game, roughly (measured in self-play)."""
SELL_SHARE = 0.8
"""A carried cube still needs a Sell action: share of its worth counted now."""


@lru_cache(maxsize=1024)
def _card_worth(ctx_key: str, card: str, yen_vp: float = YEN_VP) -> tuple[float, float, float]:
    """The best a cube of each tea fetches on ``card``: the Emperor's rate or the yen price."""
    ctx = lookup(ctx_key)
    cols = ctx.columns[card]
    best = [0.0, 0.0, 0.0]
    for t in range(3):
        prices = cols[t]
        if prices:
            best[t] = yen_vp * sum(prices) / len(prices)
    for t, need, vp in ctx.offers[card]:
        best[t] = max(best[t], vp / need)
    return (best[0], best[1], best[2])


@lru_cache(maxsize=64)
def _mean_worth(ctx_key: str, yen_vp: float = YEN_VP) -> tuple[float, float, float]:
    """A cube's worth averaged over every Tea Market card (the cards to come are unknown)."""
    rows = [_card_worth(ctx_key, c, yen_vp) for c in lookup(ctx_key).card_ids]
    return tuple(sum(r[t] for r in rows) / len(rows) for t in range(3))  # type: ignore[return-value]


def cube_worth(g: SenchaData, yen_vp: float = YEN_VP) -> tuple[float, float, float]:
    """A carried cube's worth by tea: half the card in play, half the cards to come."""
    now = _card_worth(g.ctx_key, g.pub.card, yen_vp)
    later = _mean_worth(g.ctx_key, yen_vp)
    return (
        0.5 * (now[0] + later[0]),
        0.5 * (now[1] + later[1]),
        0.5 * (now[2] + later[2]),
    )


def progress(g: SenchaData) -> float:
    """How far the game has come, 0 to 1: by the Tea Market cards or by the leading VP."""
    return progress_of(g.pub, g.ctx)


def progress_of(pub: Public, ctx: Context) -> float:
    """:func:`progress` of a table (a state's or an observation's) in its setup."""
    cols = ctx.columns[pub.card]
    fill = max((pub.columns[t] / len(p) for t, p in enumerate(cols) if p), default=0.0)
    cards = (pub.cards_turned - 1 + fill) / pub.deck_size
    most = 0
    for p in pub.players:
        most = max(most, p.vp)
    return min(1.0, max(cards, most / END_VP))


def turns_left(
    g: SenchaData, seat: int, per_game: float = TURNS_PER_GAME, done: float | None = None
) -> float:
    """The turns ``seat`` can still expect to take, the one in progress included (``done``:
    :func:`progress`, when the caller has it)."""
    pub = g.pub
    if pub.over:
        return 0.0
    if pub.ending_seat < 0:
        return max(1.0, (1.0 - (progress(g) if done is None else done)) * per_game)
    if seat == pub.seat or pub.ending_seat == pub.seat:
        return 1.0  # the turn in progress, or everyone's last turn after the trigger
    n = len(pub.players)
    after = [(pub.seat + k) % n for k in range(1, n)]
    return 1.0 if seat in after[: after.index(pub.ending_seat)] else 0.0


def capacity(g: SenchaData, seat: int) -> int:
    """How many cubes a player's workers carry when full."""
    total = 0
    for w in g.pub.players[seat].workers:
        total += _CAPACITY[w.kind]
    return total


_CAPACITY = {kind: spec.capacity for kind, spec in WORKERS.items()}
