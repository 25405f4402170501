"""A bounded load run of ``tea-tui serve``: clients at tables making moves over SSH on loopback.

    python -m bench.serve_load --clients 32 --tables 8 --seconds 60

It starts ``tea-tui serve --open`` in a process of its own, signs every client in over SSH with
a terminal (each session runs the client app in its own process, as for a player), seats the
clients at Sencha tables (through the protocol, with each client's own key, so the client apps
open their game screens), and then, table by table, presses keys on the terminal of the seat to
move, trying ``KEYS`` in turn until one makes a move (a game's menu dims what it does not allow).

Reported: the median and 95th percentile time from the key press that made a move to the first
screen output the presser's terminal receives after the server applied it (moves whose screen
showed nothing new are counted apart); the memory of
the server and its client apps per connection (resident set sizes from /proc); and whether
every move counted by the watchers is in the tables' saves (no move lost).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from tea_tui.serve.client import TableClient
from tea_tui.serve.protocol import (
    CreateTable,
    StartTable,
    TableView,
    TakeSeat,
    Watch,
    Welcome,
)

RETRY = 2.0
"""Seconds before a key press that brought no move is followed by the next key."""

KEYS = (b"1", b"2", b"1", b"3", b"1", b"4", b"1", b"5", b"1", b"f", b"p", b"n", b"\x1b")
"""The keys tried in turn until one makes a move: a game's own menu dims the actions it does
not allow (Sencha's 1 buys a house, which may be out of reach), opens lists (2 Build ▸, then 1
its first place, hence a 1 after each other key) and finishes a step with n; Esc leaves a
list whose items are all dimmed."""


@dataclass
class Terminal:
    """One SSH session with a terminal, and when each chunk of its screen came."""

    process: Any
    chunks: list[float] = field(default_factory=list)

    async def read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while await self.process.stdout.read(65536):
                self.chunks.append(time.monotonic())

    def first_after(self, moment: float) -> float | None:
        return next((t for t in self.chunks if t > moment), None)


async def views(client: TableClient, inbox: asyncio.Queue[Any]) -> None:
    with contextlib.suppress(Exception):
        while True:
            inbox.put_nowait(await client.receive())


async def next_view(inbox: asyncio.Queue[Any], table: str, made: int, wait: float) -> TableView:
    deadline = time.monotonic() + wait
    while True:
        left = deadline - time.monotonic()
        reply = await asyncio.wait_for(inbox.get(), max(left, 0.01))
        if isinstance(reply, TableView) and reply.table.id == table and reply.moves_made > made:
            return reply


def tree_rss(pid: int) -> int:
    """The resident set size of a process and all its descendants, in bytes."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{entry}/stat").read_text()
                ppid = int(stat.rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        todo += children.get(p, [])
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
    return total


async def play_table(
    index: int,
    seats: list[tuple[Terminal, TableClient]],
    socket: Path,
    until: float,
    results: dict[str, list[float]],
    counts: dict[str, int],
) -> tuple[str, int]:
    """Open a table for these players, then press keys for its seats until the time is up."""
    creator = seats[0][1]
    inboxes: list[asyncio.Queue[Any]] = [asyncio.Queue() for _ in seats]
    readers = [asyncio.create_task(views(c, q)) for (_, c), q in zip(seats, inboxes, strict=True)]
    await creator.send(CreateTable(game="sencha", seats=("human",) * len(seats)))
    created: TableView | None = None
    while created is None:
        reply = await asyncio.wait_for(inboxes[0].get(), 60)
        if isinstance(reply, TableView) and reply.table.status == "waiting":
            created = reply
    table = created.table.id
    say(f"table {table} opened")
    for seat, (_, client) in enumerate(seats[1:], 1):
        await client.send(TakeSeat(table, seat))
    await asyncio.sleep(0.5)
    await creator.send(StartTable(table))
    watcher = await TableClient.connect(socket, name=f"watch{index}", key=f"watch-{index}")
    inbox: asyncio.Queue[Any] = asyncio.Queue()
    reading = asyncio.create_task(views(watcher, inbox))
    await watcher.send(Watch(table))
    view = await next_view(inbox, table, -1, 60)
    while view.table.status == "waiting":
        view = await next_view(inbox, table, -1, 60)
    await asyncio.sleep(2.0)  # let the client apps open their game screens
    say(f"table {table} started")
    while view.outcome is None and time.monotonic() < until:
        seat = view.to_move
        assert seat is not None
        terminal = seats[seat][0]
        made = view.moves_made
        retried = False
        tries = 0
        while True:
            pressed = time.monotonic()  # timed from the key that made the move
            terminal.process.stdin.write(KEYS[tries % len(KEYS)])
            tries += 1
            try:
                view = await next_view(inbox, table, made, RETRY)
                break
            except TimeoutError:
                retried = True
                if time.monotonic() > until + 30:
                    raise
        applied = time.monotonic()
        shown = None
        for _ in range(200):
            shown = terminal.first_after(applied)
            if shown is not None:
                break
            await asyncio.sleep(0.01)
        counts["moves"] += 1
        if retried:
            counts["retried"] += 1
        if shown is not None:
            results["latency"].append(shown - pressed)
        else:
            counts["unseen"] += 1
    reading.cancel()
    for task in readers:
        task.cancel()
    return table, view.moves_made


def say(text: str) -> None:
    """Progress on stderr."""
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


async def main(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="ttl-"))
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tea_tui.cli", "serve", "--open", "--port", "0",
        "--max-clients", str(args.clients + 8), "--data-dir", str(folder),
        stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert server.stdout is not None
    line = (await server.stdout.readline()).decode()
    port = int(line.split("listening on 127.0.0.1:")[1].split()[0])
    socket = folder / "server" / "tables.sock"
    say(f"server on port {port}")
    try:
        return await run(args, server, port, socket, folder)
    finally:
        if server.returncode is None:
            server.terminate()
            await server.wait()


async def run(args: argparse.Namespace, server: Any, port: int, socket: Path, folder: Path) -> int:
    """Sign the clients in, play, report."""
    base = tree_rss(server.pid)
    per_table = args.clients // args.tables
    players: list[tuple[Terminal, TableClient]] = []
    tasks = []
    for i in range(args.clients):
        key = asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=f"p{i}", client_keys=[key], known_hosts=None,
            agent_path=None,
        )  # fmt: skip
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None
        )
        terminal = Terminal(process)
        tasks.append(asyncio.create_task(terminal.read()))
        client = await TableClient.connect(socket, name=f"p{i}", key=key.get_fingerprint())
        while not isinstance(await client.receive(), Welcome):
            pass
        players.append((terminal, client))
        say(f"client {i + 1} signed in")
    await asyncio.sleep(3.0)
    loaded = tree_rss(server.pid)
    results: dict[str, list[float]] = {"latency": []}
    counts = {"moves": 0, "retried": 0, "unseen": 0}
    until = time.monotonic() + args.seconds
    played = await asyncio.gather(
        *(
            play_table(t, players[t * per_table : (t + 1) * per_table], socket, until, results,
                       counts)
            for t in range(args.tables)
        )
    )  # fmt: skip
    from saves import SavePaths, SaveStore

    store = SaveStore(SavePaths(saves_dir=folder / "server" / "tables", state_dir=folder / "s"))
    await asyncio.sleep(RETRY + 1.0)  # a key pressed again as time ran out may still land
    check = await TableClient.connect(socket, name="check", key="check")
    final: dict[str, int] = {}
    for table, _ in played:
        await check.send(Watch(table))
        while True:
            reply = await check.receive()
            if isinstance(reply, TableView) and reply.table.id == table:
                final[table] = reply.moves_made
                break
    saved = {table: len(store.load(table).replay.moves) for table, _ in played}
    seen = sum(made for _, made in played)
    kept = all(saved[t] == final[t] for t in final) and seen <= sum(saved.values())
    lat = sorted(results["latency"])
    print(f"{args.clients} clients on {args.tables} Sencha tables, {args.seconds} s, loopback SSH")
    print(
        f"moves: {counts['moves']} timed, {seen} seen by the watchers, {sum(final.values())} "
        f"made by the server, {sum(saved.values())} in the saves"
    )
    print(f"no move lost (every table's save holds every move the server made): {kept}")
    if lat:
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
        print(
            f"key press to updated screen: median {statistics.median(lat) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms over {len(lat)} moves ({counts['retried']} of them "
            f"came after other keys that made no move; left out: {counts['unseen']} whose "
            "screen showed nothing new within 2 s of the move)"
        )
    per = (loaded - base) / max(1, args.clients)
    print(
        f"memory: server alone {base / 2**20:.0f} MiB; with the clients' apps "
        f"{loaded / 2**20:.0f} MiB, {per / 2**20:.1f} MiB per connection"
    )
    for t in tasks:
        t.cancel()
    return 0 if kept else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0)
    sys.exit(asyncio.run(main(parser.parse_args())))
