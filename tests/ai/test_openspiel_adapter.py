"""The OpenSpiel adapter: the registered game follows the engine move for move, resampling keeps
what the seat knows, and OpenSpiel's bots play whole arena games. Needs the openspiel extra."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from ai.agents import make_agent  # noqa: E402
from ai.arena import ArenaConfig, play_game  # noqa: E402
from ai.base import Budget  # noqa: E402
from ai.tea_garden.openspiel_adapter import (  # noqa: E402
    GAME_NAME,
    OpenSpielAgent,
    SpielGame,
    SpielState,
    zero_sum_returns,
)
from core.rng import Rng  # noqa: E402
from core.tasting import TastingGame  # noqa: E402
from core.tea_garden.game import TeaGardenGame  # noqa: E402


def random_walk(state: SpielState, steps: int, seed: int) -> None:
    """Apply ``steps`` random actions (fewer if the game ends first)."""
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (2, 9), (3, 5)])
def test_registered_game_follows_the_engine(players: int, seed: int) -> None:
    """Random games to the end: the actions are the engine's legal moves, in order, and the
    returns are the engine's outcome."""
    game = pyspiel.load_game(GAME_NAME, {"players": players, "rng_seed": seed})
    assert game.num_players() == players
    state = game.new_initial_state()
    engine = TeaGardenGame(num_seats=players).new_state(seed)
    rng = Rng.from_seed(seed)
    moves = 0
    while not state.is_terminal():
        legal = engine.legal_moves()
        assert state.current_player() == engine.current_seat()
        assert state.legal_actions() == list(range(len(legal)))
        assert state.legal_moves() == legal
        action = rng.choice(state.legal_actions())
        assert state.action_to_string(state.current_player(), action) == str(legal[action])
        state.apply_action(action)
        engine.apply(legal[action])
        moves += 1
    assert engine.is_over()
    assert state.engine_state == engine
    assert len(state.history()) == moves
    assert state.returns() == zero_sum_returns(engine.outcome().rewards())
    assert sum(state.returns()) == pytest.approx(0.0)


def test_clone_is_independent_and_equal() -> None:
    state = pyspiel.load_game(GAME_NAME).new_initial_state()
    random_walk(state, 25, seed=1)
    copy = state.clone()
    assert isinstance(copy, SpielState)
    assert copy.engine_state == state.engine_state
    assert copy.engine_state is not state.engine_state
    assert copy.history() == state.history()
    copy.apply_action(copy.legal_actions()[-1])
    assert copy.engine_state != state.engine_state


def test_returns_are_zero_sum_win_loss() -> None:
    assert zero_sum_returns((1.0, 0.0)) == [1.0, -1.0]
    assert zero_sum_returns((0.5, 0.5)) == [0.0, 0.0]
    assert zero_sum_returns((0.0, 1.0, 0.0)) == [-0.5, 1.0, -0.5]


def test_game_type_declares_sampled_chance_and_hidden_information() -> None:
    kind = pyspiel.load_game(GAME_NAME).get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize("steps", [0, 12, 40, 70])
def test_resample_keeps_what_the_seat_knows(steps: int) -> None:
    """A resampled state gives the seat to move the same information state and legal actions;
    across samples the other seat's hidden cards do change."""
    state = pyspiel.load_game(GAME_NAME, {"rng_seed": 3}).new_initial_state()
    random_walk(state, steps, seed=steps)
    seat = state.current_player()
    other = 1 - seat
    known = state.information_state_string(seat)
    assert known == state.observation_string(seat)
    assert known != state.information_state_string(other)
    others_views = set()
    for seed in range(6):
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == known
        assert sample.legal_actions() == state.legal_actions()
        assert sample.engine_state.observation(seat) == state.engine_state.observation(seat)
        others_views.add(sample.information_state_string(other))
    assert len(others_views) > 1, "resampling should re-deal what the seat cannot see"


def test_openspiel_bots_run_on_the_game_with_its_own_resampling() -> None:
    """OpenSpiel's bots, driven the OpenSpiel way (ISMCTS calls resample_from_infostate)."""
    game = pyspiel.load_game(GAME_NAME, {"rng_seed": 2})
    state = game.new_initial_state()
    random_walk(state, 5, seed=2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1)
    for bot in (
        ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=10),
        mcts.MCTSBot(game, 2.0, 10, evaluator),
    ):
        assert bot.step(state) in state.legal_actions()


def test_ismcts_seat_plays_a_whole_arena_game() -> None:
    config = ArenaConfig(seats=("openspiel-ismcts:iters=20", "random"), games=2, seed=5)
    record = play_game(config, 0)
    assert record.moves > 0
    assert sum(record.rewards) == pytest.approx(1.0)
    seat = record.agents.index(0)
    assert record.decisions[seat] > 0


def test_mcts_seat_plays_legal_moves() -> None:
    """OpenSpiel's MCTS on a determinization: legal moves for the first decisions of a game."""
    game = TeaGardenGame(num_seats=2)
    player = make_agent("openspiel-mcts:iters=10", game)
    state = game.new_state(8)
    rng = Rng.from_seed(8)
    for _ in range(30):
        seat = state.current_seat()
        assert seat is not None
        legal = state.legal_moves()
        move = player.agent.choose(state.observation(seat), legal, player.budget, rng)
        assert move in legal
        state.apply(move, seat=seat)


def test_iteration_budget_is_deterministic() -> None:
    game = TeaGardenGame(num_seats=2)
    state = game.new_state(6)
    seat = state.current_seat()
    assert seat is not None
    view, legal = state.observation(seat), state.legal_moves()
    for bot in ("ismcts", "mcts"):
        agent = OpenSpielAgent(game, bot)
        first = agent.choose(view, legal, Budget(iterations=15), Rng.from_seed(1))
        again = agent.choose(view, legal, Budget(iterations=15), Rng.from_seed(1))
        assert first == again
        assert agent.simulations == 15


def test_time_budget_stops_the_search() -> None:
    """A time budget ends the search near the deadline, with the tree built so far."""
    game = TeaGardenGame(num_seats=2)
    state = game.new_state(6)
    seat = state.current_seat()
    assert seat is not None
    for bot in ("ismcts", "mcts"):
        agent = OpenSpielAgent(game, bot)
        move = agent.choose(
            state.observation(seat), state.legal_moves(), Budget(seconds=0.2), Rng.from_seed(2)
        )
        assert move in state.legal_moves()
        assert agent.simulations >= 2


def test_any_engine_game_can_be_wrapped() -> None:
    """The adapter is generic: the Tasting Duel plays through it too."""
    game = TastingGame()
    spiel = SpielGame(engine=game)
    state = spiel.new_initial_state()
    random_walk(state, 1000, seed=1)
    assert state.is_terminal()
    agent = OpenSpielAgent(game, "ismcts")
    engine = game.new_state(3)
    rng = Rng.from_seed(3)
    while not engine.is_over():
        seat = engine.current_seat()
        assert seat is not None
        legal = engine.legal_moves()
        engine.apply(agent.choose(engine.observation(seat), legal, Budget(iterations=8), rng))
