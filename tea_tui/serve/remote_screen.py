"""The game screen of a shared table: the game's own screen, showing only the viewer's seat and
sending each step to the table instead of playing it here.

:func:`remote_screen` makes the class for a game from its ordinary game screen
(:func:`tea_tui.screens.game.game_screen`): the same panels, menus, keys and end screen, with
no hand-over screens (each player has their own terminal), no AI seats of its own (the table
runs them), no undo, hints or saving (the table saves after every move). A watcher gets
:class:`WatchScreen`: what every seat sees alike, and the log.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer, Static

from core.moves import Move
from tea_tui.safe_text import clean
from tea_tui.screens.game import GameScreen, game_screen
from tea_tui.screens.modals import ConfirmScreen
from tea_tui.serve.chat import Send, TableChat
from tea_tui.serve.mirror import final_session, mirror_session, update
from tea_tui.serve.protocol import PlayMoves, TableView

CHAT_KEY = Binding("C", "chat", "chat", tooltip="The table's chat: read it, say a line", id="chat")
"""The shared table's own key (capital C: no game's decision panel uses it)."""
_CLASSES: dict[str, type[GameScreen]] = {}


class RemoteParts(TableChat):
    """What the shared table's game screen changes of the ordinary one."""

    moves_made: int
    final_shown: bool
    session: Any
    _ai: dict[int, Any]
    _shown_seat: int | None
    selection: frozenset[str]
    submenu: str
    refresh_view: Any

    def setup_remote(self, view: TableView, send: Send) -> None:
        """Remember the table and how to reach it; drop the AI seats the base screen made."""
        for ai in self._ai.values():
            ai.close()
        self._ai = {}
        self.table_id = view.table.id
        self.send = send
        self.moves_made = view.moves_made
        self.final_shown = False
        self._shown_seat = view.you
        self.chat_seen = view.chat

    def apply_view(self, view: TableView) -> None:
        """Show a newer view of the table (the real game once it is over)."""
        self.moves_made = view.moves_made
        if view.final is not None and not self.final_shown:
            self.final_shown = True
            self.session = final_session(view)
        elif view.final is None:
            update(self.session, view)
        if view.note:
            self.notify(clean(view.note, 120), timeout=3, markup=False)
        self.take_chat(view.chat)
        if not self.is_mounted:  # on_mount shows it
            return
        try:
            self.refresh_view()
        except NoMatches:  # the screen is being built or taken down
            return

    def _needs_handover(self) -> bool:
        return False

    def _play_now(self, moves: tuple[Move, ...]) -> None:
        if not moves or not self.session.human_to_move:
            return
        seat = self._shown_seat
        assert seat is not None
        texts = tuple(str(m) for m in moves)
        self.send(PlayMoves(self.table_id, seat, texts, self.moves_made))
        self.selection = frozenset()
        self.submenu = ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No hints, pace or saving at a shared table; the rest as on the ordinary screen."""
        if action in ("hint", "pace", "save", "save_as"):
            return False
        found: bool | None = super().check_action(action, parameters)  # type: ignore[misc]
        return found

    def palette_commands(self) -> Iterator[SystemCommand]:
        """The shared table's commands: no undo, hint, saving or AI pace here."""
        game: Any = self
        yield SystemCommand(
            "Chat with the table", "What was said here, and a line to say", self.action_chat
        )
        yield SystemCommand("Scores", "Points per category for every seat", game.action_scores)
        yield SystemCommand("Help", "Keys and a short rules reference", game.action_help)
        for panel in game.game_layout.panels:
            show = f"Show {panel.title.lower()}"
            yield SystemCommand(show, panel.tip, lambda n=panel.name: game.action_panel(n))
        yield SystemCommand("Back to the lobby", "Your seat is kept", self.action_quit_game)

    def action_quit_game(self) -> None:
        """Back to the lobby (the seat is kept: choose the table again to go on)."""

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()

        question = "Back to the lobby? Your seat is kept: choose the table again to go on."
        self.app.push_screen(ConfirmScreen(question), answer)


def remote_screen(game_id: str) -> type[GameScreen]:
    """The shared table's game screen class of a game."""
    if game_id not in _CLASSES:
        base = game_screen(game_id)
        _CLASSES[game_id] = type("RemoteGameScreen", (RemoteParts, base), {"BINDINGS": [CHAT_KEY]})
    return _CLASSES[game_id]


def open_remote(view: TableView, send: Send) -> GameScreen:
    """The game screen of a seat's view of a started table."""
    assert view.setup is not None
    session = final_session(view) if view.final is not None else mirror_session(view)
    screen = remote_screen(view.setup.game)(session, pace=0.0, processes=False)
    parts: Any = screen
    parts.setup_remote(view, send)
    parts.final_shown = view.final is not None
    return screen


class WatchScreen(TableChat, Screen[None]):
    """A watcher's view of a table: what every seat sees alike, the log and the chat."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "back", "lobby"), CHAT_KEY]

    def __init__(self, view: TableView, send: Send) -> None:
        super().__init__()
        self.table_id = view.table.id
        self.send = send
        self.chat_seen = view.chat
        self._first = view

    def compose(self) -> ComposeResult:
        yield Static("", id="watch-status", markup=False)
        with VerticalScroll():
            yield Static("", id="watch-board", markup=False)
            yield Static("", id="watch-log", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.apply_view(self._first)

    def apply_view(self, view: TableView) -> None:
        """Show a newer view of the table."""
        info = view.table
        who = "the game is over" if view.to_move is None else f"{view.names[view.to_move]} to move"
        if not view.names:
            who = "waiting for players"
        status = f"Watching {info.game_name} at table {info.id} · {info.progress} · {who}"
        self.query_one("#watch-status", Static).update(clean(status, 200))
        board = json.loads(view.public) if view.public else {}
        lines = [f"{k}: {clean(json.dumps(v, ensure_ascii=False), 200)}" for k, v in board.items()]
        self.query_one("#watch-board", Static).update("\n".join(lines))
        log = [clean(e.text, 200) for e in view.log[-40:]] + [clean(c, 200) for c in view.chat]
        self.query_one("#watch-log", Static).update("\n".join(log))
        self.take_chat(view.chat, notify=False)  # the log above shows it

    def action_back(self) -> None:
        """Back to the lobby."""
        self.app.pop_screen()
