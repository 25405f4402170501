"""A compact block per other seat: what the table can see of each opponent.

Only public facts are drawn: an opponent's hand is shown by its size (``view.hand_sizes``),
never by name, and the cards it has chosen but not yet played are only counted. The solo
automa Lu Yu has no hand: his seat is drawn as his own board (:mod:`luyu_board`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.state import PlayerState
from tea_tui.games.tea_garden.turns import turns_left
from tea_tui.games.tea_garden.widgets.displays import DIM, BoardPanel, leaves_text, seat_label
from tea_tui.games.tea_garden.widgets.luyu_board import is_luyu_seat, luyu_board
from tea_tui.games.tea_garden.widgets.player_board import (
    TOP_MARK,
    matches,
    scrolls_text,
    stack_strength,
)


def other_seats(view: TeaGardenObservation) -> list[int]:
    """Return every seat but the viewer's, clockwise from the viewer's left."""
    n = len(view.players)
    return [(view.seat + step) % n for step in range(1, n)]


class Opponents(BoardPanel):
    """One block of two or three lines per other seat."""

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return the blocks, clockwise from the viewer's left."""
        lines: list[RenderableType] = []
        for seat in other_seats(view):
            if is_luyu_seat(view, seat):
                lines.append(luyu_board(view, ctx, names))
            else:
                lines += self._block(view, seat, ctx, names)
        return Group(*lines)

    def _block(
        self, view: TeaGardenObservation, seat: int, ctx: Context, names: Sequence[str]
    ) -> list[Text]:
        p = view.players[seat]
        head = seat_label(seat, names)
        head.append(f"  {p.vp} VP", style="bold")
        head.append(f" · hand {view.hand_sizes[seat]} · leaves ")
        head.append_text(leaves_text(sum(p.fresh), sum(p.fermented)))
        head.append(f" · Emp tok {p.emperor_tokens}")
        if p.passed:
            head.append(" · passed", style="bold red")
        else:
            head.append(f" · turns left {turns_left(view, ctx, seat)}")
        if view.to_move == seat and not view.over:
            head.append("  ◀ to move", style="bold reverse")
        pieces = Text("   ") + scrolls_text(p)
        pieces.append(f" · Pagodas left {sum(p.pagodas)} · Caravans {len(p.caravans)} · ")
        pieces.append_text(self._cups(p, ctx))
        return [head, pieces, self._played(view, seat, p, ctx)]

    def _cups(self, p: PlayerState, ctx: Context) -> Text:
        if not p.cup_rows:
            return Text("Cups -", style=DIM)
        tiles = sum(len(row) for row in p.cup_rows)
        matched = sum(sum(matches(row, ctx)) for row in p.cup_rows)
        tokens = sum(sum(r) for r in p.cup_tokens)
        rows = "row" if len(p.cup_rows) == 1 else "rows"
        return Text(f"Cups {tiles} in {len(p.cup_rows)} {rows} {matched}✓ {tokens}●")

    def _played(self, view: TeaGardenObservation, seat: int, p: PlayerState, ctx: Context) -> Text:
        text = Text("   played ", style=DIM)
        if not p.stacks:
            text.append("nothing yet", style=DIM)
        live = view.to_move == seat and view.turn.committed
        for i, stack in enumerate(p.stacks):
            if not stack:
                continue
            if i:
                text.append(" | ", style=DIM)
            last = live and i == len(p.stacks) - 1
            strength = view.turn.strength if last else stack_strength(stack, ctx)
            text.append(TOP_MARK + ctx.cards[stack[-1]].name, style="bold")
            if len(stack) > 1:
                under = "card" if len(stack) == 2 else "cards"
                text.append(f" on top of {len(stack) - 1} {under}", style=DIM)
            text.append(f" str {strength}")
        if view.to_move == seat and not view.turn.committed and view.turn.selected:
            text.append(f"  choosing ({len(view.turn.selected)} chosen)", style=DIM)
        return text
