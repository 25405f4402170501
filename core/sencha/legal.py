"""Sencha's legal moves, step by step (rules inventory A5), and the checks they share with the
rules that apply them.

Workers that are alike (same kind, same load, sent to the same plantation) give the same
position whichever of them acts, so only the first of them is offered (docs/rulings.md,
SEN-TT-02): the lists stay short without losing a choice.
"""

from __future__ import annotations

from core.moves import Move
from core.sencha import moves as mv
from core.sencha.components import TEAS
from core.sencha.rules import FIELD, KINDS, MAX_CUBES, MAX_HOUSES, MAX_WORKERS, WORKERS, Kind
from core.sencha.state import Player, SenchaData, Worker


def can_carry(w: Worker, tea: int) -> bool:
    """True if worker ``w`` may take one more cube of tea index ``tea`` (SEN-ACT-24/25,
    SEN-AMB-04)."""
    spec = WORKERS[w.kind]
    held = w.load[0] + w.load[1] + w.load[2]
    if held >= spec.capacity or (tea == 0 and not spec.sencha):
        return False
    return spec.mixed or held == 0 or w.load[tea] == held


def is_full(w: Worker) -> bool:
    """True if ``w`` carries as much as it can."""
    return sum(w.load) >= WORKERS[w.kind].capacity


def houses_on(g: SenchaData, plantation: int) -> int:
    """Every house on a plantation in play: all colours and neutral ones (SEN-ACT-04)."""
    pub = g.pub
    return pub.plantations[plantation].neutral + sum(p.houses[plantation] for p in pub.players)


def houses_on_field(g: SenchaData) -> int:
    """Every house on the field, neutral ones included."""
    return g.pub.field_neutral + sum(p.field for p in g.pub.players)


def price_of(kind: Kind) -> int:
    """What recruiting a worker of ``kind`` costs in yen."""
    return WORKERS[kind.value].price


def _distinct(workers: list[Worker], *, sent: bool = True) -> list[int]:
    """Indexes of the first worker of each group alike in kind, initial card, load (and
    destination)."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for i, w in enumerate(workers):
        key = (w.kind, w.initial, w.load[0], w.load[1], w.load[2], w.sent if sent else 0)
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def take_moves(g: SenchaData, *, budget: bool = True) -> list[mv.Take]:
    """The cubes the player to move may take now (SEN-ACT-19..25)."""
    pub = g.pub
    p = pub.players[pub.seat]
    used = pub.turn.types
    out: list[mv.Take] = []
    for wi in _distinct(p.workers):
        w = p.workers[wi]
        if is_full(w):
            continue
        for pi, pl in enumerate(pub.plantations):
            h = p.houses[pi]
            if h == 0 or w.sent not in (-1, pi):
                continue
            bits = used[pi] if budget and used else 0
            for t in range(3):
                if not pl.cubes[t] or not can_carry(w, t):
                    continue
                if budget and not bits >> t & 1 and bits.bit_count() >= h:
                    continue  # SEN-ACT-22: one tea per house there
                out.append(mv.Take(wi + 1, pl.id, TEAS[t]))
    return out


def produce_moves(g: SenchaData) -> list[mv.Produce]:
    """Where the player to move may Produce now (SEN-ACT-20, SEN-AMB-13)."""
    pub = g.pub
    p = pub.players[pub.seat]
    if pub.turn.took or p.money < 1 or not any(pub.bag):
        return []
    return [
        mv.Produce(pl.id)
        for pi, pl in enumerate(pub.plantations)
        if p.houses[pi] and sum(pl.cubes) < MAX_CUBES
    ]


def fallback_applies(g: SenchaData) -> bool:
    """SEN-ACT-26 / SEN-AMB-14 (docs/rulings.md): nothing the player's workers could take at
    their plantations, no Produce possible (no yen, or no plantation of theirs with room), and
    a cube in the bag of a tea some worker could carry (SEN-TT-07: else the cube could only go
    back, a pass in disguise that players could repeat for ever)."""
    p = g.pub.players[g.pub.seat]
    bag = g.pub.bag
    return (
        any(bag[t] and any(can_carry(w, t) for w in p.workers) for t in range(3))
        and not produce_moves(g)
        and not take_moves(g, budget=False)
    )


def sell_moves(g: SenchaData) -> list[Move]:
    """The steps of a Sell now (SEN-ACT-27..30, SEN-END-02), without ``done``."""
    pub = g.pub
    p = pub.players[pub.seat]
    ctx = g.ctx
    cols = ctx.columns[pub.card]
    offers = ctx.offers[pub.card]
    turn = pub.turn
    groups = _distinct(p.workers, sent=False)
    if turn.emperor >= 0:  # finish the offer begun first
        t = offers[turn.emperor][0]
        return [mv.Emperor(turn.emperor + 1, wi + 1) for wi in groups if p.workers[wi].load[t]]
    out: list[Move] = []
    for wi in groups:
        load = p.workers[wi].load
        for t in range(3):
            prices = cols[t]
            if load[t] and prices is not None and pub.columns[t] < len(prices):
                out.append(mv.Sale(wi + 1, TEAS[t]))
    for oi, (t, need, _vp) in enumerate(offers):
        if sum(w.load[t] for w in p.workers) >= need:
            out.extend(mv.Emperor(oi + 1, wi + 1) for wi in groups if p.workers[wi].load[t])
    if pub.met:
        out.extend(_last_card_offers(g, p, groups))
    return out


def _last_card_offers(g: SenchaData, p: Player, groups: list[int]) -> list[mv.Offer]:
    """SEN-END-02 / SEN-AMB-12: after the last card's demand is met, carried tea with no room
    on it may be offered (or, strictly, only tea whose column is full)."""
    cols = g.ctx.columns[g.pub.card]
    anything = g.ctx.options.last_card_offer_any
    out = []
    for wi in groups:
        for t in range(3):
            if not p.workers[wi].load[t]:
                continue
            prices = cols[t]
            full = prices is not None and g.pub.columns[t] >= len(prices)
            if full or (anything and prices is None):
                out.append(mv.Offer(wi + 1, TEAS[t]))
    return out


def offering_moves(g: SenchaData) -> list[mv.Offer]:
    """The offering window (SEN-ACT-32): carried tea whose column on the card is full."""
    pub = g.pub
    p = pub.players[pub.seat]
    cols = g.ctx.columns[pub.card]
    out = []
    for wi in _distinct(p.workers, sent=False):
        for t in range(3):
            prices = cols[t]
            if p.workers[wi].load[t] and prices is not None and pub.columns[t] >= len(prices):
                out.append(mv.Offer(wi + 1, TEAS[t]))
    return out


def trade_moves(g: SenchaData) -> list[mv.Trade]:
    """Which worker the Cart replaces (SEN-ACT-18) and, for a mixed load, what it keeps."""
    p = g.pub.players[g.pub.seat]
    out: list[mv.Trade] = []
    for wi in _distinct(p.workers, sent=False):
        w = p.workers[wi]
        if w.initial or w.kind not in ("donkey", "collector"):
            continue
        teas = [t for t in range(3) if w.load[t]]
        if len(teas) > 1:
            out.extend(mv.Trade(wi + 1, TEAS[t]) for t in teas)
        else:
            out.append(mv.Trade(wi + 1))
    return out


def replace_moves(g: SenchaData) -> list[mv.Replace]:
    """Which non-initial worker makes room for the new one (SEN-ACT-14, SEN-AMB-02)."""
    p = g.pub.players[g.pub.seat]
    return [
        mv.Replace(wi + 1) for wi in _distinct(p.workers, sent=False) if not p.workers[wi].initial
    ]


def place_moves(g: SenchaData) -> list[mv.Place]:
    """Which worker takes the free cube (SEN-AMB-14)."""
    p = g.pub.players[g.pub.seat]
    t = g.pub.turn.free
    return [mv.Place(wi + 1) for wi in _distinct(p.workers) if can_carry(p.workers[wi], t)]


def action_moves(g: SenchaData) -> list[Move]:
    """The actions the player to move may choose (SEN-TURN-02), ``pass`` only if none."""
    pub = g.pub
    p = pub.players[pub.seat]
    out: list[Move] = []
    if p.reserve and p.money >= p.reserve:
        out.append(mv.Buy())  # SEN-ACT-02
    if p.area:
        for pi, pl in enumerate(pub.plantations):
            n = houses_on(g, pi)
            if n < MAX_HOUSES and p.money >= n:
                out.append(mv.Build(pl.id))
        if p.money >= houses_on_field(g):
            out.append(mv.Build(FIELD))
    can_trade = any(not w.initial and w.kind in ("donkey", "collector") for w in p.workers)
    for k, kind in enumerate(KINDS):
        if pub.supply[k] and p.money >= price_of(kind) and (kind is not Kind.CART or can_trade):
            out.append(mv.Recruit(kind))
    if take_moves(g, budget=False) or produce_moves(g):
        out.append(mv.Collect())
    elif fallback_applies(g):
        out.append(mv.Free())
    if sell_moves(g):
        out.append(mv.Sell())
    return out or [mv.Pass()]


def legal_moves(g: SenchaData) -> tuple[Move, ...]:
    """Every legal move of the state, in a fixed order; empty once the game is over."""
    pub = g.pub
    if pub.over:
        return ()
    phase = pub.turn.phase
    if phase == "action":
        return tuple(action_moves(g))
    if phase == "collect":
        steps: list[Move] = [*produce_moves(g), *take_moves(g)]
        if pub.turn.acted:
            steps.append(mv.Done())
        return tuple(steps)
    if phase == "sell":
        steps = sell_moves(g)
        if pub.turn.acted and pub.turn.emperor < 0:
            steps.append(mv.Done())
        return tuple(steps)
    if phase == "offer":
        return (*offering_moves(g), mv.Done())
    if phase == "trade":
        return tuple(trade_moves(g))
    if phase == "replace":
        return tuple(replace_moves(g))
    if phase == "place":
        return tuple(place_moves(g))
    raise AssertionError(f"unknown phase {phase!r}")


__all__ = [
    "MAX_WORKERS",
    "action_moves",
    "can_carry",
    "fallback_applies",
    "houses_on",
    "houses_on_field",
    "is_full",
    "legal_moves",
    "offering_moves",
    "place_moves",
    "price_of",
    "produce_moves",
    "replace_moves",
    "sell_moves",
    "take_moves",
    "trade_moves",
]
