"""Keys that behave the same everywhere on the game screen (issue 14): arrows always on the
decision list, Tab and PgUp/PgDn for the panels, a key for every item of a long list, Esc doing
one thing, nothing behind the too-small notice, fixed keys for the expansion's actions, and a
hint's card ticked rather than played."""

from __future__ import annotations

from textual.widgets import OptionList

from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from tea_tui.app import TeaApp, make_app
from tea_tui.screens.game import GameScreen
from tea_tui.session import GameSession
from tests.tui.pilot_tools import pilot_test

SEED = 2
"""Seat 1 (the person) starts a two-seat game with this seed."""


def app_for(session: GameSession | None = None) -> TeaApp:
    if session is None:
        return make_app(2, ["human", "random"], SEED, pace=0)
    return make_app(session=session, pace=0)


def game(app: TeaApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def all_cards_played(seed: int = SEED, *, puerh: bool = False) -> GameSession:
    """Seat 1 has played its whole hand (strength for a long Build list)."""
    game_ = TeaGardenGame(num_seats=2, start_seat=0, options=Options(puerh=puerh))
    s = GameSession.new(game_, ["human", "random"], seed)
    hand = sorted(s.state.me.hand)
    s.apply_step([*(mv.Select(c) for c in hand), mv.Commit(hand[0])])
    return s


@pilot_test
async def test_arrows_stay_on_the_decision_list_after_tab_and_panel_keys() -> None:
    """next-panel: Tab shows the next panel; the arrows still move the decision highlight, and
    nothing but the decision list ever holds the focus."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        options = screen.query_one("#decision-options", OptionList)
        assert screen.panel == "board"
        await pilot.press("tab")
        assert screen.panel == "opponents"
        assert app.focused is options
        first = options.highlighted
        await pilot.press("down")
        assert options.highlighted == (first or 0) + 1
        await pilot.press("m", "down", "up", "up")
        assert screen.panel == "map" and app.focused is options
        assert options.highlighted == first
        await pilot.press("end")
        assert options.highlighted == options.option_count - 1
        await pilot.press("tab")
        assert screen.panel == "tracks"
        await pilot.press("shift+tab", "shift+tab")
        assert screen.panel == "log"  # the tab line goes round
        await pilot.press("t")
        await pilot.click("#panel-tracks")
        assert app.focused is options


@pilot_test
async def test_page_down_scrolls_the_panel_on_show_and_not_the_list() -> None:
    """scroll-down / scroll-up: PgDn and PgUp scroll the visible panel."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        options = screen.query_one("#decision-options", OptionList)
        await pilot.press("m")
        panel = screen.query_one("#panel-map")
        highlight = options.highlighted
        assert panel.scroll_y == 0 and panel.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert panel.scroll_y > 0
        assert options.highlighted == highlight
        await pilot.press("pageup")
        await pilot.pause()
        assert panel.scroll_y == 0


@pilot_test
async def test_escape_that_closes_the_keys_panel_takes_nothing_back() -> None:
    """back: with the keys panel open, Esc closes it and only that; the next Esc undoes."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.state.turn.committed
        app.action_show_help_panel()
        await pilot.pause()
        assert screen.query("HelpPanel")
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.query("HelpPanel")
        assert screen.session.state.turn.committed
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.session.state.turn.committed


@pilot_test
async def test_no_key_acts_behind_the_too_small_notice() -> None:
    """Below 80 x 24 the game keys, Enter, Esc and the panel keys do nothing; larger again,
    they work."""
    app = app_for(all_cards_played())
    async with app.run_test(size=(70, 20)) as pilot:
        screen = game(app)
        moves = len(screen.session.moves)
        assert screen.too_small
        await pilot.press("f", "e", "p", "x", "1", "enter", "escape", "g", "tab", "m", "pagedown")
        await pilot.pause()
        assert len(screen.session.moves) == moves
        assert screen.session.state.turn.committed and not screen.session.state.turn.main
        assert screen.panel == "board" and not screen.submenu
        assert next(iter(screen.palette_commands())).title == "Quit the game"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert screen.session.state.turn.main == "ferment"


@pilot_test
async def test_a_long_build_list_is_reached_by_keys_region_first() -> None:
    """menu-g, then a Region's key, then a space's key builds; Esc goes back one list."""
    app = app_for(all_cards_played())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        await pilot.press("g")
        assert screen.submenu == "build"
        regions = screen.menu.items
        assert len(regions) > 2 and regions[1].submenu.startswith("build:")
        last = max(i for i, r in enumerate(regions) if r.submenu)
        await pilot.press(regions[last].key)
        assert screen.submenu == regions[last].submenu
        await pilot.press("escape")
        assert screen.submenu == "build"
        await pilot.press("2")
        region = regions[1].submenu.removeprefix("build:")
        assert screen.submenu == f"build:{region}"
        await pilot.press("1")
        await pilot.pause()
        built = screen.session.moves[-1]
        assert isinstance(built, mv.Build) and built.region == region


@pilot_test
async def test_a_key_no_choice_has_says_so_and_changes_nothing() -> None:
    """menu-g in the card phase: no item has g, so a notice says where the keys are."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        assert not any(i.key == "g" for i in screen.menu.items)
        await pilot.press("g")
        await pilot.pause()
        assert screen.session.moves == [] and not screen.submenu
        assert any("No choice here has the key g" in n.message for n in app._notifications)


@pilot_test
async def test_a_choice_key_while_an_ai_thinks_says_whose_turn_it_is() -> None:
    """menu keys during an AI turn: nothing is played, and a notice says who is thinking
    instead of leaving the key silent."""
    app = make_app(2, ["mcts:time=30", "human"], SEED, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        assert not screen.session.human_to_move
        await pilot.press("1")
        await pilot.pause()
        assert screen.session.moves == []
        name = screen.session.names[0]
        assert any(f"{name} is thinking" in n.message for n in app._notifications)


@pilot_test
async def test_cards_past_nine_are_ticked_by_letters() -> None:
    """menu-0, menu-a: with eleven cards in hand, the tenth and eleventh carry 0 and a letter
    the card menu does not use otherwise, and those keys tick them."""
    s = GameSession.new(TeaGardenGame(num_seats=2, start_seat=0), ["human", "random"], SEED)
    me = s.state.me
    me.hand.extend(me.draw[:7])
    del me.draw[:7]
    assert len(me.hand) == 11
    app = app_for(s)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        cards = [i for i in screen.menu.items if i.toggle]
        assert [i.key for i in cards] == [*"1234567890", "a"]
        options = screen.query_one("#decision-options", OptionList)
        prompts = [str(options.get_option_at_index(r).prompt) for r in range(options.option_count)]
        assert any(p.startswith(" 0 [ ] ") for p in prompts), prompts  # the key is shown
        await pilot.press("0", "a")
        assert screen.selection == {me.hand[9], me.hand[10]}


@pilot_test
async def test_the_expansion_actions_keep_their_keys_when_one_is_closed() -> None:
    """menu-1 / menu-2 with Puerh: with the Court closed (strength 1), 1 says why and buys
    nothing; 2 is still the Puerh Market."""
    app = app_for(closed_court())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        court = screen.menu.find("1") or next(i for i in screen.menu.items if i.key == "1")
        assert court.label.startswith("Noble Court") and not court.enabled
        await pilot.press("1")
        await pilot.pause()
        assert screen.session.state.turn.main == ""
        assert any("needs strength 2" in n.message for n in app._notifications)
        await pilot.press("2")
        await pilot.pause()
        assert screen.session.state.turn.main == "market"
        assert isinstance(screen.session.state.pending[-1], st.BuyPuerh)


@pilot_test
async def test_a_hints_card_is_ticked_and_the_others_stay_free() -> None:
    """A hint that proposes a card ticks it: no move yet, every card can still be chosen."""
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        hand = list(screen.session.state.me.hand)  # card 1 is hand[0]
        last = max(hand)
        assert hand[0] != last
        screen._play((mv.Select(last),))
        await pilot.pause()
        assert screen.session.moves == [] and screen.selection == {last}
        assert all(i.enabled for i in screen.menu.items if i.toggle)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert len(screen.session.state.me.stacks) == 1
        assert set(screen.session.state.me.stacks[0]) == {hand[0], last}


def closed_court() -> GameSession:
    """An expansion game after a strength-1 card: the Court is closed, the Market open."""
    game_ = TeaGardenGame(num_seats=2, start_seat=0, options=Options(puerh=True))
    s = GameSession.new(game_, ["human", "random"], 3)
    card = next(c for c in s.state.me.hand if s.ctx.cards[c].strength == 1)
    s.apply_step([mv.Select(card), mv.Commit(card)])
    return s


class TestKeySnapshots:
    """SVG snapshots of the menus these keys act on: look at them before accepting."""

    def test_build_regions_80x24(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """A long Build list asks for the Region first, each with its key."""
        assert snap_compare(app_for(all_cards_played()), press=["g"], terminal_size=(80, 24))

    def test_build_regions_120x40(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(app_for(all_cards_played()), press=["g"], terminal_size=(120, 40))

    def test_closed_court_keeps_its_key_80x24(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        """The main actions with the expansion: 1 Noble Court dimmed with its reason, 2 Market."""
        assert snap_compare(app_for(closed_court()), press=["j"] * 3, terminal_size=(80, 24))

    def test_closed_court_keeps_its_key_120x40(self, snap_compare) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(app_for(closed_court()), terminal_size=(120, 40))
