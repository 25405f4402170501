"""SVG snapshots of Sencha's screens at 80 x 24 and 120 x 40: the board, the market, the
players, a Collect step, the wide layout, the end screen, the replay viewer and the new-game
form with Sencha chosen. Look at them before accepting a change (docs/tui.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from core.sencha import moves as mv
from tea_tui.app import TeaApp, make_title_app
from tea_tui.games.sencha.session import SenchaSession
from tea_tui.persist import SaveKeeper
from tea_tui.screens.choose_game import ChooseGameScreen
from tea_tui.screens.new_game import NewGameScreen
from tests.tui.pilot_tools import store_in, until
from tests.tui.sencha.helpers import play_until, sencha


def midgame(moves: int = 60, seed: int = 7) -> SenchaSession:
    """Ann (a person) to choose an action after some random play, with two workers and tea
    on them."""
    s = sencha(("human@Ann", "random@Bo"), seed=seed)

    def ready(x: SenchaSession) -> bool:
        ann = x.state.pub.players[0]
        loaded = len(ann.workers) > 1 and any(any(w.load) for w in ann.workers)
        return (
            len(x.moves) >= moves
            and x.current_seat == 0
            and loaded
            and (x.state.pub.turn.phase == "action")
        )

    play_until(s, ready, seed=seed)
    assert not s.is_over()
    return s


def app_at(session: SenchaSession, tmp_path: Path) -> TeaApp:
    return TeaApp(session, data_dir=tmp_path, processes=False, pace=0.0)


class TestSenchaSnapshots:
    """Sencha's game screen and the screens around it."""

    def test_board_80x24(self, snap_compare: Any, tmp_path: Path) -> None:
        """The plantations, the field and the houses above the five actions."""
        assert snap_compare(app_at(midgame(), tmp_path), terminal_size=(80, 24))

    def test_market_80x24(self, snap_compare: Any, tmp_path: Path) -> None:
        """The Tea Market card: columns, prices, the Emperor, the bag, the workers for hire."""
        assert snap_compare(app_at(midgame(), tmp_path), press=["m"], terminal_size=(80, 24))

    def test_players_80x24(self, snap_compare: Any, tmp_path: Path) -> None:
        """Both players: yen, VP track with the tax marks, workers and loads, temples."""
        assert snap_compare(app_at(midgame(), tmp_path), press=["o"], terminal_size=(80, 24))

    def test_collect_step_80x24(self, snap_compare: Any, tmp_path: Path) -> None:
        """Inside a Collect: Produce, the cubes to take, n to finish."""
        s = midgame()
        play_until(s, lambda x: mv.Collect() in x.legal_moves() and x.current_seat == 0, seed=3)
        s.apply(mv.Collect())
        assert snap_compare(app_at(s, tmp_path), terminal_size=(80, 24))

    def test_wide_120x40(self, snap_compare: Any, tmp_path: Path) -> None:
        """The wide layout: board and market beside the players, the menu and the log."""
        assert snap_compare(app_at(midgame(), tmp_path), terminal_size=(120, 40))

    def test_four_players_80x24(self, snap_compare: Any, tmp_path: Path) -> None:
        """Four plantations and four seats' houses on the compact board."""
        s = sencha(("human@Ann", "random@Bo", "random@Cy", "random@Di"), seed=4)
        play_until(
            s,
            lambda x: (
                len(x.moves) >= 80 and x.current_seat == 0 and x.state.pub.turn.phase == "action"
            ),
        )
        assert snap_compare(app_at(s, tmp_path), terminal_size=(80, 24))

    def test_four_players_120x40(self, snap_compare: Any, tmp_path: Path) -> None:
        """Four seats in the players panel beside the board and the market."""
        s = sencha(("human@Ann", "random@Bo", "random@Cy", "random@Di"), seed=4)
        play_until(
            s,
            lambda x: (
                len(x.moves) >= 80 and x.current_seat == 0 and x.state.pub.turn.phase == "action"
            ),
        )
        assert snap_compare(app_at(s, tmp_path), terminal_size=(120, 40))

    def test_end_screen(self, snap_compare: Any, tmp_path: Path) -> None:
        """The winner and Sencha's categories."""
        s = play_until(sencha(("human@Ann", "random@Bo"), seed=9), lambda x: False, seed=9)
        assert s.is_over()
        assert snap_compare(app_at(s, tmp_path), terminal_size=(80, 24))

    def test_replay(self, snap_compare: Any, tmp_path: Path) -> None:
        """A finished Sencha game in the replay viewer, 40 moves in."""
        store = store_in(tmp_path)
        s = play_until(sencha(("human@Ann", "random@Bo"), seed=9), lambda x: False, seed=9)
        SaveKeeper(store).save(s, "sencha")

        async def ready(pilot: Pilot[None]) -> None:
            await pilot.press("home", *["right"] * 40)
            await pilot.pause()

        app = TeaApp(replay=store.load("sencha"), data_dir=tmp_path)
        assert snap_compare(app, terminal_size=(80, 24), run_before=ready)

    def test_new_game_form(self, snap_compare: Any, tmp_path: Path) -> None:
        """The game chooser offers Sencha; its form has the seats and the house rules."""

        async def ready(pilot: Pilot[None]) -> None:
            await pilot.press("n")
            await until(pilot, lambda: isinstance(pilot.app.screen, ChooseGameScreen))
            await pilot.press("2")  # Tea Garden is 1
            await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
            pilot.app.screen.query_one("#new-seed", Input).value = "271828"
            pilot.app.screen.query_one("#name-0", Input).value = "Ann"
            await pilot.pause()

        app = make_title_app(data_dir=tmp_path, processes=False)
        assert snap_compare(app, terminal_size=(80, 24), run_before=ready)
