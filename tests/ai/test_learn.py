"""The learned evaluation: features see only the observation, shipped weights load and are
checked, fits recover known weights, records and the train command work, eval=learned plays."""

from __future__ import annotations

import json
import math

import msgspec
import pytest

from ai.agents import make_agent, parse_search
from ai.arena import ArenaConfig
from ai.learn.calibration import reliability
from ai.learn.model import (
    FORMAT,
    LearnedEvaluator,
    WeightsError,
    parse_weights,
    shipped_weights,
)
from ai.learn.record import RecordedGame, record_game
from ai.mcts import MctsAgent
from ai.tea_garden.features import FEATURES, NAMES, VERSION, state_features
from core.rng import Rng
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from tests.ai.positions import midgame
from tests.ai.test_agents import play_out


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 5), (4, 7)])
def test_features_depend_only_on_the_observation(players: int, seed: int) -> None:
    """Two states that differ only in what a seat cannot see (other hands, deck orders, face-down
    piles) give that seat the same vector, while the samples really differ."""
    game = TeaGardenGame(num_seats=players)
    state = midgame(players, seed)
    truth = state_features(state)
    for seat in range(players):
        observation = state.observation(seat)
        samples = [game.determinize(observation, Rng.from_seed(k)) for k in (1, 2)]
        others = [i for i in range(players) if i != seat]
        assert any(samples[0].players[i].hand != samples[1].players[i].hand for i in others) or (
            samples[0].board.action_deck != samples[1].board.action_deck
        ), "the samples should differ in hidden information"
        for sample in samples:
            assert state_features(sample)[seat] == truth[seat]
        assert len(truth[seat]) == len(NAMES)


def test_shipped_weights_load_and_fit_the_features() -> None:
    """The 2-player weights ship, name the game's features and version, and carry the recipe
    that reproduces them; loading needs no numpy."""
    weights = shipped_weights(TeaGardenGame(num_seats=2))
    assert weights is not None
    assert weights.names == NAMES and weights.version == VERSION and weights.players == 2
    assert str(weights.recipe["command"]).startswith("tea-tui train")
    assert {"seed", "seats", "games"} <= set(weights.recipe)
    # The margin model prefers a lead: more points now, a higher expected margin.
    state = midgame(2, 11)
    rewards = LearnedEvaluator(FEATURES, weights)(state)
    assert all(0.0 <= r <= 1.0 for r in rewards)
    ahead = state.clone()
    ahead.players[0].vp += 30
    assert LearnedEvaluator(FEATURES, weights)(ahead)[0] > rewards[0]
    # The calibrated chance rises with the margin the search reports.
    x = state_features(state)[0]
    low, high = (weights.chance_of_margin("hand", x, m, 2.0) for m in (-20.0, 20.0))
    assert 0.0 < low < 0.5 < high < 1.0


@pytest.mark.parametrize(("players", "puerh"), [(3, False), (4, False), (4, True)])
def test_more_player_weights_ship_and_play(players: int, puerh: bool) -> None:
    """The weights of larger setups load for their game, and eval=learned plays there."""
    game = TeaGardenGame(num_seats=players, options=Options(puerh=puerh))
    weights = shipped_weights(game)
    assert weights is not None and weights.players == players
    rewards = LearnedEvaluator(FEATURES, weights)(midgame(players, 5, puerh=puerh))
    assert len(rewards) == players and all(0.0 <= r <= 1.0 for r in rewards)
    assert make_agent("mcts:iters=8+eval=learned", game).spec == "mcts:iters=8+eval=learned"


def test_missing_weights_say_how_to_train_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a setup's file missing, eval=learned would name the command for that very setup."""
    import importlib

    known = importlib.import_module("ai.tea_garden.knowledge")  # the attribute is the function
    monkeypatch.setattr(known, "shipped_weights", lambda game: None)
    game = TeaGardenGame(num_seats=4, options=Options(puerh=True))
    with pytest.raises(ValueError, match=r"'4p_puerh'.*--players 4 --puerh"):
        make_agent("mcts:iters=8+eval=learned", game)


def test_no_weights_for_a_game_against_lu_yu() -> None:
    """Learned weights are per setup: none against the automa, and a clear error for
    eval=learned there."""
    game = TeaGardenGame(num_seats=2, luyu_seat=1, start_seat=0)
    assert shipped_weights(game) is None
    with pytest.raises(ValueError, match="no learned evaluation"):
        make_agent("mcts:iters=10+eval=learned", game)
    assert FEATURES.variant(TeaGardenGame(num_seats=3, options=Options(puerh=True))) == "3p_puerh"


def _file(**changes: object) -> str:
    data: dict[str, object] = {
        "format": FORMAT,
        "game": "tea_garden",
        "variant": "2p",
        "players": 2,
        "features": {"version": VERSION, "names": list(NAMES)},
        "recipe": {"command": "tea-tui train"},
        "win": {"bias": 0.0, "weights": [0.0] * len(NAMES)},
        "margin": {"bias": 1.0, "weights": [0.5] * len(NAMES)},
        "chance": {
            "hand": {"bias": 0.0, "weights": [0.0] * len(NAMES) + [0.1, 0.0]},
            "learned": {"bias": 0.0, "weights": [0.0] * len(NAMES) + [0.1, 0.0]},
        },
    }
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"features": {"version": VERSION + 1, "names": list(NAMES)}}, "version"),
        ({"features": {"version": VERSION, "names": ["live"]}}, "names differ"),
        ({"variant": "3p"}, "not '2p'"),
        ({"game": "sencha"}, "not 'tea_garden'"),
        ({"format": 99}, "format"),
        ({"margin": {"bias": 0.0, "weights": [1.0]}}, "expected 13 numbers"),
        ({"chance": {"hand": {"bias": 0, "weights": [0, 0, 0]}}}, "chance"),
    ],
)
def test_weights_that_do_not_fit_are_refused(changes: dict[str, object], message: str) -> None:
    """A file fitted to other features (or setup) is refused with a clear reason."""
    assert parse_weights(_file(), FEATURES, "2p").margin.bias == 1.0
    with pytest.raises(WeightsError, match=message):
        parse_weights(_file(**changes), FEATURES, "2p")
    with pytest.raises(WeightsError, match="not JSON"):
        parse_weights("{oops", FEATURES, "2p")


def test_fit_recovers_known_weights() -> None:
    """Least squares and the logistic regression find the weights synthetic data was made
    with (the ridge penalty is small)."""
    pytest.importorskip("numpy")
    from ai.learn.regression import fit_linear, fit_logistic

    rng = Rng.from_seed(3)
    rows = [[rng.random() * 10 - 5, rng.random() * 4, 1.0] for _ in range(4000)]
    linear = fit_linear(rows, [2.0 + 3.0 * a - 1.5 * b for a, b, _ in rows])
    assert linear.bias == pytest.approx(2.0, abs=0.05)
    assert linear.weights[0] == pytest.approx(3.0, abs=0.02)
    assert linear.weights[1] == pytest.approx(-1.5, abs=0.02)
    assert linear.weights[2] == 0.0  # a constant column gets no weight
    wins = []
    for a, b, _ in rows:
        p = 1.0 / (1.0 + math.exp(-(0.5 + 0.8 * a - 1.0 * b)))
        wins.append(1.0 if rng.random() < p else 0.0)
    logistic = fit_logistic(rows, wins)
    assert logistic.bias == pytest.approx(0.5, abs=0.25)
    assert logistic.weights[0] == pytest.approx(0.8, abs=0.1)
    assert logistic.weights[1] == pytest.approx(-1.0, abs=0.15)


def test_a_recorded_game_holds_every_turn_start() -> None:
    """A recorded game gives each turn's start every seat's vector, and margins and win
    shares that agree with the final scores."""
    config = ArenaConfig(seats=("heuristic", "heuristic"), games=1, seed=4)
    game = record_game(config, 0)
    assert len(game.positions) > 30
    assert all(len(x) == len(NAMES) for p in game.positions for x in p.features)
    margins = game.margins()
    assert margins[0] == -margins[1] == game.scores[0] - game.scores[1]
    assert game.rewards[0] == (1.0 if margins[0] > 0 else 0.5 if margins[0] == 0 else 0.0)
    movers = [p.mover for p in game.positions]
    assert movers[0] == -1 and set(movers[1:]) == {0, 1}
    assert game == msgspec.msgpack.decode(msgspec.msgpack.encode(game), type=RecordedGame)


def test_eval_learned_parses_and_plays() -> None:
    """``mcts:iters=N+eval=learned`` builds a search on the learned evaluation and plays legal
    moves through a whole game; a bad evaluation name is refused."""
    assert parse_search("iters=30+eval=learned").evaluation == "learned"
    assert parse_search("eval=learned").budget.iterations == 1800
    assert parse_search("hard").evaluation is None  # the game's level evaluation
    game = TeaGardenGame(num_seats=2)
    # The level word searches the game's level evaluation, an iteration spec the hand-tuned one.
    assert isinstance(make_agent("mcts:hard", game).agent.knowledge.evaluator, LearnedEvaluator)
    hand = make_agent("mcts:iters=8", game).agent
    assert isinstance(hand, MctsAgent)
    assert not isinstance(hand.knowledge.evaluator, LearnedEvaluator)
    player = make_agent("mcts:iters=8+eval=learned", game)
    assert isinstance(player.agent, MctsAgent)
    assert isinstance(player.agent.knowledge.evaluator, LearnedEvaluator)
    assert play_out(game, ["mcts:iters=8+eval=learned", "heuristic"], seed=2) > 100
    with pytest.raises(ValueError, match="eval is hand or learned"):
        make_agent("mcts:iters=8+eval=guess", game)


def test_reliability_buckets_and_brier() -> None:
    """Predictions fall into 10-point buckets; the Brier score is the mean squared error."""
    table = reliability([0.05, 0.15, 0.12, 0.95], [0.0, 1.0, 0.0, 1.0])
    assert [(b.low, b.count) for b in table.buckets] == [(0.0, 1), (0.1, 2), (0.9, 1)]
    assert table.buckets[1].observed == 0.5
    assert table.buckets[1].predicted == pytest.approx(0.135)
    expected = (0.05**2 + 0.85**2 + 0.12**2 + 0.05**2) / 4
    assert table.brier == pytest.approx(expected)
    assert table.worst_gap() == pytest.approx(0.365)


def test_cross_validation_judges_every_game_once() -> None:
    """K folds, each holding out another share of the deals: every recorded position is
    predicted once, by a model fitted without its game; too few folds or games are refused."""
    pytest.importorskip("numpy")
    from ai.learn.fit import chance_rows, cross_validated
    from ai.learn.record import record_games

    games = record_games(ArenaConfig(seats=("heuristic", "heuristic"), games=12, seed=6))
    tables = cross_validated(games, 3)
    assert tables["win"].count == sum(len(g.positions) * 2 for g in games)
    assert tables["chance_hand"].count == len(chance_rows(games, None)[1])
    assert 0.0 < tables["win"].brier < 0.25  # better than always saying 50%
    with pytest.raises(ValueError, match="at least 2 folds"):
        cross_validated(games, 1)
    with pytest.raises(ValueError, match="too few games"):
        cross_validated(games, 7)
