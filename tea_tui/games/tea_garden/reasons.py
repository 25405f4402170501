"""Why a choice of the decision panel cannot be taken now, in words, and the true reason.

Each function looks at the observation of the seat to move (never a full state) and repeats the
engine's own conditions for one kind of move (``core.tea_garden.actions``, ``court``,
``puerh``, ``flow``), so that the reason names what is really missing: the strength, the
leaves of a given quality, a free space, a Courtier. They are called only for moves the engine
did not offer; the tests check each reason against positions where the move is refused.
"""

from __future__ import annotations

from core.tea_garden import effects as fx
from core.tea_garden import state as st
from core.tea_garden import words as w
from core.tea_garden.actions import EXTRA_BORDER, missing_teapots, slot_fee_demands
from core.tea_garden.components import LeafCost
from core.tea_garden.context import Context
from core.tea_garden.flow import card_slots
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.payments import bins_of, can_pay, cost_demands
from core.tea_garden.puerh import market_limit


def _me(view: TeaGardenObservation) -> st.PlayerState:
    return view.players[view.seat]


def _pays(view: TeaGardenObservation, cost: LeafCost) -> bool:
    return can_pay(bins_of(_me(view)), cost_demands(cost))


def _leaves_words(cost: LeafCost) -> str:
    """A leaf cost as a phrase: "1 leaf of quality 3 or more", "2 leaves and 1 fermented"."""
    parts = []
    if cost.green:
        parts.append(w.plural(cost.green, "leaf", "leaves"))
    if cost.brown:
        parts.append(f"{cost.brown} fermented")
    text = " and ".join(parts)
    if cost.quality > 1:
        text += f" of quality {cost.quality} or more"
    return text


def card_phase_block(view: TeaGardenObservation, ctx: Context) -> str:
    """Why no turn can start now ("" when one can): no card slot left, or no card in hand."""
    me = _me(view)
    if len(me.stacks) >= card_slots(ctx):
        return "no card slot left this round"
    if not me.hand and not view.turn.selected:
        return "no card in hand to play"
    return ""


def card_reason(view: TeaGardenObservation, ctx: Context, card: str) -> str:
    """Why ``card`` cannot be played (or ticked) now."""
    blocked = card_phase_block(view, ctx)
    if blocked:
        return blocked
    me = _me(view)
    slot = len(me.stacks)
    fee = slot_fee_demands(ctx, slot)
    if fee and not can_pay(bins_of(me), fee):
        return f"the fee of card slot {slot + 1} is {w.demand_text(tuple(fee))}, more than you have"
    chosen = view.turn.selected
    if chosen and card < max(chosen):
        first = ctx.card_name(max(chosen))
        return f"{first} was chosen first and this card cannot join it; Esc takes that back"
    return "cannot be played now"


def emperor_reason(view: TeaGardenObservation, ctx: Context) -> str:
    """Why the Emperor track cannot be climbed now."""
    me = _me(view)
    rows = ctx.components.emperor_track.rows
    if me.emperor_row >= len(rows):
        return "you are at the top of the track"
    if not view.turn.committed:
        blocked = card_phase_block(view, ctx)
        if blocked:
            return blocked
    row = rows[me.emperor_row]
    missing = []
    if me.emperor_tokens < row.tokens:
        have = me.emperor_tokens
        missing.append(f"{w.plural(row.tokens, 'Emperor token')} (you have {have})")
    if not _pays(view, row.leaf):
        mine = (
            "you have none" if not (any(me.fresh) or any(me.fermented)) else "none of yours pays it"
        )
        missing.append(f"{_leaves_words(row.leaf)} ({mine})")
    if missing:
        return "needs " + " and ".join(missing)
    return "not possible now"


def build_reason(view: TeaGardenObservation, ctx: Context) -> str:
    """Why no garden can be built now."""
    me = _me(view)
    strength = view.turn.strength
    needs = [r for r, here in zip(ctx.components.board.pagodas, me.pagodas, strict=True) if here]
    if not needs:
        return "no Pagoda left on your board"
    cheapest = min(needs)
    mine = set(me.gardens)
    near = far = False
    for r in range(len(ctx.regions)):
        if r in mine or not me.gardens or all(o >= 0 for o in view.board.spaces[r]):
            continue
        dist = min(ctx.distance[g][r] for g in me.gardens)
        near = near or dist == 1
        far = far or dist == 2
    if near:
        return f"the cheapest Pagoda needs strength {cheapest} (you have {strength})"
    if far:
        return (
            "the Regions next to your gardens are full; one border further needs strength "
            f"{cheapest + EXTRA_BORDER} (Pagoda {cheapest} + {EXTRA_BORDER}; you have {strength})"
        )
    return "no free garden space within two borders of your gardens"


def buy_reason(view: TeaGardenObservation, ctx: Context) -> str:
    """Why no Action card can be bought now."""
    me = _me(view)
    strength = view.turn.strength
    slots = ctx.components.display.slot_strength
    shown = [(i, c) for i, c in enumerate(view.board.action_display) if c]
    if not shown:
        return "the display is empty"
    within = [(i, c) for i, c in shown if slots[i] <= strength]
    if not within:
        cheapest = min(slots[i] for i, _ in shown)
        return f"the first card on display needs strength {cheapest} (you have {strength})"
    teapots: list[str] = []
    for stack in me.stacks:
        teapots.extend(ctx.cards[stack[-1]].teapots)
    leaves = pots = False
    for _, card_id in within:
        card = ctx.action_cards[card_id]
        leaves = leaves or not _pays(view, card.price)
        pots = pots or missing_teapots(card.teapots_needed, teapots) > 0
    one = len(within) == 1
    reach = f"the {'card' if one else w.plural(len(within), 'card')} within strength {strength}"
    more = ""
    if len(within) < len(shown):
        more = f"; strength {slots[len(within)]} reaches card {len(within) + 1}"
    if pots and not leaves:
        return f"{reach} {'needs' if one else 'need'} Teapots you cannot show or pay for{more}"
    cost = "costs" if one else "cost"
    if leaves and not pots:
        return f"{reach} {cost} more leaves than you have{more}"
    return f"{reach} {cost} more leaves or Teapots than you have{more}"


def caravan_reason(view: TeaGardenObservation, ctx: Context) -> str:
    """Why no Caravan can be taken now."""
    strength = view.turn.strength
    shown = [ctx.caravans[c] for c in view.board.caravan_display if c]
    if not shown:
        return "no Caravan on display"
    reached = [c for c in shown if any(o.strength <= strength for o in c.strengths)]
    if not reached:
        cheapest = min(o.strength for c in shown for o in c.strengths)
        return f"the cheapest Caravan needs strength {cheapest} (you have {strength})"
    if not any(_pays(view, t.cost) for c in shown for t in c.trades):
        return "you cannot pay the leaves of any Caravan's trade"
    return f"you cannot pay a trade of the Caravans within strength {strength}"


def court_reason(view: TeaGardenObservation, ctx: Context) -> str:
    """(Expansion) Why no Courtier can be placed now."""
    me = _me(view)
    court, layout = view.board.court, ctx.components.court
    if court is None or layout is None:
        return "the Noble Court is not in this game"
    if me.courtiers <= 0:
        placed = sum(o == view.seat for hall in court.occupancy for o in hall)
        notes = []
        if placed:
            notes.append(f"{placed} under the Halls come back when the round's Halls score")
        if me.courtiers_waiting:
            notes.append(f"{me.courtiers_waiting} more come with fulfilled Imperial Decrees")
        return "no Courtier ready" + (f" ({'; '.join(notes)})" if notes else "")
    free = [layout.hall_spaces[k] for hall in court.occupancy for k, o in enumerate(hall) if o < 0]
    if not free:
        return "every Courtier space is taken"
    strength = view.turn.strength
    return f"the cheapest free space needs strength {min(free)} (you have {strength})"


def market_reason(view: TeaGardenObservation, ctx: Context) -> str:
    """(Expansion) Why no Premium Puerh can be bought now."""
    court = view.board.court
    if court is None:
        return "the Puerh Market is not in this game"
    strength = view.turn.strength
    if not market_limit(strength):
        return f"needs strength 1 (you have {strength})"
    tokens = [ctx.puerh_tokens[t] for t in court.market if t]
    if not tokens:
        return "the Premium Market is empty"
    cheapest = min(tokens, key=lambda t: (t.cost.count, t.cost.quality))
    price = _leaves_words(cheapest.cost)
    return f"you cannot pay for any token in the Market (the cheapest costs {price})"


def premium_reason(ctx: Context, token: str) -> str:
    """(Expansion) Why the Premium Puerh token ``token`` in the Market cannot be bought."""
    return f"costs {_leaves_words(ctx.puerh_tokens[token].cost)}, more than you can pay"


def top_reason(view: TeaGardenObservation, ctx: Context, effect: fx.Effect) -> str:
    """Why an offer of the top card would change nothing now (the engine does not offer it)."""
    del view  # the reasons follow from the effect; the engine checked the position
    if isinstance(effect, fx.Secondary):
        if effect.action == "river":
            return "your Boat is at the end of the River"
        if effect.action == "cup":
            return "none of your gardens is in a Province with Cup tiles left"
    if isinstance(effect, fx.Ferment):
        return "you have no fresh leaf to ferment"
    if isinstance(effect, fx.Draw | fx.DrawDiscard):
        return "your draw deck and discard pile are empty"
    if isinstance(effect, fx.RemoveCard):
        return "you have no card left in hand, deck or discard pile"
    if isinstance(effect, fx.SellLeaves):
        return "you have no leaves to sell"
    if isinstance(effect, fx.GainCupToken):
        return "you have no Cup connection to put a token on yet"
    if isinstance(effect, fx.TakeEmperorCard):
        return "no Emperor card is on display"
    if isinstance(effect, fx.GainBasicPuerh):
        return "the Puerh Storage is empty"
    if isinstance(effect, fx.GainScroll):
        return "no Scroll of that kind is left"
    if isinstance(effect, fx.Choice):
        return "none of its options would change anything now"
    return "it would change nothing now"


_ALWAYS = (fx.GainLeaves, fx.GainEmperorTokens, fx.ScoreVP, fx.GainGardenLeaves)
"""Effects that can always be taken (the engine never refuses them)."""


def option_reason(view: TeaGardenObservation, ctx: Context, option: fx.Effects) -> str:
    """Why one option of a choice (a slash, a Hall's gains) is not offered: the reason of the
    first of its effects that can be refused."""
    for effect in option:
        if isinstance(effect, _ALWAYS):
            continue
        if isinstance(effect, fx.Secondary) and effect.action not in ("river", "cup"):
            continue
        return top_reason(view, ctx, effect)
    return "it would change nothing now"
