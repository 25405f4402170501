"""Main actions (Build, Buy, Caravan, Fermentation, Extra Harvest), the Emperor track, the
repeat of a secondary action and every leaf payment.

Each action that costs leaves pushes a :class:`~core.tea_garden.state.PayLeaves`; the player pays
leaf by leaf, and when the last leaf is paid :func:`finish_payment` completes the action named by
the payment's purpose.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Context, lookup
from core.tea_garden.decisions import (
    REPEAT_SOURCE,
    perform_secondary,
    push_effects,
    secondary_possible,
)
from core.tea_garden.payments import Bins, assign, bins_of, can_pay, cost_demands
from core.tea_garden.puerh import finish_premium
from core.tea_garden.state import Demand, GameData, PlayerState, deal

EXTRA_BORDER = 2
"""BUILD-04: strength surcharge for building one border further away."""
TEAPOT_LEAVES = 3
TEAPOT_FERMENTED = 2
REPEAT_FERMENTED = 3


# --- Build ---------------------------------------------------------------------------------


def build_moves(g: GameData) -> list[Move]:
    """BUILD-01..12: every distinct Pagoda x Region x garden-space choice within strength."""
    ctx = g.ctx
    p = g.me
    s = g.turn.strength
    requirements = ctx.components.board.pagodas
    spots: dict[int, int] = {}
    for i, here in enumerate(p.pagodas):
        if here and requirements[i] not in spots:
            spots[requirements[i]] = i
    if not spots:
        return []
    moves: list[Move] = []
    for r, extra in _reachable(ctx, tuple(p.gardens)):
        region = ctx.regions[r]
        spaces: dict[int, int] = {}
        for k, owner in enumerate(g.board.spaces[r]):
            vp = region.spaces[k].vp
            if owner < 0 and vp not in spaces:
                spaces[vp] = k
        for req, spot in sorted(spots.items()):
            if req + extra <= s:
                moves.extend(mv.Build(spot + 1, region.id, k + 1) for k in sorted(spaces.values()))
    return moves


def _reachable(ctx: Context, gardens: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The Regions one or two borders from the nearest of ``gardens`` and not among them
    (BUILD-04, BUILD-06), in board order, each with its strength surcharge."""
    return _reachable_in(ctx.key, gardens)


@lru_cache(maxsize=16384)
def _reachable_in(key: str, gardens: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    # Cached: simulations ask again at every Build they consider, for the same few gardens.
    ctx = lookup(key)
    reach = []
    for r in range(len(ctx.regions)):
        if r in gardens:
            continue
        dist = min(ctx.distance[gdn][r] for gdn in gardens)
        if dist in (1, 2):
            reach.append((r, 0 if dist == 1 else EXTRA_BORDER))
    return tuple(reach)


def do_build(g: GameData, move: mv.Build) -> None:
    """Place the Pagoda, score the space, gain the Region's token (BUILD-08/09)."""
    ctx = g.ctx
    p = g.me
    r = ctx.region_index[move.region]
    p.pagodas[move.spot - 1] = False
    g.board.spaces[r][move.space - 1] = g.seat
    p.gardens.append(r)
    p.vp += ctx.regions[r].spaces[move.space - 1].vp
    token = g.board.region_tokens.get(move.region)
    if token:
        push_effects(g, ctx.region_tokens[token].bonus, f"region:{move.region}")


# --- Buy -----------------------------------------------------------------------------------


def visible_teapots(p: PlayerState, g: GameData) -> list[str]:
    """TEAPOT-03: the Teapots on the top card of each stack played this round."""
    cards = g.ctx.cards
    found: list[str] = []
    for stack in p.stacks:
        found.extend(cards[stack[-1]].teapots)
    return found


def missing_teapots(needed: tuple[str, ...], have: list[str]) -> int:
    """Return how many required Teapots the visible ones cannot cover (best matching)."""
    # Coloured needs first, each by its own colour, else a neutral; "any" takes what is left.
    pool = list(have)
    missing = 0
    for need in sorted(needed, key=lambda n: n == "any"):
        if need != "any" and need in pool:
            pool.remove(need)
        elif need != "any" and "neutral" in pool:
            pool.remove("neutral")
        elif need == "any" and pool:
            pool.pop()
        else:
            missing += 1
    return missing


def _substitute_plans(held: int, missing: int) -> list[tuple[int, int, int]]:
    """(scrolls, leaf groups, fermented pairs) combinations covering ``missing`` Teapots with
    at most ``held`` Teapot Scrolls."""
    plans = []
    for scrolls, pairs in product(range(missing + 1), repeat=2):
        groups = missing - scrolls - pairs
        if groups >= 0 and scrolls <= held:
            plans.append((scrolls, groups, pairs))
    return plans


def _plan_demands(groups: int, pairs: int) -> list[Demand]:
    return [
        Demand(count=TEAPOT_FERMENTED * pairs, fermented=True),
        Demand(count=TEAPOT_LEAVES * groups),
    ]


def can_cover(p: PlayerState, missing: int, base: Sequence[Demand]) -> bool:
    """Return True if ``missing`` Teapots can be substituted while also paying ``base``."""
    return _can_cover(bins_of(p), p.teapot_scrolls, missing, base)


def _can_cover(bins: Bins, scrolls: int, missing: int, base: Sequence[Demand]) -> bool:
    if not missing:
        return can_pay(bins, base)
    return any(
        can_pay(bins, [*base, *_plan_demands(groups, pairs)])
        for _, groups, pairs in _substitute_plans(scrolls, missing)
    )


def buy_moves(g: GameData) -> list[Move]:
    """BUY-01/02: every display slot within strength whose price and Teapots can be met."""
    p = g.me
    ctx = g.ctx
    slots = ctx.components.display.slot_strength
    strength = g.turn.strength
    have = tuple(visible_teapots(p, g))
    bins = bins_of(p)
    moves: list[Move] = []
    for i, card_id in enumerate(g.board.action_display):
        if not card_id or slots[i] > strength:
            continue
        if _affordable(ctx.key, card_id, have, bins, p.teapot_scrolls):
            moves.append(mv.Buy(i + 1))
    return moves


@lru_cache(maxsize=65536)
def _affordable(key: str, card_id: str, have: tuple[str, ...], bins: Bins, scrolls: int) -> bool:
    """Whether a player with these Teapots showing, leaves and Teapot Scrolls can buy the card."""
    # Cached: a search generates the same purchases from the same hands at step after step.
    card = lookup(key).action_cards[card_id]
    return _can_cover(
        bins, scrolls, missing_teapots(card.teapots_needed, list(have)), cost_demands(card.price)
    )


def do_buy(g: GameData, move: mv.Buy) -> None:
    """Start a purchase: Teapot substitutes first, then the leaves."""
    card_id = g.board.action_display[move.slot - 1]
    card = g.ctx.action_cards[card_id]
    missing = missing_teapots(card.teapots_needed, visible_teapots(g.me, g))
    g.pending.append(
        st.PayLeaves(demands=tuple(cost_demands(card.price)), purpose=f"buy:{card_id}")
    )
    if missing:
        g.pending.append(st.CoverTeapots(missing=missing, card=card_id))


def teapot_moves(g: GameData, top: st.CoverTeapots) -> list[Move]:
    """TEAPOT-04: the substitutes that still leave the purchase payable."""
    p = g.me
    pay = g.pending[-2]
    assert isinstance(pay, st.PayLeaves)
    base = list(pay.demands)
    rest = top.missing - 1
    moves: list[Move] = []
    if p.teapot_scrolls and can_cover(p, rest, base):
        moves.append(mv.CoverTeapot("scroll"))
    if can_cover(p, rest, [*base, Demand(count=TEAPOT_LEAVES)]):
        moves.append(mv.CoverTeapot("leaves"))
    if can_cover(p, rest, [*base, Demand(count=TEAPOT_FERMENTED, fermented=True)]):
        moves.append(mv.CoverTeapot("fermented"))
    return moves


def do_cover(g: GameData, move: mv.CoverTeapot) -> None:
    """Record one substitute; leaf substitutes join the purchase's payment."""
    top = g.pending.pop()
    assert isinstance(top, st.CoverTeapots)
    pay = g.pending[-1]
    assert isinstance(pay, st.PayLeaves)
    p = g.me
    if move.method == "scroll":
        p.teapot_scrolls -= 1
    else:
        extra = (
            Demand(count=TEAPOT_LEAVES)
            if move.method == "leaves"
            else Demand(count=TEAPOT_FERMENTED, fermented=True)
        )
        g.pending[-1] = st.PayLeaves(demands=(*pay.demands, extra), purpose=pay.purpose)
    if top.missing > 1:
        g.pending.append(st.CoverTeapots(missing=top.missing - 1, card=top.card))


def _finish_buy(g: GameData, card_id: str) -> None:
    display = g.board.action_display
    i = display.index(card_id)
    del display[i]  # BUY-04: close the gap, deal a new card on the right
    display.append(deal(g, g.board.action_deck))
    g.me.hand.append(card_id)


# --- Caravan -------------------------------------------------------------------------------


def caravan_moves(g: GameData) -> list[Move]:
    """CARAVAN-03, AMB-14: a displayed Caravan, a payable trade and a reached strength value."""
    p = g.me
    bins = bins_of(p)
    moves: list[Move] = []
    for i, cid in enumerate(g.board.caravan_display):
        if not cid:
            continue
        caravan = g.ctx.caravans[cid]
        for t, trade in enumerate(caravan.trades):
            if not can_pay(bins, cost_demands(trade.cost)):
                continue
            for k, option in enumerate(caravan.strengths):
                if option.strength <= g.turn.strength:
                    moves.append(mv.TakeCaravan(i + 1, t + 1, k + 1))
    return moves


def do_caravan(g: GameData, move: mv.TakeCaravan) -> None:
    """Start paying the chosen trade."""
    cid = g.board.caravan_display[move.slot - 1]
    trade = g.ctx.caravans[cid].trades[move.trade - 1]
    g.pending.append(
        st.PayLeaves(
            demands=tuple(cost_demands(trade.cost)),
            purpose=f"caravan:{cid}:{move.trade}:{move.strength}",
        )
    )


def _finish_caravan(g: GameData, cid: str, trade: int, strength: int) -> None:
    display = g.board.caravan_display
    i = display.index(cid)
    display[i] = deal(g, g.board.caravan_deck)  # AMB-15
    g.me.caravans.append(cid)
    caravan = g.ctx.caravans[cid]
    rewards = caravan.trades[trade - 1].reward + caravan.strengths[strength - 1].reward
    push_effects(g, rewards, f"caravan:{cid}")


# --- Emperor track, repeat and the turn fee -------------------------------------------------


def can_advance_emperor(g: GameData) -> bool:
    """EMPEROR-01/02: the next row exists and its tokens and leaf can be paid."""
    p = g.me
    rows = g.ctx.components.emperor_track.rows
    if p.emperor_row >= len(rows):
        return False
    row = rows[p.emperor_row]
    return p.emperor_tokens >= row.tokens and can_pay(bins_of(p), cost_demands(row.leaf))


def do_advance_emperor(g: GameData) -> None:
    """Pay the row's tokens now; its leaf is paid next, then the reward follows."""
    p = g.me
    row = g.ctx.components.emperor_track.rows[p.emperor_row]
    p.emperor_tokens -= row.tokens
    g.pending.append(st.PayLeaves(demands=tuple(cost_demands(row.leaf)), purpose="emperor"))


def _finish_emperor(g: GameData) -> None:
    p = g.me
    row = g.ctx.components.emperor_track.rows[p.emperor_row]
    p.emperor_row += 1
    push_effects(g, row.reward, f"emperor:{p.emperor_row}")


def repeat_moves(g: GameData) -> list[Move]:
    """FREE-04/05, AMB-24/25: once per turn, after the card's secondary action was done."""
    t = g.turn
    p = g.me
    if not t.secondary or t.repeated or not secondary_possible(g, t.secondary):
        return []
    moves: list[Move] = []
    if p.x2:
        moves.append(mv.Repeat("scroll"))
    if sum(p.fermented) >= REPEAT_FERMENTED:
        moves.append(mv.Repeat("fermented"))
    return moves


def do_repeat(g: GameData, move: mv.Repeat) -> None:
    """Spend the Scroll (or start paying 3 fermented) and do the secondary action again."""
    g.turn.repeated = True
    if move.method == "scroll":
        g.me.x2 -= 1
        perform_secondary(g, g.turn.secondary, REPEAT_SOURCE)
    else:
        demand = Demand(count=REPEAT_FERMENTED, fermented=True)
        g.pending.append(st.PayLeaves(demands=(demand,), purpose="repeat"))


def fee_demands(g: GameData, slot: int) -> tuple[Demand, ...]:
    """TURN-05, EXP-10: the leaves owed for playing into ``slot`` (0-based); empty if free."""
    return slot_fee_demands(g.ctx, slot)


def slot_fee_demands(ctx: Context, slot: int) -> tuple[Demand, ...]:
    """The fee of card slot ``slot`` (0-based) on this setup's boards; empty if free."""
    fees = ctx.components.board.slot_fees
    if slot < len(fees):
        return cost_demands(fees[slot])
    court = ctx.components.court
    if ctx.options.puerh and court is not None and slot == len(fees):
        return cost_demands(court.fifth_slot_fee)
    return ()


# --- leaf payments -------------------------------------------------------------------------


def pay_moves(g: GameData, top: st.PayLeaves) -> list[Move]:
    """LEAF-04/05: every distinct leaf (side and quality) that keeps the payment completable."""
    p = g.me
    bins = bins_of(p)
    moves: list[Move] = []
    for q in range(st.QUALITIES):
        if p.fresh[q] and assign(bins, top.demands, False, q + 1) is not None:
            moves.append(mv.PayLeaf("g", q + 1))
        if p.fermented[q] and assign(bins, top.demands, True, q + 1) is not None:
            moves.append(mv.PayLeaf("f", q + 1))
    return moves


def do_pay(g: GameData, move: mv.PayLeaf) -> None:
    """Pay one leaf into the supply (LEAF-07); finish the action once all is paid."""
    top = g.pending[-1]
    assert isinstance(top, st.PayLeaves)
    p = g.me
    fermented = move.side == "f"
    i = assign(bins_of(p), top.demands, fermented, move.quality)
    assert i is not None
    if fermented:
        p.fermented[move.quality - 1] -= 1
    else:
        p.fresh[move.quality - 1] -= 1
    demands = list(top.demands)
    d = demands[i]
    demands[i] = Demand(count=d.count - 1, quality=d.quality, fermented=d.fermented)
    if any(d.count for d in demands):
        g.pending[-1] = st.PayLeaves(demands=tuple(demands), purpose=top.purpose)
        return
    g.pending.pop()
    finish_payment(g, top.purpose)


def finish_payment(g: GameData, purpose: str) -> None:
    """Complete whatever a finished payment was for."""
    kind, _, rest = purpose.partition(":")
    if kind == "buy":
        _finish_buy(g, rest)
    elif kind == "caravan":
        cid, trade, strength = rest.split(":")
        _finish_caravan(g, cid, int(trade), int(strength))
    elif kind == "emperor":
        _finish_emperor(g)
    elif kind == "repeat":
        perform_secondary(g, g.turn.secondary, REPEAT_SOURCE)
    elif kind == "puerh":
        finish_premium(g, int(rest))
    # "fee": nothing more to do.
