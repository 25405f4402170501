"""The evaluation a game's named levels search with (ai.knowledge.level_evaluation): Sencha's
levels use the weights learned from self-play at 2 players, Tea Garden's in its 2-player base
game (the hand-tuned evaluation with Puerh, at 3 and 4 players and against Lu Yu); explicit
iteration specs keep the evaluation they name, and the ladder plays and rates the levels with
the same evaluation."""

from __future__ import annotations

import importlib
from pathlib import Path

import msgspec
import pytest

from ai.agents import level_spec, make_agent, parse_search
from ai.arena import ArenaConfig, ArenaReport, seated_game
from ai.knowledge import level_evaluation
from ai.ladder import (
    LadderConfig,
    entrant,
    level_evaluation_of,
    level_tree_of,
    match_configs,
    table_level_search,
)
from ai.ladder_arenas import ladder_from_arenas, ladder_label
from ai.learn.model import CalibratedChance, LearnedEvaluator, shipped_weights
from ai.mcts import MctsAgent
from core.engine import Game
from core.sencha.game import SenchaGame
from core.tasting import TastingGame
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame


def evaluator_of(spec: str, game: Game) -> object:
    agent = make_agent(spec, game).agent
    assert isinstance(agent, MctsAgent)
    return agent.knowledge.evaluator


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_sencha_levels_search_with_the_learned_weights_at_two_seats(level: str) -> None:
    two = SenchaGame(num_seats=2)
    assert level_evaluation(two) == "learned"
    assert isinstance(evaluator_of(f"mcts:{level}", two), LearnedEvaluator)
    # An explicit spec searches as it says: the hand-tuned evaluation unless eval=learned.
    assert not isinstance(evaluator_of("mcts:iters=50", two), LearnedEvaluator)
    assert isinstance(evaluator_of("mcts:iters=50+eval=learned", two), LearnedEvaluator)


def test_without_weights_for_the_table_the_levels_stay_hand_tuned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sencha names the learned evaluation for 2 players only: at 3 and 4 the levels search
    with the hand-tuned one, weights or not (where weights ship, hints still read calibrated
    chances from them). With the 2-player weights taken away, its levels fall back too."""
    for seats in (3, 4):
        game = SenchaGame(num_seats=seats)
        assert level_evaluation(game) == "hand"
        assert not isinstance(evaluator_of("mcts:normal", game), LearnedEvaluator)
        chance = evaluator_of_chance("mcts:normal", game)
        assert isinstance(chance, CalibratedChance) == (shipped_weights(game) is not None)
    module = importlib.import_module("ai.sencha.knowledge")  # the package's name is a function
    monkeypatch.setattr(module, "shipped_weights", lambda game: None)
    game = SenchaGame(num_seats=2)
    assert level_evaluation(game) == "hand"
    assert not isinstance(evaluator_of("mcts:normal", game), LearnedEvaluator)


def evaluator_of_chance(spec: str, game: Game) -> object:
    agent = make_agent(spec, game).agent
    assert isinstance(agent, MctsAgent)
    return agent.knowledge.win_chance


def test_tea_garden_levels_search_the_learned_evaluation_in_the_two_player_base_game() -> None:
    """Tea Garden names the learned evaluation for its 2-player base game alone: the levels
    there search the tuned weights and hints read their chance map; with Puerh, at 3 players and
    against Lu Yu the levels stay hand-tuned (the learned weights of those setups are untuned
    fits); a game without AI knowledge stays hand-tuned too."""
    base = TeaGardenGame(num_seats=2)
    assert level_evaluation(base) == "learned"
    assert isinstance(evaluator_of("mcts:normal", base), LearnedEvaluator)
    chance = evaluator_of_chance("mcts:normal", base)
    assert isinstance(chance, CalibratedChance) and chance.evaluation == "learned"
    assert not isinstance(evaluator_of("mcts:iters=50", base), LearnedEvaluator)
    for other in (
        TeaGardenGame(num_seats=2, options=Options(puerh=True)),
        TeaGardenGame(num_seats=3),
        TeaGardenGame(num_seats=4),
        TeaGardenGame(num_seats=2, luyu_seat=1, start_seat=0),
    ):
        assert level_evaluation(other) == "hand"
        assert not isinstance(evaluator_of("mcts:normal", other), LearnedEvaluator)
    assert level_evaluation(TastingGame()) == "hand"


def test_mcts_normal_is_the_clocked_learned_search_in_the_two_player_base_game() -> None:
    """The shipped level plays exactly the search docs/ai.md measured against greedy: the level
    word and the explicit clocked spec on the learned evaluation build the same agent."""
    base = TeaGardenGame(num_seats=2)
    level = make_agent("mcts:normal", base).agent
    explicit = make_agent(
        "mcts:iters=1800+time=1.9+depth=lap+keep=0.3+clock=1.9+own=1+eval=learned", base
    ).agent
    assert isinstance(level, MctsAgent) and isinstance(explicit, MctsAgent)
    fields = ("default_budget", "uct_c", "follow", "top_up", "keep", "turn", "clock", "own")
    assert [getattr(level, f) for f in fields] == [getattr(explicit, f) for f in fields]
    assert level.replies == explicit.replies and level.clock == 1.9 and level.own
    assert isinstance(level.knowledge.evaluator, LearnedEvaluator)


def test_a_level_word_leaves_the_evaluation_to_the_game() -> None:
    assert parse_search("normal").evaluation is None
    assert parse_search("iters=1800+depth=lap+keep=0.3").evaluation == "hand"
    assert (
        level_spec("normal", evaluation="learned") == "iters=1800+depth=lap+keep=0.3+eval=learned"
    )
    assert level_spec("easy", 0.5, "learned") == "iters=100+eval=learned"


def test_the_ladder_plays_and_rates_sencha_levels_with_their_evaluation() -> None:
    evaluation = level_evaluation_of("sencha")
    assert evaluation == "learned" and level_evaluation_of("tea_garden") == "learned"
    assert level_evaluation_of("tea_garden", {"puerh": True}) == "hand"
    spec = entrant("mcts:normal", 1.0, evaluation).spec
    assert spec == "mcts:iters=1800+depth=lap+keep=0.3+eval=learned"
    assert ladder_label(spec, evaluation) == "mcts:normal"
    # The hand-tuned search at the same budget is another entrant in Sencha, not the level.
    assert ladder_label("mcts:iters=1800+depth=lap+keep=0.3", evaluation) != "mcts:normal"
    assert ladder_label("mcts:iters=1800+depth=lap+keep=0.3") == "mcts:normal"


def test_a_level_evaluation_may_be_named_per_weights_variant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``LEVEL_EVALUATION`` keyed by a weights variant applies to that setup alone: named for
    Tea Garden's 2-player base game, the levels there search the learned evaluation, those with
    the expansion and at 3 players stay hand-tuned; a seat-count key still applies."""
    package = importlib.import_module("ai.tea_garden")
    monkeypatch.setattr(package, "LEVEL_EVALUATION", {"2p": "learned"}, raising=False)
    base = TeaGardenGame(num_seats=2)
    assert level_evaluation(base) == "learned"
    assert isinstance(evaluator_of("mcts:normal", base), LearnedEvaluator)
    puerh = TeaGardenGame(num_seats=2, options=Options(puerh=True))
    assert level_evaluation(puerh) == "hand"
    assert level_evaluation(TeaGardenGame(num_seats=3)) == "hand"
    monkeypatch.setattr(package, "LEVEL_EVALUATION", {3: "learned"}, raising=False)
    assert level_evaluation(TeaGardenGame(num_seats=3)) == "learned"
    assert level_evaluation(base) == "hand"


def test_the_ladder_seats_a_level_against_lu_yu_as_the_app_does() -> None:
    """Against Lu Yu no learned weights ship, so a Tea Garden level searches the hand-tuned
    evaluation there (as the level word does in the app); the ladder's round robin seats it so
    (every match builds), and its other pairings keep the learned search."""
    labels = ("heuristic", "mcts:normal", "luyu:expert")
    evaluation, tree = level_evaluation_of("tea_garden"), level_tree_of("tea_garden")
    entrants = tuple(entrant(x, 0.01, evaluation, tree) for x in labels)
    config = LadderConfig(entrants=entrants, scale=0.01)
    matches = {m.seats: m for m in match_configs(config)}
    learned = "mcts:iters=18+depth=lap+keep=0.3+own=1+eval=learned"
    assert set(matches) == {
        ("heuristic", learned),
        ("heuristic", "luyu:expert"),
        ("mcts:iters=18+depth=lap+keep=0.3+own=1", "luyu:expert"),
    }
    for match in matches.values():
        table = seated_game(match, match.seats)
        for spec in match.seats:
            make_agent(spec, table)
    solo = ArenaConfig(seats=("mcts:normal", "luyu:hard"), games=1)
    assert table_level_search(solo) == ("hand", "own")


def test_arena_runs_against_lu_yu_rate_the_hand_tuned_search_as_the_level() -> None:
    """``--from-arena`` labels each run's specs by the levels' search at its table: the
    hand-tuned normal search against Lu Yu and the learned one in the base game are both
    ``mcts:normal``; the hand-tuned search in the base game is an entrant of its own."""
    results = Path(__file__).parents[2] / "docs" / "results"
    names = ("ladder_own/L_luyu_expert_normal.json", "hard_vs_normal_learned/hard_learned_101.json")
    runs = [(n, msgspec.json.decode((results / n).read_bytes(), type=ArenaReport)) for n in names]
    report = ladder_from_arenas(runs, anchor="luyu:expert")
    assert {s.label for s in report.standings} == {"mcts:normal", "mcts:hard", "luyu:expert"}
    base = TeaGardenGame(num_seats=2)
    hand = "mcts:iters=1800+depth=lap+keep=0.3+own=1"
    evaluation = level_evaluation(base)
    assert ladder_label(hand, evaluation, "own") == hand
    assert ladder_label(f"{hand}+eval=learned", evaluation, "own") == "mcts:normal"
