"""Tea Garden's panels and widgets, laid out once for the game screen and the replay viewer
(:class:`tea_tui.layout.GameLayout`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from textual.widget import Widget

from core.engine import Observation, State
from core.tea_garden.hidden import TeaGardenObservation
from tea_tui.games.tea_garden.session import TeaGardenSession
from tea_tui.games.tea_garden.widgets.board_map import BoardMap
from tea_tui.games.tea_garden.widgets.displays import (
    ActionDisplay,
    BoardPanel,
    CaravanDisplay,
    CupStacks,
    EmperorDisplay,
)
from tea_tui.games.tea_garden.widgets.luyu_board import LuYuBoard
from tea_tui.games.tea_garden.widgets.noble_court import NobleCourt, PuerhCakes
from tea_tui.games.tea_garden.widgets.opponents import Opponents
from tea_tui.games.tea_garden.widgets.player_board import PlayerBoard
from tea_tui.games.tea_garden.widgets.status import StatusLine
from tea_tui.games.tea_garden.widgets.tracks import Tracks
from tea_tui.games.tea_garden.widgets.view_widget import ViewWidget
from tea_tui.layout import LOG_PANEL, GameLayout, PanelInfo
from tea_tui.session import GameSession

PANELS = (
    PanelInfo("m", "map", "Map", "The map of Regions, gardens and bonus tokens"),
    PanelInfo("t", "tracks", "Tracks", "River, Tea University and Emperor track"),
    PanelInfo("d", "displays", "Displays", "Action cards, Caravans, Emperor cards and Cup stacks"),
    PanelInfo(
        "b",
        "board",
        "Board",
        "Your board: leaves, pieces, hand and the cards played",
        fixed_when_wide=True,
    ),
    PanelInfo("o", "opponents", "Others", "What the table sees of the other seats"),
    PanelInfo("l", LOG_PANEL, "Log", "The game log", fixed_when_wide=True),
    PanelInfo(
        "r", "court", "Court", "Puerh expansion: Halls, Puerh Market and Storage, Decrees, cakes"
    ),
)
"""The panels of the game screen and the replay viewer, in the tab line's order."""
PANEL_WIDGETS = {
    "map": ("map",),
    "tracks": ("tracks",),
    "displays": ("action-display", "caravan-display", "emperor-display", "cup-stacks"),
    "board": ("board",),
    "opponents": ("opponents",),
    "court": ("noble-court", "puerh-cakes"),
}
"""The widgets in each switchable panel, by id."""
NO_COURT = "The Noble Court belongs to the Puerh expansion, which is off in this game."
"""What the court key says in a game without the expansion."""
MENU_WORDS = {
    "a": "use the top card / pay the cheapest",
    "c": "take a Caravan",
    "e": "end the turn",
    "f": "ferment",
    "g": "build a garden",
    "h": "extra harvest",
    "i": "climb the Emperor track",
    "n": "spend a Cup token / stop, decline",
    "p": "pass",
    "u": "buy an Action card",
    "w": "slip a card under the top card",
    "x": "repeat the secondary action",
    "y": "draw",
    "0": "choose the tenth item of a long list",
    "+": "use a +1 Scroll",
}
"""What each letter of the decision panel does."""


def _tea(session: GameSession) -> TeaGardenSession:
    assert isinstance(session, TeaGardenSession)
    return session


def _view(view: Observation | None) -> TeaGardenObservation:
    assert isinstance(view, TeaGardenObservation)
    return view


class TeaGardenLayout(GameLayout):
    """Tea Garden's map, tracks, displays, boards and Noble Court."""

    panels = PANELS
    menu_words: Mapping[str, str] = MENU_WORDS
    first_panel = "board"
    first_panel = "board"

    def too_small(self, session: GameSession) -> str:
        """What the screen says below 80 x 24."""
        return (
            "The terminal is too small for Tea Garden: make it at least 80 x 24.\n"
            "No key acts on the game until then; q quits."
        )

    # --- panels -------------------------------------------------------------------------------

    def panel_available(self, session: GameSession, name: str) -> bool:
        """The Noble Court exists only with the expansion."""
        return name != "court" or _tea(session).ctx.options.puerh

    def unavailable_note(self, session: GameSession, name: str) -> str:
        """What the court key says without the expansion."""
        return NO_COURT

    def panel_title(self, session: GameSession, panel: PanelInfo) -> str:
        """In a solo game with a person the other seat is Lu Yu's board, named after him."""
        s = _tea(session)
        if panel.name == "opponents" and s.luyu_seat is not None and s.human_seats:
            return s.names[s.luyu_seat]
        return panel.title

    def panel_widgets(self, session: GameSession, name: str) -> Iterator[Widget]:
        """The widgets of each panel: one layout for the game screen and the replay viewer."""

        s = _tea(session)
        if name == "map":
            yield BoardMap(id="map")
        elif name == "tracks":
            yield Tracks(id="tracks")
        elif name == "displays":
            yield ActionDisplay(id="action-display")
            yield CaravanDisplay(id="caravan-display")
            yield EmperorDisplay(id="emperor-display")
            yield CupStacks(id="cup-stacks")
        elif name == "board":
            yield PlayerBoard(id="board")
        elif name == "opponents":
            if s.luyu_seat is not None and s.human_seats:  # solo: the other seat is his
                yield LuYuBoard(id="opponents")
            else:
                yield Opponents(id="opponents")
        elif name == "court":
            yield NobleCourt(id="noble-court")
            yield PuerhCakes(id="puerh-cakes")

    def panel_widget_ids(self, name: str) -> tuple[str, ...]:
        """The ids of a panel's widgets."""
        return PANEL_WIDGETS.get(name, ())

    def wide_widgets(self, session: GameSession) -> Iterator[Widget]:
        """The player's own board beside the panels."""

        yield PlayerBoard(id="wide-board")

    def show_widget(self, widget: Widget, view: Observation, session: GameSession) -> None:
        """Every Tea Garden widget draws from the view, the components and the names."""

        if isinstance(widget, BoardPanel | ViewWidget):
            widget.show(_view(view), _tea(session).ctx, session.names)

    def status_widget(self) -> Widget:
        """Two lines: the round, whose turn, the turns left, the leaves and strength."""

        return StatusLine(id="status")

    def show_status(
        self, widget: Widget, state: State, view: Observation, session: GameSession, you: str
    ) -> None:
        """Show the status of ``view``."""

        assert isinstance(widget, StatusLine)
        widget.show(_view(view), _tea(session).ctx, session.names, you=you)


LAYOUT = TeaGardenLayout()
"""Tea Garden's layout of the game screen and the replay viewer."""
