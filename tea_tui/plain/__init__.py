"""Plain mode: Tea Garden as a conversation of text lines, for screen readers and terminals
that can show no more than lines.

No Textual and no colour: the game prints its log, a status line and the numbered menu of the
decision at hand, and reads one line at a time (a menu key, or a command word such as ``look``).
It drives the same UI-free pieces as the app (session, decision menu, AI seats, autosave), so a
game can be begun in one and continued in the other. Start it with ``tea-tui new --plain``,
``tea-tui continue --plain``, ``tea-tui load NAME --plain`` (``tea-tui replay NAME --plain``
prints a game's whole story), or with ``TEA_TUI_PLAIN=1``
in the environment (:func:`tea_tui.cli.common.plain_requested`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from tea_tui.plain import texts
from tea_tui.plain.conversation import PlainGame

if TYPE_CHECKING:
    from saves import SaveStore
    from tea_tui.session import GameSession

__all__ = ["PlainGame", "run_plain", "tell_game"]


def run_plain(
    session: GameSession,
    *,
    store: SaveStore | None = None,
    confirm: bool = True,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play ``session`` in plain mode, autosaving into ``store``; return the exit status."""
    keeper = None
    if store is not None:
        from tea_tui.persist import SaveKeeper

        keeper = SaveKeeper(store)
    game = PlainGame(session, stdin=stdin, stdout=stdout, keeper=keeper, confirm=confirm)
    return game.run()


def tell_game(session: GameSession, stdout: TextIO | None = None) -> None:
    """Print a saved game's whole log, round by round, and how it ended if it is over (the
    plain form of the replay viewer)."""
    out = stdout or sys.stdout
    names = ", ".join(session.names)
    from core.games import game_name

    game = game_name(session.game_id)
    print(f"{game}, seed {session.seed}: {names}; {len(session.moves)} moves.", file=out)
    for entry in session.log:
        if entry.header and entry.seat < 0:
            print("", file=out)
        print(texts.log_text(entry), file=out)
    if session.is_over():
        print("", *texts.end_lines(session), sep="\n", file=out)
    else:
        note = "The game is not over: tea-tui load NAME --plain plays it on."
        print("", note, sep="\n", file=out)
