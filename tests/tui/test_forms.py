"""The forms and dialogs read without colour: check boxes and radio buttons draw their state,
the focused field is marked, the game starts from any field of the new-game form, the key
dialog says what to do and the house-rules dialog's footer offers its own keys. Snapshots at
80 x 24 and 120 x 40, one of them monochrome (NO_COLOR)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from tea_tui.app import TeaApp, make_title_app
from tea_tui.screens.choose_game import ChooseGameScreen
from tea_tui.screens.game import GameScreen
from tea_tui.screens.house_rules import HouseRulesScreen
from tea_tui.screens.new_game import NewGameScreen
from tea_tui.screens.settings import KeyScreen, SettingsScreen
from tea_tui.widgets.toggles import RadioDot, TickBox
from tests.tui.pilot_tools import open_new_game, pilot_test, until


def title_app(base: Path) -> TeaApp:
    return make_title_app(data_dir=base, processes=False)


def drawn(widget: Any) -> str:
    """The text a widget draws (its first line), without styles."""
    return "".join(segment.text for segment in widget.render_line(0))


async def new_game(pilot: Pilot[None]) -> NewGameScreen:
    await open_new_game(pilot)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


@pilot_test
async def test_toggles_draw_their_state_and_the_focus(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot)
        puerh = screen.query_one("#new-puerh", TickBox)
        two, three = screen.query_one("#players-2", RadioDot), screen.query_one("#players-3")
        assert "[ ] Puerh" in drawn(puerh) and ">" not in drawn(puerh)
        assert "●" in drawn(two) and "○" in drawn(three) and "●" not in drawn(three)
        puerh.focus()
        await pilot.press("space")
        await pilot.pause()
        assert puerh.value and ">[x] Puerh" in drawn(puerh)
        solo = screen.query_one("#players-1", RadioDot)
        screen.query_one("#new-players").focus()  # the cursor on the first entry
        await pilot.pause()
        assert drawn(solo).startswith(">○") and drawn(two).startswith(" ●")
        await pilot.press("right", "right")
        await pilot.pause()
        assert drawn(three).startswith(">○") and not drawn(solo).startswith(">")
        await pilot.press("space")
        await pilot.pause()
        assert screen.players == 3
        assert drawn(two).startswith(" ○") and drawn(three).startswith(">●")


@pytest.mark.parametrize("key", ["f5", "ctrl+s"])
@pilot_test
async def test_the_game_starts_from_a_drop_down(tmp_path: Path, key: str) -> None:
    """With a drop-down focused, Enter opens it; F5 and Ctrl+S start the game."""
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot)
        screen.query_one("#kind-1", Select).focus()
        await pilot.press(key)
        await until(pilot, lambda: isinstance(app.screen, GameScreen))


@pilot_test
async def test_a_level_chosen_says_how_strong_it_plays(tmp_path: Path) -> None:
    from ai.levels import level_text

    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot)
        note = screen.query_one("#new-note", Static)
        assert "F5" in str(note.render())  # the form opens with its keys, not a level's line
        screen.query_one("#kind-1", Select).value = "mcts:hard"
        await pilot.pause()
        assert level_text("tea_garden")["mcts:hard"] in str(note.render())
        screen.query_one("#players-1", RadioDot).value = True  # solo against Lu Yu
        await pilot.pause()
        screen.query_one("#solo-level", Select).value = "expert"
        await pilot.pause()
        assert level_text("tea_garden")["luyu:expert"] in str(note.render())


@pilot_test
async def test_tabbing_onto_a_seat_says_how_strong_its_level_plays(tmp_path: Path) -> None:
    """The strength line shows when a seat's level is reached, before anything is changed."""
    from ai.levels import level_text

    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot)
        note = screen.query_one("#new-note", Static)
        assert level_text("tea_garden")["mcts:normal"] not in str(note.render())
        screen.query_one("#kind-1", Select).focus()  # seat 2: MCTS normal by default
        await pilot.pause()
        assert level_text("tea_garden")["mcts:normal"] in str(note.render())
        screen.query_one("#kind-0", Select).focus()  # a person: no line, the last one stays
        await pilot.pause()
        assert level_text("tea_garden")["mcts:normal"] in str(note.render())


@pilot_test
async def test_the_note_and_the_footer_name_the_start_key(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game(pilot)
        note = str(screen.query_one("#new-note", Static).render())
        assert "F5" in note and "Enter: start" not in note
        for key in ("f5", "ctrl+s"):
            assert screen.active_bindings[key].binding.description == "start"


@pilot_test
async def test_house_rules_footer_says_keep_as_the_box_does(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot)
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, HouseRulesScreen))
        await pilot.pause()
        dialog = app.screen
        shown = {b.binding.key: b.binding.description for b in dialog.active_bindings.values()}
        assert shown.get("f5") == "keep"
        assert "F5: keep" in str(dialog.query_one("#rules-title", Static).render())
        footer_text = " ".join(drawn(k) for k in dialog.query("FooterKey"))
        assert "keep" in footer_text and "start" not in footer_text
        assert dialog.query_one("#rules-puerh-off")  # why the Puerh rules are greyed out


@pilot_test
async def test_the_key_dialog_says_what_to_do(tmp_path: Path) -> None:
    app = title_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        app.screen.query_one("#set-keys").focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, KeyScreen))
        await pilot.pause()
        box = app.screen.query_one(".key-box")
        assert box.size.width >= 40 and box.size.height >= 6
        words = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert "Press the key" in words and "Esc" in words and "Now: 1" in words
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert app.settings.keys == {}


# --- snapshots -------------------------------------------------------------------------------


def _form(focus: str) -> Any:
    async def ready(pilot: Pilot[None]) -> None:
        screen = await new_game(pilot)
        await pilot.click("#players-3")
        screen.query_one("#new-seed", Input).value = "271828"
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#new-puerh", TickBox).value = True
        screen.query_one(focus).focus()
        await pilot.pause()

    return ready


class TestFormSnapshots:
    """The new-game form, the settings and their dialogs."""

    @pytest.mark.parametrize("size", [(80, 24), (120, 40)])
    def test_new_game_form(self, snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
        """Three players, Puerh ticked, the focus on the Players row."""
        app = title_app(tmp_path)
        assert snap_compare(app, terminal_size=size, run_before=_form("#new-players"))

    def test_new_game_form_monochrome(
        self, snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Without colour: [x], ● and ○ and the focus mark still say it all."""
        monkeypatch.setenv("NO_COLOR", "1")
        app = title_app(tmp_path)
        assert snap_compare(app, terminal_size=(80, 24), run_before=_form("#kind-1"))

    @pytest.mark.parametrize("size", [(80, 24), (120, 40)])
    def test_house_rules(self, snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
        async def ready(pilot: Pilot[None]) -> None:
            await new_game(pilot)
            await pilot.press("f3")
            await until(pilot, lambda: isinstance(pilot.app.screen, HouseRulesScreen))
            await pilot.press("space")
            await pilot.pause()

        assert snap_compare(title_app(tmp_path), terminal_size=size, run_before=ready)

    @pytest.mark.parametrize("size", [(80, 24), (120, 40)])
    def test_settings(self, snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
        async def ready(pilot: Pilot[None]) -> None:
            await pilot.press("s")
            await until(pilot, lambda: isinstance(pilot.app.screen, SettingsScreen))
            where = pilot.app.screen.query_one("#set-file", Static)
            where.update("Saved in DATA/config/settings.json")  # not the test's own folder
            await pilot.pause()

        assert snap_compare(title_app(tmp_path), terminal_size=size, run_before=ready)

    @pytest.mark.parametrize("size", [(80, 24), (120, 40)])
    def test_key_dialog(self, snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
        async def ready(pilot: Pilot[None]) -> None:
            await pilot.press("s")
            await until(pilot, lambda: isinstance(pilot.app.screen, SettingsScreen))
            where = pilot.app.screen.query_one("#set-file", Static)
            where.update("Saved in DATA/config/settings.json")  # not the test's own folder
            pilot.app.screen.query_one("#set-keys").focus()
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, KeyScreen))
            await pilot.pause()

        assert snap_compare(title_app(tmp_path), terminal_size=size, run_before=ready)

    @pytest.mark.parametrize("size", [(80, 24), (120, 40)])
    def test_game_chooser(self, snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
        """Every offered game with its seats; a long blurb wraps under the name, not the number."""

        async def ready(pilot: Pilot[None]) -> None:
            await pilot.press("n")
            await until(pilot, lambda: isinstance(pilot.app.screen, ChooseGameScreen))
            await pilot.pause()

        assert snap_compare(title_app(tmp_path), terminal_size=size, run_before=ready)
