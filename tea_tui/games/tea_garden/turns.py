"""The turns of a game in a sentence each, for the line about the others on the game screen and
for plain mode: kept as the moves are made, taken back with them.

:class:`TurnNotes` belongs to a :class:`~tea_tui.session.GameSession`, which hands it every move
with the states around it; the sentences come from :mod:`core.tea_garden.narrate_turn` (a turn)
and :mod:`core.tea_garden.narrate_maintenance` (the end of a round). No Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden.narrate_maintenance import ends_round, round_end_summary
from core.tea_garden.narrate_turn import luyu_phrases, step_phrase, turn_gains, turn_summary
from core.tea_garden.rules import TeaGardenState

TURN_ENDS = (mv.EndTurn, mv.Pass, mv.LuYuTurn, mv.LuYuPass)
"""The moves that end a turn (the seat may still be the same, with a new turn)."""


@dataclass(frozen=True)
class TurnSummary:
    """One whole turn in a sentence (:mod:`core.tea_garden.narrate_turn`)."""

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
    start: TeaGardenState | None
    phrases: int


@dataclass
class TurnNotes:
    """Every finished turn in a sentence, and the turn in progress."""

    summaries: list[TurnSummary] = field(default_factory=list)
    """Every finished turn (and round end), in order."""
    _start: TeaGardenState | None = None
    """The state when the turn in progress began."""
    _phrases: list[str] = field(default_factory=list)
    """The phrases of the turn in progress so far."""

    def note(
        self,
        before: TeaGardenState,
        move: Move,
        after: TeaGardenState,
        *,
        luyu: bool,
        names: Sequence[str],
        moves: int,
    ) -> None:
        """Add one move (``luyu``: played by Lu Yu); sum the turn up once it is over.

        Args:
            before: The state just before the move (kept: not changed afterwards).
            move: The move.
            after: The state just after it.
            luyu: True if Lu Yu made the move.
            names: The seats' names.
            moves: How many moves have been made, this one included.
        """
        seat = before.seat
        if self._start is None:
            self._start = before
        if isinstance(move, mv.LuYuTurn | mv.LuYuPass):
            self._phrases.extend(luyu_phrases(after))
        else:
            self._phrases.append(step_phrase(before, move))
        ended = ends_round(before, after)
        if isinstance(move, TURN_ENDS) or after.seat != seat or after.over:
            end = before if ended else after  # not the Maintenance that followed
            gains = turn_gains(self._start, end, seat, quality=not luyu)
            text = turn_summary(self._phrases, gains)
            self.summaries.append(TurnSummary(seat, before.round, text, moves))
            self._start = None  # the next move's state before is the next turn's start
            self._phrases = []
        if ended:
            text = round_end_summary(before, after, names)
            self.summaries.append(TurnSummary(-1, before.round, text, moves))

    def so_far(self, state: TeaGardenState, *, luyu: bool) -> str:
        """The turn in progress in a sentence (without the seat's name), "" if nothing shows."""
        if not any(self._phrases) or self._start is None or state.over:
            return ""
        gains = turn_gains(self._start, state, state.seat, quality=not luyu)
        return turn_summary(self._phrases, gains)

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
