"""Collect and Produce (SEN-ACT-19..26, SEN-EX-04..08, SEN-AMB-04/13/14/15/21)."""

from __future__ import annotations

from tests.core.sencha.helpers import assert_illegal, every, legal, loads, play, position


def test_collect_example_1_gael_sen_ex_04_act_22() -> None:
    """SEN-EX-04, SEN-ACT-08, SEN-ACT-22: one house on Kyoto, two Peasants: one tea there for
    both."""
    s = (
        position(3)
        .houses(0, "kyoto", 1)
        .cubes("kyoto", sakura=3, black=2)
        .workers(0, ["peasant"])
        .build()
    )
    play(s, "collect", "take 1 kyoto sakura")
    assert "take 2 kyoto black" not in legal(s)  # a second tea with one house
    assert_illegal(s, "take 1 kyoto sakura")  # a Peasant carries one cube
    play(s, "take 2 kyoto sakura")
    assert loads(s, 0) == [[0, 1, 0], [0, 1, 0]]
    assert s.pub.plantations[0].cubes == [0, 1, 2]
    assert s.pub.seat == 1  # nothing left to take: the Collect ends by itself


def test_collect_example_2_miri_sen_ex_05_act_15_18() -> None:
    """SEN-EX-05: two houses on Shizuoka: the Peasant takes Sencha, the Cart 3 Black; the Cart
    never takes Sencha nor mixes; no third tea."""
    s = (
        position(3)
        .houses(0, "shizuoka", 2)
        .cubes("shizuoka", sencha=1, sakura=2, black=4)
        .workers(0, ["cart"])
        .build()
    )
    play(s, "collect")
    assert "take 2 shizuoka sencha" not in legal(s)  # SEN-ACT-18: no Sencha on a Cart
    play(s, "take 1 shizuoka sencha", "take 2 shizuoka black", "take 2 shizuoka black")
    assert "take 2 shizuoka sakura" not in legal(s)  # one tea per Cart, and a third tea
    play(s, "take 2 shizuoka black")
    assert loads(s, 0) == [[1, 0, 0], [0, 0, 3]]


def test_collect_example_3_lara_sen_ex_06_amb_15() -> None:
    """SEN-EX-06 / SEN-AMB-15 / SEN-ACT-21: Donkey at Kyoto takes 2 Black; Collector at
    Osaka (2 houses) takes Sakura and Black; a worker visits one plantation per action."""
    s = (
        position(3)
        .houses(0, "kyoto", 1)
        .houses(0, "osaka", 2)
        .cubes("kyoto", black=3, sakura=1)
        .cubes("osaka", sakura=2, black=2)
        .workers(0, ["donkey", "collector"])
        .build()
    )
    play(s, "collect", "take 2 kyoto black")
    assert "take 2 kyoto sakura" not in legal(s)  # SEN-ACT-16: the Donkey keeps one tea
    assert not every(legal(s), "take 2 osaka")  # SEN-ACT-21: one plantation per worker
    play(s, "take 2 kyoto black", "take 3 osaka sakura", "take 3 osaka black")
    assert loads(s, 0)[1:] == [[0, 0, 2], [0, 1, 1]]


def test_the_collector_needs_two_houses_for_two_teas_sen_ex_06() -> None:
    """SEN-EX-06 illegal case: one house, so the Collector takes one tea only."""
    s = (
        position(3)
        .houses(0, "osaka", 1)
        .cubes("osaka", sakura=2, black=2)
        .workers(0, ["collector"])
        .build()
    )
    play(s, "collect", "take 2 osaka sakura")
    assert every(legal(s), "take 2") == ["take 2 osaka sakura"]


def test_only_plantations_with_your_house_sen_act_19() -> None:
    """SEN-ACT-19: nothing can be taken where you have no house."""
    s = position(3).houses(0, "kyoto", 1).cubes("shizuoka", black=3).cubes("kyoto", sakura=1)
    state = s.build()
    play(state, "collect")
    assert every(legal(state), "take") == ["take 1 kyoto sakura"]


def test_loads_stay_between_turns_and_full_workers_wait_sen_act_23_24_ex_07() -> None:
    """SEN-ACT-23, SEN-ACT-24, SEN-EX-07: a loaded Peasant cannot collect; a Donkey with 1 Black may
    add Black but not Sakura (SEN-AMB-04); a full Cart waits for a Sell."""
    s = (
        position(3)
        .houses(0, "kyoto", 2)
        .cubes("kyoto", sakura=2, black=2)
        .workers(0, ["donkey", "cart"])
        .load(0, 1, sakura=1)
        .load(0, 2, black=1)
        .load(0, 3, black=3)
        .build()
    )
    play(s, "collect")
    assert every(legal(s), "take") == ["take 2 kyoto black"]
    play(s, "take 2 kyoto black")
    assert loads(s, 0) == [[0, 1, 0], [0, 0, 2], [0, 0, 3]]


def test_only_peasants_carry_sencha_and_one_tea_sen_act_25() -> None:
    """SEN-ACT-25: one tea per worker but the Collector; Sencha on Peasants only."""
    s = (
        position(3)
        .houses(0, "kyoto", 3)
        .cubes("kyoto", sencha=2, sakura=2, black=2)
        .workers(0, ["collector", "donkey"])
        .build()
    )
    play(s, "collect")
    moves = legal(s)
    assert "take 1 kyoto sencha" in moves
    assert "take 2 kyoto sencha" not in moves and "take 3 kyoto sencha" not in moves
    play(s, "take 2 kyoto sakura")
    assert "take 2 kyoto black" in legal(s)  # the Collector mixes
    play(s, "take 3 kyoto black")
    assert "take 3 kyoto sakura" not in legal(s)  # the Donkey does not


def test_a_worker_may_take_fewer_than_it_can_sen_amb_04_21() -> None:
    """SEN-AMB-04, SEN-AMB-21: 'done' ends the Collect with a Donkey half full."""
    s = position(3).houses(0, "kyoto", 1).cubes("kyoto", black=3).workers(0, ["donkey"]).build()
    play(s, "collect", "take 2 kyoto black", "done")
    assert loads(s, 0)[1] == [0, 0, 1] and s.pub.seat == 1


def test_produce_sen_ex_08_act_20() -> None:
    """SEN-EX-08: 3 yen, Osaka with 3 cubes: Produce x3 fills it to 9 and spends all; a 4th
    is illegal; Produce then nothing else is a legal Collect (SEN-AMB-21)."""
    s = (
        position(3)
        .money(0, 3)
        .houses(0, "osaka", 1)
        .cubes("osaka", sakura=3)
        .load(0, 1, black=1)
        .build()
    )
    reveals = s.reveals
    play(s, "collect", "produce osaka", "produce osaka", "produce osaka")
    assert sum(s.pub.plantations[2].cubes) == 9 and s.pub.players[0].money == 0
    assert s.reveals == reveals + 3
    assert legal(s) == ["done"]
    play(s, "done")
    assert s.pub.seat == 1


def test_produce_needs_your_house_room_and_comes_first_sen_act_20_amb_13() -> None:
    """SEN-ACT-20, SEN-AMB-13: not where you have no house, not on a full plantation, not
    after a cube was taken, not with an empty bag; 8 cubes draw only 1."""
    s = position(3).houses(0, "kyoto", 1).cubes("kyoto", sakura=8).cubes("osaka", black=2).build()
    play(s, "collect")
    assert every(legal(s), "produce") == ["produce kyoto"]
    play(s, "produce kyoto")
    assert sum(s.pub.plantations[0].cubes) == 9
    assert every(legal(s), "produce") == []
    s = position(3).houses(0, "kyoto", 1).cubes("kyoto", sakura=1).workers(0, ["donkey"]).build()
    play(s, "collect", "take 2 kyoto sakura")
    assert every(legal(s), "produce") == []  # SEN-ACT-20: Produce comes before collecting
    s = position(3).houses(0, "kyoto", 1).temple(1, sencha=9, sakura=15, black=15).build()
    assert "collect" not in legal(s)  # an empty bag and nothing to take


def test_fallback_free_cube_sen_act_26_amb_14() -> None:
    """SEN-ACT-26, SEN-AMB-14: nothing to take and no money: a free random cube, seen before
    choosing the worker it goes on."""
    s = position(3).money(0, 0).houses(0, "kyoto", 1).workers(0, ["donkey"]).build()
    assert "free" in legal(s) and "collect" not in legal(s)
    reveals = s.reveals
    play(s, "free")
    assert s.reveals == reveals + 1 and s.pub.turn.phase == "place"
    tea = s.pub.turn.free
    places = legal(s)
    assert places == (["place 1"] if tea == 0 else ["place 1", "place 2"])
    play(s, places[-1])
    assert sum(sum(w) for w in loads(s, 0)) == 1 and s.pub.seat == 1


def test_no_fallback_with_something_to_take_or_money_sen_amb_14() -> None:
    """SEN-AMB-14: a cube to take, or money to Produce, rules the fallback out."""
    s = position(3).money(0, 0).houses(0, "kyoto", 1).cubes("kyoto", black=1).build()
    assert "free" not in legal(s)
    s = position(3).money(0, 2).houses(0, "kyoto", 1).build()
    assert "free" not in legal(s) and "collect" in legal(s)


def test_fallback_when_produce_is_impossible_sen_amb_14() -> None:
    """SEN-AMB-14 as ruled: with money but no plantation house there is no Produce either, so
    the free cube is offered (docs/rulings.md)."""
    s = position(3).money(0, 2).build()
    assert "free" in legal(s)


def test_free_cube_nobody_can_carry_goes_back_sen_amb_14() -> None:
    """SEN-AMB-14: the free cube goes back to the bag when no worker can carry it."""
    for seed in range(40):
        s = position(3, seed=seed).money(0, 0).workers(0, ["donkey"]).load(0, 1, black=1).build()
        bag = sum(s.pub.bag)
        play(s, "free")
        if s.pub.seat == 1:
            assert sum(s.pub.bag) == bag and s.pub.turn.free == -1
            return
    raise AssertionError("no seed drew a Sencha for a Donkey")


def test_no_free_cube_the_bag_cannot_give_sen_amb_14() -> None:
    """SEN-AMB-14 with SEN-TT-07 as ruled: the free cube is offered only when the bag holds a
    tea some worker could carry; a bag of Sencha and a Donkey would only send it back (heuristic
    players repeated that for ever)."""
    teas = {"sakura": 15, "black": 15}
    s = position(3).money(0, 0).workers(0, ["donkey"]).load(0, 1).temple(1, **teas).build()
    assert s.pub.bag == [9, 0, 0]
    assert s.pub.players[0].workers[0].load == [0, 0, 0]  # the initial Peasant has room
    assert "free" in legal(s)
    s = (
        position(3)
        .money(0, 0)
        .workers(0, ["donkey"])
        .load(0, 1, sencha=1)
        .temple(1, **teas)
        .build()
    )
    assert s.pub.bag == [8, 0, 0] and "free" not in legal(s)
