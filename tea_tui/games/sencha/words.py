"""Sencha's words for the screens and plain mode: teas, workers, loads and the moves of the
decision panel, from a seat's view. No Textual here (plain mode uses it too).

A view (:class:`~core.sencha.hidden.SenchaObservation`) holds the whole table, so the engine's
own checks (:mod:`core.sencha.legal`) and words (:mod:`core.sencha.narrate`) read it once it
is wrapped as game data by :func:`as_data`; the hidden parts (bag order, deck) are left empty,
which nothing here reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.moves import Move
from core.rng import Rng
from core.sencha import moves as mv
from core.sencha.context import Context, lookup
from core.sencha.hidden import SenchaObservation
from core.sencha.legal import houses_on, houses_on_field
from core.sencha.narrate import TEA_NAMES, cubes_text
from core.sencha.rules import FIELD, MAX_CUBES, WORKERS
from core.sencha.state import SenchaData, Worker

__all__ = [
    "TEA_NAMES",
    "TEA_SHORT",
    "TEA_STYLES",
    "as_data",
    "context_of",
    "cubes_text",
    "load_text",
    "move_label",
    "place_name",
    "worker_name",
]

TEA_SHORT = ("Sencha", "Sakura", "Black")
"""The teas in one word each, by tea index."""
TEA_STYLES = ("green", "magenta", "yellow")
"""The colour of each tea on screen (its name is always written too)."""
KIND_NAMES = {"peasant": "Peasant", "donkey": "Donkey", "collector": "Collector", "cart": "Cart"}


def context_of(view: SenchaObservation) -> Context:
    """The components and options of the game ``view`` belongs to."""
    return lookup(view.ctx_key)


def as_data(view: SenchaObservation) -> SenchaData:
    """The view as game data for the engine's read-only checks and words (no hidden parts)."""
    return SenchaData(ctx_key=view.ctx_key, rng=Rng.from_seed(0), pub=view.pub, deck=[])


def worker_name(w: Worker) -> str:
    """ "Peasant", or "Peasant (initial)" for the initial worker."""
    name = KIND_NAMES.get(w.kind, w.kind.capitalize())
    return f"{name} (initial)" if w.initial else name


def load_text(w: Worker) -> str:
    """What a worker carries and has room for: "2 Black Tea, full", "empty, room for 2"."""
    held = sum(w.load)
    room = WORKERS[w.kind].capacity - held
    if not held:
        return f"empty, room for {room}"
    return f"{cubes_text(w.load)}, " + ("full" if room <= 0 else f"room for {room}")


def place_name(ctx: Context, dest: str) -> str:
    """A plantation's name, or "the field"."""
    return "the field" if dest == FIELD else ctx.plantation_name(dest)


def _worker(g: SenchaData, number: int) -> str:
    p = g.pub.players[g.pub.seat]
    if not 1 <= number <= len(p.workers):
        return f"worker {number}"
    return f"worker {number} ({KIND_NAMES.get(p.workers[number - 1].kind, '?')})"


def move_label(g: SenchaData, move: Move) -> str:
    """A legal move of ``g`` as the decision panel shows it: short enough for 80 columns."""
    pub = g.pub
    p = pub.players[pub.seat]
    ctx = g.ctx
    if isinstance(move, mv.Buy):
        return f"Buy a house from your reserve: {p.reserve} yen"
    if isinstance(move, mv.Build):
        if move.dest == FIELD:
            return f"Build on the field: {houses_on_field(g)} yen (+1 yen a Sell, 1 VP at the end)"
        pi = next((i for i, pl in enumerate(pub.plantations) if pl.id == move.dest), 0)
        name = ctx.plantation_name(move.dest)
        room = MAX_CUBES - sum(pub.plantations[pi].cubes)
        drawn = "5 cubes drawn onto it" if room >= 5 else f"room for {room} of 5 cubes drawn"
        if room <= 0:
            drawn = "no cube drawn (it is full)"
        return f"Build on {name}: {houses_on(g, pi)} yen, {drawn}"
    if isinstance(move, mv.Recruit):
        return RECRUIT_WORDS[move.kind.value]
    if isinstance(move, mv.Trade):
        keep = f", keeping its {TEA_NAMES[move.keep.index]}" if move.keep else ""
        return f"Trade in {_worker(g, move.worker)}{keep}"
    if isinstance(move, mv.Replace):
        gone = p.workers[move.worker - 1] if move.worker <= len(p.workers) else None
        load = f": {load_text(gone)}" if gone is not None and any(gone.load) else ""
        return f"Let {_worker(g, move.worker)} go{load} (its cubes go back to the bag)"
    if isinstance(move, mv.Produce):
        return f"Produce at {ctx.plantation_name(move.plantation)}: 1 yen, 2 cubes from the bag"
    if isinstance(move, mv.Take):
        return (
            f"W{_worker(g, move.worker)[1:]} takes 1 {TEA_NAMES[move.tea.index]} "
            f"at {ctx.plantation_name(move.plantation)}"
        )
    if isinstance(move, mv.Place):
        tea = TEA_NAMES[pub.turn.free] if 0 <= pub.turn.free < 3 else "free"
        return f"Put the {tea} cube on {_worker(g, move.worker)}"
    if isinstance(move, mv.Sale):
        t = move.tea.index
        prices = ctx.columns[pub.card][t]
        price = prices[pub.columns[t]] if prices and pub.columns[t] < len(prices) else 0
        return f"Sell 1 {TEA_NAMES[t]} from {_worker(g, move.worker)}: {price} yen"
    if isinstance(move, mv.Emperor):
        t, need, vp = ctx.offers[pub.card][move.offer - 1]
        n = pub.turn.paid + 1
        nth = f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') } of {need}" if need > 1 else "1"
        return (
            f"Give the Emperor 1 {TEA_NAMES[t]} from {_worker(g, move.worker)}: {nth} for {vp} VP"
        )
    if isinstance(move, mv.Offer):
        return f"Offer 1 {TEA_NAMES[move.tea.index]} from {_worker(g, move.worker)} to your temple"
    if isinstance(move, mv.Done):
        if pub.turn.phase == "offer":
            return "Offer nothing more: the next card comes up"
        return "Finish selling" if pub.turn.phase == "sell" else "Finish collecting"
    if isinstance(move, mv.Collect):
        return "Collect tea (produce first if you like)"
    if isinstance(move, mv.Sell):
        return "Sell tea, or give it to the Emperor for VP"
    if isinstance(move, mv.Free):
        return "Take a free cube from the bag: nothing to collect"
    if isinstance(move, mv.Pass):
        return "Pass: no action is possible"
    return str(move)


RECRUIT_WORDS = {
    "peasant": "Recruit a Peasant, 3 yen: carries 1 cube of any tea, the only one for Sencha",
    "donkey": "Recruit a Donkey, 5 yen: carries 2 cubes of one tea, no Sencha",
    "collector": "Recruit a Collector, 8 yen: 2 cubes of one or two teas, no Sencha; 1 VP",
    "cart": "Recruit a Cart, 3 yen + a Donkey/Collector: 3 cubes of one tea; 1 VP",
}
"""Each kind of worker for hire: price, load and points."""


def seat_label(seat: int, names: Sequence[str]) -> str:
    """A seat's name ("Seat 2" when it has none)."""
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
