"""GameSession: applying steps, the log with its headings, undo and its barriers, the view."""

from __future__ import annotations

import pytest

from core.errors import IllegalMoveError, RulesError
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from tea_tui.session import GameSession, seat_names

SEED = 2
"""Seat 1 (index 0) starts a two-seat game with this seed."""


def session(seats: tuple[str, ...] = ("human", "human"), seed: int = SEED) -> GameSession:
    return GameSession.new(TeaGardenGame(num_seats=len(seats)), seats, seed)


def play_card(s: GameSession) -> None:
    """Play the first card of the hand of the seat to move."""
    card = s.state.me.hand[0]
    s.apply_step([mv.Select(card), mv.Commit(card)])


def test_new_session_opens_the_log_with_round_and_turn_headings() -> None:
    s = session()
    assert [e.text for e in s.log] == ["Round 1 of 5", "Seat 1, turn 1"]
    assert all(e.header for e in s.log)
    assert s.current_seat == 0 and s.view_seat == 0


def test_seat_count_must_match_the_game() -> None:
    with pytest.raises(ValueError, match="2 seats needed"):
        GameSession.new(TeaGardenGame(num_seats=2), ["human"], 1)


def test_seat_names_use_the_given_name_or_the_seat_number() -> None:
    s = session(("human@Ann", "random"))
    assert s.names == ["Ann", "Seat 2"] == seat_names(s.seats, s.game.game_id)


def test_a_step_is_logged_without_the_chosen_cards_and_can_be_undone() -> None:
    s = session()
    before = s.state.clone()
    play_card(s)
    assert s.moves[-1] == mv.Commit(before.players[0].hand[0])
    assert len(s.moves) == 2
    texts = [e.text for e in s.log if not e.header]
    assert len(texts) == 1 and "plays" in texts[0]
    assert s.can_undo()
    assert s.undo()
    assert s.state == before
    assert s.moves == [] and len(s.log) == 2


def test_a_refused_move_changes_nothing() -> None:
    s = session()
    before = s.state.clone()
    card = s.state.me.hand[0]
    with pytest.raises(IllegalMoveError):
        s.apply_step([mv.Select(card), mv.EndTurn()])
    assert s.state == before and s.moves == [] and not s.can_undo()


def test_undo_is_blocked_once_the_turn_passes() -> None:
    s = session()
    s.apply(mv.Pass())
    assert s.current_seat == 1
    assert not s.can_undo()
    assert "nothing to undo" in s.undo_blocked_reason
    assert s.log[-1].header and s.log[-1].text == "Seat 2, turn 1"


def test_drawing_cards_is_an_undo_barrier() -> None:
    rng = Rng.from_seed(5)
    for seed in range(60):
        s = session(seed=seed)
        while not s.is_over():
            legal = s.legal_moves()
            if mv.DrawCards() in legal:
                s.apply(mv.DrawCards())
                assert not s.can_undo()
                assert "drawn" in s.undo_blocked_reason or "round" in s.undo_blocked_reason
                return
            choices = [m for m in legal if not isinstance(m, mv.Pass)] or list(legal)
            s.apply(rng.choice(choices))
    pytest.fail("no draw offered in 60 random games")


def test_several_steps_undo_one_at_a_time() -> None:
    s = session()
    play_card(s)
    after_play = s.state.clone()
    legal = s.legal_moves()
    ferment = mv.Ferment()
    assert ferment in legal
    s.apply(ferment)
    assert s.undo()
    assert s.state == after_play
    assert s.undo()
    assert not s.state.turn.committed
    assert not s.undo()


def test_view_is_the_observation_of_the_person_to_move() -> None:
    s = session(("human", "random"))
    view = s.view()
    assert isinstance(view, TeaGardenObservation)
    assert view.seat == 0
    assert view.players[1].hand == []  # never another seat's hand
    s.apply(mv.Pass())
    assert s.current_seat == 1
    assert s.view_seat == 0  # the last person, while the AI plays


def test_turns_left_counts_the_turn_in_progress() -> None:
    s = session()
    assert s.turns_left(0) == 4
    play_card(s)
    assert s.turns_left(0) == 4
    s.apply(mv.Ferment())
    while s.state.pending:
        s.apply(s.legal_moves()[-1])
    s.apply(mv.EndTurn())
    assert s.turns_left(0) == 3
    s.apply(mv.Pass())
    assert s.turns_left(1) == 0


def test_a_whole_random_game_keeps_the_log_and_ends_with_a_heading() -> None:
    rng = Rng.from_seed(11)
    s = session(("human", "random", "human"), seed=4)
    while not s.is_over():
        s.apply(rng.choice(s.legal_moves()))
    assert s.log[-1].text == "The game is over"
    rounds = [e.text for e in s.log if e.header and e.text.startswith("Round")]
    assert rounds == [f"Round {n} of 5" for n in range(1, 6)]
    assert len(s.breakdown()) == 3
    assert s.outcome().winners


def test_tie_break_sentence_uses_the_seat_names() -> None:
    s = session(("human@Ann", "human@Bo"))
    text = "Seat 1 and Seat 2 tied on 40 points; Seat 2 won with the most leaves (7)."
    assert s.tie_break_text(text) == (
        "Ann and Bo tied on 40 points; Bo won with the most leaves (7)."
    )


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)
