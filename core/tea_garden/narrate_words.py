"""Small words of the game log: counts, lists, leaves, Scrolls, and the effects printed on
components as verb phrases ("gain 1 Emperor token and score 2 VP")."""

from __future__ import annotations

from collections.abc import Sequence

from core.tea_garden import effects as fx

SIDE_WORD = {"g": "fresh", "f": "fermented"}
SCROLL_NAME = {"plus1": "+1 Scroll", "teapot": "Teapot Scroll", "x2": "x2 Scroll"}


def plural(n: int, singular: str, many: str | None = None) -> str:
    """Return "1 leaf" / "2 leaves" style counts."""
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
