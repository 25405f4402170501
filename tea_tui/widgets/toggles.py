"""Check boxes and radio buttons that say their state in glyphs, not only in colour.

Textual's own draw the same glyph whether on or off and tell the two apart by colour alone,
which a 16-colour or monochrome terminal (or a colour-blind player) cannot see. These draw
``[x]``/``[ ]`` and ``●``/``○``, and the focused one is marked by ``>`` and an underline, so
that the forms read the same in any colours. :data:`FOCUS_CSS` marks the focus of the other
fields (drop-downs, radio sets) the same way.
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget
from textual.widgets import Checkbox, RadioButton

FOCUS_MARK = ">"
"""Drawn before the focused check box or radio set entry; a space when not focused."""

_TOGGLE_CSS = """
{name} > .toggle--button, RadioSet > {name} > .toggle--button {{
    color: $text-muted;
    background: transparent;
}}
{name}.-on > .toggle--button, RadioSet > {name}.-on > .toggle--button {{
    color: $text-success;
    background: transparent;
    text-style: bold;
}}
{name}:focus > .toggle--label, RadioSet:focus > {name}.-selected > .toggle--label {{
    text-style: bold underline;
}}
"""


class _Glyphs:
    """The button part of a toggle: a focus mark and a glyph for on or off."""

    ON = "x"
    OFF = " "
    value: bool

    def _marked(self, focused: bool, style: object) -> Content:
        mark = FOCUS_MARK if focused else " "
        glyph = self.ON if self.value else self.OFF
        return Content.assemble(mark, (glyph, style))  # type: ignore[arg-type]


class TickBox(_Glyphs, Checkbox):
    """A check box drawn ``[x]`` when ticked and ``[ ]`` when not."""

    DEFAULT_CSS = _TOGGLE_CSS.format(name="TickBox")
    SCOPED_CSS = False  # its rules name the RadioSet around it
    ON = "[x]"
    OFF = "[ ]"

    @property
    def _button(self) -> Content:
        return self._marked(self.has_focus, self.get_visual_style("toggle--button"))


class RadioDot(_Glyphs, RadioButton):
    """A radio button drawn ``●`` when chosen and ``○`` when not."""

    DEFAULT_CSS = _TOGGLE_CSS.format(name="RadioDot")
    SCOPED_CSS = False
    ON = "●"
    OFF = "○"

    @property
    def _button(self) -> Content:
        parent = self.parent
        focused = self.has_class("-selected") and isinstance(parent, Widget) and parent.has_focus
        return self._marked(focused, self.get_visual_style("toggle--button"))


FOCUS_CSS = """
Select:focus > SelectCurrent Static#label {
    text-style: bold underline;
}
"""
"""CSS for a screen with a form: the focused drop-down's value is bold and underlined."""
