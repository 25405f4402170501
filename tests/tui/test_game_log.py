"""The game log widget: adding moves one by one shows exactly what writing it all again does."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult

from tea_tui.session import LogEntry
from tea_tui.widgets.game_log import GameLog


class LogApp(App[None]):
    """A bare app holding one game log."""

    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


def _entries(n: int) -> list[LogEntry]:
    """A log of ``n`` entries: a heading per round of 10, long lines that wrap now and then."""
    out: list[LogEntry] = []
    for i in range(n):
        if i % 10 == 0:
            out.append(
                LogEntry(text=f"Round {i // 10 + 1}", round=i // 10 + 1, seat=-1, header=True)
            )
        words = " and more" * (i % 7)
        out.append(LogEntry(text=f"move {i}{words}", round=i // 10 + 1, seat=i % 2))
    return out


def _screen_lines(log: GameLog) -> list[str]:
    return [strip.text for strip in log.lines]


def test_appending_matches_a_full_rewrite() -> None:
    """Moves added one at a time (the latest highlighted each time, the old one plain again)
    give the same lines and styles as showing the finished log in one go."""

    async def run() -> tuple[list[str], list[str], list[bool], list[bool]]:
        names = ["Ann", "Bo"]
        app = LogApp()
        async with app.run_test(size=(40, 20)) as pilot:
            log = app.query_one(GameLog)
            entries = _entries(45)
            log.show(entries[:1], names)
            await pilot.pause()
            for n in range(2, len(entries) + 1):
                log.show(entries[:n], names)
            await pilot.pause()
            step = _screen_lines(log)
            step_reverse = [any(s.style and s.style.reverse for s in strip) for strip in log.lines]
            log.show([], names)
            log.show(entries, names)
            await pilot.pause()
            whole = _screen_lines(log)
            whole_reverse = [any(s.style and s.style.reverse for s in strip) for strip in log.lines]
        return step, whole, step_reverse, whole_reverse

    step, whole, step_reverse, whole_reverse = asyncio.run(run())
    assert step == whole
    assert step_reverse == whole_reverse
    assert sum(whole_reverse) >= 1  # the latest move is highlighted, and only its lines
    assert any("move 44" in line for line in whole[-4:])
