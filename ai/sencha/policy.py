"""Fast move scores for Sencha: the search's move ordering (:class:`SenchaPrior`), its playout
policy (:class:`SenchaPolicy`) and the heuristic player's greedy step (:func:`best_move`).

The scores read the table only (what every seat sees). They are rough on purpose: cheap enough
to call at every step of a simulation, and good enough that a turn played by them looks like a
turn a player would take (build early, carry what sells, sell what the card wants)."""

from __future__ import annotations

from collections.abc import Sequence

from ai.sencha.evaluation import WEIGHTS, Weights, expected_scores
from ai.sencha.values import YEN_VP, cube_worth, turns_left
from core.engine import State
from core.moves import Move
from core.rng import Rng
from core.sencha import moves as mv
from core.sencha.legal import houses_on, houses_on_field, take_moves
from core.sencha.rules import FIELD, MAX_WORKERS, WORKERS, Kind
from core.sencha.state import SenchaData

EXPLORE = 0.05
"""Share of a playout's steps played at random instead of by the scores."""
TURN_STEPS = 40
"""A safety cap on the steps played to finish a turn."""


def move_score(g: SenchaData, move: Move, worth: tuple[float, float, float], left: float) -> float:
    """A rough worth in VP of making ``move`` now, for the seat to move (``left``: its turns
    left)."""
    pub = g.pub
    p = pub.players[pub.seat]
    early = min(1.0, left / 8.0)
    if isinstance(move, mv.Take):
        return 0.3 + worth[move.tea.index]
    if isinstance(move, mv.Sale):
        t = move.tea.index
        prices = g.ctx.columns[pub.card][t]
        price = prices[pub.columns[t]] if prices else 0
        return YEN_VP * price * (1.0 if p.money + price <= g.ctx.money_cap else 0.3) + 0.05
    if isinstance(move, mv.Emperor):
        t, need, vp = g.ctx.offers[pub.card][move.offer - 1]
        return vp / need + 0.05
    if isinstance(move, mv.Offer):
        return 0.35
    if isinstance(move, mv.Done):
        return 0.0
    if isinstance(move, mv.Produce):
        empty = sum(WORKERS[w.kind].capacity - sum(w.load) for w in p.workers)
        return 0.25 * early if empty >= 2 else -0.2
    if isinstance(move, mv.Place):
        return 0.1
    if isinstance(move, mv.Collect):
        room = sum(WORKERS[w.kind].capacity - sum(w.load) for w in p.workers)
        takes = len(take_moves(g, budget=False))
        return (0.4 + 0.25 * min(room, 4)) if takes else 0.15 * early
    if isinstance(move, mv.Free):
        return 0.3
    if isinstance(move, mv.Sell):
        held = sum(sum(w.load[t] * worth[t] for t in range(3)) for w in p.workers)
        full = all(sum(w.load) >= WORKERS[w.kind].capacity for w in p.workers)
        return 0.3 * held + (0.5 if full else 0.0) + (1.0 if left <= 1 else 0.0)
    if isinstance(move, mv.Build):
        if move.dest == FIELD:
            return 1.0 + 0.2 * early - 0.17 * houses_on_field(g)
        pi = next(i for i, pl in enumerate(pub.plantations) if pl.id == move.dest)
        mine = sum(p.houses)
        return (1.8 if mine == 0 else 1.0) * early + 0.1 - 0.17 * houses_on(g, pi)
    if isinstance(move, mv.Buy):
        return (0.9 * early if p.area == 0 else -0.5) - 0.1 * p.reserve
    if isinstance(move, mv.Recruit):
        gain = {
            Kind.PEASANT: 0.6,
            Kind.DONKEY: 0.9,
            Kind.COLLECTOR: 1.2,
            Kind.CART: 1.3,
        }[move.kind]
        crowded = len(p.workers) >= MAX_WORKERS and move.kind is not Kind.CART
        return (
            gain * (0.6 + early) - (0.6 if crowded else 0.0) - 0.05 * WORKERS[move.kind.value].price
        )
    if isinstance(move, mv.Trade | mv.Replace):
        w = p.workers[move.worker - 1]
        return -sum(w.load) * 0.3 - WORKERS[w.kind].capacity * 0.1
    if isinstance(move, mv.Pass):
        return -5.0
    return 0.0


def scores(state: State, legal_moves: Sequence[Move]) -> list[float]:
    """The move scores of every legal move of ``state``."""
    assert isinstance(state, SenchaData)
    worth = cube_worth(state)
    left = turns_left(state, state.pub.seat)
    return [move_score(state, m, worth, left) for m in legal_moves]


class SenchaPrior:
    """Orders moves for progressive widening as the heuristic player would: each move made on
    a copy, the rest of the turn finished by :func:`best_move`, and the result judged by the
    evaluation (the expected margin over the best other seat)."""

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def __call__(self, state: State, legal_moves: Sequence[Move]) -> list[float]:
        """Return one score per move; higher is more promising."""
        assert isinstance(state, SenchaData)
        seat = state.pub.seat
        out = []
        for move in legal_moves:
            s = state.clone()
            s.apply_unchecked(move)
            steps = 0
            while not s.pub.over and s.pub.seat == seat and s.pub.turn.phase != "action":
                s.apply_unchecked(best_move(s, s.legal_moves(), self.weights))
                steps += 1
                if steps > TURN_STEPS:
                    break
            out.append(margin(s, seat, self.weights))
        return out


class SenchaPolicy:
    """The playout policy: a random move now and then; otherwise, inside an action, the move
    the evaluation likes best one step ahead (as the heuristic player finishes its turn), and
    for the choice of action the best-scored one.

    Args:
        explore: share of the steps played at random.
        weights: the evaluation's weights.
    """

    def __init__(self, explore: float = EXPLORE, weights: Weights = WEIGHTS) -> None:
        self.explore = explore
        self.weights = weights

    def __call__(self, state: State, legal_moves: Sequence[Move], rng: Rng) -> Move:
        """Return one of ``legal_moves``."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        if rng.random() < self.explore:
            return rng.choice(legal_moves)
        assert isinstance(state, SenchaData)
        if state.pub.turn.phase != "action":
            return best_move(state, legal_moves, self.weights)
        values = scores(state, legal_moves)
        return legal_moves[values.index(max(values))]


def margin(state: SenchaData, seat: int, weights: Weights = WEIGHTS) -> float:
    """``seat``'s expected final score less the best other seat's."""
    expected = expected_scores(state, weights)
    return expected[seat] - max(x for i, x in enumerate(expected) if i != seat)


def best_move(state: State, legal_moves: Sequence[Move], weights: Weights = WEIGHTS) -> Move:
    """The move whose result the evaluation likes best for the seat to move (one step ahead)."""
    assert isinstance(state, SenchaData)
    seat = state.pub.seat
    best, best_value = legal_moves[0], float("-inf")
    for move in legal_moves:
        s = state.clone()
        s.apply_unchecked(move)
        value = margin(s, seat, weights)
        if value > best_value:
            best, best_value = move, value
    return best
