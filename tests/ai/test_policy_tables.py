"""The fast policy and the yardstick find their prices by type (ai/tea_garden/policy.py,
policy_decisions.py and values.py): every kind of effect and move must have its entry, or be
meant to have none, so that a kind added to the rules is not silently priced at nothing."""

from __future__ import annotations

import inspect
from typing import get_args

from ai.tea_garden import policy, policy_decisions, values
from core.moves import Move
from core.tea_garden import effects as fx
from core.tea_garden import moves as mv

NEUTRAL = {mv.Stop, mv.PlaceToken, mv.AddCard, mv.LuYuTurn, mv.LuYuPass}
"""Moves the policy leaves at a neutral score: a choice of no consequence for it (Stop,
PlaceToken), a house-rule variant priced like a main action's bonus alone (AddCard), and Lu
Yu's single moves (his seat is never asked to choose)."""


def _move_kinds() -> set[type]:
    return {
        cls
        for _, cls in inspect.getmembers(mv, inspect.isclass)
        if issubclass(cls, Move) and cls is not Move and cls.__module__ == mv.__name__
    }


def test_every_effect_has_a_price() -> None:
    """Each effect kind of the rules has its own pricing function."""
    kinds = set(get_args(fx.Effect))
    assert len(kinds) == 15
    assert set(values._EFFECT_WORTH) == kinds


def test_every_move_kind_is_scored_or_neutral() -> None:
    """Each move kind is scored as a turn move, a main action or an answer to a sub-decision,
    or is one of the few meant to score nothing; no kind is in two tables."""
    tables = [
        set(policy._TURN_SCORE),
        set(policy._MAIN_SCORE),
        set(policy_decisions._PENDING_SCORE),
    ]
    for i, a in enumerate(tables):
        for b in tables[i + 1 :]:
            assert not a & b
    assert set().union(*tables) | NEUTRAL == _move_kinds()
