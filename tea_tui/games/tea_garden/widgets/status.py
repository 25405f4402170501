"""The status line: round, whose turn, turns left per seat, strength, the top card's offer.

A dumb widget (docs/tui.md): :meth:`StatusLine.show` takes the view of the seat shown and
renders two lines; :meth:`StatusLine.set_activity` adds what an AI seat is doing ("thinking").
Seats carry their glyph as well as their colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.words import card_offer
from tea_tui.games.tea_garden.turns import turns_left
from tea_tui.widgets.glyphs import seat_colour, seat_glyph


def seat_text(seat: int, names: Sequence[str]) -> Text:
    """Return a seat's glyph and name in its colour."""
    name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
    return Text(f"{seat_glyph(seat)} {name}", style=f"bold {seat_colour(seat)}")


class StatusLine(Static):
    """Two lines that are always on screen."""

    DEFAULT_CSS = """
    StatusLine { height: 2; padding: 0 1; background: $boost; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._view: TeaGardenObservation | None = None
        self._ctx: Context | None = None
        self._names: Sequence[str] = ()
        self._activity = ""
        self._you = ""

    def show(
        self,
        view: TeaGardenObservation,
        ctx: Context,
        names: Sequence[str],
        you: str = "",
    ) -> None:
        """Show the state of play seen by ``view.seat``; ``you`` says whose view it is."""
        self._view, self._ctx, self._names, self._you = view, ctx, names, you
        self.update(self._render_text())

    def set_activity(self, text: str) -> None:
        """Show what is going on besides the game (an AI thinking, the pace); "" clears it."""
        self._activity = text
        if self._view is not None:
            self.update(self._render_text())

    def _render_text(self) -> Text:
        view, ctx, names = self._view, self._ctx, self._names
        assert view is not None and ctx is not None
        line = Text()
        if view.over:
            line.append("The game is over", style="bold")
        else:
            line.append(f"Round {view.round}/{ROUNDS}", style="bold")
            line.append("  ")
            line.append_text(seat_text(view.to_move, names))
            line.append(" to move")
        line.append("  │ turns left ")
        for seat in range(len(view.players)):
            line.append(f"{seat_glyph(seat)}", style=seat_colour(seat))
            line.append(f"{turns_left(view, ctx, seat)} ")
        if self._you:
            line.append("│ you ")
            line.append_text(seat_text(view.seat, names))
        second = Text()
        t = view.turn
        lu = view.luyu
        if not view.over and lu is not None and view.to_move == lu.seat:
            second.append_text(seat_text(lu.seat, names))
            top = f", {ctx.name(lu.draw[-1])} on top" if lu.draw else ""
            second.append(f" turns his next card ({view.luyu_draw_size} in his deck{top})")
        elif not view.over and t.committed and t.top in ctx.cards:
            card = ctx.cards[t.top]
            offer = card_offer(ctx, t.top)
            second.append(f"Strength {t.strength}", style="bold")
            second.append(f"  │ top card {card.name}: {offer}")
        elif not view.over:
            chosen = sum(ctx.cards[c].strength for c in t.selected if c in ctx.cards)
            second.append(f"Strength {t.strength + chosen}", style="bold")
            second.append("  │ cards not played yet")
        if self._activity:
            second.append("  │ ")
            second.append(self._activity, style="italic")
        return Text("\n").join([line, second])
