"""Helpers of the saves tests: seeded games (random moves that prefer acting over passing),
a steady clock, and a snapshot of a folder's files."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from pathlib import Path

from core.engine import State
from core.rng import Rng
from core.setup import GameSetup, make_game, new_setup
from core.tea_garden import moves as mv

T0 = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)


class Clock:
    """A clock that moves one second forward each time it is read."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def play(setup: GameSetup, seed: int, limit: int | None = None) -> tuple[State, list[str]]:
    """Play seeded random moves (to the end, or ``limit`` moves); return state and move texts."""
    state = make_game(setup).new_state(seed)
    rng = Rng.from_seed(seed * 31 + 7)
    texts: list[str] = []
    while not state.is_over() and (limit is None or len(texts) < limit):
        legal = state.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        move = rng.choice(active if active and rng.random() < 0.9 else legal)
        state.apply_unchecked(move)
        texts.append(str(move))
    return state, texts


def tasting_setup() -> GameSetup:
    """A Tasting Duel between a person and the random player."""
    return new_setup(["human", "random"], game="tasting")


def tea_garden_setup(seats: Sequence[str] = ("human", "mcts:normal")) -> GameSetup:
    """A Tea Garden setup with the built-in components."""
    return new_setup(list(seats))


@lru_cache(maxsize=8)
def tea_garden_game(
    players: int, seed: int, limit: int | None
) -> tuple[GameSetup, State, tuple[str, ...]]:
    """A cached Tea Garden game: setup, state and moves (clone the state before changing it)."""
    setup = tea_garden_setup(("human", "mcts:normal", "random", "heuristic")[:players])
    state, texts = play(setup, seed, limit)
    return setup, state, tuple(texts)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Return every file under ``folder`` with its bytes (to prove nothing changed)."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }
