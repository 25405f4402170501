"""Tuning the margin model by self-play (ai/learn/tune.py): the steps are a pure function of
the run, its games use the weights they are given, traces resume, and the train command's
--tune writes a weights file with the tuned margin and its recipe."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from ai.arena import ArenaConfig
from ai.executors import InlineExecutor, PoolExecutor
from ai.learn.model import parse_weights
from ai.learn.tune import (
    TuneConfig,
    TuneStep,
    decode_trace,
    encode_step,
    encode_trace_head,
    full_weights,
    play_tune_game,
    pushes,
    step_sizes,
    tune,
)
from ai.tea_garden.features import FEATURES
from tea_tui.cli import main


def _config(seats: str = "mcts:iters=8", steps: int = 2, batch: int = 1) -> TuneConfig:
    return TuneConfig(
        arena=ArenaConfig(seats=(seats, seats), games=1, seed=5),
        params=("engine", "hand"),
        scales=(0.5, 0.5),
        start=FEATURES.hand_margin or (),
        steps=steps,
        batch=batch,
    )


def test_pushes_and_steps_follow_the_schedule() -> None:
    """Each pair's pushes are +1 or -1 per tuned weight, the same for the same step and not
    all alike over steps; steps and pushes shrink."""
    config = _config(batch=8)
    first = pushes(config, 0)
    assert first == pushes(config, 0)
    assert len(first) == 8 and all(len(p) == 2 and set(p) <= {1, -1} for p in first)
    assert len({p for k in range(5) for p in pushes(config, k)}) == 4
    sizes = [step_sizes(config, k) for k in range(5)]
    assert all(a2 < a1 and c2 < c1 for (a1, c1), (a2, c2) in itertools.pairwise(sizes))


def test_full_weights_put_the_tuned_ones_in_place() -> None:
    config = _config()
    weights = full_weights(config, FEATURES, (1.7, 0.4))
    names = FEATURES.names
    assert weights[names.index("engine")] == 1.7 and weights[names.index("hand")] == 0.4
    assert weights[names.index("live")] == 1.0 and weights[names.index("to_move")] == 0.0


def test_a_tuning_game_plays_with_the_weights_it_is_given() -> None:
    """An evaluation that counts points for the seat and one that counts them against it:
    the first wins the game by far, in either seat."""
    config = _config()
    good = full_weights(config, FEATURES, (1.0, 1.0))
    bad = tuple(-w for w in good)
    for index in (0, 1):  # the pushed-up side in seat 0, then in seat 1
        assert play_tune_game(config, 0, (good, bad), index) > 0.1
        assert play_tune_game(config, 0, (bad, good), index) < -0.1


def test_tuning_is_the_same_wherever_the_games_run() -> None:
    """A step of two pairs in this process and in two worker processes moves the weights
    alike, and it does move them."""
    config = _config(steps=1, batch=2)
    inline = tune(config, InlineExecutor())
    with PoolExecutor(2) as pool:
        pooled = tune(config, pool)
    assert inline == pooled
    assert [s.step for s in inline] == [0]
    assert inline[-1].tuned != (1.0, 1.0)


def test_a_trace_resumes_and_refuses_damage() -> None:
    """A trace holds the run and its steps; a last line cut short is dropped; a step out of
    order or a file that is not a trace is a clear error."""
    config = _config()
    steps = [TuneStep(step=k, gain=0.1 * k, tuned=(1.0 + k, 1.0)) for k in range(2)]
    data = encode_trace_head(config) + b"".join(encode_step(s) for s in steps)
    assert decode_trace(data) == (config, steps)
    assert decode_trace(data[:-5]) == (config, steps[:1])
    with pytest.raises(ValueError, match="not the next step"):
        decode_trace(encode_trace_head(config) + encode_step(steps[1]))
    with pytest.raises(ValueError, match="not a tuning trace"):
        decode_trace(b"{}\n")


def test_resuming_from_a_trace_gives_the_same_steps() -> None:
    """Tuning on from the first of two steps ends where tuning both at once does."""
    config = _config()
    both = tune(config, InlineExecutor())
    rest = tune(config, InlineExecutor(), tuned=both[0].tuned, first=1)
    assert rest == both[1:]


TINY = ["train", "--seats", "heuristic,heuristic", "--games", "4", "--held-out", "2", "--quiet"]
TUNE = ["--tune", "1", "--tune-batch", "1", "--tune-seat", "mcts:iters=8"]


def test_train_tune_writes_the_tuned_margin_and_its_recipe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--tune learns the margin model by self-play and fits the rest around it: the file
    loads, its margin is the trace's last step, its recipe says how; a second run on the
    finished trace plays no tuning game and writes the same file."""
    pytest.importorskip("numpy")
    out, again, trace = tmp_path / "w.json", tmp_path / "w2.json", tmp_path / "trace.jsonl"
    records = tmp_path / "r.bin"
    argv = [*TINY, *TUNE, "--tune-trace", str(trace)]
    assert main([*argv, "--out", str(out), "--save-records", str(records)]) == 0
    data = json.loads(out.read_text())
    parse_weights(out.read_text(), FEATURES, "2p")
    tuning = data["recipe"]["margin_tune"]
    assert tuning["method"] == "spsa" and tuning["steps"] == 1
    assert "--tune 1" in data["recipe"]["command"]
    _, steps = decode_trace(trace.read_bytes())
    names = FEATURES.names
    tuned = dict(
        zip(("resources", "engine", "hand", "turns", "total_x_rounds"), steps[0].tuned, strict=True)
    )
    for name, value in tuned.items():
        assert data["margin"]["weights"][names.index(name)] == pytest.approx(value, abs=1e-6)
    assert steps[0].tuned != (1.0, 1.0, 1.0, 1.0, 0.0)
    assert main([*argv, "--out", str(again), "--records", str(records)]) == 0
    assert again.read_text() == out.read_text()
    capsys.readouterr()
    other = [*TINY, "--tune", "2", "--tune-trace", str(trace), "--out", str(again)]
    assert main([*other, "--records", str(records)]) == 2
    assert "another tuning run" in capsys.readouterr().err
    assert main([*TINY, *TUNE, "--anchor", "--records", str(records)]) == 2
    assert "--tune learns the margin model itself" in capsys.readouterr().err


def test_the_shipped_2p_margin_model_is_the_tuned_one() -> None:
    """The 2-player weights ship the margin model tuned by self-play: the hand-tuned margin
    with the tuned weights moved, and a recipe that says how, with the command to rerun."""
    from ai.agents import make_agent
    from ai.arena import seated_game
    from ai.learn.model import shipped_weights

    game = seated_game(ArenaConfig(seats=("heuristic", "heuristic"), games=1), ("heuristic",) * 2)
    weights = shipped_weights(game)
    assert weights is not None
    tuning = weights.recipe["margin_tune"]
    assert isinstance(tuning, dict) and tuning["method"] == "spsa"
    assert list(tuning["params"]) == [name for name, _ in FEATURES.tuned]
    assert f"--tune {tuning['steps']}" in str(weights.recipe["command"])
    hand = FEATURES.hand_margin or ()
    moved = {name for name, _ in FEATURES.tuned}
    for name, w, h in zip(FEATURES.names, weights.margin.weights, hand, strict=True):
        if name not in moved:
            assert w == h, name
    assert weights.margin.weights[FEATURES.names.index("engine")] != 1.0
    make_agent("mcts:iters=20+eval=learned", game)  # it loads where play finds it
