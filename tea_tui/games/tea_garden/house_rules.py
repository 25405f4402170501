"""The house rules a Tea Garden game may be set up with, in words for players.

Each one is a flag of :class:`core.tea_garden.context.Options` that settles an open question of
the rulebook the other way from our default reading (the AMB ruling named, see
docs/rulings.md). The new-game screen and ``tea-tui new --variant NAME`` offer them; a game
records them in its setup, so saves and replays keep them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRule:
    """One variant flag: its option name, a short label and what it changes."""

    name: str
    """The field of ``Options`` (also the ``--variant`` value)."""
    label: str
    """A few words for a checkbox."""
    effect: str
    """What changes, in one short line."""
    ruling: str
    """The ruling it departs from."""
    expansion: bool = False
    """True for a rule of the Puerh expansion (it needs the expansion on)."""


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "limited_pools",
        "Limited supplies",
        "Only 80 leaves, 30 Emperor and 30 Cup tokens, the printed Scrolls",
        "AMB-01",
    ),
    HouseRule(
        "cup_table_continues",
        "Longer Cup table",
        "Past 7 connections the Cup table goes on: +7, +8, ... VP",
        "AMB-19",
    ),
    HouseRule(
        "late_cards",
        "Late cards",
        "Slip more cards under the top card until the main action",
        "AMB-23",
    ),
    HouseRule(
        "no_final_hall_scoring",
        "No final Hall scoring",
        "The Halls are not scored again at the end of the game",
        "AMB-36",
        expansion=True,
    ),
    HouseRule(
        "puerh_bridging",
        "Bridging Puerh tokens",
        "A new Puerh token may join two single tokens into one cake",
        "AMB-41",
        expansion=True,
    ),
    HouseRule(
        "decree_gardens_count_all",
        "Sichuan counts for Decrees",
        "The Gardens Decree counts the Sichuan garden too",
        "AMB-47",
        expansion=True,
    ),
)
"""Every house rule, in the order the new-game screen lists them."""

BY_NAME: dict[str, HouseRule] = {rule.name: rule for rule in HOUSE_RULES}


def check_house_rules(names: Iterable[str], *, puerh: bool) -> tuple[str, ...]:
    """Return ``names`` in the standard order, checked.

    Raises:
        ValueError: for an unknown name, or an expansion rule without the expansion.
    """
    chosen = set(names)
    for name in sorted(chosen):
        rule = BY_NAME.get(name)
        if rule is None:
            known = ", ".join(BY_NAME)
            raise ValueError(f"unknown house rule {name!r} (known: {known})")
        if rule.expansion and not puerh:
            raise ValueError(f"the house rule {name!r} needs the Puerh expansion (--puerh)")
    return tuple(rule.name for rule in HOUSE_RULES if rule.name in chosen)


def house_rules_of(options: object) -> tuple[HouseRule, ...]:
    """Return the house rules switched on in a game's ``Options``."""
    return tuple(rule for rule in HOUSE_RULES if getattr(options, rule.name, False))


def summary(names: Iterable[str]) -> str:
    """A short line for a list of house rules: their labels, or "none"."""
    labels = [BY_NAME[name].label for name in names if name in BY_NAME]
    return ", ".join(labels) if labels else "none"
