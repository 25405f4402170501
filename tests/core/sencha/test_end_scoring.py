"""Taxes, the end of the game and scoring (SEN-TAX-*, SEN-END-*, SEN-SCORE-*, SEN-TIE-*,
SEN-EX-10..16, SEN-AMB-06/07/12/18/19/22, SEN-GAP-08)."""

from __future__ import annotations

from core.sencha.options import SenchaOptions
from core.sencha.scoring import money_points, outcome
from tests.core.sencha.helpers import legal, play, position


def _emperor_seller(vp: int, money: int, houses: int = 3):
    """A 3p seller on the example card with Sencha on the initial Peasant."""
    return (
        position(3)
        .vp(0, vp)
        .money(0, money)
        .houses(0, "kyoto", houses)
        .field(0, 1)
        .load(0, 1, sencha=1)
        .card("gion_stall")
    )


def test_taxes_sen_ex_10_tax_01_02_03() -> None:
    """SEN-EX-10, SEN-TAX-01, SEN-TAX-02, SEN-TAX-03: at 3 VP, 3 plantation houses owe 3, 2 yen pay
    2, money stops at 0; the field house is exempt; paid at the end of the turn."""
    s = _emperor_seller(vp=2, money=2).build()
    play(s, "sell", "emperor 1 1")  # nothing more to sell: the turn ends
    p = s.pub.players[0]
    assert s.pub.seat == 1
    assert (p.vp, p.money, p.taxed) == (3, 0, 1)
    s = _emperor_seller(vp=4, money=6).build()
    play(s, "sell", "emperor 1 1")
    assert s.pub.players[0].money == 3  # reaching 5 taxes again


def test_tax_is_taken_at_the_end_of_the_turn_sen_tax_03() -> None:
    """SEN-TAX-03: the tax is taken when the turn ends, from the money held then."""
    s = _emperor_seller(vp=2, money=2).workers(0, ["donkey"]).load(0, 2, sakura=2).build()
    play(s, "sell", "emperor 1 1")
    assert s.pub.players[0].money == 2  # 3 VP reached; the turn goes on
    play(s, "sale 2 sakura", "done")
    assert s.pub.players[0].money == 2 + 2 + 1 - 3  # sale, field bonus, then 3 in taxes


def test_each_mark_taxes_once_and_two_marks_twice_sen_amb_07() -> None:
    """SEN-AMB-07: 2 -> 5 VP in one turn pays both marks; a mark never taxes again."""
    s = (
        position(3)
        .vp(0, 2)
        .money(0, 10)
        .houses(0, "kyoto", 2)
        .workers(0, ["peasant", "peasant"])
        .load(0, 1, sencha=1)
        .load(0, 2, sencha=1)
        .load(0, 3, sencha=1)
        .card("gion_stall")
        .build()
    )
    play(s, "sell", "emperor 1 1", "emperor 1 2", "emperor 1 3")
    p = s.pub.players[0]
    assert p.vp == 5 and p.money == 10 - 2 - 2 and p.taxed == 3
    s = _emperor_seller(vp=3, money=5).build()
    play(s, "sell", "emperor 1 1")
    assert s.pub.players[0].money == 5  # 4 VP: no mark


def test_end_by_seven_vp_sen_ex_11_end_03_04() -> None:
    """SEN-EX-11, SEN-END-03, SEN-END-04: Miri (seat 3 of Dani -> Gael -> Miri) reaches 7; Dani and
    Gael each play one more turn, Miri none, then the game ends."""
    s = _emperor_seller(vp=6, money=5, houses=0).to_move(2).build()
    s.pub.players[0], s.pub.players[2] = s.pub.players[2], s.pub.players[0]
    play(s, "sell", "emperor 1 1")
    assert s.pub.triggers == ["vp"] and s.pub.ending_seat == 2 and s.pub.seat == 0
    assert not s.is_over()
    play(s, "buy")
    assert s.pub.seat == 1 and not s.is_over()
    play(s, "buy")
    assert s.is_over() and s.current_seat() is None and s.legal_moves() == ()
    assert "last turns" not in s.progress().text


def test_points_above_seven_count_sen_amb_06() -> None:
    """SEN-AMB-06: no VP cap: 8 on the track scores 8."""
    s = position(2).vp(0, 8).build()
    assert s.score_now()[0]["track"] == 8


def test_end_by_the_last_card_sen_ex_12_end_01_02() -> None:
    """SEN-EX-12, SEN-END-01, SEN-END-02: 2p, the 7th card's demand met: it stays in play; the other
    player's last turn may sell into its open columns and offer tea that has no room."""
    s = (
        position(2)
        .cards_left(0)
        .card("gion_stall", black=1)
        .workers(0, ["donkey"])
        .load(0, 2, black=2)
        .load(1, 1, black=1)
        .build()
    )
    assert s.pub.cards_turned == 7 and not s.deck
    play(s, "sell", "sale 2 black", "offer 2 black")
    assert s.pub.card == "gion_stall" and s.pub.met and s.pub.triggers == ["market"]
    assert s.pub.seat == 1 and s.progress().text == "Card 7 of 7, last turns"
    play(s, "sell")
    assert legal(s) == ["offer 1 black"]  # the Black column is full: no room
    play(s, "offer 1 black")
    assert s.is_over() and s.pub.players[1].temple == [0, 0, 1]


def test_last_card_offers_of_teas_without_a_column_sen_amb_12() -> None:
    """SEN-AMB-12: a tea with no column on the last card may be offered; strictly, only
    teas whose column is full."""
    for anything, expected in ((True, ["emperor 1 1", "offer 1 sencha"]), (False, ["emperor 1 1"])):
        s = (
            position(2, options=SenchaOptions(last_card_offer_any=anything))
            .cards_left(0)
            .card("gion_stall", black=1)
            .workers(0, ["donkey"])
            .load(0, 2, black=1)
            .load(1, 1, sencha=1)
            .build()
        )
        play(s, "sell", "sale 2 black")
        play(s, "sell")
        assert legal(s) == expected


def test_final_score_table_sen_ex_13_score_01_02_03_04_05_06_gap_08() -> None:
    """SEN-EX-13 (SEN-GAP-08 for Miri's missing cells, invented as 1/0/1/1): Dani 8, Gael 9,
    Miri 12; each category as the rulebook's table."""
    s = (
        position(3)
        .vp(0, 4)
        .money(0, 12)
        .field(0, 2)
        .vp(1, 5)
        .money(1, 8)
        .field(1, 1)
        .workers(1, ["cart"])
        .temple(1, black=2)
        .vp(2, 7)
        .money(2, 9)
        .field(2, 1)
        .workers(2, ["collector", "collector"])
        .temple(2, sakura=1)
        .build()
    )
    s.pub.over = True
    parts = s.score_now()
    assert parts[0] == {"track": 4, "workers": 0, "money": 2, "field": 2, "temple": 0}
    assert parts[1] == {"track": 5, "workers": 1, "money": 1, "field": 1, "temple": 1}
    assert parts[2]["track"] + parts[2]["workers"] == 9  # the printed part of Miri's row
    result = s.outcome()
    assert result is not None and result.scores == (8, 9, 12) and result.winners == (2,)


def test_money_bands_sen_ex_14() -> None:
    """SEN-EX-14: 6 -> 0, 7 -> 1, 11 -> 1, 12 -> 2."""
    assert [money_points(m) for m in (0, 6, 7, 11, 12)] == [0, 0, 1, 1, 2]


def test_temple_majorities_sen_ex_15_amb_18() -> None:
    """SEN-EX-15, SEN-AMB-18: Sencha 2/2/0 nobody; Sakura 1/0/0 to A; Black 0/0/0 nobody."""
    s = position(3).temple(0, sencha=2, sakura=1).temple(1, sencha=2).build()
    assert [b["temple"] for b in s.score_now()] == [1, 0, 0]


def test_tie_breaks_sen_ex_16_tie_01_02_amb_19_score_07() -> None:
    """SEN-EX-16, SEN-TIE-01, SEN-TIE-02, SEN-AMB-19: equal points: more money wins; then more tea
    offered; then a shared win."""
    base = position(2).vp(0, 3).vp(1, 3)
    s = base.money(0, 9).money(1, 7).build()
    s.pub.over = True
    assert outcome(s).winners == (0,) and outcome(s).tie_break == "most money"
    pos = position(2).vp(0, 4).vp(1, 3).money(0, 8).money(1, 8)
    state = pos.temple(0, sakura=1, black=1).temple(1, sakura=1, black=2).build()
    state.pub.over = True  # seat 2 has the Black majority: 3 + 1 = 4, and more tea offered
    assert outcome(state).scores[0] == outcome(state).scores[1]
    assert outcome(state).winners == (1,) and outcome(state).tie_break == "most tea offered"
    s2 = position(2).vp(0, 2).vp(1, 2).build()
    s2.pub.over = True
    assert outcome(s2).winners == (0, 1) and outcome(s2).rewards() == (0.5, 0.5)


def test_pass_only_when_nothing_else_sen_amb_22() -> None:
    """SEN-AMB-22: pass is offered only when no action is legal."""
    s = position(3).money(0, 0).unbuilt(0, 0).load(0, 1, black=1).card("festival").build()
    assert legal(s) == ["pass"]
    s = position(3).money(0, 0).build()
    assert "pass" not in legal(s)


def test_a_round_of_passes_ends_the_game() -> None:
    """docs/rulings.md SEN-TT-04: when every player in turn could only pass, the game ends."""
    s = (
        position(2)
        .money(0, 0)
        .money(1, 0)
        .unbuilt(0, 0)
        .unbuilt(1, 0)
        .load(0, 1, black=1)
        .load(1, 1, black=1)
        .card("festival")
        .build()
    )
    play(s, "pass")
    assert not s.is_over()
    play(s, "pass")
    assert s.is_over() and s.pub.triggers == ["stuck"]
