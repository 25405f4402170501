"""A peer check against OpenSpiel: our games as an OpenSpiel Python game, and seats for its bots.

This module needs the optional extra (``pip install 'tea-tui[openspiel]'``); nothing else in the
project imports it except :func:`ai.agents.make_agent`, and only when an ``openspiel-ismcts`` or
``openspiel-mcts`` seat is asked for.

**The game.** :class:`SpielGame` wraps any engine :class:`~core.engine.Game` and is registered
with OpenSpiel as ``python_tea_garden`` (parameters ``players``, 2 to 4, and ``rng_seed``, the
seed of the deal), so ``pyspiel.load_game("python_tea_garden")`` gives the 2-player base game.

- *Actions* are indices into ``state.legal_moves()``, whose order the engine fixes. Index 3 in
  one state and index 3 in another are unrelated moves; OpenSpiel's bots only compare actions
  at the same information state, where the list is the same. ``num_distinct_actions`` is a
  generous bound (:data:`MAX_ACTIONS`); the widest Tea Garden decision we have met has 85 moves.
- *Chance.* The engine keeps its random generator inside the state, and cards are drawn and
  decks shuffled while a player's move is applied; there is never a separate chance decision.
  OpenSpiel calls this ``SAMPLED_STOCHASTIC``: the game is stochastic, but the game samples the
  outcomes itself and lists no chance nodes (``DETERMINISTIC`` would claim there is no chance
  at all, ``EXPLICIT_STOCHASTIC`` would require chance nodes with their outcome lists). A clone
  copies the generator, so a clone replays the same draws; only
  :meth:`SpielState.resample_from_infostate` gives a state a new generator.
- *Information.* The information state string and the observation string are both the
  engine's observation of that seat, ``state.observation(seat)``, as JSON with sorted keys.
  The observation is what the engine says a seat knows; it is not a record of the whole history,
  so two histories that leave a seat knowing the same things share one information state.
  OpenSpiel's ISMCTS keys its tree by this string.
- *Returns* are the win shares of :meth:`~core.engine.Outcome.rewards` made zero-sum: ``1`` for
  a sole winner and ``-1`` for the loser in a 2-seat game (``0`` each for a shared win), and in
  general ``(n * share - 1) / (n - 1)``. Win or loss is what OpenSpiel's bots are built for: its
  MCTS and ISMCTS examples use ``uct_c = 2`` with returns in [-1, 1], and its MCTS solver treats
  ``max_utility`` as a proven win. A score margin would be a hint of our own that the peer does
  not get in its other games.
- *Resampling* (:meth:`SpielState.resample_from_infostate`) is ``game.determinize`` of the
  seat's observation, seeded from OpenSpiel's probability sampler.

**The seats.** :class:`OpenSpielAgent` implements our agent protocol with OpenSpiel's own
``ISMCTSBot`` or ``MCTSBot`` and its ``RandomRolloutEvaluator`` (one random playout to the end
per simulation), ``uct_c = 2``, the most visited move. ISMCTS resamples every simulation from
the observation with our generator. MCTS is a perfect-information search, so it searches one
world: a single determinization per decision (it cannot peek, but it treats that sample's hidden
cards and future draws as known). A budget of ``iters=N`` is N simulations. A budget of
``time=S`` lets the bot run until S seconds have passed: the bot is started with no limit on
simulations, and at the start of each simulation after the deadline it is stopped and its
answer is read from the tree built so far. Like our MCTS player, a Tea Garden sub-decision
(paying a leaf, a bonus choice) gets 30% of the budget, so both get equal time per decision.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import msgspec
import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ai.base import Budget
from ai.knowledge import knowledge_for
from core.engine import Game, Observation, State, final_outcome
from core.moves import Move
from core.rng import Rng
from core.tea_garden.game import TeaGardenGame

GAME_NAME = "python_tea_garden"
"""The short name the game is registered under in OpenSpiel."""
MAX_ACTIONS = 1024
"""The declared number of distinct actions: an upper bound on the legal moves of a decision."""
MAX_GAME_LENGTH = 5000
"""The declared bound on moves per game (a 2-player game between search players has ~250)."""
UCT_C = 2.0
"""The exploration constant of OpenSpiel's examples for returns in [-1, 1]."""
DEFAULT_BUDGET = Budget(iterations=200)
"""Used when a call's budget sets no limit."""
BOTS = ("ismcts", "mcts")
"""The OpenSpiel bots a seat can run."""

_ENCODER = msgspec.json.Encoder(order="sorted")

GAME_TYPE: Any = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Tea Garden (tea-tui engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"players": 2, "rng_seed": 0},
)


def zero_sum_returns(shares: Sequence[float]) -> list[float]:
    """Turn win shares (summing to 1) into zero-sum returns with 1 for a sole winner."""
    n = len(shares)
    return [(n * share - 1.0) / (n - 1) for share in shares]


class _Held:
    """The engine state inside a :class:`SpielState`, with caches.

    OpenSpiel clones a Python state by deep-copying its attributes; this holder makes that copy
    the engine's own fast clone and keeps the caches, which stay valid for an equal state.
    """

    __slots__ = ("legal", "state", "texts")

    def __init__(
        self,
        state: State,
        legal: tuple[Move, ...] | None = None,
        texts: dict[int, str] | None = None,
    ) -> None:
        self.state = state
        self.legal = legal
        self.texts: dict[int, str] = texts if texts is not None else {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        del memo
        return _Held(self.state.clone(), self.legal, dict(self.texts))

    def legal_moves(self) -> tuple[Move, ...]:
        if self.legal is None:
            self.legal = self.state.legal_moves()
        return self.legal

    def text(self, seat: int) -> str:
        text = self.texts.get(seat)
        if text is None:
            text = self.texts[seat] = _ENCODER.encode(self.state.observation(seat)).decode()
        return text


class SpielGame(pyspiel.Game):
    """An engine game as an OpenSpiel Python game (see the module's docstring).

    Args:
        params: OpenSpiel's game parameters: ``players`` (2 to 4) and ``rng_seed`` (the seed
            of the deal ``new_initial_state`` makes).
        engine: the engine game to wrap; by default the Tea Garden base game for ``players``.
    """

    def __init__(self, params: dict[str, Any] | None = None, *, engine: Game | None = None):
        given = dict(params or {})
        seed = int(given.get("rng_seed", 0))
        if engine is None:
            engine = TeaGardenGame(num_seats=int(given.get("players", 2)))
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=0,
            num_players=engine.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, {"players": engine.num_seats, "rng_seed": seed})
        self.engine = engine
        self.seed = seed
        self._initial: State | None = None

    def new_initial_state(self) -> SpielState:
        """Return the deal of ``rng_seed`` (OpenSpiel also calls this for every clone)."""
        if self._initial is None:
            self._initial = self.engine.new_state(self.seed)
        return SpielState(self, self._initial.clone())

    def wrap(self, state: State) -> SpielState:
        """Return an OpenSpiel state holding ``state`` (not a copy)."""
        return SpielState(self, state)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """Return the observer OpenSpiel uses for both kinds of string (no tensors)."""
        del iig_obs_type
        if params:
            raise ValueError(f"{GAME_NAME} takes no observation parameters, not {params}")
        return _Observer()


class SpielState(pyspiel.State):
    """An engine state as an OpenSpiel state; ``engine_state`` is the state itself."""

    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(state)

    @property
    def engine_state(self) -> State:
        """The engine state this OpenSpiel state holds."""
        return self._held.state

    def legal_moves(self) -> tuple[Move, ...]:
        """The engine's legal moves; action ``i`` is ``legal_moves()[i]``."""
        return self._held.legal_moves()

    def current_player(self) -> int:
        """Return the seat to decide, or OpenSpiel's terminal marker."""
        seat = self._held.state.current_seat()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        del player
        count = len(self._held.legal_moves())
        if count > MAX_ACTIONS:
            raise pyspiel.SpielError(f"{count} legal moves, more than the {MAX_ACTIONS} declared")
        return list(range(count))

    def _apply_action(self, action: int) -> None:
        held = self._held
        move = held.legal_moves()[action]
        held.state.apply_unchecked(move)
        held.legal = None
        held.texts = {}

    def _action_to_string(self, player: int, action: int) -> str:
        del player
        legal = self._held.legal_moves()
        return str(legal[action]) if 0 <= action < len(legal) else f"action {action}"

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._held.state.is_over()

    def returns(self) -> list[float]:
        """Zero-sum win/loss returns at the end (see :func:`zero_sum_returns`), 0 before."""
        state = self._held.state
        if not state.is_over():
            return [0.0] * self.num_players()
        return zero_sum_returns(final_outcome(state).rewards())

    def observation_text(self, seat: int) -> str:
        """The information state (and observation) string of ``seat``."""
        return self._held.text(seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """Return a state that ``player_id`` cannot tell from this one, hidden items re-dealt.

        The seed of the deal comes from ``probability_sampler`` (a callable giving numbers in
        [0, 1)), as OpenSpiel passes it.
        """
        seed = int(probability_sampler() * 2.0**53)
        return self.resample(player_id, Rng.from_seed(seed))

    def resample(self, seat: int, rng: Rng) -> SpielState:
        """Return a state that ``seat`` cannot tell from this one, hidden items dealt by ``rng``."""
        game = self.get_game()
        view = self._held.state.observation(seat)
        return SpielState(game, game.engine.determinize(view, rng))

    def __str__(self) -> str:
        return _ENCODER.encode(self._held.state).decode()


class _Observer:
    """OpenSpiel's observer interface: strings only, from the engine's observation."""

    tensor = None
    dict: dict[str, Any] = {}  # noqa: RUF012 - OpenSpiel reads this attribute; it stays empty

    def set_from(self, state: SpielState, player: int) -> None:
        del state, player

    def string_from(self, state: SpielState, player: int) -> str:
        return state.observation_text(player)


class _OutOfTime(Exception):
    """Raised inside an OpenSpiel bot at the start of a simulation after the deadline."""


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


class _TimedIsmcts(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS with a deadline checked before each simulation."""

    deadline: float | None = None

    def sample_root_state(self, state: Any) -> Any:
        if self._root_node.total_visits >= 1 and _past(self.deadline):
            raise _OutOfTime
        return super().sample_root_state(state)


class _TimedMcts(mcts.MCTSBot):
    """OpenSpiel's MCTS with a deadline checked before each simulation."""

    deadline: float | None = None
    root: Any = None

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        self.root = root
        if root.children and root.explore_count >= 2 and _past(self.deadline):
            raise _OutOfTime
        return super()._apply_tree_policy(root, state)


class OpenSpielAgent:
    """A seat played by OpenSpiel's ``ISMCTSBot`` or ``MCTSBot`` (see the module's docstring).

    Args:
        game: the engine game played.
        bot: ``"ismcts"`` or ``"mcts"``.
        name: how the agent is shown.

    Raises:
        ValueError: for an unknown bot.
    """

    def __init__(self, game: Game, bot: str = "ismcts", *, name: str = "") -> None:
        if bot not in BOTS:
            raise ValueError(f"unknown OpenSpiel bot {bot!r} (known: {', '.join(BOTS)})")
        self.game = game
        self.bot = bot
        self.name = name or f"openspiel-{bot}"
        self.spiel_game = SpielGame(engine=game)
        self.weight = knowledge_for(game).decision_weight
        self.simulations = 0
        """Simulations run by the last :meth:`choose`."""

    def budget_for(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget
    ) -> Budget:
        """Return the share of ``budget`` this decision gets, as for our MCTS player."""
        if budget.iterations is None and budget.seconds is None:
            budget = DEFAULT_BUDGET
        return budget.scaled(self.weight(observation, legal_moves))

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Return the move OpenSpiel's bot picks from a determinization of ``observation``."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        share = self.budget_for(observation, legal_moves, budget)
        deadline = None if share.seconds is None else time.perf_counter() + share.seconds
        limit = share.iterations if share.iterations is not None else 2**62
        random_state = np.random.RandomState(rng.below(2**32))
        root = self.spiel_game.wrap(self.game.determinize(observation, rng))
        if root.legal_moves() != tuple(legal_moves):
            raise ValueError("a determinization has other legal moves than the observation's")
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        if self.bot == "ismcts":
            action = self._ismcts(root, observation, evaluator, random_state, limit, deadline, rng)
        else:
            action = self._mcts(root, evaluator, random_state, limit, deadline)
        return legal_moves[action]

    def _ismcts(
        self,
        root: SpielState,
        observation: Observation,
        evaluator: Any,
        random_state: Any,
        limit: int,
        deadline: float | None,
        rng: Rng,
    ) -> int:
        bot = _TimedIsmcts(
            self.spiel_game,
            evaluator,
            UCT_C,
            limit,
            random_state=random_state,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        bot.deadline = deadline
        seat = observation.seat

        def resample(state: Any, player: int) -> SpielState:
            del state
            assert player == seat, "ISMCTS resamples for the seat to move at the root"
            return self.spiel_game.wrap(self.game.determinize(observation, rng))

        bot.set_resampler(resample)
        try:
            policy = bot.run_search(root)
        except _OutOfTime:
            policy = bot.get_final_policy(root, bot._root_node)
        self.simulations = max(0, bot._root_node.total_visits) + 1
        best = max(p for _, p in policy)
        return rng.choice(sorted(int(a) for a, p in policy if p == best))

    def _mcts(
        self,
        root: SpielState,
        evaluator: Any,
        random_state: Any,
        limit: int,
        deadline: float | None,
    ) -> int:
        bot = _TimedMcts(self.spiel_game, UCT_C, limit, evaluator, random_state=random_state)
        bot.deadline = deadline
        try:
            tree = bot.mcts_search(root)
        except _OutOfTime:
            tree = bot.root
        self.simulations = int(tree.explore_count)
        return int(tree.best_child().action)


def _register() -> None:
    if GAME_NAME not in {t.short_name for t in pyspiel.registered_games()}:
        pyspiel.register_game(GAME_TYPE, SpielGame)


_register()
