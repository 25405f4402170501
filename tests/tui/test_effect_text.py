"""The short forms of every kind of effect (tea_tui.games.tea_garden.widgets.effect_text),
written out in full."""

from __future__ import annotations

from typing import get_args

import pytest
from rich.text import Text

from core.tea_garden import effects as fx
from tea_tui.games.tea_garden.widgets.effect_text import (
    effect_compact,
    effect_icon,
    effect_words,
    effects_compact,
    effects_icons,
    effects_words,
)
from tea_tui.widgets.glyphs import FERMENTED_STYLE, FRESH_STYLE

CHOICE = fx.Choice(
    options=((fx.GainEmperorTokens(n=1),), (fx.GainLeaves(n=2, q=1), fx.ScoreVP(n=1)))
)

# (effect, icon, words, compact, style of the compact form)
CASES: list[tuple[fx.Effect, str, str, str, str]] = [
    (fx.GainLeaves(n=2, q=3), "2g3", "2 leaves q3", "+2g3", FRESH_STYLE),
    (fx.GainLeaves(n=1, q=1), "1g1", "1 leaf q1", "+1g1", FRESH_STYLE),
    (fx.Ferment(n=2), "2→f", "ferment 2", "ferment 2", FERMENTED_STYLE),
    (fx.GainEmperorTokens(n=1), "1E", "1 Emperor token", "+1 Emp tok", "yellow"),
    (fx.GainEmperorTokens(n=2), "2E", "2 Emperor tokens", "+2 Emp tok", "yellow"),
    (fx.GainScroll(kind="plus1"), "S+1", "+1 Scroll", "+Scroll(+1)", ""),
    (fx.GainScroll(kind="teapot"), "St", "Teapot Scroll", "+Scroll(Teapot)", ""),
    (fx.GainScroll(kind="x2"), "Sx2", "x2 Scroll", "+Scroll(x2)", ""),
    (fx.GainScroll(kind="any"), "S*", "any Scroll", "+Scroll(any)", ""),
    (fx.GainCupToken(n=1), "1C", "1 Cup token", "+1 Cup tok", ""),
    (fx.Draw(n=2), "2D", "draw 2", "draw 2", ""),
    (fx.DrawDiscard(n=1), "1D-1", "draw 1, discard 1", "draw&discard 1", ""),
    (fx.RemoveCard(), "rm", "remove a card", "remove card", ""),
    (fx.SellLeaves(max=4), "sell4", "sell ≤4 leaves", "sell ≤4", ""),
    (fx.ScoreVP(n=3), "3VP", "3 VP", "+3VP", "bold"),
    (fx.TakeEmperorCard(), "EC", "Emperor card", "Emperor card", ""),
    (fx.Secondary(action="river"), "≈", "River action", "≈River", "cyan"),
    (fx.Secondary(action="cup"), "◡", "Cup production", "◡Cup", "cyan"),
    (fx.Secondary(action="university"), "✦", "University", "✦Uni", "cyan"),
    (fx.GainBasicPuerh(), "Pu", "Basic Puerh", "Basic Puerh", "yellow"),
    (fx.GainGardenLeaves(), "g/garden", "1 leaf per garden", "+1g/garden", FRESH_STYLE),
]


@pytest.mark.parametrize(("eff", "icon", "words", "compact", "style"), CASES)
def test_each_effect_has_its_icon_words_and_compact_form(
    eff: fx.Effect, icon: str, words: str, compact: str, style: str
) -> None:
    assert effect_icon(eff) == icon
    assert effect_words(eff) == words
    text = effect_compact(eff)
    assert text.plain == compact
    assert str(text.style) == style


def test_every_kind_of_effect_is_covered() -> None:
    """A new kind of effect in core needs its short forms (and a line in CASES)."""
    kinds = {type(eff) for eff, *_ in CASES} | {fx.Choice}
    assert kinds == set(get_args(fx.Effect))


def test_a_choice_joins_its_options_in_each_form() -> None:
    assert effect_icon(CHOICE) == "1E/2g1·1VP"
    assert effect_words(CHOICE) == "1 Emperor token or 2 leaves q1, 1 VP"
    text = effect_compact(CHOICE)
    assert text.plain == "+1 Emp tok / +2g1, +1VP"
    styles = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
    assert styles == {"+1 Emp tok": "yellow", "+2g1": FRESH_STYLE, "+1VP": "bold"}


def test_an_expansion_choice_inside_a_list() -> None:
    """A Hall such as "Basic Puerh, then Scroll of any kind or 1 leaf per garden"."""
    effects = (
        fx.GainBasicPuerh(),
        fx.Choice(options=((fx.GainScroll(kind="any"),), (fx.GainGardenLeaves(),))),
    )
    assert effects_icons(effects) == "Pu·S*/g/garden"
    assert effects_words(effects) == "Basic Puerh, any Scroll or 1 leaf per garden"
    assert effects_compact(effects).plain == "Basic Puerh, +Scroll(any) / +1g/garden"


def test_lists_join_their_effects_and_an_empty_list() -> None:
    effects = (fx.GainEmperorTokens(n=1), fx.GainScroll(kind="x2"))
    assert effects_icons(effects) == "1E·Sx2"
    assert effects_words(effects) == "1 Emperor token, x2 Scroll"
    assert effects_compact(effects).plain == "+1 Emp tok, +Scroll(x2)"
    assert effects_icons(()) == ""
    assert effects_words(()) == ""
    empty = effects_compact(())
    assert isinstance(empty, Text)
    assert (empty.plain, str(empty.style)) == ("-", "dim")
