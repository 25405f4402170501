"""Applying Sencha's moves: the five actions step by step, the chance events inside them (bag
draws, the next Tea Market card, the face-down worker), taxes at the end of a turn and the two
end triggers (rules inventory A1)."""

from __future__ import annotations

from core.moves import Move
from core.sencha import moves as mv
from core.sencha.legal import (
    fallback_applies,
    houses_on,
    houses_on_field,
    offering_moves,
    place_moves,
    price_of,
    sell_moves,
    take_moves,
)
from core.sencha.rules import (
    BUILD_DRAW,
    END_VP,
    FIELD,
    KINDS,
    MAX_CUBES,
    MAX_WORKERS,
    PRODUCE_DRAW,
    TAX_MARKS,
    Kind,
)
from core.sencha.state import Player, SenchaData, Turn, Worker


def draw(g: SenchaData, count: int) -> list[int]:
    """Draw up to ``count`` cubes from the bag at random (fewer if it runs out, SEN-AMB-13),
    counting the reveal."""
    bag = g.pub.bag
    out = []
    for _ in range(count):
        total = bag[0] + bag[1] + bag[2]
        if not total:
            break
        r = g.rng.below(total)
        t = 0 if r < bag[0] else 1 if r < bag[0] + bag[1] else 2
        bag[t] -= 1
        out.append(t)
    if out:
        g.reveals += 1
    return out


def gain(g: SenchaData, p: Player, yen: int) -> None:
    """Add income, up to the money cap (SEN-AMB-05)."""
    p.money = min(g.ctx.money_cap, p.money + yen)


def apply_move(g: SenchaData, move: Move) -> None:
    """Apply a legal move to ``g`` in place."""
    handler = _HANDLERS[type(move)]
    handler(g, move)


def _player(g: SenchaData) -> Player:
    return g.pub.players[g.pub.seat]


def _plantation(g: SenchaData, pid: str) -> int:
    return next(i for i, pl in enumerate(g.pub.plantations) if pl.id == pid)


# --- Buy, Build, Recruit ---------------------------------------------------------------------


def _buy(g: SenchaData, move: Move) -> None:
    p = _player(g)
    p.money -= p.reserve  # SEN-ACT-02: 1 yen per house of yours on the reserve
    p.reserve -= 1
    p.area += 1
    end_turn(g)


def _build(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Build)
    p = _player(g)
    p.area -= 1
    if move.dest == FIELD:
        p.money -= houses_on_field(g)
        p.field += 1
    else:
        pi = _plantation(g, move.dest)
        p.money -= houses_on(g, pi)  # SEN-ACT-04
        p.houses[pi] += 1
        _seed(g, pi, BUILD_DRAW)  # SEN-ACT-06
    end_turn(g)


def _seed(g: SenchaData, pi: int, count: int) -> None:
    cubes = g.pub.plantations[pi].cubes
    for t in draw(g, min(count, MAX_CUBES - sum(cubes))):  # SEN-ACT-07
        cubes[t] += 1


def _recruit(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Recruit)
    pub = g.pub
    p = _player(g)
    p.money -= price_of(move.kind)
    pub.supply[KINDS.index(move.kind)] -= 1
    if move.kind is Kind.CART:
        pub.turn.phase, pub.turn.recruit = "trade", move.kind.value
    elif len(p.workers) >= MAX_WORKERS:
        pub.turn.phase, pub.turn.recruit = "replace", move.kind.value
    else:
        p.workers.append(Worker(kind=move.kind.value))
        _recruited(g)


def _trade(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Trade)
    p = _player(g)
    old = p.workers[move.worker - 1]
    cart = Worker(kind="cart")
    keep = move.keep.index if move.keep is not None else -1
    for t in range(3):
        if keep < 0 or t == keep:
            cart.load[t] = old.load[t]  # SEN-AMB-03: the load moves if it fits
        else:
            g.pub.bag[t] += old.load[t]
    p.workers[move.worker - 1] = cart
    _discard_worker(g, old)
    _recruited(g)


def _replace(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Replace)
    p = _player(g)
    old = p.workers[move.worker - 1]
    for t in range(3):
        g.pub.bag[t] += old.load[t]  # SEN-AMB-03
    p.workers[move.worker - 1] = Worker(kind=g.pub.turn.recruit)
    _discard_worker(g, old)
    _recruited(g)


def _discard_worker(g: SenchaData, old: Worker) -> None:
    if g.ctx.options.discarded_workers == "supply":
        g.pub.supply[KINDS.index(Kind(old.kind))] += 1


def _recruited(g: SenchaData) -> None:
    """After the Recruit resolves: the face-down worker of a 2-player game turns up
    (SEN-SETUP-07, SEN-AMB-20)."""
    pub = g.pub
    if pub.hidden_worker:
        pub.hidden_worker = False
        pub.supply[KINDS.index(Kind(g.hidden_kind))] += 1
        g.hidden_kind = ""
        g.reveals += 1
    end_turn(g)


# --- Collect ---------------------------------------------------------------------------------


def _collect(g: SenchaData, move: Move) -> None:
    g.pub.turn.phase = "collect"
    g.pub.turn.types = [0] * len(g.pub.plantations)


def _produce(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Produce)
    _player(g).money -= 1
    _seed(g, _plantation(g, move.plantation), PRODUCE_DRAW)  # SEN-ACT-20
    g.pub.turn.acted = True


def _take(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Take)
    pub = g.pub
    pi = _plantation(g, move.plantation)
    t = move.tea.index
    w = _player(g).workers[move.worker - 1]
    pub.plantations[pi].cubes[t] -= 1
    w.load[t] += 1
    w.sent = pi
    pub.turn.types[pi] |= 1 << t
    pub.turn.took = pub.turn.acted = True
    if not take_moves(g):
        end_turn(g)  # nothing more to take: the Collect is over


def _free(g: SenchaData, move: Move) -> None:
    (t,) = draw(g, 1)  # SEN-ACT-26
    g.pub.turn.free = t
    g.pub.turn.phase = "place"
    if not place_moves(g):  # SEN-AMB-14: no worker can carry it
        g.pub.bag[t] += 1
        end_turn(g, returned=t)


def _place(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Place)
    _player(g).workers[move.worker - 1].load[g.pub.turn.free] += 1
    end_turn(g)


# --- Sell ------------------------------------------------------------------------------------


def _sell(g: SenchaData, move: Move) -> None:
    g.pub.turn.phase = "sell"


def _sale(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Sale)
    pub = g.pub
    p = _player(g)
    t = move.tea.index
    prices = g.ctx.columns[pub.card][t]
    assert prices is not None
    gain(g, p, prices[pub.columns[t]])  # SEN-ACT-28
    pub.columns[t] += 1
    p.workers[move.worker - 1].load[t] -= 1
    pub.turn.sold += 1
    pub.turn.acted = True
    if pub.columns[t] == len(prices) and not pub.met:
        _demand_met(g)  # SEN-ACT-31
    else:
        _maybe_finish_sell(g)


def _emperor(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Emperor)
    pub = g.pub
    p = _player(g)
    t, need, vp = g.ctx.offers[pub.card][move.offer - 1]
    p.workers[move.worker - 1].load[t] -= 1
    pub.bag[t] += 1  # SEN-AMB-10: the Emperor's tea goes back to the bag
    turn = pub.turn
    turn.emperor = move.offer - 1
    turn.paid += 1
    turn.acted = True
    if turn.paid == need:
        turn.emperor, turn.paid = -1, 0
        p.vp += vp  # SEN-ACT-30
        if p.vp >= END_VP:
            trigger(g, "vp")  # SEN-END-03
    _maybe_finish_sell(g)


def _offer(g: SenchaData, move: Move) -> None:
    assert isinstance(move, mv.Offer)
    pub = g.pub
    p = _player(g)
    t = move.tea.index
    p.workers[move.worker - 1].load[t] -= 1
    p.temple[t] += 1  # SEN-ACT-32
    pub.turn.acted = True
    if pub.turn.phase == "offer":
        if not offering_moves(g):
            _close_window(g)
    else:
        _maybe_finish_sell(g)


def _demand_met(g: SenchaData) -> None:
    g.pub.turn.phase = "offer"
    if not offering_moves(g):
        _close_window(g)


def _close_window(g: SenchaData) -> None:
    """Discard the card whose demand was met and turn the next (SEN-ACT-31/33), or keep the
    last one in play and trigger the end (SEN-END-01)."""
    pub = g.pub
    if g.deck:
        pub.discards.append(pub.card)
        for t in range(3):
            pub.bag[t] += pub.columns[t]
        pub.columns = [0, 0, 0]
        pub.card = g.deck.pop()
        pub.cards_turned += 1
        g.reveals += 1
    else:
        pub.met = True
        trigger(g, "market")
    if g.ctx.options.sell_continues_after_flip:  # SEN-AMB-09 variant
        pub.turn.phase = "sell"
        _maybe_finish_sell(g)
    else:
        finish_sell(g)


def _maybe_finish_sell(g: SenchaData) -> None:
    if not sell_moves(g):
        finish_sell(g)


def finish_sell(g: SenchaData) -> None:
    """End the Sell action: the field houses' bonus (SEN-ACT-29, SEN-AMB-08), then the turn."""
    p = _player(g)
    if p.field and (g.pub.turn.sold or g.ctx.options.field_bonus == "any_sell"):
        gain(g, p, p.field)
    end_turn(g)


def _done(g: SenchaData, move: Move) -> None:
    phase = g.pub.turn.phase
    if phase == "sell":
        finish_sell(g)
    elif phase == "offer":
        _close_window(g)
    else:
        end_turn(g)


def _pass(g: SenchaData, move: Move) -> None:
    end_turn(g, passed=True)


# --- the end of a turn -----------------------------------------------------------------------


def trigger(g: SenchaData, kind: str) -> None:
    """Note an end trigger; the first one makes this turn the last of its player (SEN-END-04)."""
    pub = g.pub
    if kind not in pub.triggers:
        pub.triggers.append(kind)
    if pub.ending_seat < 0:
        pub.ending_seat = pub.seat


def pay_taxes(g: SenchaData, p: Player) -> None:
    """SEN-TAX-01..03, SEN-AMB-07: each mark reached and not yet paid costs 1 yen per house on
    a plantation, as far as the money goes."""
    for bit, mark in enumerate(TAX_MARKS):
        if p.vp >= mark and not p.taxed >> bit & 1:
            p.taxed |= 1 << bit
            p.money -= min(p.money, sum(p.houses))


def end_turn(g: SenchaData, *, passed: bool = False, returned: int = -1) -> None:
    """Pay taxes, pass the turn on, and end the game after the last turns (SEN-END-04) or
    after a whole round in which nobody could act (SEN-TT-04)."""
    pub = g.pub
    p = _player(g)
    pay_taxes(g, p)
    for w in p.workers:
        w.sent = -1
    pub.turn = Turn()
    pub.returned = returned
    pub.passes = pub.passes + 1 if passed else 0
    nxt = (pub.seat + 1) % len(pub.players)
    if pub.passes >= len(pub.players):
        pub.over = True
        if "stuck" not in pub.triggers:
            pub.triggers.append("stuck")
    elif pub.ending_seat >= 0 and nxt == pub.ending_seat:
        pub.over = True
    else:
        pub.seat = nxt


_HANDLERS = {
    mv.Buy: _buy,
    mv.Build: _build,
    mv.Recruit: _recruit,
    mv.Trade: _trade,
    mv.Replace: _replace,
    mv.Collect: _collect,
    mv.Produce: _produce,
    mv.Take: _take,
    mv.Free: _free,
    mv.Place: _place,
    mv.Sell: _sell,
    mv.Sale: _sale,
    mv.Emperor: _emperor,
    mv.Offer: _offer,
    mv.Done: _done,
    mv.Pass: _pass,
}

__all__ = ["apply_move", "draw", "end_turn", "fallback_applies", "finish_sell", "gain"]
