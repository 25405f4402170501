"""``tea-tui train``: a tiny training run writes a weights file that loads, the same arguments
give the same file, and --calibration prints a reliability table; bad input is a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.learn.model import parse_weights
from ai.tea_garden.features import FEATURES
from tea_tui.cli import main

TINY = ["train", "--seats", "heuristic,heuristic", "--games", "4", "--held-out", "2", "--quiet"]


def test_train_writes_weights_that_load_and_reproduce(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two runs with the same arguments (one from saved records) write the same weights, and
    the file passes the checks play-time loading makes."""
    pytest.importorskip("numpy")
    first, second, records = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "r.bin"
    assert main([*TINY, "--out", str(first), "--save-records", str(records)]) == 0
    out = capsys.readouterr().out
    assert "weights written" in out and "Brier score" in out
    assert main([*TINY, "--out", str(second), "--records", str(records)]) == 0
    assert first.read_text() == second.read_text()
    weights = parse_weights(first.read_text(), FEATURES, "2p")
    assert weights.recipe["games"] == 4 and weights.recipe["seats"] == ["heuristic", "heuristic"]
    data = json.loads(first.read_text())
    assert data["fit"]["held_out_games"] == 2


def test_train_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A seat count that does not match, records that cannot be read: clear errors."""
    with pytest.raises(SystemExit) as info:
        main(["train", "--players", "3", "--seats", "heuristic,heuristic", "--games", "1"])
    assert info.value.code == 2
    assert "2 seat specs for 3 players" in capsys.readouterr().err
    pytest.importorskip("numpy")
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\x00nonsense")
    assert main([*TINY, "--records", str(bad), "--out", str(tmp_path / "w.json")]) == 2
    assert "cannot read the records" in capsys.readouterr().err


def test_calibration_prints_a_reliability_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The calibration run measures hint searches on seeded games (tiny here) and prints the
    buckets and the Brier score beside always saying 1/players; its points, written with
    --json, pool again to the same table with --points. It needs no numpy."""
    points = tmp_path / "points.json"
    argv = ["train", "--calibration", "--seats", "heuristic,heuristic", "--games", "1"]
    assert main([*argv, "--iters", "10", "--every", "6", "--quiet", "--json", str(points)]) == 0
    out = capsys.readouterr().out
    assert "| bucket | points | shown | won | gap |" in out
    assert "Brier score" in out and "always 50%" in out
    assert main(["train", "--calibration", "--points", str(points)]) == 0
    pooled = capsys.readouterr().out
    assert pooled.splitlines()[1:] == out.splitlines()[1:]
    assert main(["train", "--calibration", "--points", str(tmp_path / "missing.json")]) == 2
    assert "cannot read the points" in capsys.readouterr().err
    four = ["train", "--calibration", "--players", "4", "--seats", ",".join(["heuristic"] * 4)]
    assert main([*four, "--points", str(points)]) == 0
    assert "always 25%" in capsys.readouterr().out


def test_fit_scale_writes_a_search_scale_that_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--calibration --fit-scale fits the map of the chance model's score to the measured wins
    and writes it, with the command that made it, into the weights file given."""
    pytest.importorskip("numpy")
    from ai.learn.model import weights_name

    shipped = Path(__file__).parents[2] / "ai" / "tea_garden" / "data" / weights_name("2p")
    out = tmp_path / "w.json"
    out.write_text(shipped.read_text())
    argv = ["train", "--calibration", "--fit-scale", "--seats", "heuristic,heuristic", "--eval"]
    argv += ["hand"]
    argv += ["--games", "2", "--iters", "10", "--every", "4", "--quiet", "--out", str(out)]
    assert main(argv) == 0
    assert "search scale for hand written" in capsys.readouterr().out
    weights = parse_weights(out.read_text(), FEATURES, "2p")
    assert set(weights.search_scale) == {"hand"}
    assert "--fit-scale" in str(weights.recipe["search_scale_hand"])
