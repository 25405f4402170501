"""The lobby: every table of a server, the people connected, saving, and the AI seats' turns.

:class:`Lobby` runs on the server's event loop and is the only thing that changes a table. It
answers each request of a connected :class:`Client`, and after every change autosaves the table
(in the server's data folder, ``DIR/tables``: a record of who sits where, and the game as an
ordinary save) before it sends each follower their own view and everyone the lobby's list. An
AI seat thinks in a worker thread (and for MCTS a process of its own), never on the loop. A
restarted server brings its tables back from those files (:meth:`Lobby.restore`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import msgspec

from saves import SaveError, SavePaths, SaveStore
from saves.atomic import make_folder, read_bytes, write_atomic
from tea_tui.persist import session_from_save, to_save
from tea_tui.serve.protocol import (
    Chat,
    CreateTable,
    LeaveTable,
    ListTables,
    LobbyList,
    PlayMoves,
    Refused,
    Reply,
    Request,
    StartTable,
    TableInfo,
    TakeSeat,
    Watch,
    Welcome,
)
from tea_tui.serve.table import PlayerRecord, Table, TableError, TableRecord

log = logging.getLogger("tea_tui.serve")

RECORD_SUFFIX = ".table.json"
MAX_TABLES = 200
"""The most tables a server keeps open (waiting or playing) at once."""


class Client(Protocol):
    """A connected person, as the lobby sees them (the server's connection object)."""

    name: str
    key: str

    def send(self, reply: Reply) -> None:
        """Queue a message for this client (never blocks)."""


@dataclass
class Lobby:
    """Every table of a server.

    Args:
        data_dir: the server's data folder (tables are kept in ``DIR/tables``).
        seat_timeout: seconds a seat may stay empty before the table's ``on_timeout`` AI takes
            it (None: never).
        processes: let searching AI players think in processes of their own.
        seeds: where a new game's seed comes from (tests pass a fixed one).
    """

    data_dir: Path
    seat_timeout: float | None = None
    processes: bool = True
    seeds: Callable[[], int] = lambda: secrets.randbits(63)
    tables: dict[str, Table] = field(default_factory=dict)
    clients: list[Client] = field(default_factory=list)
    _away: dict[tuple[str, int], float] = field(default_factory=dict)
    _thinking: set[str] = field(default_factory=set)
    _save_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.folder = self.data_dir / "tables"
        self.store = SaveStore(SavePaths(saves_dir=self.folder, state_dir=self.folder / "state"))

    # --- starting and stopping ------------------------------------------------------------------

    def restore(self) -> list[str]:
        """Bring back the tables saved in the data folder; return a line per table that could
        not be brought back (its files are left as they are)."""
        problems: list[str] = []
        if not self.folder.is_dir():
            return problems
        for path in sorted(self.folder.glob(f"*{RECORD_SUFFIX}")):
            try:
                record = msgspec.json.decode(read_bytes(path), type=TableRecord)
                table = Table(record, processes=self.processes)
                if record.status != "waiting":
                    loaded = self.store.load(record.id)
                    table.resume(session_from_save(loaded).session)
            except (SaveError, msgspec.DecodeError, ValueError) as exc:
                problems.append(f"{path.name}: {exc}")
                continue
            self.tables[record.id] = table
        for table in self.tables.values():
            self._drive(table)
        return problems

    def close(self) -> None:
        """Stop the AI seats (the tables are saved already)."""
        for task in self._tasks:
            task.cancel()
        for table in self.tables.values():
            table.close()

    # --- people -------------------------------------------------------------------------------

    @property
    def connected(self) -> set[str]:
        """The keys connected now."""
        return {c.key for c in self.clients}

    def join(self, client: Client) -> None:
        """Welcome a client: the lobby's tables, and a view of each table where they sit."""
        self.clients.append(client)
        seated = [t for t in self.tables.values() if t.seat_of(client.key) is not None]
        client.send(
            Welcome(name=client.name, tables=self.listing(), seated=tuple(t.id for t in seated))
        )
        for table in seated:
            seat = table.seat_of(client.key)
            self._away.pop((table.id, seat if seat is not None else -1), None)
            client.send(table.view_for(client.key, self.connected))
        self._changed_list(seated, f"{client.name} is back")

    def part(self, client: Client) -> None:
        """Forget a client whose connection ended (their seats are kept)."""
        with contextlib.suppress(ValueError):
            self.clients.remove(client)
        held = []
        for table in self.tables.values():
            if client.key not in self.connected:
                table.watchers.discard(client.key)
                seat = table.seat_of(client.key)
                if seat is not None:
                    self._away[(table.id, seat)] = time.monotonic()
                    held.append(table)
        self._changed_list(held, f"{client.name} left; their seat is kept")

    def listing(self) -> tuple[TableInfo, ...]:
        """The tables as the lobby lists them, open ones first."""
        order = {"waiting": 0, "playing": 1, "over": 2}
        tables = sorted(self.tables.values(), key=lambda t: (order[t.status], t.id))
        return tuple(t.info(self.connected) for t in tables)

    # --- requests -----------------------------------------------------------------------------

    async def handle(self, client: Client, request: Request) -> None:
        """Carry out one request; a refusal is sent back to the client as :class:`Refused`."""
        table = getattr(request, "table", "")
        kind = type(request).__name__
        try:
            await self._handle(client, request)
        except TableError as exc:
            client.send(Refused(message=str(exc), request=kind, table=table))
        except Exception:  # a fault of ours: logged, refused, and the server goes on
            log.exception("table %s: %s from %s failed", table or "-", kind, client.name)
            message = "the server could not do that (an internal error, logged on the server)"
            client.send(Refused(message=message, request=kind, table=table))

    async def _handle(self, client: Client, request: Request) -> None:
        player = PlayerRecord(client.name, client.key)
        if isinstance(request, ListTables):
            client.send(LobbyList(self.listing()))
        elif isinstance(request, CreateTable):
            if sum(t.status != "over" for t in self.tables.values()) >= MAX_TABLES:
                raise TableError(f"this server has {MAX_TABLES} tables open: join one of them")
            table = Table.create(
                self._new_id(),
                player,
                request.game,
                request.seats,
                dict(request.options),
                on_timeout=request.on_timeout,
                processes=self.processes,
            )
            self.tables[table.id] = table
            await self._save(table)
            await self._changed(table, f"{client.name} opened table {table.id}")
        elif isinstance(request, TakeSeat):
            table = self._table(request.table)
            table.take_seat(player, request.seat)
            await self._save(table)
            await self._changed(table, f"{client.name} sat at seat {request.seat + 1}")
        elif isinstance(request, Watch):
            table = self._table(request.table)
            if table.seat_of(client.key) is None:
                table.watchers.add(client.key)
            client.send(table.view_for(client.key, self.connected))
            self._send_list()
        elif isinstance(request, LeaveTable):
            table = self._table(request.table)
            table.leave(client.key)
            if table.is_empty():
                await self._drop(table)
            else:
                await self._save(table)
                await self._changed(table, f"{client.name} left the table")
        elif isinstance(request, StartTable):
            table = self._table(request.table)
            table.start(client.key, self.seeds())
            self._restart_clocks(table)
            await self._save(table)
            await self._changed(table, "the game begins")
            self._drive(table)
        elif isinstance(request, PlayMoves):
            table = self._table(request.table)
            table.play(client.key, request.seat, request.moves, request.at)
            await self._save(table)
            await self._changed(table, "")
            self._drive(table)
        elif isinstance(request, Chat):
            table = self._table(request.table)
            table.add_chat(player, request.text)
            await self._save(table)
            await self._changed(table, "")

    def _table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(f"there is no table {table_id}")
        return table

    def _new_id(self) -> str:
        while True:
            found = secrets.token_hex(3)
            if found not in self.tables and not found.isdigit():
                return found

    # --- the AI seats and the seat timeout ----------------------------------------------------

    def _drive(self, table: Table) -> None:
        """Let the AI seats of a table play while it is their decision (one task per table)."""
        if table.id in self._thinking or table.ai_to_move() is None:
            return
        self._thinking.add(table.id)
        task = asyncio.get_running_loop().create_task(self._ai_turns(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _ai_turns(self, table: Table) -> None:
        try:
            while (seat := table.ai_to_move()) is not None and table.id in self.tables:
                session = table.session
                assert session is not None
                at = len(session.moves)
                observation = session.view(seat)
                legal = session.legal_moves()
                ai = table.ais[seat]
                try:
                    move = await asyncio.to_thread(ai.choose, observation, legal)
                except Exception as exc:  # an AI failure must not stop the server
                    log.warning("table %s: seat %d could not move: %s", table.id, seat + 1, exc)
                    await self._changed(table, f"{session.names[seat]} could not move: {exc}")
                    return
                if table.play_ai(seat, move, at):
                    await self._save(table)
                    await self._changed(table, "")
        finally:
            self._thinking.discard(table.id)

    def check_timeouts(self, now: float | None = None) -> list[tuple[str, int]]:
        """Hand each seat empty past the seat timeout to its table's AI; return those seats."""
        if self.seat_timeout is None:
            return []
        now = time.monotonic() if now is None else now
        handed = []
        for (table_id, seat), since in list(self._away.items()):
            table = self.tables.get(table_id)
            if table is None:
                del self._away[(table_id, seat)]  # the table was closed
                continue
            # At a waiting table there is no game to hand over yet: the clock starts again
            # with the game (_restart_clocks).
            if table.status == "waiting" or now - since < self.seat_timeout:
                continue
            del self._away[(table_id, seat)]
            if table.take_over(seat):
                handed.append((table_id, seat))
                self._tasks.add(asyncio.get_running_loop().create_task(self._after_take(table)))
        return handed

    def _restart_clocks(self, table: Table) -> None:
        """Give the players away from a table that has just started the whole seat timeout
        to come back to its game."""
        now = time.monotonic()
        for key in self._away:
            if key[0] == table.id:
                self._away[key] = now

    async def _after_take(self, table: Table) -> None:
        await self._save(table)
        await self._changed(table, "an AI took over a seat left empty")
        self._drive(table)

    # --- saving and telling -------------------------------------------------------------------

    async def _save(self, table: Table) -> None:
        """Write the table's record and its game; in order, off the loop."""
        record = msgspec.json.encode(table.record)
        save = to_save(self.store, table.session) if table.session is not None else None
        path = self.folder / f"{table.id}{RECORD_SUFFIX}"

        def write() -> None:
            make_folder(self.folder)
            if save is not None:
                self.store.save(table.id, save)
            write_atomic(path, record, overwrite=True, backups=0)

        async with self._save_lock:
            if self.tables.get(table.id) is not table:
                return  # dropped while this save waited: its record is in the trash already
            try:
                await asyncio.to_thread(write)
            except (SaveError, OSError) as exc:
                log.error("table %s could not be saved: %s", table.id, exc)

    async def _drop(self, table: Table) -> None:
        """Close a waiting table nobody sits at (its record goes to the trash folder)."""
        del self.tables[table.id]
        table.close()
        path = self.folder / f"{table.id}{RECORD_SUFFIX}"
        trash = self.folder / "trash"

        def move() -> None:
            make_folder(trash)
            if path.exists():
                path.replace(trash / path.name)

        async with self._save_lock:
            with contextlib.suppress(OSError):
                await asyncio.to_thread(move)
        self._send_list()

    async def _changed(self, table: Table, note: str) -> None:
        self._changed_list([table], note)

    def _changed_list(self, tables: list[Table], note: str) -> None:
        connected = self.connected
        for table in tables:
            for client in self.clients:
                if table.seat_of(client.key) is not None or client.key in table.watchers:
                    client.send(table.view_for(client.key, connected, note))
        self._send_list()

    def _send_list(self) -> None:
        listing = LobbyList(self.listing())
        for client in self.clients:
            client.send(listing)
