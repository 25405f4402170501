"""The automa seat: a solo mode's built-in opponent as an agent like any other.

An automa decides nothing: its behaviour is part of the rules, so the engine resolves its whole
turn and offers its seat exactly one move (Tea Garden's Lu Yu gets ``luyu`` or ``luyu-pass``,
DP-30). This agent plays that move. Keeping the automa in the engine means saves, replays, the
arena and every AI's search simulate it exactly, with no second copy of its rules, and that one
agent serves every game's automa.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.base import Budget
from core.engine import Observation
from core.moves import Move
from core.rng import Rng


class AutomaAgent:
    """Plays the automa seat's one legal move."""

    def __init__(self, name: str = "automa") -> None:
        self.name = name

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Return the single move on offer.

        Raises:
            ValueError: if the seat is offered anything but one move (it is not the automa's
                turn, or the game was not set up with the automa in this seat).
        """
        del observation, budget, rng
        if len(legal_moves) != 1:
            offered = ", ".join(str(m) for m in legal_moves[:5]) or "nothing"
            raise ValueError(f"the automa's seat was offered {offered}, not its turn")
        return legal_moves[0]
