"""The registry-driven import contracts (tests/architecture.py) find every game's packages."""

from __future__ import annotations

from tests.architecture import game_packages, neutral_modules

LAYERS = ["core", "ai", "tea_tui.games"]


def test_every_game_package_is_found_from_the_registry() -> None:
    found = set(game_packages(LAYERS))
    assert {"core.tea_garden", "core.tasting", "ai.tea_garden", "tea_tui.games.tea_garden"} <= found
    assert "ai.tasting" not in found  # a game need not have a package in every layer


def test_the_game_neutral_modules_are_the_rest_of_each_layer() -> None:
    games = game_packages(LAYERS)
    neutral = set(neutral_modules([*LAYERS, "saves", "tea_tui"], games))
    assert {"core.engine", "core.games", "ai.mcts", "tea_tui.session", "tea_tui.screens"} <= neutral
    assert not neutral & set(games)
    assert "tea_tui.games" not in neutral  # the games layer's own root holds no code
