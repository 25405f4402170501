"""The Textual app and command line of tea-tui."""

__version__ = "0.1.0"
