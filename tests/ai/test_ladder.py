"""The rating ladder: Bradley-Terry fits against values worked by hand, and tiny round robins."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ai.agents import LEVELS
from ai.arena import GameRecord
from ai.ladder import (
    LadderConfig,
    default_labels,
    entrant,
    format_ladder,
    game_results,
    pairings,
    run_ladder,
)
from ai.levels import GENERIC_TEXT, describe, level_text
from ai.ratings import ELO, PairResult, bootstrap, fit_ratings, rank_results
from core.games import find_game, game_ids
from tea_tui.cli.ladder import main


def games_of(a: int, b: int, wins: float, losses: float, draws: int = 0) -> list[list[PairResult]]:
    """Single-result games: ``a`` beats ``b`` ``wins`` times, loses ``losses`` times."""
    out = [[PairResult(a, b, 1.0)] for _ in range(int(wins))]
    out += [[PairResult(a, b, 0.0)] for _ in range(int(losses))]
    return out + [[PairResult(a, b, 0.5)] for _ in range(draws)]


def test_two_players_match_the_closed_form() -> None:
    """With two players the fit is the log-odds of the points (a virtual draw added), and the
    interval is the textbook 1.96 / sqrt(n p (1 - p))."""
    fit = fit_ratings(2, games_of(0, 1, 7, 2, draws=1), anchor=1)
    p = (7.5 + 0.5) / 11
    assert fit.ratings[0] == pytest.approx(ELO * math.log(p / (1 - p)), abs=1e-6)
    half = 1.959963984540054 * ELO / math.sqrt(11 * p * (1 - p))
    assert (fit.low[0], fit.high[0]) == pytest.approx(
        (fit.ratings[0] - half, fit.ratings[0] + half)
    )
    assert (fit.ratings[1], fit.low[1], fit.high[1]) == (0.0, 0.0, 0.0)
    assert fit.games == (10, 10) and fit.points == (7.5, 2.5)


def test_the_fit_solves_the_likelihood_equations() -> None:
    """At the maximum every player's expected points equal its points (virtual draws in)."""
    games = (
        games_of(0, 1, 6, 2) + games_of(1, 2, 5, 3) + games_of(0, 2, 4, 0) + games_of(2, 3, 3, 3)
    )
    fit = fit_ratings(4, games, anchor=2)
    theta = [r / ELO for r in fit.ratings]
    met = {(0, 1): 8, (1, 2): 8, (0, 2): 4, (2, 3): 6}
    for i in range(4):
        expected = actual = 0.0
        for (a, b), n in met.items():
            if i in (a, b):
                j = b if i == a else a
                expected += (n + 1) / (1 + math.exp(theta[j] - theta[i]))
        actual = fit.points[i] + 0.5 * sum(1 for pair in met if i in pair)
        assert expected == pytest.approx(actual, abs=1e-7)
    assert fit.ratings[0] > fit.ratings[1] > fit.ratings[2] == 0.0


def test_a_player_that_never_lost_stays_finite_and_ordered() -> None:
    """Clean sweeps get finite ratings (the virtual draws) that grow with the sweep."""
    small = fit_ratings(2, games_of(0, 1, 4, 0), anchor=1)
    large = fit_ratings(2, games_of(0, 1, 40, 0), anchor=1)
    assert 0 < small.ratings[0] < large.ratings[0] < 1500


def test_unlinked_players_are_refused() -> None:
    """Two separate pairs cannot be put on one scale; a player without games has no rating."""
    with pytest.raises(ValueError, match="link"):
        fit_ratings(4, games_of(0, 1, 2, 1) + games_of(2, 3, 1, 1))
    with pytest.raises(ValueError, match="no game"):
        fit_ratings(3, games_of(0, 1, 2, 1))


def test_bootstrap_intervals_hold_the_estimate() -> None:
    """Resampled intervals surround the fitted ratings and are repeatable for a seed."""
    games = games_of(0, 1, 6, 4) + games_of(1, 2, 7, 3) + games_of(0, 2, 8, 2)
    strata = [0] * 10 + [1] * 10 + [2] * 10
    one = bootstrap(3, games, strata, rounds=60, seed=3)
    assert one == bootstrap(3, games, strata, rounds=60, seed=3)
    assert one.method == "bootstrap"
    for i in (1, 2):
        assert one.low[i] < one.ratings[i] < one.high[i]
    assert one.high[2] < 0  # player 2 lost 8 of 10 to the anchor


def test_rank_results_of_a_four_seat_game() -> None:
    """A 4-seat game gives 6 pairwise results; a shared place is a draw."""
    results = rank_results([10, 30, 20, 30])
    assert len(results) == 6
    scores = {(r.a, r.b): r.score for r in results}
    assert scores == {(0, 1): 0, (0, 2): 0, (0, 3): 0, (1, 2): 1, (1, 3): 0.5, (2, 3): 0}


def test_game_results_rank_by_win_then_points() -> None:
    """The winner (tie-break included) ranks first even on equal points; seats map to entrants."""
    record = GameRecord(
        index=0,
        seed=1,
        agents=(1, 0, 2),
        scores=(50, 50, 40),
        breakdown=({}, {}, {}),
        rewards=(0.0, 1.0, 0.0),
        think_seconds=(0.0, 0.0, 0.0),
        decisions=(0, 0, 0),
        moves=1,
    )
    results = game_results(record, (5, 6, 7))  # agent j is entrant 5 + j
    scores = {(r.a, r.b): r.score for r in results}
    assert scores == {(6, 5): 0.0, (6, 7): 1.0, (5, 7): 1.0}


def test_the_levels_become_iteration_budgets() -> None:
    """MCTS levels play as their iterations without a time cap, scaled, with their search
    settings; others as given."""
    assert entrant("mcts:hard").spec == f"mcts:iters={LEVELS['hard'].iterations}+depth=lap+keep=0.3"
    assert entrant("mcts:expert", 0.01).spec == "mcts:iters=200+depth=lap+keep=0.3"
    assert entrant("mcts:easy").spec == f"mcts:iters={LEVELS['easy'].iterations}"
    assert entrant("luyu:hard", 0.01).spec == "luyu:hard"
    labels = default_labels("tea_garden")
    assert labels[:2] == ("random", "heuristic")
    assert {"mcts:easy", "mcts:expert", "luyu:easy", "luyu:expert"} <= set(labels)
    assert not any(label.startswith("luyu") for label in default_labels("tasting"))


def test_automa_seats_never_meet() -> None:
    """Every pair meets except two Lu Yu difficulties."""
    config = LadderConfig(
        entrants=tuple(entrant(x) for x in ("heuristic", "luyu:easy", "luyu:hard", "random"))
    )
    assert pairings(config) == ((0, 1), (0, 2), (0, 3), (1, 3), (2, 3))


def test_a_tiny_ladder_on_the_tasting_duel() -> None:
    """A round robin of the tiny game: every pairing played, points add up, a table printed."""
    config = LadderConfig(
        entrants=tuple(entrant(x) for x in ("random", "mcts:iters=40", "heuristic")),
        games_per_pair=4,
        seed=2,
        game="tasting",
    )
    report = run_ladder(config)
    assert len(report.games) == 12
    assert sorted({g.pairing for g in report.games}) == [0, 1, 2]
    assert sum(s.points for s in report.standings) == pytest.approx(12)
    assert all(s.games == 8 for s in report.standings)
    anchor = next(s for s in report.standings if s.label == "heuristic")
    assert anchor.elo == 0.0
    text = format_ladder(report)
    assert "95% interval" in text and "mcts:iters=40" in text
    markdown = format_ladder(report, markdown=True).splitlines()
    assert "| # | level | played as | Elo | 95% interval | points |" in markdown
    assert sum(line.startswith("| 1 | ") for line in markdown) == 2  # ratings and results


def test_ladder_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tea-tui ladder`` prints the ratings and writes every game as JSON."""
    out = tmp_path / "ladder.json"
    args = ["--game", "tasting", "--entrants", "random,mcts:easy", "--scale", "0.1"]
    assert main([*args, "--games-per-pair", "2", "--json", str(out)]) == 0
    captured = capsys.readouterr()
    assert "Elo" in captured.out and "mcts:iters=20" in captured.out
    assert "game 2/2" in captured.err
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["games"]) == 2 and len(data["standings"]) == 2
    assert main(["--refit", str(out), "--anchor", "mcts:easy", "--markdown"]) == 0
    refitted = capsys.readouterr().out
    assert "| 1 | " in refitted and "Elo relative to mcts:easy" in refitted
    with pytest.raises(SystemExit):
        main(["--game", "tasting", "--entrants", "random"])
    assert "at least two" in capsys.readouterr().err


def test_every_level_has_a_description() -> None:
    """The new-game form can show a line for random, heuristic, each MCTS level and each level
    of the game's automa, in every game; a game's own lines never name another game's automa."""
    for game in game_ids():
        wanted = {"random", "heuristic", *(f"mcts:{level}" for level in LEVELS)}
        automa = find_game(game).automa
        if automa is not None:
            wanted |= {f"{automa.kind}:{level}" for level in automa.levels}
        lines = level_text(game)
        assert wanted <= set(lines), game
        # 72 characters: one line of the new-game form's note at 80 columns
        assert all(0 < len(text) <= 72 and "\n" not in text for text in lines.values())
        if automa is None:
            assert not any("Lu Yu" in text for text in lines.values()), game
    assert describe("mcts:hard@Bo", "tea_garden") == level_text("tea_garden")["mcts:hard"]
    assert describe("mcts:iters=50", "sencha") is None and describe("human", "sencha") is None


def test_each_game_describes_its_levels_by_its_own_games() -> None:
    """Sencha's lines come from Sencha's games, not Tea Garden's points or Lu Yu; a game with
    no lines of its own (the Tasting Duel) gets the game-neutral ones."""
    tea, sencha = level_text("tea_garden"), level_text("sencha")
    assert sencha["mcts:normal"] != tea["mcts:normal"]
    assert sencha["random"] != tea["random"] and "15 points" in tea["random"]
    assert all(sencha[key] != GENERIC_TEXT[key] for key in GENERIC_TEXT)
    assert level_text("tasting") == GENERIC_TEXT
    assert describe("mcts:normal", "tasting") == GENERIC_TEXT["mcts:normal"]
