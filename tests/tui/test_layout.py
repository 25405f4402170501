"""Layout faults fixed: the end screen keeps names apart from scores and draws every seat's
sparkline on one scale; the Keys panel (Ctrl+P, Keys) leaves the footer its whole row."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Footer, HelpPanel, Static

from tea_tui.app import make_app
from tea_tui.screens.end import BLOCKS, EndScreen, SharedSparkline, spark_text
from tea_tui.session import GameSession
from tests.tui.pilot_tools import pilot_test, played, until, until_persons_turn


def test_sparklines_share_one_scale() -> None:
    assert spark_text([0, 51, 182], 182) == BLOCKS[0] + BLOCKS[2] + BLOCKS[-1]
    low, high = spark_text([0, 20, 51], 182), spark_text([0, 60, 182], 182)
    assert low[-1] < high[-1]  # the blocks are in rising order
    assert spark_text([0, 1], 182)[1] != BLOCKS[0]  # a point above nothing shows
    assert spark_text([0, 0], 0) == BLOCKS[0] * 2


def finished() -> GameSession:
    return played(("human@Ann", "random@MCTS easy"), seed=6, to_end=True)


@pilot_test
async def test_end_screen_names_stand_apart_from_scores() -> None:
    session = finished()
    app = make_app(session=session, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        end = app.screen
        assert isinstance(end, EndScreen)
        scores = session.outcome().scores
        for label in end.query(".spark-name").results(Static):
            text = str(label.render())
            name = next(n for n in session.names if n in text)
            score = scores[session.names.index(name)]
            assert f"{name} " in text and text.rstrip().endswith(str(score))
        sparks = list(end.query(SharedSparkline))
        top = max(max(p) for p in end.by_round)
        assert {s.top for s in sparks} == {top}
        lines = {s.id: str(s.render()) for s in sparks}
        loser = min(range(2), key=lambda i: scores[i])
        assert lines[f"spark-{loser}"][-1] <= lines[f"spark-{1 - loser}"][-1]
        for seat in range(2):
            values = [p[seat] for p in end.by_round for _ in range(2)]
            assert lines[f"spark-{seat}"] == spark_text(values, top)


async def _keys_panel(pilot: Pilot[None]) -> None:
    await until_persons_turn(pilot)
    await pilot.pause()
    pilot.app.action_show_help_panel()
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pilot_test
async def test_the_keys_panel_leaves_the_footer_its_row(size: tuple[int, int]) -> None:
    app = make_app(2, ("human", "random"), seed=3, processes=False, pace=0)
    async with app.run_test(size=size) as pilot:
        await _keys_panel(pilot)
        screen = app.screen
        panel, footer = screen.query_one(HelpPanel), screen.query_one(Footer)
        assert footer.region.width == size[0] and footer.region.y == size[1] - 1
        assert panel.region.bottom <= footer.region.y


class TestLayoutSnapshots:
    """The end screen and the Keys panel."""

    @pytest.mark.parametrize("size", [(80, 24), (120, 40)])
    def test_end_screen(self, snap_compare: Any, size: tuple[int, int]) -> None:
        app = make_app(session=finished(), pace=0, processes=False)

        async def ready(pilot: Pilot[None]) -> None:
            await until(pilot, lambda: isinstance(pilot.app.screen, EndScreen))
            await pilot.pause()

        assert snap_compare(app, terminal_size=size, run_before=ready)

    @pytest.mark.parametrize("size", [(80, 24), (120, 40)])
    def test_keys_panel(self, snap_compare: Any, size: tuple[int, int]) -> None:
        app = make_app(2, ("human", "random"), seed=3, processes=False, pace=0)
        assert snap_compare(app, terminal_size=size, run_before=_keys_panel)
