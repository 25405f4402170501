"""Running an agent off the event loop: a worker process with progress reports and cancelling.

An :class:`AgentWorker` owns one process that builds the agent once and then answers requests
one at a time. The app submits a decision (the observation and legal moves of the seat, never a
state), polls for :class:`WorkerProgress` messages (iterations so far, the current best move and
its estimated win chance) and finally gets a :class:`WorkerResult`. :meth:`AgentWorker.cancel`
makes a search stop at its next iteration and answer with what it has, so the app stays
responsive and a "move now" key works. A hint is a request with ``analyse=True``: the search
spends the whole budget and the result ranks the root moves. A spec with ``trees=K`` runs as
``K`` processes, one tree each, thinking at once; their answers are merged here
(:mod:`ai.ensemble`).

    with AgentWorker(game, "mcts:normal") as worker:
        request = worker.submit(state.observation(seat), state.legal_moves(), seed=7)
        while (message := worker.poll(timeout=0.1)) is None or isinstance(message, WorkerProgress):
            ...  # show message.progress, keep the UI alive
        move = message.move
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing import get_context
from multiprocessing.context import SpawnProcess
from multiprocessing.sharedctypes import Synchronized
from types import TracebackType
from typing import Any

import msgspec
from msgspec.structs import replace

from ai.agents import make_agent
from ai.base import Budget, MoveStat, Progress, Searcher, SearchResult
from ai.ensemble import Ensemble, member_budget, member_seeds, merge
from ai.mcts import MctsAgent
from core.engine import Game, Observation
from core.moves import Move
from core.rng import Rng

SEED_MASK = (1 << 63) - 1
"""Keeps a request's seed within what the generator takes (a non-negative 63-bit integer)."""
JOIN_TIMEOUT = 2.0
POLL_STEP = 0.25
"""Seconds between checks that the process is still alive while waiting."""


class WorkerDiedError(RuntimeError):
    """The worker process ended while an answer was awaited."""


class WorkerRequest(msgspec.Struct, frozen=True, kw_only=True):
    """A decision sent to the worker."""

    id: int
    observation: Observation
    legal_moves: tuple[Move, ...]
    budget: Budget | None
    """None for the budget of the worker's seat spec."""
    seed: int
    analyse: bool = False
    adopt: Move | None = None
    """An ensemble member's: the move the ensemble played at the member's last search."""


class WorkerProgress(msgspec.Struct, frozen=True, kw_only=True):
    """How far the search for request ``request`` has got."""

    request: int
    progress: Progress
    member: int = 0
    """Which of an ensemble's processes reports (0 for a lone agent)."""


class WorkerResult(msgspec.Struct, frozen=True, kw_only=True):
    """The answer to request ``request``."""

    request: int
    move: Move | None
    """The chosen move; None only if the agent failed (see ``error``)."""
    ranked: tuple[MoveStat, ...] = ()
    """Root moves best first, for agents that search; empty for the others."""
    iterations: int = 0
    seconds: float = 0.0
    cancelled: bool = False
    error: str = ""
    member: int = 0
    """Which of an ensemble's processes answers (0 for a lone agent)."""


WorkerMessage = WorkerProgress | WorkerResult


class AgentWorker:
    """One agent in its own process.

    Args:
        game: the game played (sent to the process once).
        spec: the seat spec of the agent, e.g. ``mcts:normal``.

    Raises:
        ValueError: from the constructor if ``spec`` is not an AI player.
    """

    def __init__(self, game: Game, spec: str) -> None:
        player = make_agent(spec, game)  # check the spec here, where the error can be shown
        self.game = game
        self.spec = spec
        self._ensemble = player.agent if isinstance(player.agent, Ensemble) else None
        self._budget = player.budget
        trees = 1 if self._ensemble is None else self._ensemble.trees
        ctx = get_context("spawn")
        self._requests: list[Any] = [ctx.Queue() for _ in range(trees)]
        self._replies: Any = ctx.Queue()
        self._cancelled: Synchronized[int] = ctx.Value("q", 0)
        self._processes: list[SpawnProcess] = [
            ctx.Process(
                target=_serve,
                args=(game, spec, self._requests[i], self._replies, self._cancelled, i, trees),
                daemon=True,
            )
            for i in range(trees)
        ]
        self._next = 0
        self._pending: dict[int, tuple[WorkerRequest, list[WorkerResult]]] = {}
        """An ensemble's requests in flight: what was asked and the members' answers so far."""
        self._adopt: Move | None = None
        """The move an ensemble's members are to take as played at their last search."""

    @property
    def processes(self) -> int:
        """How many processes think for this agent (an ensemble's trees, else one)."""
        return len(self._processes)

    def start(self) -> None:
        """Start the process (done by ``with`` too)."""
        for process in self._processes:
            process.start()

    def submit(
        self,
        observation: Observation,
        legal_moves: Sequence[Move],
        budget: Budget | None = None,
        seed: int = 0,
        *,
        analyse: bool = False,
    ) -> int:
        """Queue a decision and return its request id.

        Args:
            observation: what the deciding seat may know.
            legal_moves: the legal moves, not empty.
            budget: the budget; None for the seat spec's own.
            seed: seeds the agent's generator, so a request is reproducible.
            analyse: spend the whole budget (no sub-decision share) and rank every root move.
        """
        self._next += 1
        request = WorkerRequest(
            id=self._next,
            observation=observation,
            legal_moves=tuple(legal_moves),
            budget=budget,
            seed=seed,
            analyse=analyse,
        )
        if self._ensemble is None:
            self._requests[0].put(request)
            return self._next
        # an ensemble: each member searches with its own seed and share, at once
        trees = self._ensemble.trees
        share = member_budget(budget or self._budget, trees, parallel=True)
        seeds = member_seeds(Rng.from_seed(seed), trees)
        for queue_, member_seed in zip(self._requests, seeds, strict=True):
            queue_.put(replace(request, budget=share, seed=member_seed, adopt=self._adopt))
        self._adopt = None
        self._pending[self._next] = (request, [])
        return self._next

    def poll(self, timeout: float | None = 0.0) -> WorkerMessage | None:
        """Return the next message, waiting up to ``timeout`` seconds (None: wait for one).

        An ensemble's members answer one request together: the first member's progress is
        passed on and the result is their merged search.

        Raises:
            WorkerDiedError: if a process has ended and no message is left.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            step = POLL_STEP if deadline is None else min(POLL_STEP, deadline - time.monotonic())
            try:
                message: WorkerMessage = self._replies.get(timeout=max(0.0, step))
            except queue.Empty:
                for process in self._processes:
                    if not process.is_alive():
                        code = process.exitcode
                        raise WorkerDiedError(
                            f"the AI worker ({self.spec}) stopped, exit code {code}"
                        ) from None
                if deadline is not None and time.monotonic() >= deadline:
                    return None
                continue
            if self._ensemble is None:
                return message
            merged = self._gather(message)
            if merged is not None:
                return merged
            if deadline is not None and time.monotonic() >= deadline:
                return None

    def _gather(self, message: WorkerMessage) -> WorkerMessage | None:
        """An ensemble member's message as the ensemble's: its first member's progress, or,
        once every member has answered, the merged result (None until then)."""
        assert self._ensemble is not None
        if isinstance(message, WorkerProgress):  # the first tree's, its iterations for all
            if message.member != 0:
                return None
            progress = message.progress
            done = progress.iterations * self._ensemble.trees
            return replace(message, progress=replace(progress, iterations=done))
        request, answers = self._pending[message.request]
        answers.append(message)
        if len(answers) < self._ensemble.trees:
            return None
        del self._pending[message.request]
        failed = [a for a in answers if a.move is None]
        if failed:
            return failed[0]
        if not request.analyse and len(request.legal_moves) == 1:
            return answers[0]  # forced: nothing was searched
        knowledge = self._ensemble.knowledge
        view = request.observation
        merged = merge(
            [
                SearchResult(
                    move=a.move, ranked=a.ranked, iterations=a.iterations, seconds=a.seconds
                )
                for a in sorted(answers, key=lambda a: a.member)
                if a.move is not None
            ],
            request.legal_moves,
            lambda value: knowledge.win_chance(value, view),
        )
        self._adopt = merged.move
        return WorkerResult(
            request=request.id,
            move=merged.move,
            ranked=merged.ranked,
            iterations=merged.iterations,
            seconds=merged.seconds,
            cancelled=any(a.cancelled for a in answers),
        )

    def result(self, request: int, timeout: float | None = None) -> WorkerResult:
        """Wait for the result of ``request``, dropping progress reports on the way.

        Raises:
            TimeoutError: if it does not come within ``timeout`` seconds.
            WorkerDiedError: if the process has ended.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            message = self.poll(timeout=left)
            if message is None:
                raise TimeoutError(f"no answer to request {request} within {timeout} s")
            if isinstance(message, WorkerResult) and message.request == request:
                return message

    def cancel(self, request: int | None = None) -> None:
        """Stop ``request`` (by default every request submitted so far) as soon as possible.

        A search then answers with its best move so far; a request still queued answers at once.
        """
        upto = self._next if request is None else request
        with self._cancelled.get_lock():
            self._cancelled.value = max(self._cancelled.value, upto)

    def close(self) -> None:
        """Stop the process: cancel, ask it to finish, and terminate it if it does not."""
        started = [p for p in self._processes if p.pid is not None]
        if not started:
            return
        self.cancel()
        for queue_ in self._requests:
            queue_.put(None)
        for process in started:
            process.join(JOIN_TIMEOUT)
            if process.is_alive():
                process.terminate()
                process.join(JOIN_TIMEOUT)

    def __enter__(self) -> AgentWorker:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class WorkerAgent:
    """An agent that thinks in an :class:`AgentWorker`'s processes, as the app's seats do:
    each decision is a request seeded from the agent's generator. Close it when done.

    Args:
        game: the game played.
        spec: the seat spec of the agent in the processes.
        timeout: the longest a decision may take, in seconds.
    """

    def __init__(self, game: Game, spec: str, timeout: float = 600.0) -> None:
        self.name = spec
        self.timeout = timeout
        self._worker = AgentWorker(game, spec)
        self._worker.start()

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Ask the worker for its move (a forced move is played without asking)."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        seed = rng.next_u64() & SEED_MASK
        request = self._worker.submit(observation, legal_moves, budget, seed)
        answer = self._worker.result(request, timeout=self.timeout)
        if answer.move is None:
            raise RuntimeError(f"{self.name} failed: {answer.error}")
        return answer.move

    def close(self) -> None:
        """Stop the worker's processes."""
        self._worker.close()


def follow(
    worker: AgentWorker,
    request: int,
    *,
    seconds: float,
    what: str,
    on_progress: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> WorkerResult:
    """Wait for the result of ``request``, passing its progress on and cancelling it as soon as
    ``should_stop()`` says so (the caller's thread waits; the process thinks).

    Args:
        worker: the process the request went to.
        request: the request's number.
        seconds: how long the answer may take at most (the budget plus a grace period).
        what: who is thinking, for error messages ("mcts:normal", "the hint search").
        on_progress: called with each progress report of the request.
        should_stop: asked between polls; True cancels the request (it then answers with what
            it has).

    Raises:
        TimeoutError: if no answer comes within ``seconds``.
        RuntimeError: if the search failed in the process (the message says why).
    """
    deadline = time.monotonic() + seconds
    while True:
        if should_stop is not None and should_stop():
            worker.cancel(request)
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not answer in time")
        message = worker.poll(timeout=0.05)
        if isinstance(message, WorkerProgress) and message.request == request:
            if on_progress is not None:
                on_progress(message.progress)
        elif isinstance(message, WorkerResult) and message.request == request:
            if message.move is None:
                raise RuntimeError(f"{what} failed: {message.error}")
            return message


class WorkerSlot:
    """A worker process started on first use and kept until :meth:`close`, safe to use from the
    threads of a screen: once closed, no new process is ever started (a thread that begins to
    think after its screen closed gets an error instead of a stray process).

    Args:
        game: the game the agent plays.
        spec: the seat spec of the agent in the process.
    """

    def __init__(self, game: Game, spec: str) -> None:
        self.game = game
        self.spec = spec
        self._worker: AgentWorker | None = None
        self._closed = False
        self._lock = threading.Lock()

    @property
    def running(self) -> bool:
        """True while a process is running for this slot."""
        with self._lock:
            return self._worker is not None

    def get(self) -> AgentWorker:
        """Return the running worker, starting it the first time.

        Raises:
            RuntimeError: if the slot has been closed.
        """
        with self._lock:
            if self._closed:
                raise RuntimeError(f"{self.spec} has been closed")
            if self._worker is None:
                worker = AgentWorker(self.game, self.spec)
                worker.start()
                self._worker = worker
            return self._worker

    def close(self) -> None:
        """Stop the process, if there is one; none is started after this."""
        with self._lock:
            self._closed = True
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.close()


def _serve(
    game: Game,
    spec: str,
    requests: Any,
    replies: Any,
    cancelled: Any,
    member: int = 0,
    trees: int = 1,
) -> None:
    """The worker process: answer requests until a None arrives. With ``trees`` above 1 it is
    the ``member``-th tree of an ensemble, searching on the whole turn's clock."""
    player = make_agent(spec, game)
    agent: object = player.agent
    if isinstance(agent, Ensemble):
        tree = agent.members[member]
        if tree.clock is not None:
            tree.clock *= trees  # the trees think at once, each on the whole clock
        agent = tree
    while True:
        request: WorkerRequest | None = requests.get()
        if request is None:
            return
        try:
            answer = _answer(agent, player.budget, request, replies, cancelled, member)
        except Exception as exc:  # report, keep serving: one bad request must not kill the AI
            answer = WorkerResult(request=request.id, move=None, error=repr(exc))
        replies.put(replace(answer, member=member))


def _answer(
    agent: object,
    default: Budget,
    request: WorkerRequest,
    replies: Any,
    cancelled: Any,
    member: int = 0,
) -> WorkerResult:
    rid = request.id
    legal = request.legal_moves
    rng = Rng.from_seed(request.seed)
    budget = request.budget or default

    def stop() -> bool:
        return bool(cancelled.value >= rid)

    if request.adopt is not None and isinstance(agent, MctsAgent):
        agent.adopt(request.adopt)
    if not isinstance(agent, Searcher):
        assert hasattr(agent, "choose")
        move = agent.choose(request.observation, legal, budget, rng)
        return WorkerResult(request=rid, move=move)
    if not request.analyse:
        if len(legal) == 1:
            return WorkerResult(request=rid, move=legal[0])
        budget = agent.budget_for(request.observation, legal, budget)
    result: SearchResult = agent.search(
        request.observation,
        legal,
        budget,
        rng,
        on_progress=lambda p: replies.put(WorkerProgress(request=rid, progress=p, member=member)),
        should_stop=stop,
    )
    return WorkerResult(
        request=rid,
        move=result.move,
        ranked=result.ranked,
        iterations=result.iterations,
        seconds=result.seconds,
        cancelled=result.stopped,
    )
