"""The save file's format: a typed, versioned, human-readable JSON envelope."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from core.tasting import TastingGame, TastingState
from saves import (
    CURRENT_VERSION,
    SaveFile,
    UnreadableSaveError,
    decode_save,
    encode_save,
    make_save,
    state_hash,
)
from saves.format import app_version
from tests.saves.helpers import T0, play, tasting_setup, tea_garden_game

HERE = Path("game.json")


def _tea_garden_save() -> SaveFile:
    setup, state, moves = tea_garden_game(2, 11, 60)
    return make_save(setup, 11, moves, state, created=T0, updated=T0, title="Tea")


def test_round_trip_is_exact() -> None:
    save = _tea_garden_save()
    decoded, version = decode_save(encode_save(save), HERE)
    assert decoded == save
    assert version == CURRENT_VERSION


def test_file_is_readable_json_with_the_documented_fields() -> None:
    data = encode_save(_tea_garden_save())
    text = data.decode("utf-8")
    assert text.endswith("}\n")
    raw = json.loads(text)
    assert list(raw) == [
        "format",
        "format_version",
        "app_version",
        "created",
        "updated",
        "meta",
        "setup",
        "seed",
        "state_sha256",
        "moves",
    ]
    assert raw["format"] == "tea-tui-save" and raw["format_version"] == CURRENT_VERSION
    assert raw["created"] == "2026-03-01T09:30:00Z"
    assert raw["setup"]["seats"] == [{"kind": "human"}, {"kind": "mcts", "level": "normal"}]
    assert raw["setup"]["components_id"] == "tea_tui_base"
    # One move per line, so that a save reads (and diffs) like a game record.
    assert '\n    "select ' in text
    assert raw["app_version"] == app_version()


def test_meta_of_a_game_in_progress() -> None:
    save = _tea_garden_save()
    meta = save.meta
    assert meta.title == "Tea" and meta.rounds == 5 and 1 <= meta.round <= 5
    assert len(meta.scores) == 2 and not meta.finished and meta.winners == ()
    assert meta.to_move in (0, 1)


def test_meta_of_a_finished_game_names_the_winner() -> None:
    state, moves = play(tasting_setup(), 7)
    assert isinstance(state, TastingState)
    save = make_save(tasting_setup(), 7, moves, state, created=T0, updated=T0)
    outcome = state.outcome()
    assert save.meta.finished and save.meta.to_move is None
    assert save.meta.scores == outcome.scores and save.meta.winners == outcome.winners
    assert save.meta.round == save.meta.rounds == 3


def test_state_hash_follows_the_state() -> None:
    a, _ = play(tasting_setup(), 7, 2)
    b, _ = play(tasting_setup(), 7, 2)
    c, _ = play(tasting_setup(), 7, 3)
    assert state_hash(a) == state_hash(b) != state_hash(c)
    assert len(state_hash(a)) == 64


def test_times_must_carry_a_time_zone() -> None:
    raw = json.loads(encode_save(_tea_garden_save()))
    raw["created"] = "2026-03-01T09:30:00"
    with pytest.raises(UnreadableSaveError, match=r"game\.json.*shape.*created"):
        decode_save(json.dumps(raw).encode(), HERE)


def test_moves_accept_move_objects_or_text() -> None:
    state, moves = play(tasting_setup(), 7, 4)
    objects = [TastingGame().parse_move(m) for m in moves]
    a = make_save(tasting_setup(), 7, moves, state, created=T0, updated=T0)
    b = make_save(tasting_setup(), 7, objects, state, created=T0, updated=T0)
    assert a == b


def test_times_are_stored_in_utc() -> None:
    state, moves = play(tasting_setup(), 7, 2)
    paris = timezone(timedelta(hours=2))
    local = datetime(2026, 6, 1, 12, 0, tzinfo=paris)
    save = make_save(tasting_setup(), 7, moves, state, created=local, updated=local)
    assert json.loads(encode_save(save))["created"] == "2026-06-01T10:00:00Z"
