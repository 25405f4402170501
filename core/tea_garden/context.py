"""Lookup tables derived once from a component set and the game options.

A Tea Garden state stores only ids and counts; everything fixed (card faces, map adjacency,
distances) lives in a :class:`Context` shared by every state of the same setup. States name their
context by key, so they stay small to clone and to serialize.
"""

from __future__ import annotations

from collections import deque

import msgspec

from core.tea_garden.components import (
    ActionCard,
    Caravan,
    Card,
    ComponentSet,
    CupTile,
    Decree,
    EmperorCard,
    Hall,
    LuYuBoard,
    LuYuCard,
    PuerhToken,
    Region,
    RegionToken,
    StartingCard,
)
from core.tea_garden.effects import secondary_actions
from core.tea_garden.loader import component_hash
from core.tea_garden.names import names_by_group


class Options(msgspec.Struct, frozen=True, kw_only=True):
    """The expansion switch and the variant flags the rules inventory recommends (see
    docs/rulings.md)."""

    puerh: bool = False
    """Play with the Puerh - The Noble Court expansion."""
    no_final_hall_scoring: bool = False
    """AMB-36 variant: do not score the Halls after round 5."""
    decree_gardens_count_all: bool = False
    """AMB-47 variant: the Gardens Decree counts the Sichuan garden too."""

    limited_pools: bool = False
    """AMB-01: 80 leaves, 30 Emperor tokens, 30 Cup tokens and the printed Scrolls are hard limits;
    a gain takes only what is left."""
    cup_table_continues: bool = False
    """AMB-19: past 7 matching connections, keep adding +7, +8, ... instead of capping at 22."""
    puerh_bridging: bool = False
    """AMB-41 variant: a new Puerh token may join two single tokens into a complete cake."""
    late_cards: bool = False
    """AMB-23: after playing, more cards may be slipped under the top card until the main
    action is chosen, adding their strength."""


class Context:
    """Everything a state needs to know about its components, indexed for speed."""

    def __init__(self, components: ComponentSet, options: Options, key: str) -> None:
        self.components = components
        self.options = options
        self.key = key
        cs = components
        self.regions: tuple[Region, ...] = cs.map.regions
        self.region_index = {r.id: i for i, r in enumerate(cs.map.regions)}
        start_provinces = {p.id for p in cs.map.provinces if p.start}
        self.start_region = next(
            i for i, r in enumerate(cs.map.regions) if r.province in start_provinces
        )
        self.coloured_provinces: tuple[str, ...] = tuple(
            p.id for p in cs.map.provinces if not p.start
        )
        neighbours: list[set[int]] = [set() for _ in cs.map.regions]
        for b in cs.map.borders:
            a, c = self.region_index[b.a], self.region_index[b.b]
            neighbours[a].add(c)
            neighbours[c].add(a)
        self.neighbours: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in neighbours)
        self.distance: tuple[tuple[int, ...], ...] = tuple(
            _bfs(i, self.neighbours) for i in range(len(cs.map.regions))
        )
        self.cards: dict[str, Card] = {}
        for card in (*cs.starting_cards, *cs.action_cards, *cs.emperor_cards):
            self.cards[card.id] = card
        self.starting_ids: tuple[str, ...] = tuple(c.id for c in cs.starting_cards)
        self.action_cards: dict[str, ActionCard] = {c.id: c for c in cs.action_cards}
        self.emperor_cards: dict[str, EmperorCard] = {c.id: c for c in cs.emperor_cards}
        self.starting_cards: dict[str, StartingCard] = {c.id: c for c in cs.starting_cards}
        self.card_secondaries: dict[str, frozenset[str]] = {
            cid: secondary_actions(card.top) for cid, card in self.cards.items()
        }
        self.caravans: dict[str, Caravan] = {c.id: c for c in cs.caravans}
        self.cup_tiles: dict[str, CupTile] = {t.id: t for t in cs.cup_tiles}
        self.region_tokens: dict[str, RegionToken] = {t.id: t for t in cs.region_tokens}
        self.puerh_tokens: dict[str, PuerhToken] = {t.id: t for t in cs.puerh_tokens}
        self.halls: dict[str, Hall] = {h.id: h for h in cs.halls}
        self.decrees: dict[str, Decree] = {d.id: d for d in cs.decrees}
        solo = cs.luyu
        self.luyu_cards: dict[str, LuYuCard] = {c.id: c for c in solo.cards} if solo else {}
        self.luyu_board: LuYuBoard = solo.board if solo else LuYuBoard(emperor_vp=())
        self.names: dict[str, str] = {
            item_id: name for group in names_by_group(cs) for _, item_id, name in group
        }

    def region(self, region_id: str) -> Region:
        """Return the Region with this id."""
        return self.regions[self.region_index[region_id]]

    def card_name(self, card_id: str) -> str:
        """The name of a Starting, Action or Emperor card; other ids are returned as they are."""
        card = self.cards.get(card_id)
        return card.name if card is not None else card_id

    def name(self, component_id: str) -> str:
        """The player-facing name of any component (card, Caravan, Cup tile, token, Hall,
        Decree, Lu Yu card, Region, Province); unknown ids are returned as they are."""
        return self.names.get(component_id, component_id)

    def province_name(self, province_id: str) -> str:
        """The name of a Province (``green`` -> ``Yunnan``); unknown ids as they are."""
        for province in self.components.map.provinces:
            if province.id == province_id:
                return province.name
        return province_id


_CONTEXTS: dict[str, Context] = {}
_BY_OBJECT: dict[tuple[int, Options], tuple[ComponentSet, Context]] = {}


def register(components: ComponentSet, options: Options) -> Context:
    """Return the shared context for this setup, building it on first use."""
    # Hashing a component set costs a millisecond, so a set already seen is found by identity;
    # the entry keeps the object alive, so its id cannot be reused by another object.
    entry = _BY_OBJECT.get((id(components), options))
    if entry is not None and entry[0] is components:
        return entry[1]
    key = f"{component_hash(components)[:16]}:{_options_key(options)}"
    found = _CONTEXTS.get(key)
    if found is None:
        found = _CONTEXTS[key] = Context(components, options, key)
    _BY_OBJECT[(id(components), options)] = (components, found)
    return found


def lookup(key: str) -> Context:
    """Return a registered context.

    Raises:
        KeyError: if no game with this setup was created in this process.
    """
    return _CONTEXTS[key]


def _options_key(options: Options) -> str:
    # Only the variants that are on, by name: adding a new option later leaves the keys of
    # existing games (and so the hashes of their saved states) unchanged.
    on = [f.name for f in msgspec.structs.fields(options) if getattr(options, f.name)]
    return ",".join(on)


def _bfs(start: int, neighbours: tuple[frozenset[int], ...]) -> tuple[int, ...]:
    dist = [-1] * len(neighbours)
    dist[start] = 0
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in neighbours[here]:
            if dist[nxt] < 0:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return tuple(dist)
