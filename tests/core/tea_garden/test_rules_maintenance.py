"""Rule tests for the Maintenance phase (MAINT, AMB-31) and the FAQ rulings (FAQ-01 … FAQ-07).

Rule IDs refer to ../shared/rules/tea_garden.md. Maintenance runs when every seat has passed.
"""

from __future__ import annotations

from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from tests.core.tea_garden.scenario import (
    add_garden,
    commit,
    end_round_by_passing,
    give_hand,
    give_scrolls,
    legal,
    new_game,
    play,
    put_action_card,
    put_caravan,
    set_leaves,
    stack_cup_tiles,
)

SEED = 1


def turn(cards: list[str], top: str | None = None) -> tuple[TeaGardenGame, TeaGardenState]:
    """Seat 0 to play, holding ``cards``, which it has just played with ``top`` on top."""
    game, s = new_game(2, seed=SEED)
    give_hand(s, 0, cards)
    commit(game, s, cards, top or cards[-1])
    return game, s


def finish_turn(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Take the Fermentation main action, ferment nothing and end the turn."""
    play(game, s, "ferment")
    if s.pending:
        play(game, s, "stop")
    play(game, s, "end")


# --- MAINT --------------------------------------------------------------------------------


def test_maint01_round_marker_moves_on() -> None:
    """When everyone has passed in round 1, round 2 begins."""
    game, s = new_game(2, seed=SEED)
    assert s.round == 1
    end_round_by_passing(game, s)
    assert s.round == 2  # MAINT-01


def test_maint02_start_player_passes_clockwise() -> None:
    """With 3 seats the Start Player goes 2 -> 0 -> 1."""
    game, s = new_game(3, seed=SEED, start_seat=2)
    end_round_by_passing(game, s)
    assert s.start_seat == 0  # MAINT-02: clockwise, wrapping round
    end_round_by_passing(game, s)
    assert s.start_seat == 1  # MAINT-02


def test_maint03_leftmost_action_card_leaves_and_the_display_shifts() -> None:
    """The display loses its leftmost card, shifts left and gets the deck's top card."""
    game, s = new_game(2, seed=SEED)
    display = list(s.board.action_display)
    top = s.board.action_deck[-1]
    deck = len(s.board.action_deck)
    end_round_by_passing(game, s)
    assert s.board.action_display == [*display[1:], top]  # MAINT-03
    assert len(s.board.action_deck) == deck - 1


def test_amb31_removed_display_card_is_out_of_the_game() -> None:
    """The card dropped from the display is in no deck, display or player zone."""
    game, s = new_game(2, seed=SEED)
    gone = s.board.action_display[0]
    end_round_by_passing(game, s)
    b = s.board
    assert gone not in b.action_display and gone not in b.action_deck  # AMB-31
    for p in s.players:
        assert all(gone not in zone for zone in (p.hand, p.draw, p.discard, p.removed))


def test_maint04_played_cards_go_to_the_discard_pile() -> None:
    """The played stack moves to the discard pile; the slots are free again."""
    game, s = turn(["s01", "s09"], top="s01")
    finish_turn(game, s)
    end_round_by_passing(game, s)
    p = s.players[0]
    assert p.stacks == []  # MAINT-04
    assert sorted(p.discard) == ["s01", "s09"]  # MAINT-04


def test_maint05_fresh_leaves_lose_and_fermented_gain_a_quality() -> None:
    """Fresh leaves move down a Basket (q1 stays), fermented ones up (q6 stays)."""
    game, s = new_game(2, seed=SEED)
    set_leaves(s, 1, fresh={1: 1, 2: 1, 4: 2, 6: 1}, fermented={1: 1, 5: 1, 6: 2})
    end_round_by_passing(game, s)
    p = s.players[1]
    harvest = [0, 2, 0, 0, 0, 0]  # Sichuan's 2 fresh leaves of quality 2 (MAINT-06)
    ripe = [2, 0, 2, 0, 1, 0]  # MAINT-05: q1 stays, q2 -> 1, q4 -> 3, q6 -> 5
    assert p.fresh == [a + b for a, b in zip(ripe, harvest, strict=True)]
    assert p.fermented == [0, 1, 0, 0, 0, 3]  # MAINT-05: q1 -> 2, q5 -> 6, q6 stays


def test_maint06_two_fresh_leaves_per_garden_of_the_regions_value() -> None:
    """Gardens in Sichuan (2), Anxi (4) and Duyun (4) harvest 2 + 4 leaves."""
    game, s = new_game(2, seed=SEED)
    add_garden(s, 0, "b1", spot=1)
    add_garden(s, 0, "r3", spot=2)
    set_leaves(s, 0)
    end_round_by_passing(game, s)
    assert s.players[0].fresh == [0, 2, 0, 4, 0, 0]  # MAINT-06
    assert s.players[0].fermented == [0] * 6


def test_maint07_everyone_draws_exactly_four() -> None:
    """A seat with 3 cards in hand still draws 4, ending with 7."""
    game, s = new_game(2, seed=SEED)
    p = s.players[1]
    give_hand(s, 1, ["s01", "s02", "s03"])
    top_four = p.draw[-4:]
    end_round_by_passing(game, s)
    assert len(p.hand) == 7  # MAINT-07: exactly 4, whatever is in hand
    assert sorted(p.hand[3:]) == sorted(top_four)


def test_maint07_draw_reshuffles_the_discard_pile_when_needed() -> None:
    """With 2 cards in the draw deck, the discard pile is reshuffled for the other 2."""
    game, s = new_game(2, seed=SEED)
    p = s.players[1]
    give_hand(s, 1, [])
    p.discard, p.draw = p.draw[2:], p.draw[:2]
    first_two = list(reversed(p.draw))
    end_round_by_passing(game, s)
    assert len(p.hand) == 4  # MAINT-07
    assert p.hand[:2] == first_two  # the old draw deck first
    assert len(p.draw) + len(p.discard) == 11 - 4
    assert p.discard == []  # MAINT-07: the discard pile became the draw deck


def test_maint08_next_round_starts_with_the_start_player() -> None:
    """After Maintenance the new Start Player is to play and nobody has passed."""
    game, s = new_game(2, seed=SEED)
    end_round_by_passing(game, s)
    assert s.seat == s.start_seat == 1  # MAINT-08
    assert not any(p.passed for p in s.players)
    assert not s.pending and not s.turn.committed
    assert "pass" in legal(s) and legal(s, mv.Select)


def test_maint09_harvested_leaves_do_not_ripen_until_the_next_maintenance() -> None:
    """Ripening comes before the harvest: Puer's q3 leaves arrive as q3 and stay q3."""
    game, s = new_game(2, seed=SEED)
    add_garden(s, 0, "g1", spot=1)
    set_leaves(s, 0, fresh={3: 1})
    end_round_by_passing(game, s)
    # MAINT-09: the old q3 leaf ripened to q2 (E) before 2+2 leaves were harvested (F)
    assert s.players[0].fresh == [0, 3, 2, 0, 0, 0]


def test_maint09_played_cards_are_discarded_before_the_draw() -> None:
    """With no draw deck and no discard pile, the cards just played are drawn again."""
    game, s = turn(["s01", "s09"], top="s01")
    p = s.players[0]
    p.removed, p.draw, p.discard = p.draw + p.discard, [], []  # as if removed during play
    finish_turn(game, s)
    end_round_by_passing(game, s)
    assert sorted(p.hand) == ["s01", "s09"]  # MAINT-09: D (discard) before G (draw)


def test_maint10_base_maintenance_has_no_further_steps() -> None:
    """The base game's Maintenance changes no VP and adds nothing beyond steps A-H."""
    # MAINT-10: the expansion adds Hall scoring/replacement (COURT-07..11) and solo adds Lu Yu's
    # upkeep (LUYU-24/25); neither is part of this base-game engine, so here no VP may change.
    game, s = new_game(2, seed=SEED)
    for p in s.players:
        p.vp = 7
    end_round_by_passing(game, s)
    assert [p.vp for p in s.players] == [7, 7]  # MAINT-10


def test_turn01_no_maintenance_after_round_five() -> None:
    """When round 5's Action phase ends, the game is over without Maintenance."""
    game, s = new_game(2, seed=SEED)
    s.round = 5
    set_leaves(s, 0, fresh={3: 1})
    hand = list(s.players[0].hand)
    display = list(s.board.action_display)
    end_round_by_passing(game, s)
    assert s.is_over()  # TURN-01, END-01, FAQ-06
    assert s.round == 5
    assert s.players[0].fresh == [0, 0, 1, 0, 0, 0]  # FAQ-06: no ripening or harvest
    assert s.players[0].hand == hand  # no draw
    assert s.board.action_display == display
    assert legal(s) == []


# --- FAQ ----------------------------------------------------------------------------------


def _build_targets(s: TeaGardenState) -> dict[int, set[str]]:
    """Regions offered by the legal Build moves, per Pagoda spot."""
    found: dict[int, set[str]] = {}
    for m in s.legal_moves():
        if isinstance(m, mv.Build):
            found.setdefault(m.spot, set()).add(m.region)
    return found


def test_faq01_build_next_to_a_garden_or_one_border_further_for_2_more() -> None:
    """S = 4 from Sichuan: Pagoda 4 next door, Pagoda 2 one border further; never Sichuan."""
    _game, s = turn(["s09", "s10"], top="s10")
    targets = _build_targets(s)
    near = {"p1", "p2", "c1", "r1"}
    far = {"p3", "c2", "g1", "r2", "b1"}
    assert targets[4] == near  # FAQ-01: adjacent Region, requirement 4 <= 4
    assert targets[1] == near | far  # FAQ-01: requirement 2 + 2 <= 4 reaches one border on
    assert "sichuan" not in set().union(*targets.values())  # FAQ-01: never your own Region
    assert not {"c3", "c4", "g2", "r3", "b2", "b4"} & set().union(*targets.values())


def test_faq01_only_one_garden_per_build() -> None:
    """After one Build no second Build is offered."""
    game, s = turn(["s09", "s10"], top="s10")
    play(game, s, "build 1 b1 1")
    assert s.players[0].gardens[-1] == s.ctx.region_index["b1"]
    assert s.players[0].pagodas[0] is False
    assert legal(s, mv.Build) == []  # FAQ-01


def test_faq02_teapots_on_covered_cards_do_not_count() -> None:
    """Morning Pick's green Teapot helps only when it is on top."""
    game, s = turn(["s01", "s09"], top="s09")
    put_action_card(s, 1, "a1_03")  # 1 leaf, needs a green Teapot
    set_leaves(s, 0, fresh={2: 1})
    assert "buy 1" not in legal(s)  # FAQ-02: the covered green Teapot does not count
    game, s = turn(["s01", "s09"], top="s01")
    put_action_card(s, 1, "a1_03")
    set_leaves(s, 0, fresh={2: 1})
    play(game, s, "buy 1")
    assert not any(isinstance(d, st.CoverTeapots) for d in s.pending)  # FAQ-02: on top it does
    play(game, s, "pay g 2")
    assert "a1_03" in s.players[0].hand


def test_faq03_caravan_needs_a_trade_and_a_strength_condition() -> None:
    """cv_b01 at S = 2: pay 2 leaves for 2 VP, strength 2 for 2 leaves q2; strength 4 is out."""
    game, s = turn(["s09"])
    put_caravan(s, 1, "cv_b01")
    set_leaves(s, 0, fresh={5: 2})
    deck_top = s.board.caravan_deck[-1]
    offered = [m for m in legal(s, mv.TakeCaravan) if m.startswith("caravan 1 ")]
    assert offered == ["caravan 1 1 1"]  # FAQ-03: 4 leaves not held, strength 4 not reached
    play(game, s, "caravan 1 1 1", "pay g 5", "pay g 5")
    p = s.players[0]
    assert p.vp == 2  # FAQ-03: VP at once
    assert p.fresh == [0, 2, 0, 0, 0, 0]  # the strength reward
    assert p.caravans == ["cv_b01"]  # FAQ-03: kept for the end
    assert s.board.caravan_display[0] == deck_top


def test_faq03_brown_trade_icons_need_fermented_leaves() -> None:
    """cv_b03's '1 green + 1 brown' trade needs a fermented leaf."""
    game, s = turn(["s09"])
    put_caravan(s, 1, "cv_b03")
    set_leaves(s, 0, fresh={4: 3})
    assert [m for m in legal(s) if m.startswith("caravan 1 1 ")] == []  # FAQ-03
    set_leaves(s, 0, fresh={4: 1}, fermented={1: 1})
    assert "caravan 1 1 1" in legal(s)
    play(game, s, "caravan 1 1 1", "pay g 4")
    assert legal(s) == ["pay f 1"]  # FAQ-03: the brown icon takes the fermented leaf


def test_faq04_fermentation_flips_leaves_in_their_baskets() -> None:
    """Fermenting with S = 2 flips two fresh leaves into fermented ones in the same Baskets."""
    game, s = turn(["s09"])
    set_leaves(s, 0, fresh={3: 1, 5: 2})
    play(game, s, "ferment", "flip 5", "flip 3")
    p = s.players[0]
    assert p.fresh == [0, 0, 0, 0, 1, 0]  # FAQ-04
    assert p.fermented == [0, 0, 1, 0, 1, 0]  # FAQ-04: same Baskets
    assert not s.pending  # strength 2 used up


def test_faq05_cup_tiles_tokens_and_bonus() -> None:
    """Tile from a Province with a garden, a token on the join, spent later for a Cup."""
    game, s = new_game(2, seed=SEED)
    add_garden(s, 0, "p1", spot=1)
    stack_cup_tiles(s, "purple", ["cup02", "cup01"])
    give_scrolls(s, 0, x2=1)
    give_hand(s, 0, ["s03"])
    commit(game, s, ["s03"], "s03")
    play(game, s, "use 1")
    assert {m.split()[1] for m in legal(s)} == {"purple"}  # FAQ-05: only where you built
    play(game, s, "tile purple 0 r", "repeat scroll", "tile purple 1 r")
    p = s.players[0]
    assert p.cup_rows == [["cup01", "cup02"]] and p.cup_tokens == [[1]]  # FAQ-05
    play(game, s, "spend 1 1", "cup_bonus l")
    assert p.emperor_tokens == 1 and p.cup_tokens == [[0]]  # FAQ-05: cup01's Emperor token


def test_faq06_maintenance_steps_in_order() -> None:
    """Round, Start Player, display, discard, ripening, harvest and draw all happen."""
    game, s = turn(["s09"])
    p = s.players[0]
    set_leaves(s, 0, fresh={4: 1}, fermented={4: 1})
    display = list(s.board.action_display)
    top = s.board.action_deck[-1]
    hand = len(p.hand)
    finish_turn(game, s)
    end_round_by_passing(game, s)
    assert (s.round, s.start_seat) == (2, 1)  # FAQ-06: marker, Start Player
    assert s.board.action_display == [*display[1:], top]  # FAQ-06: display
    assert "s09" in p.discard or "s09" in p.hand  # FAQ-06: played card discarded
    assert p.fresh == [0, 2, 1, 0, 0, 0]  # FAQ-06: ripened 4 -> 3, then 2 harvested (q2)
    assert p.fermented == [0, 0, 0, 0, 1, 0]  # FAQ-06: ripened 4 -> 5
    assert len(p.hand) == hand + 4  # FAQ-06: 4 drawn


def test_faq07_fermentation_is_up_to_the_strength() -> None:
    """FAQ-04 says 'equal to' but it does not contradict the rulebook: fewer may be fermented."""
    game, s = turn(["s11"])
    set_leaves(s, 0, fresh={2: 3})
    play(game, s, "ferment", "flip 2")
    assert "stop" in legal(s)  # FAQ-07, AMB-16: stopping below S = 3 is allowed
    play(game, s, "stop", "end")
    assert s.players[0].fermented == [0, 1, 0, 0, 0, 0]
    assert s.players[0].fresh == [0, 2, 0, 0, 0, 0]
