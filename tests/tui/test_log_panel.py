"""The Log panel at 80 x 24: lines written while another panel shows are wrapped to the log's
real width when it is opened, with the continuation lines indented; it is never empty."""

from __future__ import annotations

from textual.geometry import Region
from textual.pilot import Pilot

from core.rng import Rng
from core.tea_garden import moves as mv
from tea_tui.app import TeaApp, make_app
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.screens.game import GameScreen
from tea_tui.session import GameSession, LogEntry
from tea_tui.widgets.game_log import GameLog
from tests.tui.pilot_tools import pilot_test, played, until


def game(app: TeaApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def drawn(log: GameLog) -> list[str]:
    """The lines the log draws on screen now."""
    width, height = log.size
    return [s.text for s in log.render_lines(Region(0, 0, width, height))]


def random_moves(session: GameSession, count: int, seed: int = 7) -> None:
    """Let every seat make seeded random moves (fewer if the game ends)."""
    rng = Rng.from_seed(seed)
    for _ in range(count):
        if session.is_over():
            return
        legal = session.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass)]
        session.apply(rng.choice(active or list(legal)))


def check_wrapped(log: GameLog, width: int) -> None:
    """Every line fits the log; long entries use most of it; wrapped lines are indented."""
    texts = [strip.text.rstrip() for strip in log.lines]
    assert texts
    assert all(len(t) <= width for t in texts)
    assert max(len(t) for t in texts) > width - 15  # not squeezed into a narrow column
    for text in texts:
        if not text.startswith(("──", " ")):
            raise AssertionError(f"a wrapped line lost its indent: {text!r}")


@pilot_test
async def test_lines_written_while_the_log_is_hidden_fill_its_width() -> None:
    """The log shown once, then the board, then moves: opening the log again shows the new
    lines wrapped to 80 columns, not to a narrow column."""
    app = make_app(session=played(moves=6), pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        screen = game(app)
        random_moves(screen.session, 60)
        screen.refresh_view()
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        log = screen.query_one("#log", GameLog)
        width = log.scrollable_content_region.width
        assert width >= 70
        check_wrapped(log, width)
        # The newest entry is on screen (the log keeps its end in sight).
        last = screen.session.log[-1].text
        assert any(last[:30] in line for line in drawn(log)), drawn(log)


@pilot_test
async def test_wrapped_lines_keep_the_indent_of_their_entry() -> None:
    """A long move wraps with its continuation lines under its text, past the glyph."""
    app = make_app(session=played(moves=2), pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = game(app).query_one("#log", GameLog)
        long = LogEntry("word " * 40, round=1, seat=1)
        log.show([*log.shown, long], ["Ann", "Bo"])
        await pilot.pause()
        tail = [strip.text.rstrip() for strip in log.lines[-3:]]
        assert tail[0].startswith("   ▲ word")
        assert all(t.startswith("     word") for t in tail[1:]), tail


async def _solo_ready(app: TeaApp, pilot: Pilot[None]) -> GameScreen:
    screen = game(app)
    await until(pilot, lambda: screen.session.human_to_move and not screen._ai_busy)
    return screen


@pilot_test
async def test_log_after_tab_into_lu_yus_board_is_not_empty() -> None:
    """Solo game: o, Tab, l shows the log's lines (his turn included), not an empty panel."""
    seats = ("human@Ann", "luyu:hard")
    session = GameSession.new(tea_game(seats, start_seat=1), list(seats), 5)
    app = make_app(session=session, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _solo_ready(app, pilot)
        for key in ("o", "tab", "l"):
            await pilot.press(key)
            await pilot.pause()
        log = screen.query_one("#log", GameLog)
        lines = [line.strip() for line in drawn(log)]
        assert any(line.startswith("▲ Lu Yu") for line in lines), lines
        assert screen.session.log[-1].text in " ".join(lines)


@pilot_test
async def test_a_resize_wraps_the_log_again() -> None:
    """From 120 x 40 down to 80 x 24 and back: the log follows the width each time."""
    app = make_app(session=played(moves=60), pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        log = game(app).query_one("#log", GameLog)
        narrow = len(log.lines)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert len(log.lines) < narrow  # wider: fewer wrapped lines
        check_wrapped(log, log.scrollable_content_region.width)
