"""``tea-tui web``: the lobby and tables in a browser, with textual-serve.

textual-serve runs a command per browser tab and shows its terminal in the page; here the
command is the client app (``tea-tui join --ask-name``), which asks the player's name first.
The table server runs in the same process and event loop as the web server, so a browser player
and SSH or local players can share a table only if they use the same data folder's server; a
browser player is known by their name (``web:NAME``), so reopening the page with the same name
resumes the seat. Bound to 127.0.0.1 by default: there is no sign-in.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

from textual_serve.server import Server

from tea_tui.serve.lobby import Lobby
from tea_tui.serve.server import TableServer

SOCKET = "tables.sock"


class WebFront(Server):
    """textual-serve's server with the table server started and stopped alongside."""

    def __init__(
        self,
        folder: Path,
        *,
        host: str,
        port: int,
        seat_timeout: float | None = None,
        public_url: str | None = None,
    ) -> None:
        self.tables = TableServer(Lobby(folder, seat_timeout=seat_timeout), folder / SOCKET)
        command = [sys.executable, "-m", "tea_tui.cli", "join", "--ask-name"]
        command += ["--socket", str(self.tables.path)]
        super().__init__(
            shlex.join(command), host=host, port=port, title="tea-tui", public_url=public_url
        )

    async def on_startup(self, app: Any) -> None:
        """Start the tables before the first page."""
        for problem in await self.tables.start():
            print(f"tea-tui web: a table could not be brought back: {problem}")
        print(f"tea-tui web: open {self.public_url} in a browser", flush=True)

    async def on_shutdown(self, app: Any) -> None:
        """Stop the tables (they are saved already)."""
        await self.tables.stop()

    async def make_app(self) -> Any:
        """The aiohttp application (the tests run it on a free port)."""
        return await self._make_app()
