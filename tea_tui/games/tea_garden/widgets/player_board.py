"""The viewing seat's own board: leaves, pieces, the played-card strip, the hand and the Cup rows.

It renders ``view.players[view.seat]`` only, so what it shows is what that seat may know: its own
hand is exact in the observation, and nothing here reads another seat's pieces.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from core.tea_garden.context import Context
from core.tea_garden.flow import card_slots
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.state import PlayerState, Turn
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
    teapots_text,
)
from tea_tui.games.tea_garden.widgets.effect_text import effects_compact
from tea_tui.games.tea_garden.widgets.luyu_board import is_luyu_seat, luyu_board

TOP_MARK = "▸"
"""Marks the topmost card of a played stack."""
MATCH = "✓"
NO_MATCH = "✗"
TOKEN = "●"


def scrolls_text(p: PlayerState) -> Text:
    """Return the Scrolls by kind, e.g. "Scrolls +1:1 Teapot:0 x2:2"."""
    text = Text("Scrolls ")
    for i, (label, n) in enumerate((("+1", p.plus1), ("Teapot", p.teapot_scrolls), ("x2", p.x2))):
        if i:
            text.append(" ")
        text.append(f"{label}:{n}", style="bold" if n else DIM)
    return text


def stack_strength(stack: Sequence[str], ctx: Context) -> int:
    """Return the printed strength of a played stack (Scrolls used are not counted)."""
    return sum(ctx.cards[c].strength for c in stack if c in ctx.cards)


def stack_text(stack: Sequence[str], ctx: Context) -> Text:
    """Return a played stack, top card first and marked, then the cards under it: "▸Kiln Ash
    on top of Clay Cup, Sun Tray"."""
    top = Text(TOP_MARK + ctx.cards[stack[-1]].name, style="bold")
    under = [ctx.cards[c].name for c in reversed(stack[:-1])]
    if under:
        top.append(" on top of " + ", ".join(under), style=DIM)
    return top


def matches(row: Sequence[str], ctx: Context) -> list[bool]:
    """Return, per connection of a Cup row, whether the two Cups meeting there match."""
    tiles = [ctx.cup_tiles[t] for t in row]
    return [a.right.colour == b.left.colour for a, b in pairwise(tiles)]


def cup_row_text(row: Sequence[str], tokens: Sequence[int], ctx: Context) -> Text:
    """Return a Cup row as ``[G|Y]✓●1[Y|F]✗[F|A]``: tiles, connections and Cup tokens on them."""
    text = Text()
    joins = matches(row, ctx)
    for i, tile_id in enumerate(row):
        tile = ctx.cup_tiles[tile_id]
        text.append("[")
        text.append_text(province_tag(ctx, tile.left.colour))
        text.append("|")
        text.append_text(province_tag(ctx, tile.right.colour))
        text.append("]")
        if i < len(joins):
            text.append(MATCH if joins[i] else NO_MATCH, style="green" if joins[i] else "red")
            n = tokens[i] if i < len(tokens) else 0
            if n:
                text.append(f"{TOKEN}{n}", style="yellow")
    return text


def positions_text(p: PlayerState, ctx: Context) -> Text:
    """Return the University, Boat and Emperor positions on one line."""
    cs = ctx.components
    uni = f"sector {p.uni_sector} part {'AB'[p.uni_part]}" if p.uni_sector else "start"
    if p.uni_centre:
        uni += f", {p.uni_centre} in centre"
    last = len(cs.river.segments) - 1
    boat = "mouth" if p.boat >= last else f"{p.boat}/{last}"
    rows = len(cs.emperor_track.rows)
    text = Text("University ", style=DIM) + Text(uni)
    text.append(" · Boat ", style=DIM)
    text.append(boat)
    text.append(" · Emperor row ", style=DIM)
    text.append(f"{p.emperor_row}/{rows}")
    return text


class PlayerBoard(BoardPanel):
    """The board of the viewing seat (``view.seat``); Lu Yu's own board for his seat."""

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return the seat's board as a column of short lines."""
        if is_luyu_seat(view, view.seat):  # the replay viewer can show his seat's view
            return luyu_board(view, ctx, names)
        p = view.players[view.seat]
        lines: list[RenderableType] = [
            self._header(view, p, names, ctx),
            self._baskets(p),
            self._pieces(p, ctx),
            positions_text(p, ctx),
        ]
        lines += self._strip(view, p, ctx)
        lines += self._hand(view, p, ctx)
        lines += self._cups(p, ctx)
        return Group(*lines)

    def _header(
        self, view: TeaGardenObservation, p: PlayerState, names: Sequence[str], ctx: Context
    ) -> Text:
        text = seat_label(view.seat, names)
        text.append(f"  {p.vp} VP", style="bold")
        text.append(f" · Emperor tokens {p.emperor_tokens} · ")
        text.append_text(scrolls_text(p))
        if p.passed:
            text.append(" · passed", style="bold red")
        else:
            text.append(f" · turns left {turns_left(view, ctx, view.seat)}")
        return text

    def _baskets(self, p: PlayerState) -> Text:
        text = Text("Baskets", style=TITLE_STYLE)
        for q, (fresh, ferm) in enumerate(zip(p.fresh, p.fermented, strict=True)):
            text.append(f"  q{q + 1} ", style="bold" if fresh or ferm else DIM)
            text.append_text(leaves_text(fresh, ferm))
        return text

    def _pieces(self, p: PlayerState, ctx: Context) -> Text:
        needs = [
            s for s, left in zip(ctx.components.board.pagodas, p.pagodas, strict=False) if left
        ]
        text = Text(f"Pagodas left {len(needs)}")
        if needs:
            text.append(" (str " + " ".join(str(n) for n in needs) + ")", style=DIM)
        text.append(f" · gardens {len(p.gardens)} · Workers {p.workers}")
        text.append(f" · Caravans {len(p.caravans)}")
        if p.caravans:
            text.append(" (" + ", ".join(ctx.name(c) for c in p.caravans) + ")", style=DIM)
        return text

    def _strip(self, view: TeaGardenObservation, p: PlayerState, ctx: Context) -> list[Text]:
        """The played-card strip: one line per card slot, with its fee if it has one."""
        lines = [Text("Played this round", style=TITLE_STYLE)]
        live = view.to_move == view.seat and view.turn.committed
        for slot in range(card_slots(ctx)):
            line = Text(f" {slot + 1} ")
            if slot < len(p.stacks) and p.stacks[slot]:
                stack = p.stacks[slot]
                last = live and slot == len(p.stacks) - 1
                strength = view.turn.strength if last else stack_strength(stack, ctx)
                line.append_text(stack_text(stack, ctx))
                line.append(f"  str {strength}")
            else:
                line.append("-", style=DIM)
            fee = slot_fee(ctx, slot)
            if fee is not None:
                line.append("  fee ", style=DIM)
                line.append_text(cost_text(fee))
            lines.append(line)
        return lines

    def _hand(
        self, view: TeaGardenObservation, p: PlayerState, ctx: Context
    ) -> list[RenderableType]:
        """The turn in progress (if it is this seat's), then the hand."""
        lines: list[RenderableType] = []
        if view.to_move == view.seat and not view.over:
            lines.append(self._turn(view.turn, ctx))
        lines.append(Text(f"Hand ({len(p.hand)})", style=TITLE_STYLE))
        chosen = set(view.turn.selected) if view.to_move == view.seat else set()
        table = Table(box=None, padding=(0, 1, 0, 0), show_header=False, show_edge=False)
        for card_id in p.hand:
            card = ctx.cards[card_id]
            table.add_row(
                "*" if card_id in chosen else " ",
                Text(card.name, style="bold"),
                f"str {card.strength}",
                teapots_text(card.teapots),
                effects_compact(card.top),
            )
        return [*lines, table]

    def _turn(self, t: Turn, ctx: Context) -> Text:
        text = Text("Your turn ", style="bold reverse")
        if not t.committed:
            picked = [ctx.cards[c] for c in t.selected]
            strength = t.strength + sum(c.strength for c in picked)
            names = ", ".join(c.name for c in picked) or "none"
            text.append(f" chosen (*): {names} · strength {strength}")
            return text
        top = ctx.cards[t.top]
        text.append(f" {top.name} on top · strength {t.strength} · ")
        text.append("main action done" if t.main else "main action to do", style="bold")
        if top.top:
            used = all(t.used_top) if t.used_top else False
            text.append(" · offers ")
            text.append_text(effects_compact(top.top))
            text.append(" (used)" if used else "", style=DIM)
        return text

    def _cups(self, p: PlayerState, ctx: Context) -> list[Text]:
        tokens = sum(sum(r) for r in p.cup_tokens)
        header = Text("Cup rows", style=TITLE_STYLE)
        header.append(
            f"  {MATCH} match {NO_MATCH} no match {TOKEN} Cup tokens: {tokens}", style=DIM
        )
        lines = [header]
        for r, row in enumerate(p.cup_rows):
            row_tokens = p.cup_tokens[r] if r < len(p.cup_tokens) else []
            line = Text(f" {r + 1} ") + cup_row_text(row, row_tokens, ctx)
            line.append(f"  {sum(matches(row, ctx))} matching", style=DIM)
            lines.append(line)
        if not p.cup_rows:
            lines.append(Text(" none yet", style=DIM))
        return lines
