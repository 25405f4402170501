"""TD(lambda) refinement and anchored fits of the margin model (ai/learn/td.py), on small
synthetic sequences, and the train command's options for them."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from ai.learn.model import Linear
from ai.learn.record import Position, RecordedGame
from ai.learn.td import fit_anchored, fit_td, lambda_returns, seat_sequences
from ai.sencha.features import FEATURES as SENCHA_FEATURES
from ai.tea_garden.features import FEATURES, NAMES
from core.rng import Rng


def _game(index: int, features: list[list[list[float]]], scores: tuple[int, int]) -> RecordedGame:
    """A two-seat game whose positions hold ``features`` (per position, per seat)."""
    positions = [
        Position(features=f, stage=0.0, to_move=t % 2, mover=(t - 1) % 2 if t else -1, hand=0.5)
        for t, f in enumerate(features)
    ]
    win = 1.0 if scores[0] > scores[1] else 0.5 if scores[0] == scores[1] else 0.0
    return RecordedGame(
        index=index,
        seed=index,
        agents=(0, 1),
        scores=scores,
        rewards=(win, 1.0 - win),
        positions=positions,
    )


def _noisy_games(count: int, size: int, seed: int) -> list[RecordedGame]:
    """Games of random walks: each seat's features drift and its final margin follows them
    with noise, so the plain fit and TD differ."""
    rng = Rng.from_seed(seed)
    games = []
    for i in range(count):
        walk = [0.0, 0.0]
        feats: list[list[list[float]]] = []
        for t in range(6):
            walk[0] += rng.random() * 4 - 2
            walk[1] = -walk[0]
            noise = [rng.random() for _ in range(size - 2)]
            feats.append([[walk[0], float(t), *noise], [walk[1], float(t), *noise]])
        final = round(3 * walk[0] + (rng.random() - 0.5) * 20)
        games.append(_game(i, feats, (final, 0)))
    return games


def test_lambda_returns_mix_later_values_and_the_final_margin() -> None:
    """The last position's target is the final margin; each earlier one mixes the next
    position's value and its target; lambda 1 gives the final margin, 0 the next value."""
    values = [1.0, 2.0, 3.0]
    assert lambda_returns(values, 10.0, 0.5) == [4.25, 6.5, 10.0]
    assert lambda_returns(values, 10.0, 1.0) == [10.0, 10.0, 10.0]
    assert lambda_returns(values, 10.0, 0.0) == [2.0, 3.0, 10.0]
    assert lambda_returns([], 10.0, 0.5) == []
    with pytest.raises(ValueError, match="lambda"):
        lambda_returns(values, 10.0, 1.5)


def test_each_seat_follows_its_own_positions() -> None:
    """Rows are grouped by game and seat in play order, each with its seat's final margin."""
    g = _game(0, [[[1.0], [-1.0]], [[2.0], [-2.0]]], (7, 3))
    seqs = seat_sequences([g, g])
    assert seqs.rows == [[1.0], [2.0], [-1.0], [-2.0]] * 2
    assert seqs.finals == [4.0, 4.0, -4.0, -4.0] * 2
    assert seqs.starts == [0, 2, 4, 6]


def test_lambda_one_is_the_plain_fit() -> None:
    """With lambda 1 every target is the final margin: the model is the plain least squares
    fit of every position on its game's final margin."""
    pytest.importorskip("numpy")
    from ai.learn.fit import _seat_rows
    from ai.learn.regression import fit_linear

    games = _noisy_games(60, 4, seed=5)
    rows, margins, _ = _seat_rows(games)
    plain = fit_linear(rows, margins)
    td = fit_td(games, 1.0, sweeps=4)
    assert td.bias == pytest.approx(plain.bias, abs=1e-9)
    assert td.weights == pytest.approx(plain.weights, abs=1e-9)
    refined = fit_td(games, 0.3, sweeps=4)
    assert max(abs(a - b) for a, b in zip(refined.weights, plain.weights, strict=True)) > 1e-3


def test_a_sweep_fits_the_lambda_returns_of_the_model_before() -> None:
    """One sweep from the plain fit is the least squares fit of the lambda-returns that the
    plain fit's values give, computed by hand per seat."""
    pytest.importorskip("numpy")
    from ai.learn.regression import fit_linear

    games = _noisy_games(40, 3, seed=8)
    plain = fit_td(games, 1.0)
    seqs = seat_sequences(games)
    targets: list[float] = []
    for g in games:
        for seat, final in enumerate(g.margins()):
            values = [plain.value(p.features[seat]) for p in g.positions]
            targets += lambda_returns(values, final, 0.6)
    expected = fit_linear(seqs.rows, targets)
    one = fit_td(games, 0.6, sweeps=1)
    assert one.bias == pytest.approx(expected.bias, abs=1e-9)
    assert one.weights == pytest.approx(expected.weights, abs=1e-9)


def test_a_consistent_model_is_a_fixed_point() -> None:
    """When a feature already tells each seat's final margin at every position, every
    lambda-return is the final margin, and TD of any lambda finds the plain fit's model."""
    pytest.importorskip("numpy")
    rng = Rng.from_seed(2)
    games = []
    for i in range(30):
        m = int(rng.random() * 40) - 20
        feats = [[[m / 2, rng.random()], [-m / 2, rng.random()]] for _ in range(5)]
        games.append(_game(i, feats, (m, 0)))
    for lam in (0.0, 0.5):
        model = fit_td(games, lam, sweeps=3, l2=0.0)
        assert model.weights[0] == pytest.approx(2.0, abs=1e-6)
        assert model.weights[1] == pytest.approx(0.0, abs=1e-6)
        assert model.bias == pytest.approx(0.0, abs=1e-6)


def test_an_anchor_keeps_what_the_penalty_does_not_let_go() -> None:
    """Anchored, the model is the anchor plus ridge corrections: a huge penalty leaves the
    anchor's weights, none gives the plain fit (least squares does not care where it starts)."""
    pytest.importorskip("numpy")
    from ai.learn.regression import fit_linear

    rng = Rng.from_seed(4)
    rows = [[rng.random() * 10, rng.random() * 10] for _ in range(500)]
    targets = [1.0 + 3.0 * a - 2.0 * b + rng.random() for a, b in rows]
    anchor = Linear(0.0, (1.0, 1.0))
    held = fit_anchored(rows, targets, anchor, l2=1e6)
    assert held.weights == pytest.approx((1.0, 1.0), abs=1e-3)
    free = fit_anchored(rows, targets, anchor, l2=0.0)
    plain = fit_linear(rows, targets, l2=0.0)
    assert free.weights == pytest.approx(plain.weights, abs=1e-9)
    assert free.bias == pytest.approx(plain.bias, abs=1e-9)
    assert fit_anchored(rows, targets, None) == fit_linear(rows, targets)


def test_hand_margins_are_the_sum_of_the_parts() -> None:
    """Each game that learns says how its hand-tuned margin reads in its features."""
    assert FEATURES.hand_margin is not None
    assert len(FEATURES.hand_margin) == len(NAMES)
    assert sum(FEATURES.hand_margin) == 7.0
    assert SENCHA_FEATURES.hand_margin is not None
    assert len(SENCHA_FEATURES.hand_margin) == len(SENCHA_FEATURES.names)


def test_train_refits_records_by_td_and_writes_the_recipe(tmp_path: Path) -> None:
    """``tea-tui train --records ... --td-lambda 0.7 --anchor`` fits the saved games and
    writes a file whose recipe holds the fit and the command that reproduces it."""
    pytest.importorskip("numpy")
    from tea_tui.cli.train import main

    rng = Rng.from_seed(6)
    games = []
    for i in range(20):
        feats = []
        for _ in range(8):
            x = [rng.random() * 10 - 5 for _ in NAMES]
            feats.append([x, [-v for v in x]])
        margin = round(sum(feats[-1][0][:7]))
        games.append(_game(i, feats, (margin, 0)))
    records = tmp_path / "records.msgpack"
    records.write_bytes(msgspec.msgpack.encode(games))
    out = tmp_path / "w.json"
    base = ["--games", "20", "--records", str(records), "--out", str(out), "--quiet"]
    assert main([*base, "--td-lambda", "0.7", "--td-sweeps", "3", "--anchor"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["recipe"]["margin_fit"] == {
        "td_lambda": 0.7,
        "td_sweeps": 3,
        "anchor": "hand",
        "l2": 0.001,
    }
    assert data["recipe"]["command"].endswith("--td-lambda 0.7 --td-sweeps 3 --anchor")
    assert "anchor_margin_rmse" in data["fit"]
    assert main([*base]) == 0
    plain = json.loads(out.read_text(encoding="utf-8"))
    assert "margin_fit" not in plain["recipe"]
    assert plain["margin"] != data["margin"]
    with pytest.raises(SystemExit):
        main([*base, "--td-lambda", "2"])
