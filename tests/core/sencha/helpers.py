"""Building blocks for Sencha's rule tests: a position from the builder, moves by text, the
legal moves as text, and the invariants checked after every move of a random game.

Rule IDs refer to Part A of ../shared/rules/other_games.md (SEN-*); rulings to docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
import pytest

from core.errors import IllegalMoveError
from core.rng import Rng
from core.sencha.conservation import conservation_problems
from core.sencha.game import SenchaGame, SenchaState
from core.sencha.options import SenchaOptions
from core.sencha.position import Position

THREE = ("kyoto", "shizuoka", "osaka")


def position(
    players: int = 2,
    *,
    seed: int = 0,
    options: SenchaOptions | None = None,
    empty: bool = True,
) -> Position:
    """A builder on Kyoto, Shizuoka and Osaka (plus Kagoshima at 4 players), seat 0 to move;
    with ``empty`` the plantations start without cubes, so a test sets only what it needs."""
    ids = (*THREE, "kagoshima") if players == 4 else THREE
    pos = Position(players, seed, options=options, plantations=ids)
    if empty:
        for pid in ids:
            pos.cubes(pid, sencha=0, sakura=0, black=0)
    return pos


def play(s: SenchaState, *moves: str) -> None:
    """Apply moves in text notation, each checked against the rules."""
    game = SenchaGame(num_seats=len(s.pub.players))
    for text in moves:
        s.apply(game.parse_move(text))


def legal(s: SenchaState) -> list[str]:
    """The legal moves as text."""
    return [str(m) for m in s.legal_moves()]


def assert_illegal(s: SenchaState, text: str) -> None:
    """The move is refused and the state is left as it was."""
    before = msgspec.json.encode(s)
    with pytest.raises(IllegalMoveError):
        play(s, text)
    assert msgspec.json.encode(s) == before


def check_invariants(s: SenchaState) -> None:
    """Conservation and limits (cubes 39, houses, money 0..cap) and the save round trip."""
    problems = conservation_problems(s)
    assert not problems, problems
    again = msgspec.json.decode(msgspec.json.encode(s), type=SenchaState)
    assert msgspec.json.encode(again) == msgspec.json.encode(s)


def random_game(
    game: SenchaGame, seed: int, *, check: bool = True, texts: list[str] | None = None
) -> SenchaState:
    """Play a seeded random game to the end, checking the invariants after every move."""
    s = game.new_state(seed)
    rng = Rng.from_seed(seed * 31 + 7)
    if check:
        check_invariants(s)
    steps = 0
    while not s.is_over():
        move = rng.choice(s.legal_moves())
        s.apply(move)
        if texts is not None:
            texts.append(str(move))
        if check:
            check_invariants(s)
        steps += 1
        assert steps < 5000, "a Sencha game must end"
    return s


def kinds(s: SenchaState, seat: int) -> list[str]:
    """The kinds of a player's workers, in order."""
    return [w.kind for w in s.pub.players[seat].workers]


def loads(s: SenchaState, seat: int) -> list[list[int]]:
    """What each of a player's workers carries (Sencha, Sakura, Black)."""
    return [w.load[:] for w in s.pub.players[seat].workers]


def every(items: Iterable[str], prefix: str) -> list[str]:
    """The items that start with ``prefix``."""
    return [i for i in items if i.startswith(prefix)]
