"""One shared table: its seats, who holds them, and the game, which only the table changes.

A :class:`Table` is the authority over its game. It takes a seat for a person (held by their
key, so a dropped connection keeps it), starts the game when the creator asks and every human
seat is taken, and checks each step a client sends: the seat must be the sender's, the decision
the seat's, the view the latest, and every move legal for that seat (the engine's
:meth:`~core.engine.State.apply`). A refused step changes nothing. It builds what each viewer
may see (:meth:`Table.view_for`): a seat's own observation, a watcher only what every seat sees
alike (:func:`public_view`), and the public log. Nothing here does any input or output; the
lobby (:mod:`tea_tui.serve.lobby`) saves and sends.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from core.engine import Observation
from core.errors import RulesError
from core.games import UnknownGameError, find_game
from core.moves import Move
from core.seats import SeatSpec
from core.setup import GameSetup, OptionValue, SetupError, new_setup
from tea_tui.ai_seats import AiSeat, ai_rng, make_ai
from tea_tui.safe_text import clean
from tea_tui.serve.protocol import (
    FinalGame,
    LogLine,
    SeatInfo,
    TableInfo,
    TableView,
    TurnText,
)
from tea_tui.session import GameSession

CHAT_KEPT = 50
"""How many chat lines a table keeps."""
HIDDEN = "?"
"""What a watcher's view shows where the seats' views differ."""

Status = Literal["waiting", "playing", "over"]


class TableError(Exception):
    """A request the table refuses; the message says why, in words to show the sender."""


class PlayerRecord(msgspec.Struct, frozen=True):
    """A person holding a seat: their name on screen and the key they are known by."""

    name: str
    key: str


class TableRecord(msgspec.Struct, kw_only=True):
    """What the server keeps of a table besides its game (the game is a save of its own)."""

    id: str
    game: str
    seats: tuple[str, ...]
    """The seat specs as created (``human`` for each seat people fill)."""
    options: dict[str, OptionValue] = {}
    players: list[PlayerRecord | None] = []
    """Who holds each seat (None: free, or an AI's)."""
    creator: PlayerRecord
    status: Status = "waiting"
    seed: int = 0
    on_timeout: str = ""
    taken_over: dict[str, str] = {}
    """Seats (by index, as text) handed to an AI after their player stayed away too long."""
    chat: list[str] = []


@dataclass
class Table:
    """A table of the lobby and, once started, its game.

    Args:
        record: the table's lasting data.
        session: the game, once started (the full state: it never leaves the server).
        processes: let searching AI players think in processes of their own.
    """

    record: TableRecord
    session: GameSession | None = None
    processes: bool = True
    ais: dict[int, AiSeat] = field(default_factory=dict)
    watchers: set[str] = field(default_factory=set)
    """The keys of the people watching."""

    # --- making one ---------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        table_id: str,
        creator: PlayerRecord,
        game: str,
        seats: Sequence[str],
        options: dict[str, OptionValue] | None = None,
        *,
        on_timeout: str = "",
        processes: bool = True,
    ) -> Table:
        """Open a table; the creator takes its first human seat.

        Raises:
            TableError: for an unknown game, a bad seat spec, options or seat count the game
                refuses, no human seat, or an ``on_timeout`` that is not an AI player.
        """
        try:
            find_game(game)
            specs = [SeatSpec.parse(text) for text in seats]
            if on_timeout:
                spec = SeatSpec.parse(on_timeout)
                if spec.is_human or spec.kind == find_automa_kind(game):
                    raise TableError(f"{on_timeout!r} cannot take over a seat: name an AI player")
            new_setup(specs, game=game, options=options or {})  # checks seats and options
        except (UnknownGameError, SetupError, ValueError) as exc:
            if isinstance(exc, TableError):
                raise
            raise TableError(str(exc)) from None
        humans = [i for i, spec in enumerate(specs) if spec.is_human]
        if not humans:
            raise TableError("a table needs at least one human seat (yours)")
        players: list[PlayerRecord | None] = [None] * len(specs)
        players[humans[0]] = creator
        record = TableRecord(
            id=table_id,
            game=game,
            seats=tuple(str(SeatSpec(kind=s.kind, level=s.level)) for s in specs),
            options=dict(options or {}),
            players=players,
            creator=creator,
            on_timeout=on_timeout,
        )
        return cls(record, processes=processes)

    # --- who sits where -----------------------------------------------------------------------

    @property
    def id(self) -> str:
        """The table's id."""
        return self.record.id

    @property
    def status(self) -> Status:
        """``waiting`` for players, ``playing``, or ``over``."""
        return self.record.status

    def seat_of(self, key: str) -> int | None:
        """The seat held by ``key``, or None."""
        for i, player in enumerate(self.record.players):
            if player is not None and player.key == key and str(i) not in self.record.taken_over:
                return i
        return None

    def human_seats(self) -> list[int]:
        """The seats people fill."""
        return [i for i, text in enumerate(self.record.seats) if SeatSpec.parse(text).is_human]

    def take_seat(self, player: PlayerRecord, seat: int) -> None:
        """Sit ``player`` at a free human seat of a waiting table.

        Raises:
            TableError: if the table has started, the seat is not a free human seat, or the
                player already sits here.
        """
        held = self.seat_of(player.key)
        if held is not None:
            raise TableError(f"you already sit at seat {held + 1} of table {self.id}")
        if self.status != "waiting":
            raise TableError(f"table {self.id} has started: you can only watch it")
        if not 0 <= seat < len(self.record.seats):
            raise TableError(f"table {self.id} has no seat {seat + 1}")
        if seat not in self.human_seats():
            raise TableError(f"seat {seat + 1} of table {self.id} is played by an AI")
        taken = self.record.players[seat]
        if taken is not None:
            raise TableError(f"seat {seat + 1} of table {self.id} is taken by {taken.name}")
        self.record.players[seat] = player
        self.watchers.discard(player.key)

    def leave(self, key: str) -> None:
        """Stop following the table; at a waiting table the seat is given up (the creator's
        too, which leaves the table to be closed by the lobby)."""
        self.watchers.discard(key)
        if self.status != "waiting":
            return
        seat = self.seat_of(key)
        if seat is not None:
            self.record.players[seat] = None

    def is_empty(self) -> bool:
        """True for a waiting table nobody sits at any more."""
        return self.status == "waiting" and all(p is None for p in self.record.players)

    # --- the game -----------------------------------------------------------------------------

    def start(self, key: str, seed: int) -> None:
        """Start the game (the creator only, once every human seat is taken).

        Raises:
            TableError: if the sender is not the creator, the table has started, or a human
                seat is still free.
        """
        if key != self.record.creator.key:
            raise TableError(f"only {self.record.creator.name}, who opened the table, starts it")
        if self.status != "waiting":
            raise TableError(f"table {self.id} has started already")
        free = [i + 1 for i in self.human_seats() if self.record.players[i] is None]
        if free:
            seats = ", ".join(str(i) for i in free)
            raise TableError(
                f"seat {seats} still waits for a player"
                if len(free) == 1
                else f"seats {seats} still wait for players"
            )
        self.record.seed = seed
        self.session = self._new_session()
        self.record.status = "over" if self.session.is_over() else "playing"
        self._make_ais()

    def resume(self, session: GameSession) -> None:
        """Go on with a game rebuilt from its save (after a restart of the server)."""
        self.session = session
        for index, spec in self.record.taken_over.items():
            self._hand_to_ai(int(index), SeatSpec.parse(spec))
        self.record.status = "over" if session.is_over() else "playing"
        self._make_ais()

    def _new_session(self) -> GameSession:
        specs: list[SeatSpec] = []
        for i, text in enumerate(self.record.seats):
            spec = SeatSpec.parse(text)
            player = self.record.players[i]
            name = seat_name(player.name) if player is not None else ""
            specs.append(SeatSpec(kind=spec.kind, level=spec.level, name=name))
        setup = new_setup(specs, game=self.record.game, options=self.record.options)
        return GameSession.start(setup, self.record.seed)

    def _make_ais(self) -> None:
        session = self.session
        assert session is not None
        for seat, spec in enumerate(session.seats):
            if not spec.is_human and seat not in self.ais:
                rng = ai_rng(session.seed, seat)
                self.ais[seat] = make_ai(spec, session.game, rng, processes=self.processes)

    def _hand_to_ai(self, seat: int, spec: SeatSpec) -> None:
        session = self.session
        assert session is not None
        name = session.names[seat]
        session.seats[seat] = SeatSpec(kind=spec.kind, level=spec.level)
        session.names[seat] = f"{name} (AI)"[:32]

    def take_over(self, seat: int) -> bool:
        """Hand a human seat whose player stayed away to the table's ``on_timeout`` AI; return
        False when the table has none or the seat is not a person's."""
        spec_text = self.record.on_timeout
        session = self.session
        if not spec_text or session is None or self.status != "playing":
            return False
        if not session.seats[seat].is_human:
            return False
        spec = SeatSpec.parse(spec_text)
        self._hand_to_ai(seat, spec)
        self.record.taken_over[str(seat)] = spec_text
        self._make_ais()
        return True

    def ai_to_move(self) -> int | None:
        """The AI seat whose decision it is now, or None."""
        session = self.session
        if session is None or self.status != "playing":
            return None
        seat = session.current_seat
        return seat if seat is not None and seat in self.ais else None

    def play(self, key: str, seat: int, texts: Sequence[str], at: int) -> list[Move]:
        """Check and make a step of moves for ``seat`` on behalf of ``key``.

        Every move must be the seat's own decision and legal when its turn in the step comes;
        the step happens entirely or not at all.

        Raises:
            TableError: saying why the step is refused (the game is then unchanged).
        """
        session = self.session
        if session is None or self.status == "waiting":
            raise TableError(f"the game at table {self.id} has not started")
        if self.status == "over":
            raise TableError(f"the game at table {self.id} is over")
        if self.seat_of(key) != seat:
            raise TableError(f"seat {seat + 1} is not yours: you cannot move for it")
        now = session.current_seat
        if now != seat:
            who = session.names[now] if now is not None else "nobody"
            raise TableError(f"it is not your turn: {who} is to move")
        if at != len(session.moves):
            raise TableError("the game has moved on since that view: choose again")
        moves = self._check(seat, texts)
        try:
            session.apply_step(moves)
        except RulesError as exc:  # checked above; kept for a game whose checks differ
            raise TableError(str(exc)) from None
        if session.is_over():
            self.record.status = "over"
        return moves

    def play_ai(self, seat: int, move: Move, at: int) -> bool:
        """Make an AI seat's move, if the game is still where the AI was asked; return True if
        it was made."""
        session = self.session
        if session is None or self.ai_to_move() != seat or at != len(session.moves):
            return False
        try:
            session.apply_step([move])
        except RulesError:
            return False
        if session.is_over():
            self.record.status = "over"
        return True

    def _check(self, seat: int, texts: Sequence[str]) -> list[Move]:
        session = self.session
        assert session is not None
        trial = session.state.clone()
        moves: list[Move] = []
        for text in texts:
            try:
                move = session.game.parse_move(text)
            except RulesError as exc:
                raise TableError(f"{clean(text, 60)!r} is not a move of this game: {exc}") from None
            if trial.current_seat() != seat:
                raise TableError(f"{clean(text, 60)!r}: the decision is no longer yours")
            try:
                trial.apply(move, seat=seat)
            except RulesError as exc:
                raise TableError(clean(str(exc), 300)) from None
            moves.append(move)
        return moves

    def add_chat(self, player: PlayerRecord, text: str) -> str:
        """Add a chat line from ``player`` (seated or watching) and return it."""
        if self.seat_of(player.key) is None and player.key not in self.watchers:
            raise TableError(f"you are not at table {self.id}")
        line = f"{clean(player.name, 32)}: {clean(text, 300)}"
        self.record.chat.append(line)
        del self.record.chat[:-CHAT_KEPT]
        return line

    # --- what the lobby shows and each viewer sees ------------------------------------------------

    def info(self, connected: set[str] | frozenset[str] = frozenset()) -> TableInfo:
        """The table as the lobby lists it (``connected``: the keys online now)."""
        seats = []
        for i, text in enumerate(self.record.seats):
            player = self.record.players[i]
            taken = self.record.taken_over.get(str(i))
            if taken:
                seats.append(SeatInfo(kind=taken))
            elif player is None:
                seats.append(SeatInfo(kind=text))
            else:
                seats.append(SeatInfo(text, player.name, player.key in connected))
        progress = ""
        if self.session is not None:
            progress = self.session.state.progress().text
        return TableInfo(
            id=self.id,
            game=self.record.game,
            game_name=find_game(self.record.game).name,
            options=dict(self.record.options),
            seats=tuple(seats),
            status=self.status,
            creator=self.record.creator.name,
            progress=progress,
            watchers=len(self.watchers),
            on_timeout=self.record.on_timeout,
        )

    def view_for(
        self, key: str, connected: set[str] | frozenset[str] = frozenset(), note: str = ""
    ) -> TableView:
        """What ``key`` may see of the table: their seat's observation, or the public view."""
        info = self.info(connected)
        seat = self.seat_of(key)
        session = self.session
        chat = tuple(self.record.chat)
        if session is None:
            return TableView(table=info, you=seat, setup=None, chat=chat, note=note)
        observation = b""
        public = b""
        legal: tuple[str, ...] = ()
        if seat is not None:
            observation = msgspec.msgpack.encode(session.view(seat))
            if session.current_seat == seat:
                legal = tuple(str(m) for m in session.legal_moves())
        else:
            public = public_view([session.view(s) for s in range(len(session.seats))])
        over = session.is_over()
        return TableView(
            table=info,
            you=seat,
            setup=public_setup(session.setup()),
            names=tuple(session.names),
            moves_made=len(session.moves),
            to_move=session.current_seat,
            observation=observation,
            public=public,
            legal=legal,
            log=tuple(
                LogLine(e.text, e.round, e.seat, e.header) for e in session.log if not e.hint
            ),
            turns=tuple(
                TurnText(t.seat, t.text, t.recent, t.ongoing)
                for t in session.last_turns(seat if seat is not None else 0)
            ),
            chat=chat,
            outcome=session.outcome() if over else None,
            final=FinalGame(session.seed, tuple(str(m) for m in session.moves)) if over else None,
            note=note,
        )

    def close(self) -> None:
        """Stop the AI seats' processes."""
        for ai in self.ais.values():
            ai.close()


def find_automa_kind(game: str) -> str:
    """The seat kind of a game's automa ("" for a game without one)."""
    automa = find_game(game).automa
    return automa.kind if automa is not None else ""


def seat_name(name: str) -> str:
    """A person's name fit for a seat spec (printable, trimmed, at most 32 characters)."""
    shown = clean(name, 32).strip()
    return shown or "Player"


def public_setup(setup: GameSetup) -> GameSetup:
    """The setup as every viewer may see it: it holds no seed, so it is already public."""
    return setup


def public_view(views: Sequence[Observation]) -> bytes:
    """What every seat sees alike, as JSON: the parts of the seats' observations that are the
    same in all of them, :data:`HIDDEN` where they differ. What only some seats know never
    appears, so a watcher learns nothing a player could keep to themselves."""
    trees = [msgspec.to_builtins(v) for v in views]
    common = _common(trees)
    if isinstance(common, dict):
        common.pop("seat", None)
    return json.dumps(common, ensure_ascii=False).encode()


def _common(values: list[Any]) -> Any:
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) and v.keys() == first.keys() for v in values):
        return {k: _common([v[k] for v in values]) for k in first}
    if all(isinstance(v, list) and len(v) == len(first) for v in values):
        return [_common([v[i] for v in values]) for i in range(len(first))]
    return HIDDEN
