"""Positions for the AI tests: a mid-game state reached by seeded play, and a constructed one."""

from __future__ import annotations

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState


def midgame(
    players: int = 2, seed: int = 11, until_round: int = 2, puerh: bool = False
) -> TeaGardenState:
    """Return a state at the start of a turn in round ``until_round``, reached by seeded play
    that prefers acting over passing (as bench/ does); with ``puerh``, of an expansion game."""
    game = TeaGardenGame(num_seats=players, options=Options(puerh=puerh))
    return _played(game, seed, until_round)


def expansion_midgame(
    seed: int = 21, until_round: int = 2, seat: int | None = None
) -> tuple[TeaGardenGame, TeaGardenState]:
    """A 2-player expansion game (seat 0 starts) at the start of a turn in ``until_round`` (of
    ``seat``'s turn when given), reached as :func:`midgame`; no seat holds a Puerh set."""
    game = TeaGardenGame(num_seats=2, start_seat=0, options=Options(puerh=True))
    s = _played(game, seed, until_round, seat)
    for p in s.players:
        p.puerh_sets = []
    return game, s


def strong_tokens(s: TeaGardenState) -> tuple[str, str, str]:
    """The two Premium tokens with the most stars and the one with the highest centre value
    still in the Market or the pile."""
    court = s.board.court
    assert court is not None
    tokens = s.ctx.puerh_tokens
    free = [t for t in (*court.market, *court.premium_pile) if t]
    starred = sorted(free, key=lambda t: tokens[t].stars, reverse=True)
    valued = max(free, key=lambda t: tokens[t].value)
    return starred[0], starred[1], valued


def _played(
    game: TeaGardenGame, seed: int, until_round: int, seat: int | None = None
) -> TeaGardenState:
    state = game.new_state(seed)
    rng = Rng.from_seed(seed)
    while (
        state.round < until_round
        or state.pending
        or state.turn.committed
        or state.turn.acted
        or (seat is not None and state.seat != seat)
    ):
        legal = state.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        state.apply(rng.choice(active or legal))
    return state


def caravan_position() -> tuple[TeaGardenGame, TeaGardenState]:
    """Round 5, seat 0 has played strength 8 and has the leaves for Caravan cv_a03 in slot 1,
    whose trade and strength options pay up to 14 VP and an Emperor token: by far the best main
    action on offer."""
    game = TeaGardenGame(num_seats=2, start_seat=0)
    s = game.new_state(3)
    s.round = 5
    p = s.players[0]
    stack = ["s01", "s09", "s10", "s11"]  # strength 1 + 2 + 2 + 3, top s11 has no effect
    cards = p.hand + p.draw
    for c in stack:
        cards.remove(c)
    p.hand, p.draw = cards[:3], cards[3:]
    p.stacks = [stack]
    p.fresh = [2, 2, 0, 0, 0, 0]
    p.fermented = [0, 2, 0, 0, 0, 0]
    b = s.board
    old = b.caravan_display[0]
    if "cv_a03" in b.caravan_display:
        b.caravan_display[b.caravan_display.index("cv_a03")] = old
    elif "cv_a03" in b.caravan_deck:
        b.caravan_deck[b.caravan_deck.index("cv_a03")] = old
    b.caravan_display[0] = "cv_a03"
    s.turn.committed = True
    s.turn.top = "s11"
    s.turn.strength = 8
    s.turn.used_top = []
    return game, s
