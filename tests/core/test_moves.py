"""Move notation: text round trips, JSON tagged unions and clear errors for bad text."""

import enum
from typing import Literal

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import InvalidMoveError, RulesError
from core.moves import Move, move_kinds, parse_move
from core.tasting import Play


class Basket(enum.IntEnum):
    LOW = 1
    HIGH = 6


class Sample(Move, frozen=True, tag="sample"):
    """A move with one field of every kind the notation supports."""

    count: int
    region: str
    side: Literal["left", "right"]
    basket: Basket
    fresh: bool
    cards: tuple[int, ...]
    target: str | None = None
    extra: int = 0


class Bare(Move, frozen=True, tag="end"):
    """A move without fields."""


KINDS = move_kinds([Sample, Bare, Play])
words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_", min_size=1, max_size=8)


@given(
    count=st.integers(-50, 50),
    region=words,
    side=st.sampled_from(["left", "right"]),
    basket=st.sampled_from(list(Basket)),
    fresh=st.booleans(),
    cards=st.lists(st.integers(0, 99), max_size=5).map(tuple),
    target=st.none() | words,
    extra=st.integers(0, 9),
)
def test_text_round_trip(
    count: int,
    region: str,
    side: Literal["left", "right"],
    basket: Basket,
    fresh: bool,
    cards: tuple[int, ...],
    target: str | None,
    extra: int,
) -> None:
    move = Sample(count, region, side, basket, fresh, cards, target, extra)
    assert parse_move(str(move), KINDS) == move


def test_text_form_is_compact_and_readable() -> None:
    assert str(Sample(2, "b4", "left", Basket.HIGH, True, (3, 5))) == "sample 2 b4 left 6 yes 3,5"
    assert str(Sample(2, "b4", "left", Basket.LOW, False, ())) == "sample 2 b4 left 1 no -"
    assert str(Sample(1, "x", "right", Basket.LOW, False, (), "y", 4)) == (
        "sample 1 x right 1 no - y 4"
    )
    assert str(Bare()) == "end"
    assert str(Play(7)) == "play 7"


def test_protocol_move_kinds_round_trip() -> None:
    for move in (Bare(), Play(1), Play(9)):
        assert parse_move(str(move), KINDS) == move


def test_json_form_is_a_tagged_union() -> None:
    union = Sample | Bare | Play
    moves = [Play(3), Bare(), Sample(1, "a", "left", Basket.LOW, True, (1,))]
    data = msgspec.json.encode(moves)
    assert b'"move":"play"' in data
    assert msgspec.json.decode(data, type=list[union]) == moves  # type: ignore[valid-type]


def test_moves_are_hashable_and_frozen() -> None:
    assert len({Play(1), Play(1), Play(2)}) == 2
    with pytest.raises(AttributeError):
        Play(1).card = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("fly 3", "unknown move 'fly'"),
        ("play", "missing its argument 'card'"),
        ("play three", "bad value 'three' for card"),
        ("play 1 2", "at most 1 argument"),
        ("sample 1 a middle 1 yes -", "bad value 'middle' for side"),
        ("sample 1 a left 3 yes -", "bad value '3' for basket"),
        ("sample 1 a left 1 maybe -", "bad value 'maybe' for fresh"),
        ("sample 1 a left 1 yes 1,x", "bad value '1,x' for cards"),
    ],
)
def test_bad_text_is_an_invalid_move_error(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message) as info:
        parse_move(text, KINDS)
    assert isinstance(info.value, RulesError)
    assert isinstance(info.value, ValueError)


def test_duplicate_keywords_are_refused() -> None:
    class OtherPlay(Move, frozen=True, tag="play"):
        pass

    with pytest.raises(ValueError, match="keyword 'play'"):
        move_kinds([Play, OtherPlay])
