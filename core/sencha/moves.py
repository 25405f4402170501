"""Sencha's moves: one small frozen Struct per kind, with the text notation of
:mod:`core.moves` (docs/notation.md). Workers are numbered from 1 in the order the player holds
them; plantations are named by their component id, the field by ``field``."""

from __future__ import annotations

from core.moves import Move, move_kinds
from core.sencha.components import Tea
from core.sencha.rules import Kind


class Buy(Move, frozen=True, tag="buy"):
    """Buy 1 house from the reserve (SEN-ACT-01/02)."""


class Build(Move, frozen=True, tag="build"):
    """Build a house from your area on plantation ``dest`` or on the ``field`` (SEN-ACT-03)."""

    dest: str


class Recruit(Move, frozen=True, tag="recruit"):
    """Recruit a worker of kind ``kind`` from the supply (SEN-ACT-12)."""

    kind: Kind


class Trade(Move, frozen=True, tag="trade"):
    """Trade in worker ``worker`` (a Donkey or a non-initial Collector) for the Cart; with a
    mixed load, ``keep`` names the tea the Cart keeps (SEN-ACT-18, SEN-AMB-03)."""

    worker: int
    keep: Tea | None = None


class Replace(Move, frozen=True, tag="replace"):
    """Let non-initial worker ``worker`` go for the new one (SEN-AMB-02)."""

    worker: int


class Collect(Move, frozen=True, tag="collect"):
    """Begin the Collect action: Produce first if you like, then take cubes (SEN-ACT-19)."""


class Produce(Move, frozen=True, tag="produce"):
    """Pay 1 yen to draw 2 cubes onto plantation ``plantation`` (SEN-ACT-20)."""

    plantation: str


class Take(Move, frozen=True, tag="take"):
    """Worker ``worker`` takes one ``tea`` cube at ``plantation`` (SEN-ACT-21/22)."""

    worker: int
    plantation: str
    tea: Tea


class Free(Move, frozen=True, tag="free"):
    """Collect by taking a free cube from the bag: nothing to collect, no money (SEN-ACT-26)."""


class Place(Move, frozen=True, tag="place"):
    """Put the free cube on worker ``worker``."""

    worker: int


class Sell(Move, frozen=True, tag="sell"):
    """Begin the Sell action (SEN-ACT-27)."""


class Sale(Move, frozen=True, tag="sale"):
    """Sell one ``tea`` cube of worker ``worker`` into its column for yen (SEN-ACT-28)."""

    worker: int
    tea: Tea


class Emperor(Move, frozen=True, tag="emperor"):
    """Deliver one cube of worker ``worker`` towards the Emperor's offer ``offer`` (from 1)
    of the card in play (SEN-ACT-30)."""

    offer: int
    worker: int


class Offer(Move, frozen=True, tag="offer"):
    """Offer one ``tea`` cube of worker ``worker`` to your temple (SEN-ACT-32, SEN-END-02)."""

    worker: int
    tea: Tea


class Done(Move, frozen=True, tag="done"):
    """Finish the steps in progress: the Collect, the Sell or the offering window."""


class Pass(Move, frozen=True, tag="pass"):
    """Do nothing; offered only when no action is possible (SEN-AMB-22)."""


MOVES: tuple[type[Move], ...] = (
    Buy,
    Build,
    Recruit,
    Trade,
    Replace,
    Collect,
    Produce,
    Take,
    Free,
    Place,
    Sell,
    Sale,
    Emperor,
    Offer,
    Done,
    Pass,
)
KINDS = move_kinds(MOVES)
"""The keyword -> class table of Sencha's moves."""
