"""What the search and the heuristic player know of Tea Garden: its evaluation, fast policy,
move ordering, where a turn ends and how much budget a sub-decision deserves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ai.knowledge import Knowledge
from ai.learn.model import CalibratedChance, LearnedEvaluator, WeightsError, shipped_weights
from ai.tea_garden.evaluation import TeaGardenEvaluator, expected_scores
from ai.tea_garden.features import FEATURES
from ai.tea_garden.policy import TeaGardenPolicy, TeaGardenPrior, best_move
from core.engine import Game, Observation, State
from core.moves import Move
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.state import GameData

TEA_GARDEN_UCT_C = 0.04
"""Tuned against the heuristic player; the rewards move 1/300 per VP of margin."""
SUB_DECISION_SHARE = 0.3
"""Share of the budget spent on a Tea Garden sub-decision (a payment, a choice of bonus)."""


def tea_garden_turn_start(state: State) -> bool:
    """True when a seat is about to begin a turn: no decision pending, nothing chosen yet."""
    assert isinstance(state, GameData)
    t = state.turn
    return not state.pending and not t.committed and not t.selected and not t.acted


def tea_garden_weight(observation: Observation, legal_moves: Sequence[Move]) -> float:
    """A full budget for decisions of the turn, a small one for sub-decisions."""
    del legal_moves
    if isinstance(observation, TeaGardenObservation) and observation.pending:
        return SUB_DECISION_SHARE
    return 1.0


def knowledge(game: Game) -> Knowledge:
    """Return what the AI knows of Tea Garden (the hook :func:`ai.knowledge.knowledge_for`
    calls)."""
    evaluator = TeaGardenEvaluator()
    weights = shipped_weights(game)
    chance: Callable[[float, Observation], float] = evaluator.win_chance
    if weights is not None:  # the win chance calibrated on self-play (ai/tea_garden/data/)
        chance = CalibratedChance(game, FEATURES, weights, "hand", evaluator.spread)
    return Knowledge(
        policy=TeaGardenPolicy(),
        evaluator=evaluator,
        final_rewards=evaluator.final_rewards,
        uct_c=TEA_GARDEN_UCT_C,
        win_chance=chance,
        prior=TeaGardenPrior(),
        decision_weight=tea_garden_weight,
        boundary=tea_garden_turn_start,
        boundaries=1,
        max_steps=400,
        greedy=_greedy,
        expected_scores=_expected_scores,
    )


def learned_knowledge(game: Game) -> Knowledge:
    """Return the knowledge with the evaluation learned from self-play (``mcts:eval=learned``,
    the hook :func:`ai.knowledge.knowledge_for` calls).

    Raises:
        ValueError: if no weights are shipped for this setup (player count, expansion, solo).
    """
    weights = shipped_weights(game)
    if weights is None:
        variant = FEATURES.variant(game)
        if variant is None:
            raise WeightsError("no learned evaluation for a game against Lu Yu")
        assert isinstance(game, TeaGardenGame)
        puerh = " --puerh" if game.options.puerh else ""
        raise WeightsError(
            f"no learned evaluation for the setup {variant!r}: train one with "
            f"tea-tui train --game tea_garden --players {game.num_seats}{puerh}"
        )
    return replace(
        knowledge(game),
        evaluator=LearnedEvaluator(FEATURES, weights),
        win_chance=CalibratedChance(game, FEATURES, weights, "learned"),
    )


def _greedy(state: State, legal_moves: Sequence[Move]) -> Move:
    assert isinstance(state, GameData)
    return best_move(state, legal_moves)


def _expected_scores(state: State) -> list[float]:
    assert isinstance(state, GameData)
    return expected_scores(state)
