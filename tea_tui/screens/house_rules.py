"""The house-rules dialog of the new-game screen: one checkbox per variant flag of the game.

Returns the names switched on (in the game's order), or None when closed with Esc. Rules of an
expansion (Tea Garden's Puerh) are greyed out while the expansion is off.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, Static

from tea_tui.house_rules import HouseRule
from tea_tui.widgets.toggles import TickBox


class HouseRulesScreen(ModalScreen[tuple[str, ...] | None]):
    """Choose the house rules of a new game.

    Args:
        rules: the game's house rules.
        chosen: the rules switched on when the dialog opens.
        switches: the form's switches that are on (an expansion's rules need it on).
    """

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "cancel", tooltip="Close without changes", id="rules-cancel"),
        Binding("f5", "done", "keep", tooltip="Keep these house rules", id="rules-done"),
    ]

    def __init__(
        self, rules: Sequence[HouseRule], chosen: Iterable[str], *, switches: Iterable[str]
    ) -> None:
        super().__init__()
        self.rules = tuple(rules)
        self.chosen = frozenset(chosen)
        self.switches = frozenset(switches)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="modal-box", id="rules-box"):
            title = Text("House rules", style="bold")
            title.append("  Space: on/off · F5: keep · Esc: cancel", style="dim")
            yield Static(title, id="rules-title")
            for rule in self.rules:
                off = bool(rule.needs) and rule.needs not in self.switches
                needs = f"{rule.needs_label or rule.needs}, " if rule.needs else ""
                yield TickBox(
                    f"{rule.label} ({needs}{rule.ruling})",
                    rule.name in self.chosen and not off,
                    id=f"rule-{rule.name}",
                    disabled=off,
                    compact=True,
                    classes="rule-box",
                )
                yield Static(Text(rule.effect, style="dim"), classes="rule-text")
            missing = sorted(
                {r.needs_label or r.needs for r in self.rules if r.needs}
                - {r.needs_label or r.needs for r in self.rules if r.needs in self.switches}
            )
            for label in missing:
                note = f"The {label} rules need the expansion: tick it on the form first."
                yield Static(Text(note, "dim"), id=f"rules-{label.lower()}-off")
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
        for rule in self.rules:
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
