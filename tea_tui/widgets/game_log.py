"""The game log: every move in words, under round and turn headings, the latest highlighted.

A dumb widget (docs/tui.md): :meth:`GameLog.show` takes the session's log entries (sentences
from :mod:`core.tea_garden.narrate`, written for every player at the table) and the seat names,
and keeps the newest line in sight. It scrolls with the arrow keys when focused.

The lines are wrapped here, to the width the log has on screen, with the continuation lines
indented under the text of their entry. A log that is not on screen (a hidden panel) has no
width: it only remembers its entries, and wraps them when it is shown or resized, so lines
written while another panel was showing never come out squeezed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tea_tui.session import LogEntry
from tea_tui.widgets.glyphs import seat_colour, seat_glyph

MAX_LINES = 600
"""The newest entries kept on screen; the session keeps the whole log."""
MIN_TEXT = 12
"""The narrowest column the text of an entry is wrapped to, however narrow the log."""


class GameLog(ScrollView, can_focus=True):
    """A scrollable log with headings; the latest move in reverse video."""

    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        background: $surface;
        overflow-x: hidden;
        overflow-y: scroll;
        scrollbar-size-vertical: 1;
        &:focus { background-tint: $foreground 5%; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._shown: list[LogEntry] = []
        self._names: list[str] = []
        self._limit = MAX_LINES
        self._width = 0
        """The width the lines were wrapped to; 0 while they wait for the log to be shown."""
        self._start = 0
        """Index of the first entry on screen (older ones are beyond ``limit``)."""
        self._blocks: list[int] = []
        """How many screen lines each entry from ``_start`` on took."""
        self._latest = -1
        """Index of the entry highlighted as the latest move."""
        self.lines: list[Strip] = []
        """The wrapped lines, oldest first."""

    def show(
        self, entries: Sequence[LogEntry], names: Sequence[str], *, limit: int = MAX_LINES
    ) -> None:
        """Show ``entries`` (the whole log so far), at most the ``limit`` newest."""
        entries = list(entries)
        names = list(names)
        old = self._shown
        if entries == old and names == self._names and limit == self._limit:
            return
        grown = len(entries) > len(old) and entries[: len(old)] == old
        same = names == self._names and limit == self._limit
        self._shown, self._names, self._limit = entries, names, limit
        width = self._text_width()
        if not width:  # not on screen: wrapped when it is shown (see on_resize)
            self._width = 0
            return
        if grown and same and width == self._width and len(entries) - self._start <= limit:
            self._append()
        else:
            self._rewrite(width)

    @property
    def shown(self) -> list[LogEntry]:
        """The entries given last."""
        return self._shown

    def on_resize(self, event: Resize) -> None:
        """Wrap the lines again for a new width, or for the first time once shown."""
        width = self._text_width()
        if width and width != self._width:
            self._rewrite(width)

    # --- inside -------------------------------------------------------------------------------

    def _text_width(self) -> int:
        return max(0, self.scrollable_content_region.width)

    def _rewrite(self, width: int) -> None:
        """Wrap every entry shown again (a new width, new names, an undo, a new game)."""
        self._width = width
        self._start = max(0, len(self._shown) - self._limit)
        self._latest = _latest(self._shown)
        self.lines = []
        self._blocks = []
        for i in range(self._start, len(self._shown)):
            self._add(i)
        self._settle()

    def _append(self) -> None:
        """Add the new entries; only the old latest move is wrapped again (to drop its
        highlight), so a move costs the same early and late in a game."""
        latest = _latest(self._shown)
        first = len(self._blocks) + self._start
        redo = self._latest if self._latest >= self._start else first
        redo = min(redo, first)
        drop = sum(self._blocks[redo - self._start :])
        if drop:
            del self.lines[-drop:]
        del self._blocks[redo - self._start :]
        self._latest = latest
        for i in range(redo, len(self._shown)):
            self._add(i)
        self._settle()

    def _add(self, index: int) -> None:
        strips = _wrap(self._shown[index], index == self._latest, self._width, self.app.console)
        self.lines.extend(strips)
        self._blocks.append(len(strips))

    def _settle(self) -> None:
        self.virtual_size = Size(self._width, len(self.lines))
        self.refresh()
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def render_line(self, y: int) -> Strip:
        """Draw one line of the log as scrolled."""
        _, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if 0 <= index < len(self.lines):
            strip = self.lines[index].crop_extend(0, width, self.rich_style)
        else:
            strip = Strip.blank(width, self.rich_style)
        return strip.apply_style(self.rich_style)


def _latest(entries: Sequence[LogEntry]) -> int:
    return max((i for i, e in enumerate(entries) if not e.header), default=-1)


def entry_parts(entry: LogEntry, latest: bool) -> tuple[Text, Text]:
    """Return an entry's lead (glyph, indent) and its text, styled; wrapped lines of the text
    are indented by the width of the lead."""
    if entry.header:
        if entry.seat < 0:
            return Text(""), Text(f"── {entry.text} ──", style="bold")
        lead = Text(f" {seat_glyph(entry.seat)} ", style=f"bold {seat_colour(entry.seat)}")
        return lead, Text(entry.text, style=f"bold {seat_colour(entry.seat)}")
    if entry.hint:
        return Text(" ? ", style="bold"), Text(entry.text, style="italic dim")
    lead = Text("   ")
    if entry.seat >= 0:
        lead.append(seat_glyph(entry.seat), style=seat_colour(entry.seat))
    else:  # the table's own events: Maintenance, scoring
        lead.append("·", style="dim")
    lead.append(" ")
    return lead, Text(entry.text, style="reverse" if latest else "")


def _wrap(entry: LogEntry, latest: bool, width: int, console: object) -> list[Strip]:
    """Wrap one entry to ``width`` cells, the text's continuation lines under its first."""
    from rich.console import Console

    assert isinstance(console, Console)
    lead, body = entry_parts(entry, latest)
    indent = lead.cell_len
    room = max(MIN_TEXT, width - indent)
    strips: list[Strip] = []
    for n, part in enumerate(body.wrap(console, room, overflow="fold")):
        line = (lead.copy() if n == 0 else Text(" " * indent)) + part
        line.rstrip()
        segments = [s for s in line.render(console) if s.text != "\n"]
        strips.append(Strip(Segment.simplify(segments)).adjust_cell_length(width))
    return strips or [Strip.blank(width)]
