"""Sencha's learned evaluation: its features read the table only, the shipped 2-player weights
load and play, the calibrated win chance follows the search's value, and weights that do not
fit are refused with a clear reason."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from ai.sencha.features import FEATURES, NAMES, state_features
from core.rng import Rng
from core.sencha.game import SenchaGame
from core.sencha.state import SenchaData
from tests.ai.test_sencha_ai import hidden_twin, midgame

SHIPPED = Path(__file__).parents[2] / "ai" / "sencha" / "data" / "learned_2p.json"


@pytest.mark.parametrize(("seats", "seed"), [(2, 3), (2, 8), (3, 5)])
def test_features_depend_only_on_the_observation(seats: int, seed: int) -> None:
    """States that differ only in hidden things (the deck's order, the cards left out, the
    face-down worker, the bag's generator) give every seat the same vector, and so does any
    state dealt from a seat's observation."""
    game = SenchaGame(num_seats=seats)
    state = midgame(seed, seats=seats)
    truth = state_features(state)
    twin = hidden_twin(state)
    assert msgspec.json.encode(twin) != msgspec.json.encode(state)
    assert state_features(twin) == truth
    for seat in range(seats):
        samples = [game.determinize(state.observation(seat), Rng.from_seed(k)) for k in (1, 2)]
        decks = [s.deck for s in samples if isinstance(s, SenchaData)]
        assert len(decks) == 2 and decks[0] != decks[1], "the samples should differ"
        for sample in samples:
            assert state_features(sample)[seat] == truth[seat]
        assert len(truth[seat]) == len(NAMES)
    assert FEATURES.observation_stage(state.observation(0)) == FEATURES.state_stage(state)
