"""A playing MCTS agent searches a turn once and follows its tree through the later decisions;
after a reveal it tops the kept tree up. It still never knows more than its observation."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from ai.agents import level_spec, make_agent, parse_search
from ai.base import Budget, Evaluator, SearchResult
from ai.mcts import CLOCK_FIRST, SPENT_REVEAL, TOP_UP, MctsAgent
from ai.tea_garden.knowledge import tea_garden_turn_start
from core.engine import State
from core.rng import Rng
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from tests.ai.positions import midgame
from tests.ai.test_no_peeking import hidden_twin

BUDGET = Budget(iterations=120)


class Decision:
    """One decision played by :func:`play_turns`: what the agent was given and found."""

    def __init__(
        self,
        wanted: int,
        given: int,
        exact: bool | None,
        result: SearchResult,
        turn: int = 0,
        seconds: float | None = None,
    ) -> None:
        self.turn = turn
        """Which of the played turns it belongs to (1 for the first)."""
        self.wanted = wanted
        """The decision's share of the budget."""
        self.given = given
        """The iterations :meth:`MctsAgent.budget_for` gave it."""
        self.exact = exact
        """None for a new tree, else whether the kept tree was exact."""
        self.result = result
        self.seconds = seconds
        """The seconds :meth:`MctsAgent.budget_for` gave it."""


def play_turns(
    agent: MctsAgent, state: TeaGardenState, turns: int, budget: Budget = BUDGET
) -> list[Decision]:
    """Let ``agent`` play its seat for ``turns`` turns (the other seat plays its first legal
    move), through budget_for and search as the worker does; return its decisions."""
    seat = state.current_seat()
    assert seat is not None
    rng = Rng.from_seed(4)
    out: list[Decision] = []
    started = 0
    while not state.is_over():
        legal = state.legal_moves()
        if state.current_seat() != seat:
            state.apply(legal[0])
            continue
        if tea_garden_turn_start(state):
            started += 1
            if started > turns:
                break
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        view = state.observation(seat)
        share = budget.scaled(agent.knowledge.decision_weight(view, legal))
        given = agent.budget_for(view, legal, budget)
        plan = agent._plan
        if agent.follow:
            assert plan is not None and plan[0] is view
        exact = None if plan is None or plan[1] is None else plan[2]
        result = agent.search(view, legal, given, rng)
        assert share.iterations is not None and given.iterations is not None
        out.append(
            Decision(share.iterations, given.iterations, exact, result, started, given.seconds)
        )
        state.apply(result.move)
    return out


def test_later_decisions_of_a_turn_top_the_tree_up_to_their_budget() -> None:
    """A turn's first decision gets its whole share; a later one only what its kept subtree
    lacks, so every decision ends with at least its share of visits at its root."""
    game = TeaGardenGame(num_seats=2)
    decisions = play_turns(MctsAgent(game), midgame(seed=11), turns=4)
    fresh = [d for d in decisions if d.exact is None]
    kept = [d for d in decisions if d.exact]
    assert fresh and len(kept) >= 4
    for d in fresh:
        assert d.given == d.wanted
    for d in decisions:
        visits = sum(s.visits for s in d.result.ranked)
        assert visits >= d.wanted
        if d.exact and d.given > 1:  # topped up to exactly the share
            assert visits == d.wanted
    assert sum(d.given for d in decisions) < 0.6 * sum(d.wanted for d in decisions)


def test_a_reveal_tops_the_kept_tree_up_by_a_share() -> None:
    """After a move that revealed something, the kept subtree stays (its visits count towards
    the root's), and the decision searches at least ``TOP_UP`` of its share on top."""
    game = TeaGardenGame(num_seats=2)
    decisions = play_turns(MctsAgent(game), midgame(seed=12), turns=8)
    revealed = [d for d in decisions if d.exact is False]
    assert revealed
    for d in revealed:
        assert d.given >= math.ceil(TOP_UP * d.wanted)
        held = sum(s.visits for s in d.result.ranked) - d.result.iterations
        assert held > 0 or d.given == d.wanted


def test_without_following_every_decision_gets_its_whole_share() -> None:
    """``+follow=0``: the old way, each decision searched with its whole share."""
    game = TeaGardenGame(num_seats=2)
    agent = make_agent("mcts:iters=120+follow=0", game).agent
    assert isinstance(agent, MctsAgent) and not agent.follow
    for d in play_turns(agent, midgame(seed=11), turns=2):
        assert d.given == d.wanted


def test_a_move_other_than_the_chosen_one_keeps_nothing() -> None:
    """When the move played is not the one the search chose (and it revealed nothing), the
    next decision starts a new tree with its whole share."""
    game = TeaGardenGame(num_seats=2)
    state = midgame(seed=11)
    seat = state.current_seat()
    assert seat is not None
    agent = MctsAgent(game)
    view, legal = state.observation(seat), state.legal_moves()
    chosen = agent.search(view, legal, BUDGET, Rng.from_seed(1)).move
    other = next(m for m in legal if m != chosen and str(m).startswith("select"))
    state.apply(other)
    view, legal = state.observation(seat), state.legal_moves()
    assert agent.budget_for(view, legal, BUDGET) == BUDGET
    assert agent._plan is not None and agent._plan[1] is None


def _twin_turns(state: State, twin: State, seat: int) -> int:
    """Play one agent per state through the seat's decisions while both observations agree;
    return how many decisions were compared (the searches must agree at each)."""
    game = TeaGardenGame(num_seats=2)
    agents = [MctsAgent(game), MctsAgent(game)]
    rngs = [Rng.from_seed(3), Rng.from_seed(3)]
    compared = 0
    while not state.is_over() and compared < 12:
        views = [s.observation(seat) for s in (state, twin)]
        if views[0] != views[1]:
            break
        legal = state.legal_moves()
        assert legal == twin.legal_moves()
        if state.current_seat() != seat or len(legal) == 1:
            state.apply(legal[0])
            twin.apply(legal[0])
            continue
        results = []
        for agent, view, rng in zip(agents, views, rngs, strict=True):
            budget = agent.budget_for(view, legal, Budget(iterations=60))
            results.append(agent.search(view, legal, budget, rng))
        assert results[0].ranked == results[1].ranked
        compared += 1
        state.apply(results[0].move)
        twin.apply(results[0].move)
    return compared


def test_following_ignores_hidden_cards() -> None:
    """Two states that differ only in hidden cards: a followed turn has the same searches,
    decision by decision, as long as what the seat sees is the same."""
    state = midgame(seed=13)
    seat = state.current_seat()
    assert seat is not None
    assert _twin_turns(state, hidden_twin(state, seat), seat) >= 3


class SeatsEvaluated:
    """An evaluator that notes whose decision it is in each state it evaluates."""

    def __init__(self, evaluate: Evaluator) -> None:
        self.evaluate = evaluate
        self.seats: list[int | None] = []

    def __call__(self, state: State) -> tuple[float, ...]:
        self.seats.append(state.current_seat())
        return self.evaluate(state)


def test_replies_move_the_evaluation_to_the_next_turn_of_the_searcher() -> None:
    """Without replies a 2-player simulation is evaluated when the other seat's turn begins;
    with ``reply=1`` after that turn too, mostly when the searching seat's next turn begins."""
    game = TeaGardenGame(num_seats=2)
    state = midgame(seed=11)
    me = state.current_seat()
    assert me is not None
    shares = []
    for replies in (0, 1):
        agent = MctsAgent(game, replies=replies)
        evaluate = agent.knowledge.evaluator
        assert evaluate is not None
        seen = SeatsEvaluated(evaluate)
        agent.knowledge = replace(agent.knowledge, evaluator=seen)
        agent.search(
            state.observation(me), state.legal_moves(), Budget(iterations=60), Rng.from_seed(2)
        )
        shares.append(sum(s == me for s in seen.seats) / len(seen.seats))
    # After a pass the other seat takes its turns in a row: those evaluations stay with it.
    assert shares[0] < 0.1 and shares[1] > 0.6


def test_spec_settings_reach_the_agent() -> None:
    """``reply`` and ``follow`` in a seat spec set the agent; the budget stays as given."""
    game = TeaGardenGame(num_seats=2)
    player = make_agent("mcts:iters=40+reply=1+follow=0", game)
    assert player.budget == Budget(iterations=40)
    agent = player.agent
    assert isinstance(agent, MctsAgent) and agent.replies == 1 and not agent.follow
    plain = make_agent("mcts:normal", game).agent
    assert isinstance(plain, MctsAgent) and plain.replies == 0 and plain.follow
    assert parse_search("iters=9+depth=2").depth == 2
    assert parse_search("hard").follow


def test_keep_tops_an_exact_tree_up_to_a_share_only() -> None:
    """``+keep=F``: a later decision whose kept tree is exact searches only up to F of its
    share, so a turn costs less; a reveal still searches at least ``TOP_UP`` on top."""
    game = TeaGardenGame(num_seats=2)
    agent = make_agent("mcts:iters=120+keep=0.25", game).agent
    assert isinstance(agent, MctsAgent) and agent.keep == 0.25
    decisions = play_turns(agent, midgame(seed=11), turns=4)
    full = play_turns(MctsAgent(game), midgame(seed=11), turns=4)
    kept = [d for d in decisions if d.exact]
    assert kept
    first_of_turn = {d.turn: d for d in reversed(decisions)}
    for d in kept:
        visits = sum(s.visits for s in d.result.ranked)
        if d is first_of_turn[d.turn]:  # reached on the tree of the turn before: planned afresh
            assert visits >= d.wanted
        else:
            assert d.given == 1 or visits == math.ceil(0.25 * d.wanted)
    for d in decisions:
        if d.exact is False:
            assert d.given >= math.ceil(TOP_UP * d.wanted)
    assert sum(d.given for d in decisions) < sum(d.given for d in full)
    try:
        parse_search("iters=9+keep=0")
    except ValueError as exc:
        assert "keep" in str(exc)
    else:
        raise AssertionError("keep=0 was accepted")


def test_a_turn_pool_bounds_what_a_whole_turn_searches() -> None:
    """``+turn=F``: a turn's decisions together search at most F times the decision budget;
    once the pool is spent an exact decision follows its tree (one iteration) and a reveal
    searches ``SPENT_REVEAL`` of the budget. Without a pool the same turns search more."""
    game = TeaGardenGame(num_seats=2)
    agent = make_agent("mcts:iters=120+turn=1.5", game).agent
    assert isinstance(agent, MctsAgent) and agent.turn == 1.5
    pooled = play_turns(agent, midgame(seed=11), turns=4)
    free = play_turns(MctsAgent(game), midgame(seed=11), turns=4)
    turns: dict[int, list[Decision]] = {}
    for d in pooled:
        turns.setdefault(d.turn, []).append(d)
    assert len(turns) >= 3
    least = math.ceil(SPENT_REVEAL * 120)
    for turn in turns.values():
        # a turn's first decision gets its whole share, even on a tree kept from the turn
        # before (a seat whose opponents have passed plays on without a reply)
        assert turn[0].given == turn[0].wanted
        spent = after = 0  # after: what the decisions got once the pool was spent
        for d in turn:
            if spent >= 180:
                assert d.given == (1 if d.exact else least)
                after += d.given
            else:
                assert d.given <= max(180 - spent, least)
            spent += d.result.iterations
        assert spent <= 180 + least + after
    assert sum(d.result.iterations for d in pooled) < sum(d.result.iterations for d in free)
    for bad in ("iters=9+turn=0.5", "iters=9+turn=many"):
        with pytest.raises(ValueError, match="turn"):
            parse_search(bad)
    with pytest.raises(ValueError, match="turn"):
        MctsAgent(game, turn=0.9)


def test_a_turn_clock_bounds_the_seconds_a_whole_turn_searches() -> None:
    """``+clock=S``: a turn's first decision may search ``CLOCK_FIRST`` of S seconds; each
    later one at most what is left after the time its turn has taken so far (searches and
    their planning), and once that is gone one iteration on its kept tree."""
    game = TeaGardenGame(num_seats=2)
    agent = make_agent("mcts:iters=100000+clock=0.15", game).agent
    assert isinstance(agent, MctsAgent) and agent.clock == 0.15
    decisions = play_turns(agent, midgame(seed=11), turns=3, budget=Budget(iterations=100000))
    turns: dict[int, list[Decision]] = {}
    for d in decisions:
        turns.setdefault(d.turn, []).append(d)
    assert len(turns) >= 2
    for turn in turns.values():
        assert turn[0].seconds == pytest.approx(CLOCK_FIRST * 0.15)
        searched = turn[0].result.seconds
        for d in turn[1:]:
            assert d.seconds is not None
            assert d.seconds <= max(0.15 - searched, 0.001) + 1e-9
            searched += d.result.seconds
        assert all(d.result.iterations < 100000 for d in turn)  # the clock ended every search
    for bad in ("iters=9+clock=0", "iters=9+clock=-1", "iters=9+clock=soon"):
        with pytest.raises(ValueError, match="clock"):
            parse_search(bad)
    with pytest.raises(ValueError, match="clock"):
        MctsAgent(game, clock=0.0)


def test_a_level_word_searches_on_its_clock_and_its_spec_on_iterations_alone() -> None:
    """``mcts:normal`` in play has a 1.9 s clock per turn; the spec the arena's ladder plays it
    as (``level_spec``) has none, so that its results do not depend on the machine."""
    game = TeaGardenGame(num_seats=2)
    agent = make_agent("mcts:normal", game).agent
    assert isinstance(agent, MctsAgent) and agent.clock == 1.9
    assert parse_search("normal").clock == 1.9
    assert parse_search(level_spec("normal")).clock is None


def test_a_level_clock_grows_with_the_turns_its_lap_searches() -> None:
    """A level word's clock is for two seats; with three and four its lap searches four and
    five turns instead of three, and its clock and time budget grow alike. An explicit
    ``clock=S`` means S seconds at any table."""
    for seats in (2, 3, 4):
        player = make_agent("mcts:normal", TeaGardenGame(num_seats=seats))
        assert isinstance(player.agent, MctsAgent)
        scale = (seats + 1) / 3
        assert player.agent.clock == pytest.approx(1.9 * scale)
        assert player.budget.seconds == pytest.approx(1.9 * scale)
        assert player.budget.iterations == 1800
        explicit = make_agent("mcts:iters=99+depth=lap+clock=1.9", TeaGardenGame(num_seats=seats))
        assert isinstance(explicit.agent, MctsAgent) and explicit.agent.clock == 1.9


def test_a_turn_clock_runs_on_when_a_decision_keeps_no_tree() -> None:
    """A decision inside a turn that kept no tree (an ensemble played a move this tree never
    tried) does not start the turn's clock again: it gets what is left of it."""
    game = TeaGardenGame(num_seats=2)
    state = midgame(seed=11)
    seat = state.current_seat()
    assert seat is not None and tea_garden_turn_start(state)
    agent = MctsAgent(game, clock=0.2)
    big = Budget(iterations=100000)
    view, legal = state.observation(seat), state.legal_moves()
    first = agent.budget_for(view, legal, big)
    assert first.seconds == pytest.approx(CLOCK_FIRST * 0.2)
    result = agent.search(view, legal, first, Rng.from_seed(1))
    state.apply(result.move)
    while len(state.legal_moves()) == 1 and state.current_seat() == seat:
        state.apply(state.legal_moves()[0])
    assert state.current_seat() == seat and not tea_garden_turn_start(state)
    agent._last = None  # the tree is gone
    later = agent.budget_for(state.observation(seat), state.legal_moves(), big)
    assert later.seconds is not None
    assert later.seconds <= max(0.2 - result.seconds, 0.001) + 1e-9
