"""Short words for the menus and panels: leaves, effects, cards, places and Emperor conditions.

Everything here is plain text built from a seat's observation and the shared context, so the
decision panel, the status line and the help screen say things the same way. The game log's
sentences come from :mod:`core.tea_garden.narrate` instead.
"""

from __future__ import annotations

from core.tea_garden import effects as fx
from core.tea_garden.components import LeafCost
from core.tea_garden.context import Context
from core.tea_garden.flow import card_slots
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.narrate_words import effect_text
from core.tea_garden.scoring import FLAT_CARD_VP, RATES, STARTING_DECK_VP
from core.tea_garden.state import Demand

SCROLL_WORDS = {"plus1": "+1 Scroll", "teapot": "Teapot Scroll", "x2": "x2 Scroll"}
TEAPOT_COLOUR_WORDS = {"neutral": "any-colour", "any": "any-colour"}
SECONDARY_WORDS = {"river": "River", "cup": "Cup production", "university": "University"}

_COUNTED = {
    "E1": "fermented leaf",
    "E2": "fresh leaf",
    "E4": "Teapot Scroll",
    "E5": "garden on the map",
    "E6": "Caravan taken",
    "E8": "card with the River action",
    "E9": "card with the University action",
    "E10": "card with the Cup action",
    "E11": "card with a Teapot",
    "E12": "complete Puerh cake",
}


def count(n: int, singular: str, plural: str = "") -> str:
    """Return "1 garden" / "2 gardens" style counts."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"


def leaf(side: str, quality: int) -> str:
    """Return a leaf's short mark: ``g3`` fresh, ``f3`` fermented (never colour alone)."""
    return f"{side}{quality}"


def leaf_words(side: str, quality: int) -> str:
    """Return a leaf in words, e.g. "fresh leaf q3"."""
    return f"{'fresh' if side == 'g' else 'fermented'} leaf q{quality}"


def cost_text(cost: LeafCost) -> str:
    """Return a printed leaf cost in words, e.g. "2 leaves + 1 fermented, q3+"; "free" if none."""
    if cost.is_free:
        return "free"
    parts = []
    if cost.green:
        parts.append(f"{cost.green} {'leaf' if cost.green == 1 else 'leaves'}")
    if cost.brown:
        parts.append(f"{cost.brown} fermented")
    quality = f", q{cost.quality}+" if cost.quality > 1 else ""
    return " + ".join(parts) + quality


def demand_text(demands: tuple[Demand, ...]) -> str:
    """Return what is still owed, e.g. "2 leaves q2+ and 1 fermented"."""
    parts = []
    for d in demands:
        if d.count <= 0:
            continue
        noun = "fermented" if d.fermented else ("leaf" if d.count == 1 else "leaves")
        quality = f" q{d.quality}+" if d.quality > 1 else ""
        parts.append(f"{d.count} {noun}{quality}")
    return " and ".join(parts) or "nothing"


def effects_words(effects: fx.Effects) -> str:
    """Return printed effects as a verb phrase ("gain 2 fresh leaves of quality 2")."""
    return effect_text(effects) if effects else "nothing"


def card_offer(ctx: Context, card_id: str) -> str:
    """Return what a card offers on top of a stack, or "no offer"."""
    card = ctx.cards.get(card_id)
    if card is None or not card.top:
        return "no offer"
    return effects_words(card.top)


def card_name(ctx: Context, card_id: str) -> str:
    """Return a card's name (its id if unknown)."""
    card = ctx.cards.get(card_id)
    return card.name if card is not None else card_id


def card_line(ctx: Context, card_id: str) -> str:
    """Return a card with its strength, Teapots and offer: "Kiln Ash (str 1): produce Cups"."""
    card = ctx.cards.get(card_id)
    if card is None:
        return card_id
    teapots = f", {teapots_words(card.teapots)}" if card.teapots else ""
    return f"{card.name} (str {card.strength}{teapots}): {card_offer(ctx, card_id)}"


def teapots_words(teapots: tuple[str, ...]) -> str:
    """Return Teapots in words, all of them counted: "Teapots green and red", "a Teapot of any
    colour" (a needed "any", or a neutral one printed on a card)."""
    colours = [TEAPOT_COLOUR_WORDS.get(t, t) for t in teapots]
    if len(colours) == 1:
        return (
            "a Teapot of any colour" if teapots[0] in ("any", "neutral") else f"Teapot {colours[0]}"
        )
    return "Teapots " + ", ".join(colours[:-1]) + " and " + colours[-1]


def province_name(ctx: Context, province_id: str) -> str:
    """Return a Province's name."""
    for province in ctx.components.map.provinces:
        if province.id == province_id:
            return province.name
    return province_id


def region_words(ctx: Context, region_id: str) -> str:
    """Return a Region with its Province and leaf value, e.g. "Longjing (Zhejiang, q3)"."""
    region = ctx.region(region_id)
    return f"{region.name} ({province_name(ctx, region.province)}, q{region.value})"


def condition_text(condition: str) -> str:
    """Return what an Emperor card scores at the end, in words."""
    if condition == "E3":
        return f"{FLAT_CARD_VP} VP"
    if condition == "E7":
        return f"{STARTING_DECK_VP} VP, less 1 per Starting card in your deck"
    rate = RATES.get(condition)
    what = _COUNTED.get(condition)
    if rate is None or what is None:
        return condition
    return f"{rate.vp} VP per {what} (up to {rate.cap})"


def scroll_words(kind: str) -> str:
    """Return a Scroll kind's name."""
    return SCROLL_WORDS.get(kind, kind)


def turns_left(view: TeaGardenObservation, ctx: Context, seat: int) -> int:
    """Return the turns ``seat`` may still take this round, the turn being played included
    (0 once it has passed): the one figure the status line, the boards and plain mode show."""
    p = view.players[seat]
    if p.passed or view.over:
        return 0
    lu = view.luyu
    if lu is not None and lu.seat == seat:  # the automa plays into his own slots, all at once
        return max(0, card_slots(ctx) - len(lu.slots))
    taken = len(p.stacks)
    if seat == view.to_move and view.turn.committed:
        taken -= 1
    return max(0, card_slots(ctx) - taken)
