"""Snapshots of the panels whose words changed in issue 14: the map with its names and legend,
the displays with the Teapot key and named Caravans, and Lu Yu's board in a base game, at
80x24 and 120x40. Look at the SVGs before accepting them (docs/tui.md)."""

from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll
from textual.pilot import Pilot

from core.tea_garden.game import TeaGardenGame
from tea_tui.app import make_app
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.screens.game import GameScreen
from tea_tui.session import GameSession
from tests.tui.pilot_tools import until

SEED = 5


def _app(seats: tuple[str, ...] = ("human@Ann", "human@Bo"), **kw: Any) -> Any:
    if any(s.startswith("luyu") for s in seats):
        game = tea_game(seats, start_seat=1)
    else:
        game = TeaGardenGame(num_seats=len(seats))
    return make_app(session=GameSession.new(game, list(seats), SEED), pace=0, processes=False)


def _panel(key: str, scroll: str = "", end: bool = False) -> Any:
    """Open panel ``key`` (after the hand-over), and scroll panel ``scroll`` to its end."""

    panels = {"m": "map", "d": "displays", "t": "tracks", "b": "board", "o": "others"}

    async def ready(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # past the hand-over between the two people
        await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        await pilot.press(key)
        screen = pilot.app.screen
        await until(pilot, lambda: getattr(screen, "panel", "") == panels.get(key, key))
        await pilot.pause()
        if end:
            screen = pilot.app.screen
            assert isinstance(screen, GameScreen)
            screen.query_one(f"#{scroll}", VerticalScroll).scroll_end(animate=False)
            await pilot.pause()

    return ready


class TestWordsSnapshots:
    """The map, the displays and Lu Yu's board, in the words of issue 14."""

    def test_map_80x24(self, snap_compare: Any) -> None:
        """Regions named as in the menus (cut to fit), never as codes."""
        assert snap_compare(_app(), terminal_size=(80, 24), run_before=_panel("m"))

    def test_map_legend_80x24(self, snap_compare: Any) -> None:
        """The map panel scrolled down: the legend with the cut names in full."""
        ready = _panel("m", "panel-map", end=True)
        assert snap_compare(_app(), terminal_size=(80, 24), run_before=ready)

    def test_displays_80x24(self, snap_compare: Any) -> None:
        """The Action cards with G+R Teapots and the key under them."""
        assert snap_compare(_app(), terminal_size=(80, 24), run_before=_panel("d"))

    def test_caravans_80x24(self, snap_compare: Any) -> None:
        """The displays scrolled down: Caravans by name, Emperor cards, Cup stacks."""
        ready = _panel("d", "panel-displays", end=True)
        assert snap_compare(_app(), terminal_size=(80, 24), run_before=ready)

    def test_map_120x40(self, snap_compare: Any) -> None:
        """The wide layout's map keeps its right border (9-column cells)."""
        assert snap_compare(_app(), terminal_size=(120, 40), run_before=_panel("m"))

    def test_displays_120x40(self, snap_compare: Any) -> None:
        """The displays in the wide layout."""
        assert snap_compare(_app(), terminal_size=(120, 40), run_before=_panel("d"))

    def test_lu_yu_board_80x24(self, snap_compare: Any) -> None:
        """His cards by name, no Noble Court in a base game."""
        seats = ("human@Ann", "luyu:hard")

        async def ready(pilot: Pilot[None]) -> None:
            screen = pilot.app.screen
            assert isinstance(screen, GameScreen)
            s = screen.session
            await until(
                pilot,
                lambda: s.human_to_move and s.state.luyu is not None and bool(s.state.luyu.slots),
            )
            await pilot.press("o")
            await pilot.pause()

        assert snap_compare(_app(seats), terminal_size=(80, 24), run_before=ready)
