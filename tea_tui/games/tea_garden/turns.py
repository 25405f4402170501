"""Tea Garden's turns in a sentence each: what a turn did and gained, and what the end of a
round changed (:mod:`core.tea_garden.narrate_turn`, :mod:`core.tea_garden.narrate_maintenance`),
and the turns a seat has left (:func:`turns_left`).
"""

from __future__ import annotations

from collections.abc import Sequence

from core.engine import State
from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden.context import Context
from core.tea_garden.flow import card_slots
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.move_words import step_phrase
from core.tea_garden.narrate_maintenance import ends_round, round_end_summary
from core.tea_garden.narrate_turn import luyu_phrases, turn_gains, turn_summary
from core.tea_garden.rules import TeaGardenState
from tea_tui.turns import TurnNotes

TURN_ENDS = (mv.EndTurn, mv.Pass, mv.LuYuTurn, mv.LuYuPass)
"""The moves that end a turn (the seat may still be the same, with a new turn)."""


def _tea(state: State) -> TeaGardenState:
    assert isinstance(state, TeaGardenState)
    return state


class TeaGardenTurnNotes(TurnNotes):
    """Tea Garden's turns: the steps in words, then what the turn gained."""

    def phrases(self, before: State, move: Move, after: State, *, automa: bool) -> list[str]:
        """Lu Yu's turn tells each of his card's steps; a person's move one phrase."""
        if isinstance(move, mv.LuYuTurn | mv.LuYuPass):
            return luyu_phrases(_tea(after))
        return [step_phrase(_tea(before), move)]

    def ends_turn(self, before: State, move: Move, after: State) -> bool:
        """A turn ends with End turn, a pass, Lu Yu's turn, or the seat changing."""
        return isinstance(move, TURN_ENDS) or super().ends_turn(before, move, after)

    def summary(
        self, start: State, end: State, seat: int, phrases: Sequence[str], *, automa: bool
    ) -> str:
        """The steps, then the leaves, cards and points the turn gained."""
        gains = turn_gains(_tea(start), _tea(end), seat, quality=not automa)
        return turn_summary(phrases, gains)

    def round_end(self, before: State, after: State, names: Sequence[str]) -> str | None:
        """What Maintenance changed at the end of a round."""
        if not ends_round(_tea(before), _tea(after)):
            return None
        return round_end_summary(_tea(before), _tea(after), names)

    def round_of(self, state: State) -> int:
        """The round the state is in."""
        return _tea(state).round


def turns_left(view: TeaGardenObservation, ctx: Context, seat: int) -> int:
    """Return the turns ``seat`` may still take this round, the turn being played included
    (0 once it has passed): the one figure the status line, the boards and plain mode show."""
    p = view.players[seat]
    if p.passed or view.over:
        return 0
    lu = view.luyu
    if lu is not None and lu.seat == seat:  # the automa plays into his own slots, all at once
        return max(0, card_slots(ctx) - len(lu.slots))
    taken = len(p.stacks)
    if seat == view.to_move and view.turn.committed:
        taken -= 1
    return max(0, card_slots(ctx) - taken)
