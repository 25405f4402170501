"""The Lu Yu seat: an agent like any other, in the arena and against MCTS (issue 9, item 3)."""

from __future__ import annotations

import pytest

from ai.agents import make_agent
from ai.arena import ArenaConfig, run_arena
from ai.automa import AutomaAgent
from ai.base import Budget
from core.engine import Game, State
from core.rng import Rng
from core.setup import make_game, new_setup
from core.tea_garden import moves as mv
from core.tea_garden.scoring import SOLO_CATEGORIES
from tea_tui.cli.arena import main


def _solo(level: str = "hard", puerh: bool = False, start: int = 1) -> tuple[Game, State]:
    setup = new_setup(["mcts:iters=8", f"luyu:{level}"], options={"puerh": puerh}, start_seat=start)
    game = make_game(setup)
    return game, game.new_state(4)


def test_luyu_seat_spec_makes_the_automa() -> None:
    """`luyu:<difficulty>` is an AI seat spec; its agent plays the one move he is offered."""
    game, s = _solo()
    player = make_agent("luyu:hard", game)
    assert isinstance(player.agent, AutomaAgent)
    legal = s.legal_moves()
    assert legal in ((mv.LuYuTurn(),), (mv.LuYuPass(),))
    move = player.agent.choose(s.observation(1), legal, player.budget, Rng.from_seed(1))
    assert move == legal[0]


def test_another_games_automa_is_refused_by_name() -> None:
    """Lu Yu belongs to Tea Garden: at a Sencha table his seat spec is refused, the message
    naming the game and the automa it lacks (from the registry, not a name written in ai/)."""
    from core.sencha.game import SenchaGame

    with pytest.raises(ValueError, match="Sencha has no Lu Yu automa"):
        make_agent("luyu:hard", SenchaGame(num_seats=2))


def test_luyu_agent_refuses_a_player_turn() -> None:
    """Offered a player's moves, the automa says it is not his turn instead of choosing."""
    _, s = _solo(start=0)
    with pytest.raises(ValueError, match="not its turn"):
        AutomaAgent().choose(s.observation(0), s.legal_moves(), Budget(), Rng.from_seed(1))


@pytest.mark.parametrize("puerh", [False, True])
def test_mcts_plays_a_whole_solo_game_against_luyu(puerh: bool) -> None:
    """SOLO-14: an MCTS seat plays the solo game to its end; Lu Yu's turns go through the same
    protocol and the outcome scores his own categories."""
    game, s = _solo("expert", puerh)
    players = [make_agent("mcts:iters=6", game), make_agent("luyu:expert", game)]
    rngs = [Rng.from_seed(1), Rng.from_seed(2)]
    luyu_turns = 0
    while not s.is_over():
        seat = s.current_seat()
        assert seat is not None
        legal = s.legal_moves()
        p = players[seat]
        move = p.agent.choose(s.observation(seat), legal, p.budget, rngs[seat])
        luyu_turns += isinstance(move, mv.LuYuTurn)
        s.apply(move, seat=seat)
    outcome = s.outcome()
    assert luyu_turns >= 15  # about four turns in each of five rounds
    assert set(SOLO_CATEGORIES) <= set(outcome.breakdown[1])
    assert outcome.breakdown[1]["caravans"] % 5 == 0
    assert outcome.breakdown[0]["caravans"] == 0


def test_arena_plays_solo_games_in_both_seats() -> None:
    """The arena rotates Lu Yu like any seat; the solo winner rule gives exactly one winner."""
    config = ArenaConfig(seats=("heuristic", "luyu:easy"), games=2, seed=3)
    report = run_arena(config)
    assert [g.agents for g in report.games] == [(0, 1), (1, 0)]
    for g in report.games:
        assert sorted(g.rewards) == [0.0, 1.0]
    luyu = report.agents[1]
    assert luyu.categories["caravans"] > 0 and luyu.categories["emperor_cards"] == 0


def test_arena_with_the_expansion() -> None:
    """`puerh=True` plays the expansion: its score categories appear."""
    report = run_arena(ArenaConfig(seats=("random", "luyu:medium"), games=2, seed=2, puerh=True))
    assert {"puerh", "decrees", "halls"} <= set(report.agents[1].categories)


def test_arena_refuses_luyu_outside_a_two_seat_game() -> None:
    """SOLO-04: Lu Yu plays only the 2-seat solo game."""
    with pytest.raises(ValueError, match="2 seats"):
        run_arena(ArenaConfig(seats=("random", "random", "luyu:easy"), games=1))
    with pytest.raises(ValueError, match="difficulty"):
        run_arena(ArenaConfig(seats=("random", "luyu:legendary"), games=1))


def test_arena_command_line_with_puerh(capsys: pytest.CaptureFixture[str]) -> None:
    """`tea-tui arena --puerh --seats random,luyu:easy` runs and reports both agents."""
    code = main(["--seats", "random,luyu:easy", "--games", "2", "--puerh", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert "luyu:easy" in out and "caravans" in out and "puerh" in out
