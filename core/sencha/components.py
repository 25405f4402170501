"""The Sencha component set as typed data: plantations and the Tea Market cards.

The rulebook prints the worker cards, the cube counts and the tracks in its text (they are rules,
in :mod:`core.sencha.rules`); it prints no Tea Market card face and names only three of the four
plantations. Those are authored in ``core/sencha/data/*.toml`` (docs/components/sencha.md) and
decoded into the Structs below; a player's own component file may replace any section.
"""

from __future__ import annotations

import enum
from typing import Annotated

import msgspec


class Tea(enum.Enum):
    """The three teas, in the order every count list uses (index = :attr:`index`)."""

    SENCHA = "sencha"
    SAKURA = "sakura"
    BLACK = "black"

    @property
    def index(self) -> int:
        """The tea's position in a count list (Sencha 0, Sakura 1, Black 2)."""
        return _TEA_INDEX[self]


TEAS: tuple[Tea, ...] = (Tea.SENCHA, Tea.SAKURA, Tea.BLACK)
"""The teas by index."""
_TEA_INDEX = {t: i for i, t in enumerate(TEAS)}

Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]{0,23}$")]
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Price = Annotated[int, msgspec.Meta(ge=0, le=6)]


class Plantation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A plantation card (SEN-GAP-03): all four alike but for their names."""

    id: Id
    name: Name


class Column(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A sale column of a Tea Market card: one tea, one price per slot (SEN-GAP-01)."""

    tea: Tea
    prices: Annotated[tuple[Price, ...], msgspec.Meta(min_length=1, max_length=6)]
    """The yen paid for the cube that fills each slot, bottom slot first; its length is the
    column's size."""

    @property
    def slots(self) -> int:
        """How many cubes fill the column."""
        return len(self.prices)


class Offer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What the Emperor asks on a Tea Market card: ``cubes`` of ``tea`` for ``vp`` points."""

    tea: Tea
    cubes: Annotated[int, msgspec.Meta(ge=1, le=4)]
    vp: Annotated[int, msgspec.Meta(ge=1, le=3)]


class MarketCard(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One Tea Market card: its sale columns (at most one per tea) and the Emperor's offers."""

    id: Id
    name: Name
    columns: Annotated[tuple[Column, ...], msgspec.Meta(min_length=1, max_length=3)]
    emperor: Annotated[tuple[Offer, ...], msgspec.Meta(max_length=3)] = ()

    def column(self, tea: Tea) -> Column | None:
        """Return the column of ``tea``, or None when the card has none."""
        return next((c for c in self.columns if c.tea is tea), None)


class ComponentSet(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Everything Sencha needs that the rulebook does not print as text."""

    id: Id
    """The set's id, as a setup records it (``tea_tui_sencha`` for the built-in one)."""
    name: Name
    version: Annotated[int, msgspec.Meta(ge=1)] = 1
    plantations: tuple[Plantation, ...]
    """The four plantation cards."""
    market: tuple[MarketCard, ...]
    """The ten Tea Market cards."""

    def card(self, card_id: str) -> MarketCard:
        """Return the Tea Market card ``card_id``.

        Raises:
            KeyError: if the set has no such card.
        """
        for c in self.market:
            if c.id == card_id:
                return c
        raise KeyError(card_id)
