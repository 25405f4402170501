"""The search tree of :mod:`ai.mcts`, and which part of it a later decision may keep.

A node holds the statistics of the move leading to it. Between decisions the search keeps the
tree of its last search; :func:`kept_subtree` says which node of it stands for the decision at
hand, if any, and whether its statistics are exact (nothing revealed since) or came from samples
that knew less than the observation does now.
"""

from __future__ import annotations

from ai.knowledge import Knowledge
from core.engine import Game, Observation, State
from core.moves import Move
from core.rng import Rng

_LEADS, _SAME_TURN, _ELSEWHERE, _NEXT_TURN = 0, 1, 2, 3
"""Where the forced moves after a move lead (:func:`_walk`)."""


class Node:
    """A node of the search tree: the statistics of the move that leads to it."""

    __slots__ = ("avail", "children", "legal", "order", "prior", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat that made the move leading here; rewards are counted for it."""
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        """How often this move was legal and considered when its parent was selected from."""
        self.children: dict[Move, Node] = {}
        self.prior: dict[Move, float] = {}
        """Prior scores of the moves seen legal here, for progressive widening."""
        self.legal: list[tuple[Move, ...]] = []
        """The legal moves met on arriving here (then after each forced move), kept while they
        follow from the root's observation alone (see :meth:`ai.mcts.MctsAgent._iterate`)."""
        self.order: tuple[Move, ...] | None = None
        """The kept legal moves of the decision here, best prior first."""

    def mean(self) -> float:
        """Mean reward of :attr:`seat` through this node (0 before the first visit)."""
        return self.total / self.visits if self.visits else 0.0


def kept_subtree(
    game: Game,
    knowledge: Knowledge,
    last: tuple[Observation, Move, Node] | None,
    observation: Observation,
    *,
    played: bool = False,
) -> tuple[Node | None, bool, bool]:
    """Return the part of the last tree that is this decision, if there is one, whether it is
    exact, and whether it lies in the same turn as the last decision.

    Exact is the last root itself for the same observation, or the child of the move chosen
    last when playing that move (and any forced moves after it) leads to ``observation`` in
    two different samples of the last observation: then the move revealed nothing (no card
    drawn, no deck shuffled). With ``played`` (the move chosen last is known to have been
    played), the child is also kept when in both samples the move revealed something and the
    same seat decides next within the same turn (no boundary passed, no other seat asked):
    its statistics then come from samples that knew less than the observation does. Nothing
    else is reused, so a search never knows more than its observation.

    Args:
        game: the game searched (to sample the last observation).
        knowledge: the search's knowledge (where a turn ends).
        last: the last search's observation, the move it chose and its tree.
        observation: the decision at hand.
        played: the move chosen last is known to have been played.

    Returns:
        the node, True when exact, and True when no turn boundary (and no other seat's move)
        lies between the last decision and this one; ``(None, False, False)`` when nothing is
        reusable.
    """
    if last is None:
        return None, False, False
    before, move, root = last
    if observation.seat != before.seat:
        return None, False, False
    if observation == before:
        return root, True, True
    child = root.children.get(move)
    if child is None:
        return None, False, False
    exact = True
    same_turn = True
    for seed in (1, 2):  # two samples: a move that reveals something differs between them
        state = game.determinize(before, Rng.from_seed(seed))
        reveals = state.reveals
        state.apply_unchecked(move)
        found = _walk(state, observation, knowledge)
        if found in (_LEADS, _NEXT_TURN):
            same_turn = same_turn and found == _LEADS
            continue
        if not played or found != _SAME_TURN or state.reveals == reveals:
            return None, False, False
        exact = False
    return child, exact, same_turn


def _walk(
    state: State, observation: Observation, knowledge: Knowledge, max_forced: int = 50
) -> int:
    """Play the forced moves from ``state`` and say where they lead.

    Returns:
        :data:`_LEADS` if a state on the way shows ``observation`` (:data:`_NEXT_TURN` if a
        boundary was passed or another seat moved before it); :data:`_SAME_TURN` if
        they end at a decision of the observation's seat with no boundary passed and no
        other seat moving; :data:`_ELSEWHERE` otherwise.
    """
    seat = observation.seat
    boundary = knowledge.boundary
    alone = True  # no boundary passed and no other seat moved yet
    for _ in range(max_forced):
        if state.is_over():
            return _ELSEWHERE
        alone = alone and state.current_seat() == seat
        alone = alone and (boundary is None or not boundary(state))
        if state.observation(seat) == observation:
            return _LEADS if alone else _NEXT_TURN
        legal = state.legal_moves()
        if len(legal) != 1:
            return _SAME_TURN if alone else _ELSEWHERE
        state.apply_unchecked(legal[0])
    return _ELSEWHERE


def forget(node: Node) -> None:
    """Drop the legal moves kept in ``node`` and below it."""
    stack = [node]
    while stack:
        n = stack.pop()
        n.legal = []
        n.order = None
        stack.extend(n.children.values())
