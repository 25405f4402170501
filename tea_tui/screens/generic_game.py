"""The game screen for a game without a UI package of its own: the fallback that makes any
registered game playable in the app. It shows how far the game has come, the scores, the last
moves and the legal moves in their text notation; a number or Enter plays one, AI seats move
on their own (in a worker thread), and every move is autosaved.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from saves import SaveStore
from tea_tui.generic import GenericMatch

LOG_LINES = 8


class GenericGameScreen(Screen[None]):
    """Plays a :class:`~tea_tui.generic.GenericMatch` by its legal moves."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "q", "leave", "quit", tooltip="Leave the game (it is autosaved)", id="generic-quit"
        ),
    ]
    CSS_PATH = "generic_game.tcss"

    def __init__(self, match: GenericMatch, store: SaveStore | None = None) -> None:
        super().__init__()
        self.match = match
        self.store = store
        self.note = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="generic-status")
            yield Static(id="generic-scores")
            yield Static(id="generic-view")
            yield Static(id="generic-log")
            yield OptionList(id="generic-moves")
        yield Footer()

    def on_mount(self) -> None:
        self._autosave()
        self._refresh()
        self._next()

    def _refresh(self) -> None:
        m = self.match
        self.query_one("#generic-status", Static).update(Text(m.status()))
        scores = m.scores() + ([m.result()] if m.to_move is None else [])
        self.query_one("#generic-scores", Static).update(Text("\n".join(scores)))
        seat = m.to_move
        view = m.view_lines(seat) if seat is not None and m.human_to_move else []
        self.query_one("#generic-view", Static).update(Text("\n".join(view)))
        log = m.log[-LOG_LINES:] + ([self.note] if self.note else [])
        self.query_one("#generic-log", Static).update(Text("\n".join(log), style="dim"))
        moves = self.query_one("#generic-moves", OptionList)
        moves.clear_options()
        if m.human_to_move:
            moves.add_options(
                [Option(f"{i}. {move}") for i, move in enumerate(m.legal_moves(), start=1)]
            )
            moves.highlighted = 0
            moves.focus()

    def _next(self) -> None:
        if self.match.to_move is not None and not self.match.human_to_move:
            self._think()

    @work(thread=True, exclusive=True, group="generic-ai")
    def _think(self) -> None:
        self.match.ai_move()
        self.app.call_from_thread(self._moved)

    def _moved(self) -> None:
        self._autosave()
        self._refresh()
        self._next()

    def _autosave(self) -> None:
        if self.store is not None:
            self.note = self.match.autosave(self.store)

    def _play(self, index: int) -> None:
        legal = self.match.legal_moves()
        if not self.match.human_to_move or not 0 <= index < len(legal):
            return
        self.match.apply(legal[index])
        self._moved()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a move plays it."""
        event.stop()
        self._play(event.option_index)

    def on_key(self, event: events.Key) -> None:
        """A number plays that move."""
        if event.character is not None and event.character.isdigit() and event.character != "0":
            event.stop()
            self._play(int(event.character) - 1)

    def action_leave(self) -> None:
        """Leave (to the title screen when there is one); the game is in the autosave."""
        to_title = getattr(self.app, "switch_to_title", None)
        if callable(to_title):
            to_title()
        else:
            self.app.exit(return_code=0 if self.match.saved else 1)


class GenericApp(App[None]):
    """An app of one game screen, for games without a UI package."""

    def __init__(self, match: GenericMatch, store: SaveStore | None = None) -> None:
        super().__init__()
        self.match = match
        self.store = store

    def on_mount(self) -> None:
        self.push_screen(GenericGameScreen(self.match, self.store))
