"""The tree a game's named levels search (ai.knowledge.level_tree): Tea Garden's levels search a
tree of the seat's own decisions at 2 players and the shared tree elsewhere; an explicit spec
searches the tree it names; the ladder plays and rates the levels with their tree; hints keep
the shared tree whose values their chances were calibrated on."""

from __future__ import annotations

import pytest

from ai.agents import level_spec, make_agent, parse_search
from ai.knowledge import level_tree
from ai.ladder import entrant, level_tree_of
from ai.ladder_arenas import ladder_label
from ai.mcts import MctsAgent
from core.engine import Game
from core.sencha.game import SenchaGame
from core.tasting import TastingGame
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from tea_tui.hints import hint_spec


def own_tree(spec: str, game: Game) -> bool:
    """Whether the seat ``spec`` plays in ``game`` searches a tree of its own decisions."""
    agent = make_agent(spec, game).agent
    assert isinstance(agent, MctsAgent)
    return agent.own


def test_tea_garden_levels_search_their_own_tree_at_two_players_only() -> None:
    assert level_tree(TeaGardenGame(num_seats=2)) == "own"
    assert level_tree(TeaGardenGame(num_seats=3)) == "shared"
    assert level_tree(TeaGardenGame(num_seats=4)) == "shared"
    assert level_tree(SenchaGame(num_seats=2)) == "shared"
    assert level_tree(TastingGame()) == "shared"


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_a_level_word_plays_the_games_level_tree(level: str) -> None:
    assert parse_search(level).own is None  # left to the game
    assert own_tree(f"mcts:{level}", TeaGardenGame(num_seats=2))
    assert not own_tree(f"mcts:{level}", TeaGardenGame(num_seats=3))
    assert not own_tree(f"mcts:{level}", SenchaGame(num_seats=2))


def test_an_explicit_spec_searches_the_tree_it_names() -> None:
    two = TeaGardenGame(num_seats=2)
    assert not own_tree("mcts:iters=1800+depth=lap+keep=0.3", two)
    assert own_tree("mcts:iters=1800+depth=lap+keep=0.3+own=1", two)
    assert own_tree("mcts:iters=50+own=1", TeaGardenGame(num_seats=3))


def test_the_level_spec_names_the_tree() -> None:
    assert level_spec("normal", tree="own") == "iters=1800+depth=lap+keep=0.3+own=1"
    assert level_spec("normal") == "iters=1800+depth=lap+keep=0.3"
    assert level_spec("easy", 0.5, "learned", "own") == "iters=100+own=1+eval=learned"
    own = parse_search(level_spec("hard", tree="own"))
    assert own.own is True and own.budget.iterations == 7200


def test_the_ladder_plays_and_rates_tea_garden_levels_with_their_tree() -> None:
    tree = level_tree_of("tea_garden")
    assert tree == "own" and level_tree_of("sencha") == "shared"
    spec = entrant("mcts:normal", 1.0, "hand", tree).spec
    assert spec == "mcts:iters=1800+depth=lap+keep=0.3+own=1"
    assert own_tree(spec, TeaGardenGame(num_seats=2))
    assert ladder_label(spec, "hand", tree) == "mcts:normal"
    # The shared tree at the same budget is another entrant now, not the level.
    shared = "mcts:iters=1800+depth=lap+keep=0.3"
    assert ladder_label(shared, "hand", tree) == shared
    assert ladder_label(shared) == "mcts:normal"  # as the levels searched before


def test_hints_search_the_shared_tree_with_the_level_evaluation() -> None:
    two = TeaGardenGame(num_seats=2)
    assert hint_spec(two) == "mcts:iters=1800+depth=lap+keep=0.3+eval=learned"
    assert not own_tree(hint_spec(two), two)
    puerh = TeaGardenGame(num_seats=2, options=Options(puerh=True))
    assert hint_spec(puerh) == "mcts:iters=1800+depth=lap+keep=0.3"
    sencha = SenchaGame(num_seats=2)
    assert hint_spec(sencha) == "mcts:iters=1800+depth=lap+keep=0.3+eval=learned"
