"""The client app of a shared table server: the lobby and the game screens.

One app runs per player (``tea-tui join``, and each SSH session of ``tea-tui serve`` starts one
in its own process). It talks to the table server over the local socket
(:class:`~tea_tui.serve.client.TableClient`): what the server says arrives in a worker of the
app's own event loop and goes to the screen it concerns; every choice becomes a request.

The lobby lists the tables (game, seats taken, status). Enter on a table takes a free seat of a
waiting table, opens the game of a table where one sits, or watches any other; ``n`` opens a
table on a form of choices (:mod:`tea_tui.serve.new_table`), ``s`` starts one's own, ``w``
watches, ``x`` leaves a waiting table; a refusal stays on screen until the next key.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core.games import GameInfo, offered_games
from tea_tui.game_ui import ui_for
from tea_tui.safe_text import clean
from tea_tui.serve.client import ServerGoneError, TableClient
from tea_tui.serve.new_table import NewTableScreen, kind_words
from tea_tui.serve.protocol import (
    LeaveTable,
    LobbyList,
    ProtocolError,
    Refused,
    StartTable,
    TableInfo,
    TableView,
    TakeSeat,
    Watch,
    Welcome,
)
from tea_tui.serve.remote_screen import WatchScreen, open_remote
from tea_tui.serve.table import seat_name

EMPTY_LOBBY = (
    "No tables yet. Press n to open one: choose the game, the players and who plays each "
    "seat; the others then find it here and take a seat with Enter."
)


def _count(tables: int) -> str:
    """'no tables yet', '1 table', '3 tables'."""
    if tables == 0:
        return "no tables yet"
    return f"{tables} table" + ("" if tables == 1 else "s")


def _extras(info: TableInfo) -> str:
    """A table's switches and house rules in words (", Puerh expansion"), "" for none."""
    try:
        return ui_for(info.game).setup_extras(info.options)
    except ValueError:  # a game this app does not know
        return ""


def table_line(info: TableInfo, me: str) -> str:
    """One table in the lobby's list, in words."""
    seats = []
    for i, seat in enumerate(info.seats):
        if seat.player:
            away = "" if seat.connected else " (away)"
            seats.append(f"{seat.player}{away}")
        elif seat.kind == "human":
            seats.append(f"seat {i + 1} free")
        else:
            seats.append(kind_words(info.game, seat.kind))
    status = {"waiting": "waiting for players", "playing": "playing", "over": "finished"}
    progress = f" · {info.progress}" if info.progress and info.status == "playing" else ""
    text = f"{info.id}  {info.game_name}{_extras(info)} · {status[info.status]}{progress}"
    text += f" · {', '.join(seats)}"
    if info.on_timeout and info.status != "over":
        text += f" · {kind_words(info.game, info.on_timeout)} takes a seat left empty"
    if info.watchers:
        text += f" · {info.watchers} watching"
    return clean(text, 160)


class LobbyScreen(Screen[None]):
    """The open tables of the server."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter", "sit / play", show=True),
        Binding("n", "new", "new table"),
        Binding("s", "start", "start"),
        Binding("w", "watch", "watch"),
        Binding("x", "leave", "leave table"),
        Binding("q", "app.quit", "quit"),
    ]

    wanted = ""
    """A table to highlight once it is listed."""

    def compose(self) -> ComposeResult:
        yield Static("Connecting to the table server…", id="lobby-title", markup=False)
        yield OptionList(id="tables")
        yield Static(EMPTY_LOBBY, id="lobby-empty", markup=False)
        yield Static("", id="lobby-refused")
        yield Static("", id="lobby-help", markup=False)
        yield Footer()

    def show(self, tables: tuple[TableInfo, ...], me: str) -> None:
        """List the tables."""
        app: Any = self.app
        self.query_one("#lobby-title", Static).update(
            clean(f"tea-tui tables · you are {me} · {_count(len(tables))}", 120)
        )
        options = self.query_one("#tables", OptionList)
        highlighted = options.highlighted_option.id if options.highlighted_option else None
        if any(t.id == self.wanted for t in tables):
            highlighted, self.wanted = self.wanted, ""
        options.clear_options()
        for info in tables:
            options.add_option(Option(table_line(info, me), id=info.id))
        if highlighted is not None and any(t.id == highlighted for t in tables):
            options.highlighted = next(i for i, t in enumerate(tables) if t.id == highlighted)
        elif tables:
            options.highlighted = 0
        options.display = bool(tables)
        self.query_one("#lobby-empty", Static).display = not tables
        mine = [t for t in tables if app.seat_at(t) is not None and t.status == "waiting"]
        help_text = "n opens a table; Enter on a table takes a seat, opens your game or watches."
        if mine:
            help_text = f"Your table {mine[0].id} waits for players; s starts it when all sit."
        self.query_one("#lobby-help", Static).update(help_text)

    def refused(self, message: str) -> None:
        """Show what the server refused, until the next request ("" clears it)."""
        text = Text(clean(f"Refused: {message}", 300), style="bold red") if message else ""
        self.query_one("#lobby-refused", Static).update(text)

    def on_key(self) -> None:
        """A key after a refusal: the refusal has been read."""
        self.refused("")

    def highlight(self, table: str) -> None:
        """Put the highlight on a table (one just opened)."""
        app: Any = self.app
        ids = [t.id for t in app.tables]
        if table in ids:
            self.query_one("#tables", OptionList).highlighted = ids.index(table)
        else:
            self.wanted = table  # listed with the next list of tables

    def chosen(self) -> TableInfo | None:
        """The highlighted table."""
        app: Any = self.app
        options = self.query_one("#tables", OptionList)
        option = options.highlighted_option
        if option is None:
            return None
        return next((t for t in app.tables if t.id == option.id), None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a table."""
        self.action_enter()

    def action_enter(self) -> None:
        """Take a free seat, open one's game, or watch."""
        app: Any = self.app
        info = self.chosen()
        if info is None:
            return
        seat = app.seat_at(info)
        if seat is not None:
            if info.status == "waiting":
                self.notify("The game has not started yet: s starts it once every seat is taken")
            else:
                app.open_table(info.id)
        elif info.status == "waiting" and info.free_seats:
            app.send(TakeSeat(info.id, info.free_seats[0]))
        else:
            self.action_watch()

    def action_new(self) -> None:
        """Open a table."""
        app: Any = self.app
        self.app.push_screen(NewTableScreen(app.games, app.send, app.last_game))

    def action_start(self) -> None:
        """Start the highlighted table (its creator only)."""
        info = self.chosen()
        if info is not None:
            app: Any = self.app
            app.send(StartTable(info.id))

    def action_watch(self) -> None:
        """Watch the highlighted table."""
        info = self.chosen()
        if info is not None:
            app: Any = self.app
            app.watching.add(info.id)
            app.send(Watch(info.id))

    def action_leave(self) -> None:
        """Give up one's seat at a waiting table."""
        info = self.chosen()
        if info is not None:
            app: Any = self.app
            app.send(LeaveTable(info.id))


class ServeClientApp(App[None]):
    """One player's app at a table server.

    Args:
        socket: the table server's socket.
        name: the player's name.
        key: what the player is known by (their SSH key's fingerprint).
    """

    TITLE = "tea-tui"
    CSS = """
    #lobby-title { padding: 0 1; text-style: bold; }
    #lobby-help { padding: 0 1; }
    #tables { height: 1fr; }
    #lobby-empty { height: 1fr; padding: 1 2; }
    #lobby-refused { padding: 0 1; height: auto; }
    """

    def __init__(
        self,
        socket: Path | str,
        *,
        name: str,
        key: str,
        ask_name: bool = False,
        games: tuple[GameInfo, ...] | None = None,
    ) -> None:
        super().__init__()
        self.games = games if games is not None else offered_games()
        """The games the new-table form offers."""
        self.last_game = ""
        """The game of the last table opened (the form starts with it)."""
        self.ask_name = ask_name
        """Ask the player's name first (the browser, where nobody signed in); the key is then
        ``web:NAME``."""
        self.socket = socket
        self.player = name
        self.key = key
        self.tables: tuple[TableInfo, ...] = ()
        self.views: dict[str, TableView] = {}
        self.watching: set[str] = set()
        self.client: TableClient | None = None
        self.lobby = LobbyScreen()
        self._sending: set[asyncio.Task[None]] = set()
        self.exit_message = ""

    def on_mount(self) -> None:
        from tea_tui.terminal import quit_when_terminal_goes

        quit_when_terminal_goes(self)
        self.push_screen(self.lobby)
        if not self.ask_name:
            self.run_worker(self._listen(), exclusive=True, group="server")
            return
        from tea_tui.screens.modals import NameScreen

        def named(name: str | None) -> None:
            if not name:
                self.exit()
                return
            self.player = seat_name(name)
            self.key = f"web:{self.player}"
            self.run_worker(self._listen(), exclusive=True, group="server")

        hint = "The same name later takes you back to your seats."
        self.push_screen(NameScreen("Your name at the table", hint=hint), named)

    def seat_at(self, info: TableInfo) -> int | None:
        """The viewer's seat at a table, or None."""
        view = self.views.get(info.id)
        return view.you if view is not None else None

    def send(self, request: Any) -> None:
        """Send a request to the server (in the background)."""
        client = self.client
        if client is None:
            return
        task = asyncio.get_running_loop().create_task(self._send(client, request))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _send(self, client: TableClient, request: Any) -> None:
        try:
            await client.send(request)
        except ServerGoneError as exc:
            self.notify(str(exc), severity="error", markup=False)

    async def _listen(self) -> None:
        try:
            self.client = await TableClient.connect(self.socket, name=self.player, key=self.key)
            while True:
                reply = await self.client.receive()
                try:
                    self.on_reply(reply)
                except Exception as exc:  # one view this app cannot show must not end it
                    text = f"This app could not show what the server sent: {exc}"
                    self.notify(clean(text, 300), severity="error", markup=False)
        except (ServerGoneError, ProtocolError) as exc:
            self.exit_message = f"tea-tui: {exc}"
            self.exit(return_code=1, message=self.exit_message)
        finally:  # the app is ending (or the server left): let the socket go with it
            if self.client is not None:
                self.client.writer.close()

    def on_reply(self, reply: Any) -> None:
        """Take one message of the server to the screen it concerns."""
        if isinstance(reply, Welcome):
            self.player = reply.name
            self.tables = reply.tables
            self.lobby.show(self.tables, self.player)
        elif isinstance(reply, LobbyList):
            self.tables = reply.tables
            self.lobby.show(self.tables, self.player)
        elif isinstance(reply, Refused):
            self._refused(reply)
        elif isinstance(reply, TableView):
            self._table_view(reply)

    def _refused(self, reply: Refused) -> None:
        """A refusal stays on screen: on the form that asked, else in the lobby."""
        message = clean(reply.message, 300)
        screen = self.screen
        if isinstance(screen, NewTableScreen) and reply.request == "CreateTable":
            screen.refused(message)
            return
        self.lobby.refused(message)
        self.notify(message, title="Refused", severity="error", markup=False)

    def _table_view(self, view: TableView) -> None:
        table = view.table.id
        before = self.views.get(table)
        self.views[table] = view
        screen: Any = self.screen
        opened = before is None and view.you is not None and view.table.creator == self.player
        if isinstance(screen, NewTableScreen) and screen.waiting and opened:
            self.last_game = view.table.game
            screen.dismiss(None)  # the table is open: back to the lobby, which lists it
            self.lobby.show(self.tables, self.player)
            self.lobby.highlight(table)
            return
        shown = self._screen_of(table)
        if shown is not None:  # also under a modal (the chat, a question): kept up to date
            shown.apply_view(view)
            return
        started = view.setup is not None and (before is None or before.setup is None)
        if view.you is not None and started and self.screen is self.lobby:
            self.open_table(table)
        elif view.you is None and table in self.watching and self.screen is self.lobby:
            self.push_screen(WatchScreen(view, self.send))
        elif view.note and self.screen is self.lobby:
            self.notify(clean(view.note, 120), timeout=3, markup=False)
        self.lobby.show(self.tables, self.player)

    def _screen_of(self, table: str) -> Any:
        """The open screen of a table (its game screen or watcher's view), or None."""
        for screen in reversed(self.screen_stack):
            if getattr(screen, "table_id", None) == table and hasattr(screen, "apply_view"):
                return screen
        return None

    def open_new_game(self, *, rematch: Any = None) -> None:
        """The end screen's rematch: back to the lobby, where ``n`` opens a table."""
        while self.screen is not self.lobby and len(self.screen_stack) > 1:
            self.pop_screen()
        self.notify("n opens a new table; the others choose it to sit down", timeout=5)

    def open_replay(self, session: Any) -> None:
        """The end screen's replay: step through the finished game."""
        from tea_tui.screens.replay import ReplayScreen

        screen = ReplayScreen.of(session)
        screen.home = True  # closing it comes back here
        self.push_screen(screen)

    def open_table(self, table: str) -> None:
        """Open the game screen of a table where the viewer sits."""
        view = self.views.get(table)
        if view is None or view.setup is None or view.you is None:
            return
        self.push_screen(open_remote(view, self.send))
