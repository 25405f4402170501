"""The line about the others' last turns, under the status line: empty before anyone else has
played, then what the AI or Lu Yu did and gained, within two lines at 80 x 24 (snapshots at
80 x 24 and 120 x 40)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from core.tea_garden import moves as mv
from tea_tui.app import TeaApp, make_app
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.screens.game import GameScreen
from tea_tui.session import GameSession
from tea_tui.widgets.last_turn import LastTurns
from tests.tui.pilot_tools import pilot_test, until

SEATS = ("human@Ann", "random@Bo")


def game(app: Any) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def vs_random() -> TeaApp:
    session = GameSession.new(tea_game(SEATS, start_seat=0), list(SEATS), 2)
    return make_app(session=session, pace=0, processes=False)


async def ann_plays_a_card_then_bo_moves(pilot: Pilot[Any]) -> None:
    """Ann plays her first card, ferments and ends the turn; Bo (random) takes his turn."""
    screen = game(pilot.app)
    s = screen.session
    for _ in range(30):
        legal = s.legal_moves()
        pick = (
            next((m for m in legal if isinstance(m, mv.EndTurn)), None)
            or next((m for m in legal if isinstance(m, mv.Commit | mv.Ferment)), None)
            or next((m for m in legal if isinstance(m, mv.Select)), None)
            or next((m for m in legal if not isinstance(m, mv.Pass)), legal[0])
        )
        screen._play_now((pick,))
        await pilot.pause()
        if isinstance(pick, mv.EndTurn):
            break
    await until(pilot, lambda: s.human_to_move and not screen._ai_busy and bool(s.summaries))
    await pilot.pause()


@pilot_test
async def test_the_ai_turn_is_told_on_the_game_screen_within_two_lines() -> None:
    app = vs_random()
    async with app.run_test(size=(80, 24)) as pilot:
        widget = game(app).query_one(LastTurns)
        assert not widget.display or widget.has_class("-empty")  # nobody else played yet
        await ann_plays_a_card_then_bo_moves(pilot)
        s = game(app).session
        bo = [t for t in s.summaries if t.seat == 1][-1]
        assert widget.region.height in (1, 2)
        rows = [row.plain for row in widget.rows(widget.content_region.width)]
        assert rows[0].startswith("▲ Bo played ")
        told = " ".join(rows)
        assert bo.text[:30] in told
        assert all(len(row) <= widget.content_region.width for row in rows)


@pilot_test
async def test_lu_yus_turn_is_told_on_the_game_screen() -> None:
    seats = ("human@Ann", "luyu:hard")
    session = GameSession.new(tea_game(seats, start_seat=1), list(seats), 5)
    app = make_app(session=session, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await until(pilot, lambda: screen.session.human_to_move and not screen._ai_busy)
        await pilot.pause()
        widget = screen.query_one(LastTurns)
        rows = [row.plain for row in widget.rows(widget.content_region.width)]
        assert rows and rows[0].startswith("▲ Lu Yu revealed his card ")
        assert widget.region.height >= 1


@pilot_test
async def test_a_wide_screen_gives_the_line_more_room() -> None:
    app = vs_random()
    async with app.run_test(size=(120, 40)) as pilot:
        await ann_plays_a_card_then_bo_moves(pilot)
        widget = game(app).query_one(LastTurns)
        assert widget.max_lines == 3
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert widget.max_lines == 2
        assert widget.region.height <= 2


class TestLastTurnSnapshots:
    """The game screen after Bo's turn, the line under the status line."""

    def test_last_turn_80x24(self, snap_compare: Any) -> None:
        assert snap_compare(
            vs_random(), terminal_size=(80, 24), run_before=ann_plays_a_card_then_bo_moves
        )

    def test_last_turn_120x40(self, snap_compare: Any) -> None:
        assert snap_compare(
            vs_random(), terminal_size=(120, 40), run_before=ann_plays_a_card_then_bo_moves
        )


@pilot_test
async def test_at_80x24_the_line_keeps_to_two_rows_however_much_happened() -> None:
    """After a round's end (Bo's turns, the Maintenance, his first turn of round 2), the
    newest two are kept."""
    app = vs_random()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        s = screen.session
        screen._play_now((mv.Pass(),))  # Ann passes: Bo plays on alone, then the round ends
        await pilot.pause()
        if screen.query("ConfirmScreen"):
            await pilot.press("y")
        await until(pilot, lambda: s.state.round == 2 and s.human_to_move and not screen._ai_busy)
        await pilot.pause()
        widget = screen.query_one(LastTurns)
        told = s.last_turns(0)
        assert len(told) >= 3
        assert any(t.seat == -1 and t.text.startswith("Round 1 ended: ") for t in told)
        rows = [row.plain for row in widget.rows(widget.content_region.width)]
        assert len(rows) == 2 and widget.region.height == 2
        newest = told[-1]  # the newest kept: Bo starts round 2
        assert rows[-1].startswith(f"▲ Bo {newest.text[:20]}" if newest.seat == 1 else "· Round")
        await pilot.resize_terminal(80, 32)
        await pilot.pause()
        assert widget.region.height == 3  # a taller terminal has a row to spare
