"""The layout of a game's screens: its panels, their widgets and its status line.

The game screen and the replay viewer are every game's; they ask the game's
:class:`GameLayout` which panels there are (the tab line, the panel keys), which widgets each
holds and how a seat's view reaches them: one layout for both screens. A game's UI package gives
its own as ``LAYOUT`` in ``tea_tui.games.<id>.layout``; :func:`layout_for` finds it by the
game's registry id, and a game without one gets this module's :class:`GameLayout`: a Board
panel with a line per part of the view, and the log.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from textual.widget import Widget

from core.engine import Observation, State
from core.games import find_game
from tea_tui.session import GameSession
from tea_tui.widgets.observation_lines import ObservationLines
from tea_tui.widgets.status_text import StatusText

__all__ = ["LOG_PANEL", "GameLayout", "PanelInfo", "layout_for"]


@dataclass(frozen=True)
class PanelInfo:
    """One switchable panel of the game screen."""

    key: str
    """The key that shows it."""
    name: str
    """Its name (the panel's widget id is ``panel-NAME``)."""
    title: str
    """Its title on the tab line."""
    tip: str
    """What it shows, for the tooltip, the help and the palette."""
    fixed_when_wide: bool = False
    """True for a panel that is always on screen in the wide layout (then not a tab)."""


LOG_PANEL = "log"
"""The game log's panel, which every game has (the shell fills it)."""


class GameLayout:
    """The panels and widgets of one game's screens (this base is the fallback for any game)."""

    panels: tuple[PanelInfo, ...] = (
        PanelInfo("b", "board", "Board", "What you see of the game", fixed_when_wide=True),
        PanelInfo("l", LOG_PANEL, "Log", "The game log", fixed_when_wide=True),
    )
    """The panels, in the tab line's order."""
    menu_words: Mapping[str, str] = {"0": "choose the tenth item of a long list"}
    """What each letter of the decision panel does (bindings, help)."""
    first_panel = "board"
    """The panel on show when the game screen opens."""
    wide_decision_width = 44
    """The width of the decision panel and the log beside the panels in the wide layout (120 x
    40 and larger); the panels get the rest."""

    def name(self, session: GameSession) -> str:
        """The game's name on screen."""
        return find_game(session.game_id).name

    def too_small(self, session: GameSession) -> str:
        """What the screen says below 80 x 24."""
        return (
            f"The terminal is too small for {self.name(session)}: make it at least 80 x 24.\n"
            "No key acts on the game until then; q quits."
        )

    # --- panels ---------------------------------------------------------------------

    def shown_panels(self, session: GameSession, *, wide: bool) -> list[PanelInfo]:
        """The panels the tab line offers now, in order."""
        return [
            p
            for p in self.panels
            if self.panel_available(session, p.name) and not (wide and p.fixed_when_wide)
        ]

    def panel_available(self, session: GameSession, name: str) -> bool:
        """True when the panel belongs to this game as set up (an expansion's may not)."""
        return True

    def unavailable_note(self, session: GameSession, name: str) -> str:
        """What a panel's key says in a game where that panel does not belong."""
        return "That panel is not part of this game."

    def panel_title(self, session: GameSession, panel: PanelInfo) -> str:
        """A panel's title on the tab line (a game may name it after a seat)."""
        return panel.title

    def panel_widgets(self, session: GameSession, name: str) -> Iterator[Widget]:
        """The widgets of one panel (not the log's: the shell makes that one)."""
        if name == "board":
            yield ObservationLines(id="board")

    def panel_widget_ids(self, name: str) -> tuple[str, ...]:
        """The ids of a panel's widgets that show the view."""
        return ("board",) if name == "board" else ()

    def wide_widgets(self, session: GameSession) -> Iterator[Widget]:
        """The widgets always on screen beside the panels in the wide layout."""
        yield ObservationLines(id="wide-board")

    def wide_widget_ids(self) -> tuple[str, ...]:
        """The ids of the wide layout's widgets that show the view."""
        return ("wide-board",)

    def show_widget(self, widget: Widget, view: Observation, session: GameSession) -> None:
        """Hand a seat's view to one of the game's widgets."""
        show: Any = getattr(widget, "show_view", None)
        if show is not None:
            show(view, session)

    def status_widget(self) -> Widget:
        """The status line at the top of the game screen (id ``status``); it has a
        ``set_activity(text)`` for what an AI seat is doing."""
        return StatusText(id="status")

    def show_status(
        self, widget: Widget, state: State, view: Observation, session: GameSession, you: str
    ) -> None:
        """Say how far ``state`` has come and who is to move (``you``: the viewer's name, ""
        in the replay, whose position line names the view)."""
        assert isinstance(widget, StatusText)
        to_move = state.current_seat()
        who = "the game is over" if to_move is None else f"{session.names[to_move]} to move"
        viewer = f" · you are {you}" if you else ""
        widget.show_text(f"{self.name(session)} · {state.progress().text} · {who}{viewer}")


FALLBACK_LAYOUT = GameLayout()
"""The layout of a game without a UI package of its own."""


def layout_for(game_id: str) -> GameLayout:
    """The layout of a game: ``LAYOUT`` of its package's ``layout`` module, else
    :data:`FALLBACK_LAYOUT`."""
    name = f"tea_tui.games.{find_game(game_id).id}.layout"
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, name.rsplit(".", 1)[0]):
            raise
        return FALLBACK_LAYOUT
    found = getattr(module, "LAYOUT", None)
    return found if isinstance(found, GameLayout) else FALLBACK_LAYOUT
