"""The arena: many headless games between seat specs, with statistics.

Agent ``j`` of the list sits at seat ``(j + r) % n`` in rotation ``r``, and every deal (seed) is
played once in each of the ``n`` rotations, so that no agent profits from a seat or a lucky deal.
Game ``i`` uses deal ``i // n`` and rotation ``i % n`` (deal ``i`` when all seats are alike,
as their seatings are one game). Games run through an executor
(:mod:`ai.executors`: this process, a pool of ``jobs`` processes or a Dask cluster); each game is
a pure function of the configuration and its index, so the results do not depend on where or
how many at once (only the time spent thinking does).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

import msgspec

from ai.agents import Player, make_agent
from ai.base import Searcher
from ai.executors import Executor, make_executor
from ai.game_stats import StatSummary, StatValue, format_stats, stats_for, summarize_stats
from ai.knowledge import knowledge_for
from ai.stats import mean_sd, quantile, wilson_interval
from ai.worker import WorkerAgent
from core.engine import Game, final_outcome
from core.games import DEFAULT_GAME, UnknownGameError, find_game, option_names
from core.rng import Rng
from core.setup import OptionValue, make_game, new_setup


class ArenaConfig(msgspec.Struct, frozen=True, kw_only=True):
    """What to play.

    Raises:
        ValueError: from the constructor for an unknown game, a bad seat count or no games.
    """

    seats: tuple[str, ...]
    """One seat spec per agent, e.g. ``("mcts:normal", "heuristic")``."""
    games: int
    seed: int = 1
    game: str = DEFAULT_GAME
    """The game, by registry id (:mod:`core.games`)."""
    options: dict[str, OptionValue] = {}
    """The game's options (variants, expansions) by name."""
    puerh: bool = False
    """Shorthand for the option ``puerh`` (Tea Garden's Puerh - The Noble Court expansion)."""
    processes: bool = False
    """Searching seats think in worker processes, as the app's seats do (an ensemble's trees
    at once, ``trees=K``), to time play as people meet it; the seeds then pass through the
    worker, so the moves differ from an in-process run's."""

    def __post_init__(self) -> None:
        try:
            info = find_game(self.game)
        except UnknownGameError as exc:
            raise ValueError(str(exc)) from None
        low, high = info.min_seats, info.max_seats
        if not low <= len(self.seats) <= high:
            raise ValueError(
                f"{info.name} is played by {low} to {high} seats, not {len(self.seats)}"
            )
        if self.games < 1:
            raise ValueError(f"the arena needs at least one game, not {self.games}")
        unknown = [name for name in self.setup_options() if name not in option_names(info)]
        if unknown:
            raise ValueError(f"{info.name} has no option {', '.join(map(repr, unknown))}")

    def setup_options(self) -> dict[str, OptionValue]:
        """The options every game of the arena is set up with (``puerh`` folded in)."""
        return {**self.options, **({"puerh": True} if self.puerh else {})}


class GameRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One finished game, seat by seat."""

    index: int
    seed: int
    agents: tuple[int, ...]
    """For each seat, the index of the agent sitting there."""
    scores: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    rewards: tuple[float, ...]
    """1 for a sole winner, shares for shared winners, 0 otherwise."""
    think_seconds: tuple[float, ...]
    """Time each seat spent choosing moves that had an alternative."""
    decisions: tuple[int, ...]
    """Moves each seat chose among two or more."""
    moves: int
    """All moves of the game, forced ones included."""
    decision_seconds: tuple[tuple[float, ...], ...] = ()
    """Per seat, the wall-clock time of each move it chose among two or more, in order."""
    turn_seconds: tuple[tuple[float, ...], ...] = ()
    """Per seat, the wall-clock time of each of its turns with at least one such move (a turn
    begins where the game's knowledge sees a boundary, or when the seat to move changes)."""
    turn_cpu_seconds: tuple[tuple[float, ...], ...] = ()
    """Per seat, the processor time of the same turns (this process only)."""
    stats: dict[str, StatValue] = {}
    """The game's own figures (how it ended, ...; :mod:`ai.game_stats`), if it has any."""


class AgentSummary(msgspec.Struct, frozen=True, kw_only=True):
    """One agent's results over the games."""

    label: str
    spec: str
    games: int
    wins: float
    """Games won; a win shared by k seats counts 1/k."""
    win_rate: float
    win_low: float
    """Lower end of the 95% Wilson interval of the win rate."""
    win_high: float
    score_mean: float
    score_sd: float
    score_min: int
    score_max: int
    categories: dict[str, float]
    """Mean points per scoring category."""
    ms_per_move: float
    """Mean thinking time per move that had an alternative, in milliseconds."""
    decisions: int


class ArenaReport(msgspec.Struct, frozen=True, kw_only=True):
    """Everything an arena run found out."""

    config: ArenaConfig
    agents: tuple[AgentSummary, ...]
    games: tuple[GameRecord, ...]
    seconds: float
    """Wall-clock time of the whole run."""
    jobs: int
    """How many games ran at once."""
    where: str = ""
    """Where they ran: this process, local processes or a Dask cluster."""
    stats: tuple[StatSummary, ...] = ()
    """The game's own figures summed up over the games (:mod:`ai.game_stats`)."""


def seated_game(
    config: ArenaConfig, specs: tuple[str, ...], components: object | None = None
) -> Game:
    """Return the game for one seating: a Lu Yu seat makes it a solo game at his difficulty,
    wherever he sits.

    Raises:
        ValueError: for seats or options the game cannot be set up with.
    """
    setup = new_setup(
        specs, game=config.game, components=components, options=config.setup_options()
    )
    return make_game(setup, components)


def seating(config: ArenaConfig, index: int) -> tuple[int, tuple[int, ...]]:
    """Return the deal seed and, per seat, the agent index of game ``index``.

    When every seat has the same spec the seatings are one and the same game, so each game
    gets a deal of its own instead (self-play for balancing a game needs distinct deals).
    """
    n = len(config.seats)
    deal, rotation = divmod(index, n)
    if len(set(config.seats)) == 1:
        deal, rotation = index, 0
    agents = tuple((seat - rotation) % n for seat in range(n))
    return deal_seed(config.seed, deal), agents


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of deal ``deal`` of a run seeded ``seed`` (the arena's, and self-play's)."""
    return Rng.from_seed(seed * 1_000_003 + deal).next_u64() >> 1


def play_game(config: ArenaConfig, index: int, components: object | None = None) -> GameRecord:
    """Play game ``index`` of an arena run and return its record."""
    seed, agents = seating(config, index)
    game = seated_game(config, tuple(config.seats[a] for a in agents), components)
    players = [make_agent(config.seats[a], game) for a in agents]
    if config.processes:
        players = [_in_processes(p, game) for p in players]
    try:
        return _play(game, players, index, seed, agents)
    finally:
        for player in players:
            if isinstance(player.agent, WorkerAgent):
                player.agent.close()


def _in_processes(player: Player, game: Game) -> Player:
    """A searching player moved into worker processes; any other as it is."""
    if not isinstance(player.agent, Searcher):
        return player
    return replace(player, agent=WorkerAgent(game, player.spec))


def _play(
    game: Game, players: list[Player], index: int, seed: int, agents: tuple[int, ...]
) -> GameRecord:
    """Play one seated game to its end and return its record."""
    n = len(players)
    rngs = [Rng.from_seed(seed ^ (0x9E37 * (seat + 1))) for seat in range(n)]
    state = game.new_state(seed)
    think = [0.0] * n
    decisions = [0] * n
    moves = 0
    boundary = knowledge_for(game).boundary
    watcher = stats_for(game)
    per_decision: list[list[float]] = [[] for _ in range(n)]
    turn_wall: list[list[float]] = [[] for _ in range(n)]
    turn_cpu: list[list[float]] = [[] for _ in range(n)]
    mover = -1  # the seat whose turn is timed, and the decisions timed in it so far
    timed = 0
    while not state.is_over():
        seat = state.current_seat()
        assert seat is not None
        if seat != mover or (boundary is not None and boundary(state)):
            mover, timed = seat, 0
        legal = state.legal_moves()
        player = players[seat]
        start, cpu = time.perf_counter(), time.process_time()
        move = player.agent.choose(state.observation(seat), legal, player.budget, rngs[seat])
        if len(legal) > 1:
            spent = time.perf_counter() - start
            think[seat] += spent
            decisions[seat] += 1
            per_decision[seat].append(spent)
            if not timed:
                turn_wall[seat].append(0.0)
                turn_cpu[seat].append(0.0)
            turn_wall[seat][-1] += spent
            turn_cpu[seat][-1] += time.process_time() - cpu
            timed += 1
        if watcher is not None:
            watcher.step(state, move)
        state.apply(move, seat=seat)
        moves += 1
    outcome = final_outcome(state)
    return GameRecord(
        index=index,
        seed=seed,
        agents=agents,
        scores=outcome.scores,
        breakdown=outcome.breakdown,
        rewards=outcome.rewards(),
        think_seconds=tuple(think),
        decisions=tuple(decisions),
        moves=moves,
        decision_seconds=tuple(map(tuple, per_decision)),
        turn_seconds=tuple(map(tuple, turn_wall)),
        turn_cpu_seconds=tuple(map(tuple, turn_cpu)),
        stats={} if watcher is None else watcher.finish(state),
    )


def run_arena(
    config: ArenaConfig,
    jobs: int = 1,
    on_game: Callable[[GameRecord, int], None] | None = None,
    components: object | None = None,
    executor: Executor | None = None,
    done: Sequence[GameRecord] = (),
) -> ArenaReport:
    """Play every game of ``config`` and summarize them.

    Args:
        config: what to play.
        jobs: worker processes when no ``executor`` is given; 1 plays in this process.
        on_game: called with each finished game and the number finished so far (``done``
            included).
        components: the game's component set; None for its built-in one.
        executor: where the games run (:mod:`ai.executors`), e.g. a Dask cluster; it is left
            open for the caller to reuse. None makes one from ``jobs`` for this run.
        done: games of this configuration played before (:func:`resumed_games`): they are
            kept and not played again. Games are seeded by their index, so the report is the
            one a single run would give.

    Raises:
        ValueError: if a seat spec is not an AI player or ``jobs`` is not positive.
        ai.executors.ExecutorError: if the executor gives a game up.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    probe = seated_game(config, config.seats, components)
    for spec in config.seats:
        make_agent(spec, probe)  # fail early, in this process, on a bad spec
    start = time.perf_counter()
    records: list[GameRecord] = list(done)
    played = {r.index for r in records}
    own = executor is None
    runner = make_executor(jobs) if executor is None else executor
    try:
        task = partial(play_game, config, components=components)
        todo = [i for i in range(config.games) if i not in played]
        for _, record in runner.run(task, todo):
            records.append(record)
            if on_game is not None:
                on_game(record, len(records))
        workers, where = runner.workers, runner.where
    finally:
        if own:
            runner.close()
    return build_report(config, records, time.perf_counter() - start, workers, where, components)


def build_report(
    config: ArenaConfig,
    records: Sequence[GameRecord],
    seconds: float,
    jobs: int,
    where: str,
    components: object | None = None,
) -> ArenaReport:
    """The report of the games ``records`` of ``config`` (all of them, or those finished so
    far), in the order of their index."""
    ordered = sorted(records, key=lambda r: r.index)
    watcher = stats_for(seated_game(config, config.seats, components))
    rates = () if watcher is None else watcher.rates
    return ArenaReport(
        config=config,
        agents=summarize(config, ordered),
        games=tuple(ordered),
        seconds=seconds,
        jobs=jobs,
        where=where,
        stats=summarize_stats([r.stats for r in ordered if r.stats], rates),
    )


def resumed_games(config: ArenaConfig, earlier: ArenaReport) -> tuple[GameRecord, ...]:
    """The games of an earlier run that a run of ``config`` keeps: those of the same seats,
    seed, game and options whose index is within ``config.games``.

    Raises:
        ValueError: naming what differs, if the earlier run played something else.
    """
    old = earlier.config
    for what, mine, theirs in (
        ("seats", config.seats, old.seats),
        ("seed", config.seed, old.seed),
        ("game", config.game, old.game),
        ("options", config.setup_options(), old.setup_options()),
        ("processes", config.processes, old.processes),
    ):
        if mine != theirs:
            raise ValueError(f"the earlier run has other {what} ({theirs} against {mine})")
    seen: set[int] = set()
    kept = []
    for record in earlier.games:
        if record.index < config.games and record.index not in seen:
            seen.add(record.index)
            kept.append(record)
    return tuple(kept)


def labels(seats: tuple[str, ...]) -> list[str]:
    """Return a distinct label per agent: its spec, numbered when a spec appears twice."""
    out = []
    for j, spec in enumerate(seats):
        out.append(f"{spec}#{j + 1}" if seats.count(spec) > 1 else spec)
    return out


def summarize(config: ArenaConfig, records: list[GameRecord]) -> tuple[AgentSummary, ...]:
    """Return each agent's statistics over ``records``."""
    summaries = []
    for j, label in enumerate(labels(config.seats)):
        scores: list[int] = []
        wins = 0.0
        think = 0.0
        decisions = 0
        categories: dict[str, float] = {}
        for r in records:
            seat = r.agents.index(j)
            scores.append(r.scores[seat])
            wins += r.rewards[seat]
            think += r.think_seconds[seat]
            decisions += r.decisions[seat]
            for key, vp in r.breakdown[seat].items():
                categories[key] = categories.get(key, 0.0) + vp
        games = len(records)
        low, high = wilson_interval(wins, games)
        mean, sd = mean_sd([float(s) for s in scores])
        summaries.append(
            AgentSummary(
                label=label,
                spec=config.seats[j],
                games=games,
                wins=wins,
                win_rate=wins / games if games else 0.0,
                win_low=low,
                win_high=high,
                score_mean=mean,
                score_sd=sd,
                score_min=min(scores, default=0),
                score_max=max(scores, default=0),
                categories={k: v / games for k, v in categories.items()},
                ms_per_move=1000 * think / decisions if decisions else 0.0,
                decisions=decisions,
            )
        )
    return tuple(summaries)


def format_report(report: ArenaReport) -> str:
    """Return the report as the text tables ``tea-tui arena`` prints."""
    cfg = report.config
    n = len(report.games)
    lines = [
        f"{n} game{'' if n == 1 else 's'} of {cfg.game}, {len(cfg.seats)} seats rotated, "
        f"seed {cfg.seed}, {report.where or f'{report.jobs} jobs'}, "
        f"{report.seconds:.1f} s",
        "",
    ]
    width = max(12, *(len(a.label) for a in report.agents))
    lines.append(
        f"{'agent':<{width}}  {'wins':>6}  {'win rate':>8}  {'95% CI':>15}  "
        f"{'score':>6}  {'sd':>5}  {'min':>4}  {'max':>4}  {'ms/move':>8}"
    )
    for a in report.agents:
        ci = f"[{a.win_low:6.1%}, {a.win_high:6.1%}]"
        lines.append(
            f"{a.label:<{width}}  {a.wins:>6.1f}  {a.win_rate:>8.1%}  {ci:>15}  "
            f"{a.score_mean:>6.1f}  {a.score_sd:>5.1f}  {a.score_min:>4}  {a.score_max:>4}  "
            f"{a.ms_per_move:>8.1f}"
        )
    keys = list(report.agents[0].categories) if report.agents else []
    if keys:
        lines += ["", "mean points per category"]
        cols = [max(6, len(k)) for k in keys]
        heads = "  ".join(f"{k:>{c}}" for k, c in zip(keys, cols, strict=True))
        lines.append(f"{'agent':<{width}}  {heads}")
        for a in report.agents:
            cells = "  ".join(
                f"{a.categories.get(k, 0.0):>{c}.1f}" for k, c in zip(keys, cols, strict=True)
            )
            lines.append(f"{a.label:<{width}}  {cells}")
    moves = sum(r.moves for r in report.games)
    if report.games:
        lines += ["", f"{moves / len(report.games):.0f} moves per game on average"]
    lines += _turn_lines(report, width)
    lines += format_stats(report.stats)
    return "\n".join(lines)


def _turn_lines(report: ArenaReport, width: int) -> list[str]:
    """The table of seconds per turn: wall-clock and processor time, median, 90% and most."""
    if not any(r.turn_seconds for r in report.games):
        return []
    lines = [
        "",
        f"{'seconds per turn':<{width}}  {'wall: median':>12}  {'p90':>6}  {'max':>6}"
        f"  {'cpu: median':>11}  {'p90':>6}  {'max':>6}  {'turns':>5}",
    ]
    for j, a in enumerate(report.agents):
        timed = [r for r in report.games if r.turn_seconds]
        wall = [t for r in timed for t in r.turn_seconds[r.agents.index(j)]]
        cpu = [t for r in timed for t in r.turn_cpu_seconds[r.agents.index(j)]]
        cells = [quantile(v, q) for v in (wall, cpu) for q in (0.5, 0.9, 1.0)]
        lines.append(
            f"{a.label:<{width}}  {cells[0]:>12.2f}  {cells[1]:>6.2f}  {cells[2]:>6.2f}"
            f"  {cells[3]:>11.2f}  {cells[4]:>6.2f}  {cells[5]:>6.2f}  {len(wall):>5}"
        )
    return lines


def report_json(report: ArenaReport) -> bytes:
    """Return the report as indented JSON."""
    return msgspec.json.format(msgspec.json.encode(report), indent=2)
