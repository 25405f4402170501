"""The decision panel: what the seat to move must decide, as a keyed, grouped list.

A dumb widget (docs/tui.md): the screen gives it a :class:`~tea_tui.menu.Menu` with
:meth:`DecisionPanel.show` and it posts :class:`DecisionPanel.Chosen` when the person presses
Enter on an item. Hotkeys are bound by the screen, which looks them up in the same menu.
Unavailable items are listed dimmed with their reason; group names are headings that the
highlight skips.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tea_tui.menu import Item, Menu
from tea_tui.widgets.steady_list import SteadyOptionList


class DecisionPanel(Vertical):
    """The menu of the pending decision: a title, the items and a line of key hints."""

    DEFAULT_CSS = """
    DecisionPanel { height: 1fr; }
    DecisionPanel > #decision-title { text-style: bold; padding: 0 1; background: $primary-muted; }
    DecisionPanel > #decision-options { height: 1fr; border: none; padding: 0; }
    DecisionPanel > #decision-hint { color: $text-muted; padding: 0 1; }
    """

    class Chosen(Message):
        """The person pressed Enter on an item."""

        def __init__(self, item: Item) -> None:
            super().__init__()
            self.item = item
            """The item chosen."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.menu: Menu = Menu("")
        """The menu shown."""
        self._rows: list[int | None] = []
        """Per option row: the index of its item, or None for a heading."""

    def compose(self) -> ComposeResult:
        yield Static("", id="decision-title")
        yield SteadyOptionList(id="decision-options")  # no scroll bar frame after each key
        yield Static("", id="decision-hint")

    @property
    def options(self) -> OptionList:
        """The list of items."""
        return self.query_one("#decision-options", OptionList)

    def show(self, menu: Menu, highlight: int | None = None) -> None:
        """Show ``menu`` with item ``highlight`` (by default the menu's default) highlighted."""
        self.menu = menu
        self.query_one("#decision-title", Static).update(Text(menu.title))
        self.query_one("#decision-hint", Static).update(Text(menu.hint))
        rows: list[int | None] = []
        options: list[Option] = []
        group = None
        for i, item in enumerate(menu.items):
            if item.group and item.group != group:
                group = item.group
                options.append(Option(Text(item.group, style="bold underline"), disabled=True))
                rows.append(None)
            options.append(Option(_prompt(item), disabled=not item.enabled))
            rows.append(i)
        self._rows = rows
        option_list = self.options
        option_list.set_options(options)
        target = menu.default if highlight is None else highlight
        if target in rows and menu.items and menu.items[target].enabled:
            option_list.highlighted = rows.index(target)
        else:
            option_list.highlighted = next(
                (r for r, i in enumerate(rows) if i is not None and menu.items[i].enabled), None
            )

    def set_title(self, text: str) -> None:
        """Change the title line only (e.g. to show an AI's progress)."""
        self.query_one("#decision-title", Static).update(Text(text))

    @property
    def highlighted_index(self) -> int | None:
        """The index in the menu of the highlighted item, if any."""
        row = self.options.highlighted
        if row is None or not 0 <= row < len(self._rows):
            return None
        return self._rows[row]

    def move_highlight(self, step: int) -> None:
        """Move the highlight ``step`` items down (up if negative)."""
        if step > 0:
            self.options.action_cursor_down()
        else:
            self.options.action_cursor_up()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the rows past the first or last item that can be chosen: the highlight skips
        dimmed items, and their reasons should not stay out of sight beyond it."""
        row = event.option_index
        enabled = [
            r for r, i in enumerate(self._rows) if i is not None and self.menu.items[i].enabled
        ]
        if enabled and row >= enabled[-1]:
            self.options.call_after_refresh(self._scroll_keeping_highlight, end=True)
        elif enabled and row <= enabled[0]:
            self.options.call_after_refresh(self._scroll_keeping_highlight, end=False)

    def _scroll_keeping_highlight(self, *, end: bool) -> None:
        options = self.options
        if end:
            options.scroll_end(animate=False, immediate=True)
        else:
            options.scroll_home(animate=False, immediate=True)
        options.scroll_to_highlight()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Turn the list's selection into :class:`Chosen`."""
        event.stop()
        index = self._rows[event.option_index] if event.option_index < len(self._rows) else None
        if index is not None and self.menu.items[index].enabled:
            self.post_message(self.Chosen(self.menu.items[index]))


def _prompt(item: Item) -> Text:
    key = f"{item.key:>2}" if item.key else "  "
    text = Text()
    text.append(key, style="bold" if item.enabled else "dim")
    text.append(" ")
    style = "bold green" if item.chosen else ("" if item.enabled else "dim")
    text.append(item.label, style=style)
    if item.reason:
        text.append(f" — {item.reason}", style="dim italic")
    return text
