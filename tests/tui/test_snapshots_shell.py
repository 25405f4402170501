"""SVG snapshots of the screens around the game at 80 x 24: the title, the new-game form, the
list of saves (with an unreadable file) and the replay viewer. Look at them before accepting a
change (docs/tui.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from tea_tui.app import TeaApp, make_title_app
from tea_tui.screens.saves_list import SavesScreen
from tea_tui.screens.title import TitleScreen
from tests.tui.pilot_tools import open_new_game, until
from tests.tui.test_saves_replay_hints import with_saves


class TestShellSnapshots:
    """The screens a player meets before and after a game."""

    def test_title(self, snap_compare: Any, tmp_path: Path) -> None:
        """The title screen with no game to continue."""

        async def ready(pilot: Pilot[None]) -> None:
            await until(
                pilot,
                lambda: isinstance(pilot.app.screen, TitleScreen) and pilot.app.screen.checked,
            )

        app = make_title_app(data_dir=tmp_path, processes=False)
        assert snap_compare(app, terminal_size=(80, 24), run_before=ready)

    def test_new_game(self, snap_compare: Any, tmp_path: Path) -> None:
        """The new-game form for three players, with a fixed seed."""

        async def ready(pilot: Pilot[None]) -> None:
            await open_new_game(pilot)
            await pilot.click("#players-3")
            pilot.app.screen.query_one("#new-seed", Input).value = "271828"
            pilot.app.screen.query_one("#name-0", Input).value = "Ann"
            await pilot.pause()

        app = make_title_app(data_dir=tmp_path, processes=False)
        assert snap_compare(app, terminal_size=(80, 24), run_before=ready)

    def test_load(self, snap_compare: Any, tmp_path: Path) -> None:
        """Saves with their metadata, and a broken file with the reason."""
        with_saves(tmp_path)

        async def ready(pilot: Pilot[None]) -> None:
            await pilot.press("l")
            await until(
                pilot,
                lambda: isinstance(pilot.app.screen, SavesScreen) and pilot.app.screen.entries,
            )
            await pilot.pause()

        app = make_title_app(data_dir=tmp_path, processes=False)
        assert snap_compare(app, terminal_size=(80, 24), run_before=ready)

    def test_replay(self, snap_compare: Any, tmp_path: Path) -> None:
        """A finished game 30 moves in: the board, the position and the log in step."""
        store = with_saves(tmp_path)

        async def ready(pilot: Pilot[None]) -> None:
            await pilot.press("home", *["right"] * 30)
            await pilot.pause()

        app = TeaApp(replay=store.load("finished"), data_dir=tmp_path)
        assert snap_compare(app, terminal_size=(80, 24), run_before=ready)
