"""One game being played in the app: the state, the seats, the log and undo within a turn.

:class:`GameSession` knows nothing of Textual. The game screen owns one, asks it for the view of
the seat to show and for the legal moves, and hands it the moves a person or an AI chose::

    session = GameSession.new(TeaGardenGame(num_seats=2), ["human", "random"], seed=7)
    session.apply_step([session.legal_moves()[0]])
    session.undo()                    # back to where the step started, if nothing was revealed

Undo follows Board Game Arena: a person may take back their own steps until something hidden or
random comes out (a card drawn, a display refilled from a deck, a shuffle, a new round) or the
turn passes to another seat. Such a move leaves an undo barrier behind it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from core.engine import Outcome, final_outcome
from core.moves import Move
from core.seats import SeatSpec
from core.tea_garden import moves as mv
from core.tea_garden.context import Context
from core.tea_garden.flow import max_turns
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.narrate import log_line
from core.tea_garden.narrate_maintenance import round_end_story
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import live_breakdown
from tea_tui.games.tea_garden.turns import TurnLine, TurnMark, TurnNotes, TurnSummary

if TYPE_CHECKING:
    from core.setup import GameSetup
    from core.tea_garden.components import ComponentSet

__all__ = [
    "LUYU_NAME",
    "ROUNDS",
    "GameSession",
    "Hint",
    "LogEntry",
    "TurnLine",
    "TurnSummary",
    "seat_names",
    "tea_game",
]

LUYU_NAME = "Lu Yu"
"""How the solo automa's seat is shown when it has no name of its own."""


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


@dataclass
class _Snapshot:
    """What undo restores: the state before a step, and how long the move list and log were."""

    state: TeaGardenState
    moves: int
    log: int
    header_key: tuple[int, int, int]
    turn_serial: int
    turns: TurnMark


def seat_names(seats: Sequence[SeatSpec]) -> list[str]:
    """Return how each seat is shown: its given name, else "Seat N" ("Lu Yu" for the automa)."""
    return [
        spec.name or (LUYU_NAME if spec.kind == "luyu" else f"Seat {i + 1}")
        for i, spec in enumerate(seats)
    ]


def tea_game(
    seats: Sequence[SeatSpec | str],
    *,
    puerh: bool = False,
    components: ComponentSet | None = None,
    start_seat: int | None = None,
    house_rules: Sequence[str] = (),
) -> TeaGardenGame:
    """Return the Tea Garden game for these seats, checked as a save's setup is.

    A ``luyu`` seat makes it a solo game against the automa (one such seat, two seats in all);
    ``house_rules`` names variant flags (:mod:`tea_tui.games.tea_garden.house_rules`).

    Raises:
        SetupError: (a ``ValueError``) saying what is wrong: a bad seat spec, the wrong number
            of seats for Lu Yu, an unknown difficulty, a start seat that is not a seat, an
            unknown house rule or an expansion rule without the expansion.
    """
    from core.setup import SetupError, make_game, new_setup
    from tea_tui.games.tea_garden.house_rules import check_house_rules

    try:
        rules = check_house_rules(house_rules, puerh=puerh)
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    options = {"puerh": True} if puerh else {}
    options.update(dict.fromkeys(rules, True))
    setup = new_setup(seats, components=components, options=options, start_seat=start_seat)
    game = make_game(setup, components)
    assert isinstance(game, TeaGardenGame)
    return game


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

    game: TeaGardenGame
    state: TeaGardenState
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
        game: TeaGardenGame,
        seats: Sequence[SeatSpec | str],
        seed: int,
        names: Sequence[str] | None = None,
        colours: Sequence[str] = (),
    ) -> GameSession:
        """Set up a new game.

        Raises:
            ValueError: if the number of seats does not match the game, or a seat spec is bad.
        """
        specs = [s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats]
        if len(specs) != game.num_seats:
            raise ValueError(f"{game.num_seats} seats needed, {len(specs)} given")
        state = game.new_state(seed)
        session = cls(
            game=game,
            state=state,
            seats=specs,
            names=list(names) if names else seat_names(specs),
            seed=seed,
            colours=list(colours),
        )
        humans = session.human_seats
        session._last_human = humans[0] if humans else 0
        session._open_headers()
        session._note_human()
        return session

    # --- what the screen asks -----------------------------------------------------------------

    @property
    def ctx(self) -> Context:
        """The components and options of this game."""
        return self.game.context

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
        hard`` for Lu Yu)."""
        spec = self.seats[seat]
        if spec.kind == "luyu":
            return f"automa, {spec.level or 'medium'}"
        return str(SeatSpec(kind=spec.kind, level=spec.level))

    @property
    def luyu_seat(self) -> int | None:
        """Lu Yu's seat in a solo game, else None."""
        return self.game.luyu_seat

    def is_luyu(self, seat: int | None) -> bool:
        """Return True if ``seat`` is played by the solo automa Lu Yu."""
        return seat is not None and seat == self.game.luyu_seat

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

    def view(self, seat: int | None = None) -> TeaGardenObservation:
        """Return what ``seat`` (by default :attr:`view_seat`) may know."""
        obs = self.state.observation(self.view_seat if seat is None else seat)
        assert isinstance(obs, TeaGardenObservation)
        return obs

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
        return live_breakdown(self.state)

    def turns_left(self, seat: int) -> int:
        """Turns ``seat`` may still take this round (0 once it has passed)."""
        p = self.state.players[seat]
        if p.passed or self.state.over:
            return 0
        lu = self.state.luyu
        if lu is not None and lu.seat == seat:  # his cards lie in his own slots
            return max(0, max_turns(self.state) - len(lu.slots))
        slots = max_turns(self.state)
        taken = len(p.stacks)
        if seat == self.state.seat and self.state.turn.committed:
            taken -= 1  # the turn in progress still counts as one left
        return max(0, slots - taken)

    def setup(self) -> GameSetup:
        """The game's setup as a save records it (seats, options, components by hash)."""
        if self._setup is None:
            import msgspec

            from core.setup import new_setup

            options = {k: v for k, v in msgspec.structs.asdict(self.game.options).items() if v}
            self._setup = new_setup(
                self.seats,
                components=self.game.components,
                options=options,
                start_seat=self.game.start_seat,
            )
        return self._setup

    @property
    def puerh(self) -> bool:
        """True when the Puerh expansion is in play."""
        return self.game.options.puerh

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the house rules in play (:mod:`tea_tui.games.tea_garden.house_rules`)."""
        from tea_tui.games.tea_garden.house_rules import house_rules_of

        return tuple(rule.name for rule in house_rules_of(self.game.options))

    def add_hint(
        self, seat: int, moves: Sequence[Move], chances: Sequence[float], text: str
    ) -> None:
        """Record that ``seat`` asked for a hint, with the search's answer and its log line."""
        self.hints.append(Hint(len(self.moves), seat, tuple(moves), tuple(chances)))
        self.log.append(LogEntry(text, self.state.round, seat, hint=True))

    def tie_break_text(self, text: str) -> str:
        """Put seat names into the engine's tie-break sentence ("Seat 2" -> the name)."""

        def name(match: re.Match[str]) -> str:
            i = int(match.group(1)) - 1
            return self.names[i] if 0 <= i < len(self.names) else match.group(0)

        return re.sub(r"Seat (\d+)", name, text)

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
        start_seat = self.state.seat
        lines: list[str] = []
        revealed = ""
        try:
            for move in moves:
                seat = self.state.seat
                before = self.state.clone()
                self.state.apply(move, seat=seat)
                self.moves.append(move)
                line = log_line(before, move, self.state, self.names)
                lines.append(line)
                if not isinstance(move, mv.Select):  # the Commit line names the played cards
                    self.log.append(LogEntry(line, before.round, seat))
                for told in round_end_story(before, self.state, self.names):
                    self.log.append(
                        LogEntry(told.text, before.round, told.seat, header=told.heading)
                    )
                luyu = self.is_luyu(seat)
                self.turns.note(
                    before, move, self.state, luyu=luyu, names=self.names, moves=len(self.moves)
                )
                if self.state.reveals != before.reveals:  # hidden or random information out
                    revealed = _reveal_reason(move, before, self.state)
                elif self.state.seat != seat or self.state.over:
                    revealed = "the turn has passed to another seat"
                if isinstance(move, mv.EndTurn | mv.Pass | mv.LuYuTurn | mv.LuYuPass):
                    self._turn_serial += 1
                self._open_headers()
        except Exception:
            self._restore(snapshot)
            raise
        if revealed:
            self._undo.clear()
            if self.state.seat != start_seat:
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
        return self.turns.so_far(self.state, luyu=self.is_luyu(self.state.seat))

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
        """Add a round heading and a turn heading when a new round or a new turn begins."""
        g = self.state
        if g.over:
            if self._header_key[0] != -1:
                self._header_key = (-1, -1, -1)
                self.log.append(LogEntry("The game is over", g.round, -1, header=True))
            return
        key = (g.round, g.seat, self._turn_serial)
        if key == self._header_key:
            return
        if key[0] != self._header_key[0]:
            self.log.append(LogEntry(f"Round {g.round} of {ROUNDS}", g.round, -1, header=True))
        self._header_key = key
        lu = g.luyu
        played = lu.slots if lu is not None and lu.seat == g.seat else g.players[g.seat].stacks
        name = self.names[g.seat]
        turn = f"turn {len(played) + 1}" if len(played) < max_turns(g) else "every slot played"
        self.log.append(LogEntry(f"{name}, {turn}", g.round, g.seat, header=True))


def _reveal_reason(move: Move, before: TeaGardenState, after: TeaGardenState) -> str:
    """Say in a few words what a move revealed."""
    if after.round != before.round or after.over:
        return "a new round has begun"
    if isinstance(move, mv.DrawCards):
        return "cards were drawn"
    if isinstance(move, mv.Buy | mv.TakeCaravan | mv.TakeEmperorCard | mv.PayLeaf):
        return "a display was refilled from its deck"
    if isinstance(move, mv.PlaceCupTile):
        return "a new Cup tile was revealed"
    if isinstance(move, mv.RemoveCard):
        return "a deck was shuffled"
    return "hidden information was revealed"
