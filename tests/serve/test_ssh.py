"""``tea-tui serve`` over real SSH on a free loopback port, with asyncssh clients: sign-in
refused and accepted, nothing but the app, and a whole game with one player at an SSH
terminal."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

asyncssh = pytest.importorskip("asyncssh")

from tea_tui.serve.protocol import CreateTable, PlayMoves, StartTable, Watch  # noqa: E402
from tea_tui.serve.ssh import Keys, SshFront  # noqa: E402
from tests.serve.helpers import WAIT, Player, cleanup, running_server, short_dir  # noqa: E402


@pytest.fixture
def folder() -> Iterator[Path]:
    path = short_dir()
    yield path
    cleanup(path)


@asynccontextmanager
async def ssh_server(folder: Path, keys: Keys, max_clients: int = 8) -> AsyncIterator[tuple]:  # type: ignore[type-arg]
    async with running_server(folder) as tables:
        front = SshFront(tables.path, keys, max_clients=max_clients)
        port = await front.start("127.0.0.1", 0, folder)
        try:
            yield tables, front, port
        finally:
            await front.stop()


def player_key(name: str) -> object:
    key = asyncssh.generate_private_key("ssh-ed25519", comment=name)
    return key


def connect(port: int, **kwargs: object) -> object:
    return asyncssh.connect(
        "127.0.0.1", port, known_hosts=None, agent_path=None, username="ann", **kwargs
    )


def test_sign_in_by_authorized_key_only(folder: Path) -> None:
    """A password, an unknown key and no key are refused; an authorized key signs in, and the
    server runs no command and no shell without a terminal."""
    ann = player_key("Ann")
    eve = player_key("Eve")
    keys = Keys({ann.public_data: "Ann"})  # type: ignore[attr-defined]

    async def main() -> None:
        async with ssh_server(folder, keys) as (_tables, _front, port):
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(port, password="secret", client_keys=None):  # type: ignore[attr-defined]
                    pass
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(port, client_keys=[eve]):  # type: ignore[attr-defined]
                    pass
            async with connect(port, client_keys=[ann]) as conn:  # type: ignore[attr-defined]
                result = await conn.run("cat /etc/passwd")
                assert result.exit_status == 1
                assert "tea-tui only" in str(result.stderr)
                result = await conn.run()  # a shell, but no terminal
                assert "needs a terminal" in str(result.stderr)
                with pytest.raises(asyncssh.ChannelOpenError):
                    await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)

    asyncio.run(main())


def test_a_whole_game_with_one_player_at_an_ssh_terminal(folder: Path) -> None:
    """Bo (a protocol client) opens a Tasting Duel table; Ann signs in over SSH with a
    terminal, takes the free seat with Enter in the lobby, and plays every decision with the
    key 1 on her own screen; the game ends, and the screen said whose seat she had."""
    ann = player_key("Ann")
    keys = Keys({ann.public_data: "Ann"})  # type: ignore[attr-defined]

    async def main() -> None:
        async with ssh_server(folder, keys) as (tables, _front, port):
            bo = await Player.connect(tables.path, "Bo")
            await bo.client.send(CreateTable(game="tasting", seats=("human", "human")))
            table = (await bo.view()).table.id
            async with connect(port, client_keys=[ann]) as conn:  # type: ignore[attr-defined]
                process = await conn.create_process(
                    term_type="xterm-256color", term_size=(100, 30), encoding=None
                )
                screen = bytearray()

                async def read() -> None:
                    while data := await process.stdout.read(65536):
                        screen.extend(data)

                reader = asyncio.create_task(read())

                async def until_seen(words: bytes) -> None:
                    for _ in range(int(WAIT / 0.1)):
                        if words in screen:
                            return
                        await asyncio.sleep(0.1)
                    tail = bytes(screen[-3000:])
                    raise AssertionError(f"{words!r} never showed on the SSH screen: {tail!r}")

                await until_seen(b"you are Ann")
                process.change_terminal_size(110, 32)
                process.stdin.write(b"\r")  # Enter: take the free seat
                view = await bo.view(lambda v: v.table.seats[1].player == "Ann")
                await bo.client.send(StartTable(table))
                view = await bo.view(lambda v: v.table.status == "playing")
                await until_seen(b"Tasting Duel")
                while view.outcome is None:
                    made = view.moves_made
                    if view.to_move == 0:
                        await bo.client.send(PlayMoves(table, 0, (view.legal[0],), made))
                        view = await bo.view(lambda v, m=made: v.moves_made > m)  # type: ignore[misc]
                        continue
                    # Ann's screen may not show her turn yet: press 1 again until it counts
                    # (a key pressed while it is not her turn does nothing).
                    for _ in range(100):
                        if process.stdin.channel.is_closing():
                            raise AssertionError(f"Ann's app ended: {bytes(screen[-2000:])!r}")
                        process.stdin.write(b"1")
                        try:
                            view = await asyncio.wait_for(
                                bo.view(lambda v, m=made: v.moves_made > m),  # type: ignore[misc]
                                2.0,
                            )
                            break
                        except TimeoutError:
                            continue
                assert view.final is not None and len(view.final.moves) == 6
                await until_seen(b"Ann")
                process.stdin.write(b"\x03")  # Ctrl+C ends the app
                process.stdin.write_eof()
                await asyncio.wait_for(process.wait_closed(), WAIT)
                reader.cancel()

    asyncio.run(main())


def test_more_sessions_than_max_clients_are_turned_away(folder: Path) -> None:
    """With --max-clients 1, a second session while one plays is told the server is full; the
    first goes on."""
    ann = player_key("Ann")
    keys = Keys({ann.public_data: "Ann"})  # type: ignore[attr-defined]

    async def main() -> None:
        async with (
            ssh_server(folder, keys, max_clients=1) as (_tables, front, port),
            connect(port, client_keys=[ann]) as conn,  # type: ignore[attr-defined]
        ):
            first = await terminal(conn)
            await first.until_seen(b"you are Ann")
            assert front.sessions == 1
            result = await conn.run(term_type="xterm", term_size=(80, 24))
            assert "server is full (1 players)" in str(result.stdout) + str(result.stderr)
            first.press(b"n")
            await first.until_seen(b"Open a table")  # the first session still plays
            await first.close()

    asyncio.run(main())


def test_the_host_key_is_made_once(folder: Path) -> None:
    """The host key is written once (private to the server's user) and read back after."""
    from tea_tui.serve.ssh import HOST_KEY, host_key

    first = host_key(folder)
    second = host_key(folder)
    assert first.public_data == second.public_data
    assert (folder / HOST_KEY).stat().st_mode & 0o077 == 0


class Terminal:
    """One player's SSH session with a terminal: what the screen showed, and keys to send."""

    def __init__(self, process: object) -> None:
        self.process: Any = process
        self.screen = bytearray()
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        # The connection closing under the reader ends the screen; an exception left in the
        # task would be logged (and formatted) later, in the middle of some other test.
        with suppress(asyncssh.DisconnectError):
            while data := await self.process.stdout.read(65536):
                self.screen.extend(data)

    async def until_seen(self, words: bytes) -> None:
        for _ in range(int(WAIT / 0.1)):
            if words in self.screen:
                return
            await asyncio.sleep(0.1)
        tail = bytes(self.screen[-2000:])
        raise AssertionError(f"{words!r} never showed on the SSH screen: {tail!r}")

    def press(self, keys: bytes) -> None:
        if self.process.stdin.channel.is_closing():
            raise AssertionError(f"the app ended: {bytes(self.screen[-2000:])!r}")
        self.process.stdin.write(keys)

    async def close(self) -> None:
        self.process.stdin.write_eof()
        await asyncio.wait_for(self.process.wait_closed(), WAIT)
        self.task.cancel()


async def terminal(conn: Any, size: tuple[int, int] = (100, 30)) -> Terminal:
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    return Terminal(process)


def test_two_players_on_two_ssh_terminals_play_a_whole_game(folder: Path) -> None:
    """Ann opens a Tasting Duel table from her lobby over SSH, Bo takes the seat from his,
    Ann starts, and each plays every decision on their own terminal; a watcher follows the
    game to the end, which both terminals show."""
    ann, bo = player_key("Ann"), player_key("Bo")
    keys = Keys({ann.public_data: "Ann", bo.public_data: "Bo"})  # type: ignore[attr-defined]

    async def main() -> None:
        async with (
            ssh_server(folder, keys) as (tables, _front, port),
            connect(port, client_keys=[ann]) as conn_a,  # type: ignore[attr-defined]
            connect(port, client_keys=[bo]) as conn_b,  # type: ignore[attr-defined]
        ):
            term_a = await terminal(conn_a)
            term_b = await terminal(conn_b, (120, 40))
            await term_a.until_seen(b"you are Ann")
            await term_b.until_seen(b"you are Bo")
            cy = await Player.connect(tables.path, "Cy")
            # The tiny test game is not offered in the new-table form (tests/serve/
            # test_new_table.py drives the form), so Ann opens its table through the socket
            # under her own key: her SSH session is the same player and shows it at once.
            ann_socket = await Player.connect(
                tables.path,
                "Ann",
                key=ann.get_fingerprint("sha256"),  # type: ignore[attr-defined]
            )
            await ann_socket.client.send(CreateTable(game="tasting", seats=("human", "human")))
            listing = await cy.lobby(lambda lst: len(lst.tables) >= 1)
            table = listing.tables[0].id
            await term_b.until_seen(table.encode())
            for _ in range(100):  # Enter on the table: take its free seat
                term_b.press(b"\r")
                try:
                    await asyncio.wait_for(
                        cy.lobby(lambda lst: lst.tables[0].seats[1].player == "Bo"), 2.0
                    )
                    break
                except TimeoutError:
                    continue
            term_a.press(b"s")
            await cy.lobby(lambda lst: lst.tables[0].status == "playing")
            await cy.client.send(Watch(table))
            view = await cy.view()
            terms = (term_a, term_b)
            while view.outcome is None:
                assert view.to_move is not None
                made = view.moves_made
                for _ in range(100):  # the key counts once that screen shows the turn
                    terms[view.to_move].press(b"1")
                    try:
                        view = await asyncio.wait_for(
                            cy.view(lambda v, m=made: v.moves_made > m),  # type: ignore[misc]
                            2.0,
                        )
                        break
                    except TimeoutError:
                        continue
            assert view.final is not None and len(view.final.moves) == 6
            for term in terms:
                await term.until_seen(b"rematch")  # the end screen's keys
                await term.close()

    asyncio.run(main())


def test_a_flood_of_keys_leaves_the_other_players_alone(folder: Path) -> None:
    """Eve pastes a megabyte of keys into her session; Ann's game at another table goes on
    (the server's loop never waits on Eve's app) and the server still answers everyone."""
    eve = player_key("Eve")
    keys = Keys({eve.public_data: "Eve"})  # type: ignore[attr-defined]

    async def main() -> None:
        async with (
            ssh_server(folder, keys) as (tables, _front, port),
            connect(port, client_keys=[eve]) as conn,  # type: ignore[attr-defined]
        ):
            flood = await terminal(conn)
            await flood.until_seen(b"you are Eve")
            for _ in range(16):
                flood.press(b"x" * 65536)
            ann = await Player.connect(tables.path, "Ann")
            await ann.client.send(CreateTable(game="tasting", seats=("human", "random")))
            table = (await ann.view()).table.id
            await ann.client.send(StartTable(table))
            end = await ann.play_out(table)
            assert end.outcome is not None
            flood.press(b"q")
            await flood.close()

    asyncio.run(main())


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client here")
def test_the_openssh_client_signs_in_and_gets_the_lobby(folder: Path) -> None:
    """OpenSSH's own client: a password is refused, the authorized key gets the lobby on a
    terminal, and a session without a terminal is refused."""
    ann = player_key("Ann")
    key_file = folder / "ann_key"
    key_file.write_bytes(ann.export_private_key())  # type: ignore[attr-defined]
    key_file.chmod(0o600)
    keys = Keys({ann.public_data: "Ann"})  # type: ignore[attr-defined]

    async def ssh(port: int, *extra: str) -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            "ssh", "-p", str(port), "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR",
            *extra, "127.0.0.1",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip

    async def main() -> None:
        async with ssh_server(folder, keys) as (_tables, _front, port):
            refused = await ssh(port, "-o", "PreferredAuthentications=password")
            _, err = await asyncio.wait_for(refused.communicate(), WAIT)
            assert refused.returncode != 0 and b"Permission denied" in err
            command = await ssh(port, "-i", str(key_file), "-o", "IdentitiesOnly=yes", "-T")
            command.stdin.close()  # type: ignore[union-attr]
            _, err = await asyncio.wait_for(command.communicate(), WAIT)
            assert b"needs a terminal" in err
            session = await ssh(port, "-i", str(key_file), "-o", "IdentitiesOnly=yes", "-tt")
            assert session.stdout is not None and session.stdin is not None
            screen = b""
            while b"you are Ann" not in screen:
                data = await asyncio.wait_for(session.stdout.read(65536), WAIT)
                assert data, f"the session ended: {screen[-500:]!r}"
                screen += data
            session.stdin.close()
            await asyncio.wait_for(session.communicate(), WAIT)  # read out, pipes closed

    asyncio.run(main())


def test_a_dropped_ssh_connection_ends_its_app_and_keeps_the_seat(folder: Path) -> None:
    """Ann's SSH connection is cut mid-game (no goodbye): her app process ends, the table
    shows her away with her seat kept, and signing in again with her key resumes the game."""
    ann = player_key("Ann")
    keys = Keys({ann.public_data: "Ann"})  # type: ignore[attr-defined]

    async def main() -> None:
        async with ssh_server(folder, keys) as (tables, front, port):
            bo = await Player.connect(tables.path, "Bo")
            await bo.client.send(CreateTable(game="tasting", seats=("human", "human")))
            table = (await bo.view()).table.id
            conn = await connect(port, client_keys=[ann])  # type: ignore[misc]
            term = await terminal(conn)
            await term.until_seen(b"you are Ann")
            await term.until_seen(table.encode())
            for _ in range(100):  # Enter on the table: take its free seat
                term.press(b"\r")
                try:
                    await asyncio.wait_for(bo.view(lambda v: v.table.seats[1].player == "Ann"), 2.0)
                    break
                except TimeoutError:
                    continue
            await bo.client.send(StartTable(table))
            await bo.view(lambda v: v.table.status == "playing")
            conn._transport.abort()  # the line is cut
            away = await bo.view(lambda v: v.table.seats[1].connected is False)
            assert away.table.seats[1].player == "Ann"
            for _ in range(int(WAIT / 0.1)):
                if front.sessions == 0:
                    break
                await asyncio.sleep(0.1)
            assert front.sessions == 0  # the app process ended with its session
            async with connect(port, client_keys=[ann]) as again:  # type: ignore[attr-defined]
                term = await terminal(again)
                back = await bo.view(lambda v: v.table.seats[1].connected)
                assert back.table.seats[1].player == "Ann"
                await term.until_seen(b"Tasting Duel")  # her game screen, at once
                await term.close()

    asyncio.run(main())
