"""The long soak: thousands of random games with invariants checked after every move.

Skipped in the normal suite; `make soak` runs it with TEA_SOAK=<games per player count>.
"""

from __future__ import annotations

import os

import pytest

from tests.core.tea_garden.test_random_play import play_random_game

GAMES = int(os.environ.get("TEA_SOAK", "0"))


@pytest.mark.skipif(GAMES <= 0, reason="set TEA_SOAK=N (make soak) to run the soak")
@pytest.mark.parametrize("puerh", [False, True], ids=["base", "puerh"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak(players: int, puerh: bool) -> None:
    for seed in range(1000, 1000 + GAMES):
        play_random_game(players, seed, puerh=puerh)


@pytest.mark.skipif(GAMES <= 0, reason="set TEA_SOAK=N (make soak) to run the soak")
@pytest.mark.parametrize("puerh", [False, True], ids=["base", "puerh"])
@pytest.mark.parametrize("experts", [0, 1, 2, 3], ids=["easy", "medium", "hard", "expert"])
def test_soak_solo(experts: int, puerh: bool) -> None:
    """Solo games against Lu Yu at each difficulty (SOLO-01, SOLO-11)."""
    for seed in range(1000, 1000 + GAMES):
        play_random_game(2, seed, puerh=puerh, experts=experts)
