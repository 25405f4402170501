"""Lookup tables derived once from a component set and the options, shared by every state of
the same setup. A state names its context by key, so it stays small to clone and serialize."""

from __future__ import annotations

import msgspec

from core.sencha.components import ComponentSet, MarketCard
from core.sencha.loader import component_hash
from core.sencha.options import SenchaOptions

Prices = tuple[int, ...] | None
"""A card's prices per slot for one tea, or None when it has no column of that tea."""
OfferRow = tuple[int, int, int]
"""An Emperor offer as (tea index, cubes, VP)."""


class Context:
    """The components and options of a setup, indexed for speed."""

    def __init__(self, components: ComponentSet, options: SenchaOptions, key: str) -> None:
        self.components = components
        self.options = options
        self.key = key
        self.plantation_ids: tuple[str, ...] = tuple(p.id for p in components.plantations)
        self.plantation_names: dict[str, str] = {p.id: p.name for p in components.plantations}
        self.cards: dict[str, MarketCard] = {c.id: c for c in components.market}
        self.card_ids: tuple[str, ...] = tuple(c.id for c in components.market)
        self.columns: dict[str, tuple[Prices, Prices, Prices]] = {}
        self.offers: dict[str, tuple[OfferRow, ...]] = {}
        for c in components.market:
            cols = [None, None, None]
            for col in c.columns:
                cols[col.tea.index] = col.prices  # type: ignore[call-overload]
            self.columns[c.id] = (cols[0], cols[1], cols[2])
            self.offers[c.id] = tuple((o.tea.index, o.cubes, o.vp) for o in c.emperor)
        self.money_cap: int = 10**6 if options.money_cap is None else options.money_cap

    def card_name(self, card_id: str) -> str:
        """Return the name of a Tea Market card (its id when unknown)."""
        card = self.cards.get(card_id)
        return card.name if card is not None else card_id

    def plantation_name(self, plantation_id: str) -> str:
        """Return the name of a plantation (its id when unknown)."""
        return self.plantation_names.get(plantation_id, plantation_id)


_CONTEXTS: dict[str, Context] = {}


def register(components: ComponentSet, options: SenchaOptions) -> Context:
    """Return the shared context of a component set and options, creating it on first use."""
    key = f"{component_hash(components)[:16]}:{options_key(options)}"
    found = _CONTEXTS.get(key)
    if found is None:
        found = _CONTEXTS[key] = Context(components, options, key)
    return found


def lookup(key: str) -> Context:
    """Return the context registered under ``key``.

    Raises:
        KeyError: if no game of that setup has been made in this process.
    """
    return _CONTEXTS[key]


def options_key(options: SenchaOptions) -> str:
    """Only the options that differ from the defaults, by name: a new option added later
    leaves the keys of older setups as they were."""
    default = msgspec.structs.asdict(SenchaOptions())
    changed = {k: v for k, v in msgspec.structs.asdict(options).items() if default[k] != v}
    return ",".join(f"{k}={v}" for k, v in sorted(changed.items())) or "default"
