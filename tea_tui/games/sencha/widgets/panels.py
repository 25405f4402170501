"""Sencha's dumb widgets (docs/tui.md): each keeps a seat's view and draws the lines of
:mod:`tea_tui.games.sencha.lines` at its width, coloured; no game logic here."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from core.sencha.context import Context
from core.sencha.hidden import SenchaObservation
from tea_tui.games.sencha.lines import (
    Line,
    market_lines,
    plantation_lines,
    player_lines,
    seats_in_order,
    status_lines,
)
from tea_tui.games.sencha.words import context_of


def to_text(lines: Sequence[Line]) -> Text:
    """Styled lines as one Rich Text."""
    out = Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        for text, style in line:
            out.append(text, style=style or None)
    return out


class SenchaWidget(Widget):
    """Keeps the view of :meth:`show_view` and draws :meth:`lines` of it."""

    DEFAULT_CSS = """
    SenchaWidget { height: auto; text-wrap: nowrap; text-overflow: clip; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._view: SenchaObservation | None = None
        self._names: tuple[str, ...] = ()

    def show(self, view: SenchaObservation, names: Sequence[str]) -> None:
        """Show ``view`` (a seat's observation) with the seats' names."""
        self._view = view
        self._names = tuple(names)
        self.refresh(layout=True)

    def render(self) -> Text:
        """The drawing, or a placeholder before the first :meth:`show`."""
        if self._view is None:
            return Text("(no game)", style="dim")
        return to_text(self.lines(self._view, context_of(self._view), self._names))

    def lines(self, view: SenchaObservation, ctx: Context, names: tuple[str, ...]) -> list[Line]:
        """The lines to draw; subclasses give them."""
        raise NotImplementedError


class PlantationsView(SenchaWidget):
    """The plantations with their houses and cubes, the field and the house reserve."""

    def lines(self, view: SenchaObservation, ctx: Context, names: tuple[str, ...]) -> list[Line]:
        """The board's lines."""
        return plantation_lines(view, ctx, names)


class MarketView(SenchaWidget):
    """The Tea Market card in play, the Emperor, the cards left, the bag and the supply."""

    def lines(self, view: SenchaObservation, ctx: Context, names: tuple[str, ...]) -> list[Line]:
        """The market's lines, the workers for hire on two lines when narrow."""
        return market_lines(view, ctx, names, self.size.width)


class PlayersView(SenchaWidget):
    """Every seat, the viewer first: yen, VP track, workers, temple and houses."""

    def lines(self, view: SenchaObservation, ctx: Context, names: tuple[str, ...]) -> list[Line]:
        """A block per seat."""
        out: list[Line] = []
        for seat in seats_in_order(view):
            out += player_lines(view, ctx, names, seat, self.size.width)
        return out


class SenchaStatus(Static):
    """The two lines always on screen: the card, who moves, the viewer's yen, VP and
    workers; :meth:`set_activity` adds what an AI seat is doing."""

    DEFAULT_CSS = """
    SenchaStatus { height: 2; padding: 0 1; background: $boost; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._lines: list[Line] = []
        self._activity = ""

    def show(self, view: SenchaObservation, names: Sequence[str], you: str) -> None:
        """Show the state of play seen by ``view.seat``; ``you`` says whose view it is."""
        self._lines = status_lines(view, context_of(view), names, you)
        self.update(self._text())

    def set_activity(self, text: str) -> None:
        """Show what an AI seat is doing ("" clears it)."""
        self._activity = text
        if self._lines:
            self.update(self._text())

    def _text(self) -> Text:
        lines = [list(line) for line in self._lines]
        if self._activity and lines:
            lines[0] += [("  │ ", "dim"), (self._activity, "italic")]
        return to_text(lines)
