"""Tasting Duel, the tiny test game, as a package of its own: the rules (:mod:`.rules`) and what
the game registry (:mod:`core.games`) asks of every game (:func:`make_game`,
:func:`component_identity`, :class:`TastingOptions`). It has no AI or UI package: the AI and the
app play it through the game-neutral protocol, which is what it is there to prove.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from core.tasting.rules import (
    CARDS,
    HAND_SIZE,
    ROUNDS,
    Play,
    TastingGame,
    TastingObservation,
    TastingState,
)

if TYPE_CHECKING:
    from core.engine import Game
    from core.setup import GameSetup

__all__ = [
    "CARDS",
    "COMPONENTS_ID",
    "HAND_SIZE",
    "ROUNDS",
    "Play",
    "TastingGame",
    "TastingObservation",
    "TastingOptions",
    "TastingState",
    "component_identity",
    "make_game",
]

COMPONENTS_ID = "tasting_duel"
"""The component id a Tasting Duel's setup records (it has no component file)."""


class TastingOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Tasting Duel has no options."""


def component_identity(components: object | None) -> tuple[str, str]:
    """Return the id and hash a setup records: a fixed id, no file, no hash."""
    return COMPONENTS_ID, ""


def make_game(setup: GameSetup, components: object | None = None) -> Game:
    """Return the game of a checked setup (two seats; the registry checked the count)."""
    return TastingGame()
