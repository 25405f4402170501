"""Replaying a save rebuilds every state of the game, and the result is checked."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import pytest

from core.setup import GameSetup, make_game
from saves import Replay, ReplayError, SaveStore, SnapshotMismatchError
from tests.saves.helpers import play, tasting_setup, tea_garden_game


def _encoded_states(setup: GameSetup, seed: int, moves: Sequence[str]) -> list[bytes]:
    game = make_game(setup)
    state = game.new_state(seed)
    out = [msgspec.json.encode(state)]
    for text in moves:
        state.apply(game.parse_move(text))
        out.append(msgspec.json.encode(state))
    return out


def test_every_intermediate_state_is_rebuilt() -> None:
    setup, _, moves = tea_garden_game(2, 5, 150)
    expected = _encoded_states(setup, 5, moves)
    replay = Replay.build(make_game(setup), 5, moves, every=16)
    assert len(replay) == len(moves)
    for index in (0, 1, 15, 16, 17, 90, len(moves) - 1, len(moves)):
        assert msgspec.json.encode(replay.state_at(index)) == expected[index]
    assert [msgspec.json.encode(s) for s in replay.states()] == expected


def test_states_are_independent_copies() -> None:
    _, moves = play(tasting_setup(), 7)
    replay = Replay.build(make_game(tasting_setup()), 7, moves)
    first = replay.state_at(2)
    first.apply_unchecked(first.legal_moves()[0])
    assert msgspec.json.encode(replay.state_at(2)) != msgspec.json.encode(first)
    with pytest.raises(IndexError):
        replay.state_at(len(moves) + 1)


def test_undo_is_the_state_one_move_earlier() -> None:
    setup, _, moves = tea_garden_game(2, 5, 150)
    replay = Replay.build(make_game(setup), 5, moves)
    before = replay.state_at(len(replay) - 1)
    assert before.current_seat() == replay.seats[-1]
    before.apply(replay.moves[-1])
    assert before == replay.final


def test_seats_record_who_made_each_move() -> None:
    _, moves = play(tasting_setup(), 7)
    replay = Replay.build(make_game(tasting_setup()), 7, moves)
    assert len(replay.seats) == 6 and set(replay.seats) == {0, 1}


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("play 42", r"move 3 of 6 \('play 42'\) breaks the rules: 'play 42' is not legal"),
        ("fly 3", r"move 3 of 6 \('fly 3'\) breaks the rules: unknown move 'fly'"),
        ("play x", r"move 3 of 6 \('play x'\) breaks the rules: 'play': bad value"),
    ],
)
def test_a_bad_move_is_named(bad: str, message: str) -> None:
    _, moves = play(tasting_setup(), 7)
    moves[2] = bad
    with pytest.raises(ReplayError, match=message) as info:
        Replay.build(make_game(tasting_setup()), 7, moves, "duel.json")
    assert info.value.index == 2
    assert str(info.value).startswith("duel.json: ")


def test_moves_after_the_end_are_refused() -> None:
    _, moves = play(tasting_setup(), 7)
    with pytest.raises(ReplayError, match=r"move 7 of 7.*already over"):
        Replay.build(make_game(tasting_setup()), 7, [*moves, "play 1"])


def test_load_checks_the_snapshot_and_reports_a_mismatch(store: SaveStore) -> None:
    state, moves = play(tasting_setup(), 7)
    store.save("duel", store.record(tasting_setup(), 7, moves[:-1], state))
    with pytest.raises(SnapshotMismatchError, match=r"duel\.json: replaying the 5 moves"):
        store.load("duel")
    loaded = store.load("duel", allow_mismatch=True)
    assert loaded.warnings and "does not give the saved state" in loaded.warnings[0]


def test_loaded_game_goes_on_from_the_final_state(store: SaveStore) -> None:
    setup, state, moves = tea_garden_game(2, 5, 150)
    store.save("tg", store.record(setup, 5, moves, state))
    loaded = store.load("tg")
    assert loaded.state == state
    resumed = loaded.state
    resumed.apply(resumed.legal_moves()[0])
    assert loaded.state == state  # the loaded game is not changed by playing on from a copy
