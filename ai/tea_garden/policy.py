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
from collections.abc import Callable, Sequence
from typing import Any

from ai.tea_garden.policy_decisions import pending_score
from ai.tea_garden.values import (
    CUP_TOKEN,
    DRAW_PER_ROUND,
    HALL_HOLD,
    HARVEST_PER_GARDEN,
    SECONDARY,
    card_power,
    card_powers,
    cheapest_fermented,
    effect_worth,
    effects_worth,
    fresh_worth,
    hall_vp,
    leaf_cost,
    maintenances_left,
    premium_worth,
    use_weight,
)
from core.engine import State
from core.moves import Move
from core.rng import Rng
from core.tea_garden import actions as ac
from core.tea_garden import moves as mv
from core.tea_garden.components import LeafCost
from core.tea_garden.decisions import effect_possible
from core.tea_garden.flow import card_slots
from core.tea_garden.puerh import court_of, market_limit
from core.tea_garden.scoring import deck_of
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
        return [pending_score(g, g.pending[-1], m) for m in legal]
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
    scorer = _TURN_SCORE.get(type(move))
    if scorer is not None:
        return scorer(g, g.me, move)
    main = _MAIN_SCORE.get(type(move))
    return MAIN_BONUS + (main(g, g.me, move, cache) if main is not None else 0.0)


# The scores are found by the move's type, not by a chain of isinstance tests: simulations
# score every legal move of every step, and the tests cost a fifth of the policy's time.


def _end_score(g: GameData, p: PlayerState, move: mv.EndTurn) -> float:
    return 0.0


def _pass_move_score(g: GameData, p: PlayerState, move: mv.Pass) -> float:
    return _pass_score(g, p)


def _select_move_score(g: GameData, p: PlayerState, move: mv.Select) -> float:
    return _select_score(g, p, move.card)


def _commit_score(g: GameData, p: PlayerState, move: mv.Commit) -> float:
    return 1.0 + _top_worth(g, p, move.top)


def _use_top_score(g: GameData, p: PlayerState, move: mv.UseTop) -> float:
    eff = g.ctx.cards[g.turn.top].top[move.index - 1]
    return effect_worth(g, p, eff) if effect_possible(g, eff) else -1.0


def _repeat_score(g: GameData, p: PlayerState, move: mv.Repeat) -> float:
    worth = SECONDARY.get(g.turn.secondary, 0.0) * (0.4 + 0.6 * use_weight(g))
    cost = 1.5 if move.method == "scroll" else 3 * cheapest_fermented(p)
    return worth - cost


def _emperor_move_score(g: GameData, p: PlayerState, move: mv.AdvanceEmperor) -> float:
    return _emperor_score(g, p)


def _cup_token_move_score(g: GameData, p: PlayerState, move: mv.SpendCupToken) -> float:
    return _cup_token_score(g, p, move.row - 1, move.connection - 1)


def _plus1_score(g: GameData, p: PlayerState, move: mv.UsePlus1) -> float:
    return -0.5


_TURN_SCORE: dict[type, Callable[[GameData, PlayerState, Any], float]] = {
    mv.EndTurn: _end_score,
    mv.Pass: _pass_move_score,
    mv.Select: _select_move_score,
    mv.Commit: _commit_score,
    mv.UseTop: _use_top_score,
    mv.Repeat: _repeat_score,
    mv.AdvanceEmperor: _emperor_move_score,
    mv.SpendCupToken: _cup_token_move_score,
    mv.UsePlus1: _plus1_score,
}
"""The turn's moves other than the main actions (which get :data:`MAIN_BONUS` on top)."""


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


def _build_score(g: GameData, p: PlayerState, move: mv.Build, cache: dict[str, float]) -> float:
    ctx = g.ctx
    region = ctx.region(move.region)
    worth = float(region.spaces[move.space - 1].vp)
    worth += HARVEST_PER_GARDEN * fresh_worth(region.value) * maintenances_left(g)
    token = g.board.region_tokens.get(move.region)
    if token:
        worth += effects_worth(g, p, ctx.region_tokens[token].bonus)
    mine = {ctx.regions[r].province for r in p.gardens}
    if region.province not in mine:
        worth += 1.0 * use_weight(g)
    worth += 0.15 * ctx.components.board.pagodas[move.spot - 1]
    return worth


def _buy_score(g: GameData, p: PlayerState, move: mv.Buy, cache: dict[str, float]) -> float:
    ctx = g.ctx
    card_id = g.board.action_display[move.slot - 1]
    card = ctx.action_cards[card_id]
    power = card_power(ctx, card_id)
    if "avg" not in cache:
        deck = deck_of(p)
        powers = card_powers(ctx)
        cache["avg"] = sum(powers[c] for c in deck) / max(1, len(deck))
        cache["plays"] = DRAW_PER_ROUND * maintenances_left(g) / (len(deck) + 1)
    avg, plays = cache["avg"], cache["plays"]
    worth = card.vp + power * 0.5 * use_weight(g) + max(0.0, power - avg) * plays
    missing = ac.missing_teapots(card.teapots_needed, ac.visible_teapots(p, g))
    return worth - leaf_cost(p, card.price) - missing * 2.5


def _caravan_score(
    g: GameData, p: PlayerState, move: mv.TakeCaravan, cache: dict[str, float]
) -> float:
    cid = g.board.caravan_display[move.slot - 1]
    caravan = g.ctx.caravans[cid]
    # A trade is offered once per strength option it may go with: price it once.
    key = f"trade:{move.slot}:{move.trade}"
    trade_worth = cache.get(key)
    if trade_worth is None:
        trade = caravan.trades[move.trade - 1]
        trade_worth = cache[key] = effects_worth(g, p, trade.reward)
        cache[key + ":cost"] = leaf_cost(p, trade.cost)
    strength = caravan.strengths[move.strength - 1]
    worth = trade_worth + effects_worth(g, p, strength.reward)
    return worth - cache[key + ":cost"]


def _ferment_score(g: GameData, p: PlayerState, move: mv.Ferment, cache: dict[str, float]) -> float:
    return 0.45 * min(g.turn.strength, sum(p.fresh)) * use_weight(g)


def _harvest_score(g: GameData, p: PlayerState, move: mv.Harvest, cache: dict[str, float]) -> float:
    values = sorted((g.ctx.regions[r].value for r in p.gardens), reverse=True)
    return sum(fresh_worth(v) for v in values[: g.turn.strength]) * use_weight(g)


def _court_move_score(
    g: GameData, p: PlayerState, move: mv.NobleCourt, cache: dict[str, float]
) -> float:
    return _court_score(g, p, move)


def _market_move_score(
    g: GameData, p: PlayerState, move: mv.PuerhMarket, cache: dict[str, float]
) -> float:
    return _market_score(g, p)


_MAIN_SCORE: dict[type, Callable[[GameData, PlayerState, Any, dict[str, float]], float]] = {
    mv.Build: _build_score,
    mv.Buy: _buy_score,
    mv.TakeCaravan: _caravan_score,
    mv.Ferment: _ferment_score,
    mv.Harvest: _harvest_score,
    mv.NobleCourt: _court_move_score,
    mv.PuerhMarket: _market_move_score,
}
"""The main actions, by move type; ``cache`` keeps what several moves of one list share."""


# --- the expansion's main actions ----------------------------------------------------------


def _market_score(g: GameData, p: PlayerState) -> float:
    """The Puerh Market (PUERH-03): the best affordable token, which must be bought, plus a share
    of the next ones the strength allows if they are worth their price."""
    scores = sorted((premium_worth(g, p, t) for t in court_of(g).market if t), reverse=True)
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
