"""``tea-tui web``: the page is served, and a browser's websocket gets the client app, which
asks the player's name and then shows the lobby of the tables served alongside."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")
from aiohttp import ClientSession, WSMsgType, web

from tea_tui.serve.protocol import CreateTable, PlayMoves, StartTable, TableView
from tea_tui.serve.web import WebFront
from tests.serve.helpers import WAIT, Player, children_ended, cleanup, short_dir


@pytest.fixture
def folder() -> Iterator[Path]:
    path = short_dir()
    yield path
    cleanup(path)


def test_a_browser_gets_the_lobby_and_joins_by_name(folder: Path) -> None:
    """The page loads; through its websocket the app asks a name, and with it the player is
    in the lobby, known to the table server as web:NAME; they take a seat at Ann's table and
    play every decision with keys from the page, seeing Ann's moves arrive, to the end."""

    async def main() -> None:
        front = WebFront(folder, host="127.0.0.1", port=0)
        runner = web.AppRunner(await front.make_app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        try:
            async with ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/") as page:
                    assert page.status == 200
                    assert "/ws" in await page.text()
                url = f"ws://127.0.0.1:{port}/ws?width=100&height=30"
                async with http.ws_connect(url) as ws:
                    screen = bytearray()

                    async def until_seen(words: bytes) -> None:
                        async def read() -> None:
                            while words not in screen:
                                message = await ws.receive()
                                if message.type == WSMsgType.BINARY:
                                    screen.extend(message.data)
                                elif message.type != WSMsgType.TEXT:
                                    raise AssertionError(f"the app ended: {screen[-500:]!r}")

                        await asyncio.wait_for(read(), WAIT)

                    await until_seen(b"Your name at the table")
                    await ws.send_str(json.dumps(["stdin", "Wen\r"]))
                    await until_seen(b"you are Wen")
                    ann = await Player.connect(front.tables.path, "Ann")
                    assert "web:Wen" in front.tables.lobby.connected
                    seats = ("human", "human")
                    await ann.client.send(CreateTable(game="tasting", seats=seats))
                    table = (await ann.view()).table.id
                    await until_seen(table.encode())

                    async def press_until(keys: str, done: object) -> TableView:
                        for _ in range(100):  # a key counts once the page shows its screen
                            await ws.send_str(json.dumps(["stdin", keys]))
                            try:
                                return await asyncio.wait_for(ann.view(done), 2.0)  # type: ignore[arg-type]
                            except TimeoutError:
                                continue
                        raise AssertionError("the key never counted")

                    await press_until("\r", lambda v: v.table.seats[1].player == "Wen")
                    await ann.client.send(StartTable(table))
                    view = await ann.view(lambda v: v.table.status == "playing")
                    while view.outcome is None:
                        made = view.moves_made
                        if view.to_move == 0:
                            await ann.client.send(PlayMoves(table, 0, (view.legal[0],), made))
                            view = await ann.view(lambda v, m=made: v.moves_made > m)  # type: ignore[misc]
                        else:
                            view = await press_until("1", lambda v, m=made: v.moves_made > m)
                    assert view.final is not None and len(view.final.moves) == 6
                    await until_seen(b"rematch")  # the end screen, in the page
                    await ann.close()
            await children_ended()
        finally:
            await runner.cleanup()

    asyncio.run(main())
