"""Keypress-to-screen latency of the game screen, measured with Textual's Pilot.

Each sample presses a key that changes what is shown (switching the main panel, ticking a card)
and waits until the app has processed it and refreshed (``pilot.pause()``). Run with
``python -m bench keypress``; the figure is the median over the samples.
"""

from __future__ import annotations

import asyncio
import statistics
import time

PANEL_KEYS = ("m", "t", "d", "b", "o", "l")


async def _measure(samples: int) -> list[float]:
    from tea_tui.app import make_app

    app = make_app(2, ("human", "random"), seed=3, processes=False, pace=0.0)
    times: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for i in range(samples):
            key = PANEL_KEYS[i % len(PANEL_KEYS)]
            start = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            times.append(time.perf_counter() - start)
    return times


def keypress_latency(samples: int = 60) -> tuple[float, float]:
    """Return (median, 90th percentile) seconds from a key press to the refreshed screen."""
    times = sorted(asyncio.run(_measure(samples)))
    return statistics.median(times), times[int(len(times) * 0.9)]


if __name__ == "__main__":
    median, p90 = keypress_latency()
    print(f"keypress to screen at 80x24: median {median * 1e3:.1f} ms, p90 {p90 * 1e3:.1f} ms")
