"""A client's copy of a shared table's game, built from one seat's view only.

The client never holds the real state: the server sends the seat's observation, its legal
moves and the public log. :func:`mirror_session` turns that into a session of the game's own
session class (so the game's screens, menus and words work unchanged) whose state is
*determinized* from the observation: what the seat sees is exact, what it cannot see is dealt
at random, and the screens show only the seat's observation anyway. The session answers "is it
my move?" for the viewer's seat alone, has no undo, and lists the legal moves the server sent.
Once the game is over the server sends its seed and moves, and :func:`final_session` replays
the real game for the end screen.
"""

from __future__ import annotations

from typing import Any

import msgspec

from core.engine import Game, Observation
from core.moves import Move
from core.rng import Rng
from core.setup import make_game
from tea_tui.persist import rebuild
from tea_tui.serve.protocol import TableView
from tea_tui.session import GameSession, LogEntry, session_class
from tea_tui.turns import TurnLine

_CLASSES: dict[str, type[GameSession]] = {}


class MirrorParts:
    """What a mirror session changes of its game's session class."""

    you: int
    remote_view: Observation
    remote_legal: tuple[Move, ...]
    remote_turns: list[TurnLine]
    state: Any

    @property
    def human_to_move(self) -> bool:
        """True when the decision is the viewer's own."""
        return bool(self.state.current_seat() == self.you)

    @property
    def view_seat(self) -> int:
        """Always the viewer's seat."""
        return self.you

    def view(self, seat: int | None = None) -> Observation:
        """The viewer's observation, as the server sent it."""
        return self.remote_view

    def legal_moves(self) -> tuple[Move, ...]:
        """The viewer's legal moves, as the server sent them (none when it is not their turn)."""
        return self.remote_legal

    def last_turns(self, viewer: int) -> list[TurnLine]:
        """The others' turns, as the server told them."""
        return self.remote_turns

    def can_undo(self) -> bool:
        """A shared table has no undo."""
        return False

    @property
    def undo_blocked_reason(self) -> str:
        """Why Esc takes nothing back."""
        return "a shared table has no undo: each step counts once it is sent"

    def undo(self) -> bool:
        """Nothing is taken back at a shared table."""
        return False


def mirror_class(game_id: str) -> type[GameSession]:
    """The mirror session class of a game (its own session class with :class:`MirrorParts`)."""
    if game_id not in _CLASSES:
        base = session_class(game_id)
        _CLASSES[game_id] = type(f"Mirror{base.__name__}", (MirrorParts, base), {})
    return _CLASSES[game_id]


def observation_type(game: Game) -> type[Observation]:
    """The observation class of a game (found from a state of it)."""
    return type(game.new_state(0).observation(0))


def mirror_session(view: TableView) -> GameSession:
    """The viewer's session of a started table.

    Raises:
        ValueError: if the view has no game or no seat (a watcher's).
    """
    if view.setup is None or view.you is None:
        raise ValueError("a mirror needs a started game and a seat")
    game = make_game(view.setup)
    kind = mirror_class(view.setup.game)
    observation = msgspec.msgpack.decode(view.observation, type=observation_type(game))
    session = kind(
        game=game,
        state=game.determinize(observation, Rng.from_seed(view.moves_made + 1)),
        seats=list(view.setup.seats),
        names=list(view.names),
    )
    session.turns = session.make_turn_notes()
    update(session, view)
    return session


def update(session: GameSession, view: TableView) -> None:
    """Bring a mirror session to a newer view of its table."""
    mirror: Any = session
    game = session.game
    observation = msgspec.msgpack.decode(view.observation, type=observation_type(game))
    mirror.you = view.you
    mirror.remote_view = observation
    mirror.remote_legal = tuple(game.parse_move(text) for text in view.legal)
    mirror.remote_turns = [TurnLine(t.seat, t.text, t.recent, t.ongoing) for t in view.turns]
    session.state = game.determinize(observation, Rng.from_seed(view.moves_made + 1))
    session.names = list(view.names)
    session.log = [LogEntry(e.text, e.round, e.seat, e.header) for e in view.log]


def final_session(view: TableView) -> GameSession:
    """The real game of a finished table, replayed from the seed and moves the server sent.

    Raises:
        ValueError: if the view is not of a finished game.
    """
    if view.setup is None or view.final is None:
        raise ValueError("the game is not over")
    game = make_game(view.setup)
    moves = [game.parse_move(text) for text in view.final.moves]
    session = rebuild(
        game, view.final.seed, view.setup.seats, moves, names=view.names, setup=view.setup
    ).session
    return session
