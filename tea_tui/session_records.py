"""What a game session records besides its state: the log's entries, the hints asked for, and
how each seat is shown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from core.games import find_game
from core.moves import Move
from core.seats import SeatSpec


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log."""

    text: str
    round: int
    seat: int
    """The seat the line is about (the acting seat, or the seat whose turn a header opens)."""
    header: bool = False
    """True for a round or turn heading rather than a move."""
    hint: bool = False
    """True for the note that a player asked for a hint."""


@dataclass(frozen=True)
class Hint:
    """A hint a player asked for: the search's best moves and their estimated win chances."""

    at: int
    """How many moves had been made when it was asked."""
    seat: int
    """The seat that asked."""
    moves: tuple[Move, ...]
    """The suggested moves, best first."""
    chances: tuple[float, ...]
    """Each move's estimated win chance, in [0, 1]."""


def automa_name(game_id: str) -> str:
    """How a game's automa is shown when its seat has no name of its own ("" for none)."""
    automa = find_game(game_id).automa
    return automa.name if automa is not None else ""


def seat_names(seats: Sequence[SeatSpec], game_id: str) -> list[str]:
    """Return how each seat is shown: its given name, else "Seat N" (the automa by its name)."""
    automa = find_game(game_id).automa
    return [
        spec.name
        or (automa.name if automa is not None and spec.kind == automa.kind else f"Seat {i + 1}")
        for i, spec in enumerate(seats)
    ]
