"""``own=1``: a search tree of the deciding seat's own decisions only (ai/mcts.py ``own``).

The other seats' turns are played by the fast policy in every sample, each with that sample's
hand, rather than chosen from statistics pooled over samples of their hands. The tree then
holds nodes of the deciding seat alone, and with a lap of the table its own next turn too.
"""

from __future__ import annotations

import pytest

from ai.agents import make_agent, parse_search
from ai.base import Budget
from ai.mcts import MctsAgent
from ai.tree import Node
from core.rng import Rng
from core.seats import SeatSpec
from core.tea_garden.game import TeaGardenGame
from tests.ai.positions import midgame


def _nodes(root: Node) -> list[Node]:
    found, todo = [], [root]
    while todo:
        node = todo.pop()
        found.append(node)
        todo.extend(node.children.values())
    return found


def _depth(node: Node) -> int:
    return 1 + max((_depth(c) for c in node.children.values()), default=0)


def _searched_tree(spec: str, players: int) -> tuple[int, Node]:
    """The seat to move of a mid-game position and the root of its search's tree."""
    game = TeaGardenGame(num_seats=players)
    state = midgame(players)
    seat = state.current_seat()
    assert seat is not None
    agent = make_agent(spec, game).agent
    assert isinstance(agent, MctsAgent)
    agent.search(
        state.observation(seat), state.legal_moves(), Budget(iterations=150), Rng.from_seed(4)
    )
    assert agent._last is not None
    return seat, agent._last[2]


@pytest.mark.parametrize("players", [2, 3])
def test_the_tree_holds_only_the_seats_own_decisions(players: int) -> None:
    """With ``own=1`` every node is the deciding seat's; the same search without it grows
    nodes for the other seats' replies."""
    seat, own = _searched_tree("mcts:iters=150+depth=lap+own=1", players)
    assert {n.seat for n in _nodes(own)} == {seat}
    _, shared = _searched_tree("mcts:iters=150+depth=lap", players)
    assert {n.seat for n in _nodes(shared)} != {seat}


def test_the_seats_next_turn_is_in_the_tree() -> None:
    """A lap-deep own tree goes on into the seat's next turn: its lines run deeper than those
    of a tree that stops at the end of the turn in progress, for the same iterations."""
    _, lap = _searched_tree("mcts:iters=150+depth=lap+own=1", 2)
    _, turn = _searched_tree("mcts:iters=150+own=1", 2)
    assert _depth(lap) > _depth(turn)


def test_own_is_a_seat_setting() -> None:
    """``own=0|1`` parses, defaults to 0, and anything else is refused."""
    game = TeaGardenGame(num_seats=2)
    agent = make_agent("mcts:iters=9+own=1", game).agent
    assert isinstance(agent, MctsAgent) and agent.own
    plain = make_agent("mcts:iters=9", game).agent
    assert isinstance(plain, MctsAgent) and not plain.own
    assert parse_search("iters=9+own=0").own is False
    for bad in ("own=2", "own=yes"):
        with pytest.raises(ValueError, match="own"):
            parse_search(f"iters=9+{bad}")
    assert str(SeatSpec.parse("mcts:iters=9+own=1")) == "mcts:iters=9+own=1"
    assert str(SeatSpec.parse("mcts:iters=9+own=0")) == "mcts:iters=9+own=0"
    for bad in ("own=2", "own=yes", "own=0.5"):
        with pytest.raises(ValueError, match="own is 0 or 1"):
            SeatSpec.parse(f"mcts:iters=9+{bad}")


def test_own_tree_games_are_legal_and_deterministic() -> None:
    """Whole seeded stretches of play with an own tree: legal moves, the same every time."""
    game = TeaGardenGame(num_seats=3)

    def play() -> list[object]:
        state = game.new_state(8)
        players = [make_agent("mcts:iters=12+depth=lap+own=1", game) for _ in range(3)]
        rngs = [Rng.from_seed(s) for s in range(3)]
        moves: list[object] = []
        for _ in range(120):
            if state.is_over():
                break
            seat = state.current_seat()
            assert seat is not None
            legal = state.legal_moves()
            p = players[seat]
            move = p.agent.choose(state.observation(seat), legal, p.budget, rngs[seat])
            assert move in legal
            state.apply(move, seat=seat)
            moves.append(move)
        return moves

    assert play() == play()
