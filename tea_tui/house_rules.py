"""House rules, for any game: the variant flags of a game's options, in words for players.

A game's UI package lists its house rules (:attr:`tea_tui.game_ui.GameUi.house_rules`): each
is a boolean option of the game's options Struct that settles an open question of its rulebook
the other way from our default reading. The new-game form's dialog, ``tea-tui new --variant``,
the saves list and the game screen show them from here; a game's setup records them, so saves
and replays keep them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRule:
    """One variant flag: its option name, a short label and what it changes."""

    name: str
    """The option's name (also the ``--variant`` value)."""
    label: str
    """A few words for a checkbox."""
    effect: str
    """What changes, in one short line."""
    ruling: str
    """The ruling it departs from (docs/rulings.md)."""
    needs: str = ""
    """The switch (an expansion) it needs to be on, or ""."""
    needs_label: str = ""
    """That switch's name for players ("Puerh")."""

    @property
    def expansion(self) -> bool:
        """True for a rule that needs an expansion."""
        return bool(self.needs)


def check(
    rules: Sequence[HouseRule], names: Iterable[str], switches: Iterable[str]
) -> tuple[str, ...]:
    """Return ``names`` in the rules' order, checked against the ``switches`` that are on.

    Raises:
        ValueError: for an unknown name, or a rule whose switch is off.
    """
    by_name = {rule.name: rule for rule in rules}
    chosen, on = set(names), set(switches)
    for name in sorted(chosen):
        rule = by_name.get(name)
        if rule is None:
            known = ", ".join(by_name) or "none"
            raise ValueError(f"unknown house rule {name!r} (known: {known})")
        if rule.needs and rule.needs not in on:
            what = rule.needs_label or rule.needs
            raise ValueError(f"the house rule {name!r} needs the {what} expansion (--{rule.needs})")
    return tuple(rule.name for rule in rules if rule.name in chosen)


def switched_on(rules: Sequence[HouseRule], options: object) -> tuple[HouseRule, ...]:
    """Return the house rules switched on in a game's options Struct."""
    return tuple(rule for rule in rules if getattr(options, rule.name, False))


def summary(rules: Sequence[HouseRule], names: Iterable[str]) -> str:
    """A short line for house rules by name: their labels, or "none"."""
    by_name = {rule.name: rule for rule in rules}
    labels = [by_name[name].label for name in names if name in by_name]
    return ", ".join(labels) if labels else "none"
