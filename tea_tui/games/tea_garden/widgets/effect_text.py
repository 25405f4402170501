"""The short forms of printed effects (:mod:`core.tea_garden.effects`), one place for every widget.

Every effect has three short forms, written side by side in :func:`_forms` so that a new kind of
effect is added once:

- the **icon** (:func:`effect_icon`, :func:`effects_icons`), for the narrow cells of the map and
  the tracks: ``2g3`` (2 fresh leaves of quality 3), ``1E``, ``S*``, joined by :data:`JOIN`;
- the **words** (:func:`effect_words`, :func:`effects_words`) that explain an icon in a legend
  or fill a wide map cell: ``2 leaves q3``, ``1 Emperor token``;
- the **compact** form (:func:`effect_compact`, :func:`effects_compact`), coloured, for cards,
  Caravans, Cup tiles, Halls and Puerh tokens: ``+2g3``, ``+1 Emp tok``, ``≈River``.

The full verb phrases of the decision panel and the status line ("gain 2 fresh leaves of
quality 3") are the game log's own, :func:`core.tea_garden.words.effect_text`.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text

from core.tea_garden import effects as fx
from core.tea_garden.words import plural
from tea_tui.widgets.glyphs import FERMENTED_STYLE, FRESH_MARK, FRESH_STYLE, SECONDARY_GLYPHS

JOIN = "·"
"""Joins the icons of one list, so that a blank always separates two lists on the tracks."""
NO_EFFECT = "-"
"""The compact form of an empty effect list."""
SECONDARY_SHORT = {"river": "River", "cup": "Cup", "university": "Uni"}
"""A secondary action in one short word (after its glyph in the compact form)."""
_SECONDARY_WORDS = {"river": "River action", "cup": "Cup production", "university": "University"}
_SCROLL_ICONS = {"plus1": "S+1", "teapot": "St", "x2": "Sx2", "any": "S*"}
_SCROLL_WORDS = {
    "plus1": "+1 Scroll",
    "teapot": "Teapot Scroll",
    "x2": "x2 Scroll",
    "any": "any Scroll",
}
_SCROLL_COMPACT = {"plus1": "+1", "teapot": "Teapot", "x2": "x2", "any": "any"}


class _Forms(NamedTuple):
    """The short forms of one effect that is not a Choice."""

    icon: str
    words: str
    compact: str
    style: str = ""
    """The Rich style of the compact form."""


def _forms(eff: fx.Effect) -> _Forms:
    """Return the three short forms of ``eff``; a Choice is joined by the public functions."""
    if isinstance(eff, fx.GainLeaves):
        leaves = f"{FRESH_MARK}{eff.q}"
        words = f"{plural(eff.n, 'leaf', 'leaves')} q{eff.q}"
        return _Forms(f"{eff.n}{leaves}", words, f"+{eff.n}{leaves}", FRESH_STYLE)
    if isinstance(eff, fx.Ferment):
        return _Forms(f"{eff.n}→f", f"ferment {eff.n}", f"ferment {eff.n}", FERMENTED_STYLE)
    if isinstance(eff, fx.GainEmperorTokens):
        return _Forms(f"{eff.n}E", plural(eff.n, "Emperor token"), f"+{eff.n} Emp tok", "yellow")
    if isinstance(eff, fx.GainScroll):
        kind = eff.kind
        return _Forms(_SCROLL_ICONS[kind], _SCROLL_WORDS[kind], f"+Scroll({_SCROLL_COMPACT[kind]})")
    if isinstance(eff, fx.GainCupToken):
        return _Forms(f"{eff.n}C", plural(eff.n, "Cup token"), f"+{eff.n} Cup tok")
    if isinstance(eff, fx.Draw):
        return _Forms(f"{eff.n}D", f"draw {eff.n}", f"draw {eff.n}")
    if isinstance(eff, fx.DrawDiscard):
        words = f"draw {eff.n}, discard {eff.n}"
        return _Forms(f"{eff.n}D-{eff.n}", words, f"draw&discard {eff.n}")
    if isinstance(eff, fx.RemoveCard):
        return _Forms("rm", "remove a card", "remove card")
    if isinstance(eff, fx.SellLeaves):
        return _Forms(f"sell{eff.max}", f"sell ≤{eff.max} leaves", f"sell ≤{eff.max}")
    if isinstance(eff, fx.ScoreVP):
        return _Forms(f"{eff.n}VP", f"{eff.n} VP", f"+{eff.n}VP", "bold")
    if isinstance(eff, fx.TakeEmperorCard):
        return _Forms("EC", "Emperor card", "Emperor card")
    if isinstance(eff, fx.Secondary):
        glyph = SECONDARY_GLYPHS[eff.action]
        compact = f"{glyph}{SECONDARY_SHORT[eff.action]}"
        return _Forms(glyph, _SECONDARY_WORDS[eff.action], compact, "cyan")
    if isinstance(eff, fx.GainGardenLeaves):
        garden = f"{FRESH_MARK}/garden"
        return _Forms(garden, "1 leaf per garden", f"+1{garden}", FRESH_STYLE)
    if isinstance(eff, fx.GainBasicPuerh):
        return _Forms("Pu", "Basic Puerh", "Basic Puerh", "yellow")
    raise TypeError(f"a Choice has no single short form: {eff!r}")


def effect_icon(eff: fx.Effect) -> str:
    """Return the icon of one effect, e.g. ``2g3``; a Choice reads ``1E/2g1·1VP``."""
    if isinstance(eff, fx.Choice):
        return "/".join(effects_icons(option) for option in eff.options)
    return _forms(eff).icon


def effects_icons(effects: fx.Effects) -> str:
    """Return the icons of an effect list joined by :data:`JOIN`, e.g. ``1E·Sx2`` ("" if none)."""
    return JOIN.join(effect_icon(e) for e in effects)


def effect_words(eff: fx.Effect) -> str:
    """Return one effect in a few words, e.g. ``2 leaves q3``; a Choice joins its options by
    "or"."""
    if isinstance(eff, fx.Choice):
        return " or ".join(effects_words(option) for option in eff.options)
    return _forms(eff).words


def effects_words(effects: fx.Effects) -> str:
    """Return an effect list in a few words, comma separated ("" if none)."""
    return ", ".join(effect_words(e) for e in effects)


def effect_compact(eff: fx.Effect) -> Text:
    """Return one effect in the coloured compact form, e.g. ``+2g3`` in green; a Choice joins
    its options by " / "."""
    if isinstance(eff, fx.Choice):
        return Text(" / ").join(effects_compact(option) for option in eff.options)
    forms = _forms(eff)
    return Text(forms.compact, style=forms.style)


def effects_compact(effects: fx.Effects) -> Text:
    """Return an effect list in the compact form, e.g. "+2g3, +1 Emp tok"; a dim "-" if none."""
    if not effects:
        return Text(NO_EFFECT, style="dim")
    return Text(", ").join(effect_compact(e) for e in effects)
