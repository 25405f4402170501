"""Small modal screens: a yes/no question, a line of text to type, the score table in play."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from core.engine import Observation
from tea_tui.game_ui import ui_for
from tea_tui.widgets.score_table import ScoreTable

if TYPE_CHECKING:
    from tea_tui.session import GameSession


class ConfirmScreen(ModalScreen[bool]):
    """Ask a yes/no question; returns True for yes."""

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes", tooltip="Yes", id="confirm-yes"),
        Binding("n,escape", "answer(False)", "no", tooltip="No", id="confirm-no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(Text(self.question, style="bold"))
            yield Static(Text("y yes · n no", style="dim"))

    def action_answer(self, yes: bool) -> None:
        """Close with the answer."""
        self.dismiss(yes)


class ChoiceScreen(ModalScreen[str | None]):
    """Ask a question with a few answers, each on a key; returns the answer's key, or None when
    Esc closes it."""

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "choose('')", "back", tooltip="Close without choosing", id="choice-back"),
    ]

    def __init__(self, question: str, answers: list[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers
        """``(key, what it does)`` pairs; keys are single characters."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(Text(self.question, style="bold"))
            for key, what in self.answers:
                yield Static(Text.assemble((f"{key} ", "bold"), what))
            yield Static(Text("Esc goes back", style="dim"))

    def on_key(self, event: events.Key) -> None:
        """An answer's key chooses it."""
        if any(event.character == key for key, _ in self.answers):
            event.stop()
            self.dismiss(event.character)

    def action_choose(self, key: str) -> None:
        """Close with an answer (or none)."""
        self.dismiss(key or None)


class NameScreen(ModalScreen[str | None]):
    """Ask for a line of text (a save's name, a file); returns it, or None if cancelled."""

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "cancel", tooltip="Close without saving", id="name-cancel"),
    ]

    def __init__(self, prompt: str, value: str = "", *, hint: str = "") -> None:
        super().__init__()
        self.prompt = prompt
        self.value = value
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box"):
            yield Static(Text(self.prompt, style="bold"))
            yield Input(self.value, placeholder="type here", id="name-input", compact=True)
            if self.hint:
                yield Static(Text(self.hint, style="dim"))
            yield Static(Text("Enter confirms · Esc cancels", style="dim"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter: return the text (stripped); an empty line cancels."""
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        """Close without an answer."""
        self.dismiss(None)


class ScoreScreen(ModalScreen[None]):
    """Every seat's points per category as if the game ended now."""

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s,q", "close", "close", tooltip="Back to the game", id="scores-close"),
    ]

    def __init__(self, view: Observation, session: GameSession) -> None:
        super().__init__()
        self.view = view
        self.session = session
        self.ui = ui_for(session.game_id)

    def compose(self) -> ComposeResult:
        when = self.ui.progress_words(self.session, self.view)
        with Vertical(classes="modal-box"):
            yield Static(Text(f"Scores if the game ended now ({when})", style="bold"))
            yield ScoreTable(id="live-scores")
            rules = self.ui.house_rules_summary(self.session)
            if rules:
                yield Static(Text(f"House rules: {rules}", style="dim"), id="live-rules")
            yield Static(Text("Esc or s closes", style="dim"))

    def on_mount(self) -> None:
        breakdown = self.ui.observed_scores(self.session, self.view)
        categories = self.ui.score_categories(breakdown)
        self.query_one(ScoreTable).show(breakdown, self.session.names, categories)

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
