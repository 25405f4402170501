"""The app driven by keys through Textual's Pilot: one test per binding, whole games, privacy,
layouts, and SVG snapshots of the main screens."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import ContentSwitcher, OptionList

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.game import TeaGardenGame
from tea_tui.app import TeaApp, make_app
from tea_tui.screens.end import EndScreen
from tea_tui.screens.game import GameScreen
from tea_tui.screens.handover import HandoverScreen
from tea_tui.screens.help import HelpScreen
from tea_tui.screens.modals import ConfirmScreen, ScoreScreen
from tea_tui.session import GameSession

SEED = 2
"""Seat 1 (the person) starts a two-seat game with this seed."""


def pilot_test(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async Pilot test with asyncio (no pytest plugin needed)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))  # type: ignore[arg-type]

    return run


def app_for(seats: Sequence[str] = ("human", "random"), seed: int = SEED) -> TeaApp:
    return make_app(len(seats), list(seats), seed, pace=0)


def game(app: TeaApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


async def wait_for_person(app: TeaApp, pilot: Pilot[None], limit: int = 500) -> None:
    """Let AI seats move until a person has to decide (or the game is over)."""
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, GameScreen):
            s = screen.session
            if s.is_over() or (s.human_to_move and not screen._ai_busy):
                return
        await pilot.pause(0.01)
    raise AssertionError("the AI did not move")


async def play_first_card(app: TeaApp, pilot: Pilot[None]) -> None:
    await pilot.press("enter")
    await pilot.pause()


# --- bindings, one test each ------------------------------------------------------------------


@pilot_test
async def test_digit_ticks_a_card_and_enter_plays_it() -> None:
    """menu-1 and choose: tick cards 1 and 2, Enter plays both with the highlighted one on top."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        hand = list(screen.session.state.me.hand)
        await pilot.press("1", "2")
        assert screen.selection == {hand[0], hand[1]}
        assert screen.session.moves == []
        await pilot.press("k")  # the highlight followed card 2; move it to card 1
        await pilot.press("enter")
        await pilot.pause()
        turn = screen.session.state.turn
        assert turn.committed and turn.top == hand[0]
        assert len(screen.session.state.me.stacks[0]) == 2
        assert screen.menu.kind == "turn"


@pilot_test
async def test_j_and_k_move_the_highlight() -> None:
    """down/up: j and k move the decision panel's highlight."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        options = app.screen.query_one("#decision-options", OptionList)
        first = options.highlighted
        await pilot.press("j")
        assert options.highlighted == (first or 0) + 1
        await pilot.press("k")
        assert options.highlighted == first


@pilot_test
async def test_escape_unticks_then_undoes() -> None:
    """back: Esc clears ticked cards, then takes back the last step, then says why it cannot."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await pilot.press("1")
        assert screen.selection
        await pilot.press("escape")
        assert not screen.selection
        await play_first_card(app, pilot)
        assert screen.session.state.turn.committed
        await pilot.press("backspace")
        await pilot.pause()
        assert not screen.session.state.turn.committed
        await pilot.press("escape")  # nothing left to undo: Esc says so
        await pilot.pause()
        assert any("undo" in n.message for n in app._notifications)


@pilot_test
async def test_letters_choose_actions_and_the_turn_ends() -> None:
    """menu-f, menu-n, menu-e: play, ferment, stop fermenting, end the turn."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await play_first_card(app, pilot)
        await pilot.press("f")
        await pilot.pause()
        if screen.session.state.pending:
            assert isinstance(screen.session.state.pending[-1], st.FermentLeaves)
            await pilot.press("n")
            await pilot.pause()
        assert screen.session.state.turn.main == "ferment"
        await pilot.press("e")
        await wait_for_person(app, pilot)
        assert any(isinstance(m, mv.EndTurn) for m in screen.session.moves)


@pilot_test
async def test_p_passes() -> None:
    """menu-p: pass for the rest of the round."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await pilot.press("p")
        await pilot.pause()
        assert screen.session.moves[0] == mv.Pass()


@pilot_test
async def test_an_unavailable_letter_says_why() -> None:
    """A dimmed action's letter explains itself instead of doing something."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await play_first_card(app, pilot)
        await pilot.press("e")  # no main action yet
        await pilot.pause()
        assert not any(isinstance(m, mv.EndTurn) for m in screen.session.moves)
        assert any("main action" in n.message for n in app._notifications)


@pilot_test
async def test_a_refused_move_is_an_error_notification() -> None:
    """The engine's RulesError becomes notify(severity="error"), never a crash."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        screen._play((mv.EndTurn(),))
        await pilot.pause()
        errors = [n for n in app._notifications if n.severity == "error"]
        assert errors and "not legal" in errors[0].message
        assert screen.session.moves == []


@pytest.mark.parametrize(
    "key,panel",
    [
        ("m", "map"),
        ("t", "tracks"),
        ("d", "displays"),
        ("b", "board"),
        ("o", "opponents"),
        ("l", "log"),
    ],
)
@pilot_test
async def test_panel_keys_switch_the_panel(key: str, panel: str) -> None:
    """panel-*: m t d b o l show one panel at a time at 80 x 24."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m" if key != "m" else "t")
        await pilot.press(key)
        assert app.screen.query_one("#panels", ContentSwitcher).current == f"panel-{panel}"
        assert game(app).panel == panel


@pilot_test
async def test_s_shows_the_scores_and_closes() -> None:
    """scores: a table of every category for every seat."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        table = app.screen.query_one("#live-scores")
        assert table.row_count == 9 and len(table.columns) == 3
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


@pilot_test
async def test_question_mark_shows_help() -> None:
    """help: the keys and the rules reference."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


@pilot_test
async def test_angle_brackets_change_the_ai_pace() -> None:
    """slower/faster: < and > change how long AI moves stay on screen."""
    app = make_app(2, ["human", "random"], SEED, pace=0.4)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await pilot.press("less_than_sign")
        assert screen.pace > 0.4
        await pilot.press("greater_than_sign", "greater_than_sign")
        assert screen.pace < 0.4


@pilot_test
async def test_q_asks_before_quitting() -> None:
    """quit: q asks; n keeps playing, y leaves."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


@pilot_test
async def test_command_palette_lists_the_game_commands() -> None:
    """Ctrl+P offers the game's commands."""
    app = app_for()
    async with app.run_test(size=(80, 24)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Undo", "Scores", "Help", "Show map", "AI faster", "Quit the game"):
            assert title in titles


# --- a payment, a whole game, hot seat, privacy -------------------------------------------------


def session_at_payment() -> GameSession:
    """A two-seat session where the person must pay leaves (found by seeded random play)."""
    rng = Rng.from_seed(4)
    for seed in range(200):
        s = GameSession.new(TeaGardenGame(num_seats=2), ["human", "random"], seed)
        while not s.is_over():
            pending = s.state.pending[-1] if s.state.pending else None
            if s.current_seat == 0 and isinstance(pending, st.PayLeaves):
                return s
            options = [m for m in s.legal_moves() if not isinstance(m, mv.Pass)]
            s.apply(rng.choice(options or list(s.legal_moves())))
    raise AssertionError("no payment found")


@pilot_test
async def test_a_pays_with_the_cheapest_leaves() -> None:
    """menu-a in a payment: the whole payment in one key."""
    s = session_at_payment()
    app = make_app(session=s, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        assert screen.menu.kind == "pay"
        before = len(s.moves)
        await pilot.press("a")
        await pilot.pause()
        paid = [m for m in s.moves[before:] if isinstance(m, mv.PayLeaf)]
        assert paid
        assert not (
            s.state.pending
            and isinstance(s.state.pending[-1], st.PayLeaves)
            and s.current_seat == 0
        )


async def drive(app: TeaApp, pilot: Pilot[None], rng: Rng, limit: int = 3000) -> int:
    """Play the person's seats with a seeded random key policy until the end screen."""
    presses = 0
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, EndScreen):
            return presses
        if isinstance(screen, HandoverScreen):
            await pilot.press("space")
            continue
        if not isinstance(screen, GameScreen) or not screen.session.human_to_move:
            await pilot.pause(0.01)
            continue
        menu = screen.menu
        keyed = [i for i in menu.items if i.enabled and i.key]
        if menu.kind == "pay":
            key = "a"
        elif menu.kind == "cards":
            cards = [i for i in keyed if i.toggle]
            if menu.find("p") and (not cards or rng.below(4) == 0):
                key = "p"
            else:
                await pilot.press(rng.choice(cards).key)
                key = "enter"
        else:
            key = rng.choice(keyed).key
        await pilot.press("plus" if key == "+" else key)
        presses += 1
    raise AssertionError("the game did not end")


@pilot_test
async def test_a_whole_game_against_a_random_seat_reaches_the_end_screen() -> None:
    """Keys only, from the first card to the winner."""
    app = make_app(2, ["human", "random"], 5, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await drive(app, pilot, Rng.from_seed(1))
        screen = app.screen
        assert isinstance(screen, EndScreen)
        outcome = screen.session.outcome()
        assert screen.query_one("#end-scores").row_count == 9
        winner = str(screen.query_one("#end-winner").render())
        assert screen.session.names[outcome.winners[0]] in winner
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.menu.kind == "over"


@pilot_test
async def test_hot_seat_hands_over_between_people() -> None:
    """Two people: a hand-over screen before each one's turn."""
    app = app_for(("human", "human"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("x")
        screen = game(app)
        assert screen._shown_seat == 0
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.seat == 1
        await pilot.press("enter")
        assert game(app)._shown_seat == 1
        assert game(app).query_one("#board").view.seat == 1


def screen_text(widgets: Sequence[Widget]) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for widget in widgets:
        try:
            console.print(widget.render())
        except Exception:  # containers have nothing of their own to render
            continue
    return console.export_text()


@pilot_test
async def test_no_widget_shows_another_seats_hand() -> None:
    """A card only seat 2 holds appears nowhere on seat 1's screen, in any panel."""
    s = GameSession.new(TeaGardenGame(num_seats=2), ["human", "human"], SEED)
    secret = s.state.board.action_deck[0]  # face down: nobody has seen it
    s.state.players[1].hand.append(secret)
    name = s.ctx.cards[secret].name
    app = make_app(session=s, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")  # past the hand-over, to seat 1's view
        screen = game(app)
        for key in ("m", "t", "d", "o"):
            await pilot.press(key)
            await pilot.pause()
            text = screen_text(list(screen.query("*")))
            assert name not in text
        views = [w.view for w in screen.query("#wide-board, #opponents")]
        assert all(v is not None and v.seat == 0 for v in views)
        assert all(v.players[1].hand == [] for v in views)


@pilot_test
async def test_too_small_terminal_shows_a_notice_and_reflows() -> None:
    """Below 80 x 24 only a notice; larger again, the game comes back."""
    app = app_for()
    async with app.run_test(size=(70, 20)) as pilot:
        screen = game(app)
        assert screen.has_class("-too-small")
        assert screen.query_one("#too-small").display
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not screen.has_class("-too-small") and screen.has_class("-wide")


# --- snapshots ---------------------------------------------------------------------------------


class TestSnapshots:
    """SVG snapshots: look at them before accepting (see docs/tui.md)."""

    def test_game_screen_80x24(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """The compact layout at the first decision."""
        assert snap_compare(app_for(), terminal_size=(80, 24))

    def test_game_screen_120x40(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """The wide layout with the map, the board, the decisions and the log."""
        assert snap_compare(app_for(), terminal_size=(120, 40))

    def test_decision_panel_payment(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """A leaf payment with the cheapest-pay item first."""
        app = make_app(session=session_at_payment(), pace=0)
        assert snap_compare(app, terminal_size=(80, 24))

    def test_decision_panel_ticked_cards(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """Two cards ticked in the card phase."""
        assert snap_compare(app_for(), press=["1", "3"], terminal_size=(80, 24))

    def test_handover(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """The hand-over screen between two people."""
        assert snap_compare(app_for(("human@Ann", "human@Bo")), terminal_size=(80, 24))

    def test_end_screen(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """The winner and the category table."""
        rng = Rng.from_seed(21)
        s = GameSession.new(TeaGardenGame(num_seats=3), ["human", "random", "random"], 9)
        while not s.is_over():
            options = [m for m in s.legal_moves() if not isinstance(m, mv.Pass)]
            s.apply(rng.choice(options if options and rng.below(5) else list(s.legal_moves())))
        assert snap_compare(make_app(session=s, pace=0), terminal_size=(80, 24))


# --- AI seats in a process, and the `new` command ----------------------------------------------


@pilot_test
async def test_an_mcts_seat_thinks_in_a_process_and_moves() -> None:
    """A searching AI answers from its own process; its moves reach the log."""
    app = make_app(2, ["random", "mcts:iters=8"], 1, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        for _ in range(1000):  # generous: the machine may be busy
            if any(e.seat == 1 and not e.header for e in screen.session.log):
                break
            await pilot.pause(0.02)
        assert any(e.seat == 1 and not e.header for e in screen.session.log)
        assert screen._ai[1].process_running
    assert not screen._ai[1].process_running  # closed with the screen


def test_new_command_starts_the_app_with_the_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """tea-tui new --players 3 --seat ... --seed 7 builds that game and runs the app."""
    from tea_tui.cli import main

    started: list[TeaApp] = []
    monkeypatch.setattr(TeaApp, "run", lambda self, **kw: started.append(self))
    argv = ["new", "--players", "3", "--seat", "human", "--seat", "random"]
    assert main([*argv, "--seat", "human@Bo", "--seed", "7"]) == 0
    session = started[0].session
    assert [str(s) for s in session.seats] == ["human", "random", "human@Bo"]
    assert session.seed == 7 and session.names[2] == "Bo"


@pytest.mark.parametrize(
    "argv,message",
    [
        (["new", "--players", "3", "--seat", "human"], "3 players need 3 --seat options"),
        (["new", "--seat", "human", "--seat", "mcts:bogus"], "unknown MCTS level"),
        (["new", "--players", "3", "--seat", "luyu", "--seat", "human", "--seat", "human"], "solo"),
        (["new", "--seat", "human", "--seat", "robot"], "unknown kind"),
    ],
)
def test_new_command_refuses_bad_seats(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad seats are reported in one line, exit status 2."""
    from tea_tui.cli import main

    assert main(argv) == 2
    assert message in capsys.readouterr().err


@pilot_test
async def test_r_shows_the_noble_court_only_with_the_expansion() -> None:
    """panel-court: r shows the Noble Court in a Puerh game; in a base game it only explains."""
    from core.tea_garden.context import Options
    from core.tea_garden.game import TeaGardenGame
    from tea_tui.session import GameSession

    session = GameSession.new(
        TeaGardenGame(num_seats=2, options=Options(puerh=True)), ["human", "random"], SEED
    )
    app = make_app(session=session, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        assert game(app).panel == "court"
        await pilot.pause()
        court = app.screen.query_one("#noble-court")
        assert court.region.height > 5  # shown and drawn
        screen = app.export_screenshot()
        assert "Noble" in screen and "Market" in screen
    base = app_for()
    async with base.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.press("r")
        assert game(base).panel == "map"


@pilot_test
async def test_score_table_lists_the_expansion_categories() -> None:
    """scores: a Puerh game's table has rows for cakes, Decrees and Halls."""
    from core.tea_garden.context import Options
    from core.tea_garden.game import TeaGardenGame
    from tea_tui.session import GameSession
    from tea_tui.widgets.score_table import ScoreTable

    session = GameSession.new(
        TeaGardenGame(num_seats=2, options=Options(puerh=True)), ["human", "random"], SEED
    )
    app = make_app(session=session, pace=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = app.screen.query_one(ScoreTable)
        assert {"puerh", "decrees", "halls"} <= {str(row.value) for row in table.rows}
