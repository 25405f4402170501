"""The tea-tui command line as a user meets it before the app exists."""

import subprocess
import sys
from pathlib import Path

import pytest

from tea_tui import __version__
from tea_tui.cli import main


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"tea-tui {__version__}"


def test_no_arguments_says_not_yet_playable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "not yet playable" in out
    assert "tea_tui_base" in out


def test_bad_argument_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--frobnicate"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: tea-tui" in err
    assert "--frobnicate" in err


def test_missing_components_file_prints_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--components", str(tmp_path / "nope.toml")])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: tea-tui" in err and "nope.toml" in err


def test_broken_components_file_names_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text('[scrolls]\nplus1 = 8\nteapot = "eight"\nx2 = 8\n', encoding="utf-8")
    assert main(["--components", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "mine.toml" in err and "scrolls" in err and "teapot" in err


def test_valid_components_file_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text("[scrolls]\nplus1 = 10\nteapot = 6\nx2 = 8\n", encoding="utf-8")
    assert main(["--components", str(mine)]) == 0
    assert "tea_tui_base_custom" in capsys.readouterr().out


def test_console_script_runs_as_a_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tea_tui.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert __version__ in result.stdout
