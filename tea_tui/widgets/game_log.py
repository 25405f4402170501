"""The game log: every move in words, under round and turn headings, the latest highlighted.

A dumb widget (docs/tui.md): :meth:`GameLog.show` takes the session's log entries (sentences
from :mod:`core.tea_garden.narrate`, written for every player at the table) and the seat names,
and keeps the newest line in sight. It scrolls with the arrow keys when focused.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.geometry import Size
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
        self._names: list[str] = []
        self._tail_from = -1
        """Index of the first entry written again on the next append (the latest move)."""
        self._tail_strips = 0
        """Screen lines written for the entries from ``_tail_from`` on."""

    def show(
        self, entries: Sequence[LogEntry], names: Sequence[str], *, limit: int = MAX_LINES
    ) -> None:
        """Show ``entries`` (the whole log so far), at most the ``limit`` newest."""
        entries = list(entries)
        names = list(names)
        old = self._shown
        if entries == old and names == self._names:
            return
        grown = len(entries) > len(old) and entries[: len(old)] == old
        if grown and names == self._names and self._size_known and self._tail_from >= 0:
            self._append(entries)
        else:
            self._rewrite(entries, max(0, len(entries) - limit))
        self._shown, self._names = entries, names
        self.scroll_end(animate=False)

    def _rewrite(self, entries: list[LogEntry], start: int) -> None:
        """Write everything from ``start`` again (a new game, new names, an undo)."""
        self.clear()
        self._tail_from = -1
        self._write_from(entries, start)

    def _append(self, entries: list[LogEntry]) -> None:
        """Add the new entries; only the lines from the old latest move on are written again,
        so a move costs the same early and late in a game."""
        # The strips of the old latest move and the headings after it are dropped, then those
        # entries are written again, the old latest now plain.
        if self._tail_strips:
            del self.lines[-self._tail_strips :]
        self._line_cache.clear()
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self._write_from(entries, self._tail_from)

    def _write_from(self, entries: list[LogEntry], start: int) -> None:
        last = max((i for i, e in enumerate(entries) if not e.header), default=-1)
        self._tail_from = last if last >= start else start
        self._tail_strips = 0
        for i in range(start, len(entries)):
            before, first = len(self.lines), self._start_line
            self.write(_line(entries[i], i == last), scroll_end=False)
            if i >= self._tail_from:
                self._tail_strips += len(self.lines) - before + self._start_line - first
        if not self._size_known:  # deferred until the size is known: write all again next time
            self._tail_from = -1

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
