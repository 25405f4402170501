"""``tea-tui saves ...`` as a user meets it: list, show, export, import, delete, restore."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from saves import SavePaths, SaveStore
from tea_tui.cli import main
from tests.saves.helpers import Clock, play, tasting_setup, tea_garden_game

FIXTURES = Path(__file__).resolve().parents[1] / "saves" / "fixtures"


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder with a finished 4-player game, a duel in progress, an autosave and a
    broken file; TEA_TUI_DATA_DIR points at it."""
    base = tmp_path / "data"
    store = SaveStore(SavePaths.under(base), clock=Clock())
    setup, state, moves = tea_garden_game(4, 2, None)
    store.save("friday", store.record(setup, 2, moves, state, title="Friday at Kim's"))
    duel, duel_moves = play(tasting_setup(), 7, 3)
    store.save("duel", store.record(tasting_setup(), 7, duel_moves, duel))
    store.autosave(store.record(tasting_setup(), 7, duel_moves, duel))
    (base / "saves" / "broken.json").write_bytes(b'{"format": "tea-tui-save", "forma')
    monkeypatch.setenv("TEA_TUI_DATA_DIR", str(base))
    return base


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "saves", "list")
    assert code == 0
    assert f"Saved games in {data_dir / 'saves'}" in out
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("NAME"))
    names = [line.split()[0] for line in lines[header + 1 : header + 5]]
    # Newest first (the broken file sorts by its file time, which comes from the real clock).
    assert [n for n in names if n != "broken"] == ["autosave", "duel", "friday"]
    assert "broken" in names
    assert "UNREADABLE: not valid JSON" in out and "1 file cannot be read" in out
    friday = next(line for line in lines if line.startswith("friday"))
    assert "Friday at Kim's" in friday and "Tea Garden 4p" in friday and "5/5" in friday
    assert "finished, seat" in friday and "won" in friday


def test_saves_alone_lists(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "saves")[1] == _run(capsys, "saves", "list")[1]


def test_list_when_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "saves", "list", "--data-dir", str(tmp_path))
    assert code == 0 and out.startswith("No saved games yet.") and str(tmp_path) in out


def test_data_dir_before_or_after_the_command(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other"
    for args in (
        ("--data-dir", str(other), "saves", "list"),
        ("saves", "--data-dir", str(other), "list"),
        ("saves", "list", "--data-dir", str(other)),
    ):
        code, out, _ = _run(capsys, *args)
        assert code == 0 and f"in {other / 'saves'}" in out, args


def test_show(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "saves", "show", "friday")
    assert code == 0
    assert "friday  “Friday at Kim's”" in out
    assert "Tea Garden 4p, seed 2" in out and "components  tea_tui_base" in out
    assert "round 5/5, finished" in out and "final state matches the snapshot" in out
    for seat_spec in ("human", "mcts:normal", "random", "heuristic"):
        assert seat_spec in out
    assert "action_cards" in out  # the score breakdown by category
    assert "last 10 of" in out and out.rstrip().endswith("pass")


def test_show_last_moves_count_and_by_path(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = data_dir / "saves" / "duel.json"
    code, out, _ = _run(capsys, "saves", "show", str(path), "--moves", "2")
    assert code == 0 and "last 2 of 3 moves" in out and "in progress, seat" in out


def test_show_old_format(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copyfile(FIXTURES / "v0_tasting.json", data_dir / "saves" / "old.json")
    code, out, _ = _run(capsys, "saves", "show", "old")
    assert code == 0 and "format 0, read as format 2" in out and "human@Ann" in out


def test_show_unreadable_names_the_file(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "saves", "show", "broken")
    assert code == 1 and out == ""
    assert f"{data_dir / 'saves' / 'broken.json'}: not valid JSON" in err


def test_show_mentions_backups_of_a_damaged_save(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = SaveStore(SavePaths.under(data_dir))
    store.save("duel", store.read("duel"))  # the first version becomes a backup
    (data_dir / "saves" / "duel.json").write_bytes(b"\x00garbage")
    code, _, err = _run(capsys, "saves", "show", "duel")
    assert code == 1 and "Earlier versions" in err and "duel.1.json" in err


def test_show_missing(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "saves", "show", "nope")
    assert code == 1 and "there is no save named 'nope'" in err and "'friday'" in err


def test_export_then_import(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "shared.json"
    code, out, _ = _run(capsys, "saves", "export", "friday", str(dest))
    assert code == 0 and str(dest) in out
    assert dest.read_bytes() == (data_dir / "saves" / "friday.json").read_bytes()
    code, _, err = _run(capsys, "saves", "export", "friday", str(dest))
    assert code == 1 and "already exists; add --force" in err
    code, out, _ = _run(capsys, "saves", "import", str(dest))
    assert code == 0 and "as 'shared'" in out and "finished" in out
    code, _, err = _run(capsys, "saves", "import", str(dest))
    assert code == 1 and "--name NEW" in err
    code, out, _ = _run(capsys, "saves", "import", str(dest), "--name", "kept")
    assert code == 0 and (data_dir / "saves" / "kept.json").is_file()


def test_import_of_a_bad_file(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tea-tui-save", "format_version": 7}', encoding="utf-8")
    code, _, err = _run(capsys, "saves", "import", str(bad))
    assert code == 1 and f"{bad}: written by a newer tea-tui" in err
    assert not (data_dir / "saves" / "bad.json").exists()


def test_delete_and_restore(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "saves", "delete", "duel")
    assert code == 0 and "to the trash" in out and "tea-tui saves restore 'duel'" in out
    assert not (data_dir / "saves" / "duel.json").exists()
    code, out, _ = _run(capsys, "saves", "list", "--trash")
    assert code == 0 and "duel@" in out
    code, out, _ = _run(capsys, "saves", "restore", "duel")
    assert code == 0 and (data_dir / "saves" / "duel.json").is_file()
    code, _, err = _run(capsys, "saves", "restore", "duel")
    assert code == 1 and "no deleted save named 'duel'" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["saves", "frobnicate"], "invalid choice: 'frobnicate'"),
        (["saves", "show"], "the following arguments are required: NAME"),
        (["saves", "export", "duel"], "required: PATH"),
        (["saves", "import", "x.json", "--name", "a/b"], "'a/b' cannot name a save"),
        (["saves", "show", "duel", "--moves", "many"], "invalid int value"),
    ],
)
def test_bad_arguments_print_usage(
    data_dir: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    args = [a.replace("x.json", str(data_dir / "saves" / "duel.json")) for a in args]
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: tea-tui saves" in err and words in err


def test_console_script_with_the_environment(data_dir: Path) -> None:
    env = {**os.environ, "TEA_TUI_DATA_DIR": str(data_dir)}
    result = subprocess.run(
        [sys.executable, "-m", "tea_tui.cli", "saves", "list"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "friday" in result.stdout
