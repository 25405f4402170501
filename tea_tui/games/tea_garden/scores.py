"""Scores as one seat can work them out from what it sees.

Every card that enters a deck is seen by the table, so the points of every seat can be counted
from an observation alone: which of a seat's cards are in hand and which in the draw deck does
not change its score. The score screen uses this rather than the full state.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from core.engine import final_outcome
from core.moves import Move
from core.tea_garden.context import Context
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import (
    SOLO_CATEGORIES,
    expansion_breakdown,
    live_breakdown,
    luyu_breakdown,
    seat_breakdown,
)

CATEGORY_NAMES = {
    "track": ("★", "VP track"),
    "action_cards": ("▤", "Action cards"),
    "emperor_cards": ("♛", "Emperor cards"),
    "river": ("≈", "River"),
    "university": ("✦", "University"),
    "emperor_track": ("⇡", "Emperor track"),
    "cups": ("◡", "Cup rows"),
    "scrolls_tokens": ("§", "Scrolls, tokens"),
    "puerh": ("◔", "Puerh cakes"),
    "decrees": ("⚑", "Imperial Decrees"),
    "halls": ("⌂", "Noble Court Halls"),
    "caravans": ("⇉", "Caravans (Lu Yu)"),
    "leaves": ("❦", "Leaves (Lu Yu)"),
}
"""Glyph and name of each scoring category (the score table, the plain mode)."""


def observed_breakdown(view: TeaGardenObservation, ctx: Context) -> tuple[dict[str, int], ...]:
    """Return every seat's points per category as if the game ended now, from ``view`` alone."""
    return tuple(observed_points(view, ctx, seat) for seat in range(len(view.players)))


def observed_points(view: TeaGardenObservation, ctx: Context, seat: int) -> dict[str, int]:
    """Return one seat's points per category as if the game ended now, from ``view`` alone."""
    p = view.players[seat]
    cards = msgspec.structs.replace(p, hand=[], draw=list(view.hand_and_draw[seat]))
    parts = seat_breakdown(ctx, cards)
    if view.board.court is not None:
        parts.update(expansion_breakdown(ctx, view.board.court, seat, p))
    if view.luyu is not None:  # solo: his own categories, which the player scores 0 in
        parts.update(dict.fromkeys(SOLO_CATEGORIES, 0))
        if seat == view.luyu.seat:
            luyu_breakdown(ctx, p, parts)
    return parts


def scores_by_round(game: TeaGardenGame, seed: int, moves: Sequence[Move]) -> list[tuple[int, ...]]:
    """Return every seat's score at the start and after each round (the last entry is the final
    score once the game is over), by replaying ``moves`` from ``seed``.

    A round's score is counted as if the game ended right after its Maintenance.
    """
    state = game.new_state(seed)
    points = [_totals(state)]
    round_ = state.round
    for move in moves:
        state.apply_unchecked(move)
        if state.round != round_ and not state.is_over():
            round_ = state.round
            points.append(_totals(state))
    if state.is_over():
        points.append(tuple(final_outcome(state).scores))
    return points


def _totals(state: TeaGardenState) -> tuple[int, ...]:
    return tuple(sum(b.values()) for b in live_breakdown(state))
