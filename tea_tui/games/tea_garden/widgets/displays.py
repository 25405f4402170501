"""The shared displays: Action cards, Caravans, Emperor cards and the Cup stacks.

Each widget follows the view contract of docs/tui.md: the screen calls ``show(view, ctx, names)``
after every move and the widget redraws from that seat's observation alone. The small text
helpers here (Teapots, prices, Province tags) and the effects' compact form
(:mod:`effect_text`) are shared by the player-board and opponent widgets, so a
card looks the same wherever it appears.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from core.tea_garden.components import Card, LeafCost
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.scoring import FLAT_CARD_VP, RATES, STARTING_DECK_VP
from tea_tui.games.tea_garden.widgets.effect_text import effects_compact
from tea_tui.widgets.glyphs import (
    FERMENTED_MARK,
    FERMENTED_STYLE,
    FRESH_MARK,
    FRESH_STYLE,
    PROVINCE_COLOURS,
    TEAPOT_COLOURS,
    seat_colour,
    seat_glyph,
)

ROMAN = ("I", "II", "III", "IV", "V")
"""Action-card levels as printed."""
TEAPOT_LETTERS = {"green": "G", "red": "R", "blue": "B", "neutral": "N", "any": "*"}
"""One letter per Teapot colour, so a Teapot never relies on its colour alone."""
TITLE_STYLE = "bold"
DIM = "dim"
COUNTED = {
    "E1": "fermented leaf",
    "E2": "fresh leaf",
    "E4": "Teapot Scroll",
    "E5": "garden",
    "E6": "Caravan",
    "E8": "River card",
    "E9": "Uni card",
    "E10": "Cup card",
    "E11": "Teapot card",
    "E12": "Puerh cake",
}
"""What each counting Emperor condition counts, in a few words."""


# --- small shared pieces of text -----------------------------------------------------------------


def slot_fee(ctx: Context, slot: int) -> LeafCost | None:
    """Return the fee of card slot ``slot`` (0-based), or None when it is free."""
    fees = ctx.components.board.slot_fees
    if slot < len(fees):
        fee = fees[slot]
    elif ctx.components.court is not None:
        fee = ctx.components.court.fifth_slot_fee
    else:
        return None
    return None if fee.is_free else fee


def seat_label(seat: int, names: Sequence[str]) -> Text:
    """Return a seat's glyph and name in the seat's colour, e.g. "● Ann"."""
    name = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
    return Text(f"{seat_glyph(seat)} {name}", style=f"bold {seat_colour(seat)}")


TEAPOT_KEY = (
    "Teapots: G green, R red, B blue, N neutral (counts as any colour), * any colour; "
    "G+R means both. needs: the Teapots your played cards must show to buy the card. "
    "a / b: one of the two."
)
"""The key to the Teapot letters and the slash, shown under the Action-card display."""


def teapots_text(teapots: Sequence[str]) -> Text:
    """Return Teapots as coloured letters joined by "+" (all of them: G+R is a green and a red
    Teapot; "*" is one of any colour), or "-" for none."""
    if not teapots:
        return Text("-", style=DIM)
    text = Text()
    for i, pot in enumerate(teapots):
        if i:
            text.append("+", style=DIM)
        text.append(TEAPOT_LETTERS[pot], style=f"bold {TEAPOT_COLOURS.get(pot, 'white')}")
    return text


def cost_text(cost: LeafCost) -> Text:
    """Return a leaf payment, e.g. "3 (1f) q≥2": 3 leaves of quality 2+, one of them fermented.

    The quality is left out when any quality will do.
    """
    if cost.is_free:
        return Text("free", style=DIM)
    text = Text(f"{cost.count}")
    if cost.brown:
        text.append(" (")
        text.append(f"{cost.brown}{FERMENTED_MARK}", style=FERMENTED_STYLE)
        text.append(")")
    if cost.quality > 1:
        text.append(f" q≥{cost.quality}")
    return text


def province_tag(ctx: Context, province_id: str) -> Text:
    """Return a Province's first letter in its colour (the start Province is plain)."""
    name = next((p.name for p in ctx.components.map.provinces if p.id == province_id), "?")
    return Text(name[:1], style=f"bold {PROVINCE_COLOURS.get(province_id, 'white')}")


def province_name(ctx: Context, province_id: str) -> str:
    """Return the display name of a Province id."""
    return next((p.name for p in ctx.components.map.provinces if p.id == province_id), "?")


def card_line(card: Card) -> Text:
    """Return a card's name, strength, Teapots and top effect on one line."""
    text = Text(card.name, style="bold")
    text.append(f"  str {card.strength}  ")
    text.append_text(teapots_text(card.teapots))
    text.append("  ")
    text.append_text(effects_compact(card.top))
    return text


def condition_text(condition: str) -> str:
    """Return an Emperor card's end-game VP in short words, e.g. "3 VP per garden ≤6" (at most
    6 gardens counted; the display's title says so)."""
    if condition == "E3":
        return f"{FLAT_CARD_VP} VP"
    if condition == "E7":
        return f"{STARTING_DECK_VP} VP, -1 per Starting card"
    rate = RATES[condition]
    return f"{rate.vp} VP per {COUNTED.get(condition, condition)} ≤{rate.cap}"


def leaves_text(fresh: int, fermented: int) -> Text:
    """Return a fresh/fermented pair, e.g. "g3 f1", each in its colour."""
    text = Text(f"{FRESH_MARK}{fresh}", style=FRESH_STYLE if fresh else DIM)
    text.append(" ")
    text.append(f"{FERMENTED_MARK}{fermented}", style=FERMENTED_STYLE if fermented else DIM)
    return text


def _grid(*headers: str) -> Table:
    """Return a borderless table with dim column headers."""
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False, header_style=DIM)
    for header in headers:
        table.add_column(header)
    return table


# --- the widgets ---------------------------------------------------------------------------------


class BoardPanel(Static):
    """A Static that redraws one part of a seat's view each time :meth:`show` is called."""

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(
            Text("waiting for the game…", style=DIM), name=name, id=id, classes=classes
        )
        self.view: TeaGardenObservation | None = None
        """The observation last shown (None before the first :meth:`show`)."""

    def show(self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]) -> None:
        """Store the seat's view and redraw (the view contract of docs/tui.md)."""
        self.view = view
        self.update(self.render_view(view, ctx, names))

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return what to draw for ``view``; every panel implements it."""
        raise NotImplementedError


class ActionDisplay(BoardPanel):
    """The six Action-card slots: strength needed, the card's face and its price."""

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return the slots as a table under a title with the deck size per level."""
        title = Text("Action cards", style=TITLE_STYLE)
        title.append("  deck ", style=DIM)
        title.append(
            " ".join(f"{ROMAN[i]}:{n}" for i, n in enumerate(view.action_deck_sizes)), style=DIM
        )
        table = _grid("slot", "card", "str", "Teapots", "top", "price", "needs", "VP")
        strengths = ctx.components.display.slot_strength
        for i, card_id in enumerate(view.board.action_display):
            need = strengths[i] if i < len(strengths) else 0
            slot = Text(f"{i + 1} ≥{need}")
            card = ctx.action_cards.get(card_id)
            if card is None:
                table.add_row(slot, Text("(empty)", style=DIM))
                continue
            name = Text(card.name, style="bold")
            name.append(f" {ROMAN[card.level - 1]}", style=DIM)
            table.add_row(
                slot,
                name,
                str(card.strength),
                teapots_text(card.teapots),
                effects_compact(card.top),
                cost_text(card.price),
                teapots_text(card.teapots_needed),
                str(card.vp),
            )
        return Group(title, table, Text(TEAPOT_KEY, style=DIM))


class CaravanDisplay(BoardPanel):
    """The face-up Caravans: two trade options and two strength options each."""

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return each Caravan as a trade row and a strength row."""
        title = Text("Caravans", style=TITLE_STYLE)
        title.append(
            f"  deck basic {view.basic_caravans} · advanced {view.advanced_caravans}", style=DIM
        )
        table = _grid("#", "", "option 1", "option 2")
        for i, caravan_id in enumerate(view.board.caravan_display):
            caravan = ctx.caravans.get(caravan_id)
            if caravan is None:
                table.add_row(str(i + 1), Text("(empty)", style=DIM))
                continue
            trades = [cost_text(t.cost) + " → " + effects_compact(t.reward) for t in caravan.trades]
            powers = [
                Text(f"≥{s.strength}", style="bold") + " → " + effects_compact(s.reward)
                for s in caravan.strengths
            ]
            name = Text(caravan.name, style="bold")
            name.append(f"  {caravan.kind}", style=DIM)
            table.add_row(str(i + 1), "", name)
            table.add_row("", "sell", *trades)
            table.add_row("", "str", *powers)
        return Group(title, table)


class EmperorDisplay(BoardPanel):
    """The face-up Emperor cards: face and end-game condition."""

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return one row per Emperor card."""
        title = Text("Emperor cards", style=TITLE_STYLE)
        title.append(
            f"  deck {view.emperor_deck_size} · VP at the end: ≤6 counts 6 at most", style=DIM
        )
        table = _grid("#", "card", "str", "Teapots", "top", "VP at end")
        for i, card_id in enumerate(view.board.emperor_display):
            card = ctx.emperor_cards.get(card_id)
            if card is None:
                table.add_row(str(i + 1), Text("(empty)", style=DIM))
                continue
            table.add_row(
                str(i + 1),
                Text(card.name, style="bold"),
                str(card.strength),
                teapots_text(card.teapots),
                effects_compact(card.top),
                Text(condition_text(card.scoring), style="yellow"),
            )
        return Group(title, table)


class CupStacks(BoardPanel):
    """The top Cup tile of each coloured Province and how many tiles its stack holds."""

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return one line per Province: its tag, stack size, then the left and right Cups."""
        lines = [Text("Cup stacks", style=TITLE_STYLE) + Text("  left Cup | right Cup", style=DIM)]
        for prov in ctx.coloured_provinces:
            line = province_tag(ctx, prov)
            line.append(f" {province_name(ctx, prov):<9}")
            size = view.cup_stack_sizes.get(prov, 0)
            line.append(f"{size:>2} tiles  ", style=DIM)
            stack = view.board.cup_stacks.get(prov, [])
            tile = ctx.cup_tiles.get(stack[-1]) if stack else None
            if tile is None:
                line.append("(empty)", style=DIM)
            else:
                line.append_text(province_tag(ctx, tile.left.colour))
                line.append(" ")
                line.append_text(effects_compact(tile.left.bonus))
                line.append(" | ")
                line.append_text(province_tag(ctx, tile.right.colour))
                line.append(" ")
                line.append_text(effects_compact(tile.right.bonus))
            lines.append(line)
        return Group(*lines)
