"""Resolving effects and the sub-decisions they raise (everything on the decision stack except
leaf payments, which live in :mod:`core.tea_garden.actions`).

Effects resolve in order. Automatic ones (gaining leaves, tokens, VP, a Scroll of a printed kind)
happen at once; any effect that needs the player's choice pushes a pending decision, and
resolution waits until the player has made it. :func:`settle` runs the automatic part.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.moves import Move
from core.tea_garden import effects as fx
from core.tea_garden import moves as mv
from core.tea_garden import pools
from core.tea_garden import state as st
from core.tea_garden.effects import ScrollKind
from core.tea_garden.state import GameData, PlayerState, deal

CARD_SOURCE = "card"
"""Source of effects used from the turn's top card; its secondary action may be repeated."""
REPEAT_SOURCE = "repeat"
VP_FRESH_SOLD = 1
VP_FERMENTED_SOLD = 2


def settle(g: GameData) -> None:
    """Resolve automatic effects until a decision is needed or nothing is left."""
    while g.pending:
        top = g.pending[-1]
        if isinstance(top, st.Resolve):
            if not top.effects:
                g.pending.pop()
                continue
            g.pending[-1] = st.Resolve(effects=top.effects[1:], source=top.source)
            start_effect(g, top.effects[0], top.source)
            continue
        if _moot(g, top):
            g.pending.pop()
            continue
        return


def push_effects(g: GameData, effects: fx.Effects, source: str) -> None:
    """Queue ``effects`` to resolve before anything already waiting."""
    if effects:
        g.pending.append(st.Resolve(effects=effects, source=source))


def start_effect(g: GameData, eff: fx.Effect, source: str) -> None:
    """Apply one effect now, or push the decision it needs."""
    p = g.me
    if isinstance(eff, fx.GainLeaves):
        p.fresh[eff.q - 1] += min(eff.n, pools.leaves_left(g))
    elif isinstance(eff, fx.Ferment):
        g.pending.append(st.FermentLeaves(n=eff.n))
    elif isinstance(eff, fx.GainEmperorTokens):
        p.emperor_tokens += min(eff.n, pools.emperor_tokens_left(g))
    elif isinstance(eff, fx.GainScroll):
        if eff.kind == "any":
            g.pending.append(st.ChooseScroll())
        elif pools.scrolls_left(g, eff.kind) > 0:
            gain_scroll(p, eff.kind)
    elif isinstance(eff, fx.GainCupToken):
        g.pending.append(st.PlaceCupToken(n=eff.n))
    elif isinstance(eff, fx.Draw):
        g.pending.append(st.MayDraw(n=eff.n))
    elif isinstance(eff, fx.DrawDiscard):
        g.pending.append(st.MayDraw(n=eff.n, discard=True))
    elif isinstance(eff, fx.RemoveCard):
        g.pending.append(st.MayRemove())
    elif isinstance(eff, fx.SellLeaves):
        g.pending.append(st.SellLeaves(n=eff.max))
    elif isinstance(eff, fx.ScoreVP):
        p.vp += eff.n
    elif isinstance(eff, fx.TakeEmperorCard):
        g.pending.append(st.TakeEmperorCard())
    elif isinstance(eff, fx.Secondary):
        perform_secondary(g, eff.action, source)
    elif isinstance(eff, fx.Choice):
        g.pending.append(st.ChooseOption(options=eff.options, source=source))
    elif isinstance(eff, fx.GainBasicPuerh):
        g.pending.append(st.TakeBasicPuerh())
    elif isinstance(eff, fx.GainGardenLeaves):
        for r in p.gardens:
            p.fresh[g.ctx.regions[r].value - 1] += min(1, pools.leaves_left(g))
    else:
        raise AssertionError(f"unknown effect {eff!r}")


def gain_scroll(p: PlayerState, kind: str) -> None:
    """Give the player one Scroll of ``kind``."""
    if kind == "plus1":
        p.plus1 += 1
    elif kind == "teapot":
        p.teapot_scrolls += 1
    else:
        p.x2 += 1


def perform_secondary(g: GameData, action: str, source: str) -> None:
    """Do a secondary action (RIVER-01, CUP-01, UNI-02); remember it if it came from the card."""
    if source in (CARD_SOURCE, REPEAT_SOURCE):
        g.turn.secondary = action
    p = g.me
    if action == "river":
        if advance_boat(g, p):
            push_effects(g, g.ctx.components.river.segments[p.boat].bonus, f"river:{p.boat}")
    elif action == "cup":
        g.pending.append(st.PlaceCupTile())
    else:
        advance_university(g, p)
        g.pending.append(st.ChoosePart())


def advance_boat(g: GameData, p: PlayerState) -> bool:
    """Move ``p``'s Boat one segment; the mouth pays by order of arrival (RIVER-01..04).

    Returns False, changing nothing, when the Boat is at the mouth already.
    """
    river = g.ctx.components.river
    last = len(river.segments) - 1
    if p.boat >= last:
        return False
    p.boat += 1
    if p.boat == last:
        vps = river.final_vps
        p.boat_final_vp = vps[min(g.board.river_final_taken, len(vps) - 1)]
        g.board.river_final_taken += 1
    return True


def advance_university(g: GameData, p: PlayerState) -> bool:
    """Move ``p``'s rim Worker to the next sector; crossing the start sends a Worker to the
    centre while one is left (UNI-02/03, AMB-21). Returns True if one went to the centre."""
    crossing = p.uni_sector == len(g.ctx.components.university.sectors)
    p.uni_sector = 1 if crossing or p.uni_sector == 0 else p.uni_sector + 1
    if crossing and p.workers > 0:
        p.workers -= 1
        p.uni_centre += 1
        return True
    return False


def secondary_possible(g: GameData, action: str) -> bool:
    """Return True if doing this secondary action now would change anything."""
    p = g.me
    if action == "river":
        return p.boat < len(g.ctx.components.river.segments) - 1
    if action == "cup":
        return bool(cup_stacks_open(g))
    return True


def effect_possible(g: GameData, eff: fx.Effect) -> bool:
    """Return True if using this (optional) effect could change anything now."""
    p = g.me
    if isinstance(eff, fx.Secondary):
        return secondary_possible(g, eff.action)
    if isinstance(eff, fx.Ferment):
        return any(p.fresh)
    if isinstance(eff, fx.Draw | fx.DrawDiscard):
        return bool(p.draw or p.discard)
    if isinstance(eff, fx.RemoveCard):
        return bool(p.hand or p.draw or p.discard)
    if isinstance(eff, fx.SellLeaves):
        return any(p.fresh) or any(p.fermented)
    if isinstance(eff, fx.GainCupToken):
        return has_connection(p)
    if isinstance(eff, fx.TakeEmperorCard):
        return any(g.board.emperor_display)
    if isinstance(eff, fx.Choice):
        return any(all(effect_possible(g, e) for e in option) for option in eff.options)
    if isinstance(eff, fx.GainBasicPuerh):
        court = g.board.court
        return court is not None and any(court.storage)
    if isinstance(eff, fx.GainScroll):
        kinds = ("plus1", "teapot", "x2") if eff.kind == "any" else (eff.kind,)
        return any(pools.scrolls_left(g, k) > 0 for k in kinds)
    return True


def has_connection(p: PlayerState) -> bool:
    """Return True if the player has at least one Cup connection."""
    return any(len(row) > 1 for row in p.cup_rows)


def cup_stacks_open(g: GameData) -> list[str]:
    """Return the Provinces whose Cup stack the current player may take from (CUP-01)."""
    ctx = g.ctx
    mine = {ctx.regions[r].province for r in g.me.gardens}
    return [prov for prov, stack in g.board.cup_stacks.items() if stack and prov in mine]


def draw_cards(g: GameData, p: PlayerState, n: int) -> int:
    """Draw up to ``n`` cards, reshuffling the discard pile when the deck runs out (CARD-04/05).

    Returns how many cards were drawn.
    """
    drawn = 0
    for _ in range(n):
        if not p.draw:
            if not p.discard:
                break
            p.draw, p.discard = p.discard, []
            g.rng.shuffle(p.draw)
        p.hand.append(p.draw.pop())
        drawn += 1
    if drawn:
        g.reveals += 1
    return drawn


def _moot(g: GameData, top: st.AnyPending) -> bool:
    """Return True for a pending decision that has no possible choice left (it lapses)."""
    check = _MOOT.get(type(top))
    return check is not None and check(g, g.me, top)


def _ferment_moot(g: GameData, p: PlayerState, top: st.FermentLeaves) -> bool:
    return top.n <= 0 or not any(p.fresh)


def _sell_moot(g: GameData, p: PlayerState, top: st.SellLeaves) -> bool:
    return top.n <= 0 or not (any(p.fresh) or any(p.fermented))


def _harvest_moot(g: GameData, p: PlayerState, top: st.HarvestGardens) -> bool:
    return top.n <= 0 or len(top.done) >= len(p.gardens)


def _cup_token_moot(g: GameData, p: PlayerState, top: st.PlaceCupToken) -> bool:
    # CUP-08: lost without a connection
    return top.n <= 0 or not has_connection(p) or pools.cup_tokens_left(g) <= 0


def _scroll_moot(g: GameData, p: PlayerState, top: st.ChooseScroll) -> bool:
    return not any(pools.scrolls_left(g, k) > 0 for k in ("plus1", "teapot", "x2"))


def _draw_moot(g: GameData, p: PlayerState, top: st.MayDraw) -> bool:
    return not (p.draw or p.discard)


def _discard_moot(g: GameData, p: PlayerState, top: st.DiscardCards) -> bool:
    return top.n <= 0 or not p.hand


def _remove_moot(g: GameData, p: PlayerState, top: st.MayRemove) -> bool:
    return not (p.hand or p.draw or p.discard)


def _emperor_card_moot(g: GameData, p: PlayerState, top: st.TakeEmperorCard) -> bool:
    return not any(g.board.emperor_display)  # AMB-27


def _cup_tile_moot(g: GameData, p: PlayerState, top: st.PlaceCupTile) -> bool:
    return not cup_stacks_open(g)


def _buy_puerh_moot(g: GameData, p: PlayerState, top: st.BuyPuerh) -> bool:
    return top.n <= 0  # the strength's last token is bought: nothing more to decide


def _basic_puerh_moot(g: GameData, p: PlayerState, top: st.TakeBasicPuerh) -> bool:
    court = g.board.court
    return court is None or not any(court.storage)


# Found by the decision's type, not by a chain of isinstance tests: every move a search applies
# settles the stack, and this is asked each time. Kinds not listed never lapse.
_MOOT: dict[type, Callable[[GameData, PlayerState, Any], bool]] = {
    st.FermentLeaves: _ferment_moot,
    st.SellLeaves: _sell_moot,
    st.HarvestGardens: _harvest_moot,
    st.PlaceCupToken: _cup_token_moot,
    st.ChooseScroll: _scroll_moot,
    st.MayDraw: _draw_moot,
    st.DiscardCards: _discard_moot,
    st.MayRemove: _remove_moot,
    st.TakeEmperorCard: _emperor_card_moot,
    st.PlaceCupTile: _cup_tile_moot,
    st.BuyPuerh: _buy_puerh_moot,
    st.TakeBasicPuerh: _basic_puerh_moot,
}


# --- legal moves and their effect, per kind of pending decision -----------------------------


def decision_moves(g: GameData, top: st.AnyPending) -> list[Move]:
    """Return the legal moves for a pending decision other than a payment."""
    p = g.me
    ctx = g.ctx
    moves: list[Move] = []
    if isinstance(top, st.ChooseScroll):
        kinds: tuple[ScrollKind, ...] = ("plus1", "teapot", "x2")
        moves = [mv.PickScroll(k) for k in kinds if pools.scrolls_left(g, k) > 0]
    elif isinstance(top, st.PlaceCupToken):
        for r, row in enumerate(p.cup_rows):
            moves.extend(mv.PlaceToken(r + 1, c + 1) for c in range(len(row) - 1))
    elif isinstance(top, st.FermentLeaves):
        moves = [mv.FlipLeaf(q + 1) for q in range(st.QUALITIES) if p.fresh[q]]
        moves.append(mv.Stop())
    elif isinstance(top, st.HarvestGardens):
        seen: set[int] = set()
        for r in p.gardens:
            value = ctx.regions[r].value
            if r not in top.done and value not in seen:
                seen.add(value)
                moves.append(mv.HarvestFrom(ctx.regions[r].id))
        moves.append(mv.Stop())
    elif isinstance(top, st.SellLeaves):
        for q in range(st.QUALITIES):
            if p.fresh[q]:
                moves.append(mv.SellLeaf("g", q + 1))
            if p.fermented[q]:
                moves.append(mv.SellLeaf("f", q + 1))
        moves.append(mv.Stop())
    elif isinstance(top, st.MayDraw):
        moves = [mv.DrawCards(), mv.Stop()]
    elif isinstance(top, st.DiscardCards):
        moves = [mv.Discard(c) for c in sorted(set(p.hand))]
    elif isinstance(top, st.MayRemove):
        for zone, cards in (("hand", p.hand), ("draw", p.draw), ("discard", p.discard)):
            moves.extend(mv.RemoveCard(zone, c) for c in sorted(set(cards)))  # type: ignore[arg-type]
        moves.append(mv.Stop())
    elif isinstance(top, st.TakeEmperorCard):
        moves = [mv.TakeEmperorCard(c) for c in g.board.emperor_display if c]
    elif isinstance(top, st.ChooseOption):
        moves = [
            mv.ChooseOption(i + 1)
            for i, option in enumerate(top.options)
            if all(effect_possible(g, e) for e in option)
        ]
        if top.any_order:
            moves.append(mv.Stop())
    elif isinstance(top, st.ChoosePart):
        moves = [mv.ChoosePart(1), mv.ChoosePart(2)]
    elif isinstance(top, st.PlaceCupTile):
        for prov in cup_stacks_open(g):
            moves.append(mv.PlaceCupTile(prov, 0, "r"))
            for r in range(len(p.cup_rows)):
                moves.append(mv.PlaceCupTile(prov, r + 1, "l"))
                moves.append(mv.PlaceCupTile(prov, r + 1, "r"))
    elif isinstance(top, st.ChooseCupBonus):
        moves = [mv.ChooseCupBonus("l"), mv.ChooseCupBonus("r")]
    return moves


def apply_decision(g: GameData, move: Move) -> None:
    """Apply a move answering the pending decision on top of the stack."""
    top = g.pending.pop()
    p = g.me
    ctx = g.ctx
    if isinstance(move, mv.PickScroll):
        gain_scroll(p, move.kind)
    elif isinstance(move, mv.PlaceToken):
        assert isinstance(top, st.PlaceCupToken)
        p.cup_tokens[move.row - 1][move.connection - 1] += 1
        if top.n > 1:
            g.pending.append(st.PlaceCupToken(n=top.n - 1))
    elif isinstance(move, mv.FlipLeaf):
        assert isinstance(top, st.FermentLeaves)
        p.fresh[move.quality - 1] -= 1
        p.fermented[move.quality - 1] += 1
        g.pending.append(st.FermentLeaves(n=top.n - 1))
    elif isinstance(move, mv.HarvestFrom):
        assert isinstance(top, st.HarvestGardens)
        r = ctx.region_index[move.region]
        p.fresh[ctx.regions[r].value - 1] += min(1, pools.leaves_left(g))
        g.pending.append(st.HarvestGardens(n=top.n - 1, done=(*top.done, r)))
    elif isinstance(move, mv.SellLeaf):
        assert isinstance(top, st.SellLeaves)
        if move.side == "g":
            p.fresh[move.quality - 1] -= 1
            p.vp += VP_FRESH_SOLD
        else:
            p.fermented[move.quality - 1] -= 1
            p.vp += VP_FERMENTED_SOLD
        g.pending.append(st.SellLeaves(n=top.n - 1))
    elif isinstance(move, mv.DrawCards):
        assert isinstance(top, st.MayDraw)
        drawn = draw_cards(g, p, top.n)
        if top.discard and drawn:
            g.pending.append(st.DiscardCards(n=drawn))
    elif isinstance(move, mv.Discard):
        assert isinstance(top, st.DiscardCards)
        p.hand.remove(move.card)
        p.discard.append(move.card)
        g.pending.append(st.DiscardCards(n=top.n - 1))
    elif isinstance(move, mv.RemoveCard):
        zone = {"hand": p.hand, "draw": p.draw, "discard": p.discard}[move.zone]
        zone.remove(move.card)
        p.removed.append(move.card)
        if move.zone == "draw":
            g.rng.shuffle(p.draw)  # BONUS-05
            g.reveals += 1
    elif isinstance(move, mv.TakeEmperorCard):
        display = g.board.emperor_display
        i = display.index(move.card)
        p.hand.append(move.card)
        display[i] = deal(g, g.board.emperor_deck)
    elif isinstance(move, mv.ChooseOption):
        assert isinstance(top, st.ChooseOption)
        if top.any_order:
            rest = top.options[: move.index - 1] + top.options[move.index :]
            if rest:
                g.pending.append(st.ChooseOption(options=rest, source=top.source, any_order=True))
        push_effects(g, top.options[move.index - 1], top.source)
    elif isinstance(move, mv.ChoosePart):
        p.uni_part = move.index - 1
        sector = ctx.components.university.sectors[p.uni_sector - 1]
        push_effects(g, sector.parts[move.index - 1].bonus, f"university:{p.uni_sector}")
    elif isinstance(move, mv.PlaceCupTile):
        _place_tile(g, p, move)
    elif isinstance(move, mv.ChooseCupBonus):
        assert isinstance(top, st.ChooseCupBonus)
        row = p.cup_rows[top.row]
        tiles = ctx.cup_tiles
        cup = (
            tiles[row[top.connection]].right
            if move.side == "l"
            else tiles[row[top.connection + 1]].left
        )
        push_effects(g, cup.bonus, "cup")
    # Stop simply drops the pending decision.


def _place_tile(g: GameData, p: PlayerState, move: mv.PlaceCupTile) -> None:
    tile = g.board.cup_stacks[move.province].pop()
    g.reveals += 1  # the next tile of the stack shows
    if move.row == 0:
        p.cup_rows.append([tile])
        p.cup_tokens.append([])
        return
    row = p.cup_rows[move.row - 1]
    tokens = p.cup_tokens[move.row - 1]
    new_token = min(1, pools.cup_tokens_left(g))  # CUP-05: a new connection gets a Cup token
    if move.side == "l":
        row.insert(0, tile)
        tokens.insert(0, new_token)
    else:
        row.append(tile)
        tokens.append(new_token)
