"""Sell in the Tea Market, the Emperor and offerings (SEN-ACT-27..33, SEN-EX-09, SEN-GAP-01/07,
SEN-AMB-05/08/09/10/11/21/25)."""

from __future__ import annotations

import msgspec

from core.sencha.components import Column, Tea
from core.sencha.loader import load_builtin
from core.sencha.options import SenchaOptions
from core.sencha.position import Position
from tests.core.sencha.helpers import assert_illegal, every, legal, loads, play, position


def _gael(money: int = 4, vp: int = 0, **opts: object):
    """SEN-EX-09's seller: the initial Peasant with Sencha, a Peasant with Sakura, a Cart with 3
    Black; the rulebook's example card in play."""
    return (
        position(3, options=SenchaOptions(**opts))  # type: ignore[arg-type]
        .money(0, money)
        .vp(0, vp)
        .workers(0, ["peasant", "cart"])
        .load(0, 1, sencha=1)
        .load(0, 2, sakura=1)
        .load(0, 3, black=3)
        .card("gion_stall")
    )


def test_selling_example_gael_sen_ex_09_act_27_28_30_31_32_33() -> None:
    """SEN-EX-09: 2 Black and 1 Sakura for 6 yen, 1 Sencha to the Emperor for 1 VP; the Black
    column fills, the third Black is offered; the card goes, its cubes to the bag, the next
    card comes up and the action ends (SEN-AMB-09)."""
    s = _gael().build()
    nxt = s.deck[-1]
    bag = s.pub.bag[:]
    reveals = s.reveals
    play(s, "sell", "emperor 1 1", "sale 2 sakura", "sale 3 black")
    assert s.pub.players[0].vp == 1  # SEN-ACT-30: at once
    play(s, "sale 3 black")
    assert s.pub.turn.phase == "offer"  # SEN-ACT-31: a full column
    assert legal(s) == ["offer 3 black", "done"]
    play(s, "offer 3 black")  # SEN-ACT-32: only then; the window closes by itself
    p = s.pub.players[0]
    assert (p.money, p.vp, p.temple) == (10, 1, [0, 0, 1])
    assert s.pub.card == nxt and s.pub.discards == ["gion_stall"]  # SEN-ACT-31
    assert s.pub.columns == [0, 0, 0] and s.reveals == reveals + 1
    assert s.pub.bag == [bag[0] + 1, bag[1] + 1, bag[2] + 2]  # SEN-ACT-33, SEN-AMB-10
    assert s.pub.seat == 1  # SEN-AMB-09: the Sell ends at the flip


def test_sakura_cannot_be_offered_while_its_column_has_room_sen_ex_09() -> None:
    """SEN-EX-09 negative case: only tea whose column is full may be offered."""
    s = _gael().load(0, 2, sakura=1).build()
    play(s, "sell", "sale 3 black", "sale 3 black")
    assert "offer 2 sakura" not in legal(s)
    assert_illegal(s, "offer 2 sakura")


def test_taxes_after_the_example_when_vp_reaches_three_sen_ex_09_tax_03() -> None:
    """SEN-EX-09: if the Emperor brings v + 1 to 3, tax is paid at the end of the turn."""
    s = _gael(money=4, vp=2).houses(0, "kyoto", 2).build()
    play(s, "sell", "emperor 1 1")
    assert s.pub.players[0].money == 4  # not yet
    play(s, "sale 3 black", "sale 3 black", "done")
    assert s.pub.players[0].money == 4 + 4 - 2 and s.pub.players[0].taxed == 1


def test_sell_needs_a_cube_sen_amb_21() -> None:
    """SEN-AMB-21: a Sell moves at least one cube; nothing to sell, no Sell."""
    s = position(3).build()
    assert "sell" not in legal(s)
    s = _gael().build()
    play(s, "sell")
    assert "done" not in legal(s)


def test_prices_per_slot_sen_act_28_gap_01() -> None:
    """SEN-ACT-28 / SEN-GAP-01: each slot pays its own price, bottom slot first (the schema
    has a price per slot; the authored cards use one price per column)."""
    cs = load_builtin()
    card = cs.card("harbour")
    black = Column(tea=Tea.BLACK, prices=(1, 1, 2, 2))
    rising = msgspec.structs.replace(card, columns=(card.columns[0], black))
    market = tuple(rising if c.id == "harbour" else c for c in cs.market)
    custom = msgspec.structs.replace(cs, market=market)
    pos = Position(3, 0, components=custom, plantations=("kyoto", "shizuoka", "osaka"))
    s = pos.money(0, 0).workers(0, ["cart"]).load(0, 2, black=3).card("harbour").build()
    play(s, "sell", "sale 2 black", "sale 2 black", "sale 2 black")
    assert s.pub.players[0].money == 1 + 1 + 2


def test_field_bonus_once_per_sell_with_a_sale_sen_act_29_amb_08() -> None:
    """SEN-ACT-09, SEN-ACT-29 / SEN-AMB-08: +1 yen per field house once per Sell that sold a cube;
    none for a Sell that only served the Emperor, unless the option says any Sell."""
    s = _gael(money=0).field(0, 2).build()
    play(s, "sell", "sale 2 sakura", "done")
    assert s.pub.players[0].money == 2 + 2
    s = _gael(money=0).field(0, 2).build()
    play(s, "sell", "emperor 1 1", "done")
    assert s.pub.players[0].money == 0
    s = _gael(money=0, field_bonus="any_sell").field(0, 2).build()
    play(s, "sell", "emperor 1 1", "done")
    assert s.pub.players[0].money == 2


def test_emperor_offers_of_several_cubes_sen_act_30_amb_10() -> None:
    """SEN-ACT-30, SEN-AMB-10, SEN-GAP-07: 2 Black for 1 VP, cube by cube, from any workers;
    the points come with the last cube; Emperor cubes fill no column and go back to the bag."""
    s = (
        position(3)
        .workers(0, ["donkey", "peasant"])
        .load(0, 1, black=1)
        .load(0, 2, black=1)
        .load(0, 3, black=1)
        .card("night_market")
        .build()
    )
    play(s, "sell", "emperor 2 1")
    assert s.pub.players[0].vp == 0 and legal(s) == ["emperor 2 2", "emperor 2 3"]
    play(s, "emperor 2 2")
    assert s.pub.players[0].vp == 1 and s.pub.columns == [0, 0, 0]
    assert "emperor 2 3" not in legal(s)  # one Black left: not enough for another offer


def test_selling_sencha_for_yen_sen_amb_25() -> None:
    """SEN-AMB-25: a card with a Sencha column buys Sencha for yen."""
    s = position(3).money(0, 0).load(0, 1, sencha=1).card("festival").build()
    play(s, "sell", "sale 1 sencha")
    assert s.pub.players[0].money == 3


def test_money_cap_sen_amb_05() -> None:
    """SEN-AMB-05: money stops at 12; with money_cap none it does not."""
    for cap, after in ((12, 12), (None, 13)):
        s = _gael(money=11, money_cap=cap).build()
        play(s, "sell", "sale 2 sakura", "done")
        assert s.pub.players[0].money == after


def test_selling_on_after_the_flip_is_an_option_sen_amb_09() -> None:
    """SEN-AMB-09 variant: the seller goes on selling on the new card."""
    s = _gael(sell_continues_after_flip=True).build()
    play(s, "sell", "sale 3 black", "sale 3 black", "done")
    assert s.pub.seat == 0 and s.pub.turn.phase == "sell"
    assert s.pub.discards == ["gion_stall"]


def test_only_the_seller_offers_sen_amb_11() -> None:
    """SEN-AMB-11: the offering window is the seller's, from the seller's workers."""
    s = _gael().load(1, 1, black=1).card("gion_stall", black=1).build()
    play(s, "sell", "sale 3 black")
    assert s.pub.turn.phase == "offer" and s.pub.seat == 0
    assert every(legal(s), "offer") == ["offer 3 black"]
    play(s, "done")
    assert loads(s, 1)[0] == [0, 0, 1]


def test_a_partial_emperor_delivery_must_be_finished() -> None:
    """A delivery begun is finished before anything else (docs/rulings.md, SEN-TT-03)."""
    s = position(3).workers(0, ["donkey"]).load(0, 2, black=2).card("night_market").build()
    play(s, "sell", "emperor 2 2")
    assert legal(s) == ["emperor 2 2"]
