"""Bad input loses nothing: every bad file gives a clear error naming the file and the problem,
and no failed operation deletes, truncates or overwrites an existing file."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import saves.atomic
from saves import (
    FutureVersionError,
    IncompatibleSaveError,
    ReplayError,
    SaveError,
    SavePaths,
    SaveStore,
    SaveWriteError,
    SnapshotMismatchError,
    UnreadableSaveError,
    encode_save,
)
from tests.saves.helpers import play, snapshot, tasting_setup, tea_garden_game

Edit = Callable[[dict[str, Any]], Any]


def _valid_duel_bytes(store: SaveStore) -> bytes:
    state, moves = play(tasting_setup(), 7)
    return encode_save(store.record(tasting_setup(), 7, moves, state, title="duel"))


def _valid_tea_garden_bytes(store: SaveStore) -> bytes:
    setup, state, moves = tea_garden_game(2, 9, 60)
    return encode_save(store.record(setup, 9, moves, state))


def _edited(data: bytes, edit: Edit) -> bytes:
    raw = json.loads(data)
    edit(raw)
    return json.dumps(raw, indent=1).encode()


def _set(path: str, value: Any) -> Edit:
    def edit(raw: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node = raw
        for key in parents:
            node = node[key]
        node[last] = value

    return edit


# Each case: how to spoil a valid Tasting Duel save, the error expected, words of its message,
# and whether a listing can still decode the file (only a replay finds the problem).
DECODE_CASES: list[tuple[str, Callable[[bytes], bytes], type[SaveError], str]] = [
    ("truncated", lambda d: d[: len(d) // 2], UnreadableSaveError, "truncated or damaged"),
    ("cut at the end", lambda d: d[:-3], UnreadableSaveError, "not valid JSON"),
    ("random bytes", lambda d: bytes(range(256)) * 3, UnreadableSaveError, "not valid JSON"),
    ("not UTF-8", lambda d: d.replace(b"duel", b"\xff\xfe"), UnreadableSaveError, "UTF-8"),
    ("empty", lambda d: b"", UnreadableSaveError, "the file is empty"),
    ("blank", lambda d: b"  \n", UnreadableSaveError, "the file is empty"),
    ("a JSON list", lambda d: b"[1, 2, 3]", UnreadableSaveError, "holds a list"),
    ("other JSON", lambda d: b'{"hello": "world"}', UnreadableSaveError, "not a tea-tui save"),
    (
        "another program's format",
        lambda d: b'{"format": "chess-pgn"}',
        UnreadableSaveError,
        "'format' is 'chess-pgn'",
    ),
    (
        "seed of the wrong type",
        lambda d: _edited(d, _set("seed", "seven")),
        UnreadableSaveError,
        r"shape.*\$\.seed",
    ),
    (
        "missing moves",
        lambda d: _edited(d, lambda r: r.pop("moves")),
        UnreadableSaveError,
        "missing required field `moves`",
    ),
    (
        "seat count mismatch",
        lambda d: _edited(d, _set("setup.num_seats", 3)),
        UnreadableSaveError,
        "2 seat spec",
    ),
    (
        "unknown seat kind",
        lambda d: _edited(d, _set("setup.seats", [{"kind": "robot"}, {"kind": "human"}])),
        UnreadableSaveError,
        r"setup\.seats",
    ),
    (
        "bad version field",
        lambda d: _edited(d, _set("format_version", "one")),
        UnreadableSaveError,
        "'format_version' is 'one'",
    ),
    (
        "future version",
        lambda d: _edited(d, _set("format_version", 99)),
        FutureVersionError,
        "newer tea-tui.*version 99.*reads up to version 2",
    ),
]

REPLAY_CASES: list[tuple[str, Callable[[bytes], bytes], type[SaveError], str]] = [
    (
        "illegal move",
        lambda d: _edited(d, lambda r: r["moves"].__setitem__(1, "play 99")),
        ReplayError,
        r"move 2 of 6 \('play 99'\) breaks the rules",
    ),
    (
        "unknown move",
        lambda d: _edited(d, lambda r: r["moves"].append("teleport")),
        ReplayError,
        "move 7 of 7",
    ),
    (
        "edited seed",
        lambda d: _edited(d, _set("seed", 8)),
        ReplayError,
        "breaks the rules",
    ),
    (
        "edited state hash",
        lambda d: _edited(d, _set("state_sha256", "0" * 64)),
        SnapshotMismatchError,
        "does not give the saved state",
    ),
    (
        "unknown game",
        lambda d: _edited(d, _set("setup.game", "gongfu")),
        IncompatibleSaveError,
        "unknown game 'gongfu'",
    ),
    (
        "unknown option",
        lambda d: _edited(d, _set("setup.options", {"fast_mode": True})),
        IncompatibleSaveError,
        "unknown option.*'fast_mode'",
    ),
    (
        "unknown expansion in a version-1 file",
        lambda d: _edited(
            _edited(d, _set("format_version", 1)), _set("setup.expansions", ["turbo"])
        ),
        IncompatibleSaveError,
        "unknown option.*'turbo'",
    ),
]


def _put(store: SaveStore, name: str, data: bytes) -> Path:
    store.paths.saves_dir.mkdir(parents=True, exist_ok=True)
    path = store.paths.named(name)
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("case", "spoil", "error", "words"),
    DECODE_CASES + REPLAY_CASES,
    ids=[c[0] for c in DECODE_CASES + REPLAY_CASES],
)
def test_bad_file_is_reported_and_kept(
    store: SaveStore, case: str, spoil: Callable[[bytes], bytes], error: type, words: str
) -> None:
    path = _put(store, "bad", spoil(_valid_duel_bytes(store)))
    before = snapshot(store.paths.saves_dir.parent)
    with pytest.raises(error, match=words) as info:
        store.load("bad")
    assert str(info.value).startswith(f"{path}: ")
    assert snapshot(store.paths.saves_dir.parent) == before
    # Listing still shows the file, as unreadable when it does not even decode.
    (entry,) = store.list_saves()
    assert entry.name == "bad" and entry.path == path
    assert (entry.error is not None) == (case in {c[0] for c in DECODE_CASES})
    assert snapshot(store.paths.saves_dir.parent) == before


@pytest.mark.parametrize(
    ("case", "spoil", "error", "words"),
    DECODE_CASES + REPLAY_CASES,
    ids=[c[0] for c in DECODE_CASES + REPLAY_CASES],
)
def test_bad_file_is_not_imported(
    store: SaveStore,
    tmp_path: Path,
    case: str,
    spoil: Callable[[bytes], bytes],
    error: type,
    words: str,
) -> None:
    src = tmp_path / "incoming.json"
    src.write_bytes(spoil(_valid_duel_bytes(store)))
    before = src.read_bytes()
    with pytest.raises(error, match=words) as info:
        store.import_file(src)
    assert str(info.value).startswith(f"{src}: ")
    assert src.read_bytes() == before
    assert not store.paths.saves_dir.exists()


def test_other_components_are_refused(store: SaveStore) -> None:
    data = _edited(_valid_tea_garden_bytes(store), _set("setup.components_hash", "ab" * 32))
    path = _put(store, "tg", data)
    with pytest.raises(IncompatibleSaveError, match=r"tg\.json: .*component set.*--components"):
        store.load("tg")
    assert path.read_bytes() == data


def test_a_malformed_component_hash_is_a_shape_error(store: SaveStore) -> None:
    data = _edited(_valid_tea_garden_bytes(store), _set("state_sha256", "xyz"))
    _put(store, "tg", data)
    with pytest.raises(UnreadableSaveError, match=r"state_sha256"):
        store.load("tg")


# --- failed writes ---------------------------------------------------------------------------


def _fail_with(code: int) -> Callable[..., None]:
    def fail(*args: object) -> None:
        raise OSError(code, os.strerror(code))

    return fail


def _half_then_full(fd: int, data: bytes) -> None:
    os.write(fd, data[: len(data) // 2])
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize(
    ("target", "replacement", "words"),
    [
        ("_write_all", _half_then_full, "no space left"),
        ("_write_new_file", _fail_with(errno.EACCES), "read-only"),
        ("_write_new_file", _fail_with(errno.EROFS), "read-only"),
    ],
    ids=["disk full mid-write", "permission denied", "read-only file system"],
)
def test_failed_write_keeps_the_old_save(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch, target: str, replacement: Any, words: str
) -> None:
    for title in ("one", "two", "three"):
        store.save("duel", store.record(tasting_setup(), 7, [], _fresh_duel(), title=title))
    before = snapshot(store.paths.saves_dir)
    monkeypatch.setattr(saves.atomic, target, replacement)
    new = store.record(tasting_setup(), 7, [], _fresh_duel(), title="four")
    with pytest.raises(SaveWriteError, match=words) as info:
        store.save("duel", new)
    assert "duel.json" in str(info.value)
    assert snapshot(store.paths.saves_dir) == before
    assert not [p for p in store.paths.saves_dir.rglob("*") if p.name.startswith(".")]


def test_failed_rename_keeps_the_old_save_and_its_backups(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    for title in ("one", "two"):
        store.save("duel", store.record(tasting_setup(), 7, [], _fresh_duel(), title=title))
    before = snapshot(store.paths.saves_dir)
    with monkeypatch.context() as patch:
        patch.setattr(saves.atomic.os, "replace", _fail_with(errno.EIO))
        with pytest.raises(SaveWriteError, match=r"duel\.json"):
            store.save("duel", store.record(tasting_setup(), 7, [], _fresh_duel(), title="x"))
    assert snapshot(store.paths.saves_dir) == before
    assert not [p for p in store.paths.saves_dir.rglob("*") if p.name.startswith(".")]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores permissions")
def test_really_read_only_folder(store: SaveStore) -> None:
    store.save("duel", store.record(tasting_setup(), 7, [], _fresh_duel()))
    before = snapshot(store.paths.saves_dir)
    store.paths.saves_dir.chmod(0o555)
    try:
        with pytest.raises(SaveWriteError, match="read-only"):
            store.save("duel", store.record(tasting_setup(), 7, [], _fresh_duel(), title="x"))
    finally:
        store.paths.saves_dir.chmod(0o755)
    assert snapshot(store.paths.saves_dir) == before


def test_folder_that_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    store = SaveStore(SavePaths.under(blocker))
    with pytest.raises(SaveWriteError, match="cannot create the folder"):
        store.save("duel", store.record(tasting_setup(), 7, [], _fresh_duel()))
    assert blocker.read_text(encoding="utf-8").startswith("a file")


def _fresh_duel() -> Any:
    return play(tasting_setup(), 7, 0)[0]


# --- fuzzing ---------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_are_unreadable_never_a_crash(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(SavePaths.under(folder))
        path = _put(store, "fuzz", data)
        with pytest.raises(UnreadableSaveError, match=r"fuzz\.json"):
            store.load("fuzz")
        assert path.read_bytes() == data


_DUEL = _valid_duel_bytes(SaveStore(SavePaths.under("/nonexistent")))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_damaged_saves_load_or_fail_cleanly(data: st.DataObject) -> None:
    spoiled = bytearray(_DUEL)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(spoiled) - 1))
        action = data.draw(st.sampled_from(["cut", "flip", "drop", "digit"]))
        if action == "cut":
            del spoiled[at:]
            break
        if action == "flip":
            spoiled[at] = data.draw(st.integers(0, 255))
        elif action == "drop":
            del spoiled[at]
        else:
            spoiled[at] = data.draw(st.sampled_from(b"0123456789"))
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(SavePaths.under(folder))
        path = _put(store, "fuzz", bytes(spoiled))
        try:
            store.load("fuzz")
        except SaveError as exc:
            assert str(exc).startswith(str(path))
        assert path.read_bytes() == bytes(spoiled)
        store.list_saves()  # listing never raises on a bad file
