"""Rule tests for the secondary actions: general (SEC), River (RIVER), Cups (CUP), University (UNI).

Rule IDs refer to ../shared/rules/tea_garden.md; component facts (River segments, University
sectors, Cup tiles) to docs/components/*.md.
"""

from __future__ import annotations

import msgspec

from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.effects import secondary_actions
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.loader import load_builtin
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import cup_vp, live_breakdown, matching_connections
from tests.core.tea_garden.scenario import (
    add_garden,
    commit,
    cup_rows,
    end_round_by_passing,
    give_hand,
    give_scrolls,
    legal,
    new_game,
    play,
    set_boat,
    set_cup_rows,
    set_leaves,
    set_university,
    stack_cup_tiles,
)

SEED = 1
MOUTH = 9
"""The last River segment of the shipped River (segments 0..9)."""


def turn(
    cards: list[str], top: str | None = None, players: int = 2
) -> tuple[TeaGardenGame, TeaGardenState]:
    """Seat 0 to play, holding ``cards``, which it has just played with ``top`` on top."""
    game, s = new_game(players, seed=SEED)
    give_hand(s, 0, cards)
    commit(game, s, cards, top or cards[-1])
    return game, s


def finish_main(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Take the Fermentation main action and ferment nothing."""
    play(game, s, "ferment")
    if s.pending:
        play(game, s, "stop")


def cup_turn(extra: list[str] | None = None) -> tuple[TeaGardenGame, TeaGardenState]:
    """Seat 0 owns a garden in purple (Anhui), cup01 is on top of purple's stack, cup02 under it,
    and seat 0 has played Clay Cup (s03, Cup Production) on top."""
    game, s = new_game(2, seed=SEED)
    add_garden(s, 0, "p1", spot=1)
    stack_cup_tiles(s, "purple", ["cup02", "cup01"])
    cards = ["s03", *(extra or [])]
    give_hand(s, 0, cards)
    commit(game, s, cards, "s03")
    return game, s


# --- SEC ----------------------------------------------------------------------------------


def test_sec01_the_three_secondary_actions_are_river_cup_and_university() -> None:
    """Every secondary action printed on a card is River, Cup or University."""
    ctx = new_game(2, seed=SEED)[1].ctx
    shown = set().union(*(secondary_actions(card.top) for card in ctx.cards.values()))
    assert shown == {"river", "cup", "university"}  # SEC-01


def test_sec01_each_secondary_action_does_its_own_thing() -> None:
    """River moves the Boat, University the rim Worker, Cup asks for a tile."""
    game, s = turn(["s01"])
    play(game, s, "use 1")
    assert s.players[0].boat == 1  # SEC-01: River Navigation
    game, s = turn(["s05"])
    play(game, s, "use 1")
    assert s.players[0].uni_sector == 1  # SEC-01: Tea Studies
    game, s = cup_turn()
    play(game, s, "use 1")
    assert isinstance(s.pending[-1], st.PlaceCupTile)  # SEC-01: Cup Production


def test_sec02_only_the_topmost_cards_secondary_action_is_offered() -> None:
    """River under a University card gives University only."""
    game, s = turn(["s01", "s05"], top="s05")
    assert legal(s, mv.UseTop) == ["use 1"]
    play(game, s, "use 1", "part 1")
    assert s.players[0].uni_sector == 1
    assert s.players[0].boat == 0  # SEC-02: the covered River card gives nothing
    assert legal(s, mv.UseTop) == []


def test_sec02_a_plain_top_card_offers_no_secondary_action() -> None:
    """A River card under a card without symbols gives no secondary action."""
    _game, s = turn(["s01", "s09"], top="s09")
    assert legal(s, mv.UseTop) == []  # SEC-02
    assert legal(s, mv.Repeat) == []


def test_sec03_secondary_action_before_the_main_action() -> None:
    """The secondary action may come first; the main action is still to do."""
    game, s = turn(["s01", "s09"], top="s01")
    play(game, s, "use 1")
    assert s.players[0].boat == 1
    assert "ferment" in legal(s) and "end" not in legal(s)  # SEC-03


def test_sec03_secondary_action_after_the_main_action() -> None:
    """The secondary action may also come after the main action."""
    game, s = turn(["s01", "s09"], top="s01")
    finish_main(game, s)
    assert "use 1" in legal(s)  # SEC-03
    play(game, s, "use 1")
    assert s.players[0].boat == 1


def test_sec03_secondary_action_is_optional() -> None:
    """A turn may end without using the secondary action."""
    game, s = turn(["s01", "s09"], top="s01")
    finish_main(game, s)
    play(game, s, "end")  # SEC-03: legal although "use 1" was never taken
    assert s.seat == 1
    assert s.players[0].boat == 0


def test_sec04_second_time_only_through_the_repeat() -> None:
    """After the secondary action, 'use' is spent; only one repeat can do it again."""
    game, s = turn(["s01"])
    give_scrolls(s, 0, x2=2)
    play(game, s, "use 1")
    assert legal(s, mv.UseTop) == []  # SEC-04: not a second time by itself
    play(game, s, "repeat scroll")
    assert s.players[0].boat == 2  # SEC-04: the repeat does it again
    assert legal(s, mv.Repeat) == []  # SEC-04: once per turn
    assert s.players[0].x2 == 1


def test_sec05_top_card_effect_usable_in_its_turn() -> None:
    """Sun Tray's 'ferment 1' works while it is the top card."""
    game, s = turn(["s07"])
    set_leaves(s, 0, fresh={3: 2})
    play(game, s, "use 1", "flip 3")
    assert s.players[0].fresh[2] == 1 and s.players[0].fermented[2] == 1  # SEC-05
    assert legal(s, mv.UseTop) == []  # used up for this turn


def test_sec05_top_card_effect_does_not_carry_into_the_next_turn() -> None:
    """Next turn, with another top card, the earlier top card's effect is gone."""
    game, s = turn(["s07", "s09"], top="s07")
    set_leaves(s, 0, fresh={3: 2})
    finish_main(game, s)
    play(game, s, "end")
    give_hand(s, 1, ["s09"])
    commit(game, s, ["s09"], "s09")
    finish_main(game, s)
    play(game, s, "end")
    give_hand(s, 0, ["s10"])
    commit(game, s, ["s10"], "s10")
    assert legal(s, mv.UseTop) == []  # SEC-05: the card effect was for that turn only


def test_sec06_slash_gives_one_side_only() -> None:
    """Tea Scout (River / draw 1): choosing River leaves no draw."""
    game, s = turn(["a1_06"])
    hand = len(s.players[0].hand)
    play(game, s, "use 1")
    assert legal(s) == ["option 1", "option 2"]
    play(game, s, "option 1")
    assert s.players[0].boat == 1
    assert len(s.players[0].hand) == hand  # SEC-06: no draw as well
    assert legal(s, mv.UseTop) == []
    assert not s.pending


def test_sec06_slash_other_side() -> None:
    """Tea Scout (River / draw 1): choosing the draw leaves the Boat."""
    game, s = turn(["a1_06"])
    hand = len(s.players[0].hand)
    play(game, s, "use 1", "option 2", "draw")
    assert len(s.players[0].hand) == hand + 1
    assert s.players[0].boat == 0  # SEC-06
    assert legal(s, mv.UseTop) == []


# --- RIVER --------------------------------------------------------------------------------


def test_river01_boat_moves_one_segment_and_takes_its_bonus() -> None:
    """From the start the Boat enters segment 1 and gains 1 Emperor token."""
    game, s = turn(["s01"])
    play(game, s, "use 1")
    p = s.players[0]
    assert p.boat == 1  # RIVER-01: exactly one segment
    assert p.emperor_tokens == 1  # RIVER-01: segment 1's bonus at once


def test_river01_bonus_of_the_segment_entered() -> None:
    """From segment 1 the Boat enters segment 2 and gains 2 fresh leaves of quality 3."""
    game, s = turn(["s01"])
    set_boat(s, 0, 1)
    set_leaves(s, 0)
    play(game, s, "use 1")
    p = s.players[0]
    assert p.boat == 2
    assert p.fresh == [0, 0, 2, 0, 0, 0]  # RIVER-01
    assert p.emperor_tokens == 0  # segment 1's bonus is not paid again


def test_river02_segment_vp_not_scored_on_entry() -> None:
    """Entering a segment scores nothing now; only the segment the Boat ends in counts."""
    game, s = turn(["s01"])
    play(game, s, "use 1")
    assert s.players[0].vp == 0  # RIVER-02: no VP on entry
    assert live_breakdown(s)[0]["river"] == 2  # segment 1 is worth 2 if the Boat stays
    set_boat(s, 0, 2)
    assert live_breakdown(s)[0]["river"] == 3  # RIVER-02: only the current segment scores


def test_river03_first_boat_at_the_mouth_takes_the_best_space() -> None:
    """Both Boats reach the last segment: the first takes 20, the second 17."""
    game, s = turn(["s01"])
    set_boat(s, 0, MOUTH - 1)
    set_boat(s, 1, MOUTH - 1)
    play(game, s, "use 1")
    finish_main(game, s)
    play(game, s, "end")
    give_hand(s, 1, ["s02"])
    commit(game, s, ["s02"], "s02")
    play(game, s, "use 1")
    p0, p1 = s.players
    assert (p0.boat, p1.boat) == (MOUTH, MOUTH)
    assert p0.boat_final_vp == 20  # RIVER-03: first to arrive, highest value
    assert p1.boat_final_vp == 17  # RIVER-03: the next free space
    assert [b["river"] for b in live_breakdown(s)] == [20, 17]


def test_river04_no_river_navigation_past_the_mouth() -> None:
    """At the last segment River Navigation is not offered and the Boat stays."""
    _game, s = turn(["s01"])
    set_boat(s, 0, MOUTH)
    give_scrolls(s, 0, x2=1)
    assert legal(s, mv.UseTop) == []  # RIVER-04: it would have no effect
    assert legal(s, mv.Repeat) == []
    assert s.players[0].boat == MOUTH


def test_river04_slash_at_the_mouth_offers_only_the_other_side() -> None:
    """Tea Scout (River / draw 1) at the mouth can only draw."""
    game, s = turn(["a1_06"])
    set_boat(s, 0, MOUTH)
    play(game, s, "use 1")
    assert legal(s) == ["option 2"]  # RIVER-04


def test_river05_boats_share_a_segment() -> None:
    """Seat 0's Boat enters segment 1 where seat 1's Boat already is, with its bonus."""
    game, s = turn(["s01"])
    set_boat(s, 1, 1)
    play(game, s, "use 1")
    assert s.players[0].boat == s.players[1].boat == 1  # RIVER-05
    assert s.players[0].emperor_tokens == 1


def test_amb17_mouth_has_no_entry_bonus_and_later_boats_take_the_lowest_space() -> None:
    """Arriving after every VP space is taken scores the lowest value (14)."""
    game, s = turn(["s01"], players=4)
    river = s.ctx.components.river
    assert river.segments[MOUTH].bonus == ()  # AMB-17: data-driven, no entry bonus here
    set_boat(s, 0, MOUTH - 1)
    s.board.river_final_taken = len(river.final_vps)  # all four spaces taken already
    before = msgspec.structs.replace(s.players[0], boat=MOUTH)
    play(game, s, "use 1")
    assert s.players[0].boat_final_vp == 14  # AMB-17: later Boats score the lowest value
    assert msgspec.structs.replace(s.players[0], boat_final_vp=0) == before
    assert not s.pending


# --- CUP ----------------------------------------------------------------------------------


def test_cup01_no_cup_production_without_a_garden_in_a_coloured_province() -> None:
    """With only the starting garden, Cup Production is not available."""
    _game, s = turn(["s03"])
    assert "yellow" not in s.board.cup_stacks  # AMB-20: no stack in Sichuan
    assert legal(s, mv.UseTop) == []  # CUP-01


def test_cup01_only_stacks_of_provinces_with_a_garden() -> None:
    """A garden in purple opens purple's stack and no other."""
    game, s = cup_turn()
    play(game, s, "use 1")
    tiles = legal(s, mv.PlaceCupTile)
    assert tiles == ["tile purple 0 r"]  # CUP-01: only purple, where seat 0 has a garden


def test_cup01_takes_the_top_tile_of_the_stack() -> None:
    """The tile placed is the top tile of the stack, which loses it."""
    game, s = cup_turn()
    size = len(s.board.cup_stacks["purple"])
    play(game, s, "use 1", "tile purple 0 r")
    assert s.players[0].cup_rows == [["cup01"]]  # CUP-01: the top tile
    assert len(s.board.cup_stacks["purple"]) == size - 1
    assert s.board.cup_stacks["purple"][-1] == "cup02"


def test_cup02_tiles_are_never_rotated() -> None:
    """cup02 put left of cup01 keeps its sides: blue meets red, no matching connection."""
    game, s = cup_turn()
    give_scrolls(s, 0, x2=1)
    play(game, s, "use 1", "tile purple 0 r", "repeat scroll", "tile purple 1 l")
    p = s.players[0]
    assert p.cup_rows == [["cup02", "cup01"]]  # CUP-02: edge to edge
    assert matching_connections(s.ctx, p) == 0  # CUP-02: no flip to make green meet green
    play(game, s, "spend 1 1", "cup_bonus l")
    assert isinstance(s.pending[-1], st.MayRemove)  # cup02's right Cup (remove a card)


def test_cup03_a_new_row_may_start_any_time_and_placed_tiles_stay() -> None:
    """With a row in place, a new row can be started; the first row is untouched."""
    game, s = cup_turn()
    set_cup_rows(s, 0, [["cup03", "cup04"]], tokens=2)
    play(game, s, "use 1")
    assert "tile purple 0 r" in legal(s)  # CUP-03: start a new row
    play(game, s, "tile purple 0 r")
    p = s.players[0]
    assert p.cup_rows == [["cup03", "cup04"], ["cup01"]]  # CUP-03: the old row has not moved
    assert p.cup_tokens == [[2], []]


def test_cup04_matching_colours_score_others_do_not() -> None:
    """A green-green connection scores; a blue-red one does not."""
    _game, s = cup_turn()
    set_cup_rows(s, 0, [["cup01", "cup02"]])
    assert matching_connections(s.ctx, s.players[0]) == 1  # CUP-04: green meets green
    set_cup_rows(s, 0, [["cup02", "cup01"]])
    assert matching_connections(s.ctx, s.players[0]) == 0  # CUP-04: blue meets red


def test_cup05_every_new_connection_gets_a_cup_token() -> None:
    """A non-matching connection also gets its Cup token; a lone tile gets none."""
    game, s = cup_turn()
    give_scrolls(s, 0, x2=1)
    play(game, s, "use 1", "tile purple 0 r")
    assert s.players[0].cup_tokens == [[]]  # no connection yet
    play(game, s, "repeat scroll", "tile purple 1 l")
    assert matching_connections(s.ctx, s.players[0]) == 0
    assert s.players[0].cup_tokens == [[1]]  # CUP-05: matching or not


def test_cup06_spend_a_cup_token_for_one_adjacent_cup() -> None:
    """Spending a token on cup01|cup02 and picking the right Cup gives 3 VP only."""
    game, s = cup_turn()
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=2)
    play(game, s, "spend 1 1")
    assert legal(s) == ["cup_bonus l", "cup_bonus r"]  # CUP-06: one of the two Cups
    play(game, s, "cup_bonus r")
    p = s.players[0]
    assert p.vp == 3 and p.emperor_tokens == 0  # CUP-06: that Cup's bonus only
    assert p.cup_tokens == [[1]]


def test_cup07_tokens_pile_up_and_stay_across_rounds() -> None:
    """A Cup token bonus can go on a connection that already has one; tokens outlast the round."""
    game, s = turn(["s01"])
    set_boat(s, 0, 3)
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=1)
    play(game, s, "use 1", "token 1 1")  # segment 4: 1 Cup token
    assert s.players[0].cup_tokens == [[2]]  # CUP-07: any number on one connection
    finish_main(game, s)
    play(game, s, "end")
    end_round_by_passing(game, s)
    assert s.round == 2
    assert s.players[0].cup_tokens == [[2]]  # CUP-07: kept across rounds


def test_cup08_cup_token_bonus_goes_on_any_connection() -> None:
    """With two rows, the River's Cup token may go on any connection."""
    game, s = turn(["s01"])
    set_boat(s, 0, 3)
    set_cup_rows(s, 0, [["cup01", "cup02", "cup03"], ["cup04", "cup05"]])
    play(game, s, "use 1")
    assert legal(s) == ["token 1 1", "token 1 2", "token 2 1"]  # CUP-08: any connection
    play(game, s, "token 2 1")
    assert s.players[0].cup_tokens == [[0, 0], [1]]


def test_cup08_cup_token_bonus_is_lost_without_a_connection() -> None:
    """With a single tile and no connection the Cup token is lost."""
    game, s = turn(["s01"])
    set_boat(s, 0, 3)
    set_cup_rows(s, 0, [["cup01"]])
    play(game, s, "use 1")
    assert s.players[0].boat == 4
    assert not s.pending  # CUP-08: nothing to decide, the token is lost
    assert s.players[0].cup_tokens == [[]]


def test_cup09_cup_table() -> None:
    """Matching connections score 1, 2, 4, 7, 11, 16, 22."""
    assert [cup_vp(n) for n in range(8)] == [0, 1, 2, 4, 7, 11, 16, 22]  # CUP-09


def test_cup09_matching_connections_count_across_rows() -> None:
    """3 + 2 matching connections in two rows, plus 2 that do not match, score 11."""
    _game, s = new_game(2, seed=SEED)
    rows = cup_rows(s, [[True, True, False, True], [True, False, True]])
    set_cup_rows(s, 0, rows)
    assert matching_connections(s.ctx, s.players[0]) == 5
    assert live_breakdown(s)[0]["cups"] == 11  # CUP-09


def test_amb19_cup_table_caps_at_22() -> None:
    """More than 7 matching connections still score 22 by default."""
    assert cup_vp(8) == cup_vp(10) == 22  # AMB-19
    assert cup_vp(8, table_continues=True) == 29  # AMB-19: the variant flag


def test_cup10_unused_cup_tokens_score_nothing() -> None:
    """Cup tokens left on connections add no VP at the end."""
    _game, s = new_game(2, seed=SEED)
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=0)
    without = live_breakdown(s)[0]
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=5)
    assert live_breakdown(s)[0] == without  # CUP-10


def test_amb18_tiles_go_only_at_row_ends_or_in_a_new_row() -> None:
    """A row of three offers its two ends and a new row, never a place in between."""
    game, s = cup_turn()
    set_cup_rows(s, 0, [["cup03", "cup04", "cup05"]], tokens=0)
    play(game, s, "use 1")
    assert legal(s) == ["tile purple 0 r", "tile purple 1 l", "tile purple 1 r"]  # AMB-18
    play(game, s, "tile purple 1 l")
    p = s.players[0]
    assert p.cup_rows == [["cup01", "cup03", "cup04", "cup05"]]
    assert p.cup_tokens == [[1, 0, 0]]  # AMB-18: exactly one new connection


# --- UNI ----------------------------------------------------------------------------------


def test_uni01_the_ring_has_four_sectors_then_returns_to_the_first() -> None:
    """From the start the rim Worker visits sectors 1, 2, 3, 4 and then 1 again."""
    assert len(new_game(2, seed=SEED)[1].ctx.components.university.sectors) == 4
    reached = []
    for start in range(5):
        game, s = turn(["s05"])
        set_university(s, 0, start)
        play(game, s, "use 1")
        assert legal(s) == ["part 1", "part 2"]  # UNI-01: two parts per sector
        reached.append(s.players[0].uni_sector)
    assert reached == [1, 2, 3, 4, 1]  # UNI-01: clockwise ring


def test_uni02_only_the_chosen_parts_bonus() -> None:
    """Sector 1 part 1 gives 3 fresh leaves of quality 2 and no fermentation."""
    game, s = turn(["s05"])
    set_leaves(s, 0, fresh={4: 1})
    play(game, s, "use 1", "part 1")
    p = s.players[0]
    assert (p.uni_sector, p.uni_part) == (1, 0)  # UNI-02: the Worker stands on part 1
    assert p.fresh == [0, 3, 0, 1, 0, 0]  # UNI-02: part 1's leaves
    assert p.fermented == [0] * 6  # UNI-02: part 2's ferment is not given
    assert not s.pending


def test_uni03_crossing_the_start_puts_a_worker_in_the_centre() -> None:
    """From sector 4 to sector 1, a Worker moves from the supply to the centre."""
    game, s = turn(["s05"])
    set_university(s, 0, 4, 2)
    play(game, s, "use 1")
    p = s.players[0]
    assert p.uni_sector == 1
    assert (p.uni_centre, p.workers) == (1, 5)  # UNI-03


def test_uni04_first_step_from_the_start_is_not_a_crossing() -> None:
    """From the start space to sector 1 no Worker goes to the centre."""
    game, s = turn(["s05"])
    play(game, s, "use 1")
    p = s.players[0]
    assert p.uni_sector == 1
    assert (p.uni_centre, p.workers) == (0, 6)  # UNI-04


def test_uni05_centre_workers_and_rim_worker_score() -> None:
    """Two centre Workers and a rim Worker in sector 3 are worth 2 x 10 + 3."""
    _game, s = new_game(2, seed=SEED)
    p = s.players[0]
    p.uni_centre, p.workers = 2, 4
    set_university(s, 0, 3, 2)
    assert live_breakdown(s)[0]["university"] == 23  # UNI-05
    assert live_breakdown(s)[1]["university"] == 0  # UNI-05: still on the start space


def test_amb21_no_centre_worker_when_the_supply_is_empty() -> None:
    """Crossing with no Worker left still moves the rim Worker."""
    game, s = turn(["s05"])
    p = s.players[0]
    p.uni_centre, p.workers = 6, 0
    set_university(s, 0, 4)
    play(game, s, "use 1")
    assert p.uni_sector == 1  # AMB-21: the move still happens
    assert (p.uni_centre, p.workers) == (6, 0)  # AMB-21: no new centre Worker


def test_amb22_rim_vp_is_read_per_part() -> None:
    """With parts of a sector worth different VP, the part the Worker stands on counts."""
    cs = load_builtin()
    uni = cs.university
    first = uni.sectors[0]
    parts = (first.parts[0], msgspec.structs.replace(first.parts[1], vp=5))
    sectors = (msgspec.structs.replace(first, parts=parts), *uni.sectors[1:])
    changed = msgspec.structs.replace(cs, university=msgspec.structs.replace(uni, sectors=sectors))
    s = TeaGardenGame(num_seats=2, components=changed).new_state(SEED)
    set_university(s, 0, 1, 1)
    set_university(s, 1, 1, 2)
    assert [b["university"] for b in live_breakdown(s)] == [1, 5]  # AMB-22
