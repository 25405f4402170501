"""The game screen: the board widgets, the decision panel, the log, and the AI seats' turns.

The screen owns the :class:`~tea_tui.session.GameSession`. After every move it hands each widget
the observation of the seat whose view is shown (never a full state), rebuilds the decision
panel's menu from the legal moves, and, when an AI seat is to move, asks it for a move in a
worker thread so the interface never freezes. A refused move becomes an error notification.
Key bindings are listed in :mod:`tea_tui.screens.bindings`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import ContentSwitcher, Footer, Static

from core.errors import RulesError
from core.moves import Move
from tea_tui.ai_seats import AiSeat, ai_rng, make_ai
from tea_tui.game_ui import FALLBACK, GameUi, ui_for
from tea_tui.layout import FALLBACK_LAYOUT, LOG_PANEL, GameLayout, layout_for
from tea_tui.menu import Item, Menu, parent_submenu
from tea_tui.screens.bindings import game_bindings
from tea_tui.screens.game_ai import AiTurns
from tea_tui.screens.game_io import GameFiles
from tea_tui.screens.game_panels import WIDE, GamePanels
from tea_tui.screens.handover import HandoverScreen
from tea_tui.screens.help import HelpScreen
from tea_tui.screens.modals import ConfirmScreen, ScoreScreen
from tea_tui.session import GameSession
from tea_tui.settings import nearest_pace
from tea_tui.widgets.decision_panel import DecisionPanel
from tea_tui.widgets.game_log import GameLog
from tea_tui.widgets.glyphs import seat_glyph, use_seat_colours
from tea_tui.widgets.last_turn import LastTurns

if TYPE_CHECKING:
    from core.engine import Observation
    from tea_tui.persist import SaveKeeper

MIN_SIZE = (80, 24)
"""Below this the screen only asks for a larger terminal."""
WIDE_SIZE = (120, 40)
"""From this size the board and the log are always on screen."""
ALWAYS_ALLOWED = frozenset({"quit_game"})
"""What a key may still do while the terminal is too small (everything else waits)."""


class GameScreen(GamePanels, GameFiles, AiTurns, Screen[None]):
    """Play a game: widgets on the left (or on top), the decision panel always visible.

    The screen is every game's: what only the game knows comes from its :class:`GameUi`
    (:attr:`UI`). :func:`game_screen` gives the screen class of a game, with the bindings of
    its own panels and letters (:meth:`of` makes the screen of a session).
    """

    CSS_PATH = str(Path(__file__).with_name("game.tcss"))
    UI: ClassVar[GameUi] = FALLBACK
    LAYOUT: ClassVar[GameLayout] = FALLBACK_LAYOUT
    BINDINGS: ClassVar[list[BindingType]] = []

    def __init__(
        self,
        session: GameSession,
        *,
        pace: float = 0.4,
        processes: bool = True,
        keeper: SaveKeeper | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.ui = self.UI
        """The game's words: its menu, its labels, its help."""
        self.game_layout = self.LAYOUT
        """The game's panels and widgets."""
        self.keeper = keeper
        """Autosaves after every move and saves on request; None when games are not saved."""
        self.processes = processes
        self.home = False
        """True when a title screen lies beneath, to go back to when the game is left."""
        self.confirm = True
        """Ask before passing and before paying for a card slot."""
        self.pace = pace
        """Seconds an AI move stays on screen at least."""
        self.panel = self.game_layout.first_panel
        """The panel shown in the switchable area."""
        self.menu: Menu = Menu("")
        self.selection: frozenset[str] = frozenset()
        """Cards ticked to play, before Enter plays them."""
        self.submenu = ""
        self._shown_seat: int | None = None
        """The seat whose view the widgets show (changes only after a hand-over)."""
        self._ai: dict[int, AiSeat] = {}
        self._ai_token = 0
        """Bumped to forget an AI answer that is no longer wanted."""
        self._ai_busy = False
        self._ai_started = 0.0
        self._ai_seat: int | None = None
        """The AI seat whose turn is being timed."""
        self._ai_progress = ""
        self._stop_ai = False
        self._ticker: Timer | None = None
        self._handing_over = False
        self._ended = False
        self._view: Observation | None = None
        """The view last shown."""
        self._stale: set[str] = set()
        """Panels whose widgets have not been shown the current view yet."""
        for seat, spec in enumerate(session.seats):
            if not spec.is_human:
                rng = ai_rng(session.seed, seat)
                self._ai[seat] = make_ai(spec, session.game, rng, processes=processes)

    @staticmethod
    def of(
        session: GameSession,
        *,
        pace: float = 0.4,
        processes: bool = True,
        keeper: SaveKeeper | None = None,
    ) -> GameScreen:
        """The game screen of a session's game."""
        kind = game_screen(session.game_id)
        return kind(session, pace=pace, processes=processes, keeper=keeper)

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        layout, s = self.game_layout, self.session
        yield layout.status_widget()
        yield LastTurns(id="last-turns")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Static("", id="tabs")
                with ContentSwitcher(initial=f"panel-{self.panel}", id="panels"):
                    for panel in layout.panels:
                        if panel.name == LOG_PANEL:
                            with Vertical(id=f"panel-{LOG_PANEL}", classes="panel"):
                                yield GameLog(id="log")
                            continue
                        with VerticalScroll(id=f"panel-{panel.name}", classes="panel"):
                            yield from layout.panel_widgets(s, panel.name)
                with VerticalScroll(id="wide-board-box"):
                    yield from layout.wide_widgets(s)
            with Vertical(id="right"):
                yield DecisionPanel(id="decision")
                yield GameLog(id="wide-log")
        yield Static(layout.too_small(s), id="too-small")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        # The decision list is the one thing that takes keys: the panels scroll with PgUp and
        # PgDn (or the mouse) and never hold the focus, so arrows always move the highlight.
        for scroller in self.query(".panel, #wide-board-box, GameLog"):
            scroller.can_focus = False
        use_seat_colours(self.session.colours)
        self._apply_size(self.app.size.width, self.app.size.height)
        self.query_one("#decision-options").focus()
        self.refresh_view()
        rules = self.ui.house_rules_summary(self.session)
        if rules:
            self.notify(rules, title="House rules in play", timeout=6, markup=False)

    def on_resize(self, event: Resize) -> None:
        self._apply_size(event.size.width, event.size.height)

    def on_descendant_focus(self, event: object) -> None:
        """Keep the focus on the decision list (a click may try to give it elsewhere)."""
        options = self.query_one("#decision-options")
        if self.focused is not None and self.focused is not options:
            options.focus()

    @property
    def too_small(self) -> bool:
        """True while the terminal is below the minimum and only the notice shows."""
        return bool(self.has_class("-too-small"))

    def _apply_size(self, width: int, height: int) -> None:
        """Pick the layout for the terminal's size (layout only: no game state in CSS)."""
        wide = width >= WIDE_SIZE[0] and height >= WIDE_SIZE[1]
        self.set_class(wide, "-wide")
        self.set_class(not wide, "-compact")
        # The game says how wide its decisions are when wide; compact keeps the sheet's own.
        self.query_one("#right").styles.width = (
            self.game_layout.wide_decision_width if wide else None
        )
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(small, "-too-small")
        # The hidden list must not take keys either (its own PgDn fails at no height).
        options = self.query_one("#decision-options")
        if small:
            self.set_focus(None)
        elif self.focused is None and self.app.screen is self:
            options.focus()
        self._show_visible()
        if self._view is not None:
            self._show_last_turns(self._view.seat)
        if wide and self._fixed_when_wide(self.panel) and self._panel_names():
            self._show_panel(self._panel_names()[0])
        self._draw_tabs()
        self.refresh_bindings()

    # --- showing the game -----------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw everything from the session, then hand over, end, or let an AI move."""
        s = self.session
        if self._shown_seat is None and len(s.human_seats) < 2:
            self._shown_seat = s.view_seat
        if self._needs_handover():
            self._begin_handover()
            return
        seat = self._shown_seat if self._shown_seat is not None else s.view_seat
        view = s.view(seat)
        self._view = view
        self._stale = {p.name for p in self.game_layout.panels} | {WIDE}
        self._show_visible()
        self.game_layout.show_status(self.query_one("#status"), s.state, view, s, you=s.names[seat])
        self._show_last_turns(seat)
        self._rebuild_menu()
        self.refresh_bindings()
        if s.is_over():
            self._stop_ticker()
            self.set_activity("")
            if not self._ended:
                self._ended = True
                self.show_end()
            return
        if not s.human_to_move:
            self._start_ai()

    def set_activity(self, text: str) -> None:
        """Say on the status line what an AI seat is doing ("" when nothing)."""
        status: Any = self.query_one("#status")
        status.set_activity(text)

    def _show_last_turns(self, seat: int) -> None:
        """Tell the others' last turns under the status line (more room when wide)."""
        lines = self.session.last_turns(seat)
        roomy = self.wide or self.app.size.height >= 30  # at 80 x 24 the panel needs its lines
        widget = self.query_one(LastTurns)
        widget.show(lines, self.session.names, 3 if self.wide else 2, 1 if roomy else 0)

    def _rebuild_menu(self, highlight: int | None = None) -> None:
        s = self.session
        panel = self.query_one(DecisionPanel)
        if s.is_over():
            self.menu = Menu(
                "The game is over", hint="s shows the final scores · q quits", kind="over"
            )
        elif not s.human_to_move:
            seat = s.current_seat
            assert seat is not None
            who = f"{seat_glyph(seat)} {s.names[seat]} ({s.kind_text(seat)})"
            hint = self.ui.waiting_hint(s, seat)
            self.menu = Menu(f"{who} is playing…", hint=hint, kind="wait")
        else:
            view, legal = s.view(), s.legal_moves()
            self.menu = self.ui.build_menu(s, view, legal, self.selection, self.submenu)
        panel.show(self.menu, highlight)

    # --- hand-over between people ---------------------------------------------------------

    def _needs_handover(self) -> bool:
        s = self.session
        if self._handing_over or len(s.human_seats) < 2 or not s.human_to_move:
            return False
        return s.current_seat != self._shown_seat

    def _begin_handover(self) -> None:
        s = self.session
        seat = s.current_seat
        assert seat is not None
        self._handing_over = True

        def done(_: None) -> None:
            self._handing_over = False
            self._shown_seat = seat
            self.refresh_view()

        self.app.push_screen(HandoverScreen(seat, s.names[seat]), done)

    # --- moves by people ------------------------------------------------------------------

    def _play(self, moves: tuple[Move, ...]) -> None:
        """Apply a person's step, after a confirmation for an irreversible one; a refusal
        becomes an error notification."""
        if not moves or not self.session.human_to_move or self.too_small:
            return
        tick = self.ui.tick_for(self.session, moves[0]) if len(moves) == 1 else None
        if tick is not None and not self.submenu:
            # A hint's card is ticked, not chosen for good (see GameUi.tick_for).
            card, name = tick
            self.selection = self.selection | {card}
            self._rebuild_menu()
            here = next((i for i, it in enumerate(self.menu.items) if it.toggle == card), None)
            self.query_one(DecisionPanel).show(self.menu, here)  # Enter puts it on top
            tip = f"{name} ticked: Enter plays it, or tick more cards first"
            self.notify(tip, timeout=4, markup=False)
            return
        question = self.irreversible_question(moves) if self.confirm else ""
        if question:

            def answer(yes: bool | None) -> None:
                if yes:
                    self._play_now(moves)

            self.app.push_screen(ConfirmScreen(question), answer)
            return
        self._play_now(moves)

    def _play_now(self, moves: tuple[Move, ...]) -> None:
        if not moves or not self.session.human_to_move:
            return
        try:
            self.session.apply_step(moves)
        except RulesError as error:
            self.notify(str(error), title="Not allowed", severity="error", markup=False)
            return
        self.selection = frozenset()
        self.submenu = ""
        self.after_move()
        self.refresh_view()

    def _activate(self, item: Item, *, by_enter: bool) -> None:
        if self.too_small:
            return
        if not item.enabled:
            self.notify(f"{item.label}: {item.reason}", severity="warning", markup=False)
            return
        if item.toggle and not by_enter:
            self.selection = self.selection ^ {item.toggle}
            # The highlight follows the ticked card, so Enter puts the last one ticked on top.
            ticked = [i for i, it in enumerate(self.menu.items) if it.toggle in self.selection]
            here = self.menu.items.index(item)
            target = here if here in ticked or not ticked else ticked[-1]
            self._rebuild_menu(highlight=target)
            return
        if item.submenu:
            self.submenu = item.submenu
            self._rebuild_menu()
            return
        self._play(item.moves)

    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        """Enter on an item of the decision panel."""
        self._activate(event.item, by_enter=True)

    def action_menu_key(self, key: str) -> None:
        """A digit or letter of the decision panel."""
        if not self.session.human_to_move:
            self._say_not_your_turn()
            return
        item = next((i for i in self.menu.items if i.key == key), None)
        if item is not None:
            self._activate(item, by_enter=False)
        elif not self.too_small:  # a silent key would leave a newcomer guessing
            tip = f"No choice here has the key {key}: each choice shows its key in front."
            self.notify(tip, timeout=2.5, markup=False)

    def _say_not_your_turn(self) -> None:
        """Tell why a choice key did nothing: another seat is playing, or the game is over."""
        if self.too_small:
            return
        s = self.session
        seat = s.current_seat
        if seat is None:
            tip = "The game is over: s shows the scores, q leaves."
        else:
            doing = "playing" if s.is_automa(seat) else "thinking"
            tip = f"{s.names[seat]} is {doing}: your keys work again on your turn."
        self.notify(tip, timeout=2.5, markup=False)

    def action_choose(self) -> None:
        """Choose the highlighted item."""
        index = self.query_one(DecisionPanel).highlighted_index
        if index is not None:
            self._activate(self.menu.items[index], by_enter=True)

    def action_move(self, step: int) -> None:
        """Move the highlight of the decision panel."""
        self.query_one(DecisionPanel).move_highlight(step)

    def action_back(self) -> None:
        """Step back: close the keys panel, leave a sub-menu, untick cards, or undo the last
        step of this turn; exactly one of them."""
        if self.query("HelpPanel"):
            self.app.action_hide_help_panel()
            return
        if self.too_small:
            return
        if self.submenu:
            self.submenu = parent_submenu(self.submenu)
            self._rebuild_menu()
        elif self.selection:
            self.selection = frozenset()
            self._rebuild_menu()
        elif self.session.undo():
            self.notify("Step taken back", timeout=1.5)
            self.after_move()
            self.refresh_view()
        else:
            self.notify(self.session.undo_blocked_reason, severity="warning", markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the decision keys that mean nothing now; dim undo while an AI plays; behind the
        too-small notice only quitting (and Esc closing the keys panel) is left."""
        if self.too_small and action not in ALWAYS_ALLOWED:
            return action == "back" and bool(self.query("HelpPanel"))
        if action == "menu_key":  # every one, so that a key of no choice (or turn) says so
            return True
        if action in ("choose", "move"):
            return self.session.human_to_move
        if action == "back":
            # Kept active when there is nothing to undo, so that Esc says why.
            if self.query("HelpPanel"):
                return True
            return True if self.session.human_to_move else None
        if action == "panel":
            return not (self.wide and self._fixed_when_wide(str(parameters[0])))
        if action == "pace":
            return bool(self._ai)
        if action == "hint":
            return True if self.session.human_to_move else None
        return True

    # --- other keys -----------------------------------------------------------------------

    def action_scores(self) -> None:
        """Show the scores (the end screen once the game is over)."""
        if self.session.is_over():
            self.show_end()
        else:
            seat = self._shown_seat if self._shown_seat is not None else 0
            self.app.push_screen(ScoreScreen(self.session.view(seat), self.session))

    def action_help(self) -> None:
        """Show the keys and the rules reference."""
        self.app.push_screen(HelpScreen(self.ui, self.game_layout))

    def action_pace(self, step: int) -> None:
        """Show AI moves faster (-1) or slower (+1)."""
        self.pace = nearest_pace(self.pace, step)
        self.remember_pace(self.pace)
        self.notify(f"AI moves stay on screen at least {self.pace:g} s", timeout=2)

    def action_quit_game(self) -> None:
        """Leave the game after a confirmation (it is autosaved, so nothing is lost); when the
        autosave failed, say so and offer to save it to a file elsewhere first."""
        if self.keeper is not None and not self.keeper.saved():
            self.ask_unsaved_leave()
            return
        saved = self.keeper is not None and not self.session.is_over()
        if self.home:
            question = "Leave the game?"
            note = " It is saved: Continue on the title screen goes on with it." if saved else ""
        else:
            question = "Quit the game?"
            note = " It is saved: `tea-tui continue` goes on with it." if saved else ""

        def answer(yes: bool | None) -> None:
            if yes:
                self._stop_ai = True
                self.leave_game()

        self.app.push_screen(ConfirmScreen(question + note), answer)

    def on_unmount(self) -> None:
        self._stop_ai = True
        for ai in self._ai.values():
            ai.close()
        self.close_hinter()


_SCREENS: dict[str, type[GameScreen]] = {}


def game_screen(game_id: str) -> type[GameScreen]:
    """The game screen class of a game: :class:`GameScreen` with the game's parts and the
    bindings of its panels and letters (the fallback's for a game without a UI package)."""
    return screen_with(ui_for(game_id), layout_for(game_id))


def screen_with(ui: GameUi, layout: GameLayout) -> type[GameScreen]:
    """The game screen class with these parts (a game's own, or the fallback's for any game)."""
    key = f"{id(ui)}:{id(layout)}"
    if key not in _SCREENS:
        attributes = {
            "UI": ui,
            "LAYOUT": layout,
            "BINDINGS": list(game_bindings(layout)),
            "__module__": __name__,
        }
        _SCREENS[key] = type("GameScreen", (GameScreen,), attributes)
    return _SCREENS[key]
