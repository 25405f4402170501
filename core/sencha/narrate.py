"""Sencha's moves in plain English: a menu line for each legal move (:func:`describe_move`) and
a log line for each move made (:func:`log_line`), which also tells what a draw from the bag, a
new Tea Market card or the face-down worker revealed, and what the end of the turn cost::

    print(log_line(before, move, after, ["Ann", "Bo"]))
    # Ann builds a house on Kyoto for 1 yen — 2 Sakura and 3 Black Tea are drawn onto Kyoto
"""

from __future__ import annotations

from collections.abc import Sequence

from core.moves import Move
from core.sencha import moves as mv
from core.sencha.legal import houses_on, houses_on_field, price_of
from core.sencha.play import apply_move
from core.sencha.rules import FIELD, KINDS, Kind
from core.sencha.state import SenchaData, Worker

TEA_NAMES = ("Sencha", "Sakura", "Black Tea")
"""The teas' names, by tea index."""


def seat_name(seat: int, seat_names: Sequence[str] | None = None) -> str:
    """Return the name of ``seat`` (0-based): the one given, else "Seat 1", "Seat 2", ..."""
    if seat_names is not None and 0 <= seat < len(seat_names):
        return seat_names[seat]
    return f"Seat {seat + 1}"


def cubes_text(counts: Sequence[int]) -> str:
    """``[0, 2, 1]`` -> "2 Sakura and 1 Black Tea"; all zero -> "nothing"."""
    parts = [f"{n} {TEA_NAMES[t]}" for t, n in enumerate(counts) if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def worker_text(w: Worker) -> str:
    """A worker and its load: "Donkey (2 Black Tea)", "Peasant (empty)"."""
    load = cubes_text(w.load) if sum(w.load) else "empty"
    first = "initial " if w.initial else ""
    return f"{first}{w.kind.capitalize()}, {load}"


def _where(g: SenchaData, dest: str) -> str:
    return "the field" if dest == FIELD else g.ctx.plantation_name(dest)


def _worker(g: SenchaData, number: int) -> str:
    w = g.pub.players[g.pub.seat].workers[number - 1]
    return f"worker {number} ({worker_text(w)})"


def describe_move(g: SenchaData, move: Move) -> str:
    """Return a legal move of ``g`` in words, as a menu would show it."""
    pub = g.pub
    p = pub.players[pub.seat]
    ctx = g.ctx
    if isinstance(move, mv.Buy):
        return f"Buy a house from the reserve for {p.reserve} yen"
    if isinstance(move, mv.Build):
        if move.dest == FIELD:
            return f"Build a house on the field for {houses_on_field(g)} yen"
        pi = next(i for i, pl in enumerate(pub.plantations) if pl.id == move.dest)
        return (
            f"Build a house on {_where(g, move.dest)} for {houses_on(g, pi)} yen "
            "(5 cubes are drawn onto it)"
        )
    if isinstance(move, mv.Recruit):
        name = move.kind.value.capitalize()
        if move.kind is Kind.CART:
            return f"Recruit a Cart for {price_of(move.kind)} yen and a Donkey or Collector"
        return f"Recruit a {name} for {price_of(move.kind)} yen"
    if isinstance(move, mv.Trade):
        keep = f", the Cart keeping the {TEA_NAMES[move.keep.index]}" if move.keep else ""
        return f"Trade in {_worker(g, move.worker)} for the Cart{keep}"
    if isinstance(move, mv.Replace):
        return f"Let {_worker(g, move.worker)} go for the new {pub.turn.recruit.capitalize()}"
    if isinstance(move, mv.Collect):
        return "Collect tea (and produce first, if you like)"
    if isinstance(move, mv.Produce):
        return f"Produce at {_where(g, move.plantation)}: 1 yen for 2 cubes from the bag"
    if isinstance(move, mv.Take):
        return (
            f"W{_worker(g, move.worker)[1:]} takes a {TEA_NAMES[move.tea.index]} cube "
            f"at {_where(g, move.plantation)}"
        )
    if isinstance(move, mv.Free):
        return f"Take a free cube from the bag (nothing to collect and {no_produce_reason(g)})"
    if isinstance(move, mv.Place):
        return f"Put the free {TEA_NAMES[pub.turn.free]} cube on {_worker(g, move.worker)}"
    if isinstance(move, mv.Sell):
        return "Sell in the Tea Market (or send tea to the Emperor)"
    if isinstance(move, mv.Sale):
        t = move.tea.index
        prices = ctx.columns[pub.card][t]
        price = prices[pub.columns[t]] if prices else 0
        return f"Sell a {TEA_NAMES[t]} cube from {_worker(g, move.worker)} for {price} yen"
    if isinstance(move, mv.Emperor):
        t, need, vp = ctx.offers[pub.card][move.offer - 1]
        deal = f"{need} {TEA_NAMES[t]} for {vp} VP"
        step = f", cube {pub.turn.paid + 1} of {need}" if need > 1 else ""
        who = _worker(g, move.worker)
        return f"Give a {TEA_NAMES[t]} cube from {who} to the Emperor ({deal}{step})"
    if isinstance(move, mv.Offer):
        who = _worker(g, move.worker)
        return f"Offer a {TEA_NAMES[move.tea.index]} cube from {who} to your temple"
    if isinstance(move, mv.Done):
        phase = pub.turn.phase
        if phase == "offer":
            return "Offer nothing more; the next Tea Market card comes up"
        return "Finish selling" if phase == "sell" else "Finish collecting"
    if isinstance(move, mv.Pass):
        return "Pass (no action is possible)"
    return str(move)


def no_produce_reason(g: SenchaData) -> str:
    """Why the player to move cannot Produce, the free cube's other condition (SEN-AMB-14)."""
    p = g.pub.players[g.pub.seat]
    if p.money < 1:
        return "no money to produce"
    if not any(p.houses):
        return "no plantation house to produce at"
    return "no room to produce at your plantations"


def _sentence(g: SenchaData, move: Move) -> str:
    """What the player does, in the third person, from the state before the move."""
    pub = g.pub
    if isinstance(move, mv.Collect):
        return "collects tea"
    if isinstance(move, mv.Sell):
        return "sells in the Tea Market"
    if isinstance(move, mv.Done):
        phase = pub.turn.phase
        if phase == "offer":
            return "offers nothing more"
        return "finishes selling" if phase == "sell" else "finishes collecting"
    if isinstance(move, mv.Pass):
        return "passes: no action is possible"
    text = describe_move(g, move)
    if isinstance(move, mv.Build):
        text = text.split(" (", 1)[0]
    if isinstance(move, mv.Take):
        return "sends " + text[0].lower() + text[1:].replace(" takes ", " to take ", 1)
    verb, _, rest = text.partition(" ")
    return f"{_THIRD.get(verb, verb.lower())} {rest.replace('your temple', 'their temple')}"


_THIRD = {
    "Buy": "buys",
    "Build": "builds",
    "Recruit": "recruits",
    "Trade": "trades",
    "Let": "lets",
    "Produce": "produces",
    "Take": "takes",
    "Put": "puts",
    "Sell": "sells",
    "Give": "gives",
    "Offer": "offers",
}


def log_line(
    before: SenchaData,
    move: Move,
    after: SenchaData,
    seat_names: Sequence[str] | None = None,
) -> str:
    """Return the log line of one move: who did what, then " — " and what it revealed or
    cost (cubes drawn, the next card, the face-down worker, taxes, the end coming)."""
    seat = before.pub.seat
    who = seat_name(seat, seat_names)
    text = f"{who} {_sentence(before, move)}"
    notes = _revealed(before, move, after)
    b, a = before.pub.players[seat], after.pub.players[seat]
    bonus = _field_bonus(before, move, after)
    if bonus:
        notes.append(f"{who} gets {bonus} yen for field houses")
    lost = _lost_to_cap(before, move, after)
    if lost:
        cap = after.ctx.money_cap
        notes.append(f"{who} is at the {cap}-yen cap and loses {lost} yen")
    if a.taxed != b.taxed:
        paid = _tax_paid(before, move, after)
        notes.append(f"{who} pays {paid} yen in taxes" if paid else f"{who} has no money for taxes")
    new = [t for t in after.pub.triggers if t not in before.pub.triggers]
    if "vp" in new:
        notes.append(f"{who} reaches 7 VP")
    if "market" in new:
        notes.append("the last card's demand is met and it stays in play")
    if after.pub.over:
        notes.append("the game is over")
    elif after.pub.ending_seat >= 0 and before.pub.ending_seat < 0:
        notes.append("every other player has one last turn")
    return f"{text} — {'; '.join(notes)}" if notes else text


def _revealed(before: SenchaData, move: Move, after: SenchaData) -> list[str]:
    out = []
    ctx = after.ctx
    for pb, pa in zip(before.pub.plantations, after.pub.plantations, strict=True):
        added = [max(0, x - y) for x, y in zip(pa.cubes, pb.cubes, strict=True)]
        if sum(added):
            out.append(f"{cubes_text(added)} drawn onto {ctx.plantation_name(pa.id)}")
    t = after.pub.turn.free
    if t >= 0 and before.pub.turn.free < 0:
        out.append(f"the free cube is {TEA_NAMES[t]}")
    if after.pub.returned >= 0:
        name = TEA_NAMES[after.pub.returned]
        out.append(f"the free cube is {name}, which no worker can carry: back to the bag")
    if after.pub.card != before.pub.card:
        out.append(f"the demand is met; the next card is {ctx.card_name(after.pub.card)}")
    if before.pub.hidden_worker and not after.pub.hidden_worker:
        kind = _turned_up(before, move, after)
        out.append(f"the face-down worker turns up: a {kind.capitalize()}")
    return out


def _turned_up(before: SenchaData, move: Move, after: SenchaData) -> str:
    """The kind of the face-down worker the move revealed, from the public supply alone: what
    the supply gained beyond the move's own change (the kind recruited leaves it, a worker let
    go may go back to it), so a reveal of the very kind recruited is named too."""
    expected = list(before.pub.supply)
    if isinstance(move, mv.Recruit):
        expected[KINDS.index(move.kind)] -= 1
    elif isinstance(move, mv.Trade | mv.Replace):
        old = before.pub.players[before.pub.seat].workers[move.worker - 1]
        if before.ctx.options.discarded_workers == "supply":
            expected[KINDS.index(Kind(old.kind))] += 1
    gained = [a - e for a, e in zip(after.pub.supply, expected, strict=True)]
    return next((KINDS[k].value for k, d in enumerate(gained) if d > 0), "worker")


def _income(before: SenchaData, move: Move, after: SenchaData, *, field: bool = True) -> int:
    """The yen the move brings (less what it costs) before any cap or tax: the move replayed
    from no money and with the taxes already paid (the same draws: the clone keeps the
    generator), with or without the field houses."""
    seat = before.pub.seat
    sim = before.clone()
    player = sim.pub.players[seat]
    player.money = 0
    player.taxed = after.pub.players[seat].taxed
    if not field:
        player.field = 0
    apply_move(sim, move)
    return player.money


def _field_bonus(before: SenchaData, move: Move, after: SenchaData) -> int:
    """The yen the field houses brought as the Sell ended: the move replayed without them."""
    seat = before.pub.seat
    if not before.pub.players[seat].field or before.pub.turn.phase not in ("sell", "offer"):
        return 0
    return _income(before, move, after) - _income(before, move, after, field=False)


def _lost_to_cap(before: SenchaData, move: Move, after: SenchaData) -> int:
    """The yen the money cap took from what the move brought (SEN-AMB-05)."""
    seat = before.pub.seat
    cap = before.ctx.money_cap
    if after.pub.players[seat].money < cap and _tax_paid(before, move, after) == 0:
        return 0
    gained = _income(before, move, after)
    if gained <= 0:
        return 0
    return max(0, before.pub.players[seat].money + gained - cap)


def _tax_paid(before: SenchaData, move: Move, after: SenchaData) -> int:
    """The yen the end of the turn took in taxes: the move replayed without them (the same
    draws, since the clone keeps the generator) against the real result."""
    seat = before.pub.seat
    sim = before.clone()
    sim.pub.players[seat].taxed = after.pub.players[seat].taxed
    apply_move(sim, move)
    return sim.pub.players[seat].money - after.pub.players[seat].money
