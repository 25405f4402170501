"""Glyphs and colours shared by every widget, so that no information is carried by colour alone."""

from __future__ import annotations

from collections.abc import Sequence

SEAT_GLYPHS = ("●", "▲", "■", "◆")
"""One glyph per seat, by seat index."""
SEAT_COLOURS = ("red", "bright_blue", "green", "magenta")
"""The default colour of each seat (16-colour safe)."""
COLOUR_CHOICES = {
    "red": "red",
    "blue": "bright_blue",
    "green": "green",
    "magenta": "magenta",
    "yellow": "yellow",
    "cyan": "cyan",
}
"""The colours a player may pick for a seat, by name (16-colour safe)."""
DEFAULT_COLOUR_NAMES = ("red", "blue", "green", "magenta")
"""The names of the default seat colours, by seat index."""
_palette: list[str] = list(SEAT_COLOURS)
PROVINCE_COLOURS = {
    "yellow": "yellow",
    "green": "green",
    "red": "red",
    "blue": "bright_blue",
    "purple": "magenta",
    "cyan": "cyan",
}
"""Terminal colour of each Province id (16-colour safe)."""
FRESH_STYLE = "green"
FERMENTED_STYLE = "dark_orange3"
FRESH_MARK = "g"
FERMENTED_MARK = "f"
TEAPOT_COLOURS = {"green": "green", "red": "red", "blue": "bright_blue", "neutral": "white"}
SECONDARY_GLYPHS = {"river": "≈", "cup": "◡", "university": "✦"}
"""Short symbols for the three secondary actions."""


def seat_glyph(seat: int) -> str:
    """Return the glyph of a seat."""
    return SEAT_GLYPHS[seat % len(SEAT_GLYPHS)]


def seat_colour(seat: int) -> str:
    """Return the colour of a seat (the one chosen for this game, else the default)."""
    return _palette[seat % len(_palette)]


def use_seat_colours(names: Sequence[str]) -> None:
    """Colour the seats of the game on screen: a colour name (see :data:`COLOUR_CHOICES`) per
    seat; missing or unknown names keep the default of that seat. Glyphs never change, so two
    seats of one colour still differ."""
    _palette[:] = [
        COLOUR_CHOICES.get(names[i], SEAT_COLOURS[i]) if i < len(names) else SEAT_COLOURS[i]
        for i in range(len(SEAT_COLOURS))
    ]
