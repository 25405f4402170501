"""Scores as one seat can work them out from what it sees.

Every card that enters a deck is seen by the table, so the points of every seat can be counted
from an observation alone: which of a seat's cards are in hand and which in the draw deck does
not change its score. The score screen uses this rather than the full state.
"""

from __future__ import annotations

import msgspec

from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.scoring import (
    SOLO_CATEGORIES,
    expansion_breakdown,
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
