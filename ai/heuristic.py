"""The heuristic player: fast, greedy, and a fair sparring partner for the search.

For each legal move it takes one sampled full state (from the observation, like every agent),
makes the move, finishes the rest of its own turn with the game's greedy move scores and judges
the result by the game's expected final scores (for Tea Garden, :mod:`ai.tea_garden.policy`
and :mod:`ai.tea_garden.evaluation`: VP now, VP expected at the end, leaves by quality, tokens
and Scrolls, gardens and deck strength). It keeps the move with the best lead over the
strongest other seat. For games whose AI package gives no such knowledge, it averages a few
random playouts per move instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.base import Budget
from ai.knowledge import Knowledge, knowledge_for
from core.engine import Game, Observation, State, final_outcome
from core.moves import Move
from core.rng import Rng

MAX_TURN_STEPS = 80
"""A safety cap on the moves played to finish a turn."""
WIN_BONUS = 1000.0
PLAYOUTS = 8
"""Random playouts per move for games without an evaluation."""


class HeuristicAgent:
    """A greedy one-move lookahead player with a hand-tuned evaluation."""

    def __init__(self, game: Game, *, name: str = "heuristic") -> None:
        self.game = game
        self.name = name
        self.knowledge: Knowledge = knowledge_for(game)

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Return the legal move whose position after the turn looks best (budget ignored)."""
        del budget
        if len(legal_moves) == 1:
            return legal_moves[0]
        state = self.game.determinize(observation, rng)
        seat = observation.seat
        best = legal_moves[0]
        best_value = float("-inf")
        k = self.knowledge
        greedy = k.greedy is not None and k.expected_scores is not None and k.boundary is not None
        for move in legal_moves:
            if greedy:
                value = self._turn_value(state, move, seat)
            else:
                value = self._playout_value(state, move, seat, rng)
            if value > best_value:
                best, best_value = move, value
        return best

    def _turn_value(self, state: State, move: Move, seat: int) -> float:
        k = self.knowledge
        assert k.greedy is not None and k.expected_scores is not None and k.boundary is not None
        s = state.clone()
        s.apply_unchecked(move)
        steps = 0
        while (
            not s.is_over()
            and s.current_seat() == seat
            and not k.boundary(s)
            and steps < MAX_TURN_STEPS
        ):
            s.apply_unchecked(k.greedy(s, s.legal_moves()))
            steps += 1
        if s.is_over():
            outcome = final_outcome(s)
            scores = [float(x) for x in outcome.scores]
            bonus = WIN_BONUS * outcome.rewards()[seat]
        else:
            scores = k.expected_scores(s)
            bonus = 0.0
        others = max(x for i, x in enumerate(scores) if i != seat)
        return scores[seat] - others + bonus

    def _playout_value(self, state: State, move: Move, seat: int, rng: Rng) -> float:
        total = 0.0
        policy = self.knowledge.policy
        for _ in range(PLAYOUTS):
            s = state.clone()
            s.apply_unchecked(move)
            steps = 0
            while not s.is_over() and steps < self.knowledge.max_steps:
                s.apply_unchecked(policy(s, s.legal_moves(), rng))
                steps += 1
            if s.is_over():
                total += final_outcome(s).rewards()[seat]
            elif self.knowledge.evaluator is not None:
                total += self.knowledge.evaluator(s)[seat]
        return total / PLAYOUTS
