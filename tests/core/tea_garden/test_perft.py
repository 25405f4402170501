"""Perft-style counts of move sequences from fixed positions, to catch changes in move
generation. A changed count is not automatically wrong: if a rules change explains it, update
the expected numbers in the same commit and say why in its message."""

from __future__ import annotations

import pytest

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.rules import TeaGardenState
from tests.core.tea_garden.scenario import new_game


def perft(s: TeaGardenState, depth: int) -> int:
    """Count the leaf positions of the move tree ``depth`` decisions deep."""
    if depth == 0 or s.is_over():
        return 1
    total = 0
    for move in s.legal_moves():
        child = s.clone()
        child.apply_unchecked(move)
        total += perft(child, depth - 1)
    return total


def position(players: int, seed: int, moves: int) -> TeaGardenState:
    """A position reached by ``moves`` seeded random decisions that prefer acting."""
    _, s = new_game(players, seed)
    rng = Rng.from_seed(seed)
    for _ in range(moves):
        legal = s.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        s.apply(rng.choice(active or legal))
    return s


EXPECTED = {
    (2, 1, 0): (5, 19, 78),
    (3, 2, 40): (5, 18, 71),
    (4, 3, 150): (3, 13, 112),
}


@pytest.mark.parametrize(("key", "counts"), sorted(EXPECTED.items()))
def test_perft(key: tuple[int, int, int], counts: tuple[int, int, int]) -> None:
    s = position(*key)
    assert tuple(perft(s, d) for d in (1, 2, 3)) == counts
