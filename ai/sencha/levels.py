"""One line about the strength of each Sencha level, from Sencha's own arena games (docs/ai.md,
"Sencha"); :mod:`ai.levels` shows them on the new-game and table forms."""

from __future__ import annotations

LEVEL_TEXT: dict[str, str] = {
    "random": "Any legal move, no plan: about 5-6 points a game. To learn the moves.",
    "heuristic": "Greedy: the best sale or purchase this turn, no foresight. A first game.",
    "mcts:easy": "A short search (200 iterations a move): beat greedy 17 of 20. Newcomers.",
    "mcts:normal": "Looks to its own next turn, under a second a turn; beat greedy 40 of 40.",
    "mcts:hard": "Four times normal's search, about 1 s a turn; beat normal 24 of 40.",
    "mcts:expert": "The longest search, 2-3 s a turn; won 6 of 12 against hard and normal.",
}
"""A line per level, keyed by seat spec (``mcts:hard``)."""
