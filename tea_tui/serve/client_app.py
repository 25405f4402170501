"""The client app of a shared table server: the lobby, a new table's form, the game screens.

One app runs per player (``tea-tui join``, and each SSH session of ``tea-tui serve`` starts one
in its own process). It talks to the table server over the local socket
(:class:`~tea_tui.serve.client.TableClient`): what the server says arrives in a worker of the
app's own event loop and goes to the screen it concerns; every choice becomes a request.

The lobby lists the tables (game, seats taken, status). Enter on a table takes a free seat of a
waiting table, opens the game of a table where one sits, or watches any other; ``n`` opens a
table, ``s`` starts one's own, ``w`` watches, ``x`` leaves a waiting table.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.games import offered_games
from core.setup import OptionValue
from tea_tui.safe_text import clean
from tea_tui.serve.client import ServerGoneError, TableClient
from tea_tui.serve.protocol import (
    CreateTable,
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


def _count(tables: int) -> str:
    """'no tables yet', '1 table', '3 tables'."""
    if tables == 0:
        return "no tables yet"
    return f"{tables} table" + ("" if tables == 1 else "s")


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
            seats.append(seat.kind)
    status = {"waiting": "waiting for players", "playing": "playing", "over": "finished"}
    progress = f" · {info.progress}" if info.progress and info.status == "playing" else ""
    text = f"{info.id}  {info.game_name} · {status[info.status]}{progress} · {', '.join(seats)}"
    if info.watchers:
        text += f" · {info.watchers} watching"
    return clean(text, 160)


def parse_options(text: str) -> dict[str, OptionValue]:
    """A table's options as typed: ``puerh`` switches an option on, ``name=value`` gives a
    number or a word (the server checks them against the game's options)."""
    options: dict[str, OptionValue] = {}
    for word in text.split()[:20]:
        name, eq, value = word.partition("=")
        if not eq:
            options[name[:40]] = True
        elif value.isdigit():
            options[name[:40]] = int(value)
        else:
            options[name[:40]] = {"true": True, "false": False}.get(value.lower(), value[:40])
    return options


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

    def compose(self) -> ComposeResult:
        yield Static("Connecting to the table server…", id="lobby-title", markup=False)
        yield OptionList(id="tables")
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
        options.clear_options()
        for info in tables:
            options.add_option(Option(table_line(info, me), id=info.id))
        if highlighted is not None and any(t.id == highlighted for t in tables):
            options.highlighted = next(i for i, t in enumerate(tables) if t.id == highlighted)
        elif tables:
            options.highlighted = 0
        mine = [t for t in tables if app.seat_at(t) is not None and t.status == "waiting"]
        help_text = "n opens a table; Enter on a table takes a seat, opens your game or watches."
        if mine:
            help_text = f"Your table {mine[0].id} waits for players; s starts it when all sit."
        self.query_one("#lobby-help", Static).update(help_text)

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
        self.app.push_screen(NewTableScreen())

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


class NewTableScreen(ModalScreen[None]):
    """A new table: the game's id and the seats."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]
    AUTO_FOCUS = "#game"

    def compose(self) -> ComposeResult:
        games = ", ".join(f"{g.id} ({g.name})" for g in offered_games())
        with Vertical(classes="modal-box"):
            yield Label(clean(f"Game: {games}", 200), markup=False)
            yield Input(offered_games()[0].id, id="game")
            yield Label("Seats: human for each person, or mcts:normal, heuristic, luyu:hard")
            yield Input("human human", id="seats")
            yield Label("Options (blank: none): switches such as puerh, or name=value")
            yield Input("", id="options")
            yield Label("AI that takes over a seat left empty too long (blank: none)")
            yield Input("", id="on-timeout")
            yield Label("Enter opens the table · Esc cancels")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Open the table."""
        game = self.query_one("#game", Input).value.strip()
        seats = tuple(self.query_one("#seats", Input).value.split())
        timeout = self.query_one("#on-timeout", Input).value.strip()
        options = parse_options(self.query_one("#options", Input).value)
        if not game or not seats:
            self.notify("Give the game's id and at least one seat", severity="warning")
            return
        app: Any = self.app
        app.send(CreateTable(game=game, seats=seats[:8], options=options, on_timeout=timeout))
        self.dismiss(None)

    def action_cancel(self) -> None:
        """Close the form."""
        self.dismiss(None)


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
    .modal-box { width: 80; height: auto; border: round $accent; padding: 1 2; }
    NewTableScreen { align: center middle; }
    """

    def __init__(self, socket: Path | str, *, name: str, key: str, ask_name: bool = False) -> None:
        super().__init__()
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
            self.notify(clean(reply.message, 300), title="Refused", severity="error", markup=False)
        elif isinstance(reply, TableView):
            self._table_view(reply)

    def _table_view(self, view: TableView) -> None:
        table = view.table.id
        before = self.views.get(table)
        self.views[table] = view
        screen: Any = self.screen
        if getattr(screen, "table_id", None) == table:
            screen.apply_view(view)
            return
        started = view.setup is not None and (before is None or before.setup is None)
        if view.you is not None and started and self.screen is self.lobby:
            self.open_table(table)
        elif view.you is None and table in self.watching and self.screen is self.lobby:
            self.push_screen(WatchScreen(view))
        elif view.note and self.screen is self.lobby:
            self.notify(clean(view.note, 120), timeout=3, markup=False)
        self.lobby.show(self.tables, self.player)

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
