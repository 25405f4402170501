"""Scores over a game, for any game: every seat's total at the start and after each round."""

from __future__ import annotations

from collections.abc import Sequence

from core.engine import Game, State, final_outcome
from core.moves import Move


def scores_by_round(game: Game, seed: int, moves: Sequence[Move]) -> list[tuple[int, ...]]:
    """Return every seat's score at the start and after each round (the last entry is the final
    score once the game is over), by replaying ``moves`` from ``seed``.

    A round is a step of the game's progress (``State.progress``); its score is counted as if
    the game ended right after it.
    """
    state = game.new_state(seed)
    points = [_totals(state)]
    step = state.progress().step
    for move in moves:
        state.apply_unchecked(move)
        now = state.progress().step
        if now != step and not state.is_over():
            step = now
            points.append(_totals(state))
    if state.is_over():
        points.append(tuple(final_outcome(state).scores))
    return points


def _totals(state: State) -> tuple[int, ...]:
    return tuple(sum(b.values()) for b in state.score_now())
