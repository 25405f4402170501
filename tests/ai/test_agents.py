"""Every agent plays only legal moves, for every seat count; seat specs build the right agent."""

from __future__ import annotations

import pytest

from ai.agents import (
    LEVELS,
    RandomAgent,
    level_spec,
    make_agent,
    parse_budget,
    parse_level,
    parse_search,
    search_depth,
)
from ai.base import Agent, Budget, Searcher
from ai.heuristic import HeuristicAgent
from ai.mcts import MctsAgent
from core.engine import Game
from core.rng import Rng
from core.seats import SeatSpec
from core.tasting import TastingGame
from core.tea_garden.game import TeaGardenGame


def play_out(game: Game, specs: list[str], seed: int, max_moves: int = 10_000) -> int:
    """Play a game between ``specs``, checking every move against the legal moves."""
    players = [make_agent(spec, game) for spec in specs]
    state = game.new_state(seed)
    rng = Rng.from_seed(seed)
    moves = 0
    while not state.is_over() and moves < max_moves:
        seat = state.current_seat()
        assert seat is not None
        legal = state.legal_moves()
        view = state.observation(seat)
        before = state.clone()
        player = players[seat]
        move = player.agent.choose(view, legal, player.budget, rng)
        assert move in legal, f"{player.spec} chose {move}, not among {legal}"
        assert state == before, "an agent changed the state"
        state.apply(move, seat=seat)
        moves += 1
    return moves


@pytest.mark.parametrize("specs", [["heuristic", "random"], ["mcts:iters=4", "heuristic"]])
def test_two_player_tea_garden_game_only_legal_moves(specs: list[str]) -> None:
    """Whole 2-player games: random, heuristic and a tiny MCTS only ever return legal moves."""
    game = TeaGardenGame(num_seats=2)
    play_out(game, specs, seed=5)


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_seats_only_legal_moves(players: int) -> None:
    """3 and 4 seats: the agents play legal moves (the first 150 moves of a game)."""
    specs = ["mcts:iters=3", "heuristic", "random", "random"][:players]
    play_out(TeaGardenGame(num_seats=players), specs, seed=players, max_moves=150)


def test_tasting_duel_every_agent_legal() -> None:
    """Tasting Duel: every agent plays whole games legally."""
    game = TastingGame()
    for seed in range(5):
        play_out(game, ["mcts:iters=20", "heuristic"], seed)
        play_out(game, ["random", "mcts:iters=5"], seed)


def test_make_agent_by_spec() -> None:
    """Seat specs give the agent kind and the level's budget."""
    game = TeaGardenGame(num_seats=2)
    assert isinstance(make_agent("random", game).agent, RandomAgent)
    assert isinstance(make_agent("heuristic", game).agent, HeuristicAgent)
    player = make_agent("mcts:hard@Bo", game)
    assert isinstance(player.agent, MctsAgent)
    assert player.budget == LEVELS["hard"]
    assert player.spec == "mcts:hard"
    assert make_agent("mcts", game).budget == LEVELS["normal"]
    assert make_agent("mcts:iters=50", game).budget == Budget(iterations=50)
    assert make_agent("mcts:time=0.5", game).budget == Budget(seconds=0.5)
    assert isinstance(player.agent, Agent) and isinstance(player.agent, Searcher)
    assert not isinstance(make_agent("heuristic", game).agent, Searcher)


@pytest.mark.parametrize(
    "spec", ["human", "luyu:legendary", "mcts:superb", "heuristic:hard", "mcts:iters=0", "bogus"]
)
def test_make_agent_refuses(spec: str) -> None:
    """People, unknown levels (Lu Yu's too) and empty budgets are refused with a ValueError."""
    with pytest.raises(ValueError):
        make_agent(spec, TeaGardenGame(num_seats=2))


def test_levels_rise_in_strength() -> None:
    """Each level has more iterations than the one below, and a time cap."""
    iters = [LEVELS[name].iterations or 0 for name in ("easy", "normal", "hard", "expert")]
    assert iters == sorted(iters) and len(set(iters)) == 4
    assert all(b.seconds for b in LEVELS.values())
    assert parse_budget("iters=7") == Budget(iterations=7)
    assert parse_budget("iters=7+time=2") == Budget(iterations=7, seconds=2.0)
    with pytest.raises(ValueError):
        parse_budget("depth=3")  # a budget has no depth (OpenSpiel seats take budgets only)


def test_a_level_may_search_deeper() -> None:
    """``+depth=N`` sets how many turn ends a simulation passes before it is evaluated."""
    game = TeaGardenGame(num_seats=2)
    deep = make_agent("mcts:iters=40+depth=2", game)
    assert deep.budget == Budget(iterations=40)
    assert isinstance(deep.agent, MctsAgent) and deep.agent.knowledge.boundaries == 2
    plain = make_agent("mcts:iters=40", game).agent
    assert isinstance(plain, MctsAgent) and plain.knowledge.boundaries == 1
    assert parse_level("depth=3") == (LEVELS["normal"], 3)
    for level, (budget, depth) in ((name, parse_level(name)) for name in LEVELS):
        # a level searches as its iteration-only spec does, with its time cap on top
        assert budget == LEVELS[level]
        spec = parse_search(level_spec(level))
        assert depth == search_depth(spec, 2) and parse_search(level).keep == spec.keep
        assert spec.budget.iterations == LEVELS[level].iterations
    play_out(game, ["mcts:iters=20+depth=2", "heuristic"], 3)


def test_a_lap_of_the_table_searches_one_turn_more_than_there_are_seats() -> None:
    """``depth=lap`` passes the turn, each other seat's next one and the seat's own next one:
    3 turn ends with 2 players, 4 with 3, 5 with 4 (beyond what ``depth=N`` may ask); the
    levels search so, and a wrong word is refused by the seat spec."""
    for seats in (2, 3, 4):
        game = TeaGardenGame(num_seats=seats)
        agent = make_agent("mcts:iters=10+depth=lap", game).agent
        assert isinstance(agent, MctsAgent) and agent.knowledge.boundaries == seats + 1
        normal = make_agent("mcts:normal", game).agent
        assert isinstance(normal, MctsAgent) and normal.knowledge.boundaries == seats + 1
        assert parse_level("normal", seats)[1] == seats + 1
    assert parse_level("iters=9+depth=2", 4)[1] == 2
    with pytest.raises(ValueError, match="depth"):
        SeatSpec.parse("mcts:iters=9+depth=round")
    play_out(TeaGardenGame(num_seats=3), ["mcts:iters=8+depth=lap", "heuristic", "random"], 4)


def test_a_level_may_set_its_exploration() -> None:
    """``+c=X`` sets the search's UCB1 constant; without it the game's own is used, and a
    negative or wordy constant is refused (by the seat spec and by the search level)."""
    game = TeaGardenGame(num_seats=2)
    bold = make_agent("mcts:iters=40+depth=3+c=0.2", game).agent
    plain = make_agent("mcts:iters=40", game).agent
    assert isinstance(bold, MctsAgent) and isinstance(plain, MctsAgent)
    assert bold.uct_c == 0.2 and plain.uct_c == plain.knowledge.uct_c != 0.2
    assert parse_search("iters=9+c=0").uct_c == 0.0
    for bad in ("iters=9+c=-1", "iters=9+c=wide"):
        with pytest.raises(ValueError, match="c "):
            parse_search(bad)
        with pytest.raises(ValueError, match="c needs"):
            SeatSpec.parse(f"mcts:{bad}")
    play_out(game, ["mcts:iters=20+c=0.3", "heuristic"], 3)


def test_budget_checks_and_scales() -> None:
    """A budget needs a positive limit; scaling keeps at least one iteration."""
    with pytest.raises(ValueError):
        Budget(iterations=0)
    with pytest.raises(ValueError):
        Budget(seconds=-1.0)
    assert Budget(iterations=10, seconds=2.0).scaled(0.3) == Budget(iterations=3, seconds=0.6)
    assert Budget(iterations=2).scaled(0.1) == Budget(iterations=1)


def test_mcts_refuses_bad_parameters() -> None:
    """MctsAgent checks its parameters when it is built."""
    game = TastingGame()
    with pytest.raises(ValueError):
        MctsAgent(game, uct_c=-1.0)
    with pytest.raises(ValueError):
        MctsAgent(game, pw_alpha=0.0)
    with pytest.raises(ValueError, match="top_up"):
        MctsAgent(game, top_up=0.0)
    with pytest.raises(ValueError, match="replies"):
        MctsAgent(game, replies=-1)
