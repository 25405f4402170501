"""Rule tests for the ENGINE DECISION POINTS (DP-01 ... DP-30, rules inventory section 32): how a
turn decomposes into atomic decisions, and what the engine offers at each of them.

Each test builds (or reaches by seeded random play) a position at one decision point and asserts
that the legal moves are exactly what that DP describes, in tea-tui's reading. Where the engine
deliberately differs from the DP's wording, the docstring says so and names the ruling
(docs/rulings.md: TT-nn, AMB-nn). Rule IDs refer to ../shared/rules/tea_garden.md.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations

import pytest

from core.rng import Rng
from core.setup import SetupError, make_game, new_setup
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.components import LeafCost
from core.tea_garden.context import Options
from core.tea_garden.entry import LUYU_LEVELS
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from tests.core.tea_garden.scenario import (
    add_garden,
    commit,
    end_round_by_passing,
    give_hand,
    give_puerh_sets,
    give_scrolls,
    legal,
    new_game,
    occupy,
    play,
    put_action_card,
    put_caravan,
    set_boat,
    set_cup_rows,
    set_decrees,
    set_emperor,
    set_halls,
    set_leaves,
    set_market,
    set_region_token,
    set_university,
)

XOPTS = Options(puerh=True)
MAIN_KINDS = (
    mv.Build,
    mv.Buy,
    mv.TakeCaravan,
    mv.Ferment,
    mv.Harvest,
    mv.NobleCourt,
    mv.PuerhMarket,
)
"""The moves that choose a turn's main action (TURN-11, EXP-11)."""
TURN_START_KINDS = (mv.Pass, mv.Select, mv.AdvanceEmperor, mv.SpendCupToken, mv.UsePlus1)
"""What a seat may do when its go begins: pass, choose cards, or a free action first."""

Game = tuple[TeaGardenGame, TeaGardenState]


def played(cards: list[str], top: str | None = None, options: Options | None = None) -> Game:
    """Seat 0 to play (seat 1 passed, so seat 0 keeps the turn), holding ``cards``, which it
    has just committed with ``top`` (default the last card) on top."""
    game, s = new_game(2, seed=1, options=options)
    s.players[1].passed = True
    give_hand(s, 0, cards)
    commit(game, s, cards, top or cards[-1])
    return game, s


def main_kinds(s: TeaGardenState) -> set[type]:
    """The kinds of main action offered now."""
    return {type(m) for m in s.legal_moves() if isinstance(m, MAIN_KINDS)}


def kinds(s: TeaGardenState) -> set[type]:
    """The kinds of every legal move now."""
    return {type(m) for m in s.legal_moves()}


def affordable(cost: LeafCost, fresh: int, fermented: int) -> bool:
    """Whether ``fresh`` + ``fermented`` leaves of any quality pay ``cost`` (quality 1 costs)."""
    return fermented >= cost.brown and fresh + fermented - cost.brown >= cost.green


# ================================================================================================
# Game and round level
# ================================================================================================


@pytest.mark.rule("DP-01")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_dp01_player_counts_two_to_four_are_accepted(players: int) -> None:
    """DP-01: a setup is made for 2, 3 or 4 players."""
    setup = new_setup(["human"] * players)
    s = make_game(setup).new_state(1)
    assert len(s.players) == players
    assert s.luyu is None


@pytest.mark.rule("DP-01")
@pytest.mark.parametrize("players", [1, 5])
def test_dp01_player_counts_one_and_five_are_refused(players: int) -> None:
    """DP-01: 1 or 5 players are refused, both by the setup and by the game itself (a solo game
    is a 2-seat game with Lu Yu in one seat)."""
    with pytest.raises(SetupError):
        new_setup(["human"] * players)
    with pytest.raises(ValueError):
        TeaGardenGame(num_seats=players)


@pytest.mark.rule("DP-01", "EXP-11")
def test_dp01_expansion_on_or_off() -> None:
    """DP-01: the expansion is a setup choice (the option flag ``puerh``); it brings the Noble
    Court, the fifth slot and its two main actions, and without it none of them exist."""
    base = make_game(new_setup(["human", "human"])).new_state(3)
    puerh = make_game(new_setup(["human", "human"], options={"puerh": True})).new_state(3)
    assert base.board.court is None
    assert puerh.board.court is not None
    assert [p.courtiers for p in base.players] == [0, 0]
    assert [p.courtiers for p in puerh.players] == [2, 2]


@pytest.mark.rule("DP-01", "SETUP-17")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_dp01_start_player_chosen_or_drawn(players: int) -> None:
    """DP-01: the Start Player is chosen (``start_seat``) or, left open, drawn from the seed."""
    for start in range(players):
        s = make_game(new_setup(["human"] * players, start_seat=start)).new_state(5)
        assert s.start_seat == start and s.current_seat() == start
    drawn = {make_game(new_setup(["human"] * players)).new_state(seed).seat for seed in range(40)}
    assert drawn == set(range(players))


@pytest.mark.rule("DP-01", "SOLO-11", "SOLO-13")
@pytest.mark.parametrize(("level", "experts"), list(zip(LUYU_LEVELS, range(4), strict=True)))
def test_dp01_solo_difficulty_is_the_number_of_expert_cards(level: str, experts: int) -> None:
    """DP-01 (solo): difficulty easy, medium, hard, expert = 0, 1, 2, 3 Expert cards in Lu Yu's
    deck (3 Basic + 3 Advanced + the Experts)."""
    s = make_game(new_setup(["human", f"luyu:{level}"], start_seat=0)).new_state(7)
    assert s.luyu is not None
    assert s.luyu.experts == experts
    groups = [s.ctx.luyu_cards[c].group for c in s.luyu.draw]
    assert groups.count("expert") == experts
    assert len(s.luyu.draw) == 6 + experts


@pytest.mark.rule("DP-01", "SOLO-13")
def test_dp01_solo_who_starts_is_chosen() -> None:
    """DP-01 (solo): the human decides who starts; an unknown difficulty is refused."""
    human_first = make_game(new_setup(["human", "luyu:hard"], start_seat=0)).new_state(2)
    luyu_first = make_game(new_setup(["human", "luyu:hard"], start_seat=1)).new_state(2)
    assert human_first.current_seat() == 0
    assert luyu_first.current_seat() == 1
    assert luyu_first.luyu is not None and luyu_first.luyu.seat == 1
    assert luyu_first.legal_moves() == (mv.LuYuTurn(),)
    with pytest.raises(SetupError):
        new_setup(["human", "luyu:impossible"])
    with pytest.raises(SetupError):
        new_setup(["human", "human", "luyu:easy"])  # Lu Yu plays only the 2-seat solo game


@pytest.mark.rule("DP-02", "TURN-03")
def test_dp02_pass_or_take_a_turn() -> None:
    """DP-02: on your go, pass or start a turn by choosing a card (the TAKE_TURN decision is the
    first ``select``); passing ends your round."""
    game, s = new_game(2, seed=1)
    give_hand(s, 0, ["s09", "s01"])
    assert legal(s) == ["pass", "select s01", "select s09"]
    play(game, s, "pass")
    assert s.players[0].passed and s.current_seat() == 1
    give_hand(s, 1, ["s11"])
    commit(game, s, ["s11"], "s11")
    play(game, s, "harvest", "stop", "end")
    assert s.current_seat() == 1  # the seat that passed is never asked again this round


@pytest.mark.rule("DP-02", "TURN-07", "TT-07")
def test_dp02_empty_hand_can_only_pass() -> None:
    """DP-02 (TT-07): with no card in hand no turn can start, and so no free action either."""
    _game, s = new_game(2, seed=1)
    s.players[0].hand = []
    give_scrolls(s, 0, plus1=1)
    set_emperor(s, 0, tokens=4)
    set_leaves(s, 0, fresh={6: 3})
    assert legal(s) == ["pass"]


@pytest.mark.rule("DP-02", "TURN-04", "TURN-05")
def test_dp02_no_turn_without_a_free_slot_or_the_slot_4_fee() -> None:
    """DP-02: with three slots used, slot 4's fee (3 leaves, >= 1 fermented) must be affordable
    to start a turn; with all four slots used only passing is left."""
    _game, s = new_game(2, seed=1)
    give_hand(s, 0, ["s01"])
    s.players[0].stacks = [["s09"], ["s10"], ["s11"]]
    set_leaves(s, 0, fresh={2: 5})  # no fermented leaf: the fee cannot be paid
    assert legal(s) == ["pass"]
    set_leaves(s, 0, fresh={2: 2}, fermented={1: 1})
    assert legal(s) == ["pass", "select s01"]
    s.players[0].stacks.append(["s08"])
    assert legal(s) == ["pass"]


@pytest.mark.rule("DP-02", "DP-06", "EXP-10")
def test_dp02_06_expansion_fifth_slot_has_the_same_fee() -> None:
    """DP-02/DP-06 (EXP-10): with the expansion a fifth turn may be taken, on the same terms as
    the fourth: its fee must be affordable to start, and is paid leaf by leaf at the commit;
    after five turns only passing is left."""
    game, s = new_game(2, seed=1, options=XOPTS)
    s.players[1].passed = True
    give_hand(s, 0, ["s01"])
    s.players[0].stacks = [["s09"], ["s10"], ["s11"], ["s08"]]
    set_leaves(s, 0, fresh={2: 5})
    assert legal(s) == ["pass"]
    set_leaves(s, 0, fresh={2: 2}, fermented={1: 1})
    assert legal(s) == ["pass", "select s01"]
    commit(game, s, ["s01"], "s01")
    assert legal(s) == ["pay f 1", "pay g 2"]
    play(game, s, "pay g 2", "pay g 2")
    assert legal(s) == ["pay f 1"]
    play(game, s, "pay f 1", "harvest", "stop", "end")
    assert s.current_seat() == 0 and len(s.players[0].stacks) == 5
    give_hand(s, 0, ["s02"])
    set_leaves(s, 0, fresh={2: 2}, fermented={1: 1})
    assert legal(s) == ["pass"]


# ================================================================================================
# Before committing cards
# ================================================================================================


@pytest.mark.rule("DP-03", "TT-04")
def test_dp03_emperor_advance_before_the_cards() -> None:
    """DP-03: climbing before the commit: the row's tokens go at once (TT-04), then the leaf is
    chosen among those of at least the row's quality, then the reward's decisions: which of the
    3 face-up Emperor cards, then the removal's zone and card (or none)."""
    game, s = new_game(2, seed=1)
    set_emperor(s, 0, tokens=2)
    set_leaves(s, 0, fresh={1: 1, 3: 1}, fermented={2: 1})
    give_hand(s, 0, ["s09"])
    assert legal(s) == ["pass", "select s09", "emperor"]
    play(game, s, "emperor")
    assert s.players[0].emperor_tokens == 0
    assert legal(s) == ["pay g 1", "pay f 2", "pay g 3"]  # row 1: one leaf of quality 1+
    play(game, s, "pay g 3")
    display = list(s.board.emperor_display)
    assert len(display) == 3
    assert legal(s) == [f"take {c}" for c in display]
    play(game, s, f"take {display[1]}")
    p = s.players[0]
    removable = (
        [f"remove hand {c}" for c in sorted(p.hand)]
        + [f"remove draw {c}" for c in sorted(p.draw)]
        + [f"remove discard {c}" for c in sorted(p.discard)]
    )
    assert legal(s) == [*removable, "stop"]
    play(game, s, "stop")
    assert s.pending == [] and not s.turn.committed
    # The free action began the turn: while a card can still be played, passing is not offered
    # (passing after free actions is only the TT-01 fallback for a turn that cannot go on).
    assert legal(s) == [f"select {c}" for c in sorted(p.hand)]


@pytest.mark.rule("DP-04", "CUP-06")
def test_dp04_cup_token_before_the_cards() -> None:
    """DP-04: before the commit, a Cup token is spent from a connection holding one, then one of
    the two Cups beside it is chosen, then that Cup's own decision (here: which card to remove)."""
    game, s = new_game(2, seed=1)
    set_cup_rows(s, 0, [["cup01", "cup02", "cup03"]])
    s.players[0].cup_tokens = [[0, 1]]  # only connection 2 holds a token
    give_hand(s, 0, ["s09"])
    assert legal(s, mv.SpendCupToken) == ["spend 1 2"]
    play(game, s, "spend 1 2")
    assert legal(s) == ["cup_bonus l", "cup_bonus r"]
    play(game, s, "cup_bonus l")  # cup02's right Cup: remove a card
    assert isinstance(s.pending[-1], st.MayRemove)
    assert "stop" in legal(s) and "remove hand s09" in legal(s)
    assert s.players[0].cup_tokens == [[0, 0]]


# ================================================================================================
# Card commit
# ================================================================================================


@pytest.mark.rule("DP-05", "TT-02")
def test_dp05_cards_chosen_one_at_a_time_in_id_order() -> None:
    """DP-05 (TT-02): cards are chosen one at a time, only in increasing id order, and every
    chosen card may then be named as the top card."""
    game, s = new_game(2, seed=1)
    give_hand(s, 0, ["s11", "s05", "s09", "s01"])
    assert legal(s, mv.Select) == ["select s01", "select s05", "select s09", "select s11"]
    assert legal(s, mv.Commit) == []  # nothing chosen, nothing to play
    play(game, s, "select s05")
    assert legal(s, mv.Select) == ["select s09", "select s11"]  # never back to s01
    assert legal(s, mv.Commit) == ["play s05"]
    play(game, s, "select s11")
    assert legal(s, mv.Select) == []
    assert legal(s, mv.Commit) == ["play s05", "play s11"]
    play(game, s, "play s05")
    assert s.players[0].stacks == [["s11", "s05"]] and s.turn.top == "s05"
    assert s.turn.strength == 4


@pytest.mark.rule("DP-05", "TT-02")
def test_dp05_one_way_per_set_and_top_card() -> None:
    """DP-05: every non-empty set of cards with every choice of top card is reachable in exactly
    one way; the order beneath the top is normalised (id order), so a 4-card hand has
    sum_k C(4, k) * k = 32 ways to play and 32 different stacks."""
    _game, s = new_game(2, seed=1)
    hand = ["s01", "s05", "s09", "s11"]
    give_hand(s, 0, hand)
    stacks: list[tuple[str, ...]] = []
    todo = deque([s])
    while todo:
        here = todo.popleft()
        for move in here.legal_moves():
            if not isinstance(move, mv.Select | mv.Commit):
                continue
            nxt = here.clone()
            nxt.apply(move)
            if isinstance(move, mv.Commit):
                stacks.append(tuple(nxt.players[0].stacks[-1]))
            else:
                todo.append(nxt)
    expected = sum(len(list(combinations(hand, k))) * k for k in range(1, 5))
    assert expected == 32
    assert len(stacks) == len(set(stacks)) == expected
    for stack in stacks:
        assert list(stack[:-1]) == sorted(stack[:-1])  # beneath the top: id order
    tops = {(frozenset(stack), stack[-1]) for stack in stacks}
    assert len(tops) == expected  # each (set, top) exactly once


@pytest.mark.rule("DP-06", "TURN-05", "TT-03")
def test_dp06_fee_paid_leaf_by_leaf_with_one_fermented() -> None:
    """DP-06 (TT-03): slot 4's fee is paid one leaf at a time, any quality; each step offers only
    leaves that keep the fee payable, so the last fresh leaf is refused while the fermented one is
    still owed. Nothing else can be done before the fee is paid."""
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s09"], ["s10"], ["s11"]]
    set_leaves(s, 0, fresh={1: 2, 3: 1}, fermented={2: 1})
    give_hand(s, 0, ["s01"])
    commit(game, s, ["s01"], "s01")
    assert isinstance(s.pending[-1], st.PayLeaves)
    assert legal(s) == ["pay g 1", "pay f 2", "pay g 3"]
    play(game, s, "pay g 3", "pay g 1")
    assert legal(s) == ["pay f 2"]  # two green icons paid: the brown one needs the F
    play(game, s, "pay f 2")
    assert s.pending == []
    assert s.players[0].fresh == [1, 0, 0, 0, 0, 0] and s.players[0].fermented == [0] * 6
    assert mv.Ferment in main_kinds(s)


@pytest.mark.rule("DP-06")
def test_dp06_fermented_leaves_may_pay_the_whole_fee() -> None:
    """DP-06: the >= 1 fermented is a minimum; three fermented leaves pay the fee too, and paying
    fermented first leaves any leaf for the rest."""
    game, s = new_game(2, seed=1)
    s.players[0].stacks = [["s09"], ["s10"], ["s11"]]
    set_leaves(s, 0, fresh={4: 2}, fermented={5: 3})
    give_hand(s, 0, ["s01"])
    commit(game, s, ["s01"], "s01")
    play(game, s, "pay f 5")
    assert legal(s) == ["pay g 4", "pay f 5"]
    play(game, s, "pay f 5", "pay f 5")
    assert s.pending == [] and s.players[0].fresh[3] == 2


# ================================================================================================
# Main action
# ================================================================================================


@pytest.mark.rule("DP-07", "AMB-05")
def test_dp07_only_legal_main_actions_are_offered() -> None:
    """DP-07 (AMB-05): Build, Buy and Caravan only when they can be completed; Fermentation and
    Extra Harvest always."""
    _game, s = played(["s01"])
    set_leaves(s, 0)
    assert main_kinds(s) == {mv.Ferment, mv.Harvest}  # S 1, no leaves: nothing else completes
    _game, s = played(["s09"])
    set_leaves(s, 0)
    assert main_kinds(s) == {mv.Build, mv.Ferment, mv.Harvest}  # S 2 reaches the 2-Pagoda
    _game, s = played(["s01", "s11"], top="s01")
    put_action_card(s, 1, "a1_04")  # slot 1: 1 leaf q2+, any Teapot (s01 shows green)
    put_caravan(s, 1, "cv_b01")  # 2 leaves, strength 2
    set_leaves(s, 0, fresh={4: 4})
    assert main_kinds(s) == {mv.Build, mv.Buy, mv.TakeCaravan, mv.Ferment, mv.Harvest}


@pytest.mark.rule("DP-07", "EXP-11", "COURT-04")
def test_dp07_expansion_main_actions_only_when_possible() -> None:
    """DP-07: with the expansion, Noble Court needs a Courtier and a free space within S, Puerh
    Market a strength of 1+ and an affordable token."""
    _game, s = played(["s01"], options=XOPTS)
    set_leaves(s, 0)
    assert main_kinds(s) == {mv.Ferment, mv.Harvest}  # cheapest Hall space is worth 2
    _game, s = played(["s09"], options=XOPTS)
    set_leaves(s, 0, fresh={1: 3}, fermented={1: 3})
    set_market(s, ["pp05", "pp10", "pp21"])
    assert main_kinds(s) >= {mv.NobleCourt, mv.PuerhMarket}
    s.players[0].courtiers = 0
    set_leaves(s, 0)
    assert not main_kinds(s) & {mv.NobleCourt, mv.PuerhMarket}


@pytest.mark.rule("DP-08", "SCROLL-03", "DP-24")
def test_dp08_plus1_scrolls_one_at_a_time_before_the_main_action() -> None:
    """DP-08: "+1" Scrolls are spent one at a time (0..held) before the main action, and each
    counts for the strength check (here it opens Build); after the main action none is offered.
    Our engine asks per Scroll instead of asking for a number."""
    game, s = new_game(2, seed=1)
    s.players[1].passed = True
    give_scrolls(s, 0, plus1=2)
    give_hand(s, 0, ["s01", "s05"])
    assert "plus1" in legal(s)  # also before the commit (FREE-01)
    commit(game, s, ["s01"], "s01")
    assert s.turn.strength == 1 and mv.Build not in main_kinds(s)
    play(game, s, "plus1")
    assert s.turn.strength == 2 and mv.Build in main_kinds(s)
    play(game, s, "plus1")
    assert s.turn.strength == 3 and s.players[0].plus1 == 0
    assert "plus1" not in legal(s)  # none left
    give_scrolls(s, 0, plus1=1)
    assert "plus1" in legal(s)
    play(game, s, "harvest", "stop")
    assert "plus1" not in legal(s)  # DP-24: no use after the main action


def _regions_at(s: TeaGardenState, start: str) -> dict[str, int]:
    """Border distances from ``start``, worked out from the map data (independent of ctx)."""
    cs = s.ctx.components
    adj: dict[str, set[str]] = {r.id: set() for r in cs.map.regions}
    for b in cs.map.borders:
        adj[b.a].add(b.b)
        adj[b.b].add(b.a)
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nxt in adj[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                todo.append(nxt)
    return dist


@pytest.mark.rule("DP-09", "BUILD-04", "TT-06", "AMB-11")
def test_dp09_build_choices_pagoda_region_space() -> None:
    """DP-09 (TT-06): Build offers each distinct Pagoda requirement (first such spot) x each
    Region at distance 1 (requirement <= S) or 2 (requirement + 2 <= S) x each free space of a
    distinct VP value (the first such space)."""
    _game, s = played(["s11", "s01"], top="s01")  # S = 4
    assert s.turn.strength == 4
    pagodas = s.ctx.components.board.pagodas  # (2, 3, 3, 4, 5, 6)
    first_spot: dict[int, int] = {}
    for i, req in enumerate(pagodas):
        first_spot.setdefault(req, i + 1)
    expected = set()
    for region_id, d in _regions_at(s, "sichuan").items():
        if d not in (1, 2):
            continue
        region = s.ctx.region(region_id)
        spaces: dict[int, int] = {}
        for k, space in enumerate(region.spaces):
            spaces.setdefault(space.vp, k + 1)
        for req, spot in first_spot.items():
            if req + (0 if d == 1 else 2) <= 4:
                expected |= {f"build {spot} {region_id} {k}" for k in spaces.values()}
    assert set(legal(s, mv.Build)) == expected
    assert len(legal(s, mv.Build)) == len(expected)
    assert not any(m.startswith("build 3 ") for m in expected)  # spot 3 repeats spot 2's 3
    assert "build 1 p3 1" in expected and "build 2 p3 1" not in expected  # far: only 2 + 2


@pytest.mark.rule("DP-09", "BUILD-08")
def test_dp09_region_bonus_decision_follows_the_build() -> None:
    """DP-09: after the build, the Region bonus's own decision comes next (here the Cup token's
    connection); a taken space is no longer offered."""
    game, s = played(["s09"])
    set_region_token(s, "p1", "rt10")  # 1 Cup token
    set_cup_rows(s, 0, [["cup01", "cup02", "cup03"]])
    s.board.spaces[s.ctx.region_index["p2"]][0] = 1  # seat 1 took p2's 1-VP space
    assert "build 1 p2 1" not in legal(s) and "build 1 p2 2" in legal(s)
    play(game, s, "build 1 p1 1")
    assert legal(s) == ["token 1 1", "token 1 2"]


@pytest.mark.rule("DP-10", "TEAPOT-04", "TT-05")
def test_dp10_buy_missing_teapot_covered_by_scroll_leaves_or_fermented() -> None:
    """DP-10 (TT-05): Buy chooses the slot; each missing Teapot is then covered by a Teapot
    Scroll, 3 leaves or 2 fermented (only substitutes that keep the purchase payable); the
    leaves are then paid one by one."""
    game, s = played(["s11"])  # no Teapot shown
    put_action_card(s, 1, "a1_01")  # 1 leaf q1+, needs a red Teapot
    give_scrolls(s, 0, teapot=1)
    set_leaves(s, 0, fresh={1: 4}, fermented={1: 2})
    assert "buy 1" in legal(s)
    play(game, s, "buy 1")
    assert legal(s) == ["teapot scroll", "teapot leaves", "teapot fermented"]
    play(game, s, "teapot fermented")
    assert sorted(legal(s)) == ["pay f 1", "pay g 1"]
    play(game, s, "pay f 1", "pay f 1")
    assert legal(s) == ["pay g 1"]  # the 2 fermented are paid; the price is left
    play(game, s, "pay g 1")
    assert "a1_01" in s.players[0].hand and s.players[0].teapot_scrolls == 1


@pytest.mark.rule("DP-10", "TT-05")
def test_dp10_printed_teapots_are_matched_without_a_decision() -> None:
    """DP-10 (TT-05): a Teapot shown on the top card is matched automatically; no covering is
    asked, only the price's leaves. A slot beyond S or an unpayable price is not offered."""
    game, s = played(["s03"])  # strength 1, red Teapot
    put_action_card(s, 1, "a1_01")  # needs red, strength 0
    put_action_card(s, 3, "a1_02")  # strength 2 needed
    set_leaves(s, 0, fresh={2: 1})
    assert legal(s, mv.Buy) == ["buy 1"]
    play(game, s, "buy 1")
    assert legal(s) == ["pay g 2"]


@pytest.mark.rule("DP-11", "AMB-14")
def test_dp11_caravan_card_trade_and_strength_option() -> None:
    """DP-11: Caravan chooses the card, one of its 2 trades that can be paid and one of the
    strength options reached (a lower one may be chosen); then the leaves, then the rewards'
    decisions (here the Scroll kind)."""
    game, s = played(["s11"])  # S = 3
    for slot, cid in enumerate(["cv_b01", "cv_b02", "cv_b03"], start=1):
        put_caravan(s, slot, cid)
    set_leaves(s, 0, fresh={1: 3})
    expected = []
    for slot, cid in enumerate(s.board.caravan_display, start=1):
        caravan = s.ctx.caravans[cid]
        for t, trade in enumerate(caravan.trades, start=1):
            for k, option in enumerate(caravan.strengths, start=1):
                if affordable(trade.cost, 3, 0) and option.strength <= 3:
                    expected.append(f"caravan {slot} {t} {k}")
    assert expected == [
        "caravan 1 1 1",
        "caravan 2 1 1",
        "caravan 2 2 1",
        "caravan 3 2 1",
        "caravan 3 2 2",
    ]
    assert legal(s, mv.TakeCaravan) == expected
    play(game, s, "caravan 2 1 1")  # cv_b02: 2 leaves -> a Scroll of any kind
    assert legal(s) == ["pay g 1"]
    play(game, s, "pay g 1", "pay g 1")
    assert legal(s) == ["scroll plus1", "scroll teapot", "scroll x2"]


@pytest.mark.rule("DP-12", "AMB-16")
def test_dp12_ferment_one_leaf_at_a_time_or_stop() -> None:
    """DP-12 (AMB-16): Fermentation flips one fresh leaf at a time (any Basket holding one) up
    to S, and may stop at any point."""
    game, s = played(["s09"])  # S = 2
    set_leaves(s, 0, fresh={2: 1, 4: 2})
    play(game, s, "ferment")
    assert legal(s) == ["flip 2", "flip 4", "stop"]
    play(game, s, "flip 4")
    assert legal(s) == ["flip 2", "flip 4", "stop"]
    play(game, s, "flip 2")
    assert s.pending == []  # S leaves flipped: no further choice
    assert s.players[0].fresh == [0, 0, 0, 1, 0, 0]
    assert s.players[0].fermented == [0, 1, 0, 1, 0, 0]
    game, s = played(["s09"])
    set_leaves(s, 0, fresh={3: 2})
    play(game, s, "ferment", "flip 3", "stop")
    assert s.players[0].fresh[2] == 1 and s.pending == []


@pytest.mark.rule("DP-13", "TT-06")
def test_dp13_harvest_gardens_each_at_most_once() -> None:
    """DP-13: Extra Harvest picks gardens one by one, up to S, each garden at most once, or
    stops. TT-06: gardens of equal value are offered once at a time."""
    game, s = played(["s11"])  # S = 3
    for region in ("p1", "c1", "p3"):  # values 3, 3, 4; Sichuan is 2
        add_garden(s, 0, region)
    set_leaves(s, 0)
    play(game, s, "harvest")
    assert sorted(legal(s)) == ["from p1", "from p3", "from sichuan", "stop"]
    play(game, s, "from p1")
    assert sorted(legal(s)) == ["from c1", "from p3", "from sichuan", "stop"]  # p1 is done
    play(game, s, "from c1")
    assert sorted(legal(s)) == ["from p3", "from sichuan", "stop"]
    play(game, s, "from p3")
    assert s.pending == []  # S gardens harvested
    assert s.players[0].fresh == [0, 0, 2, 1, 0, 0]


@pytest.mark.rule("DP-14", "COURT-01", "COURT-02", "TT-10")
def test_dp14_noble_court_hall_space_then_effects_in_any_order() -> None:
    """DP-14 (TT-10): Noble Court chooses a Hall and a free space worth <= S; the Hall's effects
    are then taken one at a time in any order (or stopped), each with its own decisions."""
    game, s = played(["s11"], options=XOPTS)  # S = 3; spaces are worth 6, 4, 3, 2
    set_halls(s, ["h04", "h03"])  # h04: a Basic Puerh and a Scroll of any kind
    occupy(s, 1, 2, 4)  # seat 1 sits on Hall 2's 2-space
    assert legal(s, mv.NobleCourt) == ["court 1 3", "court 1 4", "court 2 3"]
    play(game, s, "court 1 3")
    assert s.players[0].courtiers == 1
    assert legal(s) == ["option 1", "option 2", "stop"]
    play(game, s, "option 2")
    assert legal(s) == ["scroll plus1", "scroll teapot", "scroll x2"]
    play(game, s, "scroll x2")
    assert legal(s) == ["option 1", "stop"]
    play(game, s, "option 1")
    assert legal(s) == ["basic 1", "basic 2", "basic 3"]


@pytest.mark.rule("DP-15", "PUERH-03", "PUERH-09", "AMB-43", "TT-11")
def test_dp15_puerh_market_tokens_one_at_a_time_placed_never_with_this_turns() -> None:
    """DP-15 (TT-11): Puerh Market buys up to 1/2/3 tokens by S, one at a time (stop allowed
    after the first); each is paid leaf by leaf and placed at once: alone or joined to an
    incomplete set, but never to a set holding a token gained this turn."""
    game, s = played(["s11"], options=XOPTS)  # S = 3: up to 2 tokens
    set_market(s, ["pp05", "pp10", "pp21"])  # 1 G + 1 F, 3 G, 3 G
    give_puerh_sets(s, 0, [["pb11"]])  # an older single token
    set_leaves(s, 0, fresh={1: 4}, fermented={1: 1})
    play(game, s, "market")
    assert legal(s) == ["premium 1", "premium 2", "premium 3"]  # no stop before the first
    play(game, s, "premium 1")
    assert sorted(legal(s)) == ["pay f 1", "pay g 1"]
    play(game, s, "pay f 1", "pay g 1")
    assert legal(s) == ["cake 0", "cake 1"]  # alone, or joined to the older token
    play(game, s, "cake 1")
    assert s.players[0].puerh_sets == [["pb11", "pp05"]]
    court = s.board.court
    assert court is not None
    market = list(court.market)  # slot 1 was refilled at once (AMB-43)
    offer = [
        f"premium {i}"
        for i, tid in enumerate(market, start=1)
        if tid and affordable(s.ctx.puerh_tokens[tid].cost, 3, 0)
    ]
    assert legal(s) == [*offer, "stop"]
    play(game, s, "premium 2", "pay g 1", "pay g 1", "pay g 1")
    assert legal(s) == ["cake 0"]  # the set holds this turn's pp05: no join (PUERH-09)
    play(game, s, "cake 0")
    assert s.pending == []  # S 3 allows 2 tokens: the action is over
    assert "end" in legal(s)


# ================================================================================================
# Secondary action and card effects
# ================================================================================================


@pytest.mark.rule("DP-16", "SEC-03")
def test_dp16_secondary_before_or_after_the_main_action() -> None:
    """DP-16: the top card's secondary action is offered before the main action, between free
    actions, and still after the main action; once done it is gone, and it is optional."""
    game, s = played(["s09", "s01"], top="s01")  # River on top
    give_scrolls(s, 0, plus1=2)
    assert "use 1" in legal(s) and mv.Ferment in main_kinds(s)
    before = s.clone()
    play(game, s, "plus1", "use 1", "plus1")  # between free actions, before the main action
    assert s.players[0].boat == 1 and s.turn.strength == 5
    assert "use 1" not in legal(s)
    s = before
    play(game, s, "harvest", "stop")
    assert "use 1" in legal(s)  # after the main action
    assert "end" in legal(s)  # and optional
    play(game, s, "use 1")
    assert s.players[0].boat == 1 and "use 1" not in legal(s)


@pytest.mark.rule("DP-17", "RIVER-01", "RIVER-03")
def test_dp17_river_has_no_placement_choice() -> None:
    """DP-17: River Navigation moves the Boat one segment with no choice; a plain bonus leaves
    nothing to decide, and at the mouth the highest free VP space is taken automatically."""
    game, s = played(["s01"])
    play(game, s, "use 1")
    assert s.players[0].boat == 1 and s.players[0].emperor_tokens == 1
    assert s.pending == [] and "use 1" not in legal(s)
    game, s = played(["s01"])
    set_boat(s, 0, 8)
    s.board.river_final_taken = 1  # someone already took the 20
    play(game, s, "use 1")
    assert s.players[0].boat == 9 and s.players[0].boat_final_vp == 17
    assert s.pending == []


@pytest.mark.rule("DP-17", "FREE-06")
def test_dp17_only_the_bonus_decisions() -> None:
    """DP-17: the segment's bonus may ask its own decisions (the Cup token's connection), and an
    x2 gained on the River may repeat it at once."""
    game, s = played(["s01"])
    set_boat(s, 0, 3)  # segment 4: a Cup token
    set_cup_rows(s, 0, [["cup01", "cup02"], ["cup03", "cup04"]])
    play(game, s, "use 1")
    assert legal(s) == ["token 1 1", "token 2 1"]
    game, s = played(["s01"])
    set_boat(s, 0, 2)  # segment 3: an Emperor token and an x2 Scroll
    play(game, s, "use 1")
    assert s.pending == [] and s.players[0].x2 == 1
    assert legal(s, mv.Repeat) == ["repeat scroll"]


@pytest.mark.rule("DP-18", "CUP-01", "AMB-18", "CUP-05")
def test_dp18_cup_tile_province_row_and_end_or_new_row() -> None:
    """DP-18 (AMB-18): Cup Production chooses a Province stack where you own a garden, then a
    row and its left or right end, or a new row; the new connection's Cup token is placed
    automatically."""
    game, s = new_game(2, seed=1)
    add_garden(s, 0, "p1")  # purple
    add_garden(s, 0, "c1")  # cyan
    rows = [["cup03", "cup04"], ["cup05"]]
    for stack in s.board.cup_stacks.values():
        stack[:] = [t for t in stack if t not in {"cup03", "cup04", "cup05"}]
    set_cup_rows(s, 0, rows)
    give_hand(s, 0, ["s03"])
    commit(game, s, ["s03"], "s03")
    play(game, s, "use 1")
    expected = [
        f"tile {prov} {row} {side}"
        for prov in ("purple", "cyan")
        for row, side in ((0, "r"), (1, "l"), (1, "r"), (2, "l"), (2, "r"))
    ]
    assert sorted(legal(s)) == sorted(expected)
    top = s.board.cup_stacks["cyan"][-1]
    play(game, s, "tile cyan 2 l")
    p = s.players[0]
    assert p.cup_rows == [["cup03", "cup04"], [top, "cup05"]]
    assert p.cup_tokens == [[0], [1]]
    assert s.pending == []


@pytest.mark.rule("DP-19", "UNI-02")
def test_dp19_university_two_parts_then_their_decisions() -> None:
    """DP-19: Tea Studies offers the 2 parts of the next sector; the part's own decisions follow
    (sector 1, part 2: ferment up to 2)."""
    game, s = played(["s05"])
    set_university(s, 0, 0)
    set_leaves(s, 0, fresh={2: 2})
    play(game, s, "use 1")
    assert legal(s) == ["part 1", "part 2"]
    before = s.clone()
    play(game, s, "part 2")
    assert legal(s) == ["flip 2", "stop"]
    s = before
    play(game, s, "part 1")  # 3 fresh q2: nothing to decide
    assert s.pending == [] and s.players[0].fresh[1] == 5


@pytest.mark.rule("DP-20", "FREE-04", "FREE-05", "AMB-25")
def test_dp20_repeat_by_x2_or_three_fermented_once_after_the_secondary() -> None:
    """DP-20: once the secondary action is done, it may be repeated once per turn, by an x2
    Scroll or by 3 fermented leaves chosen one by one."""
    game, s = played(["s01"])
    give_scrolls(s, 0, x2=1)
    set_leaves(s, 0, fermented={1: 2, 3: 2})
    assert legal(s, mv.Repeat) == []  # the secondary action is not done yet
    play(game, s, "use 1")
    assert legal(s, mv.Repeat) == ["repeat scroll", "repeat fermented"]
    play(game, s, "repeat fermented")
    assert legal(s) == ["pay f 1", "pay f 3"]
    play(game, s, "pay f 3", "pay f 1", "pay f 3")
    assert s.players[0].boat == 2
    assert legal(s, mv.Repeat) == []  # once per turn, the x2 is still held
    assert s.players[0].x2 == 1


# --- DP-21: card effects of the top card ----------------------------------------------------


@pytest.mark.rule("DP-21", "SEC-06")
def test_dp21_slash_card_chooses_one_side() -> None:
    """DP-21: a slash card asks which side (a2_04: River / ferment 2)."""
    game, s = played(["a2_04"])
    set_leaves(s, 0, fresh={3: 1})
    play(game, s, "use 1")
    assert legal(s) == ["option 1", "option 2"]
    play(game, s, "option 2")
    assert legal(s) == ["flip 3", "stop"]


@pytest.mark.rule("DP-21", "BONUS-06")
def test_dp21_sell_leaves_one_by_one_at_most_six() -> None:
    """DP-21: Sell leaves chooses leaves one at a time (side and quality), at most 6, or stops."""
    game, s = played(["a1_08"])
    set_leaves(s, 0, fresh={1: 4}, fermented={2: 4})
    play(game, s, "use 1")
    assert legal(s) == ["sell g 1", "sell f 2", "stop"]
    play(game, s, *["sell g 1"] * 4, "sell f 2", "sell f 2")
    assert s.pending == []  # six sold
    assert s.players[0].vp == 8 and s.players[0].fermented[1] == 2


@pytest.mark.rule("DP-21", "BONUS-03", "BONUS-04", "AMB-29")
def test_dp21_draw_yes_no_and_draw_then_discard() -> None:
    """DP-21: Draw is yes/no; Draw & discard is yes/no and, once drawn, asks which card to
    discard (no stop)."""
    game, s = played(["a1_06"])  # River / Draw
    play(game, s, "use 1", "option 2")
    assert legal(s) == ["draw", "stop"]
    game, s = played(["s08"])  # Draw & discard 1
    play(game, s, "use 1")
    assert legal(s) == ["draw", "stop"]
    play(game, s, "draw")
    hand = s.players[0].hand
    assert len(hand) == 1
    assert legal(s) == [f"discard {c}" for c in sorted(set(hand))]


@pytest.mark.rule("DP-21", "BONUS-05")
def test_dp21_remove_zone_and_card() -> None:
    """DP-21: Remove chooses a zone (hand, draw deck, discard pile) and a card, or none."""
    game, s = played(["a2_07", "s01"], top="a2_07")
    p = s.players[0]
    p.discard = ["s02"]
    play(game, s, "use 1")
    expected = (
        [f"remove hand {c}" for c in sorted(p.hand)]
        + [f"remove draw {c}" for c in sorted(p.draw)]
        + ["remove discard s02", "stop"]
    )
    assert legal(s) == expected


@pytest.mark.rule("DP-21", "BONUS-02", "AMB-28")
def test_dp21_ferment_n_chooses_which_fresh_leaves() -> None:
    """DP-21: Ferment N chooses which fresh leaves, one at a time, or stops."""
    game, s = played(["s07"])  # ferment 1
    set_leaves(s, 0, fresh={1: 1, 5: 1})
    play(game, s, "use 1")
    assert legal(s) == ["flip 1", "flip 5", "stop"]
    play(game, s, "flip 5")
    assert s.pending == [] and s.players[0].fermented == [0, 0, 0, 0, 1, 0]


# ================================================================================================
# Free actions after the commit
# ================================================================================================


@pytest.mark.rule("DP-22", "CARD-07", "AMB-23")
def test_dp22_emperor_card_gained_after_the_commit_goes_to_hand() -> None:
    """DP-22 (AMB-23): climbing after the commit asks the same decisions as DP-03; the Emperor
    card goes to hand, not into this turn's stack, and adds no strength."""
    game, s = played(["s09"])
    give_hand(s, 0, ["s10"])
    set_emperor(s, 0, tokens=2)
    set_leaves(s, 0, fresh={1: 1})
    assert "emperor" in legal(s)
    card = s.board.emperor_display[2]
    play(game, s, "emperor", "pay g 1", f"take {card}", "stop")
    p = s.players[0]
    assert card in p.hand and p.stacks == [["s09"]]
    assert s.turn.strength == 2
    assert legal(s, mv.Select) == [] and legal(s, mv.Commit) == []
    play(game, s, "harvest", "stop", "end")
    assert f"select {card}" in legal(s)  # playable from the next turn


@pytest.mark.rule("DP-23", "CUP-06", "FREE-03")
def test_dp23_cup_tokens_after_the_commit_repeatable() -> None:
    """DP-23: after the commit Cup tokens are spent as in DP-04, before or after the main
    action, as long as tokens remain."""
    game, s = played(["s09"])
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=2)
    assert legal(s, mv.SpendCupToken) == ["spend 1 1"]
    play(game, s, "spend 1 1")
    assert legal(s) == ["cup_bonus l", "cup_bonus r"]
    play(game, s, "cup_bonus r", "harvest", "stop")  # cup02's left Cup: 3 VP
    assert legal(s, mv.SpendCupToken) == ["spend 1 1"]
    play(game, s, "spend 1 1", "cup_bonus r")
    assert legal(s, mv.SpendCupToken) == [] and s.players[0].vp == 6


@pytest.mark.rule("DP-24", "SCROLL-03", "SCROLL-04", "SCROLL-05")
def test_dp24_scroll_windows() -> None:
    """DP-24: "+1" is offered only before the main action; a Teapot Scroll has no move of its
    own and appears only when a purchase lacks a Teapot; x2 appears only as the repeat, after
    the secondary action."""
    game, s = played(["s11", "s01"], top="s01")  # River on top, green Teapot
    give_scrolls(s, 0, plus1=1, teapot=1, x2=1)
    assert "plus1" in legal(s)
    assert legal(s, mv.CoverTeapot) == [] and legal(s, mv.Repeat) == []
    before = s.clone()
    play(game, s, "use 1")
    assert legal(s, mv.Repeat) == ["repeat scroll"]
    play(game, s, "harvest", "stop")
    assert "plus1" not in legal(s) and legal(s, mv.Repeat) == ["repeat scroll"]
    s = before
    put_action_card(s, 1, "a1_01")  # needs a red Teapot
    set_leaves(s, 0, fresh={1: 1})
    play(game, s, "buy 1")
    assert legal(s) == ["teapot scroll"]  # 1 leaf: only the Scroll covers it


# ================================================================================================
# Triggered bookkeeping
# ================================================================================================


@pytest.mark.rule("DP-25", "DECREE-02", "DECREE-03", "DECREE-04", "AMB-49")
def test_dp25_decree_claim_is_automatic() -> None:
    """DP-25: our engine asks no decision when a Decree is fulfilled. court.check_decrees runs
    after every move and records the seat in fulfilment order (the first takes the better VP
    space, the DP's default) and brings a waiting Courtier; no move kind exists for it."""
    game, s = played(["s05"], options=XOPTS)  # University on top
    set_decrees(s, [("d_university", "brown")])  # 1 Worker in the centre
    set_university(s, 0, 4)
    play(game, s, "use 1")  # 4 -> 1 crosses the start: a centre Worker
    court = s.board.court
    assert court is not None
    assert court.decrees[0].fulfilled == [0]
    assert s.players[0].courtiers == 3 and s.players[0].courtiers_waiting == 1
    assert legal(s) == ["part 1", "part 2"]  # only the University's own decision
    assert not any("decree" in tag for tag in mv.KINDS)


@pytest.mark.rule("DP-26", "PUERH-02", "PUERH-07", "AMB-39")
def test_dp26_basic_puerh_from_a_bonus_which_token_and_where() -> None:
    """DP-26: a Basic Puerh bonus asks which of the 3 Storage tokens, then where it goes: alone
    or joined to an incomplete set from an earlier turn."""
    game, s = played(["s09"], options=XOPTS)
    set_region_token(s, "p1", "rt19")  # a Basic Puerh
    give_puerh_sets(s, 0, [["pb11"]])
    play(game, s, "build 1 p1 1")
    assert legal(s) == ["basic 1", "basic 2", "basic 3"]
    court = s.board.court
    assert court is not None
    token = court.storage[1]
    play(game, s, "basic 2")
    assert court.storage[1] and court.storage[1] != token  # refilled at once
    assert legal(s) == ["cake 0", "cake 1"]
    play(game, s, "cake 1")
    assert s.players[0].puerh_sets == [["pb11", token]]


@pytest.mark.rule("DP-27", "AMB-39", "AMB-01")
def test_dp27_open_scroll_type_choice() -> None:
    """DP-27: a Scroll of open type asks which kind; with limited pools a kind whose Scrolls are
    all held is not offered."""
    game, s = played(["s09"])
    set_region_token(s, "p1", "rt07")  # a Scroll of any kind
    play(game, s, "build 1 p1 1")
    assert legal(s) == ["scroll plus1", "scroll teapot", "scroll x2"]
    play(game, s, "scroll teapot")
    assert s.players[0].teapot_scrolls == 1
    game, s = played(["s09"], options=Options(limited_pools=True))
    set_region_token(s, "p1", "rt07")
    give_scrolls(s, 1, x2=s.ctx.components.scrolls.x2)
    play(game, s, "build 1 p1 1")
    assert legal(s) == ["scroll plus1", "scroll teapot"]


@pytest.mark.rule("DP-28", "TURN-06")
def test_dp28_end_only_after_the_main_action() -> None:
    """DP-28: ``end`` is offered only once the main action is resolved: not before the commit,
    not after only a secondary action, not while the main action's decision is pending."""
    game, s = new_game(2, seed=1)
    give_hand(s, 0, ["s01", "s09"])
    assert "end" not in legal(s)
    commit(game, s, ["s01", "s09"], "s01")
    assert "end" not in legal(s)
    play(game, s, "use 1")
    assert "end" not in legal(s)
    set_leaves(s, 0, fresh={2: 2})
    play(game, s, "ferment")
    assert legal(s) == ["flip 2", "stop"]
    play(game, s, "stop")
    assert "end" in legal(s)
    play(game, s, "end")
    assert s.current_seat() == 1


# ================================================================================================
# Maintenance, end of game and Lu Yu
# ================================================================================================


@pytest.mark.rule("DP-29", "MAINT-08", "MAINT-09")
@pytest.mark.parametrize("options", [Options(), XOPTS], ids=["base", "puerh"])
def test_dp29_maintenance_asks_nothing(options: Options) -> None:
    """DP-29: the move that ends a round leads straight into round 2: the new Start Player is to
    move, no decision is pending, and only the moves that begin a go are offered (ripening,
    harvest, draws and, with the expansion, Hall scoring happened on their own)."""
    game, s = new_game(3, seed=2, options=options)
    if options.puerh:
        occupy(s, 0, 1, 1)
    end_round_by_passing(game, s)
    assert s.round == 2 and s.start_seat == 1 and s.current_seat() == 1
    assert s.pending == []
    assert kinds(s) <= set(TURN_START_KINDS)
    assert {mv.Pass, mv.Select} <= kinds(s)
    if options.puerh:
        assert s.players[0].hall_vp == 5


@pytest.mark.rule("DP-29", "END-01")
def test_dp29_final_scoring_asks_nothing() -> None:
    """DP-29: after round 5 the game is over at once: no move, no seat, and the final score."""
    game, s = new_game(2, seed=2)
    s.round = 5
    end_round_by_passing(game, s)
    assert s.is_over() and s.current_seat() is None and s.legal_moves() == ()
    assert len(s.outcome().scores) == 2


@pytest.mark.rule("DP-30", "TT-12", "LUYU-02")
def test_dp30_luyu_is_offered_exactly_one_move() -> None:
    """DP-30 (TT-12): whenever Lu Yu's seat is to move it is offered exactly one move, ``luyu``
    or ``luyu-pass``, and his turn leaves no decision pending; checked over seeded random play
    of the human seat for two rounds."""
    s = make_game(new_setup(["human", "luyu:hard"], start_seat=1)).new_state(11)
    assert s.luyu is not None and s.luyu.seat == 1
    rng = Rng.from_seed(11)
    seen: set[type] = set()
    while s.round <= 2 and not s.is_over():
        moves = s.legal_moves()
        if s.current_seat() == 1:
            assert len(moves) == 1 and isinstance(moves[0], mv.LuYuTurn | mv.LuYuPass)
            seen.add(type(moves[0]))
            s.apply(moves[0])
            assert s.pending == []
            continue
        assert not any(isinstance(m, mv.LuYuTurn | mv.LuYuPass) for m in moves)
        active = [m for m in moves if not isinstance(m, mv.Pass | mv.Stop)]
        s.apply(rng.choice(active if active and rng.random() < 0.9 else list(moves)))
    assert seen == {mv.LuYuTurn, mv.LuYuPass}


@pytest.mark.rule("DP-30", "LUYU-02", "AMB-52")
def test_dp30_luyu_pass_when_the_fee_cannot_be_paid() -> None:
    """DP-30: with three cards played and no leaves for slot 4's fee, his one move is
    ``luyu-pass``."""
    s = make_game(new_setup(["human", "luyu:easy"], start_seat=1)).new_state(4)
    lu = s.luyu
    assert lu is not None
    lu.slots = [lu.draw.pop() for _ in range(3)]
    set_leaves(s, 1)
    assert s.legal_moves() == (mv.LuYuPass(),)
    set_leaves(s, 1, fresh={1: 2}, fermented={1: 1})
    assert s.legal_moves() == (mv.LuYuTurn(),)
