"""The tracks beside the map: the River, the Tea University, the Emperor track and the round.

:class:`Tracks` is a dumb widget (docs/tui.md): the screen calls :meth:`Tracks.show` with a
seat's view and the widget draws every seat's Boat and Workers on the printed tracks, the effects
in their icon form (``2g3``, ``1E``, ``S*`` …, :mod:`effect_text`), with a legend
built from the effects actually on show; the map uses the same legend.

Each track is a table whose first row names its spaces; the pieces sit in the last row(s), in
the column of the space they stand on::

    River   start 1  2   3      …
    bonus         1E 2g3 1E Sx2
    end VP        2  3   4
    boats   ▲        ●
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from rich.text import Text

from core.tea_garden import effects as fx
from core.tea_garden.components import LeafCost
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.maintenance import ROUNDS
from tea_tui.games.tea_garden.widgets.effect_text import (
    JOIN,
    effect_icon,
    effect_words,
    effects_icons,
)
from tea_tui.games.tea_garden.widgets.view_widget import ViewWidget
from tea_tui.widgets.glyphs import FRESH_STYLE, seat_colour, seat_glyph

LABEL_STYLE = "bold"
HEADER_STYLE = "bold underline"
EFFECT_STYLE = "italic"
VP_STYLE = "bold"
DIM = "dim"
GAP = 1
"""Blank cells between two table columns."""


# --- leaf costs and the legend -----------------------------------------------------------------


def leaf_short(cost: LeafCost) -> str:
    """Return a leaf payment in short form: ``L3+`` is one leaf of quality 3 or more.

    ``L`` is any leaf (fresh or fermented), ``f`` a fermented one; a count goes in front.
    """
    parts = []
    plus = f"{cost.quality}+"
    if cost.green:
        parts.append(f"{cost.green if cost.green > 1 else ''}L{plus}")
    if cost.brown:
        parts.append(f"{cost.brown if cost.brown > 1 else ''}f{plus}")
    return "+".join(parts) or "-"


def _legend_key(eff: fx.Effect) -> str:
    """Group effects that share an abbreviation (Scrolls differ by kind)."""
    tag = str(type(eff).__struct_config__.tag)
    if isinstance(eff, fx.GainScroll):
        return f"{tag}:{eff.kind}"
    if isinstance(eff, fx.Secondary):
        return f"{tag}:{eff.action}"
    return tag


def legend_items(groups: Iterable[fx.Effects]) -> list[Text]:
    """Return one ``short = words`` item per kind of effect found in ``groups``, first seen first.

    Each item explains its kind by the first example met, e.g. ``2g3 2 leaves q3``.
    """
    seen: dict[str, fx.Effect] = {}
    pending = [e for group in groups for e in group]
    while pending:
        eff = pending.pop(0)
        if isinstance(eff, fx.Choice):
            pending[:0] = [e for option in eff.options for e in option]
            continue
        seen.setdefault(_legend_key(eff), eff)
    return [key_item(effect_icon(e), effect_words(e)) for e in seen.values()]


def key_item(key: str, meaning: str, key_style: str = LABEL_STYLE) -> Text:
    """Return one legend item: the symbol in ``key_style`` and its meaning dimmed."""
    return Text.assemble((key, key_style), " ", (meaning, DIM))


def fill_lines(items: Sequence[Text], width: int, sep: str = "  ") -> list[Text]:
    """Lay out legend items left to right, starting a new line when ``width`` would overflow."""
    lines: list[Text] = []
    line = Text()
    for item in items:
        if line.cell_len and line.cell_len + len(sep) + item.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(sep)
        line.append_text(item)
    if line.cell_len:
        lines.append(line)
    return lines


def seat_text(seats: Iterable[int]) -> Text:
    """Return the glyphs of ``seats`` side by side, each in its seat's colour."""
    return Text.assemble(*((seat_glyph(s), f"bold {seat_colour(s)}") for s in seats))


def seats_legend(names: Sequence[str], count: int) -> list[Text]:
    """Return one legend item per seat: its glyph and its name."""
    return [
        key_item(
            seat_glyph(s), names[s] if s < len(names) else f"Seat {s + 1}", f"bold {seat_colour(s)}"
        )
        for s in range(count)
    ]


# --- tables ----------------------------------------------------------------------------------


def table(rows: Sequence[Sequence[Text]]) -> list[Text]:
    """Return ``rows`` as lines with every column as wide as its widest cell plus a gap."""
    ncols = max(len(row) for row in rows)
    widths = [0] * ncols
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cell.cell_len)
    lines = []
    for row in rows:
        line = Text()
        for i, cell in enumerate(row):
            line.append_text(cell)
            line.append(" " * (widths[i] - cell.cell_len + GAP))
        line.rstrip()
        lines.append(line)
    return lines


def _label(text: str) -> Text:
    return Text(text, style=LABEL_STYLE)


def _seats_by_place(places: Iterable[Hashable]) -> dict[Hashable, list[int]]:
    """Group the seats by where their piece stands (``places`` is one place per seat)."""
    found: dict[Hashable, list[int]] = {}
    for seat, place in enumerate(places):
        found.setdefault(place, []).append(seat)
    return found


# --- the four tracks -------------------------------------------------------------------------


def round_line(view: TeaGardenObservation, names: Sequence[str]) -> Text:
    """Return the round track (``Round 2/5 ▰▰▱▱▱``) followed by the seats' glyphs and names."""
    done = min(view.round, ROUNDS)
    line = Text.assemble(
        ("Round ", LABEL_STYLE),
        (f"{view.round}/{ROUNDS}", "bold"),
        " ",
        ("▰" * done, FRESH_STYLE),
        ("▱" * (ROUNDS - done), DIM),
    )
    if view.over:
        line.append("  game over", style="bold")
    for item in seats_legend(names, len(view.players)):
        line.append("  ")
        line.append_text(item)
    return line


def river_lines(view: TeaGardenObservation, ctx: Context) -> list[Text]:
    """Return the River: segments with their bonus and end VP, the mouth's VP spaces, the Boats."""
    river = ctx.components.river
    last = len(river.segments) - 1
    header = [_label("River"), Text("start", HEADER_STYLE)]
    bonus = [_label("bonus"), Text()]
    end_vp = [_label("end VP"), Text()]
    boat_at = _seats_by_place(p.boat for p in view.players)
    boats = [_label("boats"), seat_text(boat_at.get(0, []))]
    for i, seg in enumerate(river.segments[1:last], start=1):
        header.append(Text(str(i), HEADER_STYLE))
        bonus.append(Text(effects_icons(seg.bonus), EFFECT_STYLE))
        end_vp.append(Text(str(seg.vp) if seg.vp else "", VP_STYLE))
        boats.append(seat_text(boat_at.get(i, [])))
    # The mouth: its VP spaces best first, each Boat there under the space it took.
    header.append(Text(f"{last} mouth", HEADER_STYLE))
    bonus.append(Text(effects_icons(river.segments[last].bonus), EFFECT_STYLE))
    vps = river.final_vps
    at_space: list[list[int]] = [[] for _ in vps]
    for s, p in enumerate(view.players):
        if p.boat == last:
            index = vps.index(p.boat_final_vp) if p.boat_final_vp in vps else len(vps) - 1
            at_space[index].append(s)
    spaces = Text()
    under = Text()
    for i, vp in enumerate(vps):
        taken = i < view.board.river_final_taken
        cell = Text(str(vp), DIM + " strike" if taken else VP_STYLE)
        glyphs = seat_text(at_space[i])
        width = max(cell.cell_len, glyphs.cell_len) + 1
        spaces.append_text(cell)
        spaces.append(" " * (width - cell.cell_len))
        under.append_text(glyphs)
        under.append(" " * (width - glyphs.cell_len))
    spaces.rstrip()
    under.rstrip()
    end_vp.append(spaces)
    boats.append(under)
    return table([header, bonus, end_vp, boats])


def university_lines(view: TeaGardenObservation, ctx: Context) -> list[Text]:
    """Return the University: 4 sectors of 2 parts, the rim Workers, the centre Workers."""
    uni = ctx.components.university
    header = [_label("University"), Text("start", HEADER_STYLE)]
    worker_at = _seats_by_place(
        (p.uni_sector, p.uni_part if p.uni_sector else 0) for p in view.players
    )
    rows = [[_label(" part a"), seat_text(worker_at.get((0, 0), []))]]
    rows += [[_label(" part b"), Text()] for _ in uni.sectors[0].parts[1:]]
    for i, sector in enumerate(uni.sectors, start=1):
        same = len({part.vp for part in sector.parts}) == 1
        title = f"{i}: {sector.parts[0].vp}VP" if same else str(i)
        header.append(Text(title, HEADER_STYLE))
        for k, part in enumerate(sector.parts):
            cell = Text()
            cell.append(effects_icons(part.bonus), EFFECT_STYLE)
            if not same:
                cell.append(f" {part.vp}VP", VP_STYLE)
            here = worker_at.get((i, k), [])
            if here:
                cell.append(" ")
                cell.append_text(seat_text(here))
            rows[k].append(cell)
    header.append(Text(f"centre {uni.centre_vp}VP each", HEADER_STYLE))
    seats = range(len(view.players))
    per_row = -(-len(seats) // len(rows))
    for k, row in enumerate(rows):
        cell = Text()
        for s in seats[k * per_row : (k + 1) * per_row]:
            if cell.cell_len:
                cell.append("  ")
            cell.append_text(seat_text([s]))
            cell.append(f" {view.players[s].uni_centre}", "bold")
        row.append(cell)
    return table([header, *rows])


def emperor_lines(view: TeaGardenObservation, ctx: Context) -> list[Text]:
    """Return the Emperor track: rows with token and leaf cost and reward, the Workers, the top."""
    track = ctx.components.emperor_track
    header = [_label("Emperor"), Text("start", HEADER_STYLE)]
    cost = [_label("cost"), Text()]
    reward = [_label("reward"), Text()]
    row_at = _seats_by_place(p.emperor_row for p in view.players)
    workers = [_label("workers"), seat_text(row_at.get(0, []))]
    for i, row in enumerate(track.rows, start=1):
        header.append(Text(str(i), HEADER_STYLE))
        cost.append(Text(f"{row.tokens}E{JOIN}{leaf_short(row.leaf)}"))
        reward.append(Text(effects_icons(row.reward), EFFECT_STYLE))
        workers.append(seat_text(row_at.get(i, [])))
    header.append(Text("top", HEADER_STYLE))
    cost.append(Text())
    reward.append(Text(f"+{track.top_vp}VP", VP_STYLE))
    workers.append(Text())
    return table([header, cost, reward, workers])


def tracks_legend(ctx: Context, width: int) -> list[Text]:
    """Return the legend of the short forms used on the tracks, filled to ``width`` columns."""
    cs = ctx.components
    groups: list[fx.Effects] = [seg.bonus for seg in cs.river.segments]
    groups += [part.bonus for sector in cs.university.sectors for part in sector.parts]
    groups += [row.reward for row in cs.emperor_track.rows]
    items = [key_item("L3+", "a leaf of quality 3 or more"), *legend_items(groups)]
    return fill_lines(items, width)


def render_tracks(
    view: TeaGardenObservation,
    ctx: Context,
    names: Sequence[str],
    width: int = 80,
    legend: bool = True,
) -> Text:
    """Return every track as one Text: round, River, University, Emperor track and a legend.

    Args:
        view: the observation of the seat whose view is shown.
        ctx: the shared context of the game.
        names: the seats' display names.
        width: columns available, used only to fill the legend lines.
        legend: whether to end with the legend of the short forms.
    """
    lines = [round_line(view, names)]
    lines += river_lines(view, ctx)
    lines += university_lines(view, ctx)
    lines += emperor_lines(view, ctx)
    if legend:
        lines += tracks_legend(ctx, width)
    return Text("\n").join(lines)


class Tracks(ViewWidget):
    """The River, the Tea University, the Emperor track and the round, drawn as text tables.

    A dumb widget: :meth:`show` stores a seat's view and redraws; no game state is kept in CSS.
    """

    def draw(
        self, view: TeaGardenObservation, ctx: Context, names: tuple[str, ...], width: int
    ) -> Text:
        """Return the four tracks, their legend fitted to ``width``."""
        return render_tracks(view, ctx, names, width, self.legend)
