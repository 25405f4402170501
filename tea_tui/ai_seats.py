"""The AI players of a game's seats, as the game screen runs them off the event loop.

:func:`make_ai` turns a seat spec into an :class:`AiSeat` with the players of :mod:`ai.agents`
(``random``, ``heuristic``, ``mcts:LEVEL``). :meth:`AiSeat.choose` is called from a worker thread
of the screen. A searching player (MCTS) thinks in its own process (:class:`ai.worker.AgentWorker`)
so that the interface keeps all of the CPU it needs; the thread only waits for the answer, passes
progress on and cancels when asked. The others choose in the thread itself. Either way the
player gets only the seat's observation and the legal moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai.agents import Player, make_agent
from ai.base import Progress, Searcher
from ai.worker import SEED_MASK, WorkerSlot, follow
from core.engine import Game, Observation
from core.moves import Move
from core.rng import Rng
from core.seats import SeatSpec

ProgressReport = Callable[[int, float], None]
"""Called with the iterations done and the seconds spent."""
GRACE = 20.0
"""Seconds a worker process may take beyond its budget before the thread gives up on it."""


@dataclass
class AiSeat:
    """An AI player sitting at one seat."""

    player: Player
    rng: Rng
    """The seat's own generator; it moves on with every decision."""
    game: Game | None = None
    """Set to think in a separate process (searching players only)."""
    _slot: WorkerSlot | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.game is not None:  # made now, so that close() always reaches it
            self._slot = WorkerSlot(self.game, self.player.spec)

    @property
    def label(self) -> str:
        """The player's seat spec, e.g. ``mcts:normal``."""
        return self.player.spec

    @property
    def process_running(self) -> bool:
        """True while the player thinks in a process of its own."""
        return self._slot is not None and self._slot.running

    @property
    def searches(self) -> bool:
        """True for a player that searches (and so reports progress)."""
        return isinstance(self.player.agent, Searcher)

    def choose(
        self,
        observation: Observation,
        legal: Sequence[Move],
        on_progress: ProgressReport | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> Move:
        """Return the move this player makes (called in a worker thread; nothing shared is
        changed)."""
        if len(legal) == 1:
            return legal[0]
        if self.searches and self.game is not None:
            try:
                return self._choose_in_process(observation, legal, on_progress, should_stop)
            except Exception:  # no process to be had: think in this thread instead
                self.close()
                self.game = None  # think in the thread from now on
        return self._choose_here(observation, legal, on_progress, should_stop)

    def _choose_here(
        self,
        observation: Observation,
        legal: Sequence[Move],
        on_progress: ProgressReport | None,
        should_stop: Callable[[], bool] | None,
    ) -> Move:
        agent = self.player.agent
        budget = self.player.budget
        if not isinstance(agent, Searcher):
            return agent.choose(observation, legal, budget, self.rng)
        budget_for = getattr(agent, "budget_for", None)
        if callable(budget_for):  # the share of the budget this decision deserves
            budget = budget_for(observation, legal, budget)

        def report(progress: Progress) -> None:
            if on_progress is not None:
                on_progress(progress.iterations, progress.seconds)

        result = agent.search(
            observation, legal, budget, self.rng, on_progress=report, should_stop=should_stop
        )
        return result.move

    def _choose_in_process(
        self,
        observation: Observation,
        legal: Sequence[Move],
        on_progress: ProgressReport | None,
        should_stop: Callable[[], bool] | None,
    ) -> Move:
        if self._slot is None:
            raise RuntimeError(f"{self.label} thinks in no process")
        worker = self._slot.get()  # refused once the screen has closed the seat
        request = worker.submit(observation, legal, seed=self.rng.next_u64() & SEED_MASK)

        def report(progress: Progress) -> None:
            if on_progress is not None:
                on_progress(progress.iterations, progress.seconds)

        result = follow(
            worker,
            request,
            seconds=(self.player.budget.seconds or 60.0) + GRACE,
            what=self.label,
            on_progress=report,
            should_stop=should_stop,
        )
        assert result.move is not None
        return result.move

    def close(self) -> None:
        """Stop the player's process, if it has one; no new one is started after this."""
        if self._slot is not None:
            self._slot.close()


def ai_rng(seed: int, seat: int) -> Rng:
    """Return the generator an AI seat of a game set up from ``seed`` thinks with."""
    return Rng.from_seed((seed * 1_000_003 + seat * 7919 + 1) & SEED_MASK)


def prepare_processes() -> None:
    """Start multiprocessing's helper process now, while stderr is still the terminal's.

    Textual replaces ``sys.stderr`` while the app runs, and the helper cannot be started from
    there; call this before ``App.run``.
    """
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()


def make_ai(spec: SeatSpec, game: Game, rng: Rng, *, processes: bool = True) -> AiSeat:
    """Return the AI player for ``spec``; with ``processes``, a searching player thinks in a
    process of its own (started on its first decision).

    Raises:
        ValueError: if the spec names a person, the solo automa or an unknown level.
    """
    player = make_agent(spec, game)
    searches = isinstance(player.agent, Searcher)
    return AiSeat(player, rng, game if processes and searches else None)
