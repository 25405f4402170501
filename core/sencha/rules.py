"""The numbers of Sencha's rules, as the rulebook prints them (rules inventory Part A,
../shared/rules/other_games.md): cube counts, worker cards, setup tables, caps and tracks."""

from __future__ import annotations

import enum

import msgspec


class Kind(enum.Enum):
    """The four kinds of worker card in the supply (SEN-ACT-15..18)."""

    PEASANT = "peasant"
    DONKEY = "donkey"
    COLLECTOR = "collector"
    CART = "cart"


KINDS: tuple[Kind, ...] = (Kind.PEASANT, Kind.DONKEY, Kind.COLLECTOR, Kind.CART)
"""The supply piles, in the order moves and lists use."""


class WorkerSpec(msgspec.Struct, frozen=True, kw_only=True):
    """What a kind of worker costs and carries."""

    price: int
    """Yen paid to recruit it (for the Cart: on top of the card traded in)."""
    capacity: int
    """Cubes it can carry."""
    mixed: bool
    """True if it may carry two teas at once (the Collector)."""
    sencha: bool
    """True if it may carry Sencha (the Peasant only)."""


WORKERS: dict[str, WorkerSpec] = {
    "peasant": WorkerSpec(price=3, capacity=1, mixed=False, sencha=True),  # SEN-ACT-15
    "donkey": WorkerSpec(price=5, capacity=2, mixed=False, sencha=False),  # SEN-ACT-16
    "collector": WorkerSpec(price=8, capacity=2, mixed=True, sencha=False),  # SEN-ACT-17
    "cart": WorkerSpec(price=3, capacity=3, mixed=False, sencha=False),  # SEN-ACT-18
}
"""Every kind of worker by name (the initial worker plays as one of them, SEN-AMB-01)."""

CUBES = (9, 15, 15)
"""SEN-COMP-01: Sencha, Sakura and Black Tea cubes."""
TOTAL_CUBES = sum(CUBES)
HOUSES_PER_COLOUR = 5
"""SEN-COMP-03: 20 houses in 4 colours."""
SUPPLY_COPIES = 3
"""SEN-COMP-05: three cards of each supply kind."""
START_MONEY = 7
"""SEN-SETUP-02."""
MAX_WORKERS = 3
"""SEN-ACT-13, the initial worker included."""
MAX_HOUSES = 3
"""SEN-ACT-05: houses on one plantation."""
MAX_CUBES = 9
"""SEN-ACT-07: cubes on one plantation."""
BUILD_DRAW = 5
"""SEN-ACT-06."""
PRODUCE_DRAW = 2
"""SEN-ACT-20: cubes per yen of Produce."""
SEED_CUBES = 2
"""SEN-SETUP-12."""
TAX_MARKS = (3, 5)
"""SEN-TAX-01: the VP marks that raise taxes."""
END_VP = 7
"""SEN-END-03."""
PLANTATIONS_IN_PLAY = {2: 3, 3: 3, 4: 4}
"""SEN-SETUP-05."""
MARKET_CARDS_IN_PLAY = {2: 7, 3: 8, 4: 9}
"""SEN-SETUP-08."""
NEUTRAL_HOUSES = {2: (1, 1), 3: (0, 1), 4: (0, 0)}
"""SEN-SETUP-10/11: neutral houses (on one plantation, on the field)."""
MARKET_CARDS = 10
PLANTATION_CARDS = 4
FIELD = "field"
"""The destination word of a Build on the field."""
