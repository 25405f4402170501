"""The arena on tiny runs: seating, statistics, JSON, and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from ai.arena import (
    ArenaConfig,
    ArenaReport,
    format_report,
    labels,
    report_json,
    run_arena,
    seating,
)
from ai.stats import mean_sd, wilson_interval
from tea_tui.cli.arena import main


def test_seats_rotate_and_deals_repeat() -> None:
    """Each deal is played once per seating; each agent sits in every seat equally often."""
    config = ArenaConfig(seats=("random", "heuristic", "random"), games=6, seed=2)
    games = [seating(config, i) for i in range(6)]
    assert [seed for seed, _ in games[:3]] == [games[0][0]] * 3
    assert games[3][0] != games[0][0]
    for agent in range(3):
        assert sorted(agents.index(agent) for _, agents in games) == [0, 0, 1, 1, 2, 2]


def test_tiny_run_statistics() -> None:
    """A 4-game tasting run: wins add up, intervals hold the rate, per-agent numbers agree."""
    config = ArenaConfig(seats=("mcts:iters=20", "random"), games=4, seed=3, game="tasting")
    report = run_arena(config)
    assert len(report.games) == 4
    assert sum(a.wins for a in report.agents) == pytest.approx(4.0)
    for j, a in enumerate(report.agents):
        assert a.games == 4
        assert a.win_low <= a.win_rate <= a.win_high
        scores = [g.scores[g.agents.index(j)] for g in report.games]
        assert (a.score_mean, a.score_sd) == pytest.approx(mean_sd([float(s) for s in scores]))
        assert a.categories["teas"] == pytest.approx(a.score_mean)
    assert report.agents[0].decisions > 0 and report.agents[0].ms_per_move > 0
    decoded = msgspec.json.decode(report_json(report), type=ArenaReport)
    assert decoded.agents == report.agents and decoded.games == report.games
    text = format_report(report)
    assert "win rate" in text and "95% CI" in text and "mcts:iters=20" in text


@pytest.mark.parametrize("seats", [("random", "random", "random"), ("random",) * 4])
def test_tea_garden_with_three_and_four_seats(seats: tuple[str, ...]) -> None:
    """Whole Tea Garden games with 3 and 4 seats, with categories from final scoring."""
    report = run_arena(ArenaConfig(seats=seats, games=len(seats), seed=1))
    assert labels(seats) == [f"random#{i + 1}" for i in range(len(seats))]
    assert sum(a.wins for a in report.agents) == pytest.approx(len(seats))
    assert set(report.agents[0].categories) >= {"track", "river", "cups"}


def test_records_time_each_decision_and_turn() -> None:
    """A Tea Garden game records every timed decision and groups them in turns: each seat's
    turn times add up to its thinking time, and the report shows their distribution."""
    config = ArenaConfig(seats=("mcts:iters=5", "heuristic"), games=1, seed=6)
    report = run_arena(config)
    (game,) = report.games
    for seat in range(2):
        per_decision = game.decision_seconds[seat]
        assert len(per_decision) == game.decisions[seat]
        assert sum(per_decision) == pytest.approx(game.think_seconds[seat])
        turns = game.turn_seconds[seat]
        assert sum(turns) == pytest.approx(game.think_seconds[seat])
        assert len(game.turn_cpu_seconds[seat]) == len(turns)
        # a 2-player game has 5 rounds of several turns, each of a few decisions
        assert 10 <= len(turns) < len(per_decision)
    text = format_report(report)
    assert "seconds per turn" in text and "p90" in text


def test_jobs_do_not_change_the_games() -> None:
    """Two processes play the same games as one."""
    config = ArenaConfig(seats=("heuristic", "random"), games=2, seed=4)
    one, two = run_arena(config, jobs=1), run_arena(config, jobs=2)
    assert [g.scores for g in one.games] == [g.scores for g in two.games]


def test_bad_configs_are_refused() -> None:
    """Wrong seat counts, unknown games, people and no games give ValueErrors."""
    with pytest.raises(ValueError):
        ArenaConfig(seats=("random",), games=1)
    with pytest.raises(ValueError):
        ArenaConfig(seats=("random",) * 5, games=1)
    with pytest.raises(ValueError):
        ArenaConfig(seats=("random", "random"), games=0)
    with pytest.raises(ValueError):
        run_arena(ArenaConfig(seats=("human", "random"), games=1))


def test_wilson_interval_known_values() -> None:
    """Wilson 95% intervals against published values."""
    low, high = wilson_interval(15, 20)
    assert (round(low, 3), round(high, 3)) == (0.531, 0.888)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_arena_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tea-tui arena`` prints the table and writes JSON."""
    out = tmp_path / "arena.json"
    args = ["--seats", "random,mcts:iters=5", "--games", "2", "--game", "tasting"]
    assert main([*args, "--json", str(out)]) == 0
    captured = capsys.readouterr()
    assert "win rate" in captured.out and "game 2/2" in captured.err
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["config"]["seats"] == ["random", "mcts:iters=5"]
    assert len(data["games"]) == 2


def test_arena_command_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """A bad seat spec is a usage error naming the spec."""
    with pytest.raises(SystemExit) as info:
        main(["--seats", "random,mcts:warp", "--games", "1"])
    assert info.value.code == 2
    assert "warp" in capsys.readouterr().err


def test_a_run_goes_on_from_its_file_and_gives_the_report_of_one_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The JSON file holds every game as soon as it ends; ``--resume`` keeps those games,
    plays only the rest (more of the same deals with a larger ``--games``), and the games are
    those one run of all of them plays."""
    seats = ["--seats", "random,mcts:iters=5", "--game", "tasting", "--seed", "4"]
    whole = tmp_path / "whole.json"
    assert main([*seats, "--games", "6", "--json", str(whole), "--quiet"]) == 0
    part = tmp_path / "part.json"
    calls: list[int] = []
    import tea_tui.cli.arena as cli

    real = cli.write_report

    def counting(path: str, data: bytes) -> None:
        calls.append(len(json.loads(data)["games"]))
        real(path, data)

    cli.write_report = counting  # type: ignore[assignment]
    try:
        assert main([*seats, "--games", "4", "--json", str(part), "--quiet"]) == 0
    finally:
        cli.write_report = real  # type: ignore[assignment]
    assert calls == [1, 2, 3, 4, 4]  # after every game, then the final report
    capsys.readouterr()
    assert main([*seats, "--games", "6", "--resume", str(part)]) == 0
    err = capsys.readouterr().err
    assert "game 5/6" in err and "game 1/6" not in err  # only the two new games were played
    resumed = msgspec.json.decode(part.read_bytes(), type=ArenaReport)
    single = msgspec.json.decode(whole.read_bytes(), type=ArenaReport)
    assert [(g.index, g.scores, g.agents) for g in resumed.games] == [
        (g.index, g.scores, g.agents) for g in single.games
    ]
    assert resumed.agents[0].wins == single.agents[0].wins


def test_resuming_from_another_run_or_a_broken_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another seed or other seats cannot be resumed, and a damaged file is reported and left
    as it was."""
    first = tmp_path / "first.json"
    base = ["--seats", "random,heuristic", "--game", "tasting", "--games", "2", "--quiet"]
    assert main([*base, "--seed", "1", "--json", str(first)]) == 0
    assert main([*base, "--seed", "2", "--resume", str(first)]) == 1
    assert "other seed" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_bytes(b'{"config": 3')
    assert main([*base, "--resume", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "not the results of an arena run" in err and "Traceback" not in err
    assert broken.read_bytes() == b'{"config": 3'


def test_processes_time_seats_as_the_app_runs_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--processes``: a searching seat thinks in worker processes (two for ``trees=2``) and
    the game is still played out and timed; with ``--jobs`` it is refused, and its file does
    not resume an in-process run."""
    out = tmp_path / "processes.json"
    seats = ["--seats", "mcts:iters=20+trees=2,random", "--game", "tasting", "--quiet"]
    assert main([*seats, "--games", "2", "--processes", "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["config"]["processes"] is True and len(data["games"]) == 2
    assert all(len(g["turn_seconds"][g["agents"].index(0)]) > 0 for g in data["games"])
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main([*seats, "--games", "2", "--processes", "--jobs", "2"])
    assert "--processes" in capsys.readouterr().err
    assert main([*seats, "--games", "3", "--resume", str(out)]) == 1
    assert "other processes" in capsys.readouterr().err
