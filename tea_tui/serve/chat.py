"""The chat of a shared table: every line the table keeps, and a line to type.

:class:`ChatScreen` opens over the game screen (``C``, or Ctrl+P "Chat with the table"); lines
that arrive while it is open join the list at once. :func:`new_lines` tells which lines of a
newer view a player has not been shown yet, so a line said twice still shows twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tea_tui.safe_text import clean
from tea_tui.serve.protocol import Chat

Send = Callable[[Any], None]
"""Sends a request to the table server."""

CHAT_MAX = 300
"""The longest line the table takes (the protocol refuses longer ones)."""


def new_lines(seen: Sequence[str], now: Sequence[str]) -> tuple[str, ...]:
    """The lines of ``now`` after those of ``seen``: the table keeps its last lines only, so the
    newest lines seen are matched against the start of ``now`` (the longest overlap wins)."""
    for overlap in range(min(len(seen), len(now)), 0, -1):
        if tuple(seen[len(seen) - overlap :]) == tuple(now[:overlap]):
            return tuple(now[overlap:])
    return tuple(now)


class ChatScreen(ModalScreen[None]):
    """The table's chat: the kept lines, newest last, and an input that sends a line on Enter."""

    DEFAULT_CSS = """
    ChatScreen { align: center middle; }
    ChatScreen .modal-box {
        width: 80%; max-width: 100; height: 80%; padding: 1 2;
        border: heavy $primary; background: $surface;
    }
    #chat-scroll { height: 1fr; margin: 1 0; }
    #chat-input { margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close", tooltip="Back to the game", id="chat-close"),
    ]

    def __init__(self, table: str, lines: Sequence[str], say: Callable[[str], None]) -> None:
        super().__init__()
        self.table = table
        self.lines: tuple[str, ...] = tuple(lines)
        self.say = say
        """Sends a line to the table (the table's view brings it back to everyone)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box", id="chat-box"):
            yield Static(Text(f"Chat at table {clean(self.table, 40)}", style="bold"))
            with VerticalScroll(id="chat-scroll"):
                yield Static("", id="chat-lines", markup=False)
            yield Input(
                placeholder="Say something, then Enter", max_length=CHAT_MAX, id="chat-input"
            )
            yield Static(Text("Enter sends · Esc closes", style="dim"))

    def on_mount(self) -> None:
        self._show()
        self.query_one(Input).focus()

    def show(self, lines: Sequence[str]) -> None:
        """Show the table's lines as they are now."""
        self.lines = tuple(lines)
        if self.is_mounted:
            self._show()

    def _show(self) -> None:
        text = "\n".join(clean(line, CHAT_MAX + 40) for line in self.lines)
        self.query_one("#chat-lines", Static).update(text or "Nobody has said anything yet.")
        self.query_one("#chat-scroll", VerticalScroll).scroll_end(animate=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Send the typed line and clear the input for the next one."""
        text = event.value.strip()
        event.input.clear()
        if text:
            self.say(text[:CHAT_MAX])

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)


class TableChat:
    """The chat of a table's screen (a seat's game screen, or a watcher's): ``C`` opens
    :class:`ChatScreen`; lines that come while it is closed show as notifications."""

    table_id: str
    send: Send
    app: Any
    is_mounted: bool
    notify: Any

    chat_seen: tuple[str, ...] = ()
    """The table's chat lines as last shown."""

    def action_chat(self) -> None:
        """Open the table's chat: every line kept, and a line to type."""
        if self.chat_open() is None:
            self.app.push_screen(ChatScreen(self.table_id, self.chat_seen, self.say))

    def say(self, text: str) -> None:
        """Send a line of chat to the table."""
        self.send(Chat(self.table_id, text[:CHAT_MAX]))

    def chat_open(self) -> ChatScreen | None:
        """The chat screen, when it is open over this one."""
        if not self.is_mounted:
            return None
        top = self.app.screen
        return top if isinstance(top, ChatScreen) else None

    def take_chat(self, lines: Sequence[str], *, notify: bool = True) -> None:
        """Show the table's chat as it is now: in the chat screen when it is open, else each
        new line as a notification (when ``notify``)."""
        fresh = new_lines(self.chat_seen, lines)
        self.chat_seen = tuple(lines)
        shown = self.chat_open()
        if shown is not None:
            shown.show(lines)
        elif notify:
            for line in fresh:
                self.notify(clean(line, CHAT_MAX + 40), title="Chat", timeout=8, markup=False)
