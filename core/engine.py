"""The engine protocol every game of tea-tui implements.

The vocabulary follows OpenSpiel: a :class:`Game` is an immutable setup that makes states; a
:class:`State` answers whose decision it is, lists the legal moves, applies one, and at the end
gives an :class:`Outcome`. Hidden information has one choke point, :meth:`State.observation`,
and AI players rebuild full states from an observation with :meth:`Game.determinize`, so they
can never use what their seat does not know. See docs/engine.md for an example.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

import msgspec

from core.errors import IllegalMoveError, NotYourTurnError
from core.moves import Move, parse_move
from core.rng import Rng


class Outcome(msgspec.Struct, frozen=True):
    """The result of a finished game."""

    scores: tuple[int, ...]
    """Final score of each seat, by seat index."""
    breakdown: tuple[dict[str, int], ...]
    """For each seat, the points by scoring category (the categories sum to the score)."""
    winners: tuple[int, ...]
    """The seats that won; more than one when the victory is shared."""
    tie_break: str = ""
    """How a tie on points was settled, in words; empty when the top score was unique."""

    def rewards(self) -> tuple[float, ...]:
        """Return 1 for a sole winner, 1/k for each of k sharing winners, 0 for the others."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if s in self.winners else 0.0 for s in range(len(self.scores)))


class Progress(msgspec.Struct, frozen=True):
    """How far a game has come, for a status line and a list of saves."""

    text: str
    """A short phrase such as ``Round 3 of 5`` or ``Card 4 of 7``."""
    step: int
    """The round, season or card being played now (1-based; ``steps`` once over)."""
    steps: int
    """How many there are in a whole game."""


class Observation(msgspec.Struct, kw_only=True):
    """What one seat may know of a state. Games subclass it with their visible fields."""

    seat: int
    """The seat this observation belongs to."""


class State(msgspec.Struct, kw_only=True):
    """A game in progress: mutable, cheap to clone, fully serializable.

    Subclasses implement the abstract methods; :meth:`apply` is shared and is the checked entry
    point, :meth:`apply_unchecked` the fast one for search.
    """

    _decoders: ClassVar[dict[type, msgspec.msgpack.Decoder[Any]]] = {}

    reveals: int = 0
    """How many times hidden or random information has come out (a card drawn, a deck
    shuffled, a tile turned, a new round dealt). Games bump it; undo and hints compare it
    instead of reading a game's boards. Bookkeeping, not game content: the snapshot hash of a
    save leaves it out."""

    def current_seat(self) -> int | None:
        """Return the seat whose decision it is, or None once the game is over."""
        raise NotImplementedError

    def legal_moves(self) -> tuple[Move, ...]:
        """Return every legal move now, in a deterministic order; empty once the game is over."""
        raise NotImplementedError

    def apply_unchecked(self, move: Move) -> None:
        """Apply a move known to be legal, changing this state in place.

        Search uses this on moves taken from :meth:`legal_moves`. Applying an illegal move this
        way leaves the state undefined.
        """
        raise NotImplementedError

    def is_over(self) -> bool:
        """Return True once the game has ended."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """Return final scores, breakdown and winners; None while the game goes on."""
        raise NotImplementedError

    def progress(self) -> Progress:
        """Return how far the game has come (round, season, card...)."""
        raise NotImplementedError

    def score_now(self) -> tuple[dict[str, int], ...]:
        """Return each seat's points by category as if the game ended now (the final ones once
        it is over)."""
        raise NotImplementedError

    def observation(self, seat: int) -> Observation:
        """Return what ``seat`` may know: its own hidden items, nobody else's, no deck orders."""
        raise NotImplementedError

    def apply(self, move: Move, seat: int | None = None) -> None:
        """Check a move against the rules and apply it.

        Args:
            move: the move to make.
            seat: the seat making it, when the caller knows (the UI does); None skips that check.

        Raises:
            NotYourTurnError: if ``seat`` is given and it is not that seat's decision.
            IllegalMoveError: if the game is over or the move is not among :meth:`legal_moves`.
                The state is left unchanged.
        """
        current = self.current_seat()
        if current is None:
            raise IllegalMoveError(f"'{move}': the game is over")
        if seat is not None and seat != current:
            raise NotYourTurnError(f"'{move}': it is seat {current}'s decision, not seat {seat}'s")
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMoveError(self.explain_illegal(move, legal))
        self.apply_unchecked(move)

    def explain_illegal(self, move: Move, legal: tuple[Move, ...]) -> str:
        """Return the message for an illegal move; games override this to say why."""
        same_kind = [m for m in legal if type(m) is type(move)]
        if same_kind:
            shown = ", ".join(str(m) for m in same_kind[:6])
            more = " …" if len(same_kind) > 6 else ""
            return f"'{move}' is not legal now; legal moves of that kind: {shown}{more}"
        kinds = sorted({m.keyword() for m in legal})
        return f"'{move}' is not legal now; the decision now is one of: {', '.join(kinds)}"

    def clone(self) -> Self:
        """Return an independent deep copy (including the random generator's state).

        The default round-trips through MessagePack, which is fast and exact for Struct trees;
        games may override it with a hand-written copy on their hot path.
        """
        cls = type(self)
        dec = State._decoders.get(cls)
        if dec is None:
            dec = State._decoders[cls] = msgspec.msgpack.Decoder(cls)
        copy: Self = dec.decode(msgspec.msgpack.encode(self))
        return copy


def final_outcome(state: State) -> Outcome:
    """Return the outcome of a state that is known to be over.

    Raises:
        IllegalMoveError: if the game is not over yet.
    """
    outcome = state.outcome()
    if outcome is None:
        raise IllegalMoveError("the game is not over yet")
    return outcome


class Game(msgspec.Struct, frozen=True, kw_only=True):
    """An immutable game setup that creates states: seats, options, components."""

    game_id: ClassVar[str] = ""
    """The game's id in the registry (:mod:`core.games`); each game's class sets it."""

    num_seats: int
    """How many seats (players, AIs and automata) take part."""

    def new_state(self, seed: int) -> State:
        """Return the initial state; all setup randomness comes from ``seed``."""
        raise NotImplementedError

    def move_kinds(self) -> Mapping[str, type[Move]]:
        """Return the keyword -> move class table of this game."""
        raise NotImplementedError

    def parse_move(self, text: str) -> Move:
        """Parse a move in this game's text notation.

        Raises:
            InvalidMoveError: if the text is not a move of this game.
        """
        return parse_move(text, self.move_kinds())

    def determinize(self, observation: Observation, rng: Rng) -> State:
        """Return a full state consistent with ``observation``.

        Every item the observing seat cannot see (other hands, deck orders, face-down piles) is
        re-dealt at random with ``rng``; everything it can see is kept exactly.
        """
        raise NotImplementedError
