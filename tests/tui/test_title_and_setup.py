"""The screens around the game, driven by Pilot: the title screen and Continue, the new-game
screen, the settings and the keys they remap."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox, Input, RadioButton, Select

from core.seats import SeatSpec
from tea_tui.app import TeaApp, make_app, make_title_app
from tea_tui.screens.choose_game import ChooseGameScreen
from tea_tui.screens.game import GameScreen
from tea_tui.screens.help import HelpScreen
from tea_tui.screens.new_game import NewGameScreen
from tea_tui.screens.saves_list import SavesScreen
from tea_tui.screens.settings import KeyScreen, SettingsScreen
from tea_tui.screens.title import TitleScreen
from tea_tui.settings import Settings, load_settings, save_settings, settings_path
from tea_tui.widgets.menu_list import MenuList
from tests.tui.pilot_tools import autosaved, open_new_game, pilot_test, played, until


def title_app(base: Path) -> TeaApp:
    return make_title_app(data_dir=base, processes=False)


def title(app: TeaApp) -> TitleScreen:
    assert isinstance(app.screen, TitleScreen), app.screen
    return app.screen


# --- the title screen ---------------------------------------------------------------------------


@pilot_test
async def test_title_lists_every_entry_and_continue_is_off_without_a_game(tmp_path: Path) -> None:
    """The seven entries; Continue is disabled when there is no autosave, and says so."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: title(app).checked)
        menu = app.screen.query_one("#title-menu", MenuList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == ["continue", "new", "load", "replays", "help", "settings", "quit"]
        assert menu.get_option_at_index(0).disabled
        assert menu.highlighted == 1
        await pilot.press("c")
        assert any("no game to continue" in n.message.lower() for n in app._notifications)


@pilot_test
async def test_continue_resumes_the_autosave(tmp_path: Path) -> None:
    """title-continue: after an autosave, Continue is highlighted and opens that game."""
    session = played(moves=30)
    autosaved(tmp_path, session)
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: title(app).checked)
        menu = app.screen.query_one("#title-menu", MenuList)
        assert not menu.get_option_at_index(0).disabled and menu.highlighted == 0
        assert "Ann, Bo · round 2/5" in title(app).continue_note
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert isinstance(app.screen, GameScreen)
        resumed = app.screen.session
        # (an AI seat to move may have moved on already)
        assert resumed.moves[:30] == session.moves and resumed.names == ["Ann", "Bo"]
        assert [e.text for e in resumed.log[: len(session.log)]] == [e.text for e in session.log]


@pilot_test
async def test_title_keys_open_their_screens(tmp_path: Path) -> None:
    """title-new, title-load, title-replays, title-help, title-settings, title-quit."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for key, screen_type in (
            ("n", ChooseGameScreen),  # Tea Garden and Sencha are offered
            ("l", SavesScreen),
            ("r", SavesScreen),
            ("h", HelpScreen),
            ("s", SettingsScreen),
        ):
            await pilot.press(key)
            await until(pilot, lambda t=screen_type: isinstance(app.screen, t))
            if key == "r":
                assert app.screen.replays  # type: ignore[attr-defined]
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@pilot_test
async def test_title_help_jumps_to_a_games_part_by_its_number(tmp_path: Path) -> None:
    """title-help: the help lists the games by number, and 2 scrolls to Sencha's part,
    which sits below the whole Tea Garden part; 1 scrolls back up to Tea Garden's."""
    from textual.containers import VerticalScroll

    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        box = app.screen.query_one("#help-box", VerticalScroll)
        await pilot.pause()
        assert box.scroll_y == 0
        await pilot.press("2")
        await until(pilot, lambda: box.scroll_y > 0)
        sencha_at = box.scroll_y
        await pilot.press("1")
        await until(pilot, lambda: 0 < box.scroll_y < sencha_at)


@pilot_test
async def test_leaving_a_game_goes_back_to_the_title_and_keeps_it(tmp_path: Path) -> None:
    """Quitting mid-game loses nothing: the title screen offers to continue it."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        app.screen.query_one("#kind-1", Select).value = "random"
        app.screen.query_one("#new-seed", Input).value = "2"  # seat 1 starts
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen) and game.home
        await pilot.press("p")  # the settings file is new: confirmations are on
        await pilot.press("y")
        await until(pilot, lambda: bool(game.session.moves))
        await pilot.press("q")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, TitleScreen) and title(app).autosave)
        assert title(app).autosave is not None
        assert title(app).autosave.moves[0] == "pass"  # type: ignore[union-attr]


# --- the new-game screen --------------------------------------------------------------------


@pilot_test
async def test_new_game_form_sets_up_the_game(tmp_path: Path) -> None:
    """Players, kinds, names, colours, Puerh and the seed all reach the game and the settings."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert not screen.query_one("#players-1", RadioButton).value  # solo: not chosen
        await pilot.click("#players-3")
        assert screen.players == 3 and screen.query_one("#seat-row-2").display
        screen.query_one("#kind-1", Select).value = "mcts:easy"
        screen.query_one("#kind-2", Select).value = "random"
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#colour-0", Select).value = "cyan"
        screen.query_one("#new-puerh", Checkbox).value = True
        screen.query_one("#new-seed", Input).value = "4242"
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        s = app.screen.session  # type: ignore[attr-defined]
        assert [str(x) for x in s.seats] == ["human@Ann", "mcts:easy@MCTS easy", "random@Random"]
        assert s.seed == 4242 and s.puerh and s.colours == ["cyan", "blue", "green"]
    settings, _ = load_settings(settings_path(tmp_path))
    assert settings.last_setup.seats == ["human@Ann", "mcts:easy@MCTS easy", "random@Random"]
    assert "puerh" in settings.last_setup.switches


@pilot_test
async def test_new_game_refuses_a_colour_twice_and_a_bad_seed(tmp_path: Path) -> None:
    """The form says what to fix instead of starting."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        screen = app.screen
        screen.query_one("#colour-1", Select).value = "red"
        await pilot.press("f5")
        note = str(screen.query_one("#new-note").render())
        assert "same colour" in note and isinstance(app.screen, NewGameScreen)
        screen.query_one("#colour-1", Select).value = "blue"
        screen.query_one("#new-seed", Input).value = ""
        await pilot.press("f5")
        assert "seed" in str(screen.query_one("#new-note").render())
        await pilot.press("f2")  # new-seed draws one
        assert screen.query_one("#new-seed", Input).value.isdigit()


@pilot_test
async def test_new_game_remembers_the_last_setup(tmp_path: Path) -> None:
    """The form opens with the setup of the last game and a new seed."""
    path = settings_path(tmp_path)
    remembered = Settings()
    remembered.last_setup.seats = ["human@Kim", "heuristic@H", "human@Lee"]
    save_settings(remembered, path)
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        screen = app.screen
        assert screen.players == 3  # type: ignore[attr-defined]
        assert screen.query_one("#name-0", Input).value == "Kim"
        assert screen.query_one("#kind-1", Select).value == "heuristic"


# --- settings ---------------------------------------------------------------------------------


def test_settings_file_round_trip(tmp_path: Path) -> None:
    """What is saved is read back; a damaged file gives the defaults and a warning."""
    path = tmp_path / "config" / "settings.json"
    assert load_settings(path) == (Settings(), "")
    mine = Settings(theme="light", color="256", pace=1.5, confirm=False, keys={"hint": "z"})
    save_settings(mine, path)
    assert load_settings(path) == (mine, "")
    path.write_text('{"theme": "purple"}', encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == Settings() and str(path) in warning


def test_settings_live_in_the_data_dir_or_the_user_config_dir(tmp_path: Path) -> None:
    """--data-dir DIR keeps them in DIR/config; otherwise platformdirs' user config folder."""
    assert settings_path(tmp_path) == tmp_path / "config" / "settings.json"
    assert settings_path(None).parent.name == "tea-tui"


@pilot_test
async def test_settings_screen_changes_are_saved_and_used(tmp_path: Path) -> None:
    """Theme, colours, pace, confirmations and a key, saved at once and used at once."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.click("#theme-light")
        assert app.theme == "textual-light"
        await pilot.click("#color-256")
        await pilot.click("#set-confirm")
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#set-pace", Select).value = 1.5
        await pilot.pause()
        assert not screen.set_key("hint", "s")  # taken by the scores
        assert screen.set_key("hint", "z")
        await pilot.press("escape")
    settings, warning = load_settings(settings_path(tmp_path))
    assert not warning
    assert (settings.theme, settings.color, settings.pace) == ("light", "256", 1.5)
    assert not settings.confirm and settings.keys == {"hint": "z"}


@pilot_test
async def test_a_remapped_key_works_in_the_game(tmp_path: Path) -> None:
    """settings-keys: the game's hint answers to the key the player gave it."""
    path = settings_path(tmp_path)
    save_settings(Settings(keys={"hint": "z"}), path)
    app = make_app(2, ["human", "random"], 2, pace=0, processes=False, settings_file=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("z")
        await pilot.pause()
        assert type(app.screen).__name__ == "HintScreen"


@pilot_test
async def test_key_capture_screen_returns_the_key(tmp_path: Path) -> None:
    """Enter on a key row asks for the new key; the next key press is it."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#set-keys").focus()  # the first row: menu-1
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, KeyScreen))
        await pilot.press("f9")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert app.settings.keys == {"menu-1": "f9"}


@pilot_test
async def test_ctrl_t_toggles_the_theme(tmp_path: Path) -> None:
    """toggle-theme: Ctrl+T switches light and dark and remembers it."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+t")
        assert app.theme == "textual-light"
    assert load_settings(settings_path(tmp_path))[0].theme == "light"


def test_theme_option_is_for_one_run(tmp_path: Path) -> None:
    """--theme applies to the run without changing the settings file."""
    app = make_title_app(data_dir=tmp_path, processes=False, theme="light")
    assert app.theme == "textual-light" and app.settings.theme == "dark"


def test_seat_specs_keep_names_from_the_form() -> None:
    """The form's names go into the seat specs, so a save shows them."""
    assert str(SeatSpec("mcts", "hard", "Deep Leaf")) == "mcts:hard@Deep Leaf"
