"""(Expansion) Puerh tea cakes: the Puerh Market action, Basic Puerh from bonuses, placing
tokens into sets and what complete cakes score (PUERH-01 … PUERH-12, AMB-41 … AMB-45)."""

from __future__ import annotations

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Context
from core.tea_garden.decisions import push_effects
from core.tea_garden.payments import bins_of, can_pay, cost_demands
from core.tea_garden.state import CourtState, GameData, PlayerState, deal

CAKE_SIZE = 3
"""PUERH-08: three tokens make a complete cake."""
MARKET_STRENGTH = ((5, 3), (3, 2), (1, 1))
"""PUERH-03: (strength at least, tokens at most)."""


def court_of(g: GameData) -> CourtState:
    """Return the Noble Court of an expansion game."""
    court = g.board.court
    assert court is not None, "the expansion is not in play"
    return court


def market_limit(strength: int) -> int:
    """PUERH-03: how many Premium tokens this strength may buy (0 below strength 1)."""
    return next((n for at_least, n in MARKET_STRENGTH if strength >= at_least), 0)


def affordable_slots(g: GameData) -> list[int]:
    """Market slots (0-based) whose token the current player can pay for (PUERH-04)."""
    tokens = g.ctx.puerh_tokens
    bins = bins_of(g.me)
    return [
        i
        for i, tid in enumerate(court_of(g).market)
        if tid and can_pay(bins, cost_demands(tokens[tid].cost))
    ]


def market_moves(g: GameData) -> list[Move]:
    """AMB-05: offer the Puerh Market when strength allows a token and one is affordable."""
    if market_limit(g.turn.strength) and affordable_slots(g):
        return [mv.PuerhMarket()]
    return []


def do_market(g: GameData) -> None:
    """Start buying: up to the strength's limit, one token at a time."""
    g.pending.append(st.BuyPuerh(n=market_limit(g.turn.strength)))


def buy_moves(g: GameData, top: st.BuyPuerh) -> list[Move]:
    """Each affordable Market token; stopping once at least one was bought (PUERH-03)."""
    moves: list[Move] = [mv.BuyPremium(i + 1) for i in affordable_slots(g)] if top.n else []
    if top.bought:
        moves.append(mv.Stop())
    return moves


def do_buy_premium(g: GameData, move: mv.BuyPremium) -> None:
    """Pay the token's cost; it is taken, refilled and placed once paid (AMB-43)."""
    top = g.pending[-1]
    assert isinstance(top, st.BuyPuerh)
    g.pending[-1] = st.BuyPuerh(n=top.n - 1, bought=top.bought + 1)
    token = g.ctx.puerh_tokens[court_of(g).market[move.slot - 1]]
    demands = cost_demands(token.cost)
    if demands:
        g.pending.append(st.PayLeaves(demands=tuple(demands), purpose=f"puerh:{move.slot}"))
    else:
        finish_premium(g, move.slot)


def finish_premium(g: GameData, slot: int) -> None:
    """The token is paid: take it, refill its Market slot at once (PUERH-06), place it."""
    court = court_of(g)
    token = court.market[slot - 1]
    court.market[slot - 1] = deal(g, court.premium_pile)
    _gain(g, token)


def basic_moves(g: GameData) -> list[Move]:
    """PUERH-02, AMB-39: any Basic token in the Storage."""
    return [mv.TakeBasic(i + 1) for i, tid in enumerate(court_of(g).storage) if tid]


def do_take_basic(g: GameData, move: mv.TakeBasic) -> None:
    """Take the Basic token, refill the Storage at once (PUERH-06), place it."""
    g.pending.pop()
    court = court_of(g)
    token = court.storage[move.slot - 1]
    court.storage[move.slot - 1] = deal(g, court.basic_pile)
    _gain(g, token)


def _gain(g: GameData, token: str) -> None:
    g.turn.puerh_gained.append(token)
    g.pending.append(st.PlacePuerh(token=token))


def joinable_sets(g: GameData, p: PlayerState) -> list[int]:
    """Sets (0-based) a token gained now may join: incomplete, and holding no token gained
    this turn (PUERH-09, AMB-45)."""
    gained = set(g.turn.puerh_gained)
    return [
        i
        for i, cake in enumerate(p.puerh_sets)
        if len(cake) < CAKE_SIZE and not gained.intersection(cake)
    ]


def place_moves(g: GameData) -> list[Move]:
    """PUERH-07, AMB-41: alone as a new set, or joined to one incomplete set."""
    moves: list[Move] = [mv.PlacePuerh(0)]
    joinable = joinable_sets(g, g.me)
    moves.extend(mv.PlacePuerh(i + 1) for i in joinable)
    if g.ctx.options.puerh_bridging:  # AMB-41 variant: bridge two single tokens
        singles = [i for i in joinable if len(g.me.puerh_sets[i]) == 1]
        moves.extend(
            mv.PlacePuerh(a + 1, b + 1) for k, a in enumerate(singles) for b in singles[k + 1 :]
        )
    return moves


def do_place(g: GameData, move: mv.PlacePuerh) -> None:
    """Place the token and gain the bonuses: its own, or every token's of the enlarged set."""
    top = g.pending.pop()
    assert isinstance(top, st.PlacePuerh)
    p = g.me
    tokens = g.ctx.puerh_tokens
    if move.set == 0:
        p.puerh_sets.append([top.token])
        push_effects(g, tokens[top.token].bonus, f"puerh:{top.token}")
        return
    cake = p.puerh_sets[move.set - 1]
    cake.append(top.token)
    if move.bridge:  # AMB-41 variant: the other single token joins the same cake
        cake.extend(p.puerh_sets.pop(move.bridge - 1))
    bonuses = tuple(eff for tid in cake for eff in tokens[tid].bonus)
    push_effects(g, bonuses, f"puerh:{top.token}")


def complete_cakes(p: PlayerState) -> list[list[str]]:
    """The player's complete cakes (PUERH-08)."""
    return [cake for cake in p.puerh_sets if len(cake) == CAKE_SIZE]


def cake_vp(ctx: Context, cake: list[str]) -> int:
    """PUERH-11, AMB-42: a complete cake scores (sum of stars) x (sum of centre values)."""
    if len(cake) != CAKE_SIZE:
        return 0
    tokens = ctx.puerh_tokens
    return sum(tokens[t].stars for t in cake) * sum(tokens[t].value for t in cake)
