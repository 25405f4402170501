"""A panel key on the game screen lays the screen out once and draws one frame: the decision
list's scroll bar is not redrawn in a second frame after every layout (SteadyOptionList)."""

from __future__ import annotations

from textual.screen import Screen

from tea_tui.app import make_app
from tea_tui.widgets.steady_list import SteadyOptionList
from tests.tui.pilot_tools import pilot_test


@pilot_test
async def test_a_panel_key_draws_one_frame() -> None:
    app = make_app(2, ("human", "random"), seed=3, processes=False, pace=0)
    frames: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in "mtdbo":  # every panel once: first showings may lay out twice
            await pilot.press(key)
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen.query_one("#decision-options"), SteadyOptionList)
        original = Screen._compositor_refresh

        def counted(self: Screen[object]) -> None:
            if self._compositor._dirty_regions or self._layout_required:
                frames.append(1)
            original(self)

        Screen._compositor_refresh = counted  # type: ignore[method-assign]
        try:
            for key in "mtdbo":
                frames.clear()
                await pilot.press(key)
                await pilot.pause()
                await pilot.pause(0.1)
                assert len(frames) == 1, key
        finally:
            Screen._compositor_refresh = original  # type: ignore[method-assign]


@pilot_test
async def test_the_decision_list_still_scrolls_when_its_options_change() -> None:
    """Its own height follows its options, so a long list gets its scroll bar."""
    app = make_app(2, ("human", "random"), seed=3, processes=False, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.screen.query_one("#decision-options", SteadyOptionList)
        before = options.virtual_size.height
        options.add_options([f"extra {i}" for i in range(30)])
        await pilot.pause()
        assert options.virtual_size.height >= before + 30
        assert options.max_scroll_y > 0 and options.show_vertical_scrollbar
