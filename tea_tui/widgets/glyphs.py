"""Glyphs and colours shared by every widget, so that no information is carried by colour alone."""

from __future__ import annotations

SEAT_GLYPHS = ("●", "▲", "■", "◆")
"""One glyph per seat, by seat index."""
SEAT_COLOURS = ("red", "bright_blue", "green", "magenta")
"""One colour per seat (16-colour safe)."""
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
    """Return the colour of a seat."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
