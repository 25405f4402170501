"""The help screen: the section on what the Puerh expansion shows, checked against the text the
expansion's widgets draw, so that the help keeps the glyphs and wording of the screen."""

from __future__ import annotations

from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

from core.tea_garden.context import Context, Options
from core.tea_garden.game import TeaGardenGame
from tea_tui.app import make_app
from tea_tui.game_ui import ui_for
from tea_tui.games.tea_garden.help import EXPANSION
from tea_tui.games.tea_garden.layout import PANELS
from tea_tui.games.tea_garden.scores import CATEGORY_NAMES
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.games.tea_garden.widgets.displays import cost_text
from tea_tui.games.tea_garden.widgets.noble_court import (
    CENTRE,
    DECREE_KINDS,
    FREE_SPACE,
    STAR,
    TIMES,
    spaces_text,
    token_text,
)
from tea_tui.layout import layout_for
from tea_tui.screens.help import HelpScreen, help_text
from tea_tui.session import GameSession
from tea_tui.widgets.glyphs import seat_glyph
from tests.tui.pilot_tools import pilot_test

HELP_TEXT = help_text(ui_for("tea_garden"), layout_for("tea_garden"))
"""Tea Garden's help, as the game screen shows it."""

HEADING = "Puerh - The Noble Court (expansion)"


def expansion_ctx() -> Context:
    return TeaGardenGame(num_seats=2, options=Options(puerh=True)).new_state(0).ctx


def test_help_has_the_expansion_section() -> None:
    """The section comes once, after the base rules, under its own heading."""
    assert HELP_TEXT.count(f"## {HEADING}") == 1
    assert HELP_TEXT.endswith(EXPANSION)
    assert HELP_TEXT.index("## Marks on screen") < HELP_TEXT.index(HEADING)


def test_the_section_uses_the_widgets_glyphs_and_words() -> None:
    """Every mark the Court panel, the cakes, the board and the score table draw for the
    expansion is explained with the very text those widgets produce."""
    ctx = expansion_ctx()
    court = ctx.components.court
    assert court is not None
    key = next(p.key for p in PANELS if p.name == "court")
    assert f"Key `{key}` opens the **Court** panel" in EXPANSION
    # Halls and Courtiers
    assert f"`{spaces_text(court.hall_spaces, [1, -1, 0, -1]).plain}`" in EXPANSION
    assert f"or `{FREE_SPACE}` while it is free" in EXPANSION
    for column in ("`ready`", "`at Halls`", "`waiting`", "`Hall VP`", "`deck N`", "`pile N`"):
        assert column in EXPANSION
    # Decrees
    for word in ("**brown**", "**red**", "`VP`", "`also`", "`you`", "`✓ done`"):
        assert word in EXPANSION
    assert f"`5{seat_glyph(0)} 2{FREE_SPACE}`" in EXPANSION
    assert all(kind in EXPANSION for kind in DECREE_KINDS.values())
    # Puerh tokens, costs and cakes
    for mark in (STAR, CENTRE, f"{STAR}{TIMES}{CENTRE}", "`premium`", "`basic`", "`bonus`"):
        assert mark in EXPANSION
    two_stars, value_four = ctx.puerh_tokens["pp01"], ctx.puerh_tokens["pp21"]
    assert f"`{token_text(two_stars).plain}` (two stars" in EXPANSION
    assert f"`{token_text(value_four).plain}` (centre value 4" in EXPANSION
    assert f"`2{STAR}{TIMES}3=6 VP`" in EXPANSION and "`1/3, open`" in EXPANSION
    # the fifth card slot and its fee
    fee = cost_text(court.fifth_slot_fee).plain
    assert f"`fee {fee}`" in EXPANSION and f"`{fee}` is three leaves" in EXPANSION
    assert f"`turns left {seat_glyph(0)}5 {seat_glyph(1)}5`" in EXPANSION
    # the score rows
    for category in ("puerh", "decrees", "halls"):
        glyph, name = CATEGORY_NAMES[category]
        assert f"{glyph} {name}" in " ".join(EXPANSION.split())
    row = " ".join(CATEGORY_NAMES[c][0] for c in ("puerh", "decrees", "halls"))
    assert f"| {row} |" in EXPANSION


@pilot_test
async def test_question_mark_in_an_expansion_game_shows_the_section() -> None:
    """? opens the help; the expansion's section is rendered as a heading of its own."""
    seats = ["human", "random"]
    session = GameSession.new(tea_game(seats, puerh=True, start_seat=0), seats, 2)
    app = make_app(session=session, pace=0, processes=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one(Markdown).source == HELP_TEXT
        headings = [str(h.content) for h in app.screen.query("MarkdownH2").results(MarkdownBlock)]
        assert HEADING in headings
