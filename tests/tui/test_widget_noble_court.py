"""The Noble Court and Puerh-cake widgets render a seat's view of a real expansion game; SVG
snapshots of the game screen's Court panel in a position set up by hand."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from functools import cache
from typing import Any

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Context, Options
from core.tea_garden.court import check_decrees
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.puerh import CAKE_SIZE, cake_vp
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.scoring import live_breakdown
from tea_tui.app import make_app
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.games.tea_garden.widgets.displays import BoardPanel, cost_text
from tea_tui.games.tea_garden.widgets.effect_text import effects_compact
from tea_tui.games.tea_garden.widgets.noble_court import (
    DECREE_KINDS,
    NOT_IN_PLAY,
    TIMES,
    NobleCourt,
    PuerhCakes,
    decree_target,
)
from tea_tui.session import GameSession
from tea_tui.widgets.glyphs import seat_glyph
from tests.core.tea_garden.scenario import (
    give_puerh_sets,
    occupy,
    set_halls,
    set_market,
    set_storage,
)

NAMES = ("Ann", "Bo", "Cy", "Di")
WIDE = (200, 80)
"""Wide enough that no line wraps, so names and numbers are found whole."""
NARROW = (80, 80)
PUERH_MOVES = (mv.NobleCourt, mv.PuerhMarket, mv.BuyPremium, mv.TakeBasic)


class PanelApp(App[None]):
    """A bare app holding the panels under test."""

    def __init__(self, *panels: BoardPanel) -> None:
        super().__init__()
        self.panels = panels

    def compose(self) -> ComposeResult:
        yield from self.panels


def render(
    view: TeaGardenObservation,
    ctx: Context,
    *panels: BoardPanel,
    size: tuple[int, int] = WIDE,
) -> list[str]:
    """Mount ``panels``, show ``view`` in each and return the text each draws on screen."""

    async def run() -> list[str]:
        app = PanelApp(*panels)
        async with app.run_test(size=size) as pilot:
            for panel in panels:
                panel.show(view, ctx, NAMES[: len(view.players)])
            await pilot.pause()
            out = []
            for panel in panels:
                width, height = panel.size
                assert height > 0
                lines = panel.render_lines(Region(0, 0, width, height))
                out.append("\n".join(s.text.rstrip() for s in lines))
            return out

    return asyncio.run(run())


def observe(state: TeaGardenState, seat: int) -> TeaGardenObservation:
    obs = state.observation(seat)
    assert isinstance(obs, TeaGardenObservation)
    return obs


def court_ready(state: TeaGardenState) -> bool:
    """A Courtier stands under a Hall and some seat holds a complete Puerh cake."""
    court = state.board.court
    assert court is not None
    placed = any(seat >= 0 for spaces in court.occupancy for seat in spaces)
    cakes = any(len(cake) == CAKE_SIZE for p in state.players for cake in p.puerh_sets)
    return placed and cakes


def playout(seats: int, seed: int) -> TeaGardenState:
    """Play seeded random legal moves of an expansion game until :func:`court_ready`.

    The moves are drawn at random among the Noble Court and Puerh moves when there are any (a
    token joining a set first), else among every move but passing, so the Court fills quickly.
    """
    state = TeaGardenGame(num_seats=seats, options=Options(puerh=True)).new_state(seed)
    rng = Rng.from_seed(seed)
    while not court_ready(state):
        assert not state.is_over(), "the game ended before the Court filled"
        legal = state.legal_moves()
        joins = [m for m in legal if isinstance(m, mv.PlacePuerh) and m.set]
        court = [m for m in legal if isinstance(m, PUERH_MOVES)]
        others = [m for m in legal if not isinstance(m, mv.Pass)]
        state.apply(rng.choice(joins or court or others or list(legal)))
    return state


@cache
def game() -> tuple[TeaGardenState, str, str]:
    """The 3-seat game of seed 1 seen by seat 0, and both widgets' text (wide)."""
    state = playout(3, seed=1)
    court_text, cakes_text = render(observe(state, 0), state.ctx, NobleCourt(), PuerhCakes())
    return state, court_text, cakes_text


def test_halls_show_names_effects_and_courtier_spaces() -> None:
    """Each face-up Hall shows its name and effects; under it the spaces 6 4 3 2, a seat's
    glyph on each occupied one, a dot on each free one; the Hall deck shows its size only."""
    state, text, _ = game()
    court = state.board.court
    assert court is not None
    spaces = state.ctx.components.court.hall_spaces if state.ctx.components.court else ()
    assert spaces == (6, 4, 3, 2)
    assert f"deck {len(court.hall_deck)}" in text
    occupied = 0
    for hall_id, owners in zip(court.halls, court.occupancy, strict=True):
        hall = state.ctx.halls[hall_id]
        assert f"{hall.name}  {effects_compact(hall.effects).plain}" in text
        row = "  ".join(
            f"{v}{seat_glyph(s) if s >= 0 else '·'}" for v, s in zip(spaces, owners, strict=True)
        )
        assert row in text
        occupied += sum(1 for s in owners if s >= 0)
    assert occupied > 0
    for hidden in court.hall_deck:  # face down: never named
        assert state.ctx.halls[hidden].name not in text


def test_market_and_storage_show_tokens_costs_and_piles() -> None:
    """Every Market token shows its bonus and its leaf cost; the Storage its bonus; both piles
    their sizes."""
    state, text, _ = game()
    court = state.board.court
    assert court is not None
    tokens = state.ctx.puerh_tokens
    assert f"pile {len(court.premium_pile)}" in text
    assert f"pile {len(court.basic_pile)}" in text
    lines = text.splitlines()
    for slot, token_id in enumerate(court.market):
        token = tokens[token_id]
        cost = cost_text(token.cost).plain
        bonus = effects_compact(token.bonus).plain
        assert any(line.startswith(f"{slot + 1} {bonus}") and cost in line for line in lines), (
            f"Market slot {slot + 1}"
        )
    for token_id in court.storage:
        assert effects_compact(tokens[token_id].bonus).plain in text


def test_decrees_show_targets_sides_and_who_took_the_vp() -> None:
    """Each Decree shows its kind, side and target in words; its VP spaces carry the glyphs of
    the first two seats to fulfil it, in order, and later ones are listed apart."""
    state, text, _ = game()
    court = state.board.court
    assert court is not None
    for d in court.decrees:
        face = state.ctx.decrees[d.id]
        side = face.brown if d.side == "brown" else face.red
        target = decree_target(face.kind, side.target)
        assert target in text
        assert any(
            DECREE_KINDS[face.kind] in line and d.side in line and target in line
            for line in text.splitlines()
        )
    assert decree_target("river", 4) == "Boat at segment 4"
    assert decree_target("gardens", 5) == "5 gardens built (not Sichuan)"
    # Three seats fulfil the first Decree: Bo first, then Cy, then Ann (the viewer).
    state = state.clone()
    court = state.board.court
    assert court is not None
    first = court.decrees[0]
    first.fulfilled = [1, 2, 0]
    face = state.ctx.decrees[first.id]
    vps = (face.brown if first.side == "brown" else face.red).vps
    (text,) = render(observe(state, 0), state.ctx, NobleCourt())
    row = next(line for line in text.splitlines() if line.startswith(DECREE_KINDS[face.kind]))
    assert f"{vps[0]}▲ {vps[1]}■" in row
    assert row.split(f"{vps[1]}■")[1].split()[0] == "●"
    assert "✓ done" in row


def test_courtiers_per_seat() -> None:
    """Each seat shows its Courtiers ready on the extension, at the Halls and waiting."""
    state, text, _ = game()
    court = state.board.court
    assert court is not None
    for seat, p in enumerate(state.players):
        placed = sum(row.count(seat) for row in court.occupancy)
        counts = f"{p.courtiers} {placed} {p.courtiers_waiting} {p.hall_vp}"
        line = next(
            line for line in text.splitlines() if f"{seat_glyph(seat)} {NAMES[seat]}" in line
        )
        assert " ".join(line.split()[-4:]) == counts


def test_puerh_cakes_show_tokens_and_the_vp_of_complete_cakes() -> None:
    """A seat's sets show their tokens; a complete cake shows stars x values and the VP
    puerh.cake_vp gives, an incomplete one how many tokens it has."""
    state, _, own = game()
    tokens = state.ctx.puerh_tokens
    seats = list(range(len(state.players)))
    texts = render(observe(state, 0), state.ctx, *(PuerhCakes(seat) for seat in seats))
    assert texts[0] == own
    complete = 0
    for seat, text in zip(seats, texts, strict=True):
        p = state.players[seat]
        assert f"{seat_glyph(seat)} {NAMES[seat]}  Puerh cakes" in text
        total = live_breakdown(state)[seat]["puerh"]
        assert text.splitlines()[0].endswith(f"complete: {total} VP")
        for i, cake in enumerate(p.puerh_sets):
            line = next(line for line in text.splitlines() if line.startswith(f"{i + 1} "))
            for token_id in cake:
                assert effects_compact(tokens[token_id].bonus).plain in line
            if len(cake) == CAKE_SIZE:
                complete += 1
                stars = sum(tokens[t].stars for t in cake)
                values = sum(tokens[t].value for t in cake)
                assert line.endswith(f"{stars}★{TIMES}{values}={cake_vp(state.ctx, cake)} VP")
            else:
                assert line.endswith(f"{len(cake)}/{CAKE_SIZE}, open")
        if not p.puerh_sets:
            assert "no Puerh tokens yet" in text
    assert complete > 0
    assert any(cake_vp(state.ctx, cake) for p in state.players for cake in p.puerh_sets)


def test_both_fit_80_columns() -> None:
    """At 80 columns no line wraps: the text is the same as on a wide screen (3 and 4 seats)."""
    state, court_text, cakes_text = game()
    narrow = render(observe(state, 0), state.ctx, NobleCourt(), PuerhCakes(), size=NARROW)
    assert narrow == [court_text, cakes_text]
    four = playout(4, seed=2)
    view = observe(four, 3)
    wide = render(view, four.ctx, NobleCourt(), PuerhCakes(0))
    assert render(view, four.ctx, NobleCourt(), PuerhCakes(0), size=NARROW) == wide
    assert all(len(line) <= 80 for text in wide for line in text.splitlines())


def test_base_game_shows_no_court() -> None:
    """Without the expansion both widgets say the Court is not in play."""
    state = TeaGardenGame(num_seats=2).new_state(3)
    texts = render(observe(state, 0), state.ctx, NobleCourt(), PuerhCakes())
    assert all(NOT_IN_PLAY in text for text in texts)


# --- snapshots of the game screen's Court panel ------------------------------------------------

SNAP_SEATS = ("human@Ann", "random@Bo", "random@Cy")


def court_session() -> GameSession:
    """Ann's first decision in a 3-seat expansion game (seed 5), set up by hand: Bo (6) and Ann
    (3) under the first Hall, Cy (4) under the second; a complete cake each for Ann and Cy, so
    both fulfil the Puerh Decree (Ann first); Bo has a Worker in the University centre, so he
    fulfils the University Decree; chosen tokens in the Market and the Storage."""
    session = GameSession.new(tea_game(SNAP_SEATS, puerh=True, start_seat=0), SNAP_SEATS, 5)
    s = session.state
    set_halls(s, ["h12", "h05", "h11"])
    set_market(s, ["pp01", "pp21", "pp17"])
    set_storage(s, ["pb16", "pb06", "pb20"])
    occupy(s, 1, hall=1, space=1)
    occupy(s, 0, hall=1, space=3)
    occupy(s, 2, hall=2, space=2)
    give_puerh_sets(s, 0, [["pb01", "pb02", "pb17"], ["pp08"]])
    give_puerh_sets(s, 2, [["pb03", "pb04", "pb21"]])
    s.players[1].uni_centre, s.players[1].workers = 1, s.players[1].workers - 1
    for seat in (0, 2, 1):
        check_decrees(s, seat)
    return session


def test_the_snapshot_position() -> None:
    """The position of the snapshots is what their docstrings say."""
    s = court_session().state
    court = s.board.court
    assert court is not None
    assert court.occupancy[:2] == [[1, -1, 0, -1], [-1, 2, -1, -1]]
    kinds = {s.ctx.decrees[d.id].kind: d.fulfilled for d in court.decrees}
    assert kinds == {"puerh": [0, 2], "university": [1], "cups": [], "river": []}
    assert [(p.courtiers, p.courtiers_waiting) for p in s.players] == [(2, 1), (2, 1), (2, 1)]
    assert s.current_seat() == 0


def show_court(scroll_to: str = "") -> Callable[[Pilot[None]], Awaitable[None]]:
    """Press r for the Court panel, then scroll it so the line starting ``scroll_to`` is on top."""

    async def ready(pilot: Pilot[None]) -> None:
        await pilot.press("r")
        await pilot.pause()
        if scroll_to:
            court = pilot.app.screen.query_one("#noble-court", NobleCourt)
            width, height = court.size
            lines = [s.text for s in court.render_lines(Region(0, 0, width, height))]
            top = next(i for i, line in enumerate(lines) if line.startswith(scroll_to))
            pilot.app.screen.query_one("#panel-court").scroll_to(y=top, animate=False)
            await pilot.pause()

    return ready


class TestCourtSnapshots:
    """The Court panel of the game screen: look at the SVGs before accepting (docs/tui.md)."""

    def test_court_panel_80x24(self, snap_compare: Any) -> None:
        """The top of the panel: the Halls with Bo's, Ann's and Cy's Courtiers, the Market and
        the Storage."""
        app = make_app(session=court_session(), pace=0, processes=False)
        assert snap_compare(app, terminal_size=(80, 24), run_before=show_court())

    def test_court_panel_80x24_decrees(self, snap_compare: Any) -> None:
        """Scrolled to the Decrees (the Puerh one fulfilled by Ann, then Cy; the University one
        by Bo) and the Courtiers per seat, waiting ones included."""
        app = make_app(session=court_session(), pace=0, processes=False)
        ready = show_court(scroll_to="Imperial Decrees")
        assert snap_compare(app, terminal_size=(80, 24), run_before=ready)

    def test_court_panel_120x40(self, snap_compare: Any) -> None:
        """The wide layout: the panel above Ann's board, the decisions and the log beside."""
        app = make_app(session=court_session(), pace=0, processes=False)
        assert snap_compare(app, terminal_size=(120, 40), run_before=show_court())
