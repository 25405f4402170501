"""Self-play records for the learned evaluation: positions as features, with how games ended.

:func:`record_games` plays seeded games between seat specs exactly as the arena does (the same
seating, deals and generators, :mod:`ai.arena`) through any executor (this process, local
processes or a Dask cluster, :mod:`ai.executors`), and at every turn's start records each
seat's feature vector (:class:`ai.learn.model.FeatureSet`: from that seat's observation only),
the rounds to come and the hand-tuned evaluation's rewards. When the game ends each seat gets
its final margin (its score minus the best other score) and its win share.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import msgspec

from ai.agents import make_agent
from ai.arena import ArenaConfig, seated_game, seating
from ai.executors import Executor, make_executor
from ai.knowledge import knowledge_for
from ai.learn.model import FeatureSet, features_of
from core.engine import Game, final_outcome
from core.rng import Rng


class Position(msgspec.Struct, frozen=True, array_like=True):
    """One turn's start, every seat's view of it."""

    features: list[list[float]]
    """Per seat, its feature vector."""
    stage: float
    """Rounds still to come."""
    to_move: int
    """The seat about to begin its turn."""
    mover: int
    """The seat whose turn just ended (-1 at the first turn)."""
    hand: float
    """The hand-tuned evaluation's reward for ``mover`` (0.5 + margin / (2 * spread)) in a
    state sampled from the mover's observation, as its search would see it (0.5 at the first
    turn)."""


class RecordedGame(msgspec.Struct, frozen=True, kw_only=True):
    """One recorded game."""

    index: int
    seed: int
    agents: tuple[int, ...]
    scores: tuple[int, ...]
    rewards: tuple[float, ...]
    """Win shares: 1 for a sole winner, 1/k for k shared winners, 0 otherwise."""
    positions: list[Position]

    def margins(self) -> list[float]:
        """Each seat's final score minus the best other seat's."""
        s = self.scores
        return [float(x - max(y for j, y in enumerate(s) if j != i)) for i, x in enumerate(s)]


def game_features(game: Game) -> FeatureSet:
    """Return the game's features for learning.

    Raises:
        ValueError: if the game has none.
    """
    features = features_of(game)
    if features is None:
        raise ValueError(f"the game {game.game_id!r} has no features to learn from")
    return features


def record_game(config: ArenaConfig, index: int) -> RecordedGame:
    """Play game ``index`` of ``config`` as the arena would, recording every turn's start."""
    n = len(config.seats)
    seed, agents = seating(config, index)
    game = seated_game(config, tuple(config.seats[a] for a in agents))
    features = game_features(game)
    knowledge = knowledge_for(game)
    boundary, evaluator = knowledge.boundary, knowledge.evaluator
    players = [make_agent(config.seats[a], game) for a in agents]
    rngs = [Rng.from_seed(seed ^ (0x9E37 * (seat + 1))) for seat in range(n)]
    state = game.new_state(seed)
    sampler = Rng.from_seed(seed ^ 0x5A17)  # apart from the seats' own generators
    positions: list[Position] = []
    mover = -1
    last = -1
    while not state.is_over():
        seat = state.current_seat()
        assert seat is not None
        start = boundary(state) if boundary is not None else seat != last
        if start:
            hand = 0.5
            if evaluator is not None and mover >= 0:
                sample = game.determinize(state.observation(mover), sampler)
                hand = evaluator(sample)[mover]
            positions.append(
                Position(
                    features=features.state_features(state),
                    stage=features.state_stage(state),
                    to_move=seat,
                    mover=mover,
                    hand=hand,
                )
            )
            mover = seat
        last = seat
        legal = state.legal_moves()
        player = players[seat]
        move = player.agent.choose(state.observation(seat), legal, player.budget, rngs[seat])
        state.apply(move, seat=seat)
    outcome = final_outcome(state)
    return RecordedGame(
        index=index,
        seed=seed,
        agents=agents,
        scores=outcome.scores,
        rewards=outcome.rewards(),
        positions=positions,
    )


def record_games(
    config: ArenaConfig,
    executor: Executor | None = None,
    on_game: Callable[[RecordedGame, int], None] | None = None,
) -> list[RecordedGame]:
    """Record every game of ``config`` (in index order, wherever they ran).

    Raises:
        ValueError: if a seat spec is not an AI player or the game has no features.
        ai.executors.ExecutorError: if the executor gives a game up.
    """
    probe = seated_game(config, config.seats)
    game_features(probe)
    for spec in config.seats:
        make_agent(spec, probe)
    runner = make_executor(1) if executor is None else executor
    games: list[RecordedGame] = []
    try:
        for _, recorded in runner.run(partial(record_game, config), range(config.games)):
            games.append(recorded)
            if on_game is not None:
                on_game(recorded, len(games))
    finally:
        if executor is None:
            runner.close()
    games.sort(key=lambda g: g.index)
    return games
