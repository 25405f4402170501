"""Tuning the learned margin model by self-play: SPSA on what the weights win.

A regression of recorded outcomes (:mod:`.fit`) predicts how games end, which is not the same
as what a move is worth to the seat that makes it (docs/ai.md, "The learned evaluation"). This
module learns the margin weights from the games they play instead, by simultaneous
perturbation stochastic approximation (Spall 1992), the way engines tune their evaluations on
self-play:

1. At step ``k`` every tuned weight is pushed up or down at random by ``c_k`` times its scale,
   giving two neighbours ``theta + d`` and ``theta - d`` of the weights so far.
2. The two play a pair of games on one deal, each in every seat in turn, both searching with the
   same seat spec (an iteration budget, so the machine's load changes nothing), each with its
   own weights as its evaluation.
3. What the first won over the second (the game's final rewards: the margin and the win bonus
   the search itself is scored by) estimates the slope along ``d``; the weights move ``a_k``
   times it. ``batch`` pairs with different pushes share a step and are averaged.

Everything is a pure function of the configuration: each game's deal, each step's pushes and
every seat's generator come from the seed and the game's index, so a run gives the same weights
on any executor (:mod:`ai.executors`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

import msgspec

from ai.agents import make_agent
from ai.arena import ArenaConfig, deal_seed, seated_game
from ai.base import Budget
from ai.executors import Executor, make_executor
from ai.learn.model import FeatureSet, LearnedEvaluator, Linear, Weights, features_of
from ai.mcts import MctsAgent
from core.engine import Game
from core.rng import Rng

ALPHA = 0.602
"""How fast the step size ``a_k`` shrinks (Spall's recommended exponent)."""
GAMMA = 0.101
"""How fast the push size ``c_k`` shrinks."""


class TuneConfig(msgspec.Struct, frozen=True, kw_only=True):
    """A tuning run."""

    arena: ArenaConfig
    """The game, its options and the seed of the deals; its seats are the tuned search spec,
    once per seat."""
    params: tuple[str, ...]
    """The features whose margin weights are tuned; the others keep their start value."""
    scales: tuple[float, ...]
    """Per tuned weight, the size of a push and of a step relative to the others."""
    start: tuple[float, ...]
    """Every margin weight to start from, in the features' order."""
    bias: float = 0.0
    steps: int = 40
    batch: int = 4
    """Pairs of games per step."""
    a: float = 3.0
    """The step size at the first step, in scales per unit of reward difference."""
    c: float = 0.5
    """The push at the first step, in scales."""
    stability: float = 4.0
    """Spall's ``A``: steps added before the step size starts to shrink."""

    def __post_init__(self) -> None:
        if len(self.params) != len(self.scales) or not self.params:
            raise ValueError("give one scale for each tuned feature, and at least one")
        if self.steps < 1 or self.batch < 1:
            raise ValueError("steps and batch must be at least 1")
        if len(set(self.arena.seats)) != 1:
            raise ValueError("every seat searches the same way while tuning")


class TuneStep(msgspec.Struct, frozen=True, kw_only=True):
    """What one step played and where it left the tuned weights."""

    step: int
    gain: float
    """The mean reward the pushed-up weights won over the pushed-down ones, per game."""
    tuned: tuple[float, ...]
    """The tuned weights after the step, in :attr:`TuneConfig.params` order."""


def step_sizes(config: TuneConfig, k: int) -> tuple[float, float]:
    """The step size ``a_k`` and the push ``c_k`` of step ``k`` (from 0)."""
    a = config.a / (k + 1 + config.stability) ** ALPHA
    c = config.c / (k + 1) ** GAMMA
    return a, c


def pushes(config: TuneConfig, k: int) -> list[tuple[int, ...]]:
    """Per pair of step ``k``, the sign (+1 or -1) each tuned weight is pushed by."""
    rng = Rng.from_seed(config.arena.seed * 7_919 + k)
    return [
        tuple(1 if rng.next_u64() & 1 else -1 for _ in config.params) for _ in range(config.batch)
    ]


def full_weights(
    config: TuneConfig, features: FeatureSet, tuned: Sequence[float]
) -> tuple[float, ...]:
    """Every margin weight: the start values with the tuned ones put in."""
    weights = list(config.start)
    for name, value in zip(config.params, tuned, strict=True):
        weights[features.names.index(name)] = value
    return tuple(weights)


def tuned_weights(features: FeatureSet, game: Game, margin: Linear) -> Weights:
    """A weights object whose margin model is ``margin`` (the other models are unused by the
    evaluation and left empty)."""
    size = len(features.names)
    return Weights(
        game=features.game,
        variant=features.variant(game) or "",
        players=game.num_seats,
        version=features.version,
        names=features.names,
        win=Linear(0.0, (0.0,) * size),
        margin=margin,
        chance={},
        recipe={},
    )


def pair_seed(config: TuneConfig, k: int, pair: int) -> int:
    """The deal of pair ``pair`` of step ``k``."""
    return deal_seed(config.arena.seed, k * config.batch + pair)


def play_tune_game(
    config: TuneConfig, k: int, sides: Sequence[tuple[float, ...]], index: int
) -> float:
    """Play game ``index`` of step ``k``: pair ``index // seats``, with the pushed-up weights in
    seat ``index % seats`` and the pushed-down ones in every other seat. ``sides`` holds each
    pair's two full weight vectors. Return the pushed-up seat's final reward minus the mean
    of the others'."""
    n = len(config.arena.seats)
    pair, plus_seat = divmod(index, n)
    seed = pair_seed(config, k, pair)
    game = seated_game(config.arena, config.arena.seats)
    features = features_of(game)
    assert features is not None
    up, down = sides[2 * pair], sides[2 * pair + 1]
    agents: list[tuple[MctsAgent, Budget]] = []
    for place in range(n):
        player = make_agent(config.arena.seats[place], game)
        agent = player.agent
        if not isinstance(agent, MctsAgent):
            raise ValueError(f"seat {player.spec!r}: tuning needs one MCTS tree a seat")
        margin = Linear(config.bias, up if place == plus_seat else down)
        evaluator = LearnedEvaluator(features, tuned_weights(features, game, margin))
        agent.knowledge = replace(agent.knowledge, evaluator=evaluator)
        agents.append((agent, player.budget))
    rngs = [Rng.from_seed(seed ^ (0x9E37 * (place + 1))) for place in range(n)]
    state = game.new_state(seed)
    while not state.is_over():
        seat = state.current_seat()
        assert seat is not None
        agent, budget = agents[seat]
        move = agent.choose(state.observation(seat), state.legal_moves(), budget, rngs[seat])
        state.apply(move, seat=seat)
    rewards = agents[0][0].knowledge.final_rewards(state)
    others = [r for s, r in enumerate(rewards) if s != plus_seat]
    return rewards[plus_seat] - sum(others) / len(others)


def tune(
    config: TuneConfig,
    executor: Executor | None = None,
    on_step: Callable[[TuneStep], None] | None = None,
    tuned: Sequence[float] | None = None,
    first: int = 0,
) -> list[TuneStep]:
    """Run the steps of ``config`` from step ``first`` (with ``tuned`` the weights reached so
    far; by default the start values) and return what each step did.

    Raises:
        ValueError: if the game has no features, a tuned name is not one of them, or a seat
            does not search with one MCTS tree.
        ai.executors.ExecutorError: if the executor gives a game up.
    """
    probe = seated_game(config.arena, config.arena.seats)
    features = features_of(probe)
    if features is None:
        raise ValueError(f"the game {probe.game_id!r} has no features to tune")
    unknown = [p for p in config.params if p not in features.names]
    if unknown:
        raise ValueError(
            f"no feature named {', '.join(unknown)} (features: {', '.join(features.names)})"
        )
    if len(config.start) != len(features.names):
        raise ValueError(f"give a start weight for each of the {len(features.names)} features")
    theta = list(
        tuned
        if tuned is not None
        else (config.start[features.names.index(p)] for p in config.params)
    )
    n = len(config.arena.seats)
    runner = make_executor(1) if executor is None else executor
    steps: list[TuneStep] = []
    try:
        for k in range(first, config.steps):
            a, c = step_sizes(config, k)
            signs = pushes(config, k)
            sides: list[tuple[float, ...]] = []
            for sign in signs:
                for direction in (1, -1):
                    moved = [
                        t + direction * c * s * d
                        for t, s, d in zip(theta, config.scales, sign, strict=True)
                    ]
                    sides.append(full_weights(config, features, moved))
            results = [0.0] * (config.batch * n)
            play = partial(play_tune_game, config, k, tuple(sides))
            for index, gain in runner.run(play, range(config.batch * n)):
                results[index] = gain
            # summed in index order, so where and in which order games finish changes no bit
            gains = [sum(results[p * n : (p + 1) * n]) / n for p in range(config.batch)]
            for sign, gain in zip(signs, gains, strict=True):
                for i, (s, d) in enumerate(zip(config.scales, sign, strict=True)):
                    # gain / (2 c) is the slope along the push, in reward per scale
                    theta[i] += a * s * gain / (2 * c) * d / config.batch
            step = TuneStep(step=k, gain=sum(gains) / config.batch, tuned=tuple(theta))
            steps.append(step)
            if on_step is not None:
                on_step(step)
    finally:
        if executor is None:
            runner.close()
    return steps


def encode_trace_head(config: TuneConfig) -> bytes:
    """The first line of a trace file: the run it belongs to."""
    return msgspec.json.encode(config) + b"\n"


def encode_step(step: TuneStep) -> bytes:
    """A trace file's line for one step."""
    return msgspec.json.encode(step) + b"\n"


def decode_trace(data: bytes, where: str = "the trace") -> tuple[TuneConfig, list[TuneStep]]:
    """The run and the steps a trace file holds; a last line cut short (a run killed while
    writing it) is dropped, and its step is played again.

    Raises:
        ValueError: for a file that is not a trace, or whose steps are out of order.
    """
    lines = data.split(b"\n")
    try:
        config = msgspec.json.decode(lines[0], type=TuneConfig)
    except (msgspec.DecodeError, ValueError) as exc:
        raise ValueError(f"{where} is not a tuning trace: {exc}") from None
    steps: list[TuneStep] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            step = msgspec.json.decode(line, type=TuneStep)
        except msgspec.DecodeError as exc:
            if number == len(lines) and not data.endswith(b"\n"):
                break
            raise ValueError(f"{where}, line {number}: {exc}") from None
        if step.step != len(steps) or len(step.tuned) != len(config.params):
            raise ValueError(f"{where}, line {number}: not the next step of this run")
        steps.append(step)
    return config, steps
