"""Plain mode for a game without a UI package of its own: the game as lines of text, its legal
moves numbered in their text notation (:class:`tea_tui.generic.GenericMatch`)."""

from __future__ import annotations

import sys
from typing import TextIO

from core.errors import RulesError
from saves import SaveStore
from tea_tui.generic import GenericMatch
from tea_tui.safe_text import clean

HELP = (
    "Type the number of a move, or the move itself (its words as listed). "
    "scores shows the points, quit stops (the game is autosaved)."
)


def play_generic_plain(
    match: GenericMatch,
    *,
    store: SaveStore | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play ``match`` in plain mode; return the exit status (1 when the game is not saved)."""
    out = stdout or sys.stdout
    read = stdin or sys.stdin

    def say(*lines: str) -> None:
        for line in lines:
            out.write(clean(line, None) + "\n")
        out.flush()

    def save() -> None:
        if store is not None:
            note = match.autosave(store)
            if note:
                say(note)

    seats = ", ".join(f"{match.name(i)} ({match.kind(i)})" for i in range(len(match.setup.seats)))
    say(f"{match.info.name}, plain mode. Seed {match.seed}. Seats: {seats}.", HELP)
    save()
    while True:
        if match.to_move is None:
            say(match.status(), *match.scores(), match.result())
            return 0 if match.saved else 1
        if not match.human_to_move:
            say(match.ai_move())
            save()
            continue
        legal = match.legal_moves()
        seat = match.to_move
        assert seat is not None
        say("", match.status(), *(f"  {line}" for line in match.view_lines(seat)))
        say(*(f"  {i}. {move}" for i, move in enumerate(legal, start=1)))
        out.write("> ")
        out.flush()
        line = read.readline()
        if not line:
            end = "The game is saved." if store is not None and match.saved else "Not saved."
            say(f"End of input. {end}")
            return 0 if match.saved else 1
        text = line.strip()
        if text in ("quit", "/quit"):
            say("Goodbye.")
            return 0 if match.saved else 1
        if text in ("scores", "/scores"):
            say(*match.scores())
            continue
        if text in ("help", "/help", "?"):
            say(HELP)
            continue
        if text.isdigit() and not 1 <= int(text) <= len(legal):
            say(f"Not a move now: the moves are numbered 1 to {len(legal)}.")
            continue
        try:
            move = legal[int(text) - 1] if text.isdigit() else match.game.parse_move(text)
            match.apply(move)
        except RulesError as error:
            say(f"Not a move now: {error}.")
            continue
        say(match.log[-1])
        save()
