"""The table server: the lobby behind a local (Unix) socket, one connection per client app.

Each connection begins with a :class:`~tea_tui.serve.protocol.Hello` within
:data:`HELLO_TIMEOUT` seconds, then sends requests, one frame each. A frame over the size limit
ends the connection (its bytes cannot be skipped safely); a frame that is not a valid request is
answered with :class:`~tea_tui.serve.protocol.Refused` and the connection goes on. What the
server sends goes through a queue per connection, so a slow client never holds up the others;
one that falls :data:`QUEUE_LIMIT` messages behind is disconnected (its seats are kept).

    server = TableServer(lobby, socket_path)
    await server.start()
    ...
    await server.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from pathlib import Path

from tea_tui.serve.lobby import Lobby
from tea_tui.serve.protocol import (
    MAX_REQUEST,
    ProtocolError,
    Refused,
    Reply,
    decode_hello,
    decode_request,
    frame,
    read_frame,
)
from tea_tui.serve.table import seat_name

log = logging.getLogger("tea_tui.serve")

HELLO_TIMEOUT = 30.0
"""Seconds a new connection has to say who it is (a half-open one is dropped after that)."""
QUEUE_LIMIT = 256
"""Messages a client may fall behind before it is disconnected."""
TIMEOUT_CHECK = 5.0
"""Seconds between checks of the seat timeout."""


class ServerRunningError(RuntimeError):
    """Another table server listens on the socket already."""


async def socket_answers(path: Path) -> bool:
    """True if something accepts connections on the socket at ``path``."""
    if not path.exists():
        return False
    try:
        _, writer = await asyncio.open_unix_connection(str(path))
    except OSError:
        return False
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()
    return True


class Connection:
    """One client app connected to the table server."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.name = ""
        self.key = ""
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.closed = False

    def send(self, reply: Reply) -> None:
        """Queue a message (dropping the connection if it is far behind)."""
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            log.warning("%s falls too far behind: disconnected", self.name or "a client")
            self.close()
            return
        self.queue.put_nowait(frame(reply))

    def close(self) -> None:
        """End the connection (the writer task sends what is queued, then closes)."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def write_loop(self) -> None:
        """Send the queued messages in order until the connection is closed."""
        try:
            while (data := await self.queue.get()) is not None:
                self.writer.write(data)
                await self.writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            self.writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await self.writer.wait_closed()


class TableServer:
    """The lobby's tables served on a Unix socket.

    Args:
        lobby: the tables.
        path: the socket's path (its folder is made private to the server's user).
    """

    def __init__(self, lobby: Lobby, path: Path) -> None:
        self.lobby = lobby
        self.path = path
        self._server: asyncio.AbstractServer | None = None
        self._timeouts: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    async def start(self) -> list[str]:
        """Bring back the saved tables and listen; return the tables that could not be
        brought back, a line each.

        Raises:
            ServerRunningError: if another server answers on the socket already (its
                tables are its own: two servers must not share a folder).
        """
        if await socket_answers(self.path):
            raise ServerRunningError(
                f"a tea-tui server runs already on {self.path.parent} (its socket answers); "
                "stop it first, or give this one another --data-dir"
            )
        problems = self.lobby.restore()
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # left by a server that was killed
        self._server = await asyncio.start_unix_server(self._serve, path=str(self.path))
        os.chmod(self.path, 0o600)
        self._timeouts = asyncio.get_running_loop().create_task(self._check_timeouts())
        return problems

    async def stop(self) -> None:
        """Stop listening and drop every connection (the tables are saved already)."""
        if self._server is not None:
            self._server.close()
        if self._timeouts is not None:
            self._timeouts.cancel()
        for client in list(self.lobby.clients):
            if isinstance(client, Connection):
                client.close()
                client.writer.close()  # the reader sees the end, and its handler returns
        if self._handlers:
            await asyncio.wait(list(self._handlers), timeout=10.0)
        for task in list(self._handlers):
            task.cancel()
        self.lobby.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    async def _check_timeouts(self) -> None:
        while True:
            await asyncio.sleep(TIMEOUT_CHECK)
            self.lobby.check_timeouts()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
        conn = Connection(reader, writer)
        writing = asyncio.get_running_loop().create_task(conn.write_loop())
        joined = False
        try:
            try:
                body = await asyncio.wait_for(read_frame(reader, MAX_REQUEST), HELLO_TIMEOUT)
                if body is None:
                    return
                hello = decode_hello(body)
            except TimeoutError:
                conn.send(Refused(message="no greeting came in time: disconnected"))
                return
            except ProtocolError as exc:
                conn.send(Refused(message=f"{exc}: disconnected", request="Hello"))
                return
            conn.name = seat_name(hello.name)
            conn.key = hello.key
            self.lobby.join(conn)
            joined = True
            while not conn.closed:
                try:
                    body = await read_frame(reader, MAX_REQUEST)
                except ProtocolError as exc:
                    conn.send(Refused(message=f"{exc}: disconnected"))
                    return
                if body is None:
                    return
                try:
                    request = decode_request(body)
                except ProtocolError as exc:
                    conn.send(Refused(message=str(exc)))
                    continue
                await self.lobby.handle(conn, request)
        except (ConnectionError, OSError):
            pass
        finally:
            if joined:
                self.lobby.part(conn)
            conn.close()
            with contextlib.suppress(Exception):
                await writing
            if task is not None:
                self._handlers.discard(task)
