"""The Lu Yu seat: the solo mode's automa as an agent like any other.

Lu Yu decides nothing (DP-30): his behaviour is part of the rules, so the engine resolves his
whole turn and offers his seat exactly one move, ``luyu`` or ``luyu-pass``. This agent plays
that move. Keeping the automa in the engine means saves, replays, the arena and every AI's
search simulate him exactly, with no second copy of his rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.base import Budget
from core.engine import Observation
from core.moves import Move
from core.rng import Rng

LUYU_KEYWORDS = frozenset({"luyu", "luyu-pass"})
"""The only moves his seat is ever offered."""


class LuYuAgent:
    """Plays Lu Yu's one legal move."""

    def __init__(self, name: str = "luyu") -> None:
        self.name = name

    def choose(
        self, observation: Observation, legal_moves: Sequence[Move], budget: Budget, rng: Rng
    ) -> Move:
        """Return the single Lu Yu move on offer.

        Raises:
            ValueError: if the seat is offered anything but one Lu Yu move (it is not his turn,
                or the game was not set up with him in this seat).
        """
        del observation, budget, rng
        if len(legal_moves) != 1 or legal_moves[0].keyword() not in LUYU_KEYWORDS:
            offered = ", ".join(str(m) for m in legal_moves[:5]) or "nothing"
            raise ValueError(f"Lu Yu's seat was offered {offered}, not his turn")
        return legal_moves[0]
