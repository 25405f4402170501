"""Dumb widgets: they render a seat's view of the game and post messages; see docs/tui.md."""
