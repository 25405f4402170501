"""A hand-tuned evaluation of Tea Garden positions: final scores expected, and win chances.

:func:`expected_scores` starts from :func:`~core.tea_garden.scoring.live_breakdown` (the points
each seat would have if the game stopped now) and adds what its resources should still bring
in (:mod:`ai.tea_garden.values`): leaves by side and quality, Emperor and Cup tokens, Scrolls,
the harvests of its gardens, the strength of its deck and hand, its incomplete Puerh sets
(expansion) and, for the seat to move, the turn in progress. :class:`TeaGardenEvaluator`
turns the estimates into rewards in [0, 1] for search.
"""

from __future__ import annotations

import math

from ai.tea_garden.values import (
    CUP_TOKEN,
    DRAW_PER_ROUND,
    HALL_HOLD,
    HARVEST_PER_GARDEN,
    SCROLL,
    STRENGTH,
    TOKEN,
    TURNS_PER_ROUND,
    card_powers,
    effect_worth,
    fermented_worth,
    fresh_worth,
    hall_vp,
    maintenances_left,
    set_prospect,
    turns_left,
    use_weight,
)
from core.engine import Observation, State, final_outcome
from core.tea_garden import effects as fx
from core.tea_garden.decisions import effect_possible
from core.tea_garden.flow import card_slots
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.puerh import CAKE_SIZE
from core.tea_garden.scoring import deck_of, live_breakdown
from core.tea_garden.state import GameData, PlayerState

LEAF_WEIGHT = 0.7
"""Scales the worth of every leaf held."""
LEAVES_PER_TURN = 3
"""Leaves a turn of the last round can turn into points (a Caravan trade, an Emperor row)."""
DECK_WEIGHT = 0.55
"""Share of a future card play's power counted now (plays are uncertain and need slots)."""
HAND_WEIGHT = 0.6
ROW_WEIGHT = 1.0
"""Per Emperor-track row: progress towards the 10 VP of the top."""
TILE_WEIGHT = 0.4
"""Per Cup tile placed: the chance of matching connections to come."""
TURN_VALUE = 3.0
"""What each turn a seat can still take this round is worth beyond the cards it plays: a main
action and a top card's offer. Passing gives up the rest of the round's turns."""
PENDING_STRENGTH = 0.8
UNUSED_TOP = 0.5


LUYU_TURN_VP = 4.5
"""(Solo) What one more turn of Lu Yu's brings him on average, at easy ..."""
LUYU_EXPERT_VP = 0.6
"""... plus this much per Expert card in his deck (measured over arena games)."""
LUYU_FUTURE_SHARE = 0.2
"""Share of his later rounds counted now. A player's estimate leaves most of the rounds to come
out (it falls short of the final score by about 24 VP per round left, measured in games against
Lu Yu), so his is discounted alike: the margin between the two, which the search and the hints'
win chance use, then means the same as between two players."""


def expected_scores(g: GameData) -> list[float]:
    """Return each seat's expected final score, in VP."""
    live = live_breakdown(g)
    left = maintenances_left(g)
    scores = []
    lu = g.luyu
    for seat, p in enumerate(g.players):
        s = float(sum(live[seat].values())) + _halls_held(g, seat)
        if lu is not None and seat == lu.seat:
            # Lu Yu's leaves and Caravans already score in the breakdown; what is left to come
            # is his turns, which follow his cards, not a plan.
            slots = card_slots(g.ctx)
            now = 0 if p.passed else max(0, slots - len(lu.slots))
            per_turn = LUYU_TURN_VP + LUYU_EXPERT_VP * lu.experts
            scores.append(s + per_turn * (now + LUYU_FUTURE_SHARE * slots * left))
            continue
        s += _resources(g, p) * use_weight(g, p)
        s += _engine(g, p, left)
        s += puerh_sets_worth(g, p)
        if seat == g.seat and not g.over:
            s += _turn_in_progress(g)
        scores.append(s)
    return scores


def _halls_held(g: GameData, seat: int) -> float:
    """The Hall majorities ``seat`` holds now, discounted (expansion): the live breakdown
    counts a Hall's VP only once the Hall is scored at the end of the round."""
    court = g.board.court
    if court is None or g.over:
        return 0.0
    return HALL_HOLD * sum(hall_vp(g, spaces, seat) for spaces in court.occupancy)


def _leaves(g: GameData, p: PlayerState) -> float:
    """The leaves' worth; in the last round only as many as the turns left can spend count."""
    worths = [fresh_worth(q + 1) for q, n in enumerate(p.fresh) for _ in range(n)]
    worths += [fermented_worth(q + 1) for q, n in enumerate(p.fermented) for _ in range(n)]
    if g.round < ROUNDS:
        return sum(worths)
    worths.sort(reverse=True)
    return sum(worths[: LEAVES_PER_TURN * turns_left(g, p)])


def _resources(g: GameData, p: PlayerState) -> float:
    value = _leaves(g, p) * LEAF_WEIGHT
    value += p.emperor_tokens * (TOKEN - 1.0)
    value += (p.plus1 + p.x2 + p.teapot_scrolls) * (SCROLL - 1.0)
    value += sum(sum(t) for t in p.cup_tokens) * CUP_TOKEN
    value += sum(len(r) for r in p.cup_rows) * TILE_WEIGHT
    if p.emperor_row < 6:
        value += p.emperor_row * ROW_WEIGHT
    return value


def _engine(g: GameData, p: PlayerState, left: int) -> float:
    """What gardens and cards should still produce."""
    ctx = g.ctx
    powers = card_powers(ctx)
    value = 0.0
    if left:
        regions = ctx.regions
        for r in p.gardens:
            value += HARVEST_PER_GARDEN * fresh_worth(regions[r].value) * left
        deck = deck_of(p)
        if deck:
            avg = sum(powers[c] for c in deck) / len(deck)
            value += avg * DRAW_PER_ROUND * left * DECK_WEIGHT
    can_play = left > 0 or (not p.passed and len(p.stacks) < 4)
    if can_play:
        value += sum(powers[c] for c in p.hand) * HAND_WEIGHT
    # A turn's cards go from hand to a stack when they are played, so the turn in progress no
    # longer counts once committed; each turn needs a card.
    value += TURN_VALUE * min(turns_left(g, p), len(p.hand))
    return value


def puerh_sets_worth(g: GameData, p: PlayerState) -> float:
    """What ``p``'s incomplete Puerh sets should still score, in VP (expansion).

    A set of 1-2 tokens scores nothing unless completed (PUERH-08, PUERH-11), and a complete
    cake already counts in the live breakdown, so only incomplete sets count here: each at the
    best cake that typical tokens would make of it, times a chance that falls with the tokens
    it misses and with the turns left to find them (close to its full share with many turns to
    go, falling steeply in the last few). Sets nearest completion are served first; the turns
    each further set needs add up.
    """
    court = g.board.court
    sets = sorted((c for c in p.puerh_sets if 0 < len(c) < CAKE_SIZE), key=len, reverse=True)
    if court is None or not sets or g.over:
        return 0.0
    turns = max(0, turns_left(g, p)) + maintenances_left(g) * TURNS_PER_ROUND
    # A slot of the Market or the Storage is empty only once its pile is.
    if not turns or not (any(court.market) or any(court.storage)):
        return 0.0
    value = 0.0
    needed = 0
    for cake in sets:
        needed += CAKE_SIZE - len(cake)
        value += set_prospect(g.ctx, cake, turns, needed)
    return value


def _turn_in_progress(g: GameData) -> float:
    t = g.turn
    if not t.committed:
        return 0.0
    value = 0.0
    if not t.main:
        value += t.strength * STRENGTH * PENDING_STRENGTH
    top = g.ctx.cards[t.top].top
    p = g.me
    for i, eff in enumerate(top):
        if not t.used_top[i] and _optional(eff) and effect_possible(g, eff):
            value += UNUSED_TOP * effect_worth(g, p, eff)
    return value


def _optional(eff: fx.Effect) -> bool:
    return not isinstance(eff, fx.ScoreVP | fx.GainLeaves)


def temperature(rounds_to_come: int) -> float:
    """The score gap, in VP, that makes a win about 73% likely: wide early, narrow at the end.

    Args:
        rounds_to_come: Maintenance phases still to come (0 in the last round).
    """
    return 4.0 + 2.5 * rounds_to_come


SPREAD = 150.0
"""A lead of this many VP over the best other seat counts as reward 1, a deficit as 0: wider
than any real margin, so the reward stays linear (a clipped or logistic reward goes flat when
one seat is far ahead or behind, and the search then stops caring about points)."""
WIN_BONUS = 10.0
"""VP of margin added for winning a finished game (taken off for losing it)."""


class TeaGardenEvaluator:
    """Rewards linear in the expected final margin over the best other seat.

    A seat's reward is ``0.5 + (its expected score - the best other expected score) / (2 *
    spread)``; a finished game uses the final scores and adds :data:`WIN_BONUS` for the winner.
    Rewards on one linear scale keep every point worth the same to the search, whether the game
    is close or lopsided (arena games with a logistic win-chance reward were clearly weaker).

    Args:
        spread: the margin, in VP, that counts as reward 1.

    Raises:
        ValueError: if ``spread`` is not positive.
    """

    def __init__(self, spread: float = SPREAD) -> None:
        if spread <= 0:
            raise ValueError(f"spread must be positive, not {spread}")
        self.spread = spread

    def __call__(self, state: State) -> tuple[float, ...]:
        """Return each seat's reward for a state that is not over."""
        assert isinstance(state, GameData)
        return self._rewards(expected_scores(state), [0.0] * len(state.players))

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
        """Estimate the chance to win from a mean reward: a logistic of the margin it stands for.

        The mean also holds the exact win shares of simulations that reached the end, so this is
        a rough guide for people, not something the search relies on. Hints and the analysis use
        it only where no learned weights ship (a game against Lu Yu); elsewhere the weights'
        calibrated ``chance`` model replaces it (:func:`ai.tea_garden.knowledge.knowledge`).
        """
        margin = (value - 0.5) * 2 * self.spread
        rounds = getattr(observation, "round", ROUNDS)
        return 1.0 / (1.0 + math.exp(-margin / temperature(ROUNDS - rounds)))
