"""Sencha's options: one field per reading of the rules inventory that it marks as a flag
(SEN-AMB-nn, docs/rulings.md). The defaults are the recommended readings."""

from __future__ import annotations

from typing import Literal

import msgspec


class SenchaOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The variant flags of a Sencha game."""

    money_cap: int | None = 12
    """SEN-AMB-05: the most yen a player can hold (income above it is lost); None for no cap."""
    initial_worker: Literal["peasant", "donkey", "collector"] = "peasant"
    """SEN-AMB-01: which worker the initial worker card plays as (it never scores as a
    Collector or Cart)."""
    discarded_workers: Literal["box", "supply"] = "box"
    """SEN-AMB-03: where a replaced or traded-in worker card goes: out of the game, or back to
    its face-up pile in the supply."""
    field_bonus: Literal["with_sale", "any_sell"] = "with_sale"
    """SEN-AMB-08: the +1 yen per field house is paid once per Sell action in which at least one
    cube was sold for yen (``with_sale``), or on every Sell action (``any_sell``)."""
    sell_continues_after_flip: bool = False
    """SEN-AMB-09: after the demand of a card is met (offerings, new card), the seller may go on
    selling on the new card; by default the Sell action ends there."""
    last_card_offer_any: bool = True
    """SEN-AMB-12: in the last turns after the last card's demand is met, any carried cube that
    has no room on that card may be offered; False allows only teas whose column is full."""

    def __post_init__(self) -> None:
        if self.money_cap is not None and not 0 < self.money_cap <= 99:
            raise ValueError(f"money_cap must be 1 to 99 or none, not {self.money_cap}")
