"""The position builder: pieces come from where they lie, and unsound positions are refused."""

from __future__ import annotations

import pytest

from core.sencha.conservation import conservation_problems, cube_totals
from core.sencha.position import Position, PositionError
from tests.core.sencha.helpers import position


def test_the_docstring_example_builds() -> None:
    """The builder's own example is a sound position with the pieces where it said."""
    s = (
        Position(players=3, seed=1, plantations=["kyoto", "shizuoka", "osaka"])
        .money(0, 5)
        .houses(0, "kyoto", 1)
        .cubes("kyoto", sakura=3, black=1)
        .workers(0, ["peasant", "donkey"])
        .load(0, 3, black=1)
        .card("gion_stall")
        .build()
    )
    p = s.pub.players[0]
    assert (p.money, p.houses[0], p.reserve) == (5, 1, 3)
    assert s.pub.plantations[0].cubes == [0, 3, 1] and s.pub.card == "gion_stall"
    assert cube_totals(s) == [9, 15, 15] and not conservation_problems(s)


def test_cubes_come_from_the_bag() -> None:
    """Cubes set anywhere leave the bag; asking for more than it has is refused."""
    pos = position(2).temple(0, sencha=9)
    with pytest.raises(PositionError, match="not enough sencha"):
        pos.cubes("kyoto", sencha=1)


def test_unsound_positions_are_refused() -> None:
    """Too many houses, money above the cap, a Donkey with Sencha: each named."""
    with pytest.raises(PositionError, match="houses"):
        position(2).houses(0, "kyoto", 2).houses(1, "kyoto", 2).build()
    with pytest.raises(PositionError, match="yen"):
        position(2).money(0, 13).build()
    with pytest.raises(PositionError, match="carries Sencha"):
        position(2).workers(0, ["donkey"]).load(0, 2, sencha=1).build()
    with pytest.raises(PositionError, match="carries 2 cubes"):
        position(2).load(0, 1, black=2).build()
    with pytest.raises(PositionError, match="more than 9"):
        position(2).cubes("kyoto", black=10).build()


def test_the_deck_and_the_cards_left() -> None:
    """The deck's top can be set, and cards can be counted as turned already."""
    s = position(2).card("gion_stall").deck(["harbour", "festival"]).build()
    assert s.deck[-2:] == ["festival", "harbour"]
    with pytest.raises(PositionError, match="not face down"):
        position(2).card("gion_stall").deck(["gion_stall"])
    s = position(2).cards_left(2).build()
    assert len(s.deck) == 2 and s.pub.cards_turned == 5 and len(s.pub.discards) == 4
