"""The rulebook's worked examples EX-06 … EX-12 as Given / When / Then scenarios.

Rule IDs and the examples refer to ../shared/rules/tea_garden.md (section 31). The authored
components that fit them (docs/components/*.md): River segment 1 is EX-06, segments 3 and 4
are EX-10, Cup tiles cup01 + cup02 are EX-07, University sector 1 is EX-08, Emperor row 1 is
EX-09, Ferry Landing (s02: River, blue Teapot) and Jade Slope Academy (a4_04) are EX-10.
"""

from __future__ import annotations

import pytest

from core.errors import IllegalMoveError, NotYourTurnError
from core.tea_garden import moves as mv
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import live_breakdown
from tests.core.tea_garden.scenario import (
    add_garden,
    commit,
    end_round_by_passing,
    give_hand,
    give_scrolls,
    legal,
    new_game,
    play,
    put_action_card,
    set_boat,
    set_cup_rows,
    set_emperor,
    set_leaves,
    set_university,
)

SEED = 1


def finish_turn(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Take the Fermentation main action, ferment nothing and end the turn."""
    play(game, s, "ferment")
    if s.pending:
        play(game, s, "stop")
    play(game, s, "end")


# --- EX-06 River Navigation ------------------------------------------------------------------


def test_ex06_river_navigation() -> None:
    """Boat k -> k+1 gains 1 Emperor token now; the segment's 2 VP count only at the end."""
    # Given: the Boat on segment 0; segment 1 shows +1 Emperor token and 2 end-game VP;
    # the topmost card (Morning Pick) shows River Navigation.
    game, s = new_game(2, seed=SEED)
    give_hand(s, 0, ["s01"])
    commit(game, s, ["s01"], "s01")
    segment = s.ctx.components.river.segments[1]
    assert segment.vp == 2
    # When: he does the secondary action.
    play(game, s, "use 1")
    # Then: Boat on k+1, +1 Emperor token, no VP now (RIVER-01, RIVER-02).
    p = s.players[0]
    assert p.boat == 1
    assert p.emperor_tokens == 1
    assert p.vp == 0
    # ... and at game end, still on k+1, he scores +2 (SCORE-04).
    finish_turn(game, s)
    s.round = 5
    end_round_by_passing(game, s)
    assert s.is_over()
    assert s.outcome().breakdown[0]["river"] == 2


# --- EX-07 Cup token as a free action --------------------------------------------------------


def _ex07() -> tuple[TeaGardenGame, TeaGardenState]:
    """Seat 0 has cup01 | cup02 with 2 Cup tokens; its Cups give 1 Emperor token or 3 VP."""
    game, s = new_game(2, seed=SEED)
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=2)
    return game, s


@pytest.mark.parametrize(
    ("side", "tokens", "vp"), [("l", 1, 0), ("r", 0, 3)], ids=["emperor-token", "3vp"]
)
@pytest.mark.parametrize("played", [False, True], ids=["before-cards", "after-cards"])
def test_ex07_cup_token_as_a_free_action(side: str, tokens: int, vp: int, played: bool) -> None:
    """Removing one token gives exactly one of the two Cups' bonuses, before or after cards."""
    # Given: a connection with >= 1 Cup token between "+1 Emperor token" and "+3 VP".
    game, s = _ex07()
    give_hand(s, 0, ["s09"])
    if played:
        commit(game, s, ["s09"], "s09")
    # When: they remove 1 token from that connection.
    play(game, s, "spend 1 1")
    assert legal(s) == ["cup_bonus l", "cup_bonus r"]  # CUP-06: their choice
    play(game, s, f"cup_bonus {side}")
    # Then: one token fewer, and exactly one of the two bonuses (CUP-05/06).
    p = s.players[0]
    assert p.cup_tokens == [[1]]
    assert (p.emperor_tokens, p.vp) == (tokens, vp)
    assert not s.pending


def test_ex07_negative_not_during_another_players_turn() -> None:
    """Spending the Cup token while seat 1 is to play is illegal."""
    game, s = _ex07()
    give_hand(s, 0, ["s09"])
    commit(game, s, ["s09"], "s09")
    finish_turn(game, s)
    assert s.seat == 1
    before = s.clone()
    with pytest.raises(NotYourTurnError, match="spend 1 1"):
        s.apply(game.parse_move("spend 1 1"), seat=0)
    assert legal(s, mv.SpendCupToken) == []  # seat 1 has no Cup tokens of its own
    with pytest.raises(IllegalMoveError, match="spend 1 1"):
        s.apply(game.parse_move("spend 1 1"))
    assert s == before
    assert s.players[0].cup_tokens == [[2]]


# --- EX-08 Tea Studies, crossing the start --------------------------------------------------


def test_ex08_tea_studies_crossing_the_start() -> None:
    """Sector 4 -> sector 1 part B: ferment 2 of his choice and a Worker into the centre."""
    # Given: S = 4 with Tea Studies on top; the rim Worker in sector 4; >= 2 G; Workers in supply.
    game, s = new_game(2, seed=SEED)
    give_hand(s, 0, ["s05", "s11"])
    commit(game, s, ["s05", "s11"], "s05")
    assert s.turn.strength == 4
    set_university(s, 0, 4)
    set_leaves(s, 0, fresh={2: 1, 3: 1, 5: 1})
    p = s.players[0]
    supply = p.workers
    # When: he does the secondary action before his main action and picks part B.
    play(game, s, "use 1")
    assert legal(s) == ["part 1", "part 2"]  # part A "3 G q2" or part B "ferment 2"
    play(game, s, "part 2", "flip 5", "flip 2")
    # Then: the rim Worker is on sector 1 / part B; the 2 chosen G are now F (UNI-02).
    assert (p.uni_sector, p.uni_part) == (1, 1)
    assert p.fresh == [0, 0, 1, 0, 0, 0]
    assert p.fermented == [0, 1, 0, 0, 1, 0]
    # 1 Worker went from the supply to the centre, worth 10 VP at the end (UNI-03, UNI-05).
    assert (p.uni_centre, p.workers) == (1, supply - 1)
    assert live_breakdown(s)[0]["university"] == 10 + 1
    # His main action is still to be done (SEC-03).
    assert "ferment" in legal(s) and "end" not in legal(s)


# --- EX-09 Emperor-track advance -----------------------------------------------------------


def test_ex09_emperor_track_advance() -> None:
    """Row 0 -> 1 for 2 tokens and a q1 leaf: an Emperor card to hand, a draw-deck card removed."""
    # Given: Worker on row 0; row 1 costs 2 tokens + a q >= 1 leaf, rewards an Emperor card and
    # a removal; >= 2 tokens and >= 1 leaf; 3 Emperor cards showing.
    game, s = new_game(2, seed=SEED)
    give_hand(s, 0, ["s09"])
    set_emperor(s, 0, row=0, tokens=3)
    set_leaves(s, 0, fresh={1: 1, 4: 1})
    row = s.ctx.components.emperor_track.rows[0]
    assert (row.tokens, row.leaf.quality) == (2, 1)
    p = s.players[0]
    shown = list(s.board.emperor_display)
    refill = s.board.emperor_deck[-1]
    draw = list(p.draw)
    victim = draw[0]
    rng = s.rng.state
    # When: as a free action he pays, takes an Emperor card and removes a draw-deck card.
    play(game, s, "emperor", "pay g 1", f"take {shown[2]}", f"remove draw {victim}")
    # Then: tokens -2, leaves -1, Worker on row 1 (EMPEROR-02, EMPEROR-03).
    assert p.emperor_tokens == 1
    assert p.fresh == [0, 0, 0, 1, 0, 0]
    assert p.emperor_row == 1
    # The Emperor card is in hand, and the display is refilled to 3 (EMPEROR-05).
    assert shown[2] in p.hand
    assert s.board.emperor_display == [shown[0], shown[1], refill]
    # The draw deck has 1 card fewer and was reshuffled; the card is out of the game (BONUS-05).
    assert sorted(p.draw) == sorted(draw[1:])
    assert s.rng.state != rng
    assert p.removed == [victim]
    # The new Emperor card is playable this turn (AMB-23).
    commit(game, s, [shown[2], "s09"], shown[2])
    assert p.stacks == [["s09", shown[2]]]


def test_ex09_negative_one_token_is_not_enough() -> None:
    """With a single Emperor token the climb is not offered."""
    _game, s = new_game(2, seed=SEED)
    set_emperor(s, 0, row=0, tokens=1)
    set_leaves(s, 0, fresh={1: 1})
    assert "emperor" not in legal(s)  # EMPEROR-02
    with pytest.raises(IllegalMoveError, match="emperor"):
        s.apply(mv.AdvanceEmperor())


# --- EX-10 Full turn -----------------------------------------------------------------------


def _ex10() -> tuple[TeaGardenGame, TeaGardenState]:
    """Karel's position of EX-10, before his turn."""
    game, s = new_game(2, seed=SEED)
    give_hand(s, 0, ["s02", "s11"])  # Ferry Landing (River, blue Teapot) + strength 3
    set_boat(s, 0, 2)  # k = 2: segment 3 gives a token and an x2 Scroll, segment 4 a Cup token
    set_cup_rows(s, 0, [["cup01", "cup02"], ["cup03", "cup04"]], tokens=0)
    set_leaves(s, 0, fresh={5: 3}, fermented={2: 3, 4: 2})  # 5 F: 2 for the Teapot, 3 spare
    give_scrolls(s, 0, x2=1)  # a spare x2 Scroll, to show the repeat is used up
    put_action_card(s, 5, "a4_04")  # slot 5 needs 4; 3 green-icon q5+, needs blue + any
    return game, s


def test_ex10_full_turn() -> None:
    """River, x2 repeat with the Scroll just gained, then Buy with a 2-F Teapot substitute."""
    game, s = _ex10()
    p = s.players[0]
    display = list(s.board.action_display)
    refill = s.board.action_deck[-1]
    assert s.ctx.components.display.slot_strength[4] == 4
    # Karel plays 2 cards with S = 4, Ferry Landing on top (TURN-06).
    commit(game, s, ["s02", "s11"], "s02")
    assert s.turn.strength == 4
    # 1. Secondary: Boat to k+1 -> +1 Emperor token, +1 x2 Scroll (RIVER-01).
    play(game, s, "use 1")
    assert (p.boat, p.emperor_tokens, p.x2) == (3, 1, 2)
    # 2. Free: discard the x2 Scroll -> River again -> k+2 -> +1 Cup token on his choice
    #    (FREE-05, FREE-06).
    play(game, s, "repeat scroll")
    assert legal(s) == ["token 1 1", "token 2 1"]
    play(game, s, "token 2 1")
    assert p.boat == 4
    assert p.cup_tokens == [[0], [1]]
    # 3. Main: Buy. Blue from the top card; 2 F for the missing Teapot; 3 G q5 for the price.
    play(game, s, "buy 5")
    assert legal(s) == ["teapot leaves", "teapot fermented"]  # one Teapot missing (TEAPOT-04)
    play(game, s, "teapot fermented", "pay f 2", "pay f 2", "pay g 5", "pay g 5", "pay g 5")
    # Then: Boat +2; tokens +1; x2 back to the starting count; Cup token on the chosen connection.
    assert (p.boat, p.emperor_tokens, p.x2) == (4, 1, 1)
    # F -2 and G q5 -3; the card is in hand; the display shifted and refilled (BUY-02).
    assert p.fermented == [0, 1, 0, 2, 0, 0]
    assert p.fresh == [0] * 6
    assert "a4_04" in p.hand
    assert s.board.action_display == [*display[:4], display[5], refill]
    assert not s.pending


def test_ex10_negative_the_repeat_is_used_up() -> None:
    """After the x2 repeat, neither the spare x2 Scroll nor 3 F can repeat River again."""
    game, s = _ex10()
    p = s.players[0]
    commit(game, s, ["s02", "s11"], "s02")
    play(game, s, "use 1", "repeat scroll", "token 1 1")
    assert p.x2 == 1 and sum(p.fermented) >= 3
    assert legal(s, mv.Repeat) == []  # FREE-04
    before = s.clone()
    for method in ("scroll", "fermented"):
        with pytest.raises(IllegalMoveError, match=f"repeat {method}"):
            s.apply(mv.Repeat(method))  # type: ignore[arg-type]
    assert s == before


def test_ex10_negative_no_buy_without_a_teapot_substitute() -> None:
    """Without 2 F (or 3 spare leaves or a Scroll) the missing Teapot cannot be covered."""
    game, s = _ex10()
    set_leaves(s, 0, fresh={5: 3}, fermented={2: 1})
    commit(game, s, ["s02", "s11"], "s02")
    assert "buy 5" not in legal(s)  # TEAPOT-04: 3 q5 for the price leave only 1 F


# --- EX-11 Tea Ripening --------------------------------------------------------------------


def test_ex11_tea_ripening() -> None:
    """1 G q1, 2 G q3, 2 F q4, 1 F q6 ripen to 1 G q1, 2 G q2, 2 F q5, 1 F q6."""
    # Given: Karel's six leaves.
    game, s = new_game(2, seed=SEED)
    set_leaves(s, 0, fresh={1: 1, 3: 2}, fermented={4: 2, 6: 1})
    # When: Maintenance (step E).
    end_round_by_passing(game, s)
    # Then (MAINT-05). Step F then adds Sichuan's 2 G q2, which are kept apart here.
    p = s.players[0]
    harvested = [0, 2, 0, 0, 0, 0]
    ripened = [a - b for a, b in zip(p.fresh, harvested, strict=True)]
    assert ripened == [1, 2, 0, 0, 0, 0]
    assert p.fermented == [0, 0, 0, 0, 2, 1]
    assert sum(ripened) + sum(p.fermented) == 6  # still 6 leaves


# --- EX-12 Tea Harvest in Maintenance -------------------------------------------------------


def test_ex12_tea_harvest_in_maintenance() -> None:
    """Gardens valued 2, 3, 4, 5, 6, 6 harvest 12 fresh leaves: 2 per garden of its value."""
    # Given: six gardens: Sichuan 2, Huangshan 3, Anxi 4, Menghai 5, Tianmu 6, Fuding 6.
    game, s = new_game(2, seed=SEED)
    for spot, region in enumerate(["p1", "b1", "g2", "c3", "b3"], start=1):
        add_garden(s, 0, region, spot=spot)
    values = sorted(s.ctx.regions[r].value for r in s.players[0].gardens)
    assert values == [2, 3, 4, 5, 6, 6]
    set_leaves(s, 0)
    # When: Maintenance (step F).
    end_round_by_passing(game, s)
    # Then: +12 G: 2 x q2, 2 x q3, 2 x q4, 2 x q5, 4 x q6 (MAINT-06).
    assert s.players[0].fresh == [0, 2, 2, 2, 2, 4]
    assert s.players[0].fermented == [0] * 6
