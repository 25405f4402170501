"""What the search and the heuristic player know of Sencha: its evaluation, playout policy,
move ordering and where a turn begins."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ai.knowledge import Knowledge
from ai.learn.model import (
    SPREAD,
    CalibratedChance,
    LearnedEvaluator,
    WeightsError,
    shipped_weights,
)
from ai.sencha.evaluation import WEIGHTS, SenchaEvaluator, Weights, expected_scores
from ai.sencha.features import FEATURES
from ai.sencha.policy import SenchaPolicy, SenchaPrior, best_move
from core.engine import Game, Observation, State
from core.moves import Move
from core.sencha.hidden import SenchaObservation
from core.sencha.state import SenchaData

SENCHA_UCT_C = 0.15
"""The exploration constant for rewards that move 1/24 per VP of margin."""
SEARCH_TURNS = 3
"""Turn boundaries a simulation passes before it is evaluated: the seat's own turn, the next
seat's reply and the seat's next turn. Against the heuristic player at 1800 iterations, 2
players: one turn won 60% of 30 games, two turns 50% of 40, three turns 75% of 30 (at about
three times the time per move), then 78% of 100 more (docs/ai.md)."""
LEVEL_EVALUATION = {2: "learned"}
"""The evaluation the named levels (and hints) search with, by seat count; the hand-tuned one
at the others (:func:`ai.knowledge.level_evaluation`). At 2 players, at mcts:normal's search,
the learned one beat the hand-tuned one in 17 of 20 games (seed 101) and the greedy player in
40 of 40 (docs/ai.md). At 3 and 4 players it was no better against greedy players (the weights
ship there too, for the hints' calibrated chances)."""
STEP_SHARE = 0.4
"""Share of the budget a step inside an action gets (which cube, which worker)."""


def turn_start(state: State) -> bool:
    """True when a seat is about to choose its action."""
    assert isinstance(state, SenchaData)
    return state.pub.turn.phase == "action"


def decision_weight(observation: Observation, legal_moves: Sequence[Move]) -> float:
    """A full budget for the choice of action, a smaller one for its steps."""
    del legal_moves
    if isinstance(observation, SenchaObservation) and observation.pub.turn.phase != "action":
        return STEP_SHARE
    return 1.0


def knowledge(game: Game, weights: Weights = WEIGHTS) -> Knowledge:
    """Return what the AI knows of Sencha (the hook :func:`ai.knowledge.knowledge_for` calls);
    ``weights`` other than the tuned ones are for tuning them."""
    evaluator = SenchaEvaluator(weights=weights)
    chance: Callable[[float, Observation], float] = evaluator.win_chance
    learned = shipped_weights(game)
    if learned is not None and weights is WEIGHTS:  # calibrated on self-play (data/)
        # The fit reads a recorded hand-tuned reward as a margin on the learning pipeline's
        # scale (SPREAD), not Sencha's: a search value is read back on the same one.
        chance = CalibratedChance(game, FEATURES, learned, "hand", SPREAD)
    return Knowledge(
        policy=SenchaPolicy(weights=weights),
        evaluator=evaluator,
        final_rewards=evaluator.final_rewards,
        uct_c=SENCHA_UCT_C,
        win_chance=chance,
        prior=SenchaPrior(weights),
        decision_weight=decision_weight,
        boundary=turn_start,
        boundaries=SEARCH_TURNS,
        max_steps=200,
        greedy=lambda state, moves: best_move(state, moves, weights),
        expected_scores=lambda state: _expected(state, weights),
    )


def learned_knowledge(game: Game) -> Knowledge:
    """Return the knowledge with the evaluation learned from self-play (``mcts:eval=learned``,
    the hook :func:`ai.knowledge.knowledge_for` calls).

    Raises:
        ValueError: if no weights are shipped for this player count.
    """
    weights = shipped_weights(game)
    if weights is None:
        raise WeightsError(
            f"no learned evaluation for {game.num_seats}-player Sencha: train one with "
            f"tea-tui train --game sencha --players {game.num_seats}"
        )
    spread = SenchaEvaluator().spread  # rewards on the scale of the final ones
    return replace(
        knowledge(game),
        evaluator=LearnedEvaluator(FEATURES, weights, spread),
        win_chance=CalibratedChance(game, FEATURES, weights, "learned", spread),
    )


def _expected(state: State, weights: Weights) -> list[float]:
    assert isinstance(state, SenchaData)
    return expected_scores(state, weights)
