"""A hand-tuned evaluation of Sencha positions: each seat's final score expected, and rewards for
the search. It reads only what every seat sees (the table), never the bag's draws, the deck's
order or the face-down worker, so it is an evaluation of the observation."""

from __future__ import annotations

import math

import msgspec

from ai.sencha.values import (
    SELL_SHARE,
    TURNS_PER_GAME,
    YEN_VP,
    capacity,
    cube_worth,
    progress,
    turns_left,
)
from core.engine import Observation, State, final_outcome
from core.sencha.scoring import breakdown
from core.sencha.state import SenchaData


class Weights(msgspec.Struct, frozen=True, kw_only=True):
    """The evaluation's coefficients: the final VP each feature of a seat is worth beyond its
    points now (fitted to self-play by bench/sencha_fit.py, checked by bench/sencha_tune.py)."""

    carried: float = SELL_SHARE
    """Per VP of carried cubes' worth (they still need a Sell)."""
    money: float = YEN_VP
    """Per yen while there is time to spend it."""
    house: float = 2.2
    """Per plantation house, over a whole game still to come."""
    capacity: float = 1.4
    """Per cube of worker capacity beyond the first, over a whole game still to come."""
    waiting: float = 0.06
    """Per cube waiting on a plantation where the seat has a house (up to 9)."""
    unbuilt: float = 1.1
    """Per bought house not yet built."""
    field: float = 0.068
    """Per field house and turn left (the yen its Sells bring)."""
    tax: float = -0.12
    """Per plantation house and tax mark not yet paid, over a whole game still to come."""
    band: float = -1.0
    """Per point of the money band while money still has time to be spent."""
    future: float = 0.0
    """Points a whole game still to come brings anyway."""
    yen: float = YEN_VP
    """A yen's worth for the cubes' worth on the Tea Market."""
    turns: float = TURNS_PER_GAME
    """A player's turns in a whole game."""
    money_turns: float = 6.0
    """Turns before the end from which money counts as its band rather than as purchases."""


WEIGHTS = Weights()
"""The weights in use."""

FEATURES = (
    "carried",
    "money",
    "house",
    "capacity",
    "waiting",
    "unbuilt",
    "field",
    "tax",
    "band",
    "future",
)
"""The features of a seat, in the order :func:`features` lists them (fields of Weights)."""


def features(
    g: SenchaData,
    seat: int,
    w: Weights = WEIGHTS,
    table: tuple[tuple[dict[str, int], ...], tuple[float, float, float], float] | None = None,
) -> tuple[float, list[float]]:
    """Return a seat's points now and its features (:data:`FEATURES`), from the table only
    (``table``: the breakdown, the cubes' worth and the progress, when the caller has them)."""
    parts, worth, done = table or (breakdown(g), cube_worth(g, w.yen), progress(g))
    pub = g.pub
    p = pub.players[seat]
    now = parts[seat]
    left = turns_left(g, seat, w.turns, done)
    share = min(1.0, left / w.turns)
    soon = min(1.0, left / 3.0)
    spend = min(1.0, left / w.money_turns)
    carried = 0.0
    if left >= 1:
        for x in p.workers:
            load = x.load
            carried += load[0] * worth[0] + load[1] * worth[1] + load[2] * worth[2]
    houses = 0
    waiting = 0
    for pi, pl in enumerate(pub.plantations):
        h = p.houses[pi]
        if h:
            houses += h
            waiting += pl.cubes[0] + pl.cubes[1] + pl.cubes[2]
    marks = 2 - (p.taxed & 1) - (p.taxed >> 1 & 1)
    total = now["track"] + now["workers"] + now["money"] + now["field"] + now["temple"]
    return float(total), [
        carried,
        p.money * spend,
        houses * share,
        (capacity(g, seat) - 1) * share,
        min(waiting, 9) * soon,
        p.area * soon,
        p.field * left,
        houses * marks * share,
        now["money"] * spend,
        share,
    ]


def expected_scores(g: SenchaData, w: Weights = WEIGHTS) -> list[float]:
    """Return each seat's expected final score in VP, from the public table only."""
    coef = (
        w.carried,
        w.money,
        w.house,
        w.capacity,
        w.waiting,
        w.unbuilt,
        w.field,
        w.tax,
        w.band,
        w.future,
    )
    table = (breakdown(g), cube_worth(g, w.yen), progress(g))
    out = []
    for seat in range(len(g.pub.players)):
        now, feats = features(g, seat, w, table)
        value = now
        for c, f in zip(coef, feats, strict=True):
            value += c * f
        out.append(value)
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
