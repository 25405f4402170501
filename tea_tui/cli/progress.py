"""A progress bar with the time left, for long runs of the arena and the ladder.

On a terminal the bar stays on the last line of stderr and is redrawn every second; each
finished game's line is printed above it. Anywhere else (a file, a pipe, CI) only the lines are
written, each with the time left, so logs stay readable::

    game 12/40 (#12): mcts:normal 151, heuristic 133
    [#########---------------------]  12/40 games  3:10 elapsed  about 7:24 left
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO


def clock_text(seconds: float) -> str:
    """Return ``seconds`` as ``M:SS``, or ``H:MM:SS`` from an hour on.

    >>> clock_text(75.4), clock_text(3725)
    ('1:15', '1:02:05')
    """
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


class Progress:
    """Counts finished jobs of a known total and shows how long the rest should take.

    The time left assumes the jobs still to come take as long, on average, as those done; it
    counts down between two finished jobs.

    Args:
        total: jobs in the run.
        stream: where to write (stderr).
        unit: what a job is called in the bar (``"games"``).
        bar: draw the bar; None draws it only when ``stream`` is a terminal.
        tick: seconds between redraws of the bar; None redraws only when a job finishes.
        clock: the time source, for tests.
    """

    def __init__(
        self,
        total: int,
        stream: TextIO,
        unit: str = "games",
        bar: bool | None = None,
        tick: float | None = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.done = 0
        self._stream = stream
        self._unit = unit
        self._bar = stream.isatty() if bar is None else bar
        self._tick = tick
        self._clock = clock
        self._start = clock()
        self._last_done_at = self._start
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Progress:
        if self._bar:
            self._draw()
            if self._tick is not None:
                self._thread = threading.Thread(target=self._ticker, daemon=True)
                self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def seconds_left(self, now: float | None = None) -> float | None:
        """Return the estimated seconds until the last job finishes; None before the first."""
        if self.done == 0:
            return None
        now = self._clock() if now is None else now
        per_job = (self._last_done_at - self._start) / self.done
        projected = self._last_done_at + per_job * (self.total - self.done)
        return max(0.0, projected - now)

    def advance(self, line: str | None = None) -> None:
        """Count one more finished job and print ``line`` (if any) about it."""
        with self._lock:
            self.done += 1
            self._last_done_at = self._clock()
            if self._bar:
                self._clear()
                if line is not None:
                    self._stream.write(line + "\n")
                self._draw()
            elif line is not None:
                left = self.seconds_left()
                if self.done < self.total and left is not None and left >= 1:
                    line += f" (about {clock_text(left)} left)"
                self._stream.write(line + "\n")
            self._stream.flush()

    def close(self) -> None:
        """Stop redrawing and take the bar off the screen."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self._bar:
            with self._lock:
                self._clear()
                self._stream.flush()
            self._bar = False

    def bar_text(self, width: int, now: float | None = None) -> str:
        """Return the bar line, at most ``width`` characters."""
        now = self._clock() if now is None else now
        counts = f"{self.done}/{self.total} {self._unit}"
        elapsed = f"{clock_text(now - self._start)} elapsed"
        left = self.seconds_left(now)
        more = left is not None and left >= 1 and self.done < self.total
        tail = f"  {counts}  {elapsed}" + (f"  about {clock_text(left or 0)} left" if more else "")
        cells = max(10, min(30, width - 52))  # fixed, so the bar does not jump
        filled = cells * self.done // self.total if self.total else cells
        return f"[{'#' * filled}{'-' * (cells - filled)}]{tail}"[:width]

    def _draw(self) -> None:
        width = shutil.get_terminal_size((80, 24)).columns - 1
        self._stream.write("\r" + self.bar_text(width))
        self._stream.flush()

    def _clear(self) -> None:
        self._stream.write("\r\x1b[K")

    def _ticker(self) -> None:
        assert self._tick is not None
        while not self._stop.wait(self._tick):
            with self._lock:
                if self._bar:
                    self._clear()
                    self._draw()
