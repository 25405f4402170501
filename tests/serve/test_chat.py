"""Which chat lines of a newer table view are new to a player."""

from __future__ import annotations

from tea_tui.serve.chat import new_lines


def test_new_lines_after_those_seen() -> None:
    assert new_lines((), ("a: hi",)) == ("a: hi",)
    assert new_lines(("a: hi",), ("a: hi", "b: hello")) == ("b: hello",)
    assert new_lines(("a: hi",), ("a: hi",)) == ()


def test_a_line_said_twice_is_new_twice() -> None:
    assert new_lines(("a: gg",), ("a: gg", "a: gg")) == ("a: gg",)
    assert new_lines((), ("a: gg", "a: gg")) == ("a: gg", "a: gg")


def test_lines_the_table_dropped_from_the_front() -> None:
    """The table keeps its last lines only: the oldest fall off as new ones come."""
    seen = tuple(f"a: {n}" for n in range(50))
    now = (*seen[2:], "b: 50", "b: 51")
    assert new_lines(seen, now) == ("b: 50", "b: 51")
    assert new_lines(seen, ("c: all new",)) == ("c: all new",)
