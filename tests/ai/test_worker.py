"""The worker process: progress reports, results, hints and cancelling."""

from __future__ import annotations

import time

import pytest

from ai.base import Budget
from ai.worker import AgentWorker, WorkerProgress, WorkerResult
from core.tea_garden.game import TeaGardenGame
from tests.ai.positions import midgame


def test_worker_reports_progress_answers_and_cancels() -> None:
    """One process: a timed hint reports progress and ranks moves; a long search is cancelled
    and still answers with a legal move; a random player answers too."""
    game = TeaGardenGame(num_seats=2)
    state = midgame()
    seat = state.current_seat()
    assert seat is not None
    view, legal = state.observation(seat), state.legal_moves()
    with AgentWorker(game, "mcts:iters=50") as worker:
        hint = worker.submit(view, legal, Budget(seconds=0.35), seed=1, analyse=True)
        progress: list[WorkerProgress] = []
        while True:
            message = worker.poll(timeout=30)
            assert message is not None
            if isinstance(message, WorkerProgress):
                progress.append(message)
                continue
            break
        assert isinstance(message, WorkerResult) and message.request == hint
        assert progress and progress[-1].progress.best in legal
        assert 0.0 <= progress[-1].progress.win_chance <= 1.0
        assert message.move in legal and message.ranked[0].move == message.move
        assert {s.move for s in message.ranked} == set(legal)

        long = worker.submit(view, legal, Budget(seconds=60), seed=2)
        time.sleep(0.3)
        start = time.monotonic()
        worker.cancel(long)
        answer = worker.result(long, timeout=30)
        assert answer.cancelled and answer.move in legal
        assert time.monotonic() - start < 10

        play = worker.submit(view, legal, seed=3)  # the spec's own budget
        assert worker.result(play, timeout=30).move in legal


def test_worker_refuses_a_person() -> None:
    """A worker is only for AI players."""
    with pytest.raises(ValueError):
        AgentWorker(TeaGardenGame(num_seats=2), "human")
