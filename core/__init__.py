"""The pure rules engine of tea-tui.

Nothing here touches the terminal, the file system, the clock or global randomness: a game is a
pure function of its setup, its seed and the moves applied to it. See docs/engine.md.
"""

from core.engine import Game, Observation, Outcome, State
from core.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError, RulesError
from core.moves import Move, parse_move
from core.rng import Rng

__all__ = [
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "NotYourTurnError",
    "Observation",
    "Outcome",
    "Rng",
    "RulesError",
    "State",
    "parse_move",
]
