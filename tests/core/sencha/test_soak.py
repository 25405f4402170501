"""The Sencha soak: random games with the invariants checked after every move, counted here
independently of the engine's own conservation check (cubes: bag + plantations + workers + cards
+ temples = 39; every player's 5 houses; money in 0..cap), and the checks that the conservation
check itself catches each kind of break.

The suite plays a few games; ``make soak`` (``TEA_SOAK=N``) plays N per player count and option.
"""

from __future__ import annotations

import os

import msgspec
import pytest

from core.rng import Rng
from core.sencha.conservation import conservation_problems
from core.sencha.game import SenchaGame, SenchaState
from core.sencha.options import SenchaOptions
from core.sencha.rules import HOUSES_PER_COLOUR
from tests.core.sencha.helpers import check_invariants, position

GAMES = int(os.environ.get("TEA_SOAK", "0"))
VARIANTS = {
    "default": SenchaOptions(),
    "no_cap": SenchaOptions(money_cap=None),
    "donkey_start": SenchaOptions(initial_worker="donkey"),
    "to_supply": SenchaOptions(discarded_workers="supply"),
    "any_sell_bonus": SenchaOptions(field_bonus="any_sell"),
    "sell_on": SenchaOptions(sell_continues_after_flip=True),
    "strict_offers": SenchaOptions(last_card_offer_any=False),
}


def counted_cubes(s: SenchaState) -> int:
    """Every cube, counted place by place: bag, plantations, workers, the card's columns,
    temples and a free cube waiting to be placed."""
    pub = s.pub
    return (
        sum(pub.bag)
        + sum(sum(pl.cubes) for pl in pub.plantations)
        + sum(sum(w.load) for p in pub.players for w in p.workers)
        + sum(pub.columns)
        + sum(sum(p.temple) for p in pub.players)
        + (1 if pub.turn.free >= 0 else 0)
    )


def soak_game(game: SenchaGame, seed: int) -> SenchaState:
    """A seeded random game; after every move the cubes make 39, each player has 5 houses,
    money lies in 0..cap, points and cards turned never go back, and a determinization of the
    mover's view shows that same view."""
    s = game.new_state(seed)
    rng = Rng.from_seed(seed * 17 + 3)
    cap = s.ctx.money_cap
    vp = [0] * game.num_seats
    turned = s.pub.cards_turned
    steps = 0
    while not s.is_over():
        s.apply(rng.choice(s.legal_moves()))
        check_invariants(s)
        pub = s.pub
        assert counted_cubes(s) == 39
        for seat, p in enumerate(pub.players):
            assert p.reserve + p.area + p.field + sum(p.houses) == HOUSES_PER_COLOUR
            assert p.money >= 0 and (cap is None or p.money <= cap)
            assert p.vp >= vp[seat]
            vp[seat] = p.vp
        assert turned <= pub.cards_turned <= pub.deck_size
        turned = pub.cards_turned
        steps += 1
        assert steps < 5000, "a Sencha game must end"
        if steps % 25 == 0 and not s.is_over():
            seat = s.current_seat()
            assert seat is not None
            view = s.observation(seat)
            dealt = game.determinize(view, Rng.from_seed(steps))
            assert msgspec.json.encode(dealt.observation(seat)) == msgspec.json.encode(view)
    outcome = s.outcome()
    assert outcome is not None
    assert outcome.scores == tuple(sum(b.values()) for b in outcome.breakdown)
    return s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_few_soak_games(n: int) -> None:
    """The soak's checks on two games per player count."""
    for seed in (1, 2):
        soak_game(SenchaGame(num_seats=n), seed)


@pytest.mark.skipif(GAMES <= 0, reason="set TEA_SOAK=N (make soak) to run the soak")
@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_soak(n: int, name: str) -> None:
    """The long soak: TEA_SOAK games per player count and option."""
    for seed in range(1000, 1000 + GAMES):
        soak_game(SenchaGame(num_seats=n, options=VARIANTS[name]), seed)


def test_the_check_catches_a_lost_cube_house_or_card_and_money_out_of_range() -> None:
    """Each kind of break is named by the conservation check (so the soak could fail)."""
    base = position(2).build()
    assert conservation_problems(base) == []
    s = base.clone()
    s.pub.bag[1] -= 1
    assert any("cubes add up" in p for p in conservation_problems(s))
    s = base.clone()
    s.pub.players[0].reserve -= 1
    assert any("houses in all" in p for p in conservation_problems(s))
    s = base.clone()
    s.pub.players[1].money = s.ctx.money_cap + 1 if s.ctx.money_cap is not None else -1
    assert any("yen, outside" in p for p in conservation_problems(s))
    s = base.clone()
    s.pub.players[1].money = -1
    assert any("yen, outside" in p for p in conservation_problems(s))
    s = base.clone()
    s.deck.append(s.pub.card)
    assert any("Tea Market cards" in p for p in conservation_problems(s))
