"""The vocabulary of effects printed on Tea Garden components.

Every bonus, reward and card effect in the component data is a list of these Structs, written in
TOML as inline tables tagged by ``do``::

    reward = [{ do = "leaves", n = 3, q = 2 }, { do = "vp", n = 2 }]

An unknown ``do`` or a wrong field is rejected when the data is loaded, so every effect the engine
meets is one it knows.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

Count = Annotated[int, msgspec.Meta(ge=1, le=12)]
Quality = Annotated[int, msgspec.Meta(ge=1, le=6)]
ScrollKind = Literal["plus1", "teapot", "x2"]
SecondaryKind = Literal["river", "cup", "university"]


class _Effect(msgspec.Struct, frozen=True, tag_field="do", forbid_unknown_fields=True):
    pass


class GainLeaves(_Effect, frozen=True, tag="leaves"):
    """Gain ``n`` fresh leaves of quality ``q``."""

    n: Count
    q: Quality


class Ferment(_Effect, frozen=True, tag="ferment"):
    """Ferment up to ``n`` of your fresh leaves, chosen by you."""

    n: Count


class GainEmperorTokens(_Effect, frozen=True, tag="emperor_tokens"):
    """Gain ``n`` Emperor tokens."""

    n: Count


class GainScroll(_Effect, frozen=True, tag="scroll"):
    """Gain one Scroll; ``kind`` "any" lets the player choose its kind."""

    kind: ScrollKind | Literal["any"]


class GainCupToken(_Effect, frozen=True, tag="cup_token"):
    """Place ``n`` Cup tokens on your connections (lost if you have none)."""

    n: Count = 1


class Draw(_Effect, frozen=True, tag="draw"):
    """You may draw ``n`` cards."""

    n: Count = 1


class DrawDiscard(_Effect, frozen=True, tag="draw_discard"):
    """You may draw ``n`` cards; if you do, discard ``n`` cards from hand."""

    n: Annotated[int, msgspec.Meta(ge=1, le=2)] = 1


class RemoveCard(_Effect, frozen=True, tag="remove"):
    """You may remove a card from your hand, draw deck or discard pile from the game."""


class SellLeaves(_Effect, frozen=True, tag="sell"):
    """Sell up to ``max`` leaves: 1 VP per fresh leaf, 2 VP per fermented one."""

    max: Count = 6


class ScoreVP(_Effect, frozen=True, tag="vp"):
    """Score ``n`` VP at once."""

    n: Count


class TakeEmperorCard(_Effect, frozen=True, tag="emperor_card"):
    """Take one of the face-up Emperor cards into your hand."""


class Secondary(_Effect, frozen=True, tag="secondary"):
    """Perform a secondary action: River, Cup production or University."""

    action: SecondaryKind


class GainBasicPuerh(_Effect, frozen=True, tag="basic_puerh"):
    """(Expansion) take a Basic Puerh token of your choice from the Storage and place it."""


class GainGardenLeaves(_Effect, frozen=True, tag="garden_leaves"):
    """(Expansion) gain one fresh leaf per garden of yours, of that Region's value."""


class Choice(_Effect, frozen=True, tag="choice"):
    """Do exactly one of the options (a slash on the printed component)."""

    options: Annotated[tuple[tuple[Effect, ...], ...], msgspec.Meta(min_length=2)]


Effect = (
    GainLeaves
    | Ferment
    | GainEmperorTokens
    | GainScroll
    | GainCupToken
    | Draw
    | DrawDiscard
    | RemoveCard
    | SellLeaves
    | ScoreVP
    | TakeEmperorCard
    | Secondary
    | GainBasicPuerh
    | GainGardenLeaves
    | Choice
)
"""Any one effect."""

Effects = tuple[Effect, ...]
"""An ordered list of effects, all of which happen."""


def secondary_actions(effects: Effects) -> frozenset[str]:
    """Return the secondary actions shown among ``effects``, including inside a slash choice."""
    found: set[str] = set()
    for eff in effects:
        if isinstance(eff, Secondary):
            found.add(eff.action)
        elif isinstance(eff, Choice):
            for option in eff.options:
                found |= secondary_actions(option)
    return frozenset(found)


def effect_kinds(effects: Effects) -> frozenset[str]:
    """Return the ``do`` tags of every effect in ``effects``, nested choices included."""
    found: set[str] = set()
    for eff in effects:
        found.add(str(type(eff).__struct_config__.tag))
        if isinstance(eff, Choice):
            for option in eff.options:
                found |= effect_kinds(option)
    return frozenset(found)
