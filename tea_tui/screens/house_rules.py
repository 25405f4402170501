"""The house-rules dialog of the new-game screen: one checkbox per variant flag.

Returns the names switched on (in the standard order), or None when closed with Esc. Rules of
the Puerh expansion are greyed out while the expansion is off.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, Static

from tea_tui.games.tea_garden.house_rules import HOUSE_RULES
from tea_tui.widgets.toggles import TickBox


class HouseRulesScreen(ModalScreen[tuple[str, ...] | None]):
    """Choose the house rules of a new game.

    Args:
        chosen: the rules switched on when the dialog opens.
        puerh: whether the expansion is on (its rules can be chosen only then).
    """

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "cancel", tooltip="Close without changes", id="rules-cancel"),
        Binding("f5", "done", "keep", tooltip="Keep these house rules", id="rules-done"),
    ]

    def __init__(self, chosen: Iterable[str], *, puerh: bool) -> None:
        super().__init__()
        self.chosen = frozenset(chosen)
        self.puerh = puerh

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="modal-box", id="rules-box"):
            title = Text("House rules", style="bold")
            title.append("  Space: on/off · F5: keep · Esc: cancel", style="dim")
            yield Static(title, id="rules-title")
            for rule in HOUSE_RULES:
                off = rule.expansion and not self.puerh
                yield TickBox(
                    f"{rule.label} ({'Puerh, ' if rule.expansion else ''}{rule.ruling})",
                    rule.name in self.chosen and not off,
                    id=f"rule-{rule.name}",
                    disabled=off,
                    compact=True,
                    classes="rule-box",
                )
                yield Static(Text(rule.effect, style="dim"), classes="rule-text")
            if not self.puerh:
                yield Static(
                    Text("The Puerh rules need the expansion: tick it on the form first.", "dim"),
                    id="rules-puerh-off",
                )
            with Horizontal(id="rules-buttons"):
                yield Button("Keep", variant="primary", compact=True, id="rules-keep")
                yield Button("Cancel", compact=True, id="rules-close")
        # Its own footer: the form's beneath would offer the form's keys (F5 start).
        yield Footer(compact=True)

    def on_mount(self) -> None:
        first = next(iter(self.query(Checkbox)), None)
        if first is not None:
            first.focus()

    def chosen_now(self) -> tuple[str, ...]:
        """The rules ticked (and enabled) at the moment, in the standard order."""
        names = []
        for rule in HOUSE_RULES:
            box = self.query_one(f"#rule-{rule.name}", Checkbox)
            if box.value and not box.disabled:
                names.append(rule.name)
        return tuple(names)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Keep or Cancel."""
        event.stop()
        if event.button.id == "rules-keep":
            self.action_done()
        else:
            self.action_cancel()

    def action_done(self) -> None:
        """Close with the rules ticked."""
        self.dismiss(self.chosen_now())

    def action_cancel(self) -> None:
        """Close without changes."""
        self.dismiss(None)
