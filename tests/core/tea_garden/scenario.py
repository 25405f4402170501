"""Building blocks for Tea Garden scenario tests: set up a position, then play moves by text.

Example::

    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={3: 2}, fermented={5: 1})
    give_hand(s, 0, ["s01", "a2_06"])
    play(game, s, "select a2_06", "select s01", "play s01")
"""

from __future__ import annotations

from collections.abc import Iterable

from core.moves import Move
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import QUALITIES


def new_game(
    players: int = 2, seed: int = 0, start_seat: int = 0
) -> tuple[TeaGardenGame, TeaGardenState]:
    """Return a fresh game and its initial state, seat ``start_seat`` to play."""
    game = TeaGardenGame(num_seats=players, start_seat=start_seat)
    return game, game.new_state(seed)


def set_leaves(
    s: TeaGardenState,
    seat: int,
    fresh: dict[int, int] | None = None,
    fermented: dict[int, int] | None = None,
) -> None:
    """Replace a seat's leaves: ``{quality: count}`` for fresh and fermented."""
    p = s.players[seat]
    p.fresh = [(fresh or {}).get(q, 0) for q in range(1, QUALITIES + 1)]
    p.fermented = [(fermented or {}).get(q, 0) for q in range(1, QUALITIES + 1)]


def give_hand(s: TeaGardenState, seat: int, cards: Iterable[str]) -> None:
    """Make ``cards`` the seat's hand; Starting cards taken from elsewhere are moved, others added."""
    p = s.players[seat]
    wanted = list(cards)
    for zone in (p.hand, p.draw, p.discard):
        for c in wanted:
            if c in zone:
                zone.remove(c)
    p.draw.extend(p.hand)
    p.hand = wanted


def play(game: TeaGardenGame, s: TeaGardenState, *moves: str) -> None:
    """Apply moves given in text notation, each checked against the rules."""
    for text in moves:
        s.apply(game.parse_move(text))


def legal(s: TeaGardenState, kind: type[Move] | None = None) -> list[str]:
    """Return the legal moves (of one kind, if given) as text."""
    return [str(m) for m in s.legal_moves() if kind is None or isinstance(m, kind)]


def commit(game: TeaGardenGame, s: TeaGardenState, cards: list[str], top: str) -> None:
    """Play ``cards`` (which must be in hand) with ``top`` on top."""
    for c in sorted(cards):
        play(game, s, f"select {c}")
    play(game, s, f"play {top}")
