"""Small-budget searches find the obviously best move in constructed positions."""

from __future__ import annotations

from ai.agents import make_agent
from ai.base import Budget
from ai.heuristic import HeuristicAgent
from ai.mcts import MctsAgent
from core.rng import Rng
from core.tasting import Play, TastingGame, TastingState
from core.tea_garden import moves as mv
from tests.ai.positions import caravan_position


def test_mcts_takes_the_caravan_worth_most() -> None:
    """Among 85 main actions, a 150-iteration search takes Caravan cv_a03 at strength 8
    (9 VP and a token on top of its trade), worth far more than anything else."""
    game, state = caravan_position()
    legal = state.legal_moves()
    assert len(legal) > 50
    result = MctsAgent(game).search(
        state.observation(0), legal, Budget(iterations=150), Rng.from_seed(1)
    )
    move = result.move
    top = result.ranked[:3]
    assert isinstance(move, mv.TakeCaravan) and (move.slot, move.strength) == (1, 2), top
    assert result.win_chance > 0.5


def test_heuristic_takes_the_caravan_worth_most() -> None:
    """The greedy player sees it too."""
    game, state = caravan_position()
    move = HeuristicAgent(game).choose(
        state.observation(0), state.legal_moves(), Budget(), Rng.from_seed(1)
    )
    assert isinstance(move, mv.TakeCaravan) and (move.slot, move.strength) == (1, 2)


def test_mcts_finds_the_forced_win_in_tasting_duel() -> None:
    """Seat 1 follows an 8 on a tea worth 7 holding 3 and 9: only the 9 wins the game, whatever
    the opponent's last card (1 or 6) is."""
    game = TastingGame()
    state = TastingState(
        rng=Rng.from_seed(0),
        hands=[[1], [3, 9]],
        teas=[6],
        tea=7,
        leader=0,
        table=[8],
        points=[2, 0],
        seen=[2, 5, 4, 7, 8],
    )
    assert state.current_seat() == 1
    player = make_agent("mcts:iters=50", game)
    for seed in range(5):
        move = player.agent.choose(
            state.observation(1), state.legal_moves(), player.budget, Rng.from_seed(seed)
        )
        assert move == Play(9)
