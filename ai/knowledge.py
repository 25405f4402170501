"""What the search knows about a particular game, bundled so that the search stays generic.

:func:`knowledge_for` returns, for a :class:`~core.engine.Game`, the simulation policy, the
evaluation used to cut simulations short, the move ordering for progressive widening, how much of
the budget a decision deserves and where a simulation may stop. Games without special knowledge
get uniform random playouts to the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.base import Evaluator, Policy, Prior
from ai.tg_eval import TeaGardenEvaluator
from ai.tg_policy import TeaGardenPolicy, TeaGardenPrior
from core.engine import Game, Observation, State, final_outcome
from core.moves import Move
from core.rng import Rng
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.state import GameData

TEA_GARDEN_UCT_C = 0.04
"""Tuned against the heuristic player; the rewards move 1/300 per VP of margin."""
SUB_DECISION_SHARE = 0.3
"""Share of the budget spent on a Tea Garden sub-decision (a payment, a choice of bonus)."""


def random_policy(state: State, legal_moves: Sequence[Move], rng: Rng) -> Move:
    """Pick a legal move uniformly at random."""
    del state
    return rng.choice(legal_moves)


def _full_weight(observation: Observation, legal_moves: Sequence[Move]) -> float:
    del observation, legal_moves
    return 1.0


def _reward_is_chance(value: float, observation: Observation) -> float:
    del observation
    return value


def win_shares(state: State) -> tuple[float, ...]:
    """The rewards of a finished game: 1 for a sole winner, shares for shared winners."""
    return final_outcome(state).rewards()


@dataclass(frozen=True)
class Knowledge:
    """Game-specific helpers for search and for the heuristic player."""

    policy: Policy = random_policy
    """Picks moves in simulations."""
    evaluator: Evaluator | None = None
    """Rewards for a state that is not over; None means simulations run to the end."""
    prior: Prior | None = None
    """Move ordering for progressive widening; None tries moves in their legal order."""
    decision_weight: Callable[[Observation, Sequence[Move]], float] = _full_weight
    """Share of the budget a decision deserves (1 for a full decision)."""
    boundary: Callable[[State], bool] | None = None
    """True at states where a simulation may stop and be evaluated (e.g. a turn's start)."""
    boundaries: int = 1
    """How many boundaries a simulation passes before it is evaluated."""
    max_steps: int = 10_000
    """A simulation is evaluated (or scored as a draw) after this many moves at the latest."""
    final_rewards: Callable[[State], tuple[float, ...]] = win_shares
    """The rewards of a finished game (on the same scale as the evaluator's)."""
    uct_c: float = 0.7
    """The exploration constant that suits these rewards."""
    win_chance: Callable[[float, Observation], float] = _reward_is_chance
    """Turns a mean reward into an estimated chance to win (the rewards are win shares when
    simulations run to the end)."""


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


def knowledge_for(game: Game) -> Knowledge:
    """Return the knowledge the AI has of ``game`` (generic for games it does not know)."""
    if isinstance(game, TeaGardenGame):
        evaluator = TeaGardenEvaluator()
        return Knowledge(
            policy=TeaGardenPolicy(),
            evaluator=evaluator,
            final_rewards=evaluator.final_rewards,
            uct_c=TEA_GARDEN_UCT_C,
            win_chance=evaluator.win_chance,
            prior=TeaGardenPrior(),
            decision_weight=tea_garden_weight,
            boundary=tea_garden_turn_start,
            boundaries=1,
            max_steps=400,
        )
    return Knowledge()
