"""What the AI knows of Sencha: the worth of things (:mod:`.values`), an evaluation of the table
(:mod:`.evaluation`), fast move scores and a playout policy (:mod:`.policy`), and the bundle the
search and the heuristic player use (:mod:`.knowledge`). The game-neutral AI reaches it through
the registry, by the game's id."""

from __future__ import annotations

from ai.sencha.knowledge import knowledge

__all__ = ["knowledge"]
