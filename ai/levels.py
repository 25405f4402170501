"""One line about the strength of each named level, for the new-game form and help texts.

The lines come from arena and ladder games (docs/ai.md, "The rating ladder"); they describe how
the levels play against each other, not promises. ``describe`` finds the line of a seat spec:

>>> describe("mcts:normal@Mei") == LEVEL_TEXT["mcts:normal"]
True
"""

from __future__ import annotations

from core.seats import SeatSpec

LEVEL_TEXT: dict[str, str] = {
    "random": "Plays any legal move: no plan at all, to learn the moves against.",
    "heuristic": "Greedy: takes what scores best this turn. A fair first opponent.",
    "mcts:easy": "Searches a little each turn; plans a turn but misses much. For beginners.",
    "mcts:normal": "Plans each turn well; beats the greedy player most games. Casual play.",
    "mcts:hard": "Searches four times longer than normal, about 3 s a move. Experienced play.",
    "mcts:expert": "The longest search, up to 30 s a move; a little stronger than hard.",
    "luyu:easy": "Lu Yu with no Expert card: scores steadily but slowly. Beatable.",
    "luyu:medium": "Lu Yu with one Expert card: a real race for a newcomer.",
    "luyu:hard": "Lu Yu with two Expert cards: close games for a good player.",
    "luyu:expert": "Lu Yu with three Expert cards: wins about half his games against MCTS.",
}
"""A line per level, keyed by seat spec (``mcts:hard``, ``luyu:expert``)."""


def describe(spec: SeatSpec | str) -> str | None:
    """Return the line about a seat's level, or None for a person or an explicit budget.

    Raises:
        ValueError: if ``spec`` is text that is not a seat spec.
    """
    seat = spec if isinstance(spec, SeatSpec) else SeatSpec.parse(spec)
    if seat.kind in ("random", "heuristic") and seat.level in ("", "normal"):
        return LEVEL_TEXT.get(seat.kind)
    level = seat.level or ("normal" if seat.kind == "mcts" else "")
    return LEVEL_TEXT.get(f"{seat.kind}:{level}")
