"""The decision panel's model, for every game: a :class:`Menu` of :class:`Item` values.

A game's UI package builds the menu of the decision facing a person (Tea Garden's is
:func:`tea_tui.games.tea_garden.menu.build_menu`); the game screen, the plain mode and the
decision panel only show it and act on the item chosen: make its moves, open its sub-menu or
tick its card. Sub-menus are named by paths (``build:REGION`` lies under ``build``), so that Esc
goes back up one level without the shell knowing what they hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.moves import Move

MENU_KEYS = ("0", "a", "c", "e", "f", "g", "h", "i", "n", "p", "u", "w", "x", "y", "+")
"""Every letter or sign a menu item may carry (the screen binds each)."""


@dataclass(frozen=True)
class Item:
    """One line of the decision panel."""

    label: str
    key: str = ""
    """The hotkey shown (a digit, a letter or "+"); empty for none."""
    moves: tuple[Move, ...] = ()
    """The moves Enter (or the hotkey) makes, as one undo step."""
    submenu: str = ""
    """A sub-menu to open instead of moving (several moves of one kind)."""
    toggle: str = ""
    """A card to tick or untick with the digit (Enter still plays)."""
    reason: str = ""
    """Why the item is unavailable; empty when it is available."""
    group: str = ""
    chosen: bool = False
    """A ticked card."""

    @property
    def enabled(self) -> bool:
        """True when the item can be chosen."""
        return not self.reason


@dataclass(frozen=True)
class Menu:
    """What the decision panel shows."""

    title: str
    items: tuple[Item, ...] = ()
    default: int = 0
    """Index of the item highlighted first."""
    hint: str = ""
    """One line on the keys that matter here."""
    kind: str = "turn"
    """``cards`` (ticking cards), ``turn``, ``submenu``, ``pay`` or ``decision``."""
    extra: dict[str, str] = field(default_factory=dict)

    def find(self, key: str) -> Item | None:
        """Return the enabled item with this hotkey, if any."""
        for item in self.items:
            if item.key == key and item.enabled:
                return item
        return None


def parent_submenu(name: str) -> str:
    """Return the sub-menu that Esc goes back to from ``name`` ("" for the top menu)."""
    return name.rsplit(":", 1)[0] if ":" in name else ""
