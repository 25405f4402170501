"""The turns of a game in a sentence each, for the line about the others on the game screen and
for plain mode: kept as the moves are made, taken back with them.

:class:`TurnNotes` belongs to a :class:`~tea_tui.session.GameSession`, which hands it every move
with the states around it. This class is game-neutral: a turn is the run of moves of one seat,
told as the moves' words joined. A game's UI package subclasses it to tell its turns better
(Tea Garden's :class:`~tea_tui.games.tea_garden.turns.TeaGardenTurnNotes` sums up what a turn
gained and what the end of a round changed). No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.engine import State
from core.moves import Move


@dataclass(frozen=True)
class TurnSummary:
    """One whole turn in a sentence."""

    seat: int
    """The seat that played the turn; -1 for the end of a round."""
    round: int
    text: str
    """What the seat did and gained, without its name (a round's end: what it changed)."""
    at: int
    """How many moves had been made when the turn ended."""


@dataclass(frozen=True)
class TurnLine:
    """One turn as the line about the others shows it."""

    seat: int
    text: str
    recent: bool
    """True if it came after the viewer's own last turn."""
    ongoing: bool = False
    """True for the turn being played now (what it did so far)."""


@dataclass(frozen=True)
class TurnMark:
    """What undo restores: how many summaries there were, and the turn in progress."""

    summaries: int
    start: State | None
    phrases: int


@dataclass
class TurnNotes:
    """Every finished turn in a sentence, and the turn in progress."""

    summaries: list[TurnSummary] = field(default_factory=list)
    """Every finished turn (and round end), in order."""
    _start: State | None = None
    """The state when the turn in progress began."""
    _phrases: list[str] = field(default_factory=list)
    """The phrases of the turn in progress so far."""

    # --- what a game tells better -----------------------------------------------------------

    def phrases(self, before: State, move: Move, after: State, *, automa: bool) -> list[str]:
        """The words of one move inside its turn (by default its words in the log)."""
        return [self.words(before, move, after)]

    def words(self, before: State, move: Move, after: State) -> str:
        """One move in words; set by the session to the game's words for moves."""
        return str(move)

    def ends_turn(self, before: State, move: Move, after: State) -> bool:
        """True when ``move`` ends the turn of the seat that made it."""
        return after.current_seat() != before.current_seat() or after.is_over()

    def summary(
        self, start: State, end: State, seat: int, phrases: Sequence[str], *, automa: bool
    ) -> str:
        """The whole turn in a sentence."""
        return "; ".join(p for p in phrases if p)

    def round_end(self, before: State, after: State, names: Sequence[str]) -> str | None:
        """What the end of a round changed, if the move ended one (None when it did not)."""
        return None

    def round_of(self, state: State) -> int:
        """The round (or step) of the game a state is in."""
        return state.progress().step

    # --- the notes ----------------------------------------------------------------------------

    def note(
        self,
        before: State,
        move: Move,
        after: State,
        *,
        automa: bool,
        names: Sequence[str],
        moves: int,
    ) -> None:
        """Add one move (``automa``: played by the game's automa); sum the turn up once it is
        over.

        Args:
            before: The state just before the move (kept: not changed afterwards).
            move: The move.
            after: The state just after it.
            automa: True if the automa made the move.
            names: The seats' names.
            moves: How many moves have been made, this one included.
        """
        seat = before.current_seat()
        assert seat is not None
        if self._start is None:
            self._start = before
        self._phrases.extend(self.phrases(before, move, after, automa=automa))
        ended = self.round_end(before, after, names)
        if self.ends_turn(before, move, after):
            end = before if ended is not None else after  # not the upkeep that followed
            text = self.summary(self._start, end, seat, self._phrases, automa=automa)
            self.summaries.append(TurnSummary(seat, self.round_of(before), text, moves))
            self._start = None  # the next move's state before is the next turn's start
            self._phrases = []
        if ended is not None:
            self.summaries.append(TurnSummary(-1, self.round_of(before), ended, moves))

    def so_far(self, state: State, *, automa: bool) -> str:
        """The turn in progress in a sentence (without the seat's name), "" if nothing shows."""
        seat = state.current_seat()
        if not any(self._phrases) or self._start is None or seat is None:
            return ""
        return self.summary(self._start, state, seat, self._phrases, automa=automa)

    def last_turns(
        self, viewer: int, seats: int, ongoing: tuple[int, str] | None = None
    ) -> list[TurnLine]:
        """What happened since ``viewer`` last played (see ``GameSession.last_turns``);
        ``ongoing`` is the seat playing now and its turn so far, if another seat's."""
        mine = max((i for i, t in enumerate(self.summaries) if t.seat == viewer), default=-1)
        lines = [
            TurnLine(t.seat, t.text, recent=True)
            for t in self.summaries[mine + 1 :]
            if t.seat != viewer
        ]
        if not lines:
            latest: dict[int, TurnSummary] = {}
            for summary in self.summaries:
                latest[summary.seat] = summary
            order = [(viewer + step) % seats for step in range(1, seats)]
            lines = [TurnLine(s, latest[s].text, recent=False) for s in order if s in latest]
        if ongoing is not None and ongoing[0] != viewer and ongoing[1]:
            lines.append(TurnLine(ongoing[0], ongoing[1], recent=True, ongoing=True))
        return lines

    def mark(self) -> TurnMark:
        """Remember where the notes are, for undo."""
        return TurnMark(len(self.summaries), self._start, len(self._phrases))

    def restore(self, mark: TurnMark) -> None:
        """Go back to ``mark``."""
        del self.summaries[mark.summaries :]
        self._start = mark.start
        del self._phrases[mark.phrases :]
