"""Crafted and odd files in the saves folder: each is listed with its reason, refused with a
clear error, and left byte for byte as it was; the files tea-tui writes are private, and what
killed writers leave behind is cleaned on the next start."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from saves import (
    SaveError,
    SaveNotFoundError,
    SavePaths,
    SaveStore,
    SaveWriteError,
    UnreadableSaveError,
    encode_save,
)
from saves.atomic import MAX_READ, clean_leftovers, read_bytes
from tests.saves.helpers import play, snapshot, tasting_setup, tea_garden_game


def _tea_garden_save(store: SaveStore) -> bytes:
    setup, state, moves = tea_garden_game(2, 9, 40)
    return encode_save(store.record(setup, 9, moves, state, title="real"))


def _with(data: bytes, **edits: object) -> bytes:
    raw = json.loads(data)
    raw.update(edits)
    return json.dumps(raw, indent=1).encode()


@pytest.fixture
def folder(store: SaveStore) -> Path:
    store.paths.saves_dir.mkdir(parents=True)
    return store.paths.saves_dir


def test_deeply_nested_json_is_listed_as_unreadable_and_the_others_stay(
    store: SaveStore, folder: Path
) -> None:
    nested = b"[" * 1000 + b"]" * 1000
    (folder / "nested.json").write_bytes(nested)
    (folder / "fine.json").write_bytes(_tea_garden_save(store))
    entries = {e.name: e for e in store.list_saves()}
    assert entries["nested"].error is not None
    assert "nested far too deeply" in entries["nested"].error
    assert entries["fine"].error is None
    with pytest.raises(UnreadableSaveError, match="nested far too deeply"):
        store.load("nested")
    nested_object = b'{"format": "tea-tui-save", "moves": ' + nested + b"}"
    (folder / "nested2.json").write_bytes(nested_object)
    with pytest.raises(UnreadableSaveError, match=r"nested2\.json"):
        store.load("nested2")
    assert (folder / "nested.json").read_bytes() == nested


def test_devices_pipes_folders_and_broken_links_are_listed_with_their_reason(
    store: SaveStore, folder: Path
) -> None:
    (folder / "zero.json").symlink_to("/dev/zero")
    os.mkfifo(folder / "pipe.json")
    (folder / "folder.json").mkdir()
    (folder / "dangling.json").symlink_to(folder / "gone.json")
    (folder / "loop1.json").symlink_to(folder / "loop2.json")
    (folder / "loop2.json").symlink_to(folder / "loop1.json")
    reasons = {e.name: e.error for e in store.list_saves()}
    assert reasons == {
        "zero": "not a regular file (a device, a pipe or a socket)",
        "pipe": "not a regular file (a device, a pipe or a socket)",
        "folder": "a folder, not a save file",
        "dangling": "a symbolic link to nothing (its target is gone)",
        "loop1": "a loop of symbolic links",
        "loop2": "a loop of symbolic links",
    }
    for name in reasons:
        with pytest.raises(SaveError, match=rf"{name}\.json"):
            store.load(name)
    assert stat.S_ISFIFO((folder / "pipe.json").lstat().st_mode)
    assert (folder / "dangling.json").is_symlink()


def test_a_huge_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(MAX_READ + 1)
    with pytest.raises(SaveError, match="too large"):
        read_bytes(huge)
    with pytest.raises(SaveError, match="too large"):
        SaveStore(SavePaths.under(tmp_path / "data")).import_file(huge)
    assert huge.stat().st_size == MAX_READ + 1


def test_dev_zero_is_refused_at_once(tmp_path: Path) -> None:
    store = SaveStore(SavePaths.under(tmp_path / "data"))
    with pytest.raises(SaveError, match="not a regular file"):
        store.import_file(Path("/dev/zero"))
    with pytest.raises(SaveError, match="not a regular file"):
        store.load_path(Path("/dev/zero"))


def test_a_name_over_the_file_system_limit_is_a_clear_not_found(store: SaveStore) -> None:
    long = "x" * 300
    with pytest.raises(SaveNotFoundError, match="300 characters long"):
        store.load(long)
    with pytest.raises(SaveNotFoundError, match="300 characters long"):
        store.delete(long)
    with pytest.raises(SaveError, match="too long for the file system"):
        store.load_path(Path("/tmp") / long)
    assert not store.exists(long)


def test_an_undecodable_file_name_is_listed_and_loadable(store: SaveStore, folder: Path) -> None:
    raw_name = os.fsencode(folder) + b"/odd\xff\xfe.json"
    fd = os.open(raw_name, os.O_CREAT | os.O_WRONLY, 0o600)
    os.write(fd, _tea_garden_save(store))
    os.close(fd)
    entries = store.list_saves()
    (entry,) = entries
    assert entry.error is None
    assert store.load(entry.name).replay.final is not None


def test_a_file_named_autosave_in_the_saves_folder_does_not_shadow_the_autosave(
    store: SaveStore, folder: Path
) -> None:
    real = _tea_garden_save(store)
    store.paths.state_dir.mkdir(parents=True)
    store.paths.autosave.write_bytes(real)
    state, moves = play(tasting_setup(), 7)
    impostor = encode_save(store.record(tasting_setup(), 7, moves, state, title="impostor"))
    (folder / "autosave.json").write_bytes(impostor)
    names = sorted(e.name for e in store.list_saves())
    assert names == ["autosave", "autosave.json"]
    assert store.load("autosave").save.setup.game == "tea_garden"
    assert store.load("autosave.json").save.setup.game == "tasting"


def test_hints_naming_impossible_moves_are_refused_on_import_and_left_out_on_load(
    store: SaveStore, folder: Path, tmp_path: Path
) -> None:
    good = _tea_garden_save(store)
    loaded = store.load_path(_put(tmp_path / "good.json", good))
    at = 10
    seat = loaded.replay.state_at(at).current_seat()
    assert seat is not None
    legal = str(loaded.replay.state_at(at).legal_moves()[0])
    crafted = {
        "unknown move": "frobnicate 3",
        "unknown region": "build 1 zz 1",
    }
    for label, text in crafted.items():
        notes = {"hints": [{"at": at, "seat": seat, "moves": [legal, text], "chances": [0.5, 0.2]}]}
        data = _with(good, notes=notes)
        path = _put(tmp_path / f"{label}.json", data)
        with pytest.raises(UnreadableSaveError, match="its notes are damaged: hint 1"):
            store.import_file(path)
        game = store.load_path(path)
        assert game.save.game_notes.hints == ()
        assert any("hint 1 (after move 10)" in w for w in game.warnings)
        assert path.read_bytes() == data
    fine = {"hints": [{"at": at, "seat": seat, "moves": [legal], "chances": [0.5]}]}
    kept = store.load_path(_put(tmp_path / "fine.json", _with(good, notes=fine)))
    assert [h.moves for h in kept.save.game_notes.hints] == [(legal,)]
    assert kept.warnings == []
    wrong_seat = {"hints": [{"at": at, "seat": 1 - seat, "moves": [legal], "chances": [0.5]}]}
    late = {"hints": [{"at": 999, "seat": 0, "moves": [legal], "chances": [0.5]}]}
    odd = {"hints": [{"at": at, "seat": seat, "moves": [legal], "chances": [1.5]}]}
    for notes in (wrong_seat, late, odd):
        game = store.load_path(_put(tmp_path / "x.json", _with(good, notes=notes)))
        assert game.save.game_notes.hints == () and game.warnings


def test_export_does_not_create_a_missing_folder(store: SaveStore, tmp_path: Path) -> None:
    setup, state, moves = tea_garden_game(2, 9, 40)
    store.save("real", store.record(setup, 9, moves, state))
    target = tmp_path / "missing" / "dir" / "x.json"
    with pytest.raises(SaveWriteError, match="missing/dir is not usable"):
        store.export("real", target)
    assert not (tmp_path / "missing").exists()
    assert store.export("real", tmp_path) == tmp_path / "real.json"


def test_files_and_folders_are_private(store: SaveStore) -> None:
    setup, state, moves = tea_garden_game(2, 9, 40)
    save = store.record(setup, 9, moves, state)
    path = store.save("mine", save)
    store.save("mine", save)  # a second write makes a backup
    store.autosave(save)
    for file in (path, store.paths.autosave, *store.backups_of("mine")):
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
    for made in (store.paths.saves_dir, store.paths.state_dir, store.paths.saves_dir / "backups"):
        assert stat.S_IMODE(made.stat().st_mode) == 0o700, made


def test_leftovers_of_killed_writers_are_cleaned_on_the_next_start(tmp_path: Path) -> None:
    paths = SavePaths.under(tmp_path / "data")
    backups = paths.saves_dir / "backups"
    backups.mkdir(parents=True)
    paths.state_dir.mkdir(parents=True)
    dead = _dead_pid()
    stale = [
        paths.saves_dir / f".game.json.p{dead}.0a1b2c3d.tmp",
        backups / f".game.json.p{dead}.0a1b2c3d.pending",
        paths.state_dir / f".autosave.json.p{dead}.99887766.tmp",
    ]
    old_style = paths.saves_dir / ".game.json.deadbeef.tmp"
    live = paths.saves_dir / f".game.json.p{os.getppid()}.00000000.tmp"
    young = paths.saves_dir / ".other.json.cafebabe.tmp"
    keep = paths.saves_dir / "game.json"
    for file in (*stale, old_style, live, young, keep):
        file.write_bytes(b"partial")
    an_hour_ago = time.time() - 7200
    os.utime(old_style, (an_hour_ago, an_hour_ago))
    store = SaveStore(paths)
    assert sorted(store.cleaned) == sorted([*stale, old_style])
    assert all(not p.exists() for p in (*stale, old_style))
    assert live.exists() and young.exists() and keep.read_bytes() == b"partial"
    assert clean_leftovers(paths.saves_dir) == []


def test_nothing_odd_in_the_folder_changes(store: SaveStore, folder: Path) -> None:
    (folder / "nested.json").write_bytes(b"[" * 1000 + b"]" * 1000)
    (folder / "folder.json").mkdir()
    (folder / "zero.json").symlink_to("/dev/zero")
    before = snapshot(folder)
    store.list_saves()
    for name in ("nested", "folder", "zero"):
        with pytest.raises(SaveError):
            store.load(name)
    assert snapshot(folder) == before


def _put(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _dead_pid() -> int:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid
