"""The hint window: the MCTS analyses the decision of the person to move off the event loop,
with a progress bar, then lists its three best moves with their estimated win chances.

It returns ``(result, move)``: the result once the search has answered (the game screen records
it in the save and the log), and the move the person chose to play from it, if any.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from core.moves import Move
from tea_tui.game_ui import ui_for

if TYPE_CHECKING:
    from tea_tui.hints import Hinter, HintResult
    from tea_tui.session import GameSession

HintAnswer = tuple["HintResult | None", "Move | None"]


class HintScreen(ModalScreen[HintAnswer]):
    """Shows the search's progress, then its best moves; 1-3 play one, Esc closes."""

    CSS_PATH = "hint.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *[
            Binding(
                str(n),
                f"play({n})",
                f"play {n}",
                show=n == 1,
                key_display="1-3" if n == 1 else None,
                tooltip=f"Play suggestion {n}",
                id=f"hint-play-{n}",
            )
            for n in (1, 2, 3)
        ],
        Binding(
            "escape,H",
            "close",
            "close",
            tooltip="Close (stops the search if it is still running)",
            id="hint-close",
        ),
    ]

    def __init__(self, session: GameSession, hinter: Hinter) -> None:
        super().__init__()
        self.session = session
        self.hinter = hinter
        self.seat = session.current_seat if session.current_seat is not None else 0
        self.result: HintResult | None = None
        """The search's answer, once it has come."""
        self._stop = False
        self._started = 0.0

    def compose(self) -> ComposeResult:
        name = self.session.names[self.seat]
        with Vertical(classes="hint-box"):
            yield Static(Text(f"Hint for {name}", style="bold"), id="hint-title")
            yield Static(Text("The AI is looking at your options…"), id="hint-status")
            yield ProgressBar(
                total=self.hinter.budget.iterations,
                show_eta=False,
                show_percentage=True,
                id="hint-progress",
            )
            yield Static("", id="hint-moves")
            yield Static(Text("Esc stops and closes", style="dim"), id="hint-keys")

    def on_mount(self) -> None:
        s = self.session
        self._started = time.monotonic()
        seed = (s.seed * 7919 + len(s.moves) * 104_729 + len(s.hints)) & ((1 << 63) - 1)
        self._search(s.state.observation(self.seat), s.legal_moves(), seed)

    @work(thread=True, exclusive=True, group="hint")
    def _search(self, observation: object, legal: tuple[Move, ...], seed: int) -> None:
        """Run the search off the event loop and hand the answer back."""
        from core.engine import Observation

        assert isinstance(observation, Observation)

        def progress(iterations: int, seconds: float) -> None:
            self.app.call_from_thread(self._progress, iterations, seconds)

        try:
            result = self.hinter.find(
                observation, legal, seed, on_progress=progress, should_stop=lambda: self._stop
            )
        except Exception as error:  # a failed search must not take the game down
            self.app.call_from_thread(self._failed, error)
            return
        self.app.call_from_thread(self._done, result)

    def _progress(self, iterations: int, seconds: float) -> None:
        if self.is_attached and self.result is None:
            self.query_one(ProgressBar).update(progress=iterations)
            self.query_one("#hint-status", Static).update(
                Text(
                    f"The AI is looking at your options… {seconds:.1f} s, {iterations} simulations"
                )
            )

    def _failed(self, error: Exception) -> None:
        if self.is_attached:
            self.query_one("#hint-status", Static).update(
                Text(f"No hint: {error}", style="bold red")
            )

    def _done(self, result: HintResult) -> None:
        if not self.is_attached or self._stop:
            return
        self.result = result
        s = self.session
        view = s.view(self.seat)
        bar = self.query_one(ProgressBar)
        bar.update(total=max(1, result.iterations), progress=result.iterations)
        lines = Text()
        for i, tip in enumerate(result.suggestions):
            if i:
                lines.append("\n")
            lines.append(f" {i + 1} ", style="bold reverse")
            lines.append(f" {ui_for(s.game_id).move_label(s, view, tip.move)}")
            lines.append(f"  {tip.chance:.0%} win chance", style="bold")
            if tip.visits:
                lines.append(f" ({tip.visits} sim.)", style="dim")
        self.query_one("#hint-moves", Static).update(lines)
        took = f"{result.iterations} simulations in {result.seconds:.1f} s"
        self.query_one("#hint-status", Static).update(
            Text(f"Best moves by the AI ({took}); noted in the log.")
        )
        self.query_one("#hint-keys", Static).update(
            Text("1-3 plays that move · Esc closes", style="dim")
        )
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The play keys work once the answer is there, for the moves it holds."""
        if action == "play":
            n = parameters[0]
            return (
                self.result is not None and isinstance(n, int) and n <= len(self.result.suggestions)
            )
        return True

    def action_play(self, n: int) -> None:
        """Close and play suggestion ``n``."""
        if self.result is None or not 1 <= n <= len(self.result.suggestions):
            return
        self.dismiss((self.result, self.result.suggestions[n - 1].move))

    def action_close(self) -> None:
        """Close; a search still running is stopped and not recorded."""
        self._stop = self.result is None
        self.dismiss((self.result, None))
