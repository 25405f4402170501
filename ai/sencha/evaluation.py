"""A hand-tuned evaluation of Sencha positions: each seat's final score expected, and rewards for
the search. It reads only what every seat sees (the table), never the bag's draws, the deck's
order or the face-down worker, so it is an evaluation of the observation."""

from __future__ import annotations

import math

import msgspec

from ai.sencha.values import SELL_SHARE, TURNS_PER_GAME, YEN_VP, capacity, cube_worth, turns_left
from core.engine import Observation, State, final_outcome
from core.sencha.scoring import breakdown
from core.sencha.state import SenchaData


class Weights(msgspec.Struct, frozen=True, kw_only=True):
    """The worth of what a seat holds besides its points, in final VP (tuned by self-play of
    the heuristic player, bench/sencha_tune.py)."""

    yen: float = YEN_VP
    """A yen while there is time to spend it."""
    turns: float = TURNS_PER_GAME
    """A player's turns in a whole game."""
    carried: float = SELL_SHARE
    """Share of a carried cube's worth counted (it still needs a Sell)."""
    house: float = 2.2
    """A plantation house over a whole game still to come (the cubes it gives access to)."""
    capacity: float = 1.4
    """A worker's cube of capacity beyond the first, over a whole game still to come."""
    waiting: float = 0.06
    """A cube on a plantation where the seat has a house."""
    unbuilt: float = 1.1
    """A bought house not yet built (a field house is 1 VP and a yen per Sell)."""
    money_turns: float = 6.0
    """Turns before the end from which money counts as its scoring band rather than as what it
    can buy."""
    tax: float = 0.7
    """The chance a tax mark not reached yet will be paid for."""
    field_sells: float = 2.5
    """Turns per Sell action, for the field houses' bonus to come."""


WEIGHTS = Weights()
"""The weights in use."""


def expected_scores(g: SenchaData, w: Weights = WEIGHTS) -> list[float]:
    """Return each seat's expected final score in VP, from the public table only."""
    pub = g.pub
    worth = cube_worth(g, w.yen)
    now = breakdown(g)
    out = []
    for seat, p in enumerate(pub.players):
        left = turns_left(g, seat, w.turns)
        share = min(1.0, left / w.turns)
        soon = min(1.0, left / 3.0)
        band = now[seat]["money"]
        spend = min(1.0, left / w.money_turns)
        score = float(sum(now[seat].values())) - band * spend
        if left >= 1:
            carried = sum(x.load[t] * worth[t] for x in p.workers for t in range(3))
            score += w.carried * carried
        score += w.yen * p.money * spend
        plantation_houses = sum(p.houses)
        score += w.house * plantation_houses * share
        score += w.capacity * (capacity(g, seat) - 1) * share
        waiting = sum(sum(pl.cubes) for pi, pl in enumerate(pub.plantations) if p.houses[pi])
        score += w.waiting * min(waiting, 9) * soon
        score += w.unbuilt * p.area * soon
        score += w.yen * p.field * left / w.field_sells
        marks = sum(1 for bit in range(2) if not p.taxed >> bit & 1)
        score -= w.tax * w.yen * plantation_houses * marks * share
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
    evaluation does (rewards on one scale keep every point worth the same to the search).

    Raises:
        ValueError: if ``spread`` is not positive.
    """

    def __init__(self, spread: float = SPREAD, weights: Weights = WEIGHTS) -> None:
        if spread <= 0:
            raise ValueError(f"spread must be positive, not {spread}")
        self.spread = spread
        self.weights = weights

    def __call__(self, state: State) -> tuple[float, ...]:
        """Return each seat's reward for a state that is not over."""
        assert isinstance(state, SenchaData)
        scores = expected_scores(state, self.weights)
        return self._rewards(scores, [0.0] * len(state.pub.players))

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
