"""Rule tests for the expansion "Puerh - The Noble Court": setup and general changes (EXP),
the Noble Court and its Halls (COURT), Puerh tokens and the Puerh Market (PUERH), Imperial
Decrees (DECREE), the scoring additions (SCORE-11..13) and the readings tea-tui follows for
them (AMB-36 ... AMB-49, docs/rulings.md); also that a base game is left as it was.

Each test names the rule IDs it checks, in its name, a ``rule`` mark or next to the assertion.
Components (docs/components/expansion.md): Courtier spaces [6, 4, 3, 2] under every Hall;
Halls h01-h04 are the rulebook's examples (COURT-12); pb11/pb12 give 1 VP, pp05 2 VP,
pp10/pp21 1 VP; pp22 costs 2 green + 2 brown icons.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Literal

import pytest

from core.rng import Rng
from core.tea_garden import effects as fx
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Options
from core.tea_garden.flow import max_turns
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import observe
from core.tea_garden.puerh import cake_vp, complete_cakes, market_limit
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import CATEGORIES, EXPANSION_CATEGORIES, live_breakdown
from tests.core.tea_garden.scenario import (
    add_garden,
    assert_illegal,
    commit,
    end_round_by_passing,
    give_hand,
    give_puerh_sets,
    give_scrolls,
    legal,
    new_game,
    occupy,
    play,
    put_caravan,
    set_boat,
    set_cup_rows,
    set_decrees,
    set_emperor,
    set_halls,
    set_leaves,
    set_market,
    set_storage,
)

XOPTS = Options(puerh=True)
EXPANSION_MOVES = (mv.NobleCourt, mv.PuerhMarket, mv.BuyPremium, mv.TakeBasic, mv.PlacePuerh)
ONES = ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08"]

Game = tuple[TeaGardenGame, TeaGardenState]


def xgame(players: int = 2, seed: int = 1, **variants: bool) -> Game:
    """An expansion game, seat 0 to play."""
    return new_game(players, seed=seed, options=Options(puerh=True, **variants))


def court(s: TeaGardenState) -> st.CourtState:
    assert s.board.court is not None
    return s.board.court


def play_strength(game: TeaGardenGame, s: TeaGardenState, strength: int, top: str = "") -> None:
    """The seat to play commits plain Starting cards for exactly ``strength`` (1-15); ``top``
    (a strength-1 card) goes on top if given."""
    plain = [("s11", 3), ("s09", 2), ("s10", 2)]
    cards: list[str] = [top] if top else []
    left = strength - len(cards)
    for card, value in plain:
        if value <= left:
            cards.append(card)
            left -= value
    cards.extend([c for c in ONES if c != top][:left])
    give_hand(s, s.seat, cards)
    commit(game, s, cards, cards[0])
    assert s.turn.strength == strength


def pay_all(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Pay the pending leaf payment with the first leaves offered."""
    while s.pending and isinstance(s.pending[-1], st.PayLeaves):
        play(game, s, legal(s)[0])


def settle_bonuses(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Answer the bonus decisions on top of the stack (stop / the first choice) until the
    stack is empty or a Puerh purchase is waiting."""
    while s.pending and not isinstance(s.pending[-1], st.BuyPuerh):
        moves = legal(s)
        play(game, s, "stop" if "stop" in moves else moves[0])


def solo_seat_0(s: TeaGardenState) -> None:
    """Seat 1 (and any further seat) has passed, so seat 0 takes turn after turn."""
    for p in s.players[1:]:
        p.passed = True


def ferment_and_end(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Take the Fermentation main action, ferment nothing and end the turn."""
    play(game, s, "ferment")
    if s.pending:
        play(game, s, "stop")
    play(game, s, "end")


def quick_turn(game: TeaGardenGame, s: TeaGardenState, card: str) -> None:
    """Play ``card`` alone, pay any turn fee, ferment nothing and end the turn."""
    commit(game, s, [card], card)
    pay_all(game, s)
    ferment_and_end(game, s)


def hall_offer(s: TeaGardenState) -> st.ChooseOption | None:
    """The Hall's offers still to take or decline (COURT-02), if they are on top of the stack."""
    top = s.pending[-1] if s.pending else None
    if isinstance(top, st.ChooseOption) and top.any_order and top.source.startswith("hall:"):
        return top
    return None


def take_offers(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Take the Hall's offers in printed order (the first one offered each time), until they
    are all taken or one of them waits for a decision of its own."""
    while hall_offer(s) is not None:
        play(game, s, legal(s, mv.ChooseOption)[0])


def court_turn(
    game: TeaGardenGame,
    s: TeaGardenState,
    hall: str,
    strength: int = 3,
    take_all: bool = False,
) -> None:
    """Seat 0 plays ``strength`` and sends a Courtier to the 3 space under ``hall`` (Hall 1);
    the Hall's offers are then pending (COURT-02, TT-10), or with ``take_all`` taken in printed
    order (see :func:`take_offers`)."""
    set_halls(s, [hall])
    play_strength(game, s, strength)
    play(game, s, "court 1 3")
    if take_all:
        take_offers(game, s)


# ================================================================================================
# EXP - components, setup and general changes
# ================================================================================================


@pytest.mark.rule("EXP-01", "PUERH-01")
def test_exp01_components_of_the_expansion() -> None:
    """EXP-01: 24 + 24 Puerh tokens, 15 Halls, 7 Decrees, 2 Region tokens, 4 + 4 Caravans,
    1 Emperor card, 4 Courtiers per colour. PUERH-01: Basic tokens are free, Premium ones
    carry a cost."""
    _, s = xgame()
    cs = s.ctx.components
    assert Counter(t.kind for t in cs.puerh_tokens) == {"basic": 24, "premium": 24}
    for t in cs.puerh_tokens:
        priced = bool(t.cost.green or t.cost.brown)
        assert priced == (t.kind == "premium"), t.id  # PUERH-01
    assert len(cs.halls) == 15
    assert len(cs.decrees) == 7
    assert [t.id for t in cs.region_tokens if t.expansion] == ["rt19", "rt20"]
    assert len(cs.region_tokens) == 20
    assert Counter(c.kind for c in cs.caravans if c.expansion) == {"basic": 4, "advanced": 4}
    assert [e.id for e in cs.emperor_cards if e.expansion] == ["e17"]
    assert cs.court is not None
    assert cs.court.courtiers_start + cs.court.courtiers_waiting == 4


@pytest.mark.rule("EXP-02")
def test_exp02_twenty_region_tokens_shuffled_spares_to_the_box() -> None:
    """EXP-02: the 2 new Region tokens are shuffled in with the 18; 18 are laid out."""
    all_ids = {f"rt{i:02d}" for i in range(1, 21)}
    used: set[str] = set()
    for seed in range(10):
        _, s = xgame(seed=seed)
        laid = list(s.board.region_tokens.values())
        assert len(laid) == len(set(laid)) == 18
        assert set(laid) <= all_ids
        used |= set(laid)
    assert used == all_ids  # the new ones do take part


@pytest.mark.rule("EXP-03")
@pytest.mark.parametrize(("players", "basic"), [(2, 7), (3, 10), (4, 13)])
def test_exp03_caravan_deck_keeps_7_10_13_basic_cards(players: int, basic: int) -> None:
    """EXP-03: the new Caravans join their piles; the number of basic cards stays 7/10/13 and
    every advanced card (15 + 4) is used."""
    seen_new_basic = False
    for seed in range(6):
        _, s = xgame(players, seed=seed)
        cards = [*s.board.caravan_deck, *s.board.caravan_display]
        kinds = Counter(s.ctx.caravans[c].kind for c in cards)
        assert kinds == {"basic": basic, "advanced": 19}
        seen_new_basic |= any(
            s.ctx.caravans[c].expansion and s.ctx.caravans[c].kind == "basic" for c in cards
        )
    assert seen_new_basic


@pytest.mark.rule("EXP-04")
def test_exp04_emperor_deck_of_17() -> None:
    """EXP-04: the expansion Emperor card is shuffled in: 17 cards."""
    _, s = xgame()
    cards = [*s.board.emperor_deck, *s.board.emperor_display]
    assert len(cards) == len(set(cards)) == 17
    assert "e17" in cards


@pytest.mark.rule("EXP-05")
def test_exp05_storage_and_market_three_each_rest_in_piles() -> None:
    """EXP-05: 3 Basic tokens in the Storage, 3 Premium in the Market, the rest in two piles;
    the piles are face down (the observation shows only their sizes)."""
    game, s = xgame()
    c = court(s)
    tokens = s.ctx.puerh_tokens
    assert len(c.storage) == 3 and all(tokens[t].kind == "basic" for t in c.storage)
    assert len(c.market) == 3 and all(tokens[t].kind == "premium" for t in c.market)
    assert all(tokens[t].kind == "basic" for t in c.basic_pile)
    assert all(tokens[t].kind == "premium" for t in c.premium_pile)
    everything = [*c.storage, *c.market, *c.basic_pile, *c.premium_pile]
    assert len(everything) == len(set(everything)) == 48
    obs = observe(s, 1)
    obs_court = obs.board.court
    assert obs_court is not None
    assert obs_court.basic_pile == [] and obs.basic_pile_size == 21
    assert obs_court.premium_pile == [] and obs.premium_pile_size == 21
    assert obs_court.market == c.market and obs_court.storage == c.storage
    again = game.determinize(obs, Rng.from_seed(5))
    assert again.observation(1) == obs


@pytest.mark.rule("EXP-06", "COURT-11")
@pytest.mark.parametrize(("players", "halls"), [(2, 2), (3, 3), (4, 3)])
def test_exp06_two_or_three_halls_face_up(players: int, halls: int) -> None:
    """EXP-06: 2 Halls (1-2 players) or 3 (3-4 players); the rest form a face-down pile."""
    _, s = xgame(players)
    c = court(s)
    assert len(c.halls) == halls
    assert len(c.hall_deck) == 15 - halls
    assert c.occupancy == [[-1, -1, -1, -1]] * halls
    obs = observe(s, 1)
    assert obs.board.court is not None and obs.board.court.hall_deck == []  # face down
    assert obs.hall_deck_size == 15 - halls


@pytest.mark.rule("EXP-07", "DECREE-01")
def test_exp07_two_brown_two_red_decrees() -> None:
    """EXP-07: 4 of the 7 Decrees, 2 brown side up and 2 red; the other 3 are out."""
    ids: set[str] = set()
    for seed in range(8):
        _, s = xgame(seed=seed)
        decrees = court(s).decrees
        assert sorted(d.side for d in decrees) == ["brown", "brown", "red", "red"]
        assert len({d.id for d in decrees}) == 4
        assert all(d.fulfilled == [] for d in decrees)
        ids |= {d.id for d in decrees}
    assert len(ids) > 4  # chosen at random


@pytest.mark.rule("EXP-08", "COURT-06")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_exp08_two_courtiers_on_the_extension_two_waiting(players: int) -> None:
    """EXP-08, COURT-06: each player starts with 2 available Courtiers and 2 waiting."""
    _, s = xgame(players)
    for p in s.players:
        assert (p.courtiers, p.courtiers_waiting) == (2, 2)


@pytest.mark.rule("EXP-09")
def test_exp09_noble_court_board_has_five_areas() -> None:
    """EXP-09: Imperial Decrees, Halls, Premium Market, Basic Storage, Waiting Courtiers."""
    _, s = xgame()
    c = court(s)
    assert len(c.decrees) == 4  # Imperial Decrees
    assert len(c.halls) == len(c.occupancy) == 2  # Noble Court Halls and their spaces
    assert len(c.market) == 3  # Premium Puerh Market
    assert len(c.storage) == 3  # Basic Puerh Storage
    assert [p.courtiers_waiting for p in s.players] == [2, 2]  # Waiting Courtiers


@pytest.mark.rule("EXP-10", "TURN-04", "AMB-03")
def test_exp10_fifth_turn_costs_three_leaves_one_fermented() -> None:
    """EXP-10: the extension gives a 5th turn that costs like the 4th (3 leaves, >= 1 F, any
    quality); there is no 6th."""
    game, s = xgame()
    solo_seat_0(s)
    assert max_turns(s) == 5
    give_hand(s, 0, ONES[:6])
    set_leaves(s, 0, fresh={1: 4}, fermented={1: 2})
    for card in ONES[:3]:
        quick_turn(game, s, card)
    quick_turn(game, s, "s04")  # the 4th turn pays 2 G + 1 F
    assert (sum(s.players[0].fresh), sum(s.players[0].fermented)) == (2, 1)
    # 3 fresh leaves and no fermented one cannot pay the 5th turn.
    broke = s.clone()
    set_leaves(broke, 0, fresh={1: 3})
    assert legal(broke) == ["pass"]
    assert_illegal(game, broke, "select s05")
    # 2 G + 1 F can: all three are paid when the cards go into slot 5.
    commit(game, s, ["s05"], "s05")
    top = s.pending[-1]
    assert isinstance(top, st.PayLeaves) and top.purpose == "fee"
    pay_all(game, s)
    assert (sum(s.players[0].fresh), sum(s.players[0].fermented)) == (0, 0)
    ferment_and_end(game, s)
    assert len(s.players[0].stacks) == 5
    assert legal(s) == ["pass"]  # no 6th turn
    assert_illegal(game, s, "select s06")


@pytest.mark.rule("EXP-11", "TURN-11")
def test_exp11_seven_main_actions() -> None:
    """EXP-11: the 5 base main actions plus Noble Court and Puerh Market."""
    game, s = xgame()
    set_leaves(s, 0, fresh={6: 12}, fermented={6: 12})
    play_strength(game, s, 8)
    kinds = {type(m) for m in s.legal_moves()}
    mains = {mv.Build, mv.Buy, mv.TakeCaravan, mv.Ferment, mv.Harvest}
    assert mains | {mv.NobleCourt, mv.PuerhMarket} <= kinds


# ================================================================================================
# A base game is unchanged by the expansion
# ================================================================================================


@pytest.mark.parametrize("players", [2, 3, 4])
def test_base_setup_uses_no_expansion_component(players: int) -> None:
    """Without the expansion: no Noble Court, no new Region token, Caravan or Emperor card, no
    Courtiers, and no expansion scoring category."""
    for seed in range(5):
        _, s = new_game(players, seed=seed)
        ctx = s.ctx
        b = s.board
        assert b.court is None
        assert not {"rt19", "rt20"} & set(b.region_tokens.values())
        assert len(b.region_tokens) == 18
        caravans = [*b.caravan_deck, *b.caravan_display]
        assert not any(ctx.caravans[c].expansion for c in caravans)
        emperors = [*b.emperor_deck, *b.emperor_display]
        assert "e17" not in emperors and len(emperors) == 16
        for p in s.players:
            assert (p.courtiers, p.courtiers_waiting, p.puerh_sets, p.hall_vp) == (0, 0, [], 0)
        assert all(tuple(parts) == CATEGORIES for parts in live_breakdown(s))


def test_base_game_offers_no_expansion_move_and_refuses_them() -> None:
    """A base game never offers an expansion move, even at high strength with many leaves, and
    refuses them with IllegalMoveError, changing nothing."""
    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={6: 12}, fermented={6: 12})
    play_strength(game, s, 8)
    assert not [m for m in s.legal_moves() if isinstance(m, EXPANSION_MOVES)]
    for text in ("court 1 1", "market", "premium 1", "basic 1", "cake 0"):
        assert_illegal(game, s, text)


def test_base_random_game_never_offers_expansion_moves_or_a_fifth_turn() -> None:
    """A whole random base game: no expansion move is ever legal; at most 4 turns a round."""
    game = TeaGardenGame(num_seats=2)
    s = game.new_state(3)
    rng = Rng.from_seed(3)
    while not s.is_over():
        moves = s.legal_moves()
        assert not [m for m in moves if isinstance(m, EXPANSION_MOVES)]
        assert all(len(p.stacks) <= 4 for p in s.players)
        active = [m for m in moves if not isinstance(m, mv.Pass | mv.Stop)]
        s.apply(rng.choice(active if active and rng.random() < 0.9 else list(moves)))
    assert set(s.outcome().breakdown[0]) == set(CATEGORIES)


@pytest.mark.rule("TURN-04")
def test_base_game_has_no_fifth_turn() -> None:
    """TURN-04: 4 turns per round in a base game, even with the fee affordable."""
    game, s = new_game(2, seed=1)
    solo_seat_0(s)
    assert max_turns(s) == 4
    give_hand(s, 0, ONES[:6])
    set_leaves(s, 0, fresh={1: 6}, fermented={1: 3})
    for card in ONES[:4]:
        quick_turn(game, s, card)
    assert legal(s) == ["pass"]
    assert_illegal(game, s, "select s05")


# ================================================================================================
# COURT - the Noble Court and its Halls
# ================================================================================================


@pytest.mark.rule("COURT-01")
def test_court01_courtier_goes_to_a_free_space_worth_at_most_s() -> None:
    """COURT-01: a Courtier moves from the extension to a free space of value <= S, under any
    face-up Hall."""
    game, s = xgame()
    set_halls(s, ["h11", "h07"])
    play_strength(game, s, 4)
    assert legal(s, mv.NobleCourt) == [
        "court 1 2",
        "court 1 3",
        "court 1 4",
        "court 2 2",
        "court 2 3",
        "court 2 4",
    ]
    assert_illegal(game, s, "court 1 1")  # the 6 space
    play(game, s, "court 2 2")
    assert court(s).occupancy[1] == [-1, 0, -1, -1]
    assert s.players[0].courtiers == 1
    assert s.turn.main == "court"


@pytest.mark.rule("COURT-02")
def test_court02_hall_effects_offered_one_at_a_time_after_placement() -> None:
    """COURT-02: the Hall's effects follow placement; the player takes them one at a time, in
    any order, and may stop (TT-10): h09 offers its ferment up to 3 and its draw; once the
    ferment is done, the draw is offered again."""
    game, s = xgame()
    set_leaves(s, 0, fresh={2: 2})
    court_turn(game, s, "h09")
    assert court(s).occupancy[0][2] == 0  # placed first
    offer = hall_offer(s)
    assert offer is not None and offer.options == ((fx.Ferment(n=3),), (fx.Draw(n=1),))
    assert legal(s) == ["option 1", "option 2", "stop"]
    play(game, s, "option 1")
    assert isinstance(s.pending[-1], st.FermentLeaves)
    assert legal(s) == ["flip 2", "stop"]
    play(game, s, "flip 2", "flip 2")  # fermenting the only two ends the ferment
    assert s.players[0].fermented[1] == 2
    offer = hall_offer(s)
    assert offer is not None and offer.options == ((fx.Draw(n=1),),)
    assert legal(s) == ["option 1", "stop"]
    play(game, s, "option 1")
    assert legal(s) == ["draw", "stop"]
    hand = len(s.players[0].hand)
    play(game, s, "draw")
    assert len(s.players[0].hand) == hand + 1
    assert not s.pending
    play(game, s, "end")


@pytest.mark.rule("COURT-02")
@pytest.mark.parametrize("first", ["draw", "remove"])
def test_court02_hall_effects_in_any_order(first: str) -> None:
    """COURT-02 (TT-10): the effects may be taken in any order. h10 (draw 2 + remove a card):
    drawing first lets a card just drawn be removed; removing first (the hand is empty after
    playing the cards) takes it from the draw deck, and the draw follows."""
    game, s = xgame()
    court_turn(game, s, "h10")
    p = s.players[0]
    assert p.hand == [] and p.draw
    assert legal(s) == ["option 1", "option 2", "stop"]
    if first == "draw":
        play(game, s, "option 1", "draw")
        drawn = list(p.hand)
        assert len(drawn) == 2
        assert legal(s) == ["option 1", "stop"]  # the remove, offered again
        play(game, s, "option 1")
        assert f"remove hand {drawn[0]}" in legal(s)
        play(game, s, f"remove hand {drawn[0]}")
        assert p.removed == [drawn[0]] and p.hand == drawn[1:]
    else:
        play(game, s, "option 2")
        removes = legal(s, mv.RemoveCard)
        assert removes and all(m.startswith("remove draw ") for m in removes)
        play(game, s, removes[0])
        assert len(p.removed) == 1
        assert legal(s) == ["option 1", "stop"]  # the draw, offered again
        play(game, s, "option 1", "draw")
        assert len(p.hand) == 2
    assert not s.pending
    play(game, s, "end")


@pytest.mark.rule("COURT-02")
@pytest.mark.parametrize("taken", [(), ("option 2",)], ids=["nothing", "the VP only"])
def test_court02_player_may_decline_the_rest(taken: tuple[str, ...]) -> None:
    """COURT-02 (TT-10): "may": stop is always offered, at once or after some effects, and
    leaves the rest untaken; the Courtier stays for the Hall scoring. h07: 2 Emperor tokens +
    1 VP."""
    game, s = xgame()
    court_turn(game, s, "h07")
    play(game, s, *taken)
    assert "stop" in legal(s)
    play(game, s, "stop")
    p = s.players[0]
    assert not s.pending
    assert (p.vp, p.emperor_tokens) == (len(taken), 0)
    assert court(s).occupancy[0] == [-1, -1, 0, -1]
    play(game, s, "end")


@pytest.mark.rule("COURT-02", "TT-09")
def test_court02_an_effect_that_changes_nothing_is_not_offered() -> None:
    """COURT-02, TT-09: with no fresh leaf, h09's ferment would change nothing and is not
    offered; its draw and stop are."""
    game, s = xgame()
    set_leaves(s, 0)
    court_turn(game, s, "h09")
    assert legal(s) == ["option 2", "stop"]
    assert_illegal(game, s, "option 1")


@pytest.mark.rule("COURT-03")
def test_court03_several_courtiers_under_one_hall_each_its_own_action() -> None:
    """COURT-03: a second Courtier may go under the same Hall, but only with another Noble
    Court action (one main action a turn)."""
    game, s = xgame()
    solo_seat_0(s)
    set_halls(s, ["h11", "h07"])
    play_strength(game, s, 4)
    play(game, s, "court 1 2")
    take_offers(game, s)
    assert legal(s, mv.NobleCourt) == []
    assert_illegal(game, s, "court 1 3")
    play(game, s, "end")
    play_strength(game, s, 3)
    assert "court 1 3" in legal(s)
    play(game, s, "court 1 3")
    assert court(s).occupancy[0] == [-1, 0, 0, -1]


@pytest.mark.rule("COURT-04", "COURT-13")
def test_court04_no_courtier_on_the_extension_no_noble_court() -> None:
    """COURT-04, COURT-13: with both Courtiers under Halls, the action is not offered until the
    Halls are scored; then it is again."""
    game, s = xgame()
    solo_seat_0(s)
    set_halls(s, ["h11", "h07"])
    for space in (2, 3):
        play_strength(game, s, 4)
        play(game, s, f"court 1 {space}")
        take_offers(game, s)
        play(game, s, "end")
    assert s.players[0].courtiers == 0
    play_strength(game, s, 6)
    assert legal(s, mv.NobleCourt) == []
    assert_illegal(game, s, "court 2 1")
    ferment_and_end(game, s)
    end_round_by_passing(game, s)  # COURT-10: home again after the scoring
    assert s.players[0].courtiers == 2
    s.players[1].passed = True
    s.seat = 0
    play_strength(game, s, 6)
    assert "court 1 1" in legal(s)


@pytest.mark.rule("COURT-05")
def test_court05_one_courtier_per_space() -> None:
    """COURT-05: an occupied space, by anyone, is not offered."""
    game, s = xgame()
    set_halls(s, ["h11", "h07"])
    occupy(s, 1, 1, 1)
    occupy(s, 0, 1, 2)
    play_strength(game, s, 6)
    assert [m for m in legal(s, mv.NobleCourt) if m.startswith("court 1")] == [
        "court 1 3",
        "court 1 4",
    ]
    assert_illegal(game, s, "court 1 1")
    assert_illegal(game, s, "court 1 2")


@pytest.mark.rule("COURT-07", "COURT-08", "COURT-09", "AMB-37")
@pytest.mark.parametrize("leader", [0, 1])
def test_court07_08_09_hall_totals_five_and_two_tie_to_the_leftmost(leader: int) -> None:
    """COURT-07: totals are sums of space values. COURT-08: 5 VP to the highest, 2 to the
    second. COURT-09: a tie goes to the best (leftmost) space, whatever the seat order.
    AMB-37: a lone player gets 5 and nobody 2; a third player gets nothing; no Courtier,
    nothing."""
    game, s = xgame(3)
    other = 1 - leader
    set_halls(s, ["h11", "h07", "h08"])
    occupy(s, leader, 1, 1)  # 6
    occupy(s, other, 1, 2)  # 4 + 2 = 6: tied, but its best space is further right
    occupy(s, other, 1, 4)
    occupy(s, 2, 1, 3)  # 3: third, nothing
    occupy(s, 2, 2, 4)  # alone under Hall 2: 5, nobody gets 2
    end_round_by_passing(game, s)
    hall_vp = [p.hall_vp for p in s.players]
    assert hall_vp[leader] == 5  # COURT-08, COURT-09
    assert hall_vp[other] == 2
    assert hall_vp[2] == 5  # AMB-37: 0 under Hall 1 + 5 alone under Hall 2
    assert [p.vp for p in s.players] == [0, 0, 0]  # Hall VP are kept apart from the track


@pytest.mark.rule("COURT-07", "COURT-08")
def test_court07_higher_total_beats_a_better_single_space() -> None:
    """COURT-07/08: the total decides first; the leftmost space only breaks ties."""
    game, s = xgame()
    set_halls(s, ["h11", "h07"])
    occupy(s, 0, 1, 1)  # 6
    occupy(s, 1, 1, 2)  # 4 + 3 = 7
    occupy(s, 1, 1, 3)
    end_round_by_passing(game, s)
    assert [p.hall_vp for p in s.players] == [2, 5]


@pytest.mark.rule("COURT-10", "COURT-11", "AMB-38")
@pytest.mark.parametrize("players", [2, 3])
def test_court10_11_courtiers_return_halls_replaced(players: int) -> None:
    """COURT-10: after scoring every Courtier goes home. COURT-11: the face-up Halls are
    discarded and 2 (1-2 players) or 3 (3-4 players) new ones revealed. AMB-38: the old Halls
    are scored first, then replaced, then the round moves on."""
    game, s = xgame(players)
    c = court(s)
    old = list(c.halls)
    upcoming = c.hall_deck[-len(c.halls) :][::-1]  # the top of the pile is its end
    occupy(s, 0, 1, 1)
    occupy(s, 0, 2, 2)
    occupy(s, 1, 1, 2)
    end_round_by_passing(game, s)
    assert s.round == 2
    assert (s.players[0].hall_vp, s.players[1].hall_vp) == (10, 2)  # the old Halls scored
    assert [p.courtiers for p in s.players] == [2] * players
    assert c.past_halls == old
    assert c.halls == upcoming
    assert len(c.hall_deck) == 15 - 2 * len(old)
    assert c.occupancy == [[-1] * 4] * len(old)


@pytest.mark.rule("COURT-12", "AMB-40")
def test_court12_hall_of_any_secondary_action() -> None:
    """COURT-12 (h01): do any one secondary action; those that would change nothing are not
    offered (Cup production needs a garden in a coloured Province, TT-09)."""
    game, s = xgame()
    court_turn(game, s, "h01", take_all=True)  # its one effect: the choice
    assert legal(s) == ["option 1", "option 3"]
    play(game, s, "option 1")
    assert s.players[0].boat == 1
    assert s.turn.secondary == ""  # AMB-40: not the card's secondary action


@pytest.mark.rule("COURT-12")
def test_court12_hall_of_one_leaf_per_garden() -> None:
    """COURT-12 (h02): one fresh leaf per garden of yours, of that Region's value."""
    game, s = xgame()
    add_garden(s, 0, "p1")  # value 3
    add_garden(s, 0, "r1")  # value 2; Sichuan is 2 too
    set_leaves(s, 0)
    court_turn(game, s, "h02", take_all=True)
    assert s.players[0].fresh == [0, 2, 1, 0, 0, 0]
    assert not s.pending


@pytest.mark.rule("COURT-12")
def test_court12_hall_of_a_printed_secondary_action() -> None:
    """COURT-12 (h03): the secondary action on the tile (River) and its 1 VP."""
    game, s = xgame()
    court_turn(game, s, "h03", take_all=True)
    p = s.players[0]
    assert (p.boat, p.vp, p.emperor_tokens) == (1, 1, 1)  # segment 1 gives an Emperor token


@pytest.mark.rule("COURT-12", "AMB-39", "PUERH-02")
def test_court12_hall_of_any_basic_puerh_and_a_scroll() -> None:
    """COURT-12 (h04), AMB-39: any Basic token of the Storage, for free, and a Scroll of the
    player's choice."""
    game, s = xgame()
    set_storage(s, ["pb11", "pb12", "pb01"])
    set_leaves(s, 0, fresh={2: 2})
    court_turn(game, s, "h04", take_all=True)
    assert legal(s) == ["basic 1", "basic 2", "basic 3"]
    play(game, s, "basic 3", "cake 0")
    assert s.players[0].fresh == [1, 2, 0, 0, 0, 0]  # pb01's bonus; nothing paid (PUERH-02)
    take_offers(game, s)
    assert legal(s) == ["scroll plus1", "scroll teapot", "scroll x2"]
    play(game, s, "scroll teapot")
    assert s.players[0].teapot_scrolls == 1
    assert s.players[0].puerh_sets == [["pb01"]]


@pytest.mark.rule("PUERH-06", "COURT-12")
def test_empty_storage_basic_puerh_lapses() -> None:
    """PUERH-06: a Storage whose pile ran out stays empty; a Basic Puerh then gives nothing,
    and the Hall's other effect still follows."""
    game, s = xgame()
    c = court(s)
    c.basic_pile.extend(c.storage)
    c.storage = ["", "", ""]
    court_turn(game, s, "h04", take_all=True)
    assert c.storage == ["", "", ""] and s.players[0].puerh_sets == []
    assert legal(s) == ["scroll plus1", "scroll teapot", "scroll x2"]
    assert_illegal(game, s, "basic 1")


@pytest.mark.rule("AMB-40", "AMB-24")
def test_amb40_hall_secondary_is_extra_and_cannot_be_repeated() -> None:
    """AMB-40: the Hall's River is an extra action: the card's own River stays available, and
    only that one may be repeated with an x2 Scroll."""
    game, s = xgame()
    set_halls(s, ["h03"])
    give_scrolls(s, 0, x2=1)
    play_strength(game, s, 3, top="s01")  # s01: River
    play(game, s, "court 1 3")
    take_offers(game, s)
    assert s.players[0].boat == 1
    assert legal(s, mv.Repeat) == []  # the Hall's River cannot be repeated
    assert "use 1" in legal(s)  # nor did it use up the card's
    play(game, s, "use 1")
    assert s.players[0].boat == 2
    assert legal(s, mv.Repeat) == ["repeat scroll"]
    play(game, s, "repeat scroll")
    assert s.players[0].boat == 3


@pytest.mark.rule("AMB-36", "SCORE-13")
def test_amb36_halls_scored_after_round_5_without_replacement() -> None:
    """AMB-36: after round 5 the Halls are scored as part of final scoring; no new Halls."""
    game, s = xgame()
    c = court(s)
    s.round = 5
    halls, deck = list(c.halls), list(c.hall_deck)
    occupy(s, 0, 1, 1)
    occupy(s, 1, 1, 2)
    end_round_by_passing(game, s)
    assert s.is_over()
    assert (c.halls, c.hall_deck) == (halls, deck)
    breakdown = s.outcome().breakdown
    assert (breakdown[0]["halls"], breakdown[1]["halls"]) == (5, 2)


@pytest.mark.rule("AMB-36")
def test_amb36_variant_no_final_hall_scoring() -> None:
    """AMB-36 variant flag: no Hall scoring after round 5 (earlier rounds still score)."""
    game, s = xgame(no_final_hall_scoring=True)
    occupy(s, 0, 1, 1)
    end_round_by_passing(game, s)
    assert s.players[0].hall_vp == 5
    s.round = 5
    occupy(s, 0, 1, 1)
    end_round_by_passing(game, s)
    assert s.is_over()
    assert s.outcome().breakdown[0]["halls"] == 5


# ================================================================================================
# PUERH - tokens and the Puerh Market
# ================================================================================================


@pytest.mark.rule("PUERH-03")
@pytest.mark.parametrize(("strength", "limit"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_puerh03_tokens_per_strength(strength: int, limit: int) -> None:
    """PUERH-03: S 1-2 buys 1 token, 3-4 up to 2, 5+ up to 3; at least one, fewer allowed."""
    assert market_limit(strength) == limit
    game, s = xgame()
    set_market(s, ["pp05", "pp10", "pp21"])  # bonuses: VP only
    set_leaves(s, 0, fresh={6: 12}, fermented={6: 12})
    play_strength(game, s, strength)
    play(game, s, "market")
    assert "stop" not in legal(s)  # at least one token
    for bought in range(limit):
        if bought:
            assert "stop" in legal(s)  # buying fewer is allowed
        play(game, s, "premium 1")
        pay_all(game, s)
        play(game, s, "cake 0")
        settle_bonuses(game, s)
    assert not s.pending  # the limit reached, the purchase ends by itself
    assert_illegal(game, s, "premium 1")
    assert len(s.players[0].puerh_sets) == limit


@pytest.mark.rule("PUERH-04", "AMB-44")
def test_puerh04_pay_the_red_field_green_any_leaf_brown_fermented() -> None:
    """PUERH-04: a token's cost is paid; a brown icon needs a fermented leaf, a green icon takes
    any leaf. AMB-44: any quality."""
    game, s = xgame()
    set_market(s, ["pp22", "pp05", "pp10"])  # pp22: 2 green + 2 brown
    set_leaves(s, 0, fresh={1: 6}, fermented={1: 1})
    play_strength(game, s, 1)
    play(game, s, "market")
    assert "premium 1" not in legal(s)  # one fermented leaf cannot pay 2 brown icons
    assert_illegal(game, s, "premium 1")
    game, s = xgame()
    set_market(s, ["pp22", "pp05", "pp10"])
    set_leaves(s, 0, fresh={1: 1}, fermented={1: 1, 6: 2})
    play_strength(game, s, 1)
    play(game, s, "market", "premium 1")
    assert legal(s) == ["pay g 1", "pay f 1", "pay f 6"]  # any quality
    play(game, s, "pay f 6", "pay f 6")  # the brown icons
    assert legal(s) == ["pay g 1", "pay f 1"]  # a green icon takes either side
    play(game, s, "pay f 1", "pay g 1")
    assert sum(s.players[0].fresh) + sum(s.players[0].fermented) == 0
    assert isinstance(s.pending[-1], st.PlacePuerh)


@pytest.mark.rule("PUERH-05")
def test_puerh05_a_placed_premium_token_never_costs_again() -> None:
    """PUERH-05: once placed, a Premium token shows no cost: joining its set later pays its
    bonus but asks no leaves for it."""
    game, s = xgame()
    solo_seat_0(s)
    set_market(s, ["pp05", "pp10", "pp21"])
    set_leaves(s, 0, fresh={3: 2}, fermented={3: 1})
    play_strength(game, s, 1)
    play(game, s, "market", "premium 1", "pay f 3", "pay g 3", "cake 0", "end")
    assert s.players[0].vp == 2
    assert "pp05" not in court(s).market
    set_storage(s, ["pb11"])
    court_turn(game, s, "h04", take_all=True)
    play(game, s, "basic 1", "cake 1")
    assert not [p for p in s.pending if isinstance(p, st.PayLeaves)]
    assert s.players[0].fresh[2] == 1 and s.players[0].fermented[2] == 0  # nothing paid
    assert s.players[0].vp == 2 + 2 + 1  # pp05 again, and pb11


@pytest.mark.rule("PUERH-06", "AMB-43")
def test_puerh06_amb43_market_refilled_at_once_refill_can_be_bought() -> None:
    """PUERH-06: the Market slot is refilled from the pile as soon as the token leaves it.
    AMB-43: that new token may be bought in the same action."""
    game, s = xgame()
    c = court(s)
    set_market(s, ["pp05", "pp10", "pp21"])
    c.premium_pile.remove("pp06")
    c.premium_pile.append("pp06")  # next from the pile
    set_leaves(s, 0, fresh={6: 12}, fermented={6: 12})
    play_strength(game, s, 3)
    play(game, s, "market", "premium 1")
    pay_all(game, s)
    assert c.market == ["pp06", "pp10", "pp21"]  # refilled before the token is placed
    play(game, s, "cake 0")
    assert "premium 1" in legal(s)
    play(game, s, "premium 1")
    pay_all(game, s)
    play(game, s, "cake 0")
    settle_bonuses(game, s)
    assert s.players[0].puerh_sets == [["pp05"], ["pp06"]]


@pytest.mark.rule("PUERH-06")
def test_puerh06_empty_pile_leaves_the_slot_empty() -> None:
    """PUERH-06: with the pile empty, the slot stays empty and offers nothing."""
    game, s = xgame()
    c = court(s)
    set_market(s, ["pp05", "pp10", "pp21"])
    c.premium_pile.clear()
    set_leaves(s, 0, fresh={6: 12}, fermented={6: 12})
    play_strength(game, s, 3)
    play(game, s, "market", "premium 1")
    pay_all(game, s)
    play(game, s, "cake 0")
    assert c.market == ["", "pp10", "pp21"]
    assert legal(s) == ["premium 2", "premium 3", "stop"]
    assert_illegal(game, s, "premium 1")


@pytest.mark.rule("PUERH-07")
@pytest.mark.parametrize(("place", "vp"), [("cake 0", 1), ("cake 1", 2)])
def test_puerh07_alone_its_own_bonus_joined_every_bonus_of_the_set(place: str, vp: int) -> None:
    """PUERH-07: (a) alone as a new set: the token's own bonus; (b) joined to an incomplete
    set: the bonuses of every token of the enlarged set, older ones again."""
    game, s = xgame()
    give_puerh_sets(s, 0, [["pb11"]])  # 1 VP, from an earlier turn
    set_storage(s, ["pb12"])  # 1 VP
    court_turn(game, s, "h04", take_all=True)
    play(game, s, "basic 1", place)
    assert s.players[0].vp == vp
    expected = [["pb11"], ["pb12"]] if place == "cake 0" else [["pb11", "pb12"]]
    assert s.players[0].puerh_sets == expected


@pytest.mark.rule("AMB-41")
def test_amb41_no_bridging_by_default() -> None:
    """AMB-41: a token joins one incomplete set; two single tokens are never bridged."""
    game, s = xgame()
    give_puerh_sets(s, 0, [["pb11"], ["pb13"]])
    set_storage(s, ["pb12"])
    court_turn(game, s, "h04", take_all=True)
    play(game, s, "basic 1")
    assert legal(s) == ["cake 0", "cake 1", "cake 2"]
    assert_illegal(game, s, "cake 1 2")


@pytest.mark.rule("AMB-41")
def test_amb41_bridging_variant_joins_two_singles_into_a_cake() -> None:
    """AMB-41 variant (puerh_bridging): the new token may join two single tokens into one cake,
    gaining the bonuses of all three (PUERH-07)."""
    game, s = xgame(puerh_bridging=True)
    give_puerh_sets(s, 0, [["pb11"], ["pp01", "pp02"], ["pb13"]])
    set_storage(s, ["pb12"])
    court_turn(game, s, "h04", take_all=True)
    play(game, s, "basic 1")
    assert "cake 1 3" in legal(s) and "cake 1 2" not in legal(s)  # only singles are bridged
    p = s.players[0]
    vp, q3 = p.vp, p.fresh[2]
    play(game, s, "cake 1 3")
    assert p.puerh_sets == [["pb11", "pb12", "pb13"], ["pp01", "pp02"]]
    assert (p.vp, p.fresh[2]) == (vp + 2, q3 + 1)  # pb11 and pb12: 1 VP each; pb13: a q3 leaf


@pytest.mark.rule("PUERH-08", "PUERH-10")
def test_puerh08_three_make_a_cake_which_takes_no_more() -> None:
    """PUERH-08: a set holds at most 3 tokens; 3 make a complete cake. PUERH-10: Basic and
    Premium tokens mix."""
    game, s = xgame()
    solo_seat_0(s)
    give_puerh_sets(s, 0, [["pb11", "pb12"]])
    set_market(s, ["pp05", "pp10", "pp21"])
    set_leaves(s, 0, fresh={6: 12}, fermented={6: 12})
    play_strength(game, s, 1)
    play(game, s, "market", "premium 1")
    pay_all(game, s)
    assert legal(s) == ["cake 0", "cake 1"]  # PUERH-10: a Premium joins Basic ones
    play(game, s, "cake 1", "end")
    p = s.players[0]
    assert complete_cakes(p) == [["pb11", "pb12", "pp05"]]
    play_strength(game, s, 1)
    play(game, s, "market", "premium 2")
    pay_all(game, s)
    assert legal(s) == ["cake 0"]
    assert_illegal(game, s, "cake 1")  # the cake is complete


@pytest.mark.rule("PUERH-09", "AMB-45")
def test_puerh09_amb45_two_tokens_of_one_turn_never_join_however_gained() -> None:
    """PUERH-09, AMB-45: two Basic tokens from one Caravan's rewards cannot join each other; a
    token from an earlier turn may be joined by one from this turn."""
    game, s = xgame()
    give_puerh_sets(s, 0, [["pb11"]])
    set_storage(s, ["pb12", "pb13", "pb14"])
    put_caravan(s, 1, "cv_b16")  # trade 1: 3 green -> Basic Puerh; strength 4: Basic Puerh + draw
    set_leaves(s, 0, fresh={2: 3})
    play_strength(game, s, 4)
    play(game, s, "caravan 1 1 2")
    pay_all(game, s)
    play(game, s, "basic 1", "cake 0")  # this turn's first token, alone: set 2
    play(game, s, "basic 1")
    assert legal(s) == ["cake 0", "cake 1"]
    assert_illegal(game, s, "cake 2")  # PUERH-09
    play(game, s, "cake 1")  # AMB-45: joining the earlier turn's token is fine
    assert s.players[0].puerh_sets[0][0] == "pb11"
    assert len(s.players[0].puerh_sets) == 2
    assert len(s.turn.puerh_gained) == 2


@pytest.mark.rule("PUERH-11", "AMB-42", "SCORE-11")
@pytest.mark.parametrize(
    ("cake", "vp"),
    [
        (["pp01", "pb01", "pp22"], 15),  # (2 + 1 + 0) stars x (0 + 0 + 5)
        (["pb01", "pb17", "pb18"], 6),  # 1 star x (3 + 3): values spread over tokens
        (["pp01", "pp08", "pp22"], 20),  # 4 stars x 5
        (["pb01", "pb02", "pb03"], 0),  # no centre value
        (["pb17", "pb18", "pb19"], 0),  # no stars
        (["pp01", "pp22"], 0),  # incomplete
    ],
)
def test_puerh11_amb42_cake_scores_sum_of_stars_times_sum_of_values(
    cake: list[str], vp: int
) -> None:
    """PUERH-11, AMB-42, SCORE-11: a complete cake scores (sum of stars) x (sum of centre
    values); with no stars or no value, or incomplete, it scores 0."""
    _, s = xgame()
    assert cake_vp(s.ctx, cake) == vp
    give_puerh_sets(s, 0, [cake])
    assert live_breakdown(s)[0]["puerh"] == vp  # SCORE-11


@pytest.mark.rule("PUERH-12")
def test_puerh12_player_chooses_the_order_of_buying_and_placing() -> None:
    """PUERH-12: any Market token may be bought (and placed) first."""
    game, s = xgame()
    set_market(s, ["pp05", "pp10", "pp21"])
    set_leaves(s, 0, fresh={6: 12}, fermented={6: 12})
    play_strength(game, s, 3)
    play(game, s, "market")
    assert legal(s) == ["premium 1", "premium 2", "premium 3"]
    play(game, s, "premium 3")
    pay_all(game, s)
    play(game, s, "cake 0", "premium 1")
    pay_all(game, s)
    play(game, s, "cake 0")
    assert s.players[0].puerh_sets == [["pp21"], ["pp05"]]


@pytest.mark.rule("AMB-41")
def test_amb41_a_token_joins_exactly_one_set_no_bridging() -> None:
    """AMB-41: a new token starts a set or joins exactly one incomplete set; placed tokens
    never move."""
    # The AMB-41 variant "bridging" (one new token joining two single tokens into one set) is
    # not implemented in the engine: there is no option for it and no move that joins two sets.
    game, s = xgame()
    give_puerh_sets(s, 0, [["pb11"], ["pb12"]])
    set_storage(s, ["pb13"])
    court_turn(game, s, "h04", take_all=True)
    play(game, s, "basic 1")
    assert legal(s) == ["cake 0", "cake 1", "cake 2"]
    play(game, s, "cake 2")
    assert s.players[0].puerh_sets == [["pb11"], ["pb12", "pb13"]]


# ================================================================================================
# DECREE - Imperial Decrees
# ================================================================================================

REGIONS = ["p1", "p2", "p3", "c1", "c2", "c3", "c4"]
CAKES = [[f"pb{i:02d}", f"pb{i + 1:02d}", f"pb{i + 2:02d}"] for i in (1, 4, 7)]


def reach(s: TeaGardenState, seat: int, kind: str, amount: int) -> None:
    """Bring ``seat`` to ``amount`` on the Decree condition ``kind`` (DECREE-07)."""
    p = s.players[seat]
    if kind == "river":
        set_boat(s, seat, amount)
    elif kind == "emperor":
        set_emperor(s, seat, row=amount)
    elif kind == "university":
        p.uni_centre = amount
    elif kind == "gardens":  # built from the board, beside the Sichuan garden
        for region in REGIONS[:amount]:
            add_garden(s, seat, region)
    elif kind == "caravans":
        p.caravans = sorted(s.ctx.caravans)[:amount]
    elif kind == "cups":
        set_cup_rows(s, seat, [sorted(s.ctx.cup_tiles)[:amount]] if amount else [])
    else:
        give_puerh_sets(s, seat, CAKES[:amount])


Side = Literal["brown", "red"]
SIDES: tuple[Side, ...] = ("brown", "red")
DECREE_KINDS = ("river", "emperor", "university", "gardens", "caravans", "cups", "puerh")
DECREE_CASES = [(kind, side) for kind in DECREE_KINDS for side in SIDES]


@pytest.mark.rule("DECREE-02", "DECREE-07", "AMB-49")
@pytest.mark.parametrize(("kind", "side"), DECREE_CASES)
def test_decree07_each_condition_is_met_at_its_target(kind: str, side: Side) -> None:
    """DECREE-07: River segment, Emperor row, University centre Workers, gardens built, Caravan
    cards, Cup tiles, complete cakes. DECREE-02: met, the seat is recorded on the tile at once
    (checked after the seat's move, AMB-49)."""
    decree = f"d_{kind}"
    for below in (True, False):
        game, s = xgame()
        set_decrees(s, [(decree, side)])
        tile = s.ctx.decrees[decree]
        target = (tile.brown if side == "brown" else tile.red).target
        reach(s, 0, kind, target - 1 if below else target)
        play(game, s, "pass")
        fulfilled = court(s).decrees[0].fulfilled
        assert fulfilled == ([] if below else [0])
        assert s.players[0].courtiers == (2 if below else 3)


@pytest.mark.rule("DECREE-03", "DECREE-02", "SCORE-12")
def test_decree03_first_and_second_fulfillers_score_in_order() -> None:
    """DECREE-03: the first fulfiller takes the better VP space, the second the other.
    DECREE-02, SCORE-12: those VP count at the end."""
    game, s = xgame()
    set_decrees(s, [("d_university", "brown")])  # 6 / 3 VP
    s.seat = s.start_seat = 1
    reach(s, 1, "university", 1)
    play(game, s, "pass")  # seat 1 first
    reach(s, 0, "university", 1)
    play_strength(game, s, 1)  # seat 0 second, mid-turn
    assert court(s).decrees[0].fulfilled == [1, 0]
    parts = live_breakdown(s)
    assert (parts[1]["decrees"], parts[0]["decrees"]) == (6, 3)


@pytest.mark.rule("DECREE-04", "DECREE-05", "COURT-06")
def test_decree04_05_each_fulfilment_frees_a_courtier_up_to_two() -> None:
    """DECREE-04, COURT-06: each fulfilment brings a waiting Courtier, at most 2 extra (4 in
    all). DECREE-05: any number of different Decrees, each once."""
    game, s = xgame()
    set_decrees(s, [("d_university", "brown"), ("d_caravans", "brown"), ("d_puerh", "brown")])
    solo_seat_0(s)
    reach(s, 0, "university", 1)
    reach(s, 0, "caravans", 3)
    reach(s, 0, "puerh", 1)
    give_hand(s, 0, ["s01", "s02"])
    play(game, s, "select s01")
    assert [d.fulfilled for d in court(s).decrees] == [[0], [0], [0]]
    p = s.players[0]
    assert (p.courtiers, p.courtiers_waiting) == (4, 0)  # 2 + 2, not 5
    play(game, s, "select s02", "play s01")
    ferment_and_end(game, s)
    reach(s, 0, "university", 2)
    play_strength(game, s, 1)
    assert [d.fulfilled for d in court(s).decrees] == [[0], [0], [0]]  # DECREE-05: once
    assert live_breakdown(s)[0]["decrees"] == 6 + 6 + 5


@pytest.mark.rule("DECREE-01")
def test_decree01_decrees_stay_all_game() -> None:
    """DECREE-01: the 4 Decrees (and their sides) do not change between rounds."""
    game, s = xgame()
    before = [(d.id, d.side) for d in court(s).decrees]
    for _ in range(4):
        end_round_by_passing(game, s)
    assert s.round == 5
    assert [(d.id, d.side) for d in court(s).decrees] == before


@pytest.mark.rule("DECREE-06", "DECREE-08")
def test_decree06_08_red_side_harder_and_better_one_tile_per_condition() -> None:
    """DECREE-06: the red side is harder and pays more. DECREE-08: the lower number is the
    brown side; the 7 tiles match the 7 conditions one to one."""
    _, s = xgame()
    decrees = s.ctx.decrees.values()
    assert sorted(d.kind for d in decrees) == sorted(DECREE_KINDS)
    printed = {"university": (1, 2), "gardens": (4, 5), "caravans": (3, 5), "cups": (4, 7)}
    printed["puerh"] = (1, 2)
    for d in decrees:
        assert d.brown.target < d.red.target, d.id
        assert d.brown.vps[0] < d.red.vps[0] and d.brown.vps[1] < d.red.vps[1], d.id
        assert d.brown.vps[0] > d.brown.vps[1] and d.red.vps[0] > d.red.vps[1], d.id
        if d.kind in printed:
            assert (d.brown.target, d.red.target) == printed[d.kind], d.id


@pytest.mark.rule("AMB-46")
def test_amb46_third_fulfiller_no_vp_but_recorded_and_a_courtier() -> None:
    """AMB-46: a third player to fulfil gets no VP, but is recorded and frees a Courtier."""
    game, s = xgame(3)
    set_decrees(s, [("d_university", "brown")])
    for seat in range(3):
        assert s.seat == seat
        reach(s, seat, "university", 1)
        play(game, s, "pass")
    assert court(s).decrees[0].fulfilled == [0, 1, 2]
    assert [p.courtiers for p in s.players] == [3, 3, 3]
    assert [parts["decrees"] for parts in live_breakdown(s)] == [6, 3, 0]


@pytest.mark.rule("AMB-47")
@pytest.mark.parametrize(
    ("count_all", "built", "met"), [(False, 3, False), (False, 4, True), (True, 3, True)]
)
def test_amb47_gardens_decree_excludes_sichuan_unless_variant(
    count_all: bool, built: int, met: bool
) -> None:
    """AMB-47: the Gardens Decree counts only gardens built from the board; the variant
    ``decree_gardens_count_all`` counts Sichuan too."""
    game, s = xgame(decree_gardens_count_all=count_all)
    set_decrees(s, [("d_gardens", "brown")])  # 4
    reach(s, 0, "gardens", built)
    play(game, s, "pass")
    assert court(s).decrees[0].fulfilled == ([0] if met else [])


@pytest.mark.rule("AMB-48", "AMB-49")
def test_amb48_reaching_or_passing_the_mark_counts() -> None:
    """AMB-48: a Boat that reaches the marked segment fulfils it at once (AMB-49: right after
    the move, mid-turn); one already past it fulfils it too."""
    game, s = xgame()
    set_decrees(s, [("d_river", "brown")])  # segment 4
    set_boat(s, 0, 3)
    play_strength(game, s, 1, top="s01")
    assert court(s).decrees[0].fulfilled == []
    play(game, s, "use 1")  # River: 3 -> 4
    assert court(s).decrees[0].fulfilled == [0]
    game, s = xgame()
    set_decrees(s, [("d_river", "brown")])
    set_boat(s, 0, 6)
    play(game, s, "pass")
    assert court(s).decrees[0].fulfilled == [0]


@pytest.mark.rule("AMB-49", "DECREE-04")
def test_amb49_decree_checked_mid_turn_completing_a_cake() -> None:
    """AMB-49: the Puerh Decree is fulfilled by the move that completes the cake, before the
    Hall's next effect and before the turn ends; the Courtier arrives at once."""
    game, s = xgame()
    set_decrees(s, [("d_puerh", "brown")])
    give_puerh_sets(s, 0, [["pb11", "pb12"]])
    set_storage(s, ["pb13"])
    court_turn(game, s, "h04", take_all=True)
    assert s.players[0].courtiers == 1
    play(game, s, "basic 1", "cake 1")
    offer = hall_offer(s)  # the Hall is not done yet: its Scroll is still offered
    assert offer is not None and offer.options == ((fx.GainScroll(kind="any"),),)
    assert court(s).decrees[0].fulfilled == [0]
    assert s.players[0].courtiers == 2


# ================================================================================================
# SCORE-11 ... SCORE-13
# ================================================================================================


@pytest.mark.rule("SCORE-11", "SCORE-12", "SCORE-13")
def test_score11_13_expansion_categories_in_the_final_score() -> None:
    """SCORE-11..13: complete cakes, Decree spaces and Hall VP join the final score, after the
    base categories; the E12 Emperor card scores 5 VP per complete cake, at most 4."""
    game, s = xgame()
    cakes = [[f"pb{i:02d}", f"pb{i + 1:02d}", f"pb{i + 2:02d}"] for i in (1, 4, 7, 10, 13)]
    give_puerh_sets(s, 0, cakes)  # 5 complete cakes of stars only: 0 VP each
    p = s.players[0]
    s.board.emperor_deck = [c for c in s.board.emperor_deck if c != "e17"]
    s.board.emperor_display = [c for c in s.board.emperor_display if c != "e17"]
    p.hand.append("e17")
    set_decrees(s, [("d_puerh", "red")])  # 2 cakes: 10 VP
    s.round = 5
    occupy(s, 0, 1, 4)
    s.seat = s.start_seat = 0
    play(game, s, "pass")  # the Decree check after seat 0's move
    play(game, s, "pass")
    outcome = s.outcome()
    parts = outcome.breakdown[0]
    assert tuple(parts) == CATEGORIES + EXPANSION_CATEGORIES
    assert parts["puerh"] == 0  # SCORE-11: cakes with no centre value
    assert parts["decrees"] == 10  # SCORE-12
    assert parts["halls"] == 5  # SCORE-13 with AMB-36: round 5's Halls score too
    assert parts["emperor_cards"] == 20  # SCORE-13, E12: 5 x min(5, 4)
    assert outcome.scores[0] == sum(parts.values())


# ================================================================================================
# Illegal expansion moves are refused and change nothing
# ================================================================================================


def _strength(n: int, **variants: bool) -> Callable[[], Game]:
    def position() -> Game:
        game, s = xgame(**variants)
        set_halls(s, ["h11", "h07"])
        set_market(s, ["pp05", "pp10", "pp22"])
        set_leaves(s, 0, fresh={1: 2}, fermented={1: 1})
        play_strength(game, s, n)
        return game, s

    return position


def _fresh() -> Game:
    return xgame()


def _no_courtier() -> Game:
    game, s = _strength(6)()
    s.players[0].courtiers = 0
    return game, s


def _occupied() -> Game:
    game, s = _strength(6)()
    occupy(s, 1, 1, 1)
    return game, s


def _after_court() -> Game:
    game, s = _strength(6)()
    play(game, s, "court 1 2")
    take_offers(game, s)
    return game, s


def _broke() -> Game:
    game, s = _strength(3)()
    set_leaves(s, 0)
    return game, s


def _buying() -> Game:
    game, s = _strength(1)()
    play(game, s, "market")
    return game, s


def _bought_one_at_s1() -> Game:
    game, s = _buying()
    play(game, s, "premium 2")  # pp10: 3 green
    pay_all(game, s)
    play(game, s, "cake 0")
    return game, s


def _taking_basic() -> Game:
    game, s = xgame()
    court_turn(game, s, "h04", take_all=True)
    return game, s


def _placing() -> Game:
    game, s = xgame()
    give_puerh_sets(s, 0, [["pb01", "pb02", "pb03"]])
    court_turn(game, s, "h04", take_all=True)
    play(game, s, "basic 1")
    return game, s


ILLEGAL = [
    ("space above strength (COURT-01)", _strength(5), "court 1 1"),
    ("no third Hall with 2 players (EXP-06)", _strength(6), "court 3 1"),
    ("no fifth space", _strength(6), "court 1 5"),
    ("no Courtier left (COURT-04)", _no_courtier, "court 1 2"),
    ("space taken (COURT-05)", _occupied, "court 1 1"),
    ("no main action before the cards (AMB-23)", _fresh, "court 1 4"),
    ("a second main action (TURN-06)", _after_court, "market"),
    ("nothing affordable (PUERH-04, AMB-05)", _broke, "market"),
    ("buying outside the Market action", _strength(3), "premium 1"),
    ("a token that cannot be paid (PUERH-04)", _buying, "premium 3"),
    ("stopping before any token (PUERH-03)", _buying, "stop"),
    ("a second token at S = 1 (PUERH-03)", _bought_one_at_s1, "premium 1"),
    ("no Basic token on offer (PUERH-02)", _strength(3), "basic 1"),
    ("no fourth Storage slot", _taking_basic, "basic 4"),
    ("no token to place", _strength(3), "cake 0"),
    ("no such set", _placing, "cake 2"),
    ("a complete cake (PUERH-08)", _placing, "cake 1"),
    ("ending the turn before placing (PUERH-07)", _placing, "end"),
]


@pytest.mark.parametrize(("why", "position", "text"), ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_expansion_move_is_refused_and_changes_nothing(
    why: str, position: Callable[[], Game], text: str
) -> None:
    """An illegal expansion move raises IllegalMoveError and leaves the state as it was."""
    del why
    game, s = position()
    assert text not in legal(s)
    assert_illegal(game, s, text)
