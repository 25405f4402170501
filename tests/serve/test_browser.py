"""``tea-tui web`` in headless Chromium (Debian's chromium; skipped where it is missing): the
page loads, the player types a name, takes the free seat at Ann's table, makes every move with
keys, and sees Ann's moves arrive. The browser is driven over the DevTools protocol."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual_serve")
from aiohttp import ClientSession, web

from tea_tui.serve.protocol import CreateTable, PlayMoves, StartTable, TableView
from tea_tui.serve.web import WebFront
from tests.serve.helpers import WAIT, Player, children_ended, cleanup, short_dir

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def folder() -> Iterator[Path]:
    path = short_dir()
    yield path
    cleanup(path)


class Page:
    """One page of a headless browser, over the DevTools protocol."""

    def __init__(self, ws: Any, session: str) -> None:
        self.ws = ws
        self.session = session
        self.ids = itertools.count(1)

    async def call(self, method: str, **params: object) -> dict[str, Any]:
        number = next(self.ids)
        message = {"id": number, "method": method, "params": params, "sessionId": self.session}
        await self.ws.send_str(json.dumps(message))
        while True:
            reply = json.loads((await asyncio.wait_for(self.ws.receive(), WAIT)).data)
            if reply.get("id") == number:
                return dict(reply.get("result", {}))

    async def type_text(self, text: str) -> None:
        await self.call("Input.insertText", text=text)

    async def enter(self) -> None:
        for kind in ("keyDown", "keyUp"):
            await self.call(
                "Input.dispatchKeyEvent",
                type=kind,
                key="Enter",
                code="Enter",
                windowsVirtualKeyCode=13,
                text="\r" if kind == "keyDown" else "",
            )

    async def click_middle(self) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            await self.call(
                "Input.dispatchMouseEvent", type=kind, x=400, y=300, button="left", clickCount=1
            )


async def open_page(url: str, profile: Path) -> tuple[asyncio.subprocess.Process, Any, Any, Page]:
    browser = await asyncio.create_subprocess_exec(
        str(CHROMIUM), "--headless=new", "--no-sandbox", "--disable-gpu",
        "--remote-debugging-port=0", f"--user-data-dir={profile}", "--window-size=1200,900",
        "about:blank",
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert browser.stderr is not None
    endpoint = ""
    while not endpoint:
        line = (await asyncio.wait_for(browser.stderr.readline(), WAIT)).decode()
        assert line, "chromium ended before it listened"
        if "DevTools listening on " in line:
            endpoint = line.split("DevTools listening on ", 1)[1].strip()
    http = ClientSession()
    ws = await http.ws_connect(endpoint, max_msg_size=0)
    await ws.send_str(
        json.dumps({"id": 1, "method": "Target.createTarget", "params": {"url": url}})
    )
    target = ""
    while not target:
        reply = json.loads((await ws.receive()).data)
        if reply.get("id") == 1:
            target = reply["result"]["targetId"]
    attach = {"targetId": target, "flatten": True}
    await ws.send_str(json.dumps({"id": 2, "method": "Target.attachToTarget", "params": attach}))
    session = ""
    while not session:
        reply = json.loads((await ws.receive()).data)
        if reply.get("id") == 2:
            session = reply["result"]["sessionId"]
    return browser, http, ws, Page(ws, session)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (.ci/run installs it)")
def test_a_game_in_headless_chromium(folder: Path) -> None:
    async def main() -> None:
        front = WebFront(folder, host="127.0.0.1", port=0)
        runner = web.AppRunner(await front.make_app())
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        front.public_url = f"http://127.0.0.1:{port}"  # the page's links name the real port
        browser, http, ws, page = await open_page(f"http://127.0.0.1:{port}/", folder / "p")
        try:
            ann = await Player.connect(front.tables.path, "Ann")
            await ann.client.send(CreateTable(game="tasting", seats=("human", "human")))
            table = (await ann.view()).table.id

            async def until(check: Any, act: Any) -> Any:
                for _ in range(60):  # the page and its app take a while to start
                    await act()
                    await asyncio.sleep(1.0)
                    found = check()
                    if found:
                        return found
                raise AssertionError("the page never got there")

            async def name() -> None:
                await page.click_middle()
                await page.type_text("Wen")
                await page.enter()

            await until(lambda: "web:Wen" in front.tables.lobby.connected, name)

            async def press_until(act: Any, done: Any) -> TableView:
                for _ in range(60):
                    await act()
                    with contextlib.suppress(TimeoutError):
                        return await asyncio.wait_for(ann.view(done), 2.0)
                raise AssertionError("the key from the page never counted")

            await press_until(page.enter, lambda v: v.table.seats[1].player == "Wen")
            await ann.client.send(StartTable(table))
            view = await ann.view(lambda v: v.table.status == "playing")
            while view.outcome is None:
                made = view.moves_made
                if view.to_move == 0:
                    await ann.client.send(PlayMoves(table, 0, (view.legal[0],), made))
                    view = await ann.view(lambda v, m=made: v.moves_made > m)  # type: ignore[misc]
                else:
                    view = await press_until(
                        lambda: page.type_text("1"), lambda v, m=made: v.moves_made > m
                    )
            assert view.final is not None and len(view.final.moves) == 6
            await ann.close()
        finally:
            await ws.close()
            await http.close()
            browser.terminate()
            assert browser.stderr is not None
            await browser.stderr.read()  # to its end, so that the pipe closes with the loop open
            await browser.wait()
            for _ in range(100):  # the page's app ends with its websocket
                if "web:Wen" not in front.tables.lobby.connected:
                    break
                await asyncio.sleep(0.1)
            await children_ended()  # and textual-serve's app process has ended
            await runner.cleanup()

    asyncio.run(main())
