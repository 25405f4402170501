"""The map and tracks widgets render a seat's view of a real game (docs/tui.md, view contract)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.components import Region
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.rules import TeaGardenState
from tea_tui.games.tea_garden.widgets.board_map import (
    MARGIN_CELL,
    MIN_CELL,
    WIDE_CELL,
    BoardMap,
    label_room,
    region_label,
    render_map,
)
from tea_tui.games.tea_garden.widgets.effect_text import effects_words
from tea_tui.games.tea_garden.widgets.tracks import Tracks, render_tracks
from tea_tui.widgets.glyphs import seat_glyph

NAMES = ("Ann", "Bo", "Cy")


def played_state(seats: int = 3, seed: int = 5, until_round: int = 3) -> TeaGardenState:
    """Return a game advanced by seeded random legal moves until ``until_round`` starts.

    Passing is picked only when nothing else is legal, so the seats build, sail and climb.
    """
    state = TeaGardenGame(num_seats=seats).new_state(seed)
    rng = Rng.from_seed(seed + 1)
    for _ in range(1000):
        if state.is_over() or state.round >= until_round:
            break
        legal = state.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass)]
        state.apply(rng.choice(active or legal))
    return state


def view_of(state: TeaGardenState, seat: int = 0) -> TeaGardenObservation:
    """Return the seat's observation, typed."""
    view = state.observation(seat)
    assert isinstance(view, TeaGardenObservation)
    return view


class WidgetApp(App[None]):
    """A bare app holding one widget under test."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        yield self.widget


def shown_lines(
    widget: BoardMap | Tracks,
    state: TeaGardenState,
    size: tuple[int, int] = (80, 24),
    names: Sequence[str] = NAMES,
) -> tuple[list[str], list[str]]:
    """Mount ``widget``, show seat 0's view; return the rendered lines and the lines on screen."""

    async def run() -> tuple[list[str], list[str]]:
        app = WidgetApp(widget)
        async with app.run_test(size=size) as pilot:
            widget.show(view_of(state), state.ctx, names)
            await pilot.pause()
            rendered = widget.render()
            assert isinstance(rendered, Text)
            on_screen = [widget.render_line(y).text for y in range(widget.size.height)]
            return rendered.plain.splitlines(), on_screen

    return asyncio.run(run())


def column_of(header: str, labels: Sequence[str], pos: int) -> str:
    """Return which of ``labels`` (the column titles of ``header``, left to right) is over
    ``pos``: the last one starting at or before it."""
    found = ""
    start = 0
    for label in labels:
        match = re.compile(rf"(?<!\S){re.escape(label)}(?!\S)").search(header, start)
        assert match is not None, f"{label!r} not in {header!r}"
        if match.start() > pos:
            break
        found, start = label, match.end()
    return found


def glyph_columns(header: str, line: str, labels: Sequence[str]) -> dict[str, str]:
    """Return every seat glyph found in ``line`` with the column title above it."""
    glyphs = {seat_glyph(s) for s in range(4)}
    return {ch: column_of(header, labels, i) for i, ch in enumerate(line) if ch in glyphs}


def line_starting(lines: Sequence[str], prefix: str) -> str:
    """Return the first line that starts with ``prefix``."""
    return next(line for line in lines if line.startswith(prefix))


@pytest.fixture(scope="module")
def state() -> TeaGardenState:
    """A three-seat game some way into play, with gardens beyond Sichuan."""
    s = played_state()
    assert any(len(p.gardens) > 1 for p in s.players)
    return s


# --- the map -------------------------------------------------------------------------------


def label(region: Region, cell: int = MARGIN_CELL) -> str:
    """The name a Region shows in a cell of the map."""
    return region_label(region.name, label_room(cell, region.value))


def test_map_shows_every_region_by_its_name_and_value(state: TeaGardenState) -> None:
    """Every Region shows its name (the menus' word, cut to fit) followed by its value, and
    the legend gives each cut name in full (issue 14: one naming, not HSHN and Huangshan)."""
    lines, _ = shown_lines(BoardMap(), state)
    text = "\n".join(lines)
    for region in state.ctx.regions:
        shown = label(region)
        assert region.name.startswith(shown) and len(shown) >= 4
        assert f"{shown} {region.value}" in text, shown
        if shown != region.name:
            assert f"{shown} {region.name}" in text  # the legend
    assert "HSHN" not in text and "Huang 3" in text and "Qimen 2" in text


def test_region_labels_cut_at_a_word_when_they_can() -> None:
    assert region_label("Tianmu Mountains", 8) == "Tianmu"
    assert region_label("Tianmu Mountains", 5) == "Tianm"
    assert region_label("Qimen", 5) == "Qimen"


def test_map_shows_river_and_mountains(state: TeaGardenState) -> None:
    """The River is a full line of ≈ between the banks; mountains are ▒ walls."""
    lines, _ = shown_lines(BoardMap(), state)
    river = [line for line in lines if set(line) == {"≈"}]
    assert len(river) == 1
    width = 7 * (MARGIN_CELL + 1) + 1
    assert len(river[0]) == width
    assert "▒" * MARGIN_CELL in "\n".join(lines)  # the wall between Taiping and Qimen
    assert sum(line.count("▒") for line in lines[:13]) == MARGIN_CELL + 2  # and Zunyi|Anxi


def test_map_puts_each_garden_in_its_region(state: TeaGardenState) -> None:
    """Each seat's glyph appears in the cell of every Region where it has a garden."""
    lines, _ = shown_lines(BoardMap(), state)
    checked = 0
    for seat, player in enumerate(state.players):
        for index in player.gardens:
            short = label(state.ctx.regions[index])
            row = next(i for i, line in enumerate(lines) if f" {short} " in line)
            left = lines[row].index(f" {short} ") - 2
            cell = lines[row + 1][left : left + MIN_CELL]
            assert seat_glyph(seat) in cell, (short, cell)
            checked += 1
    assert checked > len(state.players)


def test_map_marks_free_and_vp_spaces() -> None:
    """Zhenghe's free spaces show its VP values 3 and 1 and a plain dot."""
    fresh = TeaGardenGame(num_seats=2).new_state(3)
    lines, _ = shown_lines(BoardMap(), fresh)
    row = next(i for i, line in enumerate(lines) if " Zheng 2" in line)
    left = lines[row].index(" Zheng 2") - 2
    assert lines[row + 1][left : left + MARGIN_CELL].startswith(" 3 1 ·")


def test_map_fits_80_columns(state: TeaGardenState) -> None:
    """At 80x24 the map and its legend are drawn whole, nothing cut at the right edge."""
    lines, on_screen = shown_lines(BoardMap(), state)
    assert max(len(line) for line in lines) <= 80
    assert [line.rstrip() for line in on_screen] == lines
    compact = render_map(view_of(state), state.ctx, NAMES, cell_width=MIN_CELL).plain
    assert max(len(line) for line in compact.splitlines()) <= 80


@pytest.mark.parametrize("width", [71, 76, 79])
def test_map_keeps_its_right_border_when_narrower_than_80(
    state: TeaGardenState, width: int
) -> None:
    """The map's side of a 120x40 screen is 76 columns: the cells shrink to 9 columns rather
    than lose the right border (issue 14)."""
    lines, on_screen = shown_lines(BoardMap(), state, size=(width, 24))
    map_lines = lines[:13]
    assert max(len(line) for line in lines) <= width
    assert [line.rstrip() for line in on_screen] == lines
    assert map_lines[4].endswith("│") and map_lines[3].endswith("┐")  # the right border
    assert map_lines[6].rstrip("≈") == ""
    assert "Huang 3" in "\n".join(map_lines)


def test_map_wide_mode_writes_tokens_in_words(state: TeaGardenState) -> None:
    """In a 130-column terminal the cells grow and the Region tokens are written in words."""
    lines, on_screen = shown_lines(BoardMap(), state, size=(130, 40))
    text = "\n".join(lines)
    ctx = state.ctx
    for region_id, token in view_of(state).board.region_tokens.items():
        words = effects_words(ctx.region_tokens[token].bonus)
        assert words[: WIDE_CELL - 1] in text, (region_id, words)
    assert max(len(line) for line in lines) > 80
    assert [line.rstrip() for line in on_screen] == lines


# --- the tracks ----------------------------------------------------------------------------


RIVER_COLUMNS = ("start", *map(str, range(1, 10)))
UNI_COLUMNS = ("start", "1:", "2:", "3:", "4:", "centre")
EMPEROR_COLUMNS = ("start", *map(str, range(1, 7)), "top")


def test_tracks_show_round_and_names(state: TeaGardenState) -> None:
    """The round track reads "Round X/5" and every seat's glyph comes with its name."""
    lines, _ = shown_lines(Tracks(), state)
    assert lines[0].startswith(f"Round {state.round}/5")
    for seat, name in enumerate(NAMES):
        assert f"{seat_glyph(seat)} {name}" in lines[0]


def test_tracks_put_boats_on_their_segments(state: TeaGardenState) -> None:
    """A Boat moved to segment 3 shows under 3; the others under their own segments."""
    s = state.clone()
    s.players[1].boat = 3
    s.players[2].boat = 0
    lines, _ = shown_lines(Tracks(), s)
    header = line_starting(lines, "River")
    found = glyph_columns(header, line_starting(lines, "boats"), RIVER_COLUMNS)
    assert found[seat_glyph(1)] == "3"
    assert found[seat_glyph(2)] == "start"
    assert found[seat_glyph(0)] == ("start" if s.players[0].boat == 0 else str(s.players[0].boat))
    bonus = line_starting(lines, "bonus")
    assert "1E·Sx2" in bonus  # segment 3's Emperor token and x2 Scroll
    assert "20 17 15 14" in line_starting(lines, "end VP")


def test_tracks_show_who_took_the_mouth_spaces(state: TeaGardenState) -> None:
    """Boats at the mouth stand under the VP space each took, in arrival order."""
    s = state.clone()
    s.players[2].boat, s.players[2].boat_final_vp = 9, 20
    s.players[0].boat, s.players[0].boat_final_vp = 9, 17
    s.board.river_final_taken = 2
    lines, _ = shown_lines(Tracks(), s)
    vp_line = line_starting(lines, "end VP")
    boats = line_starting(lines, "boats")
    assert vp_line[boats.index(seat_glyph(2)) :].startswith("20")
    assert vp_line[boats.index(seat_glyph(0)) :].startswith("17")


def test_tracks_put_university_workers_on_sector_and_part(state: TeaGardenState) -> None:
    """Rim Workers stand on their sector's part row (or the start); centre counts per seat."""
    s = state.clone()
    s.players[0].uni_sector, s.players[0].uni_part = 0, 0
    s.players[1].uni_sector, s.players[1].uni_part = 2, 1
    s.players[2].uni_sector, s.players[2].uni_part = 4, 0
    s.players[2].uni_centre = 2
    lines, _ = shown_lines(Tracks(), s)
    header = line_starting(lines, "University")
    part_a = line_starting(lines, " part a")
    part_b = line_starting(lines, " part b")
    rim = header.index("centre")
    on_a = glyph_columns(header, part_a[:rim], UNI_COLUMNS)
    on_b = glyph_columns(header, part_b[:rim], UNI_COLUMNS)
    assert on_a[seat_glyph(0)] == "start"
    assert on_b[seat_glyph(1)] == "2:"
    assert on_a[seat_glyph(2)] == "4:"
    centre = part_a[rim:] + part_b[rim:]
    assert f"{seat_glyph(2)} 2" in centre
    assert f"{seat_glyph(0)} {s.players[0].uni_centre}" in centre


def test_tracks_put_emperor_workers_on_rows(state: TeaGardenState) -> None:
    """Emperor Workers stand under their row; the top shows its 10 VP and costs show."""
    s = state.clone()
    s.players[0].emperor_row = 0
    s.players[1].emperor_row = 4
    s.players[2].emperor_row = 6
    lines, _ = shown_lines(Tracks(), s)
    header = line_starting(lines, "Emperor")
    found = glyph_columns(header, line_starting(lines, "workers"), EMPEROR_COLUMNS)
    assert found == {seat_glyph(0): "start", seat_glyph(1): "4", seat_glyph(2): "6"}
    assert "+10VP" in line_starting(lines, "reward")
    assert "2E·L1+" in line_starting(lines, "cost")


def test_tracks_fit_80_columns(state: TeaGardenState) -> None:
    """At 80x24 every track line fits and nothing is cut at the right edge."""
    lines, on_screen = shown_lines(Tracks(), state)
    assert max(len(line) for line in lines) <= 80
    assert [line.rstrip() for line in on_screen] == lines
    four = played_state(seats=4, seed=5)
    plain = render_tracks(view_of(four), four.ctx, ["A", "B", "C", "D"], 80).plain
    assert max(len(line) for line in plain.splitlines()) <= 80


def test_widgets_before_show_render_placeholder() -> None:
    """Before the first show() both widgets render a placeholder rather than fail."""
    for widget in (BoardMap(), Tracks()):

        async def run(w: Widget = widget) -> str:
            async with WidgetApp(w).run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                rendered = w.render()
                assert isinstance(rendered, Text)
                return rendered.plain

        assert asyncio.run(run()) == "(no game)"
