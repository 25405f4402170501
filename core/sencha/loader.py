"""Loading the Sencha component set from TOML, with errors that name the file, item and field.

The built-in set lives in ``core/sencha/data/*.toml``. A player's own file (``--components
FILE``) may hold any of its sections (``plantations``, ``market``, and ``id``/``name``); each
section it has replaces the built-in one as a whole, and the merged set is checked like the
built-in one. The engine never opens user files: the caller passes the text.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import typing
from functools import lru_cache
from importlib import resources
from typing import Any

import msgspec

from core.errors import ComponentError
from core.sencha.components import ComponentSet
from core.sencha.validate import validate_components

BUILTIN_FILES = ("meta.toml", "plantations.toml", "market.toml")
"""The data files of the built-in set, in load order."""

_SECTIONS = tuple(f.name for f in msgspec.structs.fields(ComponentSet))
_REQUIRED = frozenset(f.name for f in msgspec.structs.fields(ComponentSet) if f.required)
_PATH = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def load_builtin() -> ComponentSet:
    """Return tea-tui's own Sencha set (decoded and checked once, then cached).

    Raises:
        ComponentError: if the shipped data is broken (a packaging bug).
    """
    return _builtin()


@lru_cache(maxsize=1)
def _builtin() -> ComponentSet:
    return load_components(None)


def load_components(user_text: str | None = None, user_name: str = "user file") -> ComponentSet:
    """Return the built-in set with the sections of a player's file put in their place.

    Args:
        user_text: the TOML text of the player's file, or None for the built-in set alone.
        user_name: how to name that file in error messages (usually its path).

    Raises:
        ComponentError: naming the file, the item and the field of the problems found.
    """
    sections: dict[str, tuple[str, Any]] = {}
    for name in BUILTIN_FILES:
        text = resources.files("core.sencha").joinpath("data", name).read_text("utf-8")
        _merge(sections, _parse(text, name), name, replace=False)
    if user_text is not None:
        user = _parse(user_text, user_name)
        if "id" not in user:
            user["id"] = f"{sections['id'][1]}_custom"
            user["name"] = f"{sections['name'][1]} (modified)"[:40]
        _merge(sections, user, user_name, replace=True)
    missing = sorted(_REQUIRED - sections.keys())
    if missing:
        raise ComponentError(f"component set is missing: {', '.join(missing)}")
    decoded: dict[str, Any] = {}
    for key, (source, raw) in sections.items():
        try:
            decoded[key] = msgspec.convert(raw, _hints()[key])
        except msgspec.ValidationError as exc:
            raise ComponentError(_describe(source, key, raw, str(exc))) from None
    components = ComponentSet(**decoded)
    validate_components(components, {key: src for key, (src, _) in sections.items()})
    return components


def component_hash(components: ComponentSet) -> str:
    """Return a stable SHA-256 hex digest of a component set's content (saves record it)."""
    return hashlib.sha256(msgspec.json.encode(components)).hexdigest()


def _parse(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"components file '{source}': not valid TOML: {exc}") from None
    except RecursionError:
        raise ComponentError(f"components file '{source}': nested far too deeply") from None


def _merge(
    into: dict[str, tuple[str, Any]], data: dict[str, Any], source: str, *, replace: bool
) -> None:
    for key, value in data.items():
        if key not in _SECTIONS:
            known = ", ".join(_SECTIONS)
            raise ComponentError(
                f"components file '{source}': unknown section '{key}' (known sections: {known})"
            )
        if key in into and not replace:
            raise ComponentError(
                f"components file '{source}': section '{key}' is also in '{into[key][0]}'"
            )
        into[key] = (source, value)


@lru_cache(maxsize=1)
def _hints() -> dict[str, Any]:
    return typing.get_type_hints(ComponentSet)


def _describe(source: str, section: str, raw: Any, message: str) -> str:
    """Turn msgspec's "... - at `$.market[3].columns[0].tea`" into the file, item and field."""
    text, sep, path = message.rpartition(" - at `")
    if not sep:
        return f"components file '{source}': section '{section}': {message}"
    node: Any = raw
    parts: list[str] = [section]
    split: int | None = None
    for name, index in _PATH.findall(path.rstrip("`")[1:]):
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
    split = 1 if split is None else split
    item = "".join(parts[:split])
    field = "".join(parts[split:]).lstrip(".")
    return f"components file '{source}': {item}{f' field {field!r}' if field else ''}: {text}"
