"""Each seat's board as lines of text, Lu Yu's board in a solo game, and the short status line.

A seat's hand is listed only for the observing seat (the observation holds no other hand);
other seats show what the table sees: counts, pieces, played cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from core.tea_garden import words as w
from core.tea_garden.context import Context
from core.tea_garden.entry import LUYU_LEVELS
from core.tea_garden.flow import card_slots
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.narrate_luyu import POSITION, bonus_priority, front_text
from core.tea_garden.puerh import CAKE_SIZE, cake_vp
from core.tea_garden.state import LuYuState, PlayerState
from tea_tui.games.tea_garden.menu import fee_demands_for
from tea_tui.games.tea_garden.plain.board_lines import offer_words, seat_name
from tea_tui.games.tea_garden.scores import observed_points
from tea_tui.games.tea_garden.session import TeaGardenSession as GameSession
from tea_tui.games.tea_garden.turns import turns_left
from tea_tui.plain.texts import join

BONUS_WORDS = {
    "leaves": "leaves",
    "emperor_tokens": "Emperor tokens",
    "scroll": "Scroll",
    "cup_token": "Cup token",
    "draw": "drawing",
    "remove": "removing a card",
    "ferment": "fermenting",
    "vp": "VP",
    "basic_puerh": "Puerh",
}
"""The kinds of Region token in Lu Yu's order for breaking Build ties."""


def status_lines(session: GameSession, view: TeaGardenObservation, width: int = 80) -> list[str]:
    """Return the status: the round, who moves, the strength played and everyone's turns left;
    one line, or two when one would be wider than ``width``."""
    seat = view.to_move
    t = view.turn
    chosen = sum(session.ctx.cards[c].strength for c in t.selected if c in session.ctx.cards)
    strength = t.strength if t.committed else t.strength + chosen
    left = ", ".join(
        f"{session.turns_left(s)} for {session.names[s]}" for s in range(len(session.names))
    )
    first = f"Round {view.round} of {ROUNDS}, {session.names[seat]} to move, strength {strength}."
    second = f"Turns left: {left}."
    if len(first) + len(second) < width:
        return [f"{first} {second}"]
    return [first, second]


# --- one seat's board ------------------------------------------------------------------------


def seat_lines(
    view: TeaGardenObservation, ctx: Context, names: Sequence[str], seat: int
) -> list[str]:
    """Return a seat's board: the observer's own in full (hand included), another's as the
    table sees it; Lu Yu's seat as his own board."""
    lu = view.luyu
    if lu is not None and lu.seat == seat:
        return luyu_lines(view, ctx, names)
    p = view.players[seat]
    own = seat == view.seat
    who = f"{seat_name(names, seat)}{' (you)' if own else ''}"
    state = "has passed" if p.passed else f"{w.plural(turns_left(view, ctx, seat), 'turn')} left"
    lines = [
        f"{who}: {p.vp} VP on the track, {w.plural(p.emperor_tokens, 'Emperor token')}, {state}.",
        f"  Scrolls: +1 {p.plus1}, Teapot {p.teapot_scrolls}, x2 {p.x2}.",
        f"  Fresh leaves: {_leaves(p.fresh)}.",
        f"  Fermented leaves: {_leaves(p.fermented)}.",
        *_pieces(p, ctx),
        *_played(view, ctx, seat, p),
    ]
    if own:
        lines += _hand(view, ctx, p)
    else:
        hand = view.hand_sizes[seat]
        lines.append(
            f"  Hand: {w.plural(hand, 'card')}; {len(view.hand_and_draw[seat]) - hand} in the "
            f"deck; {len(p.discard)} discarded."
        )
    lines += _cups(p, ctx)
    if ctx.options.puerh:
        lines += _puerh(p, ctx)
    return lines


def _leaves(baskets: Sequence[int]) -> str:
    held = [f"{n} of quality {q + 1}" for q, n in enumerate(baskets) if n]
    return f"{join(held)} ({sum(baskets)} in all)" if held else "none"


def _pieces(p: PlayerState, ctx: Context) -> list[str]:
    needs = [
        str(n) for n, left in zip(ctx.components.board.pagodas, p.pagodas, strict=False) if left
    ]
    pagodas = f"{len(needs)}, needing strength {', '.join(needs)}" if needs else "none"
    gardens = [ctx.regions[i].name for i in p.gardens if 0 <= i < len(ctx.regions)]
    last = len(ctx.components.river.segments) - 1
    boat = "at the start" if p.boat == 0 else f"at segment {p.boat} of {last}"
    uni = f"sector {p.uni_sector} part {'AB'[p.uni_part]}" if p.uni_sector else "the start"
    centre = f", {p.uni_centre} in the centre" if p.uni_centre else ""
    lines = [
        f"  Pagodas left: {pagodas}. Workers in supply: {p.workers}.",
        f"  Gardens: {join(gardens)}. Caravans: {join([ctx.name(c) for c in p.caravans])}.",
        f"  Boat {boat}; University Worker at {uni}{centre}; Emperor track row {p.emperor_row}.",
    ]
    if ctx.options.puerh:
        lines.append(
            f"  Courtiers: {p.courtiers} ready, {p.courtiers_waiting} waiting; "
            f"{p.hall_vp} VP from Halls."
        )
    return lines


def _played(view: TeaGardenObservation, ctx: Context, seat: int, p: PlayerState) -> list[str]:
    live = seat == view.to_move and view.turn.committed
    lines = ["  Played this round:"]
    for slot in range(card_slots(ctx)):
        if slot < len(p.stacks) and p.stacks[slot]:
            stack = p.stacks[slot]
            last = live and slot == len(p.stacks) - 1
            power = view.turn.strength if last else sum(ctx.cards[c].strength for c in stack)
            under = [ctx.card_name(c) for c in reversed(stack[:-1])]
            over = f" on top of {join(under)}" if under else ""
            text = f"{ctx.card_name(stack[-1])}{over}, strength {power}"
        else:
            fee = fee_demands_for(ctx, slot)
            text = "empty" + (f", fee {w.demand_text(tuple(fee))}" if fee else "")
        lines.append(f"    Slot {slot + 1}: {text}.")
    t = view.turn
    if seat == view.to_move and not view.over:
        if t.committed:
            main = "main action done" if t.main else "main action still to do"
            lines.append(
                f"  This turn: {ctx.card_name(t.top)} on top, strength {t.strength}, {main}; "
                f"{offer_words(ctx, t.top)}."
            )
        elif t.selected:
            chosen = join([ctx.card_name(c) for c in t.selected])
            lines.append(f"  This turn: chosen so far {chosen}.")
    return lines


def _hand(view: TeaGardenObservation, ctx: Context, p: PlayerState) -> list[str]:
    lines = [
        f"  Hand, {w.plural(len(p.hand), 'card')} ({len(p.draw)} in the deck, "
        f"{len(p.discard)} discarded):"
    ]
    lines += [f"    {w.card_line(ctx, card)}" for card in p.hand]
    return lines


def _cups(p: PlayerState, ctx: Context) -> list[str]:
    if not p.cup_rows:
        return ["  Cup rows: none yet."]
    lines = []
    for r, row in enumerate(p.cup_rows):
        tiles = [ctx.cup_tiles[t] for t in row if t in ctx.cup_tiles]
        pairs = [
            f"{ctx.province_name(t.left.colour)}-{ctx.province_name(t.right.colour)}" for t in tiles
        ]
        if len(tiles) < 2:
            lines.append(f"  Cup row {r + 1}: {', '.join(pairs)}; no connection yet.")
            continue
        matched = sum(a.right.colour == b.left.colour for a, b in pairwise(tiles))
        tokens = p.cup_tokens[r] if r < len(p.cup_tokens) else []
        placed = [f"{n} on connection {k + 1}" for k, n in enumerate(tokens) if n]
        lines.append(
            f"  Cup row {r + 1}: {', '.join(pairs)}; {matched} of {len(tiles) - 1} "
            f"connections match; Cup tokens: {join(placed)}."
        )
    return lines


def _puerh(p: PlayerState, ctx: Context) -> list[str]:
    if not p.puerh_sets:
        return ["  Puerh sets: none yet."]
    lines = []
    for i, cake in enumerate(p.puerh_sets):
        tokens = [ctx.puerh_tokens[t] for t in cake if t in ctx.puerh_tokens]
        words = [
            f"{w.plural(t.stars, 'star')}, centre value {t.value}"
            if t.value
            else w.plural(t.stars, "star")
            for t in tokens
        ]
        state = (
            f"a complete cake worth {cake_vp(ctx, cake)} VP"
            if len(cake) >= CAKE_SIZE
            else f"open, {len(cake)} of {CAKE_SIZE} tokens"
        )
        lines.append(f"  Puerh set {i + 1}, {state}: {'; '.join(words)}.")
    return lines


# --- Lu Yu -----------------------------------------------------------------------------------


def luyu_lines(view: TeaGardenObservation, ctx: Context, names: Sequence[str]) -> list[str]:
    """Return Lu Yu's board: his points so far, leaves, the cards he played this round, the top
    card of his deck (its front, and the indicators on its back), his piles and pieces."""
    lu = view.luyu
    if lu is None:
        return []
    p = view.players[lu.seat]
    level = LUYU_LEVELS[lu.experts] if 0 <= lu.experts < len(LUYU_LEVELS) else "?"
    points = sum(observed_points(view, ctx, lu.seat).values())
    turns = 0 if p.passed else max(0, card_slots(ctx) - len(lu.slots))
    state = "has passed" if p.passed else f"{w.plural(turns, 'turn')} left"
    fresh, fermented = sum(p.fresh), sum(p.fermented)
    cards = [c for c in p.discard if c in ctx.action_cards]
    lines = [
        f"{seat_name(names, lu.seat)} (the automa, {level}): {points} points if the game "
        f"ended now, {state}.",
        f"  Leaves: {fresh} fresh and {fermented} fermented (quality does not count for him); "
        f"Emperor track space {p.emperor_row}, {w.plural(p.emperor_tokens, 'Emperor token')}.",
        f"  Caravans {len(p.caravans)}, Action cards {len(cards)}, Emperor cards removed "
        f"{len(p.removed)}; gardens {len(p.gardens)}, Pagodas left {sum(p.pagodas)}.",
        *_luyu_slots(lu, ctx),
        *_luyu_top(view, lu, ctx),
    ]
    if ctx.options.puerh:
        cakes = sum(1 for cake in p.puerh_sets if len(cake) >= CAKE_SIZE)
        lines.append(
            f"  Courtiers {p.courtiers} ready, {p.courtiers_waiting} waiting; "
            f"{w.plural(cakes, 'Puerh cake')}; {p.hall_vp} VP from Halls."
        )
    return lines


def _luyu_slots(lu: LuYuState, ctx: Context) -> list[str]:
    lines = [
        "  His cards this round (rows in order; in '(else ...)', what he gains when the row's "
        "action cannot be done):"
    ]
    for slot in range(max(card_slots(ctx), len(lu.slots))):
        if slot < len(lu.slots):
            card = ctx.luyu_cards.get(lu.slots[slot])
            front = front_text(card, ctx.options.puerh) if card else "?"
            lines.append(f"    Slot {slot + 1}: {ctx.name(lu.slots[slot])}, {front}.")
        else:
            lines.append(f"    Slot {slot + 1}: empty.")
    return lines


def _luyu_top(view: TeaGardenObservation, lu: LuYuState, ctx: Context) -> list[str]:
    card = ctx.luyu_cards.get(lu.draw[-1]) if lu.draw else None
    piles = ", ".join(f"{k} {n}" for k, n in sorted(view.luyu_pile_sizes.items()))
    head = (
        f"  His deck: {w.plural(view.luyu_draw_size, 'card')}; Advanced piles: {piles or 'none'}."
    )
    if card is None:
        return [head]
    priority = ", ".join(ctx.province_name(p) for p in card.province_priority)
    ties = [BONUS_WORDS.get(tag, tag) for tag in bonus_priority(card, ctx.options.puerh)]
    lines = [
        head,
        f"  Top card {card.name} (he plays it next): {front_text(card, ctx.options.puerh)}.",
        f"  Its back: strength {card.strength}, {w.SECONDARY_WORDS.get(card.secondary, '?')}, "
        f"Caravan {POSITION.get(card.caravan, '?')}, "
        f"Emperor card {POSITION.get(card.emperor, '?')}.",
        f"  Cup tiles from {priority}; Build ties by {', '.join(ties)}.",
    ]
    if ctx.options.puerh:
        halls = ", ".join(str(h) for h in card.hall_priority)
        market = ", ".join(str(m) for m in card.market_order)
        lines.append(f"  Halls in the order {halls}; Market slots in the order {market}.")
    return lines
