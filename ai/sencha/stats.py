"""Sencha's figures for balancing by self-play (the arena's hook, :mod:`ai.game_stats`): which
end trigger ended a game, Tea Market cards turned, Sell actions, whether the first seat won and
which scoring route carried the winner."""

from __future__ import annotations

from core.engine import State, final_outcome
from core.moves import Move
from core.sencha.scoring import CATEGORIES
from core.sencha.state import SenchaData

RATES = ("first_seat_won", "both_triggers")
"""The figures that are shares of a game."""


def winning_route(parts: tuple[dict[str, int], ...], winner: int) -> str:
    """The scoring category in which the winner led the best other seat by most (the first in
    the rulebook's order on a tie): the route that won the game."""
    others = [i for i in range(len(parts)) if i != winner]

    def lead(cat: str) -> int:
        return parts[winner][cat] - max(parts[i][cat] for i in others)

    return max(CATEGORIES, key=lead)


class SenchaStats:
    """Watches one Sencha game (:class:`ai.game_stats.GameStats`)."""

    rates = RATES

    def __init__(self) -> None:
        self.sells = 0
        self.turns = 0

    def step(self, state: State, move: Move) -> None:
        """Count actions, and Sell actions among them."""
        assert isinstance(state, SenchaData)
        if state.pub.turn.phase == "action":
            self.turns += 1
            self.sells += move.keyword() == "sell"

    def finish(self, state: State) -> dict[str, float | int | str]:
        """The figures of the finished game."""
        assert isinstance(state, SenchaData)
        pub = state.pub
        outcome = final_outcome(state)
        shares = outcome.rewards()
        met = len(pub.discards) + (1 if pub.met else 0)
        return {
            "end": pub.triggers[0] if pub.triggers else "stuck",
            "both_triggers": 1 if len(pub.triggers) > 1 else 0,
            "cards_turned": pub.cards_turned,
            "cards_met": met,
            "sells": self.sells,
            "sells_per_card": self.sells / max(1, met),
            "actions": self.turns,
            "first_seat_won": shares[pub.start_seat],
            "route": winning_route(outcome.breakdown, outcome.winners[0]),
            "winner_score": max(outcome.scores),
        }


def game_stats(game: object) -> SenchaStats:
    """A fresh watcher of one game's figures (the hook :func:`ai.game_stats.stats_for` calls)."""
    del game
    return SenchaStats()
