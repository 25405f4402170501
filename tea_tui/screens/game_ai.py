"""The AI seats' turns on the game screen: each AI move is searched off the event loop (a worker
thread, and for MCTS a process of its own), shown for the chosen pace, then applied.

:class:`AiTurns` is a mixin of :class:`~tea_tui.screens.game.GameScreen`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from textual import work
from textual.css.query import NoMatches
from textual.timer import Timer

from core.errors import RulesError
from core.moves import Move
from tea_tui.widgets.decision_panel import DecisionPanel
from tea_tui.widgets.glyphs import seat_glyph

if TYPE_CHECKING:
    from tea_tui.ai_seats import AiSeat
    from tea_tui.menu import Menu
    from tea_tui.session import GameSession


class AiTurns:
    """Runs the AI seats of the game screen."""

    session: GameSession
    pace: float
    menu: Menu
    _ai: dict[int, AiSeat]
    _ai_token: int
    _ai_busy: bool
    _ai_started: float
    _ai_seat: int | None
    _ai_progress: str
    _stop_ai: bool
    set_activity: Any
    _ticker: Timer | None

    # The parts of Screen this mixin uses (GameScreen is a Screen).
    app: Any
    notify: Any
    query_one: Any
    set_interval: Any
    is_attached: Any
    refresh_view: Any
    after_move: Any

    def _start_ai(self) -> None:
        s = self.session
        seat = s.current_seat
        if self._ai_busy or seat is None or seat not in self._ai:
            return
        self._ai_busy = True
        self._ai_token += 1
        if seat != self._ai_seat:  # time the AI's whole turn, not each small decision
            self._ai_seat = seat
            self._ai_started = time.monotonic()
        self._ai_progress = ""
        self._start_ticker()
        observation = s.state.observation(seat)
        legal = s.legal_moves()
        self._think(self._ai_token, seat, observation, legal)

    @work(thread=True, exclusive=True, group="ai")
    def _think(self, token: int, seat: int, observation: object, legal: tuple[Move, ...]) -> None:
        """Ask the AI seat for a move off the event loop; hand the answer back to the screen."""
        from core.engine import Observation

        assert isinstance(observation, Observation)
        if self._stop_ai:  # the screen closed before this thread got going
            return
        started = time.monotonic()

        def progress(iterations: int, seconds: float) -> None:
            self._ai_progress = f"{iterations} it"

        try:
            move = self._ai[seat].choose(
                observation, legal, on_progress=progress, should_stop=lambda: self._stop_ai
            )
        except Exception as error:  # an AI failure must not take the app down
            self.app.call_from_thread(self._ai_failed, token, seat, error)
            return
        while not self._stop_ai and time.monotonic() - started < self.pace:
            time.sleep(0.02)
        if not self._stop_ai:
            self.app.call_from_thread(self._ai_done, token, move)

    def _ai_done(self, token: int, move: Move) -> None:
        self._ai_busy = False
        if self._stop_ai or not self.is_attached:  # the app is closing
            return
        if token != self._ai_token or self.session.human_to_move or self.session.is_over():
            return
        try:
            self.session.apply(move)
        except RulesError as error:
            self.notify(f"The AI chose an illegal move: {error}", severity="error", markup=False)
            return
        self.after_move()
        done = self.session.human_to_move or self.session.is_over()
        if done:
            self._ai_seat = None
            self._stop_ticker()
        try:
            if done:
                self.set_activity("")
            self.refresh_view()
        except NoMatches:  # the screen is being taken down while the app closes
            return

    def _ai_failed(self, token: int, seat: int, error: Exception) -> None:
        self._ai_busy = False
        self._stop_ticker()
        self.notify(
            f"{self.session.names[seat]} could not move: {error}", severity="error", markup=False
        )

    def _start_ticker(self) -> None:
        if self._ticker is None:
            self._ticker = self.set_interval(0.25, self._tick)
        self._tick()

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def _tick(self) -> None:
        s = self.session
        seat = s.current_seat
        if seat is None or seat not in self._ai:
            return
        elapsed = time.monotonic() - self._ai_started
        progress = f", {self._ai_progress}" if self._ai_progress else ""
        who = f"{seat_glyph(seat)} {s.names[seat]} ({s.kind_text(seat)})"
        doing = "playing" if s.is_automa(seat) else "thinking"  # an automa follows its cards
        self.set_activity(f"{seat_glyph(seat)} {doing} {elapsed:.1f} s")
        if self.menu.kind == "wait":
            self.query_one(DecisionPanel).set_title(f"{who} is {doing}… {elapsed:.1f} s{progress}")
