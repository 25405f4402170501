"""No internal id on screen (issue 14): menus, panels, plain mode and the log name components.

Whole games are played by a seeded random choice of moves (base, with the expansion, and solo
against Lu Yu); along the way every menu label and title, the panels of the app (rendered as
text), plain mode's board lines and the log are searched for the ids of the component data.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from core.tea_garden.loader import load_builtin
from core.tea_garden.move_words import label, pending_title
from core.tea_garden.moves import Pass
from tea_tui.games.tea_garden.plain.board_lines import (
    court_lines,
    display_lines,
    map_lines,
    track_lines,
)
from tea_tui.games.tea_garden.plain.seat_lines import seat_lines
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.games.tea_garden.widgets.board_map import render_map
from tea_tui.games.tea_garden.widgets.displays import (
    ActionDisplay,
    CaravanDisplay,
    CupStacks,
    EmperorDisplay,
)
from tea_tui.games.tea_garden.widgets.noble_court import NobleCourt, PuerhCakes
from tea_tui.games.tea_garden.widgets.opponents import Opponents
from tea_tui.games.tea_garden.widgets.player_board import PlayerBoard
from tea_tui.session import GameSession


def _ids() -> re.Pattern[str]:
    cs = load_builtin()
    # Province and Region ids are colour words and codes such as "g1" that the screen uses
    # for other things (a fresh leaf of quality 1); every other id is a code of the data.
    named = [ids for section, ids in cs.ids_by_section() if section != "map"]
    ids = {i for group in named for i in group}
    assert cs.luyu is not None
    ids |= {c.id for c in cs.luyu.cards}
    return re.compile(
        r"\b(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")\b"
    )


IDS = _ids()
PANELS = (ActionDisplay, CaravanDisplay, EmperorDisplay, CupStacks, PlayerBoard, Opponents)


def _panel_text(session: GameSession) -> Iterator[str]:
    view, ctx, names = session.view(), session.ctx, session.names
    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    panels = [*PANELS, NobleCourt, PuerhCakes] if ctx.options.puerh else PANELS
    for panel in panels:
        console.print(panel().render_view(view, ctx, names))
    console.print(render_map(view, ctx, names))
    yield console.export_text()
    yield "\n".join(map_lines(view, ctx, names) + track_lines(view, ctx, names))
    yield "\n".join(display_lines(view, ctx) + court_lines(view, ctx, names))
    for seat in range(len(names)):
        yield "\n".join(seat_lines(view, ctx, names, seat))


def _play(session: GameSession, seed: int) -> Iterator[str]:
    """Play to the end at random; yield every text a player could read on the way."""
    rng = random.Random(seed)
    step = 0
    while not session.is_over():
        legal = session.legal_moves()
        view = session.view()
        if not session.is_luyu(session.current_seat):
            yield from (label(view, session.ctx, m) for m in legal)
            if view.pending:
                yield pending_title(view, session.ctx, view.pending[-1])
        if step % 25 == 0:
            yield from _panel_text(session)
        # Passing is kept for when nothing else is legal, so the game runs its whole length.
        playing = [m for m in legal if not isinstance(m, Pass)] or list(legal)
        session.apply(rng.choice(playing))
        step += 1
    yield from _panel_text(session)
    yield "\n".join(entry.text for entry in session.log)


@pytest.mark.parametrize(
    ("seats", "puerh"),
    [
        (("human", "human", "human"), False),
        (("human", "human"), True),
        (("human", "luyu:hard"), False),
        (("human", "luyu:expert"), True),
    ],
)
def test_no_component_id_is_shown_in_a_whole_game(seats: tuple[str, ...], puerh: bool) -> None:
    session = GameSession.new(tea_game(seats, puerh=puerh), list(seats), 11)
    shown = 0
    for text in _play(session, 3):
        found = IDS.search(text)
        assert found is None, f"id {found.group(0)!r} in: {text[:300]}"
        shown += 1
    assert shown > 500  # a whole game's worth of menus and panels was read


def test_the_search_finds_an_id_when_one_is_printed() -> None:
    """The pattern itself works: the ids the screen used to show are caught."""
    assert IDS.search("Caravan cv_b01: pay 2 leaves") is not None
    assert IDS.search("reveals ly_a11 (Build)") is not None
    assert IDS.search("Salt Road Mules: pay 2 leaves; gain g1") is None
