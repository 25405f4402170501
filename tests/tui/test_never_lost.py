"""Starting, loading and leaving games never drops another game, and a failed autosave is never
reported as a save: plain mode exits 1 with the reason, the app offers to save elsewhere."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from saves import SavePaths, SaveStore
from saves.errors import SaveWriteError
from tea_tui.cli import main
from tea_tui.persist import SaveKeeper, session_from_save
from tea_tui.screens.game import GameScreen
from tea_tui.screens.modals import ChoiceScreen, NameScreen
from tests.tui.pilot_tools import pilot_test, until, until_persons_turn
from tests.tui.test_plain import advance, converse, new_session


def _store(base: Path) -> SaveStore:
    return SaveStore(SavePaths.under(base))


def _seeds(store: SaveStore) -> list[int]:
    return sorted(e.save.seed for e in store.list_saves() if e.save is not None)


def test_three_quick_games_in_a_row_are_all_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three `new --plain` runs within a minute used to keep only the first game."""
    for seed in (11, 12, 13):
        monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
        argv = ["new", "--plain", "--seat", "human", "--seat", "random", "--seed", str(seed)]
        assert main([*argv, "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("Your unfinished previous game was kept as the save 'game ") == 2
    store = _store(tmp_path)
    assert _seeds(store) == [11, 12, 13]
    names = [e.name for e in store.list_saves()]
    assert len(set(names)) == 3 and "autosave" in names


def test_kept_names_never_collide(tmp_path: Path) -> None:
    store = _store(tmp_path)
    base = "game 2026-12-01 10.00.00"
    names = [store.keep_copy(f"{{{i}}}".encode(), base) for i in range(3)]
    assert names == [base, f"{base} 2", f"{base} 3"]
    assert [store.path_of(n).read_bytes() for n in names] == [b"{0}", b"{1}", b"{2}"]


def test_loading_an_earlier_save_keeps_the_finished_autosave(tmp_path: Path) -> None:
    """`tea-tui load NAME` of a game whose autosave went on to the end used to overwrite it."""
    store = _store(tmp_path)
    session = new_session(("human", "random"), seed=4)
    advance(session, lambda s: len(s.moves) > 30)
    keeper = SaveKeeper(store)
    keeper.save(session, "midgame")
    advance(session, lambda s: False, limit=5000)
    assert session.is_over()
    keeper.autosave(session, wait=True)
    finished = store.paths.autosave.read_bytes()
    loaded = session_from_save(store.load("midgame")).session
    note = SaveKeeper(store).autosave(loaded, wait=True)
    assert note.startswith("Your finished previous game was kept as the save 'game ")
    kept = next(e for e in store.list_saves() if e.name not in ("autosave", "midgame"))
    assert kept.path.read_bytes() == finished
    assert kept.save is not None and kept.save.meta.finished


def test_going_on_with_the_autosave_keeps_no_copy(tmp_path: Path) -> None:
    store = _store(tmp_path)
    session = new_session(seed=6)
    advance(session, lambda s: len(s.moves) > 6)
    SaveKeeper(store).autosave(session, wait=True)
    resumed = session_from_save(store.load("autosave")).session
    assert SaveKeeper(store).autosave(resumed, wait=True) == ""
    assert [e.name for e in store.list_saves()] == ["autosave"]


def test_a_damaged_autosave_is_kept_byte_for_byte_before_a_new_game(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.paths.state_dir.mkdir(parents=True)
    damaged = b'{"format": "tea-tui-save", "format_version": 1, "mo'
    store.paths.autosave.write_bytes(damaged)
    session = new_session(seed=7)
    note = SaveKeeper(store).autosave(session, wait=True)
    assert "The autosave could not be read" in note and "damaged autosave" in note
    kept = next(e for e in store.list_saves() if e.name.startswith("damaged autosave"))
    assert kept.path.read_bytes() == damaged and kept.error is not None


def test_when_the_old_game_cannot_be_kept_the_slot_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = _store(tmp_path)
    first = new_session(seed=8)
    advance(first, lambda s: len(s.moves) > 4)
    SaveKeeper(store).autosave(first, wait=True)
    before = store.paths.autosave.read_bytes()

    def full(*args: object, **kwargs: object) -> str:
        raise SaveWriteError(store.paths.saves_dir, "no space left: the disk is full")

    monkeypatch.setattr(SaveStore, "keep_copy", full)
    keeper = SaveKeeper(store)
    second = new_session(seed=9)
    keeper.autosave(second, wait=True)
    assert store.paths.autosave.read_bytes() == before
    assert not keeper.saved()
    assert "could not be kept first" in (keeper.failure or "")


def _blocked(tmp_path: Path) -> Path:
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    return blocker


def test_plain_mode_says_the_game_is_not_saved_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    base = _blocked(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    argv = ["new", "--plain", "--seat", "human", "--seat", "random", "--seed", "3"]
    assert main([*argv, "--data-dir", str(base)]) == 1
    out = capsys.readouterr().out
    assert "The game is saved" not in out
    assert "The game could not be autosaved" in out and "cannot create the folder" in out
    assert "The game is NOT saved; to keep it, type save PATH/FILE.json" in out
    assert base.read_text(encoding="utf-8").startswith("a file")


def test_plain_mode_saves_elsewhere_when_the_autosave_fails(tmp_path: Path) -> None:
    store = SaveStore(SavePaths.under(_blocked(tmp_path)))
    session = new_session(seed=3)
    target = tmp_path / "kept.json"
    status, out = converse(session, ["1", f"save {target}", "quit", "y"], keeper=SaveKeeper(store))
    assert status == 0
    assert f"Saved to the file {target}." in out
    assert "It was saved to the file" in out.splitlines()[-1]
    back = _store(tmp_path / "other").load_path(target)
    assert len(back.replay) == len(session.moves) > 0
    assert json.loads(target.read_bytes())["format"] == "tea-tui-save"


def test_plain_quit_with_a_working_autosave_still_says_saved(tmp_path: Path) -> None:
    session = new_session(seed=3)
    status, out = converse(session, ["quit", "y"], keeper=SaveKeeper(_store(tmp_path)))
    assert status == 0
    assert "Goodbye. The game is saved" in out


@pilot_test
async def test_the_app_offers_to_save_elsewhere_when_the_autosave_fails(tmp_path: Path) -> None:
    """q in a game whose autosave fails: the dialog says so; s asks for a file and leaves."""
    from tea_tui.app import make_app

    base = _blocked(tmp_path)
    app = make_app(2, ["human", "random"], 3, pace=0, processes=False, data_dir=base, autosave=True)
    target = tmp_path / "rescued.json"
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        assert "NOT saved" in dialog.question and "cannot create the folder" in dialog.question
        box = dialog.query_one(".modal-box")
        assert box.size.width >= 40 and box.size.height >= 6  # drawn, not an empty corner box
        shown = " ".join(str(w.render()) for w in dialog.query("Static"))
        assert "save it to a file elsewhere" in shown and "leave and lose it" in shown
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, NameScreen))
        from textual.widgets import Input

        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await until(pilot, lambda: target.exists())
        await pilot.pause(0.2)
    assert _store(tmp_path / "x").load_path(target).save.seed == 3
    note, elsewhere = app.unsaved_note()
    assert elsewhere and f"saved to the file {target}" in note


@pilot_test
async def test_esc_on_the_unsaved_dialog_goes_back_to_the_game(tmp_path: Path) -> None:
    from tea_tui.app import make_app

    app = make_app(
        2,
        ["human", "random"],
        3,
        pace=0,
        processes=False,
        data_dir=_blocked(tmp_path),
        autosave=True,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await until_persons_turn(pilot)
        moves = len(app.screen.session.moves)  # type: ignore[attr-defined]
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert len(app.screen.session.moves) == moves  # type: ignore[attr-defined]


def test_a_failing_autosave_is_told_once_until_it_works_again(tmp_path: Path) -> None:
    blocked = _blocked(tmp_path)
    store = SaveStore(SavePaths.under(blocked))
    keeper = SaveKeeper(store)
    session = new_session(seed=3)
    keeper.autosave(session, wait=True)
    advance(session, lambda s: len(s.moves) > 3)
    keeper.autosave(session, wait=True)
    keeper.autosave(session, wait=True)
    errors = keeper.take_errors()
    assert len(errors) == 1 and "could not be autosaved" in errors[0]
    assert not keeper.saved()
    blocked.unlink()  # the folder can be made now
    keeper.autosave(session, wait=True)
    assert keeper.saved() and keeper.take_errors() == []
    assert store.resume() is not None
