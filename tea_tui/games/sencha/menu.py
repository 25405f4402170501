"""Sencha's decision panel: the legal moves of the step facing the player, keyed and in words.

:func:`build_menu` is pure. At the start of a turn the five actions keep fixed keys whether or
not they can be taken (1 Buy, 2 Build, 3 Recruit, 4 Collect, 5 Sell; an action that cannot be
taken stays, dimmed, with the reason); Build and Recruit open a list of where or whom when there
is a choice. Inside an action (collecting, selling, offering, choosing a worker) every step has
a key of its own: digits, then the letters of :data:`tea_tui.game_ui.ITEM_KEYS`, with ``n``
always finishing the action (collecting, selling, offering), ``f`` the free cube and ``p``
passing.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.moves import Move
from core.sencha import moves as mv
from core.sencha.legal import (
    fallback_applies,
    houses_on,
    houses_on_field,
    sell_moves,
    take_moves,
)
from core.sencha.narrate import no_produce_reason
from core.sencha.rules import MAX_HOUSES, MAX_WORKERS, WORKERS
from core.sencha.state import SenchaData
from tea_tui.game_ui import ITEM_KEYS
from tea_tui.games.sencha.words import load_text, move_label
from tea_tui.menu import Item, Menu

DONE_KEY, FREE_KEY, PASS_KEY = "n", "f", "p"
FLAT = 9
"""A Collect list longer than this asks for the worker first."""
ACTION_KEYS = {"buy": "1", "build": "2", "recruit": "3", "collect": "4", "sell": "5"}
"""The fixed key of each action at the start of a turn."""
SUBMENU_TITLES = {
    "build": "Build a house: where?",
    "recruit": "Recruit a worker: which?",
}
PHASE_TITLES = {
    "collect": "Collect: produce first if you like, then take cubes",
    "place": "The free cube: which worker carries it?",
    "sell": "Sell: cube by cube, to the card's columns or to the Emperor",
    "offer": "A column is full: offer its tea to your temple?",
    "trade": "Recruit a Cart: which worker do you trade in?",
    "replace": "You have 3 workers: which one goes for the new one?",
}
COLLECT_TAKING = "Collect: take cubes (n when you are done)"
"""The Collect step's title once a cube is taken (no more Produce)."""
PHASE_HINTS = {
    "collect": "n finishes collecting; each house lets you take one tea there",
    "sell": "n finishes selling; each key keeps its cube; an Emperor offer pays once complete",
    "offer": "offered tea scores for the temple majorities at the end; n offers no more",
    "place": "a key puts the cube on that worker",
    "trade": "the Cart keeps what fits its one-tea load; the rest goes back to the bag",
    "replace": "the worker let go leaves the game; its cubes go back to the bag",
}


def _keyed(g: SenchaData, moves: Sequence[Move], reserved: set[str]) -> list[Item]:
    """Items for ``moves``, each with the next free key (``n`` for Done)."""
    keys = iter(k for k in ITEM_KEYS if k not in reserved | {DONE_KEY, FREE_KEY, PASS_KEY})
    items = []
    for move in moves:
        key = DONE_KEY if isinstance(move, mv.Done) else next(keys, "")
        items.append(Item(move_label(g, move), key, (move,)))
    return items


def _sell_slot(move: Move) -> int | None:
    """A Sell step's fixed place in the key order: the sales by worker and tea, then the
    Emperor's offers by offer and worker, then the temple offerings by worker and tea. A key
    so stays with its cube while the other steps come and go (None for Done)."""
    teas, workers = 3, MAX_WORKERS
    if isinstance(move, mv.Sale):
        return (move.worker - 1) * teas + move.tea.index
    if isinstance(move, mv.Emperor):
        return workers * teas + (move.offer - 1) * workers + move.worker - 1
    if isinstance(move, mv.Offer):
        return workers * teas * 2 + (move.worker - 1) * teas + move.tea.index
    return None


def _sell_keyed(g: SenchaData, moves: Sequence[Move]) -> list[Item]:
    """Items for a Sell step, each move with the key of its fixed place (see
    :func:`_sell_slot`); in list order with the next free keys if the places do not fit."""
    keys = [k for k in ITEM_KEYS if k not in {DONE_KEY, FREE_KEY, PASS_KEY}]
    slots = [_sell_slot(m) for m in moves]
    used = [slot for slot in slots if slot is not None]
    if len(set(used)) != len(used) or any(slot >= len(keys) for slot in used):
        return _keyed(g, moves, set())
    items = []
    for move, slot in sorted(zip(moves, slots, strict=True), key=lambda ms: _order(ms[1])):
        key = DONE_KEY if slot is None else keys[slot]
        items.append(Item(move_label(g, move), key, (move,)))
    return items


def _order(slot: int | None) -> float:
    return float("inf") if slot is None else slot


def build_menu(g: SenchaData, legal: Sequence[Move], submenu: str) -> Menu:
    """The menu of the step facing the player to move in ``g`` (the table as its view)."""
    phase = g.pub.turn.phase
    if phase == "collect" and len(legal) > FLAT:
        return _collect_menu(g, legal, submenu)
    if phase != "action":
        items = _sell_keyed(g, legal) if phase == "sell" else _keyed(g, legal, set())
        title = PHASE_TITLES.get(phase, "Your move")
        if phase == "collect":
            title = _collect_title(g)
        elif phase == "sell" and g.pub.turn.emperor >= 0:
            title = "Emperor: give the rest of the offer"
        elif phase == "sell" and g.pub.met:
            title = "Last turn: sell onto the card, or offer tea to your temple"
        hint = PHASE_HINTS.get(phase, "")
        if phase == "replace" and g.ctx.options.discarded_workers == "supply":
            hint = "the worker let go goes back to the supply; its cubes go back to the bag"
        return Menu(title, tuple(items), hint=hint, kind="decision")
    if submenu in SUBMENU_TITLES:
        kind = mv.Build if submenu == "build" else mv.Recruit
        chosen = [m for m in legal if isinstance(m, kind)]
        if chosen:
            return Menu(
                SUBMENU_TITLES[submenu],
                tuple(_keyed(g, chosen, set())),
                hint="Esc goes back to the actions",
                kind="submenu",
            )
    return Menu(
        "Your turn: one action",
        tuple(_action_items(g, legal)),
        hint="a key or Enter; Build and Recruit ask where or whom next",
        kind="turn",
    )


def _collect_menu(g: SenchaData, legal: Sequence[Move], submenu: str) -> Menu:
    """A long Collect list: Produce and Done as they are, the cubes to take by worker."""
    by_worker: dict[int, list[Move]] = {}
    for move in legal:
        if isinstance(move, mv.Take):
            by_worker.setdefault(move.worker, []).append(move)
    if submenu.startswith("w") and submenu[1:].isdigit() and int(submenu[1:]) in by_worker:
        number = int(submenu[1:])
        return Menu(
            f"Collect: what does worker {number} take?",
            tuple(_keyed(g, by_worker[number], set())),
            hint="Esc goes back to the other workers and to Produce",
            kind="submenu",
        )
    p = g.pub.players[g.pub.seat]
    items = []
    keys = iter(k for k in ITEM_KEYS if k not in {DONE_KEY, FREE_KEY, PASS_KEY})
    # Produce first, as in the short list, so that its keys stay when the list grows or shrinks.
    for move in legal:
        if isinstance(move, mv.Produce):
            items.append(Item(move_label(g, move), next(keys), (move,)))
    for number in by_worker:
        w = p.workers[number - 1]
        label = f"Worker {number} ({w.kind.capitalize()}, {load_text(w)}) takes cubes ▸"
        items.append(Item(label, next(keys), submenu=f"w{number}"))
    for move in legal:
        if not isinstance(move, mv.Take | mv.Produce):
            key = DONE_KEY if isinstance(move, mv.Done) else next(keys)
            items.append(Item(move_label(g, move), key, (move,)))
    return Menu(_collect_title(g), tuple(items), hint=PHASE_HINTS["collect"], kind="decision")


def _collect_title(g: SenchaData) -> str:
    """The Collect step's title: Produce is offered only until the first cube is taken."""
    return COLLECT_TAKING if g.pub.turn.took else PHASE_TITLES["collect"]


def _action_items(g: SenchaData, legal: Sequence[Move]) -> list[Item]:
    p = g.pub.players[g.pub.seat]
    builds = [m for m in legal if isinstance(m, mv.Build)]
    recruits = [m for m in legal if isinstance(m, mv.Recruit)]
    items = [
        _one(g, legal, mv.Buy, "buy", _buy_label(p.reserve)),
        _several(g, builds, "build", "Build a house"),
        _several(g, recruits, "recruit", "Recruit a worker"),
        _one(g, legal, mv.Collect, "collect", "Collect tea"),
        _one(g, legal, mv.Sell, "sell", "Sell tea (or give it to the Emperor)"),
    ]
    for move in legal:
        if isinstance(move, mv.Free):
            items.append(Item(move_label(g, move), FREE_KEY, (move,)))
        elif isinstance(move, mv.Pass):
            items.append(Item(move_label(g, move), PASS_KEY, (move,)))
    return items


def _buy_label(reserve: int) -> str:
    return f"Buy a house from your reserve: {reserve} yen" if reserve else "Buy a house"


def _one(g: SenchaData, legal: Sequence[Move], kind: type[Move], name: str, label: str) -> Item:
    move = next((m for m in legal if isinstance(m, kind)), None)
    key = ACTION_KEYS[name]
    if move is None:
        return Item(label, key, reason=why_not(g, name))
    return Item(label, key, (move,))


def _several(g: SenchaData, moves: Sequence[Move], name: str, label: str) -> Item:
    key = ACTION_KEYS[name]
    if not moves:
        return Item(label, key, reason=why_not(g, name))
    if len(moves) == 1:
        return Item(move_label(g, moves[0]), key, (moves[0],))
    return Item(f"{label} ▸", key, submenu=name)


def why_not(g: SenchaData, action: str) -> str:
    """Why an action cannot be taken now, in a few words."""
    pub = g.pub
    p = pub.players[pub.seat]
    if action == "buy":
        if not p.reserve:
            return "no house left on your reserve"
        return f"you have {p.money} yen"
    if action == "build":
        if not p.area:
            return (
                "all your houses are built"
                if not p.reserve
                else ("no house in your area: buy one first (1)")
            )
        cheapest = min(
            [houses_on(g, i) for i in range(len(pub.plantations)) if houses_on(g, i) < MAX_HOUSES]
            + [houses_on_field(g)]
        )
        return f"the cheapest place costs {cheapest} yen and you have {p.money}"
    if action == "recruit":
        if not any(pub.supply):
            return "no worker is left for hire"
        cheapest = min(
            WORKERS[k].price
            for k, n in zip(("peasant", "donkey", "collector", "cart"), pub.supply, strict=True)
            if n
        )
        if p.money < cheapest:
            return f"the cheapest costs {cheapest} yen and you have {p.money}"
        if len(p.workers) >= MAX_WORKERS and all(w.initial for w in p.workers):
            return "no worker you could let go"
        return "only a Cart is left, and you have no Donkey or Collector to trade in"
    if action == "collect":
        if all(sum(w.load) >= WORKERS[w.kind].capacity for w in p.workers):
            return "every worker is full: sell first"
        if not any(p.houses):
            return "no house of yours on a plantation yet"
        if fallback_applies(g):
            return f"nothing to collect and {no_produce_reason(g)}: take a free cube (f)"
        if not take_moves(g, budget=False):
            return "nothing your workers can carry where you have houses"
        return "not possible now"
    if action == "sell":
        if not any(sum(w.load) for w in p.workers):
            return "your workers carry no tea"
        if not sell_moves(g):
            return "nothing you carry fits the card or the Emperor"
        return "not possible now"
    return "not possible now"
