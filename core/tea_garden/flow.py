"""The turn itself: passing, choosing and playing cards, the main action, the top card's offers,
free actions and ending the turn (TURN, FREE, SEC; AMB-04, AMB-23, AMB-25)."""

from __future__ import annotations

from functools import lru_cache

from core.moves import Move
from core.tea_garden import actions as ac
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Context
from core.tea_garden.court import court_moves, do_court
from core.tea_garden.decisions import CARD_SOURCE, effect_possible, push_effects
from core.tea_garden.maintenance import end_round
from core.tea_garden.payments import bins_of, can_pay
from core.tea_garden.puerh import do_market, market_moves
from core.tea_garden.state import GameData, Turn

MAX_TURNS = 4
"""TURN-04: card slots on the base player board."""
MAX_TURNS_EXTENDED = 5
"""EXP-10: the player-board extension adds a fifth slot."""


@lru_cache(maxsize=64)
def card_slots(ctx: Context) -> int:
    """Card slots of a board: the turns a seat may take per round (TURN-04, EXP-10, LUYU-08)."""
    slots = len(ctx.components.board.slot_fees)
    if ctx.options.puerh:
        return min(MAX_TURNS_EXTENDED, slots + 1)
    return min(MAX_TURNS, slots)


def max_turns(g: GameData) -> int:
    """Turns a player may take per round (TURN-04, EXP-10)."""
    return card_slots(g.ctx)


def slot_free(g: GameData) -> bool:
    """Return True if the current player has a card slot left this round."""
    return len(g.me.stacks) < max_turns(g)


def can_commit(g: GameData) -> bool:
    """TURN-07, AMB-04: cards to play, a free slot and the slot's fee affordable now."""
    p = g.me
    if not (g.turn.selected or p.hand) or not slot_free(g):
        return False
    return can_pay(bins_of(p), ac.fee_demands(g, len(p.stacks)))


def turn_moves(g: GameData) -> list[Move]:
    """Return the legal moves when no sub-decision is pending."""
    t = g.turn
    p = g.me
    moves: list[Move] = []
    if not t.committed:
        if not t.acted or not can_commit(g):
            moves.append(mv.Pass())
        if not slot_free(g):
            return moves
        fee_ok = can_pay(bins_of(p), ac.fee_demands(g, len(p.stacks)))
        if fee_ok:
            last = max(t.selected, default="")
            moves.extend(mv.Select(c) for c in sorted(p.hand) if c > last)
            moves.extend(mv.Commit(c) for c in t.selected)
        if p.hand:  # FREE-01, TURN-07: no card to play, no turn, so no free action either
            moves.extend(_free_moves(g))
        return moves
    if not t.main:
        if g.ctx.options.late_cards:  # AMB-23 variant
            moves.extend(mv.AddCard(c) for c in sorted(set(p.hand)))
        moves.extend(ac.build_moves(g))
        moves.extend(ac.buy_moves(g))
        moves.extend(ac.caravan_moves(g))
        moves.append(mv.Ferment())
        moves.append(mv.Harvest())
        if g.ctx.options.puerh:  # EXP-11: the two expansion main actions
            moves.extend(court_moves(g))
            moves.extend(market_moves(g))
    top = g.ctx.cards[t.top].top
    for i, eff in enumerate(top):
        if not t.used_top[i] and effect_possible(g, eff):
            moves.append(mv.UseTop(i + 1))
    moves.extend(ac.repeat_moves(g))
    moves.extend(_free_moves(g))
    if t.main:
        moves.append(mv.EndTurn())
    return moves


def _free_moves(g: GameData) -> list[Move]:
    p = g.me
    moves: list[Move] = []
    if ac.can_advance_emperor(g):
        moves.append(mv.AdvanceEmperor())
    for r, tokens in enumerate(p.cup_tokens):
        moves.extend(mv.SpendCupToken(r + 1, c + 1) for c, n in enumerate(tokens) if n)
    if p.plus1 and not g.turn.main:  # DP-24: "+1" only matters before the main action
        moves.append(mv.UsePlus1())
    return moves


def apply_turn_move(g: GameData, move: Move) -> None:
    """Apply a move made when no sub-decision is pending."""
    t = g.turn
    p = g.me
    ctx = g.ctx
    if isinstance(move, mv.Pass):
        p.passed = True
        next_seat(g)
    elif isinstance(move, mv.Select):
        t.selected.append(move.card)
    elif isinstance(move, mv.Commit):
        stack = [c for c in t.selected if c != move.top] + [move.top]
        for card in stack:
            p.hand.remove(card)
        slot = len(p.stacks)
        p.stacks.append(stack)
        t.selected = []
        t.committed = True
        t.top = move.top
        t.strength += sum(ctx.cards[c].strength for c in stack)
        t.used_top = [False] * len(ctx.cards[move.top].top)
        fee = ac.fee_demands(g, slot)
        if fee:
            g.pending.append(st.PayLeaves(demands=tuple(fee), purpose="fee"))
    elif isinstance(move, mv.AddCard):
        p.hand.remove(move.card)
        p.stacks[-1].insert(-1, move.card)
        t.strength += ctx.cards[move.card].strength
    elif isinstance(move, mv.EndTurn):
        next_seat(g)
    elif isinstance(move, mv.UseTop):
        t.used_top[move.index - 1] = True
        push_effects(g, (ctx.cards[t.top].top[move.index - 1],), CARD_SOURCE)
    elif isinstance(move, mv.Repeat):
        ac.do_repeat(g, move)
    else:
        _apply_action(g, move)


def _apply_action(g: GameData, move: Move) -> None:
    t = g.turn
    p = g.me
    if not t.committed:
        # A free action before the cards are played starts the turn for good; the cards
        # chosen so far are only a plan and are chosen again afterwards.
        t.acted = True
        t.selected = []
    if isinstance(move, mv.Build):
        t.main = "build"
        ac.do_build(g, move)
    elif isinstance(move, mv.Buy):
        t.main = "buy"
        ac.do_buy(g, move)
    elif isinstance(move, mv.TakeCaravan):
        t.main = "caravan"
        ac.do_caravan(g, move)
    elif isinstance(move, mv.Ferment):
        t.main = "ferment"
        g.pending.append(st.FermentLeaves(n=t.strength))
    elif isinstance(move, mv.Harvest):
        t.main = "harvest"
        g.pending.append(st.HarvestGardens(n=t.strength))
    elif isinstance(move, mv.NobleCourt):
        t.main = "court"
        do_court(g, move)
    elif isinstance(move, mv.PuerhMarket):
        t.main = "market"
        do_market(g)
    elif isinstance(move, mv.AdvanceEmperor):
        ac.do_advance_emperor(g)
    elif isinstance(move, mv.SpendCupToken):
        p.cup_tokens[move.row - 1][move.connection - 1] -= 1
        g.pending.append(st.ChooseCupBonus(row=move.row - 1, connection=move.connection - 1))
    elif isinstance(move, mv.UsePlus1):
        p.plus1 -= 1
        t.strength += 1
    else:
        raise AssertionError(f"unexpected move {move!r}")


def next_seat(g: GameData) -> None:
    """Hand the turn to the next seat clockwise that has not passed, or end the round."""
    g.turn = Turn()
    n = len(g.players)
    for step in range(1, n + 1):
        seat = (g.seat + step) % n
        if not g.players[seat].passed:
            g.seat = seat
            return
    end_round(g)
