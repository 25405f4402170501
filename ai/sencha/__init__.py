"""What the AI knows of Sencha: the worth of things (:mod:`.values`), an evaluation of the table
(:mod:`.evaluation`), the features of the learned evaluation (:mod:`.features`, weights in
``data/``), fast move scores and a playout policy (:mod:`.policy`), and the bundle the
search and the heuristic player use (:mod:`.knowledge`); and the figures the arena reports of a
game for balancing it (:mod:`.stats`). The game-neutral AI reaches them through the registry, by
the game's id."""

from __future__ import annotations

from ai.sencha.features import FEATURES
from ai.sencha.knowledge import LEVEL_EVALUATION, knowledge, learned_knowledge
from ai.sencha.levels import LEVEL_TEXT
from ai.sencha.stats import game_stats

__all__ = [
    "FEATURES",
    "LEVEL_EVALUATION",
    "LEVEL_TEXT",
    "game_stats",
    "knowledge",
    "learned_knowledge",
]
