"""A short menu of entries, one highlighted: the title screen's.

Textual's ``OptionList`` does the same with scrolling, search and many more options, and costs
the title's first frame about a tenth of its time in style sheets and layout; a menu of seven
fixed entries needs one widget that draws seven lines. The API follows ``OptionList``'s where
the title uses it (``highlighted``, ``set_options``, ``get_option_at_index``, ``option_count``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


@dataclass(frozen=True)
class MenuEntry:
    """One line of the menu."""

    id: str
    prompt: Text
    disabled: bool = False


class MenuList(Widget, can_focus=True):
    """Entries one per line; ↑/↓, Home/End move the highlight, Enter (or a click) chooses."""

    DEFAULT_CSS = """
    MenuList { height: auto; width: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", "down", show=False),
        Binding("up", "move(-1)", "up", show=False),
        Binding("home", "first", "first", show=False),
        Binding("end", "last", "last", show=False),
        Binding("enter", "select", "choose", show=False),
    ]

    highlighted: reactive[int | None] = reactive(None)
    """The index of the highlighted entry (None: none)."""

    class Highlighted(Message):
        """The highlight moved to ``entry``."""

        def __init__(self, menu: MenuList, entry: MenuEntry, index: int) -> None:
            super().__init__()
            self.menu, self.entry, self.index = menu, entry, index

    class Selected(Message):
        """``entry`` was chosen."""

        def __init__(self, menu: MenuList, entry: MenuEntry, index: int) -> None:
            super().__init__()
            self.menu, self.entry, self.index = menu, entry, index

    def __init__(self, entries: Sequence[MenuEntry], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._entries = list(entries)

    # --- the OptionList-like API ------------------------------------------------------------

    @property
    def option_count(self) -> int:
        """How many entries there are."""
        return len(self._entries)

    def get_option_at_index(self, index: int) -> MenuEntry:
        """The entry at ``index``."""
        return self._entries[index]

    def set_options(self, entries: Sequence[MenuEntry]) -> None:
        """Replace the entries (the highlight stays where it was, if it still can)."""
        self._entries = list(entries)
        if self.highlighted is not None and not self._usable(self.highlighted):
            self.highlighted = self._next_usable(self.highlighted, 1)
        self.refresh(layout=True)

    # --- moving and choosing ----------------------------------------------------------------

    def _usable(self, index: int) -> bool:
        return 0 <= index < len(self._entries) and not self._entries[index].disabled

    def _next_usable(self, start: int, step: int) -> int | None:
        for offset in range(len(self._entries)):
            index = (start + step * offset) % len(self._entries)
            if self._usable(index):
                return index
        return None

    def validate_highlighted(self, index: int | None) -> int | None:
        if index is None or not self._entries:
            return None
        return max(0, min(index, len(self._entries) - 1))

    def watch_highlighted(self, index: int | None) -> None:
        self.refresh()
        if index is not None and self._entries:
            self.post_message(self.Highlighted(self, self._entries[index], index))

    def action_move(self, step: int) -> None:
        """Move the highlight to the next usable entry up or down (wrapping)."""
        if not self._entries:
            return
        start = self.highlighted if self.highlighted is not None else -step
        found = self._next_usable((start + step) % len(self._entries), step)
        if found is not None:
            self.highlighted = found

    def action_first(self) -> None:
        """Highlight the first usable entry."""
        self.highlighted = self._next_usable(0, 1)

    def action_last(self) -> None:
        """Highlight the last usable entry."""
        self.highlighted = self._next_usable(len(self._entries) - 1, -1)

    def action_select(self) -> None:
        """Choose the highlighted entry."""
        index = self.highlighted
        if index is not None and self._usable(index):
            self.post_message(self.Selected(self, self._entries[index], index))

    def on_click(self, event: Click) -> None:
        """A click chooses the entry under the pointer."""
        index = event.y
        if self._usable(index):
            self.highlighted = index
            self.action_select()

    # --- drawing ----------------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((entry.prompt.cell_len for entry in self._entries), default=0) + 2

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._entries)

    def render(self) -> Text:
        width = self.get_content_width(self.size, self.size)
        lines = Text()
        for index, entry in enumerate(self._entries):
            line = entry.prompt.copy()
            line.pad_right(max(0, width - 1 - line.cell_len))
            if index == self.highlighted:
                mark = Text(">", style="bold") if self.has_focus else Text(" ")
                line.stylize("bold reverse" if self.has_focus else "reverse")
            else:
                mark = Text(" ")
            lines.append_text(mark + line)
            if index < len(self._entries) - 1:
                lines.append("\n")
        return lines

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
