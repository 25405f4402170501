"""The game screen's switchable panels: the tab line, which panel shows, handing the view to
the widgets on screen, and scrolling.

:class:`GamePanels` is a mixin of :class:`~tea_tui.screens.game.GameScreen`. At 80 x 24 one
panel at a time shows above the decision panel; Tab and the panel keys change it and PgUp/PgDn
scroll it, while the decision list keeps the focus (so the arrows always move its highlight).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from tea_tui.games.tea_garden.widgets.displays import BoardPanel
from tea_tui.games.tea_garden.widgets.view_widget import ViewWidget
from tea_tui.screens.bindings import NO_COURT, PANELS
from tea_tui.widgets.game_log import GameLog

if TYPE_CHECKING:
    from core.tea_garden.hidden import TeaGardenObservation
    from tea_tui.session import GameSession

PANEL_WIDGETS = {
    "map": ("map",),
    "tracks": ("tracks",),
    "displays": ("action-display", "caravan-display", "emperor-display", "cup-stacks"),
    "board": ("board",),
    "opponents": ("opponents",),
    "log": ("log",),
    "court": ("noble-court", "puerh-cakes"),
}
"""The widgets in each switchable panel, by id."""
TABS_HINT = "Tab · PgUp/PgDn"
TABS_HINT_SHORT = "PgUp/PgDn"
"""Said after the tabs when it fits: how to change and scroll the panel."""


class GamePanels:
    """The panels of the game screen (see the module's docstring)."""

    session: GameSession
    panel: str
    _view: TeaGardenObservation | None
    _stale: set[str]

    # The parts of Screen this mixin uses (GameScreen is a Screen).
    app: Any
    notify: Any
    query_one: Any
    has_class: Any

    @property
    def _luyu_opposite(self) -> bool:
        """True in a solo game with a person: the view is always theirs, so the other seat
        is always Lu Yu's (a game of AI seats only may show his seat's view)."""
        return self.session.luyu_seat is not None and bool(self.session.human_seats)

    @property
    def wide(self) -> bool:
        """True in the roomy layout."""
        return bool(self.has_class("-wide"))

    def _panel_names(self) -> list[str]:
        """The panels the tab line offers now, in its order."""
        names = []
        for _, (name, _, _) in PANELS.items():
            if self.wide and name in ("board", "log"):
                continue
            if name == "court" and not self.session.ctx.options.puerh:
                continue
            names.append(name)
        return names

    def _scroller(self) -> Widget:
        """The widget that scrolls the panel on show."""
        name = "#log" if self.panel == "log" else f"#panel-{self.panel}"
        widget: Widget = self.query_one(name)
        return widget

    def _show_panel(self, name: str) -> None:
        self.panel = name
        self.query_one("#panels", ContentSwitcher).current = f"panel-{name}"
        self._draw_tabs()
        self._show_visible()

    def _show_visible(self) -> None:
        """Hand the view to the widgets on screen; hidden panels get it when they are shown."""
        if self._view is None:
            return
        s = self.session
        names = ("wide", self.panel) if self.wide else (self.panel,)
        for name in names:
            if name not in self._stale:
                continue
            self._stale.discard(name)
            for widget_id in PANEL_WIDGETS.get(name, ("wide-board", "wide-log")):
                widget = self.query_one(f"#{widget_id}")
                if isinstance(widget, GameLog):
                    widget.show(s.log, s.names)
                elif isinstance(widget, BoardPanel | ViewWidget):
                    widget.show(self._view, s.ctx, s.names)

    def _draw_tabs(self) -> None:
        tabs = Text()
        shown = self._panel_names()
        for key, (name, title, _) in PANELS.items():
            if name not in shown:
                continue  # the Noble Court exists only with the expansion
            luyu = self.session.luyu_seat
            if name == "opponents" and luyu is not None and self._luyu_opposite:
                title = self.session.names[luyu]  # solo: the other seat is Lu Yu's board
            style = "bold reverse" if name == self.panel else "dim"
            tabs.append(f" {key} {title} ", style=style)
            tabs.append(" ")
        width = self.app.size.width - (44 if self.wide else 0)
        for hint in (TABS_HINT, TABS_HINT_SHORT):
            if tabs.cell_len + len(hint) <= width:
                tabs.append(hint, style="dim")
                break
        self.query_one("#tabs", Static).update(tabs)

    # --- keys -------------------------------------------------------------------------------

    def action_next_panel(self, step: int) -> None:
        """Show the next panel of the tab line (the previous one for -1)."""
        names = self._panel_names()
        here = names.index(self.panel) if self.panel in names else -1
        self._show_panel(names[(here + step) % len(names)])

    def action_scroll_panel(self, pages: int) -> None:
        """Scroll the panel on show by ``pages`` screens (up when negative)."""
        scroller = self._scroller()
        if pages > 0:
            scroller.scroll_page_down(animate=False)
        else:
            scroller.scroll_page_up(animate=False)

    def action_panel(self, name: str) -> None:
        """Show one panel in the switchable area."""
        if name == "court" and not self.session.ctx.options.puerh:
            self.notify(NO_COURT)
            return
        self._show_panel(name)
