"""(Expansion) The Noble Court board and a seat's Puerh cakes.

:class:`NobleCourt` draws the shared Noble Court board as the viewing seat sees it: the face-up
Halls with their Courtier spaces, the Premium Puerh Market and the Basic Puerh Storage, the four
Imperial Decrees and every seat's Courtiers. :class:`PuerhCakes` draws one seat's Puerh sets and
what each complete cake scores. Both follow the view contract of docs/tui.md and read the
observation alone: the Hall deck and the two Puerh piles are face down there, so only their
sizes (``hall_deck_size``, ``premium_pile_size``, ``basic_pile_size``) are shown.

Puerh tokens read ``★★ +2g1`` (two stars, bonus: 2 fresh leaves of quality 1) or ``◎4 +1VP``
(centre value 4); a complete cake scores (its stars) x (its centre values), PUERH-11.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from core.tea_garden.components import PuerhToken
from core.tea_garden.context import Context
from core.tea_garden.court import decree_progress
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.puerh import CAKE_SIZE, cake_vp
from core.tea_garden.state import CourtState, DecreeInPlay
from tea_tui.games.tea_garden.widgets.displays import (
    DIM,
    TITLE_STYLE,
    BoardPanel,
    cost_text,
    seat_label,
)
from tea_tui.games.tea_garden.widgets.effect_text import effects_compact
from tea_tui.widgets.glyphs import FERMENTED_STYLE, seat_colour, seat_glyph

STAR = "★"
"""One star of a Puerh token."""
CENTRE = "◎"
"""Marks a Puerh token's centre value."""
TIMES = "\N{MULTIPLICATION SIGN}"
"""Stars times centre values: what a complete cake scores."""
STAR_STYLE = "bold yellow"
FREE_SPACE = "·"
"""An empty Courtier space or Decree VP space."""
SIDE_STYLES = {"brown": FERMENTED_STYLE, "red": "bold red"}
"""The colour of each Decree side; the side is always written in words as well."""
DECREE_KINDS = {
    "river": "River",
    "emperor": "Emperor",
    "university": "University",
    "gardens": "Gardens",
    "caravans": "Caravans",
    "cups": "Cups",
    "puerh": "Puerh",
}
NOT_IN_PLAY = "The Noble Court is not in play (base game)."


# --- small pieces of text ------------------------------------------------------------------------


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def stars_text(token: PuerhToken) -> Text:
    """Return a token's stars ("★★"), or a dim "-" for none."""
    return Text(STAR * token.stars, style=STAR_STYLE) if token.stars else Text("-", style=DIM)


def value_text(token: PuerhToken) -> Text:
    """Return a token's centre value, or a dim "-" for none."""
    return Text(str(token.value), style="bold") if token.value else Text("-", style=DIM)


def token_text(token: PuerhToken) -> Text:
    """Return a token on one line: "★★ +2g1" or "◎4 +1VP" (stars or centre value, then bonus)."""
    text = Text()
    if token.stars:
        text.append(STAR * token.stars, style=STAR_STYLE)
    if token.value:
        if token.stars:
            text.append(" ")
        text.append(f"{CENTRE}{token.value}", style="bold")
    if not token.stars and not token.value:
        text.append("-", style=DIM)
    text.append(" ")
    text.append_text(effects_compact(token.bonus))
    return text


def seat_mark(seat: int) -> Text:
    """Return a seat's glyph in its colour, or a dim dot for a free space (seat < 0)."""
    if seat < 0:
        return Text(FREE_SPACE, style=DIM)
    return Text(seat_glyph(seat), style=f"bold {seat_colour(seat)}")


def spaces_text(values: Sequence[int], occupancy: Sequence[int]) -> Text:
    """Return the Courtier spaces under a Hall, e.g. "6●  4·  3▲  2·": strength, then who."""
    text = Text()
    for k, value in enumerate(values):
        if k:
            text.append("  ")
        seat = occupancy[k] if k < len(occupancy) else -1
        text.append(str(value), style="bold" if seat >= 0 else "")
        text.append_text(seat_mark(seat))
    return text


def decree_target(kind: str, n: int, gardens_count_all: bool = False) -> str:
    """Return what a Decree asks for in words, e.g. "Boat at segment 4", "5 gardens built"."""
    if kind == "river":
        return f"Boat at segment {n}"
    if kind == "emperor":
        return f"Emperor track row {n}"
    if kind == "university":
        return f"{_plural(n, 'Worker')} in Uni centre"
    if kind == "gardens":
        return f"{_plural(n, 'garden')} built" + ("" if gardens_count_all else " (not Sichuan)")
    if kind == "caravans":
        return _plural(n, "Caravan card")
    if kind == "cups":
        return _plural(n, "Cup tile")
    return _plural(n, "complete cake")


def _grid(*headers: str) -> Table:
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False, header_style=DIM)
    for header in headers:
        table.add_column(header)
    return table


# --- the widgets ---------------------------------------------------------------------------------


class NobleCourt(BoardPanel):
    """The Noble Court board: Halls, Puerh Market and Storage, Decrees, Courtiers per seat."""

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return the Halls, the Puerh tokens for sale, the Decrees and the Courtiers."""
        court = view.board.court
        if court is None:
            return Text(NOT_IN_PLAY, style=DIM)
        return Group(
            *self._halls(view, court, ctx),
            self._puerh(view, court, ctx),
            *self._decrees(view, court, ctx),
            *self._courtiers(view, court, names),
        )

    def _halls(self, view: TeaGardenObservation, court: CourtState, ctx: Context) -> list[Text]:
        spaces = ctx.components.court.hall_spaces if ctx.components.court else ()
        title = Text("Noble Court", style=TITLE_STYLE)
        title.append(f"  Halls · deck {view.hall_deck_size}", style=DIM)
        title.append("  Courtier spaces: strength needed, then who", style=DIM)
        lines = [title]
        for h, hall_id in enumerate(court.halls):
            hall = ctx.halls.get(hall_id)
            line = Text(f" {h + 1} ")
            line.append(hall.name if hall else hall_id, style="bold")
            line.append("  ")
            line.append_text(effects_compact(hall.effects) if hall else Text("?", style=DIM))
            lines.append(line)
            occupancy = court.occupancy[h] if h < len(court.occupancy) else []
            lines.append(Text("   ") + spaces_text(spaces, occupancy))
        if not court.halls:
            lines.append(Text(" no Halls left", style=DIM))
        return lines

    def _puerh(self, view: TeaGardenObservation, court: CourtState, ctx: Context) -> Group:
        market_title = Text("Puerh Market", style=TITLE_STYLE)
        market_title.append(f"  premium · pile {view.premium_pile_size}", style=DIM)
        market = _grid("#", "bonus", STAR, CENTRE, "cost")
        for i, token_id in enumerate(court.market):
            token = ctx.puerh_tokens.get(token_id)
            if token is None:
                market.add_row(str(i + 1), Text("(empty)", style=DIM))
                continue
            market.add_row(
                str(i + 1),
                effects_compact(token.bonus),
                stars_text(token),
                value_text(token),
                cost_text(token.cost),
            )
        storage_title = Text("Puerh Storage", style=TITLE_STYLE)
        storage_title.append(f"  basic · pile {view.basic_pile_size}", style=DIM)
        storage = _grid("#", "bonus", STAR, CENTRE)
        for i, token_id in enumerate(court.storage):
            token = ctx.puerh_tokens.get(token_id)
            if token is None:
                storage.add_row(str(i + 1), Text("(empty)", style=DIM))
                continue
            storage.add_row(
                str(i + 1), effects_compact(token.bonus), stars_text(token), value_text(token)
            )
        both = Table.grid(padding=(0, 3, 0, 0))
        both.add_column()
        both.add_column()
        both.add_row(Group(market_title, market), Group(storage_title, storage))
        legend = Text(
            f"{STAR} stars · {CENTRE} centre value · a complete cake scores its "
            f"{STAR} {TIMES} its {CENTRE}",
            style=DIM,
        )
        return Group(both, legend)

    def _decrees(
        self, view: TeaGardenObservation, court: CourtState, ctx: Context
    ) -> list[RenderableType]:
        title = Text("Imperial Decrees", style=TITLE_STYLE)
        title.append("  VP to the first two, in order; also: fulfilled later", style=DIM)
        table = _grid("decree", "side", "target", "VP", "also", "you")
        for d in court.decrees:
            self._decree_row(table, view, d, ctx)
        return [title, table]

    def _decree_row(
        self, table: Table, view: TeaGardenObservation, d: DecreeInPlay, ctx: Context
    ) -> None:
        face = ctx.decrees.get(d.id)
        if face is None:
            table.add_row(Text(d.id, style=DIM))
            return
        side = face.brown if d.side == "brown" else face.red
        vps = Text()
        for k, vp in enumerate(side.vps):
            if k:
                vps.append(" ")
            seat = d.fulfilled[k] if k < len(d.fulfilled) else -1
            vps.append(str(vp), style="bold" if seat < 0 else DIM)
            vps.append_text(seat_mark(seat))
        late = d.fulfilled[len(side.vps) :]
        also = Text(" ").join(seat_mark(s) for s in late) if late else Text("-", style=DIM)
        if view.seat in d.fulfilled:
            you = Text("✓ done", style="bold green")
        else:
            p = view.players[view.seat]
            you = Text(f"{decree_progress(ctx, p, face.kind)}/{side.target}")
        target = decree_target(face.kind, side.target, ctx.options.decree_gardens_count_all)
        table.add_row(
            Text(DECREE_KINDS.get(face.kind, face.kind), style="bold"),
            Text(d.side, style=SIDE_STYLES.get(d.side, "")),
            target,
            vps,
            also,
            you,
        )

    def _courtiers(
        self, view: TeaGardenObservation, court: CourtState, names: Sequence[str]
    ) -> list[RenderableType]:
        title = Text("Courtiers", style=TITLE_STYLE)
        title.append("  ready on the extension · at Halls · waiting on the board", style=DIM)
        table = _grid("", "ready", "at Halls", "waiting", "Hall VP")
        for seat, p in enumerate(view.players):
            placed = sum(row.count(seat) for row in court.occupancy)
            label = seat_label(seat, names)
            if seat == view.seat:
                label.append(" (you)", style=DIM)
            table.add_row(
                label, str(p.courtiers), str(placed), str(p.courtiers_waiting), str(p.hall_vp)
            )
        return [title, table]


class PuerhCakes(BoardPanel):
    """One seat's Puerh sets: the tokens of each, complete or not, and what a cake scores.

    ``seat`` is the seat shown; None (the default) shows the viewing seat.
    """

    def __init__(
        self,
        seat: int | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.seat = seat

    def render_view(
        self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]
    ) -> RenderableType:
        """Return a title with the cakes' total, then one row per set."""
        if view.board.court is None:
            return Text(NOT_IN_PLAY, style=DIM)
        seat = view.seat if self.seat is None else self.seat
        sets = view.players[seat].puerh_sets
        title = seat_label(seat, names)
        title.append("  Puerh cakes", style=TITLE_STYLE)
        complete = sum(1 for cake in sets if len(cake) == CAKE_SIZE)
        total = sum(cake_vp(ctx, cake) for cake in sets)
        title.append(f"  {_plural(len(sets), 'set')}, {complete} complete: {total} VP", style=DIM)
        if not sets:
            return Group(title, Text(" no Puerh tokens yet", style=DIM))
        table = _grid("#", *(f"token {k + 1}" for k in range(CAKE_SIZE)), "cake")
        for i, cake in enumerate(sets):
            tokens = [ctx.puerh_tokens[t] for t in cake if t in ctx.puerh_tokens]
            cells: list[Text] = [token_text(t) for t in tokens]
            cells += [Text(FREE_SPACE, style=DIM)] * (CAKE_SIZE - len(cells))
            table.add_row(str(i + 1), *cells, self._score(tokens, cake, ctx))
        return Group(title, table)

    def _score(self, tokens: Sequence[PuerhToken], cake: list[str], ctx: Context) -> Text:
        if len(cake) < CAKE_SIZE:
            return Text(f"{len(cake)}/{CAKE_SIZE}, open", style=DIM)
        stars = sum(t.stars for t in tokens)
        values = sum(t.value for t in tokens)
        text = Text(f"{stars}{STAR}{TIMES}{values}=")
        text.append(f"{cake_vp(ctx, cake)} VP", style="bold")
        return text
