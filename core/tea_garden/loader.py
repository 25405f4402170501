"""Loading the Tea Garden component set from TOML, with errors that point at the faulty field.

The built-in set lives in ``core/tea_garden/data/*.toml``; each file holds some top-level sections
of :class:`~core.tea_garden.components.ComponentSet`. A user's own component file (``tea-tui
--components FILE``) may hold any of the same sections: each one it has replaces the built-in
section as a whole, and the merged set is checked like the built-in one. The engine never opens
user files itself: the caller reads the file and passes its text.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import typing
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

import msgspec

from core.errors import ComponentError
from core.tea_garden.components import ComponentSet
from core.tea_garden.validate import validate_components

__all__ = [
    "BUILTIN_FILES",
    "ComponentError",
    "component_hash",
    "load_builtin",
    "load_components",
]

BUILTIN_FILES = (
    "meta.toml",
    "map.toml",
    "tracks.toml",
    "cards.toml",
    "tiles.toml",
    "expansion.toml",
    "luyu.toml",
)
"""The data files of the built-in set, in load order."""

_SECTIONS = frozenset(f.name for f in msgspec.structs.fields(ComponentSet))
_REQUIRED = frozenset(f.name for f in msgspec.structs.fields(ComponentSet) if f.required)
_PATH_TOKEN = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def load_builtin() -> ComponentSet:
    """Return tea-tui's own component set (decoded and checked once, then cached).

    Raises:
        ComponentError: if the shipped data is broken (a packaging bug).
    """
    return _load_builtin_cached()


@lru_cache(maxsize=1)
def _load_builtin_cached() -> ComponentSet:
    return load_components(None)


def load_components(user_text: str | None = None, user_name: str = "user file") -> ComponentSet:
    """Return the built-in set with the sections of a user's component file put in its place.

    Args:
        user_text: the TOML text of the user's file, or None for the built-in set alone.
        user_name: how to name that file in error messages (usually its path).

    Raises:
        ComponentError: naming the file, the item and the field of the first problems found.
    """
    sections: dict[str, tuple[str, Any]] = {}
    for name in BUILTIN_FILES:
        text = resources.files("core.tea_garden").joinpath("data", name).read_text("utf-8")
        _merge(sections, parse_toml(text, name), name, allow_replace=False)
    if user_text is not None:
        user = parse_toml(user_text, user_name)
        if "id" not in user:
            user["id"] = f"{sections['id'][1]}_custom"
            user["name"] = f"{sections['name'][1]} (modified)"[:40]
        _merge(sections, user, user_name, allow_replace=True)
    components = decode_sections(sections)
    validate_components(components, {key: src for key, (src, _) in sections.items()})
    return components


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text, reporting syntax errors with the source name.

    Raises:
        ComponentError: if the text is not valid TOML.
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"components file '{source}': not valid TOML: {exc}") from None
    except RecursionError:
        raise ComponentError(
            f"components file '{source}': not a component set (its values are nested far too "
            "deeply)"
        ) from None


def decode_sections(sections: Mapping[str, tuple[str, Any]]) -> ComponentSet:
    """Decode merged raw sections (section -> (source file, raw value)) into a ComponentSet.

    Raises:
        ComponentError: for a missing section or a field of the wrong type or range.
    """
    missing = sorted(_REQUIRED - sections.keys())
    if missing:
        word = "section" if len(missing) == 1 else "sections"
        raise ComponentError(f"component set is missing the {word}: {', '.join(missing)}")
    decoded: dict[str, Any] = {}
    for key in (f.name for f in msgspec.structs.fields(ComponentSet)):
        if key not in sections:
            continue
        source, raw = sections[key]
        field_type = _field_type(key)
        try:
            decoded[key] = msgspec.convert(raw, field_type)
        except msgspec.ValidationError as exc:
            raise ComponentError(_describe(source, key, raw, str(exc))) from None
        except RecursionError:
            raise ComponentError(
                f"components file '{source}': section [{key}] is nested far too deeply"
            ) from None
    return ComponentSet(**decoded)


UNHASHED_NAMES = ("caravans", "cup_tiles", "region_tokens", "puerh_tokens", "decrees")
"""Sections whose items' ``name`` is left out of :func:`component_hash` (with Lu Yu's cards)."""


def component_hash(components: ComponentSet) -> str:
    """Return a stable SHA-256 hex digest of a component set's content.

    Saves record it so that a game is never replayed against different components. The names
    of Caravans, Cup tiles, Region tokens, Puerh tokens, Decrees and Lu Yu's cards are left
    out: they were added after games had been saved, and they change nothing in play, so a
    renamed tile still plays the saved games.
    """
    data = msgspec.to_builtins(components)
    items = [item for section in UNHASHED_NAMES for item in data.get(section, ())]
    if data.get("luyu"):
        items.extend(data["luyu"]["cards"])
    for item in items:
        item.pop("name", None)
    return hashlib.sha256(msgspec.json.encode(data)).hexdigest()


def _merge(
    into: dict[str, tuple[str, Any]], data: dict[str, Any], source: str, *, allow_replace: bool
) -> None:
    for key, value in data.items():
        if key not in _SECTIONS:
            known = ", ".join(sorted(_SECTIONS))
            raise ComponentError(
                f"components file '{source}': unknown section '{key}' (known sections: {known})"
            )
        if key in into and not allow_replace:
            raise ComponentError(
                f"components file '{source}': section '{key}' is also in '{into[key][0]}'"
            )
        into[key] = (source, value)


def _field_type(name: str) -> Any:
    return _section_types()[name]


@lru_cache(maxsize=1)
def _section_types() -> dict[str, Any]:
    return typing.get_type_hints(ComponentSet)


def _describe(source: str, section: str, raw: Any, message: str) -> str:
    """Turn msgspec's "... - at `$[3].price.quality`" into words naming file, item and field.

    The item is the first list entry on the path (named by its id when it has one); the field is
    the rest of the path.
    """
    text, sep, path = message.rpartition(" - at `")
    if not sep:
        return f"components file '{source}': section '{section}': {message}"
    node: Any = raw
    parts: list[str] = []
    split: int | None = None
    for name, index in _PATH_TOKEN.findall(path.rstrip("`")[1:]):
        if index:
            i = int(index)
            node = node[i] if isinstance(node, list) and i < len(node) else None
            item_id = node.get("id") if isinstance(node, dict) else None
            parts.append(f"[{i}]" + (f" (id '{item_id}')" if isinstance(item_id, str) else ""))
            if split is None:
                split = len(parts)
        else:
            node = node.get(name) if isinstance(node, dict) else None
            parts.append(f".{name}")
    split = 0 if split is None else split
    item = section + "".join(parts[:split])
    field = "".join(parts[split:]).lstrip(".")
    field_part = f" field '{field}'" if field else ""
    return f"components file '{source}': {item}{field_part}: {text}"
