"""The agent protocol shared by every AI player, and the values that cross it.

An agent is built once for a :class:`~core.engine.Game` and then asked, decision after decision,
to :meth:`Agent.choose` a move. It gets only what its seat may know (the observation), the legal
moves, a :class:`Budget` and a random generator; it never gets a state and never changes
anything it is given. That is the whole no-peeking guarantee: a search that wants full states
samples them with :meth:`~core.engine.Game.determinize`.

Agents that search also implement :class:`Searcher`: :meth:`Searcher.search` reports progress,
can be stopped early and returns every root move with its statistics (for the hint key).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

import msgspec

from core.engine import Observation, State
from core.moves import Move
from core.rng import Rng


class Budget(msgspec.Struct, frozen=True, kw_only=True):
    """How much an agent may think about one decision.

    Searching agents stop at whichever limit comes first; agents that do not search ignore the
    budget. With ``seconds`` left out the search is fully deterministic for a given generator.
    """

    iterations: int | None = None
    """Search iterations (one determinization and one simulation each); None for no limit."""
    seconds: float | None = None
    """Wall-clock limit in seconds; None for no limit."""

    def __post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"a budget needs at least one iteration, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"a time budget must be positive, not {self.seconds}")

    def scaled(self, factor: float) -> Budget:
        """Return this budget times ``factor`` (at least one iteration, at least 1 ms)."""
        iterations = None if self.iterations is None else max(1, round(self.iterations * factor))
        seconds = None if self.seconds is None else max(0.001, self.seconds * factor)
        return Budget(iterations=iterations, seconds=seconds)


class MoveStat(msgspec.Struct, frozen=True, kw_only=True):
    """What a search found out about one root move."""

    move: Move
    visits: int
    """Simulations that went through this move."""
    value: float
    """Mean reward of the deciding seat after this move, in [0, 1] (0.5 is an even game)."""
    win_chance: float
    """The deciding seat's chance to win after this move, estimated from ``value``."""


def ranked_moves(stats: list[MoveStat]) -> tuple[MoveStat, ...]:
    """Root moves best first: by visits, then mean reward (ties keep their order)."""
    stats.sort(key=lambda s: (-s.visits, -s.value))
    return tuple(stats)


class SearchResult(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of one search: the chosen move and the ranked root moves."""

    move: Move
    """The move chosen (the most visited one)."""
    ranked: tuple[MoveStat, ...]
    """Every root move tried, best first (by visits, then value)."""
    iterations: int
    """Iterations completed."""
    seconds: float
    """Wall-clock time spent."""
    stopped: bool = False
    """True if the search was stopped early from outside."""

    @property
    def win_chance(self) -> float:
        """The chosen move's estimated win chance for the deciding seat."""
        return self.ranked[0].win_chance if self.ranked else 0.0


class Progress(msgspec.Struct, frozen=True, kw_only=True):
    """A progress report of a search in flight."""

    iterations: int
    best: Move
    """The most visited root move so far."""
    win_chance: float
    """Its estimated win chance so far."""
    seconds: float


ProgressCallback = Callable[[Progress], None]
"""Called now and then by a search with how far it has got."""
StopCheck = Callable[[], bool]
"""Polled by a search; returning True makes it stop and answer with what it has."""


@runtime_checkable
class Agent(Protocol):
    """An AI player: it picks a move from what its seat may know."""

    name: str
    """A short name for logs and tables, e.g. ``mcts:normal``."""

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Return one of ``legal_moves``.

        Args:
            observation: what the deciding seat may know (``state.observation(seat)``).
            legal_moves: ``state.legal_moves()``, not empty.
            budget: how long to think; agents that do not search ignore it.
            rng: the only source of randomness the agent may use.
        """
        ...


@runtime_checkable
class Searcher(Agent, Protocol):
    """An agent that searches, reports progress and can be stopped."""

    def search(
        self,
        observation: Observation,
        legal_moves: Sequence[Move],
        budget: Budget,
        rng: Rng,
        *,
        on_progress: ProgressCallback | None = None,
        should_stop: StopCheck | None = None,
    ) -> SearchResult:
        """Search and return the chosen move with the statistics of every root move."""
        ...

    def budget_for(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget
    ) -> Budget:
        """Return the part of ``budget`` that :meth:`choose` would spend on this decision."""
        ...


class Evaluator(Protocol):
    """Estimates, for a state that is not over, each seat's reward in [0, 1]."""

    def __call__(self, state: State) -> tuple[float, ...]:
        """Return one reward estimate per seat (they need not sum to 1)."""
        ...


class Policy(Protocol):
    """A fast move picker for simulations."""

    def __call__(self, state: State, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """Return one of ``legal_moves`` for the state's current seat."""
        ...


class Prior(Protocol):
    """Scores legal moves so that a search can try the promising ones first."""

    def __call__(self, state: State, legal_moves: Sequence[Move]) -> list[float]:
        """Return one score per move; higher means more promising."""
        ...
