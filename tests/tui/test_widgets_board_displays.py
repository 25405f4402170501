"""The board widgets (displays, player board, opponents) render a seat's view of a real game."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.geometry import Region

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Context
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.rules import TeaGardenState
from tea_tui.games.tea_garden.widgets.displays import (
    ROMAN,
    ActionDisplay,
    BoardPanel,
    CaravanDisplay,
    CupStacks,
    EmperorDisplay,
    condition_text,
    cost_text,
    province_name,
)
from tea_tui.games.tea_garden.widgets.effect_text import effects_compact
from tea_tui.games.tea_garden.widgets.opponents import Opponents
from tea_tui.games.tea_garden.widgets.player_board import PlayerBoard

NAMES = ("Ann", "Bo", "Cy", "Di")
SIZE = (200, 80)
"""Wide enough that no line wraps, so names and numbers are found whole."""


class PanelApp(App[None]):
    """A bare app holding one board panel."""

    def __init__(self, panel: BoardPanel) -> None:
        super().__init__()
        self.panel = panel

    def compose(self) -> ComposeResult:
        yield self.panel


def observe(state: TeaGardenState, seat: int) -> TeaGardenObservation:
    obs = state.observation(seat)
    assert isinstance(obs, TeaGardenObservation)
    return obs


def render(panel: BoardPanel, view: TeaGardenObservation, ctx: Context) -> str:
    """Mount ``panel``, show ``view`` and return the text it draws on screen."""

    async def run() -> str:
        app = PanelApp(panel)
        async with app.run_test(size=SIZE) as pilot:
            panel.show(view, ctx, NAMES[: len(view.players)])
            await pilot.pause()
            width, height = panel.size
            assert height > 0
            return "\n".join(s.text for s in panel.render_lines(Region(0, 0, width, height)))

    return asyncio.run(run())


def playout(
    seats: int, seed: int, steps: int, stop: Callable[[TeaGardenState], bool] | None = None
) -> TeaGardenState:
    """Set up a game and play up to ``steps`` seeded random legal moves (or until ``stop``)."""
    state = TeaGardenGame(num_seats=seats).new_state(seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if stop is not None and stop(state):
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


def commit_first_card(state: TeaGardenState) -> str:
    """Choose and play the first card the seat to move may play; return its id."""
    select = next(m for m in state.legal_moves() if isinstance(m, mv.Select))
    state.apply(select)
    state.apply(mv.Commit(select.card))
    return select.card


def test_action_display_shows_each_card_with_its_slot_strength() -> None:
    """Every Action slot shows its strength requirement and its card; an empty slot says so."""
    state = playout(3, seed=11, steps=60)
    ctx = state.ctx
    view = observe(state, 0)
    text = render(ActionDisplay(), view, ctx)
    for i, (card_id, need) in enumerate(
        zip(view.board.action_display, ctx.components.display.slot_strength, strict=True)
    ):
        assert f"{i + 1} ≥{need}" in text
        if card_id:
            card = ctx.action_cards[card_id]
            assert f"{card.name} {ROMAN[card.level - 1]}" in text
    for level, size in enumerate(view.action_deck_sizes):
        assert f"{ROMAN[level]}:{size}" in text
    state.board.action_display[2] = ""
    assert "(empty)" in render(ActionDisplay(), observe(state, 0), ctx)


def test_caravan_display_shows_trades_and_strength_options() -> None:
    """Each face-up Caravan shows its name (never its id), both strength values and the deck
    counts."""
    state = playout(2, seed=4, steps=30)
    view = observe(state, 1)
    text = render(CaravanDisplay(), view, state.ctx)
    for caravan_id in view.board.caravan_display:
        caravan = state.ctx.caravans[caravan_id]
        assert f"{caravan.name}  {caravan.kind}" in text and caravan_id not in text
        for option in caravan.strengths:
            assert f"≥{option.strength} →" in text
        for trade in caravan.trades:
            assert f"{cost_text(trade.cost).plain} → {effects_compact(trade.reward).plain}" in text
    assert f"basic {view.basic_caravans} · advanced {view.advanced_caravans}" in text


def test_emperor_display_and_cup_stacks() -> None:
    """The Emperor cards show name, condition and deck; each Province shows its stack size."""
    state = playout(4, seed=2, steps=40)
    ctx = state.ctx
    view = observe(state, 2)
    text = render(EmperorDisplay(), view, ctx)
    for card_id in view.board.emperor_display:
        card = ctx.emperor_cards[card_id]
        assert card.name in text
        assert condition_text(card.scoring) in text
    assert f"deck {view.emperor_deck_size}" in text
    cups = render(CupStacks(), view, ctx)
    for prov in ctx.coloured_provinces:
        line = next(li for li in cups.splitlines() if province_name(ctx, prov) in li)
        assert f"{view.cup_stack_sizes[prov]} tiles" in line
        tile = ctx.cup_tiles[view.board.cup_stacks[prov][-1]]
        left, right = (
            f"{province_name(ctx, cup.colour)[0]} {effects_compact(cup.bonus).plain}"
            for cup in (tile.left, tile.right)
        )
        assert f"{left} | {right}" in line


def test_player_board_shows_hand_and_leaves_per_basket() -> None:
    """The viewer's hand is named card by card, and each Basket shows its fresh/fermented count."""
    state = playout(2, seed=7, steps=20)
    me = state.players[0]
    me.fresh = [1, 0, 2, 0, 0, 4]
    me.fermented = [0, 0, 1, 3, 0, 0]
    view = observe(state, 0)
    text = render(PlayerBoard(), view, state.ctx)
    assert "● Ann" in text
    assert f"Hand ({len(me.hand)})" in text
    for card_id in me.hand:
        assert state.ctx.cards[card_id].name in text
    for basket in ("q1 g1 f0", "q2 g0 f0", "q3 g2 f1", "q4 g0 f3", "q6 g4 f0"):
        assert basket in text
    assert "fee 3 (1f)" in text  # slot 4's fee


def test_player_board_shows_cup_rows_and_positions() -> None:
    """Cup rows show each connection as matching or not with its Cup tokens; positions in a line."""
    state = TeaGardenGame(num_seats=2).new_state(1)
    ctx = state.ctx
    tiles = list(ctx.cup_tiles.values())
    first = tiles[0]
    second = next(t for t in tiles[1:] if t.left.colour == first.right.colour)
    third = next(t for t in tiles[1:] if t.left.colour != second.right.colour)
    me = state.players[0]
    me.cup_rows = [[first.id, second.id, third.id]]
    me.cup_tokens = [[2, 0]]
    me.uni_sector, me.uni_part, me.boat, me.emperor_row = 2, 1, 3, 2
    text = render(PlayerBoard(), observe(state, 0), ctx)
    letter = {p.id: p.name[0] for p in ctx.components.map.provinces}
    row = "".join(
        (
            f"[{letter[first.left.colour]}|{letter[first.right.colour]}]✓●2",
            f"[{letter[second.left.colour]}|{letter[second.right.colour]}]✗",
            f"[{letter[third.left.colour]}|{letter[third.right.colour]}]",
        )
    )
    assert f" 1 {row}  1 matching" in text
    assert "Cup tokens: 2" in text
    assert "University sector 2 part B · Boat 3/9 · Emperor row 2/6" in text
    assert "Cups 3 in 1 row 1✓ 2●" in render(Opponents(), observe(state, 1), ctx)


def test_played_strip_marks_the_top_card_after_a_commit() -> None:
    """After a commit the strip shows the top card, marked, with the turn's strength."""
    state = TeaGardenGame(num_seats=2, start_seat=0).new_state(5)
    top = commit_first_card(state)
    name = state.ctx.cards[top].name
    text = render(PlayerBoard(), observe(state, 0), state.ctx)
    assert f" 1 ▸{name}  str {state.turn.strength}" in text
    assert "Your turn" in text
    other = render(Opponents(), observe(state, 1), state.ctx)
    assert f"▸{name} str {state.turn.strength}" in other
    assert "● Ann" in other and "◀ to move" in other


def test_opponents_show_one_block_per_other_seat() -> None:
    """Each other seat gets its glyph, name, VP, hand size, leaves and turns left."""
    state = playout(4, seed=9, steps=50)
    state.players[3].fresh = [0, 5, 0, 0, 0, 0]
    state.players[3].fermented = [0, 0, 2, 0, 0, 0]
    view = observe(state, 0)
    text = render(Opponents(), view, state.ctx)
    assert "● Ann" not in text
    for seat, glyph in ((1, "▲"), (2, "■"), (3, "◆")):
        p = view.players[seat]
        block = text.split(f"{glyph} {NAMES[seat]}")[1].splitlines()[0]
        assert f"{p.vp} VP" in block
        assert f"hand {view.hand_sizes[seat]}" in block
    assert "leaves g5 f2" in text


def test_no_widget_names_a_card_hidden_in_another_hand() -> None:
    """Seat 0's board and opponents never name an Action card held in seat 1's hand."""

    def seat1_holds_action_card(s: TeaGardenState) -> bool:
        return s.seat == 1 and not s.pending and any(c in s.ctx.action_cards for c in s.me.hand)

    state = TeaGardenGame(num_seats=2).new_state(3)
    rng = Rng.from_seed(3)
    while not seat1_holds_action_card(state):
        moves = state.legal_moves()
        buys = [m for m in moves if isinstance(m, mv.Buy)]
        state.apply(buys[0] if buys and state.seat == 1 else rng.choice(moves))
    ctx = state.ctx
    hidden = [c for c in state.players[1].hand if c in ctx.action_cards]
    if not state.turn.committed:  # a chosen card is still in hand: it stays unnamed too
        state.apply(mv.Select(hidden[0]))
    visible = {c for p in state.players for stack in p.stacks for c in stack}
    visible |= set(state.players[0].hand) | set(state.board.action_display)
    hidden = [c for c in hidden if c not in visible]
    assert hidden
    view = observe(state, 0)
    for panel in (PlayerBoard(), Opponents()):
        text = render(panel, view, ctx)
        for card_id in hidden:
            assert ctx.cards[card_id].name not in text
    assert f"hand {len(state.players[1].hand)}" in render(Opponents(), view, ctx)
