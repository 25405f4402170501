"""What the AI knows of Tea Garden: its evaluation (:mod:`.evaluation`), fast policy and move
scores (:mod:`.policy`), the prices both share (:mod:`.values`), the bundle the search and the
heuristic player use (:mod:`.knowledge`), the features of the learned evaluation
(:mod:`.features`, weights in ``data/``), a line on each level's strength and the evaluation
and tree the levels search (:mod:`.levels`) and the OpenSpiel adapter
(:mod:`.openspiel_adapter`, optional). The game-neutral AI reaches it through the registry, by
the game's id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.tea_garden.features import FEATURES
from ai.tea_garden.knowledge import knowledge, learned_knowledge
from ai.tea_garden.levels import LEVEL_EVALUATION, LEVEL_TEXT, LEVEL_TREE

if TYPE_CHECKING:
    from ai.base import Agent
    from core.engine import Game

__all__ = [
    "FEATURES",
    "LEVEL_EVALUATION",
    "LEVEL_TEXT",
    "LEVEL_TREE",
    "knowledge",
    "learned_knowledge",
    "openspiel_agent",
]


def openspiel_agent(game: Game, bot: str, name: str) -> Agent:
    """Return a seat played by one of OpenSpiel's bots (``mcts`` or ``ismcts``).

    Raises:
        ModuleNotFoundError: when the optional ``openspiel`` extra is not installed.
    """
    from ai.tea_garden.openspiel_adapter import OpenSpielAgent

    return OpenSpielAgent(game, bot, name=name)
