"""Several search trees for one decision (root parallelisation), merged into one answer.

An :class:`Ensemble` plays a seat with ``k`` independent ISMCTS trees (Chaslot, Winands and van
den Herik 2008, "Parallel Monte-Carlo Tree Search": *root parallelisation*). Each member
searches the decision with its own generator and a ``k``-th of the iterations; the root moves'
statistics are then added up (visits summed, values weighted by visits) and the most visited
move is played. Every member then *adopts* that move, so that each follows its own tree
through the rest of the turn as a single searcher would (:meth:`ai.mcts.MctsAgent.adopt`).

The members share nothing while they search, so they can think in separate processes at once:
:class:`ai.worker.AgentWorker` runs an ensemble spec (``trees=K``) as ``K`` processes, and the
answer is the one :class:`Ensemble` gives in one process with the same seed and iteration
budget (the member seeds and the merge are the functions below). With ``K`` idle cores a
decision takes about the time of one tree's share, plus the messages between processes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ai.base import (
    Budget,
    MoveStat,
    ProgressCallback,
    SearchResult,
    StopCheck,
    ranked_moves,
)
from ai.knowledge import Knowledge
from ai.mcts import MctsAgent
from core.engine import Observation
from core.moves import Move
from core.rng import Rng
from core.seats import MAX_TREES


def member_seeds(rng: Rng, trees: int) -> list[int]:
    """The seeds of the members' generators for one decision, drawn from the seat's generator."""
    return [rng.next_u64() for _ in range(trees)]


def member_budget(budget: Budget, trees: int, *, parallel: bool) -> Budget:
    """A member's share of ``budget``: a ``trees``-th of the iterations (rounded up); the whole
    time when the members search at once, a ``trees``-th of it when one after another."""
    iterations = None if budget.iterations is None else math.ceil(budget.iterations / trees)
    seconds = budget.seconds
    if seconds is not None and not parallel:
        seconds = max(0.001, seconds / trees)
    return Budget(iterations=iterations, seconds=seconds)


def merge(
    results: Sequence[SearchResult],
    legal_moves: Sequence[Move],
    to_chance: Callable[[float], float],
) -> SearchResult:
    """The members' searches of one decision as one: each move's visits summed and its value
    the visit-weighted mean, ranked by visits then value (ties in legal order), as one tree's
    search ranks its moves. ``to_chance`` turns a value into a win chance."""
    visits = dict.fromkeys(legal_moves, 0)
    totals = dict.fromkeys(legal_moves, 0.0)
    for result in results:
        for stat in result.ranked:
            if stat.move in visits:
                visits[stat.move] += stat.visits
                totals[stat.move] += stat.value * stat.visits
    stats = []
    for move in legal_moves:
        n = visits[move]
        value = totals[move] / n if n else 0.0
        chance = to_chance(value) if n else 0.0
        stats.append(MoveStat(move=move, visits=n, value=value, win_chance=chance))
    ranked = ranked_moves(stats)
    return SearchResult(
        move=ranked[0].move,
        ranked=ranked,
        iterations=sum(r.iterations for r in results),
        seconds=max((r.seconds for r in results), default=0.0),
        stopped=any(r.stopped for r in results),
    )


class Ensemble:
    """A seat played by several MCTS trees in this process, one after another (see the module).

    Its moves are those of the same ensemble spread over processes (:class:`ai.worker.
    AgentWorker`) for the same seeds and iteration budgets; here each member's time is a
    ``k``-th of the decision's, so a time budget is spent alike.

    Args:
        members: the trees' agents, built alike (at least one).
        name: how the seat is shown.

    Raises:
        ValueError: for no members or more than :data:`MAX_TREES`.
    """

    def __init__(self, members: Sequence[MctsAgent], name: str = "mcts") -> None:
        if not 1 <= len(members) <= MAX_TREES:
            raise ValueError(f"an ensemble has 1 to {MAX_TREES} trees, not {len(members)}")
        self.members = list(members)
        self.name = name
        self._planned: tuple[Observation, list[Budget]] | None = None

    @property
    def knowledge(self) -> Knowledge:
        """The game knowledge the trees search with (the same for all)."""
        return self.members[0].knowledge

    @property
    def trees(self) -> int:
        """How many trees search each decision."""
        return len(self.members)

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Return the most visited move of the merged trees."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        given = self.budget_for(observation, legal_moves, budget)
        return self.search(observation, legal_moves, given, rng).move

    def budget_for(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget
    ) -> Budget:
        """Each member's share of what this decision deserves (see
        :meth:`ai.mcts.MctsAgent.budget_for`); returns their sum, and the next :meth:`search`
        of this observation object gives each member its own."""
        share = member_budget(budget, self.trees, parallel=False)
        plans = [m.budget_for(observation, legal_moves, share) for m in self.members]
        self._planned = (observation, plans)
        iterations = [b.iterations for b in plans]
        seconds = [b.seconds for b in plans]
        return Budget(
            iterations=None if None in iterations else sum(i or 0 for i in iterations),
            seconds=None if None in seconds else sum(s or 0.0 for s in seconds),
        )

    def search(
        self,
        observation: Observation,
        legal_moves: Sequence[Move],
        budget: Budget,
        rng: Rng,
        *,
        on_progress: ProgressCallback | None = None,
        should_stop: StopCheck | None = None,
    ) -> SearchResult:
        """Search with every tree in turn and return the merged statistics.

        Raises:
            ValueError: if ``legal_moves`` is empty.
        """
        if not legal_moves:
            raise ValueError("no legal moves to choose from")
        planned, self._planned = self._planned, None
        if planned is not None and planned[0] is observation:
            budgets = planned[1]
        else:
            budgets = [member_budget(budget, self.trees, parallel=False)] * self.trees
        results = []
        for member, seed, given in zip(
            self.members, member_seeds(rng, self.trees), budgets, strict=True
        ):
            results.append(
                member.search(
                    observation,
                    legal_moves,
                    given,
                    Rng.from_seed(seed),
                    on_progress=on_progress,
                    should_stop=should_stop,
                )
            )
            if should_stop is not None and should_stop():
                break
        knowledge = self.knowledge
        merged = merge(results, legal_moves, lambda v: knowledge.win_chance(v, observation))
        for member in self.members:
            member.adopt(merged.move)
        return merged
