"""What `tea-tui` loads before its first frame: only the command named on the command line is
imported, and the title screen is the app's first screen (not pushed over an empty one)."""

import subprocess
import sys
from pathlib import Path

import pytest

from tea_tui.cli import build_parser, command_named
from tests.tui.pilot_tools import pilot_test, until

HEAVY = (
    "core.tea_garden",
    "ai",
    "saves",
    "tea_tui.cli.new",
    "tea_tui.cli.saves",
    "tea_tui.cli.arena",
    "tea_tui.cli.analyse",
    "tea_tui.analysis",
)


def _imported_after(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``code``."""
    script = f"import sys\n{code}\nprint('\\n'.join(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    return set(result.stdout.split())


def _heavy(modules: set[str]) -> set[str]:
    return {m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)}


def test_the_title_path_imports_no_command_module_nor_the_engine() -> None:
    modules = _imported_after(
        "from tea_tui import cli\n"
        "cli.build_parser([]).parse_args([])\n"
        "import tea_tui.app, tea_tui.screens.title"
    )
    assert _heavy(modules) == set()


@pytest.mark.parametrize("written", [False, True])
def test_reading_the_settings_imports_no_saves(tmp_path: Path, written: bool) -> None:
    """The settings are read before the first frame: without the saves package, unless the
    file is odd (then its reader says what is wrong)."""
    path = tmp_path / "settings.json"
    if written:
        path.write_text('{"theme": "light"}', encoding="utf-8")
    modules = _imported_after(
        "from pathlib import Path\n"
        "from tea_tui.settings import load_settings\n"
        f"settings, warning = load_settings(Path({str(path)!r}))\n"
        f"assert settings.theme == {'light' if written else 'dark'!r} and not warning"
    )
    assert _heavy(modules) == set()


def test_an_odd_settings_file_is_still_named_and_refused(tmp_path: Path) -> None:
    from tea_tui.settings import load_settings

    folder = tmp_path / "settings.json"
    folder.mkdir()
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (2 << 20))
    for odd, words in ((folder, "a folder"), (big, "too large")):
        settings, warning = load_settings(odd)
        assert settings.theme == "dark" and str(odd) in warning and words in warning


def test_a_command_imports_its_own_module_only() -> None:
    modules = _imported_after("from tea_tui import cli\ncli.build_parser(['saves', 'list'])")
    assert "tea_tui.cli.saves" in modules
    assert _heavy(modules) - {"tea_tui.cli.saves"} == set()


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        ([], None),
        (["new", "--seed", "3"], "new"),
        (["--data-dir", "new", "saves"], "saves"),  # a folder called "new"
        (["--theme", "light", "--plain", "continue"], "continue"),
        (["--data-dir=/tmp/x", "replay", "autosave"], "replay"),
        (["--plain"], None),
        (["bogus"], "bogus"),
    ],
)
def test_the_command_is_found_past_the_common_options(argv: list[str], named: str | None) -> None:
    assert command_named(argv) == named


def test_help_and_unknown_commands_still_list_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv in (["--help"], ["bogus"]):
        with pytest.raises(SystemExit):
            build_parser(argv).parse_args(argv)
    out = capsys.readouterr()
    for name in ("new", "load", "continue", "replay", "saves", "arena", "analyse"):
        assert name in out.out  # the help's list
        assert f"'{name}'" in out.err  # the "invalid choice" message


def test_a_folder_named_like_a_command_is_not_taken_for_one(tmp_path: Path) -> None:
    folder = tmp_path / "new"
    args = build_parser(["--data-dir", str(folder), "saves"]).parse_args(
        ["--data-dir", str(folder), "saves"]
    )
    assert args.command == "saves" and args.data_dir == str(folder)


@pilot_test
async def test_the_title_screen_is_the_first_screen(tmp_path: Path) -> None:
    from tea_tui.app import make_title_app
    from tea_tui.screens.title import TitleScreen

    app = make_title_app(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(app.screen_stack) == 1 and isinstance(app.screen, TitleScreen)


@pilot_test
async def test_the_title_menu_skips_what_cannot_be_chosen(tmp_path: Path) -> None:
    """With no game to continue, ↑ from New game wraps to Quit, Home goes to New game, and the
    highlighted entry is marked for the eye as well as reversed."""
    from tea_tui.app import make_title_app
    from tea_tui.widgets.menu_list import MenuList

    app = make_title_app(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#title-menu", MenuList)
        await until(pilot, lambda: app.screen.checked)  # type: ignore[attr-defined]
        assert menu.get_option_at_index(0).disabled and menu.highlighted == 1
        await pilot.press("up")
        assert menu.get_option_at_index(menu.highlighted or 0).id == "quit"
        await pilot.press("home")
        assert menu.highlighted == 1
        lines = str(menu.render()).splitlines()
        assert lines[1].startswith(">") and not lines[2].startswith(">")
        await pilot.press("down", "enter")
        from tea_tui.screens.saves_list import SavesScreen

        await until(pilot, lambda: isinstance(app.screen, SavesScreen))
