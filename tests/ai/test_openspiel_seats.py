"""OpenSpiel seat specs without the openspiel extra: they parse, and asking for the player says
how to install what is missing."""

from __future__ import annotations

import sys

import pytest

from ai.agents import OPENSPIEL_MISSING, make_agent
from core.seats import SeatSpec
from core.tea_garden.game import TeaGardenGame


@pytest.mark.parametrize(
    "text", ["openspiel-ismcts:time=1", "openspiel-ismcts:iters=20", "openspiel-mcts:time=0.5"]
)
def test_openspiel_specs_round_trip(text: str) -> None:
    assert str(SeatSpec.parse(text)) == text


@pytest.mark.parametrize("spec", ["openspiel-ismcts:time=1", "openspiel-mcts"])
def test_missing_extra_is_a_clear_error(spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With pyspiel not importable, make_agent raises a ValueError naming the extra."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # makes `import pyspiel` fail
    monkeypatch.delitem(sys.modules, "ai.tea_garden.openspiel_adapter", raising=False)
    with pytest.raises(ValueError) as info:
        make_agent(spec, TeaGardenGame(num_seats=2))
    assert str(info.value) == OPENSPIEL_MISSING
    assert "pip install 'tea-tui[openspiel]'" in str(info.value)


def test_openspiel_seat_takes_a_budget_not_a_level_word() -> None:
    with pytest.raises(ValueError, match="iters=N or time=S"):
        make_agent("openspiel-ismcts:normal", TeaGardenGame(num_seats=2))
