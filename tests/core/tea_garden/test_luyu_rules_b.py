"""Rule tests for the solo mode against the automa Lu Yu (part 2): his free actions (Advanced
cards, the Emperor track), the expansion actions and Decrees, Maintenance (LUYU-24/25,
SOLO-15), his end scoring (LUYU-26 ... LUYU-31, EX-20, AMB-50), the rulebook's example turn
(EX-17), hidden information, and whole random solo games (SOLO-01, SOLO-14).

Helpers and the scenario cards come from test_luyu_rules.py (part 1).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import msgspec
import pytest

import core.tea_garden
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.components import LuYuCard
from core.tea_garden.entry import LUYU_LEVELS
from core.tea_garden.flow import max_turns
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.narrate_luyu import luyu_story
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import CATEGORIES, SOLO_CATEGORIES, cup_vp, live_breakdown
from tests.core.tea_garden.scenario import (
    add_garden,
    cup_rows,
    give_puerh_sets,
    play,
    set_boat,
    set_cup_rows,
    set_decrees,
    set_leaves,
    set_university,
)
from tests.core.tea_garden.test_luyu_rules import (
    BACK,
    BUILTIN,
    HUMAN,
    LU,
    NOTHING,
    SECONDARY,
    Game,
    builtin_ids,
    card,
    deal,
    lu,
    luyu,
    notes,
    row,
    run,
    solo,
    solo_setup,
    step,
    take_turn,
)

# --- free actions: Advanced cards and the Emperor track (LUYU-19/20, AMB-51/57/61/62) ------


@pytest.mark.rule("LUYU-19", "AMB-62")
def test_luyu_19_gain_advanced_card_from_pile_matching_top_back() -> None:
    front = card("t_adv", row(step("advanced")))
    back = card("t_back2", secondary="cup")
    _, s = solo(front, back)
    piles = {k: v[:] for k, v in luyu(s).piles.items()}
    gained = piles["cup"][-1]
    run(s, front, back)
    assert luyu(s).draw == [back.id, gained]
    assert luyu(s).piles == {**piles, "cup": piles["cup"][:-1]}


@pytest.mark.rule("AMB-62", "LUYU-19")
def test_amb_62_empty_matching_pile_gives_nothing() -> None:
    front = card("t_adv", row(step("advanced"), step("secondary")))
    back = card("t_back2", secondary="cup")
    _, s = solo(front, back)
    luyu(s).piles["cup"] = []
    piles = {k: v[:] for k, v in luyu(s).piles.items()}
    run(s, front, back)
    assert luyu(s).draw == [back.id] and luyu(s).piles == piles
    assert "advanced_none" in notes(s)


@pytest.mark.rule("AMB-51", "LUYU-05", "LUYU-19")
def test_amb_51_card_gained_mid_turn_steers_the_later_steps() -> None:
    front = card("t_adv", row(step("advanced"), step("caravan")))
    back = card("t_back2", caravan=1)
    gained = card("t_gained", caravan=3)
    _, s = solo(front, back, gained)
    luyu(s).piles["river"].append(gained.id)
    display = s.board.caravan_display[:]
    run(s, front, back)
    assert luyu(s).draw[-1] == gained.id and lu(s).caravans == [display[2]]


@pytest.mark.rule("LUYU-20", "AMB-57", "AMB-61")
@pytest.mark.parametrize(
    ("row_", "tokens", "climbs", "left"), [(0, 1, 0, 1), (0, 2, 1, 0), (0, 5, 2, 1), (5, 4, 1, 2)]
)
def test_luyu_20_amb_57_climb_with_two_tokens_removing_emperor_cards(
    row_: int, tokens: int, climbs: int, left: int
) -> None:
    """LUYU-20: 2 tokens per space; the card at his back's position leaves the game and is
    replaced; AMB-57: as often as he can, up to space 6."""
    back = card("t_back2", emperor=2)
    _, s = solo(NOTHING, back)
    p, b = lu(s), s.board
    p.emperor_row, p.emperor_tokens = row_, tokens
    display, deck = b.emperor_display[:], b.emperor_deck[:]
    run(s, NOTHING, back)
    assert (p.emperor_row, p.emperor_tokens) == (row_ + climbs, left)
    removed = [display[1], *reversed(deck)][:climbs]
    assert p.removed == removed
    assert b.emperor_deck == deck[: len(deck) - climbs]
    assert b.emperor_display == [display[0], ([display[1], *reversed(deck)])[climbs], display[2]]
    assert not set(removed) & set(b.emperor_display + b.emperor_deck)
    assert (p.vp, sum(p.fresh), s.pending) == (0, 2, [])  # pays and gains nothing else


@pytest.mark.rule("AMB-61", "LUYU-20")
def test_amb_61_empty_emperor_place_skips_the_removal_not_the_climb() -> None:
    back = card("t_back2", emperor=3)
    _, s = solo(NOTHING, back)
    s.board.emperor_display[2] = ""
    deck = s.board.emperor_deck[:]
    lu(s).emperor_tokens = 2
    run(s, NOTHING, back)
    assert lu(s).emperor_row == 1 and lu(s).removed == []
    assert s.board.emperor_display[2] == "" and s.board.emperor_deck == deck


@pytest.mark.rule("AMB-57", "LUYU-20", "LUYU-03")
def test_amb_57_climb_once_the_card_is_resolved() -> None:
    front = card("t_emp", row(step("emperor_tokens", 2)), row(step("secondary")))
    _, s = solo(front, BACK)
    run(s, front, BACK)
    assert notes(s) == ["reveal", "emperor_tokens", "river", "emperor"]
    assert (lu(s).emperor_row, lu(s).emperor_tokens) == (1, 0)


# --- expansion actions (LUYU-07, LUYU-21 ... LUYU-23, AMB-55) -------------------------------


@pytest.mark.rule("LUYU-21", "SOLO-01")
@pytest.mark.parametrize("action", ["court", "market"])
def test_luyu_21_base_only_skips_expansion_actions(action: str) -> None:
    front = card("t_x", row(step(action, 2), fallback=(step("emperor_tokens", 1),)))
    _, s = solo(front, BACK)
    run(s, front, BACK)
    assert lu(s).emperor_tokens == 1 and lu(s).puerh_sets == []
    assert luyu(s).notes[1].what == "base_only"


def _court_scene(back_strength: int, halls: tuple[int, ...], n: int = 1) -> Game:
    front = card("t_court", row(step("court", n), fallback=(step("leaves", 2),)))
    back = card("t_back2", strength=back_strength, halls=halls)
    game, s = solo(front, back, puerh=True)
    deal(s, front, back)
    return game, s


@pytest.mark.rule("LUYU-22", "AMB-55", "LUYU-06")
@pytest.mark.parametrize(
    ("strength", "halls", "taken", "expected"),
    [
        (3, (2, 1, 3), [], (2, 3)),  # value 3 space under Hall 2
        (5, (2, 1, 3), [], (2, 2)),  # AMB-55: the best space worth at most 5 (value 4)
        (5, (2, 1, 3), [(2, 2)], (2, 3)),
        (3, (2, 1, 3), [(2, 3), (2, 4)], (1, 3)),  # Hall 2 full up to 3: next Hall
        (9, (3, 1, 2), [], (1, 1)),  # only 2 Halls in a 2-seat game
    ],
)
def test_luyu_22_amb_55_noble_court_space_by_strength_and_hall_priority(
    strength: int, halls: tuple[int, ...], taken: list[tuple[int, int]], expected: tuple[int, int]
) -> None:
    """LUYU-22: strength = the number beside the icon (1) + the back's strength; Halls in the
    back's priority; no Hall effects."""
    _, s = _court_scene(strength - 1, halls)
    court = s.board.court
    assert court is not None and s.ctx.components.court is not None
    assert s.ctx.components.court.hall_spaces == (6, 4, 3, 2)
    for h, k in taken:
        court.occupancy[h - 1][k - 1] = HUMAN
    take_turn(s)
    h, k = expected
    assert court.occupancy[h - 1][k - 1] == LU
    assert sum(row.count(LU) for row in court.occupancy) == 1
    p = lu(s)
    assert (p.courtiers, sum(p.fresh), p.vp, s.pending) == (1, 2, 0, [])


@pytest.mark.rule("LUYU-22", "LUYU-04")
@pytest.mark.parametrize("why", ["full", "weak", "no courtier"])
def test_luyu_22_no_space_or_no_courtier_gives_the_slash_effect(why: str) -> None:
    _, s = _court_scene(1 if why == "weak" else 5, (1, 2, 3), n=0)
    court = s.board.court
    assert court is not None
    if why == "full":
        court.occupancy = [[HUMAN] * 4 for _ in court.occupancy]
    if why == "no courtier":
        lu(s).courtiers = 0
    occupancy = [r[:] for r in court.occupancy]
    take_turn(s)
    assert court.occupancy == occupancy and sum(lu(s).fresh) == 4


def _market_scene(strength: int, order: tuple[int, ...]) -> TeaGardenState:
    front = card("t_mkt", row(step("market", 1), fallback=(step("emperor_tokens", 2),)))
    back = card("t_back2", strength=strength - 1, market=order)
    _, s = solo(front, back, puerh=True)
    deal(s, front, back)
    return s


@pytest.mark.rule("LUYU-23", "LUYU-06")
@pytest.mark.parametrize(("strength", "count"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3)])
def test_luyu_23_market_tokens_by_strength_in_market_order(strength: int, count: int) -> None:
    """LUYU-23: 1/2/3 Premium tokens for strength 1/3/5, taken in the back's Market order
    (the Market refills after each), for free, joined in the order taken."""
    s = _market_scene(strength, (3, 1, 2))
    court = s.board.court
    assert court is not None
    market, pile = court.market[:], court.premium_pile[:]
    take_turn(s)
    flow = [market[2], market[0], market[1]]  # each place refills from the pile
    assert lu(s).puerh_sets == [flow[:count]]
    assert len(court.premium_pile) == len(pile) - count
    assert court.market[2] == pile[-1]
    assert (sum(lu(s).fresh), lu(s).emperor_tokens, s.pending) == (2, 0, [])


@pytest.mark.rule("LUYU-23")
def test_luyu_23_tokens_of_one_action_join_each_other_and_his_open_set() -> None:
    """PUERH-09 does not bind him: tokens of one action join, a full cake starts a new set."""
    s = _market_scene(5, (1, 2, 3))
    court = s.board.court
    assert court is not None
    held = court.premium_pile[:2]
    del court.premium_pile[:2]
    lu(s).puerh_sets = [held[:]]
    market = court.market[:]
    take_turn(s)
    assert lu(s).puerh_sets == [[*held, market[0]], [market[1], market[2]]]


@pytest.mark.rule("LUYU-23", "LUYU-04")
def test_luyu_23_empty_market_gives_the_slash_effect() -> None:
    s = _market_scene(5, (1, 2, 3))
    court = s.board.court
    assert court is not None
    court.market, court.premium_pile = ["", "", ""], []
    take_turn(s)
    assert lu(s).puerh_sets == [] and lu(s).emperor_row == 1  # 2 tokens: he climbs


@pytest.mark.rule("LUYU-07", "AMB-57")
@pytest.mark.parametrize("decree", ["d_river", "d_emperor"])
def test_luyu_07_decrees_checked_after_his_turn(decree: str) -> None:
    """LUYU-07: a Decree he fulfils gets his Worker, and a waiting Courtier joins his
    extension; AMB-57: the Emperor climb comes before the check."""
    _, s = solo(SECONDARY, BACK, puerh=True)
    set_decrees(s, [(decree, "brown"), ("d_cups", "brown")])
    set_boat(s, LU, 3)  # d_river brown: segment 4
    lu(s).emperor_row, lu(s).emperor_tokens = 2, 2  # d_emperor brown: space 3
    run(s, SECONDARY, BACK)
    court = s.board.court
    assert court is not None
    assert [d.fulfilled for d in court.decrees] == [[LU], []]
    assert (lu(s).courtiers, lu(s).courtiers_waiting) == (3, 1)
    assert live_breakdown(s)[LU]["decrees"] == 6  # LUYU-31: his Decree Worker scores


# --- Maintenance (LUYU-24/25, AMB-63, SOLO-15) ----------------------------------------------


def finish_round(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Play out the round: Lu Yu makes his only move, the human passes."""
    start = s.round
    while s.round == start and not s.is_over():
        if s.seat == LU:
            s.apply(s.legal_moves()[0])
        else:
            play(game, s, "pass")


@pytest.mark.rule("LUYU-24", "LUYU-25")
def test_luyu_24_harvest_2_fresh_per_garden_and_no_cards_drawn() -> None:
    game, s = solo(NOTHING)
    add_garden(s, LU, "b2", spot=1)
    add_garden(s, LU, "c1", spot=2)
    set_leaves(s, LU, fermented={6: 1})
    luyu(s).slots = builtin_ids(s, 4)  # all his turns are taken
    luyu(s).draw = [BACK.id, NOTHING.id]
    hand = len(s.players[HUMAN].hand)
    finish_round(game, s)
    p = lu(s)
    assert s.round == 2 and (sum(p.fresh), sum(p.fermented)) == (6, 1)
    assert p.hand == [] and p.draw == [] and p.discard == []
    assert len(s.players[HUMAN].hand) == hand + 4  # the human draws as usual


@pytest.mark.rule("LUYU-24")
def test_luyu_24_harvest_follows_the_board_data() -> None:
    """LUYU-24 is data (GAP-20 [luyu.board] harvest_per_garden): a set that says 3 per
    garden must give him 3 per garden."""
    cs = BUILTIN
    assert cs.luyu is not None
    board = msgspec.structs.replace(cs.luyu.board, harvest_per_garden=3)
    cs = msgspec.structs.replace(cs, luyu=msgspec.structs.replace(cs.luyu, board=board))
    game = TeaGardenGame(num_seats=2, components=cs, luyu_seat=LU, start_seat=LU)
    s = game.new_state(1)
    set_leaves(s, LU)
    luyu(s).slots = luyu(s).draw[:4]
    del luyu(s).draw[:4]
    finish_round(game, s)
    assert sum(lu(s).fresh) == 3


@pytest.mark.rule("LUYU-25", "AMB-63")
def test_luyu_25_played_cards_shuffled_under_his_deck() -> None:
    orders = set()
    for seed in range(6):
        game, s = solo(NOTHING, seed=seed)
        played = builtin_ids(s, 4)
        luyu(s).slots = played[:]
        luyu(s).draw = [BACK.id, NOTHING.id]
        finish_round(game, s)
        ly = luyu(s)
        assert ly.slots == [] and ly.draw[-2:] == [BACK.id, NOTHING.id]
        assert sorted(ly.draw[:4]) == played
        orders.add(tuple(ly.draw[:4]))
    assert len(orders) > 1


@pytest.mark.rule("AMB-63", "LUYU-19", "AMB-52")
def test_amb_63_gained_card_not_yet_played_stays_on_his_deck() -> None:
    """He gains a card onto his deck, cannot pay the 4th slot's fee (AMB-52), and the round
    ends: the gained card is still on top, the played ones under the deck."""
    front = card("t_adv", row(step("advanced")))
    game, s = solo(front, BACK)
    played = builtin_ids(s, 2)
    luyu(s).slots = played[:]
    gained = luyu(s).piles["river"][-1]
    deal(s, front, BACK)
    take_turn(s)
    assert luyu(s).draw == [BACK.id, gained]
    finish_round(game, s)
    ly = luyu(s)
    assert ly.draw[-2:] == [BACK.id, gained]
    assert sorted(ly.draw[:3]) == sorted([*played, front.id])


@pytest.mark.rule("SOLO-15")
def test_solo_15_start_player_still_passes_each_maintenance() -> None:
    game, s = solo()
    assert s.start_seat == LU
    finish_round(game, s)
    assert (s.round, s.start_seat, s.seat) == (2, HUMAN, HUMAN)
    finish_round(game, s)
    assert (s.round, s.start_seat, s.seat) == (3, LU, LU)
    assert s.legal_moves() == (mv.LuYuTurn(),)


@pytest.mark.rule("LUYU-22", "LUYU-31")
def test_luyu_22_his_courtier_scores_hall_vp_at_round_end() -> None:
    game, s = solo(puerh=True)
    court = s.board.court
    assert court is not None
    court.occupancy[0][2] = LU
    lu(s).courtiers = 1
    luyu(s).slots = builtin_ids(s, 5)
    finish_round(game, s)
    assert lu(s).hall_vp == 5 and lu(s).courtiers == 2
    assert live_breakdown(s)[LU]["halls"] == 5


# --- his end scoring (LUYU-26 ... LUYU-31, EX-20, AMB-50) -----------------------------------


@pytest.mark.rule("LUYU-29", "EX-20", "SOLO-08")
@pytest.mark.parametrize(
    ("space", "vp"), [(0, 0), (1, 5), (2, 11), (3, 18), (4, 26), (5, 35), (6, 45)]
)
def test_luyu_29_ex_20_emperor_track_table(space: int, vp: int) -> None:
    """EX-20: space 4 -> 26, 6 -> 45, 0 -> 0; SOLO-08: his Emperor scoring card replaces the
    player's 10 VP for the top row."""
    _, s = solo()
    lu(s).emperor_row = space
    s.players[HUMAN].emperor_row = space
    parts = live_breakdown(s)
    assert parts[LU]["emperor_track"] == vp
    assert parts[HUMAN]["emperor_track"] == (10 if space == 6 else 0)


@pytest.mark.rule("LUYU-27", "LUYU-28")
@pytest.mark.parametrize(
    ("fresh", "fermented", "leaves_vp"),
    [({1: 3, 5: 2}, {2: 3}, 5), ({4: 1}, {}, 0), ({}, {6: 4}, 4), ({2: 9}, {1: 1}, 5)],
)
def test_luyu_27_28_caravans_5_each_leaves_half_fresh_plus_fermented(
    fresh: dict[int, int], fermented: dict[int, int], leaves_vp: int
) -> None:
    """LUYU-27: 5 VP per Caravan; LUYU-28: 1 VP per 2 fresh (rounded down) + 1 per fermented,
    whatever their quality."""
    _, s = solo()
    lu(s).caravans = [s.board.caravan_deck.pop() for _ in range(3)]
    set_leaves(s, LU, fresh=fresh, fermented=fermented)
    set_leaves(s, HUMAN, fresh={2: 8}, fermented={2: 8})
    parts = live_breakdown(s)
    assert (parts[LU]["caravans"], parts[LU]["leaves"]) == (15, leaves_vp)
    assert (parts[HUMAN]["caravans"], parts[HUMAN]["leaves"]) == (0, 0)  # SOLO-14


@pytest.mark.rule("LUYU-26")
def test_luyu_26_action_cards_river_university_and_cups_as_standard() -> None:
    _, s = solo()
    cs = s.ctx.components
    bought = s.board.action_deck[:3]
    lu(s).discard = bought
    set_boat(s, LU, 5)
    set_university(s, LU, 3)
    lu(s).uni_centre, lu(s).workers = 1, 5
    set_cup_rows(s, LU, cup_rows(s, [[True, True, False]]))
    parts = live_breakdown(s)[LU]
    assert parts["action_cards"] == sum(s.ctx.action_cards[c].vp for c in bought)
    assert parts["river"] == cs.river.segments[5].vp
    assert parts["university"] == cs.university.centre_vp + cs.university.sectors[2].parts[0].vp
    assert parts["cups"] == cup_vp(2) == 2


@pytest.mark.rule("LUYU-30")
@pytest.mark.parametrize(("sizes", "vp"), [([3, 1], 15), ([2], 5), ([3, 3, 2], 25), ([], 0)])
def test_luyu_30_puerh_cakes_10_complete_5_incomplete(sizes: list[int], vp: int) -> None:
    _, s = solo(puerh=True)
    court = s.board.court
    assert court is not None
    pile = court.premium_pile[:]
    sets = []
    for n in sizes:
        sets.append(pile[:n])
        del pile[:n]
    give_puerh_sets(s, LU, sets)
    give_puerh_sets(s, HUMAN, [pile[:2]])
    parts = live_breakdown(s)
    assert parts[LU]["puerh"] == vp
    assert parts[HUMAN]["puerh"] == 0  # PUERH-11: an incomplete set scores nothing for a player


@pytest.mark.rule("LUYU-31", "LUYU-06")
def test_luyu_31_keeps_vp_scored_in_play_but_nothing_for_cards_tokens_scrolls() -> None:
    _, s = solo(puerh=True)
    set_decrees(s, [("d_caravans", "brown")])
    court = s.board.court
    assert court is not None
    court.decrees[0].fulfilled = [LU]
    p = lu(s)
    p.vp, p.hall_vp = 7, 5
    p.emperor_tokens, p.plus1, p.teapot_scrolls, p.x2 = 4, 2, 1, 1
    p.discard = [s.board.emperor_deck.pop()]  # even an Emperor card (he never takes one)
    parts = live_breakdown(s)[LU]
    assert (parts["track"], parts["halls"], parts["decrees"]) == (7, 5, 6)
    assert (parts["emperor_cards"], parts["scrolls_tokens"]) == (0, 0)
    assert list(parts) == [*CATEGORIES, "puerh", "decrees", "halls", *SOLO_CATEGORIES]


@pytest.mark.rule("AMB-50", "SOLO-03")
@pytest.mark.parametrize("luyu_seat", [1, 0])
def test_amb_50_solo_03_a_tie_goes_to_lu_yu(luyu_seat: int) -> None:
    """SOLO-03: the player must score more than Lu Yu; AMB-50: a tie does not beat him."""
    human = 1 - luyu_seat
    game = TeaGardenGame(num_seats=2, luyu_seat=luyu_seat, luyu_experts=2, start_seat=0)
    s = game.new_state(4)
    s.over = True
    o = s.outcome()
    assert o.winners == (luyu_seat,) and o.scores[human] < o.scores[luyu_seat]
    assert all(sum(b.values()) == score for b, score in zip(o.breakdown, o.scores, strict=True))
    s.players[human].vp += o.scores[luyu_seat] - o.scores[human]
    o = s.outcome()
    assert o.scores[0] == o.scores[1] and o.winners == (luyu_seat,)
    assert "does not beat Lu Yu" in o.tie_break
    s.players[human].vp += 1
    assert s.outcome().winners == (human,)


# --- EX-17: the rulebook's example turn -----------------------------------------------------

DATA = Path(core.tea_garden.__file__).parent / "data" / "luyu.toml"


def _ex17_card() -> LuYuCard:
    """The card marked "# EX-17" in the data: the rulebook's example front."""
    lines = DATA.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if re.search(r"#\s*EX-17\b", line))
    found = next(re.match(r'id\s*=\s*"(\w+)"', ln) for ln in lines[at:] if ln.startswith("id"))
    assert found is not None
    assert BUILTIN.luyu is not None
    return next(c for c in BUILTIN.luyu.cards if c.id == found.group(1))


EX17_BACK = card("t_ex17_back", caravan=3, emperor=3, secondary="river")
"""EX-17: the new top card's back shows the rightmost Caravan and Emperor card, and River."""


def _ex17(fermented: int) -> TeaGardenState:
    front = _ex17_card()
    assert [[(x.do, x.n) for x in r.steps] for r in front.rows] == [
        [("leaves", 2), ("caravan", 0)],
        [("ferment", 2), ("secondary", 0)],
    ]
    _, s = solo(EX17_BACK, seed=17)
    deal(s, front, EX17_BACK)
    p = lu(s)
    set_leaves(s, LU, fresh={2: 2}, fermented={3: fermented})
    p.emperor_tokens = 2  # (assume)
    return s


@pytest.mark.rule("EX-17", "LUYU-01", "LUYU-03", "LUYU-13", "LUYU-17", "LUYU-18", "LUYU-20")
def test_ex_17_lu_yu_turn() -> None:
    """EX-17: +2 G and the rightmost Caravan (free, no reward, display refilled); ferment 2
    (F = 2) and the Boat +1; no repeat with F = 2; 2 Emperor tokens pay for a climb that
    removes the rightmost Emperor card, and a new one is revealed. The turn ends."""
    s = _ex17(fermented=0)
    b = s.board
    caravans, caravan_next = b.caravan_display[:], b.caravan_deck[-1]
    emperors, emperor_next = b.emperor_display[:], b.emperor_deck[-1]
    take_turn(s)
    p = lu(s)
    assert luyu(s).slots == [_ex17_card().id] and luyu(s).draw == [EX17_BACK.id]
    assert p.caravans == [caravans[2]] and b.caravan_display == [*caravans[:2], caravan_next]
    assert (sum(p.fresh), sum(p.fermented)) == (2, 2)
    assert p.boat == 1 and "repeat" not in notes(s)
    assert (p.emperor_tokens, p.emperor_row) == (0, 1)
    assert p.removed == [emperors[2]] and b.emperor_display == [*emperors[:2], emperor_next]
    assert (p.vp, s.pending, s.seat) == (0, [], HUMAN)
    assert notes(s) == ["reveal", "leaves", "caravan", "ferment", "river", "emperor"]
    story = luyu_story(s)
    for words in ("reveals", "takes the Caravan", "moves his Boat to segment 1", "Emperor space 1"):
        assert words in story


@pytest.mark.rule("EX-17", "AMB-58", "LUYU-18")
def test_ex_17_variant_with_3_fermented_he_repeats_the_river() -> None:
    """EX-17 variant (AMB-58): F = 3 after fermenting, so he pays 3 F and moves again."""
    s = _ex17(fermented=1)
    take_turn(s)
    p = lu(s)
    assert (p.boat, sum(p.fermented), sum(p.fresh)) == (2, 0, 2)
    assert notes(s)[4:] == ["river", "repeat", "river", "emperor"]


# --- hidden information ---------------------------------------------------------------------


def _swap_hidden(s: TeaGardenState) -> TeaGardenState:
    """A state differing from ``s`` only in what the human cannot see of Lu Yu's cards."""
    t = s.clone()
    ly, cards = luyu(t), t.ctx.luyu_cards
    below = ly.draw[:-1]
    expert = next(c for c in below if cards[c].group == "expert")
    ly.box[0], below[below.index(expert)] = expert, ly.box[0]
    adv = next(c for c in below if cards[c].group == "advanced")
    pile = ly.piles[cards[adv].secondary]
    pile[0], below[below.index(adv)] = adv, pile[0]
    ly.draw = [*reversed(below), ly.draw[-1]]
    for p in ly.piles.values():
        p[:-1] = reversed(p[:-1])
    return t


@pytest.mark.rule("SOLO-09", "SOLO-10", "SOLO-11", "LUYU-05")
def test_hidden_his_deck_below_the_top_piles_below_their_tops_and_the_box() -> None:
    """The backs of his top card and of each pile's top card are public; the rest is not."""
    _, s = solo_setup(level="hard", seed=5)
    t = _swap_hidden(s)
    assert t != s
    for seat in (HUMAN, LU):
        assert s.observation(seat) == t.observation(seat)
    obs = s.observation(HUMAN)
    assert isinstance(obs, TeaGardenObservation) and obs.luyu is not None
    assert obs.luyu.draw == luyu(s).draw[-1:] and obs.luyu.box == []
    assert obs.luyu_draw_size == len(luyu(s).draw)
    assert obs.luyu.piles == {k: v[-1:] for k, v in luyu(s).piles.items()}
    top_swapped = s.clone()
    draw = luyu(top_swapped).draw
    draw[-1], draw[-2] = draw[-2], draw[-1]
    assert top_swapped.observation(HUMAN) != obs
    pile_swapped = s.clone()
    pile = luyu(pile_swapped).piles["cup"]
    pile[-1], pile[0] = pile[0], pile[-1]
    assert pile_swapped.observation(HUMAN) != obs


@pytest.mark.rule("SOLO-14", "LUYU-25", "LUYU-19")
@pytest.mark.parametrize("puerh", [False, True])
def test_hidden_determinize_gives_a_state_with_the_same_observation(puerh: bool) -> None:
    """Sampled worlds keep everything the human sees, through revealed, gained and cycled
    cards, over three rounds of play."""
    game, s = solo_setup(level="expert", puerh=puerh, seed=8)
    r = random.Random(8)
    checked = 0
    while s.round <= 3:
        if s.seat == HUMAN or checked % 5 == 0:
            obs = s.observation(HUMAN)
            d = game.determinize(obs, Rng.from_seed(5))
            assert d.observation(HUMAN) == obs
            ly = luyu(d)
            assert ly.draw[-1] == luyu(s).draw[-1]
            every = [*ly.draw, *ly.slots, *ly.box, *(c for p in ly.piles.values() for c in p)]
            assert sorted(every) == sorted(s.ctx.luyu_cards)
        checked += 1
        s.apply(r.choice(s.legal_moves()))
    assert luyu(s).seen


# --- whole random solo games (SOLO-01, SOLO-14) ---------------------------------------------


@pytest.mark.rule("SOLO-01", "SOLO-14", "LUYU-08", "LUYU-26")
@pytest.mark.parametrize("puerh", [False, True])
@pytest.mark.parametrize("level", LUYU_LEVELS)
def test_solo_01_14_random_solo_games_run_to_the_end(level: str, puerh: bool) -> None:
    """SOLO-01: base alone or with the expansion, at every difficulty; SOLO-14: the human has
    the normal moves and scoring; Lu Yu only plays or passes, and ends with his own
    breakdown."""
    for seed in (1, 2):
        _, s = solo_setup(level=level, puerh=puerh, seed=seed, start=seed % 2)
        r = random.Random(seed)
        moves = 0
        while not s.is_over():
            legal = s.legal_moves()
            ly = luyu(s)
            if s.seat == LU:
                assert legal in ((mv.LuYuTurn(),), (mv.LuYuPass(),))
            else:
                assert not any(isinstance(m, mv.LuYuTurn | mv.LuYuPass) for m in legal)
            assert lu(s).hand == [] and len(ly.slots) <= max_turns(s)
            s.apply(r.choice(legal))
            moves += 1
            assert moves < 5000
        every = [*ly.draw, *ly.slots, *ly.box, *(c for p in ly.piles.values() for c in p)]
        assert sorted(every) == sorted(s.ctx.luyu_cards)
        o = s.outcome()
        mine = o.breakdown[LU]
        assert set(SOLO_CATEGORIES) <= set(mine) and sum(mine.values()) == o.scores[LU]
        assert o.scores[LU] > 0 and mine["emperor_cards"] == mine["scrolls_tokens"] == 0
        assert o.breakdown[HUMAN]["caravans"] == o.breakdown[HUMAN]["leaves"] == 0
        human_wins = o.scores[HUMAN] > o.scores[LU]
        assert o.winners == ((HUMAN,) if human_wins else (LU,))
        assert ("puerh" in mine) == puerh
