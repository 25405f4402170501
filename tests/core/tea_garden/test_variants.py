"""The variant flags the rules inventory asks for: AMB-01 limited pools, AMB-19 (tested with
scoring) and AMB-23 late cards."""

from __future__ import annotations

import pytest

from core.errors import IllegalMoveError
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.decisions import push_effects, settle
from core.tea_garden.effects import GainEmperorTokens, GainLeaves, GainScroll
from tests.core.tea_garden.scenario import commit, give_hand, legal, new_game, play, set_leaves

LIMITED = Options(limited_pools=True)


@pytest.mark.rule("AMB-01")
def test_leaves_are_unlimited_by_default() -> None:
    """AMB-01: without the flag a gain is never cut short."""
    _, s = new_game(2, 1)
    set_leaves(s, 0, fresh={1: 40})
    set_leaves(s, 1, fresh={1: 40})
    push_effects(s, (GainLeaves(n=3, q=2),), "test")
    settle(s)
    assert s.players[0].fresh[1] == 3


@pytest.mark.rule("AMB-01")
def test_limited_leaves_take_only_what_is_left() -> None:
    """AMB-01 variant: with 79 of 80 leaves on the boards, a gain of 3 brings 1."""
    _, s = new_game(2, 1, options=LIMITED)
    set_leaves(s, 0, fresh={1: 40})
    set_leaves(s, 1, fresh={1: 39})
    push_effects(s, (GainLeaves(n=3, q=2),), "test")
    settle(s)
    assert s.players[0].fresh[1] == 1


@pytest.mark.rule("AMB-01")
def test_limited_emperor_tokens() -> None:
    _, s = new_game(2, 1, options=LIMITED)
    s.players[1].emperor_tokens = 29
    push_effects(s, (GainEmperorTokens(n=2),), "test")
    settle(s)
    assert s.players[0].emperor_tokens == 1


@pytest.mark.rule("AMB-01")
def test_limited_scrolls_offer_only_kinds_left() -> None:
    """A Scroll of any kind may only be a kind the supply still has."""
    _, s = new_game(2, 1, options=LIMITED)
    s.players[1].teapot_scrolls = s.ctx.components.scrolls.teapot
    push_effects(s, (GainScroll(kind="any"),), "test")
    settle(s)
    assert legal(s) == ["scroll plus1", "scroll x2"]
    push_effects(s, (GainScroll(kind="teapot"),), "test")
    s.pending.reverse()  # resolve the fixed-kind gain first
    settle(s)
    assert s.players[0].teapot_scrolls == 0


@pytest.mark.rule("AMB-01")
def test_limited_maintenance_harvest_stops_at_the_limit() -> None:
    _, s = new_game(2, 1, options=LIMITED)
    set_leaves(s, 0, fresh={1: 40})
    set_leaves(s, 1, fresh={1: 39})
    s.players[0].passed = True
    s.seat = 1
    s.apply(mv.Pass())
    assert sum(s.players[0].fresh) + sum(s.players[0].fermented) == 41  # 40 ripened + 1
    assert sum(s.players[1].fresh) + sum(s.players[1].fermented) == 39


@pytest.mark.rule("AMB-23")
def test_late_cards_are_off_by_default() -> None:
    game, s = new_game(2, 1)
    give_hand(s, 0, ["s01", "s05"])
    commit(game, s, ["s01"], "s01")
    assert not legal(s, mv.AddCard)
    with pytest.raises(IllegalMoveError):
        play(game, s, "add s05")


@pytest.mark.rule("AMB-23")
def test_late_card_goes_under_the_top_and_adds_strength() -> None:
    """AMB-23 variant: a card added after playing raises strength; the top card stays."""
    game, s = new_game(2, 1, options=Options(late_cards=True))
    give_hand(s, 0, ["s01", "s05", "s09"])
    commit(game, s, ["s01"], "s01")
    before = s.turn.strength
    play(game, s, "add s09")
    assert s.turn.strength == before + s.ctx.cards["s09"].strength
    assert s.players[0].stacks[-1] == ["s09", "s01"]
    assert s.turn.top == "s01"
    play(game, s, "ferment")
    assert not legal(s, mv.AddCard)  # the main action has begun
