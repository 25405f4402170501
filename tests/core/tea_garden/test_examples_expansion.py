"""The expansion's worked examples EX-13 … EX-16 as Given / When / Then scenarios.

Rule IDs and the examples refer to ../shared/rules/tea_garden.md (section 31). The authored
components that fit them (docs/components/expansion.md): Courtier spaces [6, 4, 3, 2] under every
Hall (EX-13); Region token rt19 and Basic token pb01 "1 G q1" (EX-14); the set pb05 (ferment 1)
+ pb19 (draw & discard 1), T1 = pp02 (Emperor token) and T2 = pp01 (2 G q1), together 3 green + 2
brown icons (EX-15); pp01 + pb01 + pp22 = 3 stars x 5 (EX-16).
"""

from __future__ import annotations

from itertools import permutations

import pytest

from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.puerh import cake_vp
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import live_breakdown
from tests.core.tea_garden.scenario import (
    assert_illegal,
    commit,
    end_round_by_passing,
    give_hand,
    give_puerh_sets,
    legal,
    new_game,
    play,
    set_halls,
    set_leaves,
    set_market,
    set_region_token,
    set_storage,
)

SEED = 1
CHARLES, ANNA = 0, 1


def expansion_game(players: int = 2) -> tuple[TeaGardenGame, TeaGardenState]:
    return new_game(players, seed=SEED, options=Options(puerh=True))


def play_strength(game: TeaGardenGame, s: TeaGardenState, strength: int) -> None:
    """The seat to play commits plain Starting cards for exactly ``strength`` (1-15)."""
    plain = [("s11", 3), ("s09", 2), ("s10", 2)]
    ones = ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08"]
    cards: list[str] = []
    left = strength
    for card, value in plain:
        if value <= left:
            cards.append(card)
            left -= value
    cards.extend(ones[:left])
    give_hand(s, s.seat, cards)
    commit(game, s, cards, cards[0])
    assert s.turn.strength == strength


# --- EX-13 Hall scoring ------------------------------------------------------------------------


@pytest.mark.rule("COURT-01", "COURT-03", "COURT-07", "COURT-08", "COURT-09", "COURT-10")
@pytest.mark.rule("COURT-11")
def test_ex13_hall_scoring_tie_goes_to_the_leftmost_space() -> None:
    """Charles 4 + 2 against Anna 6 under one Hall: a tie, won by Anna's space further left."""
    # Given: Halls whose spaces include 6, 4 and 2, 6 leftmost; Hall 1 offers 5 VP (h11), taken
    # with "option 1" after each placement (COURT-02); they are kept apart from the Hall
    # scoring (hall_vp).
    game, s = expansion_game()
    court = s.board.court
    assert court is not None
    assert s.ctx.components.court is not None
    assert s.ctx.components.court.hall_spaces == (6, 4, 3, 2)
    set_halls(s, ["h11", "h07"])
    # Charles takes the Noble Court with S = 4 on the 4 space ...
    play_strength(game, s, 4)
    play(game, s, "court 1 2", "option 1", "end")  # COURT-01
    # ... Anna once with S = 6 on the 6 space ...
    play_strength(game, s, 6)
    play(game, s, "court 1 1", "option 1", "end")
    # ... and Charles again with S = 2 on the 2 space under the same Hall (COURT-03).
    play_strength(game, s, 2)
    assert "court 1 4" in legal(s, mv.NobleCourt)
    play(game, s, "court 1 4", "option 1", "end")
    assert court.occupancy[0] == [ANNA, CHARLES, -1, CHARLES]
    assert s.players[CHARLES].courtiers == 0
    # When: the round ends; Maintenance scores the Halls.
    end_round_by_passing(game, s)
    # Then: both totals are 6 (COURT-07); Anna's 6 is further left than Charles's 4, so Anna
    # takes 5 VP and Charles 2 (COURT-08, COURT-09).
    assert s.players[ANNA].hall_vp == 5
    assert s.players[CHARLES].hall_vp == 2
    # All 3 Courtiers are back on their extensions (COURT-10) ...
    assert s.players[CHARLES].courtiers == 2
    assert s.players[ANNA].courtiers == 2
    # ... and the Hall tiles are replaced (COURT-11).
    assert court.past_halls == ["h11", "h07"]
    assert len(court.halls) == 2
    assert not set(court.halls) & {"h11", "h07"}
    assert court.occupancy == [[-1] * 4, [-1] * 4]
    assert s.round == 2


@pytest.mark.rule("COURT-01")
def test_ex13_negative_the_6_space_needs_strength_6() -> None:
    """Anna could not have used the 6 space with S = 5 (COURT-01)."""
    game, s = expansion_game()
    s.seat = ANNA
    s.start_seat = ANNA
    play_strength(game, s, 5)
    assert_illegal(game, s, "court 1 1")
    assert "court 1 1" not in legal(s)
    assert "court 1 2" in legal(s)


# --- EX-14 Basic Puerh from a Region bonus ----------------------------------------------------


@pytest.mark.rule("BUILD-08", "PUERH-02", "PUERH-06", "PUERH-07", "AMB-39")
def test_ex14_basic_puerh_from_a_region_bonus() -> None:
    """Charles builds where the Region token gives a Basic Puerh; he takes the "1 G q1" token and
    places it alone: +1 G q1, a new 1-token set, the Storage refilled to 3."""
    # Given: rt19 (a Basic Puerh of your choice) lies in Huangshan; the Storage holds pb01.
    game, s = expansion_game()
    court = s.board.court
    assert court is not None
    set_region_token(s, "p1", "rt19")
    set_storage(s, ["pb12", "pb01", "pb24"])
    next_basic = court.basic_pile[-1]
    basic_left = len(court.basic_pile)
    p = s.players[CHARLES]
    set_leaves(s, CHARLES, fresh={2: 2})
    # When: he builds there (BUILD-08) and takes pb01 from the Storage (PUERH-02) ...
    play_strength(game, s, 2)
    play(game, s, "build 1 p1 1")
    assert legal(s) == ["basic 1", "basic 2", "basic 3"]  # AMB-39: any Basic token
    play(game, s, "basic 2")
    # ... the Storage is refilled at once from the Basic pile (PUERH-06) ...
    assert court.storage == ["pb12", next_basic, "pb24"]
    assert len(court.basic_pile) == basic_left - 1
    # ... and he places it on its own (PUERH-07a).
    assert legal(s) == ["cake 0"]
    play(game, s, "cake 0")
    # Then: +1 G q1, a new 1-token set, for free and with no main action of its own.
    assert p.fresh == [1, 2, 0, 0, 0, 0]
    assert p.fermented == [0] * 6
    assert p.puerh_sets == [["pb01"]]
    assert s.turn.main == "build"
    assert s.turn.puerh_gained == ["pb01"]
    assert not s.pending
    play(game, s, "end")


# --- EX-15 Puerh Market: completing a cake + a separate token ------------------------------------


def _ex15() -> tuple[TeaGardenGame, TeaGardenState]:
    """Charles holds the joined pair pb05 (ferment 1) + pb19 (draw & discard 1) from earlier
    turns, 3 G q3 and 2 F q2; the Market offers T1 = pp02 and T2 = pp01; he plays S = 3."""
    game, s = expansion_game()
    give_puerh_sets(s, CHARLES, [["pb05", "pb19"]])
    set_market(s, ["pp02", "pp01", "pp10"])
    set_leaves(s, CHARLES, fresh={3: 3}, fermented={2: 2})
    play_strength(game, s, 3)
    play(game, s, "market")
    return game, s


@pytest.mark.rule("PUERH-03", "PUERH-04", "PUERH-05", "PUERH-06", "PUERH-07", "PUERH-12")
def test_ex15_market_completes_a_cake_and_places_a_separate_token() -> None:
    """S = 3 buys up to 2 tokens for 3 G + 2 F; T1 completes the cake and pays all three
    bonuses; T2 placed alone pays 2 G q1; the Market is refilled to 3."""
    game, s = _ex15()
    court = s.board.court
    assert court is not None
    p = s.players[CHARLES]
    pile = len(court.premium_pile)
    hand = len(p.hand)
    # Given: up to 2 tokens at S = 3 (PUERH-03); the two cost 3 green + 2 brown icons.
    top = s.pending[-1]
    assert isinstance(top, st.BuyPuerh) and top.n == 2
    t1, t2 = s.ctx.puerh_tokens["pp02"], s.ctx.puerh_tokens["pp01"]
    assert (t1.cost.green + t2.cost.green, t1.cost.brown + t2.cost.brown) == (3, 2)
    # When: he buys T2 first (PUERH-12), paying its red field (PUERH-04) ...
    play(game, s, "premium 2", "pay f 2", "pay g 3", "pay g 3")
    assert court.market[1] not in ("pp01", "")  # PUERH-06: refilled at once
    # ... and places it on its own: +2 G q1 (PUERH-07a).
    assert legal(s) == ["cake 0", "cake 1"]
    play(game, s, "cake 0")
    assert p.fresh == [2, 0, 1, 0, 0, 0]
    # Then he buys T1 and joins it to his pair; T2, bought this turn, is no option (PUERH-09).
    play(game, s, "premium 1", "pay f 2", "pay g 3")
    assert legal(s) == ["cake 0", "cake 1"]
    play(game, s, "cake 1")
    # Then: the cake is complete and pays all three bonuses (PUERH-07b): ferment 1 G ...
    assert legal(s) == ["flip 1", "stop"]
    play(game, s, "flip 1")
    # ... draw 1 then discard 1 ...
    assert legal(s) == ["draw", "stop"]
    play(game, s, "draw")
    play(game, s, f"discard {p.hand[0]}")
    # ... and +1 Emperor token.
    assert p.emperor_tokens == 1
    assert p.fresh == [1, 0, 0, 0, 0, 0]
    assert p.fermented == [1, 0, 0, 0, 0, 0]
    assert len(p.hand) == hand
    assert p.puerh_sets == [["pb05", "pb19", "pp02"], ["pp01"]]
    # Both were the whole purchase at strength 3: the Market action is over.
    assert not s.pending and "end" in legal(s)
    play(game, s, "end")
    # Both tokens left the Market (placed on their cost-free side, PUERH-05); it is full again.
    assert all(court.market) and not {"pp01", "pp02"} & set(court.market)
    assert len(court.premium_pile) == pile - 2


@pytest.mark.rule("PUERH-09", "AMB-45")
def test_ex15_negative_two_tokens_of_one_turn_never_join() -> None:
    """Joining T2 to T1, both bought this turn, is illegal (PUERH-09)."""
    game, s = _ex15()
    play(game, s, "premium 1", "pay f 2", "pay g 3", "cake 0")  # T1 alone: set 2
    play(game, s, "premium 2", "pay f 2", "pay g 3", "pay g 3")
    assert legal(s) == ["cake 0", "cake 1"]
    assert_illegal(game, s, "cake 2")


# --- EX-16 Puerh end scoring ---------------------------------------------------------------


@pytest.mark.rule("PUERH-11", "SCORE-11")
def test_ex16_complete_cake_scores_stars_times_value_incomplete_nothing() -> None:
    """Anna's complete cake (3 stars, value 5) scores 15; her incomplete set scores 0."""
    game, s = expansion_game()
    complete = ["pp01", "pb01", "pp22"]
    incomplete = ["pb02", "pp05"]
    give_puerh_sets(s, ANNA, [complete, incomplete])
    tokens = s.ctx.puerh_tokens
    assert sum(tokens[t].stars for t in complete) == 3
    assert sum(tokens[t].value for t in complete) == 5
    assert cake_vp(s.ctx, complete) == 15  # PUERH-11
    assert cake_vp(s.ctx, incomplete) == 0
    assert live_breakdown(s)[ANNA]["puerh"] == 15
    # The same at the real end of the game.
    s.round = 5
    end_round_by_passing(game, s)
    assert s.is_over()
    outcome = s.outcome()
    assert outcome.breakdown[ANNA]["puerh"] == 15
    assert outcome.breakdown[CHARLES]["puerh"] == 0


@pytest.mark.rule("PUERH-11", "AMB-42")
def test_ex16_cake_score_does_not_depend_on_the_order_of_joining() -> None:
    """AMB-42: the same three tokens score 15 in any order of joining."""
    _game, s = expansion_game()
    for cake in permutations(["pp01", "pb01", "pp22"]):
        give_puerh_sets(s, ANNA, [list(cake)])
        assert live_breakdown(s)[ANNA]["puerh"] == 15
