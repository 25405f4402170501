"""A rating ladder fitted to arena results: ``tea-tui ladder --from-arena FILE ...``.

A full round robin at full budgets is a job for a cluster, but the arena runs that measure
each level (``tea-tui arena --json``) already hold hundreds of games between pairs of levels.
:func:`ladder_from_arenas` puts them on one Bradley-Terry scale (:mod:`ai.ladder`,
:mod:`ai.ratings`): every run of two seats is a pairing, runs of the same two entrants (other
seeds, swapped seat order) are pooled, and a seat spec that searches as a level does at the
run's table (``mcts:iters=1800+depth=lap+keep=0.3``, or ``depth=3`` for the lap, with the
evaluation and tree the game's levels use there) is rated as that level (``mcts:normal``).

The runs must be of one game, with the same options and two seats each, so that every rating
means the same thing; each entrant must be linked to the anchor through the pairings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import msgspec

from ai.agents import LEVELS, SearchLevel, level_spec, parse_search, search_depth
from ai.arena import ArenaReport
from ai.ladder import (
    LadderConfig,
    LadderGame,
    LadderReport,
    default_labels,
    entrant,
    fit_ladder,
    level_evaluation_of,
    level_tree_of,
    table_level_search,
)
from core.seats import SeatSpec


def ladder_label(spec: str, evaluation: str = "hand", tree: str = "shared") -> str:
    """Return the name a seat spec is rated under: an MCTS level for the level's word or its
    iteration spec (searching with ``evaluation`` and ``tree``, the game's level evaluation and
    tree), else the spec without its display name.

    >>> ladder_label("mcts:iters=1800+depth=3+keep=0.3"), ladder_label("heuristic@Bo")
    ('mcts:normal', 'heuristic')

    Raises:
        ValueError: if ``spec`` is not a seat spec.
    """
    seat = SeatSpec.parse(spec)
    if seat.kind == "mcts":
        word = seat.level or "normal"
        if word in LEVELS:
            return f"mcts:{word}"
        search = _two_seat(parse_search(word))
        for level in LEVELS:
            spec_of_level = level_spec(level, evaluation=evaluation, tree=tree)
            if search == _two_seat(parse_search(spec_of_level)):
                return f"mcts:{level}"
    return str(SeatSpec(kind=seat.kind, level=seat.level))


def _two_seat(search: SearchLevel) -> SearchLevel:
    """The search at a 2-seat table, where a lap is 3 turns (``depth=lap`` is ``depth=3``)."""
    return replace(search, depth=search_depth(search, 2), lap=False)


def ladder_from_arenas(
    runs: Sequence[tuple[str, ArenaReport]], anchor: str = "heuristic", bootstrap_rounds: int = 0
) -> LadderReport:
    """Fit one ladder to the games of arena runs, each given with the name of its file.

    Raises:
        ValueError: naming the run, for one that is not of two different seats, or not of
            the first run's game and options; and when the pairings do not link every
            entrant (:func:`ai.ratings.fit_ratings`).
    """
    if not runs:
        raise ValueError("give at least one arena run")
    first = runs[0][1]
    game, options = first.config.game, first.config.setup_options()
    evaluation = level_evaluation_of(game, first.config.options)
    tree = level_tree_of(game, first.config.options)
    labelled: list[tuple[str, ArenaReport, tuple[str, ...]]] = []
    for name, report in runs:
        try:  # a level may search otherwise against an automa (table_level_search)
            at_table = table_level_search(report.config)
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from exc
        labels = tuple(ladder_label(spec, *at_table) for spec in report.config.seats)
        if len(labels) != 2:
            raise ValueError(f"{name}: {len(labels)} seats; the ladder rates 2-seat games only")
        if labels[0] == labels[1]:
            raise ValueError(f"{name}: {labels[0]} against itself says nothing about its rating")
        if report.config.game != game or report.config.setup_options() != options:
            raise ValueError(
                f"{name}: another game or options than {runs[0][0]} ({report.config.game} "
                f"{report.config.setup_options()} against {game} {options})"
            )
        labelled.append((name, report, labels))
    known = default_labels(game)
    seen = {label for _, _, labels in labelled for label in labels}
    order = [label for label in known if label in seen]
    order += sorted(seen - set(order))
    index = {label: i for i, label in enumerate(order)}
    pairs: list[tuple[int, int]] = []
    games: list[LadderGame] = []
    for _, report, labels in labelled:
        entrants = [index[label] for label in labels]
        pair = (min(entrants), max(entrants))
        if pair not in pairs:
            pairs.append(pair)
        pairing = pairs.index(pair)
        for record in report.games:
            # Agent j of this run is entrant entrants[j]; the pairing numbers its agents by
            # the order of the pair, whatever order the run's seats were given in.
            agents = tuple(pair.index(entrants[a]) for a in record.agents)
            games.append(LadderGame(pairing, msgspec.structs.replace(record, agents=agents)))
    counts = [sum(1 for g in games if g.pairing == p) for p in range(len(pairs))]
    config = LadderConfig(
        entrants=tuple(entrant(label, evaluation=evaluation, tree=tree) for label in order),
        games_per_pair=max(counts),
        seed=first.config.seed,
        game=game,
        options=options,
        anchor=anchor,
    )
    standings, method = fit_ladder(config, tuple(pairs), tuple(games), bootstrap_rounds)
    return LadderReport(
        config=config,
        pairs=tuple(pairs),
        standings=standings,
        games=tuple(games),
        method=method,
        seconds=sum(report.seconds for _, report, _ in labelled),
        where=f"{len(runs)} arena runs",
        sources=tuple(name for name, _ in runs),
    )
