"""Sencha's house rules: each departs from one of our readings of the rulebook
(docs/rulings.md, SEN-AMB-nn) and is a named flag that :func:`to_options` turns into the
game's options (:class:`core.sencha.options.SenchaOptions`), so ``--variant``, the new-game
form and the saves list treat them as Tea Garden's."""

from __future__ import annotations

from collections.abc import Mapping

from core.sencha.options import SenchaOptions
from core.setup import OptionValue
from tea_tui.house_rules import HouseRule

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "no_money_cap",
        "No money cap",
        "yen above 12 are kept (12 or more still scores 2 VP)",
        "SEN-AMB-05: money stops at 12 yen",
    ),
    HouseRule(
        "initial_donkey",
        "Donkey start",
        "the initial worker plays as a Donkey (2 cubes of one tea, no Sencha)",
        "SEN-AMB-01: the initial worker is a Peasant",
    ),
    HouseRule(
        "initial_collector",
        "Collector start",
        "the initial worker plays as a Collector (it still scores nothing)",
        "SEN-AMB-01: the initial worker is a Peasant",
    ),
    HouseRule(
        "workers_to_supply",
        "Workers go back",
        "a worker let go or traded in returns to the supply",
        "SEN-AMB-03: it leaves the game",
    ),
    HouseRule(
        "field_bonus_any_sell",
        "Field pays always",
        "field houses pay on every Sell, even with nothing sold for yen",
        "SEN-AMB-08: only when a cube was sold for yen",
    ),
    HouseRule(
        "sell_continues_after_flip",
        "Sell on after a flip",
        "after a card goes, the seller may go on selling on the next one",
        "SEN-AMB-09: the Sell ends when a card goes",
    ),
    HouseRule(
        "strict_last_offers",
        "Strict last offers",
        "on the last card only tea of a full column may be offered",
        "SEN-AMB-12: any tea that cannot be sold",
    ),
)
"""The house rules, in the order the form lists them."""

_VALUES: dict[str, tuple[str, OptionValue]] = {
    "no_money_cap": ("money_cap", None),
    "initial_donkey": ("initial_worker", "donkey"),
    "initial_collector": ("initial_worker", "collector"),
    "workers_to_supply": ("discarded_workers", "supply"),
    "field_bonus_any_sell": ("field_bonus", "any_sell"),
    "sell_continues_after_flip": ("sell_continues_after_flip", True),
    "strict_last_offers": ("last_card_offer_any", False),
}
"""Each house rule as the option it sets and its value."""


def to_options(flags: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The game's options for house rules switched on (other options are kept as given).

    Raises:
        ValueError: for two rules that set the same option differently.
    """
    out: dict[str, OptionValue] = {}
    by: dict[str, str] = {}
    for name, value in flags.items():
        if name not in _VALUES:
            out[name] = value
            continue
        if value is not True:
            continue
        option, setting = _VALUES[name]
        if option in by:
            raise ValueError(f"the house rules {by[option]!r} and {name!r} cannot both be on")
        by[option] = name
        out[option] = setting
    return out


def rules_in(options: SenchaOptions) -> tuple[str, ...]:
    """The house rules a game's options have on, by name, in the form's order."""
    return tuple(
        rule.name
        for rule in HOUSE_RULES
        if getattr(options, _VALUES[rule.name][0]) == _VALUES[rule.name][1]
    )


def rules_in_setup(options: Mapping[str, OptionValue]) -> tuple[str, ...]:
    """The house rules of a saved setup's options (only those that differ are saved)."""
    return tuple(
        rule.name
        for rule in HOUSE_RULES
        if _VALUES[rule.name][0] in options
        and options[_VALUES[rule.name][0]] == _VALUES[rule.name][1]
    )
