"""Fast move scores for Tea Garden: the simulation policy and the search's move ordering.

:func:`move_scores` gives every legal move a rough worth in VP equivalents from the move and
the state alone, without cloning: a main action by what it brings in minus the leaves it will
cost, a payment by the worth of the leaf given up, a card selection by a simple plan (spread the
hand over the turns left this round). The expansion's moves are priced alike: a Puerh token by
its best placement (:func:`~ai.tea_garden.values.puerh_token_worth`), a Hall by its gains and the
majority it would bring. The numbers only have to rank moves sensibly; the evaluation in
:mod:`ai.tea_garden.evaluation` judges the positions they lead to.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ai.tea_garden.values import (
    CUP_TOKEN,
    DRAW_PER_ROUND,
    HALL_HOLD,
    HARVEST_PER_GARDEN,
    REMOVE,
    SECONDARY,
    card_power,
    effect_worth,
    effects_worth,
    fermented_worth,
    fresh_worth,
    hall_vp,
    leaf_cost,
    maintenances_left,
    puerh_place_worth,
    puerh_token_worth,
    use_weight,
)
from core.engine import State
from core.moves import Move
from core.rng import Rng
from core.tea_garden import actions as ac
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.components import LeafCost
from core.tea_garden.decisions import effect_possible
from core.tea_garden.flow import card_slots
from core.tea_garden.puerh import court_of, market_limit
from core.tea_garden.scoring import condition_vp, deck_of
from core.tea_garden.state import GameData, PlayerState

MAIN_BONUS = 2.0
"""Added to main actions so the policy settles its main action before lesser options."""
PASS_EARLY = -6.0
FEE = LeafCost(green=2, brown=1)
EXTRA_PREMIUM = 0.5
"""(Expansion) Share counted of the second and third Premium tokens a Market action may buy:
they compete for the same leaves and cannot join each other (PUERH-09)."""


def move_scores(g: GameData, legal: Sequence[Move]) -> list[float]:
    """Return a rough worth for each legal move of the seat to move."""
    if g.pending:
        return [_pending_score(g, g.pending[-1], m) for m in legal]
    cache: dict[str, float] = {}
    return [_turn_score(g, m, cache) for m in legal]


def best_move(g: GameData, legal: Sequence[Move]) -> Move:
    """Return the move with the highest score (the first one on a tie)."""
    if len(legal) == 1:
        return legal[0]
    scores = move_scores(g, legal)
    return legal[max(range(len(legal)), key=scores.__getitem__)]


class TeaGardenPolicy:
    """The simulation policy: the best-scored move, or with chance ``epsilon`` a softmax pick.

    Args:
        epsilon: how often to explore instead of taking the best-scored move.
        temperature: the softmax temperature of an exploring pick, in VP.

    Raises:
        ValueError: if ``epsilon`` is not in [0, 1] or ``temperature`` is not positive.
    """

    def __init__(self, epsilon: float = 0.1, temperature: float = 1.0) -> None:
        if not 0 <= epsilon <= 1:
            raise ValueError(f"epsilon must be in [0, 1], not {epsilon}")
        if temperature <= 0:
            raise ValueError(f"the policy temperature must be positive, not {temperature}")
        self.epsilon = epsilon
        self.temperature = temperature

    def __call__(self, state: State, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """Pick a move, the better ones more often."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        assert isinstance(state, GameData)
        scores = move_scores(state, legal_moves)
        top = max(scores)
        if rng.random() >= self.epsilon:
            return legal_moves[scores.index(top)]
        weights = [math.exp((s - top) / self.temperature) for s in scores]
        x = rng.random() * sum(weights)
        for move, weight in zip(legal_moves, weights, strict=True):
            x -= weight
            if x < 0:
                return move
        return legal_moves[-1]


class TeaGardenPrior:
    """Move ordering for progressive widening: :func:`move_scores` itself."""

    def __call__(self, state: State, legal_moves: Sequence[Move]) -> list[float]:
        """Return one score per move."""
        assert isinstance(state, GameData)
        return move_scores(state, legal_moves)


# --- the turn ------------------------------------------------------------------------------


def _turn_score(g: GameData, move: Move, cache: dict[str, float]) -> float:
    p = g.me
    t = g.turn
    if isinstance(move, mv.EndTurn):
        return 0.0
    if isinstance(move, mv.Pass):
        return _pass_score(g, p)
    if isinstance(move, mv.Select):
        return _select_score(g, p, move.card)
    if isinstance(move, mv.Commit):
        return 1.0 + _top_worth(g, p, move.top)
    if isinstance(move, mv.UseTop):
        eff = g.ctx.cards[t.top].top[move.index - 1]
        return effect_worth(g, p, eff) if effect_possible(g, eff) else -1.0
    if isinstance(move, mv.Repeat):
        worth = SECONDARY.get(t.secondary, 0.0) * (0.4 + 0.6 * use_weight(g))
        cost = 1.5 if move.method == "scroll" else 3 * _cheapest_fermented(p)
        return worth - cost
    if isinstance(move, mv.AdvanceEmperor):
        return _emperor_score(g, p)
    if isinstance(move, mv.SpendCupToken):
        return _cup_token_score(g, p, move.row - 1, move.connection - 1)
    if isinstance(move, mv.UsePlus1):
        return -0.5
    return MAIN_BONUS + _main_score(g, p, move, cache)


def _pass_score(g: GameData, p: PlayerState) -> float:
    if not p.hand and not g.turn.selected:
        return 0.0
    slot = len(p.stacks)
    fee = ac.fee_demands(g, slot)
    if not fee:
        return PASS_EARLY
    # The fee turn: worth it only with a strong enough hand.
    cost = leaf_cost(p, FEE)
    gain = sum(card_power(g.ctx, c) for c in p.hand) * 0.8
    return 1.0 if cost >= gain else -1.0


def _select_score(g: GameData, p: PlayerState, card: str) -> float:
    slots_left = max(1, card_slots(g.ctx) - len(p.stacks))
    cards = len(p.hand)
    target = max(1, math.ceil(cards / slots_left))
    if len(g.turn.selected) >= target:
        return -1.0
    return 2.0 + 0.1 * g.ctx.cards[card].strength


def _top_worth(g: GameData, p: PlayerState, card: str) -> float:
    c = g.ctx.cards[card]
    worth = 0.2 * len(c.teapots)
    for eff in c.top:
        worth += effect_worth(g, p, eff)
    return worth


def _cheapest_fermented(p: PlayerState) -> float:
    for q, n in enumerate(p.fermented):
        if n:
            return fermented_worth(q + 1)
    return 3.0


def _emperor_score(g: GameData, p: PlayerState) -> float:
    rows = g.ctx.components.emperor_track.rows
    row = rows[p.emperor_row]
    worth = effects_worth(g, p, row.reward) + 1.0
    if p.emperor_row + 1 == len(rows):
        worth += g.ctx.components.emperor_track.top_vp
    return worth - row.tokens * 1.0 - leaf_cost(p, row.leaf)


def _cup_token_score(g: GameData, p: PlayerState, row: int, connection: int) -> float:
    tiles = g.ctx.cup_tiles
    cups = p.cup_rows[row]
    left = tiles[cups[connection]].right.bonus
    right = tiles[cups[connection + 1]].left.bonus
    best = max(effects_worth(g, p, left), effects_worth(g, p, right))
    return best - CUP_TOKEN * use_weight(g) * 0.8


def _main_score(g: GameData, p: PlayerState, move: Move, cache: dict[str, float]) -> float:
    ctx = g.ctx
    left = maintenances_left(g)
    if isinstance(move, mv.Build):
        region = ctx.region(move.region)
        worth = float(region.spaces[move.space - 1].vp)
        worth += HARVEST_PER_GARDEN * fresh_worth(region.value) * left
        token = g.board.region_tokens.get(move.region)
        if token:
            worth += effects_worth(g, p, ctx.region_tokens[token].bonus)
        mine = {ctx.regions[r].province for r in p.gardens}
        if region.province not in mine:
            worth += 1.0 * use_weight(g)
        worth += 0.15 * ctx.components.board.pagodas[move.spot - 1]
        return worth
    if isinstance(move, mv.Buy):
        card_id = g.board.action_display[move.slot - 1]
        card = ctx.action_cards[card_id]
        power = card_power(ctx, card_id)
        if "avg" not in cache:
            deck = deck_of(p)
            cache["avg"] = sum(card_power(ctx, c) for c in deck) / max(1, len(deck))
            cache["plays"] = DRAW_PER_ROUND * left / (len(deck) + 1)
        avg, plays = cache["avg"], cache["plays"]
        worth = card.vp + power * 0.5 * use_weight(g) + max(0.0, power - avg) * plays
        missing = ac.missing_teapots(card.teapots_needed, ac.visible_teapots(p, g))
        return worth - leaf_cost(p, card.price) - missing * 2.5
    if isinstance(move, mv.TakeCaravan):
        cid = g.board.caravan_display[move.slot - 1]
        caravan = ctx.caravans[cid]
        trade = caravan.trades[move.trade - 1]
        strength = caravan.strengths[move.strength - 1]
        worth = effects_worth(g, p, trade.reward) + effects_worth(g, p, strength.reward)
        return worth - leaf_cost(p, trade.cost)
    if isinstance(move, mv.Ferment):
        return 0.45 * min(g.turn.strength, sum(p.fresh)) * use_weight(g)
    if isinstance(move, mv.Harvest):
        values = sorted((ctx.regions[r].value for r in p.gardens), reverse=True)
        return sum(fresh_worth(v) for v in values[: g.turn.strength]) * use_weight(g)
    if isinstance(move, mv.NobleCourt):
        return _court_score(g, p, move)
    if isinstance(move, mv.PuerhMarket):
        return _market_score(g, p)
    return 0.0


# --- the expansion's main actions ----------------------------------------------------------


def _premium_score(g: GameData, p: PlayerState, token: str) -> float:
    """A Premium token's best placement net of its price (PUERH-04, PUERH-07); -inf if ``p``
    cannot pay for it."""
    cost = leaf_cost(p, g.ctx.puerh_tokens[token].cost)
    return puerh_token_worth(g, p, token) - cost if cost < math.inf else -math.inf


def _market_score(g: GameData, p: PlayerState) -> float:
    """The Puerh Market (PUERH-03): the best affordable token, which must be bought, plus a share
    of the next ones the strength allows if they are worth their price."""
    scores = sorted((_premium_score(g, p, t) for t in court_of(g).market if t), reverse=True)
    scores = [s for s in scores[: market_limit(g.turn.strength)] if s > -math.inf]
    if not scores:
        return 0.0
    return scores[0] + EXTRA_PREMIUM * sum(max(0.0, s) for s in scores[1:])


def _court_score(g: GameData, p: PlayerState, move: mv.NobleCourt) -> float:
    """A Courtier under a Hall: the Hall's gains, each of which may be declined (COURT-02), plus
    a share of the 5 or 2 VP the seat would then hold there (COURT-07..09)."""
    court = court_of(g)
    hall = g.ctx.halls[court.halls[move.hall - 1]]
    gains = sum(max(0.0, effect_worth(g, p, eff)) for eff in hall.effects)
    spaces = court.occupancy[move.hall - 1]
    before = hall_vp(g, spaces, g.seat)
    after = hall_vp(g, [*spaces[: move.space - 1], g.seat, *spaces[move.space :]], g.seat)
    return gains + HALL_HOLD * (after - before)


# --- sub-decisions -------------------------------------------------------------------------


def _pending_score(g: GameData, top: st.AnyPending, move: Move) -> float:
    p = g.me
    ctx = g.ctx
    w = use_weight(g)
    if isinstance(move, mv.PayLeaf):
        if move.side == "g":
            return -fresh_worth(move.quality)
        return -fermented_worth(move.quality)
    if isinstance(move, mv.CoverTeapot):
        if move.method == "scroll":
            return -1.5 * w - 1.0
        if move.method == "leaves":
            return -3.0 * fresh_worth(1)
        return -2.0 * _cheapest_fermented(p)
    if isinstance(move, mv.PickScroll):
        if move.kind == "x2" and g.turn.secondary and not g.turn.repeated:
            return 2.5
        return {"plus1": 1.5, "teapot": 1.4, "x2": 1.3}[move.kind]
    if isinstance(move, mv.FlipLeaf):
        return 0.4 + 0.01 * move.quality
    if isinstance(move, mv.HarvestFrom):
        return fresh_worth(ctx.region(move.region).value)
    if isinstance(move, mv.SellLeaf):
        if move.side == "g":
            return 1.0 - fresh_worth(move.quality) * w
        return 2.0 - fermented_worth(move.quality) * w
    if isinstance(move, mv.DrawCards):
        return 0.6 if isinstance(top, st.MayDraw) and top.discard else 1.0
    if isinstance(move, mv.Discard):
        return -card_power(ctx, move.card)
    if isinstance(move, mv.RemoveCard):
        return _remove_score(g, p, move)
    if isinstance(move, mv.TakeEmperorCard):
        scoring = ctx.emperor_cards[move.card].scoring
        return condition_vp(ctx, p, scoring) + card_power(ctx, move.card)
    if isinstance(move, mv.ChooseOption):
        assert isinstance(top, st.ChooseOption)
        return effects_worth(g, p, top.options[move.index - 1])
    if isinstance(move, mv.ChoosePart):
        sector = ctx.components.university.sectors[p.uni_sector - 1]
        return effects_worth(g, p, sector.parts[move.index - 1].bonus)
    if isinstance(move, mv.PlaceCupTile):
        return _tile_score(g, p, move)
    if isinstance(move, mv.ChooseCupBonus):
        assert isinstance(top, st.ChooseCupBonus)
        row = p.cup_rows[top.row]
        tiles = ctx.cup_tiles
        cup = (
            tiles[row[top.connection]].right
            if move.side == "l"
            else tiles[row[top.connection + 1]].left
        )
        return effects_worth(g, p, cup.bonus)
    if isinstance(move, mv.PlacePuerh):
        assert isinstance(top, st.PlacePuerh)
        return puerh_place_worth(g, p, top.token, move.set, move.bridge)
    if isinstance(move, mv.TakeBasic):
        return puerh_token_worth(g, p, court_of(g).storage[move.slot - 1])
    if isinstance(move, mv.BuyPremium):
        return _premium_score(g, p, court_of(g).market[move.slot - 1])
    return 0.0  # Stop, PlaceToken: neutral


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
