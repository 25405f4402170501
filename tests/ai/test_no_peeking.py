"""Agents cannot use what their seat does not know: states that differ only in hidden items get
the same move."""

from __future__ import annotations

import pytest

from ai.agents import make_agent
from ai.base import Budget
from ai.mcts import MctsAgent
from core.rng import Rng
from core.tasting import TastingGame, TastingState
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from tests.ai.positions import midgame


def hidden_twin(state: TeaGardenState, seat: int) -> TeaGardenState:
    """Return a copy of ``state`` that differs only in what ``seat`` cannot see: another seat's
    split of hand and draw deck, every draw deck's order, the face-down decks' order, the Cup
    tiles under the top ones and the random generator."""
    twin = state.clone()
    other = twin.players[(seat + 1) % len(twin.players)]
    swap = next(i for i, c in enumerate(other.draw) if c not in other.hand)
    other.hand[0], other.draw[swap] = other.draw[swap], other.hand[0]
    for p in twin.players:
        p.draw.reverse()
    b = twin.board
    b.caravan_deck[:2] = b.caravan_deck[1::-1]
    b.emperor_deck.reverse()
    for stack in b.cup_stacks.values():
        stack[:-1] = stack[-2::-1]
    twin.rng = Rng.from_seed(12345)
    return twin


@pytest.mark.parametrize("spec", ["mcts:iters=60", "mcts:iters=60+depth=lap+own=1", "heuristic"])
def test_same_observation_same_move(spec: str) -> None:
    """Two Tea Garden states that differ only in hidden cards: the same move, every time."""
    game = TeaGardenGame(num_seats=2)
    for seed in (11, 12):
        state = midgame(seed=seed)
        seat = state.current_seat()
        assert seat is not None
        twin = hidden_twin(state, seat)
        assert twin != state
        assert twin.observation(seat) == state.observation(seat)
        moves = []
        for s in (state, twin):
            player = make_agent(spec, game)  # a fresh agent: no tree kept from the other state
            moves.append(
                player.agent.choose(
                    s.observation(seat), s.legal_moves(), player.budget, Rng.from_seed(1)
                )
            )
        assert moves[0] == moves[1]


def test_search_statistics_ignore_hidden_cards() -> None:
    """The whole MCTS result, not only the move, is the same for the two states."""
    game = TeaGardenGame(num_seats=2)
    state = midgame(seed=13)
    seat = state.current_seat()
    assert seat is not None
    twin = hidden_twin(state, seat)
    results = [
        MctsAgent(game).search(
            s.observation(seat), s.legal_moves(), Budget(iterations=60), Rng.from_seed(2)
        )
        for s in (state, twin)
    ]
    assert results[0].ranked == results[1].ranked


def test_tasting_opponent_hand_does_not_matter() -> None:
    """Tasting Duel: swapping the opponent's hand with the face-down teas changes nothing."""
    game = TastingGame()
    a = TastingState(rng=Rng.from_seed(1), hands=[[2, 5, 9], [1, 4, 7]], teas=[3, 6], tea=8)
    b = TastingState(rng=Rng.from_seed(2), hands=[[2, 5, 9], [3, 6, 7]], teas=[1, 4], tea=8)
    assert a.observation(0) == b.observation(0)
    moves = set()
    for s in (a, b):
        player = make_agent("mcts:iters=200", game)
        moves.add(
            player.agent.choose(s.observation(0), s.legal_moves(), player.budget, Rng.from_seed(4))
        )
    assert len(moves) == 1
