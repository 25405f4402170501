"""Rule tests for Teapots and the five main actions (TEAPOT, BUILD, BUY, CARAVAN, FERMENT,
HARVEST) and the ambiguity readings tea-tui follows for them (AMB-06 ... AMB-16).

Each test names the rule IDs it checks, in its name or next to the assertion.
"""

from __future__ import annotations

import pytest

from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.scoring import live_breakdown
from tests.core.tea_garden.scenario import (
    add_garden,
    assert_illegal,
    commit,
    end_round_by_passing,
    give_hand,
    give_scrolls,
    legal,
    new_game,
    play,
    put_action_card,
    put_caravan,
    set_deck,
    set_leaves,
    set_region_token,
)

ALL_STARTING = ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10", "s11"]


def leaves(s, seat: int = 0) -> tuple[list[int], list[int]]:
    p = s.players[seat]
    return list(p.fresh), list(p.fermented)


def regions_of(moves: list[str]) -> set[str]:
    """The Regions named by ``build`` moves."""
    return {m.split()[2] for m in moves}


def spots_of(moves: list[str], region: str) -> set[int]:
    """The Pagoda spots offered for ``region`` by ``build`` moves."""
    return {int(m.split()[1]) for m in moves if m.split()[2] == region}


def play_strength(game, s, strength: int) -> None:
    """Commit plain Starting cards for exactly ``strength`` (1-15), the last one on top."""
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


# ================================================================================================
# TEAPOT
# ================================================================================================


@pytest.mark.rule("TEAPOT-01")
def test_teapot01_three_colours_and_neutral_wildcard():
    """TEAPOT-01: Teapots are green, red or blue; a neutral one stands for any colour."""
    game, s = new_game(2, seed=1)
    for card in s.ctx.cards.values():
        assert set(card.teapots) <= {"green", "red", "blue", "neutral"}
    for card in s.ctx.action_cards.values():
        assert set(card.teapots_needed) <= {"green", "red", "blue", "any"}
    s.players[0].stacks = [["a4_05"]]  # neutral Teapot on top, earlier this round
    put_action_card(s, 1, "a1_01")  # needs red
    set_leaves(s, 0, fresh={1: 1})
    give_hand(s, 0, ["s11"])  # no Teapot
    commit(game, s, ["s11"], "s11")
    play(game, s, "buy 1")
    assert not any(isinstance(d, st.CoverTeapots) for d in s.pending)  # neutral = red
    play(game, s, "pay g 1")
    assert "a1_01" in s.players[0].hand


@pytest.mark.rule("TEAPOT-02")
def test_teapot02_teapots_matter_only_for_buying():
    """TEAPOT-02: with no Teapot at all, Build, Caravan, Ferment and Harvest stay open."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_b01")
    put_action_card(s, 1, "a1_01")  # needs red
    set_leaves(s, 0, fresh={1: 2})
    give_hand(s, 0, ["s11"])  # no Teapot
    commit(game, s, ["s11"], "s11")
    assert legal(s, mv.Build) and legal(s, mv.TakeCaravan)
    assert legal(s, mv.Ferment) and legal(s, mv.Harvest)
    assert "buy 1" not in legal(s)  # TEAPOT-02: only buying asks for Teapots


@pytest.mark.rule("TEAPOT-03", "FAQ-02")
def test_teapot03_only_top_cards_of_this_rounds_stacks_count():
    """TEAPOT-03: Teapots on each stack's top card count (this turn's too); covered ones never."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 1, "a1_03")  # needs green
    set_leaves(s, 0, fresh={1: 1})
    give_hand(s, 0, ["s01", "s11"])  # s01 green Teapot, covered by s11
    commit(game, s, ["s01", "s11"], "s11")
    assert "buy 1" not in legal(s)  # FAQ-02: the covered green Teapot does not count
    # An earlier stack's top card counts.
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s11", "s05"]]  # s05 (green Teapot) on top
    put_action_card(s, 1, "a1_03")
    set_leaves(s, 0, fresh={1: 1})
    give_hand(s, 0, ["s10"])
    commit(game, s, ["s10"], "s10")
    play(game, s, "buy 1", "pay g 1")  # no substitute asked
    assert "a1_03" in s.players[0].hand
    # The current turn's top card counts as well.
    game, s = new_game(2, seed=1)
    put_action_card(s, 1, "a1_03")
    set_leaves(s, 0, fresh={1: 1})
    give_hand(s, 0, ["s11", "s05"])
    commit(game, s, ["s11", "s05"], "s05")
    play(game, s, "buy 1", "pay g 1")
    assert "a1_03" in s.players[0].hand


@pytest.mark.rule("TEAPOT-04")
@pytest.mark.parametrize(
    ("method", "fresh", "fermented", "pays"),
    [
        ("scroll", {1: 1}, {}, ["pay g 1"]),
        ("leaves", {1: 3, 2: 1}, {}, ["pay g 2", "pay g 1", "pay g 1", "pay g 1"]),
        ("fermented", {1: 1}, {6: 2}, ["pay f 6", "pay f 6", "pay g 1"]),
    ],
)
def test_teapot04_each_substitute_covers_one_teapot(method, fresh, fermented, pays):
    """TEAPOT-04: a Teapot Scroll, 3 leaves of any kind, or 2 fermented cover one Teapot."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 1, "a1_03")  # 1 leaf q1, needs green
    set_leaves(s, 0, fresh=fresh, fermented=fermented)
    give_scrolls(s, 0, teapot=1 if method == "scroll" else 0)
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")
    play(game, s, "buy 1")
    assert legal(s) == [f"teapot {method}"]
    play(game, s, f"teapot {method}", *pays)
    p = s.players[0]
    assert "a1_03" in p.hand and s.pending == []
    assert leaves(s) == ([0] * 6, [0] * 6) and p.teapot_scrolls == 0


@pytest.mark.rule("TEAPOT-04")
def test_teapot04_substitute_needed_when_short():
    """TEAPOT-04: without a Teapot or a substitute (Scroll, 3 leaves, 2 fermented) no purchase."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 1, "a1_03")  # 1 leaf, needs green
    set_leaves(s, 0, fresh={1: 3}, fermented={1: 1})
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")
    assert "buy 1" in legal(s)  # 1 for the price + 3 for the Teapot
    set_leaves(s, 0, fresh={1: 2}, fermented={1: 1})  # 3 leaves, 1 fermented
    assert "buy 1" not in legal(s)
    assert_illegal(game, s, "buy 1")


@pytest.mark.rule("TEAPOT-05")
def test_teapot05_teapots_reset_each_round():
    """TEAPOT-05: played stacks are discarded in Maintenance, so last round's Teapots are gone."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 2, "a1_03")  # needs green
    set_leaves(s, 0, fresh={1: 1})
    give_hand(s, 0, ["s05", "s10"])
    commit(game, s, ["s05"], "s05")  # green Teapot this round
    play(game, s, "harvest", "stop", "end")
    end_round_by_passing(game, s)
    assert s.players[0].stacks == []
    # Round 2: seat 1 starts; seat 0 plays a card without a Teapot.
    play(game, s, "pass")
    put_action_card(s, 2, "a1_03")
    set_leaves(s, 0, fresh={1: 1})
    give_hand(s, 0, ["s10"])
    commit(game, s, ["s10"], "s10")
    assert "buy 2" not in legal(s)  # TEAPOT-05: the green Teapot of round 1 is gone


@pytest.mark.rule("AMB-06")
def test_amb06_printed_teapots_are_not_used_up():
    """AMB-06: a printed Teapot supports a second purchase in a later turn of the same round."""
    game, s = new_game(2, seed=1)
    s.players[1].passed = True
    put_action_card(s, 1, "a1_03")  # needs green
    put_action_card(s, 2, "a2_02")  # needs green
    set_leaves(s, 0, fresh={3: 3})
    give_hand(s, 0, ["s05", "s10", "s11"])
    commit(game, s, ["s05"], "s05")  # green Teapot
    play(game, s, "buy 1", "pay g 3", "end")
    commit(game, s, ["s10", "s11"], "s10")  # no Teapot now; s05's stack still shows green
    play(game, s, "buy 1")  # a2_02 has moved to slot 1
    assert not any(isinstance(d, st.CoverTeapots) for d in s.pending)
    play(game, s, "pay g 3", "pay g 3")
    assert {"a1_03", "a2_02"} <= set(s.players[0].hand)


@pytest.mark.rule("AMB-07")
def test_amb07_substitutes_combine_and_repeat():
    """AMB-07: each substitute gives exactly one Teapot; they may be mixed and repeated."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 4, "a3_08")  # 2 leaves q3, needs any + any
    set_leaves(s, 0, fresh={3: 2, 1: 6})
    give_hand(s, 0, ["s11"])  # strength 3, no Teapot
    commit(game, s, ["s11"], "s11")
    play(game, s, "buy 4", "teapot leaves")
    assert legal(s) == ["teapot leaves"]  # one group of 3 covered one Teapot; one left
    play(game, s, "teapot leaves")
    for _ in range(6):
        play(game, s, "pay g 1")
    play(game, s, "pay g 3", "pay g 3")
    assert "a3_08" in s.players[0].hand and leaves(s) == ([0] * 6, [0] * 6)
    # A Scroll and a fermented pair together.
    game, s = new_game(2, seed=1)
    put_action_card(s, 4, "a3_08")
    set_leaves(s, 0, fresh={3: 2}, fermented={1: 2})
    give_scrolls(s, 0, teapot=1)
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")
    play(game, s, "buy 4", "teapot scroll", "teapot fermented")
    play(game, s, "pay f 1", "pay f 1", "pay g 3", "pay g 3")
    assert "a3_08" in s.players[0].hand and s.players[0].teapot_scrolls == 0


@pytest.mark.rule("AMB-08")
def test_amb08_one_card_may_show_two_teapots():
    """AMB-08: a card with two Teapots (a2_09: red + blue) meets two requirements."""
    game, s = new_game(2, seed=1)
    assert s.ctx.cards["a2_09"].teapots == ("red", "blue")
    s.players[0].stacks = [["a2_09"]]
    put_action_card(s, 1, "a3_02")  # needs red + blue, 3 leaves q3
    set_leaves(s, 0, fresh={3: 3})
    give_hand(s, 0, ["s10"])
    commit(game, s, ["s10"], "s10")
    play(game, s, "buy 1")
    assert not any(isinstance(d, st.CoverTeapots) for d in s.pending)
    play(game, s, "pay g 3", "pay g 3", "pay g 3")
    assert "a3_02" in s.players[0].hand


# ================================================================================================
# BUILD
# ================================================================================================


@pytest.mark.rule("BUILD-01")
def test_build01_pagoda_spots_show_their_strength():
    """BUILD-01: each Pagoda spot needs its printed strength (2, 3, 3, 4, 5, 6)."""
    game, s = new_game(2, seed=1)
    assert s.ctx.components.board.pagodas == (2, 3, 3, 4, 5, 6)
    play_strength(game, s, 3)
    assert spots_of(legal(s, mv.Build), "p1") == {1, 2}  # spots 1 (2) and 2 (3; 3 the same)
    assert_illegal(game, s, "build 4 p1 1")  # BUILD-01: spot 4 needs 4
    game, s = new_game(2, seed=1)
    play_strength(game, s, 6)
    assert spots_of(legal(s, mv.Build), "p1") == {1, 2, 4, 5, 6}


@pytest.mark.rule("BUILD-02")
def test_build02_any_pagoda_within_strength_leaves_the_board():
    """BUILD-02: any Pagoda with requirement <= S may be built; it leaves the player board."""
    game, s = new_game(2, seed=1)
    play_strength(game, s, 6)
    play(game, s, "build 4 p1 1")  # a weaker Pagoda than S allows is fine
    p = s.players[0]
    assert p.pagodas == [True, True, True, False, True, True]
    assert p.gardens[-1] == s.ctx.region_index["p1"]
    assert s.board.spaces[s.ctx.region_index["p1"]][0] == 0


@pytest.mark.rule("BUILD-03")
def test_build03_normal_target_borders_one_of_your_regions():
    """BUILD-03: without a surcharge the target Region must border one of your garden Regions."""
    game, s = new_game(2, seed=1)
    play_strength(game, s, 3)
    assert regions_of(legal(s, mv.Build)) == {"p1", "p2", "c1", "r1"}  # Sichuan's neighbours
    # A new garden extends the reach.
    game, s = new_game(2, seed=1)
    add_garden(s, 0, "c1", spot=1)
    play_strength(game, s, 3)
    assert {"c2", "b1"} <= regions_of(legal(s, mv.Build))  # neighbours of Longjing


@pytest.mark.rule("BUILD-04", "AMB-09")
def test_build04_one_extra_border_costs_two_strength():
    """BUILD-04, AMB-09: a Region two borders away costs +2 strength; never three borders."""
    game, s = new_game(2, seed=1)
    assert s.ctx.distance[s.ctx.region_index["sichuan"]][s.ctx.region_index["b1"]] == 2
    play_strength(game, s, 4)
    assert spots_of(legal(s, mv.Build), "b1") == {1}  # only the 2-Pagoda: 2 + 2 <= 4
    assert_illegal(game, s, "build 2 b1 1")  # BUILD-04: 3 + 2 > 4
    game, s = new_game(2, seed=1)
    play_strength(game, s, 15)
    far = {r.id for i, r in enumerate(s.ctx.regions) if s.ctx.distance[0][i] >= 3}
    assert far and not far & regions_of(legal(s, mv.Build))  # AMB-09: +2 buys one border only
    assert_illegal(game, s, "build 1 c4 1")


@pytest.mark.rule("BUILD-05", "AMB-10")
def test_build05_amb10_river_is_an_ordinary_border():
    """BUILD-05, AMB-10: Regions facing each other across the River are adjacent."""
    game, s = new_game(2, seed=1)
    border = next(b for b in s.ctx.components.map.borders if {b.a, b.b} == {"sichuan", "r1"})
    assert border.river
    play_strength(game, s, 2)
    assert "build 1 r1 1" in legal(s)  # one border crossing, no surcharge
    play(game, s, "build 1 r1 1")
    assert s.ctx.region_index["r1"] in s.players[0].gardens


@pytest.mark.rule("BUILD-06")
def test_build06_never_in_a_region_you_already_occupy():
    """BUILD-06: no second garden of yours in a Region (Sichuan or any other)."""
    game, s = new_game(2, seed=1)
    add_garden(s, 0, "p1", spot=1)
    play_strength(game, s, 6)
    assert not {"sichuan", "p1"} & regions_of(legal(s, mv.Build))
    assert_illegal(game, s, "build 2 p1 2")
    assert_illegal(game, s, "build 2 sichuan 2")


@pytest.mark.rule("BUILD-07")
def test_build07_one_garden_per_build_action():
    """BUILD-07: a Build action places exactly one garden."""
    game, s = new_game(2, seed=1)
    play_strength(game, s, 8)
    play(game, s, "build 1 p1 1")
    assert legal(s, mv.Build) == []
    assert_illegal(game, s, "build 2 p2 1")
    assert len(s.players[0].gardens) == 2


@pytest.mark.rule("BUILD-08")
def test_build08_region_bonus_for_every_builder_token_stays():
    """BUILD-08: each player building in a Region gains its Bonus token; the token stays."""
    game, s = new_game(2, seed=1)
    set_region_token(s, "p1", "rt04")  # 1 Emperor token
    play_strength(game, s, 2)
    play(game, s, "build 1 p1 1", "end")
    assert s.players[0].emperor_tokens == 1
    assert s.board.region_tokens["p1"] == "rt04"
    play_strength(game, s, 2)  # seat 1
    play(game, s, "build 1 p1 2")
    assert s.players[1].emperor_tokens == 1  # BUILD-08: the later builder gains it too
    assert s.board.region_tokens["p1"] == "rt04"


@pytest.mark.rule("BUILD-09")
def test_build09_scoring_space_pays_vp_at_once():
    """BUILD-09: building on a space with printed VP scores them immediately."""
    game, s = new_game(2, seed=1)
    assert [sp.vp for sp in s.ctx.region("p2").spaces] == [1, 0, 0]
    set_region_token(s, "p2", "rt01")  # leaves, not VP
    play_strength(game, s, 2)
    play(game, s, "build 1 p2 1")
    assert s.players[0].vp == 1  # BUILD-09
    game, s = new_game(2, seed=1)
    set_region_token(s, "p2", "rt01")
    play_strength(game, s, 2)
    play(game, s, "build 1 p2 2")
    assert s.players[0].vp == 0


@pytest.mark.rule("BUILD-10")
def test_build10_regions_provinces_and_sichuan():
    """BUILD-10: Regions belong to coloured Provinces; yellow is the single Region Sichuan."""
    _game, s = new_game(2, seed=1)
    cs = s.ctx.components
    start = [p.id for p in cs.map.provinces if p.start]
    assert start == ["yellow"]
    assert [r.id for r in cs.map.regions if r.province == "yellow"] == ["sichuan"]
    for prov in s.ctx.coloured_provinces:
        assert sum(r.province == prov for r in cs.map.regions) >= 2


@pytest.mark.rule("BUILD-11")
def test_build11_players_share_a_region_on_separate_spaces():
    """BUILD-11: several players may build in one Region, each on a free space of their own."""
    game, s = new_game(2, seed=1)
    set_region_token(s, "p2", "rt01")
    add_garden(s, 0, "p2", space=1, spot=1)  # seat 0 holds the 1 VP space
    s.players[0].passed = True
    play(game, s, "pass")
    assert s.current_seat() == 1
    play_strength(game, s, 2)
    moves = [m for m in legal(s, mv.Build) if m.split()[2] == "p2"]
    assert moves == ["build 1 p2 2"]  # space 1 is taken
    play(game, s, "build 1 p2 2")
    assert s.board.spaces[s.ctx.region_index["p2"]][:2] == [0, 1]


@pytest.mark.rule("BUILD-12")
def test_build12_full_region_or_empty_board_cannot_build():
    """BUILD-12: a Region with no free space, or a board with no Pagoda left, blocks building."""
    game, s = new_game(3, seed=1)
    add_garden(s, 1, "p1", spot=1)
    add_garden(s, 2, "p1", spot=1)  # p1's two spaces are full
    play_strength(game, s, 6)
    assert "p1" not in regions_of(legal(s, mv.Build))
    assert_illegal(game, s, "build 1 p1 1")
    game, s = new_game(2, seed=1)
    s.players[0].pagodas = [False] * 6
    play_strength(game, s, 6)
    assert legal(s, mv.Build) == []


@pytest.mark.rule("AMB-11")
def test_amb11_any_free_space_of_the_region():
    """AMB-11: any free space of the target Region may be used (equal spaces are one choice)."""
    game, s = new_game(2, seed=1)
    add_garden(s, 0, "b1", spot=1)  # Zhenghe (b4: spaces of 3, 1 and 0 VP) borders Anxi
    dist = s.ctx.distance
    b4 = s.ctx.region_index["b4"]
    assert min(dist[g][b4] for g in s.players[0].gardens) == 1
    play_strength(game, s, 3)
    assert {m for m in legal(s, mv.Build) if m.split()[2] == "b4"} >= {
        "build 2 b4 1",
        "build 2 b4 2",
        "build 2 b4 3",
    }
    play(game, s, "build 2 b4 2")
    assert s.players[0].vp == 1


# ================================================================================================
# BUY
# ================================================================================================


@pytest.mark.rule("BUY-01", "AMB-12")
def test_buy01_display_slot_minimums_rise_left_to_right():
    """BUY-01, AMB-12: six slots needing S >= 0, 1, 2, 3, 4, 5; the slot sets the requirement."""
    game, s = new_game(2, seed=1)
    assert s.ctx.components.display.slot_strength == (0, 1, 2, 3, 4, 5)
    for slot, card in enumerate(["a1_01", "a1_02", "a1_03", "a1_04", "a1_05", "a1_06"], 1):
        put_action_card(s, slot, card)
    set_leaves(s, 0, fresh={6: 4})
    give_scrolls(s, 0, teapot=2, plus1=4)
    give_hand(s, 0, ["s01"])
    commit(game, s, ["s01"], "s01")  # S = 1
    for strength in range(1, 6):
        assert legal(s, mv.Buy) == [f"buy {k}" for k in range(1, strength + 2)]
        if strength < 5:
            play(game, s, "plus1")


@pytest.mark.rule("AMB-12")
def test_amb12_same_card_cheaper_further_left():
    """AMB-12: a card's strength requirement comes from its slot, not from the card."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 4, "a1_04")  # slot 4 needs 3
    set_leaves(s, 0, fresh={2: 1})
    give_hand(s, 0, ["s05", "s10"])
    commit(game, s, ["s05", "s10"], "s05")  # S = 3, green Teapot
    assert "buy 4" in legal(s)
    game, s = new_game(2, seed=1)
    put_action_card(s, 4, "a1_04")
    set_leaves(s, 0, fresh={2: 1})
    give_hand(s, 0, ["s01", "s05"])
    commit(game, s, ["s01", "s05"], "s05")  # S = 2 < 3
    assert "buy 4" not in legal(s)
    put_action_card(s, 3, "a1_04")  # the same card in slot 3 needs only 2
    assert "buy 3" in legal(s)


@pytest.mark.rule("BUY-02")
def test_buy02_strength_price_and_teapots_all_required():
    """BUY-02: S >= slot minimum, the leaf price and the Teapots must all be met."""
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s03"]]  # red Teapot
    put_action_card(s, 5, "a2_06")  # slot 5 needs 4; 2 leaves q3; needs green + red
    give_hand(s, 0, ["s01", "s11"])  # S 4, green Teapot
    set_leaves(s, 0, fresh={3: 2})
    commit(game, s, ["s01", "s11"], "s01")
    assert "buy 5" in legal(s)
    set_leaves(s, 0, fresh={3: 1})  # price not payable
    assert "buy 5" not in legal(s)
    set_leaves(s, 0, fresh={3: 2})
    s.players[0].stacks[0] = ["s11"]  # the red Teapot is gone
    assert "buy 5" not in legal(s)
    s.players[0].stacks[0] = ["s03"]
    s.turn.strength = 3  # below the slot's 4
    assert "buy 5" not in legal(s)


@pytest.mark.rule("BUY-02", "LEAF-04", "LEAF-05")
def test_buy02_brown_price_icon_needs_fermented_of_the_minimum_quality():
    """BUY-02, LEAF-04/05: a brown price icon takes a fermented leaf of at least the quality."""
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s02"]]  # blue Teapot
    put_action_card(s, 2, "a3_04")  # 1 green + 1 brown icon, quality 3+; needs blue + any
    give_hand(s, 0, ["s08"])  # blue Teapot on top
    set_leaves(s, 0, fresh={5: 2}, fermented={2: 1})
    commit(game, s, ["s08"], "s08")
    assert "buy 2" not in legal(s)  # the only fermented leaf is below quality 3
    set_leaves(s, 0, fresh={5: 2}, fermented={3: 1})
    play(game, s, "buy 2", "pay g 5")
    assert legal(s) == ["pay f 3"]
    assert_illegal(game, s, "pay g 5")
    play(game, s, "pay f 3")
    assert "a3_04" in s.players[0].hand and leaves(s) == ([0, 0, 0, 0, 1, 0], [0] * 6)


@pytest.mark.rule("BUY-03", "BUY-04")
def test_buy03_04_card_to_hand_display_shifts_and_refills():
    """BUY-03/04: the card goes to hand; cards to its right shift left; slot 6 is refilled."""
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s03"]]
    put_action_card(s, 2, "a2_06")
    display = list(s.board.action_display)
    top = s.board.action_deck[-1]
    deck = len(s.board.action_deck)
    set_leaves(s, 0, fresh={3: 2})
    give_hand(s, 0, ["s01"])
    commit(game, s, ["s01"], "s01")
    play(game, s, "buy 2", "pay g 3", "pay g 3")
    assert s.players[0].hand == ["a2_06"]  # BUY-03
    assert s.board.action_display == [display[0], *display[2:], top]  # BUY-04
    assert len(s.board.action_deck) == deck - 1


@pytest.mark.rule("BUY-05")
def test_buy05_one_card_per_buy_action():
    """BUY-05: a Buy action buys one card."""
    game, s = new_game(2, seed=1)
    for slot, card in enumerate(["a1_01", "a1_02", "a1_03"], 1):
        put_action_card(s, slot, card)
    give_scrolls(s, 0, teapot=3)
    set_leaves(s, 0, fresh={2: 5})
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")
    play(game, s, "buy 1", "teapot scroll", "pay g 2")
    assert legal(s, mv.Buy) == []
    assert_illegal(game, s, "buy 1")


@pytest.mark.rule("BUY-06")
def test_buy06_action_card_vp_score_at_game_end():
    """BUY-06: the VP printed on a bought Action card count at game end, not on the track."""
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s03"]]
    put_action_card(s, 2, "a2_06")  # 2 VP
    set_leaves(s, 0, fresh={3: 2})
    give_hand(s, 0, ["s01"])
    commit(game, s, ["s01"], "s01")
    before = live_breakdown(s)[0]["action_cards"]
    play(game, s, "buy 2", "pay g 3", "pay g 3")
    assert s.players[0].vp == 0  # nothing on the track now
    assert live_breakdown(s)[0]["action_cards"] == before + 2  # BUY-06


@pytest.mark.rule("AMB-13")
def test_amb13_empty_action_deck_leaves_slots_empty():
    """AMB-13: with the Action deck empty, cards still shift left and empty slots stay empty."""
    game, s = new_game(2, seed=1)
    s.board.action_deck = []
    s.players[0].stacks = [["a4_05"]]  # neutral Teapot
    display = list(s.board.action_display)
    give_scrolls(s, 0, teapot=4)
    set_leaves(s, 0, fresh={6: 8})
    give_hand(s, 0, ["s11", "s10"])
    commit(game, s, ["s11", "s10"], "s11")
    card = display[0]
    play(game, s, "buy 1")
    while s.pending:
        play(game, s, legal(s)[0])
    assert s.board.action_display == [*display[1:], ""]
    assert "buy 6" not in legal(s)
    play(game, s, "end")
    end_round_by_passing(game, s)  # Maintenance step C also leaves the slot empty
    assert s.board.action_display == [*display[2:], "", ""]
    assert card in s.players[0].hand + s.players[0].discard


# ================================================================================================
# CARAVAN
# ================================================================================================


@pytest.mark.rule("CARAVAN-01", "CARAVAN-07")
def test_caravan01_07_three_in_display_refilled_at_once():
    """CARAVAN-01/07: three Caravans show; a taken one is replaced from the deck at once."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 2, "cv_b01")
    display = list(s.board.caravan_display)
    top = s.board.caravan_deck[-1]
    set_leaves(s, 0, fresh={1: 2})
    play_strength(game, s, 2)
    play(game, s, "caravan 2 1 1", "pay g 1", "pay g 1")
    assert len(s.board.caravan_display) == 3  # CARAVAN-01
    assert s.board.caravan_display == [display[0], top, display[2]]  # CARAVAN-07


@pytest.mark.rule("CARAVAN-02")
def test_caravan02_two_trades_and_two_different_strengths():
    """CARAVAN-02: every Caravan has 2 trade options and 2 different strength values."""
    _game, s = new_game(2, seed=1)
    for caravan in s.ctx.caravans.values():
        assert len(caravan.trades) == 2 and len(caravan.strengths) == 2
        assert caravan.strengths[0].strength != caravan.strengths[1].strength
        assert all(t.cost.count >= 1 for t in caravan.trades)


@pytest.mark.rule("CARAVAN-03")
def test_caravan03_trade_payment_and_strength_both_needed():
    """CARAVAN-03: a Caravan needs one payable trade and one reached strength value."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_b01")  # trades 2 / 4 green; strengths 2 / 4
    set_leaves(s, 0, fresh={1: 5})
    play_strength(game, s, 1)
    assert not [m for m in legal(s, mv.TakeCaravan) if m.startswith("caravan 1 ")]
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_b01")
    set_leaves(s, 0, fresh={1: 1})  # no trade payable
    play_strength(game, s, 4)
    assert not [m for m in legal(s, mv.TakeCaravan) if m.startswith("caravan 1 ")]
    set_leaves(s, 0, fresh={1: 3})
    mine = [m for m in legal(s, mv.TakeCaravan) if m.startswith("caravan 1 ")]
    assert mine == ["caravan 1 1 1", "caravan 1 1 2"]  # trade 2 needs 4 leaves
    assert_illegal(game, s, "caravan 1 2 1")


@pytest.mark.rule("CARAVAN-04", "CARAVAN-05")
def test_caravan04_05_both_rewards_vp_at_once():
    """CARAVAN-04/05: the chosen trade's and strength's rewards are gained; VP go on at once."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_b01")  # trade 2: token + 1 VP + "+1" Scroll; strength 4: 3 VP + draw
    set_leaves(s, 0, fresh={1: 4})
    play_strength(game, s, 4)
    hand = len(s.players[0].hand)
    play(game, s, "caravan 1 2 2", "pay g 1", "pay g 1", "pay g 1", "pay g 1")
    p = s.players[0]
    assert p.vp == 4  # CARAVAN-05: 1 + 3 on the track now
    assert p.emperor_tokens == 1 and p.plus1 == 1  # CARAVAN-04: trade reward
    play(game, s, "draw")  # the strength reward's draw
    assert len(p.hand) == hand + 1
    assert s.pending == []


@pytest.mark.rule("CARAVAN-06", "CARAVAN-08")
def test_caravan06_08_card_kept_and_one_per_action():
    """CARAVAN-06/08: the Caravan stays with the player; one Caravan per Caravan action."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_b01")
    put_caravan(s, 2, "cv_b05")
    set_leaves(s, 0, fresh={1: 6})
    play_strength(game, s, 5)
    play(game, s, "caravan 1 1 1", "pay g 1", "pay g 1")
    p = s.players[0]
    assert p.caravans == ["cv_b01"]  # CARAVAN-06
    assert "cv_b01" not in s.board.caravan_display + s.board.caravan_deck
    assert legal(s, mv.TakeCaravan) == []  # CARAVAN-08
    assert_illegal(game, s, "caravan 2 1 1")


@pytest.mark.rule("CARAVAN-09")
def test_caravan09_basic_caravans_come_before_advanced():
    """CARAVAN-09: refills come from the basic pile first, then from the advanced cards."""
    game, s = new_game(2, seed=1)
    kind = {c: s.ctx.caravans[c].kind for c in s.ctx.caravans}
    put_caravan(s, 1, "cv_b01")
    set_leaves(s, 0, fresh={1: 4})
    play_strength(game, s, 2)
    play(game, s, "caravan 1 1 1", "pay g 1", "pay g 1", "end")
    assert kind[s.board.caravan_display[0]] == "basic"
    # Once the basic cards are used up, the advanced ones appear.
    s.board.caravan_deck = [c for c in s.board.caravan_deck if kind[c] == "advanced"]
    put_caravan(s, 2, "cv_b02")
    set_leaves(s, 1, fresh={1: 2})
    play_strength(game, s, 3)
    play(game, s, "caravan 2 1 1", "pay g 1", "pay g 1")
    while s.pending:
        play(game, s, legal(s)[0])
    assert kind[s.board.caravan_display[1]] == "advanced"


@pytest.mark.rule("AMB-14")
def test_amb14_strength_at_least_and_lower_value_allowed():
    """AMB-14: S >= the value reaches it, and a lower value may be chosen over a higher one."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_a01")  # strengths 4 and 6
    set_leaves(s, 0, fresh={1: 5})
    play_strength(game, s, 5)
    assert "caravan 1 2 1" in legal(s) and "caravan 1 2 2" not in legal(s)
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_a01")
    set_leaves(s, 0, fresh={1: 5})
    play_strength(game, s, 7)
    assert {"caravan 1 2 1", "caravan 1 2 2"} <= set(legal(s))
    play(game, s, *["caravan 1 2 1"] + ["pay g 1"] * 5)
    assert s.players[0].vp == 6 + 5  # trade 2 (6 VP) + strength 4 (5 VP)


@pytest.mark.rule("AMB-15")
def test_amb15_empty_caravan_deck_shrinks_the_display():
    """AMB-15: with the Caravan deck empty, the taken Caravan's place stays empty."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 2, "cv_b01")
    s.board.caravan_deck = []
    set_leaves(s, 0, fresh={1: 4})
    play_strength(game, s, 2)
    play(game, s, "caravan 2 1 1", "pay g 1", "pay g 1", "end")
    assert s.board.caravan_display[1] == ""
    assert sum(1 for c in s.board.caravan_display if c) == 2
    set_leaves(s, 1, fresh={1: 6})
    play_strength(game, s, 8)
    assert not [m for m in legal(s, mv.TakeCaravan) if m.startswith("caravan 2 ")]


# ================================================================================================
# FERMENT
# ================================================================================================


@pytest.mark.rule("FERMENT-01", "AMB-16")
def test_ferment01_up_to_strength_and_amb16_stop_early():
    """FERMENT-01, AMB-16: ferment up to S fresh leaves of your choice, stopping when you like."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={1: 2, 5: 3})
    play_strength(game, s, 3)
    play(game, s, "ferment", "flip 5", "flip 1", "flip 5")
    assert s.pending == []  # FERMENT-01: S = 3 leaves, no more
    assert leaves(s) == ([1, 0, 0, 0, 1, 0], [1, 0, 0, 0, 2, 0])
    assert_illegal(game, s, "flip 5")
    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={1: 2, 5: 3})
    play_strength(game, s, 3)
    play(game, s, "ferment", "flip 1", "stop")  # AMB-16: fewer than S is allowed
    assert leaves(s) == ([1, 0, 0, 0, 3, 0], [1, 0, 0, 0, 0, 0])
    assert legal(s) == ["end"]


@pytest.mark.rule("FERMENT-02")
def test_ferment02_fermented_leaves_stay_in_their_basket():
    """FERMENT-02: a fermented leaf keeps its Basket (quality) and the total stays the same."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={2: 1, 6: 1}, fermented={3: 1})
    play_strength(game, s, 2)
    play(game, s, "ferment", "flip 2", "flip 6")
    assert leaves(s) == ([0] * 6, [0, 1, 1, 0, 0, 1])


@pytest.mark.rule("FERMENT-03")
def test_ferment03_card_bonus_ferments_up_to_n():
    """FERMENT-03: a sun icon on the top card ferments up to its N fresh leaves (not S)."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={3: 4})
    give_hand(s, 0, ["s11", "a1_05"])  # a1_05: ferment 2 (strength 1 + 3 = 4)
    commit(game, s, ["a1_05", "s11"], "a1_05")
    play(game, s, "use 1", "flip 3", "flip 3")
    assert s.pending == []  # FERMENT-03: N = 2, although S = 4
    assert leaves(s) == ([0, 0, 2, 0, 0, 0], [0, 0, 2, 0, 0, 0])
    assert legal(s, mv.Ferment) == ["ferment"]  # the main action is still to do


# ================================================================================================
# HARVEST
# ================================================================================================


@pytest.mark.rule("HARVEST-01")
def test_harvest01_up_to_s_gardens_one_leaf_each():
    """HARVEST-01: up to S different own gardens each give 1 fresh leaf of the Region's value."""
    game, s = new_game(2, seed=1)
    for region in ("p1", "b1", "c4"):  # values 3, 4, 5
        add_garden(s, 0, region)
    set_leaves(s, 0)
    play_strength(game, s, 2)
    play(game, s, "harvest", "from c4", "from b1")
    assert s.pending == []
    assert leaves(s) == ([0, 0, 0, 1, 1, 0], [0] * 6)


@pytest.mark.rule("HARVEST-02")
def test_harvest02_one_leaf_per_garden_extra_strength_wasted():
    """HARVEST-02: each garden gives at most 1 leaf; strength beyond the gardens is lost."""
    game, s = new_game(2, seed=1)
    add_garden(s, 0, "p1")  # value 3
    set_leaves(s, 0)
    play_strength(game, s, 5)
    play(game, s, "harvest", "from p1")
    assert_illegal(game, s, "from p1")  # HARVEST-02: once per garden
    play(game, s, "from sichuan")
    assert s.pending == []  # two gardens, S = 5: the rest is wasted
    assert leaves(s) == ([0, 1, 1, 0, 0, 0], [0] * 6)


@pytest.mark.rule("HARVEST-03")
def test_harvest03_starting_garden_counts():
    """HARVEST-03: the Sichuan starting garden can be extra-harvested like any garden."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0)
    play_strength(game, s, 2)
    play(game, s, "harvest")
    assert legal(s) == ["from sichuan", "stop"]
    play(game, s, "from sichuan")
    assert leaves(s) == ([0, 1, 0, 0, 0, 0], [0] * 6)


@pytest.mark.rule("HARVEST-04")
def test_harvest04_regular_harvest_in_maintenance():
    """HARVEST-04: the regular harvest (2 per garden) happens in Maintenance, not in turns."""
    game, s = new_game(2, seed=1)
    add_garden(s, 0, "c3")  # value 6
    set_leaves(s, 0)
    set_deck(s, 0, hand=["s09"], draw=list(ALL_STARTING[:8]))
    end_round_by_passing(game, s)
    assert leaves(s) == ([0, 2, 0, 0, 0, 2], [0] * 6)
