"""The engine protocol, exercised end to end on the Tasting Duel test game."""

import msgspec
import pytest

from core.engine import Outcome, Progress, final_outcome
from core.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError, RulesError
from core.rng import Rng
from core.tasting import CARDS, Play, TastingGame, TastingObservation, TastingState

GAME = TastingGame()


def _playout(seed: int) -> TastingState:
    state = GAME.new_state(seed)
    rng = Rng.from_seed(seed + 1000)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    return state


def _check_invariants(state: TastingState) -> None:
    """Every card is in exactly one place: a hand, the tea pile, the table or seen."""
    placed = (
        state.hands[0]
        + state.hands[1]
        + state.teas
        + [c for c in state.seen if c not in state.table]
    )
    assert sorted(placed + state.table) == list(CARDS)


@pytest.mark.parametrize("seed", range(40))
def test_random_playouts_keep_invariants_and_serialize(seed: int) -> None:
    state = GAME.new_state(seed)
    rng = Rng.from_seed(seed)
    while not state.is_over():
        _check_invariants(state)
        raw = msgspec.json.encode(state)
        assert msgspec.json.decode(raw, type=TastingState) == state
        legal = state.legal_moves()
        assert legal and legal == tuple(sorted(legal, key=lambda m: m.card))
        state.apply(rng.choice(legal))
    assert state.current_seat() is None
    assert state.legal_moves() == ()
    outcome = state.outcome()
    assert sum(outcome.scores) == sum(state.seen[i] for i in (0, 3, 6))  # the three teas


def test_same_seed_and_moves_give_the_same_game() -> None:
    assert _playout(12) == _playout(12)
    assert _playout(12) != _playout(13)


def test_illegal_move_raises_and_leaves_state_unchanged() -> None:
    state = GAME.new_state(1)
    seat = state.current_seat()
    assert seat is not None
    missing = next(c for c in CARDS if c not in state.hands[seat])
    before = state.clone()
    with pytest.raises(IllegalMoveError, match=f"'play {missing}' is not legal now"):
        state.apply(Play(missing))
    assert state == before


def test_wrong_seat_raises_not_your_turn() -> None:
    state = GAME.new_state(1)
    seat = state.current_seat()
    assert seat is not None
    before = state.clone()
    with pytest.raises(NotYourTurnError, match=f"seat {seat}'s decision"):
        state.apply(state.legal_moves()[0], seat=1 - seat)
    assert state == before
    state.apply(state.legal_moves()[0], seat=seat)
    assert state != before


def test_moves_after_the_end_are_refused() -> None:
    state = _playout(3)
    with pytest.raises(IllegalMoveError, match="game is over"):
        state.apply(Play(1))


def test_no_outcome_before_the_end_and_progress_all_along() -> None:
    state = GAME.new_state(1)
    assert state.outcome() is None
    with pytest.raises(IllegalMoveError, match="not over"):
        final_outcome(state)
    assert state.progress() == Progress("Tea 1 of 3", 1, 3)
    assert state.reveals == 1  # the first tea was turned
    while not state.is_over():
        state.apply(state.legal_moves()[0])
    assert state.progress() == Progress("Finished after tea 3", 3, 3)
    assert state.reveals == 3
    assert state.score_now() == final_outcome(state).breakdown


def test_error_hierarchy() -> None:
    assert issubclass(InvalidMoveError, RulesError)
    assert issubclass(IllegalMoveError, RulesError)
    assert issubclass(NotYourTurnError, IllegalMoveError)
    assert issubclass(RulesError, ValueError)


def test_clone_is_deep_and_independent() -> None:
    state = GAME.new_state(5)
    twin = state.clone()
    assert twin == state and twin is not state
    twin.apply(twin.legal_moves()[0])
    assert twin != state
    assert twin.rng is not state.rng


def test_parse_move_through_the_game() -> None:
    assert GAME.parse_move("play 4") == Play(4)
    with pytest.raises(InvalidMoveError):
        GAME.parse_move("build 4")


def test_outcome_rewards_sole_and_shared() -> None:
    sole = Outcome(scores=(5, 3), breakdown=({}, {}), winners=(0,))
    shared = Outcome(scores=(4, 4), breakdown=({}, {}), winners=(0, 1), tie_break="shared")
    assert sole.rewards() == (1.0, 0.0)
    assert shared.rewards() == (0.5, 0.5)


def test_outcome_breakdown_sums_to_scores() -> None:
    outcome = _playout(8).outcome()
    for score, parts in zip(outcome.scores, outcome.breakdown, strict=True):
        assert sum(parts.values()) == score


def test_observation_hides_what_the_seat_cannot_see() -> None:
    """States differing only in hidden items look the same to the seat that cannot see them."""
    state = GAME.new_state(21)
    other = state.clone()
    # Swap one card of seat 1's hand with one of the face-down teas: hidden from seat 0.
    other.hands[1][0], other.teas[0] = other.teas[0], other.hands[1][0]
    other.hands[1].sort()
    assert other != state
    assert other.observation(0) == state.observation(0)
    assert other.observation(1) != state.observation(1)


def test_determinize_keeps_the_known_and_redeals_the_unknown() -> None:
    state = GAME.new_state(2)
    state.apply(state.legal_moves()[0])
    obs = state.observation(0)
    rng = Rng.from_seed(77)
    worlds = [GAME.determinize(obs, rng) for _ in range(30)]
    for world in worlds:
        assert world.observation(0) == obs
        _check_invariants(world)
    assert len({tuple(w.hands[1]) for w in worlds}) > 1  # the unknown really is re-dealt


def test_determinize_is_deterministic_for_a_seed() -> None:
    obs = GAME.new_state(4).observation(1)
    assert isinstance(obs, TastingObservation)
    a = GAME.determinize(obs, Rng.from_seed(5))
    b = GAME.determinize(obs, Rng.from_seed(5))
    assert a == b
