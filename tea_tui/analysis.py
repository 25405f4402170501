"""Post-game analysis: which decisions of a saved game cost the most, according to the MCTS.

:func:`analyse_game` walks through a loaded save and, for every decision of the chosen seats
where more than one move was legal, asks the information-set MCTS of :mod:`ai.mcts` to search
that decision from the seat's observation, exactly as the hint key does (never from the full
state). It compares the move played with the search's first choice (the most visited move):

- the **cost** is the difference of their mean rewards. The Tea Garden evaluation's rewards are
  linear in the expected final margin (:class:`ai.tea_garden.evaluation.TeaGardenEvaluator`), so the
  difference converts to VP of margin: ``Δvalue * 2 * spread``. Games without such an evaluation
  only get the difference in estimated win chance;
- if the played move got no visits (progressive widening may have left it out) or too few for
  its mean to mean much (:data:`RECHECK_VISITS`), a second search restricted to the played move
  and the first choice gives both a value of their own.

Every decision is searched by a new agent (no tree is reused) with a generator seeded from the
game's seed and the move's number, so the same save and budget give the same report, whether
the decisions run in this process or are shared among worker processes (:func:`measure` is the
unit of work). :func:`format_report` words a report as plain lines, for the command
(:mod:`tea_tui.cli.analyse`) and the app's analysis screen alike.

The search and the rules are imported when first used, so that loading the command line (for
``tea-tui --version`` as much as for a game) does not pay for them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.engine import Game, Observation
    from core.moves import Move
    from saves import LoadedGame

DEFAULT_ITERATIONS = 400
"""Search iterations per decision unless ``--iters`` says otherwise."""
MIN_ITERATIONS = 10
"""Fewer iterations than this say nothing about a decision."""
RECHECK_VISITS = 10
"""A move played that got fewer visits than this is searched again beside the first choice: a
mean of a handful of simulations once put a move that was as good as the first choice among a
game's three costliest."""
TOP = 3
"""How many of the costliest decisions the report shows by default."""

ProgressReport = Callable[[int, int], None]
"""Called with the decisions analysed so far and the number to analyse."""


@dataclass(frozen=True)
class Measured:
    """What the search found about one decision: its first choice and the move played."""

    best: Move
    """The search's first choice (the most visited move)."""
    best_value: float
    """Mean reward of the deciding seat after ``best``, in [0, 1]."""
    best_chance: float
    """The estimated win chance after ``best``."""
    played_value: float
    played_chance: float
    matched: bool
    """True when the move played was the search's first choice."""
    rechecked: bool = False
    """True when a second search, on the two moves alone, gave the values."""


@dataclass(frozen=True)
class Task:
    """One decision to search: everything a worker needs, nothing the seat could not see."""

    index: int
    """The move's position in the game (0 for the first move)."""
    observation: Observation
    legal: tuple[Move, ...]
    played: Move
    seed: int


@dataclass(frozen=True)
class Decision:
    """One analysed decision, with the moves in words."""

    index: int
    seat: int
    round: int | None
    """The round (None for a game without rounds)."""
    turn: str
    """Whose turn and which, in words (empty for a game without turns)."""
    choices: int
    """How many moves were legal."""
    played: str
    best: str
    measured: Measured
    spread: float | None
    """The evaluator's VP scale (None: the cost is known only as a win chance)."""

    @property
    def cost_vp(self) -> float | None:
        """The estimated VP of final margin the move played gave up (never negative)."""
        if self.spread is None:
            return None
        m = self.measured
        return max(0.0, m.best_value - m.played_value) * 2 * self.spread

    @property
    def chance_lost(self) -> float:
        """The estimated win chance the move played gave up (never negative)."""
        return max(0.0, self.measured.best_chance - self.measured.played_chance)

    @property
    def weight(self) -> float:
        """What the report ranks decisions by: the VP cost, else the win chance lost."""
        cost = self.cost_vp
        return self.chance_lost if cost is None else cost


@dataclass(frozen=True)
class Report:
    """The analysis of one saved game."""

    name: str
    game: str
    seats: tuple[str, ...]
    """Each seat's name and who played it, e.g. ``Ann (human)``."""
    names: tuple[str, ...]
    seed: int
    moves: int
    finished: bool
    analysed_seats: tuple[int, ...]
    iterations: int
    seconds: float
    spread: float | None
    """The evaluator's VP scale (None: costs are given as win chance only)."""
    decisions: tuple[Decision, ...]
    """Every analysed decision, in the order of the game."""

    def costliest(self, top: int = TOP) -> list[Decision]:
        """The ``top`` decisions that gave up the most, costliest first (earlier first on ties)."""
        ranked = sorted(self.decisions, key=lambda d: (-d.weight, d.index))
        return [d for d in ranked if d.weight > 0][:top]


def decision_seed(game_seed: int, index: int) -> int:
    """The seed of the search of move ``index``: fixed by the game and the move alone."""
    return (game_seed * 1_000_003 + index * 7_919 + 4_243) & ((1 << 63) - 1)


def measure(game: Game, task: Task, iterations: int) -> Measured:
    """Search one decision from its observation and compare the move played with the best."""
    from ai.base import Budget
    from ai.mcts import MctsAgent
    from core.rng import Rng

    budget = Budget(iterations=iterations)
    result = MctsAgent(game, name="analysis").search(
        task.observation, task.legal, budget, Rng.from_seed(task.seed)
    )
    best = result.ranked[0]
    if best.move == task.played:
        return Measured(best.move, best.value, best.win_chance, best.value, best.win_chance, True)
    played = next((s for s in result.ranked if s.move == task.played), None)
    if played is not None and played.visits >= RECHECK_VISITS:
        return Measured(
            best.move, best.value, best.win_chance, played.value, played.win_chance, False
        )
    # A fresh agent: the first one would reuse its tree for the same observation.
    again = MctsAgent(game, name="analysis").search(
        task.observation, (task.played, best.move), budget, Rng.from_seed(task.seed + 1)
    )
    stats = {s.move: s for s in again.ranked}
    b, p = stats[best.move], stats[task.played]
    return Measured(best.move, b.value, b.win_chance, p.value, p.win_chance, False, True)


def plan(loaded: LoadedGame, seats: Sequence[int]) -> list[Task]:
    """The decisions of ``seats`` in the game where more than one move was legal."""
    replay = loaded.replay
    tasks = []
    for index, (state, move) in enumerate(zip(replay.states(), replay.moves, strict=False)):
        seat = replay.seats[index]
        if seat not in seats:
            continue
        legal = tuple(state.legal_moves())
        if len(legal) < 2:
            continue
        seed = decision_seed(loaded.save.seed, index)
        tasks.append(Task(index, state.observation(seat), legal, move, seed))
    return tasks


def evaluator_spread(game: Game) -> float | None:
    """The VP a reward of 1 stands for, when the game's evaluation is linear in the margin."""
    from ai.mcts import MctsAgent

    knowledge = getattr(MctsAgent(game), "knowledge", None)
    spread = getattr(getattr(knowledge, "evaluator", None), "spread", None)
    return float(spread) if isinstance(spread, int | float) else None


def analyse_game(
    loaded: LoadedGame,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seats: Sequence[int] | None = None,
    jobs: int = 1,
    on_progress: ProgressReport | None = None,
) -> Report:
    """Analyse the decisions of ``seats`` (by default the seats played by people).

    Args:
        loaded: the save, loaded and checked.
        iterations: search iterations per decision.
        seats: 0-based seats to analyse.
        jobs: worker processes to share the decisions among (1: search here).
        on_progress: told after each decision.

    Raises:
        ValueError: if ``iterations`` is below :data:`MIN_ITERATIONS` or ``jobs`` below 1.
    """
    if iterations < MIN_ITERATIONS:
        raise ValueError(f"at least {MIN_ITERATIONS} iterations are needed, not {iterations}")
    if jobs < 1:
        raise ValueError(f"at least one job is needed, not {jobs}")
    from tea_tui.session import seat_names

    start = time.perf_counter()
    specs = loaded.save.setup.seats
    names = seat_names(specs, loaded.save.setup.game)
    if seats is None:
        seats = [i for i, spec in enumerate(specs) if spec.is_human]
    tasks = plan(loaded, seats)
    results = _run(loaded.game, tasks, iterations, jobs, on_progress)
    spread = evaluator_spread(loaded.game)
    decisions = tuple(
        _decision(loaded.game, t, m, names, spread) for t, m in zip(tasks, results, strict=True)
    )
    save = loaded.save
    return Report(
        name=loaded.name,
        game=_game_name(save.setup.game),
        seats=tuple(
            f"{n} ({spec.kind}:{spec.level})" if spec.level else f"{n} ({spec.kind})"
            for n, spec in zip(names, specs, strict=True)
        ),
        names=tuple(names),
        seed=save.seed,
        moves=len(loaded.replay),
        finished=loaded.replay.final.is_over(),
        analysed_seats=tuple(sorted(seats)),
        iterations=iterations,
        seconds=time.perf_counter() - start,
        spread=spread,
        decisions=decisions,
    )


def _run(
    game: Game,
    tasks: Sequence[Task],
    iterations: int,
    jobs: int,
    on_progress: ProgressReport | None,
) -> list[Measured]:
    """Measure every task, here or in worker processes; the results are in the tasks' order."""
    total = len(tasks)
    if jobs == 1 or total < 2:
        out = []
        for done, task in enumerate(tasks, start=1):
            out.append(measure(game, task, iterations))
            if on_progress is not None:
                on_progress(done, total)
        return out
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from multiprocessing import get_context

    found: dict[int, Measured] = {}
    workers = min(jobs, total)
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=get_context("spawn"),
        initializer=_start_worker,
        initargs=(game,),
    ) as pool:
        futures = {pool.submit(_measure_in_worker, t, iterations): t.index for t in tasks}
        for done, future in enumerate(as_completed(futures), start=1):
            found[futures[future]] = future.result()
            if on_progress is not None:
                on_progress(done, total)
    return [found[t.index] for t in tasks]


_WORKER_GAME: list[Game] = []
"""The game of this worker process, set once when it starts."""


def _start_worker(game: Game) -> None:
    _WORKER_GAME[:] = [game]


def _measure_in_worker(task: Task, iterations: int) -> Measured:
    return measure(_WORKER_GAME[0], task, iterations)


def _decision(
    game: Game, task: Task, m: Measured, names: Sequence[str], spread: float | None
) -> Decision:
    from tea_tui.game_ui import ui_for

    obs = task.observation
    ui = ui_for(game.game_id)
    round_, turn = ui.decision_when(game, obs, names)

    def words(move: Move) -> str:
        return ui.decision_words(game, obs, move)

    return Decision(
        index=task.index,
        seat=obs.seat,
        round=round_,
        turn=turn,
        choices=len(task.legal),
        played=words(task.played),
        best=words(m.best),
        measured=m,
        spread=spread,
    )


# --- the report ------------------------------------------------------------------------------


def format_report(report: Report, top: int = TOP) -> str:
    """Return the report as plain lines: the header, the costliest decisions, each seat."""
    lines = _header(report)
    if not report.analysed_seats:
        lines.append("")
        lines.append("No seat to analyse: no seat is played by a person. Choose one with --seat K.")
        return "\n".join(lines)
    costly = report.costliest(top)
    lines.append("")
    if not report.decisions:
        lines.append("No decision to analyse: there was never more than one legal move.")
    elif not costly:
        lines.append(
            "No decision gave up anything by this search: every move played was as good "
            "as its first choice."
        )
    else:
        many = len(costly) > 1
        lines.append(
            f"The {len(costly)} costliest decisions:" if many else "The costliest decision:"
        )
        for rank, decision in enumerate(costly, start=1):
            lines.extend(_decision_lines(rank, decision, report.names))
    lines.append("")
    lines.append("Per seat:")
    lines.extend(_seat_lines(report))
    return "\n".join(lines)


def _header(report: Report) -> list[str]:
    status = "finished" if report.finished else "not finished"
    players = _count(len(report.seats), "player")
    seats = "; ".join(f"{i + 1}. {text}" for i, text in enumerate(report.seats))
    who = _and([report.names[s] for s in report.analysed_seats]) or "no seat"
    n = report.iterations
    return [
        f'Analysis of "{report.name}": {report.game}, {players}, seed {report.seed}, '
        f"{_count(report.moves, 'move')}, {status}.",
        f"Seats: {seats}.",
        f"Analysed: {_count(len(report.decisions), 'decision')} of {who} with more than one "
        f"legal move, {n} search iterations each.",
        f"Time: {report.seconds:.1f} seconds.",
        f"These are estimates of an MCTS search of {n} iterations per decision, made from",
        "what the seat could see at the time; another --iters gives somewhat other figures.",
    ]


def _decision_lines(rank: int, d: Decision, names: Sequence[str]) -> list[str]:
    where = f"Round {d.round}, {d.turn}, " if d.round is not None else ""
    m = d.measured
    cost = d.cost_vp
    if cost is None:
        size = f"{d.chance_lost:.0%} of win chance"
    else:
        size = f"{cost:.1f} VP of final margin"
    lines = [
        f"{rank}. {where}move {d.index + 1}: {names[d.seat]}, {_count(d.choices, 'legal move')}.",
        f"   Played: {d.played}",
        f"   The search preferred: {d.best}",
        f"   Estimated cost: {size}; win chance {_chance(m.played_chance)} as played, "
        f"{_chance(m.best_chance)} with the search's choice.",
    ]
    if m.rechecked:
        lines.append("   (The move played was searched again beside the preferred one.)")
    return lines


def _seat_lines(report: Report) -> list[str]:
    lines = []
    for seat in report.analysed_seats:
        mine = [d for d in report.decisions if d.seat == seat]
        matched = sum(1 for d in mine if d.measured.matched)
        if report.spread is not None:
            total = f"total estimated cost {sum(d.cost_vp or 0.0 for d in mine):.1f} VP"
        else:
            total = f"win chance given up {sum(d.chance_lost for d in mine):.0%} in all"
        lines.append(
            f"  {report.names[seat]}: {_count(len(mine), 'decision')} analysed, {matched} "
            f"matched the search's first choice, {total}."
        )
    return lines


def _chance(p: float) -> str:
    if 0 < p < 0.005:
        return "under 1%"
    if 0.995 < p < 1:
        return "over 99%"
    return f"{p:.0%}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _game_name(game_id: str) -> str:
    from core.games import game_name

    return game_name(game_id)
