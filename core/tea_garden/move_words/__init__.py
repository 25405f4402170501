"""Every Tea Garden move in words, once: for each kind of move, one entry in :data:`TABLE` gives
its menu label, its log sentence and its phrase in a turn's summary.

The menu reads a seat's observation, the log the full state just before the move; both are read
through the same :class:`~core.tea_garden.move_words.scene.Scene`, so a kind of move is worded
in one place, and a new kind of move is one more entry (a test checks that every kind has one)::

    label(view, ctx, move)   # "Putuo (Zhejiang, q5): 2-VP space, Pagoda 1"
    sentence(state, move)    # "builds in Putuo (Zhejiang, value 5) on a 2-VP space"
    step_phrase(state, move) # "built in Putuo"

Words name components (cards, Regions, Caravans, Cup tiles, tokens, Halls), never their ids,
and the log never names a card only its owner may see. The sentence is completed by
:mod:`core.tea_garden.narrate` (who, and what the move changed); small words shared with the
panels are :mod:`core.tea_garden.words`.
"""

from __future__ import annotations

from core.moves import Move
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.move_words import answers, puerh, turn
from core.tea_garden.move_words.scene import Entry, Scene, scene_of_state, scene_of_view
from core.tea_garden.move_words.titles import pending_title
from core.tea_garden.state import GameData

TABLE: dict[type[Move], Entry] = {**turn.ENTRIES, **answers.ENTRIES, **puerh.ENTRIES}
"""Every kind of Tea Garden move -> its words."""


def label(view: TeaGardenObservation, ctx: Context, move: Move) -> str:
    """Return the menu label of ``move`` for the seat of ``view`` (the seat to move)."""
    words = TABLE.get(type(move))
    return (words.label(scene_of_view(view, ctx), move) if words else "") or str(move)


def sentence(g: GameData, move: Move) -> str:
    """Return what the seat to move does with ``move``, in the third person and without its
    name ("builds in …"); read before the move is applied, since a payment, a "stop" or an
    option is worded by the decision it answers."""
    words = TABLE.get(type(move))
    return (words.sentence(scene_of_state(g), move) if words else "") or f"plays {move}"


def step_phrase(g: GameData, move: Move) -> str:
    """Return a few words for a move that shapes the turn ("built in Putuo"), or "" for the
    small steps (payments, answers, single leaves) that the turn's net change already shows.
    Read before the move is applied, like :func:`sentence`."""
    words = TABLE.get(type(move))
    return words.phrase(scene_of_state(g), move) if words else ""


__all__ = [
    "TABLE",
    "Entry",
    "Scene",
    "label",
    "pending_title",
    "scene_of_state",
    "scene_of_view",
    "sentence",
    "step_phrase",
]
