"""docs/notation.md lists every move of every registered game, with its arguments in order."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from core.games import all_games
from core.setup import make_game, new_setup

DOC = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("info", all_games(), ids=lambda info: info.id)
def test_every_move_is_documented(info: object) -> None:
    from core.games import GameInfo

    assert isinstance(info, GameInfo)
    assert f"(`{info.id}`)" in DOC
    game = make_game(new_setup(["random"] * info.min_seats, game=info.id))
    for keyword, cls in game.move_kinds().items():
        args = " ".join(f"`{f.name.upper()}`" for f in msgspec.structs.fields(cls)) or "none"
        assert f"| `{keyword}` | {args} |" in DOC, keyword
