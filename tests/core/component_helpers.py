"""Helpers for tests that feed edited or broken component files to the loader."""

from __future__ import annotations

import copy
import json
import tomllib
from importlib import resources
from typing import Any

from core.tea_garden.loader import BUILTIN_FILES


def builtin_raw() -> dict[str, Any]:
    """Return the built-in component data as plain TOML-decoded values, all files merged."""
    merged: dict[str, Any] = {}
    for name in BUILTIN_FILES:
        text = resources.files("core.tea_garden").joinpath("data", name).read_text("utf-8")
        merged.update(tomllib.loads(text))
    return copy.deepcopy(merged)


def to_toml(sections: dict[str, Any]) -> str:
    """Write top-level keys as TOML, each value inline (enough for test files)."""
    return "".join(f"{key} = {_value(value)}\n" for key, value in sections.items())


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{json.dumps(k)} = {_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")
