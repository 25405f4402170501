"""What the others did: their turns since yours, in a line each under the status line.

A dumb widget (docs/tui.md): :meth:`LastTurns.show` takes the lines the session sums up
(:meth:`tea_tui.session.GameSession.last_turns`) and the seat names. It keeps to a few screen
lines (``max_lines``, and ``spare`` more when there are more turns to tell): one turn may wrap onto
them all, several share them, one line each, the newest kept, and what does not fit ends in
"…" (the log has the whole story). Turns the viewer has seen already are dimmed; with
nothing to tell the widget takes no room.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text
from textual.geometry import Size
from textual.widgets import Static

from tea_tui.turns import TurnLine
from tea_tui.widgets.glyphs import seat_colour, seat_glyph


class LastTurns(Static):
    """The others' last turns, in a sentence each."""

    DEFAULT_CSS = """
    LastTurns { height: auto; padding: 0 1; background: $boost; }
    LastTurns.-empty { display: none; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._lines: list[TurnLine] = []
        self._names: list[str] = []
        self.max_lines = 2
        """The screen lines it may take."""
        self.spare = 0
        """Lines more it may take to give each turn one."""

    def show(
        self,
        lines: Sequence[TurnLine],
        names: Sequence[str],
        max_lines: int = 2,
        spare: int = 0,
    ) -> None:
        """Show ``lines`` (the newest last) within ``max_lines`` screen lines, or up to
        ``spare`` more when there are more turns than lines."""
        self._lines, self._names, self.max_lines = list(lines), list(names), max_lines
        self.spare = spare
        self.set_class(not self._lines, "-empty")
        self.refresh(layout=True)

    @property
    def lines(self) -> list[TurnLine]:
        """The lines given last."""
        return self._lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the text takes at this width, at most ``max_lines``."""
        return len(self.rows(width))

    def render(self) -> Text:
        """The lines, cut to fit the widget."""
        return Text("\n").join(self.rows(self.content_region.width or self.size.width))

    def rows(self, width: int) -> list[Text]:
        """The screen lines at ``width`` columns."""
        if not self._lines or width <= 0:
            return []
        console: Console = self.app.console
        budget = max(self.max_lines, min(len(self._lines), self.max_lines + self.spare))
        shown = self._lines[-budget:]  # the newest, when there are more than fit
        share = [budget // len(shown)] * len(shown)
        share[-1] += budget - sum(share)
        rows: list[Text] = []
        for line, room in zip(shown, share, strict=True):
            rows.extend(_fit(self._line(line), width, room, console))
        return rows[:budget]

    def _line(self, line: TurnLine) -> Text:
        seat = line.seat
        text = Text()
        if seat < 0:  # the end of a round
            text.append("· ", style="bold")
            text.append(line.text, style="italic")
        else:
            name = self._names[seat] if seat < len(self._names) else f"Seat {seat + 1}"
            text.append(f"{seat_glyph(seat)} {name}", style=f"bold {seat_colour(seat)}")
            text.append(" so far: " if line.ongoing else " ")  # the text starts with a verb
            text.append(line.text)
        if not line.recent:
            text.stylize("dim")
        return text


def _fit(text: Text, width: int, rows: int, console: Console) -> list[Text]:
    """Wrap ``text`` to ``width`` and keep ``rows`` lines, the last ending in "…" if cut."""
    wrapped = list(text.wrap(console, width))
    if len(wrapped) <= rows:
        return wrapped
    kept = wrapped[:rows]
    last = kept[-1]
    last.rstrip()
    if last.cell_len >= width:
        last.truncate(width - 1)
    last.append("…")
    return kept
