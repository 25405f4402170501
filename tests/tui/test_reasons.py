"""The reasons given for choices that cannot be taken now: true and specific, in positions set
up by hand (each one checked against the engine's refusal), and never the vague fallback in
seeded games."""

from __future__ import annotations

import re

from core.rng import Rng
from core.tea_garden import effects as fx
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from tea_tui.games.tea_garden.menu import COURT_KEY, MARKET_KEY, Item, Menu, build_menu

VAGUE = (
    "not possible now",
    "none affordable",
    "cannot be played now",
    "a leaf",
    "nothing to gain now",
    "it would change nothing now",
)
"""What a reason said before it named the real cause."""


def after_playing(
    seed: int = 2, *, puerh: bool = False, strength: int | None = None
) -> TeaGardenState:
    """Seat 0 has played its first card and has the main action to choose."""
    game = TeaGardenGame(num_seats=2, start_seat=0, options=Options(puerh=puerh))
    s = game.new_state(seed)
    card = s.me.hand[0]
    s.apply(mv.Select(card))
    s.apply(mv.Commit(card))
    while s.pending:  # no fee in slot 1, but be safe
        s.apply(s.legal_moves()[0])
    if strength is not None:
        s.turn.strength = strength
    return s


def menu(s: TeaGardenState) -> Menu:
    obs = s.observation(s.seat)
    return build_menu(obs, s.legal_moves(), s.ctx)


def item(s: TeaGardenState, start: str) -> Item:
    return next(i for i in menu(s).items if i.label.startswith(start))


def test_the_emperor_track_names_the_leaf_quality_it_needs() -> None:
    """Tokens enough and leaves to spare, but none of the quality the row asks for."""
    s = after_playing()
    p = s.me
    p.emperor_row = 1  # row 2 asks for a leaf of quality 2 or more
    p.emperor_tokens = 2
    p.fresh = [4, 0, 0, 0, 0, 0]
    p.fermented = [2, 0, 0, 0, 0, 0]
    assert mv.AdvanceEmperor() not in s.legal_moves()
    reason = item(s, "Emperor track").reason
    assert reason == "needs 1 leaf of quality 2 or more (none of yours pays it)"
    p.fresh[1] = 1
    assert mv.AdvanceEmperor() in s.legal_moves() and item(s, "Emperor track").enabled


def test_the_emperor_track_counts_the_tokens_only_when_they_are_short() -> None:
    s = after_playing()
    p = s.me
    p.emperor_tokens = 1
    p.fresh = [3, 0, 0, 0, 0, 0]
    assert mv.AdvanceEmperor() not in s.legal_moves()
    assert item(s, "Emperor track").reason == "needs 2 Emperor tokens (you have 1)"
    p.fresh = [0] * 6
    p.fermented = [0] * 6
    reason = item(s, "Emperor track").reason
    assert reason == "needs 2 Emperor tokens (you have 1) and 1 leaf (you have none)"


def test_the_emperor_track_says_when_no_card_slot_is_left() -> None:
    """In the card phase with every slot filled, the tokens and leaves are not the point."""
    game = TeaGardenGame(num_seats=2, start_seat=0)
    s = game.new_state(2)
    p = s.me
    p.emperor_tokens, p.fresh = 2, [2, 0, 0, 0, 0, 0]
    p.stacks = [[c] for c in p.draw[:4]]
    assert mv.AdvanceEmperor() not in s.legal_moves()
    assert item(s, "Emperor track").reason == "no card slot left this round"


def test_build_says_which_strength_it_needs() -> None:
    s = after_playing(strength=1)
    assert not any(isinstance(m, mv.Build) for m in s.legal_moves())
    assert item(s, "Build").reason == "the cheapest Pagoda needs strength 2 (you have 1)"
    s.me.pagodas = [False] * len(s.me.pagodas)
    s.turn.strength = 9
    assert not any(isinstance(m, mv.Build) for m in s.legal_moves())
    assert item(s, "Build").reason == "no Pagoda left on your board"


def test_buy_and_caravan_name_the_strength_or_the_leaves() -> None:
    s = after_playing(strength=0)
    s.me.fresh = [0] * 6
    s.me.fermented = [0] * 6
    assert not any(isinstance(m, mv.Buy | mv.TakeCaravan) for m in s.legal_moves())
    buy = item(s, "Buy").reason
    pattern = r"the card within strength 0 (costs more leaves|needs Teapots)"
    assert re.match(pattern, buy) and buy.endswith("; strength 1 reaches card 2"), buy
    caravan = item(s, "Take a Caravan").reason
    assert re.fullmatch(r"the cheapest Caravan needs strength \d+ \(you have 0\)", caravan)
    s.turn.strength = 9
    assert item(s, "Take a Caravan").reason == "you cannot pay the leaves of any Caravan's trade"


def test_the_noble_court_says_why_no_courtier_can_go() -> None:
    """A closed Court: too little strength, then no Courtier ready (and where they are)."""
    s = after_playing(puerh=True, strength=1)
    assert not any(isinstance(m, mv.NobleCourt) for m in s.legal_moves())
    court = item(s, "Noble Court")
    assert court.key == COURT_KEY
    assert court.reason == "the cheapest free space needs strength 2 (you have 1)"
    s.turn.strength = 5
    assert court_state(s).occupancy[0][0] == -1
    court_state(s).occupancy[0][0] = 0
    s.me.courtiers, s.me.courtiers_waiting = 0, 2
    assert not any(isinstance(m, mv.NobleCourt) for m in s.legal_moves())
    assert item(s, "Noble Court").reason == (
        "no Courtier ready (1 under the Halls come back when the round's Halls score; "
        "2 more come with fulfilled Imperial Decrees)"
    )


def court_state(s: TeaGardenState):  # type: ignore[no-untyped-def]
    court = s.board.court
    assert court is not None
    return court


def test_the_puerh_market_says_why_nothing_can_be_bought() -> None:
    s = after_playing(puerh=True, strength=0)
    assert mv.PuerhMarket() not in s.legal_moves()
    market = item(s, "Puerh Market")
    assert market.key == MARKET_KEY
    assert market.reason == "needs strength 1 (you have 0)"
    s.turn.strength = 3
    s.me.fresh = [0] * 6
    s.me.fermented = [0] * 6
    assert mv.PuerhMarket() not in s.legal_moves()
    reason = item(s, "Puerh Market").reason
    assert reason.startswith("you cannot pay for any token in the Market (the cheapest costs ")


def test_a_top_card_offer_says_what_it_lacks() -> None:
    """Producing Cups with gardens only where no Cup stack is, and a Boat at the River's end."""
    for seed in range(30):
        game = TeaGardenGame(num_seats=2, start_seat=0)
        s = game.new_state(seed)
        kinds = {
            c: [e for e in s.ctx.cards[c].top if isinstance(e, fx.Secondary)] for c in s.me.hand
        }
        card = next((c for c, e in kinds.items() if e and e[0].action in ("cup", "river")), None)
        if card is None:
            continue
        action = kinds[card][0].action
        if action == "river":
            s.me.boat = len(s.ctx.components.river.segments) - 1
        s.apply(mv.Select(card))
        s.apply(mv.Commit(card))
        offer = next(i for i in menu(s).items if i.group == "Top card")
        if offer.enabled:
            continue  # a Cup stack open to the start garden in this deal
        assert mv.UseTop(1) not in s.legal_moves()
        expected = {
            "cup": "none of your gardens is in a Province with Cup tiles left",
            "river": "your Boat is at the end of the River",
        }[action]
        assert offer.reason == expected
        return
    raise AssertionError("no card offering the River or Cups found")


def test_a_card_names_the_fee_it_cannot_pay() -> None:
    game = TeaGardenGame(num_seats=2, start_seat=0)
    s = game.new_state(2)
    p = s.me
    p.stacks = [[c] for c in p.draw[:3]]  # slot 4 next, with its fee
    p.fresh, p.fermented = [2, 0, 0, 0, 0, 0], [0] * 6
    assert not any(isinstance(m, mv.Select) for m in s.legal_moves())
    cards = [i for i in menu(s).items if i.toggle]
    assert cards and all(
        i.reason == "the fee of card slot 4 is 1 fermented and 2 leaves, more than you have"
        for i in cards
    ), [i.reason for i in cards]


def test_a_card_chosen_alone_says_what_shuts_out_the_others() -> None:
    """After a lone Select (as a hint once made), the cards before it cannot join: say so."""
    game = TeaGardenGame(num_seats=2, start_seat=0)
    s = game.new_state(2)
    last = max(s.me.hand)
    s.apply(mv.Select(last))
    blocked = [i for i in menu(s).items if i.toggle and not i.enabled]
    assert blocked
    name = s.ctx.cards[last].name
    assert all(i.reason.startswith(f"{name} was chosen first") for i in blocked)


def test_no_vague_reason_and_every_strength_figure_is_the_turns() -> None:
    """Seeded games, base and expansion: every disabled item has a specific reason, and a
    reason that quotes the strength quotes the turn's."""
    seen = 0
    for seed in range(8):
        game = TeaGardenGame(num_seats=2 + seed % 2, options=Options(puerh=seed % 2 == 1))
        s = game.new_state(seed)
        rng = Rng.from_seed(seed)
        while not s.over:
            legal = s.legal_moves()
            if not s.pending and (s.luyu is None or s.seat != s.luyu.seat):
                for it in menu(s).items:
                    if it.enabled:
                        continue
                    seen += 1
                    assert not any(it.reason == v or it.reason.endswith(v) for v in VAGUE), it
                    for need, have in re.findall(r"strength (\d+) \(you have (\d+)", it.reason):
                        assert int(have) == s.turn.strength and int(need) > int(have), it
            active = [m for m in legal if not isinstance(m, mv.Pass)] or list(legal)
            s.apply(rng.choice(active))
    assert seen > 100


def test_a_premium_token_out_of_reach_is_listed_with_its_price() -> None:
    """While buying Puerh, a Market token the leaves cannot pay stays in the list, dimmed,
    with its price; the others are the engine's moves."""
    for seed in range(20):
        s = after_playing(seed, puerh=True, strength=5)
        s.me.fresh, s.me.fermented = [0, 1, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]
        if mv.PuerhMarket() not in s.legal_moves():
            continue
        s.apply(mv.PuerhMarket())
        items = menu(s).items
        dimmed = [i for i in items if not i.enabled]
        if not dimmed:
            continue
        legal = s.legal_moves()
        assert all(m in legal for i in items if i.enabled for m in i.moves)
        market = court_state(s).market
        out = [k for k, t in enumerate(market, start=1) if t and mv.BuyPremium(k) not in legal]
        assert len(out) == len(dimmed)
        for slot, i in zip(out, dimmed, strict=True):
            cost = s.ctx.puerh_tokens[market[slot - 1]].cost
            assert i.reason.startswith("costs ") and i.reason.endswith("more than you can pay")
            assert f"{cost.green} lea" in i.reason or f"{cost.brown} fermented" in i.reason
        return
    raise AssertionError("no Market with a token out of reach found")


def test_a_halls_gain_out_of_reach_keeps_its_place_with_the_reason() -> None:
    """A Hall's gains in any order: producing Cups with no Cup stack open is listed first,
    dimmed, with why; the VP keep key 2; Stop is n."""
    s = after_playing(puerh=True)
    options = ((fx.Secondary(action="cup"),), (fx.ScoreVP(n=1),))
    s.pending.append(st.ChooseOption(options=options, source="hall:test", any_order=True))
    assert s.legal_moves() == (mv.ChooseOption(2), mv.Stop())
    items = menu(s).items
    assert [(i.key, i.enabled) for i in items] == [("1", False), ("2", True), ("n", True)]
    assert items[0].reason == "none of your gardens is in a Province with Cup tiles left"
    assert items[1].moves == (mv.ChooseOption(2),)
