"""The settings screen: theme, colour depth, AI pace, confirmations and the game's keys.

Every change is saved at once in the settings file (see :mod:`tea_tui.settings`). Keys are
remapped through Textual keymaps: each binding of the game screen has an id, and the settings
keep ``id -> keys`` for the ones the player changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Checkbox, DataTable, Footer, RadioSet, Select, Static

from tea_tui.screens.bindings import all_game_bindings
from tea_tui.settings import PACES
from tea_tui.widgets.toggles import FOCUS_CSS, RadioDot, TickBox

if TYPE_CHECKING:
    from tea_tui.settings import Settings

THEME_CHOICES = ("dark", "light")
COLOR_CHOICES = ("auto", "16", "256", "truecolor")
REMAPPABLE = all_game_bindings()
"""The game screens' bindings (every game's, each id once), which the player may give other
keys."""


def keys_of(binding_id: str, settings: Settings) -> str:
    """The keys a binding answers to now (the player's, else its own)."""
    if binding_id in settings.keys:
        return settings.keys[binding_id]
    binding = next(b for b in REMAPPABLE if b.id == binding_id)
    return binding.key


class KeyScreen(ModalScreen[str | None]):
    """Waits for one key press and returns its name (None for Esc).

    Args:
        action: what the key will do, in words.
        current: the keys it answers to now, shown so the player knows what changes.
    """

    CSS_PATH = "settings.tcss"

    def __init__(self, action: str, current: str = "") -> None:
        super().__init__()
        self.action_name = action
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="key-box") as box:
            box.border_title = "A new key"
            yield Static(Text(f"For: {self.action_name}", style="bold"), classes="key-line")
            if self.current:
                yield Static(f"Now: {self.current}", classes="key-line")
            yield Static(
                "Press the key that should do it from now on (a letter, a digit, F1-F12, "
                "or with Ctrl).",
                classes="key-line key-ask",
            )
            yield Static(Text("Esc: cancel, nothing changes", style="dim"), classes="key-line")

    def on_key(self, event: Key) -> None:
        """The first key is the answer."""
        event.stop()
        event.prevent_default()
        self.dismiss(None if event.key == "escape" else event.key)


class SettingsScreen(Screen[None]):
    """Change the settings; Esc goes back."""

    CSS_PATH = "settings.tcss"
    DEFAULT_CSS = FOCUS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape",
            "back",
            "back",
            tooltip="Back (settings are saved as you change them)",
            id="settings-back",
        ),
        Binding(
            "delete",
            "reset_key",
            "default key",
            tooltip="Give the highlighted action its own key back",
            id="settings-reset-key",
        ),
    ]

    def compose(self) -> ComposeResult:
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        where = getattr(self.app, "settings_file", None)
        with Vertical(id="settings-box"):
            yield Static(Text("Settings", style="bold"), id="settings-title")
            with Horizontal(classes="set-row"):
                yield Static("Theme", classes="set-label")
                with RadioSet(id="set-theme", compact=True, classes="set-radio"):
                    for name in THEME_CHOICES:
                        yield RadioDot(name, settings.theme == name, id=f"theme-{name}")
                yield Static(Text("also Ctrl+T", style="dim"), classes="set-note")
            with Horizontal(classes="set-row"):
                yield Static("Colours", classes="set-label")
                with RadioSet(id="set-color", compact=True, classes="set-radio"):
                    for name in COLOR_CHOICES:
                        yield RadioDot(name, settings.color == name, id=f"color-{name}")
                yield Static(Text("from the next start", style="dim"), classes="set-note")
            with Horizontal(classes="set-row"):
                yield Static("AI pace", classes="set-label")
                yield Select(
                    [(f"{p:g} s per AI move", p) for p in PACES],
                    value=min(PACES, key=lambda p: abs(p - settings.pace)),
                    allow_blank=False,
                    compact=True,
                    id="set-pace",
                )
            with Horizontal(classes="set-row"):
                yield Static("Confirm", classes="set-label")
                yield TickBox(
                    "ask before passing and before paying for a card slot",
                    settings.confirm,
                    compact=True,
                    id="set-confirm",
                )
            yield Static(
                Text(
                    "Keys of the game screen: Enter sets a new key, Del gives the default back.",
                    style="dim",
                ),
                id="set-keys-note",
            )
            yield DataTable(cursor_type="row", zebra_stripes=True, id="set-keys")
            yield Static(
                Text(f"Saved in {where}" if where else "Not saved", style="dim"), id="set-file"
            )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("Action", width=36, key="action")
        table.add_column("Id", width=16, key="id")
        table.add_column("Keys", width=16, key="keys")
        self._fill_keys()
        self.query_one("#set-theme").focus()

    def _fill_keys(self) -> None:
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for binding in REMAPPABLE:
            assert binding.id is not None
            keys = keys_of(binding.id, settings)
            mark = Text(keys, style="bold" if binding.id in settings.keys else "")
            table.add_row(binding.tooltip or binding.description, binding.id, mark, key=binding.id)
        table.move_cursor(row=row)

    def _changed(self) -> None:
        app = self.app
        app.save_settings()  # type: ignore[attr-defined]
        app.apply_settings()  # type: ignore[attr-defined]

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """Theme or colour depth."""
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        value = (event.pressed.id or "").partition("-")[2]
        if event.radio_set.id == "set-theme":
            settings.theme = value  # type: ignore[assignment]
        elif event.radio_set.id == "set-color":
            settings.color = value  # type: ignore[assignment]
        self._changed()

    def on_select_changed(self, event: Select.Changed) -> None:
        """The AI pace."""
        if isinstance(event.value, float | int):
            self.app.settings.pace = float(event.value)  # type: ignore[attr-defined]
            self._changed()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """Confirmations on or off."""
        self.app.settings.confirm = event.value  # type: ignore[attr-defined]
        self._changed()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a key: ask for the new one."""
        event.stop()
        binding_id = str(event.row_key.value)
        binding = next(b for b in REMAPPABLE if b.id == binding_id)

        def chosen(key: str | None) -> None:
            if key:
                self.set_key(binding_id, key)

        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        current = keys_of(binding_id, settings)
        self.app.push_screen(KeyScreen(binding.tooltip or binding.description, current), chosen)

    def set_key(self, binding_id: str, key: str) -> bool:
        """Give ``binding_id`` the key ``key``, unless another action of the game has it."""
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        for other in REMAPPABLE:
            assert other.id is not None
            if other.id != binding_id and key in keys_of(other.id, settings).split(","):
                self.notify(
                    f"'{key}' already does: {other.description}. Give that another key first.",
                    severity="warning",
                    markup=False,
                )
                return False
        default = next(b.key for b in REMAPPABLE if b.id == binding_id)
        if key == default:
            settings.keys.pop(binding_id, None)
        else:
            settings.keys[binding_id] = key
        self._changed()
        self._fill_keys()
        return True

    def action_reset_key(self) -> None:
        """Give the highlighted action its own key back."""
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        table = self.query_one(DataTable)
        if not table.row_count:
            return
        binding_id = REMAPPABLE[table.cursor_row].id
        if binding_id in settings.keys:
            del settings.keys[binding_id]
            self._changed()
            self._fill_keys()

    def action_back(self) -> None:
        """Back to where the settings were opened."""
        self.dismiss(None)
