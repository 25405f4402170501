"""The progress bar of long command-line runs: the time left, a bar on terminals only."""

from __future__ import annotations

import io
import re

from tea_tui.cli.progress import Progress, clock_text


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        """Yes."""
        return True


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_time_left_follows_the_mean_time_per_job() -> None:
    """Two of ten jobs in 60 s: 240 s left, counting down until the next job finishes."""
    clock = Clock()
    progress = Progress(10, io.StringIO(), clock=clock)
    assert progress.seconds_left() is None
    clock.now += 30
    progress.advance()
    clock.now += 30
    progress.advance()
    assert progress.seconds_left() == 240.0
    clock.now += 40
    assert progress.seconds_left() == 200.0
    assert "about 3:20 left" in progress.bar_text(80)
    assert clock_text(3725) == "1:02:05" and clock_text(59.6) == "1:00"


def test_plain_lines_off_a_terminal() -> None:
    """A pipe or a file gets one line per job, with the time left, and no bar."""
    clock, out = Clock(), io.StringIO()
    with Progress(3, out, clock=clock) as progress:
        for n in range(3):
            clock.now += 10
            progress.advance(f"game {n + 1}/3")
    assert out.getvalue().splitlines() == [
        "game 1/3 (about 0:20 left)",
        "game 2/3 (about 0:10 left)",
        "game 3/3",
    ]


def test_a_bar_on_a_terminal() -> None:
    """On a terminal the bar is redrawn under each job's line and cleared at the end."""
    clock, out = Clock(), Terminal()
    with Progress(4, out, tick=None, clock=clock) as progress:
        clock.now += 5
        progress.advance("game 1/4")
        text = out.getvalue()
        assert "game 1/4\n" in text
        assert text.endswith("]  1/4 games  0:05 elapsed  about 0:15 left")
        bar = re.findall(r"\[(#*)(-*)\]", text)[-1]
        assert len(bar[0]) == (len(bar[0]) + len(bar[1])) // 4  # a quarter of the bar
    assert out.getvalue().endswith("\r\x1b[K")
