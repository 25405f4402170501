"""One focused test per rule for part of Sencha's setup, money and Buy / Build / Recruit /
Collect rules (SEN-SETUP-05/06/07/12, SEN-TURN-03, SEN-ACT-01..08/13/14/18/21..24).

Each test builds a position for its rule alone and checks both what the rule allows and, where
it forbids something, that the move is neither offered nor accepted.
"""

from __future__ import annotations

from core.sencha.game import SenchaGame
from core.sencha.hidden import public_equal
from core.sencha.options import SenchaOptions
from core.sencha.rules import CUBES, KINDS
from core.sencha.state import SenchaData
from tests.core.sencha.helpers import assert_illegal, every, kinds, legal, loads, play, position

PLAYERS = (2, 3, 4)
SEEDS = range(12)
KIND_NAMES = [k.value for k in KINDS]


def _cubes_on(s: SenchaData, plantation: str) -> list[int]:
    """The cubes on a plantation in play, by tea."""
    return next(pl.cubes[:] for pl in s.pub.plantations if pl.id == plantation)


def _houses_of(s: SenchaData, seat: int, plantation: str) -> int:
    """A player's houses on a plantation in play."""
    i = next(i for i, pl in enumerate(s.pub.plantations) if pl.id == plantation)
    return s.pub.players[seat].houses[i]


# --- setup -------------------------------------------------------------------------------------


def test_sen_setup_05_plantations_in_play_by_player_count() -> None:
    """SEN-SETUP-05: three distinct plantations at 2 or 3 players and all four at 4, on every
    deal."""
    all_four = {"kyoto", "shizuoka", "osaka", "kagoshima"}
    for n in PLAYERS:
        game = SenchaGame(num_seats=n)
        for seed in SEEDS:
            s = game.new_state(seed)
            ids = [pl.id for pl in s.pub.plantations]
            assert len(ids) == {2: 3, 3: 3, 4: 4}[n]
            assert len(set(ids)) == len(ids) and set(ids) <= all_four
            assert all(len(p.houses) == len(ids) for p in s.pub.players)
            if n == 4:
                assert set(ids) == all_four


def test_sen_setup_06_supply_has_players_minus_one_per_kind() -> None:
    """SEN-SETUP-06: each of the four piles starts with one card fewer than the seats, and runs dry
    after."""
    for n in PLAYERS:
        for seed in SEEDS:
            assert SenchaGame(num_seats=n).new_state(seed).pub.supply == [n - 1] * 4
    # 3 players: two Peasants can be hired, then the pile is empty for the third seat.
    s = position(3).build()
    play(s, "recruit peasant", "recruit peasant")
    assert s.pub.seat == 2 and s.pub.supply[0] == 0
    assert "recruit peasant" not in legal(s)
    assert_illegal(s, "recruit peasant")
    # 4 players: three of each kind are there to hire.
    s = position(4).build()
    play(s, "recruit donkey", "recruit donkey", "recruit donkey")
    assert s.pub.supply[1] == 0 and "recruit donkey" not in legal(s)


def test_sen_setup_07_two_player_face_down_worker() -> None:
    """SEN-SETUP-07: at 2 players a spare card waits face down, unseen and unhireable, until the
    first hire."""
    s = position(2, seed=0).money(0, 12).workers(1, ["donkey"]).build()
    assert (s.pub.hidden_worker, s.hidden_kind) == (True, "donkey")
    assert s.pub.supply == [1, 0, 1, 1]
    # nobody can see which kind it is: another kind gives the same observation
    other = s.clone()
    other.hidden_kind = "cart"
    assert public_equal(s, other)
    # face down, it cannot be hired even though its own pile is empty
    assert "recruit donkey" not in legal(s)
    assert_illegal(s, "recruit donkey")
    play(s, "recruit peasant")  # the game's first hire turns it face up
    assert (s.pub.hidden_worker, s.hidden_kind) == (False, "")
    assert s.pub.supply == [0, 1, 1, 1]
    assert s.pub.seat == 1 and "recruit donkey" in legal(s)
    play(s, "recruit donkey")  # a later hire reveals nothing more
    assert s.pub.supply == [0, 0, 1, 1]
    for n in (3, 4):
        g = SenchaGame(num_seats=n).new_state(0)
        assert not g.pub.hidden_worker and g.hidden_kind == ""


def test_sen_setup_12_each_plantation_seeded_with_two_cubes() -> None:
    """SEN-SETUP-12: every plantation in play starts with two cubes from the bag, drawn at
    random."""
    deals = set()
    for n in PLAYERS:
        for seed in SEEDS:
            s = SenchaGame(num_seats=n).new_state(seed)
            pls = s.pub.plantations
            assert [sum(pl.cubes) for pl in pls] == [2] * len(pls)
            on_table = [sum(pl.cubes[t] for pl in pls) for t in range(3)]
            assert [b + c for b, c in zip(s.pub.bag, on_table, strict=True)] == list(CUBES)
            assert sum(s.pub.bag) == {2: 33, 3: 33, 4: 31}[n]
            deals.add(tuple(tuple(pl.cubes) for pl in pls))
    assert len(deals) > 10  # the seeding is not fixed


# --- money --------------------------------------------------------------------------------------


def test_sen_turn_03_costs_must_be_affordable_money_stays_at_or_above_zero() -> None:
    """SEN-TURN-03: every price can be paid to the last yen but not beyond; a tax too big stops at
    0."""
    # (position setup, the move, its price)
    cases = [
        (position(3), "buy", 4),
        (position(3).houses(1, "kyoto", 2), "build kyoto", 2),
        (position(3).field(1, 1), "build field", 2),
        (position(3), "recruit peasant", 3),
        (position(3), "recruit donkey", 5),
        (position(3), "recruit collector", 8),
        (position(3).workers(0, ["donkey"]), "recruit cart", 3),
    ]
    for pos, move, price in cases:
        s = pos.money(0, price - 1).build()
        assert move not in legal(s), move
        assert_illegal(s, move)
        s = pos.money(0, price).build()
        play(s, move)
        assert s.pub.players[0].money == 0, move
    # Produce costs 1 yen: none with 0 yen, one with 1 yen and then no more
    s = position(3).money(0, 0).houses(0, "kyoto", 1).cubes("kyoto", black=1).build()
    play(s, "collect")
    assert every(legal(s), "produce") == []
    assert_illegal(s, "produce kyoto")
    s = position(3).money(0, 1).houses(0, "kyoto", 1).cubes("kyoto", black=1).build()
    play(s, "collect", "produce kyoto")
    assert s.pub.players[0].money == 0 and every(legal(s), "produce") == []
    # the one exception, a tax: 3 houses on plantations owe 3 yen at 3 VP, 1 yen is all there is
    s = (
        position(3)
        .money(0, 1)
        .vp(0, 2)
        .houses(0, "kyoto", 2)
        .houses(0, "osaka", 1)
        .load(0, 1, sencha=1)
        .card("gion_stall")
        .build()
    )
    play(s, "sell", "emperor 1 1")
    p = s.pub.players[0]
    assert (p.vp, p.money, p.taxed) == (3, 0, 1) and s.pub.seat == 1


# --- Buy ---------------------------------------------------------------------------------------


def test_sen_act_01_buy_moves_a_house_from_reserve_to_own_area() -> None:
    """SEN-ACT-01: a bought house goes from the reserve to the buyer's area and is built on a later
    turn."""
    s = position(3).money(0, 9).houses(0, "kyoto", 1).unbuilt(0, 0).build()
    p = s.pub.players[0]
    assert (p.reserve, p.area) == (4, 0)
    assert every(legal(s), "build") == []  # nothing in the area to build yet
    bag, cubes = s.pub.bag[:], [pl.cubes[:] for pl in s.pub.plantations]
    others = [(q.reserve, q.area) for q in s.pub.players[1:]]
    play(s, "buy")
    p = s.pub.players[0]
    assert (p.reserve, p.area, p.houses, p.field) == (3, 1, [1, 0, 0], 0)
    assert s.pub.bag == bag and [pl.cubes for pl in s.pub.plantations] == cubes
    assert [(q.reserve, q.area) for q in s.pub.players[1:]] == others
    assert s.pub.seat == 1  # the Buy was the whole turn
    s.pub.seat = 0
    play(s, "build shizuoka")  # a later turn builds it
    p = s.pub.players[0]
    assert (p.area, p.houses) == (0, [1, 1, 0])


def test_sen_act_02_buy_price_is_the_houses_left_on_the_reserve() -> None:
    """SEN-ACT-02: a Buy costs 1 yen per house the buyer still has on the reserve; none left, no
    Buy."""
    for left in (4, 3, 2, 1):
        pos = position(3).field(0, 4 - left)  # built field houses do not count
        assert pos.state.pub.players[0].reserve == left
        s = pos.money(0, left - 1).build()
        assert "buy" not in legal(s)
        assert_illegal(s, "buy")
        s = pos.money(0, left).build()
        play(s, "buy")
        p = s.pub.players[0]
        assert (p.money, p.reserve, p.area) == (0, left - 1, 2)
    s = position(3).field(0, 4).money(0, 12).build()
    assert s.pub.players[0].reserve == 0
    assert "buy" not in legal(s)
    assert_illegal(s, "buy")


# --- Build -------------------------------------------------------------------------------------


def test_sen_act_03_build_moves_a_house_from_area_to_plantation_or_field() -> None:
    """SEN-ACT-03: a Build moves a house out of the player's own area onto a plantation or the
    field."""
    s = position(3).money(0, 9).unbuilt(0, 2).build()
    assert s.pub.players[0].reserve == 3
    play(s, "build kyoto")
    p = s.pub.players[0]
    assert (p.area, p.reserve, _houses_of(s, 0, "kyoto"), p.field) == (1, 3, 1, 0)
    s.pub.seat = 0
    play(s, "build field")
    p = s.pub.players[0]
    assert (p.area, p.reserve, p.field) == (0, 3, 1)
    s.pub.seat = 0
    assert every(legal(s), "build") == []  # the area is empty: the reserve is not used
    assert_illegal(s, "build shizuoka")
    s = position(3).build()
    assert_illegal(s, "build kagoshima")  # not a plantation in this game


def test_sen_act_04_build_price_counts_every_house_at_the_destination() -> None:
    """SEN-ACT-04: a Build costs 1 yen per house already there, the player's own, others' and
    neutral."""
    # 2 players: Kyoto holds the neutral house and one of the opponent's: 2 yen
    s = position(2).houses(1, "kyoto", 1).money(0, 1).build()
    assert "build kyoto" not in legal(s)
    assert_illegal(s, "build kyoto")
    assert "build shizuoka" in legal(s)  # an empty plantation is free
    s = position(2).houses(1, "kyoto", 1).money(0, 2).build()
    play(s, "build kyoto")
    assert s.pub.players[0].money == 0
    # the player's own house counts as well
    s = position(3).houses(0, "osaka", 1).money(0, 1).build()
    play(s, "build osaka")
    assert s.pub.players[0].money == 0 and _houses_of(s, 0, "osaka") == 2
    # 3 players: the field's neutral house and an opponent's field house: 2 yen
    s = position(3).field(1, 1).money(0, 1).build()
    assert "build field" not in legal(s)
    assert_illegal(s, "build field")
    s = position(3).field(1, 1).money(0, 2).build()
    play(s, "build field")
    assert s.pub.players[0].money == 0 and s.pub.players[0].field == 1
    s = position(3).money(0, 0).build()
    play(s, "build shizuoka")
    assert s.pub.players[0].money == 0


def test_sen_act_05_a_plantation_holds_three_houses_at_most() -> None:
    """SEN-ACT-05: three houses of any owners fill a plantation; the field has no such limit."""
    # 2 players: neutral + opponent + own house on Kyoto make three
    s = position(2).money(0, 12).houses(0, "kyoto", 1).houses(1, "kyoto", 1).build()
    assert "build kyoto" not in legal(s)
    assert_illegal(s, "build kyoto")
    assert "build shizuoka" in legal(s)
    # 3 players: two houses leave room for a third, then it is full
    s = position(3).money(0, 12).houses(0, "osaka", 2).unbuilt(0, 2).build()
    play(s, "build osaka")
    assert _houses_of(s, 0, "osaka") == 3
    s.pub.seat = 0
    assert "build osaka" not in legal(s)
    assert_illegal(s, "build osaka")
    s = position(3).money(0, 12).field(1, 2).field(2, 2).build()
    assert "build field" in legal(s)  # five houses there, still room


def test_sen_act_06_building_on_a_plantation_draws_five_cubes() -> None:
    """SEN-ACT-06: a house built on a plantation brings five cubes from the bag onto it, at
    random."""
    draws = set()
    for seed in SEEDS:
        s = position(3, seed=seed).build()
        bag, reveals = s.pub.bag[:], s.reveals
        play(s, "build kyoto")
        got = _cubes_on(s, "kyoto")
        assert sum(got) == 5
        assert [b - a for a, b in zip(s.pub.bag, bag, strict=True)] == got
        assert _cubes_on(s, "shizuoka") == _cubes_on(s, "osaka") == [0, 0, 0]
        assert s.reveals == reveals + 1
        draws.add(tuple(got))
    assert len(draws) > 3  # drawn, not a fixed set
    s = position(3).build()
    bag = s.pub.bag[:]
    play(s, "build field")  # the field is not a plantation: no cubes
    assert s.pub.bag == bag


def test_sen_act_07_a_plantation_holds_nine_cubes_at_most() -> None:
    """SEN-ACT-07: builds and Produce stop at nine cubes on a plantation; a full one allows no
    Produce."""
    s = position(3).cubes("kyoto", sakura=7).build()
    bag = sum(s.pub.bag)
    play(s, "build kyoto")
    assert sum(_cubes_on(s, "kyoto")) == 9 and sum(s.pub.bag) == bag - 2
    s = position(3).cubes("kyoto", black=9).build()
    bag = sum(s.pub.bag)
    play(s, "build kyoto")
    assert _cubes_on(s, "kyoto") == [0, 0, 9] and sum(s.pub.bag) == bag
    s = position(3).money(0, 5).houses(0, "kyoto", 1).cubes("kyoto", sakura=8).build()
    play(s, "collect", "produce kyoto")
    assert sum(_cubes_on(s, "kyoto")) == 9 and s.pub.players[0].money == 4
    assert "produce kyoto" not in legal(s)
    assert_illegal(s, "produce kyoto")


def test_sen_act_08_one_tea_per_house_per_collect() -> None:
    """SEN-ACT-08: each house at a plantation allows one more tea there, counted afresh every
    Collect."""
    pos = position(3).cubes("kyoto", sencha=1, sakura=2, black=2).workers(0, ["collector"])
    # one house: one tea this action, another tea on a later Collect
    s = pos.houses(0, "kyoto", 1).build()
    play(s, "collect", "take 2 kyoto sakura")
    assert every(legal(s), "take") == ["take 1 kyoto sakura", "take 2 kyoto sakura"]
    assert_illegal(s, "take 2 kyoto black")
    play(s, "done")
    s.pub.seat = 0
    play(s, "collect")
    assert "take 2 kyoto black" in legal(s)
    # two houses: two teas, not a third
    s = pos.houses(0, "kyoto", 2).build()
    play(s, "collect", "take 2 kyoto sakura", "take 2 kyoto black")
    assert "take 1 kyoto sencha" not in legal(s)
    assert_illegal(s, "take 1 kyoto sencha")
    # three houses: the third tea too
    s = pos.houses(0, "kyoto", 3).build()
    play(s, "collect", "take 2 kyoto sakura", "take 2 kyoto black", "take 1 kyoto sencha")
    assert loads(s, 0) == [[1, 0, 0], [0, 1, 1]]


# --- Recruit -----------------------------------------------------------------------------------


def test_sen_act_13_three_workers_at_most() -> None:
    """SEN-ACT-13: three workers at most, initial included: a hire beyond that must let one go."""
    s = position(3).money(0, 12).workers(0, ["donkey"]).build()
    play(s, "recruit peasant")  # the third worker joins with no one leaving
    assert kinds(s, 0) == ["peasant", "donkey", "peasant"] and s.pub.seat == 1
    s.pub.seat = 0
    play(s, "recruit collector")
    assert s.pub.turn.phase == "replace"
    assert all(m.startswith("replace ") for m in legal(s))
    assert_illegal(s, "done")  # the hire cannot end with four workers
    play(s, "replace 3")
    assert kinds(s, 0) == ["peasant", "donkey", "collector"] and s.pub.seat == 1


def test_sen_act_14_any_worker_but_the_initial_one_may_be_replaced() -> None:
    """SEN-ACT-14: when a hire needs room, any non-initial worker can be let go, never the initial
    card."""
    s = position(3).money(0, 12).workers(0, ["donkey", "collector"]).build()
    play(s, "recruit peasant")
    assert legal(s) == ["replace 2", "replace 3"]
    assert_illegal(s, "replace 1")
    play(s, "replace 2")
    assert kinds(s, 0) == ["peasant", "peasant", "collector"]
    assert [w.initial for w in s.pub.players[0].workers] == [True, False, False]
    # an initial card of another kind is kept all the same
    opts = SenchaOptions(initial_worker="donkey")
    s = position(3, options=opts).money(0, 12).workers(0, ["donkey", "peasant"]).build()
    play(s, "recruit collector")
    assert legal(s) == ["replace 2", "replace 3"]
    assert_illegal(s, "replace 1")


def test_sen_act_18_cart_costs_three_yen_and_a_traded_in_worker() -> None:
    """SEN-ACT-18: a Cart costs 3 yen plus a handed-in Donkey or non-initial Collector; hauls 3 of
    one tea."""
    s = position(3).money(0, 3).workers(0, ["donkey", "peasant"]).build()
    play(s, "recruit cart")
    assert s.pub.turn.phase == "trade" and legal(s) == ["trade 2"]
    assert_illegal(s, "trade 3")  # a Peasant cannot be handed in
    assert_illegal(s, "trade 1")
    play(s, "trade 2")
    assert kinds(s, 0) == ["peasant", "cart", "peasant"]  # a swap: still three workers
    assert s.pub.players[0].money == 0
    # no Cart without 3 yen, nor without a worker to hand in
    refused = [
        position(3).money(0, 2).workers(0, ["donkey"]),
        position(3).money(0, 9).workers(0, ["peasant"]),
        position(3, options=SenchaOptions(initial_worker="donkey")).money(0, 9),
        position(3, options=SenchaOptions(initial_worker="collector")).money(0, 9),
    ]
    for pos in refused:
        s = pos.build()
        assert "recruit cart" not in legal(s)
        assert_illegal(s, "recruit cart")
    # what a Cart carries: one tea, Sencha never, three cubes at most
    s = (
        position(3)
        .houses(0, "kyoto", 3)
        .cubes("kyoto", sencha=2, sakura=2, black=4)
        .load(0, 1, sakura=1)
        .workers(0, ["cart"])
        .build()
    )
    play(s, "collect")
    assert every(legal(s), "take 2") == ["take 2 kyoto sakura", "take 2 kyoto black"]
    play(s, "take 2 kyoto black")
    assert every(legal(s), "take 2") == ["take 2 kyoto black"]
    assert_illegal(s, "take 2 kyoto sakura")
    play(s, "take 2 kyoto black", "take 2 kyoto black")
    assert loads(s, 0)[1] == [0, 0, 3] and _cubes_on(s, "kyoto") == [2, 2, 1]


# --- Collect -----------------------------------------------------------------------------------


def test_sen_act_21_a_worker_collects_at_one_plantation_per_action() -> None:
    """SEN-ACT-21: in one Collect a worker visits a single plantation and takes only what its card
    carries."""
    s = (
        position(3)
        .houses(0, "kyoto", 1)
        .houses(0, "osaka", 1)
        .cubes("kyoto", black=3)
        .cubes("osaka", black=3)
        .workers(0, ["donkey"])
        .build()
    )
    play(s, "collect", "take 2 kyoto black")
    assert "take 2 osaka black" not in legal(s)
    assert_illegal(s, "take 2 osaka black")
    assert "take 2 kyoto black" in legal(s)
    assert "take 1 osaka black" in legal(s)  # another worker may go elsewhere
    play(s, "take 1 osaka black")
    assert every(legal(s), "take 1") == []  # the Peasant carries one cube
    assert_illegal(s, "take 1 osaka black")
    play(s, "done")
    s.pub.seat = 0
    play(s, "collect")  # a new Collect: the Donkey may go to the other plantation
    assert "take 2 osaka black" in legal(s)


def test_sen_act_22_tea_budget_is_shared_by_workers_at_a_plantation() -> None:
    """SEN-ACT-22: all workers at one plantation share its tea budget; each plantation has its
    own."""
    s = (
        position(3)
        .houses(0, "kyoto", 1)
        .houses(0, "osaka", 1)
        .cubes("kyoto", sakura=2, black=2)
        .cubes("osaka", black=2)
        .workers(0, ["donkey"])
        .build()
    )
    play(s, "collect", "take 1 kyoto sakura")  # the Peasant uses Kyoto's one tea
    moves = every(legal(s), "take 2")
    assert "take 2 kyoto black" not in moves
    assert_illegal(s, "take 2 kyoto black")
    assert "take 2 kyoto sakura" in moves and "take 2 osaka black" in moves
    play(s, "take 2 osaka black")
    assert loads(s, 0) == [[0, 1, 0], [0, 0, 1]]


def test_sen_act_23_collected_cubes_stay_on_the_worker_until_sold() -> None:
    """SEN-ACT-23: taken cubes ride on their worker through other turns until a Sell moves them
    off."""
    s = position(3).houses(0, "kyoto", 1).cubes("kyoto", sakura=2).card("gion_stall").build()
    play(s, "collect", "take 1 kyoto sakura")
    assert s.pub.seat == 1 and loads(s, 0) == [[0, 1, 0]]
    bag = s.pub.bag[:]
    play(s, "buy", "buy")  # the other two players' turns
    assert s.pub.seat == 0 and loads(s, 0) == [[0, 1, 0]]
    assert _cubes_on(s, "kyoto") == [0, 1, 0] and s.pub.bag == bag
    play(s, "sell", "sale 1 sakura")
    assert loads(s, 0) == [[0, 0, 0]] and s.pub.columns == [0, 1, 0]
    assert s.pub.players[0].money == 9


def test_sen_act_24_full_workers_cannot_collect_until_a_sell_frees_them() -> None:
    """SEN-ACT-24: a full worker takes nothing more until a Sell empties it."""
    s = (
        position(3)
        .money(0, 0)  # no Produce either, so Collect would have to take
        .houses(0, "kyoto", 1)
        .cubes("kyoto", sakura=3)
        .workers(0, ["donkey"])
        .load(0, 1, sakura=1)
        .load(0, 2, sakura=2)
        .card("gion_stall")
        .build()
    )
    moves = legal(s)
    assert "collect" not in moves and "free" not in moves
    assert_illegal(s, "collect")
    play(s, "sell", "sale 1 sakura", "done")
    assert loads(s, 0) == [[0, 0, 0], [0, 2, 0]]
    s.pub.seat = 0
    play(s, "collect")
    assert every(legal(s), "take") == ["take 1 kyoto sakura"]
    assert_illegal(s, "take 2 kyoto sakura")  # the Donkey is still full
