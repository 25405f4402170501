"""Tasting Duel: a tiny two-seat card game with hidden hands.

It exists to exercise the engine protocol end to end (hidden information, observation,
determinization, outcome) in tests, and to give AI players a game small enough to check their
play against. Rules: nine cards valued 1-9 are shuffled; each seat gets three and the other three
form a face-down pile of teas. Each of three rounds turns one tea face up; the leader plays a card,
then the other seat; the higher card wins the tea's value in points (the leader wins ties) and
leads the next round. Most points wins; equal points share the win.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import msgspec

from core.engine import Game, Observation, Outcome, Progress, State
from core.moves import Move, move_kinds
from core.rng import Rng

CARDS = tuple(range(1, 10))
HAND_SIZE = 3
ROUNDS = 3


class Play(Move, frozen=True, tag="play"):
    """Play the card of the given value from hand."""

    card: int


_KINDS = move_kinds([Play])


class TastingObservation(Observation, kw_only=True):
    """What one seat of a Tasting Duel may know."""

    hand: tuple[int, ...]
    opponent_hand_size: int
    teas_left: int
    tea: int
    leader: int
    to_move: int | None
    table: tuple[int, ...]
    points: tuple[int, int]
    seen: tuple[int, ...]
    """Every card that has been face up: played cards and turned teas, in order."""


class TastingState(State, kw_only=True):
    """A Tasting Duel in progress."""

    rng: Rng
    hands: list[list[int]]
    teas: list[int]
    """The face-down tea pile; the last element is turned next."""
    tea: int = 0
    leader: int = 0
    table: list[int] = msgspec.field(default_factory=list)
    points: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    seen: list[int] = msgspec.field(default_factory=list)

    def current_seat(self) -> int | None:
        """Return the seat to play, or None when all rounds are done."""
        if self.is_over():
            return None
        return (self.leader + len(self.table)) % 2

    def legal_moves(self) -> tuple[Move, ...]:
        """Return one Play per card in the current seat's hand, lowest first."""
        seat = self.current_seat()
        if seat is None:
            return ()
        return tuple(Play(c) for c in sorted(self.hands[seat]))

    def apply_unchecked(self, move: Move) -> None:
        """Play a card; settle the round when both seats have played."""
        assert isinstance(move, Play)
        seat = (self.leader + len(self.table)) % 2
        self.hands[seat].remove(move.card)
        self.table.append(move.card)
        self.seen.append(move.card)
        if len(self.table) == 2:
            lead, follow = self.table
            winner = self.leader if lead >= follow else 1 - self.leader
            self.points[winner] += self.tea
            self.leader = winner
            self.table = []
            self.tea = 0
            if self.teas:
                self._turn_tea()

    def _turn_tea(self) -> None:
        self.tea = self.teas.pop()
        self.seen.append(self.tea)
        self.reveals += 1

    def is_over(self) -> bool:
        """Return True once every card in hand has been played."""
        return not self.hands[0] and not self.hands[1] and not self.table

    def outcome(self) -> Outcome | None:
        """Return the points and the winner(s); None while the duel goes on."""
        if not self.is_over():
            return None
        best = max(self.points)
        winners = tuple(s for s in (0, 1) if self.points[s] == best)
        return Outcome(
            scores=tuple(self.points),
            breakdown=tuple({"teas": p} for p in self.points),
            winners=winners,
            tie_break="shared: equal points" if len(winners) > 1 else "",
        )

    def progress(self) -> Progress:
        """Return the tea being tasted, of three."""
        if self.is_over():
            return Progress(f"Finished after tea {ROUNDS}", ROUNDS, ROUNDS)
        step = ROUNDS - len(self.teas)
        return Progress(f"Tea {step} of {ROUNDS}", step, ROUNDS)

    def score_now(self) -> tuple[dict[str, int], ...]:
        """Return the points won so far."""
        return tuple({"teas": p} for p in self.points)

    def observation(self, seat: int) -> TastingObservation:
        """Return the seat's own hand and everything face up."""
        return TastingObservation(
            seat=seat,
            hand=tuple(sorted(self.hands[seat])),
            opponent_hand_size=len(self.hands[1 - seat]),
            teas_left=len(self.teas),
            tea=self.tea,
            leader=self.leader,
            to_move=self.current_seat(),
            table=tuple(self.table),
            points=(self.points[0], self.points[1]),
            seen=tuple(self.seen),
        )


class TastingGame(Game, frozen=True, kw_only=True):
    """The setup of a Tasting Duel (always two seats)."""

    game_id: ClassVar[str] = "tasting"

    num_seats: int = 2

    def new_state(self, seed: int) -> TastingState:
        """Shuffle, deal three cards each and turn the first tea."""
        rng = Rng.from_seed(seed)
        cards = list(CARDS)
        rng.shuffle(cards)
        state = TastingState(
            rng=rng,
            hands=[sorted(cards[:HAND_SIZE]), sorted(cards[HAND_SIZE : 2 * HAND_SIZE])],
            teas=cards[2 * HAND_SIZE :],
        )
        state._turn_tea()
        return state

    def move_kinds(self) -> Mapping[str, type[Move]]:
        """Return the table of this game's move kinds."""
        return _KINDS

    def determinize(self, observation: Observation, rng: Rng) -> TastingState:
        """Deal the cards the observer has not seen into the other hand and the tea pile."""
        assert isinstance(observation, TastingObservation)
        obs = observation
        unknown = sorted(set(CARDS) - set(obs.hand) - set(obs.seen))
        rng.shuffle(unknown)
        other = sorted(unknown[: obs.opponent_hand_size])
        hands = [list(obs.hand), other] if obs.seat == 0 else [other, list(obs.hand)]
        return TastingState(
            rng=rng.spawn(),
            hands=hands,
            teas=unknown[obs.opponent_hand_size :],
            tea=obs.tea,
            leader=obs.leader,
            table=list(obs.table),
            points=list(obs.points),
            seen=list(obs.seen),
        )
