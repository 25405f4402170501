"""The decision panel's menu: groups, hotkeys, reasons, the cheapest payment, full coverage."""

from __future__ import annotations

from core.moves import Move
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from tea_tui.games.tea_garden.menu import (
    EXTRA_KEYS,
    MENU_KEYS,
    Item,
    Menu,
    _number,
    build_menu,
    cheapest_payment,
    parent_submenu,
)
from tea_tui.session import GameSession

SEED = 2


def session(seed: int = SEED, seats: int = 2, *, puerh: bool = False) -> GameSession:
    game = TeaGardenGame(num_seats=seats, options=Options(puerh=puerh))
    return GameSession.new(game, ["human"] * seats, seed)


def menu_of(s: GameSession, selection: frozenset[str] = frozenset(), submenu: str = ""):
    return build_menu(s.view(), s.legal_moves(), s.ctx, selection, submenu)


def test_card_phase_numbers_the_hand_and_keeps_pass() -> None:
    s = session()
    menu = menu_of(s)
    assert menu.kind == "cards"
    hand = list(s.state.me.hand)
    cards = [i for i in menu.items if i.group == "Play cards"]
    assert [i.toggle for i in cards] == hand
    assert [i.key for i in cards] == [str(n) for n in range(1, len(hand) + 1)]
    assert menu.find("p") is not None and menu.find("p").moves == (mv.Pass(),)
    name = s.ctx.cards[hand[0]].name
    assert name in cards[0].label and cards[0].label.startswith("[ ]")


def test_enter_on_a_card_plays_the_ticked_cards_with_it_on_top() -> None:
    s = session()
    hand = list(s.state.me.hand)
    ticked = frozenset({hand[0], hand[1]})
    menu = menu_of(s, ticked)
    item = next(i for i in menu.items if i.toggle == hand[1])
    assert item.chosen and item.label.startswith("[x]")
    selects = tuple(mv.Select(c) for c in sorted(ticked))
    assert item.moves == (*selects, mv.Commit(hand[1]))
    s.apply_step(item.moves)
    assert s.state.turn.top == hand[1]
    assert len(s.state.players[0].stacks[0]) == 2


def test_after_playing_the_main_actions_have_letters_and_reasons() -> None:
    s = session()
    card = s.state.me.hand[0]
    s.apply_step([mv.Select(card), mv.Commit(card)])
    menu = menu_of(s)
    assert menu.kind == "turn"
    keys = {i.key for i in menu.items}
    assert {"g", "u", "c", "f", "h", "e"} <= keys
    end = next(i for i in menu.items if i.key == "e")
    assert not end.enabled and "main action" in end.reason
    ferment = menu.find("f")
    assert ferment is not None and ferment.moves == (mv.Ferment(),)
    assert all(i.enabled or i.reason for i in menu.items)


def test_several_builds_open_a_numbered_submenu() -> None:
    for seed in range(30):
        s = session(seed)
        card = s.state.me.hand[0]
        s.apply_step([mv.Select(card), mv.Commit(card)])
        builds = [m for m in s.legal_moves() if isinstance(m, mv.Build)]
        if not 2 <= len(builds) <= 9:
            continue
        item = menu_of(s).find("g")
        assert item is not None and item.submenu == "build"
        sub = menu_of(s, submenu="build")
        assert sub.kind == "submenu"
        assert [m for i in sub.items for m in i.moves] == builds
        assert [i.key for i in sub.items] == [str(n) for n in range(1, len(builds) + 1)]
        assert all("Pagoda" in i.label for i in sub.items)
        return
    raise AssertionError("no position with two builds found")


def test_a_long_build_list_asks_for_the_region_first() -> None:
    """Every build stays reachable by keys: Region (a key each), then space and Pagoda."""
    s = session()
    hand = list(s.state.me.hand)
    s.apply_step([*(mv.Select(c) for c in sorted(hand)), mv.Commit(hand[0])])
    builds = [m for m in s.legal_moves() if isinstance(m, mv.Build)]
    assert len(builds) > 9
    regions = menu_of(s, submenu="build")
    assert regions.title.startswith("Build a garden: in which Region")
    assert len({i.key for i in regions.items}) == len(regions.items)
    assert all(i.key and (i.submenu.startswith("build:") or i.moves) for i in regions.items)
    reached = []
    for item in regions.items:
        if item.moves:  # a Region with one build builds at once
            assert len(item.moves) == 1 and not item.submenu
            reached.extend(item.moves)
            continue
        name = s.ctx.region(item.submenu.removeprefix("build:")).name
        assert item.label.startswith(name)
        here = menu_of(s, submenu=item.submenu)
        assert name in here.title
        assert [i.key for i in here.items] == [str(n) for n in range(1, len(here.items) + 1)]
        reached.extend(m for i in here.items for m in i.moves)
    assert sorted(reached, key=str) == sorted(builds, key=str)
    assert parent_submenu(regions.items[0].submenu) == "build"
    assert parent_submenu("build") == ""


def test_long_lists_go_on_with_letters_the_menu_does_not_use() -> None:
    items = [Item(f"choice {n}", moves=(mv.Stop(),)) for n in range(20)]
    items.insert(0, Item("stop", "n", (mv.Stop(),)))
    keys = [i.key for i in _number(items)]
    assert keys[:10] == ["n", *(str(n) for n in range(1, 10))]
    assert keys[10:] == ["0", "a", "c", "e", "f", "g", "h", "i", "p", "u", "w"]
    assert set(EXTRA_KEYS) <= set(MENU_KEYS)
    assert not set(EXTRA_KEYS) & {"b", "d", "j", "k", "l", "m", "o", "q", "r", "s", "t", "v", "z"}


def test_cheapest_payment_takes_low_qualities_that_keep_the_rest_payable() -> None:
    fresh = [2, 0, 1, 0, 0, 0]
    fermented = [1, 0, 0, 0, 0, 1]
    demands = (st.Demand(count=1, fermented=True), st.Demand(count=2, quality=1))
    plan = cheapest_payment(fresh, fermented, demands)
    assert plan == [mv.PayLeaf("g", 1), mv.PayLeaf("g", 1), mv.PayLeaf("f", 1)]
    assert cheapest_payment([0] * 6, [0] * 6, demands) == []
    plan = cheapest_payment([1, 0, 1, 0, 0, 0], [0] * 6, (st.Demand(count=1, quality=3),))
    assert plan == [mv.PayLeaf("g", 3)]


def _keys_unique(menu: Menu) -> Menu:
    """Every item that can be chosen has a key, and no two items share one."""
    keys = [i.key for i in menu.items if i.key]
    assert all(i.key for i in menu.items if i.enabled), menu
    assert len(set(keys)) == len(keys), keys
    return menu


def _covered(s: GameSession) -> set[Move]:
    menu = _keys_unique(menu_of(s))
    covered: set[Move] = set()
    for item in menu.items:
        assert item.label
        assert item.key == "" or item.key.isdigit() or item.key in MENU_KEYS
        if item.submenu:
            for sub in _keys_unique(menu_of(s, submenu=item.submenu)).items:
                covered.update(sub.moves)
                if sub.submenu:
                    for inner in _keys_unique(menu_of(s, submenu=sub.submenu)).items:
                        covered.update(inner.moves)
        else:
            covered.update(item.moves)
    return covered


def test_every_legal_move_is_reachable_and_every_item_is_legal() -> None:
    rng = Rng.from_seed(3)
    kinds: set[str] = set()
    for seed in range(12):
        s = session(seed, seats=2 + seed % 3, puerh=seed % 4 == 3)
        while not s.is_over():
            legal = s.legal_moves()
            covered = _covered(s)
            for move in legal:
                if not isinstance(move, mv.Select | mv.Commit):
                    assert move in covered, move
            menu = menu_of(s)
            kinds.add(menu.kind)
            for item in menu.items:
                if item.enabled and item.moves and not item.toggle:
                    probe = s.state.clone()
                    for move in item.moves:
                        probe.apply(move)  # raises if the item were not playable
            if menu.kind == "pay" and rng.below(2):
                s.apply_step(menu.items[0].moves)
                continue
            options = [m for m in legal if not isinstance(m, mv.Pass)] or list(legal)
            s.apply(rng.choice(options))
    assert kinds == {"cards", "turn", "pay", "decision"}


def test_a_payment_menu_offers_the_cheapest_pay_first() -> None:
    rng = Rng.from_seed(9)
    for seed in range(40):
        s = session(seed)
        while not s.is_over():
            pending = s.state.pending[-1] if s.state.pending else None
            if isinstance(pending, st.PayLeaves):
                menu = menu_of(s)
                assert menu.kind == "pay" and menu.default == 0
                quick = menu.items[0]
                assert quick.key == "a" and quick.label.startswith("Pay the cheapest")
                s.apply_step(quick.moves)
                assert not s.state.pending or s.state.pending[-1] != pending
                return
            options = [m for m in s.legal_moves() if not isinstance(m, mv.Pass)]
            s.apply(rng.choice(options or list(s.legal_moves())))
    raise AssertionError("no payment found")


def test_game_over_menu() -> None:
    rng = Rng.from_seed(1)
    s = session()
    while not s.is_over():
        s.apply(rng.choice(s.legal_moves()))
    menu = build_menu(s.view(0), (), s.ctx)
    assert menu.kind == "over" and not menu.items


def test_fee_shown_for_every_slot_the_engine_charges() -> None:
    """EXP-10: the menu's fee for the fifth slot is the expansion's, as the engine charges it;
    without the expansion there is no fifth slot and no fee."""
    from core.tea_garden.actions import fee_demands
    from core.tea_garden.context import Options
    from tea_tui.games.tea_garden.menu import fee_demands_for

    for puerh in (False, True):
        s = TeaGardenGame(num_seats=2, options=Options(puerh=puerh)).new_state(1)
        for slot in range(5):
            assert fee_demands_for(s.ctx, slot) == fee_demands(s, slot)
        assert bool(fee_demands_for(s.ctx, 4)) == puerh
