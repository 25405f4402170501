"""Figures of a game beyond its scores, for balancing it by self-play (``tea-tui arena``).

A game's AI package (``ai.<game id>``, found through the registry) may provide
``game_stats(game) -> GameStats``: an object that watches one game move by move and then names
its figures (how it ended, how many actions of some kind were taken, which scoring route won).
The arena keeps each game's figures in its record and sums them up here: a text figure by its
count, a number by its mean (with a 95% interval), least and most, and a figure the game names
as a rate (a share of games, 0 to 1 per game) by its total with a 95% interval. A game without
the hook has no such figures and its reports are unchanged.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Protocol

import msgspec

from ai.knowledge import game_ai
from ai.stats import Z95, mean_sd, wilson_interval
from core.engine import Game, State
from core.moves import Move

StatValue = float | int | str
"""One figure of one game: a number or a text label."""


class GameStats(Protocol):
    """Watches one game and names its figures at the end."""

    rates: tuple[str, ...]
    """The figures that are shares of a game (0 to 1), summed up with a 95% interval."""

    def step(self, state: State, move: Move) -> None:
        """Note ``move``, about to be applied to ``state``."""

    def finish(self, state: State) -> dict[str, StatValue]:
        """Return the figures of the finished game ``state``."""


def stats_for(game: Game) -> GameStats | None:
    """Return a fresh watcher of ``game``'s figures, or None when its AI package has none."""
    make = getattr(game_ai(game), "game_stats", None)
    if make is None:
        return None
    stats: GameStats = make(game)
    return stats


class StatSummary(msgspec.Struct, frozen=True, kw_only=True):
    """One figure over the games of a run."""

    name: str
    games: int
    """Games that had the figure."""
    counts: dict[str, int] = {}
    """A text figure: games per label."""
    mean: float = 0.0
    low: float = 0.0
    """A number: the least value; a rate: the lower end of its 95% interval."""
    high: float = 0.0
    """A number: the most; a rate: the upper end of its 95% interval."""
    total: float = 0.0
    """A rate: the games (or shares of games) it counts."""
    rate: bool = False
    half: float = 0.0
    """A number: the half-width of the 95% interval of its mean (normal approximation)."""


def summarize_stats(
    records: list[dict[str, StatValue]], rates: tuple[str, ...] = ()
) -> tuple[StatSummary, ...]:
    """Sum up each figure over the games' figures ``records`` (in first-seen order)."""
    names: dict[str, None] = {}
    for r in records:
        names.update(dict.fromkeys(r))
    out = []
    for name in names:
        values = [r[name] for r in records if name in r]
        n = len(values)
        texts = [v for v in values if isinstance(v, str)]
        if texts:
            counts = Counter(str(v) for v in values)
            out.append(StatSummary(name=name, games=n, counts=dict(counts.most_common())))
            continue
        numbers = [float(v) for v in values]
        mean, sd = mean_sd(numbers)
        if name in rates:
            total = sum(numbers)
            low, high = wilson_interval(total, n)
            out.append(
                StatSummary(
                    name=name, games=n, mean=mean, low=low, high=high, total=total, rate=True
                )
            )
        else:
            half = Z95 * sd / math.sqrt(n)
            out.append(
                StatSummary(
                    name=name, games=n, mean=mean, low=min(numbers), high=max(numbers), half=half
                )
            )
    return tuple(out)


def format_stats(summaries: tuple[StatSummary, ...]) -> list[str]:
    """Return the lines the arena prints for the figures (none when there are none)."""
    if not summaries:
        return []
    width = max(len(s.name) for s in summaries)
    lines = ["", "game figures"]
    for s in summaries:
        if s.counts:
            cells = ", ".join(f"{label} {k} ({k / s.games:.0%})" for label, k in s.counts.items())
        elif s.rate:
            cells = f"{s.total:g}/{s.games} = {s.mean:.1%}  95% CI [{s.low:.1%}, {s.high:.1%}]"
        else:
            cells = f"mean {s.mean:.1f} +/- {s.half:.1f} (95%)  min {s.low:g}  max {s.high:g}"
        lines.append(f"{s.name:<{width}}  {cells}")
    return lines
