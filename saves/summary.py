"""Display metadata of a save: what a list of saves shows without replaying the game."""

from __future__ import annotations

import msgspec

from core.engine import State
from core.tasting import ROUNDS as TASTING_ROUNDS
from core.tasting import TastingState
from core.tea_garden.maintenance import ROUNDS as TEA_GARDEN_ROUNDS
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import live_breakdown


class SaveMeta(msgspec.Struct, kw_only=True):
    """A summary of a saved game, refreshed on every save."""

    title: str = ""
    """The player's own title for the game; may be empty."""
    round: int = 0
    """The round being played (1-based); 0 when unknown (a save upgraded from format 0)."""
    rounds: int = 0
    """How many rounds the game has; 0 when unknown."""
    to_move: int | None = None
    """The seat whose decision it is; None once the game is over."""
    scores: tuple[int, ...] = ()
    """Each seat's score now, as if the game ended here; empty when unknown."""
    finished: bool = False
    """Whether the game is over."""
    winners: tuple[int, ...] = ()
    """The winning seats of a finished game (more than one when shared)."""


def summarize(state: State, title: str = "") -> SaveMeta:
    """Return the display metadata of ``state``."""
    finished = state.is_over()
    outcome = state.outcome() if finished else None
    round_, rounds = 0, 0
    scores: tuple[int, ...] = ()
    if isinstance(state, TeaGardenState):
        round_, rounds = state.round, TEA_GARDEN_ROUNDS
        if outcome is None:
            scores = tuple(sum(b.values()) for b in live_breakdown(state))
    elif isinstance(state, TastingState):
        round_, rounds = TASTING_ROUNDS - len(state.teas), TASTING_ROUNDS
        scores = tuple(state.points)
    if outcome is not None:
        scores = outcome.scores
    return SaveMeta(
        title=title,
        round=round_,
        rounds=rounds,
        to_move=state.current_seat(),
        scores=scores,
        finished=finished,
        winners=outcome.winners if outcome is not None else (),
    )
