"""Do the win chances mean what they say? Reliability tables, Brier scores, and a measurement
of the chances hints show, on seeded games.

:func:`reliability` sorts (predicted chance, outcome) pairs into 10-point buckets and compares
each bucket's mean prediction with the rate observed. :func:`measure_game` plays one seeded game
as the arena does (:mod:`ai.arena`) and, at every ``every``-th turn start of each seat, runs the
search a hint runs (:class:`ai.mcts.MctsAgent` with the game's knowledge, the hint's budget) from
that seat's observation, keeping the best move's win chance; the game's end says who won.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import msgspec

from ai.agents import level_spec, make_agent
from ai.arena import ArenaConfig, seated_game, seating
from ai.base import Budget
from ai.ensemble import Ensemble
from ai.executors import Executor, make_executor
from ai.knowledge import knowledge_for
from ai.mcts import MctsAgent
from core.engine import final_outcome
from core.rng import Rng

BUCKETS = 10


@dataclass(frozen=True)
class Bucket:
    """Predictions between ``low`` and ``high``."""

    low: float
    high: float
    count: int
    predicted: float
    """Mean prediction in the bucket."""
    observed: float
    """Mean outcome in the bucket (wins, shares counted as fractions)."""


@dataclass(frozen=True)
class Reliability:
    """A reliability table and the Brier score of the same predictions."""

    buckets: tuple[Bucket, ...]
    brier: float
    count: int

    def worst_gap(self, least: int = 1) -> float:
        """The largest |predicted - observed| of the buckets holding at least ``least``."""
        gaps = [abs(b.predicted - b.observed) for b in self.buckets if b.count >= least]
        return max(gaps, default=0.0)


def reliability(predicted: Sequence[float], observed: Sequence[float]) -> Reliability:
    """Return the reliability table (10-point buckets, empty ones left out) and Brier score.

    Raises:
        ValueError: if the two lengths differ.
    """
    if len(predicted) != len(observed):
        raise ValueError("as many predictions as outcomes are needed")
    sums: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(BUCKETS)]
    for p, o in zip(predicted, observed, strict=True):
        b = sums[min(BUCKETS - 1, max(0, int(p * BUCKETS)))]
        b[0] += 1
        b[1] += p
        b[2] += o
    buckets = tuple(
        Bucket(i / BUCKETS, (i + 1) / BUCKETS, int(n), sp / n, so / n)
        for i, (n, sp, so) in enumerate(sums)
        if n
    )
    n = len(predicted)
    brier = sum((p - o) ** 2 for p, o in zip(predicted, observed, strict=True)) / n if n else 0.0
    return Reliability(buckets, brier, n)


def format_reliability(table: Reliability, title: str = "") -> str:
    """The table as Markdown-friendly text lines."""
    lines = [title] if title else []
    lines.append("| bucket | points | shown | won | gap |")
    lines.append("|---|---:|---:|---:|---:|")
    for b in table.buckets:
        gap = (b.observed - b.predicted) * 100
        lines.append(
            f"| {b.low:.0%}-{b.high:.0%} | {b.count} | {b.predicted:.1%} | {b.observed:.1%} "
            f"| {gap:+.1f} |"
        )
    lines.append(f"Brier score {table.brier:.4f} over {table.count} points")
    return "\n".join(lines)


class ChancePoint(msgspec.Struct, frozen=True, array_like=True):
    """One measured hint: the seat, the rounds to come, the chance shown, and the win share."""

    seat: int
    round: int
    chance: float
    won: float


def measure_game(
    config: ArenaConfig, budget: Budget, every: int, evaluation: str, index: int
) -> list[ChancePoint]:
    """Play game ``index`` of ``config`` and measure the hint's chance at turn starts.

    The hint search is ``mcts:normal``'s (a lap of the table, as the app's hints search) with
    ``evaluation`` (``hand`` or ``learned``), a new tree each time.
    """
    n = len(config.seats)
    seed, agents = seating(config, index)
    game = seated_game(config, tuple(config.seats[a] for a in agents))
    players = [make_agent(config.seats[a], game) for a in agents]
    spec = f"mcts:{level_spec('normal', evaluation=evaluation)}"
    hinter = make_agent(spec, game).agent
    assert isinstance(hinter, MctsAgent | Ensemble)
    boundary = knowledge_for(game).boundary
    rngs = [Rng.from_seed(seed ^ (0x9E37 * (seat + 1))) for seat in range(n)]
    hint_rng = Rng.from_seed(seed ^ 0x41A7)
    state = game.new_state(seed)
    turns = [0] * n
    shown: list[tuple[int, int, float]] = []
    while not state.is_over():
        seat = state.current_seat()
        assert seat is not None
        legal = state.legal_moves()
        observation = state.observation(seat)
        if boundary is not None and boundary(state) and len(legal) > 1:
            if turns[seat] % every == 0:
                fresh = MctsAgent(game, name="hint", knowledge=hinter.knowledge)
                result = fresh.search(observation, legal, budget, hint_rng.spawn())
                shown.append((seat, getattr(observation, "round", 0), result.ranked[0].win_chance))
            turns[seat] += 1
        player = players[seat]
        move = player.agent.choose(observation, legal, player.budget, rngs[seat])
        state.apply(move, seat=seat)
    rewards = final_outcome(state).rewards()
    return [ChancePoint(s, r, c, rewards[s]) for s, r, c in shown]


def measure_hints(
    config: ArenaConfig,
    budget: Budget,
    every: int = 3,
    evaluation: str = "hand",
    executor: Executor | None = None,
    on_game: Callable[[int], None] | None = None,
) -> list[ChancePoint]:
    """Measure the hint's chances over every game of ``config`` (see :func:`measure_game`).

    Raises:
        ValueError: for a bad seat spec or ``every`` below 1.
    """
    if every < 1:
        raise ValueError(f"every must be at least 1, not {every}")
    probe = seated_game(config, config.seats)
    for spec in config.seats:
        make_agent(spec, probe)
    runner = make_executor(1) if executor is None else executor
    points: list[tuple[int, list[ChancePoint]]] = []
    try:
        task = partial(measure_game, config, budget, every, evaluation)
        for index, found in runner.run(task, range(config.games)):
            points.append((index, found))
            if on_game is not None:
                on_game(len(points))
    finally:
        if executor is None:
            runner.close()
    points.sort(key=lambda p: p[0])
    return [p for _, found in points for p in found]
