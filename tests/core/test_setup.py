"""Game setups as data, and the games they build."""

from __future__ import annotations

import msgspec
import pytest

from core.seats import SeatSpec
from core.setup import (
    ComponentMismatchError,
    GameSetup,
    SetupError,
    make_game,
    new_setup,
)
from core.tasting import TastingGame
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.loader import component_hash, load_builtin, load_components


def test_new_setup_fills_in_the_components() -> None:
    setup = new_setup(["human", "mcts:normal", SeatSpec("random")])
    cs = load_builtin()
    assert setup.game == "tea_garden" and setup.num_seats == 3
    assert setup.seats == (SeatSpec("human"), SeatSpec("mcts", "normal"), SeatSpec("random"))
    assert setup.components_id == cs.id and setup.components_hash == component_hash(cs)


def test_make_game_builds_tea_garden_with_options() -> None:
    setup = new_setup(["human", "human"], options={"cup_table_continues": True}, start_seat=1)
    game = make_game(setup)
    assert isinstance(game, TeaGardenGame)
    assert game.num_seats == 2 and game.start_seat == 1
    assert game.options.cup_table_continues
    assert game.new_state(4).seat == 1


def test_same_setup_and_seed_give_the_same_game() -> None:
    setup = new_setup(["human", "random", "random"])
    a = make_game(setup).new_state(12)
    b = make_game(msgspec.json.decode(msgspec.json.encode(setup), type=GameSetup)).new_state(12)
    assert a == b


def test_tasting() -> None:
    setup = new_setup(["human", "random"], game="tasting")
    assert isinstance(make_game(setup), TastingGame)
    assert setup.components_id == "tasting_duel"
    with pytest.raises(SetupError, match="Tasting Duel is played by 2 seats, not 3"):
        new_setup(["human"] * 3, game="tasting")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"game": "gongfu"}, "unknown game 'gongfu' .known games: tea_garden, tasting, sencha"),
        ({"options": {"turbo": True}}, "unknown option.*'turbo'.*cup_table_continues"),
        ({"options": {"puerh": "yes"}}, "wrong kind of value.*puerh"),
        ({"start_seat": 2}, "start seat 2 is not one of the seats"),
    ],
)
def test_bad_setups_name_the_problem(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        new_setup(["human", "human"], **kwargs)  # type: ignore[arg-type]


def test_seat_count_is_checked() -> None:
    with pytest.raises(SetupError, match="played by 2 to 4 seats, not 5"):
        new_setup(["human"] * 5)
    with pytest.raises(ValueError, match=r"1 seat spec.* for 2 seat"):
        GameSetup(num_seats=2, seats=(SeatSpec("human"),), components_id="x", components_hash="")
    with pytest.raises(SetupError, match="seat 'robot': unknown kind"):
        new_setup(["human", "robot"])


def test_components_must_match_the_setup() -> None:
    setup = new_setup(["human", "human"])
    mine = load_components("[scrolls]\nplus1 = 10\nteapot = 6\nx2 = 8\n", "mine.toml")
    with pytest.raises(ComponentMismatchError, match=r"'tea_tui_base'.*'tea_tui_base_custom'"):
        make_game(setup, mine)
    custom = new_setup(["human", "human"], components=mine)
    assert custom.components_id == "tea_tui_base_custom"
    game = make_game(custom, mine)
    assert isinstance(game, TeaGardenGame) and game.components is mine
    with pytest.raises(ComponentMismatchError):
        make_game(custom)
