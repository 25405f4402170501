"""Self-play figures for balancing Sencha's authored Tea Market (docs/components/sencha.md).

    python -m bench.sencha_balance --seats heuristic,heuristic --games 40 [--players 2] [--jobs 2]

Plays AI seats against each other (as the arena does: seeded deals, every seat spec rotated) and
reports how games end (by the last card's demand, by 7 VP, both, or stuck), Tea Market cards
turned, Sell actions per game, the first seat's win rate with its 95% interval, and which
scoring categories carried the winners: the category in which the winner's lead over the best
other seat was largest ("lead"), and the categories that gave the winner 2 points or more
besides the track ("also").
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import msgspec

from ai.agents import make_agent
from ai.stats import wilson_interval
from core.rng import Rng
from core.sencha.game import SenchaState
from core.setup import make_game, new_setup

CATEGORIES = ("track", "workers", "money", "field", "temple")


class GameStats(msgspec.Struct, frozen=True):
    """The figures of one finished game."""

    end: str
    cards: int
    deck: int
    sells: int
    turns: int
    first_won: float
    lead: str
    also: tuple[str, ...]
    scores: tuple[int, ...]
    parts: dict[str, int]
    """The winner's points by category."""
    specs: tuple[str, ...]
    winners: tuple[int, ...]


def play(specs: tuple[str, ...], seed: int) -> GameStats:
    """Play one game between ``specs`` (seat order) from deal ``seed``."""
    game = make_game(new_setup(list(specs), game="sencha"))
    players = [make_agent(spec, game) for spec in specs]
    rngs = [Rng.from_seed(seed ^ (0x9E37 * (k + 1))) for k in range(len(specs))]
    state = game.new_state(seed)
    assert isinstance(state, SenchaState)
    sells = turns = 0
    while not state.is_over():
        seat = state.current_seat()
        assert seat is not None
        legal = state.legal_moves()
        p = players[seat]
        move = p.agent.choose(state.observation(seat), legal, p.budget, rngs[seat])
        if state.pub.turn.phase == "action":
            turns += 1
            sells += move.keyword() == "sell"
        state.apply(move)
    outcome = state.outcome()
    assert outcome is not None
    pub = state.pub
    winner = outcome.winners[0]
    parts = outcome.breakdown
    others = [i for i in range(len(specs)) if i != winner]

    def lead_in(cat: str) -> float:
        return parts[winner][cat] - max(parts[i][cat] for i in others)

    lead = max(CATEGORIES, key=lead_in)
    also = tuple(c for c in CATEGORIES[1:] if parts[winner][c] >= 2)
    end = "+".join(pub.triggers) or "none"
    share = 1.0 / len(outcome.winners) if pub.start_seat in outcome.winners else 0.0
    return GameStats(
        end=end,
        cards=pub.cards_turned - (0 if pub.met else 1),
        deck=pub.deck_size,
        sells=sells,
        turns=turns,
        first_won=share,
        lead=lead,
        also=also,
        scores=outcome.scores,
        parts=parts[winner],
        specs=specs,
        winners=outcome.winners,
    )


def _job(args: tuple[tuple[str, ...], int, int]) -> GameStats:
    specs, players, index = args
    n = len(specs) if players == 0 else players
    seats = tuple(specs[(k + index) % len(specs)] for k in range(n))
    seed = Rng.from_seed(1_000_003 + index).next_u64() >> 1
    return play(seats, seed)


def report(stats: list[GameStats]) -> str:
    """The figures of a set of games, as text."""
    n = len(stats)
    lines = [f"{n} games"]
    ends = Counter(s.end for s in stats)
    lines.append(
        "ends: " + ", ".join(f"{k} {v} ({100 * v / n:.0f}%)" for k, v in ends.most_common())
    )
    cards = [s.cards for s in stats]
    sells = [s.sells for s in stats]
    turns = [s.turns for s in stats]
    lines.append(
        f"cards whose demand was met: mean {statistics.mean(cards):.1f} "
        f"(min {min(cards)}, max {max(cards)}) of {stats[0].deck}"
    )
    lines.append(
        f"Sell actions per game: mean {statistics.mean(sells):.1f} "
        f"(min {min(sells)}, max {max(sells)}); turns per game: {statistics.mean(turns):.1f}"
    )
    wins = sum(s.first_won for s in stats)
    low, high = wilson_interval(wins, n)
    rate = f"{100 * wins / n:.0f}% [95% {100 * low:.0f}-{100 * high:.0f}%]"
    lines.append(f"first seat wins {wins:.1f}/{n} = {rate}")
    leads = Counter(s.lead for s in stats)
    lines.append("winner's largest lead: " + ", ".join(f"{k} {v}" for k, v in leads.most_common()))
    also = Counter(c for s in stats for c in s.also)
    lines.append(
        "winners with 2+ points from: " + ", ".join(f"{k} {v}" for k, v in also.most_common())
    )
    means = {c: statistics.mean(s.parts[c] for s in stats) for c in CATEGORIES}
    lines.append("winner's mean points: " + ", ".join(f"{c} {v:.1f}" for c, v in means.items()))
    scores = [x for s in stats for x in s.scores]
    lines.append(f"scores: mean {statistics.mean(scores):.1f}, max {max(scores)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the self-play the arguments ask for and print the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.sencha_balance")
    parser.add_argument("--seats", default="heuristic,heuristic")
    parser.add_argument("--players", type=int, default=0, help="seats (default: one per spec)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    specs = tuple(s.strip() for s in args.seats.split(","))
    jobs = [(specs, args.players, i) for i in range(args.games)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn")) as pool:
            stats = list(pool.map(_job, jobs))
    else:
        stats = [_job(j) for j in jobs]
    print(report(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
