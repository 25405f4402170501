"""Rule tests for the solo mode against the automa Lu Yu (part 1): setup (SOLO), his turn
procedure, the slash fallbacks and every one of his actions (LUYU-01 ... LUYU-23, AMB-51 ...
AMB-62). Part 2 (test_luyu_rules_b.py) has Maintenance, scoring, EX-17, hidden information and
whole random games.

Rule IDs refer to ../shared/rules/tea_garden.md sections 27-28. Scenarios are built on Lu Yu
cards made here (``card``), added to the built-in component set, so that the fronts and backs
are exactly what each test needs: the last card of ``s.luyu.draw`` is revealed, and the one under
it is the top card whose back steers him.
"""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from core.setup import SetupError, make_game, new_setup
from core.tea_garden import moves as mv
from core.tea_garden.components import ComponentSet, LuYuCard, LuYuRow, LuYuStep
from core.tea_garden.context import Options
from core.tea_garden.entry import LUYU_LEVELS
from core.tea_garden.flow import max_turns
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.loader import load_builtin
from core.tea_garden.narrate_luyu import back_text, front_text
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import live_breakdown
from core.tea_garden.state import LuYuState, PlayerState
from tests.core.tea_garden.scenario import (
    add_garden,
    play,
    set_boat,
    set_leaves,
    set_region_token,
    set_university,
    stack_cup_tiles,
)

HUMAN = 0
LU = 1
"""Lu Yu's seat in these scenarios."""
BUILTIN = load_builtin()
ALL_BONUSES = ("leaves", "emperor_tokens", "scroll", "cup_token", "draw", "remove", "ferment", "vp")
PROVINCES = ("green", "red", "blue", "purple", "cyan")

Game = tuple[TeaGardenGame, TeaGardenState]


# --- helpers (also used by test_luyu_rules_b.py) ------------------------------------------


def step(do: str, n: int = 0) -> LuYuStep:
    return LuYuStep(do=do, n=n)  # type: ignore[arg-type]


def row(*steps: LuYuStep, fallback: tuple[LuYuStep, ...] = ()) -> LuYuRow:
    return LuYuRow(steps=steps, fallback=fallback)


def card(
    cid: str,
    *rows: LuYuRow,
    strength: int = 1,
    secondary: str = "river",
    caravan: int = 1,
    emperor: int = 1,
    bonus: tuple[str, ...] = ALL_BONUSES,
    provinces: tuple[str, ...] = PROVINCES,
    halls: tuple[int, ...] = (1, 2, 3),
    market: tuple[int, ...] = (1, 2, 3),
) -> LuYuCard:
    """A Lu Yu card for a scenario; with no rows its front does nothing (a pure "back")."""
    return LuYuCard(
        id=cid,
        name=f"Test card {cid}",
        group="expert",  # with 0 Experts in play, setup leaves it in the box
        rows=rows or (row(step("leaves", 0)),),
        strength=strength,
        secondary=secondary,  # type: ignore[arg-type]
        caravan=caravan,
        emperor=emperor,
        bonus_priority=bonus,
        province_priority=provinces,
        hall_priority=halls,
        market_order=market,
    )


def with_cards(*cards: LuYuCard) -> ComponentSet:
    luyu = BUILTIN.luyu
    assert luyu is not None
    return msgspec.structs.replace(
        BUILTIN, luyu=msgspec.structs.replace(luyu, cards=luyu.cards + cards)
    )


def solo(*cards: LuYuCard, puerh: bool = False, seed: int = 1) -> Game:
    """A solo game with Lu Yu on seat 1 to move first; ``cards`` join his card set."""
    game = TeaGardenGame(
        num_seats=2,
        components=with_cards(*cards),
        luyu_seat=LU,
        luyu_experts=0,
        start_seat=LU,
        options=Options(puerh=puerh),
    )
    return game, game.new_state(seed)


def solo_setup(level: str = "hard", puerh: bool = False, seed: int = 3, start: int = 0) -> Game:
    """A solo game made as the app makes it: ``new_setup`` with a ``luyu:<level>`` seat."""
    setup = new_setup(["human", f"luyu:{level}"], options={"puerh": puerh}, start_seat=start)
    game = make_game(setup)
    assert isinstance(game, TeaGardenGame)
    return game, game.new_state(seed)


def luyu(s: TeaGardenState) -> LuYuState:
    assert s.luyu is not None
    return s.luyu


def lu(s: TeaGardenState) -> PlayerState:
    return s.players[LU]


def deal(s: TeaGardenState, revealed: LuYuCard, top: LuYuCard, *under: str) -> None:
    """Lu Yu's deck: ``revealed`` is flipped next, ``top``'s back steers; his turn."""
    luyu(s).draw = [*under, top.id, revealed.id]
    s.seat = LU


def take_turn(s: TeaGardenState) -> None:
    """Lu Yu's only legal move is to play his card (LUYU-01); play it."""
    assert s.legal_moves() == (mv.LuYuTurn(),)
    s.apply(mv.LuYuTurn())


def run(s: TeaGardenState, revealed: LuYuCard, top: LuYuCard) -> None:
    deal(s, revealed, top)
    take_turn(s)


def notes(s: TeaGardenState) -> list[str]:
    return [n.what for n in luyu(s).notes]


def builtin_ids(s: TeaGardenState, n: int) -> list[str]:
    """``n`` ids of built-in Lu Yu cards, to fill his slots."""
    return sorted(c for c in s.ctx.luyu_cards if c.startswith("ly_"))[:n]


def region(s: TeaGardenState, rid: str) -> int:
    return s.ctx.region_index[rid]


BACK = card("t_back")
NOTHING = card("t_nothing")


# --- setup (SOLO-01 ... SOLO-13) ------------------------------------------------------------


@pytest.mark.rule("SOLO-04", "SOLO-01")
@pytest.mark.parametrize("puerh", [False, True])
def test_solo_04_board_is_a_normal_two_player_setup(puerh: bool) -> None:
    """SOLO-04: Cup stacks of 5, 4 Action cards per level, 7 basic Caravans, 2 Halls."""
    _, s = solo_setup(puerh=puerh, seed=7)
    plain = TeaGardenGame(num_seats=2, start_seat=0, options=Options(puerh=puerh)).new_state(7)
    assert s.board == plain.board
    assert s.players[HUMAN] == plain.players[HUMAN]
    b, ctx = s.board, s.ctx
    assert {len(stack) for stack in b.cup_stacks.values()} == {5}
    levels = Counter(ctx.action_cards[c].level for c in (*b.action_deck, *b.action_display))
    assert levels == {1: 4, 2: 4, 3: 4, 4: 4, 5: 4}
    caravans = (*b.caravan_deck, *b.caravan_display)
    assert sum(1 for c in caravans if ctx.caravans[c].kind == "basic") == 7
    if puerh:
        assert b.court is not None and len(b.court.halls) == 2
    else:
        assert b.court is None


@pytest.mark.rule("SOLO-05", "SOLO-06", "SOLO-07")
@pytest.mark.parametrize("puerh", [False, True])
def test_solo_05_06_07_his_board_pieces_and_leaves(puerh: bool) -> None:
    """SOLO-05, SOLO-06: no hand, 2 fresh leaves, pieces placed like a player's; SOLO-07: with the
    expansion 2 Courtiers on his extension and 2 waiting."""
    _, s = solo_setup(puerh=puerh)
    p = lu(s)
    assert p.hand == [] and p.draw == [] and p.discard == []
    assert (sum(p.fresh), sum(p.fermented)) == (2, 0)
    assert p.gardens == [s.ctx.start_region]
    assert s.board.spaces[s.ctx.start_region].count(LU) == 1
    assert (p.uni_sector, p.uni_centre, p.emperor_row, p.boat, p.vp) == (0, 0, 0, 0, 0)
    assert all(p.pagodas) and p.workers == 6 and p.emperor_tokens == 0
    assert (p.courtiers, p.courtiers_waiting) == ((2, 2) if puerh else (0, 0))


@pytest.mark.rule("SOLO-09", "SOLO-11", "SOLO-12", "SOLO-02")
@pytest.mark.parametrize("level", LUYU_LEVELS)
def test_solo_09_11_12_deck_of_6_to_9_cards_by_difficulty(level: str) -> None:
    """SOLO-09/11/12: 3 Basic + 3 Advanced + 0-3 Experts (easy ... expert); the unused Experts
    are out of the game; SOLO-02: 24 cards in all, each in exactly one place."""
    k = LUYU_LEVELS.index(level)
    _, s = solo_setup(level=level)
    ly, cards = luyu(s), s.ctx.luyu_cards
    assert ly.experts == k and len(ly.draw) == 6 + k
    groups = Counter(cards[c].group for c in ly.draw)
    assert groups == Counter({"basic": 3, "advanced": 3, "expert": k}) - Counter()
    assert len(ly.box) == 3 - k and all(cards[c].group == "expert" for c in ly.box)
    everywhere = [*ly.draw, *ly.box, *(c for pile in ly.piles.values() for c in pile)]
    assert sorted(everywhere) == sorted(cards) and len(cards) == 24
    assert ly.slots == [] and ly.seen == []


@pytest.mark.rule("SOLO-10")
def test_solo_10_other_advanced_cards_in_piles_by_back_symbol() -> None:
    _, s = solo_setup()
    ly, cards = luyu(s), s.ctx.luyu_cards
    assert set(ly.piles) <= {"river", "cup", "university"}
    assert sum(len(pile) for pile in ly.piles.values()) == 15
    for symbol, pile in ly.piles.items():
        assert all(cards[c].group == "advanced" and cards[c].secondary == symbol for c in pile)


@pytest.mark.rule("SOLO-12", "SOLO-10")
def test_solo_12_deck_and_piles_are_shuffled() -> None:
    decks, piles = set(), set()
    for seed in range(8):
        ly = luyu(solo_setup(level="expert", seed=seed)[1])
        decks.add(tuple(ly.draw))
        piles.add(tuple(ly.piles.get("river", [])))
    assert len(decks) > 1 and len(piles) > 1


@pytest.mark.rule("SOLO-13")
def test_solo_13_player_chooses_who_starts() -> None:
    _, s = solo_setup(start=1)
    assert s.seat == LU and s.legal_moves() == (mv.LuYuTurn(),)
    _, s = solo_setup(start=0)
    assert s.seat == HUMAN
    assert not any(isinstance(m, mv.LuYuTurn | mv.LuYuPass) for m in s.legal_moves())


@pytest.mark.rule("SOLO-04", "SOLO-11")
def test_solo_setups_that_cannot_be_played_are_refused() -> None:
    """SOLO-04: Lu Yu plays a 2-seat game only; SOLO-11: the four difficulties."""
    with pytest.raises(SetupError):
        new_setup(["human", "luyu:godlike"])
    with pytest.raises(SetupError):
        new_setup(["human", "human", "luyu:easy"])
    with pytest.raises(SetupError):
        new_setup(["luyu:easy", "luyu:hard"])
    with pytest.raises(ValueError):
        TeaGardenGame(num_seats=2, luyu_seat=1, luyu_experts=4)
    _, s = solo_setup(level="medium")
    assert luyu(s).experts == 1


# --- turn procedure (LUYU-01/02/08, AMB-52/53) ---------------------------------------------


@pytest.mark.rule("LUYU-01", "LUYU-02", "AMB-62")
def test_luyu_01_card_revealed_into_leftmost_free_slot() -> None:
    """LUYU-01: the top card goes face up into the leftmost free slot; slots 1-3 cost nothing;
    AMB-62: without the icon on his card, no Advanced card is gained."""
    a, b = card("t_a"), card("t_b")
    game, s = solo(a, b, BACK)
    luyu(s).draw = [BACK.id, b.id, a.id]
    piles = {k: v[:] for k, v in luyu(s).piles.items()}
    take_turn(s)
    assert luyu(s).slots == [a.id] and luyu(s).draw == [BACK.id, b.id]
    assert luyu(s).seen == [a.id] and luyu(s).notes[0].args == (a.id,)
    assert s.seat == HUMAN
    play(game, s, "pass")
    take_turn(s)
    assert luyu(s).slots == [a.id, b.id] and luyu(s).draw == [BACK.id]
    take_turn(s)
    assert luyu(s).slots == [a.id, b.id, BACK.id] and luyu(s).draw == []
    assert (sum(lu(s).fresh), sum(lu(s).fermented)) == (2, 0)  # no fee for slots 1-3
    assert luyu(s).piles == piles


@pytest.mark.rule("LUYU-02", "AMB-53")
@pytest.mark.parametrize(
    ("fresh", "fermented", "paid"),
    [(4, 2, (2, 1)), (2, 1, (2, 1)), (1, 3, (1, 2)), (0, 3, (0, 3)), (5, 5, (2, 1))],
)
def test_amb_53_fourth_slot_fee_1f_2g_extra_f_only_when_short_of_g(
    fresh: int, fermented: int, paid: tuple[int, int]
) -> None:
    """LUYU-02: he pays the 4th slot's fee; AMB-53: 1 F + 2 G, more F only if G run short."""
    _, s = solo(NOTHING)
    luyu(s).slots = builtin_ids(s, 3)
    set_leaves(s, LU, fresh={3: fresh}, fermented={2: fermented})
    run(s, NOTHING, BACK)
    assert (sum(lu(s).fresh), sum(lu(s).fermented)) == (fresh - paid[0], fermented - paid[1])
    assert luyu(s).notes[0].what == "fee" and luyu(s).notes[0].args == tuple(map(str, paid))
    assert luyu(s).slots[-1] == NOTHING.id


@pytest.mark.rule("LUYU-02", "AMB-52")
@pytest.mark.parametrize(("fresh", "fermented"), [(3, 0), (9, 0), (1, 1), (0, 2)])
def test_amb_52_cannot_pay_fee_passes_and_card_stays_on_top(fresh: int, fermented: int) -> None:
    """AMB-52: the fee is checked before the flip: he passes, nothing is revealed or paid, and
    LUYU-02: he takes no more turns this round."""
    game, s = solo(NOTHING)
    luyu(s).slots = builtin_ids(s, 3)
    set_leaves(s, LU, fresh={2: fresh}, fermented={2: fermented})
    deal(s, NOTHING, BACK)
    before = s.clone()
    assert s.legal_moves() == (mv.LuYuPass(),)
    s.apply(mv.LuYuPass())
    ly = luyu(s)
    assert ly.draw == [BACK.id, NOTHING.id] and len(ly.slots) == 3 and ly.seen == []
    assert lu(s).fresh == before.players[LU].fresh
    assert lu(s).fermented == before.players[LU].fermented
    assert lu(s).passed and s.seat == HUMAN and notes(s) == ["pass"]
    play(game, s, "pass")  # the human passes too: the round ends without another Lu Yu turn
    assert s.round == 2 and luyu(s).draw[-1] == NOTHING.id and luyu(s).slots == []


@pytest.mark.rule("LUYU-08")
@pytest.mark.parametrize(("puerh", "slots"), [(False, 4), (True, 5)])
def test_luyu_08_no_more_turns_than_a_players_slots(puerh: bool, slots: int) -> None:
    """LUYU-08: 4 slots, 5 with the extension (whose 5th slot costs 1 F + 2 G too)."""
    _, s = solo(NOTHING, puerh=puerh)
    assert max_turns(s) == slots
    set_leaves(s, LU, fresh={2: 9}, fermented={2: 9})
    luyu(s).slots = builtin_ids(s, slots - 1)
    run(s, NOTHING, BACK)
    assert len(luyu(s).slots) == slots
    assert (sum(lu(s).fresh), sum(lu(s).fermented)) == (7, 8)
    deal(s, NOTHING, BACK)
    assert s.legal_moves() == (mv.LuYuPass(),)
    s.apply(mv.LuYuPass())
    assert luyu(s).notes[0].args == (str(slots), "slots")


# --- resolution: top to bottom, slash fallbacks, the top card's back -----------------------


@pytest.mark.rule("LUYU-03", "LUYU-09")
def test_luyu_03_front_resolved_top_to_bottom() -> None:
    front = card(
        "t_front",
        row(step("leaves", 1), step("caravan"), fallback=(step("emperor_tokens", 1),)),
        row(step("ferment", 1), step("secondary"), fallback=(step("leaves", 1),)),
    )
    _, s = solo(front, BACK)
    run(s, front, BACK)
    assert notes(s) == ["reveal", "leaves", "caravan", "ferment", "river"]
    p = lu(s)
    assert (sum(p.fresh), sum(p.fermented), p.boat, len(p.caravans)) == (2, 1, 1, 1)
    assert p.emperor_tokens == 0  # both actions worked: no slash effect


@pytest.mark.rule("LUYU-04", "AMB-61", "LUYU-13")
def test_luyu_04_slash_effect_only_when_the_action_fails() -> None:
    """LUYU-04: the row's other steps still happen; AMB-61: an empty Caravan place fails."""
    front = card(
        "t_front", row(step("leaves", 2), step("caravan"), fallback=(step("emperor_tokens", 1),))
    )
    back = card("t_back2", caravan=2)
    _, s = solo(front, back)
    run(s, front, back)
    assert lu(s).emperor_tokens == 0 and len(lu(s).caravans) == 1
    _, s = solo(front, back)
    s.board.caravan_display[1] = ""
    others = s.board.caravan_display[:]
    run(s, front, back)
    assert lu(s).emperor_tokens == 1 and lu(s).caravans == [] and sum(lu(s).fresh) == 4
    assert s.board.caravan_display == others
    assert notes(s) == ["reveal", "leaves", "caravan_none", "fallback", "emperor_tokens"]


@pytest.mark.rule("LUYU-04", "LUYU-17")
def test_luyu_04_secondary_that_cannot_be_done_gives_the_slash_effect() -> None:
    """LUYU-17: his Boat at the mouth cannot move, so the slash effect follows."""
    front = card("t_front", row(step("secondary"), fallback=(step("leaves", 3),)))
    _, s = solo(front, BACK)
    last = len(s.ctx.components.river.segments) - 1
    set_boat(s, LU, last)
    run(s, front, BACK)
    assert lu(s).boat == last and sum(lu(s).fresh) == 5


@pytest.mark.rule("LUYU-05", "LUYU-10", "LUYU-14", "AMB-54")
def test_luyu_05_10_back_of_the_new_top_card_steers_him() -> None:
    """LUYU-05, LUYU-10, LUYU-14: strength, secondary action and choices come from the back
    of the card on top of his deck after the flip, not from the revealed card."""
    front = card(
        "t_front",
        row(step("caravan")),
        row(step("buy")),
        row(step("secondary")),
        strength=5,
        secondary="university",
        caravan=3,
    )
    back = card("t_back2", strength=2, secondary="river", caravan=1)
    _, s = solo(front, back)
    caravans, display = s.board.caravan_display[:], s.board.action_display[:]
    run(s, front, back)
    p = lu(s)
    assert p.caravans == [caravans[0]]  # position 1, from the back
    assert p.discard == [display[2]]  # strength 2 reaches the slot marked 2 (the 3rd)
    assert (p.boat, p.uni_sector) == (1, 0)  # River, from the back


@pytest.mark.rule("LUYU-09", "LUYU-10")
def test_luyu_09_10_front_and_back_in_words() -> None:
    front = card(
        "t_front",
        row(step("leaves", 2), step("caravan"), fallback=(step("emperor_tokens", 1),)),
        row(step("ferment", 2), step("secondary"), fallback=(step("leaves", 1),)),
        strength=3,
        caravan=3,
        emperor=3,
    )
    assert front_text(front) == (
        "+2 fresh, Caravan (else +1 Emperor token); ferment 2, secondary action (else +1 fresh)"
    )
    assert back_text(front) == "strength 3, River Navigation, Caravan right, Emperor card right"


def test_a_base_game_front_leaves_out_the_expansion_steps() -> None:
    """Without the expansion his Court and Market are skipped and the fallback always taken,
    so the card's text says only that (issue 14)."""
    both = card(
        "t_court",
        row(step("build"), fallback=(step("leaves", 2),)),
        row(step("court", 1), fallback=(step("leaves", 1),)),
        row(step("ferment", 1), step("market", 0)),
    )
    assert front_text(both) == (
        "Build (else +2 fresh); Noble Court at +1 strength (else +1 fresh); ferment 1, Puerh Market"
    )
    assert front_text(both, puerh=False) == "Build (else +2 fresh); +1 fresh; ferment 1"


# --- Build (LUYU-11, AMB-59) ----------------------------------------------------------------

BUILD = card("t_build", row(step("build"), fallback=(step("leaves", 2),)))


@pytest.mark.rule("LUYU-11", "LUYU-06")
def test_luyu_11_build_highest_value_neighbour_best_space_no_bonus() -> None:
    """LUYU-11: b3 (value 6) beats every other neighbour; the 2-VP space; LUYU-06: no VP and
    no Region bonus for him, and the token stays."""
    _, s = solo(BUILD, BACK)
    add_garden(s, LU, "b2", spot=1)
    token = s.board.region_tokens["b3"]
    before = s.clone().players[LU]
    run(s, BUILD, BACK)
    p, b3 = lu(s), region(s, "b3")
    assert p.gardens[-1] == b3 and s.board.spaces[b3] == [LU, -1]
    assert p.pagodas.count(False) == 2 and p.vp == 0
    assert (p.fresh, p.fermented, p.emperor_tokens) == (before.fresh, before.fermented, 0)
    assert (p.plus1, p.teapot_scrolls, p.x2, p.cup_tokens) == (0, 0, 0, [])
    assert s.board.region_tokens["b3"] == token
    assert luyu(s).notes[-1].args == ("b3", "1", "value")


@pytest.mark.rule("LUYU-11")
def test_luyu_11_takes_the_best_free_space_then_the_next_best_region() -> None:
    _, s = solo(BUILD, BACK)
    add_garden(s, LU, "b2", spot=1)
    b3 = region(s, "b3")
    s.board.spaces[b3][0] = HUMAN
    run(s, BUILD, BACK)
    assert s.board.spaces[b3] == [HUMAN, LU]
    _, s = solo(BUILD, BACK)
    add_garden(s, LU, "b2", spot=1)
    s.board.spaces[b3] = [HUMAN, HUMAN]
    run(s, BUILD, BACK)
    assert lu(s).gardens[-1] == region(s, "b1")  # value 4, the next best
    assert s.board.spaces[region(s, "b1")] == [LU, -1]


@pytest.mark.rule("LUYU-11", "AMB-59")
@pytest.mark.parametrize(
    ("bonus", "tokens", "chosen", "reason"),
    [
        (("vp", "leaves"), {"c1": "rt17", "p1": "rt01"}, "c1", "bonus"),
        (("leaves", "vp"), {"c1": "rt17", "p1": "rt01"}, "p1", "bonus"),
        (("vp",), {"c1": "rt17", "p1": "rt18"}, "p1", "order"),  # AMB-59: map order
        (("leaves",), {"c1": "rt01", "p1": ""}, "c1", "bonus"),  # no token ranks last
    ],
)
def test_luyu_11_amb_59_ties_by_bonus_priority_then_map_order(
    bonus: tuple[str, ...], tokens: dict[str, str], chosen: str, reason: str
) -> None:
    """From Sichuan, c1 and p1 (value 3) tie; his top card's Region-bonus priority decides,
    then (AMB-59) the map order of the Regions (p1 comes before c1)."""
    back = card("t_back2", bonus=bonus)
    _, s = solo(BUILD, back)
    for rid, token in tokens.items():
        if token:
            set_region_token(s, rid, token)
        else:
            del s.board.region_tokens[rid]
    run(s, BUILD, back)
    assert lu(s).gardens[-1] == region(s, chosen)
    assert luyu(s).notes[-1].args[2] == reason


@pytest.mark.rule("LUYU-11", "AMB-59", "LUYU-04")
@pytest.mark.parametrize("blocked", ["space", "pagoda"])
def test_luyu_11_amb_59_no_free_neighbour_or_no_pagoda_gives_the_slash_effect(
    blocked: str,
) -> None:
    _, s = solo(BUILD, BACK)
    if blocked == "space":
        for r in s.ctx.neighbours[s.ctx.start_region]:
            s.board.spaces[r] = [HUMAN] * len(s.board.spaces[r])
    else:
        lu(s).pagodas = [False] * len(lu(s).pagodas)
    spaces = [row[:] for row in s.board.spaces]
    run(s, BUILD, BACK)
    assert lu(s).gardens == [s.ctx.start_region] and s.board.spaces == spaces
    assert sum(lu(s).fresh) == 4
    assert luyu(s).notes[1].what == "build_none" and luyu(s).notes[1].args == (blocked,)


# --- Buy (LUYU-12, AMB-54) ------------------------------------------------------------------


@pytest.mark.rule("LUYU-12", "AMB-54")
@pytest.mark.parametrize(("back_strength", "bonus", "slot"), [(1, 0, 2), (1, 2, 4), (4, 2, 6)])
def test_luyu_12_amb_54_buy_rightmost_slot_his_strength_reaches(
    back_strength: int, bonus: int, slot: int
) -> None:
    """AMB-54: strength = back + the number beside the Buy icon; strength 1 takes the slot
    marked 1 (the 2nd); the card goes to his Action pile; the display closes up and refills."""
    front = card("t_buy", row(step("buy", bonus), fallback=(step("leaves", 2),)))
    back = card("t_back2", strength=back_strength)
    _, s = solo(front, back)
    display, new = s.board.action_display[:], s.board.action_deck[-1]
    run(s, front, back)
    i = slot - 1
    assert lu(s).discard == [display[i]] and lu(s).hand == []
    assert s.board.action_display == [*display[:i], *display[i + 1 :], new]
    assert sum(lu(s).fresh) == 2  # paid nothing
    assert live_breakdown(s)[LU]["action_cards"] == s.ctx.action_cards[display[i]].vp


@pytest.mark.rule("AMB-54", "LUYU-04")
def test_amb_54_strength_0_takes_slot_1_and_an_empty_slot_fails() -> None:
    front = card("t_buy", row(step("buy"), fallback=(step("leaves", 2),)))
    back = card("t_back2", strength=0)
    _, s = solo(front, back)
    first = s.board.action_display[0]
    run(s, front, back)
    assert lu(s).discard == [first]
    _, s = solo(front, back)
    s.board.action_display[0] = ""
    display = s.board.action_display[:]
    run(s, front, back)
    assert lu(s).discard == [] and s.board.action_display == display
    assert sum(lu(s).fresh) == 4


# --- Caravan (LUYU-13, AMB-61) --------------------------------------------------------------


@pytest.mark.rule("LUYU-13", "LUYU-06", "LUYU-27")
def test_luyu_13_caravan_from_the_back_position_free_and_without_rewards() -> None:
    front = card("t_car", row(step("caravan"), fallback=(step("leaves", 2),)))
    back = card("t_back2", caravan=2)
    _, s = solo(front, back)
    display, new = s.board.caravan_display[:], s.board.caravan_deck[-1]
    before = s.clone().players[LU]
    run(s, front, back)
    p = lu(s)
    assert p.caravans == [display[1]]
    assert s.board.caravan_display == [display[0], new, display[2]]
    assert (p.fresh, p.fermented, p.vp, p.emperor_tokens) == (
        before.fresh,
        before.fermented,
        0,
        0,
    )
    assert s.pending == [] and live_breakdown(s)[LU]["caravans"] == 5


# --- secondary actions (LUYU-14 ... LUYU-18, AMB-56/58/60) -----------------------------------

SECONDARY = card("t_sec", row(step("secondary"), fallback=(step("leaves", 3),)))


@pytest.mark.rule("LUYU-14", "LUYU-17", "LUYU-06")
def test_luyu_17_river_one_segment_without_bonus() -> None:
    """LUYU-14: the River comes from the back (the revealed card shows University); LUYU-17:
    +1 segment; the segment's bonus (an Emperor token) is not taken."""
    front = card("t_sec2", row(step("secondary")), secondary="university")
    _, s = solo(front, BACK)
    assert s.ctx.components.river.segments[1].bonus  # there is a bonus he must not take
    run(s, front, BACK)
    p = lu(s)
    assert (p.boat, p.uni_sector, p.emperor_tokens, sum(p.fresh), p.vp) == (1, 0, 0, 2, 0)


@pytest.mark.rule("LUYU-17", "LUYU-26")
def test_luyu_17_river_mouth_scored_by_arrival_order() -> None:
    _, s = solo(SECONDARY, BACK)
    river = s.ctx.components.river
    last = len(river.segments) - 1
    set_boat(s, LU, last - 1)
    s.board.river_final_taken = 1
    run(s, SECONDARY, BACK)
    assert lu(s).boat == last and lu(s).boat_final_vp == river.final_vps[1]
    assert live_breakdown(s)[LU]["river"] == river.final_vps[1]


@pytest.mark.rule("LUYU-15", "AMB-60", "LUYU-06")
@pytest.mark.parametrize(("start", "end", "centre"), [(0, 1, 0), (2, 3, 0), (4, 1, 1)])
def test_luyu_15_amb_60_university_next_sector_centre_when_crossing(
    start: int, end: int, centre: int
) -> None:
    back = card("t_back2", secondary="university")
    _, s = solo(SECONDARY, back)
    set_university(s, LU, start)
    run(s, SECONDARY, back)
    p = lu(s)
    assert (p.uni_sector, p.uni_centre, p.workers) == (end, centre, 6 - centre)
    assert sum(p.fresh) == 2 and sum(p.fermented) == 0 and s.pending == []  # no part bonus
    uni = s.ctx.components.university
    assert live_breakdown(s)[LU]["university"] == (
        centre * uni.centre_vp + uni.sectors[end - 1].parts[0].vp
    )


def _cup_scene(
    provinces: tuple[str, ...], tops: dict[str, str], first: str | None = "cup01"
) -> tuple[TeaGardenState, LuYuCard]:
    back = card("t_back2", secondary="cup", provinces=provinces)
    _, s = solo(SECONDARY, back)
    add_garden(s, LU, "c1", spot=1)  # cyan
    add_garden(s, LU, "p1", spot=2)  # purple
    for prov, tile in tops.items():
        stack_cup_tiles(s, prov, [tile])
    if first:
        for stack in s.board.cup_stacks.values():
            if first in stack:
                stack.remove(first)
        lu(s).cup_rows, lu(s).cup_tokens = [[first]], [[]]
    return s, back


def _tiles(first: str = "cup01") -> dict[str, list[str]]:
    """Cup tiles by how they fit ``first``: at its right end only, left end only, both, none."""
    tiles = load_builtin().cup_tiles
    t0 = next(t for t in tiles if t.id == first)
    kinds: dict[str, list[str]] = {"right": [], "left": [], "both": [], "none": []}
    for t in tiles:
        if t.id == first:
            continue
        r, lft = t.left.colour == t0.right.colour, t.right.colour == t0.left.colour
        kinds["both" if r and lft else "right" if r else "left" if lft else "none"].append(t.id)
    return kinds


@pytest.mark.rule("LUYU-16", "AMB-56", "LUYU-06")
@pytest.mark.parametrize(
    ("tops", "order", "taken", "at"),
    [
        ({"cyan": "right", "purple": "none"}, ("purple", "cyan"), "cyan", "r"),  # match first
        ({"cyan": "none", "purple": "none"}, ("purple", "cyan"), "purple", "r"),  # priority
        ({"cyan": "right", "purple": "right"}, ("purple", "cyan"), "purple", "r"),
        ({"cyan": "right", "purple": "right"}, ("cyan", "purple"), "cyan", "r"),
        ({"cyan": "left", "purple": "none"}, ("purple", "cyan"), "cyan", "l"),
        ({"cyan": "both", "purple": "none"}, ("purple", "cyan"), "cyan", "r"),  # right first
    ],
)
def test_luyu_16_amb_56_cup_tile_choice_and_placement(
    tops: dict[str, str], order: tuple[str, ...], taken: str, at: str
) -> None:
    """LUYU-16: a top tile from a Province of his gardens; one that matches his row first,
    then his Province-colour priority; AMB-56: right end if it matches there, else left end if
    it matches there, else the right end; a single row and never a Cup token."""
    kinds = _tiles()
    picked = {prov: kinds[kind][i] for i, (prov, kind) in enumerate(tops.items())}
    s, back = _cup_scene((*order, "red"), picked)
    run(s, SECONDARY, back)
    tile = picked[taken]
    assert lu(s).cup_rows == ([["cup01", tile]] if at == "r" else [[tile, "cup01"]])
    assert lu(s).cup_tokens == [[0]] and s.pending == []
    assert tile not in s.board.cup_stacks[taken]
    assert luyu(s).notes[-1].args[1:3] == (taken, at)


@pytest.mark.rule("LUYU-16", "AMB-56")
def test_luyu_16_first_tile_and_province_without_stack_or_garden() -> None:
    """His first tile starts his row; a Province without his garden (green) or with an empty
    stack (cyan) gives no tile."""
    kinds = _tiles()
    s, back = _cup_scene(("green", "cyan", "purple"), {"purple": kinds["none"][0]}, first=None)
    s.board.cup_stacks["cyan"] = []
    green_top = s.board.cup_stacks["green"][-1]
    run(s, SECONDARY, back)
    assert lu(s).cup_rows == [[kinds["none"][0]]] and lu(s).cup_tokens == [[]]
    assert s.board.cup_stacks["green"][-1] == green_top


@pytest.mark.rule("LUYU-16", "AMB-56", "LUYU-04")
def test_amb_56_no_garden_outside_sichuan_cup_cannot_be_done() -> None:
    back = card("t_back2", secondary="cup")
    _, s = solo(SECONDARY, back)
    stacks = {k: v[:] for k, v in s.board.cup_stacks.items()}
    run(s, SECONDARY, back)
    assert lu(s).cup_rows == [] and s.board.cup_stacks == stacks
    assert sum(lu(s).fresh) == 5 and "cup_none" in notes(s)


@pytest.mark.rule("LUYU-18", "AMB-58")
@pytest.mark.parametrize(
    ("fermented", "boat", "left"), [(2, 1, 2), (3, 2, 0), (4, 2, 1), (9, 2, 6)]
)
def test_luyu_18_amb_58_automatic_repeat_for_3f_once(fermented: int, boat: int, left: int) -> None:
    _, s = solo(SECONDARY, BACK)
    set_leaves(s, LU, fermented={4: fermented})
    run(s, SECONDARY, BACK)
    assert (lu(s).boat, sum(lu(s).fermented)) == (boat, left)
    assert ("repeat" in notes(s)) == (boat == 2)


@pytest.mark.rule("LUYU-18", "AMB-58")
def test_luyu_18_repeat_at_most_once_per_turn_and_not_when_impossible() -> None:
    twice = card("t_twice", row(step("secondary")), row(step("secondary")))
    _, s = solo(twice, BACK)
    set_leaves(s, LU, fermented={1: 6})
    run(s, twice, BACK)
    assert (lu(s).boat, sum(lu(s).fermented)) == (3, 3)
    _, s = solo(SECONDARY, BACK)
    last = len(s.ctx.components.river.segments) - 1
    set_boat(s, LU, last - 1)
    set_leaves(s, LU, fermented={1: 3})
    run(s, SECONDARY, BACK)
    assert (lu(s).boat, sum(lu(s).fermented)) == (last, 3)  # no pointless payment
