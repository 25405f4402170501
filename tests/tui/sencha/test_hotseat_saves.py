"""Sencha through the shell's common parts: two people at one terminal, a save that goes on
where it stopped (with its house rules), and the log rebuilt the same."""

from __future__ import annotations

from pathlib import Path

from core.sencha import moves as mv
from tea_tui.games.sencha.session import SenchaSession
from tea_tui.persist import SaveKeeper, session_from_save
from tests.tui.pilot_tools import pilot_test, store_in, until
from tests.tui.sencha.helpers import play_until, sencha


@pilot_test
async def test_two_people_hand_over_and_each_sees_their_own_status(tmp_path: Path) -> None:
    from tea_tui.app import TeaApp
    from tea_tui.screens.game import GameScreen
    from tea_tui.screens.handover import HandoverScreen

    session = sencha(("human@Ann", "human@Bo"), seed=3)
    assert session.current_seat == 0
    app = TeaApp(session, data_dir=tmp_path, processes=False, pace=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameScreen | HandoverScreen))
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("1")  # Ann buys a house: the turn passes to Bo
        await until(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert session.moves == [mv.Buy()]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert session.view_seat == 1
        status = str(screen.query_one("#status").render())
        assert "you ▲ Bo" in status
        assert screen.menu.title == "Your turn: one action"


def test_a_saved_game_goes_on_with_its_house_rules_and_its_log(tmp_path: Path) -> None:
    store = store_in(tmp_path)
    s = sencha(options={"money_cap": None, "sell_continues_after_flip": True}, seed=8)
    play_until(s, lambda x: len(x.moves) >= 80)
    SaveKeeper(store).save(s, "midway")
    rebuilt = session_from_save(store.load("midway")).session
    assert isinstance(rebuilt, SenchaSession)
    assert rebuilt.game.options.money_cap is None
    assert rebuilt.house_rules == ("no_money_cap", "sell_continues_after_flip")
    assert rebuilt.moves == s.moves
    assert [e.text for e in rebuilt.log] == [e.text for e in s.log]
    assert rebuilt.state.pub == s.state.pub


@pilot_test
async def test_the_saves_list_names_the_game_and_its_house_rules(tmp_path: Path) -> None:
    from textual.widgets import DataTable, Static

    from tea_tui.app import make_title_app
    from tea_tui.screens.saves_list import SavesScreen

    s = play_until(sencha(options={"money_cap": None}, seed=8), lambda x: len(x.moves) >= 20)
    SaveKeeper(store_in(tmp_path)).save(s, "tea time")
    app = make_title_app(data_dir=tmp_path, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, SavesScreen) and app.screen.entries)
        await pilot.pause()
        detail = str(app.screen.query_one("#saves-detail", Static).render())
        card = s.state.progress()
        assert f"Sencha · {card.text} · 20 moves · seed 8 · house rules: No money cap" in detail
        table = app.screen.query_one(DataTable)
        assert str(table.get_row("tea time")[2]) == card.text.split(",")[0]
        assert card.text.startswith(f"Card {card.step} of ")
