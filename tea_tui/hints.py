"""Hints: the MCTS's best moves for the person to move, with their estimated win chances.

:class:`Hinter` asks the information-set MCTS of :mod:`ai.mcts` to analyse the decision from the
seat's observation alone (a hint never sees more than the player may). It reads the root
statistics the search returns (``SearchResult.ranked``: visits and mean reward per move) and keeps
the three most visited moves. With ``processes`` the search runs in an
:class:`ai.worker.AgentWorker` process, started on the first hint and kept for the next ones, so
the interface keeps its CPU; without, in the calling thread (tests, or when no process can be
started). Either way it is called from a worker thread of the screen, reports progress and stops
when asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai.base import Budget, MoveStat, Progress
from ai.worker import WorkerSlot, follow
from core.engine import Game, Observation
from core.moves import Move
from core.rng import Rng

HINT_BUDGET = Budget(iterations=1800, seconds=4.0)
"""What a hint may spend: the ``mcts:normal`` level's iterations, for the whole decision."""


def hint_spec(game: Game) -> str:
    """Return the seat spec of the search a hint runs, in its worker process or (without one)
    in a thread: ``mcts:normal``'s search with the game's level evaluation
    (:func:`ai.knowledge.level_evaluation`), on the tree shared by every seat's decisions
    whatever tree the level plays with. Its root values are the chances whose calibration
    docs/ai.md measures; an own tree values the other seats' turns as its fast policy plays
    them, not as they would."""
    from ai.agents import level_spec
    from ai.knowledge import level_evaluation

    return f"mcts:{level_spec('normal', evaluation=level_evaluation(game))}"


TOP = 3
"""How many moves a hint proposes."""
GRACE = 20.0
"""Seconds a worker process may take beyond the budget before the hint gives up."""


@dataclass(frozen=True)
class Suggestion:
    """One move a hint proposes."""

    move: Move
    chance: float
    """The estimated win chance of the seat after this move, in [0, 1]."""
    visits: int
    """How many simulations went through it (how sure the estimate is)."""


@dataclass(frozen=True)
class HintResult:
    """What a hint found."""

    suggestions: tuple[Suggestion, ...]
    """The best moves, best first (at most :data:`TOP`)."""
    iterations: int
    seconds: float
    stopped: bool = False
    """True if the player stopped the search early."""


ProgressReport = Callable[[int, float], None]
"""Called with the iterations done and the seconds spent."""


def top_moves(
    ranked: Sequence[MoveStat], legal: Sequence[Move], n: int = TOP
) -> tuple[Suggestion, ...]:
    """Return the ``n`` most visited moves (with a single legal move: that move, sure)."""
    if len(legal) == 1:
        return (Suggestion(legal[0], ranked[0].win_chance if ranked else 0.0, 0),)
    tried = [s for s in ranked if s.visits > 0]
    return tuple(Suggestion(s.move, s.win_chance, s.visits) for s in tried[:n])


@dataclass
class Hinter:
    """Finds hints for one game; keep one per game screen and :meth:`close` it at the end.

    Args:
        game: the game being played.
        budget: what each hint may spend.
        processes: search in a separate process.
    """

    game: Game
    budget: Budget = HINT_BUDGET
    processes: bool = True
    _spec: str = field(init=False, repr=False)
    _slot: WorkerSlot = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._spec = hint_spec(self.game)  # built once: it looks up the game's evaluation
        self._slot = WorkerSlot(self.game, self._spec)

    @property
    def process_running(self) -> bool:
        """True while a search process is running for hints."""
        return self._slot.running

    def find(
        self,
        observation: Observation,
        legal: Sequence[Move],
        seed: int,
        on_progress: ProgressReport | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> HintResult:
        """Analyse the decision and return the best moves (call from a worker thread).

        Raises:
            ValueError: if there are no legal moves.
        """
        if not legal:
            raise ValueError("there is nothing to decide")
        if self.processes:
            try:
                return self._find_in_process(observation, legal, seed, on_progress, should_stop)
            except Exception:  # no process to be had: search in this thread instead
                self.close()
                self.processes = False
        return self._find_here(observation, legal, seed, on_progress, should_stop)

    def _find_here(
        self,
        observation: Observation,
        legal: Sequence[Move],
        seed: int,
        on_progress: ProgressReport | None,
        should_stop: Callable[[], bool] | None,
    ) -> HintResult:
        from ai.agents import make_agent
        from ai.base import Searcher

        def report(progress: Progress) -> None:
            if on_progress is not None:
                on_progress(progress.iterations, progress.seconds)

        agent = make_agent(self._spec, self.game).agent  # as the process searches
        assert isinstance(agent, Searcher)
        result = agent.search(
            observation,
            legal,
            self.budget,
            Rng.from_seed(seed),
            on_progress=report,
            should_stop=should_stop,
        )
        return HintResult(
            top_moves(result.ranked, legal), result.iterations, result.seconds, result.stopped
        )

    def _find_in_process(
        self,
        observation: Observation,
        legal: Sequence[Move],
        seed: int,
        on_progress: ProgressReport | None,
        should_stop: Callable[[], bool] | None,
    ) -> HintResult:
        worker = self._slot.get()  # refused once the screen has closed the hinter
        request = worker.submit(observation, legal, self.budget, seed, analyse=True)

        def report(progress: Progress) -> None:
            if on_progress is not None:
                on_progress(progress.iterations, progress.seconds)

        message = follow(
            worker,
            request,
            seconds=(self.budget.seconds or 60.0) + GRACE,
            what="the hint search",
            on_progress=report,
            should_stop=should_stop,
        )
        return HintResult(
            top_moves(message.ranked, legal), message.iterations, message.seconds, message.cancelled
        )

    def close(self) -> None:
        """Stop the search process, if there is one; no new one is started after this."""
        self._slot.close()
