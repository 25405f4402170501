"""The game screen's switchable panels: the tab line, which panel shows, handing the view to
the widgets on screen, and scrolling.

:class:`GamePanels` is a mixin of :class:`~tea_tui.screens.game.GameScreen`. At 80 x 24 one
panel at a time shows above the decision panel; Tab and the panel keys change it and PgUp/PgDn
scroll it, while the decision list keeps the focus (so the arrows always move its highlight).
Which panels there are, what they hold and how they show a view is the game's
(:class:`~tea_tui.layout.GameLayout`); the log panel is every game's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static

from tea_tui.layout import LOG_PANEL, GameLayout
from tea_tui.widgets.game_log import GameLog

if TYPE_CHECKING:
    from core.engine import Observation
    from tea_tui.session import GameSession

TABS_HINT = "Tab · PgUp/PgDn"
TABS_HINT_SHORT = "PgUp/PgDn"
"""Said after the tabs when it fits: how to change and scroll the panel."""
WIDE = "wide"
"""The stale-mark of the wide layout's own widgets (the board and log beside the panels)."""


class GamePanels:
    """The panels of the game screen (see the module's docstring)."""

    session: GameSession
    game_layout: GameLayout
    panel: str
    _view: Observation | None
    _stale: set[str]

    # The parts of Screen this mixin uses (GameScreen is a Screen).
    app: Any
    notify: Any
    query_one: Any
    has_class: Any

    @property
    def wide(self) -> bool:
        """True in the roomy layout."""
        return bool(self.has_class("-wide"))

    def _panel_names(self) -> list[str]:
        """The panels the tab line offers now, in its order."""
        return [p.name for p in self.game_layout.shown_panels(self.session, wide=self.wide)]

    def _fixed_when_wide(self, name: str) -> bool:
        return any(p.name == name and p.fixed_when_wide for p in self.game_layout.panels)

    def _scroller(self) -> Widget:
        """The widget that scrolls the panel on show."""
        name = "#log" if self.panel == LOG_PANEL else f"#panel-{self.panel}"
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
        names = (WIDE, self.panel) if self.wide else (self.panel,)
        for name in names:
            if name not in self._stale:
                continue
            self._stale.discard(name)
            if name == LOG_PANEL:
                self.query_one("#log", GameLog).show(s.log, s.names)
                continue
            if name == WIDE:
                self.query_one("#wide-log", GameLog).show(s.log, s.names)
                ids = self.game_layout.wide_widget_ids()
            else:
                ids = self.game_layout.panel_widget_ids(name)
            for widget_id in ids:
                self.game_layout.show_widget(self.query_one(f"#{widget_id}"), self._view, s)

    def _draw_tabs(self) -> None:
        tabs = Text()
        for panel in self.game_layout.shown_panels(self.session, wide=self.wide):
            title = self.game_layout.panel_title(self.session, panel)
            style = "bold reverse" if panel.name == self.panel else "dim"
            tabs.append(f" {panel.key} {title} ", style=style)
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
        if not self.game_layout.panel_available(self.session, name):
            self.notify(self.game_layout.unavailable_note(self.session, name))
            return
        self._show_panel(name)
