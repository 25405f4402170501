"""The app's speed beside Textual's own, as ratios: the title's first frame and a key press.

    python -m bench ratios

Both figures are compared with a one-``Static`` Textual app measured the same way and in the
same run, rounds of the two interleaved, because the machine is shared and its load changes
from one second to the next. Each is given in wall-clock time and in CPU time (the work done,
which depends much less on what else runs); the goal is a ratio under 1.3.

- First frame: ``tea-tui`` is launched in a pseudo-terminal of 80 x 24 and stopped as soon as
  "New game" has been written to it; the CPU time is the child's (user + system, from
  ``wait4``).
- Key press: on the game screen at 80 x 24 a panel key is pressed through Textual's Pilot and
  the clock stops when the app has processed it and refreshed (see :mod:`bench.keypress`).
  Pilot waits for idle in steps of 20 ms and synchronises with every widget, so this figure
  counts steps and widgets as much as work; the last line times the same keys from the key to
  the frame the app draws, without Pilot.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

GOAL = 1.3
"""The largest ratio to a bare Textual app that the app aims at."""

TEXTUAL_ALONE = """
from textual.app import App
from textual.widgets import Static
class Hello(App[None]):
    def compose(self):
        yield Static("Ready to brew")
Hello().run()
"""
"""The program the title's first frame is compared with."""

TITLE = ([sys.executable, "-m", "tea_tui.cli"], b"New game")
ALONE = ([sys.executable, "-c", TEXTUAL_ALONE], b"Ready to brew")


def first_frame(argv: list[str], marker: bytes) -> tuple[float, float]:
    """Launch ``argv`` in a pseudo-terminal of 80 x 24, wait until ``marker`` has been written to
    it (the first frame of the screen that shows it) and kill it; return (wall, CPU) seconds."""
    import fcntl
    import select
    import signal
    import struct
    import subprocess
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "TERM": "xterm-256color", "TEA_TUI_DATA_DIR": folder}
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        seen = b""
        try:
            while marker not in seen:
                if time.perf_counter() - start > 20:
                    raise RuntimeError(f"{argv!r} showed no {marker!r} within 20 s")
                ready, _, _ = select.select([master], [], [], 0.5)
                if ready:
                    seen = seen[-4096:] + os.read(master, 65536)
            wall = time.perf_counter() - start
        finally:
            # SIGKILL stops it at once, so that a round times the launch and little else.
            os.killpg(proc.pid, signal.SIGKILL)
            _, _, usage = os.wait4(proc.pid, 0)
            proc.returncode = -9
            os.close(master)
    return wall, usage.ru_utime + usage.ru_stime


def startup_figures(rounds: int = 9) -> dict[str, tuple[float, float]]:
    """Return the median (wall, CPU) seconds to the first frame of the title and of the bare
    app, measured in alternation."""
    samples: dict[str, list[tuple[float, float]]] = {"title": [], "alone": []}
    first_frame(*TITLE)  # warm the file cache and the bytecode, not counted
    first_frame(*ALONE)
    for _ in range(rounds):
        samples["title"].append(first_frame(*TITLE))
        samples["alone"].append(first_frame(*ALONE))
    return {
        name: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
        for name, runs in samples.items()
    }


def _line(label: str, ours: tuple[float, float], bare: tuple[float, float]) -> str:
    wall, cpu = ours[0] / bare[0], ours[1] / bare[1]
    verdict = "ok" if wall < GOAL else f"over {GOAL}"
    return (
        f"{label}: {ours[0] * 1e3:.0f} ms against {bare[0] * 1e3:.0f} ms, ratio {wall:.2f} "
        f"({verdict}); CPU {ours[1] * 1e3:.0f} against {bare[1] * 1e3:.0f} ms, ratio {cpu:.2f}"
    )


def report() -> None:
    """Print both ratios."""
    from bench.keypress import key_to_frame_figures, keypress_figures

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    figures = startup_figures()
    print(_line("title first frame vs bare Textual", figures["title"], figures["alone"]))
    keys = keypress_figures()
    print(_line("key on the game screen vs one-Static app", keys["game"], keys["trivial"]))
    frames = key_to_frame_figures()
    print(_line("  the same, key to frame without Pilot", frames["game"], frames["trivial"]))


if __name__ == "__main__":
    report()
