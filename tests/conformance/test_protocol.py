"""Every registered game through the whole engine protocol, in the manner of OpenSpiel's
``random_sim_test``: seeded random games checked after every move, the text round trip of every
legal move, observation and determinize agreeing, a save's round trip and an arena game.

Nothing here names a game: the games come from the registry (:mod:`core.games`), so a new game
is tested by registering it.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from ai.arena import ArenaConfig, play_game
from core.engine import Game, State, final_outcome
from core.errors import IllegalMoveError
from core.games import GameInfo, all_games, find_game
from core.rng import Rng
from core.setup import make_game, new_setup
from saves import SavePaths, SaveStore, encode_save
from saves.format import state_hash

GAMES = all_games()
SEEDS = (1, 2, 3)


def _game(info: GameInfo, seats: int) -> Game:
    return make_game(new_setup(["random"] * seats, game=info.id))


def _seat_counts(info: GameInfo) -> list[int]:
    return sorted({info.min_seats, info.max_seats})


def _cases() -> Iterator[tuple[str, int, int]]:
    for info in GAMES:
        for seats in _seat_counts(info):
            for seed in SEEDS:
                yield info.id, seats, seed


CASES = list(_cases())
IDS = [f"{g}-{n}p-seed{s}" for g, n, s in CASES]


def _random_game(game: Game, seed: int, check: bool = True) -> tuple[State, list[str]]:
    """Play seeded random moves to the end, checking the protocol after every move."""
    state = game.new_state(seed)
    rng = Rng.from_seed(seed * 7 + 1)
    texts: list[str] = []
    step, reveals = state.progress().step, state.reveals
    while not state.is_over():
        seat = state.current_seat()
        assert seat is not None and 0 <= seat < game.num_seats
        legal = state.legal_moves()
        assert legal, "a game that is not over offers moves"
        assert len(set(legal)) == len(legal), "no move is offered twice"
        assert state.outcome() is None
        if check:
            for move in legal:
                assert game.parse_move(str(move)) == move
        move = rng.choice(legal)
        state.apply(move, seat=seat)
        texts.append(str(move))
        progress = state.progress()
        assert progress.step >= step and 1 <= progress.step <= progress.steps
        assert state.reveals >= reveals
        step, reveals = progress.step, state.reveals
        scores = state.score_now()
        assert len(scores) == game.num_seats
        assert len(texts) < 20_000, "the game must end"
    assert state.current_seat() is None and state.legal_moves() == ()
    return state, texts


@pytest.mark.parametrize(("game_id", "seats", "seed"), CASES, ids=IDS)
def test_random_games_keep_the_protocol(game_id: str, seats: int, seed: int) -> None:
    game = _game(find_game(game_id), seats)
    state, texts = _random_game(game, seed)
    outcome = final_outcome(state)
    assert len(outcome.scores) == seats and outcome.winners
    assert all(
        sum(parts.values()) == score
        for parts, score in zip(outcome.breakdown, outcome.scores, strict=True)
    )
    assert state.score_now() == outcome.breakdown
    assert state.progress().step == state.progress().steps
    again, again_texts = _random_game(game, seed, check=False)
    assert again_texts == texts and state_hash(again) == state_hash(state)  # determinism


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_an_illegal_move_changes_nothing(game_id: str) -> None:
    info = find_game(game_id)
    game = _game(info, info.min_seats)
    state = game.new_state(5)
    rng = Rng.from_seed(3)
    for _ in range(40):
        if state.is_over():
            break
        legal = state.legal_moves()
        other = state.clone()
        other.apply(rng.choice(legal))
        foreign = [m for m in other.legal_moves() if m not in legal]
        before = msgspec.json.encode(state)
        for move in foreign[:5]:
            with pytest.raises(IllegalMoveError):
                state.apply(move)
            assert msgspec.json.encode(state) == before
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_clone_is_independent_and_equal(game_id: str) -> None:
    info = find_game(game_id)
    game = _game(info, info.max_seats)
    state = game.new_state(9)
    rng = Rng.from_seed(9)
    while not state.is_over():
        copy = state.clone()
        assert msgspec.json.encode(copy) == msgspec.json.encode(state)
        move = rng.choice(state.legal_moves())
        copy.apply(move)
        state.apply(move)
        assert msgspec.json.encode(copy) == msgspec.json.encode(state)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_determinize_agrees_with_the_observation(game_id: str) -> None:
    """A state dealt from a seat's observation looks the same to that seat, and its moves
    now are the real state's."""
    info = find_game(game_id)
    game = _game(info, info.min_seats)
    state = game.new_state(4)
    rng = Rng.from_seed(4)
    checked = 0
    while not state.is_over():
        seat = state.current_seat()
        assert seat is not None
        for look in range(game.num_seats):
            view = state.observation(look)
            dealt = game.determinize(view, Rng.from_seed(checked))
            assert msgspec.json.encode(dealt.observation(look)) == msgspec.json.encode(view)
            if look == seat:
                assert set(dealt.legal_moves()) == set(state.legal_moves())
            checked += 1
        state.apply(rng.choice(state.legal_moves()))
    assert checked > 0


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_a_save_round_trip_gives_the_same_game(game_id: str) -> None:
    info = find_game(game_id)
    setup = new_setup(["human"] + ["random"] * (info.min_seats - 1), game=info.id)
    game = make_game(setup)
    for limit in (0, 7, None):
        state = game.new_state(12)
        rng = Rng.from_seed(12)
        texts: list[str] = []
        while not state.is_over() and (limit is None or len(texts) < limit):
            move = rng.choice(state.legal_moves())
            state.apply(move)
            texts.append(str(move))
        with tempfile.TemporaryDirectory() as folder:
            store = SaveStore(SavePaths.under(Path(folder)))
            save = store.record(setup, 12, texts, state, title="conformance")
            store.save("round-trip", save)
            loaded = store.load("round-trip")
            assert loaded.save.setup == setup
            assert state_hash(loaded.replay.final) == state_hash(state)
            assert loaded.meta.progress == state.progress().text
            assert loaded.meta.finished == state.is_over()
            assert encode_save(loaded.save) == encode_save(store.read("round-trip"))


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_an_arena_game(game_id: str) -> None:
    info = find_game(game_id)
    config = ArenaConfig(seats=("random",) * info.min_seats, games=1, seed=3, game=info.id)
    record = play_game(config, 0)
    assert len(record.scores) == info.min_seats
    assert sum(record.rewards) == pytest.approx(1.0)


def test_the_registry_describes_every_game() -> None:
    for info in GAMES:
        assert 1 <= info.min_seats <= info.max_seats
        assert info.name and info.id
        if info.automa is not None:
            assert info.automa.default in info.automa.levels
