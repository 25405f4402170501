"""The readable game log: a sentence for every move kind, the changes it made, no hidden cards."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache

import pytest

from core.moves import Move
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.context import Options
from core.tea_garden.narrate import describe, describe_effects, effect_text, log_line
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import GameData
from tests.core.tea_garden.scenario import (
    commit,
    give_hand,
    new_game,
    play,
    set_halls,
    set_leaves,
)

Step = tuple[TeaGardenState, Move, TeaGardenState]


def _steps(players: int, seed: int, eager: bool = True) -> Iterator[Step]:
    """Play a seeded random game, yielding (state before, move, state after) for every move.

    ``eager`` prefers doing something over passing or stopping, so games reach every move kind.
    """
    # Odd seeds play the late-cards variant (AMB-23) and seeds 2, 3 mod 4 the Puerh expansion,
    # so that their moves are narrated too.
    options = Options(late_cards=seed % 2 == 1, puerh=seed % 4 >= 2)
    _, s = new_game(players, seed, start_seat=seed % players, options=options)
    rng = Rng.from_seed(seed * 31 + players)
    while not s.is_over():
        legal = s.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop | mv.EndTurn)]
        move = rng.choice(active if eager and active and rng.random() < 0.9 else legal)
        before = s.clone()
        s.apply(move)
        yield before, move, s.clone()


@cache
def _examples() -> dict[type[Move], Step]:
    """One example of every move kind, from seeded random games."""
    found: dict[type[Move], Step] = {}
    for seed in range(60):
        for before, move, after in _steps(2 + seed % 3, seed):
            found.setdefault(type(move), (before, move, after))
        if len(found) == len(mv.MOVE_CLASSES):
            break
    return found


# --- expected key words per move kind, worked out from the state before the move ------------


def _commit_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.Commit)
    stack = [c for c in g.turn.selected if c != m.top] + [m.top]
    strength = g.turn.strength + sum(g.ctx.cards[c].strength for c in stack)
    return [g.ctx.cards[c].name for c in stack] + [f"strength {strength}"]


def _build_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.Build)
    region = g.ctx.region(m.region)
    return ["builds", region.name, f"value {region.value}"]


def _buy_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.Buy)
    return ["buys", g.ctx.cards[g.board.action_display[m.slot - 1]].name, f"slot {m.slot}"]


def _caravan_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.TakeCaravan)
    cid = g.board.caravan_display[m.slot - 1]
    value = g.ctx.caravans[cid].strengths[m.strength - 1].strength
    return [f"Caravan {g.ctx.caravans[cid].name}", f"trade {m.trade}", f"strength {value}"]


def _pay_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.PayLeaf)
    top = g.pending[-1]
    assert isinstance(top, st.PayLeaves)
    side = "fresh" if m.side == "g" else "fermented"
    kind, _, rest = top.purpose.partition(":")
    purpose = {
        "fee": "fee of card slot",
        "buy": g.ctx.cards[rest].name if kind == "buy" else "",
        "caravan": f"Caravan {g.ctx.name(rest.split(':')[0])}",
        "emperor": "Emperor track",
        "repeat": "to repeat",
    }[kind]
    return [f"pays a {side} leaf of quality {m.quality}", purpose]


def _cover_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.CoverTeapot)
    top = g.pending[-1]
    assert isinstance(top, st.CoverTeapots)
    return ["Teapot", g.ctx.cards[top.card].name]


def _harvest_from_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.HarvestFrom)
    region = g.ctx.region(m.region)
    return [region.name, f"quality {region.value}"]


def _card_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.Discard | mv.RemoveCard | mv.TakeEmperorCard | mv.AddCard)
    return [g.ctx.cards[m.card].name]


def _tile_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.PlaceCupTile)
    province = next(p for p in g.ctx.components.map.provinces if p.id == m.province)
    return ["Cup tile", province.name, "new Cup row" if m.row == 0 else f"Cup row {m.row}"]


def _cup_bonus_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.ChooseCupBonus)
    top = g.pending[-1]
    assert isinstance(top, st.ChooseCupBonus)
    tiles = [g.ctx.cup_tiles[t] for t in g.me.cup_rows[top.row]]
    left, right = tiles[top.connection].right, tiles[top.connection + 1].left
    cup = left if m.side == "l" else right
    province = next(p for p in g.ctx.components.map.provinces if p.id == cup.colour)
    side = "left" if m.side == "l" else "right"
    return [f"{side} Cup ({province.name})", effect_text(cup.bonus)]


def _part_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.ChoosePart)
    return [f"part {m.index}", f"sector {g.me.uni_sector}"]


def _slot_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.SpendCupToken | mv.PlaceToken)
    return ["Cup token", f"connection {m.connection}", f"row {m.row}"]


def _scroll_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.PickScroll)
    return ["picks " + {"plus1": "a +1", "teapot": "a Teapot", "x2": "an x2"}[m.kind] + " Scroll"]


def _sell_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.SellLeaf)
    side, vp = ("fresh", 1) if m.side == "g" else ("fermented", 2)
    return [f"sells a {side} leaf of quality {m.quality} for {vp} VP"]


STOP_PHRASES: dict[type, str] = {
    st.FermentLeaves: "stops fermenting",
    st.HarvestGardens: "stops harvesting",
    st.SellLeaves: "stops selling",
    st.MayDraw: "declines to draw",
    st.MayRemove: "declines to remove a card",
}


def _hall_words(g: GameData, top: st.ChooseOption) -> str:
    """Name the Hall whose offer is on top, e.g. "the Hall of Tribute" (COURT-02)."""
    kind, _, hall = top.source.partition(":")
    assert kind == "hall"
    return f"the {g.ctx.halls[hall].name}"


def _stop_words(g: GameData, m: Move) -> list[str]:
    top = g.pending[-1]
    if isinstance(top, st.ChooseOption) and top.any_order:  # declining a Hall's offers
        return ["takes nothing", f"from {_hall_words(g, top)}"]
    return [STOP_PHRASES[type(top)]]


def _repeat_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.Repeat)
    how = "with an x2 Scroll" if m.method == "scroll" else "by paying 3 fermented leaves"
    action = {"river": "River", "cup": "Cup", "university": "University"}[g.turn.secondary]
    return ["repeats", action, how]


def _option_words(g: GameData, m: Move) -> list[str]:
    assert isinstance(m, mv.ChooseOption)
    top = g.pending[-1]
    assert isinstance(top, st.ChooseOption)
    chosen = effect_text(top.options[m.index - 1])
    if top.any_order:  # one of a Hall's offers (COURT-02)
        return [f"takes from {_hall_words(g, top)}: {chosen}"]
    return ["chooses to " + chosen]


def _field_words(template: str) -> Callable[[GameData, Move], list[str]]:
    """Key words filled in from the move's fields, e.g. "quality {quality}"."""

    def words(g: GameData, m: Move) -> list[str]:
        fields = {f: getattr(m, f) for f in m.__struct_fields__}
        fields["strength"] = g.turn.strength
        fields["plus_one"] = g.turn.strength + 1
        fields["row"] = g.me.emperor_row + 1
        return [template.format(**fields)]

    return words


EXPECTED: dict[type[Move], Callable[[GameData, Move], list[str]]] = {
    mv.Pass: _field_words("passes for the rest of the round"),
    mv.Select: _field_words("chooses a card to play"),
    mv.Commit: _commit_words,
    mv.AddCard: _card_words,
    mv.NobleCourt: _field_words("sends a Courtier to the Hall"),
    mv.PuerhMarket: _field_words("goes to the Puerh Market"),
    mv.BuyPremium: _field_words("Market slot {slot}"),
    mv.TakeBasic: _field_words("Storage slot {slot}"),
    mv.PlacePuerh: _field_words("Puerh token"),
    mv.EndTurn: _field_words("ends the turn"),
    mv.Build: _build_words,
    mv.Buy: _buy_words,
    mv.TakeCaravan: _caravan_words,
    mv.Ferment: _field_words("ferments as the main action (up to {strength} lea"),
    mv.Harvest: _field_words("Extra Harvest (up to {strength} garden"),
    mv.UseTop: lambda g, m: ["uses " + g.ctx.cards[g.turn.top].name],
    mv.Repeat: _repeat_words,
    mv.AdvanceEmperor: _field_words("climbs to row {row} of the Emperor track"),
    mv.SpendCupToken: _slot_words,
    mv.UsePlus1: _field_words("discards a +1 Scroll (strength {plus_one})"),
    mv.PayLeaf: _pay_words,
    mv.CoverTeapot: _cover_words,
    mv.PickScroll: _scroll_words,
    mv.PlaceToken: _slot_words,
    mv.FlipLeaf: _field_words("ferments a fresh leaf of quality {quality}"),
    mv.HarvestFrom: _harvest_from_words,
    mv.SellLeaf: _sell_words,
    mv.Stop: _stop_words,
    mv.DrawCards: _field_words("draws"),
    mv.Discard: _card_words,
    mv.RemoveCard: _card_words,
    mv.TakeEmperorCard: _card_words,
    mv.ChooseOption: _option_words,
    mv.ChoosePart: _part_words,
    mv.PlaceCupTile: _tile_words,
    mv.ChooseCupBonus: _cup_bonus_words,
}


SOLO_MOVES = (mv.LuYuTurn, mv.LuYuPass)
"""Lu Yu's moves are narrated from his turn's notes: see test_luyu_turn.py."""
PLAYER_MOVES = tuple(k for k in mv.MOVE_CLASSES if k not in SOLO_MOVES)


def test_every_move_kind_has_expectations() -> None:
    assert set(EXPECTED) | set(SOLO_MOVES) == set(mv.MOVE_CLASSES)


@pytest.mark.parametrize("kind", PLAYER_MOVES, ids=lambda k: k.keyword())
def test_sentence_for_every_move_kind(kind: type[Move]) -> None:
    examples = _examples()
    assert kind in examples, f"no random game reached a {kind.keyword()} move"
    before, move, after = examples[kind]
    text = describe(before, move)
    assert text.startswith(f"Seat {before.seat + 1} ")
    for word in EXPECTED[kind](before, move):
        assert word in text, f"{word!r} missing from {text!r}"
    named = describe(before, move, ["Ann", "Bo", "Cy", "Di"])
    assert named.startswith(("Ann", "Bo", "Cy", "Di")[before.seat] + " ")
    line = log_line(before, move, after)
    assert line.startswith(text)


# --- scenarios with exact sentences ---------------------------------------------------------


def test_playing_cards_names_them_only_once_played() -> None:
    game, s = new_game(2, seed=1, start_seat=1)
    give_hand(s, 1, ["s01", "s03"])
    assert describe(s, mv.Select("s01")) == "Seat 2 chooses a card to play (1 card chosen)"
    play(game, s, "select s01")
    text = describe(s, mv.Select("s03"))
    assert text == "Seat 2 chooses a card to play (2 cards chosen)"
    assert "Clay Cup" not in text and "Morning Pick" not in text
    play(game, s, "select s03")
    assert (
        describe(s, mv.Commit("s03"))
        == "Seat 2 plays Morning Pick and Clay Cup (strength 2), Clay Cup on top"
    )
    assert describe(s, mv.Commit("s01")).endswith("Morning Pick on top")


def test_build_names_region_value_and_space_vp() -> None:
    game, s = new_game(2, seed=3, start_seat=0)
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")
    move = mv.Build(1, "p2", 1)
    assert describe(s, move) == "Seat 1 builds in Qimen (Anhui, value 2) on a 1-VP space"
    assert describe(s, mv.Build(1, "p2", 2)).endswith("on a space without VP")
    before = s.clone()
    s.apply(move)
    gained = s.players[0].vp - before.players[0].vp
    assert gained >= 1
    assert f"{gained} VP" in describe_effects(before, s, 0)


def test_caravan_and_its_payment() -> None:
    game, s = new_game(2, seed=4, start_seat=0)
    s.board.caravan_display[0] = "cv_b01"
    give_hand(s, 0, ["s11"])
    set_leaves(s, 0, fresh={1: 2})
    commit(game, s, ["s11"], "s11")
    move = mv.TakeCaravan(1, 1, 1)
    assert describe(s, move) == "Seat 1 takes the Caravan Salt Road Mules (trade 1, strength 2)"
    s.apply(move)
    assert describe(s, mv.PayLeaf("g", 1)) == (
        "Seat 1 pays a fresh leaf of quality 1 for the Caravan Salt Road Mules"
    )
    play(game, s, "pay g 1")
    before = s.clone()
    s.apply(mv.PayLeaf("g", 1))
    # trade 1 pays 2 VP, strength 2 pays 2 fresh leaves of quality 2
    assert describe_effects(before, s, 0) == (
        "gains 2 fresh leaves of quality 2, the Caravan Salt Road Mules and 2 VP; "
        "loses a fresh leaf of quality 1"
    )


def test_buy_with_a_teapot_scroll() -> None:
    game, s = new_game(2, seed=5, start_seat=0)
    s.board.action_display[0] = "a1_01"  # Ferry Errand: 1 leaf, needs a red Teapot
    give_hand(s, 0, ["s09"])  # Hillside Hand shows no Teapot
    set_leaves(s, 0, fresh={2: 1})
    s.players[0].teapot_scrolls = 1
    commit(game, s, ["s09"], "s09")
    assert describe(s, mv.Buy(1)) == "Seat 1 buys Ferry Errand from slot 1"
    s.apply(mv.Buy(1))
    assert describe(s, mv.CoverTeapot("scroll")) == (
        "Seat 1 covers a missing Teapot for Ferry Errand with a Teapot Scroll"
    )
    before = s.clone()
    s.apply(mv.CoverTeapot("scroll"))
    assert describe_effects(before, s, 0) == "loses a Teapot Scroll"
    before = s.clone()
    move = mv.PayLeaf("g", 2)
    assert describe(s, move) == "Seat 1 pays a fresh leaf of quality 2 for Ferry Errand"
    s.apply(move)
    dealt = s.ctx.card_name(s.board.action_display[-1])  # the display closes up, a card comes
    slot = len(s.board.action_display)
    assert log_line(before, move, s) == (
        "Seat 1 pays a fresh leaf of quality 2 for Ferry Errand"
        f" — takes Ferry Errand into hand; {dealt} is dealt into slot {slot}"
    )


def test_a_leaf_named_by_the_move_is_not_told_again() -> None:
    """Paying, selling, fermenting or harvesting one leaf says it once, in the sentence."""
    for before, move, after in _steps(2, seed=3):
        if isinstance(move, mv.PayLeaf | mv.SellLeaf | mv.FlipLeaf | mv.HarvestFrom):
            line = log_line(before, move, after)
            said, _, changes = line.partition(" — ")
            leaf = said.split(" ", 3)[-1].split(" for ")[0].split(" in ")[0]
            assert leaf.startswith(("a fresh leaf", "a fermented leaf")), said
            assert leaf not in changes, line
            if isinstance(move, mv.SellLeaf):  # "for 1 VP" is in the sentence already
                assert "VP" not in changes, line


def test_a_gain_the_sentence_promises_is_not_told_twice() -> None:
    """ "chooses part 1 … to gain 3 fresh leaves of quality 2" needs no "— gains …" after it."""
    seen = 0
    for seed in range(4):
        for before, move, after in _steps(2, seed):
            line = log_line(before, move, after)
            said, _, changes = line.partition(" — ")
            for clause in changes.split("; "):
                if clause.startswith("gains "):
                    seen += 1
                    assert "gain " + clause.removeprefix("gains ") not in said, line
    assert seen > 20


def test_fee_of_the_fourth_slot() -> None:
    game, s = new_game(2, seed=6, start_seat=0)
    s.players[0].stacks = [["s04"], ["s05"], ["s06"]]
    give_hand(s, 0, ["s01"])
    set_leaves(s, 0, fresh={1: 2}, fermented={3: 1})
    commit(game, s, ["s01"], "s01")
    assert describe(s, mv.PayLeaf("f", 3)) == (
        "Seat 1 pays a fermented leaf of quality 3 for the fee of card slot 4"
    )


def test_emperor_track_and_its_card() -> None:
    _, s = new_game(2, seed=7, start_seat=0)
    p = s.players[0]
    p.emperor_tokens = 2
    set_leaves(s, 0, fresh={1: 1})
    before = s.clone()
    assert describe(s, mv.AdvanceEmperor()) == (
        "Seat 1 climbs to row 1 of the Emperor track (2 Emperor tokens)"
    )
    s.apply(mv.AdvanceEmperor())
    assert describe_effects(before, s, 0) == "loses 2 Emperor tokens"
    assert describe(s, mv.PayLeaf("g", 1)) == (
        "Seat 1 pays a fresh leaf of quality 1 for row 1 of the Emperor track"
    )
    s.apply(mv.PayLeaf("g", 1))
    card = s.board.emperor_display[0]
    name = s.ctx.cards[card].name
    assert describe(s, mv.TakeEmperorCard(card)) == f"Seat 1 takes the Emperor card {name}"
    before = s.clone()
    s.apply(mv.TakeEmperorCard(card))
    assert describe_effects(before, s, 0) == f"takes {name} into hand"
    assert describe(s, mv.Stop()) == "Seat 1 declines to remove a card"


def test_river_repeat_paid_in_fermented_leaves() -> None:
    game, s = new_game(2, seed=8, start_seat=0)
    give_hand(s, 0, ["s01"])
    set_leaves(s, 0, fermented={2: 3})
    commit(game, s, ["s01"], "s01")
    move = mv.UseTop(1)
    assert (
        describe(s, move) == "Seat 1 uses Morning Pick to move the Boat on the River to segment 1"
    )
    before = s.clone()
    s.apply(move)
    assert log_line(before, move, s).endswith(" — gains 1 Emperor token")
    assert describe(s, mv.Repeat("fermented")) == (
        "Seat 1 repeats the River action by paying 3 fermented leaves"
    )
    s.apply(mv.Repeat("fermented"))
    assert describe(s, mv.PayLeaf("f", 2)) == (
        "Seat 1 pays a fermented leaf of quality 2 to repeat the River action"
    )


def test_fermentation_and_stop() -> None:
    game, s = new_game(2, seed=9, start_seat=1)
    give_hand(s, 1, ["s10"])
    set_leaves(s, 1, fresh={3: 2})
    commit(game, s, ["s10"], "s10")
    assert describe(s, mv.Ferment()) == "Seat 2 ferments as the main action (up to 2 leaves)"
    s.apply(mv.Ferment())
    assert describe(s, mv.FlipLeaf(3)) == "Seat 2 ferments a fresh leaf of quality 3"
    before = s.clone()
    s.apply(mv.FlipLeaf(3))
    assert describe_effects(before, s, 1) == (
        "gains a fermented leaf of quality 3; loses a fresh leaf of quality 3"
    )
    assert describe(s, mv.Stop()) == "Seat 2 stops fermenting"
    assert describe(s, mv.EndTurn()) == "Seat 2 ends the turn"


def test_hall_offers_taken_one_by_one_and_declined() -> None:
    """COURT-02 (TT-10): each of a Hall's offers is named as it is taken; "stop" declines the
    rest."""
    game, s = new_game(2, seed=14, start_seat=0, options=Options(puerh=True))
    set_halls(s, ["h07", "h11"])  # Hall of Tribute: 2 Emperor tokens + 1 VP
    give_hand(s, 0, ["s11"])
    commit(game, s, ["s11"], "s11")
    play(game, s, "court 1 3")
    assert describe(s, mv.Stop()) == "Seat 1 takes nothing from the Hall of Tribute"
    assert describe(s, mv.ChooseOption(2)) == "Seat 1 takes from the Hall of Tribute: score 1 VP"
    before = s.clone()
    s.apply(mv.ChooseOption(2))
    assert log_line(before, mv.ChooseOption(2), s) == (
        "Seat 1 takes from the Hall of Tribute: score 1 VP — gains 1 VP"
    )
    assert describe(s, mv.ChooseOption(1)) == (
        "Seat 1 takes from the Hall of Tribute: gain 2 Emperor tokens"
    )
    assert describe(s, mv.Stop()) == "Seat 1 takes nothing more from the Hall of Tribute"


def test_seat_names_are_used() -> None:
    _, s = new_game(2, seed=2, start_seat=1)
    assert describe(s, mv.Pass()) == "Seat 2 passes for the rest of the round"
    assert describe(s, mv.Pass(), ["Ann", "Bo"]) == "Bo passes for the rest of the round"
    before = s.clone()
    s.apply(mv.Pass())
    assert log_line(before, mv.Pass(), s, ["Ann", "Bo"]) == "Bo passes for the rest of the round"


# --- what changed ---------------------------------------------------------------------------


def test_effects_list_gains_and_losses() -> None:
    _, s = new_game(2, seed=10)
    set_leaves(s, 0, fermented={1: 2})
    s.players[0].plus1 = 1
    before = s.clone()
    p = s.players[0]
    p.emperor_tokens += 1
    p.fresh[2] += 2
    p.fermented[0] -= 1
    p.x2 += 1
    p.plus1 -= 1
    p.vp += 2
    assert describe_effects(before, s, 0) == (
        "gains 1 Emperor token, 2 fresh leaves of quality 3, an x2 Scroll and 2 VP; "
        "loses a fermented leaf of quality 1 and a +1 Scroll"
    )
    assert describe_effects(before, s, 1) == ""
    assert describe_effects(before, before, 0) == ""


def test_effects_cup_tokens_and_university_centre() -> None:
    _, s = new_game(2, seed=11)
    before = s.clone()
    p = s.players[1]
    p.cup_rows = [["cup01", "cup02"]]
    p.cup_tokens = [[1]]
    p.workers -= 1
    p.uni_centre += 1
    assert describe_effects(before, s, 1) == (
        "gains 1 Cup token and 2 Cup tiles; sends 1 Worker to the University centre"
    )


def test_effect_text_of_printed_effects() -> None:
    _, s = new_game(2)
    ctx = s.ctx
    assert effect_text(ctx.components.university.sectors[0].parts[0].bonus) == (
        "gain 3 fresh leaves of quality 2"
    )
    assert effect_text(ctx.components.emperor_track.rows[1].reward) == (
        "gain a Scroll of any kind and score 2 VP"
    )
    assert effect_text(()) == "nothing"


# --- hidden information ---------------------------------------------------------------------


def _card_mentions(g: GameData, text: str) -> list[str]:
    cards = g.ctx.cards.items()
    return [c.name for i, c in cards if c.name in text or re.search(rf"\b{i}\b", text)]


def test_drawing_names_no_card() -> None:
    game, s = new_game(2, seed=12, start_seat=0)
    give_hand(s, 0, ["s08"])  # Sorting Basket: draw 1, then discard 1
    commit(game, s, ["s08"], "s08")
    play(game, s, "use 1")
    before = s.clone()
    s.apply(mv.DrawCards())
    drawn = [c for c in s.players[0].hand if c not in before.players[0].hand]
    assert len(drawn) == 1
    line = log_line(before, mv.DrawCards(), s)
    assert line == "Seat 1 draws 1 card and will discard 1"  # said once, no card named
    assert _card_mentions(s, line) == []


def test_maintenance_draw_is_counted_not_named() -> None:
    game, s = new_game(2, seed=13, start_seat=0)
    before = s.clone()
    play(game, s, "pass", "pass")
    assert s.round == 2
    effects = describe_effects(before, s, 0)
    assert "draws 4 cards" in effects
    assert _card_mentions(s, effects) == []
    assert log_line(before, mv.Pass(), s) == (
        "Seat 1 passes for the rest of the round — round 1 ends"
    )
    last = s.clone()
    last.round = 5
    end = last.clone()
    end.apply(mv.Pass())
    final = end.clone()
    final.apply(mv.Pass())
    assert log_line(end, mv.Pass(), final).endswith(" — the game is over")


def test_no_draw_in_random_games_names_a_card() -> None:
    for seed in range(6):
        for before, move, after in _steps(2 + seed % 3, seed):
            if isinstance(move, mv.DrawCards | mv.Select):
                line = log_line(before, move, after)
                assert _card_mentions(after, line) == [], line


# --- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("eager", [True, False])
def test_random_full_game_every_move_has_a_sentence(players: int, eager: bool) -> None:
    names = [f"Player {chr(65 + i)}" for i in range(players)]
    rounds_seen = 0
    line = ""
    for before, move, after in _steps(players, seed=21 + players, eager=eager):
        text = describe(before, move)
        assert text.startswith(f"Seat {before.seat + 1} ") and len(text) > len("Seat 1 ")
        assert text != f"Seat {before.seat + 1} plays {move}"  # not the catch-all
        line = log_line(before, move, after, names)
        assert line.startswith(names[before.seat] + " ")
        rounds_seen += line.endswith(" ends")
    assert rounds_seen == 4
    assert line.endswith(" — the game is over")
