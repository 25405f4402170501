"""AI players: agents, search and the arena.

- :mod:`ai.base`: the agent protocol (``choose(observation, legal_moves, budget, rng)``) and the
  values that cross it (budgets, search results, progress reports).
- :mod:`ai.agents`: the players by seat spec (``random``, ``heuristic``, ``mcts:LEVEL``).
- :mod:`ai.mcts`: information-set Monte Carlo tree search over ``Game.determinize``.
- :mod:`ai.heuristic`: the greedy player.
- :mod:`ai.knowledge`, :mod:`ai.tg_values`, :mod:`ai.tg_eval`, :mod:`ai.tg_policy`: what the
  players know about Tea Garden (prices, evaluation, fast move scores).
- :mod:`ai.worker`: an agent in its own process, with progress reports and cancelling.
- :mod:`ai.arena`, :mod:`ai.stats`: many headless games between seat specs, with statistics.
- :mod:`ai.openspiel_adapter`: the games as an OpenSpiel game, and seats for OpenSpiel's own
  MCTS and ISMCTS bots (optional ``openspiel`` extra; imported only for such a seat).

See docs/ai.md.
"""
