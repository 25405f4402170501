"""Setting up Sencha in the app: the chooser, the form's house rules, the seats; the game that
starts has them, and the next New game remembers Sencha."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.widgets import Checkbox, Input, Select

from tea_tui.games.sencha.session import SenchaSession
from tests.tui.pilot_tools import open_new_game, pilot_test, until

if TYPE_CHECKING:
    from textual.app import App
    from textual.pilot import Pilot

    from tea_tui.screens.new_game import NewGameScreen


async def sencha_form(pilot: Pilot[None], app: App[None]) -> NewGameScreen:
    """Wait for the title screen and open Sencha's new-game form from it."""
    from tea_tui.screens.new_game import NewGameScreen
    from tea_tui.screens.title import TitleScreen

    await until(pilot, lambda: isinstance(app.screen, TitleScreen))
    await open_new_game(pilot, "sencha")
    form = app.screen
    assert isinstance(form, NewGameScreen) and form.info.id == "sencha"
    return form


@pilot_test
async def test_sencha_set_up_from_the_title_with_house_rules(tmp_path: Path) -> None:
    from tea_tui.app import make_title_app
    from tea_tui.screens.choose_game import ChooseGameScreen
    from tea_tui.screens.game import GameScreen
    from tea_tui.screens.house_rules import HouseRulesScreen
    from tea_tui.screens.title import TitleScreen

    app = make_title_app(data_dir=tmp_path, processes=False, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await sencha_form(pilot, app)
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, HouseRulesScreen))
        dialog = app.screen
        dialog.query_one("#rule-no_money_cap", Checkbox).value = True
        dialog.query_one("#rule-initial_donkey", Checkbox).value = True
        await pilot.press("f5")
        await until(pilot, lambda: app.screen is form)
        assert form.house_rules == ("no_money_cap", "initial_donkey")
        form.query_one("#kind-1", Select).value = "random"
        form.query_one("#name-0", Input).value = "Ann"
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert isinstance(session, SenchaSession)
        assert session.game.options.money_cap is None
        assert session.game.options.initial_worker == "donkey"
        assert session.state.pub.players[0].workers[0].kind == "donkey"
        assert session.names[0] == "Ann"
        await pilot.press("q", "y")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, ChooseGameScreen))
        chooser = app.screen
        assert isinstance(chooser, ChooseGameScreen) and chooser.last == "sencha"


@pilot_test
async def test_a_rematch_keeps_sencha_and_its_house_rules(tmp_path: Path) -> None:
    from tea_tui.app import TeaApp
    from tea_tui.screens.end import EndScreen
    from tea_tui.screens.new_game import NewGameScreen
    from tests.tui.sencha.helpers import play_until, sencha

    s = play_until(sencha(options={"money_cap": None}, seed=4), lambda x: False)
    assert s.is_over()
    app = TeaApp(s, data_dir=tmp_path, processes=False, pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert form.info.id == "sencha" and form.house_rules == ("no_money_cap",)
        assert form.query_one("#new-seed", Input).value == str(s.seed)


@pilot_test
async def test_a_sencha_level_is_described_by_sencha_games(tmp_path: Path) -> None:
    """The note beside a chosen level gives Sencha's own line, never Tea Garden's."""
    from textual.widgets import Static

    from ai.levels import level_text
    from tea_tui.app import make_title_app

    app = make_title_app(data_dir=tmp_path, processes=False, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await sencha_form(pilot, app)
        form.query_one("#kind-1", Select).value = "mcts:hard"
        await pilot.pause()
        note = str(form.query_one("#new-note", Static).render())
        assert level_text("sencha")["mcts:hard"] in note
        assert level_text("tea_garden")["mcts:hard"] not in note
