"""The decision panel's contents: the legal moves of the pending decision, grouped and keyed.

:func:`build_menu` is pure: from the observation of the seat to move, its legal moves, the cards
the person has ticked so far and the sub-menu open, it returns a :class:`Menu` of
:class:`Item` values, each with a label in words, a group, a hotkey and the moves it makes.
Unavailable actions stay in the menu, dimmed, with the reason.

Keys: digits 1-9 number the choices (in the card phase they tick cards); mnemonic letters name
the actions (``p`` pass, ``e`` end the turn, ``g`` build a garden, ``u`` buy, ``c`` caravan,
``f`` ferment, ``h`` harvest, ``a`` use the top card or pay with the cheapest leaves, ``i``
Emperor track, ``n`` spend a Cup token or stop/decline, ``x`` repeat, ``+`` +1 Scroll,
``y`` draw, ``w`` slip a card under the top card). A list longer than nine goes on with ``0``
and the letters of :data:`EXTRA_KEYS` that the menu does not use already, so every item has a key of
its own; a Build list longer than nine asks for the Region first. In the turn's menu every
action keeps its key whether it can be taken or not (the expansion's Noble Court is always
``1`` and the Puerh Market ``2``), so no key changes meaning under the player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden import words as w
from core.tea_garden.actions import fee_demands, slot_fee_demands
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.move_words import label, pending_title
from tea_tui.games.tea_garden import reasons as why
from tea_tui.games.tea_garden.payment_plan import cheapest_payment
from tea_tui.menu import MENU_KEYS, Item, Menu, parent_submenu

LETTERS = {
    mv.Pass: "p",
    mv.EndTurn: "e",
    mv.Build: "g",
    mv.Buy: "u",
    mv.TakeCaravan: "c",
    mv.Ferment: "f",
    mv.Harvest: "h",
    mv.UseTop: "a",
    mv.AdvanceEmperor: "i",
    mv.SpendCupToken: "n",
    mv.Repeat: "x",
    mv.UsePlus1: "+",
    mv.AddCard: "w",
}
"""The mnemonic letter of each kind of turn move."""

EXTRA_KEYS = ("0", "a", "c", "e", "f", "g", "h", "i", "n", "p", "u", "w", "x", "y")
"""The keys that go on from 9 in a long list, in order: 0, then the action letters (none is a
key of the game screen's own: panels, scores, quit and the j/k highlight keep theirs; v and z
stay free for the settings' key map)."""
COURT_KEY, MARKET_KEY = "1", "2"
"""(Expansion) The fixed keys of the two expansion main actions in the turn's menu."""

SUBMENU_TITLES = {
    "build": "Build a garden: where, and with which Pagoda",
    "buy": "Buy an Action card",
    "caravan": "Take a Caravan: which, trade and strength",
    "cup_token": "Spend a Cup token",
    "add": "Slip a card under the top card",
    "repeat": "Repeat the secondary action",
    "court": "Noble Court: which Hall, which space",
}
BUILD_FLAT = 9
"""A Build list longer than this (over several Regions) asks for the Region first."""
BUILD_IN = "build:"
"""Prefix of the sub-menu of one Region's builds (``build:REGION``), opened from ``build``."""
_SUBMENU_OF = {
    mv.Build: "build",
    mv.Buy: "buy",
    mv.TakeCaravan: "caravan",
    mv.SpendCupToken: "cup_token",
    mv.AddCard: "add",
    mv.Repeat: "repeat",
    mv.NobleCourt: "court",
}


def build_menu(
    view: TeaGardenObservation,
    legal: Sequence[Move],
    ctx: Context,
    selection: frozenset[str] = frozenset(),
    submenu: str = "",
) -> Menu:
    """Return the menu for the decision now facing ``view.seat``.

    Args:
        view: the observation of the seat to move (``view.seat == view.to_move``).
        legal: the legal moves now.
        ctx: the shared context (names of cards and places).
        selection: cards ticked to play (card phase only).
        submenu: the sub-menu open (one of :data:`SUBMENU_TITLES`), or "".
    """
    if view.over:
        return Menu("The game is over", kind="over", hint="s scores · q quit")
    if view.pending:
        return _pending_menu(view, legal, ctx, view.pending[-1])
    if submenu:
        return _submenu(view, legal, ctx, submenu)
    if not view.turn.committed:
        return _card_menu(view, legal, ctx, selection)
    return _turn_menu(view, legal, ctx)


# --- the turn ------------------------------------------------------------------------------


def _card_menu(
    view: TeaGardenObservation, legal: Sequence[Move], ctx: Context, selection: frozenset[str]
) -> Menu:
    me = view.players[view.seat]
    t = view.turn
    ticked = set(selection) | set(t.selected)
    legal_set = set(legal)
    slot = len(me.stacks)
    fee = fee_demands_for(ctx, slot)
    items: list[Item] = []
    for card in me.hand:
        playable = mv.Select(card) in legal_set or mv.Commit(card) in legal_set
        reason = "" if playable else why.card_reason(view, ctx, card)
        chosen = card in ticked
        plan = ticked | {card}
        selects = [mv.Select(c) for c in sorted(plan) if c not in t.selected]
        moves: tuple[Move, ...] = (*selects, mv.Commit(card))
        mark = "[x]" if chosen else "[ ]"
        items.append(
            Item(
                f"{mark} {w.card_line(ctx, card)}",
                moves=moves,
                toggle=card,
                reason=reason,
                group="Play cards",
                chosen=chosen,
            )
        )
    items.extend(_free_items(view, legal, ctx))
    items.append(_pass_item(view, legal, ctx))
    items = _number(items, stable=True)
    strength = sum(ctx.cards[c].strength for c in ticked if c in ctx.cards)
    if ticked:
        names = ", ".join(ctx.card_name(c) for c in sorted(ticked))
        title = f"Play {names} (strength {strength + t.strength})"
    else:
        title = "Your turn: choose cards to play, or pass"
    fee_note = f" · slot {slot + 1} fee: {w.demand_text(tuple(fee))}" if fee else ""
    return Menu(
        title + fee_note,
        tuple(items),
        default=_first_enabled(items),
        hint="digits tick cards · Enter plays, highlighted card on top",
        kind="cards",
    )


def fee_demands_for(ctx: Context, slot: int) -> tuple[st.Demand, ...]:
    """Return the leaves owed for playing into card slot ``slot`` (0-based), fifth slot too."""
    return slot_fee_demands(ctx, slot)


def irreversible_question(ctx: Context, stacks: int, moves: Sequence[Move]) -> str:
    """Return the question to ask before ``moves`` when they cannot be taken back ("" when they
    can): passing ends the round for the seat; a card slot's fee is paid for good.

    Args:
        ctx: the game's context.
        stacks: the card slots the seat to move has filled this round.
        moves: the moves one choice makes.
    """
    if any(isinstance(m, mv.Pass) for m in moves):
        return "Pass for the rest of this round? You take no more turns until the next one."
    if any(isinstance(m, mv.Commit) for m in moves):
        fee = fee_demands_for(ctx, stacks)
        if fee:
            owed = w.demand_text(tuple(fee))
            return f"Play into card slot {stacks + 1}? Its fee, {owed}, is paid for good."
    return ""


#: The titles of the lists a main action opens, shared with the post-game analysis, which
#: names a chosen item with its list ("Build a garden: Sichuan").
LIST_TITLES: dict[type, str] = {
    mv.Build: "Build a garden",
    mv.Buy: "Buy an Action card",
    mv.TakeCaravan: "Take a Caravan",
    mv.SpendCupToken: "Spend a Cup token",
}


def _turn_menu(view: TeaGardenObservation, legal: Sequence[Move], ctx: Context) -> Menu:
    t = view.turn
    me = view.players[view.seat]
    items: list[Item] = []
    if not t.main:
        group = "Main action"
        build = why.build_reason(view, ctx)
        items.append(_kind_item(legal, mv.Build, LIST_TITLES[mv.Build], group, build))
        buy = why.buy_reason(view, ctx)
        items.append(_kind_item(legal, mv.Buy, LIST_TITLES[mv.Buy], group, buy))
        caravan = why.caravan_reason(view, ctx)
        items.append(_kind_item(legal, mv.TakeCaravan, LIST_TITLES[mv.TakeCaravan], group, caravan))
        ferment = label(view, ctx, mv.Ferment())
        items.append(_kind_item(legal, mv.Ferment, ferment, group, ""))
        items.append(
            _kind_item(
                legal,
                mv.Harvest,
                f"Extra Harvest: up to {w.plural(t.strength, 'garden')}",
                group,
                "",
            )
        )
        if any(isinstance(m, mv.AddCard) for m in legal):
            items.append(_kind_item(legal, mv.AddCard, "Slip a card under the top card", group, ""))
        if ctx.options.puerh:  # the expansion's two main actions, on fixed digits
            court = why.court_reason(view, ctx)
            item = _kind_item(legal, mv.NobleCourt, "Noble Court: place a Courtier", group, court)
            items.append(replace(item, key=COURT_KEY))
            market = why.market_reason(view, ctx)
            label_ = "Puerh Market: buy Premium Puerh"
            item = _kind_item(legal, mv.PuerhMarket, label_, group, market)
            items.append(replace(item, key=MARKET_KEY))
    top_name = ctx.card_name(t.top)
    offers = ctx.cards[t.top].top if t.top in ctx.cards else ()
    first_extra = 3 if ctx.options.puerh else 1  # past the Court's and the Market's digits
    for i in range(len(offers)):
        move = mv.UseTop(i + 1)
        used = i < len(t.used_top) and t.used_top[i]
        reason = ""
        if move not in legal:
            reason = "already used" if used else why.top_reason(view, ctx, offers[i])
        items.append(
            Item(
                label(view, ctx, move),
                key="a" if i == 0 else str(first_extra + i - 1),
                moves=(move,),
                reason=reason,
                group="Top card",
            )
        )
    repeats = [m for m in legal if isinstance(m, mv.Repeat)]
    if repeats:  # the label says what the repeat costs before it is spent
        action = w.SECONDARY_WORDS.get(t.secondary, "the secondary action")
        text = label(view, ctx, repeats[0]) if len(repeats) == 1 else f"Repeat {action}"
        items.append(_kind_item(legal, mv.Repeat, text, "Free actions", ""))
    items.extend(_free_items(view, legal, ctx))
    end_reason = "" if mv.EndTurn() in legal else "choose a main action first"
    end = mv.EndTurn()
    items.append(Item(label(view, ctx, end), "e", (end,), reason=end_reason, group="Turn"))
    items = _number(items, stable=True)
    del me
    return Menu(
        f"Strength {t.strength} · top card {top_name}",
        tuple(items),
        default=_first_enabled(items),
        hint="letters or digits choose · Esc undoes",
        kind="turn",
    )


def _free_items(view: TeaGardenObservation, legal: Sequence[Move], ctx: Context) -> list[Item]:
    me = view.players[view.seat]
    group = "Free actions"
    items: list[Item] = []
    rows = ctx.components.emperor_track.rows
    if me.emperor_row < len(rows):
        row = rows[me.emperor_row]
        reason = "" if mv.AdvanceEmperor() in legal else why.emperor_reason(view, ctx)
        text = (
            f"Emperor track row {me.emperor_row + 1} ({row.tokens} tokens, "
            f"{w.cost_text(row.leaf)}): {w.effect_text(row.reward)}"
        )
        items.append(Item(text, "i", (mv.AdvanceEmperor(),), reason=reason, group=group))
    if any(isinstance(m, mv.SpendCupToken) for m in legal):
        items.append(_kind_item(legal, mv.SpendCupToken, LIST_TITLES[mv.SpendCupToken], group, ""))
    plus1 = mv.UsePlus1()
    if plus1 in legal:
        items.append(Item(label(view, ctx, plus1), "+", (plus1,), group=group))
    return items


def _pass_item(view: TeaGardenObservation, legal: Sequence[Move], ctx: Context) -> Item:
    move = mv.Pass()
    reason = "" if move in legal else "you took a free action, so you must play"
    return Item(label(view, ctx, move), "p", (move,), reason=reason, group="Turn")


def _kind_item(
    legal: Sequence[Move], kind: type[Move], label: str, group: str, reason: str
) -> Item:
    """One item for every legal move of ``kind``: the move itself, or a sub-menu of them."""
    moves = [m for m in legal if isinstance(m, kind)]
    key = LETTERS.get(kind, "")
    if not moves:
        return Item(label, key, reason=reason or "not possible now", group=group)
    if len(moves) == 1 or kind not in _SUBMENU_OF:
        return Item(label, key, (moves[0],), group=group)
    return Item(f"{label} ({len(moves)} choices)…", key, submenu=_SUBMENU_OF[kind], group=group)


def _submenu(view: TeaGardenObservation, legal: Sequence[Move], ctx: Context, name: str) -> Menu:
    region = name[len(BUILD_IN) :] if name.startswith(BUILD_IN) else ""
    kind_name = "build" if region else name
    kinds = [k for k, v in _SUBMENU_OF.items() if v == kind_name]
    moves = [m for m in legal if kinds and isinstance(m, kinds[0])]
    title = SUBMENU_TITLES.get(name, name)
    if region:
        moves = [m for m in moves if isinstance(m, mv.Build) and m.region == region]
        title = f"Build in {w.region_words(ctx, region)}: which space and Pagoda"
    builds = [m for m in moves if isinstance(m, mv.Build)]
    if name == "build" and len(builds) > BUILD_FLAT and len({m.region for m in builds}) > 1:
        items = _region_items(view, ctx, builds)
        title = "Build a garden: in which Region (then the space and Pagoda)"
    else:
        where = f"{w.region_words(ctx, region)}: " if region else ""
        labels = [move_label(view, ctx, m) for m in moves]
        if where:  # the Region is in the title: the rest of the label, as a sentence
            labels = [t.removeprefix(where) for t in labels]
            labels = [t[:1].upper() + t[1:] for t in labels]
        items = [Item(t, moves=(m,)) for t, m in zip(labels, moves, strict=True)]
    items = _number(items)
    return Menu(
        title,
        tuple(items),
        default=0,
        hint="digits choose · Esc goes back",
        kind="submenu",
    )


def _region_items(view: TeaGardenObservation, ctx: Context, builds: list[mv.Build]) -> list[Item]:
    """One item per Region of a long Build list, opening that Region's builds."""
    items = []
    for region_id in dict.fromkeys(m.region for m in builds):
        here = [m for m in builds if m.region == region_id]
        if len(here) == 1:  # nothing more to choose there: the item builds
            items.append(Item(move_label(view, ctx, here[0]), moves=(here[0],)))
            continue
        region = ctx.region(region_id)
        best = max(region.spaces[m.space - 1].vp for m in here)
        vp = f", up to {best} VP" if best else ""
        token = view.board.region_tokens.get(region_id)
        bonus = ""
        if token and token in ctx.region_tokens:
            bonus = f" + {w.effect_text(ctx.region_tokens[token].bonus)}"
        text = f"{w.region_words(ctx, region_id)}: {w.plural(len(here), 'choice')}{vp}{bonus}…"
        items.append(Item(text, submenu=BUILD_IN + region_id))
    return items


# --- pending decisions ---------------------------------------------------------------------


def _pending_menu(
    view: TeaGardenObservation, legal: Sequence[Move], ctx: Context, top: st.AnyPending
) -> Menu:
    items: list[Item] = []
    kind = "decision"
    if isinstance(top, st.PayLeaves):
        kind = "pay"
        me = view.players[view.seat]
        plan = cheapest_payment(me.fresh, me.fermented, top.demands)
        if plan:
            marks = " ".join(w.leaf(m.side, m.quality) for m in plan)
            items.append(Item(f"Pay the cheapest: {marks}", "a", tuple(plan), group="Quick"))
    for move in legal:
        key = {mv.Stop: "n", mv.DrawCards: "y"}.get(type(move), "")
        group = "Leaves" if kind == "pay" else ""
        items.append(Item(move_label(view, ctx, move), key, (move,), group=group))
    stable = isinstance(top, st.ChooseOption | st.BuyPuerh)
    if stable:  # every option in its place, those out of reach dimmed with the reason
        items = _with_unoffered(view, ctx, top, items)
    items = _number(items, stable=stable)
    return Menu(
        pending_title(view, ctx, top),
        tuple(items),
        default=0,
        hint="a pays the cheapest · digits choose" if kind == "pay" else "digits choose",
        kind=kind,
    )


def _with_unoffered(
    view: TeaGardenObservation, ctx: Context, top: st.AnyPending, items: list[Item]
) -> list[Item]:
    """The items of a choice of options or of Market tokens in their printed order, with the
    ones the engine does not offer added, dimmed, with the reason; Stop stays last."""
    offered = {m: item for item in items for m in item.moves}
    rest = [item for item in items if mv.Stop() in item.moves]
    ordered: list[Item] = []
    if isinstance(top, st.ChooseOption):
        for i, option in enumerate(top.options, start=1):
            move: Move = mv.ChooseOption(i)
            reason = why.option_reason(view, ctx, option)
            ordered.append(offered.get(move) or Item(move_label(view, ctx, move), reason=reason))
    elif isinstance(top, st.BuyPuerh) and top.n and view.board.court is not None:
        for slot, token in enumerate(view.board.court.market, start=1):
            move = mv.BuyPremium(slot)
            if move in offered:
                ordered.append(offered[move])
            elif token:
                reason = why.premium_reason(ctx, token)
                ordered.append(Item(move_label(view, ctx, move), reason=reason))
    return ordered + rest


# --- labels --------------------------------------------------------------------------------


def move_label(view: TeaGardenObservation, ctx: Context, move: Move) -> str:
    """Return a short label in words for one legal move, as the seat to move sees it."""
    return label(view, ctx, move)


def _number(items: list[Item], *, stable: bool = False) -> list[Item]:
    """Give the items without a key the digits 1-9 in order, then the letters of
    :data:`EXTRA_KEYS` that no item of the menu uses already.

    With ``stable`` every such item gets one, so an item that cannot be taken keeps its place
    in the numbering; otherwise only the items that can be chosen are numbered.
    """
    used = {item.key for item in items if item.key}
    free = iter(k for k in (*(str(n) for n in range(1, 10)), *EXTRA_KEYS) if k not in used)
    out: list[Item] = []
    for item in items:
        if not item.key and (stable or item.enabled):
            item = replace(item, key=next(free, ""))
        out.append(item)
    return out


def _first_enabled(items: Sequence[Item]) -> int:
    return next((i for i, item in enumerate(items) if item.enabled), 0)


__all__ = [
    "LETTERS",
    "MENU_KEYS",
    "Item",
    "Menu",
    "build_menu",
    "cheapest_payment",
    "fee_demands",
    "move_label",
    "parent_submenu",
    "pending_title",
]
