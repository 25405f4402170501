"""The client's end of the table server's socket: send requests, receive what the server says.

client = await TableClient.connect(path, name="Ann", key="local:ann")
welcome = await client.receive()
await client.send(CreateTable(game="tasting", seats=("human", "human")))
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import msgspec

from tea_tui.serve.protocol import (
    MAX_REPLY,
    Hello,
    Reply,
    decode_reply,
    frame,
    read_frame,
)


class ServerGoneError(ConnectionError):
    """The table server closed the connection."""


class TableClient:
    """A connection to the table server."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(cls, path: Path | str, *, name: str, key: str) -> TableClient:
        """Connect to the server's socket and say who this is.

        Raises:
            ServerGoneError: if no server listens there.
        """
        try:
            reader, writer = await asyncio.open_unix_connection(str(path), limit=MAX_REPLY)
        except (FileNotFoundError, ConnectionRefusedError) as exc:
            raise ServerGoneError(f"no tea-tui server listens at {path}: {exc.strerror}") from None
        client = cls(reader, writer)
        await client.send(Hello(name, key))
        return client

    async def send(self, message: msgspec.Struct) -> None:
        """Send one request.

        Raises:
            ServerGoneError: if the connection is closed.
        """
        try:
            self.writer.write(frame(message))
            await self.writer.drain()
        except (ConnectionError, OSError) as exc:
            raise ServerGoneError(f"the server closed the connection ({exc})") from None

    async def send_raw(self, data: bytes) -> None:
        """Send bytes as they are (the tests' malformed frames)."""
        self.writer.write(data)
        await self.writer.drain()

    async def receive(self) -> Reply:
        """Wait for the server's next message.

        Raises:
            ServerGoneError: if the server closed the connection.
            ProtocolError: if what came is not a message.
        """
        return (await self.receive_frame())[1]

    async def receive_frame(self) -> tuple[bytes, Reply]:
        """Wait for the server's next message; return its bytes as they came, and it.

        Raises:
            ServerGoneError, ProtocolError: as :meth:`receive`.
        """
        try:
            body = await read_frame(self.reader, MAX_REPLY)
        except ConnectionError as exc:
            raise ServerGoneError(f"the server closed the connection ({exc})") from None
        if body is None:
            raise ServerGoneError("the server closed the connection")
        return body, decode_reply(body)

    async def close(self) -> None:
        """Close the connection."""
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()
