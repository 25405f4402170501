"""Conservation: every cube, house, worker card and Tea Market card of a Sencha state in exactly
one place, and every count within its limits.

:func:`conservation_problems` lists what is wrong in words (empty for a sound state). The
random-game tests check it after every move, and the position builder
(:mod:`core.sencha.position`) before it hands a position over.
"""

from __future__ import annotations

from core.sencha.rules import (
    CUBES,
    HOUSES_PER_COLOUR,
    KINDS,
    MARKET_CARDS_IN_PLAY,
    MAX_CUBES,
    MAX_HOUSES,
    MAX_WORKERS,
    NEUTRAL_HOUSES,
    SUPPLY_COPIES,
    WORKERS,
)
from core.sencha.state import SenchaData


def cube_totals(g: SenchaData) -> list[int]:
    """Cubes of each tea wherever they are: bag, plantations, workers, the card in play,
    temples and a free cube waiting to be placed."""
    pub = g.pub
    totals = pub.bag[:]
    for pl in pub.plantations:
        for t in range(3):
            totals[t] += pl.cubes[t]
    for p in pub.players:
        for t in range(3):
            totals[t] += p.temple[t] + sum(w.load[t] for w in p.workers)
    for t in range(3):
        totals[t] += pub.columns[t]
    if pub.turn.free >= 0:
        totals[pub.turn.free] += 1
    return totals


def conservation_problems(g: SenchaData) -> list[str]:
    """Return what breaks conservation or a limit in ``g``, a sentence each."""
    out: list[str] = []
    pub = g.pub
    ctx = g.ctx
    n = len(pub.players)
    totals = cube_totals(g)
    if totals != list(CUBES):
        out.append(f"the cubes add up to {totals} (Sencha, Sakura, Black), not {list(CUBES)}")
    counts = [*pub.bag, *pub.columns, pub.field_neutral]
    for pl in pub.plantations:
        counts += [*pl.cubes, pl.neutral]
        if sum(pl.cubes) > MAX_CUBES:
            out.append(f"{pl.id} holds {sum(pl.cubes)} cubes, more than {MAX_CUBES}")
    if min(counts) < 0:
        out.append("a count on the table is negative")
    for pi, pl in enumerate(pub.plantations):
        houses = pl.neutral + sum(p.houses[pi] for p in pub.players)
        if houses > MAX_HOUSES:
            out.append(f"{pl.id} has {houses} houses, more than {MAX_HOUSES}")
    neutral = sum(pl.neutral for pl in pub.plantations) + pub.field_neutral
    if neutral != sum(NEUTRAL_HOUSES[n]):
        out.append(f"{neutral} neutral houses are on the table, not {sum(NEUTRAL_HOUSES[n])}")
    held = [0] * len(KINDS)
    for seat, p in enumerate(pub.players):
        who = f"seat {seat + 1}"
        houses = p.reserve + p.area + p.field + sum(p.houses)
        if houses != HOUSES_PER_COLOUR or min(p.reserve, p.area, p.field, *p.houses) < 0:
            out.append(f"{who} has {houses} houses in all, not {HOUSES_PER_COLOUR}")
        if not 0 <= p.money <= ctx.money_cap:
            out.append(f"{who} has {p.money} yen, outside 0 to {ctx.money_cap}")
        if p.vp < 0 or min(p.temple) < 0:
            out.append(f"{who} has negative points or temple cubes")
        if not 1 <= len(p.workers) <= MAX_WORKERS or sum(w.initial for w in p.workers) != 1:
            out.append(f"{who} has {len(p.workers)} workers, or not exactly one initial one")
        for i, w in enumerate(p.workers):
            out.extend(_worker_problems(f"{who}'s worker {i + 1}", w.kind, w.load))
            if not w.initial:
                held[[k.value for k in KINDS].index(w.kind)] += 1
    for k, kind in enumerate(KINDS):
        hidden = 1 if pub.hidden_worker and g.hidden_kind == kind.value else 0
        if pub.supply[k] < 0 or pub.supply[k] + held[k] + hidden > SUPPLY_COPIES:
            out.append(f"more {kind.value} cards in play than the {SUPPLY_COPIES} there are")
    if pub.hidden_worker != bool(g.hidden_kind):
        out.append("the face-down worker and its kind disagree")
    cards = [pub.card, *g.deck, *g.removed, *pub.discards]
    if sorted(cards) != sorted(ctx.card_ids):
        out.append("the Tea Market cards are not each in exactly one place")
    if pub.deck_size != MARKET_CARDS_IN_PLAY[n] or len(g.deck) + pub.cards_turned != pub.deck_size:
        out.append("the Tea Market deck does not match the cards turned")
    for t, prices in enumerate(ctx.columns[pub.card]):
        if pub.columns[t] > (0 if prices is None else len(prices)):
            out.append(f"the card's column of tea {t} holds more cubes than it has slots")
    return out


def _worker_problems(who: str, kind: str, load: list[int]) -> list[str]:
    spec = WORKERS.get(kind)
    if spec is None:
        return [f"{who} is of unknown kind {kind!r}"]
    out = []
    if min(load) < 0 or sum(load) > spec.capacity:
        out.append(f"{who} ({kind}) carries {sum(load)} cubes, more than {spec.capacity}")
    if load[0] and not spec.sencha:
        out.append(f"{who} ({kind}) carries Sencha")
    if not spec.mixed and sum(1 for x in load if x) > 1:
        out.append(f"{who} ({kind}) carries two teas")
    return out
