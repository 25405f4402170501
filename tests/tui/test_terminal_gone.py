"""The app quits when its terminal goes away, even when no hang-up signal reaches it (as under
``make run``, where make is the session's leader): no orphaned process burning a core."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from tea_tui.terminal import controlling_fd, terminal_gone

WAIT = 90.0
"""Seconds to wait for the app to draw, then to quit: a bound on a hang, not a timing."""


def test_a_closed_pty_counts_as_gone_and_a_pipe_is_not_watched() -> None:
    master, slave = os.openpty()
    try:
        assert not terminal_gone(slave)
        os.close(master)
        assert terminal_gone(slave)
    finally:
        os.close(slave)
    assert controlling_fd() is None  # pytest's standard input is not a terminal


def _read_until(fd: int, wanted: bytes, deadline: float) -> bytes:
    seen = b""
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def test_the_app_quits_when_its_terminal_hangs_up(tmp_path: Path) -> None:
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "TEA_TUI_DATA_DIR": str(tmp_path)}
    env.pop("NO_COLOR", None)
    # The pty is the app's input and output but not its controlling terminal: closing the
    # master sends it no SIGHUP, as under make.
    app = subprocess.Popen(
        [sys.executable, "-m", "tea_tui.cli"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    try:
        drawn = _read_until(master, b"New game", time.monotonic() + WAIT)
        assert b"New game" in drawn, drawn[-500:]
        assert app.poll() is None
        os.close(master)
        app.wait(timeout=WAIT)  # raises if the app outlives its terminal
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    assert app.returncode is not None
