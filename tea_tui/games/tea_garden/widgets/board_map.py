"""The map: every Region in its grid cell, with its gardens, its bonus token and its borders.

:class:`BoardMap` is a dumb widget (docs/tui.md). Each Region is a box on the map's grid
(``Region.cell``) showing its Province (initial on the Province colour), its name and value,
one mark per garden space (``·`` free, a digit for a free VP space, a seat glyph once built) and
its Region Bonus token. The lines between boxes tell how to cross: a thin line is a border,
``≈`` the River, ``▒`` mountains (grid neighbours without a border). Compact cells (2 lines,
9 to 15 columns) fit the 7 columns of the base map in 80 terminal columns (and in the 76
of the map's side at 120 columns, with 9-column cells and no inner margin)::

    ┼──────────┼──────────┼
    │ Y Puer 3 │ A Qimen 2│
    │ · · · 1E │ 1 ◆ · 1C │
    ≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈≈

A Region's name is the one the menus use, cut to the room of a cell when it is longer; the
legend lists the cut names in full.

From 16 columns per cell (120 terminal columns), each cell has a third line with the token in
words.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from rich.text import Text

from core.tea_garden.components import Border, Region
from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation
from tea_tui.games.tea_garden.widgets.effect_text import effects_icons, effects_words
from tea_tui.games.tea_garden.widgets.tracks import (
    DIM,
    fill_lines,
    key_item,
    legend_items,
    seats_legend,
)
from tea_tui.games.tea_garden.widgets.view_widget import ViewWidget
from tea_tui.widgets.glyphs import PROVINCE_COLOURS, seat_colour, seat_glyph

MIN_CELL = 9
"""Narrowest cell: ``"3 1 · 2g3"`` (spaces a blank apart, so VP digits never run together)."""
MARGIN_CELL = 10
"""From this cell width on, a cell keeps a blank column inside its left border."""
MAX_CELL = 18
WIDE_CELL = 16
"""From this cell width on, a cell has three lines and the token in words."""
FREE_MARK = "·"
RIVER_MARK = "≈"
MOUNTAIN_MARK = "▒"
LINE_STYLE = "dim"
RIVER_STYLE = "bold blue"
MOUNTAIN_STYLE = "bright_black"
VP_SPACE_STYLE = "bold yellow"
TOKEN_STYLE = "italic"

# Box-drawing junctions by the arms present: (up, down, left, right).
_JUNCTIONS = {
    (False, False, False, False): " ",
    (True, False, False, False): "╵",
    (False, True, False, False): "╷",
    (False, False, True, False): "╴",
    (False, False, False, True): "╶",
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (True, True, True, True): "┼",
}


class Edge(Enum):
    """What separates two grid cells on the drawn map."""

    NONE = 0
    """No Region on either side: nothing is drawn."""
    OUTLINE = 1
    """A Region on one side only: the map's outline."""
    BORDER = 2
    RIVER = 3
    MOUNTAIN = 4
    """Two Regions side by side on the grid with no border between them."""


def cell_width_for(width: int, cols: int = 7) -> int:
    """Return the cell width that fills ``width`` columns with ``cols`` cells, within limits."""
    return max(MIN_CELL, min(MAX_CELL, (width - cols - 1) // cols))


class _Canvas:
    """A grid of characters, each with a Rich style, turned into Text at the end."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "", limit: int | None = None) -> int:
        """Write ``text`` from (x, y), cut at ``limit`` characters; return the next x."""
        for ch in text[:limit]:
            if 0 <= x < len(self.chars[y]):
                self.chars[y][x] = ch
                self.styles[y][x] = style
            x += 1
        return x

    def lines(self) -> list[Text]:
        """Return one Text per row, trailing blanks removed."""
        out = []
        for chars, styles in zip(self.chars, self.styles, strict=True):
            line = Text()
            for ch, style in zip(chars, styles, strict=True):
                line.append(ch, style or None)
            line.rstrip()
            out.append(line)
        return out


class MapLayout:
    """The map's grid with the Region of every cell and the kind of every edge."""

    def __init__(self, ctx: Context) -> None:
        data = ctx.components.map
        self.cols = data.cols
        self.rows = data.rows
        self.at: dict[tuple[int, int], int] = {r.cell: i for i, r in enumerate(ctx.regions)}
        self.borders: dict[frozenset[int], Border] = {
            frozenset((ctx.region_index[b.a], ctx.region_index[b.b])): b for b in data.borders
        }

    def region_at(self, col: int, row: int) -> int | None:
        """Return the index of the Region in a cell, or None (empty or off the grid)."""
        return self.at.get((col, row))

    def edge(self, a: tuple[int, int], b: tuple[int, int]) -> Edge:
        """Return what lies between the grid cells ``a`` and ``b``."""
        ra, rb = self.region_at(*a), self.region_at(*b)
        if ra is None and rb is None:
            return Edge.NONE
        if ra is None or rb is None:
            return Edge.OUTLINE
        border = self.borders.get(frozenset((ra, rb)))
        if border is None:
            return Edge.MOUNTAIN
        return Edge.RIVER if border.river else Edge.BORDER


def _edge_mark(edge: Edge, line: str) -> tuple[str, str]:
    if edge is Edge.RIVER:
        return RIVER_MARK, RIVER_STYLE
    if edge is Edge.MOUNTAIN:
        return MOUNTAIN_MARK, MOUNTAIN_STYLE
    if edge is Edge.NONE:
        return " ", ""
    return line, LINE_STYLE


def region_label(name: str, room: int) -> str:
    """Return a Region's name as it fits in ``room`` columns: whole, else its first word, else
    cut (``Tianmu Mountains`` -> ``Tianmu`` or ``Tianm``)."""
    if len(name) <= room:
        return name
    first = name.split()[0]
    return first if len(first) <= room else name[:room]


def label_room(width: int, value: int) -> int:
    """Return the columns left for a Region's name in a cell of ``width``."""
    return width - (1 if width >= MARGIN_CELL else 0) - 3 - len(str(value))


def _province_initial(ctx: Context, province_id: str) -> str:
    for province in ctx.components.map.provinces:
        if province.id == province_id:
            return province.name[:1].upper()
    return province_id[:1].upper()


def _space_marks(view: TeaGardenObservation, index: int, region: Region) -> list[tuple[str, str]]:
    marks = []
    owners = view.board.spaces[index]
    for k, space in enumerate(region.spaces):
        owner = owners[k] if k < len(owners) else -1
        if owner >= 0:
            marks.append((seat_glyph(owner), f"bold {seat_colour(owner)}"))
        elif space.vp:
            marks.append((str(space.vp), VP_SPACE_STYLE))
        else:
            marks.append((FREE_MARK, DIM))
    return marks


def _token_text(view: TeaGardenObservation, ctx: Context, region: Region, wide: bool) -> str:
    token_id = view.board.region_tokens.get(region.id)
    token = ctx.region_tokens.get(token_id) if token_id else None
    if token is None:
        return ""
    return effects_words(token.bonus) if wide else effects_icons(token.bonus)


def _draw_cell(
    canvas: _Canvas,
    x: int,
    y: int,
    width: int,
    view: TeaGardenObservation,
    ctx: Context,
    index: int,
) -> None:
    region = ctx.regions[index]
    colour = PROVINCE_COLOURS.get(region.province, "white")
    wide = width >= WIDE_CELL
    end = x + width
    left = x + (1 if width >= MARGIN_CELL else 0)
    # Line 1: Province initial on its colour, the name in that colour, the value.
    cx = canvas.put(left, y, _province_initial(ctx, region.province), f"bold reverse {colour}")
    label = region_label(region.name, label_room(width, region.value))
    cx = canvas.put(cx + 1, y, label, f"bold {colour}")
    canvas.put(cx + 1, y, str(region.value), "bold", limit=max(0, end - cx - 1))
    # Garden spaces, then the bonus token: on one line when compact, on two when wide.
    cx = left
    for mark, style in _space_marks(view, index, region):
        cx = canvas.put(cx, y + 1, mark, style) + 1
    token = _token_text(view, ctx, region, wide)
    if wide:
        canvas.put(left, y + 2, token, TOKEN_STYLE, limit=width - 1)
    elif token:
        # Right-aligned one blank from the edge when there is room, else just after the spaces.
        tx = end - 1 - len(token) if cx <= end - 1 - len(token) else max(cx, end - len(token))
        canvas.put(tx, y + 1, token, TOKEN_STYLE, limit=max(0, end - tx))


def render_map(
    view: TeaGardenObservation,
    ctx: Context,
    names: Sequence[str],
    cell_width: int = MIN_CELL,
    legend: bool = True,
) -> Text:
    """Return the map as Text: boxes on the grid, then a legend.

    Args:
        view: the observation of the seat whose view is shown.
        ctx: the shared context of the game (its map).
        names: the seats' display names, for the legend.
        cell_width: columns inside each cell; from :data:`WIDE_CELL` on, cells get a third line.
        legend: whether to add the Provinces, the seats and the marks below the map.
    """
    layout = MapLayout(ctx)
    w = cell_width
    h = 3 if w >= WIDE_CELL else 2
    canvas = _Canvas(layout.cols * (w + 1) + 1, layout.rows * (h + 1) + 1)

    def v_edge(col: int, row: int) -> Edge:
        """The edge on the vertical line left of cell (col, row)."""
        return layout.edge((col - 1, row), (col, row))

    def h_edge(col: int, row: int) -> Edge:
        """The edge on the horizontal line above cell (col, row)."""
        return layout.edge((col, row - 1), (col, row))

    for row in range(layout.rows + 1):
        for col in range(layout.cols + 1):
            x, y = col * (w + 1), row * (h + 1)
            if col < layout.cols:
                mark, style = _edge_mark(h_edge(col, row), "─")
                canvas.put(x + 1, y, mark * w, style)
            if row < layout.rows:
                mark, style = _edge_mark(v_edge(col, row), "│")
                for dy in range(1, h + 1):
                    canvas.put(x, y + dy, mark, style)
            arms = (v_edge(col, row - 1), v_edge(col, row), h_edge(col - 1, row), h_edge(col, row))
            if Edge.RIVER in arms[2:]:
                canvas.put(x, y, RIVER_MARK, RIVER_STYLE)
            else:
                key = (
                    arms[0] is not Edge.NONE,
                    arms[1] is not Edge.NONE,
                    arms[2] is not Edge.NONE,
                    arms[3] is not Edge.NONE,
                )
                canvas.put(x, y, _JUNCTIONS[key], LINE_STYLE)
            index = layout.region_at(col, row)
            if index is not None:
                _draw_cell(canvas, x + 1, y + 1, w, view, ctx, index)
    lines = canvas.lines()
    if legend:
        lines += map_legend(view, ctx, names, len(canvas.chars[0]), tokens=h == 2, cell_width=w)
    return Text("\n").join(lines)


def map_legend(
    view: TeaGardenObservation,
    ctx: Context,
    names: Sequence[str],
    canvas_width: int,
    tokens: bool = True,
    cell_width: int | None = None,
) -> list[Text]:
    """Return the legend lines: Provinces, seats, map marks, the Region names cut to fit cells
    of ``cell_width`` (none when None) and (if ``tokens``) the tokens' short forms, filled to
    the map's width."""
    width = max(canvas_width, 40)
    provinces = [
        key_item(p.name[:1].upper(), p.name, f"bold reverse {PROVINCE_COLOURS.get(p.id, 'white')}")
        for p in ctx.components.map.provinces
    ]
    marks = [
        key_item(FREE_MARK, "free space"),
        key_item("2", "VP space", VP_SPACE_STYLE),
        key_item(RIVER_MARK * 2, "River", RIVER_STYLE),
        key_item(MOUNTAIN_MARK * 2, "mountains", MOUNTAIN_STYLE),
    ]
    lines = fill_lines(provinces, width)
    lines += fill_lines(seats_legend(names, len(view.players)) + marks, width)
    if cell_width is not None:
        cut = [
            key_item(label, r.name, f"bold {PROVINCE_COLOURS.get(r.province, 'white')}")
            for r in ctx.regions
            if (label := region_label(r.name, label_room(cell_width, r.value))) != r.name
        ]
        lines += fill_lines(cut, width)
    if tokens:
        bonuses = [ctx.region_tokens[t].bonus for t in view.board.region_tokens.values()]
        lines += fill_lines(legend_items(bonuses), width)
    return lines


class BoardMap(ViewWidget):
    """The map of Regions, gardens, Region Bonus tokens, borders, the River and the mountains.

    A dumb widget: :meth:`show` stores a seat's view and redraws. The cell width follows the
    widget's width (compact at 80 columns, roomier when wider); no game state is kept in CSS.
    """

    def draw(
        self, view: TeaGardenObservation, ctx: Context, names: tuple[str, ...], width: int
    ) -> Text:
        """Return the map, its cells as wide as ``width`` allows."""
        cell = cell_width_for(width, ctx.components.map.cols)
        return render_map(view, ctx, names, cell, self.legend)
