"""Sencha's decision panel, words, house rules and panels' lines, checked on random games."""

from __future__ import annotations

import pytest

from core.moves import Move
from core.rng import Rng
from core.sencha import moves as mv
from core.setup import SetupError
from tea_tui.game_ui import ui_for
from tea_tui.games.sencha import UI
from tea_tui.games.sencha.house_rules import HOUSE_RULES
from tea_tui.games.sencha.lines import (
    market_lines,
    plain,
    plantation_lines,
    player_lines,
    status_lines,
)
from tea_tui.games.sencha.menu import ACTION_KEYS
from tea_tui.games.sencha.session import SenchaSession
from tea_tui.games.sencha.words import context_of
from tea_tui.layout import layout_for
from tea_tui.session import session_class
from tests.tui.sencha.helpers import menu_of, moves_of, play_until, sencha


def test_the_shell_finds_senchas_parts() -> None:
    assert ui_for("sencha") is UI
    assert type(layout_for("sencha")).__name__ == "SenchaLayout"
    assert session_class("sencha") is SenchaSession


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_move_has_one_item_and_a_key_of_its_own(players: int) -> None:
    """At every step of random games the menu (with its sub-menus) offers each legal move
    exactly once, each under a distinct key; Done is always n."""
    seats = ["human"] + ["random"] * (players - 1)
    for seed in range(3):
        s = sencha(seats, seed=seed)
        rng = Rng.from_seed(seed)
        while not s.is_over():
            top = menu_of(s)
            keys = [it.key for it in top.items]
            assert all(keys) and len(set(keys)) == len(keys), keys
            offered: list[Move] = moves_of(top)
            for it in top.items:
                if it.submenu and it.enabled:
                    sub = menu_of(s, it.submenu)
                    sub_keys = [x.key for x in sub.items]
                    assert all(sub_keys) and len(set(sub_keys)) == len(sub_keys)
                    offered += moves_of(sub)
            legal = list(s.legal_moves())
            assert sorted(map(str, offered)) == sorted(map(str, legal))
            for it in top.items:
                if any(isinstance(m, mv.Done) for m in it.moves):
                    assert it.key == "n"
            s.apply(rng.choice(legal))


def test_the_five_actions_keep_their_keys_and_say_why_not() -> None:
    s = sencha(seed=3)
    top = menu_of(s)
    by_key = {it.key: it for it in top.items}
    for name, key in ACTION_KEYS.items():
        assert key in by_key, name
    assert by_key["5"].reason == "your workers carry no tea"
    assert by_key["1"].enabled and "4 yen" in by_key["1"].label
    assert by_key["2"].submenu == "build"
    build = menu_of(s, "build")
    assert [it.key for it in build.items] == ["1", "2", "3", "4"]
    assert any("the field" in it.label for it in build.items)


def test_collecting_steps_finish_with_n_and_undo_until_a_draw() -> None:
    s = sencha(seed=3)
    s.apply(next(m for m in s.legal_moves() if isinstance(m, mv.Build) and m.dest != "field"))
    play_until(s, lambda x: x.current_seat == 0 and x.state.pub.turn.phase == "action")
    if not any(isinstance(m, mv.Collect) for m in s.legal_moves()):
        pytest.skip("no Collect in this seed")
    s.apply(mv.Collect())
    assert s.can_undo()  # nothing came out yet
    top = menu_of(s)
    assert top.title.startswith("Collect")
    produce = next((m for m in s.legal_moves() if isinstance(m, mv.Produce)), None)
    if produce is not None:
        s.apply(produce)
        assert not s.can_undo()
        assert "drawn from the bag" in s.undo_blocked_reason
        assert "drawn onto" in s.log[-1].text


def test_the_log_tells_every_draw_and_every_new_card() -> None:
    s = play_until(sencha(seed=4), lambda x: x.state.pub.cards_turned >= 3)
    text = "\n".join(e.text for e in s.log)
    assert "drawn onto" in text
    assert "the next card is" in text
    assert "Tea Market card 2 of 7:" in text and "Tea Market card 3 of 7:" in text
    assert "Ann's turn" in text and "Bo's turn" in text


def test_turn_summaries_name_no_seat_twice() -> None:
    s = play_until(sencha(seed=5), lambda x: len(x.moves) > 60)
    assert s.summaries
    for summary in s.summaries:
        assert "Seat " not in summary.text and "\0" not in summary.text
        assert summary.text
        assert "(initial" not in summary.text and "(nothing to collect" not in summary.text
        assert "they " not in summary.text


def test_house_rules_become_options_and_come_back() -> None:
    ui = ui_for("sencha")
    opts = ui.check_options({"no_money_cap": True, "strict_last_offers": True})
    assert opts == {"money_cap": None, "last_card_offer_any": False}
    with pytest.raises(ValueError, match="cannot both be on"):
        ui.check_options({"initial_donkey": True, "initial_collector": True})
    with pytest.raises(ValueError, match="unknown house rule"):
        ui.check_options({"frobnicate": True})
    s = sencha(options=opts)
    assert s.game.options.money_cap is None
    assert s.house_rules == ("no_money_cap", "strict_last_offers")
    assert s.setup().options == {"money_cap": None, "last_card_offer_any": False}
    assert "No money cap" in ui.setup_extras(s.setup().options)
    assert ui.house_rules_summary(s) == "No money cap, Strict last offers"


def test_a_bad_option_is_refused_clearly() -> None:
    with pytest.raises(SetupError):
        sencha(options={"money_cap": 0})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_panels_lines_fit_80_columns(players: int) -> None:
    """Board, market, players and status at every step of random games fit the compact
    screen (78 columns inside the panel's padding)."""
    for seed in range(3):
        s = sencha(["human"] + ["random"] * (players - 1), seed=seed)
        rng = Rng.from_seed(seed + 9)
        while not s.is_over():
            v = s.view(s.current_seat)
            ctx = context_of(v)
            lines = plain(plantation_lines(v, ctx, s.names)) + plain(market_lines(v, ctx, s.names))
            for seat in range(players):
                lines += plain(player_lines(v, ctx, s.names, seat))
            lines += plain(status_lines(v, ctx, s.names, "Ann"))
            assert max(len(line) for line in lines) <= 78, max(lines, key=len)
            s.apply(rng.choice(list(s.legal_moves())))


@pytest.mark.parametrize("players", [2, 4])
def test_the_panels_lines_fit_beside_the_wide_decisions(players: int) -> None:
    """At 120 x 40 the decision column is wider than the shell's default (its steps' words
    fit), and the board, market and players lines fit the columns left beside it (the market
    putting the workers for hire on two lines)."""
    layout = layout_for("sencha")
    assert layout.wide_decision_width > layout_for("tea_garden").wide_decision_width
    room = 120 - layout.wide_decision_width - 2  # the border and the scroll bar
    for seed in range(2):
        s = sencha(["human"] + ["random"] * (players - 1), seed=seed)
        rng = Rng.from_seed(seed + 5)
        while not s.is_over():
            v = s.view(s.current_seat)
            ctx = context_of(v)
            lines = plain(plantation_lines(v, ctx, s.names))
            lines += plain(market_lines(v, ctx, s.names, room))
            for seat in range(players):
                lines += plain(player_lines(v, ctx, s.names, seat, room))
            assert max(len(line) for line in lines) <= room, max(lines, key=len)
            hire = [line for line in lines if "Collector" in line and "¥" in line]
            assert hire and not hire[0].startswith("For hire")
            s.apply(rng.choice(list(s.legal_moves())))


def test_the_board_shows_houses_cubes_and_the_card() -> None:
    s = play_until(sencha(seed=6), lambda x: len(x.moves) > 30)
    v = s.view(0)
    ctx = context_of(v)
    board = "\n".join(plain(plantation_lines(v, ctx, s.names)))
    for pl in v.pub.plantations:
        assert ctx.plantation_name(pl.id) in board
        assert f"({sum(pl.cubes)}/9)" in board
    market = "\n".join(plain(market_lines(v, ctx, s.names)))
    assert ctx.card_name(v.pub.card) in market
    assert f"{v.deck_left} face down" in market
    assert "Emperor" in market
    me = plain(player_lines(v, ctx, s.names, 0))
    assert me[0].startswith("● Ann") and "3¥" in me[1] and "5¥" in me[1]


def test_score_categories_are_the_rulebooks() -> None:
    s = play_until(sencha(seed=2), lambda x: False)
    cats = ui_for("sencha").score_categories(s.outcome().breakdown)
    assert [c[0] for c in cats] == ["track", "workers", "money", "field", "temple"]


def test_the_face_down_worker_is_always_named() -> None:
    """However it turns up (even as the kind just recruited), the log names its kind."""
    named = 0
    for seed in range(12):
        s = play_until(sencha(seed=seed), lambda x: not x.state.pub.hidden_worker)
        line = next((e.text for e in s.log if "face-down worker turns up" in e.text), "")
        if line:
            named += 1
            assert line.rsplit("turns up: a ", 1)[1] in ("Peasant", "Donkey", "Collector", "Cart")
    assert named >= 10


def test_plain_mode_tells_the_table_in_words_within_80_columns() -> None:
    ui = ui_for("sencha")
    for seed in range(3):
        s = sencha(["human@Ann", "random@Bo", "random@Cy"], seed=seed)
        rng = Rng.from_seed(seed + 4)
        while not s.is_over():
            v = s.view(s.current_seat)
            lines = ui.plain_look(s, v, "") + ui.plain_me(s, v) + ui.plain_status(s, v, 80)
            assert max(len(line) for line in lines) <= 79, max(lines, key=len)
            assert not set("".join(lines)) & set("●▲■◆○·━")
            s.apply(rng.choice(list(s.legal_moves())))
    text = "\n".join(ui.plain_look(s, s.view(0), "market"))
    assert "The Emperor asks" in text and "Workers for hire" in text
    assert "Plantations:" not in text


def test_undo_never_takes_back_a_draw_or_a_new_card() -> None:
    """Every draw from the bag, card turned and face-down worker shown is a barrier: after
    it the person cannot undo (so no one re-draws); a step that showed nothing can be undone."""
    drawn = undone = 0
    for seed in range(4):
        s = sencha(("human@Ann", "human@Bo"), seed=seed)
        rng = Rng.from_seed(seed + 30)
        while not s.is_over():
            before = s.state.clone()
            s.apply(rng.choice(list(s.legal_moves())))
            a, b = before.pub, s.state.pub
            showed = (
                a.card != b.card
                or a.cards_turned != b.cards_turned
                or (a.hidden_worker and not b.hidden_worker)
                or (b.turn.free >= 0 and a.turn.free < 0)
                or b.returned >= 0
                or any(
                    sum(y.cubes) > sum(x.cubes)
                    for x, y in zip(a.plantations, b.plantations, strict=True)
                )
            )
            if b.seat != a.seat or b.over:
                continue
            if showed:
                drawn += 1
                assert not s.can_undo(), s.log[-1].text
            else:
                undone += 1
                assert s.can_undo()
                s.undo()
                assert s.state.pub == before.pub
                s.apply(rng.choice(list(s.legal_moves())))
    assert drawn > 20 and undone > 20


@pytest.mark.parametrize("rule", [r.name for r in HOUSE_RULES])
def test_every_house_rule_plays_through_the_menu(rule: str) -> None:
    """With each house rule on, random games play to the end through the menu's items, and
    every step's items are the legal moves."""
    options = ui_for("sencha").check_options({rule: True})
    for seed in range(2):
        s = sencha(["human", "random", "random"], seed=seed, options=options)
        assert s.house_rules == (rule,)
        rng = Rng.from_seed(seed + 50)
        while not s.is_over():
            top = menu_of(s)
            offered = moves_of(top)
            for it in top.items:
                if it.submenu and it.enabled:
                    offered += moves_of(menu_of(s, it.submenu))
            assert sorted(map(str, offered)) == sorted(map(str, s.legal_moves()))
            s.apply(rng.choice(offered))


def test_a_long_collect_list_keeps_produce_first_and_says_when_produce_is_over() -> None:
    """Grouped by worker or not, Produce keeps the first keys (a key does not change meaning
    as the list shrinks); once a cube is taken the title no longer offers Produce."""
    from core.sencha.entry import describe_move
    from tea_tui.games.sencha.menu import COLLECT_TAKING, FLAT, build_menu
    from tests.core.sencha.helpers import play, position

    s = (
        position(2)
        .money(0, 5)
        .houses(0, "kyoto", 2)
        .houses(0, "shizuoka", 1)
        .cubes("kyoto", sakura=3, black=3)
        .cubes("shizuoka", sakura=2, black=2)
        .workers(0, ["donkey", "collector"])
        .build()
    )
    play(s, "collect")
    legal = s.legal_moves()
    assert len(legal) > FLAT
    menu = build_menu(s, legal, "")
    produce = [it for it in menu.items if it.moves and isinstance(it.moves[0], mv.Produce)]
    assert [it.key for it in produce] == ["1", "2"] and menu.items[:2] == tuple(produce)
    assert "produce" in menu.title.lower()
    take = next(m for m in legal if isinstance(m, mv.Take))
    s.apply(take)
    after = build_menu(s, s.legal_moves(), "")
    assert after.title == COLLECT_TAKING and describe_move(s, s.legal_moves()[0])


def test_the_emperor_and_build_steps_say_what_happens_within_80_columns() -> None:
    """An Emperor step counts the cubes given (2nd of 3); building where there is little room
    says how many of the five cubes fit."""
    from tea_tui.games.sencha.words import move_label
    from tests.core.sencha.helpers import play, position

    s = (
        position(2)
        .money(0, 3)
        .houses(0, "kyoto", 1)
        .cubes("kyoto", sencha=4, sakura=3)
        .unbuilt(0, 1)
        .build()
    )
    build = next(m for m in s.legal_moves() if str(m) == "build kyoto")
    assert move_label(s, build).endswith("room for 2 of 5 cubes drawn")
    s = (
        position(2)
        .workers(0, ["collector", "collector"])
        .load(0, 2, black=2)
        .load(0, 3, black=1)
        .card("festival")
        .build()
    )
    play(s, "sell")
    gifts = [m for m in s.legal_moves() if isinstance(m, mv.Emperor)]
    labels = [move_label(s, m) for m in gifts]
    assert labels and all(len(f" 1 {text}") <= 78 for text in labels), labels
    assert labels[0].endswith(": 1st of 3 for 1 VP")
    s.apply(gifts[0])
    second = [move_label(s, m) for m in s.legal_moves() if isinstance(m, mv.Emperor)]
    assert second and all(text.endswith(": 2nd of 3 for 1 VP") for text in second), second


def test_a_sell_key_stays_with_its_cube_while_other_steps_come_and_go() -> None:
    """Selling cube by cube: when one tea runs out, the keys of the other steps do not move
    (a key pressed again never sells another tea), and Done keeps ``n``."""
    from tea_tui.games.sencha.menu import build_menu
    from tests.core.sencha.helpers import play, position

    s = (
        position(2).workers(0, ["collector"]).load(0, 1, sencha=1).load(0, 2, sakura=1, black=1)
    ).build()
    play(s, "sell")
    menu = build_menu(s, s.legal_moves(), "")
    keys = {str(it.moves[0]): it.key for it in menu.items if it.moves}
    sales = [text for text in keys if text.startswith("sale")]
    assert len(sales) >= 2, keys
    first = next(it for it in menu.items if it.moves and str(it.moves[0]) == sales[0])
    s.apply(first.moves[0])
    after = build_menu(s, s.legal_moves(), "")
    left = {str(it.moves[0]): it.key for it in after.items if it.moves}
    assert sales[0] not in left  # its only cube is sold
    kept = [text for text in left if text in keys]
    assert len(kept) >= 1
    assert all(left[text] == keys[text] for text in kept), (keys, left)
    assert after.find(first.key) is None
    assert [it.key for it in after.items if it.moves and str(it.moves[0]) == "done"] == ["n"]
