"""The replay viewer: a saved or finished game, move by move, the board as it was and the log in
step with it.

←/→ step one move, Home/End jump to the start and the end, PgUp/PgDn to the previous or next
round. The board shows what one seat saw at that moment: by default the seat that just moved,
``v`` cycles through the seats. The panels are those of the game screen, laid out by the same
code (:meth:`tea_tui.game_ui.GameUi.panel_widgets`); the log is always on screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer, Static

from tea_tui.game_ui import FALLBACK, GameUi, ui_for
from tea_tui.layout import (
    FALLBACK_LAYOUT,
    LOG_PANEL,
    GameLayout,
    PanelInfo,
    layout_for,
)
from tea_tui.widgets.game_log import GameLog
from tea_tui.widgets.glyphs import seat_colour, seat_glyph, use_seat_colours

if TYPE_CHECKING:
    from core.engine import Observation
    from saves import HintNote, LoadedGame, Replay
    from tea_tui.persist import Rebuilt

TALL = 36
"""From this height the log takes the room the map leaves."""
REPLAY_LOG = 40
"""Log entries the replay shows (up to the move shown)."""


_STEPS: list[BindingType] = [
    Binding(
        "left",
        "step(-1)",
        "back",
        key_display="←",
        tooltip="One move back",
        priority=True,
        id="replay-back",
    ),
    Binding(
        "right",
        "step(1)",
        "forward",
        key_display="→",
        tooltip="One move forward",
        priority=True,
        id="replay-forward",
    ),
    Binding(
        "home",
        "jump(0)",
        "first",
        tooltip="Jump to the start",
        priority=True,
        id="replay-start",
    ),
    Binding("end", "jump(-1)", "last", tooltip="Jump to the end", priority=True, id="replay-end"),
    Binding(
        "pageup",
        "round(-1)",
        "round back",
        show=False,
        tooltip="Jump to the previous round",
        priority=True,
        id="replay-round-back",
    ),
    Binding(
        "pagedown",
        "round(1)",
        "next round",
        show=False,
        tooltip="Jump to the next round",
        priority=True,
        id="replay-round-forward",
    ),
    Binding(
        "v",
        "view",
        "view",
        tooltip="Whose view the board shows: the seat that moved, or a seat of your choice",
        id="replay-view",
    ),
]
"""The replay viewer's own keys."""


def _replay_panels(layout: GameLayout) -> list[PanelInfo]:
    """The panels of the replay viewer: the game screen's but the log (always on screen)."""
    return [p for p in layout.panels if p.name != LOG_PANEL]


def replay_bindings(layout: GameLayout) -> list[BindingType]:
    """The replay viewer's bindings for a game: stepping, then the game's panels."""
    return [
        *_STEPS,
        *[
            Binding(
                p.key,
                f"panel('{p.name}')",
                p.title.lower(),
                show=False,
                tooltip=p.tip,
                id=f"replay-panel-{p.name}",
            )
            for p in _replay_panels(layout)
        ],
        Binding("escape,q", "close", "close", tooltip="Leave the replay", id="replay-close"),
    ]


class ReplayScreen(Screen[None]):
    """Step through a game."""

    CSS_PATH = str(Path(__file__).with_name("replay.tcss"))
    UI: ClassVar[GameUi] = FALLBACK
    LAYOUT: ClassVar[GameLayout] = FALLBACK_LAYOUT
    BINDINGS: ClassVar[list[BindingType]] = []

    def __init__(self, rebuilt: Rebuilt, replay: Replay, *, title: str = "") -> None:
        super().__init__()
        self.session = rebuilt.session
        self.ui = self.UI
        self.game_layout = self.LAYOUT
        self.marks = rebuilt.marks
        self.rounds = rebuilt.rounds
        self.replay = replay
        self.title_text = title
        self.index = len(replay)
        """The number of moves made at the point shown."""
        self.pinned: int | None = None
        """The seat whose view is shown, or None to follow the play."""
        self.panel = self._panel_names()[0]
        self.home = False
        """True when another screen lies beneath, to go back to when the replay is left (False:
        opened by `tea-tui replay`, leaving ends the app)."""
        self._view: Observation | None = None

    @classmethod
    def of(cls, source: LoadedGame | object) -> ReplayScreen:
        """The replay of a loaded save, or of a game session (a finished game).

        Raises:
            NotPlayableError: for a save of a game the app does not show.
        """
        from saves import LoadedGame, Replay
        from tea_tui.persist import rebuild, session_from_save
        from tea_tui.session import GameSession

        if isinstance(source, LoadedGame):
            title = source.save.meta.title or source.name
            kind = replay_screen(source.save.setup.game)
            return kind(session_from_save(source), source.replay, title=title)
        assert isinstance(source, GameSession)
        s = source
        notes = _hint_notes(s)
        rebuilt = rebuild(
            s.game, s.seed, s.seats, s.moves, names=s.names, hints=notes, colours=s.colours
        )
        replay = Replay.build(s.game, s.seed, [str(m) for m in s.moves])
        return replay_screen(s.game_id)(rebuilt, replay, title=s.title or "this game")

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        layout, s = self.game_layout, self.session
        yield layout.status_widget()
        yield Static("", id="replay-position")
        yield Static("", id="replay-tabs")
        with ContentSwitcher(initial=f"rpanel-{self.panel}", id="replay-panels"):
            for panel in _replay_panels(layout):
                if layout.panel_available(s, panel.name):
                    with VerticalScroll(id=f"rpanel-{panel.name}", classes="rpanel"):
                        yield from layout.panel_widgets(s, panel.name)
        with Vertical(id="replay-log-box"):
            yield GameLog(id="replay-log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        use_seat_colours(self.session.colours)
        self.set_class(self.app.size.height >= TALL, "-tall")
        self.show_step()

    def on_resize(self, event: Resize) -> None:
        """A tall terminal gives the log more room (layout only)."""
        self.set_class(event.size.height >= TALL, "-tall")

    def _panel_names(self) -> list[str]:
        """The panels the tab line offers, in order."""
        s = self.session
        return [
            p.name
            for p in _replay_panels(self.game_layout)
            if self.game_layout.panel_available(s, p.name)
        ]

    # --- showing one step -------------------------------------------------------------------

    @property
    def view_seat(self) -> int:
        """The seat whose view is shown now."""
        if self.pinned is not None:
            return self.pinned
        if self.index > 0:
            return self.replay.seats[self.index - 1]
        state = self.replay.state_at(0)
        seat = state.current_seat()
        return seat if seat is not None else 0

    def show_step(self) -> None:
        """Show the board and the log after :attr:`index` moves."""
        s = self.session
        state = self.replay.state_at(self.index)
        seat = self.view_seat
        view = state.observation(seat)
        names = s.names
        # The position line names the view, so the status line has no "you".
        self.game_layout.show_status(self.query_one("#status"), state, view, s, you="")
        self._view = view
        self._show_panel()
        # The newest lines only: stepping must stay quick, and the pane is a few lines high.
        self.query_one(GameLog).show(s.log[: self.marks[self.index]], names, limit=REPLAY_LOG)
        self._position()
        self._tabs()

    def _show_panel(self) -> None:
        """Hand the view to the widgets of the panel on screen (the others get it when shown)."""
        if self._view is None:
            return
        for widget_id in self.game_layout.panel_widget_ids(self.panel):
            self.game_layout.show_widget(self.query_one(f"#{widget_id}"), self._view, self.session)

    def _position(self) -> None:
        total = len(self.replay)
        round_ = self.rounds[self.index]
        steps = self.replay.final.progress().steps
        text = Text()
        text.append(f"Move {self.index}/{total}", style="bold")
        text.append(f" · {self.ui.step_word} {min(round_, steps)}/{steps}")
        if self.index == total and self.replay.final.is_over():
            text.append(" · the end", style="italic")
        seat = self.view_seat
        who = "follows the play" if self.pinned is None else "pinned"
        text.append(" · view ")
        text.append(
            f"{seat_glyph(seat)} {self.session.names[seat]}", style=f"bold {seat_colour(seat)}"
        )
        text.append(f" ({who})", style="dim")
        if self.title_text:
            text.append(f" · {self.title_text}", style="dim")
        self.query_one("#replay-position", Static).update(text)

    def _tabs(self) -> None:
        tabs = Text()
        shown = self._panel_names()
        for panel in _replay_panels(self.game_layout):
            if panel.name not in shown:
                continue  # a panel of a part not in play (an expansion's)
            style = "bold reverse" if panel.name == self.panel else "dim"
            tabs.append(f" {panel.key} {panel.title} ", style=style)
            tabs.append(" ")
        self.query_one("#replay-tabs", Static).update(tabs)

    # --- keys -------------------------------------------------------------------------------

    def action_step(self, step: int) -> None:
        """Move ``step`` moves forward (or back)."""
        self._go(self.index + step)

    def action_jump(self, where: int) -> None:
        """Jump to the start (0) or the end (-1)."""
        self._go(len(self.replay) if where < 0 else where)

    def action_round(self, step: int) -> None:
        """Jump to the first move of the previous or next round."""
        here = self.rounds[self.index]
        if step > 0:
            target = next(
                (i for i in range(self.index, len(self.rounds)) if self.rounds[i] > here),
                len(self.replay),
            )
        else:
            start = next(i for i in range(len(self.rounds)) if self.rounds[i] == here)
            if start < self.index:
                target = start
            else:
                before = here - 1
                target = next((i for i in range(len(self.rounds)) if self.rounds[i] == before), 0)
        self._go(target)

    def _go(self, index: int) -> None:
        index = max(0, min(len(self.replay), index))
        if index != self.index:
            self.index = index
            self.show_step()

    def action_view(self) -> None:
        """Follow the play, or pin the view to the next seat."""
        seats = self.session.game.num_seats
        if self.pinned is None:
            self.pinned = 0
        elif self.pinned + 1 < seats:
            self.pinned += 1
        else:
            self.pinned = None
        self.show_step()

    def action_panel(self, name: str) -> None:
        """Show one panel."""
        if not self.game_layout.panel_available(self.session, name):
            self.notify(self.game_layout.unavailable_note(self.session, name))
            return
        self.panel = name
        self.query_one("#replay-panels", ContentSwitcher).current = f"rpanel-{name}"
        self._show_panel()
        self._tabs()

    def action_close(self) -> None:
        """Leave the replay."""
        if self.home:
            self.dismiss(None)
        else:  # opened by `tea-tui replay`: nothing to go back to
            self.app.exit()


def _hint_notes(session: object) -> list[HintNote]:
    """The session's hints as the save keeps them."""
    from saves import HintNote
    from tea_tui.session import GameSession

    assert isinstance(session, GameSession)
    return [
        HintNote(at=h.at, seat=h.seat, moves=tuple(str(m) for m in h.moves), chances=h.chances)
        for h in session.hints
    ]


_SCREENS: dict[str, type[ReplayScreen]] = {}


def replay_screen(game_id: str) -> type[ReplayScreen]:
    """The replay viewer class of a game, with the keys of the game's panels."""
    if game_id not in _SCREENS:
        layout = layout_for(game_id)
        attributes = {
            "UI": ui_for(game_id),
            "LAYOUT": layout,
            "BINDINGS": replay_bindings(layout),
            "__module__": __name__,
        }
        _SCREENS[game_id] = type("ReplayScreen", (ReplayScreen,), attributes)
    return _SCREENS[game_id]
