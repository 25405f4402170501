"""What the search knows about a particular game, bundled so that the search stays generic.

:func:`knowledge_for` returns, for a :class:`~core.engine.Game`, the simulation policy, the
evaluation used to cut simulations short, the move ordering for progressive widening, how much of
the budget a decision deserves and where a simulation may stop. It asks the game's own AI
package (``ai.<game id>``, found through the registry) for them; a game without one gets uniform
random playouts to the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType

from ai.base import Evaluator, Policy, Prior
from core.engine import Game, Observation, State, final_outcome
from core.games import info_of, layer_package
from core.moves import Move
from core.rng import Rng


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
    greedy: Callable[[State, Sequence[Move]], Move] | None = None
    """The best move by the fast move scores, for the heuristic player to finish a turn with;
    None: the heuristic player averages random playouts instead."""
    expected_scores: Callable[[State], list[float]] | None = None
    """Each seat's expected final score in points, for the heuristic player."""


def game_ai(game: Game) -> ModuleType | None:
    """Return the game's own AI package (``ai.<game id>``), or None when it has none."""
    return layer_package(info_of(game), "ai")


EVALUATIONS = ("hand", "learned")
"""The evaluations a search can use: the game's hand-tuned one, or the one learned from
self-play (:mod:`ai.learn`)."""


def knowledge_for(game: Game, evaluation: str = "hand") -> Knowledge:
    """Return the knowledge the AI has of ``game`` (generic for games it does not know).

    A game's AI package provides it as ``knowledge(game) -> Knowledge``, and the learned
    evaluation as ``learned_knowledge(game) -> Knowledge``.

    Raises:
        ValueError: for an unknown evaluation, or ``learned`` for a game (or player count)
            without learned weights.
    """
    if evaluation not in EVALUATIONS:
        raise ValueError(f"unknown evaluation {evaluation!r} (use {' or '.join(EVALUATIONS)})")
    package = game_ai(game)
    if evaluation == "learned":
        learned = getattr(package, "learned_knowledge", None)
        if learned is None:
            raise ValueError(f"{info_of(game).name} has no learned evaluation")
        found: Knowledge = learned(game)
        return found
    make = getattr(package, "knowledge", None)
    if make is None:
        return Knowledge()
    knowledge: Knowledge = make(game)
    return knowledge


def level_knowledge(game: Game) -> tuple[str, Knowledge]:
    """Return the evaluation the named levels (``mcts:normal`` ...) search ``game`` with, and
    the knowledge built with it.

    A game's AI package names it as ``LEVEL_EVALUATION``, for every table, by seat count
    (``{2: "learned"}``) or by weights variant (``{"2p": "learned"}``: the base game but not
    the expansion), where arena games showed one to play better than the other; it is used
    at the tables it can be built for (``learned`` needs weights for the player count), and the
    hand-tuned evaluation everywhere else.
    """
    wanted = _level_choice(game, "LEVEL_EVALUATION", "hand")
    if wanted != "hand" and wanted in EVALUATIONS:
        try:
            return wanted, knowledge_for(game, wanted)
        except ValueError:
            pass
    return "hand", knowledge_for(game)


def level_evaluation(game: Game) -> str:
    """Return the evaluation the named levels search ``game`` with (see
    :func:`level_knowledge`)."""
    return level_knowledge(game)[0]


TREES = ("shared", "own")
"""The trees a level may search: one shared by every seat's decisions, or the deciding seat's
own decisions only (``own=1``, :class:`ai.mcts.MctsAgent`)."""


def level_tree(game: Game) -> str:
    """Return the tree the named levels search ``game`` with: ``shared`` or ``own``.

    A game's AI package names it as ``LEVEL_TREE``, for every table or by seat count
    (``{2: "own"}``), where arena games showed the own tree to play better; the shared tree
    everywhere else.
    """
    wanted = _level_choice(game, "LEVEL_TREE", "shared")
    return wanted if wanted in TREES else "shared"


def _level_choice(game: Game, name: str, default: str) -> str:
    """What ``game``'s AI package names as ``name`` for the table at hand, as text: one value
    for every table, or a mapping by the setup's weights variant (``"2p"``, ``"2p_puerh"``:
    :mod:`ai.learn`) or by seat count, the variant first; ``default`` where it names nothing."""
    package = game_ai(game)
    wanted: object = getattr(package, name, default)
    if isinstance(wanted, Mapping):
        # the package's FEATURES read directly: ai.learn.model.features_of would make a cycle
        variant = getattr(getattr(package, "FEATURES", None), "variant", None)
        setup = variant(game) if callable(variant) else None
        if setup is not None and setup in wanted:
            return str(wanted[setup])
        wanted = wanted.get(game.num_seats, default)
    return str(wanted)
