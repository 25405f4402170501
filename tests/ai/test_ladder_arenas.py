"""A ladder fitted to arena runs (ai/ladder_arenas.py, ``tea-tui ladder --from-arena``), on
tiny Tasting Duel runs."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from ai.agents import LEVELS, level_spec
from ai.arena import ArenaConfig, ArenaReport, report_json, run_arena
from ai.ladder import pair_points
from ai.ladder_arenas import ladder_from_arenas, ladder_label
from tea_tui.cli.ladder import main


@cache
def run(seats: tuple[str, ...], games: int, seed: int) -> ArenaReport:
    """A Tasting Duel arena run (cached: several tests share them)."""
    return run_arena(ArenaConfig(seats=seats, games=games, seed=seed, game="tasting"))


def empty(seats: tuple[str, ...]) -> ArenaReport:
    """A Tea Garden run with no games (only its configuration is looked at)."""
    config = ArenaConfig(seats=seats, games=1, game="tea_garden")
    return ArenaReport(config=config, agents=(), games=(), seconds=0.0, jobs=1)


def test_level_specs_are_rated_as_their_level() -> None:
    """An MCTS level's word or iteration spec is rated as the level; other specs as given,
    without a display name."""
    for level in LEVELS:
        assert ladder_label(f"mcts:{level_spec(level)}") == f"mcts:{level}"
        assert ladder_label(f"mcts:{level}@Mei") == f"mcts:{level}"
    assert ladder_label("mcts") == "mcts:normal"
    assert ladder_label("mcts:iters=7200+depth=3+keep=0.3") == "mcts:hard"  # a 2-seat lap
    assert ladder_label("mcts:iters=1800") == "mcts:iters=1800"  # not the level's search
    assert ladder_label("luyu:hard@Lu") == "luyu:hard"
    with pytest.raises(ValueError, match="unknown kind"):
        ladder_label("wizard")


def test_runs_of_the_same_pair_are_pooled_whatever_the_seat_order() -> None:
    """Two runs of random against heuristic (seats given both ways) make one pairing whose
    points are the wins the arena counted; a third run links a third entrant."""
    a = run(("random", "heuristic"), 4, 1)
    b = run(("heuristic", "random"), 2, 2)
    c = run(("mcts:iters=4", "heuristic"), 4, 3)
    report = ladder_from_arenas([("a.json", a), ("b.json", b), ("c.json", c)])
    labels = [e.label for e in report.config.entrants]
    assert labels == ["random", "heuristic", "mcts:iters=4"]
    assert len(report.pairs) == 2 and len(report.games) == 10
    points = pair_points(report)
    random_wins = a.agents[0].wins + b.agents[1].wins
    assert points[(0, 1)] == (random_wins, 6)
    assert points[(2, 1)] == (c.agents[0].wins, 4)
    heuristic = next(s for s in report.standings if s.label == "heuristic")
    assert (heuristic.elo, heuristic.games) == (0.0, 10)
    assert report.sources == ("a.json", "b.json", "c.json")


def test_runs_that_cannot_be_rated_together_are_refused() -> None:
    """Three seats, a level against itself, another game's options: each named by its run."""
    three = empty(("random", "heuristic", "random"))
    with pytest.raises(ValueError, match=r"three\.json: 3 seats"):
        ladder_from_arenas([("three.json", three)])
    mirror = run(("mcts:iters=4", "mcts:iters=4"), 2, 1)
    with pytest.raises(ValueError, match="against itself"):
        ladder_from_arenas([("mirror.json", mirror)])
    plain = run(("random", "heuristic"), 4, 1)
    other = empty(("random", "heuristic"))
    with pytest.raises(ValueError, match=r"other\.json: another game"):
        ladder_from_arenas([("plain.json", plain), ("other.json", other)])
    with pytest.raises(ValueError, match="at least one"):
        ladder_from_arenas([])


def test_the_command_rates_arena_files_and_refits_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--from-arena`` prints the tables and writes a ladder file that ``--refit`` reads;
    an unreadable file is reported without a traceback, and the two modes exclude each other."""
    files = []
    for name, report in (
        ("one.json", run(("random", "heuristic"), 4, 1)),
        ("two.json", run(("mcts:iters=4", "heuristic"), 4, 3)),
    ):
        path = tmp_path / name
        path.write_bytes(report_json(report))
        files.append(str(path))
    out = tmp_path / "ladder.json"
    assert main(["--from-arena", *files, "--json", str(out), "--markdown"]) == 0
    printed = capsys.readouterr().out
    assert "8 games of tasting from 2 arena runs (one.json, two.json)" in printed
    assert "| mcts:iters=4 |" in printed and out.exists()
    assert main(["--refit", str(out), "--anchor", "random"]) == 0
    assert "Elo relative to random" in capsys.readouterr().out
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["--from-arena", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "cannot read the arena results" in err and "Traceback" not in err
    with pytest.raises(SystemExit):
        main(["--from-arena", files[0], "--refit", str(out)])
