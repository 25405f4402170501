"""The tea-tui command line as a user meets it: the title screen, --version, bad arguments,
component files, and load / continue / replay with their errors and exit codes."""

import subprocess
import sys
from pathlib import Path

import pytest

from tea_tui import __version__
from tea_tui.app import TeaApp
from tea_tui.cli import main


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"tea-tui {__version__}"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[TeaApp]:
    """The apps the command line would run (not run), with every file under tmp_path."""
    apps: list[TeaApp] = []
    monkeypatch.setattr(TeaApp, "run", lambda self, **kw: apps.append(self))
    monkeypatch.setenv("TEA_TUI_DATA_DIR", str(tmp_path))
    return apps


def test_no_arguments_opens_the_title_screen(started: list[TeaApp], tmp_path: Path) -> None:
    assert main([]) == 0
    (app,) = started
    assert app.session is None and app.replay_at_start is None and app.autosaving
    assert app.settings_file == tmp_path / "config" / "settings.json"


def test_theme_and_color_options(started: list[TeaApp], monkeypatch: pytest.MonkeyPatch) -> None:
    import textual.constants

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "auto")
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)
    assert main(["--theme", "light", "--color", "256"]) == 0
    assert started[0].theme == "textual-light"
    assert textual.constants.COLOR_SYSTEM == "256"
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for command in ("new", "load", "continue", "replay", "saves", "arena"):
        assert f"tea-tui {command}" in out
    for option in ("--data-dir", "--components", "--version", "--theme", "--color"):
        assert option in out


def test_bad_argument_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--frobnicate"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage: tea-tui" in err
    assert "--frobnicate" in err


def test_missing_components_file_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--components", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith("nope.toml: no such file")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_broken_components_file_names_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "mine.toml"
    bad.write_text('[scrolls]\nplus1 = 8\nteapot = "eight"\nx2 = 8\n', encoding="utf-8")
    assert main(["--components", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "mine.toml" in err and "scrolls" in err and "teapot" in err


def test_valid_components_file_is_used(started: list[TeaApp], tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text("[scrolls]\nplus1 = 10\nteapot = 6\nx2 = 8\n", encoding="utf-8")
    assert main(["--components", str(mine)]) == 0
    components = started[0].components
    assert components is not None and components.id == "tea_tui_base_custom"


# --- load, continue, replay ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,words",
    [
        (["load", "nope"], "there is no save named 'nope'"),
        (["replay", "nope"], "there is no save named 'nope'"),
        (["continue"], "there is no game to continue"),
    ],
)
def test_missing_saves_are_reported_with_status_1(
    started: list[TeaApp], argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.startswith("tea-tui: ") and words in err
    assert not started


@pytest.mark.parametrize("argv", [["load"], ["replay"], ["continue", "extra"], ["frobnicate"]])
def test_bad_commands_print_the_usage_with_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: tea-tui" in capsys.readouterr().err


def test_load_continue_and_replay_open_the_game(started: list[TeaApp], tmp_path: Path) -> None:
    from tea_tui.persist import SaveKeeper
    from tests.tui.pilot_tools import played, store_in

    session = played(moves=30)
    keeper = SaveKeeper(store_in(tmp_path))
    keeper.save(session, "mine")
    keeper.autosave(session, wait=True)
    assert main(["load", "mine"]) == 0
    assert main(["continue"]) == 0
    assert main(["replay", "mine"]) == 0
    load, cont, replay = started
    assert load.session is not None and load.session.moves == session.moves
    assert load.session.save_name == "mine"
    assert cont.session is not None and cont.session.moves == session.moves
    assert replay.replay_at_start is not None and len(replay.replay_at_start.replay) == 30


def test_an_unreadable_save_is_reported(started: list[TeaApp], tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir(parents=True)
    (folder / "bad.json").write_bytes(b"{")
    assert main(["load", "bad"]) == 1


def test_console_script_runs_as_a_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tea_tui.cli", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert __version__ in result.stdout


def test_arena_is_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--seats", "random,random", "--games", "2", "--game", "tasting", "--quiet"]
    assert main(argv) == 0
    assert "random#1" in capsys.readouterr().out
