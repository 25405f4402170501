"""Sencha's final scoring (SEN-SCORE-01..07) and its tie-breaks (SEN-TIE-01/02,
SEN-AMB-18/19), for the end of the game and for "the score if it ended now"."""

from __future__ import annotations

from core.engine import Outcome
from core.sencha.state import Player, SenchaData

CATEGORIES = ("track", "workers", "money", "field", "temple")
"""The scoring categories, in the order of the rulebook's table."""


def money_points(money: int) -> int:
    """SEN-SCORE-03/04: 7-11 yen score 1, 12 (or more, without a cap) score 2."""
    if money >= 12:
        return 2
    return 1 if money >= 7 else 0


def worker_points(p: Player) -> int:
    """SEN-SCORE-02: 1 per Cart and per Collector (never the initial worker, SEN-AMB-01)."""
    return sum(1 for w in p.workers if not w.initial and w.kind in ("cart", "collector"))


def temple_majorities(players: list[Player]) -> list[int]:
    """SEN-SCORE-06, SEN-AMB-18: 1 point per tea to the one player with the most of it in
    their temple; a tie for the most, or nobody, scores nothing."""
    points = [0] * len(players)
    for t in range(3):
        counts = [p.temple[t] for p in players]
        best = max(counts)
        if best > 0 and counts.count(best) == 1:
            points[counts.index(best)] += 1
    return points


def breakdown(g: SenchaData) -> tuple[dict[str, int], ...]:
    """Each seat's points by category, as if the game ended now."""
    players = g.pub.players
    temple = temple_majorities(players)
    return tuple(
        {
            "track": p.vp,
            "workers": worker_points(p),
            "money": money_points(p.money),
            "field": p.field,
            "temple": temple[i],
        }
        for i, p in enumerate(players)
    )


def outcome(g: SenchaData) -> Outcome:
    """The outcome of a finished game: the highest total wins; ties go to the most money, then
    to the most tea offered; a tie after both is a shared win."""
    parts = breakdown(g)
    scores = tuple(sum(b.values()) for b in parts)
    best = max(scores)
    tied = [s for s, x in enumerate(scores) if x == best]
    players = g.pub.players
    how = ""
    if len(tied) > 1:
        most = max(players[s].money for s in tied)
        rich = [s for s in tied if players[s].money == most]
        how = "most money"
        if len(rich) > 1:
            offered = max(sum(players[s].temple) for s in rich)
            rich = [s for s in rich if sum(players[s].temple) == offered]
            how = "most tea offered" if len(rich) == 1 else "shared: equal on every tie-break"
        tied = rich
    return Outcome(scores=scores, breakdown=parts, winners=tuple(tied), tie_break=how)
