"""Fitting the learned evaluation to recorded games (numpy, the optional ``train`` extra).

:func:`fit_weights` turns :class:`~ai.learn.record.RecordedGame` records into the contents of a
weights file (:mod:`ai.learn.model`): a logistic regression of winning and a linear regression
of the final margin on every seat's features at every turn's start, and per evaluation a
logistic map from the margin a search value stands for to a win chance. Features are
standardized for the fit and the weights written back in raw units, so that play needs no
scaling. A small ridge penalty keeps collinear features tame. Games whose index ends in
``held_out`` positions are kept out of the fit and measured (Brier score, margin error,
reliability) so the file says how well it did on games it never saw.

numpy is imported by the functions that need it: the module itself loads without it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ai.learn.calibration import Reliability, reliability
from ai.learn.model import CHANCE_INPUTS, FORMAT, SPREAD, FeatureSet, Linear
from ai.learn.record import RecordedGame
from ai.learn.regression import L2, fit_linear, fit_logistic


def _seat_rows(games: Sequence[RecordedGame]) -> tuple[list[list[float]], list[float], list[float]]:
    rows: list[list[float]] = []
    margins: list[float] = []
    wins: list[float] = []
    for g in games:
        margin = g.margins()
        for pos in g.positions:
            for seat, x in enumerate(pos.features):
                rows.append(x)
                margins.append(margin[seat])
                wins.append(g.rewards[seat])
    return rows, margins, wins


def chance_rows(
    games: Sequence[RecordedGame], margin: Linear | None
) -> tuple[list[list[float]], list[float]]:
    """The inputs of a chance model, one per turn: the features of the seat that takes it at
    its start, then the margin its evaluation gives at its end (the hand-tuned one's in a
    sample of its view, or the ``margin`` model's), and that margin crossed with the rounds to
    come; with its win share."""
    rows: list[list[float]] = []
    wins: list[float] = []
    for g in games:
        for before, after in itertools.pairwise(g.positions):
            s = after.mover
            if s != before.to_move:
                continue
            if margin is None:
                m = (after.hand - 0.5) * 2 * SPREAD
            else:
                m = margin.value(after.features[s])
            rows.append([*before.features[s], m, m * before.stage])
            wins.append(g.rewards[s])
    return rows, wins


def split(
    games: Sequence[RecordedGame], held_out: int
) -> tuple[list[RecordedGame], list[RecordedGame]]:
    """Training and held-out games: every ``held_out``-th deal is held out (0: none)."""
    if held_out <= 0:
        return list(games), []
    train = [g for g in games if (g.index // len(g.agents)) % held_out != held_out - 1]
    test = [g for g in games if (g.index // len(g.agents)) % held_out == held_out - 1]
    return train, test


def cross_validated(games: Sequence[RecordedGame], folds: int) -> dict[str, Reliability]:
    """The win model and the hint chance map (hand-tuned evaluation) fitted as the weights are,
    ``folds`` times, each time with another share of the deals held out; the held-out
    predictions of all the folds pooled, so every game is judged once by a model that never saw
    it. One fold's buckets rest on a few deals; the pooled table says how well the recipe
    calibrates.

    Raises:
        ValueError: for fewer than 2 folds, or too few games to fit.
        ModuleNotFoundError: without numpy.
    """
    if folds < 2:
        raise ValueError(f"cross-validation needs at least 2 folds, not {folds}")
    shown: dict[str, tuple[list[float], list[float]]] = {"win": ([], []), "chance_hand": ([], [])}
    for fold in range(folds):
        train = [g for g in games if (g.index // len(g.agents)) % folds != fold]
        test = [g for g in games if (g.index // len(g.agents)) % folds == fold]
        rows, _, wins = _seat_rows(train)
        if len(rows) < 2 or not test:
            raise ValueError("too few games for this many folds: record more games")
        win = fit_logistic(rows, wins)
        t_rows, _, t_wins = _seat_rows(test)
        shown["win"][0].extend(win.chance(x) for x in t_rows)
        shown["win"][1].extend(t_wins)
        chance = fit_logistic(*chance_rows(train, None))
        c_rows, c_wins = chance_rows(test, None)
        shown["chance_hand"][0].extend(chance.chance(x) for x in c_rows)
        shown["chance_hand"][1].extend(c_wins)
    return {name: reliability(p, o) for name, (p, o) in shown.items()}


def _rmse(model: Linear, rows: Sequence[Sequence[float]], targets: Sequence[float]) -> float:
    """Root mean square error of ``model`` on ``rows`` (rounded for the weights file)."""
    errors = [(model.value(x) - t) ** 2 for x, t in zip(rows, targets, strict=True)]
    root: float = (sum(errors) / len(errors)) ** 0.5
    return round(root, 3)


def _brier(model: Linear, rows: Sequence[Sequence[float]], wins: Sequence[float]) -> float:
    if not rows:
        return float("nan")
    return sum((model.chance(x) - w) ** 2 for x, w in zip(rows, wins, strict=True)) / len(rows)


def fit_weights(
    games: Sequence[RecordedGame],
    features: FeatureSet,
    variant: str,
    players: int,
    recipe: dict[str, object],
    held_out: int = 5,
    margin_fit: MarginFit | None = None,
) -> tuple[dict[str, object], dict[str, Reliability]]:
    """Fit the models and return a weights file's contents and the held-out reliabilities.

    ``margin_fit`` chooses how the margin model is fitted (:mod:`ai.learn.td`: TD(lambda), an
    anchor); by default plain least squares on final margins.

    Raises:
        ValueError: if there are no positions to fit, or games of another player count.
        ModuleNotFoundError: without numpy.
    """
    if any(len(g.scores) != players for g in games):
        raise ValueError(f"every recorded game must have {players} players")
    train, test = split(games, held_out)
    rows, margins, wins = _seat_rows(train)
    if len(rows) < 2:
        raise ValueError("too few positions to fit: record more games")
    win = fit_logistic(rows, wins)
    settings = margin_fit or MarginFit()
    margin = settings.fit(train) if settings.refined else fit_linear(rows, margins, settings.l2)
    chance: dict[str, Linear] = {}
    for name, source in (("hand", None), ("learned", margin)):
        crow, cwin = chance_rows(train, source)
        chance[name] = fit_logistic(crow, cwin)
    t_rows, t_margins, t_wins = _seat_rows(test)
    stats: dict[str, object] = {
        "train_games": len(train),
        "held_out_games": len(test),
        "train_rows": len(rows),
        "held_out_rows": len(t_rows),
    }
    tables: dict[str, Reliability] = {}
    if t_rows:
        stats["margin_rmse"] = _rmse(margin, t_rows, t_margins)
        if settings.anchor is not None:
            stats["anchor_margin_rmse"] = _rmse(settings.anchor, t_rows, t_margins)
        stats["win_brier"] = round(_brier(win, t_rows, t_wins), 4)
        tables["win"] = reliability([win.chance(x) for x in t_rows], t_wins)
        for name, source in (("hand", None), ("learned", margin)):
            crow, cwin = chance_rows(test, source)
            stats[f"chance_{name}_brier"] = round(_brier(chance[name], crow, cwin), 4)
            tables[f"chance_{name}"] = reliability([chance[name].chance(x) for x in crow], cwin)
    data: dict[str, object] = {
        "format": FORMAT,
        "game": features.game,
        "variant": variant,
        "players": players,
        "features": {"version": features.version, "names": list(features.names)},
        "recipe": recipe,
        "win": _json(win),
        "margin": _json(margin),
        "chance": {k: _json(v) for k, v in chance.items()},
        "chance_inputs": list(CHANCE_INPUTS),
        "fit": stats,
    }
    return data, tables


@dataclass(frozen=True)
class MarginFit:
    """How the margin model is fitted: plain least squares on final margins by default."""

    td_lambda: float = 1.0
    """Fitted TD(lambda) (:func:`ai.learn.td.fit_td`); 1 is the plain fit."""
    td_sweeps: int = 5
    anchor: Linear | None = None
    """Fit corrections to this model (the hand-tuned margin in the features) instead."""
    l2: float = L2
    """The ridge penalty of the margin fit (of the corrections, with an anchor)."""
    given: Linear | None = None
    """A margin model learned elsewhere (tuned by self-play, :mod:`ai.learn.tune`): taken as
    it is, not fitted; the other models are fitted around it."""

    @property
    def refined(self) -> bool:
        """Whether this is more than the plain fit (TD, an anchor or a given model)."""
        return self.td_lambda != 1.0 or self.anchor is not None or self.given is not None

    def fit(self, games: Sequence[RecordedGame]) -> Linear:
        """Fit the margin model to ``games`` (or return the given one)."""
        from ai.learn.td import fit_td

        if self.given is not None:
            return self.given
        return fit_td(games, self.td_lambda, self.td_sweeps, self.anchor, self.l2)


def _json(model: Linear) -> dict[str, object]:
    return {"bias": round(model.bias, 8), "weights": [round(w, 8) for w in model.weights]}
