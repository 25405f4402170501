"""What a move's words read, and the shape of the table's entries.

A move is worded against the scene it is made in: the shared context, the board, the turn so
far, the seat to move and the decision on top of the stack (a payment, a "stop" or an option
answers it). The menu reads the scene from the seat's observation, the log from the full state
just before the move; both give the same :class:`Scene`, so one entry serves both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar, cast

from core.moves import Move
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.state import AnyPending, Board, GameData, PlayerState, Turn

ACTION_NAME = {
    "river": "the River action",
    "cup": "the Cup production",
    "university": "the University action",
}
"""A secondary action as the object of a sentence ("repeats the River action")."""


class Scene(NamedTuple):
    """The parts of a position that a move's words read."""

    ctx: Context
    board: Board
    turn: Turn
    me: PlayerState
    """The seat to move (in a seat's observation, the observing seat)."""
    top: AnyPending | None
    """The decision the move answers, if any: the top of the pending stack."""


def scene_of_state(g: GameData) -> Scene:
    """Return the scene of a full state, for the seat to move."""
    return Scene(g.ctx, g.board, g.turn, g.players[g.seat], g.pending[-1] if g.pending else None)


def scene_of_view(view: TeaGardenObservation, ctx: Context) -> Scene:
    """Return the scene of a seat's observation, for the observing seat."""
    top = view.pending[-1] if view.pending else None
    return Scene(ctx, view.board, view.turn, view.players[view.seat], top)


Words = Callable[[Scene, Move], str]
"""A move in words in a scene; "" when the scene gives nothing to say (the caller falls back)."""


class Entry(NamedTuple):
    """Every wording of one kind of move."""

    label: Words
    """Its menu label, in the imperative ("Build in Putuo …")."""
    sentence: Words
    """Its log sentence, after the seat's name ("builds in Putuo …")."""
    phrase: Words
    """A few words for a turn at a glance ("built in Putuo"), or "" for a small step."""


M = TypeVar("M", bound=Move)


def _nothing(scene: Scene, move: Move) -> str:
    return ""


def entry(
    kind: type[M],
    label: Callable[[Scene, M], str],
    sentence: Callable[[Scene, M], str],
    phrase: Callable[[Scene, M], str] | None = None,
) -> tuple[type[Move], Entry]:
    """Return the table row of ``kind``: its label, its sentence and its phrase (none given: a
    step too small for the turn's summary)."""
    # The table is looked up by ``type(move)``, so each function only ever gets its own kind.
    words = (cast(Words, label), cast(Words, sentence), cast(Words, phrase or _nothing))
    return kind, Entry(*words)


def source_name(scene: Scene, source: str) -> str:
    """Name where effects come from, after the word "from" (see ``Resolve.source``)."""
    ctx = scene.ctx
    kind, _, rest = source.partition(":")
    if kind == "card" and scene.turn.top:
        return ctx.card_name(scene.turn.top)
    if kind == "region" and rest in ctx.region_index:
        return f"the Region bonus of {ctx.region(rest).name}"
    if kind == "caravan":
        return f"the Caravan {ctx.name(rest)}"
    if kind == "emperor":
        return f"row {rest} of the Emperor track"
    if kind == "river":
        return f"River segment {rest}"
    if kind == "university":
        return f"University sector {rest}"
    if kind == "cup":
        return "a Cup"
    if kind == "hall" and rest in ctx.halls:
        return f"the {ctx.halls[rest].name}"
    if kind == "puerh":
        return "a Puerh set"
    return "the repeated action" if kind == "repeat" else source
