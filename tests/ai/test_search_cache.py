"""The search keeps the legal moves it met in its nodes; they must be exactly what the rules give.

A node keeps the observer's legal moves only while nothing but the observer's own moves and no
reveal lies between the root and the node. That is sound because of two properties of the
rules, checked here on random games: the legal moves of the seat to move follow from its
observation alone, and a move of the observer that reveals nothing leads to the same
observation in every sample. Then a search with the cache gives exactly the statistics of a
search that asks the rules every time.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ai.base import Budget
from ai.mcts import MctsAgent
from ai.tree import Node
from core.engine import Game, State
from core.moves import Move
from core.rng import Rng
from core.tasting import TastingGame
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from tests.ai.positions import midgame

GAMES: list[tuple[Game, str]] = [
    (TeaGardenGame(num_seats=2), "2 players"),
    (TeaGardenGame(num_seats=4), "4 players"),
    (TeaGardenGame(num_seats=3, options=Options(puerh=True)), "3 players with Puerh"),
    (TeaGardenGame(num_seats=2, luyu_seat=1, luyu_experts=3), "solo against Lu Yu"),
    (TastingGame(), "Tasting Duel"),
]
IDS = [label for _, label in GAMES]


def _step(state: State, rng: Rng) -> Move:
    legal = state.legal_moves()
    active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
    return rng.choice(active if active and rng.random() < 0.9 else legal)


@pytest.mark.parametrize(("game", "label"), GAMES, ids=IDS)
def test_legal_moves_follow_from_the_movers_observation(game: Game, label: str) -> None:
    """At every decision of two random games, samples of the mover's observation have the
    mover's legal moves; after a move of the mover that reveals nothing in either of two
    samples, both samples show the mover the same observation."""
    for seed in (1, 2):
        state = game.new_state(seed)
        rng = Rng.from_seed(seed)
        while not state.is_over():
            seat = state.current_seat()
            assert seat is not None
            view = state.observation(seat)
            legal = state.legal_moves()
            move = _step(state, rng)
            samples = [game.determinize(view, Rng.from_seed(seed * 7919 + k)) for k in (1, 2)]
            after = []
            for sample in samples:
                assert sample.legal_moves() == legal, label
                before = sample.reveals
                sample.apply_unchecked(move)
                if sample.reveals == before:
                    after.append(sample.observation(seat))
            if len(after) == 2:
                assert after[0] == after[1], (label, str(move))
            state.apply(move)


class CheckedAgent(MctsAgent):
    """An MCTS player that checks each kept list of legal moves against the rules."""

    hits = 0

    def _legal_at(self, node: Node, step: int, state: State) -> tuple[Move, ...]:
        kept = super()._legal_at(node, step, state)
        assert kept == state.legal_moves()
        CheckedAgent.hits += 1
        return kept


class UncachedAgent(MctsAgent):
    """An MCTS player that asks the rules for every list of legal moves."""

    def _legal_at(self, node: Node, step: int, state: State) -> tuple[Move, ...]:
        del node, step
        return state.legal_moves()

    def _widen(
        self, node: Node, state: State, legal: Sequence[Move], known: bool
    ) -> Sequence[Move]:
        del known
        return super()._widen(node, state, legal, False)


def _positions(game: Game, seed: int, every: int) -> list[State]:
    """Decision states of a seeded random game, one in ``every`` decisions with a choice."""
    state = game.new_state(seed)
    rng = Rng.from_seed(seed)
    out = []
    decisions = 0
    while not state.is_over():
        if len(state.legal_moves()) > 1:
            decisions += 1
            if decisions % every == 0:
                out.append(state.clone())
        state.apply(_step(state, rng))
    return out


@pytest.mark.parametrize(("game", "label"), GAMES, ids=IDS)
def test_kept_legal_moves_are_the_rules_moves(game: Game, label: str) -> None:
    """Searches from positions all through a game: every kept list equals the rules' list."""
    CheckedAgent.hits = 0
    for state in _positions(game, seed=3, every=25):
        seat = state.current_seat()
        assert seat is not None
        CheckedAgent(game).search(
            state.observation(seat), state.legal_moves(), Budget(iterations=30), Rng.from_seed(5)
        )
    # In the Tasting Duel every move is followed by the other seat's: nothing is kept there.
    assert CheckedAgent.hits > (50 if isinstance(game, TeaGardenGame) else -1), label


@pytest.mark.parametrize("players", [2, 4])
def test_a_search_with_the_cache_gives_the_same_statistics(players: int) -> None:
    """The kept lists change nothing but the time: the same visits and values per root move,
    and the same tree reused at the next decision."""
    game = TeaGardenGame(num_seats=players)
    state = midgame(players)
    seat = state.current_seat()
    assert seat is not None
    view, legal = state.observation(seat), state.legal_moves()
    results = []
    for agent in (MctsAgent(game), UncachedAgent(game)):
        first = agent.search(view, legal, Budget(iterations=150), Rng.from_seed(9))
        after = state.clone()
        after.apply(first.move)
        while len(after.legal_moves()) == 1:
            after.apply(after.legal_moves()[0])
        second = agent.search(
            after.observation(seat), after.legal_moves(), Budget(iterations=60), Rng.from_seed(2)
        )
        results.append((first.ranked, second.ranked))
    assert results[0] == results[1]
