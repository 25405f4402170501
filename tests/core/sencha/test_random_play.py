"""Random games: invariants after every move (cubes 39, houses, money 0..cap), determinism,
the reveal counter, observation privacy and determinization, for every player count and option.

The long soak is test_soak.py (``make soak``); the suite plays a few games here."""

from __future__ import annotations

import msgspec
import pytest

from core.rng import Rng
from core.sencha.game import SenchaGame, SenchaState
from core.sencha.hidden import SenchaObservation
from core.sencha.options import SenchaOptions
from tests.core.sencha.helpers import random_game

VARIANTS = {
    "default": SenchaOptions(),
    "no_cap": SenchaOptions(money_cap=None),
    "donkey_start": SenchaOptions(initial_worker="donkey"),
    "to_supply": SenchaOptions(discarded_workers="supply"),
    "any_sell_bonus": SenchaOptions(field_bonus="any_sell"),
    "sell_on": SenchaOptions(sell_continues_after_flip=True),
    "strict_offers": SenchaOptions(last_card_offer_any=False),
}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_every_invariant(n: int) -> None:
    """Conservation after every move of seeded random games, at each player count."""
    game = SenchaGame(num_seats=n)
    for seed in range(4):
        s = random_game(game, seed)
        assert s.is_over() and s.outcome() is not None


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_option_plays_to_the_end(name: str) -> None:
    """Each option's reading plays whole games with the invariants kept."""
    for n in (2, 4):
        random_game(SenchaGame(num_seats=n, options=VARIANTS[name]), 11)


def test_a_game_is_a_function_of_seed_and_moves() -> None:
    """Determinism: the same seed and moves give the same states; a replay from the move texts
    gives the same final state."""
    game = SenchaGame(num_seats=3)
    texts: list[str] = []
    a = random_game(game, 5, check=False, texts=texts)
    b = game.new_state(5)
    for t in texts:
        b.apply(game.parse_move(t))
    assert msgspec.json.encode(a) == msgspec.json.encode(b)


def _revealing(before: SenchaState, after: SenchaState) -> bool:
    """Whether a move brought hidden or random information out: cubes drawn, a new card, the
    face-down worker, a free cube."""
    drawn = any(
        x > y
        for pa, pb in zip(after.pub.plantations, before.pub.plantations, strict=True)
        for x, y in zip(pa.cubes, pb.cubes, strict=True)
    )
    free = sum(before.pub.bag) > sum(after.pub.bag) and not drawn
    return (
        drawn
        or free
        or (after.pub.returned >= 0 and (after.pub.seat != before.pub.seat or after.pub.over))
        or after.pub.card != before.pub.card
        or before.pub.hidden_worker != after.pub.hidden_worker
    )


def test_the_reveal_counter_counts_every_reveal() -> None:
    """state.reveals goes up exactly on moves that bring hidden or random information out."""
    for n in (2, 4):
        game = SenchaGame(num_seats=n)
        s = game.new_state(8)
        rng = Rng.from_seed(8)
        bumped = 0
        while not s.is_over():
            before = s.clone()
            s.apply(rng.choice(s.legal_moves()))
            revealed = _revealing(before, s)
            assert (s.reveals > before.reveals) == revealed
            bumped += revealed
        assert bumped > 5


def test_observations_hide_deck_order_removed_cards_and_the_hidden_worker() -> None:
    """Privacy: states that differ only in what nobody may see give the same observation for
    every seat; no seat's observation holds the deck order, the box or the face-down kind."""
    game = SenchaGame(num_seats=2)
    s = game.new_state(21)
    rng = Rng.from_seed(2)
    for _ in range(30):
        s.apply(rng.choice(s.legal_moves()))
    other = s.clone()
    cards = other.deck + other.removed
    cards.reverse()
    other.deck, other.removed = cards[: len(other.deck)], sorted(cards[len(other.deck) :])
    other.rng = Rng.from_seed(99)
    if other.pub.hidden_worker:
        other.hidden_kind = "cart" if other.hidden_kind != "cart" else "donkey"
    for seat in (0, 1):
        a, b = s.observation(seat), other.observation(seat)
        assert msgspec.json.encode(a) == msgspec.json.encode(b)
        fields = set(SenchaObservation.__struct_fields__)
        assert not fields & {"deck", "removed", "hidden_kind", "rng"}


def test_determinize_deals_only_what_is_unseen() -> None:
    """A determinized state shows the same observation, keeps the cards in play and deals the
    unseen cards into deck and box in varying orders."""
    game = SenchaGame(num_seats=2)
    s = game.new_state(4)
    view = s.observation(0)
    decks = set()
    for k in range(20):
        d = game.determinize(view, Rng.from_seed(k))
        assert isinstance(d, SenchaState)
        assert msgspec.json.encode(d.observation(0)) == msgspec.json.encode(view)
        assert sorted(d.deck + d.removed) == sorted(s.deck + s.removed)
        decks.add(tuple(d.deck))
        assert d.hidden_kind in ("peasant", "donkey", "collector", "cart")
    assert len(decks) > 10
