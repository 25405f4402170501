"""One line about the strength of each named level, for the new-game form and help texts.

Each game's AI package may hold its own lines (``LEVEL_TEXT`` in ``ai/<game>/levels.py``),
measured in that game's arena and ladder games (docs/ai.md); they describe how the levels play
against each other, not promises. A game without lines of its own, or a level it does not
describe, gets the game-neutral line below, which says only what the level does. ``describe``
finds the line of a seat spec (``mcts:normal@Mei``) in a game, by the game's id.
"""

from __future__ import annotations

from core.games import find_game, layer_package
from core.seats import SeatSpec

GENERIC_TEXT: dict[str, str] = {
    "random": "Any legal move, no plan. To learn the moves.",
    "heuristic": "Greedy: the best-scoring move this turn, no foresight. A first opponent.",
    "mcts:easy": "A short search (200 iterations a move): a plan for each turn.",
    "mcts:normal": "A search of 1,800 iterations a move that looks past its own turn.",
    "mcts:hard": "The same search with four times normal's iterations.",
    "mcts:expert": "The longest search, about eleven times normal's iterations.",
}
"""What each level does, for a game whose AI package measured none of its own."""


def level_text(game: str) -> dict[str, str]:
    """Return the line of every level of ``game`` (a game id), keyed by seat spec
    (``mcts:hard``, ``luyu:expert``): the game's own lines over the game-neutral ones.

    Raises:
        UnknownGameError: for a game id that is not registered.
    """
    package = layer_package(find_game(game), "ai")
    own: dict[str, str] = getattr(package, "LEVEL_TEXT", {})
    return {**GENERIC_TEXT, **own}


def describe(spec: SeatSpec | str, game: str) -> str | None:
    """Return the line about a seat's level in ``game``, or None for a person or an explicit
    budget.

    Raises:
        ValueError: if ``spec`` is text that is not a seat spec.
        UnknownGameError: for a game id that is not registered.
    """
    seat = spec if isinstance(spec, SeatSpec) else SeatSpec.parse(spec)
    lines = level_text(game)
    if seat.kind in ("random", "heuristic") and seat.level in ("", "normal"):
        return lines.get(seat.kind)
    level = seat.level or ("normal" if seat.kind == "mcts" else "")
    return lines.get(f"{seat.kind}:{level}")
