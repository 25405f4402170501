"""Describe a Sencha position by who holds what, for tests, puzzles and tutorials.

A :class:`Position` starts from a dealt game and moves pieces where it is told, always from
where they lie (cubes from the bag, houses from the player's reserve, workers from the supply
or the box), so that every piece stays in the game exactly once. :meth:`Position.build` checks
conservation (:mod:`core.sencha.conservation`) and refuses a position that breaks it::

    state = (
        Position(players=3, seed=1, plantations=["kyoto", "shizuoka", "osaka"])
        .money(0, 5)
        .houses(0, "kyoto", 1)
        .cubes("kyoto", sakura=3, black=1)
        .workers(0, ["peasant", "donkey"])
        .load(0, 2, black=1)
        .card("gion_stall")
        .build()
    )
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from core.sencha.components import ComponentSet, Tea
from core.sencha.conservation import conservation_problems
from core.sencha.game import SenchaGame, SenchaState
from core.sencha.options import SenchaOptions
from core.sencha.rules import KINDS, WORKERS, Kind
from core.sencha.state import Plantation, Worker

_TEA = {t.value: t.index for t in Tea}


class PositionError(ValueError):
    """The position described breaks conservation or names a piece that does not exist."""


class Position:
    """A Sencha position under construction (see the module docstring).

    Args:
        players: the number of seats.
        seed: the deal to start from.
        start_seat: the seat to move.
        options: the game's options.
        plantations: the plantations in play, by id (the deal's own when None).
        components: the component set (the built-in one when None).
    """

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        *,
        start_seat: int = 0,
        options: SenchaOptions | None = None,
        plantations: Sequence[str] | None = None,
        components: ComponentSet | None = None,
    ) -> None:
        self.game = SenchaGame(
            num_seats=players,
            start_seat=start_seat,
            options=options or SenchaOptions(),
            components=components,
        )
        """The game the position belongs to."""
        self.state: SenchaState = self.game.new_state(seed)
        """The position so far (change it only through the builder's methods)."""
        if plantations is not None:
            self._choose_plantations(list(plantations))

    # --- the table ------------------------------------------------------------------------

    def _choose_plantations(self, ids: list[str]) -> None:
        pub = self.state.pub
        known = self.state.ctx.plantation_ids
        if sorted(ids) != sorted(set(ids)) or any(i not in known for i in ids):
            raise PositionError(f"plantations must be distinct ids among {', '.join(known)}")
        if len(ids) != len(pub.plantations):
            raise PositionError(f"this game has {len(pub.plantations)} plantations in play")
        neutral = sum(pl.neutral for pl in pub.plantations)
        for pl in pub.plantations:
            for t in range(3):
                pub.bag[t] += pl.cubes[t]
        pub.plantations = [Plantation(id=i) for i in ids]
        pub.plantations[0].neutral = neutral
        for p in pub.players:
            p.houses = [0] * len(ids)

    def _plantation(self, pid: str) -> int:
        for i, pl in enumerate(self.state.pub.plantations):
            if pl.id == pid:
                return i
        raise PositionError(f"{pid!r} is not a plantation in play")

    def cubes(self, plantation: str, **teas: int) -> Self:
        """Set the cubes on a plantation (``sakura=3``), trading them with the bag."""
        pl = self.state.pub.plantations[self._plantation(plantation)]
        self._set(pl.cubes, teas, f"{plantation}'s cubes")
        return self

    def neutral(self, plantation: str | None, field: int | None = None) -> Self:
        """Move the neutral plantation house to ``plantation`` (None: leave it) and set the
        field's neutral houses to ``field`` (None: leave them); their total must not change."""
        pub = self.state.pub
        if plantation is not None:
            total = sum(pl.neutral for pl in pub.plantations)
            for pl in pub.plantations:
                pl.neutral = 0
            pub.plantations[self._plantation(plantation)].neutral = total
        if field is not None:
            pub.field_neutral = field
        return self

    def card(self, card_id: str, **columns: int) -> Self:
        """Put Tea Market card ``card_id`` in play with cubes on its columns (``black=1``,
        taken from the bag); the card in play takes its place in the deck, the box or the
        discards."""
        g = self.state
        pub = g.pub
        if card_id not in g.ctx.cards:
            raise PositionError(f"{card_id!r} is not a Tea Market card")
        if card_id != pub.card:
            zone = next(z for z in (g.deck, g.removed, pub.discards) if card_id in z)
            zone[zone.index(card_id)] = pub.card
            g.removed.sort()
            pub.card = card_id
        self._set(pub.columns, columns, "the card's columns")
        return self

    def deck(self, cards: Sequence[str]) -> Self:
        """Make ``cards`` the top of the Tea Market deck, the first one turned next."""
        g = self.state
        for c in cards:
            if c not in g.deck and c not in g.removed:
                raise PositionError(f"{c!r} is not face down")
        rest = [c for c in g.deck + g.removed if c not in cards]
        size = len(g.deck)
        if len(cards) > size:
            raise PositionError(f"the deck holds {size} cards, not {len(cards)}")
        g.deck = [*rest[: size - len(cards)], *reversed(cards)]
        g.removed = sorted(rest[size - len(cards) :])
        return self

    def cards_left(self, count: int) -> Self:
        """Leave ``count`` cards in the deck, the others turned and discarded already."""
        g = self.state
        pub = g.pub
        if not 0 <= count <= len(g.deck):
            raise PositionError(f"the deck holds {len(g.deck)} cards, not {count}")
        while len(g.deck) > count:
            pub.discards.append(g.deck.pop(0))
            pub.cards_turned += 1
        return self

    # --- a player ---------------------------------------------------------------------------

    def money(self, seat: int, yen: int) -> Self:
        """Set a player's money."""
        self.state.pub.players[seat].money = yen
        return self

    def vp(self, seat: int, points: int, *, taxed: int | None = None) -> Self:
        """Set a player's points on the track; the tax marks below them count as paid unless
        ``taxed`` (bits: 1 the 3 VP mark, 2 the 5 VP mark) says otherwise."""
        p = self.state.pub.players[seat]
        p.vp = points
        p.taxed = (1 if points >= 3 else 0) | (2 if points >= 5 else 0) if taxed is None else taxed
        return self

    def houses(self, seat: int, plantation: str, count: int) -> Self:
        """Set a player's houses on a plantation, taken from (or put back in) their reserve."""
        p = self.state.pub.players[seat]
        pi = self._plantation(plantation)
        p.reserve -= count - p.houses[pi]
        p.houses[pi] = count
        return self

    def field(self, seat: int, count: int) -> Self:
        """Set a player's houses on the field, taken from (or put back in) their reserve."""
        p = self.state.pub.players[seat]
        p.reserve -= count - p.field
        p.field = count
        return self

    def unbuilt(self, seat: int, count: int) -> Self:
        """Set a player's bought, unbuilt houses, taken from (or put back in) their reserve."""
        p = self.state.pub.players[seat]
        p.reserve -= count - p.area
        p.area = count
        return self

    def workers(self, seat: int, kinds: Sequence[str]) -> Self:
        """Give a player these workers besides the initial one, empty, taken from the supply
        (or from the box when its pile is empty); the ones they had go back."""
        pub = self.state.pub
        p = pub.players[seat]
        for w in p.workers[1:]:
            self._give_back(w)
        p.workers = p.workers[:1]
        for kind in kinds:
            if kind not in WORKERS:
                raise PositionError(f"no worker kind {kind!r}")
            k = KINDS.index(Kind(kind))
            if pub.supply[k]:
                pub.supply[k] -= 1
            p.workers.append(Worker(kind=kind))
        return self

    def _give_back(self, w: Worker) -> None:
        pub = self.state.pub
        for t in range(3):
            pub.bag[t] += w.load[t]
        pub.supply[KINDS.index(Kind(w.kind))] += 1

    def load(self, seat: int, worker: int, **teas: int) -> Self:
        """Set what worker ``worker`` (from 1) of a player carries, trading with the bag."""
        workers = self.state.pub.players[seat].workers
        if not 1 <= worker <= len(workers):
            raise PositionError(f"seat {seat + 1} has workers 1 to {len(workers)}")
        self._set(workers[worker - 1].load, teas, f"worker {worker}'s load")
        return self

    def temple(self, seat: int, **teas: int) -> Self:
        """Set the cubes in a player's temple, trading with the bag."""
        self._set(self.state.pub.players[seat].temple, teas, f"seat {seat + 1}'s temple")
        return self

    def to_move(self, seat: int) -> Self:
        """Make it ``seat``'s turn."""
        self.state.pub.seat = seat
        return self

    # --- the end ----------------------------------------------------------------------------

    def _set(self, counts: list[int], teas: dict[str, int], what: str) -> None:
        bag = self.state.pub.bag
        for name, n in teas.items():
            if name not in _TEA or n < 0:
                raise PositionError(f"{what}: no such tea or count: {name}={n}")
            t = _TEA[name]
            bag[t] += counts[t] - n
            counts[t] = n
            if bag[t] < 0:
                raise PositionError(f"{what}: the bag has not enough {name} for {n}")

    def build(self) -> SenchaState:
        """Return the position after checking it.

        Raises:
            PositionError: listing every way it breaks conservation or a limit.
        """
        problems = conservation_problems(self.state)
        if problems:
            raise PositionError("the position is not sound: " + "; ".join(problems))
        return self.state.clone()
