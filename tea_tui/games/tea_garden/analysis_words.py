"""Tea Garden's decisions in words for the post-game analysis (:mod:`tea_tui.analysis`)."""

from __future__ import annotations

from collections.abc import Sequence

from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.move_words import label, pending_title
from tea_tui.games.tea_garden.menu import LIST_TITLES


def decision_words(view: TeaGardenObservation, ctx: Context, move: Move) -> str:
    """A move as the decision panel words it, with the title of its list (a menu item such as
    a Region means little without "Build a garden"), read from the seat's own view."""
    text = label(view, ctx, move)
    if view.pending:
        return f"{pending_title(view, ctx, view.pending[-1])}: {text}"
    lists = {**LIST_TITLES, mv.NobleCourt: "Noble Court"}
    title = lists.get(type(move))
    return f"{title}: {text}" if title else text


def decision_turn(obs: TeaGardenObservation, names: Sequence[str]) -> str:
    """Which turn of the round it was, as the log's turn heading counts them."""
    mover = obs.to_move
    stacks = len(obs.players[mover].stacks) if mover < len(obs.players) else 0
    number = stacks if obs.turn.committed else stacks + 1
    whose = "" if mover == obs.seat else f"{names[mover]}'s "
    return f"{whose}turn {number}"
