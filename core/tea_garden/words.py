"""Small words of Tea Garden, shared by the menus, the log and the panels: counts, lists,
leaves, Scrolls, costs, cards, places, Emperor conditions, and the effects printed on components
as verb phrases ("gain 1 Emperor token and score 2 VP").

Everything here is plain text built from the shared context (and a few plain values), so that
every part of the app says a thing the same way; what a move says, in a menu and in the log, is
:mod:`core.tea_garden.move_words`.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.tea_garden import effects as fx
from core.tea_garden.components import LeafCost
from core.tea_garden.context import Context
from core.tea_garden.scoring import FLAT_CARD_VP, RATES, STARTING_DECK_VP
from core.tea_garden.state import Demand

SIDE_WORD = {"g": "fresh", "f": "fermented"}
SCROLL_NAME = {"plus1": "+1 Scroll", "teapot": "Teapot Scroll", "x2": "x2 Scroll"}
TEAPOT_COLOUR_WORDS = {"neutral": "any-colour", "any": "any-colour"}
SECONDARY_WORDS = {"river": "River", "cup": "Cup production", "university": "University"}
"""A secondary action's short name, for the menus and panels."""

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


def plural(n: int, singular: str, many: str | None = None) -> str:
    """Return "1 leaf" / "2 leaves" style counts ("2 gardens" when ``many`` is not given)."""
    return f"{n} {singular if n == 1 else (many or singular + 's')}"


def join(items: Sequence[str]) -> str:
    """Join words as "a", "a and b" or "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def leaves(n: int, side: str, quality: int) -> str:
    """Return "a fresh leaf of quality 2" / "3 fermented leaves of quality 4"."""
    word = SIDE_WORD[side]
    if n == 1:
        return f"a {word} leaf of quality {quality}"
    return f"{n} {word} leaves of quality {quality}"


def scrolls(n: int, kind: str) -> str:
    """Return "an x2 Scroll" / "2 +1 Scrolls" for a kind of :data:`SCROLL_NAME`."""
    name = SCROLL_NAME[kind]
    if n == 1:
        return ("an " if name[0] in "aeioux" else "a ") + name
    return f"{n} {name}s"


def effect_text(effects: fx.Effects) -> str:
    """Return a verb phrase for printed effects, e.g. "gain 1 Emperor token and score 2 VP"."""
    return join([one_effect(e) for e in effects]) or "nothing"


def one_effect(eff: fx.Effect) -> str:
    """Return one printed effect as a verb phrase, e.g. "draw up to 2 cards"."""
    if isinstance(eff, fx.GainLeaves):
        return "gain " + leaves(eff.n, "g", eff.q)
    if isinstance(eff, fx.Ferment):
        return f"ferment up to {plural(eff.n, 'fresh leaf', 'fresh leaves')}"
    if isinstance(eff, fx.GainEmperorTokens):
        return f"gain {plural(eff.n, 'Emperor token')}"
    if isinstance(eff, fx.GainScroll):
        return "gain a Scroll of any kind" if eff.kind == "any" else "gain " + scrolls(1, eff.kind)
    if isinstance(eff, fx.GainCupToken):
        return f"place {plural(eff.n, 'Cup token')}"
    if isinstance(eff, fx.Draw):
        return f"draw up to {plural(eff.n, 'card')}"
    if isinstance(eff, fx.DrawDiscard):
        return f"draw {plural(eff.n, 'card')} and discard as many"
    if isinstance(eff, fx.RemoveCard):
        return "remove a card from the game"
    if isinstance(eff, fx.SellLeaves):
        return f"sell up to {plural(eff.max, 'leaf', 'leaves')}"
    if isinstance(eff, fx.ScoreVP):
        return f"score {eff.n} VP"
    if isinstance(eff, fx.TakeEmperorCard):
        return "take an Emperor card"
    if isinstance(eff, fx.Secondary):
        return {
            "river": "move the Boat on the River",
            "cup": "produce Cups",
            "university": "move a Worker at the Tea University",
        }[eff.action]
    if isinstance(eff, fx.Choice):
        return "either " + " or ".join(effect_text(option) for option in eff.options)
    if isinstance(eff, fx.GainGardenLeaves):
        return "gain a fresh leaf from each garden"
    return "take a Basic Puerh token"


# --- menus and panels ---------------------------------------------------------------------


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


def card_offer(ctx: Context, card_id: str) -> str:
    """Return what a card offers on top of a stack, or "no offer"."""
    card = ctx.cards.get(card_id)
    if card is None or not card.top:
        return "no offer"
    return effect_text(card.top)


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


def region_words(ctx: Context, region_id: str) -> str:
    """Return a Region with its Province and leaf value, e.g. "Longjing (Zhejiang, q3)"."""
    region = ctx.region(region_id)
    return f"{region.name} ({ctx.province_name(region.province)}, q{region.value})"


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
    return SCROLL_NAME.get(kind, kind)


def puerh_token_words(ctx: Context, token_id: str) -> str:
    """Return a Puerh token in words: its name, what it adds to a cake, what it gives when
    placed and what it costs, e.g. "Bulang Old-Tree Wedge — 2 stars; when placed: score 1 VP;
    costs 3 leaves"."""
    token = ctx.puerh_tokens.get(token_id)
    if token is None:
        return "no token"
    worth = [plural(token.stars, "star")] if token.stars else []
    if token.value:
        worth.append(f"centre value {token.value}")
    cost = "free" if token.cost.is_free else f"costs {cost_text(token.cost)}"
    gives = effect_text(token.bonus)
    worth_text = ", ".join(worth) or "nothing for a cake"
    return f"{token.name} — {worth_text}; when placed: {gives}; {cost}"
