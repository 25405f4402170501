"""The hand-written clone of a Tea Garden state is complete and independent."""

from __future__ import annotations

from typing import Any

import msgspec

from core.rng import Rng
from tests.core.tea_garden.scenario import new_game


def _mutable_parts(obj: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every list, dict and mutable Struct reachable from ``obj``, with its path."""
    found: list[tuple[str, Any]] = []
    if isinstance(obj, msgspec.Struct):
        if not obj.__struct_config__.frozen:
            found.append((path, obj))
        for field in obj.__struct_fields__:
            found.extend(_mutable_parts(getattr(obj, field), f"{path}.{field}"))
    elif isinstance(obj, list | dict):
        found.append((path, obj))
        items = obj.items() if isinstance(obj, dict) else enumerate(obj)
        for key, value in items:
            found.extend(_mutable_parts(value, f"{path}[{key}]"))
    return found


def _midgame(seed: int) -> Any:
    _, s = new_game(4, seed)
    rng = Rng.from_seed(seed)
    for _ in range(400):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_moves()))
    return s


def test_clone_equals_and_shares_nothing_mutable() -> None:
    s = _midgame(3)
    twin = s.clone()
    assert twin == s
    originals = {id(obj) for _, obj in _mutable_parts(s)}
    shared = [path for path, obj in _mutable_parts(twin) if id(obj) in originals]
    assert not shared, f"clone shares mutable parts: {shared[:5]}"


def test_clone_evolves_independently() -> None:
    s = _midgame(5)
    before = msgspec.json.encode(s)
    twin = s.clone()
    rng = Rng.from_seed(9)
    for _ in range(200):
        if twin.is_over():
            break
        twin.apply(rng.choice(twin.legal_moves()))
    assert msgspec.json.encode(s) == before
