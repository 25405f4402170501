"""What a seat knows of any game, a line per part of its observation: the fallback's board."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from core.engine import Observation
from tea_tui.session import GameSession
from tea_tui.view_lines import observation_lines


class ObservationLines(Static):
    """A seat's view as lines of text (a game with screens of its own draws it properly)."""

    DEFAULT_CSS = """
    ObservationLines { height: auto; }
    """

    def show_view(self, view: Observation, session: GameSession) -> None:
        """Show ``view``, one line per field."""
        self.update(Text("\n".join(observation_lines(view))))
