"""The lobby's new-table form against a real table server, driven by keys: a table of each
offered game, the automa in a solo table, refusals that stay on screen, the empty lobby, and
the form at 80x24."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Select, Static

from ai.levels import level_text
from core.games import GameInfo, find_game, offered_games
from tea_tui.game_ui import ui_for
from tea_tui.serve import lobby
from tea_tui.serve.client_app import EMPTY_LOBBY, LobbyScreen, ServeClientApp
from tea_tui.serve.new_table import NewTableScreen, seat_choices
from tea_tui.serve.protocol import CreateTable
from tests.serve.helpers import Player, cleanup, pick, running_server, short_dir, until


@pytest.fixture
def folder() -> Iterator[Path]:
    path = short_dir()
    yield path
    cleanup(path)


def text_of(app: Any, selector: str) -> str:
    """What a Static of the app's screen shows."""
    return str(app.screen.query_one(selector, Static).render())


async def open_form(pilot: Any, app: ServeClientApp) -> NewTableScreen:
    await until(pilot, lambda: app.client is not None)
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewTableScreen))
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    return screen


@pytest.mark.parametrize("game", [g.id for g in offered_games()])
def test_a_table_of_each_offered_game_through_the_form(folder: Path, game: str) -> None:
    """F2 picks the game from the list, F4 the number of players, each seat its kind, Space
    ticks the game's switch, F3 its first house rule, F6 the AI for an empty seat; F5 opens
    the table the server then lists with all of it, and the form closes."""
    info = find_game(game)
    ui = ui_for(game)
    players = min(3, info.max_seats)

    async def main() -> None:
        async with running_server(folder) as server:
            app = ServeClientApp(server.path, name="Ann", key="key-Ann")
            async with app.run_test(size=(80, 24)) as pilot:
                form = await open_form(pilot, app)
                await pick(pilot, "#table-game", game)
                assert form.info.id == game
                await pilot.press("f4", *["right"] * (players - info.min_seats), "enter")
                await until(pilot, lambda: form.players == players)
                await pick(pilot, "#table-seat-1", "human")
                if players > 2:
                    await pick(pilot, "#table-seat-2", "heuristic")
                expected: dict[str, object] = {}
                if ui.switches:
                    switch = ui.switches[0].name
                    form.query_one(f"#table-switch-{switch}").focus()
                    await pilot.press("space")
                    expected[switch] = True
                if ui.house_rules:
                    await pilot.press("f3")
                    await until(pilot, lambda: app.screen is not form)
                    await pilot.press("space", "f5")
                    await until(pilot, lambda: app.screen is form)
                    expected[ui.house_rules[0].name] = True
                await pick(pilot, "#table-timeout", "mcts:easy")
                # The note describes the level by this game's own games.
                assert level_text(game)["mcts:easy"] in text_of(app, "#table-note")
                await pilot.press("f5")
                await until(pilot, lambda: len(app.tables) == 1)
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
                table = app.tables[0]
                assert table.game == game
                kinds = ["human", "human", "heuristic"][:players]
                assert [s.kind for s in table.seats] == kinds
                assert table.seats[0].player == "Ann"
                assert table.options == ui.check_options(expected) != {}
                words = ui.setup_extras(table.options)
                line = str(app.screen.query_one("#tables").get_option_at_index(0).prompt)
                assert words and words in line
                assert "MCTS easy takes a seat left empty" in line
                assert table.on_timeout == "mcts:easy"

    asyncio.run(main())


def test_a_solo_table_against_the_automa(folder: Path) -> None:
    """Two players at Tea Garden: seat 2 may be Lu Yu at a level, and the note says how a
    solo game is won; with three players he is not offered (he plays solo games only)."""
    info = find_game("tea_garden")
    assert info.automa is not None
    assert "luyu:hard" in [v for _, v in seat_choices(info, 2)]
    assert "luyu:hard" not in [v for _, v in seat_choices(info, 3)]

    async def main() -> None:
        async with running_server(folder) as server:
            app = ServeClientApp(server.path, name="Ann", key="key-Ann")
            async with app.run_test(size=(80, 24)) as pilot:
                form = await open_form(pilot, app)
                await pick(pilot, "#table-game", "tea_garden")
                await pilot.press("f4", "right", "enter")
                await until(pilot, lambda: form.players == 3)
                assert "luyu:hard" not in [v for _, v in form.query_one("#table-seat-1")._options]
                await pilot.press("left", "enter")
                await until(pilot, lambda: form.players == 2)
                await pick(pilot, "#table-seat-1", "luyu:hard")
                assert "Solo: score more than Lu Yu" in text_of(app, "#table-note")
                await pilot.press("f5")
                await until(pilot, lambda: len(app.tables) == 1)
                assert [s.kind for s in app.tables[0].seats] == ["human", "luyu:hard"]

    asyncio.run(main())


def test_tabbing_onto_a_seat_says_how_its_player_plays(folder: Path) -> None:
    """Reaching a seat's drop-down (here F6, the AI for an empty seat) puts the line of the
    player it holds back in the note, without changing anything."""

    async def main() -> None:
        async with running_server(folder) as server:
            app = ServeClientApp(server.path, name="Ann", key="key-Ann")
            async with app.run_test(size=(80, 24)) as pilot:
                form = await open_form(pilot, app)
                lines = level_text(form.info.id)
                await pick(pilot, "#table-timeout", "mcts:easy")
                await pick(pilot, "#table-seat-1", "heuristic")
                assert lines["heuristic"] in text_of(app, "#table-note")
                await pilot.press("f6")
                await until(pilot, lambda: lines["mcts:easy"] in text_of(app, "#table-note"))
                assert form.query_one("#table-timeout", Select).value == "mcts:easy"

    asyncio.run(main())


def test_refusals_stay_on_screen(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server with room for one table refuses Ann's: the form stays open and says why in
    words; Esc goes back. In the lobby, starting Bo's table is refused on a line of its own,
    which stays until the next key."""
    monkeypatch.setattr(lobby, "MAX_TABLES", 1)

    async def main() -> None:
        async with running_server(folder) as server:
            bo = await Player.connect(server.path, "Bo")
            await bo.client.send(CreateTable(game="tea_garden", seats=("human", "human")))
            await bo.view()
            app = ServeClientApp(server.path, name="Ann", key="key-Ann")
            async with app.run_test(size=(80, 24)) as pilot:
                form = await open_form(pilot, app)
                await pilot.press("f5")
                await until(pilot, lambda: not form.waiting)
                note = text_of(app, "#table-note")
                assert "The server refused: this server has 1 tables open" in note
                assert app.screen is form
                await pilot.press("escape")
                await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
                await pilot.press("s")
                await until(pilot, lambda: "Refused" in text_of(app, "#lobby-refused"))
                assert "only Bo, who opened the table, starts it" in text_of(app, "#lobby-refused")
                await pilot.press("down")
                await until(pilot, lambda: text_of(app, "#lobby-refused") == "")

    asyncio.run(main())


def test_an_empty_lobby_says_how_to_open_a_table(folder: Path) -> None:
    async def main() -> None:
        async with running_server(folder) as server:
            app = ServeClientApp(server.path, name="Ann", key="key-Ann")
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: app.client is not None and app.player == "Ann")
                await pilot.pause()
                empty = app.screen.query_one("#lobby-empty", Static)
                assert empty.display and EMPTY_LOBBY.startswith("No tables yet. Press n")
                assert not app.screen.query_one("#tables").display

    asyncio.run(main())


class FormApp(App[None]):
    """The form alone (no server), for its picture."""

    def __init__(self, games: tuple[GameInfo, ...]) -> None:
        super().__init__()
        self.games = games
        self.sent: list[CreateTable] = []

    def compose(self) -> ComposeResult:
        yield Static("")

    def on_mount(self) -> None:
        self.push_screen(NewTableScreen(self.games, self.sent.append, "tea_garden"))


def test_the_form_at_80x24(snap_compare: Any) -> None:
    """Tea Garden, three players (seat 3 heuristic), Puerh ticked, the focus on seat 2."""

    async def ready(pilot: Any) -> None:
        await pilot.pause()
        await pilot.press("f4", "right", "enter")
        await until(pilot, lambda: pilot.app.screen.players == 3)
        await pick(pilot, "#table-seat-2", "heuristic")
        pilot.app.screen.query_one("#table-switch-puerh").focus()
        await pilot.press("space")
        pilot.app.screen.query_one("#table-seat-1").focus()
        await pilot.pause()

    assert snap_compare(FormApp(offered_games()), terminal_size=(80, 24), run_before=ready)
