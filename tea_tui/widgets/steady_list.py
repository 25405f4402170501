"""An option list that does not redraw its scroll bar after every layout of the screen.

Textual's ``OptionList`` sizes its own virtual height (its options), while a layout of the
screen hands every scrollable widget the visible height instead; the two never agree, so each
layout counted as a change of size and the list's scroll bar was redrawn in a frame of its own.
On the game screen every panel key lays the screen out, so each key cost a second frame (about
3 ms, and the bench's key press a 20 ms idle step more). The list here ignores a layout that
gives it the same size and container as the last one; its own virtual size it updates itself.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import OptionList


class SteadyOptionList(OptionList):
    """An ``OptionList`` that skips layouts leaving its size and container as they were."""

    _last_layout: tuple[Size, Size] | None = None

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        key = (size, container_size)
        if key == self._last_layout:
            return False
        self._last_layout = key
        return super()._size_updated(size, virtual_size, container_size, layout)
