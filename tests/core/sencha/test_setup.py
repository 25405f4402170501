"""Setup and components (SEN-COMP-*, SEN-SETUP-*, SEN-EX-17, SEN-EX-19, SEN-AMB-16/17/20/23)."""

from __future__ import annotations

from collections import Counter

import pytest

from core.rng import Rng
from core.sencha.game import SenchaGame
from core.sencha.options import SenchaOptions
from core.sencha.rules import KINDS, Kind
from tests.core.sencha.helpers import check_invariants, kinds, legal, play, position

PLAYERS = [2, 3, 4]


@pytest.mark.parametrize("n", PLAYERS)
def test_setup_matrix_sen_ex_17(n: int) -> None:
    """SEN-EX-17, SEN-SETUP-05, SEN-SETUP-06, SEN-SETUP-08, SEN-SETUP-12: plantations, supply, deck,
    seeding, bag."""
    s = SenchaGame(num_seats=n).new_state(3)
    pub = s.pub
    assert len(pub.plantations) == {2: 3, 3: 3, 4: 4}[n]  # SEN-SETUP-05
    assert pub.supply == [n - 1] * 4  # SEN-SETUP-06
    assert pub.deck_size == {2: 7, 3: 8, 4: 9}[n] == len(s.deck) + 1  # SEN-SETUP-08
    assert len(s.removed) == 10 - pub.deck_size
    assert all(sum(pl.cubes) == 2 for pl in pub.plantations)  # SEN-SETUP-12
    assert sum(pub.bag) == {2: 33, 3: 33, 4: 31}[n]
    check_invariants(s)


@pytest.mark.parametrize("n", PLAYERS)
def test_each_player_starts_alike_sen_setup_01_02_03_09(n: int) -> None:
    """SEN-SETUP-01: a temple, 1 unbuilt house, the initial worker; SEN-SETUP-02: 7 yen;
    SEN-SETUP-03: 0 VP; SEN-SETUP-09: 4 houses on the reserve."""
    s = SenchaGame(num_seats=n).new_state(5)
    for p in s.pub.players:
        assert (p.money, p.vp, p.area, p.reserve, p.field) == (7, 0, 1, 4, 0)
        assert sum(p.houses) == 0 and p.temple == [0, 0, 0]
        assert [(w.kind, w.initial) for w in p.workers] == [("peasant", True)]


def test_the_bag_holds_39_cubes_sen_comp_01_setup_04() -> None:
    """SEN-COMP-01 / SEN-SETUP-04: 9 Sencha, 15 Sakura, 15 Black, all in bag or plantations."""
    s = SenchaGame(num_seats=2).new_state(1)
    on_table = [sum(pl.cubes[t] for pl in s.pub.plantations) for t in range(3)]
    assert [b + t for b, t in zip(s.pub.bag, on_table, strict=True)] == [9, 15, 15]


def test_neutral_houses_sen_setup_10_11_amb_16() -> None:
    """SEN-SETUP-10, SEN-SETUP-11: 2p one neutral house on a plantation and one on the field; 3p one
    on the field; 4p none. SEN-AMB-16: the neutral house draws no 5 cubes."""
    for n, (plantation, field) in {2: (1, 1), 3: (0, 1), 4: (0, 0)}.items():
        s = SenchaGame(num_seats=n).new_state(2)
        assert sum(pl.neutral for pl in s.pub.plantations) == plantation
        assert s.pub.field_neutral == field
        assert all(sum(pl.cubes) == 2 for pl in s.pub.plantations)  # SEN-AMB-16


def test_neutral_plantation_and_plantations_are_drawn_at_random_sen_amb_16_17() -> None:
    """SEN-AMB-16, SEN-AMB-17: which plantations are in play and which gets the neutral house
    varies."""
    chosen = Counter()
    neutral = Counter()
    for seed in range(60):
        s = SenchaGame(num_seats=2).new_state(seed)
        chosen[tuple(pl.id for pl in s.pub.plantations)] += 1
        neutral[next(pl.id for pl in s.pub.plantations if pl.neutral)] += 1
    assert len(chosen) == 4 and len(neutral) == 4


def test_cubes_and_houses_count_sen_comp_02_03_amb_23() -> None:
    """SEN-COMP-02, SEN-COMP-03, SEN-AMB-23: 5 houses per colour, money and VP markers per
    player."""
    s = SenchaGame(num_seats=4).new_state(1)
    for p in s.pub.players:
        assert p.reserve + p.area + p.field + sum(p.houses) == 5
    assert len({id(p) for p in s.pub.players}) == 4


def test_sixteen_worker_cards_sen_comp_04_05() -> None:
    """SEN-COMP-04, SEN-COMP-05: 4 initial workers and 3 of each supply kind; 4p uses them all."""
    s = SenchaGame(num_seats=4).new_state(1)
    assert sum(s.pub.supply) + len(s.pub.players) == 16
    assert not s.pub.hidden_worker


def test_the_bag_draws_at_random_sen_comp_06() -> None:
    """SEN-COMP-06: the seeding differs from deal to deal, and is the same for one seed."""
    game = SenchaGame(num_seats=3)
    seeds = {tuple(tuple(pl.cubes) for pl in game.new_state(k).pub.plantations) for k in range(20)}
    assert len(seeds) > 10
    a, b = game.new_state(9), game.new_state(9)
    assert [pl.cubes for pl in a.pub.plantations] == [pl.cubes for pl in b.pub.plantations]


def test_market_deck_is_shuffled_and_cut_sen_setup_08_13() -> None:
    """SEN-SETUP-08, SEN-SETUP-13: the cards in play vary; the others are out of the game,
    unseen."""
    tops = Counter()
    out = Counter()
    for seed in range(80):
        s = SenchaGame(num_seats=2).new_state(seed)
        tops[s.pub.card] += 1
        out.update(s.removed)
        assert len(set(s.deck) | set(s.removed) | {s.pub.card}) == 10
    assert len(tops) == 10 and len(out) == 10


def test_first_player_sen_setup_14() -> None:
    """SEN-SETUP-14: a configurable first seat, or one drawn from the seed."""
    assert SenchaGame(num_seats=3, start_seat=2).new_state(1).pub.seat == 2
    firsts = {SenchaGame(num_seats=3).new_state(k).pub.seat for k in range(30)}
    assert firsts == {0, 1, 2}


def test_hidden_worker_sen_setup_07_ex_19_amb_20() -> None:
    """SEN-SETUP-07 / SEN-EX-19 / SEN-AMB-20: 2p only, one leftover card face down; it cannot be
    chosen before the first Recruit, and it joins its pile right after that Recruit."""
    kinds_seen = Counter()
    for seed in range(80):
        s = SenchaGame(num_seats=2).new_state(seed)
        assert s.pub.hidden_worker and s.hidden_kind in {k.value for k in KINDS}
        kinds_seen[s.hidden_kind] += 1
    assert len(kinds_seen) == 4
    s = position(2).money(0, 12).build()
    hidden = s.hidden_kind
    assert s.pub.supply == [1, 1, 1, 1]
    play(s, "recruit peasant")
    assert not s.pub.hidden_worker and s.hidden_kind == ""
    expected = [1, 1, 1, 1]
    expected[0] -= 1
    expected[[k.value for k in KINDS].index(hidden)] += 1
    assert s.pub.supply == expected
    assert kinds(s, 0) == ["peasant", "peasant"]
    for n in (3, 4):
        assert not SenchaGame(num_seats=n).new_state(1).pub.hidden_worker


def test_hidden_worker_reveal_counts_as_a_reveal() -> None:
    """The face-down worker coming up bumps the reveal counter."""
    s = position(2).money(0, 12).build()
    before = s.reveals
    play(s, "recruit donkey")
    assert s.reveals == before + 1


def test_the_initial_worker_is_a_peasant_by_default_sen_amb_01() -> None:
    """SEN-AMB-01: the initial worker takes one cube of any tea, Sencha included; the option
    makes it another kind."""
    s = position(2).houses(0, "kyoto", 1).cubes("kyoto", sencha=1).build()
    play(s, "collect")
    assert "take 1 kyoto sencha" in legal(s)
    g = SenchaGame(num_seats=2, options=SenchaOptions(initial_worker="donkey"))
    assert [w.kind for w in g.new_state(1).pub.players[0].workers] == ["donkey"]


def test_determinism_of_a_deal() -> None:
    """A game is a function of its seed: the same seed, the same deal and the same draws."""
    game = SenchaGame(num_seats=4)
    a, b = game.new_state(77), game.new_state(77)
    assert a == b
    rng = Rng.from_seed(1)
    while not a.is_over():
        m = rng.choice(a.legal_moves())
        a.apply(m)
        b.apply(m)
    assert a == b


def test_kind_enum_lists_the_four_piles() -> None:
    """The supply has the four kinds of SEN-ACT-15..18, in a fixed order."""
    assert [k.value for k in KINDS] == ["peasant", "donkey", "collector", "cart"]
    assert Kind("cart") is Kind.CART
