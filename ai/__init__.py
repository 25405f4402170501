"""AI players: agents, search and the arena.

- :mod:`ai.base`: the agent protocol (``choose(observation, legal_moves, budget, rng)``) and the
  values that cross it (budgets, search results, progress reports).
- :mod:`ai.agents`: the players by seat spec (``random``, ``heuristic``, ``mcts:LEVEL``).
- :mod:`ai.mcts`: information-set Monte Carlo tree search over ``Game.determinize``.
- :mod:`ai.heuristic`: the greedy player.
- :mod:`ai.knowledge`: what the players know of a game, from the game's own AI package.
- :mod:`ai.automa`: the seat of a solo mode's automa (Lu Yu).
- :mod:`ai.worker`: an agent in its own process, with progress reports and cancelling.
- :mod:`ai.arena`, :mod:`ai.stats`: many headless games between seat specs, with statistics.
- :mod:`ai.tea_garden`: Tea Garden's prices, evaluation, fast move scores, and the OpenSpiel
  adapter (seats for OpenSpiel's MCTS and ISMCTS bots; the optional ``openspiel`` extra).

See docs/ai.md.
"""
