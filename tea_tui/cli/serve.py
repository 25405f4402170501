"""``tea-tui serve`` and ``tea-tui join``: shared tables, each player at their own terminal.

    tea-tui serve --authorized-keys FILE [--host H] [--port P] [--max-clients N]
                  [--seat-timeout SECONDS]
    tea-tui serve --open                 any key signs in; the SSH user name is the player's
    tea-tui serve --local-only           no SSH: the tables only (tea-tui join, ForceCommand)
    tea-tui join [--socket PATH] [--name NAME]   the client app on the server's own machine

The server keeps its tables, its host key and its socket in ``DATA/server`` (``DATA``: the
``--data-dir`` folder, else the user data folder).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import logging
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tea_tui.cli.common import CliError

SOCKET = "tables.sock"
EXAMPLE = "tea-tui serve --authorized-keys ~/tea-players.pub"


def server_folder(data_dir: str | None) -> Path:
    """The server's own folder: ``DATA/server``."""
    if data_dir:
        return Path(data_dir).expanduser() / "server"
    import os

    from tea_tui.settings import DATA_DIR_ENV

    env = os.environ.get(DATA_DIR_ENV, "")
    if env:
        return Path(env).expanduser() / "server"
    import platformdirs

    return platformdirs.user_data_path("tea-tui", appauthor=False) / "server"


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535)")
    return int(text)


def add_serve_parsers(
    commands: Any, common: Callable[[argparse.ArgumentParser], None] | None = None
) -> None:
    """Add ``serve`` and ``join`` to ``commands`` (a subparsers object)."""
    serve: argparse.ArgumentParser = commands.add_parser(
        "serve",
        help="host shared tables over SSH: each player at their own terminal",
        description="An SSH server that offers tea-tui's lobby and tables and nothing else. "
        "Players sign in with their SSH key (ssh -p PORT HOST), open or join a table, and each "
        "sees only their own seat. Needs the serve extra (pip install 'tea-tui[serve]').",
        epilog=f"Example: {EXAMPLE}",
    )
    if common is not None:
        common(serve)
    who = serve.add_mutually_exclusive_group()
    who.add_argument(
        "--authorized-keys",
        metavar="FILE",
        help="the players' public keys, one a line as in ~/.ssh/authorized_keys; each key's "
        "comment is that player's name",
    )
    who.add_argument(
        "--open",
        action="store_true",
        help="accept any key (a trusted network only); the SSH user name is the player's name",
    )
    who.add_argument(
        "--local-only",
        action="store_true",
        help="no SSH server: only the tables on their local socket, for tea-tui join on this "
        "machine or behind your own sshd (ForceCommand)",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=_port, default=2222, help="the port (default 2222)")
    serve.add_argument(
        "--max-clients", type=_count, default=64, metavar="N", help="sessions at once"
    )
    serve.add_argument(
        "--seat-timeout",
        type=_positive,
        default=None,
        metavar="SECONDS",
        help="after this long away, a player's seat goes to the AI the table's creator chose",
    )
    join: argparse.ArgumentParser = commands.add_parser(
        "join",
        help="the lobby of a tea-tui server running on this machine",
        description="Open the lobby of the tea-tui server on this machine (its local socket).",
    )
    if common is not None:
        common(join)
    join.add_argument("--socket", metavar="PATH", default=None, help="the server's socket")
    join.add_argument("--name", default=None, help="your name at the table")
    join.add_argument("--key", default=None, help=argparse.SUPPRESS)
    join.add_argument("--ask-name", action="store_true", help=argparse.SUPPRESS)
    web: argparse.ArgumentParser = commands.add_parser(
        "web",
        help="the shared tables in a browser (textual-serve), bound to 127.0.0.1",
        description="Serve the lobby and tables to browsers with textual-serve. There is no "
        "sign-in: a player gives a name, and the same name resumes their seats, so keep it on "
        "127.0.0.1 or a trusted network. Needs the web extra (pip install 'tea-tui[web]').",
    )
    if common is not None:
        common(web)
    web.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    web.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    web.add_argument(
        "--public-url",
        metavar="URL",
        default=None,
        help="the address browsers reach the server at (default http://HOST:PORT), e.g. "
        "behind a proxy or with --host 0.0.0.0",
    )
    web.add_argument(
        "--seat-timeout",
        type=_positive,
        default=None,
        metavar="SECONDS",
        help="after this long away, a player's seat goes to the AI the table's creator chose",
    )


def run_serve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the SSH server until interrupted."""
    try:
        from tea_tui.serve.ssh import Keys, SshFront
    except ModuleNotFoundError as exc:
        if exc.name == "asyncssh":
            raise CliError("tea-tui serve needs asyncssh: pip install 'tea-tui[serve]'") from None
        raise
    from tea_tui.serve.lobby import Lobby
    from tea_tui.serve.server import ServerRunningError, TableServer

    if not (args.open or args.local_only or args.authorized_keys):
        parser.error("serve needs --authorized-keys FILE, --open or --local-only")
    keys = Keys(open=True)
    if args.authorized_keys:
        try:
            keys = Keys.read(Path(args.authorized_keys).expanduser())
        except ValueError as exc:
            raise CliError(str(exc), status=1) from None
    folder = server_folder(getattr(args, "data_dir", None))
    logging.basicConfig(level=logging.INFO, format="tea-tui serve: %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # not a line per channel

    async def main() -> None:
        lobby = Lobby(folder, seat_timeout=args.seat_timeout)
        tables = TableServer(lobby, folder / SOCKET)
        try:
            problems = await tables.start()
        except ServerRunningError as exc:
            raise CliError(str(exc), status=1) from None
        for problem in problems:
            print(f"tea-tui serve: a table could not be brought back: {problem}")
        front = SshFront(tables.path, keys, max_clients=args.max_clients)
        if args.local_only:
            print(f"tea-tui serve: tables on {tables.path}; join with tea-tui join", flush=True)
        else:
            try:
                port = await front.start(args.host, args.port, folder)
            except OSError as exc:
                await tables.stop()
                raise CliError(
                    f"cannot listen on {args.host}:{args.port}: {exc.strerror}", 1
                ) from None
            mode = "any key (--open)" if args.open else f"{len(keys.names)} authorized keys"
            print(
                f"tea-tui serve: listening on {args.host}:{port} for {mode}; connect with "
                f"ssh -p {port} {args.host}",
                flush=True,
            )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await front.stop()
        await tables.stop()

    asyncio.run(main())
    return 0


def join_key(user: str, name: str | None) -> str:
    """Who a ``tea-tui join`` is at the tables: the account, and the name if one is given, so
    that two players sharing one account (``--name Ann``, ``--name Bo``) hold their own seats,
    and the same name resumes its seats."""
    if not name or name == user:
        return f"local:{user}"
    return f"local:{user}/{name[:32]}"


def run_join(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the client app against the local server's socket."""
    from tea_tui.serve.client_app import ServeClientApp

    user = getpass.getuser()
    socket = Path(args.socket) if args.socket else server_folder(args.data_dir) / SOCKET
    if not socket.exists():
        raise CliError(f"no tea-tui server runs here (no socket at {socket})", status=1)
    name = (args.name or user)[:32]
    key = args.key or join_key(user, args.name)
    app = ServeClientApp(socket, name=name, key=key, ask_name=args.ask_name)
    app.run()
    if app.exit_message:
        print(app.exit_message)
        return 1
    return 0


def run_web(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Serve the tables to browsers until interrupted."""
    try:
        from tea_tui.serve.web import WebFront
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] in ("textual_serve", "aiohttp"):
            raise CliError("tea-tui web needs textual-serve: pip install 'tea-tui[web]'") from None
        raise
    from tea_tui.serve.server import socket_answers

    folder = server_folder(getattr(args, "data_dir", None))
    if asyncio.run(socket_answers(folder / SOCKET)):
        raise CliError(f"a tea-tui server runs already on {folder}: stop it first", status=1)
    front = WebFront(
        folder,
        host=args.host,
        port=args.port,
        seat_timeout=args.seat_timeout,
        public_url=args.public_url,
    )
    front.serve()
    return 0
