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
    card_powers,
    fresh_worth,
    maintenances_left,
    turns_left,
    use_weight,
)
from core.engine import Game, Observation, State
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.scoring import deck_of, live_breakdown
from core.tea_garden.state import GameData

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


def _parts(
    g: GameData, seat: int, live: float, left: int, powers: dict[str, float], turns: int
) -> tuple[list[float], float]:
    """One seat's estimates in VP as anyone sees them (its hand by its size and the pool it
    comes from: hand and draw deck together), and the hand part as the seat itself sees it."""
    ctx = g.ctx
    p = g.players[seat]
    resources = _resources(g, p) * use_weight(g, p)
    engine = 0.0
    if left:
        regions = ctx.regions
        engine += sum(HARVEST_PER_GARDEN * fresh_worth(regions[r].value) * left for r in p.gardens)
        deck = deck_of(p)
        if deck:
            engine += fsum([powers[c] for c in deck]) / len(deck) * DRAW_PER_ROUND * left
    hand = own = 0.0
    size = len(p.hand)
    if size and (left > 0 or (not p.passed and len(p.stacks) < 4)):
        pool = p.hand + p.draw
        hand = size * fsum([powers[c] for c in pool]) / len(pool) * HAND_WEIGHT
        own = fsum([powers[c] for c in p.hand]) * HAND_WEIGHT
    puerh = puerh_sets_worth(g, p)
    progress = _turn_in_progress(g) if seat == g.seat and not g.over else 0.0
    return [live, resources, engine, hand, TURN_VALUE * min(turns, size), puerh, progress], own


_HAND = NAMES.index("hand")


def state_features(state: State) -> list[list[float]]:
    """Return every seat's feature vector, each from that seat's own point of view."""
    assert isinstance(state, GameData)
    g = state
    n = len(g.players)
    breakdown = live_breakdown(g)
    left = maintenances_left(g)
    powers = card_powers(g.ctx)
    turns = [turns_left(g, p) for p in g.players]
    public: list[list[float]] = []
    own: list[float] = []
    for s in range(n):
        live = float(sum(breakdown[s].values())) + _halls_held(g, s)
        parts, hand = _parts(g, s, live, left, powers, turns[s])
        public.append(parts)
        own.append(hand)
    totals = [sum(parts) for parts in public]
    r = float(ROUNDS - g.round)
    result = []
    for s in range(n):
        mine = public[s].copy()
        mine[_HAND] = own[s]
        ranked = sorted(((totals[j], j) for j in range(n) if j != s), reverse=True)
        leader = ranked[0][1]
        best = public[leader]
        gap = ranked[0][0] - ranked[1][0] if len(ranked) > 1 else 0.0
        d = [mine[i] - best[i] for i in range(_PARTS)]
        total = sum(d)
        tempo = turns[s] - turns[leader]
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
    hand_margin=(1.0,) * _PARTS + (0.0,) * (len(NAMES) - _PARTS),
    tuned=(
        ("resources", 0.5),
        ("engine", 0.5),
        ("hand", 0.5),
        ("turns", 0.5),
        ("total_x_rounds", 0.1),
    ),
)
"""Tea Garden's features, as :mod:`ai.learn` finds them (``ai.tea_garden.FEATURES``)."""
