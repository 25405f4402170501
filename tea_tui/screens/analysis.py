"""The analysis screen: the costliest decisions of the game just finished, as ``tea-tui analyse``
reports them, without leaving the app.

The end screen opens it with ``a``. The search (:func:`tea_tui.analysis.analyse_game`, on the
decisions of the people's seats, or of every seat when nobody played) runs in a process of its
own, so the interface keeps its CPU and Esc stops it at once (the process is terminated). Without
processes (``processes=False``, tests, or when none can be started) it runs in a worker thread
and stops after the decision in hand; the search is pure Python, so there it holds the GIL and
keys answer in 1-2 s instead of well under 0.1 s (measured with Pilot on a busy 2-core machine).
The screen shows which decision the search has reached, then the report of
:func:`tea_tui.analysis.format_report` in a scrollable view (the note on the estimates, which
the command breaks at its width, is joined for the screen to wrap). The game goes to the search
as a save (its setup, seed and moves), the same one the command line reads, so the same game and
budget give the same report.
"""

from __future__ import annotations

import re
import shlex
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from multiprocessing import get_context
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import get_current_worker

if TYPE_CHECKING:
    from core.engine import Game
    from saves import LoadedGame, SaveFile
    from tea_tui.analysis import Report
    from tea_tui.session import GameSession

ITERATIONS = 200
"""Search iterations per decision: half the command line's default, so that a whole 2-player
game (60-100 decisions of one person) takes some 10-20 s on a busy 2-core machine."""
JOIN_TIMEOUT = 2.0
"""Seconds to wait for a stopped search process to end before it is killed."""
POLL = 0.1
"""Seconds between the reader's checks that it should stop."""


class Stopped(Exception):
    """The player stopped the analysis (raised in the searching thread)."""


# --- the search, here or in a process ---------------------------------------------------------


def session_save(session: GameSession) -> SaveFile:
    """The save of a session as the app writes it (setup, seed and moves), for the search."""
    from datetime import UTC, datetime

    from saves.format import make_save

    return make_save(
        session.setup(),
        session.seed,
        session.moves,
        session.state,
        created=session.created,
        updated=datetime.now(UTC),
        title=session.title,
    )


def loaded_game(game: Game, save: SaveFile, name: str) -> LoadedGame:
    """The save replayed and checked, as :meth:`saves.SaveStore.load` gives it."""
    from saves import LoadedGame
    from saves.replay import Replay

    replay = Replay.build(game, save.seed, save.moves, name)
    return LoadedGame(name=name, path=Path(name), save=save, game=game, replay=replay)


def tracker_ready() -> None:
    """Make sure multiprocessing's resource tracker runs, which every spawned process needs.

    It is normally started before the app (:func:`tea_tui.ai_seats.prepare_processes`), but
    ``tea-tui load`` and ``continue`` skip that for a game without MCTS seats, and it cannot be
    started while Textual holds ``sys.stderr`` (whose descriptor is no file): so it is started
    here with the real stderr, on the event loop, for the moment it takes.
    """
    import sys
    from multiprocessing import resource_tracker

    held, real = sys.stderr, sys.__stderr__
    if real is None:
        return
    try:
        sys.stderr = real
        resource_tracker.ensure_running()
    finally:
        sys.stderr = held


def analyse_in_process(
    game: Game,
    save: SaveFile,
    name: str,
    iterations: int,
    seats: Sequence[int],
    out: Connection,
) -> None:
    """The search process: send ``("progress", done, total)`` after each decision, then
    ``("report", report)``, or ``("error", text)``."""
    from tea_tui.analysis import analyse_game

    try:
        loaded = loaded_game(game, save, name)
        report = analyse_game(
            loaded,
            iterations=iterations,
            seats=seats,
            on_progress=lambda done, total: out.send(("progress", done, total)),
        )
        out.send(("report", report))
    except Exception as error:  # say why, rather than just ending
        out.send(("error", str(error) or repr(error)))
    finally:
        out.close()


# --- the report as text -------------------------------------------------------------------------

_PREFIX = re.compile(r"( +|\d+\. )(.*)")
_HEADINGS = ("The costliest decision:", "Per seat:")


def report_lines(text: str) -> list[str]:
    """The report's lines, with a sentence the command line breaks at its width (the note on
    the estimates) joined again, since the screen wraps it."""
    lines: list[str] = []
    for line in text.splitlines():
        if (
            lines
            and line
            and lines[-1]
            and _PREFIX.fullmatch(line) is None
            and _PREFIX.fullmatch(lines[-1]) is None
            and not lines[-1].endswith((".", ":"))
        ):
            lines[-1] += " " + line
        else:
            lines.append(line)
    return lines


def report_view(text: str) -> RenderableType:
    """The report's lines; an indented or numbered line wraps under its own text."""
    parts: list[RenderableType] = []
    for line in report_lines(text):
        match = _PREFIX.fullmatch(line)
        bold = line in _HEADINGS or (line.startswith("The ") and line.endswith("decisions:"))
        if match is None:
            parts.append(Text(line, style="bold" if bold else ""))
            continue
        prefix, rest = match.groups()
        numbered = not prefix.isspace()
        grid = Table.grid(expand=True)
        grid.add_column(width=len(prefix), no_wrap=True)
        grid.add_column(ratio=1)
        style = "bold" if numbered else ""
        grid.add_row(Text(prefix, style=style), Text(rest, style=style))
        parts.append(grid)
    return Group(*parts)


# --- the screen ---------------------------------------------------------------------------------


class AnalysisScreen(Screen[None]):
    """Searches the finished game's decisions, then shows the costliest; Esc or q goes back
    (and stops a search still running).

    Args:
        session: the finished game.
        name: the game's save name, for the report's header and the command that prints the
            same report ("" when it has none).
        iterations: search iterations per decision.
        processes: search in a process of its own (else in a worker thread).
    """

    CSS_PATH = "analysis.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,q",
            "back",
            "back",
            tooltip="Back to the end screen (stops the analysis if it is still running)",
            id="analysis-back",
        ),
    ]

    def __init__(
        self,
        session: GameSession,
        *,
        name: str = "",
        iterations: int = ITERATIONS,
        processes: bool = True,
    ) -> None:
        super().__init__()
        self.session = session
        self.save_name = name
        self.iterations = iterations
        self.processes = processes
        people = session.human_seats
        self.everyone = not people
        """True when no seat was played by a person: then every seat is analysed."""
        self.seats = people or list(range(len(session.seats)))
        self.report: Report | None = None
        """The search's report, once it has come."""
        self.report_text = ""
        """The report as ``tea-tui analyse`` prints it."""
        self.in_process = False
        """True while the search runs in a process of its own."""
        self._stop = False
        self._process: BaseProcess | None = None
        self._lock = threading.Lock()
        self._started = 0.0

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(
            Text("Analysis: your costliest decisions", style="bold", justify="center"),
            id="analysis-title",
        )
        yield Static(self._about(), id="analysis-about")
        with Horizontal(id="analysis-progress-row"):
            yield Static(Text("Starting the search…"), id="analysis-status")
            yield ProgressBar(show_eta=False, id="analysis-progress")
        with VerticalScroll(id="analysis-report"):
            yield Static(self._waiting(), id="analysis-text")
        yield Footer(compact=True)

    def _who(self) -> str:
        names = [self.session.names[s] for s in self.seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def _about(self) -> Text:
        n = self.iterations
        text = Text(style="dim")
        if self.everyone:
            text.append("No seat was played by a person, so every seat is analysed. ")
        text.append(f"{self._who()}: {n} search iterations per decision.")
        if self.save_name:
            command = f"tea-tui analyse {shlex.quote(self.save_name)} --iters {n}"
            text.append(f" The same report in a shell: {command}")
        return text

    def _waiting(self) -> Text:
        return Text(
            f"The MCTS searches every decision of {self._who()} where more than one move was "
            "legal, from what that seat could see at the time, and compares the move played "
            "with its own first choice. The report will list the costliest decisions.\n\n"
            "Esc stops the search and goes back."
        )

    def on_mount(self) -> None:
        self._started = time.monotonic()
        if self.processes:
            with suppress(Exception):  # else no process starts, and the search runs in a thread
                tracker_ready()
        self._analyse(session_save(self.session))

    # --- the search -----------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def _analyse(self, save: SaveFile) -> None:
        """Run the search off the event loop and hand its answer back."""
        name = self.save_name or self.session.title or "this game"
        try:
            if self.processes:
                try:
                    self._search_in_process(save, name)
                    return
                except _NoProcessError:
                    pass  # no process to be had: search in this thread instead
            self._search_here(save, name)
        except Stopped:
            return
        except Exception as error:  # a failed search must not take the app down
            self._tell(self._failed, str(error) or repr(error))

    def _tell(self, callback: Callable[..., None], *args: Any) -> None:
        """Run ``callback(*args)`` on the event loop, unless the player has stopped."""
        if self._stop or get_current_worker().is_cancelled:
            raise Stopped
        self.app.call_from_thread(callback, *args)

    def _search_here(self, save: SaveFile, name: str) -> None:
        from tea_tui.analysis import analyse_game

        def progress(done: int, total: int) -> None:
            self._tell(self._progress, done, total)

        loaded = loaded_game(self.session.game, save, name)
        report = analyse_game(
            loaded, iterations=self.iterations, seats=self.seats, on_progress=progress
        )
        self._tell(self._done, report)

    def _search_in_process(self, save: SaveFile, name: str) -> None:
        ctx = get_context("spawn")
        reader, writer = ctx.Pipe(duplex=False)
        process = ctx.Process(
            target=analyse_in_process,
            args=(self.session.game, save, name, self.iterations, self.seats, writer),
            daemon=True,
            name="tea-tui analysis",
        )
        try:
            with self._lock:
                if self._stop:
                    raise Stopped
                try:
                    process.start()
                except Exception as error:
                    raise _NoProcessError from error
                self._process = process
                self.in_process = True
            writer.close()  # the child's end: a process that dies makes the reader see EOF
            self._read(reader)
        finally:
            self._end_process()  # first: a process still sending would find the pipe closed
            reader.close()
            writer.close()

    def _read(self, reader: Connection) -> None:
        """Pass the process's messages on until its report (or its end)."""
        while True:
            if self._stop or get_current_worker().is_cancelled:
                raise Stopped
            if not reader.poll(POLL):
                continue
            try:
                message = reader.recv()
            except EOFError:
                raise RuntimeError("the analysis process ended without a report") from None
            kind = message[0]
            if kind == "progress":
                self._tell(self._progress, message[1], message[2])
            elif kind == "report":
                self._tell(self._done, message[1])
                return
            else:
                raise RuntimeError(message[1])

    def _end_process(self) -> None:
        """Stop the search process, if there is one, and wait for it to end."""
        with self._lock:
            process, self._process = self._process, None
        if process is None:
            return
        if process.is_alive():
            process.terminate()
        process.join(JOIN_TIMEOUT)
        if process.is_alive():
            process.kill()
            process.join(JOIN_TIMEOUT)

    def stop(self) -> None:
        """Stop the search (the process at once, a thread after its current decision)."""
        with self._lock:
            self._stop = True
        self._end_process()

    # --- on the event loop ----------------------------------------------------------------------

    def _progress(self, done: int, total: int) -> None:
        if not self.is_attached or self.report is not None:
            return
        self.query_one(ProgressBar).update(total=max(1, total), progress=done)
        seconds = time.monotonic() - self._started
        self.query_one("#analysis-status", Static).update(
            Text(f"decision {done} of {total} searched · {seconds:.0f} s")
        )

    def _failed(self, error: str) -> None:
        if self.is_attached:
            self.query_one("#analysis-status", Static).update(
                Text(f"No analysis: {error}", style="bold red")
            )
            self.query_one(ProgressBar).display = False

    def _done(self, report: Report) -> None:
        from tea_tui.analysis import format_report

        self.report = report
        self.report_text = format_report(report)
        if not self.is_attached:
            return
        self.query_one(ProgressBar).display = False
        count = len(report.decisions)
        self.query_one("#analysis-status", Static).update(
            Text(
                f"Done: {count} decision{'' if count == 1 else 's'} searched in "
                f"{time.monotonic() - self._started:.1f} s. ↑↓ PgUp PgDn scroll · Esc back"
            )
        )
        self.query_one("#analysis-text", Static).update(report_view(self.report_text))
        scroll = self.query_one("#analysis-report", VerticalScroll)
        scroll.scroll_home(animate=False)
        scroll.focus()

    def action_back(self) -> None:
        """Back to the end screen; a search still running is stopped."""
        self.stop()
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.stop()


class _NoProcessError(Exception):
    """No search process could be started."""
