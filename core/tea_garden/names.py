"""The player-facing names of a component set: what the screen shows instead of ids.

Every component the game puts before players has a name in the data (issue 14). The loader
checks them (:mod:`core.tea_garden.validate`: none blank, none used twice within its kind) and
the shared context looks them up by id (:meth:`core.tea_garden.context.Context.name`).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.tea_garden.components import (
    Caravan,
    Card,
    ComponentSet,
    CupTile,
    Decree,
    EmperorCard,
    Hall,
    LuYuCard,
    Province,
    PuerhToken,
    Region,
    RegionToken,
    StartingCard,
)

Named = (
    Province
    | Region
    | Card
    | Caravan
    | CupTile
    | RegionToken
    | PuerhToken
    | Hall
    | Decree
    | LuYuCard
)
"""A component with an ``id`` and a ``name``."""


def names_by_group(cs: ComponentSet) -> list[list[tuple[str, str, str]]]:
    """Return every named component as (section, id, name), in groups whose names must
    differ: all cards, Provinces, Regions, Caravans, Cup tiles, Region tokens, Puerh tokens,
    Halls, Decrees and Lu Yu's cards."""
    groups: list[tuple[str, Sequence[Named]]] = [
        ("cards", [*cs.starting_cards, *cs.action_cards, *cs.emperor_cards]),
        ("map", cs.map.provinces),
        ("map", cs.map.regions),
        ("caravans", cs.caravans),
        ("cup_tiles", cs.cup_tiles),
        ("region_tokens", cs.region_tokens),
        ("puerh_tokens", cs.puerh_tokens),
        ("halls", cs.halls),
        ("decrees", cs.decrees),
        ("luyu", cs.luyu.cards if cs.luyu else ()),
    ]
    return [[(_section(section, x), x.id, x.name) for x in items] for section, items in groups]


def _section(section: str, item: Named) -> str:
    """The section of the data a named item sits in (cards: by their kind)."""
    if section != "cards":
        return section
    if isinstance(item, StartingCard):
        return "starting_cards"
    return "emperor_cards" if isinstance(item, EmperorCard) else "action_cards"
