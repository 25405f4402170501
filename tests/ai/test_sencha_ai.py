"""The AI on Sencha: agents never peek at what their seat cannot see (bag draws, the Tea Market
deck's order, the cards left out, the face-down worker), choices are reproducible, whole games
between every agent kind play only legal moves, and the evaluation reads the table only."""

from __future__ import annotations

import msgspec
import pytest

from ai.agents import make_agent
from ai.arena import ArenaConfig, play_game
from ai.base import Budget
from ai.mcts import MctsAgent
from ai.sencha.evaluation import SenchaEvaluator, expected_scores
from core.rng import Rng
from core.sencha.game import SenchaGame, SenchaState


def midgame(seed: int, steps: int = 40, seats: int = 2) -> SenchaState:
    """A Sencha state after ``steps`` heuristic moves from deal ``seed``, at a choice of
    action with more than one legal move."""
    game = SenchaGame(num_seats=seats)
    s = game.new_state(seed)
    player = make_agent("heuristic", game)
    rng = Rng.from_seed(seed)
    k = 0
    while k < steps or s.pub.turn.phase != "action" or len(s.legal_moves()) < 2:
        seat = s.current_seat()
        assert seat is not None and not s.is_over()
        s.apply(player.agent.choose(s.observation(seat), s.legal_moves(), player.budget, rng))
        k += 1
    return s


def hidden_twin(s: SenchaState) -> SenchaState:
    """A copy that differs only in what no seat sees: the deck's order and which cards are
    left out, the face-down worker's kind and the generator of the bag's draws."""
    twin = s.clone()
    cards = [*twin.deck, *twin.removed]
    cards.reverse()
    twin.deck, twin.removed = cards[: len(twin.deck)], sorted(cards[len(twin.deck) :])
    if twin.pub.hidden_worker:
        twin.hidden_kind = "cart" if twin.hidden_kind != "cart" else "donkey"
    twin.rng = Rng.from_seed(424242)
    return twin


@pytest.mark.parametrize("spec", ["mcts:iters=80", "heuristic"])
def test_same_observation_same_move(spec: str) -> None:
    """Two states that differ only in hidden things: the same move from a fresh agent."""
    game = SenchaGame(num_seats=2)
    for seed in (3, 4):
        s = midgame(seed)
        seat = s.current_seat()
        assert seat is not None
        twin = hidden_twin(s)
        assert msgspec.json.encode(twin) != msgspec.json.encode(s)
        assert msgspec.json.encode(twin.observation(seat)) == msgspec.json.encode(
            s.observation(seat)
        )
        moves = []
        for x in (s, twin):
            player = make_agent(spec, game)
            moves.append(
                player.agent.choose(
                    x.observation(seat), x.legal_moves(), player.budget, Rng.from_seed(1)
                )
            )
        assert moves[0] == moves[1]


def test_search_statistics_ignore_what_is_hidden() -> None:
    """The whole MCTS result, every root move's statistics, is the same for the two states."""
    game = SenchaGame(num_seats=2)
    s = midgame(7)
    seat = s.current_seat()
    assert seat is not None
    results = [
        MctsAgent(game).search(
            x.observation(seat), x.legal_moves(), Budget(iterations=80), Rng.from_seed(2)
        )
        for x in (s, hidden_twin(s))
    ]
    assert results[0].ranked == results[1].ranked


def test_the_evaluation_reads_the_table_only() -> None:
    """The expected scores of the two states agree; they move with what is on the table."""
    s = midgame(5)
    twin = hidden_twin(s)
    assert expected_scores(s) == expected_scores(twin)
    richer = s.clone()
    seat = richer.pub.seat
    richer.pub.players[seat].vp += 2
    assert expected_scores(richer)[seat] > expected_scores(s)[seat]
    rewards = SenchaEvaluator()(richer)
    assert rewards[seat] > SenchaEvaluator()(s)[seat]


def test_mcts_search_is_reproducible() -> None:
    """Same view, seed and iterations: the same statistics; another seed: others."""
    game = SenchaGame(num_seats=2)
    s = midgame(9)
    seat = s.current_seat()
    assert seat is not None
    view, legal = s.observation(seat), s.legal_moves()
    runs = [
        MctsAgent(game).search(view, legal, Budget(iterations=60), Rng.from_seed(9))
        for _ in range(2)
    ]
    assert runs[0].ranked == runs[1].ranked and runs[0].iterations == 60
    other = MctsAgent(game).search(view, legal, Budget(iterations=60), Rng.from_seed(10))
    assert other.ranked != runs[0].ranked


def test_arena_games_replay_exactly() -> None:
    """A Sencha arena game with iteration budgets replays move for move."""
    config = ArenaConfig(seats=("mcts:iters=8", "heuristic"), games=2, seed=4, game="sencha")
    a, b = play_game(config, 1), play_game(config, 1)
    assert (a.scores, a.moves, a.breakdown, a.stats) == (b.scores, b.moves, b.breakdown, b.stats)


@pytest.mark.parametrize(
    "specs", [("random", "heuristic", "random"), ("mcts:iters=6", "heuristic", "random", "random")]
)
def test_every_agent_plays_whole_games_legally(specs: tuple[str, ...]) -> None:
    """Whole 3- and 4-player games: every chosen move is legal and the game ends."""
    game = SenchaGame(num_seats=len(specs))
    players = [make_agent(spec, game) for spec in specs]
    s = game.new_state(12)
    rng = Rng.from_seed(12)
    while not s.is_over():
        seat = s.current_seat()
        assert seat is not None
        legal = s.legal_moves()
        p = players[seat]
        move = p.agent.choose(s.observation(seat), legal, p.budget, rng)
        assert move in legal
        s.apply(move)
    assert s.outcome() is not None
