"""`tea-tui analyse NAME`: the costliest decisions of a saved game by the MCTS, on a short game
where the person (Ann) passes at once with a full hand, then plays on at random; tiny budgets."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ai.base import MoveStat, SearchResult
from core.engine import Observation, State
from core.moves import Move
from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.rules import TeaGardenState
from saves import LoadedGame
from tea_tui.analysis import analyse_game
from tea_tui.cli import main
from tea_tui.cli.analyse import format_report
from tea_tui.games.tea_garden.session import tea_game
from tea_tui.persist import SaveKeeper
from tea_tui.session import GameSession
from tests.tui.pilot_tools import store_in

ITERS = "20"
SEATS = ("human@Ann", "random@Bo")


def bad_game() -> tuple[GameSession, int]:
    """About 40 moves of seed 3; Ann passes at her first decision (4 cards in hand, round 1),
    then chooses at random, as Bo does. Returns the session and the number of that move."""
    session = GameSession.new(tea_game(SEATS), SEATS, 3)
    rng = Rng.from_seed(103)
    passed = -1
    while len(session.moves) < 40:
        legal = session.legal_moves()
        if session.current_seat == 0 and passed < 0:
            assert mv.Pass() in legal and len(session.state.players[0].hand) == 4
            passed = len(session.moves)
            session.apply(mv.Pass())
            continue
        active = [m for m in legal if not isinstance(m, mv.Pass)]
        session.apply(rng.choice(active or list(legal)))
    return session, passed


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameSession, int]:
    """The game saved as "mine" under a data folder of its own."""
    base = tmp_path_factory.mktemp("analyse")
    session, passed = bad_game()
    SaveKeeper(store_in(base)).save(session, "mine")
    return base, session, passed


def analyse(base: Path, *args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["analyse", "mine", "--data-dir", str(base), "--iters", ITERS, *args])
    return status, capsys.readouterr().out


def without_time(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("Time: "))


def loaded_game(base: Path) -> LoadedGame:
    return store_in(base).load("mine")


def decisions_of(session: GameSession, seat: int) -> list[int]:
    """The moves of ``seat`` made where more than one move was legal."""
    state = session.game.new_state(session.seed)
    found = []
    for index, move in enumerate(session.moves):
        if state.current_seat() == seat and len(state.legal_moves()) > 1:
            found.append(index)
        state.apply(move)
    return found


# --- the report -------------------------------------------------------------------------------


def test_the_report_covers_the_persons_decisions_only(
    saved: tuple[Path, GameSession, int], capsys: pytest.CaptureFixture[str]
) -> None:
    base, session, _ = saved
    status, out = analyse(base, capsys=capsys)
    assert status == 0
    expected = decisions_of(session, 0)
    assert f"Analysed: {len(expected)} decisions of Ann with more than one legal move" in out
    assert "Seats: 1. Ann (human); 2. Bo (random)." in out
    assert f"seed 3, {len(session.moves)} moves, not finished" in out
    assert "estimates of an MCTS search of 20 iterations" in out
    ranked = [line for line in out.splitlines() if line[:1].isdigit() and ". Round" in line]
    assert len(ranked) == 3 and all(line.split(": ")[1].startswith("Ann,") for line in ranked)
    assert "  Ann: " in out and "  Bo: " not in out
    report = analyse_game(loaded_game(base), iterations=20)
    assert [d.index for d in report.decisions] == expected
    assert {d.seat for d in report.decisions} == {0}


def test_passing_with_a_full_hand_is_among_the_costliest(
    saved: tuple[Path, GameSession, int], capsys: pytest.CaptureFixture[str]
) -> None:
    base, _, passed = saved
    report = analyse_game(loaded_game(base), iterations=20)
    (pass_decision,) = [d for d in report.decisions if d.index == passed]
    assert pass_decision.played == "Pass for the rest of the round"
    assert not pass_decision.measured.matched
    assert pass_decision.cost_vp is not None and pass_decision.cost_vp > 0
    assert pass_decision.measured.best_chance > pass_decision.measured.played_chance
    assert pass_decision in report.costliest(3)
    text = format_report(report, 3)
    block = text[text.index(f"move {passed + 1}: Ann") :]
    assert "Round 1, turn 1, " in text[: text.index(f"move {passed + 1}: Ann")].splitlines()[-1]
    assert block.splitlines()[1] == "   Played: Pass for the rest of the round"
    assert block.splitlines()[2].startswith("   The search preferred: Choose ")
    assert " VP of final margin; win chance " in block.splitlines()[3]


def test_the_same_save_gives_the_same_report(
    saved: tuple[Path, GameSession, int], capsys: pytest.CaptureFixture[str]
) -> None:
    base, _, _ = saved
    first = analyse(base, capsys=capsys)
    second = analyse(base, capsys=capsys)
    assert first[0] == second[0] == 0
    assert without_time(first[1]) == without_time(second[1])
    status, spread = analyse(base, "--jobs", "2", capsys=capsys)
    assert status == 0 and without_time(spread) == without_time(first[1])
    status, alias = analyse(base, "--top", "1", capsys=capsys)
    assert status == 0 and "The costliest decision:\n1. " in alias and "\n2. " not in alias


def test_seat_selects_whose_decisions(
    saved: tuple[Path, GameSession, int], capsys: pytest.CaptureFixture[str]
) -> None:
    base, session, _ = saved
    status = main(["analyze", "mine", "--seat", "2", "--iters", ITERS, "--data-dir", str(base)])
    out = capsys.readouterr().out
    assert status == 0
    assert f"Analysed: {len(decisions_of(session, 1))} decisions of Bo with" in out
    assert "  Bo: " in out and "  Ann: " not in out
    assert ": Ann," not in out


# --- errors -----------------------------------------------------------------------------------


def test_a_missing_save_is_named_with_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", "nosuchgame", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tea-tui: ") and "nosuchgame" in err


@pytest.mark.parametrize(
    "extra", [["--iters", "0"], ["--iters", "five"], ["--top", "0"], ["--seat", "3"], []]
)
def test_bad_arguments_print_the_usage_with_status_2(
    saved: tuple[Path, GameSession, int], extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    base, _, _ = saved
    argv = ["analyse", "mine", "--data-dir", str(base), *extra] if extra else ["analyse"]
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert "usage: tea-tui analyse" in capsys.readouterr().err


# --- what the search may see ------------------------------------------------------------------


class SpyAgent:
    """Stands in for the MCTS: records what it is given and prefers the last legal move (with
    enough visits for every move that no second search is needed)."""

    seen: ClassVar[list[object]] = []

    def __init__(self, game: object, **kwargs: Any) -> None:
        self.knowledge = None

    def search(
        self, observation: Observation, legal: Sequence[Move], *args: Any, **kwargs: Any
    ) -> SearchResult:
        SpyAgent.seen.append(observation)
        stats = [
            MoveStat(move=m, visits=100 + i, value=0.4 + i / 100, win_chance=0.3 + i / 50)
            for i, m in enumerate(legal)
        ]
        ranked = tuple(reversed(stats))
        return SearchResult(move=ranked[0].move, ranked=ranked, iterations=1, seconds=0.0)


def test_the_search_gets_the_seats_observation_only(
    saved: tuple[Path, GameSession, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, session, _ = saved
    monkeypatch.setattr("ai.mcts.MctsAgent", SpyAgent)
    SpyAgent.seen = []
    report = analyse_game(loaded_game(base), iterations=20)
    state = session.game.new_state(session.seed)
    expected = []
    for index, move in enumerate(session.moves):
        if index in {d.index for d in report.decisions}:
            expected.append(state.observation(0))
        state.apply(move)
    assert SpyAgent.seen == expected
    assert not any(isinstance(seen, State) for seen in SpyAgent.seen)
    assert report.spread is None  # without an evaluator, only win chances are compared
    assert "of win chance" in format_report(report)


def test_the_opponents_hidden_cards_change_nothing(
    saved: tuple[Path, GameSession, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo's hand swapped with cards of his draw deck in every state: Ann's observation is the
    same, and so must be the whole analysis."""
    base, _, _ = saved
    plain = analyse_game(loaded_game(base), iterations=20)
    loaded = loaded_game(base)
    original = loaded.replay.states
    changed = []

    def scrambled() -> Iterator[State]:
        for state in original():
            assert isinstance(state, TeaGardenState)
            bo = state.players[1]
            if bo.hand and bo.draw and bo.hand[0] != bo.draw[-1]:
                before = state.observation(0)
                bo.hand[0], bo.draw[-1] = bo.draw[-1], bo.hand[0]
                assert state.observation(0) == before
                changed.append(state.current_seat() == 0)
            yield state

    monkeypatch.setattr(loaded.replay, "states", scrambled)
    other = analyse_game(loaded, iterations=20)
    assert any(changed)
    assert other.decisions == plain.decisions


def test_a_game_without_people_asks_for_a_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = ("random", "random")
    session = GameSession.new(tea_game(seats), seats, 5)
    rng = Rng.from_seed(6)
    while len(session.moves) < 6:
        session.apply(rng.choice(list(session.legal_moves())))
    SaveKeeper(store_in(tmp_path)).save(session, "bots")
    assert main(["analyse", "bots", "--data-dir", str(tmp_path), "--iters", ITERS]) == 0
    assert "Choose one with --seat K." in capsys.readouterr().out


def test_the_help_names_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    assert "tea-tui analyse NAME" in capsys.readouterr().out
