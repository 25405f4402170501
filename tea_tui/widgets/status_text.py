"""The fallback's status line: how far the game has come and who is to move, and what an AI
seat is doing."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class StatusText(Static):
    """One line of status, then what an AI seat is doing (a game's own status line draws more)."""

    DEFAULT_CSS = """
    StatusText { height: 2; padding: 0 1; background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self._text = ""
        self._activity = ""

    def show_text(self, text: str) -> None:
        """Show the status line."""
        self._text = text
        self._draw()

    def set_activity(self, text: str) -> None:
        """Say what an AI seat is doing ("" when nothing)."""
        self._activity = text
        self._draw()

    def _draw(self) -> None:
        line = Text(self._text)
        if self._activity:
            line.append("\n" + self._activity, style="italic")
        self.update(line)
