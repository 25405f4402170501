"""The solo game against the automa Lu Yu in the app: the new-game form by keys, his turns in
the log and on his board, the score table and end screen, the replay, the `new` command, and
one snapshot of the game screen with his board."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from core.engine import Outcome
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.hidden import TeaGardenObservation
from tea_tui.app import TeaApp, make_app, make_title_app
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.games.tea_garden.widgets.luyu_board import LuYuBoard
from tea_tui.screens.end import EndScreen, winner_text
from tea_tui.screens.game import GameScreen
from tea_tui.screens.new_game import SOLO, NewGameScreen
from tea_tui.screens.replay import ReplayScreen
from tea_tui.session import GameSession
from tea_tui.settings import load_settings, settings_path
from tea_tui.widgets.score_table import ScoreTable
from tests.tui.pilot_tools import open_new_game, pilot_test, until

SOLO_SEATS = ("human@Ann", "luyu:hard")


def solo_session(seed: int = 11, moves: int = 0, *, to_end: bool = False) -> GameSession:
    """A solo game (Ann starts against Lu Yu on hard) with seeded random moves by Ann."""
    session = GameSession.new(tea_game(SOLO_SEATS, start_seat=0), list(SOLO_SEATS), seed)
    rng = Rng.from_seed(seed + 100)
    while not session.is_over() and (to_end or len(session.moves) < moves):
        legal = session.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass)]
        session.apply(rng.choice(active if active and rng.below(5) else list(legal)))
    return session


def drawn(widget: Widget) -> str:
    """The text a mounted widget draws on screen."""
    width, height = widget.size
    return "\n".join(s.text for s in widget.render_lines(Region(0, 0, width, height)))


def game(app: TeaApp) -> GameScreen:
    assert isinstance(app.screen, GameScreen), app.screen
    return app.screen


def luyu_lines(session: GameSession) -> list[str]:
    return [e.text for e in session.log if e.seat == 1 and not e.header]


# --- setting up a solo game with the keyboard, and his turns ------------------------------------


@pilot_test
async def test_solo_game_set_up_by_keys_and_lu_yu_takes_his_turns(tmp_path: Path) -> None:
    """Solo vs Lu Yu, hard, Lu Yu first, all by keys; his turn reaches the log and his board."""
    app = make_title_app(data_dir=tmp_path, processes=False, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_new_game(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        await pilot.press("tab", "tab", "tab", "tab", "enter")  # Players (after House rules): solo
        assert form.players == SOLO
        assert not form.query_one("#seat-row-1").display and form.query_one("#solo-row").display
        await pilot.press("tab", "tab", "tab")  # your name, your colour, Lu Yu's difficulty
        assert app.focused is not None and app.focused.id == "solo-level"
        await pilot.press("enter", "down", "enter")  # medium -> hard
        await pilot.press("tab", "tab", "right", "enter")  # Starts: Lu Yu
        await pilot.press("f5")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        s = game(app).session
        assert [str(spec) for spec in s.seats] == ["human@Player 1", "luyu:hard@Lu Yu"]
        assert s.game.luyu_seat == 1 and s.game.luyu_experts == 2 and s.game.start_seat == 1
        await until(pilot, lambda: s.human_to_move and bool(luyu_lines(s)))
        assert luyu_lines(s)[0].startswith("Lu Yu reveals ")
        await pilot.press("o")
        await pilot.pause()
        board = game(app).query_one("#opponents", LuYuBoard)
        text = drawn(board)
        lu = s.state.luyu
        assert lu is not None and len(lu.slots) == 1
        assert f" 1 {s.ctx.name(lu.slots[0])}" in text
        assert "Top of his deck" in text and "turns left 3" in text
        assert "Lu Yu" in drawn(game(app).query_one("#tabs"))
        await pilot.press("p", "y")  # Ann passes (a new settings file asks first)
        await until(pilot, lambda: s.state.round == 2 and s.human_to_move, limit=30)
        headers = [e.text for e in s.log if e.header and e.seat == 1]
        assert headers[:3] == ["Lu Yu, turn 1", "Lu Yu, turn 2", "Lu Yu, turn 3"]
        assert len(luyu_lines(s)) >= 3
    settings, _ = load_settings(settings_path(tmp_path))
    assert settings.last_setup.seats == ["human@Player 1", "luyu:hard@Lu Yu"]
    assert settings.last_setup.start == 1


@pilot_test
async def test_new_game_form_reopens_a_solo_setup(tmp_path: Path) -> None:
    """A rematch of a solo game opens the form in solo mode with his level and starter."""
    session = GameSession.new(
        tea_game(["luyu:expert", "human@Kim"], start_seat=0), ["luyu:expert", "human@Kim"], 5
    )
    app = make_app(session=session, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_new_game(rematch=session)
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.players == SOLO
        choice = form.read_form()
        assert [str(spec) for spec in choice.seats] == ["human@Kim", "luyu:expert@Lu Yu"]
        assert choice.start_seat == 1  # Lu Yu started, and he is seat 2 now


# --- his board ------------------------------------------------------------------------------------


class PanelApp(App[None]):
    def __init__(self, panel: Widget) -> None:
        super().__init__()
        self.panel = panel

    def compose(self) -> ComposeResult:
        yield self.panel


def render_board(view: TeaGardenObservation, session: GameSession) -> str:
    async def run() -> str:
        board = LuYuBoard()
        async with PanelApp(board).run_test(size=(200, 40)) as pilot:
            board.show(view, session.ctx, session.names)
            await pilot.pause()
            return drawn(board)

    return asyncio.run(run())


def test_lu_yu_board_shows_his_cards_piles_and_top_card_back() -> None:
    """Slots with fronts, leaves, piles, Emperor space, and the top card with its indicators."""
    s = solo_session(moves=60)
    view = s.view(0)
    lu, p = view.luyu, view.players[1]
    assert lu is not None
    text = render_board(view, s)
    top = s.ctx.luyu_cards[lu.draw[-1]]
    assert "automa, hard" in text
    assert f"deck ({view.luyu_draw_size})" in text
    for slot, card_id in enumerate(lu.slots):
        assert f" {slot + 1} {s.ctx.name(card_id)}" in text
    assert f"Leaves g{sum(p.fresh)} f{sum(p.fermented)}" in text
    assert f"Caravans {len(p.caravans)} (= {5 * len(p.caravans)} VP)" in text
    assert f"Emperor space {p.emperor_row}" in text
    assert f"{s.ctx.name(top.id)} he reveals it next" in text
    assert f"strength {top.strength}" in text
    assert f"Caravan #{top.caravan}" in text and f"Emperor card #{top.emperor}" in text
    assert "Halls" not in text  # the expansion is off
    assert "Noble Court" not in text and "Puerh" not in text
    assert "ly_" not in text and all(s.ctx.name(c) != c for c in lu.slots)
    # The hidden part of his deck never shows: only the top card is known.
    unseen = [c for c in s.state.luyu.draw[:-1] if c not in lu.seen]  # type: ignore[union-attr]
    assert all(f" {s.ctx.name(c)} " not in text for c in unseen)


def test_lu_yu_board_with_the_expansion_shows_halls_and_market_order() -> None:
    """With Puerh: five slots, his Hall priority and Market order."""
    game = tea_game(SOLO_SEATS, puerh=True, start_seat=1)
    s = GameSession.new(game, list(SOLO_SEATS), 3)
    text = render_board(s.view(0), s)
    assert " 5 -" in text and "Halls " in text and "Market " in text and "Courtiers" in text


# --- scores and the end ----------------------------------------------------------------------


@pilot_test
async def test_end_screen_of_a_solo_game_shows_his_categories_and_the_result() -> None:
    """The score table has his Caravans and leaves; the winner line follows AMB-50."""
    s = solo_session(to_end=True)
    outcome = s.outcome()
    assert outcome.winners == (1,)  # random play does not beat him
    app = make_app(session=s, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EndScreen))
        screen = app.screen
        table = screen.query_one(ScoreTable)
        rows = [str(row.value) for row in table.rows]
        assert rows[-3:] == ["caravans", "leaves", "total"]
        labels = str(table.get_row("caravans")[0]) + str(table.get_row("leaves")[0])
        assert "Caravans (Lu Yu)" in labels and "Leaves (Lu Yu)" in labels
        caravans = table.get_row("caravans")
        assert str(caravans[1]).split()[0] == "0"
        assert int(str(caravans[2]).split()[0]) == outcome.breakdown[1]["caravans"] > 0
        winner = str(screen.query_one("#end-winner").render())
        assert f"Lu Yu wins, {outcome.scores[1]} to {outcome.scores[0]}" in winner
        await pilot.press("v")  # the replay shows his board for his seat's view
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("b", "v", "v")  # the board panel, pinned to seat 2
        await pilot.pause()
        assert "automa, hard" in drawn(app.screen.query_one("#board"))


@pytest.mark.parametrize(
    "scores,winners,words",
    [
        ((80, 65), (0,), "You beat ▲ Lu Yu, 80 to 65!"),
        ((70, 70), (1,), "● Ann does not beat ▲ Lu Yu: a tie on 70 points goes to him."),
        ((60, 75), (1,), "▲ Lu Yu wins, 75 to 60."),
    ],
)
def test_solo_result_wording(
    scores: tuple[int, int], winners: tuple[int], words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A win, a tie (which does not beat him) and a loss."""
    s = solo_session()
    result = Outcome(scores=scores, breakdown=({}, {}), winners=winners)
    monkeypatch.setattr(GameSession, "outcome", lambda self: result)
    assert winner_text(s).plain == words


@pilot_test
async def test_live_scores_count_his_own_categories() -> None:
    """s: the table in play applies his scoring (his Caravans score 5 each)."""
    s = solo_session(moves=60)
    app = make_app(session=s, pace=0, processes=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: s.human_to_move)
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one(ScoreTable)
        caravans = table.get_row("caravans")
        assert int(str(caravans[2]).split()[0]) == 5 * len(s.state.players[1].caravans)


# --- the command line ------------------------------------------------------------------------


def test_new_command_sets_up_a_solo_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """--seat human --seat luyu:LEVEL: the person starts unless --start says otherwise."""
    from tea_tui.cli import main

    started: list[TeaApp] = []
    monkeypatch.setattr(TeaApp, "run", lambda self, **kw: started.append(self))
    assert main(["new", "--seat", "human", "--seat", "luyu:easy", "--seed", "4"]) == 0
    assert main(["new", "--seat", "human", "--seat", "luyu", "--start", "2"]) == 0
    first, second = (app.session for app in started)
    assert first is not None and second is not None
    assert (first.game.luyu_seat, first.game.luyu_experts, first.game.start_seat) == (1, 0, 0)
    assert first.names == ["Seat 1", "Lu Yu"]
    assert (second.game.luyu_experts, second.game.start_seat) == (1, 1)  # medium by default


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--players", "3", "--seat", "human", "--seat", "luyu", "--seat", "random"], "2 seats"),
        (["--seat", "luyu", "--seat", "luyu:hard"], "only one seat can be Lu Yu"),
        (["--seat", "human", "--seat", "luyu:normal"], "unknown Lu Yu difficulty"),
        (["--seat", "luyu:hard"], "a solo game: --seat human --seat luyu:LEVEL"),
        (["--seat", "human", "--seat", "luyu", "--start", "3"], "--start must be a seat"),
    ],
)
def test_new_command_refuses_bad_solo_setups(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line saying what is wrong, exit status 2."""
    from tea_tui.cli import main

    assert main(["new", *argv]) == 2
    assert message in capsys.readouterr().err


# --- snapshot -----------------------------------------------------------------------------------


class TestSoloSnapshot:
    """Look at it before accepting (docs/tui.md)."""

    def test_game_screen_with_lu_yu_board_120x40(self, snap_compare: Any) -> None:
        """Lu Yu has played his first card: his board, the log line, Ann's board and menu."""

        async def ready(pilot: Pilot[None]) -> None:
            s = game(pilot.app).session  # type: ignore[arg-type]
            await until(pilot, lambda: s.human_to_move and bool(luyu_lines(s)))
            await pilot.press("o")
            await pilot.pause()

        game_ = tea_game(SOLO_SEATS, start_seat=1)
        session = GameSession.new(game_, list(SOLO_SEATS), 7)
        app = make_app(session=session, pace=0, processes=False)
        assert snap_compare(app, terminal_size=(120, 40), run_before=ready)
