"""Sencha's learned evaluation: its features read the table only, the shipped 2-player weights
load and play, the calibrated win chance follows the search's value, and weights that do not
fit are refused with a clear reason."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import msgspec
import pytest

from ai.agents import make_agent
from ai.arena import ArenaConfig, play_game
from ai.knowledge import knowledge_for
from ai.learn.model import (
    CalibratedChance,
    LearnedEvaluator,
    WeightsError,
    parse_weights,
    shipped_weights,
)
from ai.mcts import MctsAgent
from ai.sencha.features import FEATURES, NAMES, VERSION, state_features
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


def test_shipped_weights_load_and_fit_the_features() -> None:
    """The 2-player weights ship with their recipe; the margin model prefers a lead, and the
    hints' win chance is the calibrated one, rising with the search's value."""
    game = SenchaGame(num_seats=2)
    weights = shipped_weights(game)
    assert weights is not None
    assert weights.names == NAMES and weights.version == VERSION and weights.players == 2
    assert str(weights.recipe["command"]).startswith("tea-tui train --game sencha")
    state = midgame(3)
    evaluator = LearnedEvaluator(FEATURES, weights, 12.0)
    rewards = evaluator(state)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    ahead = state.clone()
    ahead.pub.players[0].vp += 4
    assert evaluator(ahead)[0] > rewards[0]
    chance = knowledge_for(game).win_chance
    assert isinstance(chance, CalibratedChance)
    seen = state.observation(state.pub.seat)
    low, high = chance(0.3, seen), chance(0.7, seen)
    assert 0.0 < low < high < 1.0


def test_eval_learned_plays_a_whole_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``mcts:...+eval=learned`` searches on the learned evaluation and plays a Sencha game to
    its end with legal moves; a table without weights says how to train them."""
    game = SenchaGame(num_seats=2)
    player = make_agent("mcts:iters=10+eval=learned", game)
    assert isinstance(player.agent, MctsAgent)
    assert isinstance(player.agent.knowledge.evaluator, LearnedEvaluator)
    config = ArenaConfig(seats=("mcts:iters=10+eval=learned", "heuristic"), games=1, game="sencha")
    result = play_game(config, 0)
    assert len(result.scores) == 2 and result.moves > 50
    module = importlib.import_module("ai.sencha.knowledge")  # the package's name is a function
    monkeypatch.setattr(module, "shipped_weights", lambda game: None)
    with pytest.raises(ValueError, match="train --game sencha --players 3"):
        make_agent("mcts:iters=10+eval=learned", SenchaGame(num_seats=3))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"features": {"version": VERSION + 1, "names": list(NAMES)}}, "version"),
        ({"features": {"version": VERSION, "names": ["now"]}}, "names differ"),
        ({"game": "tea_garden"}, "not 'sencha'"),
        ({"variant": "3p"}, "not '2p'"),
        ({"margin": {"bias": 0.0, "weights": [1.0]}}, f"expected {len(NAMES)} numbers"),
    ],
)
def test_a_mismatched_file_is_refused(change: dict[str, object], message: str) -> None:
    """The shipped file parses; the same file changed to fit other features, another game or
    another player count is refused with the reason."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert parse_weights(text, FEATURES, "2p").players == 2
    data = json.loads(text)
    data.update(change)
    with pytest.raises(WeightsError, match=message):
        parse_weights(json.dumps(data), FEATURES, "2p")
    tea_garden = SHIPPED.parents[2] / "tea_garden" / "data" / "learned_2p.json"
    with pytest.raises(WeightsError, match="not 'sencha'"):
        parse_weights(tea_garden.read_text(encoding="utf-8"), FEATURES, "2p")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_weights_ship_for_each_player_count(players: int) -> None:
    """Each shipped Sencha file is found by its table, parses for its own player count only,
    and its recipe is the command that made it, with held-out figures."""
    game = SenchaGame(num_seats=players)
    weights = shipped_weights(game)
    assert weights is not None and weights.players == players
    assert weights.variant == FEATURES.variant(game) == f"{players}p"
    command = str(weights.recipe["command"])
    assert command.startswith("tea-tui train --game sencha") and f"--players {players}" in command
    path = SHIPPED.with_name(f"learned_{players}p.json")
    text = path.read_text(encoding="utf-8")
    assert json.loads(text)["fit"]["held_out_games"] > 0
    for other in (2, 3, 4):
        if other != players:
            with pytest.raises(WeightsError):
                parse_weights(text, FEATURES, f"{other}p")
