"""Sencha on the engine protocol (:mod:`core.engine`): :class:`SenchaState` answers whose
decision it is, lists and applies moves, scores; :class:`SenchaGame` deals a new game for 2-4
players (SEN-SETUP-01..14)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import msgspec

from core.engine import Game, Observation, Outcome, Progress, State
from core.moves import Move
from core.rng import Rng
from core.sencha.components import ComponentSet
from core.sencha.context import register
from core.sencha.hidden import SenchaObservation, determinize, observe
from core.sencha.legal import legal_moves
from core.sencha.moves import KINDS as MOVE_KINDS
from core.sencha.options import SenchaOptions
from core.sencha.play import apply_move, draw
from core.sencha.rules import (
    CUBES,
    KINDS,
    MARKET_CARDS_IN_PLAY,
    NEUTRAL_HOUSES,
    PLANTATIONS_IN_PLAY,
    SEED_CUBES,
    SUPPLY_COPIES,
)
from core.sencha.scoring import breakdown, outcome
from core.sencha.state import Plantation, Player, Public, SenchaData, Worker, copy_public


class SenchaState(SenchaData, kw_only=True):
    """A Sencha game in progress."""

    def current_seat(self) -> int | None:
        """Return the seat to move, or None once the game is over."""
        return None if self.pub.over else self.pub.seat

    def legal_moves(self) -> tuple[Move, ...]:
        """Return every legal move now, in a fixed order."""
        return legal_moves(self)

    def apply_unchecked(self, move: Move) -> None:
        """Apply a move taken from :meth:`legal_moves`."""
        apply_move(self, move)

    def is_over(self) -> bool:
        """Return True once every last turn has been played."""
        return self.pub.over

    def outcome(self) -> Outcome | None:
        """Return the final scores and winners; None while the game goes on."""
        return outcome(self) if self.pub.over else None

    def progress(self) -> Progress:
        """Return the Tea Market card in play, of the cards in this game."""
        pub = self.pub
        n = pub.deck_size
        if pub.over:
            return Progress(f"Finished on card {pub.cards_turned} of {n}", n, n)
        text = f"Card {pub.cards_turned} of {n}"
        if pub.ending_seat >= 0:
            text += ", last turns"
        return Progress(text, pub.cards_turned, n)

    def score_now(self) -> tuple[dict[str, int], ...]:
        """Return each seat's points by category as if the game ended now."""
        return breakdown(self)

    def observation(self, seat: int) -> SenchaObservation:
        """Return what ``seat`` may know: everything but the hidden orders and cards."""
        return observe(self, seat)

    def clone(self) -> SenchaState:
        """Return an independent copy (faster than the generic round trip)."""
        return msgspec.structs.replace(
            self,
            rng=self.rng.copy(),
            pub=copy_public(self.pub),
            deck=self.deck[:],
            removed=self.removed[:],
        )


class SenchaGame(Game, frozen=True, kw_only=True):
    """The setup of a Sencha game: seats, options and components."""

    game_id: ClassVar[str] = "sencha"

    options: SenchaOptions = SenchaOptions()
    components: ComponentSet | None = None
    """The component set; None for the built-in one."""
    start_seat: int | None = None
    """The seat that starts; None draws it from the seed (SEN-SETUP-14)."""

    def __post_init__(self) -> None:
        if self.num_seats not in PLANTATIONS_IN_PLAY:
            raise ValueError(f"Sencha is played by 2 to 4 players, not {self.num_seats}")
        if self.start_seat is not None and not 0 <= self.start_seat < self.num_seats:
            raise ValueError(f"start seat {self.start_seat} is not one of the seats")

    @property
    def ctx_key(self) -> str:
        """The key of this setup's shared context."""
        return register(self._components(), self.options).key

    def _components(self) -> ComponentSet:
        if self.components is not None:
            return self.components
        from core.sencha.loader import load_builtin

        return load_builtin()

    def new_state(self, seed: int) -> SenchaState:
        """Deal a new game; all its randomness comes from ``seed``."""
        n = self.num_seats
        ctx = register(self._components(), self.options)
        rng = Rng.from_seed(seed)
        start = rng.below(n) if self.start_seat is None else self.start_seat
        ids = list(ctx.plantation_ids)
        rng.shuffle(ids)  # SEN-AMB-17: the plantations in play, at random
        chosen = [p for p in ctx.plantation_ids if p in ids[: PLANTATIONS_IN_PLAY[n]]]
        cards = list(ctx.card_ids)
        rng.shuffle(cards)
        used = MARKET_CARDS_IN_PLAY[n]  # SEN-SETUP-08
        deck, removed = cards[:used], sorted(cards[used:])
        supply = [n - 1] * len(KINDS)  # SEN-SETUP-06
        hidden = ""
        if n == 2:  # SEN-SETUP-07: one of the leftover supply cards, face down
            leftovers = [k.value for k in KINDS for _ in range(SUPPLY_COPIES - (n - 1))]
            hidden = rng.choice(leftovers)
        initial = self.options.initial_worker
        players = [
            Player(houses=[0] * len(chosen), workers=[Worker(kind=initial, initial=True)])
            for _ in range(n)
        ]
        on_plantation, on_field = NEUTRAL_HOUSES[n]
        plantations = [Plantation(id=p) for p in chosen]
        if on_plantation:  # SEN-SETUP-10, SEN-AMB-16: on a plantation drawn at random
            plantations[rng.below(len(plantations))].neutral = on_plantation
        card = deck.pop()
        state = SenchaState(
            ctx_key=ctx.key,
            rng=rng,
            pub=Public(
                seat=start,
                start_seat=start,
                players=players,
                plantations=plantations,
                field_neutral=on_field,
                bag=list(CUBES),
                supply=supply,
                hidden_worker=bool(hidden),
                card=card,
                deck_size=used,
            ),
            deck=deck,
            removed=removed,
            hidden_kind=hidden,
        )
        for pl in state.pub.plantations:  # SEN-SETUP-12
            for t in draw(state, SEED_CUBES):
                pl.cubes[t] += 1
        return state

    def move_kinds(self) -> Mapping[str, type[Move]]:
        """Return the keyword -> class table of Sencha's moves."""
        return MOVE_KINDS

    def determinize(self, observation: Observation, rng: Rng) -> State:
        """Deal the unseen Tea Market cards, the face-down worker and the bag's draws anew."""
        return determinize(observation, rng, SenchaState)
