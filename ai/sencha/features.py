"""Features of a Sencha position for the learned evaluation (:mod:`ai.learn`).

Sencha has no private hands, so every seat sees the same table (:mod:`core.sencha.hidden`).
A seat's vector reads that table only (``state.pub`` and the setup): never the bag's draws, the
order of the Tea Market deck, the cards left out of it or the face-down worker of a 2-player
game. Two states that differ only in those give every seat the same vector
(tests/ai/test_sencha_learn.py checks it).

The parts are the hand-tuned evaluation's own (:func:`ai.sencha.evaluation.features`, the
points now and the ten weighed features), each as the seat's minus the leading other seat's
(the one the hand-tuned evaluation expects to score most), then the seat to move, the tenths of
the game still to come, the points and the expected total crossed with them, the difference in
turns left and the gap between the two best other seats. A fit weighs them (:mod:`ai.learn.fit`).
"""

from __future__ import annotations

from ai.learn.model import FeatureSet
from ai.sencha.evaluation import FEATURES as HAND_FEATURES
from ai.sencha.evaluation import WEIGHTS, features
from ai.sencha.values import cube_worth, progress, progress_of, turns_left
from core.engine import Game, Observation, State
from core.sencha.context import lookup
from core.sencha.hidden import SenchaObservation
from core.sencha.scoring import breakdown
from core.sencha.state import SenchaData

VERSION = 1
"""Bumped whenever a feature changes meaning: weights fitted to another version are refused."""
NAMES = (
    "now",
    *HAND_FEATURES,
    "to_move",
    "to_come",
    "now_x_to_come",
    "total_x_to_come",
    "turns_left",
    "others_gap",
)
"""The features, in the order of the vectors (weights files name them)."""

_PARTS = 1 + len(HAND_FEATURES)
"""The first parts are per-seat values, given as the seat's minus the leading other's."""
_COEF = (1.0, *(getattr(WEIGHTS, name) for name in HAND_FEATURES))
"""The hand-tuned weights of the parts: what the leader is chosen by."""
STAGES = 10.0
"""The stage counts the game still to come in tenths."""


def state_features(state: State) -> list[list[float]]:
    """Return every seat's feature vector, each from that seat's own point of view."""
    assert isinstance(state, SenchaData)
    g = state
    n = len(g.pub.players)
    done = progress(g)
    table = (breakdown(g), cube_worth(g, WEIGHTS.yen), done)
    parts: list[list[float]] = []
    for seat in range(n):
        now, feats = features(g, seat, WEIGHTS, table)
        parts.append([now, *feats])
    totals = [sum(c * x for c, x in zip(_COEF, p, strict=True)) for p in parts]
    turns = [turns_left(g, s, WEIGHTS.turns, done) for s in range(n)]
    to_come = STAGES * (1.0 - done)
    result = []
    for s in range(n):
        ranked = sorted(((totals[j], j) for j in range(n) if j != s), reverse=True)
        leader = ranked[0][1]
        gap = ranked[0][0] - ranked[1][0] if len(ranked) > 1 else 0.0
        d = [parts[s][i] - parts[leader][i] for i in range(_PARTS)]
        d += [
            1.0 if s == g.pub.seat and not g.pub.over else 0.0,
            to_come,
            d[0] * to_come,
            (totals[s] - totals[leader]) * to_come,
            turns[s] - turns[leader],
            gap,
        ]
        result.append(d)
    return result


def observation_stage(observation: Observation) -> float:
    """The tenths of the game still to come, as a seat sees them."""
    if not isinstance(observation, SenchaObservation):
        return STAGES
    return STAGES * (1.0 - progress_of(observation.pub, lookup(observation.ctx_key)))


def state_stage(state: State) -> float:
    """The tenths of the game still to come, for a full state."""
    assert isinstance(state, SenchaData)
    return STAGES * (1.0 - progress(state))


def variant(game: Game) -> str | None:
    """The weights a setup uses: by player count."""
    return f"{game.num_seats}p"


FEATURES = FeatureSet(
    game="sencha",
    version=VERSION,
    names=NAMES,
    state_features=state_features,
    observation_stage=observation_stage,
    state_stage=state_stage,
    variant=variant,
    hand_margin=_COEF + (0.0,) * (len(NAMES) - _PARTS),
)
"""Sencha's features, as :mod:`ai.learn` finds them (``ai.sencha.FEATURES``)."""
