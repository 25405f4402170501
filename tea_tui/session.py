"""One game being played in the app: the state, the seats, the log and undo within a turn.

:class:`GameSession` knows nothing of Textual, and nothing of any one game: it plays any game of
the registry through the engine protocol. The game screen owns one, asks it for the view of the
seat to show and for the legal moves, and hands it the moves a person or an AI chose::

    session = GameSession.new(game, ["human", "random"], seed=7)
    session.apply_step([session.legal_moves()[0]])
    session.undo()                    # back to where the step started, if nothing was revealed

Undo follows Board Game Arena: a person may take back their own steps until something hidden or
random comes out (the game's reveal counter, ``State.reveals``, moves on: a card drawn, a deck
shuffled, a new round) or the turn passes to another seat. Such a move leaves an undo barrier
behind it.

A game's UI package may give a subclass that tells its moves, turns and rounds better (Tea
Garden's :class:`~tea_tui.games.tea_garden.session.TeaGardenSession`); :meth:`GameSession.new`
and :meth:`GameSession.start` build that subclass for a game that has one. A game without one
is told by its core package's ``log_line`` (if its entry module has one), else by its moves'
text notation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from importlib import import_module
from typing import TYPE_CHECKING, Any

from core.engine import Game, Observation, Outcome, State, final_outcome
from core.games import find_game, game_module
from core.moves import Move
from core.seats import SeatSpec
from tea_tui.session_records import Hint, LogEntry, automa_name, seat_names
from tea_tui.turns import TurnLine, TurnMark, TurnNotes, TurnSummary

if TYPE_CHECKING:
    from core.setup import GameSetup

__all__ = [
    "GameSession",
    "Hint",
    "LogEntry",
    "TurnLine",
    "TurnSummary",
    "automa_name",
    "seat_names",
]


@dataclass
class _Snapshot:
    """What undo restores: the state before a step, and how long the move list and log were."""

    state: State
    moves: int
    log: int
    header_key: tuple[int, int, int]
    turn_serial: int
    turns: TurnMark


@dataclass
class GameSession:
    """A game in progress with its seats, log and undo stack.

    Attributes:
        game: the setup.
        state: the current state (only this class changes it).
        seats: who plays each seat.
        names: how each seat is shown.
        seed: the seed the game was set up from.
        moves: every move applied, in order.
        log: the game log, headers included.
    """

    game: Game
    state: State
    seats: list[SeatSpec]
    names: list[str]
    seed: int = 0
    moves: list[Move] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)
    """The seats' colour names (see ``widgets.glyphs.COLOUR_CHOICES``); empty for defaults."""
    hints: list[Hint] = field(default_factory=list)
    """Every hint asked for, in order."""
    created: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When the game was set up."""
    title: str = ""
    """The players' own title for the game (shown in the list of saves)."""
    save_name: str = ""
    """The named save this game was loaded from or last saved as; "" for none yet."""
    _setup: GameSetup | None = None
    _undo: list[_Snapshot] = field(default_factory=list)
    _barrier_reason: str = "nothing to undo yet this turn"
    _header_key: tuple[int, int, int] = (0, -1, 0)
    _turn_serial: int = 0
    _last_human: int = 0
    turns: TurnNotes = field(default_factory=TurnNotes)
    """Every finished turn in a sentence, and the turn in progress."""

    # --- making one ---------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Game,
        seats: Sequence[SeatSpec | str],
        seed: int,
        names: Sequence[str] | None = None,
        colours: Sequence[str] = (),
        setup: GameSetup | None = None,
    ) -> GameSession:
        """Set up a new game (as the game's own session class, if its UI package has one).

        Raises:
            ValueError: if the number of seats does not match the game, or a seat spec is bad.
        """
        kind = session_class(game.game_id) if cls is GameSession else cls
        specs = [s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats]
        if len(specs) != game.num_seats:
            raise ValueError(f"{game.num_seats} seats needed, {len(specs)} given")
        state = game.new_state(seed)
        session = kind(
            game=game,
            state=state,
            seats=specs,
            names=list(names) if names else seat_names(specs, game.game_id),
            seed=seed,
            colours=list(colours),
            _setup=setup,
        )
        session.turns = session.make_turn_notes()
        humans = session.human_seats
        session._last_human = humans[0] if humans else 0
        session._open_headers()
        session._note_human()
        return session

    @classmethod
    def start(
        cls,
        setup: GameSetup,
        seed: int,
        colours: Sequence[str] = (),
        *,
        components: object | None = None,
    ) -> GameSession:
        """Set up a new game of any registered game from a checked setup (``components``:
        the game's own set, when not its built-in one).

        Raises:
            SetupError: if the game cannot be built from the setup.
        """
        from core.setup import make_game

        names = [spec.name for spec in setup.seats]
        game = make_game(setup, components)
        default = seat_names(list(setup.seats), setup.game)
        shown = [name or default[i] for i, name in enumerate(names)]
        return cls.new(game, list(setup.seats), seed, shown, colours, setup)

    def make_turn_notes(self) -> TurnNotes:
        """The notes that tell this game's turns (a game's session gives its own)."""
        notes = TurnNotes()
        notes.words = self.move_phrase  # type: ignore[method-assign]
        return notes

    # --- what the screen asks -----------------------------------------------------------------

    @property
    def game_id(self) -> str:
        """The registry id of the game being played."""
        return self.game.game_id

    @property
    def human_seats(self) -> list[int]:
        """The seats played by people."""
        return [i for i, spec in enumerate(self.seats) if spec.is_human]

    @property
    def current_seat(self) -> int | None:
        """The seat to decide, or None once the game is over."""
        return self.state.current_seat()

    def kind_text(self, seat: int) -> str:
        """Who plays ``seat``, without the name: ``human``, ``mcts:normal``, ... (``automa,
        hard`` for the game's automa)."""
        spec = self.seats[seat]
        automa = find_game(self.game_id).automa
        if automa is not None and spec.kind == automa.kind:
            return f"automa, {spec.level or automa.default}"
        return str(SeatSpec(kind=spec.kind, level=spec.level))

    @property
    def automa_seat(self) -> int | None:
        """The seat of the game's automa in a solo game, else None."""
        automa = find_game(self.game_id).automa
        if automa is None:
            return None
        return next((i for i, s in enumerate(self.seats) if s.kind == automa.kind), None)

    def is_automa(self, seat: int | None) -> bool:
        """Return True if ``seat`` is played by the game's automa."""
        return seat is not None and seat == self.automa_seat

    def is_human(self, seat: int | None) -> bool:
        """Return True if ``seat`` is played by a person."""
        return seat is not None and self.seats[seat].is_human

    @property
    def human_to_move(self) -> bool:
        """True when a person has to decide now."""
        return self.is_human(self.current_seat)

    @property
    def view_seat(self) -> int:
        """The seat whose view is shown: the person to move, else the last person who moved
        (the first human seat before anyone has, seat 0 when no person plays)."""
        seat = self.current_seat
        if seat is not None and self.is_human(seat):
            return seat
        return self._last_human

    def view(self, seat: int | None = None) -> Observation:
        """Return what ``seat`` (by default :attr:`view_seat`) may know."""
        return self.state.observation(self.view_seat if seat is None else seat)

    def legal_moves(self) -> tuple[Move, ...]:
        """The legal moves now."""
        return self.state.legal_moves()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_over()

    def outcome(self) -> Outcome:
        """The final result (only once the game is over)."""
        return final_outcome(self.state)

    def breakdown(self) -> tuple[dict[str, int], ...]:
        """Every seat's points per category, as if the game ended now."""
        return self.state.score_now()

    def setup(self) -> GameSetup:
        """The game's setup as a save records it (seats, options, components by hash)."""
        if self._setup is None:
            self._setup = self.make_setup()
        return self._setup

    def make_setup(self) -> GameSetup:
        """Build the setup of a session made from a game object (a game's session may know
        more: its components and start seat)."""
        import msgspec

        from core.setup import new_setup

        options = getattr(self.game, "options", None)
        given = {k: v for k, v in msgspec.structs.asdict(options).items() if v} if options else {}
        return new_setup(self.seats, game=self.game_id, options=given)

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the house rules (variants) in play; none unless the game says."""
        return ()

    def add_hint(
        self, seat: int, moves: Sequence[Move], chances: Sequence[float], text: str
    ) -> None:
        """Record that ``seat`` asked for a hint, with the search's answer and its log line."""
        self.hints.append(Hint(len(self.moves), seat, tuple(moves), tuple(chances)))
        self.log.append(LogEntry(text, self.turns.round_of(self.state), seat, hint=True))

    def tie_break_text(self, text: str) -> str:
        """Put seat names into the engine's tie-break sentence ("Seat 2" -> the name)."""

        def name(match: re.Match[str]) -> str:
            i = int(match.group(1)) - 1
            return self.names[i] if 0 <= i < len(self.names) else match.group(0)

        return re.sub(r"Seat (\d+)", name, text)

    # --- how the game is told (a game's session tells it better) ------------------------------

    def move_words(self, before: State, move: Move, after: State) -> str:
        """One move in words for the log: the game's ``log_line`` if its entry module has one,
        else the move's text notation."""
        told: Any = getattr(game_module(find_game(self.game_id)), "log_line", None)
        if told is not None:
            return str(told(before, move, after, self.names))
        seat = before.current_seat()
        who = self.names[seat] if seat is not None else ""
        return f"{who}: {move}" if who else str(move)

    def move_phrase(self, before: State, move: Move, after: State) -> str:
        """One move in a few words without the seat's name (for the turn's summary): the
        game's ``describe_move`` if its entry module has one, else its text notation."""
        describe: Any = getattr(game_module(find_game(self.game_id)), "describe_move", None)
        return str(describe(before, move)) if describe is not None else str(move)

    def log_move(self, before: State, move: Move, line: str) -> list[LogEntry]:
        """The log entries of one move (its line by default; a game may add or drop some)."""
        seat = before.current_seat()
        return [LogEntry(line, self.turns.round_of(before), -1 if seat is None else seat)]

    def reveal_reason(self, move: Move, before: State, after: State) -> str:
        """Say in a few words what a move revealed (the reveal counter moved on)."""
        if self.turns.round_of(after) != self.turns.round_of(before):
            return "a new round has begun"
        return "hidden or random information came out"

    def headers(self, state: State) -> tuple[tuple[int, int, int], list[LogEntry]]:
        """The heading key of a state and the headings to open when it changes: a round
        heading when the progress moves on, a turn heading when the turn does."""
        step = self.turns.round_of(state)
        seat = state.current_seat()
        key = (step, -1 if seat is None else seat, self._turn_serial)
        entries: list[LogEntry] = []
        if key[0] != self._header_key[0]:
            entries.append(LogEntry(state.progress().text, step, -1, header=True))
        if seat is not None:
            entries.append(LogEntry(f"{self.names[seat]}'s turn", step, seat, header=True))
        return key, entries

    # --- moving -------------------------------------------------------------------------------

    def apply(self, move: Move) -> str:
        """Apply one checked move as its own undo step and return its log line.

        Raises:
            RulesError: if the move is not legal now; nothing changes.
        """
        return self.apply_step([move])[-1]

    def apply_step(self, moves: Sequence[Move]) -> list[str]:
        """Apply several moves as one undo step (e.g. choosing cards and playing them).

        Every move is checked; if one is refused, the moves already applied are taken back and
        the error is raised, so the step happens entirely or not at all.

        Returns:
            The log line of each move (the lines of chosen-but-unplayed cards included).

        Raises:
            RulesError: if a move is not legal when its turn comes.
        """
        if not moves:
            return []
        snapshot = self._snapshot()
        start_seat = self.state.current_seat()
        lines: list[str] = []
        revealed = ""
        try:
            for move in moves:
                seat = self.state.current_seat()
                before = self.state.clone()
                self.state.apply(move, seat=seat)
                self.moves.append(move)
                line = self.move_words(before, move, self.state)
                lines.append(line)
                self.log.extend(self.log_move(before, move, line))
                self.turns.note(
                    before,
                    move,
                    self.state,
                    automa=self.is_automa(seat),
                    names=self.names,
                    moves=len(self.moves),
                )
                if self.state.reveals != before.reveals:  # hidden or random information out
                    revealed = self.reveal_reason(move, before, self.state)
                elif self.state.current_seat() != seat or self.state.is_over():
                    revealed = "the turn has passed to another seat"
                if self.turns.ends_turn(before, move, self.state):
                    self._turn_serial += 1
                self._open_headers()
        except Exception:
            self._restore(snapshot)
            raise
        if revealed:
            self._undo.clear()
            if self.state.current_seat() != start_seat:
                self._barrier_reason = "nothing to undo yet this turn"
            else:
                self._barrier_reason = f"cannot undo: {revealed}"
        else:
            self._undo.append(snapshot)
        self._note_human()
        return lines

    @property
    def summaries(self) -> list[TurnSummary]:
        """Every finished turn in a sentence (and every round's end, seat -1), in order."""
        return self.turns.summaries

    def turn_so_far(self) -> str:
        """The turn in progress in a sentence (without the seat's name), "" if nothing shows."""
        return self.turns.so_far(self.state, automa=self.is_automa(self.state.current_seat()))

    def last_turns(self, viewer: int) -> list[TurnLine]:
        """What happened since ``viewer`` (0-based) last played: the other seats' turns and the
        round ends, oldest first, then the turn in progress of another seat.

        With nothing new since then, each other seat's latest turn, marked as not ``recent``
        (in the order they play after ``viewer``). Seat -1 stands for the end of a round.
        """
        now = self.current_seat
        ongoing = (now, self.turn_so_far()) if now is not None else None
        return self.turns.last_turns(viewer, len(self.names), ongoing)

    def can_undo(self) -> bool:
        """True if the person to move can take back their last step."""
        return bool(self._undo) and self.human_to_move

    @property
    def undo_blocked_reason(self) -> str:
        """Why undo is not possible now (empty when it is)."""
        if self.can_undo():
            return ""
        if not self.human_to_move:
            return "cannot undo: it is not a person's turn"
        return self._barrier_reason

    def undo(self) -> bool:
        """Take back the last step of the person to move; return False if that is not possible."""
        if not self.can_undo():
            return False
        self._restore(self._undo.pop())
        if not self._undo:
            self._barrier_reason = "nothing left to undo this turn"
        return True

    # --- inside -------------------------------------------------------------------------------

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(
            self.state.clone(),
            len(self.moves),
            len(self.log),
            self._header_key,
            self._turn_serial,
            self.turns.mark(),
        )

    def _restore(self, snap: _Snapshot) -> None:
        self.state = snap.state
        del self.moves[snap.moves :]
        # A hint once asked stays asked: its log line and record survive the undo.
        kept = [e for e in self.log[snap.log :] if e.hint]
        del self.log[snap.log :]
        self.log.extend(kept)
        self.hints = [replace(h, at=min(h.at, snap.moves)) for h in self.hints]
        self._header_key = snap.header_key
        self._turn_serial = snap.turn_serial
        self.turns.restore(snap.turns)

    def _note_human(self) -> None:
        seat = self.current_seat
        if seat is not None and self.is_human(seat):
            self._last_human = seat

    def _open_headers(self) -> None:
        """Add the headings of a new round or turn (once), and "The game is over" at the end."""
        g = self.state
        if g.is_over():
            if self._header_key[0] != -1:
                self._header_key = (-1, -1, -1)
                over = LogEntry("The game is over", self.turns.round_of(g), -1, header=True)
                self.log.append(over)
            return
        key, entries = self.headers(g)
        if key == self._header_key:
            return
        self._header_key = key
        self.log.extend(entries)


def session_class(game_id: str) -> type[GameSession]:
    """The session class of a game: its UI package's ``SESSION`` if it has one (found by the
    game's registry id), else :class:`GameSession`."""
    name = f"tea_tui.games.{find_game(game_id).id}"
    try:
        package = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return GameSession
    found = getattr(package, "SESSION", None)
    return found if isinstance(found, type) and issubclass(found, GameSession) else GameSession
