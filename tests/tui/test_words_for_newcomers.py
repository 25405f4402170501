"""Words a newcomer understands (issue 14): costs before they are spent, Cup matches, Puerh
tokens, Teapots, and one figure for the turns left."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator

from rich.console import Console

from core.tea_garden import moves as mv
from core.tea_garden import state as st
from core.tea_garden import words as w
from core.tea_garden.flow import card_slots
from core.tea_garden.move_words import label
from tea_tui.games.tea_garden.menu import build_menu
from tea_tui.games.tea_garden.plain.seat_lines import status_lines
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.games.tea_garden.turns import turns_left
from tea_tui.games.tea_garden.widgets.displays import ActionDisplay
from tea_tui.games.tea_garden.widgets.opponents import Opponents
from tea_tui.games.tea_garden.widgets.player_board import PlayerBoard
from tea_tui.games.tea_garden.widgets.status import StatusLine
from tea_tui.session import GameSession
from tea_tui.widgets.glyphs import seat_glyph
from tests.tui.test_names_on_screen import _panel_text


def positions(puerh: bool = False, games: int = 6) -> Iterator[GameSession]:
    """Every position of a few seeded random two-seat games, before each move."""
    for seed in range(games):
        s = GameSession.new(tea_game(["human", "human"], puerh=puerh), ["human", "human"], seed)
        rng = random.Random(seed)
        while not s.is_over():
            yield s
            legal = s.legal_moves()
            playing = [m for m in legal if not isinstance(m, mv.Pass)] or list(legal)
            s.apply(rng.choice(playing))


def first(found: Callable[[GameSession], bool], puerh: bool = False) -> GameSession:
    return next(s for s in positions(puerh) if found(s))


def test_a_repeat_says_what_it_costs_before_it_is_spent() -> None:
    """The `x` item names its price (an x2 Scroll or 3 fermented leaves), even when only one
    way to pay is open and the key spends it at once."""
    s = first(lambda s: any(isinstance(m, mv.Repeat) for m in s.legal_moves()))
    menu = build_menu(s.view(), s.legal_moves(), s.ctx, frozenset(), "")
    item = menu.find("x")
    assert item is not None and item.label.startswith("Repeat")
    repeats = [m for m in s.legal_moves() if isinstance(m, mv.Repeat)]
    if len(repeats) == 1:
        price = "an x2 Scroll" if repeats[0].method == "scroll" else "3 fermented leaves"
        assert item.moves == (repeats[0],) and f"costs {price}" in item.label
    for move in repeats:
        assert "costs " in label(s.view(), s.ctx, move)


def _tile_placements(s: GameSession) -> list[mv.PlaceCupTile]:
    rows = s.view().players[s.view().seat].cup_rows
    return [m for m in s.legal_moves() if isinstance(m, mv.PlaceCupTile) and m.row and rows]


def test_a_cup_tile_placement_says_whether_it_makes_a_match() -> None:
    s = first(lambda s: bool(_tile_placements(s)))
    view, ctx = s.view(), s.ctx
    rows = view.players[view.seat].cup_rows
    for move in _tile_placements(s):
        tile = ctx.cup_tiles[view.board.cup_stacks[move.province][-1]]
        row = rows[move.row - 1]
        if move.side == "l":
            match = tile.right.colour == ctx.cup_tiles[row[0]].left.colour
        else:
            match = tile.left.colour == ctx.cup_tiles[row[-1]].right.colour
        text = label(view, ctx, move)
        assert tile.name in text
        assert (": a match (" in text) == match and (": no match (" in text) == (not match)
        assert ("left end" if move.side == "l" else "right end") in text


def test_puerh_tokens_say_what_they_give_and_cost() -> None:
    s = first(
        lambda s: bool(s.view().pending) and isinstance(s.view().pending[-1], st.BuyPuerh),
        puerh=True,
    )
    view, ctx = s.view(), s.ctx
    court = view.board.court
    assert court is not None
    buys = [m for m in s.legal_moves() if isinstance(m, mv.BuyPremium)]
    assert buys
    for move in buys:
        token = ctx.puerh_tokens[court.market[move.slot - 1]]
        text = label(view, ctx, move)
        assert text.startswith(f"Slot {move.slot}: {token.name} — ")
        assert f"when placed: {w.effect_text(token.bonus)}" in text
        assert f"costs {w.cost_text(token.cost)}" in text
        assert (f"{token.stars} star" in text) == bool(token.stars)
        assert (f"centre value {token.value}" in text) == bool(token.value)


def test_teapots_joined_by_plus_mean_all_of_them() -> None:
    assert w.teapots_words(("green", "red")) == "Teapots green and red"
    assert w.teapots_words(("any",)) == "a Teapot of any colour"
    s = first(
        lambda s: any(
            len(s.ctx.action_cards[c].teapots_needed) > 1
            for c in s.view().board.action_display
            if c
        )
    )
    text = "".join(_panel_text(s))
    assert "G+R" in text or "G+B" in text or "R+B" in text
    assert "G+R means both" in text and "needs: the Teapots your played cards must show" in text
    key = as_text(ActionDisplay().render_view(s.view(), s.ctx, s.names))
    assert "Teapots: G green" in key  # the key is drawn under the Action-card display


def as_text(renderable: object) -> str:
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_one_turns_left_figure_on_the_status_line_the_boards_and_plain_mode() -> None:
    """After playing a card the turn under way still counts: the status line, the own board,
    the opponents' panel and plain mode agree (the board used to say one less)."""
    s = first(lambda s: s.state.turn.committed and s.state.seat == 0)
    view, ctx, names = s.view(0), s.ctx, s.names
    figure = turns_left(view, ctx, 0)
    assert figure == s.turns_left(0) == card_slots(ctx) - len(view.players[0].stacks) + 1
    assert f"turns left {figure}" in as_text(PlayerBoard().render_view(view, ctx, names))
    status = StatusLine()
    status._view, status._ctx, status._names = view, ctx, names
    assert f"{seat_glyph(0)}{figure} " in status._render_text().plain
    other = s.view(1)
    assert f"turns left {figure}" in as_text(Opponents().render_view(other, ctx, names))
    assert f"{figure} for {names[0]}" in " ".join(status_lines(s, view))


def test_a_halls_gains_keep_their_capitals() -> None:
    """ "Take a Basic Puerh token", not "Take a basic puerh token" (the label was lower-cased)."""

    def hall_offers_puerh(s: GameSession) -> bool:
        top = s.view().pending[-1] if s.view().pending else None
        return isinstance(top, st.ChooseOption) and "Puerh" in w.effect_text(
            tuple(e for option in top.options for e in option)
        )

    s = first(hall_offers_puerh, puerh=True)
    labels = [label(s.view(), s.ctx, m) for m in s.legal_moves()]
    assert any("Basic Puerh" in text for text in labels), labels
