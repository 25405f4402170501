"""The AI players of a game's seats, as the game screen runs them off the event loop.

:func:`make_ai` turns a seat spec into an :class:`AiSeat` with the players of :mod:`ai.agents`
(``random``, ``heuristic``, ``mcts:LEVEL``). :meth:`AiSeat.choose` is called from a worker thread
of the screen. A searching player (MCTS) thinks in its own process (:class:`ai.worker.AgentWorker`)
so that the interface keeps all of the CPU it needs; the thread only waits for the answer, passes
progress on and cancels when asked. The others choose in the thread itself. Either way the
player gets only the seat's observation and the legal moves.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai.agents import Player, make_agent
from ai.base import Progress, Searcher
from ai.worker import AgentWorker, WorkerProgress, WorkerResult
from core.engine import Game, Observation
from core.moves import Move
from core.rng import Rng
from core.seats import SeatSpec

ProgressReport = Callable[[int, float], None]
"""Called with the iterations done and the seconds spent."""
SEED_MASK = (1 << 63) - 1
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
    _worker: AgentWorker | None = field(default=None, repr=False)
    _closed: bool = field(default=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def label(self) -> str:
        """The player's seat spec, e.g. ``mcts:normal``."""
        return self.player.spec

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
        with self._lock:  # the screen may close the seat while a thread is about to think
            if self._closed:
                raise RuntimeError(f"{self.label} has been closed")
            if self._worker is None:
                assert self.game is not None
                self._worker = AgentWorker(self.game, self.label)
                self._worker.start()
            worker = self._worker
        request = worker.submit(observation, legal, seed=self.rng.next_u64() & SEED_MASK)
        cap = self.player.budget.seconds
        deadline = time.monotonic() + (cap or 60.0) + GRACE
        while True:
            if should_stop is not None and should_stop():
                worker.cancel(request)
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.label} did not answer in time")
            message = worker.poll(timeout=0.05)
            if isinstance(message, WorkerProgress) and message.request == request:
                if on_progress is not None:
                    on_progress(message.progress.iterations, message.progress.seconds)
            elif isinstance(message, WorkerResult) and message.request == request:
                if message.move is None:
                    raise RuntimeError(f"{self.label} failed: {message.error}")
                return message.move

    def close(self) -> None:
        """Stop the player's process, if it has one; no new one is started after this."""
        with self._lock:
            self._closed = True
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.close()


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
    seat = AiSeat(player, rng)
    if processes and seat.searches:
        seat.game = game
    return seat
