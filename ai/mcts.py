"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples one full state from the observation with
:meth:`~core.engine.Game.determinize`, walks down one shared tree with the moves legal in that
sample, adds a node, simulates and backs the rewards up. Because the tree is keyed by moves and
every sample comes from the observation alone, the search cannot use what its seat does not know.

- **Selection** is UCB1 with availability counts (ISUCT): a child's exploration term uses how
  often it was *available* rather than its parent's visits, since a move legal in one sample may
  not be legal in another.
- **Progressive widening**: a node visited ``n`` times considers only the best
  ``ceil(pw_c * (n + 1) ** pw_alpha)`` of the moves legal there, ordered by the game's prior, so
  wide decisions (which Caravan, which leaf pays) do not drown the search.
- **Forced moves** (a single legal move) are applied without a node.
- **Simulation** uses the game's fast policy and stops at a boundary (for Tea Garden, the end
  of the turn in progress) where the game's evaluation gives each seat a reward in [0, 1], or at
  the end of the game, where :meth:`~core.engine.Outcome.rewards` counts. With ``replies`` the
  tree still stops there, but the simulation plays that many more turns (the other seats'
  replies) before the evaluation.
- **The final choice** is the most visited root move.
- **Kept legal moves**: while only the observer has moved since the root and nothing was
  revealed, every sample shows the observer the same thing, so a node keeps the legal moves met
  there (and their order by the prior) instead of asking the rules again.
- **Tree reuse**: the subtree of the chosen move is kept for the next decision when that
  decision provably follows from the move with nothing revealed (:meth:`MctsAgent._reusable`).
- **Following a turn**: when playing, a turn is searched at its first decision; a later one
  only tops the kept subtree up to its budget, and after a reveal (a card drawn) searches at
  least a share of its budget on top of the kept statistics (:meth:`MctsAgent.budget_for`).
- **A clock per turn** (``clock``): a whole turn's decisions together think at most that many
  seconds of wall time, its first decision at most ``CLOCK_FIRST`` of them.
- **A tree of one's own decisions** (``own``): the other seats' turns are played by the fast
  policy in every sample instead of growing nodes whose statistics pool their hands.

A search is a pure function of the observation, the budget's iterations and the generator (and,
with reuse, of the agent's previous searches in the same game).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from ai.base import (
    Budget,
    MoveStat,
    Progress,
    ProgressCallback,
    SearchResult,
    StopCheck,
    ranked_moves,
)
from ai.knowledge import Knowledge, knowledge_for
from ai.tree import Node, forget, kept_subtree
from core.engine import Game, Observation, State
from core.moves import Move
from core.rng import Rng

DEFAULT_ITERATIONS = 400
PROGRESS_INTERVAL = 0.1
"""Seconds between progress reports."""
TOP_UP = 0.3
"""After a reveal, the least share of a decision's budget searched on top of the kept tree."""
SPENT_REVEAL = 0.1
"""After a reveal in a turn whose pool is spent, the share of its budget a decision searches."""
CLOCK_FIRST = 0.75
"""The most of a turn's clock its first decision may use: the rest is kept for the decisions
after a reveal, which search again on a tree grown before it."""


class MctsAgent:
    """An ISMCTS player. Build it once per game.

    Between decisions it keeps only the tree of its last search, and reuses the subtree of the
    move it chose when the next decision provably follows from that move (see
    :meth:`_reusable`): a turn's later decisions then start with the statistics gathered so far.

    When it plays (:meth:`choose`, or :meth:`budget_for` before :meth:`search`), it *follows*
    that tree: a turn is searched once, at its first decision, and a later decision only tops
    the kept subtree up to the decision's budget (the visits already below it count). Where the
    move played revealed something (a card drawn, a display refilled), the kept statistics came
    from samples that did not know it, so such a decision searches at least ``top_up`` of its
    budget on top of them.

    Args:
        game: the game played (its ``determinize`` is the only way to full states).
        name: how the agent is shown.
        default_budget: used when a call's budget sets no limit at all.
        uct_c: the exploration constant of UCB1 (rewards are in [0, 1]); None for the game's
            (see :class:`~ai.knowledge.Knowledge`), which suits the spread of its rewards.
        pw_c: progressive widening: children considered at a node visited n times is
            ``ceil(pw_c * (n + 1) ** pw_alpha)``.
        pw_alpha: see ``pw_c``.
        knowledge: game-specific policy, evaluation and prior; by default
            :func:`~ai.knowledge.knowledge_for` the game.
        follow: follow the tree through a turn (see above); False gives every decision its
            whole budget and keeps a subtree only when nothing was revealed.
        top_up: the least share of its budget a decision searches after a reveal.
        keep: when following, a decision whose kept subtree is exact (nothing revealed since)
            is searched up to this share of its budget, the kept visits counting: 1 tops every
            decision up to its whole budget, less spends the turn's budget at its first
            decision, where the turn is planned.
        replies: how many more turns (boundaries) the simulation plays with the fast policy
            after the tree stops, before the evaluation: 1 lets the next seat reply to the turn
            searched. The tree itself still stops at the knowledge's boundaries.
        turn: when following, the most a whole turn searches, as a multiple of a decision's
            budget (iterations and seconds alike), its first decision included; None for no
            limit. Once a turn's pool is spent, a later decision follows its kept tree (one
            iteration), or after a reveal searches ``SPENT_REVEAL`` of its budget.
        clock: when following, the most wall-clock seconds a whole turn thinks, all its
            decisions together (planning included); None for no limit. The turn's first
            decision may use ``CLOCK_FIRST`` of it, a later one what is left; once it has run
            out, a decision follows its kept tree (one iteration).
        own: the tree holds the deciding seat's own decisions only. In every sample the other
            seats' turns are played by the fast policy, which sees that sample's hidden cards
            as the seat would; the seat's own next decisions hang below the last of its own,
            whatever the others did in between. A tree over the other seats' decisions makes
            them choose by statistics pooled over samples of their hands, as if they did not
            know their own cards.

    Raises:
        ValueError: if a parameter is out of range or the game has fewer than one seat.
    """

    def __init__(
        self,
        game: Game,
        *,
        name: str = "mcts",
        default_budget: Budget | None = None,
        uct_c: float | None = None,
        pw_c: float = 2.0,
        pw_alpha: float = 0.5,
        knowledge: Knowledge | None = None,
        follow: bool = True,
        top_up: float = TOP_UP,
        replies: int = 0,
        keep: float = 1.0,
        turn: float | None = None,
        clock: float | None = None,
        own: bool = False,
    ) -> None:
        if game.num_seats < 1:
            raise ValueError(f"a game needs at least one seat, not {game.num_seats}")
        if uct_c is not None and uct_c < 0:
            raise ValueError(f"uct_c must not be negative, not {uct_c}")
        if pw_c <= 0 or not 0 < pw_alpha <= 1:
            raise ValueError(
                f"progressive widening needs pw_c > 0 and 0 < pw_alpha <= 1, "
                f"not {pw_c} and {pw_alpha}"
            )
        if not 0 < top_up <= 1:
            raise ValueError(f"top_up must be in (0, 1], not {top_up}")
        if not 0 < keep <= 1:
            raise ValueError(f"keep must be in (0, 1], not {keep}")
        if replies < 0:
            raise ValueError(f"replies must not be negative, not {replies}")
        if turn is not None and not turn >= 1:
            raise ValueError(f"turn must be at least 1, not {turn}")
        if clock is not None and not clock > 0:
            raise ValueError(f"clock must be above 0, not {clock}")
        self.game = game
        self.name = name
        self.default_budget = default_budget or Budget(iterations=DEFAULT_ITERATIONS)
        self.pw_c = pw_c
        self.pw_alpha = pw_alpha
        self.knowledge = knowledge if knowledge is not None else knowledge_for(game)
        self.uct_c = self.knowledge.uct_c if uct_c is None else uct_c
        self.follow = follow
        self.top_up = top_up
        self.keep = keep
        self.turn = turn
        """A turn's pool, in decision budgets; None for no limit."""
        self.clock = clock
        """The most wall-clock seconds a turn searches; None for no limit."""
        self.own = own
        """The tree holds this seat's decisions only (see the class's ``own``)."""
        self._spent = (0, 0.0)
        """Iterations and seconds searched so far in the turn followed (see :meth:`budget_for`)."""
        self.replies = replies
        """Turns the simulation plays on after the tree's last boundary before evaluating."""
        self._last: tuple[Observation, Move, Node] | None = None
        """The last search: its observation, the move it chose and its tree."""
        self._plan: tuple[Observation, Node | None, bool] | None = None
        """What :meth:`budget_for` found for the decision it was asked about: the observation,
        the kept subtree (if any) and whether it is exact (nothing revealed since)."""
        self._asked = 0.0
        """When :meth:`budget_for` was last called (``time.perf_counter``)."""
        self._rate = 0.0
        """Iterations per second of the last search, to follow a tree on a time budget."""

    def _reusable(
        self, observation: Observation, *, played: bool = False
    ) -> tuple[Node | None, bool, bool]:
        """The part of the last tree that is this decision, whether it is exact and whether it
        is in the same turn (see :func:`ai.tree.kept_subtree`)."""
        return kept_subtree(self.game, self.knowledge, self._last, observation, played=played)

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Return the most visited move, spending the budget share the decision deserves."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        return self.search(
            observation, legal_moves, self.budget_for(observation, legal_moves, budget), rng
        ).move

    def budget_for(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget
    ) -> Budget:
        """Return the share of ``budget`` this decision deserves when playing (not hinting).

        That is the decision's share (a sub-decision gets less), less what the kept tree
        already holds for it when the agent follows its tree: the visits below the kept node
        through moves legal now count as iterations done (after a reveal, at least ``top_up``
        of the share is left). The next :meth:`search` of this very observation object then
        starts from that node.
        """
        self._asked = time.perf_counter()
        if budget.iterations is None and budget.seconds is None:
            budget = self.default_budget
        share = budget.scaled(self.knowledge.decision_weight(observation, legal_moves))
        if not self.follow:
            return share
        node, exact, same_turn = self._reusable(observation, played=True)
        self._plan = (observation, node, exact)
        begins = not same_turn if node is not None else self._begins_turn(observation)
        if begins:
            self._spent = (0, 0.0)
        if node is None:
            return self._within_clock(share, first=begins)
        legal = set(legal_moves)
        held = sum(c.visits for m, c in node.children.items() if m in legal)
        wanted = share.iterations
        if wanted is None:  # a time budget: count the visits held in seconds
            assert share.seconds is not None
            if self._rate <= 0:
                return share
            wanted = max(1, round(share.seconds * self._rate))
        keep = self.keep if same_turn else 1.0  # a new turn is planned afresh
        left = (math.ceil(keep * wanted) if exact else wanted) - held
        if not exact:
            left = max(left, math.ceil(self.top_up * wanted))
        given = share.scaled(max(1, left) / wanted)
        if self.turn is not None:
            given = self._within_turn(given, budget, exact)
        return self._within_clock(given, first=not same_turn)

    def _begins_turn(self, observation: Observation) -> bool:
        """Whether a decision that kept no tree is a turn's first (a mid-turn one keeps no
        tree when, say, an ensemble played a move this tree never tried)."""
        boundary = self.knowledge.boundary
        if boundary is None:
            return True
        return boundary(self.game.determinize(observation, Rng.from_seed(0)))

    def adopt(self, move: Move) -> None:
        """Take ``move`` as the one played at the decision last searched, whichever move that
        search ranked first (an ensemble plays its trees' merged choice), so that the next
        decision follows the tree below ``move``."""
        if self._last is not None:
            observation, _, root = self._last
            self._last = (observation, move, root)

    def _within_clock(self, given: Budget, *, first: bool) -> Budget:
        """``given`` with its seconds cut to what the turn's :attr:`clock` allows: at its first
        decision ``CLOCK_FIRST`` of it, later what is left (at least 1 ms: one iteration)."""
        if self.clock is None:
            return given
        left = CLOCK_FIRST * self.clock if first else self.clock - self._spent[1]
        seconds = max(left, 0.001)
        if given.seconds is not None:
            seconds = min(seconds, given.seconds)
        return Budget(iterations=given.iterations, seconds=seconds)

    def _within_turn(self, given: Budget, budget: Budget, exact: bool) -> Budget:
        """``given`` cut to what is left of the turn's pool (:attr:`turn` times ``budget``)."""
        assert self.turn is not None
        spent_iterations, spent_seconds = self._spent
        iterations, seconds = given.iterations, given.seconds
        if iterations is not None and budget.iterations is not None:
            pool = math.floor(self.turn * budget.iterations) - spent_iterations
            least = 1 if exact else math.ceil(SPENT_REVEAL * budget.iterations)
            iterations = min(iterations, max(pool, least))
        if seconds is not None and budget.seconds is not None:
            pool_seconds = self.turn * budget.seconds - spent_seconds
            least_seconds = 0.001 if exact else SPENT_REVEAL * budget.seconds
            seconds = min(seconds, max(pool_seconds, least_seconds))
        return Budget(iterations=iterations, seconds=seconds)

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
        """Search from ``observation`` and return every root move's statistics.

        Raises:
            ValueError: if ``legal_moves`` is empty.
        """
        if not legal_moves:
            raise ValueError("no legal moves to choose from")
        start = time.perf_counter()
        if budget.iterations is None and budget.seconds is None:
            budget = self.default_budget
        planned = self._plan is not None and self._plan[0] is observation
        root = self._root(observation)
        limit = budget.iterations
        deadline = None if budget.seconds is None else start + budget.seconds
        next_report = start + PROGRESS_INTERVAL
        done = 0
        stopped = False
        while limit is None or done < limit:
            if len(legal_moves) == 1 and done:
                break
            self._iterate(root, observation, legal_moves, rng)
            done += 1
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                break
            if should_stop is not None and should_stop():
                stopped = True
                break
            if on_progress is not None and now >= next_report:
                next_report = now + PROGRESS_INTERVAL
                best = self._ranked(root, observation, legal_moves)[0]
                on_progress(
                    Progress(
                        iterations=done,
                        best=best.move,
                        win_chance=best.win_chance,
                        seconds=now - start,
                    )
                )
        ranked = self._ranked(root, observation, legal_moves)
        self._last = (observation, ranked[0].move, root)
        seconds = time.perf_counter() - start
        if seconds > 0 and done >= 20:
            self._rate = done / seconds
        if planned:  # a decision played while following the turn, its planning counted too
            thought = time.perf_counter() - self._asked
            self._spent = (self._spent[0] + done, self._spent[1] + thought)
        return SearchResult(
            move=ranked[0].move, ranked=ranked, iterations=done, seconds=seconds, stopped=stopped
        )

    def _root(self, observation: Observation) -> Node:
        """The tree to search from: what :meth:`budget_for` planned for this observation, the
        exactly reusable part of the last tree, or a new node."""
        plan, self._plan = self._plan, None
        if plan is not None and plan[0] is observation:
            node, exact = plan[1], plan[2]
        else:
            node, exact, _ = self._reusable(observation)
        if node is None:
            return Node(observation.seat)
        if not exact:
            forget(node)  # kept moves followed from what was seen before the reveal
        node.order = None  # the root's moves are the caller's
        return node

    def _ranked(
        self, root: Node, observation: Observation, legal_moves: Sequence[Move]
    ) -> tuple[MoveStat, ...]:
        """The legal moves by visits, then mean reward (untried ones last, in legal order)."""
        to_chance = self.knowledge.win_chance
        stats = []
        for m in legal_moves:
            n = root.children.get(m)
            visits, value = (0, 0.0) if n is None else (n.visits, n.mean())
            chance = to_chance(value, observation) if visits else 0.0
            stats.append(MoveStat(move=m, visits=visits, value=value, win_chance=chance))
        return ranked_moves(stats)

    # --- one iteration -----------------------------------------------------------------------

    def _iterate(
        self, root: Node, observation: Observation, root_moves: Sequence[Move], rng: Rng
    ) -> None:
        state = self.game.determinize(observation, rng)
        k = self.knowledge
        me = observation.seat
        reveals = state.reveals
        node = root
        path: list[Node] = []
        legal: Sequence[Move] = root_moves
        rewards: tuple[float, ...] | None = None
        crossed = 0
        # While only the observer has moved and nothing was revealed, the state's visible part
        # is the same in every sample, and so are the observer's legal moves: a node keeps them.
        known = True
        step = 0  # forced moves applied since arriving at node
        while True:
            seat = state.current_seat()
            if node is not root:
                if state.is_over():
                    rewards = k.final_rewards(state)
                    break
                if k.evaluator is not None and k.boundary is not None and k.boundary(state):
                    # Every evaluation happens at the same point of play (the end of the turn
                    # in progress): evaluations at different depths are not comparable.
                    crossed += 1
                    if crossed >= k.boundaries:
                        if not self.replies:
                            rewards = k.evaluator(state)
                        break
                known = known and seat == me and state.reveals == reveals
                legal = self._legal_at(node, step, state) if known else state.legal_moves()
                if len(legal) == 1:
                    state.apply_unchecked(legal[0])
                    step += 1
                    continue
            assert seat is not None
            if self.own and seat != me:  # never at the root: ``known`` is already False
                state.apply_unchecked(k.policy(state, legal, rng))
                continue
            allowed = self._widen(node, state, legal, known)
            children = node.children
            move = None
            for m in allowed:
                if m not in children:
                    move = m
                    break
            if move is not None:
                children[move] = Node(seat)
                for m in allowed:
                    if m in children:
                        children[m].avail += 1
                state.apply_unchecked(move)
                path.append(children[move])
                break
            move = self._select(node, allowed)
            node = node.children[move]
            step = 0
            state.apply_unchecked(move)
            path.append(node)
        if rewards is None:
            rewards = self._simulate(state, rng, crossed, counted=crossed >= k.boundaries)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.total += rewards[n.seat]

    def _legal_at(self, node: Node, step: int, state: State) -> tuple[Move, ...]:
        """The legal moves ``step`` forced moves after arriving at ``node``, kept in the node.

        Only called while the observer alone has moved since the root and nothing was revealed:
        then the path from the root fixes everything the observer sees, and its legal moves
        depend on nothing else (tests/ai/test_search_cache.py checks both).
        """
        kept = node.legal
        if step < len(kept):
            return kept[step]
        legal = state.legal_moves()
        kept.append(legal)
        return legal

    def _widen(
        self, node: Node, state: State, legal: Sequence[Move], known: bool
    ) -> Sequence[Move]:
        """The moves considered at ``node``: all, or the best few by the prior.

        A move's prior score is computed in the first sample where it is legal and kept in the
        node, so the ordering costs little after the first visits. With ``known`` the legal
        moves are the node's kept ones, so their order is kept too.
        """
        prior = self.knowledge.prior
        if prior is None:
            return legal
        k = math.ceil(self.pw_c * (node.visits + 1) ** self.pw_alpha)
        if known and node.order is not None:
            return node.order[:k]
        scores = node.prior
        missing = [m for m in legal if m not in scores]
        if missing:
            scores.update(zip(missing, prior(state, missing), strict=True))
        if len(legal) == 1:
            return legal
        order = sorted(legal, key=lambda m: -scores[m])
        if known:
            node.order = tuple(order)
        return order[:k]

    def _select(self, node: Node, allowed: Sequence[Move]) -> Move:
        """UCB1 with availability counts; every allowed child has been visited."""
        best_move = allowed[0]
        best = -math.inf
        c = self.uct_c
        children = node.children
        log, sqrt = math.log, math.sqrt
        for m in allowed:
            child = children[m]
            avail = child.avail = child.avail + 1
            visits = child.visits
            score = child.total / visits + c * sqrt(log(avail) / visits)
            if score > best:
                best, best_move = score, m
        return best_move

    def _simulate(
        self, state: State, rng: Rng, crossed: int, *, counted: bool = False
    ) -> tuple[float, ...]:
        """Play the fast policy to a boundary or the end and return the seats' rewards.

        ``crossed`` counts the boundaries the tree walk already passed, ``counted`` says that
        ``state`` itself is the last of them. The evaluation waits for the knowledge's
        ``boundaries`` plus :attr:`replies` boundaries.
        """
        k = self.knowledge
        limit = k.boundaries + self.replies
        steps = 0
        while True:
            if state.is_over():
                return k.final_rewards(state)
            if k.evaluator is not None:
                if k.boundary is not None and not counted and k.boundary(state):
                    crossed += 1
                    if crossed >= limit:
                        return k.evaluator(state)
                counted = False
                if steps >= k.max_steps:
                    return k.evaluator(state)
            elif steps >= k.max_steps:
                share = 1.0 / self.game.num_seats
                return tuple(share for _ in range(self.game.num_seats))
            state.apply_unchecked(k.policy(state, state.legal_moves(), rng))
            steps += 1
