"""Sencha's panels and widgets, laid out once for the game screen and the replay viewer
(:class:`tea_tui.layout.GameLayout`): the board (plantations, field, houses), the Tea Market,
the players and the log; when wide, the board and the market stay beside the panels."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from textual.widget import Widget

from core.engine import Observation, State
from core.sencha.hidden import SenchaObservation
from tea_tui.games.sencha.widgets.panels import (
    MarketView,
    PlantationsView,
    PlayersView,
    SenchaStatus,
    SenchaWidget,
)
from tea_tui.layout import LOG_PANEL, GameLayout, PanelInfo
from tea_tui.session import GameSession

PANELS = (
    PanelInfo(
        "b", "board", "Board", "Plantations, the field and everyone's houses", fixed_when_wide=True
    ),
    PanelInfo(
        "m",
        "market",
        "Market",
        "The Tea Market card, the Emperor, the bag and the workers for hire",
        fixed_when_wide=True,
    ),
    PanelInfo("o", "players", "Players", "Yen, VP track, workers, temples and houses"),
    PanelInfo("l", LOG_PANEL, "Log", "The game log", fixed_when_wide=True),
)
"""The panels, in the tab line's order."""
PANEL_WIDGETS = {"board": ("board",), "market": ("market",), "players": ("players",)}
MENU_WORDS = {
    "n": "finish collecting, selling or offering",
    "f": "take a free cube",
    "p": "pass",
    "0": "choose the tenth item of a long list",
}
"""What the decision panel's letters do (the rest number long lists)."""


def _view(view: Observation) -> SenchaObservation:
    assert isinstance(view, SenchaObservation)
    return view


class SenchaLayout(GameLayout):
    """Sencha's board, market and players."""

    panels = PANELS
    menu_words: Mapping[str, str] = MENU_WORDS
    first_panel = "board"
    wide_decision_width = 56
    """Wider than the default: the steps' words fit on one line more often (the panels' lines
    are kept within the 63 columns left)."""

    def panel_widgets(self, session: GameSession, name: str) -> Iterator[Widget]:
        """The widgets of each panel."""
        if name == "board":
            yield PlantationsView(id="board")
        elif name == "market":
            yield MarketView(id="market")
        elif name == "players":
            yield PlayersView(id="players")

    def panel_widget_ids(self, name: str) -> tuple[str, ...]:
        """The ids of a panel's widgets."""
        return PANEL_WIDGETS.get(name, ())

    def wide_widgets(self, session: GameSession) -> Iterator[Widget]:
        """The board and the market beside the panels."""
        yield PlantationsView(id="wide-board")
        yield MarketView(id="wide-market")

    def wide_widget_ids(self) -> tuple[str, ...]:
        """The ids of the wide layout's widgets."""
        return ("wide-board", "wide-market")

    def show_widget(self, widget: Widget, view: Observation, session: GameSession) -> None:
        """Every Sencha widget draws from the view and the names."""
        if isinstance(widget, SenchaWidget):
            widget.show(_view(view), session.names)

    def status_widget(self) -> Widget:
        """Two lines: the card, who moves, the viewer's yen, VP and workers."""
        return SenchaStatus(id="status")

    def show_status(
        self, widget: Widget, state: State, view: Observation, session: GameSession, you: str
    ) -> None:
        """Show the status of ``view``."""
        assert isinstance(widget, SenchaStatus)
        widget.show(_view(view), session.names, you)


LAYOUT = SenchaLayout()
"""Sencha's layout of the game screen and the replay viewer."""
