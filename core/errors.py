"""The errors the engine raises for bad input.

All derive from :class:`RulesError`, itself a :class:`ValueError`, as python-chess does, so a
caller can catch one precise case or every rules problem at once.
"""


class RulesError(ValueError):
    """Base class of every rules problem the engine reports."""


class InvalidMoveError(RulesError):
    """A move's text cannot be parsed, or names a move kind or argument that does not exist."""


class IllegalMoveError(RulesError):
    """A well-formed move that the rules do not allow in the current state."""


class NotYourTurnError(IllegalMoveError):
    """A move made for a seat other than the one whose decision it is."""


class ComponentError(ValueError):
    """A component data file is malformed; the message names the file, the item and the field."""
