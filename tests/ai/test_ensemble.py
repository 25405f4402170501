"""Several trees for one decision (``trees=K``): the merge, the members following the merged
move, and the same moves whether the trees think one after another or in processes at once."""

from __future__ import annotations

import pytest

from ai.agents import make_agent, parse_search
from ai.base import Budget, MoveStat, SearchResult
from ai.ensemble import Ensemble, member_budget, member_seeds, merge
from ai.mcts import MctsAgent
from ai.tea_garden.knowledge import tea_garden_turn_start
from ai.worker import AgentWorker
from core.moves import Move
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.game import TeaGardenGame
from tests.ai.positions import midgame


def _result(stats: list[tuple[Move, int, float]]) -> SearchResult:
    ranked = tuple(MoveStat(move=m, visits=n, value=v, win_chance=v) for m, n, v in stats)
    return SearchResult(move=ranked[0].move, ranked=ranked, iterations=10, seconds=0.5)


def test_merge_adds_visits_and_weights_values_by_them() -> None:
    """Visits are summed, values weighted by visits; the most visited move wins even when one
    tree alone preferred another; an untried move ranks last with no value."""
    a, b, c = mv.Pass(), mv.Harvest(), mv.Ferment()
    one = _result([(a, 6, 0.6), (b, 4, 0.5)])
    two = _result([(b, 5, 0.7), (a, 2, 0.3)])
    merged = merge([one, two], [a, b, c], lambda v: v)
    assert [s.move for s in merged.ranked] == [b, a, c]
    assert merged.move == b and merged.ranked[0].visits == 9
    assert merged.ranked[0].value == pytest.approx((4 * 0.5 + 5 * 0.7) / 9)
    assert merged.ranked[1].value == pytest.approx((6 * 0.6 + 2 * 0.3) / 8)
    assert merged.ranked[2].visits == 0 and merged.ranked[2].win_chance == 0.0
    assert merged.iterations == 20 and merged.seconds == 0.5


def test_member_budgets_split_iterations_and_time_as_the_trees_think() -> None:
    """A member gets a K-th of the iterations; the whole time when the trees think at once, a
    K-th of it when they think one after another. Member seeds differ and are reproducible."""
    budget = Budget(iterations=1801, seconds=2.0)
    assert member_budget(budget, 2, parallel=True) == Budget(iterations=901, seconds=2.0)
    assert member_budget(budget, 2, parallel=False) == Budget(iterations=901, seconds=1.0)
    seeds = member_seeds(Rng.from_seed(5), 3)
    assert len(set(seeds)) == 3 and seeds == member_seeds(Rng.from_seed(5), 3)


def test_a_trees_spec_builds_an_ensemble_and_bad_counts_are_refused() -> None:
    """``trees=K`` plays as K trees sharing the turn's clock one after another; K goes from 1
    to 8 and is whole."""
    game = TeaGardenGame(num_seats=2)
    player = make_agent("mcts:iters=90+clock=3+trees=3", game)
    assert isinstance(player.agent, Ensemble) and player.agent.trees == 3
    assert all(m.clock == pytest.approx(1.0) for m in player.agent.members)
    assert isinstance(make_agent("mcts:iters=90+trees=1", game).agent, MctsAgent)
    assert parse_search("iters=90+trees=4").trees == 4
    for bad in ("iters=9+trees=0", "iters=9+trees=9", "iters=9+trees=1.5", "iters=9+trees=x"):
        with pytest.raises(ValueError, match="trees"):
            parse_search(bad)


def test_a_member_follows_the_move_the_ensemble_played() -> None:
    """After :meth:`MctsAgent.adopt`, the next decision is planned on the subtree of the
    adopted move, not of the move the member's own search ranked first."""
    game = TeaGardenGame(num_seats=2)
    state = midgame(seed=11)
    seat = state.current_seat()
    assert seat is not None
    agent = MctsAgent(game)
    legal = state.legal_moves()
    result = agent.search(state.observation(seat), legal, Budget(iterations=200), Rng.from_seed(1))
    other = next(s.move for s in result.ranked[1:] if s.visits > 0)
    agent.adopt(other)
    state.apply(other)
    while len(state.legal_moves()) == 1 and state.current_seat() == seat:
        state.apply(state.legal_moves()[0])
    assert state.current_seat() == seat  # still this seat's turn: the tree is followed
    node, _, same_turn = agent._reusable(state.observation(seat), played=True)
    assert node is not None and same_turn
    assert agent._last is not None and node is agent._last[2].children[other]


def test_trees_in_processes_play_the_moves_of_trees_in_one_process() -> None:
    """The same seat, seeds and iteration budget give the same moves whether the trees search
    one after another here or at once in their own processes (members adopting the merged move
    between decisions in both)."""
    game = TeaGardenGame(num_seats=2)
    spec = "mcts:iters=60+depth=lap+keep=0.3+trees=2"
    local = make_agent(spec, game)
    here_state, there_state = midgame(seed=11), midgame(seed=11)
    seat = here_state.current_seat()
    assert seat is not None
    turns = 0
    searched = 0
    with AgentWorker(game, spec) as worker:
        assert worker.processes == 2
        while turns < 3 and not here_state.is_over():
            legal = here_state.legal_moves()
            if here_state.current_seat() != seat:
                here_state.apply(legal[0])
                there_state.apply(legal[0])
                continue
            if tea_garden_turn_start(here_state):
                turns += 1
            view = here_state.observation(seat)
            seed = 1000 + turns * 50 + searched
            move = local.agent.choose(view, legal, local.budget, Rng.from_seed(seed))
            answer = worker.result(worker.submit(view, legal, seed=seed), timeout=120)
            assert answer.move == move
            if len(legal) > 1:
                searched += 1
                assert answer.iterations >= 2
            here_state.apply(move)
            there_state.apply(answer.move)
    assert searched >= 5
    assert here_state.observation(seat) == there_state.observation(seat)
