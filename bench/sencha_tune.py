"""Tune the weights of Sencha's evaluation (ai/sencha/evaluation.py) by self-play of the
heuristic player: each weight in turn is scaled down and up, and a change is kept when the
changed player beats the current one clearly over a match.

    python -m bench.sencha_tune --games 80 --passes 1 [--players 2] [--jobs 2]

Prints each trial and the weights found; copy them into :class:`Weights` by hand.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import msgspec

from ai.base import Budget
from ai.heuristic import HeuristicAgent
from ai.sencha.evaluation import WEIGHTS, Weights
from ai.sencha.knowledge import knowledge
from ai.stats import wilson_interval
from core.rng import Rng
from core.sencha.game import SenchaGame

SCALES = (0.6, 1.5)
KEEP = 0.56
"""A candidate's win share needed to replace the current weights."""


def match_game(args: tuple[Weights, Weights, int, int]) -> float:
    """One game of weights ``a`` against ``b``; returns ``a``'s win share."""
    a, b, players, index = args
    game = SenchaGame(num_seats=players)
    agents = []
    for seat in range(players):
        agent = HeuristicAgent(game)
        agent.knowledge = knowledge(game, a if (seat + index) % players == 0 else b)
        agents.append(agent)
    seed = Rng.from_seed(77_000 + index).next_u64() >> 1
    state = game.new_state(seed)
    rng = Rng.from_seed(seed)
    while not state.is_over():
        seat = state.current_seat()
        assert seat is not None
        move = agents[seat].choose(state.observation(seat), state.legal_moves(), Budget(), rng)
        state.apply(move)
    outcome = state.outcome()
    assert outcome is not None
    return outcome.rewards()[(players - index % players) % players]


def match(
    a: Weights, b: Weights, games: int, players: int, pool: ProcessPoolExecutor | None
) -> float:
    """``a``'s mean win share against ``b`` over ``games`` games."""
    jobs = [(a, b, players, i) for i in range(games)]
    shares = list(pool.map(match_game, jobs)) if pool else [match_game(j) for j in jobs]
    return sum(shares) / games


def main(argv: list[str] | None = None) -> int:
    """Run the coordinate search the arguments ask for."""
    parser = argparse.ArgumentParser(prog="python -m bench.sencha_tune")
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--passes", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated weights to try")
    args = parser.parse_args(argv)
    current = WEIGHTS
    names = [
        f for f in msgspec.structs.asdict(current) if not args.only or f in args.only.split(",")
    ]
    pool = (
        ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn")) if args.jobs > 1 else None
    )
    for _ in range(args.passes):
        for name in names:
            for scale in SCALES:
                value = getattr(current, name) * scale
                trial = msgspec.structs.replace(current, **{name: round(value, 3)})
                share = match(trial, current, args.games, args.players, pool)
                low, high = wilson_interval(share * args.games, args.games)
                kept = share >= KEEP
                print(
                    f"{name} x{scale}: {share:.2f} [{low:.2f}-{high:.2f}]{' kept' if kept else ''}"
                )
                sys.stdout.flush()
                if kept:
                    current = trial
                    break
    print(current)
    return 0


if __name__ == "__main__":
    sys.exit(main())
