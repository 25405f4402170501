"""The score table: points per category for every seat, with a bar, and the totals.

A dumb widget (docs/tui.md): :meth:`ScoreTable.show` takes a breakdown (one dict of category ->
points per seat, as ``State.score_now`` and ``Outcome.breakdown`` give), the seat names and the
game's categories in order, each with a glyph and a name
(:meth:`tea_tui.game_ui.GameUi.score_categories`). Each cell shows the points and a block bar
scaled to the largest value in the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import DataTable

from tea_tui.widgets.glyphs import seat_colour, seat_glyph

__all__ = ["ScoreTable", "bar"]

BAR_WIDTH = 8
_BLOCKS = " ▏▎▍▌▋▊▉█"


def bar(value: int, top: int, width: int = BAR_WIDTH) -> str:
    """Return a block bar of ``value`` out of ``top`` in ``width`` cells (eighths included)."""
    if top <= 0 or value <= 0:
        return ""
    eighths = round(value / top * width * 8)
    full, part = divmod(max(1, eighths), 8)
    return "█" * full + (_BLOCKS[part] if part else "")


class ScoreTable(DataTable[Text]):
    """Rows: categories and the total; columns: seats."""

    DEFAULT_CSS = """
    ScoreTable { height: auto; max-height: 100%; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(
            id=id, classes=classes, zebra_stripes=True, cursor_type="none", show_cursor=False
        )

    def show(
        self,
        breakdown: Sequence[dict[str, int]],
        names: Sequence[str],
        categories: Sequence[tuple[str, str, str]],
    ) -> None:
        """Show every seat's points per category (``categories``: key, glyph and name)."""
        self.clear(columns=True)
        self.add_column(Text("Category"), key="category")
        for seat, name in enumerate(names):
            self.add_column(
                Text(f"{seat_glyph(seat)} {name}", style=f"bold {seat_colour(seat)}"),
                key=f"seat{seat}",
            )
        keys = [key for key, _, _ in categories]
        top = max((b.get(k, 0) for b in breakdown for k in keys), default=0)
        for key, glyph, name in categories:
            cells = [Text(f"{glyph} {name}")]
            for seat in range(len(names)):
                value = breakdown[seat].get(key, 0) if seat < len(breakdown) else 0
                cell = Text(f"{value:>3} ")
                cell.append(bar(value, top), style=seat_colour(seat))
                cells.append(cell)
            self.add_row(*cells, key=key)
        totals = [Text("= Total", style="bold")]
        for seat in range(len(names)):
            total = sum(breakdown[seat].values()) if seat < len(breakdown) else 0
            totals.append(Text(f"{total:>3}", style="bold"))
        self.add_row(*totals, key="total")
