"""Buy, Build and Recruit (SEN-TURN-*, SEN-ACT-01..18, SEN-EX-01/02/03/18, SEN-AMB-02/03,
SEN-GAP-05/06)."""

from __future__ import annotations

from core.sencha.options import SenchaOptions
from tests.core.sencha.helpers import assert_illegal, kinds, legal, loads, play, position


def test_one_action_per_turn_sen_turn_01_02() -> None:
    """SEN-TURN-01, SEN-TURN-02: the five actions are offered and one of them ends the turn."""
    s = position(3).houses(0, "kyoto", 1).cubes("kyoto", black=2).build()
    first = {m.split()[0] for m in legal(s)}
    assert {"buy", "build", "recruit", "collect"} <= first
    play(s, "buy")
    assert s.pub.seat == 1 and s.pub.turn.phase == "action"


def test_buy_costs_4_3_2_1_sen_ex_01_act_01_02() -> None:
    """SEN-EX-01, SEN-ACT-01, SEN-ACT-02, SEN-GAP-06: the price is the houses left on the
    reserve."""
    s = position(2).money(0, 12).build()
    spent = []
    for _ in range(4):
        s.pub.seat = 0
        before = s.pub.players[0].money
        play(s, "buy")
        spent.append(before - s.pub.players[0].money)
        s.pub.players[0].money = 12
    assert spent == [4, 3, 2, 1]
    p = s.pub.players[0]
    assert (p.reserve, p.area) == (0, 5)
    s.pub.seat = 0
    assert "buy" not in legal(s)  # a fifth Buy: the reserve is empty


def test_buy_needs_the_money_sen_ex_01_turn_03() -> None:
    """SEN-EX-01 negative case, SEN-TURN-03: 2 yen and 3 houses on the reserve: no Buy."""
    s = position(2).money(0, 2).build()
    s.pub.players[0].reserve, s.pub.players[0].area = 3, 2
    assert "buy" not in legal(s)
    assert_illegal(s, "buy")


def test_build_costs_sen_ex_02_act_03_04_05() -> None:
    """SEN-EX-02, SEN-ACT-03, SEN-ACT-04, SEN-ACT-05: 1 yen per house already there, neutral ones
    included; a plantation takes 3 houses at most; no unbuilt house, no Build."""
    s = position(3).money(0, 9).houses(1, "kyoto", 2).unbuilt(0, 2).build()
    assert "build shizuoka" in legal(s)
    play(s, "build kyoto")  # 2 houses there
    assert s.pub.players[0].money == 7 and s.pub.players[0].houses[0] == 1
    s.pub.seat = 0
    assert "build kyoto" not in legal(s)  # 3 houses: full
    play(s, "build shizuoka")  # an empty plantation is free
    assert s.pub.players[0].money == 7
    s.pub.seat = 0
    assert not [m for m in legal(s) if m.startswith("build")]  # no unbuilt house left


def test_field_costs_count_the_neutral_house_sen_ex_02_gap_05() -> None:
    """SEN-EX-02: 3p, the field's neutral house makes the first Build there cost 1, the next 2;
    SEN-GAP-05: the field has no cap."""
    s = position(3).money(0, 9).money(1, 9).build()
    play(s, "build field")
    assert s.pub.players[0].money == 8
    play(s, "build field")
    assert s.pub.players[1].money == 7
    assert s.pub.players[0].field == 1 and s.pub.players[1].field == 1


def test_two_player_neutral_plantation_costs_one_sen_ex_02() -> None:
    """SEN-EX-02: in 2p the plantation with the neutral house costs 1."""
    s = position(2).neutral("osaka").build()
    play(s, "build osaka")
    assert s.pub.players[0].money == 6


def test_build_draws_five_cubes_up_to_nine_sen_ex_03_act_06_07() -> None:
    """SEN-EX-03, SEN-ACT-06, SEN-ACT-07, SEN-AMB-13: 2 -> 7, 6 -> 9, 9 stays 9, field draws
    nothing."""
    for have, after in ((2, 7), (6, 9), (9, 9)):
        s = position(3).cubes("kyoto", black=have).build()
        bag = sum(s.pub.bag)
        play(s, "build kyoto")
        assert sum(s.pub.plantations[0].cubes) == after
        assert sum(s.pub.bag) == bag - (after - have)
    s = position(3).build()
    bag = list(s.pub.bag)
    play(s, "build field")
    assert s.pub.bag == bag


def test_build_with_a_short_bag_draws_what_is_left_sen_amb_13() -> None:
    """SEN-AMB-13: the bag runs short: the Build draws what remains."""
    s = position(3).temple(1, sencha=9, sakura=15, black=12).build()
    assert s.pub.bag == [0, 0, 3]
    play(s, "build kyoto")
    assert s.pub.plantations[0].cubes == [0, 0, 3] and s.pub.bag == [0, 0, 0]


def test_several_houses_on_one_plantation_sen_act_10_11() -> None:
    """SEN-ACT-10: a player may build twice on one plantation; SEN-ACT-11: field houses are
    counted the same wherever they stand (only the count is kept)."""
    s = position(3).money(0, 9).houses(0, "kyoto", 1).build()
    play(s, "build kyoto")
    assert s.pub.players[0].houses[0] == 2
    assert s.pub.players[0].money == 8


def test_recruit_prices_sen_act_12_15_16_17() -> None:
    """SEN-ACT-12, SEN-ACT-15, SEN-ACT-16, SEN-ACT-17, SEN-GAP-04: Peasant 3, Donkey 5, Collector 8;
    the pile loses a card."""
    for kind, price in (("peasant", 3), ("donkey", 5), ("collector", 8)):
        s = position(3).money(0, 9).build()
        play(s, f"recruit {kind}")
        assert s.pub.players[0].money == 9 - price
        assert kinds(s, 0) == ["peasant", kind]
        assert s.pub.supply[["peasant", "donkey", "collector", "cart"].index(kind)] == 1
    s = position(3).money(0, 7).build()
    assert "recruit collector" not in legal(s)


def test_three_workers_at_most_and_replacing_sen_act_13_14_ex_18_amb_02() -> None:
    """SEN-ACT-13, SEN-ACT-14, SEN-EX-18, SEN-AMB-02: with 3 workers a Recruit names a non-initial
    worker to let go; the initial worker is never offered."""
    s = position(3).money(0, 12).workers(0, ["donkey", "peasant"]).load(0, 2, black=2).build()
    play(s, "recruit collector")
    assert s.pub.turn.phase == "replace"
    assert legal(s) == ["replace 2", "replace 3"]
    bag = s.pub.bag[2]
    play(s, "replace 2")
    assert kinds(s, 0) == ["peasant", "collector", "peasant"]
    assert s.pub.bag[2] == bag + 2  # SEN-AMB-03: the load goes back to the bag
    assert_illegal(s, "replace 1")


def test_cart_trades_in_a_donkey_sen_act_18_ex_18_amb_03() -> None:
    """SEN-ACT-18, SEN-EX-18: 3 yen plus a Donkey or non-initial Collector; the count stays;
    the load moves onto the Cart when it fits (SEN-AMB-03)."""
    s = position(3).money(0, 5).workers(0, ["donkey"]).load(0, 2, sakura=2).build()
    play(s, "recruit cart")
    assert legal(s) == ["trade 2"]
    play(s, "trade 2")
    assert kinds(s, 0) == ["peasant", "cart"] and loads(s, 0)[1] == [0, 2, 0]
    assert s.pub.players[0].money == 2


def test_cart_from_a_mixed_collector_keeps_one_tea_sen_amb_03() -> None:
    """SEN-AMB-03: a Collector with two teas: the Cart keeps the tea chosen, the other goes to
    the bag."""
    s = position(3).money(0, 5).workers(0, ["collector"]).load(0, 2, sakura=1, black=1).build()
    play(s, "recruit cart")
    assert legal(s) == ["trade 2 sakura", "trade 2 black"]
    bag = s.pub.bag[:]
    play(s, "trade 2 black")
    assert loads(s, 0)[1] == [0, 0, 1] and s.pub.bag[1] == bag[1] + 1


def test_no_cart_without_a_donkey_or_collector_sen_ex_18() -> None:
    """SEN-EX-18: a player with neither Donkey nor non-initial Collector cannot take a Cart;
    an initial Collector (option) cannot be traded in either."""
    s = position(3).money(0, 9).workers(0, ["peasant"]).build()
    assert "recruit cart" not in legal(s)
    opts = SenchaOptions(initial_worker="collector")
    s = position(3, options=opts).money(0, 9).build()
    assert "recruit cart" not in legal(s)


def test_discarded_workers_go_to_the_box_or_the_supply_sen_amb_03() -> None:
    """SEN-AMB-03: by default a replaced card leaves the game; with the option it goes back to
    its pile."""
    for where, donkeys in (("box", 1), ("supply", 2)):
        opts = SenchaOptions(discarded_workers=where)  # type: ignore[arg-type]
        s = position(3, options=opts).money(0, 5).workers(0, ["donkey"]).build()
        play(s, "recruit cart", "trade 2")
        assert s.pub.supply[1] == donkeys


def test_an_empty_pile_cannot_be_recruited_from_sen_act_12() -> None:
    """SEN-ACT-12: only face-up workers in the supply."""
    s = position(2).money(0, 12).workers(1, ["collector"]).build()
    assert s.pub.supply[2] == 0
    assert "recruit collector" not in legal(s)
    assert "recruit donkey" in legal(s)
