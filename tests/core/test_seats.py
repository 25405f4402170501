"""Seat specs: their text form round-trips and bad specs say what is wrong."""

from __future__ import annotations

import msgspec
import pytest

from core.seats import SEAT_KINDS, SeatSpec


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("human", SeatSpec("human")),
        ("random", SeatSpec("random")),
        ("heuristic", SeatSpec("heuristic")),
        ("mcts:normal", SeatSpec("mcts", "normal")),
        ("mcts:iters=500", SeatSpec("mcts", "iters=500")),
        ("mcts:time=2", SeatSpec("mcts", "time=2")),
        ("mcts:iters=1200+depth=2", SeatSpec("mcts", "iters=1200+depth=2")),
        ("mcts:iters=300+reply=0+follow=0", SeatSpec("mcts", "iters=300+reply=0+follow=0")),
        ("mcts:time=1+iters=50", SeatSpec("mcts", "time=1+iters=50")),
        ("mcts:time=0.5@Deep Leaf", SeatSpec("mcts", "time=0.5", "Deep Leaf")),
        ("luyu:hard", SeatSpec("luyu", "hard")),
        ("human@Ann", SeatSpec("human", name="Ann")),
        ("human@Ann@home: 2", SeatSpec("human", name="Ann@home: 2")),
    ],
)
def test_parse_and_str_round_trip(text: str, spec: SeatSpec) -> None:
    assert SeatSpec.parse(text) == spec
    assert str(spec) == text
    assert SeatSpec.parse(str(spec)) == spec


def test_every_kind_parses() -> None:
    assert [SeatSpec.parse(k).kind for k in SEAT_KINDS] == list(SEAT_KINDS)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "unknown kind ''"),
        ("robot", "unknown kind 'robot'.*human.*mcts:normal"),
        ("Human", "unknown kind 'Human'"),
        ("mcts:", "nothing after ':'"),
        ("human@", "nothing after '@'"),
        ("human:hard", "a human seat takes no level"),
        ("random:easy", "a random seat takes no level"),
        ("mcts:Normal", "not a level word"),
        ("mcts:iters=0", "positive number"),
        ("mcts:iters=1.5", "whole number"),
        ("mcts:time=-1", "positive number"),
        ("mcts:width=3", "unknown budget 'width=3'"),
        ("mcts:depth=7", "depth goes from 1 to 6"),
        ("mcts:depth=1.5", "whole number"),
        ("mcts:reply=7", "reply goes from 0 to 6"),
        ("mcts:reply=0.5", "whole number"),
        ("mcts:follow=2", "follow is 0 or 1"),
        ("mcts:iters=5+iters=6", "iters is given twice"),
        ("mcts:iters=5+", "unknown budget ''"),
        ("human@ Ann", "leading or trailing spaces"),
        ("human@A\tB", "printable"),
        ("human@" + "x" * 33, "longer than 32"),
    ],
)
def test_bad_specs_say_why(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as info:
        SeatSpec.parse(text)
    assert repr(text) in str(info.value)


def test_json_form_is_compact_and_checked() -> None:
    assert msgspec.json.encode(SeatSpec("human")) == b'{"kind":"human"}'
    assert msgspec.json.decode(b'{"kind":"mcts","level":"iters=9"}', type=SeatSpec) == SeatSpec(
        "mcts", "iters=9"
    )
    with pytest.raises(msgspec.ValidationError, match="takes no level"):
        msgspec.json.decode(b'{"kind":"human","level":"hard"}', type=SeatSpec)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"kind":"robot"}', type=SeatSpec)


def test_is_human() -> None:
    assert SeatSpec("human").is_human and not SeatSpec("mcts", "normal").is_human
