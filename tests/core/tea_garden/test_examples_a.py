"""The rulebook's worked examples EX-01 ... EX-05 and EX-18 (rules inventory, WORKED EXAMPLES) as
Given / When / Then scenarios, each with the negative cases the inventory lists.

Fixtures: Karel is seat 0 of a 2-player game. EX-01's blue value-4 Region is ``b1`` (Anxi),
EX-02's card is ``a2_06``, EX-03's Caravan is ``cv_a01`` (docs/components/*.md).
"""

from __future__ import annotations

import pytest

from core.tea_garden import moves as mv
from tests.core.tea_garden.scenario import (
    add_garden,
    assert_illegal,
    commit,
    cup_rows,
    give_hand,
    give_scrolls,
    legal,
    new_game,
    play,
    put_action_card,
    put_caravan,
    set_cup_rows,
    set_leaves,
    set_region_token,
)

KAREL = 0


def leaves(s) -> tuple[list[int], list[int]]:
    p = s.players[KAREL]
    return list(p.fresh), list(p.fermented)


# ================================================================================================
# EX-01 Build across one extra border [BUILD-02/03/04/08/09, AMB-09]
# ================================================================================================


def ex01_given(strength_cards: list[str]):
    """Karel has only his Sichuan garden; b1 is blue, worth 4, two borders away, with a token."""
    game, s = new_game(2, seed=1)
    ctx = s.ctx
    b1 = ctx.region("b1")
    assert (b1.province, b1.value) == ("blue", 4)
    assert ctx.distance[ctx.region_index["sichuan"]][ctx.region_index["b1"]] == 2
    assert s.players[KAREL].gardens == [ctx.region_index["sichuan"]]
    assert s.players[KAREL].pagodas == [True] * 6  # includes the S3 (spot 2) and S5 (spot 5)
    set_region_token(s, "b1", "rt04")  # 1 Emperor token
    give_hand(s, KAREL, strength_cards)
    commit(game, s, strength_cards, strength_cards[0])
    return game, s


@pytest.mark.rule("EX-01", "BUILD-03", "BUILD-04")
def test_ex01_options_include_near_s5_and_far_s3():
    """EX-01: with S = 5 both the S5 Pagoda next door and the S3 Pagoda in b1 are legal."""
    _game, s = ex01_given(["s11", "s09"])  # When: S = 5, Build
    assert s.turn.strength == 5
    builds = legal(s, mv.Build)
    for region in ("p1", "p2", "c1", "r1"):  # Then (a): S5 Pagoda next to Sichuan  # BUILD-03
        assert f"build 5 {region} 1" in builds
    assert "build 2 b1 1" in builds  # Then (b): 3 + 2 <= 5  # BUILD-04


@pytest.mark.rule("EX-01", "BUILD-02", "BUILD-08", "BUILD-09")
def test_ex01_build_s3_pagoda_in_b1():
    """EX-01: building the S3 Pagoda in b1 places the garden, uses the spot, gives the bonus."""
    game, s = ex01_given(["s11", "s09"])
    play(game, s, "build 2 b1 1")  # When: he picks (b)
    p = s.players[KAREL]
    assert p.gardens[-1] == s.ctx.region_index["b1"]  # Then: a garden in b1
    assert s.board.spaces[s.ctx.region_index["b1"]][0] == KAREL
    assert not p.pagodas[1] and p.pagodas[4]  # BUILD-02: S3 spot empty, S5 Pagoda still there
    assert p.emperor_tokens == 1  # BUILD-08: b1's Region Bonus token
    assert p.vp == 0  # BUILD-09: not a scoring space, so no VP


@pytest.mark.rule("EX-01", "BUILD-02", "BUILD-04")
def test_ex01_negative_s5_pagoda_in_b1_needs_seven():
    """EX-01 negative: the S5 Pagoda in b1 would need 5 + 2 = 7 > 5."""
    game, s = ex01_given(["s11", "s09"])
    assert_illegal(game, s, "build 5 b1 1")
    assert_illegal(game, s, "build 4 b1 1")  # 4 + 2 = 6 > 5 as well


@pytest.mark.rule("EX-01", "AMB-09", "BUILD-04")
def test_ex01_negative_three_borders_away_at_any_strength():
    """EX-01 negative, AMB-09: a Region three borders away is illegal whatever the strength."""
    every = ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10", "s11"]
    game, s = ex01_given(every)
    assert s.turn.strength == 15
    for region in ("c3", "c4", "g2", "r3", "b2", "b4"):  # distance 3 from Sichuan
        assert s.ctx.distance[0][s.ctx.region_index[region]] == 3
        assert_illegal(game, s, f"build 1 {region} 1")


@pytest.mark.rule("EX-01", "BUILD-06")
def test_ex01_negative_not_in_sichuan():
    """EX-01 negative, BUILD-06: he already has a garden in Sichuan."""
    game, s = ex01_given(["s11", "s09"])
    assert not [m for m in legal(s, mv.Build) if " sichuan " in m]
    assert_illegal(game, s, "build 1 sichuan 2")


# ================================================================================================
# EX-02 Buy an Action card with a Teapot Scroll [BUY-01..04, TEAPOT-03/04, SCROLL-04]
# ================================================================================================


def ex02_given(fresh: dict[int, int], fermented: dict[int, int] | None = None, scrolls: int = 1):
    """S = 4, green Teapot on top; a2_06 (2 leaves q3+, needs green + red) in slot 3."""
    game, s = new_game(2, seed=1)
    card = s.ctx.action_cards["a2_06"]
    assert (card.price.green, card.price.quality) == (2, 3)
    assert card.teapots_needed == ("green", "red")
    put_action_card(s, 3, "a2_06")  # slot 3 needs strength 2 <= 4
    set_leaves(s, KAREL, fresh=fresh, fermented=fermented)
    give_scrolls(s, KAREL, teapot=scrolls)
    give_hand(s, KAREL, ["s01", "s11"])
    commit(game, s, ["s01", "s11"], "s01")  # s01: green Teapot; no other Teapot this round
    assert s.turn.strength == 4
    return game, s


@pytest.mark.rule(
    "EX-02", "TEAPOT-04", "BUY-03", "BUY-04", "BUY-01", "BUY-02", "TEAPOT-03", "SCROLL-04"
)
def test_ex02_buy_with_a_teapot_scroll():
    """EX-02: discard 1 Teapot Scroll for the red Teapot, pay 2 leaves q3, take the card."""
    game, s = ex02_given(fresh={3: 2, 1: 1})
    display = list(s.board.action_display)
    new_card = s.board.action_deck[-1]
    play(game, s, "buy 3")  # When
    assert legal(s) == ["teapot scroll"]  # one Teapot (red) is missing
    play(game, s, "teapot scroll", "pay g 3", "pay g 3")
    p = s.players[KAREL]
    assert p.teapot_scrolls == 0  # Then: Teapot Scrolls -1  # TEAPOT-04
    assert leaves(s) == ([1, 0, 0, 0, 0, 0], [0] * 6)  # the 2 q3 leaves went to the supply
    assert "a2_06" in p.hand  # BUY-03
    assert_illegal(game, s, "select a2_06")  # not playable this turn
    assert s.board.action_display == [*display[:2], *display[3:], new_card]  # BUY-04


@pytest.mark.rule("EX-02", "BUY-02", "TEAPOT-04")
def test_ex02_negative_no_scroll_no_substitute():
    """EX-02 negative: without the Scroll, 3 spare leaves or 2 fermented the buy is illegal."""
    game, s = ex02_given(fresh={3: 2, 1: 2}, scrolls=0)  # only 2 spare leaves
    assert "buy 3" not in legal(s)
    assert_illegal(game, s, "buy 3")


@pytest.mark.rule("EX-02", "TEAPOT-04")
def test_ex02_control_three_spare_leaves_or_two_fermented_also_work():
    """EX-02 control: 3 spare leaves, or 2 fermented, replace the Scroll (TEAPOT-04)."""
    game, s = ex02_given(fresh={3: 2, 1: 3}, scrolls=0)
    play(game, s, "buy 3", "teapot leaves", "pay g 3", "pay g 3", "pay g 1", "pay g 1", "pay g 1")
    assert "a2_06" in s.players[KAREL].hand and leaves(s) == ([0] * 6, [0] * 6)
    game, s = ex02_given(fresh={3: 2}, fermented={1: 2}, scrolls=0)
    play(game, s, "buy 3", "teapot fermented", "pay g 3", "pay g 3", "pay f 1", "pay f 1")
    assert "a2_06" in s.players[KAREL].hand and leaves(s) == ([0] * 6, [0] * 6)


# ================================================================================================
# EX-03 Sell to a Caravan [CARAVAN-03..07, CUP-08]
# ================================================================================================


def ex03_given(cards: list[str], fresh: dict[int, int], fermented: dict[int, int]):
    """cv_a01 in the display (3 G + 1 F -> Cup token + 2 VP; strength 6 -> 6 VP + 1 token)."""
    game, s = new_game(2, seed=1)
    caravan = s.ctx.caravans["cv_a01"]
    assert (caravan.trades[0].cost.green, caravan.trades[0].cost.brown) == (3, 1)
    assert caravan.strengths[1].strength == 6
    put_caravan(s, 2, "cv_a01")
    set_leaves(s, KAREL, fresh=fresh, fermented=fermented)
    set_cup_rows(s, KAREL, cup_rows(s, [[True]]))  # one Cup connection, no token yet
    give_hand(s, KAREL, cards)
    commit(game, s, cards, cards[0])
    return game, s


@pytest.mark.rule(
    "EX-03", "CUP-08", "CARAVAN-05", "CARAVAN-04", "CARAVAN-06", "CARAVAN-07", "CARAVAN-03"
)
def test_ex03_sell_to_the_caravan():
    """EX-03: pay 3 G + 1 F, use strength 6: +1 Cup token, +8 VP, +1 Emperor token."""
    game, s = ex03_given(["s11", "s09", "s01"], fresh={2: 3, 5: 1}, fermented={4: 1})
    assert s.turn.strength == 6
    top = s.board.caravan_deck[-1]
    play(game, s, "caravan 2 1 2", "pay g 2", "pay g 2", "pay g 2", "pay f 4")  # When
    assert legal(s) == ["token 1 1"]  # CUP-08: the Cup token goes on a connection he chooses
    play(game, s, "token 1 1")
    p = s.players[KAREL]
    assert leaves(s) == ([0, 0, 0, 0, 1, 0], [0] * 6)  # Then: -3 G, -1 F
    assert p.cup_tokens == [[1]]
    assert p.vp == 8  # CARAVAN-05: 2 + 6 at once
    assert p.emperor_tokens == 1  # CARAVAN-04
    assert p.caravans == ["cv_a01"]  # CARAVAN-06
    assert s.board.caravan_display[1] == top and all(s.board.caravan_display)  # CARAVAN-07


@pytest.mark.rule("EX-03", "CARAVAN-03", "AMB-14")
def test_ex03_negative_strength_five_cannot_use_six():
    """EX-03 negative: with S = 5 the "6" strength option is illegal (the "4" one is fine)."""
    game, s = ex03_given(["s11", "s09"], fresh={2: 3}, fermented={4: 1})
    assert s.turn.strength == 5
    assert_illegal(game, s, "caravan 2 1 2")
    assert "caravan 2 1 1" in legal(s)


@pytest.mark.rule("EX-03", "CARAVAN-03", "LEAF-04")
def test_ex03_negative_no_fermented_leaf_for_the_brown_icon():
    """EX-03 negative: with no fermented leaf the brown icon cannot be paid."""
    game, s = ex03_given(["s11", "s09", "s01"], fresh={2: 4}, fermented={})
    assert not [m for m in legal(s, mv.TakeCaravan) if m.startswith("caravan 2 1 ")]
    assert_illegal(game, s, "caravan 2 1 2")


# ================================================================================================
# EX-04 Fermentation main action [FERMENT-01/02]
# ================================================================================================


def ex04_given():
    """3 G q3, 2 G q4, 2 F q5 (7 leaves); S = 4."""
    game, s = new_game(2, seed=1)
    set_leaves(s, KAREL, fresh={3: 3, 4: 2}, fermented={5: 2})
    give_hand(s, KAREL, ["s11", "s01"])
    commit(game, s, ["s11", "s01"], "s11")
    assert s.turn.strength == 4
    return game, s


@pytest.mark.rule("EX-04", "FERMENT-01", "FERMENT-02")
def test_ex04_ferment_four_leaves():
    """EX-04: fermenting 2 G q4 and 2 G q3 leaves every leaf in its Basket, 7 in total."""
    game, s = ex04_given()
    play(game, s, "ferment", "flip 4", "flip 4", "flip 3", "flip 3")  # When
    fresh, fermented = leaves(s)
    assert fresh == [0, 0, 1, 0, 0, 0]  # Then: 1 G q3
    assert fermented == [0, 0, 2, 2, 2, 0]  # 2 F q3, 2 F q4, 2 F q5
    assert sum(fresh) + sum(fermented) == 7


@pytest.mark.rule("EX-04", "FERMENT-01")
def test_ex04_negative_fifth_leaf_with_s4():
    """EX-04 negative: fermenting 5 leaves with S = 4 is illegal."""
    game, s = ex04_given()
    play(game, s, "ferment", "flip 4", "flip 4", "flip 3", "flip 3")
    assert_illegal(game, s, "flip 3")
    assert leaves(s)[0] == [0, 0, 1, 0, 0, 0]


# ================================================================================================
# EX-05 Extra Leaf Harvest [HARVEST-01/02]
# ================================================================================================


def ex05_given():
    """Six gardens valued 2 (Sichuan), 3, 4, 5, 6, 6; S = 4; no leaves."""
    game, s = new_game(2, seed=1)
    for region in ("p1", "b1", "c4", "c3", "g3"):
        add_garden(s, KAREL, region)
    values = sorted(s.ctx.regions[r].value for r in s.players[KAREL].gardens)
    assert values == [2, 3, 4, 5, 6, 6]
    set_leaves(s, KAREL)
    give_hand(s, KAREL, ["s11", "s01"])
    commit(game, s, ["s11", "s01"], "s11")
    play(game, s, "harvest")
    return game, s


@pytest.mark.rule("EX-05", "HARVEST-01")
def test_ex05_extra_harvest_four_gardens():
    """EX-05: harvesting the gardens valued 4, 5, 6 and 6 gives G q4, G q5 and 2 G q6."""
    game, s = ex05_given()
    play(game, s, "from b1", "from c4", "from c3", "from g3")  # When
    assert leaves(s) == ([0, 0, 0, 1, 1, 2], [0] * 6)  # Then
    assert s.pending == []


@pytest.mark.rule("EX-05", "HARVEST-02")
def test_ex05_negative_two_leaves_from_one_garden():
    """EX-05 negative: a garden gives only one leaf per Extra Harvest."""
    game, s = ex05_given()
    play(game, s, "from c3")
    assert_illegal(game, s, "from c3")


@pytest.mark.rule("EX-05", "HARVEST-01")
def test_ex05_negative_fifth_garden_with_s4():
    """EX-05 negative: with S = 4 a fifth garden cannot be harvested."""
    game, s = ex05_given()
    play(game, s, "from b1", "from c4", "from c3", "from g3")
    assert_illegal(game, s, "from sichuan")
    assert_illegal(game, s, "from p1")
    assert leaves(s) == ([0, 0, 0, 1, 1, 2], [0] * 6)


# ================================================================================================
# EX-18 Fourth-turn fee [TURN-05, AMB-03]
# ================================================================================================


def ex18_given(fresh: dict[int, int], fermented: dict[int, int]):
    """Karel has used his three free slots this round."""
    game, s = new_game(2, seed=1)
    s.players[KAREL].stacks = [["s09"], ["s10"], ["s11"]]
    set_leaves(s, KAREL, fresh=fresh, fermented=fermented)
    give_hand(s, KAREL, ["s01"])
    return game, s


@pytest.mark.rule("EX-18", "TURN-05", "LEAF-04")
def test_ex18_three_fresh_cannot_pay_the_fourth_turn():
    """EX-18 negative: with 3 G and no F a fourth turn is illegal."""
    game, s = ex18_given(fresh={2: 3}, fermented={})
    assert legal(s) == ["pass"]
    assert_illegal(game, s, "select s01")


@pytest.mark.rule("EX-18", "AMB-03", "TURN-05")
def test_ex18_two_fresh_one_fermented_pay_the_fourth_turn():
    """EX-18: with 2 G + 1 F (any quality, AMB-03) the fourth turn is legal; all 3 are paid."""
    game, s = ex18_given(fresh={1: 1, 6: 1}, fermented={3: 1})
    commit(game, s, ["s01"], "s01")  # When
    assert s.players[KAREL].stacks[3] == ["s01"]
    play(game, s, "pay g 6", "pay f 3", "pay g 1")
    assert leaves(s) == ([0] * 6, [0] * 6)  # Then: all three leaves paid
    assert s.pending == [] and "harvest" in legal(s)
