"""The analysis screen (`a` on the end screen): the costliest decisions of the finished game, as
`tea-tui analyse` reports them, searched off the event loop with a tiny budget."""

from __future__ import annotations

import dataclasses
import multiprocessing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from tea_tui.analysis import analyse_game
from tea_tui.app import TeaApp, make_app
from tea_tui.cli.analyse import format_report
from tea_tui.persist import SaveKeeper
from tea_tui.screens import analysis
from tea_tui.screens.analysis import AnalysisScreen
from tea_tui.screens.end import EndScreen
from tests.tui.pilot_tools import pilot_test, played, store_in, until

ITERS = 10


@pytest.fixture(autouse=True)
def tiny_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "ITERATIONS", ITERS)


@pytest.fixture
def statuses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every progress line the screen shows."""
    seen: list[str] = []
    progress = AnalysisScreen._progress

    def spy(screen: AnalysisScreen, done: int, total: int) -> None:
        progress(screen, done, total)
        seen.append(str(screen.query_one("#analysis-status", Static).render()))

    monkeypatch.setattr(AnalysisScreen, "_progress", spy)
    yield seen


def without_time(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("Time: "))


def analysis_workers(app: TeaApp) -> list[Any]:
    return [w for w in app.workers if w.group == "analysis" and not w.is_finished]


async def at_end(app: TeaApp, pilot: Any) -> EndScreen:
    await until(pilot, lambda: isinstance(app.screen, EndScreen))
    assert isinstance(app.screen, EndScreen)
    return app.screen


async def open_analysis(app: TeaApp, pilot: Any) -> AnalysisScreen:
    await at_end(app, pilot)
    await pilot.press("a")
    await until(pilot, lambda: isinstance(app.screen, AnalysisScreen))
    assert isinstance(app.screen, AnalysisScreen)
    return app.screen


@pilot_test
async def test_a_shows_progress_then_the_costliest_decisions(statuses: list[str]) -> None:
    """In a thread: "decision N of M" while it runs, then the report; Esc goes back."""
    session = played(to_end=True, seed=6)
    app = make_app(session=session, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analysis(app, pilot)
        about = str(screen.query_one("#analysis-about", Static).render())
        assert f"Ann: {ITERS} search iterations per decision." in about
        await until(pilot, lambda: screen.report is not None)
        assert statuses and statuses[0].startswith("decision 1 of ")
        total = len(screen.report.decisions) if screen.report else 0
        assert statuses[-1].startswith(f"decision {total} of {total} searched")
        text = screen.report_text
        assert "costliest" in text and "  Ann: " in text and "Bo: " not in text
        assert f"{ITERS} search iterations each" in text
        shown = screen.query_one("#analysis-text", Static)
        assert shown.render() is not None and screen.query_one("#analysis-report").size.height > 5
        await pilot.press("q")
        assert isinstance(app.screen, EndScreen)
        assert not analysis_workers(app)


@pilot_test
async def test_the_report_is_the_one_analyse_game_gives(tmp_path: Path) -> None:
    """In a process, on a saved game: the report of the same save read back by the store."""
    session = played(to_end=True, seed=6)
    SaveKeeper(store_in(tmp_path)).save(session, "mine")
    expected = analyse_game(store_in(tmp_path).load("mine"), iterations=ITERS)
    app = make_app(session=session, pace=0, processes=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analysis(app, pilot)
        about = str(screen.query_one("#analysis-about", Static).render())
        assert f"tea-tui analyse mine --iters {ITERS}" in about
        await until(pilot, lambda: screen.report is not None)
        assert screen.in_process
        assert screen.report is not None
        assert dataclasses.replace(screen.report, seconds=0) == dataclasses.replace(
            expected, seconds=0
        )
        assert without_time(screen.report_text) == without_time(format_report(expected))
        assert 'Analysis of "mine"' in screen.report_text
        await until(pilot, lambda: not multiprocessing.active_children())
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)


@pytest.mark.parametrize("processes", [True, False], ids=["process", "thread"])
@pilot_test
async def test_esc_stops_the_search(
    processes: bool, statuses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Esc while it runs: back to the end screen, the process ended, no worker left."""
    # long enough to be caught running on a fast idle machine too (69 decisions to search)
    monkeypatch.setattr(analysis, "ITERATIONS", 3000)
    session = played(to_end=True, seed=6)
    app = make_app(session=session, pace=0, processes=processes)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analysis(app, pilot)
        await until(pilot, lambda: statuses)
        assert screen.in_process == processes
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)
        assert screen.report is None
        assert not multiprocessing.active_children()
        await until(pilot, lambda: not analysis_workers(app), limit=5)
        count = len(statuses)
        await pilot.pause(0.3)
        assert len(statuses) == count


@pilot_test
async def test_a_game_without_people_analyses_every_seat() -> None:
    session = played(("random@Cy", "random@Di"), to_end=True, seed=4)
    app = make_app(session=session, pace=0, processes=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_analysis(app, pilot)
        assert screen.everyone and screen.seats == [0, 1]
        about = str(screen.query_one("#analysis-about", Static).render())
        assert about.startswith("No seat was played by a person, so every seat is analysed.")
        assert "Cy and Di: " in about
        await pilot.press("escape")
        assert isinstance(app.screen, EndScreen)
        await until(pilot, lambda: not analysis_workers(app), limit=5)
        assert not multiprocessing.active_children()


def test_only_a_finished_game_can_be_analysed() -> None:
    assert not EndScreen(played(moves=10)).check_action("analyse", ())
    assert EndScreen(played(to_end=True, seed=6)).check_action("analyse", ())


@pilot_test
async def test_q_on_the_end_screen_leaves_tea_tui() -> None:
    """end-quit: the footer's q leaves the app (the finished game is kept)."""
    session = played(to_end=True, seed=6)
    app = make_app(session=session, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_end(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert app._exit
