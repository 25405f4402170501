"""Fast scores of the answers to a pending sub-decision (payments, bonus choices, draws,
tiles, Puerh tokens): the part of :mod:`ai.tea_garden.policy` that prices a decision asked
while an effect is pending. Each answer is found by its move type and given the decision
itself; the numbers only have to rank the answers sensibly."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ai.tea_garden.values import (
    CUP_TOKEN,
    REMOVE,
    card_power,
    cheapest_fermented,
    effects_worth,
    fermented_worth,
    fresh_worth,
    premium_worth,
    puerh_place_worth,
    puerh_token_worth,
    use_weight,
)
from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.puerh import court_of
from core.tea_garden.scoring import condition_vp
from core.tea_garden.state import GameData, PlayerState


def pending_score(g: GameData, top: st.AnyPending, move: Move) -> float:
    """Return the rough worth of answering ``top`` with ``move`` (0 for a neutral answer)."""
    scorer = _PENDING_SCORE.get(type(move))
    return 0.0 if scorer is None else scorer(g, top, move)  # Stop, PlaceToken: neutral


def _pay_score(g: GameData, top: st.AnyPending, move: mv.PayLeaf) -> float:
    if move.side == "g":
        return -fresh_worth(move.quality)
    return -fermented_worth(move.quality)


def _cover_score(g: GameData, top: st.AnyPending, move: mv.CoverTeapot) -> float:
    if move.method == "scroll":
        return -1.5 * use_weight(g) - 1.0
    if move.method == "leaves":
        return -3.0 * fresh_worth(1)
    return -2.0 * cheapest_fermented(g.me)


_SCROLL_WORTH = {"plus1": 1.5, "teapot": 1.4, "x2": 1.3}


def _scroll_score(g: GameData, top: st.AnyPending, move: mv.PickScroll) -> float:
    if move.kind == "x2" and g.turn.secondary and not g.turn.repeated:
        return 2.5
    return _SCROLL_WORTH[move.kind]


def _flip_score(g: GameData, top: st.AnyPending, move: mv.FlipLeaf) -> float:
    return 0.4 + 0.01 * move.quality


def _harvest_from_score(g: GameData, top: st.AnyPending, move: mv.HarvestFrom) -> float:
    return fresh_worth(g.ctx.region(move.region).value)


def _sell_score(g: GameData, top: st.AnyPending, move: mv.SellLeaf) -> float:
    if move.side == "g":
        return 1.0 - fresh_worth(move.quality) * use_weight(g)
    return 2.0 - fermented_worth(move.quality) * use_weight(g)


def _draw_score(g: GameData, top: st.AnyPending, move: mv.DrawCards) -> float:
    return 0.6 if isinstance(top, st.MayDraw) and top.discard else 1.0


def _discard_score(g: GameData, top: st.AnyPending, move: mv.Discard) -> float:
    return -card_power(g.ctx, move.card)


def _remove_move_score(g: GameData, top: st.AnyPending, move: mv.RemoveCard) -> float:
    return _remove_score(g, g.me, move)


def _emperor_card_score(g: GameData, top: st.AnyPending, move: mv.TakeEmperorCard) -> float:
    ctx = g.ctx
    scoring = ctx.emperor_cards[move.card].scoring
    return condition_vp(ctx, g.me, scoring) + card_power(ctx, move.card)


def _option_score(g: GameData, top: st.AnyPending, move: mv.ChooseOption) -> float:
    assert isinstance(top, st.ChooseOption)
    return effects_worth(g, g.me, top.options[move.index - 1])


def _part_score(g: GameData, top: st.AnyPending, move: mv.ChoosePart) -> float:
    p = g.me
    sector = g.ctx.components.university.sectors[p.uni_sector - 1]
    return effects_worth(g, p, sector.parts[move.index - 1].bonus)


def _tile_move_score(g: GameData, top: st.AnyPending, move: mv.PlaceCupTile) -> float:
    return _tile_score(g, g.me, move)


def _cup_bonus_score(g: GameData, top: st.AnyPending, move: mv.ChooseCupBonus) -> float:
    assert isinstance(top, st.ChooseCupBonus)
    p = g.me
    row = p.cup_rows[top.row]
    tiles = g.ctx.cup_tiles
    if move.side == "l":
        return effects_worth(g, p, tiles[row[top.connection]].right.bonus)
    return effects_worth(g, p, tiles[row[top.connection + 1]].left.bonus)


def _place_puerh_score(g: GameData, top: st.AnyPending, move: mv.PlacePuerh) -> float:
    assert isinstance(top, st.PlacePuerh)
    return puerh_place_worth(g, g.me, top.token, move.set, move.bridge)


def _basic_score(g: GameData, top: st.AnyPending, move: mv.TakeBasic) -> float:
    return puerh_token_worth(g, g.me, court_of(g).storage[move.slot - 1])


def _premium_move_score(g: GameData, top: st.AnyPending, move: mv.BuyPremium) -> float:
    return premium_worth(g, g.me, court_of(g).market[move.slot - 1])


_PENDING_SCORE: dict[type, Callable[[GameData, st.AnyPending, Any], float]] = {
    mv.PayLeaf: _pay_score,
    mv.CoverTeapot: _cover_score,
    mv.PickScroll: _scroll_score,
    mv.FlipLeaf: _flip_score,
    mv.HarvestFrom: _harvest_from_score,
    mv.SellLeaf: _sell_score,
    mv.DrawCards: _draw_score,
    mv.Discard: _discard_score,
    mv.RemoveCard: _remove_move_score,
    mv.TakeEmperorCard: _emperor_card_score,
    mv.ChooseOption: _option_score,
    mv.ChoosePart: _part_score,
    mv.PlaceCupTile: _tile_move_score,
    mv.ChooseCupBonus: _cup_bonus_score,
    mv.PlacePuerh: _place_puerh_score,
    mv.TakeBasic: _basic_score,
    mv.BuyPremium: _premium_move_score,
}
"""The answers to a pending sub-decision, by move type (each given the decision itself)."""


def _remove_score(g: GameData, p: PlayerState, move: mv.RemoveCard) -> float:
    """Thin out weak Starting cards (E7 pays for it), keep the rest, spare the hand."""
    ctx = g.ctx
    score = -0.5 * card_power(ctx, move.card)
    score += REMOVE + 0.5 if move.card in ctx.starting_cards else -1.0
    return score - 0.4 if move.zone == "hand" else score


def _tile_score(g: GameData, p: PlayerState, move: mv.PlaceCupTile) -> float:
    if move.row == 0:
        return 0.3
    tiles = g.ctx.cup_tiles
    stack = g.board.cup_stacks[move.province]
    new = tiles[stack[-1]]
    row = p.cup_rows[move.row - 1]
    if move.side == "l":
        match = new.right.colour == tiles[row[0]].left.colour
    else:
        match = tiles[row[-1]].right.colour == new.left.colour
    return CUP_TOKEN * use_weight(g) + (3.0 if match else 0.0)
