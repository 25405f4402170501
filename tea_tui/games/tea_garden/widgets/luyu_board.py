"""(Solo) Lu Yu's board: the cards he played this round, his pieces and piles, and the top card
of his draw deck with the indicators printed on its back.

Lu Yu decides nothing himself: the front of the card he reveals says what he does, and the back
of the card then left on top of his deck gives his strength and every choice (which Caravan,
which Emperor card, which Province...). So the player needs to see both. Everything here comes
from the viewing seat's observation (``view.luyu`` holds his deck cut to its top card, whose
back is public), never from the full state.

:func:`luyu_board` returns the drawing; :class:`LuYuBoard` shows it as a panel, and the player
board and the opponents panel use it for his seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from core.tea_garden.components import LuYuCard
from core.tea_garden.context import Context
from core.tea_garden.entry import LUYU_LEVELS
from core.tea_garden.flow import card_slots
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.narrate_luyu import POSITION, bonus_priority, front_text
from core.tea_garden.state import LuYuState, PlayerState
from tea_tui.games.tea_garden.scores import observed_points
from tea_tui.games.tea_garden.turns import turns_left
from tea_tui.games.tea_garden.widgets.displays import (
    DIM,
    TITLE_STYLE,
    BoardPanel,
    cost_text,
    leaves_text,
    province_tag,
    seat_label,
    slot_fee,
)
from tea_tui.games.tea_garden.widgets.effect_text import SECONDARY_SHORT
from tea_tui.widgets.glyphs import SECONDARY_GLYPHS

NOT_SOLO = "Lu Yu plays only in a solo game."
BONUS_WORDS = {
    "leaves": "leaves",
    "emperor_tokens": "Emp tok",
    "scroll": "Scroll",
    "cup_token": "Cup tok",
    "draw": "draw",
    "remove": "remove",
    "ferment": "ferment",
    "vp": "VP",
    "basic_puerh": "Puerh",
}
"""The Region-token kinds of his Build tie-break, in a word each."""


def difficulty(lu: LuYuState) -> str:
    """Return his difficulty word (``easy`` ... ``expert``) from his Expert cards."""
    if 0 <= lu.experts < len(LUYU_LEVELS):
        return LUYU_LEVELS[lu.experts]
    return f"{lu.experts} Experts"


def secondary_text(kind: str) -> Text:
    """Return a secondary action as its symbol and word, e.g. "≈ River"."""
    return Text(f"{SECONDARY_GLYPHS[kind]} {SECONDARY_SHORT[kind]}", style="cyan")


def position_text(position: int) -> str:
    """Return a display position 1-3 as the displays number it, e.g. "#2 (middle)"."""
    return f"#{position} ({POSITION.get(position, '?')})"


def back_lines(card: LuYuCard, ctx: Context) -> list[Text]:
    """Return the indicators on the back of one of his cards, on three or four short lines."""
    first = Text("  back: ", style=DIM)
    first.append(f"strength {card.strength}", style="bold")
    first.append(" · ")
    first.append_text(secondary_text(card.secondary))
    first.append(f" · Caravan {position_text(card.caravan)}")
    first.append(f" · Emperor card {position_text(card.emperor)}")
    second = Text("  Cup tile from ", style=DIM)
    for i, province in enumerate(card.province_priority):
        if i:
            second.append(">", style=DIM)
        second.append_text(province_tag(ctx, province))
    if ctx.options.puerh:
        second.append(" · Halls ", style=DIM)
        second.append(">".join(str(h) for h in card.hall_priority))
        second.append(" · Market ", style=DIM)
        second.append(">".join(str(m) for m in card.market_order))
    third = Text("  Build ties ", style=DIM)
    third.append(
        ">".join(BONUS_WORDS.get(tag, tag) for tag in bonus_priority(card, ctx.options.puerh))
    )
    return [first, second, third]


def _header(
    view: TeaGardenObservation, lu: LuYuState, p: PlayerState, ctx: Context, names: Sequence[str]
) -> Text:
    text = seat_label(lu.seat, names)
    text.append(f"  automa, {difficulty(lu)}", style=DIM)
    points = sum(observed_points(view, ctx, lu.seat).values())
    text.append(f"  {points} point{'' if points == 1 else 's'} if it ended now", style="bold")
    if p.passed:
        text.append(" · passed", style="bold red")
    else:
        text.append(f" · turns left {turns_left(view, ctx, lu.seat)}")
    if view.to_move == lu.seat and not view.over:
        text.append("  ◀ to move", style="bold reverse")
    return text


def _supplies(p: PlayerState, ctx: Context) -> list[Text]:
    """His leaves and Emperor space, then his Caravan and Action-card piles, with their VP."""
    board = ctx.luyu_board
    fresh, fermented = sum(p.fresh), sum(p.fermented)
    leaves = Text("Leaves ")
    leaves.append_text(leaves_text(fresh, fermented))
    vp = fresh // board.fresh_per_vp + board.fermented_vp * fermented
    leaves.append(f" (= {vp} VP, any quality)", style=DIM)
    table = board.emperor_vp
    vp = table[min(p.emperor_row, len(table) - 1)] if table else 0
    leaves.append(f" · Emperor space {p.emperor_row}")
    leaves.append(f" (= {vp} VP)", style=DIM)
    leaves.append(f" · tokens {p.emperor_tokens}")
    cards = [c for c in p.discard if c in ctx.action_cards]
    piles = Text(f"Caravans {len(p.caravans)}")
    piles.append(f" (= {board.caravan_vp * len(p.caravans)} VP)", style=DIM)
    piles.append(f" · Action cards {len(cards)}")
    piles.append(f" (= {sum(ctx.action_cards[c].vp for c in cards)} VP)", style=DIM)
    piles.append(f" · Emperor cards removed {len(p.removed)}")
    return [leaves, piles]


def _pieces(p: PlayerState, ctx: Context) -> list[Text]:
    """His pieces on the map and the tracks (and his Courtiers and cakes with the expansion)."""
    last = len(ctx.components.river.segments) - 1
    text = Text(f"Gardens {len(p.gardens)} · Pagodas left {sum(p.pagodas)}")
    uni = f"sector {p.uni_sector}" if p.uni_sector else "start"
    if p.uni_centre:
        uni += f" ({p.uni_centre} in centre)"
    text.append(f" · Uni {uni}")
    text.append(" · Boat " + ("mouth" if p.boat >= last else f"{p.boat}/{last}"))
    text.append(f" · Cup tiles {sum(len(row) for row in p.cup_rows)}")
    if not ctx.options.puerh:
        return [text]
    cakes = Text(f"Courtiers {p.courtiers}, {p.courtiers_waiting} waiting")
    cakes.append(f" · Puerh cakes {sum(1 for cake in p.puerh_sets if cake)}")
    cakes.append(f" · Hall VP {p.hall_vp}")
    return [text, cakes]


def _slots(lu: LuYuState, ctx: Context) -> list[RenderableType]:
    """One line per card slot: the card he played there (its front), or the slot's fee."""
    title = Text("Played this round", style=TITLE_STYLE)
    title.append("  rows in order; (else …): if the action fails", style=DIM)
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for slot in range(max(card_slots(ctx), len(lu.slots))):
        number = Text(f" {slot + 1}")
        if slot < len(lu.slots):
            card = ctx.luyu_cards.get(lu.slots[slot])
            front = Text(front_text(card, ctx.options.puerh)) if card else Text("?", style=DIM)
            table.add_row(number, Text(ctx.name(lu.slots[slot]), style="bold"), front)
            continue
        fee = slot_fee(ctx, slot)
        fee_text = Text("fee ", style=DIM) + cost_text(fee) if fee is not None else Text("")
        table.add_row(number, Text("-", style=DIM), fee_text)
    return [title, table]


def _top(view: TeaGardenObservation, lu: LuYuState, ctx: Context) -> list[RenderableType]:
    """The top card of his deck: which card it is (known by its back), its front, its back."""
    title = Text("Top of his deck", style=TITLE_STYLE)
    title.append(f" ({view.luyu_draw_size})", style=DIM)
    if lu.seen:  # once he has turned a card, the card left on top steered that turn
        title.append(" · its back steered his last turn", style=DIM)
    piles = " ".join(
        f"{SECONDARY_GLYPHS.get(k, k)}{n}" for k, n in sorted(view.luyu_pile_sizes.items())
    )
    title.append(f" · Advanced {piles or '-'}", style=DIM)
    card = ctx.luyu_cards.get(lu.draw[-1]) if lu.draw else None
    if card is None:
        return [title, Text("  (empty)", style=DIM)]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    front = Text("he reveals it next: ", style=DIM)
    front.append(front_text(card, ctx.options.puerh))
    grid.add_row(Text(f"  {card.name}", style="bold"), front)
    return [title, grid, *back_lines(card, ctx)]


def luyu_board(view: TeaGardenObservation, ctx: Context, names: Sequence[str]) -> RenderableType:
    """Return Lu Yu's board as the viewing seat sees it (a dim note outside a solo game)."""
    lu = view.luyu
    if lu is None:
        return Text(NOT_SOLO, style=DIM)
    p = view.players[lu.seat]
    leaves, piles = _supplies(p, ctx)
    return Group(
        _header(view, lu, p, ctx, names),
        leaves,
        *_slots(lu, ctx),
        *_top(view, lu, ctx),
        piles,
        *_pieces(p, ctx),
    )


def is_luyu_seat(view: TeaGardenObservation, seat: int) -> bool:
    """Return True if ``seat`` is Lu Yu's in this game."""
    return view.luyu is not None and view.luyu.seat == seat


class LuYuBoard(BoardPanel):
    """Lu Yu's board (whichever seat's view is shown)."""

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return his board, or a note outside a solo game."""
        return luyu_board(view, ctx, names)
