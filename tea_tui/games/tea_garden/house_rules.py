"""The house rules a Tea Garden game may be set up with, in words for players.

Each one is a flag of :class:`core.tea_garden.context.Options` that settles an open question of
the rulebook the other way from our default reading (the AMB ruling named, see
docs/rulings.md). The new-game screen and ``tea-tui new --variant NAME`` offer them; a game
records them in its setup, so saves and replays keep them.
"""

from __future__ import annotations

from collections.abc import Iterable

from tea_tui import house_rules as generic
from tea_tui.house_rules import HouseRule

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
        needs="puerh",
        needs_label="Puerh",
    ),
    HouseRule(
        "puerh_bridging",
        "Bridging Puerh tokens",
        "A new Puerh token may join two single tokens into one cake",
        "AMB-41",
        needs="puerh",
        needs_label="Puerh",
    ),
    HouseRule(
        "decree_gardens_count_all",
        "Sichuan counts for Decrees",
        "The Gardens Decree counts the Sichuan garden too",
        "AMB-47",
        needs="puerh",
        needs_label="Puerh",
    ),
)
"""Every house rule, in the order the new-game screen lists them."""

BY_NAME: dict[str, HouseRule] = {rule.name: rule for rule in HOUSE_RULES}


def check_house_rules(names: Iterable[str], *, puerh: bool) -> tuple[str, ...]:
    """Return ``names`` in the standard order, checked.

    Raises:
        ValueError: for an unknown name, or an expansion rule without the expansion.
    """
    return generic.check(HOUSE_RULES, names, ["puerh"] if puerh else [])


def house_rules_of(options: object) -> tuple[HouseRule, ...]:
    """Return the house rules switched on in a game's ``Options``."""
    return generic.switched_on(HOUSE_RULES, options)


def summary(names: Iterable[str]) -> str:
    """A short line for a list of house rules: their labels, or "none"."""
    return generic.summary(HOUSE_RULES, names)
