"""The arena on a Dask cluster (a local one): the same games as a local run, a killed worker's
game played again, and clear words for a bad address or a missing extra."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from ai.arena import ArenaConfig, GameRecord, play_game, run_arena
from ai.executors import CLUSTER_MISSING, DaskExecutor, ExecutorError, make_executor
from ai.ladder import LadderConfig, entrant, run_ladder
from tea_tui.cli.arena import main

CONFIG = ArenaConfig(seats=("mcts:iters=10", "random"), games=6, seed=7, game="tasting")


def outcome(record: GameRecord) -> tuple[object, ...]:
    """Everything of a record but the time spent thinking, which depends on the machine."""
    return (
        record.index,
        record.seed,
        record.agents,
        record.scores,
        record.breakdown,
        record.rewards,
        record.decisions,
        record.moves,
    )


def kill_once_then_play(marker: str, config: ArenaConfig, index: int) -> GameRecord:
    """Game 2 kills the worker process it runs in, the first time; otherwise play the game."""
    if index == 2 and not Path(marker).exists():
        Path(marker).write_text(str(os.getpid()), encoding="utf-8")
        os._exit(1)  # like a machine lost mid-game: no exception, no goodbye
    return play_game(config, index)


@pytest.fixture(scope="module")
def cluster() -> Iterator[DaskExecutor]:
    """A local Dask cluster of two worker processes, shared by the tests of this module."""
    pytest.importorskip("distributed")
    with DaskExecutor("local", workers=2) as executor:
        yield executor


def test_cluster_plays_the_games_of_a_local_run(cluster: DaskExecutor) -> None:
    """Same seed, same games: the cluster's records equal those of one local process."""
    here = run_arena(CONFIG)
    there = run_arena(CONFIG, executor=cluster)
    assert [outcome(r) for r in there.games] == [outcome(r) for r in here.games]
    assert [a.wins for a in there.agents] == [a.wins for a in here.agents]
    assert there.where.startswith("on a local cluster") and there.jobs == 2


def test_a_killed_workers_game_is_played_again(cluster: DaskExecutor, tmp_path: Path) -> None:
    """A worker dies in the middle of game 2; the game is rerun and nothing is lost."""
    marker = tmp_path / "killed"
    task = partial(kill_once_then_play, str(marker), CONFIG)
    results = dict(cluster.run(task, range(CONFIG.games)))
    assert marker.exists()  # the worker really died
    assert int(marker.read_text(encoding="utf-8")) != os.getpid()
    assert sorted(results) == list(range(CONFIG.games))
    expected = [outcome(play_game(CONFIG, i)) for i in range(CONFIG.games)]
    assert [outcome(results[i]) for i in range(CONFIG.games)] == expected


def test_the_command_runs_on_a_cluster_by_its_address(
    cluster: DaskExecutor, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--cluster tcp://...`` plays on a running cluster and prints the usual table."""
    args = ["--seats", "random,mcts:iters=5", "--games", "2", "--game", "tasting"]
    assert main([*args, "--cluster", cluster.scheduler_address]) == 0
    out = capsys.readouterr().out
    assert f"on the cluster at {cluster.scheduler_address} (" in out
    assert "win rate" in out


def test_a_ladder_on_the_cluster_is_the_ladder_played_here(cluster: DaskExecutor) -> None:
    """The ladder's games go to the same executor and give the same ratings."""
    config = LadderConfig(
        entrants=tuple(entrant(x) for x in ("random", "mcts:iters=10", "heuristic")),
        games_per_pair=2,
        seed=3,
        game="tasting",
    )
    here, there = run_ladder(config), run_ladder(config, executor=cluster)
    assert [outcome(g.record) for g in there.games] == [outcome(g.record) for g in here.games]
    assert there.standings == here.standings


def test_local_pool_and_inline_agree() -> None:
    """The executors of a local run give the same games as each other, in any order."""
    with make_executor(jobs=2) as pool:
        pooled = dict(pool.run(partial(play_game, CONFIG), range(4)))
    with make_executor(jobs=1) as inline:
        order = [i for i, _ in inline.run(partial(play_game, CONFIG), range(4))]
    assert order == [0, 1, 2, 3]
    assert [outcome(pooled[i]) for i in range(4)] == [
        outcome(play_game(CONFIG, i)) for i in range(4)
    ]


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:1", "nowhere://host", "tcp://[::1"])
def test_a_bad_address_is_a_clear_error(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    """An address nobody answers at, or a malformed one, is one line of error and exit 1."""
    pytest.importorskip("distributed")
    args = ["--seats", "random,random", "--games", "1", "--game", "tasting"]
    assert main([*args, "--cluster", address, "--cluster-timeout", "0.5"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"tea-tui: cannot reach the cluster at {address!r}") or err.startswith(
        f"tea-tui: {address!r} is not a cluster address"
    )
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_without_the_extra_the_command_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With dask missing, ``--cluster`` names the extra to install; local runs still work."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    with pytest.raises(ExecutorError, match="tea-tui\\[cluster\\]"):
        make_executor(2, cluster="local")
    args = ["--seats", "random,random", "--games", "1", "--game", "tasting"]
    assert main([*args, "--cluster", "local"]) == 1
    captured = capsys.readouterr()
    assert CLUSTER_MISSING in captured.err and "Traceback" not in captured.err
    assert main(args) == 0
