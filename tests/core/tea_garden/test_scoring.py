"""Final scoring of Tea Garden: every category, every Emperor condition, the tie-breaks."""

from __future__ import annotations

import msgspec
import pytest

from core import engine
from core.errors import IllegalMoveError
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.decisions import perform_secondary
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import CATEGORIES, cup_vp, final_outcome, live_breakdown
from tests.core.tea_garden.scenario import (
    cup_rows,
    new_game,
    set_cup_rows,
    set_deck,
    set_leaves,
)

STARTING = ("s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10", "s11")
"""The eleven Starting cards of one seat."""


def _state(players: int = 2) -> TeaGardenState:
    _, s = new_game(players, seed=3)
    return s


def _score(s: TeaGardenState, seat: int = 0) -> dict[str, int]:
    s.over = True
    return s.outcome().breakdown[seat]


def _emperor(s: TeaGardenState, *cards: str, seat: int = 0) -> int:
    """Put ``cards`` into the seat's discard pile and return its emperor_cards points."""
    s.players[seat].discard.extend(cards)
    return _score(s, seat)["emperor_cards"]


# --- the protocol ---------------------------------------------------------------------------


@pytest.mark.rule("END-01")
def test_no_outcome_before_the_end() -> None:
    s = _state()
    assert s.outcome() is None
    with pytest.raises(IllegalMoveError, match="not over yet"):
        engine.final_outcome(s)


@pytest.mark.rule("SCORE-01")
def test_breakdown_has_the_categories_in_order_and_sums_to_the_score() -> None:
    s = _state(3)
    s.players[1].vp = 9
    s.players[1].emperor_tokens = 2
    s.over = True
    out = s.outcome()
    assert [list(b) for b in out.breakdown] == [list(CATEGORIES)] * 3
    assert out.scores == (0, 11, 0)
    assert out.scores == tuple(sum(b.values()) for b in out.breakdown)
    assert out.winners == (1,)
    assert out.tie_break == ""


@pytest.mark.rule("SCORE-01")
def test_a_fresh_game_scores_nothing() -> None:
    s = _state()
    assert live_breakdown(s) == tuple(dict.fromkeys(CATEGORIES, 0) for _ in range(2))


@pytest.mark.rule("SCORE-01")
def test_live_breakdown_works_mid_game_and_matches_the_final_one() -> None:
    s = _state()
    s.players[0].vp = 5
    s.players[0].x2 = 1
    s.players[1].boat = 2
    live = live_breakdown(s)  # the game is not over: no error
    assert live[0]["track"] == 5 and live[0]["scrolls_tokens"] == 1
    assert live[1]["river"] == s.ctx.components.river.segments[2].vp
    s.over = True
    assert s.outcome().breakdown == live
    assert final_outcome(s) == s.outcome()


# --- track, Action cards, scrolls and tokens ------------------------------------------------


@pytest.mark.rule("SCORE-01")
def test_track_vp_scored_during_play_counts() -> None:
    s = _state()
    s.players[0].vp = 23
    assert _score(s)["track"] == 23


@pytest.mark.rule("SCORE-02", "CARD-09")
def test_action_card_vp_counts_in_every_zone_of_the_deck() -> None:
    s = _state()
    # a5_05 = 7, a3_04 = 3, a2_05 = 2, a4_08 = 3 VP; Starting cards have none.
    set_deck(
        s,
        0,
        draw=["a5_05", *STARTING[:5]],
        discard=["a3_04"],
        hand=["a2_05", *STARTING[5:9]],
        stacks=[["s10", "a4_08"], ["s11"]],
    )
    assert _score(s)["action_cards"] == 15


@pytest.mark.rule("SCORE-02", "AMB-32", "CARD-08")
def test_removed_action_card_does_not_score() -> None:
    s = _state()
    p = s.players[0]
    p.discard.append("a5_05")
    p.removed.append("a5_04")  # 6 VP printed, but out of the game
    assert _score(s)["action_cards"] == 7


@pytest.mark.rule("SCORE-08", "SCROLL-06", "CUP-10", "END-02")
def test_scrolls_and_emperor_tokens_score_one_each_leaves_and_cup_tokens_nothing() -> None:
    s = _state()
    p = s.players[0]
    p.plus1, p.teapot_scrolls, p.x2, p.emperor_tokens = 2, 1, 3, 4
    set_leaves(s, 0, fresh={6: 5}, fermented={6: 5})
    set_cup_rows(s, 0, cup_rows(s, [(False, False)]), tokens=3)
    b = _score(s)
    assert b["scrolls_tokens"] == 10
    assert b["cups"] == 0
    assert sum(b.values()) == 10


# --- Emperor cards (SCORE-03, SCORE-09 E1..E11) ---------------------------------------------


@pytest.mark.rule("SCORE-09")
@pytest.mark.parametrize(
    ("fresh", "fermented", "expected"),
    [(0, 0, 0), (4, 4, 12), (0, 6, 18), (0, 8, 18)],
)
def test_e1_fermented_leaves_three_each_up_to_six(
    fresh: int, fermented: int, expected: int
) -> None:
    # SCORE-09 E1: fresh leaves do not count, 8 fermented score the cap of 18.
    s = _state()
    set_leaves(s, 0, fresh={1: fresh}, fermented={2: fermented // 2, 5: fermented - fermented // 2})
    assert _emperor(s, "e01") == expected


@pytest.mark.rule("SCORE-09")
@pytest.mark.parametrize(
    ("fresh", "fermented", "expected"),
    [(5, 3, 10), (0, 7, 0), (9, 0, 18), (12, 2, 18)],
)
def test_e2_fresh_leaves_only_two_each_up_to_nine(
    fresh: int, fermented: int, expected: int
) -> None:
    # SCORE-09 E2: only fresh leaves count.
    s = _state()
    set_leaves(s, 0, fresh={3: fresh}, fermented={3: fermented})
    assert _emperor(s, "e02") == expected


@pytest.mark.rule("SCORE-09")
def test_e3_is_a_flat_twelve() -> None:
    # SCORE-09 E3
    assert _emperor(_state(), "e03") == 12


@pytest.mark.rule("SCORE-09", "AMB-33", "SCORE-08")
@pytest.mark.parametrize(("scrolls", "expected"), [(0, 0), (2, 8), (4, 16), (5, 16)])
def test_e4_teapot_scrolls_four_each_up_to_four_and_still_one_vp_each(
    scrolls: int, expected: int
) -> None:
    # SCORE-09 E4, AMB-33: the Scrolls also score 1 VP each under SCORE-08.
    s = _state()
    s.players[0].teapot_scrolls = scrolls
    s.players[0].plus1 = 1  # other Scroll kinds are not Teapots
    assert _emperor(s, "e04") == expected
    assert _score(s)["scrolls_tokens"] == scrolls + 1


@pytest.mark.rule("SCORE-09", "AMB-35")
@pytest.mark.parametrize(("built", "expected"), [(0, 3), (6, 18)])
def test_e5_gardens_count_sichuan_and_cap_at_six(built: int, expected: int) -> None:
    # SCORE-09 E5, AMB-35: the starting garden in Sichuan counts; seven gardens score 6 x 3.
    s = _state()
    assert s.players[0].gardens == [s.ctx.start_region]
    s.players[0].gardens.extend(range(1, built + 1))
    assert _emperor(s, "e05") == expected


@pytest.mark.rule("SCORE-09")
@pytest.mark.parametrize(("caravans", "expected"), [(0, 0), (2, 6), (6, 18), (7, 18)])
def test_e6_caravans_three_each_up_to_six(caravans: int, expected: int) -> None:
    # SCORE-09 E6
    s = _state()
    s.players[0].caravans = [f"cv_b{i:02}" for i in range(1, caravans + 1)]
    assert _emperor(s, "e07") == expected


@pytest.mark.rule("SCORE-09", "CARD-08")
def test_e7_eighteen_minus_starting_cards_and_removing_them_helps() -> None:
    # SCORE-09 E7: all 11 Starting cards in the deck leave 7; removing 5 of them gives 12.
    s = _state()
    assert _emperor(s, "e09") == 7
    p = s.players[0]
    for card in STARTING[:5]:
        for zone in (p.hand, p.draw, p.discard):
            if card in zone:
                zone.remove(card)
        p.removed.append(card)
    assert _score(s)["emperor_cards"] == 12


@pytest.mark.rule("SCORE-09")
def test_e7_counts_starting_cards_already_played_this_round() -> None:
    # SCORE-09 E7, CARD-09: cards in the played stacks are part of the deck.
    s = _state()
    set_deck(s, 0, hand=["e09"], stacks=[["s01", "s02"], ["s11"]])
    assert _score(s)["emperor_cards"] == 15


@pytest.mark.rule("SCORE-09", "AMB-34")
def test_e8_river_cards_count_the_emperor_card_itself() -> None:
    # SCORE-09 E8: s01, s02 and e10 itself show the River action.
    assert _emperor(_state(), "e10") == 9


@pytest.mark.rule("SCORE-09")
def test_e8_counts_a_river_action_behind_a_slash() -> None:
    # SCORE-09 E8: e02's top is "River / draw", so it counts; s01 and s02 too.
    s = _state()
    set_leaves(s, 0)  # e02 scores its own E2 on fresh leaves: none here
    assert _emperor(s, "e10", "e02") == 12


@pytest.mark.rule("SCORE-09")
def test_e8_caps_at_six_cards() -> None:
    # SCORE-09 E8: 8 River cards still score 18.
    s = _state()
    s.players[0].draw.extend(["a1_01", "a1_06", "a2_01", "a2_04", "a3_01"])
    assert _emperor(s, "e11") == 18


@pytest.mark.rule("SCORE-09", "AMB-34")
def test_e9_university_cards() -> None:
    # SCORE-09 E9: s05, s06, e12, and a3_09 (Cup and University) count; a1_04 does not.
    s = _state()
    s.players[0].hand.extend(["a3_09", "a1_04"])
    assert _emperor(s, "e12") == 12


@pytest.mark.rule("SCORE-09", "AMB-34")
def test_e10_cup_cards_including_a_slash() -> None:
    # SCORE-09 E10: s03, s04, e14 and e03 ("Cup / draw") count.
    assert _emperor(_state(), "e14", "e03") == 12 + 12  # e03 also scores its own E3


@pytest.mark.rule("SCORE-09", "AMB-34")
def test_e11_teapot_cards_count_once_each_and_cap_at_nine() -> None:
    # SCORE-09 E11: six Starting cards show a Teapot, e16 shows three but counts once.
    s = _state()
    assert _emperor(s, "e16") == 14
    s.players[0].draw.extend(["a1_01", "a1_02", "a1_03", "a2_09"])  # 11 Teapot cards
    assert _score(s)["emperor_cards"] == 18


@pytest.mark.rule("SCORE-10", "SCORE-09")
def test_two_cards_with_one_condition_both_score() -> None:
    # SCORE-10: e05 and e06 are both E5; four gardens give 12 each.
    s = _state()
    s.players[0].gardens = [s.ctx.start_region, 1, 2, 3]
    assert _emperor(s, "e05", "e06") == 24


@pytest.mark.rule("SCORE-03", "CARD-09", "CARD-08")
def test_emperor_cards_score_from_every_zone_but_not_when_removed() -> None:
    s = _state()
    p = s.players[0]
    p.hand.append("e03")
    p.stacks = [["e09"]]
    p.removed.append("e16")
    # e03 = 12, e09 = 18 - 11 Starting cards = 7, e16 removed.
    assert _score(s)["emperor_cards"] == 19


@pytest.mark.rule("SCORE-03")
def test_emperor_cards_left_on_the_display_do_not_score() -> None:
    s = _state()
    assert s.board.emperor_display
    assert _score(s)["emperor_cards"] == 0


# --- River, University, Emperor track -------------------------------------------------------


@pytest.mark.rule("SCORE-04", "RIVER-02")
def test_river_scores_only_the_segment_the_boat_is_in() -> None:
    s = _state()
    segments = s.ctx.components.river.segments
    s.players[0].boat = 5
    assert _score(s)["river"] == segments[5].vp == 7
    assert _score(s, 1)["river"] == 0  # still on the start


@pytest.mark.rule("SCORE-04", "RIVER-03")
def test_river_mouth_pays_by_arrival_order() -> None:
    s = _state()
    last = len(s.ctx.components.river.segments) - 1
    for seat in (1, 0):  # seat 1 arrives first
        s.players[seat].boat = last - 1
        s.seat = seat
        perform_secondary(s, "river", "test")
    vps = s.ctx.components.river.final_vps
    assert _score(s, 1)["river"] == vps[0] == 20
    assert _score(s, 0)["river"] == vps[1] == 17


@pytest.mark.rule("SCORE-05", "UNI-05")
@pytest.mark.parametrize(
    ("centre", "sector", "part", "expected"),
    [(2, 3, 1, 2 * 10 + 3), (0, 1, 0, 1), (1, 0, 1, 10)],  # the start space has no rim VP
)
def test_university_centre_workers_and_rim_part(
    centre: int, sector: int, part: int, expected: int
) -> None:
    s = _state()
    p = s.players[0]
    p.uni_centre, p.uni_sector, p.uni_part = centre, sector, part
    assert _score(s)["university"] == expected


@pytest.mark.rule("SCORE-06", "EMPEROR-07")
def test_emperor_track_top_row_only() -> None:
    s = _state()
    rows = len(s.ctx.components.emperor_track.rows)
    s.players[0].emperor_row = rows
    s.players[1].emperor_row = rows - 1
    assert _score(s, 0)["emperor_track"] == 10
    assert _score(s, 1)["emperor_track"] == 0


# --- Cups (SCORE-07, CUP-09, AMB-19) --------------------------------------------------------


@pytest.mark.rule("CUP-09")
@pytest.mark.parametrize(
    ("matches", "expected"),
    [(0, 0), (1, 1), (2, 2), (3, 4), (4, 7), (5, 11), (6, 16), (7, 22)],
)
def test_cup_table(matches: int, expected: int) -> None:
    assert cup_vp(matches) == expected


@pytest.mark.rule("CUP-09", "AMB-19")
def test_cup_table_caps_at_22_unless_the_variant_continues_it() -> None:
    assert [cup_vp(n) for n in (8, 9, 12)] == [22, 22, 22]
    assert [cup_vp(n, table_continues=True) for n in (7, 8, 9, 10)] == [22, 29, 37, 46]


@pytest.mark.rule("SCORE-07", "CUP-09", "CUP-04")
def test_ex19_three_plus_two_matching_and_two_mismatches_score_11() -> None:
    # EX-19: rows with 3 and 2 matching connections, plus 2 that do not match.
    s = _state()
    rows = cup_rows(s, [(True, False, True, True), (True, False, True)])
    set_cup_rows(s, 0, rows, tokens=1)
    assert _score(s)["cups"] == 11


@pytest.mark.rule("SCORE-07", "CUP-09")
def test_single_tiles_and_mismatched_rows_score_nothing() -> None:
    s = _state()
    set_cup_rows(s, 0, cup_rows(s, [(), (False, False, False)]))
    assert _score(s)["cups"] == 0


@pytest.mark.rule("SCORE-07", "AMB-19")
@pytest.mark.parametrize(("continues", "expected"), [(False, 22), (True, 37)])
def test_nine_matching_connections_cap_unless_the_variant(continues: bool, expected: int) -> None:
    game = TeaGardenGame(num_seats=2, options=Options(cup_table_continues=continues))
    s = game.new_state(3)
    set_cup_rows(s, 0, cup_rows(s, [(True,) * 5, (True,) * 4]))
    assert _score(s)["cups"] == expected


# --- a whole position -----------------------------------------------------------------------


@pytest.mark.rule("SCORE-01", "SCORE-02", "SCORE-03", "SCORE-04", "SCORE-05", "SCORE-06")
def test_every_category_together() -> None:
    s = _state()
    p = s.players[0]
    p.vp = 31
    p.discard.extend(["a5_05", "e03"])  # 7 VP printed; E3 = 12
    p.boat = 8  # 13 VP
    p.uni_centre, p.uni_sector, p.uni_part = 1, 4, 0  # 10 + 4
    p.emperor_row = len(s.ctx.components.emperor_track.rows)  # 10
    set_cup_rows(s, 0, cup_rows(s, [(True, True)]))  # 2
    p.x2, p.emperor_tokens = 1, 2  # 3
    s.over = True
    out = s.outcome()
    assert out.breakdown[0] == {
        "track": 31,
        "action_cards": 7,
        "emperor_cards": 12,
        "river": 13,
        "university": 14,
        "emperor_track": 10,
        "cups": 2,
        "scrolls_tokens": 3,
    }
    assert out.scores == (92, 0)
    assert out.winners == (0,)


# --- ties (TIE-01..03) ----------------------------------------------------------------------


@pytest.mark.rule("TIE-01")
def test_tie_on_points_goes_to_the_most_leaves() -> None:
    s = _state(3)
    for p in s.players:
        p.vp = 20
    s.players[0].vp = 19  # not tied: its many leaves do not matter
    set_leaves(s, 0, fresh={1: 12})
    set_leaves(s, 1, fresh={1: 3}, fermented={4: 4})
    set_leaves(s, 2, fresh={6: 8})
    s.over = True
    out = s.outcome()
    assert out.winners == (2,)
    assert (
        out.tie_break == "Seat 2 and Seat 3 tied on 20 points; Seat 3 won with the most leaves (8)."
    )


@pytest.mark.rule("TIE-02")
def test_tie_on_points_and_leaves_goes_to_the_most_fermented() -> None:
    s = _state(3)
    for p in s.players:
        p.vp = 20
    set_leaves(s, 0, fresh={1: 3}, fermented={2: 2})
    set_leaves(s, 1, fresh={1: 2}, fermented={2: 3})
    set_leaves(s, 2, fresh={1: 4})
    s.over = True
    out = s.outcome()
    assert out.winners == (1,)
    assert out.tie_break == (
        "Seat 1, Seat 2 and Seat 3 tied on 20 points; Seat 1 and Seat 2 had the most leaves (5);"
        " Seat 2 won with the most fermented leaves (3)."
    )
    assert out.rewards() == (0.0, 1.0, 0.0)


@pytest.mark.rule("TIE-03")
def test_full_tie_shares_the_victory() -> None:
    s = _state()
    for seat in (0, 1):
        s.players[seat].vp = 8
        set_leaves(s, seat, fresh={2: 1}, fermented={3: 2})
    s.over = True
    out = s.outcome()
    assert out.winners == (0, 1)
    assert out.rewards() == (0.5, 0.5)
    assert out.tie_break == (
        "Seat 1 and Seat 2 tied on 8 points; each had the same number of leaves (3);"
        " each had the same number of fermented leaves (2); Seat 1 and Seat 2 share the victory."
    )


@pytest.mark.rule("TIE-03", "TIE-01")
def test_shared_victory_leaves_out_the_seat_with_fewer_leaves() -> None:
    s = _state(4)
    for seat in (0, 2, 3):
        s.players[seat].vp = 15
        set_leaves(s, seat, fresh={2: 2}, fermented={1: 1})
    set_leaves(s, 2, fresh={2: 1})
    s.over = True
    out = s.outcome()
    assert out.winners == (0, 3)
    assert "Seat 1 and Seat 4 share the victory" in out.tie_break
    assert out.rewards() == (0.5, 0.0, 0.0, 0.5)


# --- a whole random game --------------------------------------------------------------------


def _random_game(players: int, seed: int) -> TeaGardenState:
    _, s = new_game(players, seed=seed)
    rng = Rng.from_seed(seed)
    while not s.is_over():
        legal = s.legal_moves()
        # Mostly keep playing instead of passing, so the game reaches more of the board.
        busy = [m for m in legal if not isinstance(m, mv.Pass | mv.EndTurn)]
        s.apply(rng.choice(busy if busy and rng.random() < 0.9 else legal))
        for p, live in zip(s.players, live_breakdown(s), strict=True):
            assert live["track"] == p.vp
    return s


@pytest.mark.rule("SCORE-01", "END-01", "TIE-01", "TIE-02", "TIE-03")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 11), (4, 12)])
def test_random_full_game_outcome_is_consistent(players: int, seed: int) -> None:
    s = _random_game(players, seed)
    out = s.outcome()
    assert out.breakdown == live_breakdown(s)
    assert out.scores == tuple(sum(b.values()) for b in out.breakdown)
    assert all(list(b) == list(CATEGORIES) for b in out.breakdown)
    assert all(v >= 0 for b in out.breakdown for v in b.values())
    top = max(out.scores)
    assert out.winners and all(out.scores[w] == top for w in out.winners)
    assert (out.tie_break == "") == (out.scores.count(top) == 1)
    assert msgspec.json.decode(msgspec.json.encode(out), type=type(out)) == out
