"""A table server on a temporary socket, and scripted players that talk the protocol."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from tea_tui.serve.client import TableClient
from tea_tui.serve.lobby import Lobby
from tea_tui.serve.protocol import (
    LobbyList,
    PlayMoves,
    Refused,
    Reply,
    TableView,
    Welcome,
)
from tea_tui.serve.server import TableServer

T = TypeVar("T")

WAIT = 60.0
"""Seconds a test waits for a message before it fails (generous: the machine is shared)."""


def short_dir() -> Path:
    """A fresh folder with a short path (a Unix socket's path has at most 107 bytes)."""
    return Path(tempfile.mkdtemp(prefix="tt-"))


@asynccontextmanager
async def running_server(
    data_dir: Path, *, seed: int = 7, seat_timeout: float | None = None
) -> AsyncIterator[TableServer]:
    """A table server on ``data_dir/s.sock`` with a fixed seed, stopped afterwards."""
    lobby = Lobby(data_dir, seat_timeout=seat_timeout, processes=False, seeds=lambda: seed)
    server = TableServer(lobby, data_dir / "s.sock")
    await server.start()
    try:
        yield server
    finally:
        for player in list(_CONNECTED):  # a test need not close its players itself
            await player.close()
        await server.stop()


_CONNECTED: list[Player] = []
"""The scripted players connected and not yet closed."""


@dataclass
class Player:
    """A scripted client: it keeps every message it receives (and their bytes).

    A task of its own reads the socket, so that giving up a wait (``asyncio.wait_for``) never
    cuts a message in two.
    """

    client: TableClient
    name: str
    got: list[Reply] = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)
    inbox: asyncio.Queue[tuple[bytes, Reply] | Exception] = field(default_factory=asyncio.Queue)
    reader: asyncio.Task[None] | None = None

    @classmethod
    async def connect(cls, path: Path, name: str, key: str | None = None) -> Player:
        """Connect and wait for the welcome."""
        client = await TableClient.connect(path, name=name, key=key or f"key-{name}")
        player = cls(client, name)
        player.reader = asyncio.create_task(player._read())
        _CONNECTED.append(player)
        await player.expect(Welcome)
        return player

    async def _read(self) -> None:
        while True:
            try:
                found = await self.client.receive_frame()
            except Exception as exc:
                self.inbox.put_nowait(exc)
                return
            self.inbox.put_nowait(found)

    async def receive(self) -> Reply:
        """The next message (kept with its encoded bytes)."""
        found = await asyncio.wait_for(self.inbox.get(), WAIT)
        if isinstance(found, Exception):
            self.inbox.put_nowait(found)
            raise found
        body, reply = found
        self.got.append(reply)
        self.raw.append(body)
        return reply

    def raw_of(self, reply: Reply) -> bytes:
        """The bytes a received message came in, as the server sent them."""
        return self.raw[next(i for i, r in enumerate(self.got) if r is reply)]

    async def expect(self, kind: type[T], when: Callable[[T], bool] = lambda _: True) -> T:
        """Skip messages until one of ``kind`` for which ``when`` holds."""
        while True:
            reply = await self.receive()
            if isinstance(reply, kind) and when(reply):
                return reply

    async def refused(self) -> Refused:
        """Wait for the next refusal."""
        return await self.expect(Refused)

    async def view(self, when: Callable[[TableView], bool] = lambda _: True) -> TableView:
        """Wait for a table view for which ``when`` holds."""
        return await self.expect(TableView, when)

    async def latest(self, table: str) -> TableView:
        """The last view of ``table`` received (waiting for one if none came yet)."""
        seen = [r for r in self.got if isinstance(r, TableView) and r.table.id == table]
        return seen[-1] if seen else await self.view(lambda v: v.table.id == table)

    async def lobby(self, when: Callable[[LobbyList], bool] = lambda _: True) -> LobbyList:
        """Wait for a lobby list for which ``when`` holds."""
        return await self.expect(LobbyList, when)

    async def play_out(
        self, table: str, choose: Callable[[TableView], str] | None = None
    ) -> TableView:
        """Play this seat's decisions (the first legal move, or ``choose``'s) until the end."""
        view = await self.latest(table)
        while True:
            if view.outcome is not None:
                return view
            if view.you is not None and view.to_move == view.you and view.legal:
                move = choose(view) if choose is not None else view.legal[0]
                await self.client.send(PlayMoves(table, view.you, (move,), view.moves_made))
            view = await self.view(lambda v: v.table.id == table)

    async def close(self) -> None:
        """Disconnect."""
        if self in _CONNECTED:
            _CONNECTED.remove(self)
        await self.client.close()
        if self.reader is not None:
            self.reader.cancel()


def child_processes() -> list[int]:
    """The process ids whose parent is this process (Linux's /proc; none elsewhere)."""
    me = str(os.getpid())
    found = []
    for entry in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = entry.read_text().rpartition(")")[2].split()
        except OSError:  # ended while we looked
            continue
        if len(fields) > 1 and fields[1] == me:
            found.append(int(entry.parent.name))
    return found


async def children_ended(tries: int = 200) -> None:
    """Let the event loop run until this process has no child left (the apps textual-serve
    started for the page's websockets end after it asks them to quit), and a moment more, so
    that their transports close while the loop still runs instead of warning later."""
    for _ in range(tries):
        if not child_processes():
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.1)


def cleanup(folder: Path) -> None:
    """Remove a folder made by :func:`short_dir`."""
    shutil.rmtree(folder, ignore_errors=True)


async def until(pilot: object, check: object, tries: int = 600) -> None:
    """Let the app run until ``check()`` holds (no timing: a bounded number of pauses)."""
    for _ in range(tries):
        if check():  # type: ignore[operator]
            return
        await pilot.pause(0.05)  # type: ignore[attr-defined]
    raise AssertionError("the app did not get there")


async def pick(pilot: Any, select: str, value: str) -> None:
    """Choose ``value`` in a drop-down by keys: focus it, Enter opens it, Home, Down to the
    value, Enter."""
    from textual.widgets import Select

    widget: Any = pilot.app.screen.query_one(select, Select)
    values = [v for _, v in widget._options]
    widget.focus()
    await pilot.press("enter", "home", *["down"] * values.index(value), "enter")
    await pilot.pause()
    assert widget.value == value, f"{select} says {widget.value!r}, not {value!r}"
