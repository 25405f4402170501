"""The evaluation prices incomplete Puerh sets (expansion): a set of 1-2 tokens scores nothing at
the end (PUERH-11), but it is on its way to a cake (PUERH-07, PUERH-08), so the AI's estimate
counts part of the cake it should make, less as the game runs out, and never a cake twice.

States are reached by seeded play of an expansion game; the sets are then handed to a seat
with tokens taken from the Premium Market and pile (as the rule tests do).
"""

from __future__ import annotations

import pytest

from ai.tea_garden.evaluation import expected_scores, puerh_sets_worth
from ai.tea_garden.values import typical_tokens
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.puerh import cake_vp
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import live_breakdown
from tests.ai.positions import expansion_midgame, strong_tokens
from tests.core.tea_garden.scenario import end_round_by_passing, give_puerh_sets

SEAT = 0


def _expansion_game(seed: int = 21, until_round: int = 2) -> tuple[TeaGardenGame, TeaGardenState]:
    """A 2-player expansion game at the start of a turn in ``until_round``; no Puerh sets."""
    return expansion_midgame(seed, until_round)


def _with_sets(s: TeaGardenState, sets: list[list[str]]) -> TeaGardenState:
    copy = s.clone()
    assert isinstance(copy, TeaGardenState)
    give_puerh_sets(copy, SEAT, sets)
    return copy


def _gain(s: TeaGardenState, sets: list[list[str]]) -> float:
    """How much the seat's expected score rises when it holds ``sets``."""
    return expected_scores(_with_sets(s, sets))[SEAT] - expected_scores(s)[SEAT]


def test_an_incomplete_set_of_two_strong_tokens_raises_the_estimate() -> None:
    """PUERH-07, PUERH-08: two tokens joined, 2 stars and a centre value of 5, are one token away
    from a cake. They score 0 now (PUERH-11), yet the seat's estimate rises, by less than the
    poorest cake they could still make; the other seat's estimate does not move."""
    _game, s = _expansion_game()
    star, _, value = strong_tokens(s)
    tokens = s.ctx.puerh_tokens
    assert (tokens[star].stars, tokens[value].value) == (2, 5)
    held = _with_sets(s, [[star, value]])
    assert live_breakdown(held)[SEAT]["puerh"] == 0
    gain = expected_scores(held)[SEAT] - expected_scores(s)[SEAT]
    poorest_cake = (tokens[star].stars + 1) * tokens[value].value
    assert 0 < gain < poorest_cake
    assert expected_scores(held)[1 - SEAT] == expected_scores(s)[1 - SEAT]


def test_each_token_towards_a_cake_raises_the_estimate() -> None:
    """PUERH-07, PUERH-08, PUERH-11: one token is worth something, two joined more, and the
    complete cake most (its whole score), so the search is drawn to finish what it starts."""
    _game, s = _expansion_game()
    star, star2, value = strong_tokens(s)
    one = _gain(s, [[value]])
    two = _gain(s, [[star, value]])
    cake = [star, value, star2]
    three = _gain(s, [cake])
    assert 0 < one < two < three == cake_vp(s.ctx, cake)


def test_the_worth_falls_as_the_game_nears_its_end() -> None:
    """PUERH-08: the fewer turns are left to find the missing token, the less the set is worth;
    with no turn left (the seat passed in round 5) it is worth nothing."""
    _game, s = _expansion_game()
    star, _, value = strong_tokens(s)
    held = _with_sets(s, [[star, value]])
    p = held.players[SEAT]
    worths = []
    for round_ in (2, 4, ROUNDS):
        held.round = round_
        worths.append(puerh_sets_worth(held, p))
    late = held.clone()
    assert isinstance(late, TeaGardenState)
    late.players[SEAT].stacks = [["s01"], ["s02"], ["s03"], ["s04"]]  # one of five slots left
    worths.append(puerh_sets_worth(late, late.players[SEAT]))
    late.players[SEAT].passed = True
    worths.append(puerh_sets_worth(late, late.players[SEAT]))
    assert worths[0] >= worths[1] > worths[2] > worths[3] > worths[4] == 0.0
    assert worths[3] < worths[0] / 2


def test_an_incomplete_set_is_worth_nothing_in_a_finished_game() -> None:
    """PUERH-11: once the game is over an incomplete set scores 0, and so it is estimated."""
    game, s = _expansion_game(until_round=ROUNDS)
    while not s.is_over():
        end_round_by_passing(game, s)
    star, _, value = strong_tokens(s)
    held = _with_sets(s, [[star, value], [star]])
    assert puerh_sets_worth(held, held.players[SEAT]) == 0.0
    assert expected_scores(held) == expected_scores(s)


def test_a_complete_cake_counts_once() -> None:
    """PUERH-08, PUERH-11: a complete cake is scored by the live breakdown (stars x values),
    and the estimate adds exactly that, nothing more for it as a set."""
    _game, s = _expansion_game()
    star, star2, value = strong_tokens(s)
    cake = [star, star2, value]
    held = _with_sets(s, [cake])
    vp = cake_vp(s.ctx, cake)
    assert vp == (2 + 2) * 5
    assert live_breakdown(held)[SEAT]["puerh"] == vp
    assert puerh_sets_worth(held, held.players[SEAT]) == 0.0
    assert expected_scores(held)[SEAT] - expected_scores(s)[SEAT] == vp


def test_sets_share_the_turns_left() -> None:
    """PUERH-07, PUERH-08: a second incomplete set adds less than the same set alone, because
    the turns left must find the tokens of both."""
    _game, s = _expansion_game()
    star, star2, value = strong_tokens(s)
    s.round = ROUNDS
    alone = _gain(s, [[star2]])
    second = _gain(s, [[star, value], [star2]]) - _gain(s, [[star, value]])
    assert 0 < second < alone


def test_typical_tokens_come_from_the_component_set() -> None:
    """A token has stars or a centre value (docs/components/expansion.md): the typical starred
    token has between 1 and 2 stars, the typical centre-value token between 2 and 5 VP; they
    are computed once per context."""
    _game, s = _expansion_game()
    starred, valued = typical_tokens(s.ctx)
    assert 1 < starred.stars < 2 and starred.value == 0
    assert valued.stars == 0 and 2 < valued.value < 5
    assert typical_tokens(s.ctx) is typical_tokens(s.ctx)


def test_turns_left_counts_the_fifth_slot_and_never_goes_below_zero() -> None:
    """EXP-10: with the expansion a seat has five card slots a round, so after four turns one
    is left (the evaluation once counted four and went negative after the fifth)."""
    from ai.tea_garden.values import turns_left, use_weight

    _, s = _expansion_game()
    p = s.players[SEAT]
    stack = p.stacks[0] if p.stacks else ("x",)
    p.passed = False
    p.stacks = [stack] * 4
    assert turns_left(s, p) == 1
    p.stacks = [stack] * 5
    assert turns_left(s, p) == 0
    s.round = ROUNDS
    assert 0.15 <= use_weight(s, p) < 1.0


def test_a_hall_majority_held_counts_before_the_hall_is_scored() -> None:
    """COURT-08: a seat leading a Hall expects its 5 VP (discounted: others may still outbid
    it), the runner-up its 2; no Courtier out, no Hall VP expected."""
    from ai.tea_garden.values import HALL_HOLD

    _, s = _expansion_game()
    empty = s.clone()
    assert isinstance(empty, TeaGardenState) and empty.board.court is not None
    for hall in empty.board.court.occupancy:
        hall[:] = [-1] * len(hall)
    held = empty.clone()
    assert isinstance(held, TeaGardenState) and held.board.court is not None
    first = held.board.court.occupancy[0]
    first[0], first[1] = SEAT, 1 - SEAT  # the strongest space to SEAT, the next to the other
    gain = [a - b for a, b in zip(expected_scores(held), expected_scores(empty), strict=True)]
    assert gain[SEAT] == pytest.approx(HALL_HOLD * 5)
    assert gain[1 - SEAT] == pytest.approx(HALL_HOLD * 2)
