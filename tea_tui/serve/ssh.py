"""``tea-tui serve``: the SSH server in front of the table server.

Sign-in is by public key only: against an authorized-keys file, where each key's comment is the
player's name, or, in ``--open`` mode, any key, the SSH user name being the player's name.
Passwords and keyboard-interactive sign-in are refused. A session gets the client app and
nothing else: no shell, no command, no port forwarding, no agent or X11 forwarding, no file
transfer. Each session runs the app (``tea-tui join``) in a process of its own on a
pseudo-terminal, so a stuck client never holds up the others; window-size changes are passed on
to it. The host key is made once and kept in the server's data folder.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import struct
import sys
import termios
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

log = logging.getLogger("tea_tui.serve")

HOST_KEY = "ssh_host_ed25519_key"
READ_SIZE = 65536


@dataclass
class Keys:
    """Who may sign in: the authorized keys and their names, or anyone (``open``)."""

    names: dict[bytes, str] = field(default_factory=dict)
    """Each authorized key's public data, and the player's name (the key's comment)."""
    open: bool = False

    @classmethod
    def read(cls, path: Path) -> Keys:
        """Read an authorized-keys file (one key a line; the comment names the player).

        Raises:
            ValueError: if the file cannot be read or holds no key.
        """
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"cannot read the authorized keys {path}: {exc}") from None
        names: dict[bytes, str] = {}
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                key = asyncssh.import_public_key(line)
            except (asyncssh.KeyImportError, ValueError) as exc:
                raise ValueError(f"{path}, line {number}: not a public key ({exc})") from None
            comment = key.get_comment() or f"player{len(names) + 1}"
            names[key.public_data] = comment
        if not names:
            raise ValueError(f"{path} holds no public key")
        return cls(names)


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key: made once (ed25519) and kept in ``folder``."""
    path = folder / HOST_KEY
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key


class _Server(asyncssh.SSHServer):
    """One SSH connection: public-key sign-in only."""

    def __init__(self, keys: Keys) -> None:
        self.keys = keys
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.keys.open:
            name = username
        else:
            found = self.keys.names.get(key.public_data)
            if found is None:
                return False
            name = found
        if self.conn is not None:
            self.conn.set_extra_info(player_name=name, player_key=key.get_fingerprint("sha256"))
        return True


@dataclass
class SshFront:
    """The SSH server that runs a client app per session against the table server's socket."""

    socket: Path
    keys: Keys
    max_clients: int = 64
    command: list[str] = field(
        default_factory=lambda: [sys.executable, "-m", "tea_tui.cli", "join"]
    )
    sessions: int = 0
    _server: Any = None

    async def start(self, host: str, port: int, key_folder: Path) -> int:
        """Listen; return the port (the one given, or the one chosen for port 0)."""
        self._server = await asyncssh.create_server(
            lambda: _Server(self.keys),
            host,
            port,
            server_host_keys=[host_key(key_folder)],
            process_factory=self._session,
            encoding=None,
            allow_scp=False,
            agent_forwarding=False,
            x11_forwarding=False,
            line_editor=False,
            keepalive_interval=30,
            keepalive_count_max=3,
            login_timeout=60,
        )
        sockets = self._server.sockets
        found: int = sockets[0].getsockname()[1] if sockets else port
        return found

    async def stop(self) -> None:
        """Stop listening and close the connections."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _session(self, process: asyncssh.SSHServerProcess[bytes]) -> None:
        if process.command is not None or process.subsystem is not None:
            process.stderr.write(b"This server offers tea-tui only: connect without a command.\r\n")
            process.exit(1)
            return
        if process.get_terminal_type() is None:
            process.stderr.write(b"tea-tui needs a terminal: connect with ssh -t.\r\n")
            process.exit(1)
            return
        if self.sessions >= self.max_clients:
            text = f"The server is full ({self.max_clients} players): try again later.\r\n"
            process.stderr.write(text.encode())
            process.exit(1)
            return
        self.sessions += 1
        try:
            status = await self._run_app(process)
        finally:
            self.sessions -= 1
        process.exit(status)

    async def _run_app(self, process: asyncssh.SSHServerProcess[bytes]) -> int:
        name = str(process.get_extra_info("player_name") or "Player")
        key = str(process.get_extra_info("player_key") or "")
        width, height, *_ = process.get_terminal_size()
        master, slave = os.openpty()
        _set_size(master, width, height)
        env = {
            "TERM": process.get_terminal_type() or "xterm-256color",
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "HOME": os.environ.get("HOME", "/"),
            "COLORTERM": "truecolor",
        }
        if "PYTHONPATH" in os.environ:
            env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        args = [*self.command, "--socket", str(self.socket), "--name", name, "--key", key]
        child = await asyncio.create_subprocess_exec(
            *args,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            preexec_fn=_take_terminal,
        )
        os.close(slave)
        os.set_blocking(master, False)
        loop = asyncio.get_running_loop()

        async def screen_out() -> None:
            ready = asyncio.Event()
            loop.add_reader(master, ready.set)
            try:
                while True:
                    await ready.wait()
                    ready.clear()
                    try:
                        data = os.read(master, READ_SIZE)
                    except BlockingIOError:
                        continue
                    except OSError:  # the app has ended
                        return
                    if not data:
                        return
                    process.stdout.write(data)
                    # A player who stops reading holds up only their own app, never the loop.
                    await process.stdout.drain()
            finally:
                loop.remove_reader(master)

        async def keys_in() -> None:
            try:
                while True:
                    try:
                        data = await process.stdin.read(READ_SIZE)
                    except asyncssh.TerminalSizeChanged as change:
                        _set_size(master, change.width, change.height)
                        continue
                    except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                        continue
                    if not data:
                        break
                    # An app that does not take its keys (a flood) loses the surplus: the
                    # write never waits.
                    with contextlib.suppress(OSError):
                        os.write(master, data)
            finally:  # the session ended, cleanly or not: so does its app
                with contextlib.suppress(ProcessLookupError):
                    child.terminate()

        out = loop.create_task(screen_out())
        pump = loop.create_task(keys_in())
        status = await child.wait()
        with contextlib.suppress(TimeoutError, asyncssh.Error, OSError):
            await asyncio.wait_for(out, 5.0)
        pump.cancel()
        out.cancel()
        os.close(master)
        return max(0, status)


def _set_size(fd: int, width: int, height: int) -> None:
    """Give the pseudo-terminal its window size (the app gets SIGWINCH)."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def _take_terminal() -> None:
    """In the child: make the pseudo-terminal its controlling terminal."""
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
