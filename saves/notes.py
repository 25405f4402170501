"""Checking what a save keeps besides the rules' data: the hints asked for, the seats' colours.

The notes are never played, but the app reads them back (a hint's moves are labelled and shown
in the log), so a crafted or damaged note must be caught when the file is read, not when the app
trips over it. :func:`check_notes` keeps the notes that make sense for the replayed game and
says what is wrong with the others.
"""

from __future__ import annotations

import math

from core.errors import RulesError
from saves.format import GameNotes, HintNote
from saves.replay import Replay

MAX_HINTS = 10_000
"""More hints than this in one game is not a real game's record."""
MAX_COLOUR_NAME = 32
"""A seat's colour is a short name such as ``red``."""


def check_notes(notes: GameNotes, replay: Replay) -> tuple[GameNotes, list[str]]:
    """Return the notes that fit the game of ``replay``, and a sentence per note left out.

    A hint fits when it was asked at a point of the game (``at`` at most the number of moves),
    by the seat whose decision it was, with one win chance in [0, 1] per move, and every move
    it proposes reads as a move and is legal at that point. A seat colour fits when it is a
    short plain word.
    """
    problems: list[str] = []
    kept_hints: list[HintNote] = []
    if len(notes.hints) > MAX_HINTS:
        problems.append(f"{len(notes.hints)} hints are far more than a game can hold")
    else:
        for number, hint in enumerate(notes.hints, start=1):
            problem = _hint_problem(hint, replay)
            if problem is None:
                kept_hints.append(hint)
            else:
                problems.append(f"hint {number} (after move {hint.at}) {problem}")
    colours = notes.colours
    if len(colours) > replay.game.num_seats or not all(_plain_word(c) for c in colours):
        problems.append("the seats' colours are not short colour names")
        colours = ()
    kept = GameNotes(hints=tuple(kept_hints), colours=colours)
    return kept, problems


def _hint_problem(hint: HintNote, replay: Replay) -> str | None:
    if hint.at > len(replay):
        return f"comes after the last move ({len(replay)})"
    if len(hint.moves) != len(hint.chances):
        return f"gives {len(hint.moves)} moves but {len(hint.chances)} chances"
    if not all(math.isfinite(c) and 0.0 <= c <= 1.0 for c in hint.chances):
        return "gives a win chance outside 0 to 1"
    state = replay.state_at(hint.at)
    seat = state.current_seat()
    if seat is None:
        return "was asked after the end of the game"
    if hint.seat != seat:
        return f"is said to be seat {hint.seat + 1}'s, but it was seat {seat + 1}'s decision"
    legal = set(state.legal_moves())
    for text in hint.moves:
        shown = text if len(text) <= 40 else text[:37] + "..."
        try:
            move = replay.game.parse_move(text)
        except RulesError:
            return f"names {shown!r}, which is not a move"
        if move not in legal:
            return f"names {shown!r}, which was not a legal move there"
    return None


def _plain_word(text: str) -> bool:
    return 0 < len(text) <= MAX_COLOUR_NAME and text.isascii() and text.replace("_", "").isalnum()
