"""The store: named saves, autosave, listing, backups, trash, export and import."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import platformdirs
import pytest

import saves.atomic
from saves import (
    SaveExistsError,
    SaveFile,
    SaveNotFoundError,
    SavePaths,
    SaveStore,
    check_name,
    decode_save,
    resolve_paths,
)
from tests.saves.helpers import play, snapshot, tasting_setup, tea_garden_game


def _duel(store: SaveStore, title: str = "", limit: int | None = None) -> SaveFile:
    state, moves = play(tasting_setup(), 7, limit)
    return store.record(tasting_setup(), 7, moves, state, title=title)


def _tmp_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.name.endswith((".tmp", ".pending"))]


# --- where files live ------------------------------------------------------------------------


def test_data_dir_beats_the_environment_which_beats_the_platform(tmp_path: Path) -> None:
    env = {"TEA_TUI_DATA_DIR": str(tmp_path / "env")}
    assert resolve_paths(tmp_path / "arg", env).saves_dir == tmp_path / "arg" / "saves"
    from_env = resolve_paths(None, env)
    assert from_env.saves_dir == tmp_path / "env" / "saves"
    assert from_env.autosave == tmp_path / "env" / "state" / "autosave.json"
    default = resolve_paths(None, {})
    assert default.saves_dir == platformdirs.user_data_path("tea-tui", appauthor=False) / "saves"
    assert default.state_dir == platformdirs.user_state_path("tea-tui", appauthor=False)


# --- saving and loading ----------------------------------------------------------------------


def test_save_then_load(store: SaveStore) -> None:
    setup, state, moves = tea_garden_game(4, 2, None)
    path = store.save("big game", store.record(setup, 2, moves, state))
    assert path == store.paths.saves_dir / "big game.json"
    loaded = store.load("big game")
    assert loaded.state == state and loaded.meta.finished
    assert store.load("big game.json").save == loaded.save  # the suffix may be given


def test_save_stamps_the_update_time(store: SaveStore) -> None:
    save = _duel(store)
    store.save("duel", save)
    assert store.read("duel").updated > save.updated
    assert store.read("duel").created == save.created


def test_save_as_never_overwrites(store: SaveStore) -> None:
    store.save_as("duel", _duel(store, "first"))
    before = snapshot(store.paths.saves_dir)
    with pytest.raises(SaveExistsError, match=r"duel\.json: a save named 'duel' already exists"):
        store.save_as("duel", _duel(store, "second"))
    assert snapshot(store.paths.saves_dir) == before
    assert _tmp_files(store.paths.saves_dir) == []


@pytest.mark.parametrize(
    "name", ["", " x", "x ", "a/b", "..", ".hidden", "x.", "autosave", "a" * 65]
)
def test_bad_names_are_refused(store: SaveStore, name: str) -> None:
    with pytest.raises(ValueError, match="name"):
        store.save(name, _duel(store))
    assert not store.paths.saves_dir.exists()


@pytest.mark.parametrize("name", ["duel", "Game 2", "été-2026", "v1.2_final", "7"])
def test_good_names(name: str) -> None:
    assert check_name(name) == name


def test_missing_save_is_named_with_what_exists(store: SaveStore) -> None:
    store.save("duel", _duel(store))
    with pytest.raises(SaveNotFoundError, match=r"nope\.json: there is no save named 'nope'.*duel"):
        store.load("nope")


# --- the autosave ----------------------------------------------------------------------------


def test_resume_without_an_autosave_is_none(store: SaveStore) -> None:
    assert store.resume() is None


def test_autosave_and_resume(store: SaveStore) -> None:
    setup, state, moves = tea_garden_game(2, 3, 80)
    store.autosave(store.record(setup, 3, moves, state))
    assert store.paths.autosave.is_file()
    resumed = store.resume()
    assert resumed is not None and resumed.state == state
    assert store.load("autosave").save == resumed.save


# --- writing safely --------------------------------------------------------------------------


def test_three_rolling_backups(store: SaveStore) -> None:
    for n in range(1, 6):
        store.save("duel", _duel(store, f"version {n}"))
    backups = store.backups_of("duel")
    assert [p.name for p in backups] == ["duel.1.json", "duel.2.json", "duel.3.json"]
    titles = [decode_save(p.read_bytes(), p)[0].meta.title for p in backups]
    assert titles == ["version 4", "version 3", "version 2"]
    assert store.read("duel").meta.title == "version 5"
    assert _tmp_files(store.paths.saves_dir) == []


def test_autosave_keeps_backups_too(store: SaveStore) -> None:
    for n in range(1, 4):
        store.autosave(_duel(store, f"move {n}", limit=n))
    assert [p.name for p in store.backups_of("autosave")] == ["autosave.1.json", "autosave.2.json"]


def test_writes_leave_no_temporary_files(store: SaveStore) -> None:
    for n in range(5):
        store.save(f"game {n}", _duel(store))
        store.autosave(_duel(store))
    leftovers = [p for p in store.paths.saves_dir.parent.rglob("*") if p.name.startswith(".")]
    assert leftovers == []


# --- listing ---------------------------------------------------------------------------------


def test_list_is_newest_first_with_unreadable_files(store: SaveStore) -> None:
    store.save("old", _duel(store, "old"))
    store.autosave(_duel(store, "auto"))
    store.save("new", _duel(store, "new"))
    (store.paths.saves_dir / "broken.json").write_bytes(b'{"format": "tea-tui-save", "form')
    (store.paths.saves_dir / "notes.txt").write_text("not a save", encoding="utf-8")
    entries = store.list_saves()
    readable = [e.name for e in entries if e.error is None]
    assert readable == ["new", "autosave", "old"]
    (broken,) = [e for e in entries if e.error is not None]
    assert broken.name == "broken" and "not valid JSON" in broken.error
    assert broken.meta is None
    auto = next(e for e in entries if e.name == "autosave")
    assert auto.is_autosave and auto.path == store.paths.autosave


def test_list_of_a_missing_folder_is_empty(store: SaveStore) -> None:
    assert store.list_saves() == []
    assert store.list_saves(trash=True) == []


# --- trash -----------------------------------------------------------------------------------


def test_delete_goes_to_the_trash_and_restore_brings_it_back(store: SaveStore) -> None:
    store.save("duel", _duel(store, "mine"))
    original = store.paths.named("duel").read_bytes()
    trashed = store.delete("duel")
    assert not store.exists("duel")
    assert trashed.parent == store.paths.trash_dir and trashed.read_bytes() == original
    assert [e.name for e in store.list_saves(trash=True)] == [trashed.stem]
    restored = store.restore("duel")
    assert restored == store.paths.named("duel") and restored.read_bytes() == original
    assert store.list_saves(trash=True) == []


def test_restore_never_overwrites_and_can_rename(store: SaveStore) -> None:
    store.save("duel", _duel(store, "first"))
    store.delete("duel")
    store.save("duel", _duel(store, "second"))
    with pytest.raises(SaveExistsError, match="restore it under another name"):
        store.restore("duel")
    assert store.read("duel").meta.title == "second"
    store.restore("duel", as_name="duel first")
    assert store.read("duel first").meta.title == "first"


def test_restore_picks_the_latest_deletion(store: SaveStore) -> None:
    for title in ("first", "second"):
        store.save("duel", _duel(store, title))
        store.delete("duel")
    store.restore("duel")
    assert store.read("duel").meta.title == "second"
    (left,) = store.list_saves(trash=True)
    store.restore(left.name, as_name="older")
    assert store.read("older").meta.title == "first"


def test_restore_of_nothing(store: SaveStore) -> None:
    with pytest.raises(SaveNotFoundError, match="no deleted save named 'ghost'"):
        store.restore("ghost")


def test_deleted_autosave_comes_back_as_the_autosave(store: SaveStore) -> None:
    store.autosave(_duel(store))
    store.delete("autosave")
    assert store.resume() is None
    assert store.restore("autosave") == store.paths.autosave


# --- export and import -----------------------------------------------------------------------


def test_export_copies_the_file_byte_for_byte(store: SaveStore, tmp_path: Path) -> None:
    store.save("duel", _duel(store))
    out = store.export("duel", tmp_path / "shared.json")
    assert out.read_bytes() == store.paths.named("duel").read_bytes()
    into_folder = store.export("duel", tmp_path)
    assert into_folder == tmp_path / "duel.json"


def test_export_never_overwrites_unless_asked(store: SaveStore, tmp_path: Path) -> None:
    store.save("duel", _duel(store))
    dest = tmp_path / "mine.json"
    dest.write_bytes(b"precious")
    with pytest.raises(SaveExistsError, match=r"mine\.json"):
        store.export("duel", dest)
    assert dest.read_bytes() == b"precious"
    store.export("duel", dest, overwrite=True)
    assert dest.read_bytes() == store.paths.named("duel").read_bytes()


def test_import_checks_and_copies(store: SaveStore, tmp_path: Path) -> None:
    other = SaveStore(SavePaths.under(tmp_path / "friend"))
    other.save("their game", _duel(other, "theirs"))
    shared = other.export("their game", tmp_path / "their game.json")
    assert store.import_file(shared) == "their game"
    assert store.paths.named("their game").read_bytes() == shared.read_bytes()
    with pytest.raises(SaveExistsError, match="a save named 'their game' already exists"):
        store.import_file(shared)
    assert store.import_file(shared, name="copy") == "copy"
    assert store.load("copy").meta.title == "theirs"


def test_import_turns_a_file_name_into_a_save_name(store: SaveStore, tmp_path: Path) -> None:
    store.save("duel", _duel(store))
    odd = store.export("duel", tmp_path / "Game #3 (final)!.json")
    assert store.import_file(odd) == "Game _3 _final"
    auto = store.export("duel", tmp_path / "autosave.json")
    assert store.import_file(auto) == "imported autosave"


def test_delete_across_file_systems_copies(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.autosave(_duel(store, "auto"))
    original = store.paths.autosave.read_bytes()
    real_link = os.link

    def link(src: Path, dest: Path) -> None:
        if Path(src).parent != Path(dest).parent:
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
        real_link(src, dest)

    monkeypatch.setattr(saves.atomic.os, "link", link)
    trashed = store.delete("autosave")
    assert trashed.read_bytes() == original and not store.paths.autosave.exists()
    assert store.restore("autosave") == store.paths.autosave
    assert store.paths.autosave.read_bytes() == original
