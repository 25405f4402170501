"""The hand-over screen between two people at one terminal: it hides the board until the next
player is ready, so nobody sees another player's hand."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Static

from tea_tui.widgets.glyphs import seat_colour, seat_glyph


class HandoverScreen(Screen[None]):
    """Covers the whole terminal until any key is pressed."""

    CSS_PATH = "handover.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "ready",
            "I am ready",
            tooltip="Show the board of the player to move",
            id="handover-ready",
        )
    ]

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat = seat
        self.player = name

    def compose(self) -> ComposeResult:
        text = Text(justify="center")
        text.append(
            f"{seat_glyph(self.seat)} {self.player}", style=f"bold {seat_colour(self.seat)}"
        )
        text.append(", it is your turn.\n\n")
        text.append("Everyone else, please look away.\n\n", style="italic")
        text.append("Press any key to see your board.", style="bold")
        with Middle(), Center():
            yield Static(text, id="handover-card")

    def on_key(self, event: Key) -> None:
        """Any key shows the board."""
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        """Close the screen."""
        self.dismiss(None)
