"""Where many independent jobs run: in this process, in a local process pool, or on a Dask
cluster. Game-neutral; the arena, the ladder and self-play for training share it.

A job is ``fn(index)`` for each index. ``fn`` must be a pure function of its index (the arena
seeds game ``i`` from the configuration and ``i`` alone), so it does not matter where, in which
order, or how many times a job runs: a job lost with a killed worker is simply run again.
``fn`` must pickle, so it is a module-level function or a :func:`functools.partial` of one::

    with make_executor(jobs=2) as executor:             # or cluster="local" / "tcp://host:8786"
        for index, record in executor.run(partial(play_game, config), range(40)):
            ...                                          # results arrive as jobs finish

The Dask path needs the optional extra ``tea-tui[cluster]`` (dask and distributed), imported
only when a cluster is asked for.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar

T = TypeVar("T")

CLUSTER_MISSING = (
    "the cluster extra is not installed (Dask runs the games): pip install 'tea-tui[cluster]'"
)
CLUSTER_MODULES = frozenset({"dask", "distributed"})
LOCAL = "local"
"""The cluster address that starts a Dask cluster of worker processes on this machine."""
CONNECT_SECONDS = 10.0
"""How long to wait for a cluster's scheduler by default."""


class ExecutorError(Exception):
    """A place to run jobs cannot be had: the extra is missing or the cluster cannot be reached.

    The message is meant for people and ends the run; jobs that fail raise their own errors.
    """


class Executor(Protocol):
    """Runs ``fn(i)`` for every index and yields ``(i, result)`` as each job finishes."""

    @property
    def workers(self) -> int:
        """How many jobs run at once."""
        ...

    @property
    def where(self) -> str:
        """Where the jobs run, in words: ``"in this process"``, ``"in 2 processes"``,
        ``"on a local cluster (2 workers)"``."""
        ...

    def run(self, fn: Callable[[int], T], indices: Iterable[int]) -> Iterator[tuple[int, T]]:
        """Run ``fn`` on each index and yield each index with its result, in finishing order.

        Stopping the iteration early (or an error) cancels the jobs not yet started.
        """
        ...

    def close(self) -> None:
        """Release the workers; the executor cannot run jobs afterwards."""
        ...

    def __enter__(self) -> Executor: ...

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None: ...


class _Closing:
    """Context manager support: ``close`` on leaving the block."""

    def close(self) -> None:
        """Release the workers."""

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class InlineExecutor(_Closing):
    """Runs every job here, one after the other, in index order."""

    workers = 1
    where = "in this process"

    def run(self, fn: Callable[[int], T], indices: Iterable[int]) -> Iterator[tuple[int, T]]:
        """Run ``fn`` on each index in turn."""
        for index in indices:
            yield index, fn(index)


class PoolExecutor(_Closing):
    """Runs jobs in a pool of ``jobs`` local processes (spawned, so nothing is inherited).

    The pool starts at the first :meth:`run` and is kept until :meth:`close`, so a ladder of
    many matches pays for the processes once.

    Raises:
        ValueError: from the constructor if ``jobs`` is not positive.
    """

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self._jobs = jobs
        self._pool: ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        """The number of processes."""
        return self._jobs

    @property
    def where(self) -> str:
        """``"in N processes"``."""
        return f"in {self._jobs} processes"

    def run(self, fn: Callable[[int], T], indices: Iterable[int]) -> Iterator[tuple[int, T]]:
        """Submit every job to the pool and yield results as they finish."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self._jobs, mp_context=get_context("spawn")
            )
        futures: dict[Future[T], int] = {self._pool.submit(fn, i): i for i in indices}
        try:
            for future in as_completed(futures):
                yield futures[future], future.result()
        finally:
            for future in futures:
                future.cancel()

    def close(self) -> None:
        """Stop the processes, dropping jobs not yet started."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class DaskExecutor(_Closing):
    """Runs jobs on a Dask distributed cluster: at ``address``, or on a local one it starts.

    A worker that dies takes its jobs with it; the scheduler runs them again elsewhere (a job
    that kills workers several times, ``distributed.scheduler.allowed-failures``, is given up
    with an :class:`ExecutorError`). Workers of a remote cluster need this version of tea-tui
    installed.

    Args:
        address: the scheduler's address (``tcp://host:8786``), or ``"local"`` for a
            ``LocalCluster`` of ``workers`` single-threaded worker processes on this machine.
        workers: the local cluster's size; ignored for an address.
        timeout: seconds to wait for the scheduler.

    Raises:
        ExecutorError: from the constructor if the extra is not installed, the address is
            malformed or the scheduler does not answer in time.
        ValueError: from the constructor if ``workers`` is not positive.
    """

    def __init__(self, address: str, workers: int = 1, timeout: float = CONNECT_SECONDS) -> None:
        if workers < 1:
            raise ValueError(f"a cluster needs at least one worker, not {workers}")
        distributed = _import_distributed()
        self._address = address
        self._cluster: Any = None
        try:
            if address == LOCAL:
                self._cluster = distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    # its small web server on any free port: never a clash over 8787
                    scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                    # a killed worker is part of the plan; the reruns need no log lines
                    silence_logs=logging.CRITICAL,
                )
                self._client = distributed.Client(self._cluster, timeout=timeout)
            else:
                # a malformed address is refused before a client starts its event loop
                distributed.comm.addressing.get_address_host(address)
                self._client = distributed.Client(address, timeout=timeout)
        except ValueError as exc:
            self._close_cluster()
            raise ExecutorError(f"{address!r} is not a cluster address: {exc}") from None
        except (OSError, TimeoutError) as exc:
            self._close_cluster()
            # The client that timed out is still half alive; closing it now, while its loop
            # runs, keeps its finalizer from blocking a later client (or the exit).
            gc.collect()
            raise ExecutorError(f"cannot reach the cluster at {address!r}: {exc}") from None
        self._local_workers = workers

    @property
    def workers(self) -> int:
        """The cluster's worker threads now (they may come and go)."""
        try:
            threads: dict[str, int] = self._client.nthreads()
            return max(1, sum(threads.values()))
        except (OSError, TimeoutError):
            return self._local_workers

    @property
    def scheduler_address(self) -> str:
        """The address of the cluster's scheduler (of the local cluster too)."""
        address: str = self._client.scheduler.address
        return address

    @property
    def where(self) -> str:
        """``"on a local cluster"`` or ``"on the cluster at ADDRESS"``, with its workers."""
        n = self.workers
        place = "a local cluster" if self._address == LOCAL else f"the cluster at {self._address}"
        return f"on {place} ({n} worker{'' if n == 1 else 's'})"

    def run(self, fn: Callable[[int], T], indices: Iterable[int]) -> Iterator[tuple[int, T]]:
        """Submit every job to the cluster and yield results as they finish."""
        distributed = _import_distributed()
        futures: dict[Any, int] = {}
        for i in indices:
            futures[self._client.submit(fn, i, pure=False)] = i
        try:
            for future in distributed.as_completed(futures):
                try:
                    result: T = future.result()
                except distributed.KilledWorker as exc:
                    raise ExecutorError(
                        f"job {futures[future]} was given up: it killed worker after worker ({exc})"
                    ) from None
                yield futures[future], result
        finally:
            self._client.cancel(list(futures))

    def close(self) -> None:
        """Disconnect, and stop the local cluster if this executor started it."""
        client = getattr(self, "_client", None)
        if client is not None:
            client.close()
            self._client = None
        self._close_cluster()

    def _close_cluster(self) -> None:
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


def _import_distributed() -> Any:
    """Return the ``distributed`` module, or say how to install the extra.

    Raises:
        ExecutorError: if dask or distributed is missing.
    """
    try:
        import distributed
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] in CLUSTER_MODULES:
            raise ExecutorError(CLUSTER_MISSING) from None
        raise
    return distributed


def make_executor(
    jobs: int = 1, cluster: str | None = None, timeout: float = CONNECT_SECONDS
) -> Executor:
    """Return the executor the command line asks for.

    Args:
        jobs: local processes (1: this process), or the size of a ``"local"`` cluster.
        cluster: None for local processes, ``"local"`` or a scheduler address for Dask.
        timeout: seconds to wait for a cluster's scheduler.

    Raises:
        ExecutorError: see :class:`DaskExecutor`.
        ValueError: if ``jobs`` is not positive.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if cluster is not None:
        return DaskExecutor(cluster, workers=jobs, timeout=timeout)
    if jobs == 1:
        return InlineExecutor()
    return PoolExecutor(jobs)
