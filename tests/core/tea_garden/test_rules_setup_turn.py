"""Rule tests for setup, Tea Leaves, cards and the turn structure (SETUP, LEAF, CARD, TURN).

Each test names the rule IDs it checks (rules inventory, ../shared/rules/tea_garden.md), in
its name or in a comment next to the assertion, and fails if that rule were broken.
"""

from __future__ import annotations

from collections import Counter

import pytest

from core.errors import NotYourTurnError
from core.tea_garden import moves as mv
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.scoring import deck_of, live_breakdown
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
    set_cup_rows,
    set_deck,
    set_emperor,
    set_leaves,
    set_region_token,
)

PLAYER_COUNTS = [2, 3, 4]
MAIN_KINDS = (mv.Build, mv.Buy, mv.TakeCaravan, mv.Ferment, mv.Harvest)


def use_three_slots(s, seat: int = 0) -> None:
    """Pretend ``seat`` has already played three turns this round (slots 1-3 filled)."""
    s.players[seat].stacks = [["s09"], ["s10"], ["s11"]]


def leaves(s, seat: int = 0) -> tuple[list[int], list[int]]:
    p = s.players[seat]
    return list(p.fresh), list(p.fermented)


# ================================================================================================
# SETUP
# ================================================================================================


@pytest.mark.rule("SETUP-01", "AMB-01")
def test_setup01_scroll_piles_and_common_supplies():
    """SETUP-01: three Scroll piles beside the board; players start with no Scrolls or tokens."""
    game, s = new_game(2, seed=3)
    scrolls = s.ctx.components.scrolls
    assert (scrolls.plus1, scrolls.teapot, scrolls.x2) == (8, 8, 8)  # SETUP-01: 3 kinds, 24
    for p in s.players:
        assert (p.plus1, p.teapot_scrolls, p.x2, p.emperor_tokens) == (0, 0, 0, 0)
        assert p.cup_rows == [] and p.cup_tokens == []
    # The leaf supply is common and not a hard limit (AMB-01): an 81st leaf can still be gained.
    set_leaves(s, 0, fresh={2: 80})
    give_hand(s, 0, ["s09"])
    commit(game, s, ["s09"], "s09")
    play(game, s, "harvest", "from sichuan")
    assert s.players[0].fresh[1] == 81


@pytest.mark.rule("SETUP-02")
def test_setup02_region_tokens_one_per_hex_space_face_up():
    """SETUP-02: every hexagonal space gets one distinct Region Bonus token, laid at random."""
    _game, s = new_game(2, seed=3)
    ctx = s.ctx
    hexes = {r.id for r in ctx.regions if r.bonus_space}
    tokens = s.board.region_tokens
    assert set(tokens) == hexes  # SETUP-02: one token on each hexagonal map space
    assert "sichuan" not in tokens
    assert len(set(tokens.values())) == len(tokens)  # each token used once
    assert set(tokens.values()) <= set(ctx.region_tokens)
    layouts = {tuple(sorted(new_game(2, seed)[1].board.region_tokens.items())) for seed in range(5)}
    assert len(layouts) > 1  # shuffled: the layout depends on the seed


@pytest.mark.rule("SETUP-03", "AMB-20", "SETUP-18")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup03_cup_stacks_by_player_count(players):
    """SETUP-03: one face-up Cup stack of 5/6/8 tiles per coloured Province; the rest unused."""
    _game, s = new_game(players, seed=11)
    stacks = s.board.cup_stacks
    size = {2: 5, 3: 6, 4: 8}[players]
    assert set(stacks) == set(s.ctx.coloured_provinces)  # AMB-20: no stack in yellow Sichuan
    assert "yellow" not in stacks
    assert all(len(stack) == size for stack in stacks.values())  # SETUP-03
    tiles = [t for stack in stacks.values() for t in stack]
    assert len(set(tiles)) == len(tiles) == size * 5  # SETUP-18: 5/6/8 x stacked Provinces
    other = new_game(players, seed=12)[1].board.cup_stacks
    assert other != stacks  # shuffled and assigned at random


@pytest.mark.rule("SETUP-04", "AMB-02")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup04_action_cards_per_level_and_amb02_random_choice(players):
    """SETUP-04, AMB-02: 4/5/6 Action cards of each level are kept, chosen at random."""
    keep = {2: 4, 3: 5, 4: 6}[players]
    chosen_level_one = set()
    for seed in range(4):
        _game, s = new_game(players, seed=seed)
        cards = s.board.action_deck + s.board.action_display
        levels = Counter(s.ctx.action_cards[c].level for c in cards)
        assert levels == {level: keep for level in range(1, 6)}  # SETUP-04
        assert len(set(cards)) == len(cards)
        chosen_level_one.add(frozenset(c for c in cards if s.ctx.action_cards[c].level == 1))
    if keep < 9:
        assert len(chosen_level_one) > 1  # AMB-02: the kept cards differ from seed to seed


@pytest.mark.rule("SETUP-05", "SETUP-06")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup05_06_deck_levels_one_on_top_and_display_from_left(players):
    """SETUP-05/06: levels stacked I on top down to V; six cards dealt face up from the left."""
    _game, s = new_game(players, seed=5)
    level = {c: s.ctx.action_cards[c].level for c in s.ctx.action_cards}
    display = s.board.action_display
    assert len(display) == 6 and all(display)  # SETUP-06: six face-up cards
    top_first = list(reversed(s.board.action_deck))
    order = [level[c] for c in display + top_first]
    assert order == sorted(order)  # SETUP-05: I on top, then II, III, IV, V at the bottom
    keep = {2: 4, 3: 5, 4: 6}[players]
    expected = [1] * min(keep, 6) + [2] * (6 - min(keep, 6))
    assert [level[c] for c in display] == expected  # SETUP-06: dealt from the left


@pytest.mark.rule("SETUP-07", "SETUP-08", "SETUP-18")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup07_08_caravan_deck_basic_over_advanced(players):
    """SETUP-07/08: 7/10/13 random basic Caravans on top of all advanced ones; three face up."""
    _game, s = new_game(players, seed=8)
    kind = {c: s.ctx.caravans[c].kind for c in s.ctx.caravans}
    display = s.board.caravan_display
    deck = s.board.caravan_deck
    assert len(display) == 3 and all(display)  # SETUP-08
    every = display + deck
    basic = {2: 7, 3: 10, 4: 13}[players]
    assert sum(kind[c] == "basic" for c in every) == basic  # SETUP-07
    assert sum(kind[c] == "advanced" for c in every) == 15  # all advanced Caravans
    assert all(kind[c] == "basic" for c in display)
    top_first = list(reversed(deck))
    kinds = [kind[c] for c in top_first]
    assert kinds == ["basic"] * (basic - 3) + ["advanced"] * 15  # basic pile on top
    assert len(deck) == basic + 15 - 3  # SETUP-18


@pytest.mark.rule("SETUP-09")
def test_setup09_three_emperor_cards_face_up():
    """SETUP-09: the Emperor cards are shuffled and three are turned face up."""
    _game, s = new_game(2, seed=2)
    b = s.board
    assert len(b.emperor_display) == 3 and all(b.emperor_display)
    base = [c for c, card in s.ctx.emperor_cards.items() if not card.expansion]
    assert sorted(b.emperor_display + b.emperor_deck) == sorted(base)
    other = new_game(2, seed=4)[1].board
    assert (other.emperor_display, other.emperor_deck) != (b.emperor_display, b.emperor_deck)


@pytest.mark.rule("SETUP-10", "SETUP-11", "SETUP-15")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup10_11_15_player_pieces(players):
    """SETUP-10/11/15: 6 Pagodas on the board + 1 in Sichuan; Workers and Boat at their starts."""
    _game, s = new_game(players, seed=1)
    sichuan = s.ctx.region_index["sichuan"]
    for seat, p in enumerate(s.players):
        assert p.pagodas == [True] * 6  # SETUP-11: six board spots filled
        assert p.gardens == [sichuan]  # SETUP-11: the seventh Pagoda starts in Sichuan
        assert seat in s.board.spaces[sichuan]
        assert p.uni_sector == 0 and p.uni_centre == 0  # SETUP-15: University start space
        assert p.emperor_row == 0  # SETUP-15: lowest Emperor-track space
        assert p.boat == 0  # SETUP-15: River start
        assert p.workers == 6  # SETUP-15: 8 Workers - 2 placed = 6 in supply (SETUP-10)
    assert sum(o >= 0 for o in s.board.spaces[sichuan]) == players
    assert all(o == -1 for r, sp in enumerate(s.board.spaces) if r != sichuan for o in sp)


@pytest.mark.rule("SETUP-12")
def test_setup12_two_fresh_leaves_of_quality_two():
    """SETUP-12: every player starts with 2 fresh leaves in Basket 2 and nothing else."""
    _game, s = new_game(3, seed=1)
    for p in s.players:
        assert p.fresh == [0, 2, 0, 0, 0, 0]
        assert p.fermented == [0] * 6


@pytest.mark.rule("SETUP-13")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup13_own_shuffled_starting_deck_and_hand_of_four(players):
    """SETUP-13: each player's own 11 Starting cards, shuffled, then an opening hand of 4."""
    _game, s = new_game(players, seed=9)
    for p in s.players:
        assert len(p.hand) == 4 and len(p.draw) == 7
        assert sorted(p.hand + p.draw) == sorted(s.ctx.starting_ids)
        assert p.discard == [] and p.removed == [] and p.stacks == []
    orders = {tuple(new_game(players, seed)[1].players[0].draw) for seed in range(4)}
    assert len(orders) > 1  # shuffled


@pytest.mark.rule("SETUP-14", "SETUP-16")
def test_setup14_16_vp_zero_and_round_one():
    """SETUP-14/16: VP markers at 0 and the Round marker on round 1."""
    _game, s = new_game(4, seed=1)
    assert [p.vp for p in s.players] == [0, 0, 0, 0]  # SETUP-14
    assert s.round == 1  # SETUP-16
    assert live_breakdown(s)[0]["track"] == 0


@pytest.mark.rule("SETUP-17")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup17_start_player_chosen_or_random(players):
    """SETUP-17: a chosen Start Player begins; otherwise the seed draws one at random."""
    for start in range(players):
        _game, s = new_game(players, seed=1, start_seat=start)
        assert s.start_seat == start and s.current_seat() == start
    drawn = set()
    for seed in range(30):
        s = TeaGardenGame(num_seats=players).new_state(seed)
        assert s.current_seat() == s.start_seat
        drawn.add(s.start_seat)
    assert drawn == set(range(players))


@pytest.mark.rule("SETUP-18")
@pytest.mark.parametrize(("players", "action", "caravans"), [(2, 14, 19), (3, 19, 22), (4, 24, 25)])
def test_setup18_deck_sizes(players, action, caravans):
    """SETUP-18: Action deck 20/25/30 (14/19/24 after the display); Caravans basic + advanced."""
    _game, s = new_game(players, seed=6)
    assert len(s.board.action_deck) == action
    assert len(s.board.action_deck) + len(s.board.action_display) == {2: 20, 3: 25, 4: 30}[players]
    assert len(s.board.caravan_deck) == caravans
    assert len(s.board.emperor_deck) == 13


# ================================================================================================
# LEAF
# ================================================================================================


@pytest.mark.rule("LEAF-01")
def test_leaf01_six_qualities_with_higher_better():
    """LEAF-01: six Baskets 1-6; a higher quality pays a lower minimum, never the reverse."""
    game, s = new_game(2, seed=1)
    p = s.players[0]
    assert len(p.fresh) == len(p.fermented) == 6
    s.players[0].stacks = [["s03"]]  # red Teapot shown earlier this round
    put_action_card(s, 3, "a2_06")  # 2 leaves of quality 3+, needs green + red
    give_hand(s, 0, ["s01", "s11"])  # s01 on top: green Teapot
    set_leaves(s, 0, fresh={2: 5})
    commit(game, s, ["s01", "s11"], "s01")
    assert "buy 3" not in legal(s)  # LEAF-01: quality 2 is below the minimum 3
    set_leaves(s, 0, fresh={6: 2})
    assert "buy 3" in legal(s)  # LEAF-01: quality 6 is better than 3


@pytest.mark.rule("LEAF-02")
def test_leaf02_side_and_quality_are_separate_baskets():
    """LEAF-02: a leaf is fresh or fermented, and its quality is the Basket it sits in."""
    game, s = new_game(2, seed=1)
    use_three_slots(s)
    set_leaves(s, 0, fresh={3: 2}, fermented={3: 1, 5: 1})
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")
    assert sorted(legal(s)) == ["pay f 3", "pay f 5", "pay g 3"]
    play(game, s, "pay f 5")
    assert leaves(s) == ([0, 0, 2, 0, 0, 0], [0, 0, 1, 0, 0, 0])  # only fermented q5 went


@pytest.mark.rule("LEAF-03")
def test_leaf03_gained_leaves_arrive_fresh():
    """LEAF-03: leaves gained (Region token, Caravan reward) arrive fresh in the stated Basket."""
    game, s = new_game(2, seed=1)
    set_region_token(s, "p1", "rt01")  # 2 leaves of quality 3
    put_caravan(s, 1, "cv_b01")  # strength 2 -> 2 leaves of quality 2
    set_leaves(s, 0, fermented={4: 2})
    give_hand(s, 0, ["s09", "s10"])
    commit(game, s, ["s09"], "s09")
    play(game, s, "build 1 p1 1", "end", "pass")
    assert leaves(s) == ([0, 0, 2, 0, 0, 0], [0, 0, 0, 2, 0, 0])  # LEAF-03: fresh q3
    commit(game, s, ["s10"], "s10")
    play(game, s, "caravan 1 1 1", "pay f 4", "pay f 4")
    assert leaves(s) == ([0, 2, 2, 0, 0, 0], [0] * 6)  # LEAF-03: fresh q2


@pytest.mark.rule("LEAF-04")
def test_leaf04_brown_icon_takes_fermented_only():
    """LEAF-04: a brown icon must be paid with a fermented leaf; green takes fresh or fermented."""
    game, s = new_game(2, seed=1)
    use_three_slots(s)
    set_leaves(s, 0, fresh={1: 3}, fermented={1: 1})
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")  # fee: 2 green icons + 1 brown icon
    play(game, s, "pay g 1", "pay g 1")
    assert legal(s) == ["pay f 1"]
    assert_illegal(game, s, "pay g 1")  # LEAF-04: fresh cannot pay the brown icon
    play(game, s, "pay f 1")
    assert leaves(s) == ([1, 0, 0, 0, 0, 0], [0] * 6)


@pytest.mark.rule("LEAF-04")
def test_leaf04_green_icon_takes_fermented_too():
    """LEAF-04: fermented leaves may pay green icons (three fermented pay the whole fee)."""
    game, s = new_game(2, seed=1)
    use_three_slots(s)
    set_leaves(s, 0, fermented={2: 3})
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")
    play(game, s, "pay f 2", "pay f 2", "pay f 2")
    assert s.pending == [] and leaves(s) == ([0] * 6, [0] * 6)


@pytest.mark.rule("LEAF-05")
def test_leaf05_price_quality_is_a_minimum():
    """LEAF-05: in an Action-card price, any leaf of the printed quality or higher may pay."""
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s03"]]
    put_action_card(s, 3, "a2_06")  # 2 green icons, quality 3+
    give_hand(s, 0, ["s01", "s11"])
    set_leaves(s, 0, fresh={2: 3, 3: 1}, fermented={5: 1})
    commit(game, s, ["s01", "s11"], "s01")
    play(game, s, "buy 3")
    assert sorted(legal(s)) == ["pay f 5", "pay g 3"]
    assert_illegal(game, s, "pay g 2")  # LEAF-05: below the minimum quality
    play(game, s, "pay f 5", "pay g 3")
    assert leaves(s) == ([0, 3, 0, 0, 0, 0], [0] * 6)
    assert "a2_06" in s.players[0].hand


@pytest.mark.rule("LEAF-06")
def test_leaf06_caravan_trade_any_quality():
    """LEAF-06: a Caravan's trade leaves may be of any quality."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_b01")  # trade 1: 2 green icons -> 2 VP
    set_leaves(s, 0, fresh={1: 2})
    give_hand(s, 0, ["s09"])
    commit(game, s, ["s09"], "s09")
    play(game, s, "caravan 1 1 1", "pay g 1", "pay g 1")
    assert s.players[0].caravans == ["cv_b01"] and s.players[0].vp == 2


@pytest.mark.rule("LEAF-06")
def test_leaf06_teapot_substitute_any_quality():
    """LEAF-06: the 3 leaves that replace a Teapot may be of any quality."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 1, "a1_01")  # 1 leaf q1, needs red
    give_hand(s, 0, ["s11"])  # no Teapot shown
    set_leaves(s, 0, fresh={1: 4})
    commit(game, s, ["s11"], "s11")
    play(game, s, "buy 1", "teapot leaves", "pay g 1", "pay g 1", "pay g 1", "pay g 1")
    assert "a1_01" in s.players[0].hand and leaves(s) == ([0] * 6, [0] * 6)


@pytest.mark.rule("LEAF-06")
def test_leaf06_repeat_with_fermented_of_any_quality():
    """LEAF-06: the 3 fermented leaves that repeat a secondary action may be of any quality."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fermented={1: 3})
    give_hand(s, 0, ["s01"])  # River
    commit(game, s, ["s01"], "s01")
    play(game, s, "use 1")
    assert s.players[0].boat == 1
    play(game, s, "repeat fermented", "pay f 1", "pay f 1", "pay f 1")
    assert s.players[0].boat == 2 and s.players[0].fermented == [0] * 6


@pytest.mark.rule("LEAF-07")
def test_leaf07_paid_leaves_leave_the_game_board():
    """LEAF-07: paid leaves go back to the supply; nobody else receives them."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_b01")
    set_leaves(s, 0, fresh={4: 3})
    other = leaves(s, 1)
    give_hand(s, 0, ["s09"])
    commit(game, s, ["s09"], "s09")
    play(game, s, "caravan 1 1 1", "pay g 4", "pay g 4")
    # LEAF-07: exactly the 2 paid q4 leaves are gone (the q2 pair is the strength reward)
    assert leaves(s) == ([0, 2, 0, 1, 0, 0], [0] * 6)
    assert leaves(s, 1) == other


@pytest.mark.rule("LEAF-08")
def test_leaf08_fermenting_keeps_the_basket():
    """LEAF-08: fermenting turns a fresh leaf brown in the same Basket; quality is unchanged."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={4: 1, 6: 1})
    give_hand(s, 0, ["s09"])
    commit(game, s, ["s09"], "s09")
    play(game, s, "ferment", "flip 4", "flip 6")
    assert leaves(s) == ([0] * 6, [0, 0, 0, 1, 0, 1])


@pytest.mark.rule("LEAF-09")
def test_leaf09_region_value_is_leaf_quality():
    """LEAF-09: a garden's Region value is the quality of the leaves harvested there."""
    game, s = new_game(2, seed=1)
    add_garden(s, 0, "b1")  # value 4
    add_garden(s, 0, "c3")  # value 6
    set_leaves(s, 0)
    give_hand(s, 0, ["s09"])
    commit(game, s, ["s09"], "s09")
    play(game, s, "harvest", "from b1", "from c3")
    assert leaves(s) == ([0, 0, 0, 1, 0, 1], [0] * 6)


# ================================================================================================
# CARD
# ================================================================================================


@pytest.mark.rule("CARD-01")
def test_card01_zones_hand_play_area_discard_removed():
    """CARD-01: a played card goes hand -> play area -> discard pile; removed cards leave."""
    game, s = new_game(2, seed=1)
    give_hand(s, 0, ["s11", "a2_07"])  # a2_07: remove a card
    commit(game, s, ["a2_07"], "a2_07")
    p = s.players[0]
    assert p.stacks == [["a2_07"]] and "a2_07" not in p.hand  # play area
    play(game, s, "use 1", "remove hand s11", "harvest", "stop", "end")
    assert p.removed == ["s11"] and "s11" not in p.hand + p.draw + p.discard
    end_round_by_passing(game, s)
    assert p.stacks == [] and "a2_07" in p.discard  # discard pile after Maintenance


@pytest.mark.rule("CARD-02")
def test_card02_card_fields():
    """CARD-02: cards carry strength, optional Teapots and top effect; Action cards more."""
    game, s = new_game(2, seed=1)
    ctx = s.ctx
    for card in ctx.cards.values():
        assert card.strength >= 0
        assert set(card.teapots) <= {"green", "red", "blue", "neutral"}
    for card in ctx.action_cards.values():
        assert 1 <= card.level <= 5 and card.price.count >= 1 and card.vp >= 0
    # The printed strengths make the turn's strength; the top card's effect is offered.
    give_hand(s, 0, ["a3_08", "s01"])  # 3 (plain) + 1 (River, green Teapot)
    commit(game, s, ["a3_08", "s01"], "s01")
    assert s.turn.strength == 4
    assert legal(s, mv.UseTop) == ["use 1"]


@pytest.mark.rule("CARD-03")
def test_card03_no_hand_limit_and_cards_kept_into_next_round():
    """CARD-03: unplayed cards stay in hand into the next round; the hand has no limit."""
    game, s = new_game(2, seed=1)
    p = s.players[0]
    hand = ["s01", "s02", "s03", "s04", "s05", "s06", "s07"]
    give_hand(s, 0, hand)
    end_round_by_passing(game, s)
    assert len(p.hand) == 11 and set(hand) <= set(p.hand)


@pytest.mark.rule("CARD-04")
def test_card04_empty_draw_deck_reshuffles_discard():
    """CARD-04: drawing from an empty deck shuffles the discard pile into a new deck at once."""
    game, s = new_game(2, seed=1)
    set_deck(s, 0, hand=["s08"], draw=[], discard=["s10", "s11"])  # s08: draw 1 + discard 1
    commit(game, s, ["s08"], "s08")
    play(game, s, "use 1", "draw")
    p = s.players[0]
    assert len(p.hand) == 1 and p.discard == []
    assert sorted(p.hand + p.draw) == ["s10", "s11"]


@pytest.mark.rule("CARD-04", "CARD-05")
def test_card04_05_maintenance_draw_reshuffles_then_loses_the_rest():
    """CARD-04/05: a short deck is topped up from the discard pile; beyond both, draws are lost."""
    game, s = new_game(2, seed=1)
    set_deck(s, 0, hand=[], draw=["s01"], discard=["s02", "s03"])
    set_deck(s, 1, hand=["s05"], draw=[], discard=[])
    end_round_by_passing(game, s)
    assert sorted(s.players[0].hand) == ["s01", "s02", "s03"]  # CARD-04 then CARD-05
    assert s.players[0].draw == [] and s.players[0].discard == []
    assert s.players[1].hand == ["s05"]  # CARD-05: nothing to draw, the 4 draws are lost


@pytest.mark.rule("CARD-06")
def test_card06_bought_card_goes_to_hand_playable_next_turn():
    """CARD-06: a bought Action card goes to hand and can be played from the next turn on."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 1, "a1_04")  # 1 leaf q2+, needs any Teapot
    give_hand(s, 0, ["s01", "s09"])
    commit(game, s, ["s01"], "s01")  # green Teapot
    play(game, s, "buy 1", "pay g 2")
    assert "a1_04" in s.players[0].hand
    assert s.players[0].stacks == [["s01"]]  # not part of this turn's stack
    assert_illegal(game, s, "select a1_04")
    play(game, s, "end", "pass")  # seat 1 passes; seat 0 plays on
    assert "select a1_04" in legal(s)  # CARD-06: playable from the next turn
    commit(game, s, ["a1_04"], "a1_04")
    assert s.turn.strength == 2


@pytest.mark.rule("CARD-07", "AMB-23")
def test_card07_emperor_card_gained_before_play_may_be_played_this_turn():
    """CARD-07, AMB-23: an Emperor card taken before the commit can join this turn's stack."""
    game, s = new_game(2, seed=1)
    set_emperor(s, 0, tokens=2)
    card = s.board.emperor_display[0]
    give_hand(s, 0, ["s09"])
    play(game, s, "emperor", "pay g 2", f"take {card}", "stop")
    assert card in s.players[0].hand
    commit(game, s, [card, "s09"], card)
    assert s.players[0].stacks == [["s09", card]]
    assert s.turn.strength == 2 + s.ctx.cards[card].strength


@pytest.mark.rule("CARD-07", "AMB-23")
def test_card07_emperor_card_gained_after_play_stays_in_hand():
    """CARD-07, AMB-23: an Emperor card taken after the commit stays in hand for a later turn."""
    game, s = new_game(2, seed=1)
    set_emperor(s, 0, tokens=2)
    card = s.board.emperor_display[1]
    give_hand(s, 0, ["s09", "s10"])
    commit(game, s, ["s09"], "s09")
    play(game, s, "emperor", "pay g 2", f"take {card}", "stop")
    assert card in s.players[0].hand
    assert_illegal(game, s, f"select {card}")
    assert s.players[0].stacks == [["s09"]]


@pytest.mark.rule("CARD-08")
def test_card08_removed_card_leaves_the_deck():
    """CARD-08: a removed card is out of the game and no longer part of the deck."""
    game, s = new_game(2, seed=1)
    give_hand(s, 0, ["a2_07"])  # remove a card
    draw_before = list(s.players[0].draw)
    target = draw_before[0]
    commit(game, s, ["a2_07"], "a2_07")
    play(game, s, "use 1", f"remove draw {target}")
    p = s.players[0]
    assert p.removed == [target] and target not in p.draw
    assert sorted(p.draw) == sorted(draw_before[1:])
    assert target not in deck_of(p)  # CARD-08
    assert "a2_07" in deck_of(p)


@pytest.mark.rule("CARD-09", "BUY-06")
def test_card09_deck_for_scoring_is_draw_discard_hand_and_play_area():
    """CARD-09: "your deck" = draw deck + discard pile + hand + played cards (not removed)."""
    _game, s = new_game(2, seed=1)
    set_deck(
        s,
        0,
        hand=["a1_04"],  # 1 VP
        draw=["a2_06"],  # 2 VP
        discard=["a3_04"],  # 3 VP
        stacks=[["s09", "a2_05"]],  # 2 VP
    )
    s.players[0].removed = ["a5_05"]  # 7 VP, but out of the game
    assert sorted(deck_of(s.players[0])) == ["a1_04", "a2_05", "a2_06", "a3_04", "s09"]
    assert live_breakdown(s)[0]["action_cards"] == 8  # CARD-09, BUY-06


# ================================================================================================
# TURN
# ================================================================================================


@pytest.mark.rule("TURN-01")
def test_turn01_five_rounds_then_the_game_ends():
    """TURN-01: five rounds; each of rounds 1-4 ends with Maintenance, round 5 ends the game."""
    game, s = new_game(2, seed=1)
    for round_ in range(1, 5):
        assert s.round == round_
        end_round_by_passing(game, s)
        assert s.round == round_ + 1 and not s.is_over()
    assert s.round == 5
    end_round_by_passing(game, s)
    assert s.is_over() and s.current_seat() is None and s.legal_moves() == ()
    assert s.round == 5


@pytest.mark.rule("TURN-01")
def test_turn01_no_maintenance_after_round_five():
    """TURN-01: round 5 has no Maintenance: no ripening, harvest or draw after it."""
    game, s = new_game(2, seed=1)
    s.round = 5
    set_leaves(s, 0, fresh={3: 1}, fermented={3: 1})
    hand = list(s.players[0].hand)
    end_round_by_passing(game, s)
    assert s.is_over()
    assert leaves(s) == ([0, 0, 1, 0, 0, 0], [0, 0, 1, 0, 0, 0])
    assert s.players[0].hand == hand


@pytest.mark.rule("TURN-01")
def test_turn01_maintenance_after_round_one():
    """TURN-01: after round 1's Action phase, Maintenance ripens, harvests and draws."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={3: 1}, fermented={3: 1})
    end_round_by_passing(game, s)
    assert s.round == 2
    # ripened (G q3 -> q2, F q3 -> q4), then 2 G q2 harvested in Sichuan
    assert leaves(s) == ([0, 3, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0])
    assert len(s.players[0].hand) == 8


@pytest.mark.rule("TURN-02")
def test_turn02_start_player_first_then_clockwise():
    """TURN-02: the Start Player acts first, then play goes clockwise one turn at a time."""
    game, s = new_game(3, seed=1, start_seat=1)
    seen = []
    for _ in range(3):
        seen.append(s.current_seat())
        p = s.players[s.seat]
        commit(game, s, [p.hand[0]], p.hand[0])
        play(game, s, "harvest", "stop", "end")
    assert seen == [1, 2, 0]
    assert s.current_seat() == 1


@pytest.mark.rule("TURN-03", "MAINT-02")
def test_turn03_passing_ends_your_round():
    """TURN-03: a player who passes takes no more turns; the phase ends when all have passed."""
    game, s = new_game(2, seed=1)
    play(game, s, "pass")
    assert s.players[0].passed and s.current_seat() == 1
    p = s.players[1]
    for _ in range(2):
        commit(game, s, [p.hand[0]], p.hand[0])
        play(game, s, "harvest", "stop", "end")
        assert s.current_seat() == 1  # seat 0 is skipped from now on
    assert s.round == 1
    play(game, s, "pass")
    assert s.round == 2 and s.current_seat() == 1  # MAINT-02: the Start Player token moved


@pytest.mark.rule("TURN-04")
def test_turn04_at_most_four_turns_per_round():
    """TURN-04: after four turns a player can only pass."""
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s09"], ["s10"], ["s11"], ["s08"]]
    set_leaves(s, 0, fresh={3: 5}, fermented={3: 5})
    assert legal(s) == ["pass"]
    assert_illegal(game, s, f"select {s.players[0].hand[0]}")


@pytest.mark.rule("TURN-05")
def test_turn05_first_three_turns_are_free():
    """TURN-05: turns 1-3 cost nothing, even with no leaves at all."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0)
    s.players[1].passed = True
    give_hand(s, 0, ["s09", "s10", "s11"])
    for card in ("s09", "s10", "s11"):
        commit(game, s, [card], card)
        assert s.pending == []  # no fee to pay
        play(game, s, "harvest", "stop", "end")
    assert len(s.players[0].stacks) == 3


@pytest.mark.rule("TURN-05", "AMB-03")
def test_turn05_ex18_fourth_turn_costs_three_leaves_one_fermented():
    """TURN-05, AMB-03: turn 4 costs 3 leaves of any quality, at least one fermented."""
    game, s = new_game(2, seed=1)
    use_three_slots(s)
    set_leaves(s, 0, fresh={1: 1, 6: 1}, fermented={2: 1, 5: 1})
    give_hand(s, 0, ["s01"])
    commit(game, s, ["s01"], "s01")
    play(game, s, "pay g 1", "pay f 2", "pay g 6")
    assert s.pending == []
    assert leaves(s) == ([0] * 6, [0, 0, 0, 0, 1, 0])


@pytest.mark.rule("TURN-06", "DP-28")
def test_turn06_one_main_action_secondary_and_free_actions_in_any_order():
    """TURN-06: exactly one main action, one secondary action, free actions in any order."""
    game, s = new_game(2, seed=1)
    give_hand(s, 0, ["s01", "s11"])  # River on top
    give_scrolls(s, 0, plus1=2)
    commit(game, s, ["s01", "s11"], "s01")
    assert "end" not in legal(s)  # DP-28: no ending before the main action
    play(game, s, "use 1")  # secondary before the main action
    play(game, s, "plus1")  # free action
    assert s.players[0].boat == 1 and s.turn.strength == 5
    play(game, s, "harvest", "stop")
    assert not legal(s, mv.Ferment) and not legal(s, mv.Harvest)
    assert_illegal(game, s, "ferment")  # TURN-06: one main action only
    assert_illegal(game, s, "use 1")  # TURN-06: the secondary action only once
    play(game, s, "end")
    assert s.current_seat() == 1


@pytest.mark.rule("TURN-07")
def test_turn07_at_least_one_card_and_no_turn_without_cards():
    """TURN-07: a turn needs at least one played card; an empty hand can only pass."""
    game, s = new_game(2, seed=1)
    card = s.players[0].hand[0]
    assert_illegal(game, s, f"play {card}")  # nothing selected
    assert_illegal(game, s, "harvest")  # no main action before cards are played
    assert_illegal(game, s, "end")
    set_deck(s, 0, hand=[], draw=["s01"])
    assert legal(s) == ["pass"]


@pytest.mark.rule("AMB-04", "TT-01")
def test_amb04_fee_spent_by_a_free_action_means_no_turn_but_pass():
    """AMB-04 (TT-01): if a free action spends the fee's leaves, no turn can start; pass stays."""
    game, s = new_game(2, seed=1)
    use_three_slots(s)
    set_leaves(s, 0, fresh={1: 2}, fermented={1: 1})
    set_emperor(s, 0, tokens=2)
    give_hand(s, 0, ["s01"])
    assert "select s01" in legal(s)  # 2 G + 1 F pay the fee
    card = s.board.emperor_display[0]
    play(game, s, "emperor", "pay f 1", f"take {card}", "stop")  # the F pays the row's leaf
    assert legal(s) == ["pass"]  # AMB-04: the fee can no longer be paid, so no fourth turn
    play(game, s, "pass")
    assert s.current_seat() == 1 and card in s.players[0].hand and s.players[0].emperor_row == 1


@pytest.mark.rule("TURN-08")
def test_turn08_each_turn_stacks_into_the_leftmost_free_slot():
    """TURN-08: a turn's cards form one stack in the leftmost empty slot, the top card last."""
    game, s = new_game(2, seed=1)
    s.players[1].passed = True
    give_hand(s, 0, ["s01", "s09", "s11", "s05"])
    commit(game, s, ["s01", "s09", "s11"], "s09")
    assert s.players[0].stacks == [["s01", "s11", "s09"]]
    play(game, s, "harvest", "stop", "end")
    commit(game, s, ["s05"], "s05")
    assert s.players[0].stacks == [["s01", "s11", "s09"], ["s05"]]


@pytest.mark.rule("TURN-09")
def test_turn09_strength_is_card_strengths_plus_plus1_scrolls():
    """TURN-09: S = printed strengths of the played cards + 1 per "+1" Scroll discarded."""
    game, s = new_game(2, seed=1)
    put_caravan(s, 1, "cv_a01")  # strength options 4 and 6
    set_leaves(s, 0, fresh={1: 5})
    give_scrolls(s, 0, plus1=1)
    give_hand(s, 0, ["s11", "s09"])
    commit(game, s, ["s11", "s09"], "s09")
    assert s.turn.strength == 5
    assert "caravan 1 2 2" not in legal(s)
    play(game, s, "plus1")
    assert s.turn.strength == 6 and s.players[0].plus1 == 0
    assert "caravan 1 2 2" in legal(s)  # TURN-09: the Scroll's +1 reaches strength 6


@pytest.mark.rule("TURN-10")
def test_turn10_only_the_top_card_gives_its_effect():
    """TURN-10: cards under the top card give strength only, not their effect."""
    game, s = new_game(2, seed=1)
    give_hand(s, 0, ["s01", "s05"])  # s01 River, s05 University
    commit(game, s, ["s01", "s05"], "s05")
    assert legal(s, mv.UseTop) == ["use 1"]
    assert s.turn.strength == 2
    play(game, s, "use 1", "part 1")
    p = s.players[0]
    assert p.uni_sector == 1 and p.boat == 0  # University done, River never offered


@pytest.mark.rule("TURN-11")
def test_turn11_the_five_base_main_actions():
    """TURN-11: Build, Buy, Caravan, Fermentation and Extra Harvest are the main actions."""
    game, s = new_game(2, seed=1)
    put_action_card(s, 1, "a1_04")
    set_leaves(s, 0, fresh={4: 6}, fermented={4: 2})
    give_hand(s, 0, ["s01", "s11"])
    commit(game, s, ["s01", "s11"], "s01")
    kinds = {type(m) for m in s.legal_moves() if isinstance(m, MAIN_KINDS)}
    assert kinds == set(MAIN_KINDS)


@pytest.mark.rule("TURN-12")
def test_turn12_strength_applies_to_its_own_turn_only():
    """TURN-12: the next turn's strength counts only the cards played in that turn."""
    game, s = new_game(2, seed=1)
    s.players[1].passed = True
    give_hand(s, 0, ["s11", "s10", "s01"])
    commit(game, s, ["s11", "s10"], "s10")
    assert s.turn.strength == 5
    play(game, s, "harvest", "stop", "end")
    commit(game, s, ["s01"], "s01")
    assert s.turn.strength == 1
    assert legal(s, mv.Build) == []  # the cheapest Pagoda needs 2


@pytest.mark.rule("TURN-13")
def test_turn13_only_the_active_player_acts():
    """TURN-13: a move for another seat is refused and nothing changes."""
    game, s = new_game(2, seed=1)
    card = s.players[1].hand[0]
    before = s.clone()
    with pytest.raises(NotYourTurnError):
        s.apply(game.parse_move("pass"), seat=1)
    with pytest.raises(NotYourTurnError):
        s.apply(game.parse_move(f"select {card}"), seat=1)
    assert s == before
    s.apply(game.parse_move("pass"), seat=0)
    assert s.current_seat() == 1


@pytest.mark.rule("AMB-04")
def test_amb04_fee_may_use_leaves_gained_before_the_cards_are_played():
    """AMB-04: the turn-4 fee is due at the commit; free actions before it may provide leaves."""
    game, s = new_game(2, seed=1)
    use_three_slots(s)
    set_leaves(s, 0, fresh={1: 3})
    tiles = s.ctx.cup_tiles
    ferment_left = next(
        t for t in sorted(tiles) if type(tiles[t].left.bonus[0]).__name__ == "Ferment"
    )
    first = next(t for t in sorted(tiles) if t != ferment_left)
    set_cup_rows(s, 0, [[first, ferment_left]], tokens=1)
    give_hand(s, 0, ["s11"])
    assert legal(s) == ["pass", "spend 1 1"]  # AMB-04: 3 fresh cannot pay, no turn yet
    assert_illegal(game, s, "select s11")
    play(game, s, "spend 1 1", "cup_bonus r", "flip 1", "stop")
    assert leaves(s) == ([2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0])
    commit(game, s, ["s11"], "s11")
    assert s.pending  # the fee is asked at the commit
    play(game, s, "pay f 1", "pay g 1", "pay g 1")
    assert leaves(s) == ([0] * 6, [0] * 6) and s.pending == []


@pytest.mark.rule("AMB-05")
def test_amb05_only_completable_main_actions_are_offered():
    """AMB-05: Build/Buy/Caravan only when possible; Ferment and Harvest always, even for 0."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0)
    give_hand(s, 0, ["s09"])  # no Teapot, strength 2
    commit(game, s, ["s09"], "s09")
    assert legal(s, mv.Buy) == [] and legal(s, mv.TakeCaravan) == []
    assert legal(s, mv.Ferment) == ["ferment"]
    play(game, s, "ferment")  # no fresh leaf: the action resolves with no effect
    assert s.pending == [] and legal(s) == ["end"]
    game, s = new_game(2, seed=1)
    give_hand(s, 0, ["s01"])  # strength 1: no Pagoda is cheap enough
    commit(game, s, ["s01"], "s01")
    assert legal(s, mv.Build) == []
    assert legal(s, mv.Harvest) == ["harvest"]
