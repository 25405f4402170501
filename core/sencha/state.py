"""The data of a Sencha game: what lies on the table (:class:`Public`, which every seat sees)
and what nobody sees (the bag's draws, the Tea Market deck's order, the cards left out, the
face-down worker of a 2-player game), kept apart so that an observation is the public part."""

from __future__ import annotations

import msgspec

from core.engine import State
from core.rng import Rng
from core.sencha.context import Context, lookup
from core.sencha.rules import HOUSES_PER_COLOUR, START_MONEY


class Worker(msgspec.Struct, kw_only=True):
    """A worker card of a player, with the cubes it carries."""

    kind: str
    """The kind it plays as (``peasant``, ``donkey``, ``collector``, ``cart``)."""
    initial: bool = False
    """The initial worker (SEN-SETUP-01), which can never be replaced or traded in."""
    load: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    """Cubes carried, by tea (Sencha, Sakura, Black)."""
    sent: int = -1
    """The plantation (index in play) it collects at in this Collect action; -1 if not sent."""


class Player(msgspec.Struct, kw_only=True):
    """One player's money, points, houses, workers and temple."""

    money: int = START_MONEY
    vp: int = 0
    """Points on the temple's track (SEN-SETUP-03)."""
    reserve: int = HOUSES_PER_COLOUR - 1
    """Houses still on the house reserve (SEN-SETUP-09)."""
    area: int = 1
    """Houses bought and not yet built (SEN-SETUP-01)."""
    field: int = 0
    """Houses built on the field."""
    houses: list[int]
    """Houses built on each plantation in play."""
    workers: list[Worker]
    temple: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    """Cubes offered to the temple, by tea."""
    taxed: int = 0
    """The tax marks already paid for, as bits (1: the 3 VP mark, 2: the 5 VP mark)."""


class Plantation(msgspec.Struct, kw_only=True):
    """A plantation in play: its cubes and its neutral houses."""

    id: str
    cubes: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    neutral: int = 0


class Turn(msgspec.Struct, kw_only=True):
    """The action in progress and its steps so far."""

    phase: str = "action"
    """``action`` (choose one), ``trade``/``replace`` (Recruit), ``collect``, ``place`` (the
    free cube), ``sell`` or ``offer`` (the offering window)."""
    recruit: str = ""
    """The kind being recruited while a worker to trade in or replace is chosen."""
    acted: bool = False
    """Collect: something produced or taken; Sell: a cube sold, delivered or offered."""
    took: bool = False
    """Collect: a cube has been taken, so no more Produce."""
    types: list[int] = msgspec.field(default_factory=list)
    """Collect: the teas taken at each plantation this action, as bits by tea index."""
    free: int = -1
    """The tea of the free cube drawn and not yet placed (-1 for none)."""
    sold: int = 0
    """Sell: cubes sold for yen in this action."""
    emperor: int = -1
    """Sell: the Emperor offer being delivered (its index on the card), -1 for none."""
    paid: int = 0
    """Sell: cubes delivered towards that offer so far."""


class Public(msgspec.Struct, kw_only=True):
    """Everything on the table: every seat sees all of it."""

    seat: int
    """Whose turn it is."""
    start_seat: int
    players: list[Player]
    plantations: list[Plantation]
    field_neutral: int = 0
    bag: list[int]
    """Cubes in the bag by tea (its contents are known; its draws are not)."""
    supply: list[int]
    """Face-up workers in the supply by kind (peasant, donkey, collector, cart)."""
    hidden_worker: bool = False
    """A face-down worker waits to join the supply (2 players, SEN-SETUP-07)."""
    card: str
    """The Tea Market card in play."""
    columns: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    """Cubes on the card's column of each tea."""
    cards_turned: int = 1
    """Tea Market cards turned face up so far, the one in play included."""
    deck_size: int
    """Tea Market cards in this game (SEN-SETUP-08)."""
    discards: list[str] = msgspec.field(default_factory=list)
    """Cards whose demand was met, in order."""
    met: bool = False
    """The last card's demand is met: it stays in play (SEN-END-01)."""
    turn: Turn = msgspec.field(default_factory=Turn)
    ending_seat: int = -1
    """The seat whose turn triggered the end (-1 before); the game ends when its turn would
    come again (SEN-END-04)."""
    returned: int = -1
    """The tea of a free cube drawn last turn that no worker could carry and went back to the
    bag (-1 for none); kept for the log."""
    passes: int = 0
    """Turns in a row in which the player could only pass; a whole round of them ends the
    game (SEN-TT-04)."""
    triggers: list[str] = msgspec.field(default_factory=list)
    """The end triggers that fired, in order: ``market`` (SEN-END-01), ``vp`` (SEN-END-03)."""
    over: bool = False


class SenchaData(State, kw_only=True):
    """All the data of a Sencha game; :class:`~core.sencha.game.SenchaState` adds the
    protocol's methods."""

    ctx_key: str
    rng: Rng
    """Draws from the bag and every other chance event."""
    pub: Public
    deck: list[str]
    """The face-down Tea Market deck; the last element is turned next."""
    removed: list[str] = msgspec.field(default_factory=list)
    """Tea Market cards left out of this game, unseen (SEN-SETUP-08)."""
    hidden_kind: str = ""
    """The kind of the face-down worker while :attr:`Public.hidden_worker` (2 players)."""

    @property
    def ctx(self) -> Context:
        """The components and options this game is played with."""
        return lookup(self.ctx_key)


def copy_public(p: Public) -> Public:
    """Return an independent copy of the table."""
    return msgspec.structs.replace(
        p,
        players=[copy_player(x) for x in p.players],
        plantations=[msgspec.structs.replace(x, cubes=x.cubes[:]) for x in p.plantations],
        bag=p.bag[:],
        supply=p.supply[:],
        columns=p.columns[:],
        discards=p.discards[:],
        turn=msgspec.structs.replace(p.turn, types=p.turn.types[:]),
        triggers=p.triggers[:],
    )


def copy_player(x: Player) -> Player:
    """Return an independent copy of a player."""
    return msgspec.structs.replace(
        x,
        houses=x.houses[:],
        workers=[msgspec.structs.replace(w, load=w.load[:]) for w in x.workers],
        temple=x.temple[:],
    )
