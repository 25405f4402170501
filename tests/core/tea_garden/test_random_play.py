"""Seeded random play through whole games for 2, 3 and 4 players, checking invariants after
every move (SETUP, TURN-01, END-01). `make soak` runs many more games (see bench/soak.py)."""

from __future__ import annotations

import pytest

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from tests.core.tea_garden.invariants import check_invariants, setup_totals
from tests.core.tea_garden.scenario import new_game


def play_random_game(
    players: int, seed: int, check: bool = True, puerh: bool = False, experts: int | None = None
) -> int:
    """Play one random game to the end; return the number of decisions. With ``experts``, seat
    2 is Lu Yu with that many Expert cards (a solo game)."""
    solo = {} if experts is None else {"luyu_seat": 1, "luyu_experts": experts}
    game = TeaGardenGame(num_seats=players, options=Options(puerh=puerh), **solo)
    s = game.new_state(seed)  # random start player (SETUP-17)
    totals = setup_totals(s)
    rng = Rng.from_seed(seed * 7919 + players)
    decisions = 0
    while not s.is_over():
        legal = s.legal_moves()
        assert legal, f"no legal move: {s.pending!r} {s.turn!r}"
        # Prefer doing something over passing, so games reach every part of the rules.
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        move = rng.choice(active if active and rng.random() < 0.9 else legal)
        s.apply(move)
        decisions += 1
        if check:
            check_invariants(s, totals)
    assert s.round == 5  # TURN-01, END-01: the game ends after the fifth round
    assert s.current_seat() is None and s.legal_moves() == ()
    outcome = s.outcome()
    assert len(outcome.scores) == players
    for score, parts in zip(outcome.scores, outcome.breakdown, strict=True):
        assert sum(parts.values()) == score
    return decisions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_invariants(players: int, seed: int) -> None:
    assert play_random_game(players, seed) > 50


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(2))
def test_random_expansion_games_keep_invariants(players: int, seed: int) -> None:
    """The same with the Puerh expansion on (EXP-01 … DECREE-08)."""
    assert play_random_game(players, seed, puerh=True) > 50


@pytest.mark.parametrize("experts", [0, 1, 2, 3])
@pytest.mark.parametrize("puerh", [False, True])
def test_random_solo_games_keep_invariants(experts: int, puerh: bool) -> None:
    """SOLO-01, SOLO-11: solo games against Lu Yu at every difficulty, with and without the
    expansion, keep every invariant after every move, his cards included."""
    assert play_random_game(2, experts + 10, puerh=puerh, experts=experts) > 30


def test_same_seed_same_game() -> None:
    """Determinism: a game is a pure function of setup, seed and moves."""
    _, a = new_game(3, 42)
    _, b = new_game(3, 42)
    rng_a, rng_b = Rng.from_seed(1), Rng.from_seed(1)
    for _ in range(300):
        if a.is_over():
            break
        a.apply(rng_a.choice(a.legal_moves()))
        b.apply(rng_b.choice(b.legal_moves()))
    assert a == b
