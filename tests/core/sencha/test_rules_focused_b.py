"""One focused test per rule for selling, taxes, the end of the game and scoring: each builds a
position for its rule alone and checks it, with the forbidden side refused where there is one
(SEN-ACT-27/31/32/33, SEN-TAX-01/02, SEN-END-01..04, SEN-SCORE-01..07, SEN-TIE-01/02 of Part A
of ../shared/rules/other_games.md)."""

from __future__ import annotations

from core.engine import Outcome
from core.sencha.game import SenchaState
from core.sencha.options import SenchaOptions
from core.sencha.position import Position
from tests.core.sencha.helpers import (
    assert_illegal,
    check_invariants,
    legal,
    loads,
    play,
    position,
)


def _refused(s: SenchaState, text: str) -> None:
    """The move is not offered, and applying it raises and leaves the state as it was."""
    assert text not in legal(s)
    assert_illegal(s, text)


def _final(pos: Position) -> Outcome:
    """The outcome of the position, scored as a finished game."""
    s = pos.build()
    s.pub.over = True
    result = s.outcome()
    assert result is not None
    return result


def _broke(players: int) -> Position:
    """A position where nobody's money scores (0 yen), so only the category under test does."""
    pos = position(players)
    for seat in range(players):
        pos.money(seat, 0)
    return pos


# --- Sell in the Tea Market --------------------------------------------------------------------


def test_sen_act_27_one_sell_mixes_sales_and_emperor_deliveries() -> None:
    """SEN-ACT-27: several cubes go in one Sell, some for yen and one to the Emperor."""
    s = (
        position(3)
        .money(0, 0)
        .workers(0, ["peasant", "donkey"])
        .load(0, 1, sencha=1)
        .load(0, 2, sakura=1)
        .load(0, 3, black=2)
        .card("gion_stall")
        .build()
    )
    play(s, "sell")
    _refused(s, "sale 1 sakura")  # worker 1 carries no Sakura
    _refused(s, "sale 1 sencha")  # no Sencha column here: that cube is for the Emperor
    play(s, "sale 2 sakura")
    assert s.pub.seat == 0 and s.pub.turn.phase == "sell"  # the action goes on
    _refused(s, "sale 2 sakura")  # that cube is sold already
    play(s, "emperor 1 1", "sale 3 black")
    assert s.pub.seat == 0 and "done" in legal(s)
    play(s, "done")
    p = s.pub.players[0]
    assert (p.money, p.vp, s.pub.columns) == (4, 1, [0, 1, 1])
    assert loads(s, 0) == [[0, 0, 0], [0, 0, 0], [0, 0, 1]] and s.pub.seat == 1


def test_sen_act_31_one_full_column_meets_the_demand() -> None:
    """SEN-ACT-31: a column with room left changes nothing; filling any one column, even with
    another column empty, meets the demand at once and the next card comes up."""
    s = position(3).workers(0, ["cart"]).load(0, 2, sakura=3).card("gion_stall").build()
    play(s, "sell", "sale 2 sakura", "sale 2 sakura", "sale 2 sakura")
    assert s.pub.columns == [0, 3, 0] and s.pub.card == "gion_stall" and not s.pub.discards
    s = (
        position(3)
        .workers(0, ["donkey", "cart"])
        .load(0, 2, black=2)
        .load(0, 3, sakura=2)
        .card("gion_stall", sakura=3)
        .build()
    )
    nxt = s.deck[-1]
    play(s, "sell", "sale 3 sakura")
    assert s.pub.turn.phase == "offer"  # met with the Black column still empty
    _refused(s, "sale 2 black")  # no more selling once the demand is met
    play(s, "done")
    assert s.pub.discards == ["gion_stall"] and s.pub.card == nxt and s.pub.cards_turned == 2
    assert s.pub.seat == 1 and loads(s, 0)[1:] == [[0, 0, 2], [0, 1, 0]]


def test_sen_act_32_offerings_only_of_the_full_columns_tea() -> None:
    """SEN-ACT-32: once the demand is met and before the card goes, the seller may put carried
    tea of the full column in their temple, and no other tea, and not earlier."""
    pos = (
        position(3)
        .workers(0, ["donkey", "cart"])
        .load(0, 1, sakura=1)
        .load(0, 2, black=2)
        .load(0, 3, black=3)
        .card("gion_stall")
    )
    s = pos.build()
    play(s, "sell")
    _refused(s, "offer 3 black")  # the demand is not met yet
    play(s, "sale 3 black", "sale 3 black")
    assert s.pub.turn.phase == "offer"
    assert s.pub.card == "gion_stall" and s.pub.columns == [0, 0, 2]  # not yet discarded
    assert legal(s) == ["offer 2 black", "offer 3 black", "done"]
    _refused(s, "offer 1 sakura")  # the Sakura column still has room
    play(s, "offer 3 black", "offer 2 black")
    assert s.pub.turn.phase == "offer" and s.pub.players[0].temple == [0, 0, 2]
    play(s, "offer 2 black")  # nothing more can be offered: the window closes
    assert s.pub.players[0].temple == [0, 0, 3] and s.pub.discards == ["gion_stall"]
    assert loads(s, 0) == [[0, 1, 0], [0, 0, 0], [0, 0, 0]] and s.pub.seat == 1
    s = pos.build()  # offering is a choice: the window may close with nothing offered
    play(s, "sell", "sale 3 black", "sale 3 black", "done")
    assert s.pub.players[0].temple == [0, 0, 0] and loads(s, 0)[1:] == [[0, 0, 2], [0, 0, 1]]


def test_sen_act_33_a_discarded_cards_cubes_go_back_to_the_bag() -> None:
    """SEN-ACT-33: the cubes on a card that leaves return to the bag; on a card that stays in
    play they stay on it."""
    s = position(3).load(0, 1, sakura=1).card("gion_stall", sakura=2).build()
    bag = s.pub.bag[:]
    play(s, "sell", "sale 1 sakura")  # 3 of 4: the card stays
    assert s.pub.card == "gion_stall" and s.pub.columns == [0, 3, 0] and s.pub.bag == bag
    s = position(3).load(0, 1, black=1).card("gion_stall", black=1, sakura=3).build()
    bag = s.pub.bag[:]
    play(s, "sell", "sale 1 black")
    assert s.pub.discards == ["gion_stall"] and s.pub.columns == [0, 0, 0]
    assert s.pub.bag == [bag[0], bag[1] + 3, bag[2] + 2]
    check_invariants(s)


# --- Taxes ---------------------------------------------------------------------------------------


def test_sen_tax_01_the_marks_are_three_and_five() -> None:
    """SEN-TAX-01: going up one point taxes only when it lands on 3 or on 5."""
    for before in range(1, 7):
        s = (
            position(3)
            .vp(0, before)
            .money(0, 9)
            .houses(0, "kyoto", 2)
            .load(0, 1, sencha=1)
            .card("gion_stall")
            .build()
        )
        play(s, "sell", "emperor 1 1")
        p = s.pub.players[0]
        assert p.vp == before + 1 and s.pub.seat == 1
        assert p.money == (7 if before + 1 in (3, 5) else 9), before


def test_sen_tax_02_only_plantation_houses_are_taxed() -> None:
    """SEN-TAX-02: the tax is 1 yen per own house on plantations; field houses, an unbuilt
    house and other players' houses on the same plantations add nothing."""
    s = (
        position(3)
        .vp(0, 2)
        .money(0, 10)
        .houses(0, "kyoto", 2)
        .houses(0, "osaka", 1)
        .field(0, 1)
        .houses(1, "kyoto", 1)
        .houses(2, "osaka", 2)
        .load(0, 1, sencha=1)
        .card("gion_stall")
        .build()
    )
    assert s.pub.players[0].area == 1
    play(s, "sell", "emperor 1 1")
    assert s.pub.players[0].money == 10 - 3
    pos = position(3).vp(0, 2).money(0, 10).field(0, 2).load(0, 1, sencha=1)
    s = pos.card("gion_stall").build()
    play(s, "sell", "emperor 1 1")
    p = s.pub.players[0]
    assert (p.vp, p.money, p.taxed) == (3, 10, 1)  # the mark is used up, nothing was owed


# --- The end of the game -------------------------------------------------------------------------


def _last_card_seller(players: int, cards_left: int, seat: int = 0) -> Position:
    """``seat``, to move, can fill the Black column of the example card (one of two slots
    taken), with ``cards_left`` cards still face down."""
    return (
        position(players)
        .cards_left(cards_left)
        .card("gion_stall", black=1, sakura=2)
        .load(seat, 1, black=1)
        .to_move(seat)
    )


def test_sen_end_01_the_last_cards_demand_ends_the_game_and_it_stays() -> None:
    """SEN-END-01: meeting the demand of the last card fires the end and the card stays with its
    cubes; on a card that is not the last, nothing ends."""
    s = _last_card_seller(2, 0).build()
    discards, bag = s.pub.discards[:], s.pub.bag[:]
    play(s, "sell", "sale 1 black")
    pub = s.pub
    assert pub.met and pub.triggers == ["market"] and pub.ending_seat == 0
    assert pub.card == "gion_stall" and pub.columns == [0, 2, 2] and pub.bag == bag
    assert pub.discards == discards and pub.seat == 1 and not s.is_over()
    s = _last_card_seller(2, 1).build()
    play(s, "sell", "sale 1 black")
    assert not s.pub.met and not s.pub.triggers and s.pub.ending_seat == -1
    assert s.pub.card != "gion_stall" and not s.deck


def test_sen_end_02_last_turns_sell_on_the_last_card_and_offer_the_rest() -> None:
    """SEN-END-02: after the last card's demand, the others may still sell into its open
    column and offer the tea it has no room for; a full column takes no more."""
    s = (
        _last_card_seller(3, 0)
        .workers(1, ["donkey", "cart"])
        .load(1, 1, sencha=1)
        .load(1, 2, black=2)
        .load(1, 3, sakura=3)
        .money(1, 0)
        .build()
    )
    play(s, "sell", "sale 1 black")
    assert s.pub.met and s.pub.seat == 1
    play(s, "sell")
    moves = legal(s)
    assert {"sale 3 sakura", "offer 2 black", "offer 1 sencha"} <= set(moves)
    _refused(s, "sale 2 black")  # the Black column is full
    _refused(s, "offer 3 sakura")  # Sakura still has room on the card
    play(s, "sale 3 sakura", "sale 3 sakura", "offer 2 black", "offer 2 black")
    assert s.pub.columns == [0, 4, 2]  # Sakura is full now, so its last cube has no room
    _refused(s, "sale 3 sakura")
    play(s, "offer 1 sencha", "offer 3 sakura")
    p = s.pub.players[1]
    assert (p.money, p.temple) == (4, [1, 1, 2])
    assert s.pub.card == "gion_stall" and s.pub.columns == [0, 4, 2]
    assert s.pub.triggers == ["market"] and s.pub.seat == 2 and not s.is_over()


def test_sen_end_03_seven_points_fire_the_end() -> None:
    """SEN-END-03: reaching 7 on the track fires the end; 6 does not."""
    s = (
        position(3)
        .vp(0, 5)
        .workers(0, ["peasant"])
        .load(0, 1, sencha=1)
        .load(0, 2, sencha=1)
        .card("gion_stall")
        .build()
    )
    play(s, "sell", "emperor 1 1")
    assert s.pub.players[0].vp == 6 and not s.pub.triggers and s.pub.ending_seat == -1
    play(s, "emperor 1 2")
    assert s.pub.players[0].vp == 7 and s.pub.triggers == ["vp"] and s.pub.ending_seat == 0
    assert not s.is_over() and s.pub.seat == 1


def test_sen_end_04_every_other_player_gets_one_last_turn() -> None:
    """SEN-END-04: after either trigger, each other seat plays once more in turn order, the
    trigger's seat never again; a second trigger in the last turns adds no turns."""
    seller = position(4).vp(1, 6).load(1, 1, sencha=1).card("gion_stall").to_move(1)
    markets = _last_card_seller(4, 0, seat=3)
    for pos, first in ((seller, "emperor 1 1"), (markets, "sale 1 black")):
        s = pos.build()
        start = s.pub.seat
        play(s, "sell", first)
        assert s.pub.ending_seat == start and s.pub.triggers
        seen = []
        while not s.is_over():
            seen.append(s.current_seat())
            play(s, "buy")
        assert seen == [(start + k) % 4 for k in (1, 2, 3)]
    s = seller.vp(2, 6).load(2, 1, sencha=1).build()
    play(s, "sell", "emperor 1 1", "sell", "emperor 1 1")  # seat 2, then seat 3, reach 7
    assert s.pub.players[2].vp == 7 and s.pub.ending_seat == 1 and s.pub.seat == 3
    play(s, "buy")
    assert s.pub.seat == 0 and not s.is_over()
    play(s, "buy")
    assert s.is_over() and s.legal_moves() == ()


# --- Scoring -------------------------------------------------------------------------------------


def test_sen_score_01_the_track_counts_as_it_stands() -> None:
    """SEN-SCORE-01: the points on each track go into the final score one for one."""
    result = _final(_broke(3).vp(0, 0).vp(1, 4).vp(2, 9))
    assert [b["track"] for b in result.breakdown] == [0, 4, 9]
    assert result.scores == (0, 4, 9)


def test_sen_score_02_carts_and_collectors_score_a_point_each() -> None:
    """SEN-SCORE-02: each Cart and each Collector held is worth 1; Peasants, Donkeys and an
    initial worker playing as a Collector are worth nothing."""
    result = _final(
        _broke(3)
        .workers(0, ["collector", "cart"])
        .workers(1, ["collector", "collector"])
        .workers(2, ["donkey", "peasant"])
    )
    assert [b["workers"] for b in result.breakdown] == [2, 2, 0]
    assert result.scores == (2, 2, 0)
    options = SenchaOptions(initial_worker="collector")
    s = position(2, options=options).money(0, 0).workers(1, ["cart"]).money(1, 0)
    assert _final(s).scores == (0, 1)


def test_sen_score_03_seven_to_eleven_yen_score_one() -> None:
    """SEN-SCORE-03: every amount from 7 to 11 yen is worth 1, and 6 yen is worth nothing."""
    for yen in (6, 7, 8, 9, 10, 11):
        result = _final(_broke(2).money(0, yen))
        assert result.breakdown[0]["money"] == result.scores[0] == (yen >= 7), yen


def test_sen_score_04_twelve_yen_score_two_and_low_purses_nothing() -> None:
    """SEN-SCORE-04: exactly 12 yen is worth 2 (not 2 plus the 7-11 point); 0 to 6 is worth 0."""
    assert _final(_broke(2).money(0, 12)).scores[0] == 2
    for yen in range(7):
        assert _final(_broke(2).money(0, yen)).scores[0] == 0, yen


def test_sen_score_05_field_houses_score_a_point_each() -> None:
    """SEN-SCORE-05: each own house on the field is worth 1; plantation houses, unbuilt ones and
    the neutral field house score nothing."""
    pos = _broke(3).field(0, 3).houses(1, "kyoto", 2).unbuilt(1, 2).field(2, 1)
    s = pos.build()
    assert s.pub.field_neutral == 1
    result = _final(pos)
    assert [b["field"] for b in result.breakdown] == [3, 0, 1]
    assert result.scores == (3, 0, 1)


def test_sen_score_06_a_temple_majority_per_tea_and_none_for_a_tie() -> None:
    """SEN-SCORE-06: per tea the one player with the most of it offered scores 1; a tie at the
    top gives nobody the point, even with a third player below."""
    result = _final(
        _broke(3)
        .temple(0, sencha=3, sakura=2)
        .temple(1, sencha=1, sakura=2)
        .temple(2, sakura=1, black=1)
    )
    assert [b["temple"] for b in result.breakdown] == [1, 0, 1]
    assert result.scores == (1, 0, 1)


def test_sen_score_07_the_highest_total_wins() -> None:
    """SEN-SCORE-07: the winner has the highest sum of every category, not the best track."""
    result = _final(
        _broke(3).vp(0, 5).vp(1, 3).money(1, 12).field(1, 1).vp(2, 4).workers(2, ["collector"])
    )
    assert result.scores == (5, 6, 5)
    assert result.winners == (1,) and result.tie_break == ""


# --- Ties ----------------------------------------------------------------------------------------


def test_sen_tie_01_money_settles_a_tie_on_points() -> None:
    """SEN-TIE-01: of the players level on points, the richest wins, before tea offered counts;
    a richer player with fewer points is not part of the tie."""
    result = _final(
        position(3)
        .vp(0, 3)
        .money(0, 10)
        .vp(1, 3)
        .money(1, 8)
        .temple(1, sakura=2)
        .vp(2, 1)
        .money(2, 11)
        .temple(2, sakura=2)
    )
    assert result.scores == (4, 4, 2)
    assert result.winners == (0,) and result.tie_break == "most money"


def test_sen_tie_02_then_the_most_cubes_offered() -> None:
    """SEN-TIE-02: level on points and money, the most cubes in the temple wins (counted as
    cubes, not teas); a player already out on money stays out."""
    result = _final(
        position(3)
        .vp(0, 3)
        .money(0, 8)
        .temple(0, sencha=1, sakura=1)
        .vp(1, 4)
        .money(1, 8)
        .temple(1, black=3)
        .vp(2, 4)
        .money(2, 7)
        .temple(2, sakura=1, black=3)
    )
    assert result.scores == (5, 5, 5)
    assert result.winners == (1,) and result.tie_break == "most tea offered"
