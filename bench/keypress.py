"""Keypress-to-screen latency of the game screen, measured with Textual's Pilot.

Each sample presses a key that changes what is shown (switching the main panel, ticking a card)
and waits until the app has processed it and refreshed (``pilot.pause()``). Run with
``python -m bench keypress``; the figure is the median over the samples.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import ClassVar

PANEL_KEYS = ("m", "t", "d", "b", "o", "l")


async def _measure(samples: int, trivial: bool = False) -> list[float]:
    return [wall for wall, _ in await _measure_both(samples, trivial)]


async def _measure_both(samples: int, trivial: bool = False) -> list[tuple[float, float]]:
    """Press ``samples`` panel keys; return (wall, CPU) seconds for each, to the refresh."""
    from textual.app import App

    from tea_tui.app import make_app

    app: App[None] = (
        _Trivial() if trivial else make_app(2, ("human", "random"), seed=3, processes=False, pace=0)
    )
    times: list[tuple[float, float]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for i in range(samples):
            key = PANEL_KEYS[i % len(PANEL_KEYS)]
            start, cpu = time.perf_counter(), time.process_time()
            await pilot.press(key)
            await pilot.pause()
            times.append((time.perf_counter() - start, time.process_time() - cpu))
    return times


def _trivial_app_class() -> type:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Trivial(App[None]):
        """One Static that changes with every panel key: the cost of Pilot and Textual alone."""

        BINDINGS: ClassVar[list[tuple[str, str, str]]] = [
            (k, f"show('{k}')", k) for k in PANEL_KEYS
        ]

        def compose(self) -> ComposeResult:
            yield Static("tea", id="text")

        def action_show(self, key: str) -> None:
            self.query_one("#text", Static).update(key * 20)

    return Trivial


def _Trivial() -> object:
    return _trivial_app_class()()


def keypress_latency(samples: int = 60, trivial: bool = False) -> tuple[float, float]:
    """Return (median, 90th percentile) seconds from a key press to the refreshed screen."""
    times = sorted(asyncio.run(_measure(samples, trivial)))
    return statistics.median(times), times[int(len(times) * 0.9)]


async def _key_to_frame(samples: int, trivial: bool = False) -> list[tuple[float, float]]:
    """Send ``samples`` panel keys straight to the app and time each until the app has drawn
    its next frame (without Pilot's waiting for idle, which works in steps of 20 ms and
    synchronises with every widget); return (wall, CPU) seconds for each."""
    from textual import events
    from textual.app import App

    from tea_tui.app import make_app

    app: App[None] = (
        _Trivial() if trivial else make_app(2, ("human", "random"), seed=3, processes=False, pace=0)
    )
    drawn = asyncio.Event()
    display = app._display

    def display_and_tell(screen: object, renderable: object) -> None:
        if renderable is not None:
            drawn.set()
        display(screen, renderable)  # type: ignore[arg-type]

    app._display = display_and_tell  # type: ignore[method-assign]
    times: list[tuple[float, float]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        driver = app._driver
        assert driver is not None
        for i in range(samples):
            key = PANEL_KEYS[i % len(PANEL_KEYS)]
            drawn.clear()
            start, cpu = time.perf_counter(), time.process_time()
            driver.send_message(events.Key(key, key))
            await asyncio.wait_for(drawn.wait(), 10)
            times.append((time.perf_counter() - start, time.process_time() - cpu))
            await pilot.pause()
    return times


def key_to_frame_figures(blocks: int = 3, samples: int = 24) -> dict[str, tuple[float, float]]:
    """As :func:`keypress_figures`, timed from the key to the frame drawn."""
    runs: dict[str, list[tuple[float, float]]] = {"game": [], "trivial": []}
    for _ in range(blocks):
        for name in runs:
            runs[name] += asyncio.run(_key_to_frame(samples, trivial=name == "trivial"))
    return {
        name: (statistics.median(w for w, _ in got), statistics.median(c for _, c in got))
        for name, got in runs.items()
    }


def keypress_figures(blocks: int = 3, samples: int = 24) -> dict[str, tuple[float, float]]:
    """Return the median (wall, CPU) seconds per key of the game screen and of the one-Static
    app, measured in alternating blocks of ``samples`` keys."""
    runs: dict[str, list[tuple[float, float]]] = {"game": [], "trivial": []}
    for _ in range(blocks):
        for name in runs:
            runs[name] += asyncio.run(_measure_both(samples, trivial=name == "trivial"))
    return {
        name: (statistics.median(w for w, _ in got), statistics.median(c for _, c in got))
        for name, got in runs.items()
    }


def report() -> None:
    """Print the game screen's latency beside a one-Static app measured the same way."""
    for label, trivial in (("game screen", False), ("one-Static app", True)):
        median, p90 = keypress_latency(trivial=trivial)
        print(
            f"keypress to screen, {label} at 80x24: median {median * 1e3:.1f} ms, "
            f"p90 {p90 * 1e3:.1f} ms"
        )


if __name__ == "__main__":
    report()
