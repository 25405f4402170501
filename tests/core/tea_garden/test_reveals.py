"""The reveal counter (State.reveals) goes up exactly when hidden or random information comes
out: checked on random games against everything a reveal changes (the generator, the round, the
length of every face-down deck, bag, pile and stack)."""

from __future__ import annotations

import pytest

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState


def hidden_key(g: TeaGardenState) -> tuple[object, ...]:
    """Everything that changes when something hidden or random comes out (the oracle)."""
    b, court, lu = g.board, g.board.court, g.luyu
    return (
        g.rng.state,
        g.round,
        len(b.action_deck),
        len(b.caravan_deck),
        len(b.emperor_deck),
        tuple(len(s) for s in b.cup_stacks.values()),
        tuple(len(p.draw) for p in g.players),
        -1 if lu is None else len(lu.draw),
        ()
        if court is None
        else (len(court.hall_deck), len(court.premium_pile), len(court.basic_pile)),
    )


GAMES = [
    (TeaGardenGame(num_seats=2), "2 players"),
    (TeaGardenGame(num_seats=4), "4 players"),
    (TeaGardenGame(num_seats=3, options=Options(puerh=True)), "3 players with Puerh"),
    (TeaGardenGame(num_seats=2, luyu_seat=1, luyu_experts=3), "solo against Lu Yu"),
]


@pytest.mark.parametrize(("game", "label"), GAMES, ids=[label for _, label in GAMES])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_counter_moves_exactly_when_something_is_revealed(
    game: TeaGardenGame, label: str, seed: int
) -> None:
    state = game.new_state(seed)
    rng = Rng.from_seed(seed)
    seen = 0
    while not state.is_over():
        before_key, before = hidden_key(state), state.reveals
        legal = state.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass | mv.Stop)]
        move = rng.choice(active if active and rng.random() < 0.9 else legal)
        state.apply(move)
        revealed = hidden_key(state) != before_key
        assert (state.reveals > before) == revealed, (label, str(move))
        seen += revealed
    assert seen > 10
