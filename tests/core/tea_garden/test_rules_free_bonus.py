"""Rule tests for free actions (FREE), the Emperor track (EMPEROR), Scrolls (SCROLL) and bonus
effects (BONUS), with their ambiguities AMB-23 … AMB-30.

Rule IDs refer to ../shared/rules/tea_garden.md; track and card contents to
docs/components/*.md (Emperor row 1 = EX-09, River segment 3 = x2 Scroll, segment 5 = draw).
"""

from __future__ import annotations

import pytest

from core.errors import IllegalMoveError, NotYourTurnError
from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import live_breakdown
from tests.core.tea_garden.scenario import (
    add_garden,
    commit,
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
    set_region_token,
    set_university,
)

SEED = 1
TOP_ROW = 6


def turn(cards: list[str], top: str | None = None) -> tuple[TeaGardenGame, TeaGardenState]:
    """Seat 0 to play, holding ``cards``, which it has just played with ``top`` on top."""
    game, s = new_game(2, seed=SEED)
    give_hand(s, 0, cards)
    commit(game, s, cards, top or cards[-1])
    return game, s


def before_cards(cards: list[str]) -> tuple[TeaGardenGame, TeaGardenState]:
    """Seat 0 to play, holding ``cards``, nothing played yet."""
    game, s = new_game(2, seed=SEED)
    give_hand(s, 0, cards)
    return game, s


def finish_main(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Take the Fermentation main action and ferment nothing."""
    play(game, s, "ferment")
    if s.pending:
        play(game, s, "stop")


# --- FREE ---------------------------------------------------------------------------------


def test_free01_free_action_before_playing_cards() -> None:
    """An Emperor climb is legal before any card is played, and no main action is."""
    game, s = before_cards(["s01", "s09"])
    set_emperor(s, 0, tokens=2)
    assert "emperor" in legal(s)  # FREE-01: even before cards are played
    assert "ferment" not in legal(s) and legal(s, mv.UseTop) == []
    play(game, s, "emperor", "pay g 2", f"take {s.board.emperor_display[0]}", "stop")
    assert s.players[0].emperor_row == 1


def test_free01_a_turn_with_a_free_action_must_still_play_a_card() -> None:
    """Once a free action was taken, passing is no longer allowed while a card can be played."""
    game, s = before_cards(["s01", "s09"])
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=1)
    assert "pass" in legal(s)
    play(game, s, "spend 1 1", "cup_bonus r")
    assert "pass" not in legal(s)  # FREE-01: the turn must include a played card
    assert "select s01" in legal(s)


def test_free01_no_free_action_without_a_card_to_play() -> None:
    """With an empty hand there is no turn to take, so no free action either: only 'pass'."""
    game, s = before_cards([])
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=1)
    set_emperor(s, 0, tokens=2)
    give_scrolls(s, 0, plus1=1)
    assert legal(s) == ["pass"]  # FREE-01: a turn must include a played card (TURN-07)
    play(game, s, "pass")
    assert s.players[0].cup_tokens == [[1]] and s.players[0].emperor_tokens == 2


def test_free01_no_free_action_during_another_players_turn() -> None:
    """Seat 0 cannot spend its Cup token while seat 1 is to play."""
    game, s = turn(["s09"])
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=1)
    finish_main(game, s)
    play(game, s, "end")
    assert s.seat == 1
    before = s.clone()
    with pytest.raises(NotYourTurnError):
        s.apply(mv.SpendCupToken(1, 1), seat=0)  # FREE-01, TURN-13
    with pytest.raises(IllegalMoveError):
        s.apply(mv.SpendCupToken(1, 1))  # seat 1 has no such connection
    assert s == before


def test_free02_the_four_free_actions() -> None:
    """Emperor climb, Cup token, repeat and "+1" Scroll are all offered together."""
    game, s = turn(["s01"])
    set_emperor(s, 0, tokens=2)
    give_scrolls(s, 0, plus1=1, x2=1)
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=1)
    play(game, s, "use 1")
    offered = set(legal(s))
    assert {"emperor", "spend 1 1", "repeat scroll", "plus1"} <= offered  # FREE-02 (a)-(d)


def test_free03_free_actions_can_be_repeated() -> None:
    """Two Cup tokens from one connection and two Emperor rows in a single turn."""
    game, s = turn(["s09"])
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=2)
    set_emperor(s, 0, row=1, tokens=4)
    set_leaves(s, 0, fresh={3: 2})
    play(game, s, "spend 1 1", "cup_bonus r", "spend 1 1", "cup_bonus r")
    assert s.players[0].vp == 6  # FREE-03
    assert s.players[0].cup_tokens == [[0]]
    assert legal(s, mv.SpendCupToken) == []  # its own limit: the tokens
    play(game, s, "emperor", "pay g 3", "scroll x2", "emperor", "pay g 3")
    assert s.players[0].emperor_row == 3  # FREE-03


def test_free04_one_repeat_per_turn_whatever_the_method() -> None:
    """After a repeat with a Scroll, 3 fermented leaves cannot repeat again."""
    game, s = turn(["s01"])
    give_scrolls(s, 0, x2=1)
    set_leaves(s, 0, fermented={2: 3})
    play(game, s, "use 1")
    assert legal(s, mv.Repeat) == ["repeat scroll", "repeat fermented"]
    play(game, s, "repeat scroll")
    assert legal(s, mv.Repeat) == []  # FREE-04
    assert s.players[0].boat == 2 and s.players[0].fermented[1] == 3


def test_free04_after_a_fermented_repeat_the_scroll_cannot_repeat() -> None:
    """After a repeat paid with 3 fermented leaves, an x2 Scroll cannot repeat again."""
    game, s = turn(["s01"])
    give_scrolls(s, 0, x2=1)
    set_leaves(s, 0, fermented={2: 3})
    play(game, s, "use 1", "repeat fermented", "pay f 2", "pay f 2", "pay f 2")
    assert s.players[0].boat == 2
    assert legal(s, mv.Repeat) == []  # FREE-04
    assert s.players[0].x2 == 1


def test_free05_repeat_with_three_fermented_leaves_of_any_quality() -> None:
    """Fermented leaves of qualities 1, 3 and 6 pay for the repeat; fresh ones cannot."""
    game, s = turn(["s01"])
    set_leaves(s, 0, fresh={6: 3}, fermented={1: 1, 3: 1, 6: 1})
    play(game, s, "use 1", "repeat fermented")
    assert legal(s) == ["pay f 1", "pay f 3", "pay f 6"]  # FREE-05: fermented, any quality
    play(game, s, "pay f 1", "pay f 3", "pay f 6")
    p = s.players[0]
    assert p.boat == 2  # FREE-05: River again
    assert p.fermented == [0] * 6  # the three fermented leaves were paid
    assert p.fresh == [0, 0, 2, 0, 0, 3]  # the fresh ones stay; +2 q3 from segment 2


def test_free05_no_repeat_with_fewer_than_three_fermented() -> None:
    """Two fermented leaves and no x2 Scroll give no repeat."""
    game, s = turn(["s01"])
    set_leaves(s, 0, fresh={4: 5}, fermented={4: 2})
    play(game, s, "use 1")
    assert legal(s, mv.Repeat) == []  # FREE-05


def test_free06_x2_gained_in_the_secondary_action_repeats_it_at_once() -> None:
    """Segment 3 gives an x2 Scroll, which sails the Boat on to segment 4."""
    game, s = turn(["s01"])
    set_boat(s, 0, 2)
    play(game, s, "use 1")
    assert s.players[0].x2 == 1
    assert legal(s, mv.Repeat) == ["repeat scroll"]  # FREE-06
    play(game, s, "repeat scroll")
    assert s.players[0].boat == 4 and s.players[0].x2 == 0


def test_amb23_emperor_card_gained_before_the_commit_can_be_played() -> None:
    """An Emperor card taken before the cards are played may join the stack."""
    game, s = before_cards(["s09"])
    set_emperor(s, 0, tokens=2)
    card = s.board.emperor_display[0]
    play(game, s, "emperor", "pay g 2", f"take {card}", "stop")
    assert f"select {card}" in legal(s)  # AMB-23
    commit(game, s, [card, "s09"], card)
    assert s.players[0].stacks == [["s09", card]]
    assert s.turn.strength == 2 + s.ctx.cards[card].strength


def test_amb23_emperor_card_gained_after_the_commit_stays_in_hand() -> None:
    """An Emperor card taken after the commit cannot join this turn's stack."""
    game, s = turn(["s09"])
    set_emperor(s, 0, tokens=2)
    set_leaves(s, 0, fresh={2: 1})
    card = s.board.emperor_display[0]
    play(game, s, "emperor", "pay g 2", f"take {card}", "stop")
    assert card in s.players[0].hand  # AMB-23: it stays in hand
    assert legal(s, mv.Select) == [] and legal(s, mv.Commit) == []
    assert s.players[0].stacks == [["s09"]]


def test_amb23_nothing_from_the_cards_before_the_commit() -> None:
    """Before the commit only passing, choosing cards and free actions are offered."""
    game, s = before_cards(["s01", "s09"])
    kinds = {m.split()[0] for m in legal(s)}
    assert kinds == {"pass", "select"}  # AMB-23: no main, secondary or card effect yet
    play(game, s, "select s01")
    assert {m.split()[0] for m in legal(s)} == {"pass", "select", "play"}


def test_amb24_card_effects_cannot_be_repeated() -> None:
    """Sun Tray's 'ferment 1' is no secondary action: no repeat with x2 or 3 fermented."""
    game, s = turn(["s07"])
    give_scrolls(s, 0, x2=1)
    set_leaves(s, 0, fresh={2: 2}, fermented={4: 3})
    play(game, s, "use 1", "flip 2")
    assert legal(s, mv.Repeat) == []  # AMB-24


def test_amb24_a_slash_side_that_is_no_secondary_action_cannot_be_repeated() -> None:
    """Tea Scout's draw side (River / draw 1) cannot be repeated."""
    game, s = turn(["a1_06"])
    give_scrolls(s, 0, x2=1)
    play(game, s, "use 1", "option 2", "draw")
    assert legal(s, mv.Repeat) == []  # AMB-24


def test_amb25_repeat_later_in_the_turn_but_only_after_the_secondary() -> None:
    """No repeat before the secondary action; after it, even past the main action."""
    game, s = turn(["s01"])
    give_scrolls(s, 0, x2=1)
    assert legal(s, mv.Repeat) == []  # AMB-25: nothing to repeat yet
    play(game, s, "use 1")
    finish_main(game, s)
    assert legal(s, mv.Repeat) == ["repeat scroll"]  # AMB-25: not only immediately
    play(game, s, "repeat scroll")
    assert s.players[0].boat == 2


# --- EMPEROR ------------------------------------------------------------------------------


def test_emperor01_worker_starts_at_the_bottom_and_climbs_one_row() -> None:
    """The Worker starts on the bottom space; a climb moves it exactly one row."""
    game, s = turn(["s09"])
    assert [p.emperor_row for p in s.players] == [0, 0]  # EMPEROR-01
    set_emperor(s, 0, row=0, tokens=10)
    set_leaves(s, 0, fresh={6: 3})
    play(game, s, "emperor", "pay g 6")
    assert s.players[0].emperor_row == 1  # EMPEROR-01: one row, never skipping


def test_emperor02_climb_pays_the_rows_tokens_and_a_good_enough_leaf() -> None:
    """Row 2 costs 2 tokens and a leaf of quality 2 or better; quality 1 leaves will not do."""
    game, s = turn(["s09"])
    set_emperor(s, 0, row=1, tokens=3)
    set_leaves(s, 0, fresh={1: 3})
    assert "emperor" not in legal(s)  # EMPEROR-02: no leaf of quality >= 2
    set_leaves(s, 0, fresh={1: 3, 2: 1, 5: 1})
    play(game, s, "emperor")
    assert legal(s) == ["pay g 2", "pay g 5"]  # EMPEROR-02: quality is a minimum
    play(game, s, "pay g 2")
    p = s.players[0]
    assert p.emperor_tokens == 1  # EMPEROR-02: 2 tokens paid
    assert p.fresh == [3, 0, 0, 0, 1, 0]
    assert p.emperor_row == 2


def test_emperor02_not_enough_tokens() -> None:
    """With 1 token the 2-token row cannot be climbed."""
    _game, s = turn(["s09"])
    set_emperor(s, 0, row=0, tokens=1)
    set_leaves(s, 0, fresh={6: 3})
    assert "emperor" not in legal(s)  # EMPEROR-02


def test_emperor03_the_rows_reward_comes_at_once() -> None:
    """Row 2 gives a Scroll of any kind and 2 VP straight away."""
    game, s = turn(["s09"])
    set_emperor(s, 0, row=1, tokens=2)
    set_leaves(s, 0, fresh={2: 1})
    play(game, s, "emperor", "pay g 2")
    assert s.players[0].emperor_row == 2
    assert isinstance(s.pending[-1], st.ChooseScroll)  # EMPEROR-03: the reward, right away
    play(game, s, "scroll teapot")
    assert s.players[0].teapot_scrolls == 1  # EMPEROR-03
    assert s.players[0].vp == 2
    assert not s.pending


def test_emperor04_several_rows_in_one_turn_each_paid() -> None:
    """Rows 3 and 4 in one turn cost 2 + 2 tokens and a q3+ and a q4+ leaf."""
    game, s = turn(["s09"])
    set_emperor(s, 0, row=2, tokens=5)
    set_cup_rows(s, 0, [["cup01", "cup02"]])
    set_leaves(s, 0, fresh={3: 1, 4: 1})
    play(game, s, "emperor", "pay g 3", f"take {s.board.emperor_display[0]}")
    play(game, s, "emperor", "pay g 4", "token 1 1")
    p = s.players[0]
    assert p.emperor_row == 4  # EMPEROR-04
    assert p.emperor_tokens == 1  # EMPEROR-04: each row paid separately
    assert p.fresh == [0] * 6
    assert p.vp == 3 and p.cup_tokens == [[1]]


def test_emperor05_emperor_card_to_hand_and_display_refilled() -> None:
    """The chosen Emperor card goes to hand and the deck's top card takes its place."""
    game, s = turn(["s09"])
    set_emperor(s, 0, tokens=2)
    set_leaves(s, 0, fresh={1: 1})
    shown = list(s.board.emperor_display)
    next_card = s.board.emperor_deck[-1]
    play(game, s, "emperor", "pay g 1")
    assert legal(s) == [f"take {c}" for c in shown]  # EMPEROR-05: one of the 3
    play(game, s, f"take {shown[1]}")
    assert shown[1] in s.players[0].hand  # EMPEROR-05
    assert s.board.emperor_display == [shown[0], next_card, shown[2]]  # EMPEROR-05: refilled


def test_emperor06_emperor_cards_are_played_like_other_cards() -> None:
    """Garden Surveyor (e05: strength 3, Cup) adds its strength and offers Cup Production."""
    game, s = new_game(2, seed=SEED)
    add_garden(s, 0, "p1", spot=1)
    give_hand(s, 0, ["e05", "s09"])
    commit(game, s, ["e05", "s09"], "e05")
    assert s.turn.strength == 5  # EMPEROR-06: 3 + 2
    play(game, s, "use 1")
    assert isinstance(s.pending[-1], st.PlaceCupTile)  # EMPEROR-06: its secondary action


def test_emperor07_top_row_is_worth_10_at_the_end() -> None:
    """Reaching row 6 scores 10 VP at the end; row 5 scores nothing."""
    game, s = turn(["s09"])
    set_emperor(s, 0, row=5, tokens=3)
    set_leaves(s, 0, fresh={6: 1})
    assert live_breakdown(s)[0]["emperor_track"] == 0
    play(game, s, "emperor", "pay g 6")
    assert s.players[0].emperor_row == TOP_ROW
    assert s.players[0].vp == 5  # row 6's own reward
    assert live_breakdown(s)[0]["emperor_track"] == 10  # EMPEROR-07


def test_emperor08_six_rows_and_no_climb_past_the_top() -> None:
    """The track has six rows; at the top no further climb is offered."""
    _game, s = turn(["s09"])
    assert len(s.ctx.components.emperor_track.rows) == TOP_ROW  # EMPEROR-08
    set_emperor(s, 0, row=TOP_ROW, tokens=10)
    set_leaves(s, 0, fresh={6: 3})
    assert "emperor" not in legal(s)  # EMPEROR-08


def test_amb26_a_fermented_leaf_pays_a_green_leaf_icon() -> None:
    """Row 1's green leaf icon may be paid with a fermented leaf."""
    game, s = turn(["s09"])
    set_emperor(s, 0, tokens=2)
    set_leaves(s, 0, fermented={1: 1})
    play(game, s, "emperor")
    assert legal(s) == ["pay f 1"]  # AMB-26
    play(game, s, "pay f 1")
    assert s.players[0].fermented == [0] * 6


def test_amb27_empty_emperor_deck_leaves_the_spot_empty() -> None:
    """With the Emperor deck empty, the taken card's spot stays empty."""
    game, s = turn(["s09"])
    set_emperor(s, 0, tokens=2)
    set_leaves(s, 0, fresh={1: 1})
    s.board.emperor_deck = []
    shown = list(s.board.emperor_display)
    play(game, s, "emperor", "pay g 1", f"take {shown[0]}")
    assert s.board.emperor_display == ["", shown[1], shown[2]]  # AMB-27


def test_amb27_emperor_card_reward_gives_nothing_when_none_is_showing() -> None:
    """With no Emperor card showing, row 3's reward gives nothing."""
    game, s = turn(["s09"])
    set_emperor(s, 0, row=2, tokens=2)
    set_leaves(s, 0, fresh={3: 1})
    s.board.emperor_deck = []
    s.board.emperor_display = ["", "", ""]
    hand = list(s.players[0].hand)
    play(game, s, "emperor", "pay g 3")
    assert s.players[0].emperor_row == 3
    assert not s.pending  # AMB-27: nothing to take
    assert s.players[0].hand == hand


# --- SCROLL -------------------------------------------------------------------------------


def test_scroll01_three_kinds_held_in_any_number() -> None:
    """A Scroll of any kind offers the three kinds; a player may hold many of one."""
    game, s = turn(["s01"])
    set_boat(s, 0, 7)
    give_scrolls(s, 0, plus1=5, teapot=5, x2=5)
    play(game, s, "use 1")  # segment 8: 3 VP and a Scroll of any kind
    assert legal(s) == ["scroll plus1", "scroll teapot", "scroll x2"]  # SCROLL-01
    play(game, s, "scroll plus1")
    p = s.players[0]
    assert (p.plus1, p.teapot_scrolls, p.x2) == (6, 5, 5)  # SCROLL-01: no limit


def test_scroll02_a_scroll_is_discarded_when_used() -> None:
    """Using a "+1" Scroll discards it; with none left the move is gone."""
    game, s = turn(["s09"])
    give_scrolls(s, 0, plus1=1)
    play(game, s, "plus1")
    assert s.players[0].plus1 == 0  # SCROLL-02
    assert "plus1" not in legal(s)


def test_scroll03_plus1_scrolls_add_strength() -> None:
    """Two "+1" Scrolls raise strength 2 to 4, enough for the strength-4 Pagoda."""
    game, s = turn(["s09"])
    give_scrolls(s, 0, plus1=2)
    assert not any(m.startswith("build 4 ") for m in legal(s))
    play(game, s, "plus1", "plus1")  # SCROLL-03: several in one turn
    assert s.turn.strength == 4  # SCROLL-03
    assert "build 4 p1 1" in legal(s)


def test_scroll03_plus1_before_the_cards_are_played() -> None:
    """A "+1" used before the commit still counts for the turn's strength."""
    game, s = before_cards(["s09"])
    give_scrolls(s, 0, plus1=1)
    play(game, s, "plus1")
    commit(game, s, ["s09"], "s09")
    assert s.turn.strength == 3  # SCROLL-03, FREE-01


def test_scroll04_teapot_scrolls_cover_teapots_of_any_colour() -> None:
    """With no Teapot showing, two Teapot Scrolls cover a green and a red Teapot."""
    game, s = turn(["s11"])  # Old Water Buffalo: strength 3, no Teapot
    put_action_card(s, 2, "a2_06")  # 2 leaves q3+, needs green + red
    give_scrolls(s, 0, teapot=2)
    set_leaves(s, 0, fresh={3: 2})
    play(game, s, "buy 2")
    assert isinstance(s.pending[-1], st.CoverTeapots) and s.pending[-1].missing == 2
    play(game, s, "teapot scroll", "teapot scroll")  # SCROLL-04: several in one turn
    play(game, s, "pay g 3", "pay g 3")
    p = s.players[0]
    assert "a2_06" in p.hand
    assert p.teapot_scrolls == 0  # SCROLL-02, SCROLL-04


def test_scroll05_x2_uses_up_the_turns_repeat() -> None:
    """After an x2 Scroll, a second x2 Scroll cannot repeat again."""
    game, s = turn(["s01"])
    give_scrolls(s, 0, x2=2)
    play(game, s, "use 1", "repeat scroll")
    assert s.players[0].boat == 2  # SCROLL-05: the secondary action again
    assert legal(s, mv.Repeat) == []  # SCROLL-05: the single repeat is used up
    assert s.players[0].x2 == 1


def test_scroll06_every_scroll_held_scores_one() -> None:
    """Two "+1", one Teapot and three x2 Scrolls score 6 VP at the end."""
    _game, s = new_game(2, seed=SEED)
    give_scrolls(s, 0, plus1=2, teapot=1, x2=3)
    assert live_breakdown(s)[0]["scrolls_tokens"] == 6  # SCROLL-06


# --- BONUS --------------------------------------------------------------------------------


def test_bonus01_region_bonus_on_building() -> None:
    """Building in a Region with a '2 leaves q3' token gives them at once; the token stays."""
    game, s = turn(["s09"])
    set_region_token(s, "p1", "rt01")
    set_leaves(s, 0)
    play(game, s, "build 1 p1 1")
    assert s.players[0].fresh == [0, 0, 2, 0, 0, 0]  # BONUS-01: on acquiring
    assert s.board.region_tokens["p1"] == "rt01"


def test_bonus01_card_effect_only_on_the_topmost_card() -> None:
    """Sun Tray under a plain card gives no fermentation."""
    _game, s = turn(["s07", "s09"], top="s09")
    set_leaves(s, 0, fresh={3: 2})
    assert legal(s, mv.UseTop) == []  # BONUS-01


def test_bonus02_ferment_n_flips_fresh_leaves_in_place() -> None:
    """University sector 1 part 2 ferments 2 fresh leaves in their Baskets."""
    game, s = turn(["s05"])
    set_leaves(s, 0, fresh={2: 1, 5: 2})
    play(game, s, "use 1", "part 2", "flip 5", "flip 2")
    p = s.players[0]
    assert p.fresh == [0, 0, 0, 0, 1, 0]  # BONUS-02
    assert p.fermented == [0, 1, 0, 0, 1, 0]
    assert not s.pending


def test_bonus02_ferment_without_fresh_leaves_does_nothing() -> None:
    """With no fresh leaves the ferment bonus is ignored."""
    game, s = turn(["s05"])
    set_leaves(s, 0, fermented={3: 2})
    play(game, s, "use 1", "part 2")
    assert not s.pending  # BONUS-02: nothing happens
    assert s.players[0].fermented == [0, 0, 2, 0, 0, 0]
    assert s.players[0].uni_sector == 1


def test_bonus03_draw_one_card() -> None:
    """Segment 5 offers a draw; accepting takes the top card of the draw deck."""
    game, s = turn(["s01"])
    set_boat(s, 0, 4)
    top = s.players[0].draw[-1]
    play(game, s, "use 1")
    assert legal(s) == ["draw", "stop"]  # BONUS-03: "may"
    play(game, s, "draw")
    assert s.players[0].hand[-1] == top  # BONUS-03
    assert s.players[0].plus1 == 1


def test_bonus04_draw_one_then_discard_one() -> None:
    """Sorting Basket: draw 1, then discard 1 from hand (the drawn card may go)."""
    game, s = turn(["s08", "s09"], top="s08")
    top = s.players[0].draw[-1]
    play(game, s, "use 1", "draw")
    assert f"discard {top}" in legal(s)  # BONUS-04: from hand, drawn card included
    play(game, s, f"discard {top}")
    p = s.players[0]
    assert top not in p.hand and p.discard == [top]  # BONUS-04
    assert not s.pending


def test_bonus04_draw_two_then_discard_two() -> None:
    """Letter Sorter's draw 2 + discard 2: two cards drawn, two discarded."""
    game, s = turn(["a3_05"])
    hand = len(s.players[0].hand)
    play(game, s, "use 1", "option 2", "draw")
    assert len(s.players[0].hand) == hand + 2
    first, second = s.players[0].hand[-2:]
    play(game, s, f"discard {first}")
    assert isinstance(s.pending[-1], st.DiscardCards)  # BONUS-04: a second discard is owed
    play(game, s, f"discard {second}")
    assert len(s.players[0].hand) == hand  # BONUS-04
    assert s.players[0].discard == [first, second]


def test_bonus05_remove_from_the_draw_deck_then_shuffle() -> None:
    """Temple Sweeper removes a card from the draw deck, which is then shuffled."""
    game, s = turn(["a2_07"])
    p = s.players[0]
    draw = list(p.draw)
    rng = s.rng.state
    play(game, s, "use 1", "remove draw s05")
    assert p.removed == ["s05"]  # BONUS-05: out of the game
    assert sorted(p.draw) == sorted(c for c in draw if c != "s05")
    assert s.rng.state != rng  # BONUS-05: the draw deck was shuffled


def test_bonus05_remove_from_hand_does_not_shuffle() -> None:
    """Removing from hand leaves the draw deck as it is."""
    game, s = turn(["a2_07", "s09"], top="a2_07")
    give_hand(s, 0, ["s10"])
    p = s.players[0]
    draw = list(p.draw)
    play(game, s, "use 1", "remove hand s10")
    assert p.removed == ["s10"] and p.hand == []  # BONUS-05
    assert p.draw == draw


def test_bonus06_sell_leaves_fresh_1_fermented_2_at_most_6() -> None:
    """Roadside Stall: 6 leaves sold, any quality, then the sale stops."""
    game, s = turn(["a1_08"])
    set_leaves(s, 0, fresh={1: 2, 6: 2}, fermented={1: 2, 5: 2})
    play(game, s, "use 1")
    play(game, s, "sell g 1", "sell g 6", "sell f 1", "sell f 5", "sell f 5", "sell g 1")
    p = s.players[0]
    assert p.vp == 3 * 1 + 3 * 2  # BONUS-06: 1 per fresh, 2 per fermented
    assert not s.pending  # BONUS-06: at most 6
    assert p.fresh == [0, 0, 0, 0, 0, 1] and p.fermented == [1, 0, 0, 0, 0, 0]


def test_bonus07_teal_vp_now_purple_vp_at_the_end() -> None:
    """University sector 4 part 2 scores 3 VP now; a River segment's VP waits for the end."""
    game, s = turn(["s05"])
    set_university(s, 0, 3)
    play(game, s, "use 1", "part 2")
    assert s.players[0].vp == 3  # BONUS-07: teal VP at once
    game, s = turn(["s01"])
    play(game, s, "use 1")
    assert s.players[0].vp == 0  # BONUS-07: purple VP only at the end
    assert live_breakdown(s)[0]["river"] == 2


def test_bonus08_cup_token_goes_on_one_of_your_connections() -> None:
    """University sector 3 part 1: the Cup token goes on the chosen connection."""
    game, s = turn(["s05"])
    set_university(s, 0, 2)
    set_cup_rows(s, 0, [["cup01", "cup02"], ["cup03", "cup04"]], tokens=0)
    play(game, s, "use 1", "part 1")
    assert legal(s) == ["token 1 1", "token 2 1"]  # BONUS-08
    play(game, s, "token 2 1")
    assert s.players[0].cup_tokens == [[0], [1]]


def test_bonus09_coin_with_leaves_gives_fresh_leaves_of_that_quality() -> None:
    """University sector 3 part 2 gives 2 fresh leaves of quality 4."""
    game, s = turn(["s05"])
    set_university(s, 0, 2)
    set_leaves(s, 0, fermented={4: 1})
    play(game, s, "use 1", "part 2")
    p = s.players[0]
    assert p.fresh == [0, 0, 0, 2, 0, 0]  # BONUS-09: always fresh
    assert p.fermented == [0, 0, 0, 1, 0, 0]


def test_bonus10_a_gardens_leaves_have_its_regions_value() -> None:
    """A garden in Anxi (value 4) harvests a quality 4 leaf."""
    game, s = turn(["s09"])
    add_garden(s, 0, "b1", spot=1)
    set_leaves(s, 0)
    play(game, s, "harvest", "from b1", "stop")
    assert s.players[0].fresh == [0, 0, 0, 1, 0, 0]  # BONUS-10


def test_bonus11_a_draw_from_an_empty_deck_reshuffles_the_discard_pile() -> None:
    """With an empty draw deck, the draw takes a card from the reshuffled discard pile."""
    game, s = turn(["s01"])
    set_boat(s, 0, 4)
    p = s.players[0]
    p.discard, p.draw = list(p.draw), []
    cards = sorted(p.discard)
    play(game, s, "use 1", "draw")
    assert p.discard == []  # BONUS-11: the whole pile became the draw deck
    assert sorted([*p.draw, p.hand[-1]]) == cards
    assert len(p.hand) == 1


def test_amb28_ferment_as_many_as_possible() -> None:
    """'Ferment 2' with a single fresh leaf ferments that one."""
    game, s = turn(["s05"])
    set_leaves(s, 0, fresh={3: 1})
    play(game, s, "use 1", "part 2", "flip 3")
    assert s.players[0].fermented == [0, 0, 1, 0, 0, 0]  # AMB-28
    assert not s.pending


def test_amb29_draw_remove_and_sell_may_be_declined() -> None:
    """Draw, Remove and Sell each offer 'stop'; declining changes nothing."""
    game, s = turn(["a2_07"])
    play(game, s, "use 1")
    assert "stop" in legal(s)  # AMB-29: remove is optional
    before = s.clone()
    play(game, s, "stop")
    assert s.players[0] == before.players[0]
    game, s = turn(["a1_08"])
    set_leaves(s, 0, fresh={2: 1})
    play(game, s, "use 1")
    assert "stop" in legal(s)  # AMB-29: sell is optional
    play(game, s, "stop")
    assert s.players[0].fresh[1] == 1 and s.players[0].vp == 0
    game, s = turn(["s08"])
    hand = list(s.players[0].hand)
    play(game, s, "use 1", "stop")  # AMB-29: draw & discard may be declined
    assert s.players[0].hand == hand and not s.pending


def test_amb29_discard_is_mandatory_once_drawn() -> None:
    """After drawing with Sorting Basket there is no 'stop': a card must be discarded."""
    game, s = turn(["s08"])
    play(game, s, "use 1", "draw")
    assert "stop" not in legal(s)  # AMB-29
    assert {m.split()[0] for m in legal(s)} == {"discard"}


def test_amb30_sold_leaves_score_at_once() -> None:
    """Each leaf sold adds its VP to the track immediately."""
    game, s = turn(["a1_08"])
    set_leaves(s, 0, fermented={3: 2})
    play(game, s, "use 1", "sell f 3")
    assert s.players[0].vp == 2  # AMB-30: before the sale is even finished
