"""Features of a Tea Garden position for the learned evaluation (:mod:`ai.learn`).

Each seat's feature vector describes the game as that seat sees it: its own hand exactly, the
other seats' hands only by their size and the public cards of hand and draw deck together (see
:func:`core.tea_garden.hidden.observe`), never the order of a deck or a face-down pile. So the
vector of a seat is a function of its observation: two states that differ only in what the seat
cannot see give the same vector (tests/ai/test_learn.py checks it).

The parts are the hand-tuned evaluation's own (:mod:`.evaluation`), taken apart: points on the
table now, resources, the engine of gardens and deck, the hand, the turns left, Puerh sets and
the turn in progress. Each is given relative to the best other seat (the one with the highest
total as the seat sees it), and a few are crossed with the rounds still to come, since a lead
means more the later it is. A fit weighs them (:mod:`ai.learn.fit`). Sums over cards use
``fsum``, whose result does not depend on the order of a deck the seat cannot see.
"""

from __future__ import annotations

from math import fsum

from ai.learn.model import FeatureSet
from ai.tea_garden.evaluation import (
    HAND_WEIGHT,
    TURN_VALUE,
    _halls_held,
    _resources,
    _turn_in_progress,
    puerh_sets_worth,
)
from ai.tea_garden.values import (
    DRAW_PER_ROUND,
    HARVEST_PER_GARDEN,
    card_power,
    fresh_worth,
    maintenances_left,
    turns_left,
    use_weight,
)
from core.engine import Game, Observation, State
from core.tea_garden.context import Context
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.scoring import deck_of, live_breakdown
from core.tea_garden.state import GameData, PlayerState

VERSION = 1
"""Bumped whenever a feature changes meaning: weights fitted to another version are refused."""
NAMES = (
    "live",
    "resources",
    "engine",
    "hand",
    "turns",
    "puerh",
    "in_progress",
    "to_move",
    "rounds_to_come",
    "live_x_rounds",
    "total_x_rounds",
    "turns_left",
    "others_gap",
)
"""The features, in the order of the vectors (weights files name them)."""

_PARTS = 7
"""The first parts are per-seat estimates in VP, given as the seat's minus the best other's."""


def _public_hand(ctx: Context, p: PlayerState, size: int) -> float:
    """What a hand of ``size`` cards is worth to someone who sees only the pool it comes from
    (hand and draw deck together): ``size`` times that pool's mean card power."""
    pool = p.hand + p.draw
    if not pool or not size:
        return 0.0
    return size * fsum(card_power(ctx, c) for c in pool) / len(pool)


def _parts(g: GameData, seat: int, live: float, left: int, *, own: bool) -> list[float]:
    """One seat's estimates in VP; ``own`` reads its hand, else only the hand's size."""
    ctx = g.ctx
    p = g.players[seat]
    resources = _resources(g, p) * use_weight(g, p)
    engine = 0.0
    if left:
        regions = ctx.regions
        engine += sum(HARVEST_PER_GARDEN * fresh_worth(regions[r].value) * left for r in p.gardens)
        deck = deck_of(p)
        if deck:
            engine += fsum(card_power(ctx, c) for c in deck) / len(deck) * DRAW_PER_ROUND * left
    hand = 0.0
    if left > 0 or (not p.passed and len(p.stacks) < 4):
        size = len(p.hand)
        seen = fsum(card_power(ctx, c) for c in p.hand) if own else _public_hand(ctx, p, size)
        hand = seen * HAND_WEIGHT
    turns = TURN_VALUE * min(turns_left(g, p), len(p.hand))
    puerh = puerh_sets_worth(g, p)
    progress = _turn_in_progress(g) if seat == g.seat and not g.over else 0.0
    return [live, resources, engine, hand, turns, puerh, progress]


def state_features(state: State) -> list[list[float]]:
    """Return every seat's feature vector, each from that seat's own point of view."""
    assert isinstance(state, GameData)
    g = state
    n = len(g.players)
    breakdown = live_breakdown(g)
    live = [float(sum(breakdown[s].values())) + _halls_held(g, s) for s in range(n)]
    left = maintenances_left(g)
    public = [_parts(g, s, live[s], left, own=False) for s in range(n)]
    own = [_parts(g, s, live[s], left, own=True) for s in range(n)]
    r = float(ROUNDS - g.round)
    result = []
    for s in range(n):
        mine = own[s]
        totals = sorted(((sum(public[j]), j) for j in range(n) if j != s), reverse=True)
        best = public[totals[0][1]]
        gap = totals[0][0] - totals[1][0] if len(totals) > 1 else 0.0
        d = [mine[i] - best[i] for i in range(_PARTS)]
        total = sum(d)
        tempo = turns_left(g, g.players[s]) - turns_left(g, g.players[totals[0][1]])
        d += [
            1.0 if s == g.seat else 0.0,
            r,
            d[0] * r,
            total * r,
            float(tempo),
            gap,
        ]
        result.append(d)
    return result


def observation_stage(observation: Observation) -> float:
    """The rounds still to come after this one (0 in the last round)."""
    rounds = observation.round if isinstance(observation, TeaGardenObservation) else ROUNDS
    return float(ROUNDS - rounds)


def variant(game: Game) -> str | None:
    """The weights a setup uses: by player count, the expansion apart; none against Lu Yu."""
    assert isinstance(game, TeaGardenGame)
    if game.luyu_seat is not None:
        return None
    return f"{game.num_seats}p" + ("_puerh" if game.options.puerh else "")


def state_stage(state: State) -> float:
    """The rounds still to come after this one, for a full state."""
    assert isinstance(state, GameData)
    return float(ROUNDS - state.round)


FEATURES = FeatureSet(
    game="tea_garden",
    version=VERSION,
    names=NAMES,
    state_features=state_features,
    observation_stage=observation_stage,
    state_stage=state_stage,
    variant=variant,
)
"""Tea Garden's features, as :mod:`ai.learn` finds them (``ai.tea_garden.FEATURES``)."""
