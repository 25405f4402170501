"""Display metadata of a save: what a list of saves shows without replaying the game.

It comes from the engine protocol alone (:meth:`~core.engine.State.progress`,
:meth:`~core.engine.State.score_now`, :meth:`~core.engine.State.outcome`), so it serves every
game the registry knows.
"""

from __future__ import annotations

import msgspec

from core.engine import State


class SaveMeta(msgspec.Struct, kw_only=True):
    """A summary of a saved game, refreshed on every save."""

    title: str = ""
    """The player's own title for the game; may be empty."""
    progress: str = ""
    """How far the game has come, in words (``Round 3 of 5``); empty when unknown."""
    round: int = 0
    """The round (season, card...) being played, 1-based; 0 when unknown (an old save)."""
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
    outcome = state.outcome()
    progress = state.progress()
    if outcome is not None:
        scores = outcome.scores
    else:
        scores = tuple(sum(parts.values()) for parts in state.score_now())
    return SaveMeta(
        title=title,
        progress=progress.text,
        round=progress.step,
        rounds=progress.steps,
        to_move=state.current_seat(),
        scores=scores,
        finished=outcome is not None,
        winners=outcome.winners if outcome is not None else (),
    )
