"""The command line given odd files, names and arguments: a clear message and a status, never
a traceback, never raw escape sequences on the terminal, and the files as they were."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from saves import SavePaths, SaveStore, encode_save
from tea_tui.cli import main
from tea_tui.safe_text import clean
from tests.saves.helpers import snapshot, tea_garden_game

EVIL_TITLE = "evil\x1b[2J\x1b]0;pwned\x07\u202etitle"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder with one good save, one whose title holds escape sequences, and odd files."""
    base = tmp_path / "data"
    store = SaveStore(SavePaths.under(base))
    setup, state, moves = tea_garden_game(2, 9, 40)
    store.save("good", store.record(setup, 9, moves, state))
    raw = json.loads(encode_save(store.record(setup, 9, moves, state)))
    raw["meta"]["title"] = EVIL_TITLE
    (base / "saves" / "shared.json").write_text(json.dumps(raw), encoding="utf-8")
    (base / "saves" / "nested.json").write_bytes(b"[" * 1000 + b"]" * 1000)
    odd = os.fsencode(base / "saves") + b"/odd\xff.json"
    with open(odd, "wb") as handle:
        handle.write(b"not json")
    (base / "saves" / "zero.json").symlink_to("/dev/zero")
    monkeypatch.setenv("TEA_TUI_DATA_DIR", str(base))
    return base


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _no_control(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text


def test_list_survives_every_odd_file_and_escapes_the_title(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = snapshot(data)
    code, out, err = _run(capsys, "saves", "list")
    assert code == 0
    _no_control(out + err)
    assert "evil\\x1b[2J\\x1b]0;pwned\\x07\\u202etitle" in out
    assert "odd\\udcff" in out
    lines = {line.split()[0]: line for line in out.splitlines() if line and line[0] != " "}
    assert "nested far too deeply" in lines["nested"]
    assert "not a regular file" in lines["zero"]
    assert "good" in lines
    assert snapshot(data) == before


def test_show_escapes_the_title(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "saves", "show", "shared")
    assert code == 0
    _no_control(out + err)
    assert out.splitlines()[0].startswith("shared  “evil\\x1b[2J")


@pytest.mark.parametrize("command", ["load", "replay", "analyse"])
def test_odd_files_give_a_message_and_status_1(
    data: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    for name, reason in (
        ("nested", "nested far too deeply"),
        ("zero", "not a regular file"),
        ("x" * 300, "that name is 300 characters long"),
    ):
        code, _out, err = (
            _run(capsys, command, name, "--plain")
            if command != "analyse"
            else _run(capsys, command, name)
        )
        assert code == 1, (command, name)
        assert reason in err
        assert "Traceback" not in err


def test_a_save_name_in_bad_utf8_is_no_usage_error(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = os.fsdecode(b"odd\xff")
    code, _out, err = _run(capsys, "saves", "show", name)
    assert code == 1
    assert "odd\\udcff" in err and "not valid JSON" in err
    _no_control(err)


def test_clean_shows_controls_and_cuts() -> None:
    assert clean("a\x1bb\n\tc") == "a\\x1bb\\n c"
    assert clean("line\nnext", newlines=True) == "line\nnext"
    assert clean("x" * 300, 10) == "x" * 9 + "…"
    assert clean("ok ünïcode 茶") == "ok ünïcode 茶"


@pytest.mark.parametrize("command", [["new"], ["arena", "--seats", "random,random"]])
@pytest.mark.parametrize("seed", ["-5", str(2**80), "seven"])
def test_seeds_are_checked_alike(
    capsys: pytest.CaptureFixture[str], command: list[str], seed: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*command, "--seed", seed])
    assert stop.value.code == 2
    assert "is not a seed: use a whole number from 0 to" in capsys.readouterr().err


def test_a_bad_seat_spec_is_named_before_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "new", "--seat", "foo")
    assert code == 2
    assert "--seat number 1: seat 'foo': unknown kind 'foo'" in err


def test_export_to_a_missing_folder_creates_nothing(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "dir" / "x.json"
    code, _, err = _run(capsys, "saves", "export", "good", str(target))
    assert code == 1
    assert "is not usable (no such file)" in err
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("bad", ["/dev/zero", "fifo", "nested", "missing", "folder", "long"])
def test_bad_components_files_are_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    paths = {
        "/dev/zero": "/dev/zero",
        "fifo": str(tmp_path / "fifo.toml"),
        "nested": str(tmp_path / "nested.toml"),
        "missing": str(tmp_path / "nope.toml"),
        "folder": str(tmp_path),
        "long": str(tmp_path / ("y" * 300)),
    }
    os.mkfifo(tmp_path / "fifo.toml")
    (tmp_path / "nested.toml").write_text("x = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    code, _, err = _run(capsys, "--components", paths[bad], "saves", "show", "whatever")
    assert code == 2
    assert "Traceback" not in err
    expected = {
        "/dev/zero": "not a regular file",
        "fifo": "not a regular file",
        "nested": "nested far too deeply",
        "missing": "no such file",
        "folder": "a folder, not a file",
        "long": "too long for the file system",
    }[bad]
    assert expected in err
