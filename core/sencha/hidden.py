"""What a seat may know of a Sencha game, and full states dealt from that.

Sencha has no private hands: everything on the table is public (rules inventory A5). Hidden from
everyone are the bag's draws (its contents are public), the order of the Tea Market deck and
which cards were left out (only the set of cards not yet seen is known), and the face-down worker
of a 2-player game. An observation is the table plus those counts; a determinization deals the
unseen cards into deck and box, picks the face-down worker and gives the bag a fresh generator.
"""

from __future__ import annotations

from typing import TypeVar

import msgspec

from core.engine import Observation
from core.rng import Rng
from core.sencha.rules import KINDS, SUPPLY_COPIES
from core.sencha.state import Public, SenchaData, copy_public

StateT = TypeVar("StateT", bound=SenchaData)


class SenchaObservation(Observation, kw_only=True):
    """What one seat may know: the whole table, how many cards are left, which are unseen."""

    ctx_key: str
    pub: Public
    deck_left: int
    """Cards still face down in the Tea Market deck."""
    unseen: tuple[str, ...]
    """The Tea Market cards nobody has seen (in the deck or left out), sorted by id."""


def observe(g: SenchaData, seat: int) -> SenchaObservation:
    """Return what ``seat`` may know of ``g`` (the same for every seat but its number)."""
    return SenchaObservation(
        seat=seat,
        ctx_key=g.ctx_key,
        pub=copy_public(g.pub),
        deck_left=len(g.deck),
        unseen=tuple(sorted([*g.deck, *g.removed])),
    )


def determinize(observation: Observation, rng: Rng, state_type: type[StateT]) -> StateT:
    """Return a full state consistent with ``observation``, the unknowns dealt with ``rng``.

    Raises:
        TypeError: if ``observation`` is not a Sencha observation.
        ValueError: if it shows more cards left than it has unseen.
    """
    if not isinstance(observation, SenchaObservation):
        raise TypeError(f"not a Sencha observation: {type(observation).__name__}")
    obs = observation
    if obs.deck_left > len(obs.unseen):
        raise ValueError(f"{obs.deck_left} cards left but only {len(obs.unseen)} unseen")
    unseen = list(obs.unseen)
    rng.shuffle(unseen)
    pub = copy_public(obs.pub)
    hidden = ""
    if pub.hidden_worker:
        # The face-down card is one of the supply cards not dealt at setup, alike per kind.
        players = len(pub.players)
        weights = [SUPPLY_COPIES - (players - 1)] * len(KINDS)
        r = rng.below(sum(weights))
        k = 0
        while r >= weights[k]:
            r -= weights[k]
            k += 1
        hidden = KINDS[k].value
    return state_type(
        ctx_key=obs.ctx_key,
        rng=rng.spawn(),
        pub=pub,
        deck=unseen[: obs.deck_left],
        removed=sorted(unseen[obs.deck_left :]),
        hidden_kind=hidden,
    )


def public_equal(a: SenchaData, b: SenchaData) -> bool:
    """True if two states look the same to every seat."""
    return msgspec.json.encode(observe(a, 0)) == msgspec.json.encode(observe(b, 0))
