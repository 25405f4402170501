"""The client app (lobby and game screen) against a real table server, driven by keys."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core.games import find_game
from tea_tui.serve.client_app import LobbyScreen, ServeClientApp
from tea_tui.serve.new_table import NewTableScreen
from tea_tui.serve.protocol import Chat, CreateTable, PlayMoves, StartTable, TakeSeat
from tea_tui.serve.remote_screen import RemoteParts
from tests.serve.helpers import Player, cleanup, pick, running_server, short_dir, until

TASTING = find_game("tasting")


@pytest.fixture
def folder() -> Iterator[Path]:
    path = short_dir()
    yield path
    cleanup(path)


def test_a_player_opens_a_table_and_plays_a_whole_game_by_keys(folder: Path) -> None:
    """Ann (the app) opens a Tasting Duel table, Bo (a scripted client) sits down, Ann starts,
    sees Bo's chat line (as text, not markup) and plays every decision with the menu's keys;
    the game ends on both sides alike."""

    async def main() -> None:
        async with running_server(folder) as server:
            app = ServeClientApp(server.path, name="Ann", key="key-Ann", games=(TASTING,))
            async with app.run_test(size=(120, 40)) as pilot:
                await until(pilot, lambda: app.client is not None and app.player == "Ann")
                await pilot.press("n")
                await until(pilot, lambda: isinstance(app.screen, NewTableScreen))
                await pick(pilot, "#table-seat-1", "human")
                await pilot.press("f5")
                await until(pilot, lambda: len(app.tables) == 1)
                table = app.tables[0].id
                bo = await Player.connect(server.path, "Bo")
                await bo.client.send(TakeSeat(table, 1))
                await until(pilot, lambda: app.tables[0].seats[1].player == "Bo")
                assert isinstance(app.screen, LobbyScreen)
                await pilot.press("s")
                await until(pilot, lambda: isinstance(app.screen, RemoteParts))
                await bo.client.send(Chat(table, "good luck [b]Ann[/b]"))
                await until(
                    pilot,
                    lambda: any(
                        "Bo: good luck [b]Ann[/b]" in str(n.message) for n in app._notifications
                    ),
                )
                bo_task = asyncio.create_task(bo.play_out(table))
                screen = app.screen
                for _ in range(20):
                    await until(
                        pilot,
                        lambda: screen.session.is_over() or screen.session.human_to_move,  # type: ignore[attr-defined]
                    )
                    if screen.session.is_over():  # type: ignore[attr-defined]
                        break
                    made = screen.moves_made  # type: ignore[attr-defined]
                    await pilot.press("1")
                    await until(pilot, lambda m=made: screen.moves_made > m)  # type: ignore[attr-defined]
                end = await asyncio.wait_for(bo_task, 60)
                assert screen.session.is_over()  # type: ignore[attr-defined]
                assert screen.session.outcome() == end.outcome  # type: ignore[attr-defined]

    asyncio.run(main())


def test_a_whole_tea_garden_game_on_its_own_screens_from_one_seats_view(folder: Path) -> None:
    """Tea Garden's own game screen (its panels, menus and confirmations) plays a whole game
    on a mirror of Ann's seat: she takes the free seat at Bo's table with Enter and answers
    each of her decisions with Enter (and y to confirm); Bo plays through the protocol. Her
    end screen shows the same outcome as his."""
    from tea_tui.screens.end import EndScreen
    from tea_tui.screens.modals import ConfirmScreen

    async def main() -> None:
        async with running_server(folder) as server:
            bo = await Player.connect(server.path, "Bo")
            await bo.client.send(CreateTable(game="tea_garden", seats=("human", "human")))
            table = (await bo.view()).table.id
            app = ServeClientApp(server.path, name="Ann", key="key-Ann")
            async with app.run_test(size=(120, 40)) as pilot:
                await until(pilot, lambda: app.client is not None and len(app.tables) == 1)
                await pilot.press("enter")
                await bo.view(lambda v: v.table.seats[1].player == "Ann")
                await bo.client.send(StartTable(table))
                await until(pilot, lambda: isinstance(app.screen, RemoteParts | ConfirmScreen))
                pick = lambda v: v.legal[(v.moves_made * 7) % len(v.legal)]  # noqa: E731
                bo_task = asyncio.create_task(bo.play_out(table, pick))
                screen: Any = app.screen
                for _ in range(5000):
                    if bo_task.done():
                        break
                    await pilot.pause(0.01)
                    if isinstance(app.screen, ConfirmScreen):
                        await pilot.press("y")
                    elif id(app.screen) == id(screen) and screen.session.human_to_move:
                        await pilot.press("enter")
                end = await asyncio.wait_for(bo_task, 60)
                await until(pilot, lambda: isinstance(app.screen, EndScreen))
                assert screen.session.outcome() == end.outcome
                assert screen.moves_made == len(end.final.moves) > 50  # type: ignore[union-attr]

    asyncio.run(main())


def test_the_chat_screen_keeps_every_line_and_sends_what_is_typed(folder: Path) -> None:
    """At a shared table, C opens the table's chat: every line kept (a line said twice shows
    twice), newest last, as text rather than markup; what Ann types there reaches Bo; lines that
    come while it is open join it instead of popping up; the game screen under it keeps up with
    the table (Bo's move lands while Ann reads); Esc goes back to the game."""
    from textual.widgets import Input, Static

    from tea_tui.serve.chat import ChatScreen

    def said(app: ServeClientApp, text: str) -> int:
        return sum(text in str(n.message) for n in app._notifications)

    async def main() -> None:
        async with running_server(folder) as server:
            app = ServeClientApp(server.path, name="Ann", key="key-Ann", games=(TASTING,))
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: app.client is not None and app.player == "Ann")
                await pilot.press("n")
                await until(pilot, lambda: isinstance(app.screen, NewTableScreen))
                await pick(pilot, "#table-seat-1", "human")
                await pilot.press("f5")
                await until(pilot, lambda: len(app.tables) == 1)
                table = app.tables[0].id
                bo = await Player.connect(server.path, "Bo")
                await bo.client.send(TakeSeat(table, 1))
                await until(pilot, lambda: app.tables[0].seats[1].player == "Bo")
                await pilot.press("s")
                await until(pilot, lambda: isinstance(app.screen, RemoteParts))
                game: Any = app.screen
                await until(pilot, lambda: game.session.human_to_move)
                await pilot.press("1")  # Ann's move: Bo is to move next
                view = await bo.view(lambda v: v.to_move == 1)
                await bo.client.send(Chat(table, "gg"))
                await bo.client.send(Chat(table, "gg"))
                await until(pilot, lambda: said(app, "Bo: gg") == 2)
                await pilot.press("C")
                await until(pilot, lambda: isinstance(app.screen, ChatScreen))
                chat: Any = app.screen
                shown = lambda: str(chat.query_one("#chat-lines", Static).render())  # noqa: E731
                assert shown().splitlines() == ["Bo: gg", "Bo: gg"]
                assert chat.query_one(Input).has_focus
                await pilot.press(*"hi [b]Bo[/b]", "enter")
                heard = await bo.view(lambda v: bool(v.chat) and v.chat[-1].startswith("Ann"))
                assert heard.chat[-1] == "Ann: hi [b]Bo[/b]"
                await until(pilot, lambda: shown().endswith("Ann: hi [b]Bo[/b]"))
                assert chat.query_one(Input).value == ""
                made = game.moves_made
                await bo.client.send(PlayMoves(table, 1, (view.legal[0],), view.moves_made))
                await bo.client.send(Chat(table, "your turn"))
                await until(pilot, lambda: shown().endswith("Bo: your turn"))
                assert game.moves_made == made + 1
                assert said(app, "your turn") == 0
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is game)
                assert game.session.human_to_move

    asyncio.run(main())
