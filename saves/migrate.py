"""Upgrading saves of older format versions, one version at a time.

Each upgrader takes the decoded JSON of version ``n`` and returns that of version ``n + 1``;
:func:`upgrade` chains them. Upgraders work on plain JSON values (dicts, lists, strings), never
on the current Structs, so that an old upgrader keeps working when the Structs change later.

Format history:

- **0**, the prototype's (``"version": 0``): seats as a list of spec strings under ``players``,
  the moves as one string separated by ``;``, a single ``saved_at`` time, the component set as
  ``{"id", "sha256"}``, variant flags as a list of the names turned on, no display metadata.
- **1**, the first release's: like 2, but the setup kept expansions in a list of their own
  (always empty: Puerh was already the option ``puerh``) and the metadata had no progress text.
- **2**, the current one (docs/saves.md): expansions are options of the game, the options may
  hold numbers and names as well as switches, and ``meta.progress`` says how far the game has
  come in words (``Round 3 of 5``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import msgspec

from core.seats import SeatSpec

FORMAT_NAME: Literal["tea-tui-save"] = "tea-tui-save"
"""The value of the ``format`` field that marks a tea-tui save (from version 1 on)."""
CURRENT_VERSION = 2
"""The format version this tea-tui writes."""

Json = dict[str, Any]

PROTOTYPE_GAME = "tea_garden"
"""The game of a format-0 save that names none: the prototype played only its first game."""


def detect_version(raw: Json) -> int:
    """Return the format version of a decoded save.

    Raises:
        ValueError: if the JSON is not a tea-tui save at all, or its version is not a number.
    """
    if raw.get("format") == FORMAT_NAME:
        version = raw.get("format_version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise ValueError(f"'format_version' is {version!r}, not a version number from 1 up")
        return version
    if "format" in raw:
        raise ValueError(f"not a tea-tui save ('format' is {raw['format']!r})")
    if raw.get("version") == 0 and "players" in raw:
        return 0
    raise ValueError("not a tea-tui save (no 'format': \"tea-tui-save\" field)")


def _v0_to_v1(raw: Json) -> Json:
    players = raw["players"]
    if not isinstance(players, list):
        raise TypeError(f"'players' is a {type(players).__name__}, not a list")
    seats = [msgspec.to_builtins(SeatSpec.parse(str(p))) for p in players]
    moves_text = raw["moves"]
    if not isinstance(moves_text, str):
        raise TypeError(f"'moves' is a {type(moves_text).__name__}, not a string")
    components = raw["components"]
    return {
        "format": FORMAT_NAME,
        "format_version": 1,
        "app_version": raw.get("app", "unknown"),
        "created": raw["saved_at"],
        "updated": raw["saved_at"],
        "meta": {"title": raw.get("title", "")},
        "setup": {
            "game": raw.get("game", PROTOTYPE_GAME),
            "num_seats": len(seats),
            "seats": seats,
            "options": {name: True for name in raw.get("variants", [])},
            "start_seat": raw.get("first_player"),
            "components_id": components["id"],
            "components_hash": components["sha256"],
        },
        "seed": raw["seed"],
        "state_sha256": raw["state_sha256"],
        "moves": [m.strip() for m in moves_text.split(";") if m.strip()],
    }


def _v1_to_v2(raw: Json) -> Json:
    setup = dict(raw["setup"])
    options = dict(setup.get("options", {}))
    for name in setup.pop("expansions", []):
        options[str(name)] = True  # an expansion is an option of its game from version 2 on
    setup["options"] = options
    meta = dict(raw.get("meta", {}))
    if "progress" not in meta:
        rounds, round_ = meta.get("rounds", 0), meta.get("round", 0)
        if meta.get("finished") and rounds:
            meta["progress"] = f"Finished after round {rounds}"
        elif round_ and rounds:
            meta["progress"] = f"Round {round_} of {rounds}"
    return {**raw, "format_version": 2, "setup": setup, "meta": meta}


UPGRADERS: dict[int, Callable[[Json], Json]] = {0: _v0_to_v1, 1: _v1_to_v2}
"""Upgrader from each old version to the next."""


def upgrade(raw: Json, version: int) -> Json:
    """Upgrade decoded JSON of format ``version`` to the current version, step by step.

    Raises:
        KeyError, TypeError, ValueError: if the old file lacks a field or has one of the wrong
            type (the caller reports it as a damaged save).
    """
    for step in range(version, CURRENT_VERSION):
        raw = UPGRADERS[step](raw)
    return raw
