"""The rating ladder: a round robin of every level, fitted to Bradley-Terry ratings (Elo points).

Every pair of entrants plays a short arena match (:mod:`ai.arena`: seats rotated, each deal in
both seatings, the same deals for every pair), except two automa seats, which cannot meet (the
solo game has one automa and one player). The games of all matches run on one executor
(:mod:`ai.executors`), so a cluster serves the whole ladder. Each game then counts as pairwise
results by final rank and :mod:`ai.ratings` fits the ratings and their 95% intervals.

The MCTS levels play as their iteration budgets without the time cap (``mcts:normal`` is played
as ``mcts:iters=1800``), so the ladder measures the levels, not the machine's load; ``scale``
shrinks every budget alike for a quick ladder on a busy machine. They search with the evaluation
and tree the game's levels use at each pairing's table (:func:`table_level_search`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

import msgspec

from ai.agents import LEVELS, level_spec, make_agent
from ai.arena import ArenaConfig, GameRecord, play_game, seated_game
from ai.executors import Executor, make_executor
from ai.knowledge import level_evaluation, level_tree
from ai.ratings import PairResult, RatingFit, bootstrap, fit_ratings, rank_results
from core.engine import Game
from core.games import DEFAULT_GAME, find_game
from core.seats import SeatSpec
from core.setup import OptionValue


class Entrant(msgspec.Struct, frozen=True):
    """A rung of the ladder: the name it is shown by and the seat spec that plays it."""

    label: str
    spec: str


def entrant(
    label: str, scale: float = 1.0, evaluation: str = "hand", tree: str = "shared"
) -> Entrant:
    """Return the entrant for a seat spec: an MCTS level becomes its iteration budget (times
    ``scale``, at least 1), without a time cap, searching with ``evaluation`` and ``tree`` (the
    game's level evaluation and tree, :func:`level_evaluation_of`, :func:`level_tree_of`);
    anything else plays as given.

    >>> entrant("mcts:normal", 0.1)
    Entrant(label='mcts:normal', spec='mcts:iters=180+depth=lap+keep=0.3')
    """
    seat = SeatSpec.parse(label)
    if _is_level(seat):
        return Entrant(label, f"mcts:{level_spec(seat.level, scale, evaluation, tree)}")
    return Entrant(label, label)


def _is_level(seat: SeatSpec) -> bool:
    """Whether a seat is one of the named MCTS levels (``mcts:normal``)."""
    return seat.kind == "mcts" and seat.level in LEVELS


def level_evaluation_of(
    game: str, options: dict[str, OptionValue] | None = None, components: object | None = None
) -> str:
    """Return the evaluation the MCTS levels search with at a 2-seat table of ``game``.

    Raises:
        ValueError: for options the game cannot be set up with.
    """
    return level_evaluation(_two_seat_game(game, options, components))


def level_tree_of(
    game: str, options: dict[str, OptionValue] | None = None, components: object | None = None
) -> str:
    """Return the tree the MCTS levels search at a 2-seat table of ``game`` (``shared`` or
    ``own``, :func:`ai.knowledge.level_tree`).

    Raises:
        ValueError: for options the game cannot be set up with.
    """
    return level_tree(_two_seat_game(game, options, components))


def table_level_search(config: ArenaConfig, components: object | None = None) -> tuple[str, str]:
    """Return the evaluation and the tree the MCTS levels search with at the table an arena
    configuration seats (its first seating): against an automa a level may search otherwise
    than at the 2-seat table of the ladder's game (Tea Garden's 2-player levels search the
    learned evaluation, but against Lu Yu, where no weights ship, the hand-tuned one).

    Raises:
        ValueError: for seats or options the game cannot be set up with.
    """
    table = seated_game(config, config.seats, components)
    return level_evaluation(table), level_tree(table)


def _two_seat_game(
    game: str, options: dict[str, OptionValue] | None, components: object | None
) -> Game:
    """The game at a 2-seat table with ``options``, as the ladder plays it."""
    seats = ("heuristic", "heuristic")
    config = ArenaConfig(seats=seats, games=1, game=game, options=options or {})
    return seated_game(config, config.seats, components)


def default_labels(game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """Return every level of the game: random, heuristic, each MCTS level and each level of
    the game's automa (Lu Yu's four difficulties for Tea Garden)."""
    info = find_game(game)
    automa = info.automa
    levels = (f"{automa.kind}:{level}" for level in automa.levels) if automa else ()
    return ("random", "heuristic", *(f"mcts:{level}" for level in LEVELS), *levels)


class LadderConfig(msgspec.Struct, frozen=True, kw_only=True):
    """What the ladder plays.

    Raises:
        ValueError: from the constructor for fewer than two entrants, repeated labels, an
            anchor that is not an entrant or fewer than one game per pair.
    """

    entrants: tuple[Entrant, ...]
    games_per_pair: int = 2
    """Games of each pairing; even numbers give both seatings of every deal."""
    seed: int = 1
    game: str = DEFAULT_GAME
    options: dict[str, OptionValue] = {}
    anchor: str = "heuristic"
    """The label whose rating is 0 (the first entrant if it is not in the ladder)."""
    prior_draws: float = 1.0
    """Virtual drawn games per pairing (see :mod:`ai.ratings`)."""
    scale: float = 1.0
    """The factor the MCTS levels' iterations were multiplied by."""

    def __post_init__(self) -> None:
        labels = [e.label for e in self.entrants]
        if len(labels) < 2:
            raise ValueError("a ladder needs at least two entrants")
        if len(set(labels)) != len(labels):
            raise ValueError("every entrant of a ladder must be different")
        if self.games_per_pair < 1:
            raise ValueError(f"each pair needs at least one game, not {self.games_per_pair}")

    def anchor_index(self) -> int:
        """The index of the anchor among the entrants (0 if it is not one)."""
        labels = [e.label for e in self.entrants]
        return labels.index(self.anchor) if self.anchor in labels else 0


def pairings(config: LadderConfig) -> tuple[tuple[int, int], ...]:
    """Return the pairs of entrants that meet: all of them but two seats of the automa."""
    automa = _automa_entrants(config)
    n = len(config.entrants)
    return tuple((a, b) for a in range(n) for b in range(a + 1, n) if not (automa[a] and automa[b]))


def _automa_entrants(config: LadderConfig) -> tuple[bool, ...]:
    """For each entrant, whether it is a seat of the game's automa (Lu Yu)."""
    automa = find_game(config.game).automa
    kind = automa.kind if automa else None
    return tuple(SeatSpec.parse(e.spec).kind == kind for e in config.entrants)


def match_configs(
    config: LadderConfig, components: object | None = None
) -> tuple[ArenaConfig, ...]:
    """Return the arena match of each pairing (the same deals for every pair). Against an
    automa an MCTS level plays as the level does at that table (:func:`table_level_search`),
    as it would in the app.

    Raises:
        ValueError: for a pairing the game cannot be set up with.
    """
    automa = _automa_entrants(config)
    matches = []
    for a, b in pairings(config):
        match = ArenaConfig(
            seats=(config.entrants[a].spec, config.entrants[b].spec),
            games=config.games_per_pair,
            seed=config.seed,
            game=config.game,
            options=config.options,
        )
        if automa[a] or automa[b]:
            evaluation, tree = table_level_search(match, components)
            seats = tuple(
                _table_spec(config.entrants[e], config.scale, evaluation, tree) for e in (a, b)
            )
            match = msgspec.structs.replace(match, seats=seats)
        matches.append(match)
    return tuple(matches)


def _table_spec(e: Entrant, scale: float, evaluation: str, tree: str) -> str:
    """The spec entrant ``e`` plays at a table whose levels search ``evaluation`` and
    ``tree``: a level's search for a level, else the entrant's own spec."""
    if _is_level(SeatSpec.parse(e.label)):
        return entrant(e.label, scale, evaluation, tree).spec
    return e.spec


class LadderJob:
    """Job ``i`` of a ladder: game ``i // P`` of pairing ``i % P`` (P pairings), so that the
    games of every pairing are spread over the run. Picklable, for any executor."""

    def __init__(self, matches: tuple[ArenaConfig, ...], components: object | None) -> None:
        self.matches = matches
        self.components = components

    def __call__(self, index: int) -> GameRecord:
        """Play job ``index`` and return its record."""
        game, pairing = divmod(index, len(self.matches))
        return play_game(self.matches[pairing], game, self.components)


class LadderGame(msgspec.Struct, frozen=True):
    """One game of the ladder and the pairing it belongs to."""

    pairing: int
    record: GameRecord


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """One entrant's rating."""

    label: str
    spec: str
    elo: float
    low: float
    """Lower end of the 95% interval."""
    high: float
    games: int
    points: float
    """Points from its games: 1 a win, 0.5 a draw."""


class LadderReport(msgspec.Struct, frozen=True, kw_only=True):
    """The ladder's games and the ratings fitted to them."""

    config: LadderConfig
    pairs: tuple[tuple[int, int], ...]
    standings: tuple[Standing, ...]
    """Best first."""
    games: tuple[LadderGame, ...]
    method: str
    """How the intervals were found (see :class:`ai.ratings.RatingFit`)."""
    seconds: float
    where: str
    sources: tuple[str, ...] = ()
    """The arena result files it was fitted to, for a ladder of arena runs
    (:mod:`ai.ladder_arenas`); empty for a round robin it played itself."""


def game_results(record: GameRecord, entrants: tuple[int, ...]) -> list[PairResult]:
    """Return the pairwise results of one game by final rank (a win first, then points).

    ``entrants[j]`` is the entrant that agent ``j`` of the game's arena configuration is.
    """
    standing = [(record.rewards[s], record.scores[s]) for s in range(len(record.scores))]
    order = sorted(set(standing))
    ranks = [float(order.index(key)) for key in standing]
    seat_entrant = [entrants[a] for a in record.agents]
    return [PairResult(seat_entrant[r.a], seat_entrant[r.b], r.score) for r in rank_results(ranks)]


def fit_ladder(
    config: LadderConfig,
    pairs: tuple[tuple[int, int], ...],
    games: tuple[LadderGame, ...],
    bootstrap_rounds: int = 0,
) -> tuple[tuple[Standing, ...], str]:
    """Fit the ratings of the ladder's games; return the standings (best first) and the
    interval method. ``bootstrap_rounds`` > 0 resamples games within each pairing.

    Raises:
        ValueError: if some entrant played no game.
    """
    results = [game_results(g.record, pairs[g.pairing]) for g in games]
    n = len(config.entrants)
    anchor = config.anchor_index()
    fit: RatingFit
    if bootstrap_rounds > 0:
        strata = [g.pairing for g in games]
        fit = bootstrap(
            n, results, strata, bootstrap_rounds, config.seed, anchor, config.prior_draws
        )
    else:
        fit = fit_ratings(n, results, anchor, config.prior_draws)
    standings = [
        Standing(
            label=e.label,
            spec=e.spec,
            elo=fit.ratings[i],
            low=fit.low[i],
            high=fit.high[i],
            games=fit.games[i],
            points=fit.points[i],
        )
        for i, e in enumerate(config.entrants)
    ]
    standings.sort(key=lambda s: -s.elo)
    return tuple(standings), fit.method


def run_ladder(
    config: LadderConfig,
    executor: Executor | None = None,
    on_game: Callable[[LadderGame, int, int], None] | None = None,
    components: object | None = None,
    bootstrap_rounds: int = 0,
) -> LadderReport:
    """Play the ladder's round robin and fit the ratings.

    Args:
        config: what to play.
        executor: where the games run; None plays them in this process.
        on_game: called with each finished game, the number finished and the total.
        components: the game's component set; None for the built-in one.
        bootstrap_rounds: 0 for intervals from the Hessian, else resamples for a bootstrap.

    Raises:
        ValueError: if an entrant is not an AI player of the game.
    """
    matches = match_configs(config, components)
    for match in matches:  # a bad spec fails here, before any game
        probe = seated_game(match, match.seats, components)
        for spec in match.seats:
            make_agent(spec, probe)
    pairs = pairings(config)
    total = len(matches) * config.games_per_pair
    start = time.perf_counter()
    runner = make_executor() if executor is None else executor
    games: list[LadderGame] = []
    for index, record in runner.run(LadderJob(matches, components), range(total)):
        games.append(LadderGame(index % len(matches), record))
        if on_game is not None:
            on_game(games[-1], len(games), total)
    games.sort(key=lambda g: (g.pairing, g.record.index))
    standings, method = fit_ladder(config, pairs, tuple(games), bootstrap_rounds)
    return LadderReport(
        config=config,
        pairs=pairs,
        standings=standings,
        games=tuple(games),
        method=method,
        seconds=time.perf_counter() - start,
        where=runner.where,
    )


def pair_points(report: LadderReport) -> dict[tuple[int, int], tuple[float, int]]:
    """Return, for each ordered pair of entrants that met, the first's points and the games."""
    out: dict[tuple[int, int], tuple[float, int]] = {}
    for g in report.games:
        for r in game_results(g.record, report.pairs[g.pairing]):
            for a, b, score in ((r.a, r.b, r.score), (r.b, r.a, 1.0 - r.score)):
                points, games = out.get((a, b), (0.0, 0))
                out[(a, b)] = (points + score, games + 1)
    return out


def format_ladder(report: LadderReport, markdown: bool = False) -> str:
    """Return the ratings table and the table of results between each pair.

    With ``markdown``, both are Markdown tables (for docs/ai.md).
    """
    cfg = report.config
    n_games = len(report.games)
    relative = (
        f"Elo relative to {cfg.entrants[cfg.anchor_index()].label}, 95% intervals ({report.method})"
    )
    if report.sources:
        counts = [sum(1 for g in report.games if g.pairing == p) for p in range(len(report.pairs))]
        each = f"{min(counts)}" if min(counts) == max(counts) else f"{min(counts)}-{max(counts)}"
        head = (
            f"{n_games} games of {cfg.game} from {report.where} ({', '.join(report.sources)}), "
            f"{len(report.pairs)} pairings of {len(cfg.entrants)} entrants, {each} games each, "
            f"{report.seconds:.0f} s of play; {relative}"
        )
    else:
        head = (
            f"{n_games} games of {cfg.game}, {len(report.pairs)} pairings of "
            f"{len(cfg.entrants)} entrants, {cfg.games_per_pair} games each, seed {cfg.seed}, "
            f"MCTS iterations x{cfg.scale:g}, {report.where}, {report.seconds:.0f} s; {relative}"
        )
    rows = [
        (
            str(rank),
            s.label,
            s.spec if s.spec != s.label else "",
            f"{s.elo:+.0f}",
            f"[{s.low:+.0f}, {s.high:+.0f}]",
            f"{s.points:g}/{s.games}",
        )
        for rank, s in enumerate(report.standings, start=1)
    ]
    lines = [head, ""]
    lines += _table(("#", "level", "played as", "Elo", "95% interval", "points"), rows, markdown)
    labels = [e.label for e in cfg.entrants]
    order = [labels.index(s.label) for s in report.standings]
    points = pair_points(report)
    short = [f"{k + 1}" for k in range(len(order))]
    matrix = []
    for k, i in enumerate(order):
        cells = []
        for j in order:
            got = points.get((i, j))
            cells.append("" if got is None else f"{got[0]:g}/{got[1]}")
        matrix.append((short[k], labels[i], *cells))
    lines += ["", "points of each row against each column (by rank)", ""]
    lines += _table(("#", "level", *short), matrix, markdown)
    return "\n".join(lines)


def _table(head: tuple[str, ...], rows: Sequence[tuple[str, ...]], markdown: bool) -> list[str]:
    """Lay out a table as aligned text (names to the left, numbers to the right) or Markdown."""
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return out + ["| " + " | ".join(row) + " |" for row in rows]
    widths = [max(len(c) for c in col) for col in zip(head, *rows, strict=True)]
    left = {k for k, name in enumerate(head) if name in ("level", "played as")}
    return [
        "  ".join(
            c.ljust(w) if k in left else c.rjust(w)
            for k, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in (head, *rows)
    ]


def expected_score(elo_difference: float) -> float:
    """Return the expected score of a player rated ``elo_difference`` above its opponent.

    >>> round(expected_score(200), 3)
    0.76
    """
    return 1.0 / (1.0 + math.pow(10.0, -elo_difference / 400.0))
