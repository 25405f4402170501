"""The game log: every move in words, under round and turn headings, the latest highlighted.

A dumb widget (docs/tui.md): :meth:`GameLog.show` takes the session's log entries (sentences
from :mod:`core.tea_garden.narrate`, written for every player at the table) and the seat names,
and keeps the newest line in sight. It scrolls with the arrow keys when focused.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import RichLog

from tea_tui.session import LogEntry
from tea_tui.widgets.glyphs import seat_colour, seat_glyph

MAX_LINES = 600
"""The newest lines kept on screen; the session keeps the whole log."""


class GameLog(RichLog):
    """A scrollable log with headings; the latest move in reverse video."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; scrollbar-size-vertical: 1; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(
            id=id, classes=classes, wrap=True, markup=False, max_lines=MAX_LINES, min_width=20
        )
        self._shown: list[LogEntry] = []
        self._names: Sequence[str] = ()

    def show(
        self, entries: Sequence[LogEntry], names: Sequence[str], *, limit: int = MAX_LINES
    ) -> None:
        """Show ``entries`` (the whole log so far), at most the ``limit`` newest."""
        entries = list(entries[-limit:])
        if entries == self._shown and list(names) == list(self._names):
            return
        self._shown, self._names = entries, names
        self.clear()
        last = max((i for i, e in enumerate(entries) if not e.header), default=-1)
        for i, entry in enumerate(entries):
            self.write(_line(entry, i == last), scroll_end=False)
        self.scroll_end(animate=False)

    @property
    def shown(self) -> list[LogEntry]:
        """The entries on screen."""
        return self._shown


def _line(entry: LogEntry, latest: bool) -> Text:
    if entry.header:
        if entry.seat < 0:
            return Text(f"── {entry.text} ──", style="bold")
        return Text(
            f" {seat_glyph(entry.seat)} {entry.text}", style=f"bold {seat_colour(entry.seat)}"
        )
    if entry.hint:
        text = Text(" ? ", style="bold")
        text.append(entry.text, style="italic dim")
        return text
    text = Text("   ")
    text.append(seat_glyph(entry.seat), style=seat_colour(entry.seat))
    text.append(f" {entry.text}", style="reverse" if latest else "")
    return text
