"""A hand-tuned evaluation of Sencha positions: each seat's final score expected, and rewards for
the search. It reads only what every seat sees (the table), never the bag's draws, the deck's
order or the face-down worker, so it is an evaluation of the observation."""

from __future__ import annotations

import math

from ai.sencha.values import (
    SELL_SHARE,
    TURNS_PER_GAME,
    YEN_VP,
    capacity,
    cube_worth,
    turns_left,
)
from core.engine import Observation, State, final_outcome
from core.sencha.scoring import breakdown
from core.sencha.state import SenchaData

HOUSE_VP = 2.2
"""A plantation house's worth over a whole game still to come (the cubes it gives access to)."""
CAPACITY_VP = 1.4
"""A worker's cube of capacity beyond the first, over a whole game still to come."""
ON_PLANTATION = 0.06
"""A cube waiting on a plantation where the seat has a house."""
UNBUILT_VP = 1.1
"""A bought house not yet built (a field house is 1 VP and a yen per Sell)."""
MONEY_TURNS = 6.0
"""Turns before the end from which money counts as its scoring band rather than as what it
can buy."""
TAX_RISK = 0.7
"""The chance a tax mark not reached yet will be paid for."""


def expected_scores(g: SenchaData) -> list[float]:
    """Return each seat's expected final score in VP, from the public table only."""
    pub = g.pub
    worth = cube_worth(g)
    now = breakdown(g)
    out = []
    for seat, p in enumerate(pub.players):
        left = turns_left(g, seat)
        share = min(1.0, left / TURNS_PER_GAME)
        soon = min(1.0, left / 3.0)
        band = now[seat]["money"]
        spend = min(1.0, left / MONEY_TURNS)
        score = float(sum(now[seat].values())) - band * spend
        if left >= 1:
            carried = sum(w.load[t] * worth[t] for w in p.workers for t in range(3))
            score += SELL_SHARE * carried
        score += YEN_VP * p.money * spend
        plantation_houses = sum(p.houses)
        score += HOUSE_VP * plantation_houses * share
        score += CAPACITY_VP * (capacity(g, seat) - 1) * share
        waiting = sum(sum(pl.cubes) for pi, pl in enumerate(pub.plantations) if p.houses[pi])
        score += ON_PLANTATION * min(waiting, 9) * soon
        score += UNBUILT_VP * p.area * soon
        score += YEN_VP * p.field * left / 2.5
        marks = sum(1 for bit in range(2) if not p.taxed >> bit & 1)
        score -= TAX_RISK * YEN_VP * plantation_houses * marks * share
        out.append(score)
    return out


SPREAD = 12.0
"""A lead of this many VP over the best other seat counts as reward 1, a deficit as 0."""
WIN_BONUS = 2.0
"""VP of margin added for winning a finished game (taken off for losing it)."""
TEMPERATURE = 1.6
"""VP of margin that make a win about 2.7 times as likely as a loss (for hints only)."""


class SenchaEvaluator:
    """Rewards linear in the expected final margin over the best other seat, as Tea Garden's
    evaluation does (rewards on one scale keep every point worth the same to the search)."""

    def __init__(self, spread: float = SPREAD) -> None:
        if spread <= 0:
            raise ValueError(f"spread must be positive, not {spread}")
        self.spread = spread

    def __call__(self, state: State) -> tuple[float, ...]:
        """Return each seat's reward for a state that is not over."""
        assert isinstance(state, SenchaData)
        return self._rewards(expected_scores(state), [0.0] * len(state.pub.players))

    def final_rewards(self, state: State) -> tuple[float, ...]:
        """Return each seat's reward for a finished game: final margin plus the win bonus."""
        outcome = final_outcome(state)
        bonus = [WIN_BONUS * (2 * r - 1) for r in outcome.rewards()]
        return self._rewards([float(x) for x in outcome.scores], bonus)

    def _rewards(self, scores: list[float], bonus: list[float]) -> tuple[float, ...]:
        rewards = []
        for i, s in enumerate(scores):
            best = max(x for j, x in enumerate(scores) if j != i)
            margin = s - best + bonus[i]
            rewards.append(min(1.0, max(0.0, 0.5 + margin / (2 * self.spread))))
        return tuple(rewards)

    def win_chance(self, value: float, observation: Observation) -> float:
        """A rough chance to win from a mean reward: a logistic of the margin it stands for."""
        del observation
        margin = (value - 0.5) * 2 * self.spread
        return 1.0 / (1.0 + math.exp(-margin / TEMPERATURE))
