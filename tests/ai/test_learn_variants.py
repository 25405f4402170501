"""Shipped Tea Garden weights for every variant: each file loads for the game built with its
player count and expansion, is refused for any other, and the win chances of hints and the
post-game analysis come from its chance model, not the old mapping."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from ai.agents import make_agent
from ai.base import Budget
from ai.knowledge import knowledge_for, level_evaluation
from ai.learn.model import CalibratedChance, WeightsError, parse_weights, shipped_weights
from ai.mcts import MctsAgent
from ai.tea_garden.evaluation import TeaGardenEvaluator
from ai.tea_garden.features import FEATURES
from core.engine import Observation
from core.rng import Rng
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from tea_tui.analysis import Task, measure
from tea_tui.hints import Hinter, hint_spec
from tests.ai.positions import midgame

VARIANTS = [
    ("2p", 2, False),
    ("3p", 3, False),
    ("4p", 4, False),
    ("2p_puerh", 2, True),
    ("3p_puerh", 3, True),
    ("4p_puerh", 4, True),
]
"""Every Tea Garden setup with weights: (variant, players, Puerh expansion)."""

BUDGET = Budget(iterations=40)


def _game(players: int, puerh: bool) -> TeaGardenGame:
    return TeaGardenGame(num_seats=players, options=Options(puerh=puerh))


def _text(variant: str) -> str:
    path = resources.files("ai.tea_garden").joinpath("data", f"learned_{variant}.json")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("variant", "players", "puerh"), VARIANTS)
def test_weights_ship_for_the_variant(variant: str, players: int, puerh: bool) -> None:
    """The real game of that setup finds its file, whose recipe is a command for that very
    setup (player count, expansion), with held-out figures."""
    game = _game(players, puerh)
    assert FEATURES.variant(game) == variant
    weights = shipped_weights(game)
    assert weights is not None
    assert weights.variant == variant and weights.players == players
    recipe = weights.recipe
    assert recipe["players"] == players and recipe["puerh"] is puerh
    command = str(recipe["command"])
    assert command.startswith("tea-tui train --game tea_garden")
    assert f"--players {players}" in command and ("--puerh" in command) is puerh
    seats = recipe["seats"]
    assert isinstance(seats, list) and len(seats) == players
    fit = json.loads(_text(variant))["fit"]
    assert fit["held_out_games"] > 0 and 0.0 < fit["chance_hand_brier"] < 0.25


@pytest.mark.parametrize(("variant", "players", "puerh"), VARIANTS)
def test_a_file_is_refused_for_another_variant(variant: str, players: int, puerh: bool) -> None:
    """Each shipped file parses for its own variant and no other."""
    del players, puerh
    text = _text(variant)
    assert parse_weights(text, FEATURES, variant).variant == variant
    for other, _, _ in VARIANTS:
        if other != variant:
            with pytest.raises(WeightsError, match=f"not {other!r}"):
                parse_weights(text, FEATURES, other)


def _expected(
    game: TeaGardenGame, value: float, observation: Observation, evaluation: str
) -> tuple[float, float]:
    """The chance the variant's weights give a search value by the chance map of
    ``evaluation``, and the old mapping's."""
    weights = shipped_weights(game)
    assert weights is not None
    evaluator = TeaGardenEvaluator()
    chance = (
        CalibratedChance(game, FEATURES, weights, "hand", evaluator.spread)
        if evaluation == "hand"
        else CalibratedChance(game, FEATURES, weights, evaluation)
    )
    return chance(value, observation), evaluator.win_chance(value, observation)


@pytest.mark.parametrize(("variant", "players", "puerh"), VARIANTS)
def test_hints_and_analysis_use_the_variants_chance(
    variant: str, players: int, puerh: bool
) -> None:
    """A hint's and the analysis's win chances are the variant's chance model applied to the
    search's values, and differ from what the old mapping would have shown. Hints search with
    the levels' evaluation (the learned one in the 2-player base game) and read its chance
    map; the analysis searches with the hand-tuned evaluation and reads that one's."""
    game = _game(players, puerh)
    known = knowledge_for(game, level_evaluation(game)).win_chance
    assert isinstance(known, CalibratedChance) and known.weights.variant == variant
    state = midgame(players, 11, puerh=puerh)
    observation = state.observation(state.seat)
    legal = tuple(state.legal_moves())
    assert len(legal) > 1
    searcher = make_agent(hint_spec(game), game).agent  # the search hints run
    assert isinstance(searcher, MctsAgent)
    result = searcher.search(observation, legal, BUDGET, Rng.from_seed(3))
    values = {s.move: s.value for s in result.ranked if s.visits > 0}
    hints = Hinter(game, BUDGET, processes=False).find(observation, legal, 3).suggestions
    assert hints
    differ = 0
    for hint in hints:
        chance, old = _expected(game, values[hint.move], observation, level_evaluation(game))
        assert hint.chance == pytest.approx(chance, abs=1e-12)
        differ += abs(chance - old) > 1e-6
    assert differ, "the variant's chances should not be the old mapping's"
    measured = measure(game, Task(0, observation, legal, legal[0], 5), 40)
    chance, _ = _expected(game, measured.best_value, observation, "hand")
    assert measured.best_chance == pytest.approx(chance, abs=1e-12)
