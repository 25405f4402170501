"""The messages between a table server and its clients, and how they travel on a socket.

Every message is a msgspec Struct tagged by its class name and encoded as MessagePack; on the
wire each one is a frame: a 4-byte big-endian length, then that many bytes. A client's requests
are small, so the server reads at most :data:`MAX_REQUEST` bytes per frame; the views it sends
back may hold a long log, up to :data:`MAX_REPLY`. Decoding checks every field's type and size
(names, move texts, chat lines), so a malformed request becomes a :class:`ProtocolError` with a
plain message, never a traceback.

A seat's view carries its observation (what the engine lets that seat know) and the public log;
never the seed, the moves of the game in progress or another seat's observation.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Annotated, Literal

import msgspec

from core.engine import Outcome
from core.setup import GameSetup, OptionValue

MAX_REQUEST = 64 * 1024
"""The largest frame a client may send, in bytes."""
MAX_REPLY = 8 * 1024 * 1024
"""The largest frame the server sends (a view with a whole game's log)."""
HEADER = struct.Struct(">I")

Name = Annotated[str, msgspec.Meta(min_length=1, max_length=32)]
TableId = Annotated[str, msgspec.Meta(min_length=1, max_length=16, pattern=r"^[a-z0-9]+$")]
MoveText = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
SeatText = Annotated[str, msgspec.Meta(min_length=1, max_length=80)]
ChatText = Annotated[str, msgspec.Meta(min_length=1, max_length=300)]
Seat = Annotated[int, msgspec.Meta(ge=0, lt=16)]


class ProtocolError(Exception):
    """A frame that is too large, cut short or not a message of the protocol."""


# --- requests (client to server) ------------------------------------------------------------


class Hello(msgspec.Struct, frozen=True, tag=True):
    """The first message of a connection: who the client is.

    ``key`` identifies the person (the SSH key's fingerprint, or ``local:USER`` for ``tea-tui
    join``); seats are held by key, so reconnecting with the same key resumes at once.
    """

    name: Name
    key: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class ListTables(msgspec.Struct, frozen=True, tag=True):
    """Ask for the lobby's tables again."""


class CreateTable(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    """Open a table: ``seats`` are seat specs, ``human`` for each seat people fill (the
    creator takes the first of them), ``mcts:normal``, ``heuristic``, ``luyu:hard``, ... for
    the others."""

    game: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    seats: Annotated[tuple[SeatText, ...], msgspec.Meta(min_length=1, max_length=8)]
    options: dict[Annotated[str, msgspec.Meta(max_length=40)], OptionValue] = {}
    on_timeout: Annotated[str, msgspec.Meta(max_length=80)] = ""
    """The AI spec that takes over a seat left empty past the server's seat timeout ("" for
    none: the seat waits for its player)."""


class TakeSeat(msgspec.Struct, frozen=True, tag=True):
    """Sit at a free human seat of a waiting table."""

    table: TableId
    seat: Seat


class Watch(msgspec.Struct, frozen=True, tag=True):
    """Follow a table without a seat (public information only)."""

    table: TableId


class LeaveTable(msgspec.Struct, frozen=True, tag=True):
    """Stop following a table; at a waiting table, give up one's seat too."""

    table: TableId


class StartTable(msgspec.Struct, frozen=True, tag=True):
    """The creator starts the game once every human seat is taken."""

    table: TableId


class PlayMoves(msgspec.Struct, frozen=True, tag=True):
    """Make a step of one or more moves for ``seat``; ``at`` is how many moves the game had
    when the client chose them (a step chosen on an older view is refused)."""

    table: TableId
    seat: Seat
    moves: Annotated[tuple[MoveText, ...], msgspec.Meta(min_length=1, max_length=32)]
    at: Annotated[int, msgspec.Meta(ge=0)]


class Chat(msgspec.Struct, frozen=True, tag=True):
    """A line of chat for everyone at a table."""

    table: TableId
    text: ChatText


Request = ListTables | CreateTable | TakeSeat | Watch | LeaveTable | StartTable | PlayMoves | Chat
FirstRequest = Hello


# --- replies (server to client) -------------------------------------------------------------


class SeatInfo(msgspec.Struct, frozen=True):
    """One seat of a table as the lobby shows it."""

    kind: str
    """``human`` or the AI's spec (``mcts:normal``)."""
    player: str = ""
    """The name of the person sitting there ("" for a free seat or an AI)."""
    connected: bool = False
    """True while that person is connected."""


class TableInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A table as the lobby lists it."""

    id: str
    game: str
    game_name: str
    options: dict[str, OptionValue]
    seats: tuple[SeatInfo, ...]
    status: Literal["waiting", "playing", "over"]
    creator: str
    progress: str = ""
    watchers: int = 0
    on_timeout: str = ""

    @property
    def free_seats(self) -> list[int]:
        """The human seats nobody has taken."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and not s.player]


class LogLine(msgspec.Struct, frozen=True, array_like=True):
    """One line of the public game log (as :class:`tea_tui.session.LogEntry`)."""

    text: str
    round: int
    seat: int
    header: bool = False


class TurnText(msgspec.Struct, frozen=True, array_like=True):
    """One line about the others' turns (as :class:`tea_tui.turns.TurnLine`)."""

    seat: int
    text: str
    recent: bool
    ongoing: bool = False


class FinalGame(msgspec.Struct, frozen=True):
    """Once a game is over: its seed and moves, so the client can show the end screen's
    rounds (nothing is hidden any more)."""

    seed: int
    moves: tuple[str, ...]


class Welcome(msgspec.Struct, frozen=True, tag=True):
    """The answer to :class:`Hello`: the name the server knows the client by, the lobby, and
    the tables where the client holds a seat (to resume)."""

    name: str
    tables: tuple[TableInfo, ...]
    seated: tuple[str, ...] = ()


class LobbyList(msgspec.Struct, frozen=True, tag=True):
    """The lobby's tables (sent whenever one changes)."""

    tables: tuple[TableInfo, ...]


class Refused(msgspec.Struct, frozen=True, tag=True):
    """A request that was not carried out, and why, in words to show."""

    message: str
    request: str = ""
    table: str = ""


class TableView(msgspec.Struct, frozen=True, tag=True, kw_only=True):
    """A table as one viewer may see it, sent after every change.

    ``observation`` is the MessagePack of the engine's observation for the viewer's seat
    (empty for a watcher, who gets ``public`` instead: JSON of what every seat sees alike).
    """

    table: TableInfo
    you: int | None
    """The viewer's seat; None for a watcher."""
    setup: GameSetup | None
    """The game's setup (seats, options, components; no seed); None before the start."""
    names: tuple[str, ...] = ()
    moves_made: int = 0
    to_move: int | None = None
    observation: bytes = b""
    public: bytes = b""
    legal: tuple[str, ...] = ()
    """The viewer's legal moves when the decision is theirs."""
    log: tuple[LogLine, ...] = ()
    turns: tuple[TurnText, ...] = ()
    chat: tuple[str, ...] = ()
    outcome: Outcome | None = None
    final: FinalGame | None = None
    note: str = ""
    """What just happened, in words ("Bo took seat 2")."""


Reply = Welcome | LobbyList | Refused | TableView


# --- frames ---------------------------------------------------------------------------------

_encoder = msgspec.msgpack.Encoder()
_first = msgspec.msgpack.Decoder(FirstRequest)
_requests = msgspec.msgpack.Decoder(Request)
_replies = msgspec.msgpack.Decoder(Reply)


def frame(message: msgspec.Struct) -> bytes:
    """Return a message as one frame (length, then MessagePack)."""
    body = _encoder.encode(message)
    return HEADER.pack(len(body)) + body


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes | None:
    """Read one frame's body; None when the other side closed the connection between frames.

    Raises:
        ProtocolError: for a frame over ``limit`` bytes or one cut short.
    """
    try:
        header = await reader.readexactly(HEADER.size)
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            return None
        raise ProtocolError("the connection closed in the middle of a message") from None
    (size,) = HEADER.unpack(header)
    if size > limit:
        raise ProtocolError(f"a message of {size} bytes is over the limit of {limit} bytes")
    try:
        return await reader.readexactly(size)
    except asyncio.IncompleteReadError:
        raise ProtocolError("the connection closed in the middle of a message") from None


def _decode(decoder: msgspec.msgpack.Decoder[object], body: bytes, what: str) -> object:
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as exc:
        raise ProtocolError(f"not a valid {what}: {exc}") from None
    except msgspec.DecodeError:
        raise ProtocolError(f"not a valid {what}: the bytes are not a message") from None


def decode_hello(body: bytes) -> Hello:
    """Decode a connection's first message.

    Raises:
        ProtocolError: if it is not a :class:`Hello`.
    """
    found = _decode(_first, body, "greeting (Hello)")  # type: ignore[arg-type]
    assert isinstance(found, Hello)
    return found


def decode_request(body: bytes) -> Request:
    """Decode a client's request.

    Raises:
        ProtocolError: if it is not one of the requests, or a field is wrong.
    """
    found = _decode(_requests, body, "request")  # type: ignore[arg-type]
    return found  # type: ignore[return-value]


def decode_reply(body: bytes) -> Reply:
    """Decode a server's message.

    Raises:
        ProtocolError: if it is not one of the replies.
    """
    found = _decode(_replies, body, "reply")  # type: ignore[arg-type]
    return found  # type: ignore[return-value]
