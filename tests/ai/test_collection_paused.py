"""A search pauses Python's cyclic garbage collector while it runs (ai.base.collection_paused):
full collections walking the trees' nodes were what ran clocked turns past their clock. The
collector's state is left as the search found it, even when the search fails, and pausing it
changes no move: a search is the same pure function of its inputs."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from ai.base import Budget, collection_paused
from ai.mcts import MctsAgent
from core.engine import Observation
from core.moves import Move
from core.rng import Rng
from core.tea_garden.game import TeaGardenGame
from tests.ai.positions import midgame


@pytest.fixture
def collector_on() -> Iterator[None]:
    was_on = gc.isenabled()
    gc.enable()
    yield
    if not was_on:
        gc.disable()


def _position() -> tuple[TeaGardenGame, Observation, tuple[Move, ...]]:
    state = midgame(2, 5)
    game = TeaGardenGame(num_seats=2)
    return game, state.observation(state.seat), tuple(state.legal_moves())


def test_the_collector_is_off_while_a_search_runs_and_on_after(
    collector_on: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, observation, legal = _position()
    agent = MctsAgent(game)
    seen: list[bool] = []
    iterate = agent._iterate

    def spy(*args: object) -> None:
        seen.append(gc.isenabled())
        iterate(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(agent, "_iterate", spy)
    agent.search(observation, legal, Budget(iterations=30), Rng.from_seed(1))
    assert seen and not any(seen)
    assert gc.isenabled()


def test_a_failed_search_turns_the_collector_back_on(
    collector_on: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, observation, legal = _position()
    agent = MctsAgent(game)

    def broken(*args: object) -> None:
        raise RuntimeError("an evaluation failed")

    monkeypatch.setattr(agent, "_iterate", broken)
    with pytest.raises(RuntimeError):
        agent.search(observation, legal, Budget(iterations=5), Rng.from_seed(1))
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off() -> None:
    was_on = gc.isenabled()
    gc.disable()
    try:
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        if was_on:
            gc.enable()


def test_pausing_the_collector_changes_no_statistic(collector_on: None) -> None:
    """The same search with the collector forced on throughout gives the same statistics."""
    game, observation, legal = _position()
    budget = Budget(iterations=120)
    paused = MctsAgent(game).search(observation, legal, budget, Rng.from_seed(4)).ranked
    agent = MctsAgent(game)
    result = agent._search(observation, legal, budget, Rng.from_seed(4), None, None)
    assert gc.isenabled()
    assert [(s.move, s.visits, s.value) for s in result.ranked] == [
        (s.move, s.visits, s.value) for s in paused
    ]
