"""The fast move policy prices the expansion's moves (ai/tea_garden/policy.py): where a Puerh
token goes (PUERH-07), which Premium token to buy (PUERH-03, PUERH-04) and under which Hall a
Courtier goes (COURT-01, COURT-02, COURT-07..09), so simulations, the search's move order and the
heuristic player no longer treat them as worth nothing.

States are reached by seeded play of an expansion game; sets, Market tokens, Halls and leaves
are then handed out with the rule tests' scenario helpers.
"""

from __future__ import annotations

import math

import pytest

from ai.base import Budget
from ai.heuristic import HeuristicAgent
from ai.tea_garden.policy import HALL_HOLD, TeaGardenPolicy, best_move, move_scores
from ai.tea_garden.values import puerh_set_worth
from core.moves import Move
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Options
from core.tea_garden.court import HALL_FIRST_VP, HALL_SECOND_VP, court_moves
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.puerh import cake_vp, complete_cakes
from core.tea_garden.rules import TeaGardenState
from tests.ai.positions import expansion_midgame, strong_tokens
from tests.core.tea_garden.scenario import (
    give_puerh_sets,
    occupy,
    set_halls,
    set_leaves,
    set_market,
)

SEAT = 0


def _expansion_game(seed: int = 21, until_round: int = 2) -> TeaGardenState:
    """A 2-player expansion game at the start of seat 0's turn in ``until_round``; no Puerh
    sets."""
    return expansion_midgame(seed, until_round, seat=SEAT)[1]


def _placing(s: TeaGardenState, sets: list[list[str]], token: str) -> dict[Move, float]:
    """The policy's scores for placing ``token`` (just gained) when the seat holds ``sets``."""
    give_puerh_sets(s, SEAT, [*sets, [token]])
    s.players[SEAT].puerh_sets.pop()  # the token left the piles; it is now in hand
    s.turn.puerh_gained.append(token)
    s.pending.append(st.PlacePuerh(token=token))
    legal = s.legal_moves()
    return dict(zip(legal, move_scores(s, legal), strict=True))


def test_completing_a_strong_cake_scores_above_a_new_set() -> None:
    """PUERH-07b, PUERH-11: joining a pair of 2 stars and a centre of 5 with a 2-star token
    completes a 20-VP cake and gains all three bonuses: it scores at least the cake less what
    the pair was already expected to bring, well above starting a new set, and is the policy's
    choice."""
    s = _expansion_game()
    star, star2, value = strong_tokens(s)
    scores = _placing(s, [[star, value]], star2)
    assert cake_vp(s.ctx, [star, value, star2]) == 20
    join, alone = scores[mv.PlacePuerh(1)], scores[mv.PlacePuerh(0)]
    assert join >= 20 - puerh_set_worth(s, s.players[SEAT], [star, value])
    assert join > alone + 5
    assert best_move(s, list(scores)) == mv.PlacePuerh(1)


def test_a_join_that_spoils_the_cake_is_not_preferred() -> None:
    """PUERH-11: a cake with no centre value scores 0, so a third starred token joined to two
    starred tokens throws the set's prospects away; a new set is the better place for it."""
    s = _expansion_game()
    star, star2, _ = strong_tokens(s)
    tokens = s.ctx.puerh_tokens
    court = s.board.court
    assert court is not None
    third = next(
        t
        for t in (*court.premium_pile, *court.market)
        if t not in (star, star2) and tokens[t].stars
    )
    scores = _placing(s, [[star, star2]], third)
    assert cake_vp(s.ctx, [star, star2, third]) == 0
    assert scores[mv.PlacePuerh(0)] > scores[mv.PlacePuerh(1)]


def test_a_set_is_priced_as_the_evaluation_prices_it() -> None:
    """PUERH-08, PUERH-11: the policy's price of one set (puerh_set_worth) is the evaluation's
    for a seat holding only that set, and a complete cake is worth its score."""
    from ai.tea_garden.evaluation import puerh_sets_worth

    s = _expansion_game()
    star, star2, value = strong_tokens(s)
    give_puerh_sets(s, SEAT, [[star, value]])
    p = s.players[SEAT]
    assert puerh_set_worth(s, p, [star, value]) == pytest.approx(puerh_sets_worth(s, p))
    assert puerh_set_worth(s, p, [star, value, star2]) == 20


def test_an_unaffordable_premium_token_is_not_preferred() -> None:
    """PUERH-04, PUERH-07b: a token is paid for in leaves. The seat holds two starred tokens;
    the centre-5 token would make them a 20-VP cake, the centre-3 one a 12-VP cake. With fresh
    leaves only, the centre-5 token (2 of its 4 leaves fermented) cannot be bought: it is not
    offered, scores below the one the seat can pay for, and the Market action is priced by
    what it can buy; once the seat has fermented leaves the action is worth more."""
    s = _expansion_game()
    star, star2, _ = strong_tokens(s)
    give_puerh_sets(s, SEAT, [[star, star2]])
    set_market(s, ["pp22", "pp17", "pp18"])  # centre 5 (2 green, 2 brown), centre 3, centre 3
    set_leaves(s, SEAT, fresh={2: 4})
    s.turn.strength = 1
    s.pending.append(st.BuyPuerh(n=1))
    assert mv.BuyPremium(1) not in s.legal_moves()
    dear, cheap = move_scores(s, [mv.BuyPremium(1), mv.BuyPremium(2)])
    assert dear < cheap and math.isfinite(cheap)
    assert best_move(s, s.legal_moves()) != mv.BuyPremium(1)
    s.pending.pop()
    (market,) = move_scores(s, [mv.PuerhMarket()])
    set_leaves(s, SEAT, fresh={2: 4}, fermented={2: 2})
    (richer,) = move_scores(s, [mv.PuerhMarket()])
    assert richer > market + 4  # the 20-VP cake is now within reach


def test_a_dearer_price_lowers_a_premium_token() -> None:
    """PUERH-04: the same token scores less when the leaves it takes are worth more."""
    s = _expansion_game()
    set_market(s, ["pp17", "pp18", "pp21"])
    s.pending.append(st.BuyPuerh(n=1))
    set_leaves(s, SEAT, fresh={1: 2})
    (cheap,) = move_scores(s, [mv.BuyPremium(1)])
    set_leaves(s, SEAT, fresh={5: 2})
    (dear,) = move_scores(s, [mv.BuyPremium(1)])
    assert cheap > dear


def test_a_hall_with_richer_gains_scores_higher() -> None:
    """COURT-01, COURT-02: the same space under the Hall of the Treasury (5 VP) scores above the
    Hall of Porcelain (a Cup action and 1 VP), both empty so the majority is the same."""
    s = _expansion_game()
    set_halls(s, ["h11", "h05"])
    s.turn.strength = 4
    legal = court_moves(s)
    treasury, porcelain = mv.NobleCourt(1, 2), mv.NobleCourt(2, 2)
    assert {treasury, porcelain} <= set(legal)
    scores = dict(zip(legal, move_scores(s, legal), strict=True))
    assert scores[treasury] > scores[porcelain]


def test_a_courtier_that_would_lead_the_hall_scores_higher() -> None:
    """COURT-07..09: under two Halls of equal gains, a Courtier on the 4-space of an empty Hall
    would lead it (5 VP); under a Hall where the other seat holds the 6-space, only second
    (2 VP). The difference is the held share of the 3 VP between them."""
    s = _expansion_game()
    set_halls(s, ["h03", "h06"])  # a River or a University action, and 1 VP each
    s.players[1 - SEAT].courtiers = max(1, s.players[1 - SEAT].courtiers)
    occupy(s, 1 - SEAT, 1, 1)
    s.turn.strength = 4
    second, first = move_scores(s, [mv.NobleCourt(1, 2), mv.NobleCourt(2, 2)])
    assert first - second == pytest.approx(HALL_HOLD * (HALL_FIRST_VP - HALL_SECOND_VP))


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_policy_games_score_every_legal_move_and_play_only_legal_ones(seed: int) -> None:
    """EXP-11, PUERH-07, COURT-01: over whole expansion games played by the policy (with its
    exploring picks), every legal move gets a finite score and every chosen move is legal."""
    game = TeaGardenGame(num_seats=2, options=Options(puerh=True))
    s = game.new_state(seed)
    rng = Rng.from_seed(seed)
    policy = TeaGardenPolicy(epsilon=0.3)
    expansion_moves = 0
    while not s.is_over():
        legal = s.legal_moves()
        assert all(math.isfinite(x) for x in move_scores(s, legal))
        move = policy(s, legal, rng)
        assert move in legal
        kinds = mv.NobleCourt | mv.PuerhMarket | mv.PlacePuerh | mv.BuyPremium | mv.TakeBasic
        expansion_moves += isinstance(move, kinds)
        s.apply(move)
    assert expansion_moves > 0


@pytest.mark.parametrize("seed", [6, 7])
def test_heuristic_games_choose_only_legal_moves_and_make_cakes(seed: int) -> None:
    """EXP-11, PUERH-07, PUERH-11: whole expansion games between two heuristic players (which
    finish each candidate turn with the policy) choose only legal moves, and the policy's
    Puerh prices lead them to complete cakes that score."""
    game = TeaGardenGame(num_seats=2, options=Options(puerh=True))
    agents = [HeuristicAgent(game), HeuristicAgent(game)]
    s = game.new_state(seed)
    rng = Rng.from_seed(seed)
    while not s.is_over():
        seat = s.seat
        legal = s.legal_moves()
        move = agents[seat].choose(s.observation(seat), legal, Budget(iterations=1), rng)
        assert move in legal
        s.apply(move, seat=seat)
    assert any(cake_vp(s.ctx, cake) > 0 for p in s.players for cake in complete_cakes(p))
