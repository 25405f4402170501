"""Lines out and lines in: printing with a plain fallback for old terminals, reading with an
echo for piped input, and yes/no questions."""

from __future__ import annotations

import shutil
import sys
from typing import TextIO

from tea_tui.plain import texts


class InputEnded(Exception):
    """The input ended (end of file) while a line was awaited."""


class Talk:
    """Prints to ``stdout`` and reads lines from ``stdin`` (the process's own by default)."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self._echo = not _is_tty(self.stdin)
        self.width = shutil.get_terminal_size((80, 24)).columns
        """Columns of the terminal (80 when unknown): a status line wider than this is split."""

    # --- talking ------------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        """Print lines (made safe for the output's encoding)."""
        encoding = getattr(self.stdout, "encoding", None)
        for line in lines:
            self.stdout.write(texts.clean(line, encoding) + "\n")
        self.stdout.flush()

    def read(self, prompt: str = "> ") -> str:
        """Print the prompt and return the next line without its end.

        Raises:
            InputEnded: at the end of the input.
        """
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise InputEnded
        line = line.rstrip("\r\n")
        if self._echo:  # piped input is not shown by a terminal: keep the transcript readable
            self.stdout.write(line + "\n")
            self.stdout.flush()
        return line

    def ask(self, question: str) -> bool:
        """Ask a yes/no question until the answer is one; an empty answer is no."""
        self.say(f"{question} (y/n)")
        while True:
            answer = self.read().strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("", "n", "no"):
                return False
            self.say("Please answer y or n.")


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
