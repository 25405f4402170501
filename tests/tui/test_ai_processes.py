"""AI seats and the hinter once closed: a thread that starts thinking late starts no process."""

from __future__ import annotations

from core.rng import Rng
from core.seats import SeatSpec
from core.tea_garden.game import TeaGardenGame
from tea_tui.ai_seats import make_ai
from tea_tui.hints import Hinter


def _start() -> tuple[TeaGardenGame, object, tuple[object, ...]]:
    game = TeaGardenGame(num_seats=2)
    state = game.new_state(5)
    seat = state.current_seat()
    assert seat is not None
    return game, state.observation(seat), tuple(state.legal_moves())


def test_a_closed_mcts_seat_starts_no_process_and_still_answers() -> None:
    game, observation, legal = _start()
    seat = make_ai(SeatSpec.parse("mcts:iters=8"), game, Rng.from_seed(1))
    assert seat.game is not None  # would think in a process
    seat.close()
    move = seat.choose(observation, legal, should_stop=lambda: True)  # type: ignore[arg-type]
    assert move in legal
    assert not seat.process_running


def test_a_closed_hinter_starts_no_process() -> None:
    game, observation, legal = _start()
    hinter = Hinter(game)
    hinter.close()
    result = hinter.find(observation, legal, seed=3, should_stop=lambda: True)  # type: ignore[arg-type]
    assert not hinter.process_running
    assert all(s.move in legal for s in result.suggestions)
