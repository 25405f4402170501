"""Noticing that the app's terminal has gone: a closed tmux pane or terminal window, a dropped
SSH connection.

When the terminal hangs up, the kernel signals only the session's leader. Under ``make run``
that is make, which waits for the app, so the app hears nothing. Its input thread then reads
end-of-file from the dead terminal over and over, and the orphaned process burns most of a core
until someone kills it. The app polls :func:`terminal_gone` and quits instead. Games autosave
after every move, so quitting loses nothing: the next start offers to continue.
"""

from __future__ import annotations

import os
import sys
import termios
from typing import Any

from textual.app import App

POLL_SECONDS = 1.0
"""How often the app looks at its terminal."""


def controlling_fd() -> int | None:
    """The descriptor of the terminal the app reads keys from, or None when standard input is
    not a terminal (tests, a pipe, the web front end), where there is nothing to watch."""
    stream = sys.__stdin__
    if stream is None:
        return None
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return None
    return fd if os.isatty(fd) else None


def terminal_gone(fd: int) -> bool:
    """True once the terminal on ``fd`` has hung up: the kernel then refuses to describe it
    (EIO), and the descriptor no longer counts as a terminal."""
    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError):
        return True
    return not os.isatty(fd)


def quit_when_terminal_goes(app: App[Any]) -> None:
    """Make ``app`` quit once its terminal has gone; an app without one (headless in tests,
    behind the web front end) is left alone. Call it when the app mounts."""
    fd = None if app.is_headless else controlling_fd()
    if fd is None:
        return
    watched = fd

    def check() -> None:
        if terminal_gone(watched):
            app.exit(return_code=1)

    app.set_interval(POLL_SECONDS, check)
