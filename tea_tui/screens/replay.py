"""The replay viewer: a saved or finished game, move by move, the board as it was and the log in
step with it.

←/→ step one move, Home/End jump to the start and the end, PgUp/PgDn to the previous or next
round. The board shows what one seat saw at that moment: by default the seat that just moved,
``v`` cycles through the seats. The panels are those of the game screen (``m t d b o``, and
``r`` for the Noble Court in a game with the Puerh expansion); the log is always on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer, Static

from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.rules import TeaGardenState
from tea_tui.games.tea_garden.widgets.board_map import BoardMap
from tea_tui.games.tea_garden.widgets.displays import (
    ActionDisplay,
    BoardPanel,
    CaravanDisplay,
    CupStacks,
    EmperorDisplay,
)
from tea_tui.games.tea_garden.widgets.noble_court import NobleCourt, PuerhCakes
from tea_tui.games.tea_garden.widgets.opponents import Opponents
from tea_tui.games.tea_garden.widgets.player_board import PlayerBoard
from tea_tui.games.tea_garden.widgets.status import StatusLine
from tea_tui.games.tea_garden.widgets.tracks import Tracks
from tea_tui.games.tea_garden.widgets.view_widget import ViewWidget
from tea_tui.screens.bindings import NO_COURT, PANELS
from tea_tui.session import ROUNDS
from tea_tui.widgets.game_log import GameLog
from tea_tui.widgets.glyphs import seat_colour, seat_glyph, use_seat_colours

if TYPE_CHECKING:
    from saves import HintNote, LoadedGame, Replay
    from tea_tui.persist import Rebuilt

TALL = 36
"""From this height the log takes the room the map leaves."""
REPLAY_LOG = 40
"""Log entries the replay shows (up to the move shown)."""
REPLAY_PANELS = {k: v for k, v in PANELS.items() if v[0] != "log"}
"""The panels of the replay viewer (the log is always on screen; the Noble Court panel only in
a game with the Puerh expansion)."""


class ReplayScreen(Screen[None]):
    """Step through a game."""

    CSS_PATH = "replay.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
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
        Binding(
            "end", "jump(-1)", "last", tooltip="Jump to the end", priority=True, id="replay-end"
        ),
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
        *[
            Binding(
                key,
                f"panel('{name}')",
                title.lower(),
                show=False,
                tooltip=tip,
                id=f"replay-panel-{name}",
            )
            for key, (name, title, tip) in REPLAY_PANELS.items()
        ],
        Binding("escape,q", "close", "close", tooltip="Leave the replay", id="replay-close"),
    ]

    def __init__(self, rebuilt: Rebuilt, replay: Replay, *, title: str = "") -> None:
        super().__init__()
        self.session = rebuilt.session
        self.marks = rebuilt.marks
        self.rounds = rebuilt.rounds
        self.replay = replay
        self.title_text = title
        self.index = len(replay)
        """The number of moves made at the point shown."""
        self.pinned: int | None = None
        """The seat whose view is shown, or None to follow the play."""
        self.panel = "map"
        self.home = False
        """True when another screen lies beneath, to go back to when the replay is left (False:
        opened by `tea-tui replay`, leaving ends the app)."""
        self._view: TeaGardenObservation | None = None

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
            return cls(session_from_save(source), source.replay, title=title)
        assert isinstance(source, GameSession)
        s = source
        notes = _hint_notes(s)
        rebuilt = rebuild(
            s.game, s.seed, s.seats, s.moves, names=s.names, hints=notes, colours=s.colours
        )
        replay = Replay.build(s.game, s.seed, [str(m) for m in s.moves])
        return cls(rebuilt, replay, title=s.title or "this game")

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusLine(id="replay-status")
        yield Static("", id="replay-position")
        yield Static("", id="replay-tabs")
        with ContentSwitcher(initial="rpanel-map", id="replay-panels"):
            with VerticalScroll(id="rpanel-map", classes="rpanel"):
                yield BoardMap(id="replay-map")
            with VerticalScroll(id="rpanel-tracks", classes="rpanel"):
                yield Tracks(id="replay-tracks")
            with VerticalScroll(id="rpanel-displays", classes="rpanel"):
                yield ActionDisplay()
                yield CaravanDisplay()
                yield EmperorDisplay()
                yield CupStacks()
            with VerticalScroll(id="rpanel-board", classes="rpanel"):
                yield PlayerBoard(id="replay-board")
            with VerticalScroll(id="rpanel-opponents", classes="rpanel"):
                yield Opponents(id="replay-opponents")
            if self.puerh:
                with VerticalScroll(id="rpanel-court", classes="rpanel"):
                    yield NobleCourt(id="replay-court")
                    yield PuerhCakes(id="replay-cakes")
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

    @property
    def puerh(self) -> bool:
        """True in a game with the Puerh expansion: the Noble Court panel is offered."""
        return self.session.ctx.options.puerh

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
        assert isinstance(state, TeaGardenState)
        seat = self.view_seat
        view = state.observation(seat)
        assert isinstance(view, TeaGardenObservation)
        ctx, names = s.ctx, s.names
        self.query_one(StatusLine).show(view, ctx, names)  # the position line names the view
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
        panel = self.query_one(f"#rpanel-{self.panel}")
        for widget in panel.query("*"):
            if isinstance(widget, BoardPanel | ViewWidget):
                widget.show(self._view, self.session.ctx, self.session.names)

    def _position(self) -> None:
        total = len(self.replay)
        round_ = self.rounds[self.index]
        text = Text()
        text.append(f"Move {self.index}/{total}", style="bold")
        text.append(f" · round {min(round_, ROUNDS)}/{ROUNDS}")
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
        for key, (name, title, _) in REPLAY_PANELS.items():
            if name == "court" and not self.puerh:
                continue  # the Noble Court exists only with the expansion
            style = "bold reverse" if name == self.panel else "dim"
            tabs.append(f" {key} {title} ", style=style)
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
        if name == "court" and not self.puerh:
            self.notify(NO_COURT)
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
