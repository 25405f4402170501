"""The heuristic player: fast, greedy, and a fair sparring partner for the search.

For each legal move it takes one sampled full state (from the observation, like every agent),
makes the move, finishes the rest of its own turn with the greedy move scores of
:mod:`ai.tg_policy` and judges the result with the evaluation of :mod:`ai.tg_eval`: VP now, VP
expected at the end, leaves by quality, tokens and Scrolls, gardens and deck strength. It keeps
the move with the best lead over the strongest other seat. For games it has no evaluation for,
it averages a few random playouts per move instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.base import Budget
from ai.knowledge import Knowledge, knowledge_for, tea_garden_turn_start
from ai.tg_eval import expected_scores
from ai.tg_policy import best_move
from core.engine import Game, Observation, State, final_outcome
from core.moves import Move
from core.rng import Rng
from core.tea_garden.state import GameData

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
        for move in legal_moves:
            if isinstance(state, GameData):
                value = self._tea_garden_value(state, move, seat)
            else:
                value = self._playout_value(state, move, seat, rng)
            if value > best_value:
                best, best_value = move, value
        return best

    def _tea_garden_value(self, state: GameData, move: Move, seat: int) -> float:
        s = state.clone()
        s.apply_unchecked(move)
        steps = 0
        while (
            not s.over
            and s.seat == seat
            and not tea_garden_turn_start(s)
            and steps < MAX_TURN_STEPS
        ):
            s.apply_unchecked(best_move(s, s.legal_moves()))
            steps += 1
        if s.over:
            outcome = final_outcome(s)
            scores = [float(x) for x in outcome.scores]
            bonus = WIN_BONUS * outcome.rewards()[seat]
        else:
            scores = expected_scores(s)
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
