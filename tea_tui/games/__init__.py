"""The app's per-game packages: ``tea_tui.games.<id>`` for each game of :mod:`core.games`.

A game's UI package holds everything of the app that names one game's types, constants or
rules: its widgets and their layout, its decision menu, its words for moves and costs, its plain
mode lines, its house rules and its help. The rest of ``tea_tui`` is to reach it only through
the registry, by the game's id; a game without a package of its own plays through the
game-neutral fallback (:data:`tea_tui.game_ui.FALLBACK`), which lists its legal moves in words.
"""
