"""The learned evaluation at play time: weights files, their checks, and pure-Python models.

A game that can learn gives its :class:`FeatureSet` as ``FEATURES`` in its AI package
(``ai.<game>``): the names and version of its features and a function that turns a full state
into one vector per seat, each computed only from what that seat may see. :mod:`ai.learn.fit`
fits, per game and variant (its player count, and whatever else changes the game much, such as
an expansion), three small models on recorded games and writes them with their recipe to
``ai/<game>/data/learned_<variant>.json`` (``learned_2p.json``):

- ``win``: a logistic regression, the chance that the seat wins;
- ``margin``: a linear regression, the seat's final score minus the best other seat's;
- ``chance``: per evaluation (``hand``, ``learned``), a logistic regression of winning on the
  features of the position a seat decides in, plus the margin the search's value for a move
  stands for at the end of the turn (and that margin crossed with the rounds to come): the win
  chance hints and the analysis show, per move;
- ``search_scale`` (optional): per evaluation, a logistic map of the ``chance`` model's score
  (Platt scaling), fitted to the chances real hint searches gave on seeded games
  (``tea-tui train --calibration --fit-scale``): a search's value is the mean over many samples
  after its best move, not one sample after the move played, and this corrects the difference.

Loading checks the file against the game's features (names, version, player count) and refuses
a mismatch with :class:`WeightsError`. Evaluating is a dot product per seat: no numpy.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from core.engine import Game, Observation, State
from core.games import info_of, layer_package
from core.rng import Rng

FORMAT = 1
"""The layout of weights files; a file of another format is refused."""
SPREAD = 150.0
"""The margin, in VP, that a reward of 1 stands for (the hand-tuned evaluation's scale, so
that final rewards mean the same under both)."""
CHANCE_INPUTS = ("margin", "margin_x_rounds")
"""The inputs a ``chance`` model takes after the features: the margin a search value stands
for, and that margin crossed with the rounds to come."""
EVALUATIONS = ("hand", "learned")


class WeightsError(ValueError):
    """A weights file that is missing, malformed or does not fit the game's features."""


@dataclass(frozen=True)
class FeatureSet:
    """What a game gives the learning pipeline."""

    game: str
    """The game's registry id."""
    version: int
    names: tuple[str, ...]
    state_features: Callable[[State], list[list[float]]]
    """Every seat's vector, each from that seat's own point of view."""
    observation_stage: Callable[[Observation], float]
    """The rounds still to come, as a seat sees them."""
    state_stage: Callable[[State], float]
    variant: Callable[[Game], str | None]
    """The weights a setup needs (``2p``, ``3p_puerh``), or None where learning does not
    apply (e.g. against an automa)."""
    hand_margin: tuple[float, ...] | None = None
    """The hand-tuned evaluation's margin as weights of these features (the sum of its parts),
    if it is one: what an anchored fit corrects (:mod:`ai.learn.td`)."""
    tuned: tuple[tuple[str, float], ...] = ()
    """The margin weights self-play tuning moves by default, each with its scale: the size of
    a push and of a step relative to the others (:mod:`ai.learn.tune`)."""


@dataclass(frozen=True)
class Linear:
    """``bias + weights . x``; :meth:`chance` squashes it through the logistic."""

    bias: float
    weights: tuple[float, ...]

    def value(self, x: Sequence[float]) -> float:
        """Return the linear score of ``x``."""
        total = self.bias
        for w, v in zip(self.weights, x, strict=True):
            total += w * v
        return total

    def chance(self, x: Sequence[float]) -> float:
        """Return the logistic of the score of ``x``."""
        return logistic(self.value(x))


def logistic(z: float) -> float:
    """Return ``1 / (1 + exp(-z))`` without overflowing."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@dataclass(frozen=True)
class Weights:
    """A loaded weights file."""

    game: str
    variant: str
    players: int
    version: int
    names: tuple[str, ...]
    win: Linear
    margin: Linear
    chance: dict[str, Linear]
    recipe: dict[str, object]
    search_scale: dict[str, Linear] = field(default_factory=dict)

    def chance_of_margin(
        self, evaluation: str, features: Sequence[float], margin: float, rounds: float
    ) -> float:
        """The win chance of a seat deciding in a position with ``features`` whose search says
        ``margin`` (under ``evaluation``) at the end of its turn."""
        score = self.chance[evaluation].value((*features, margin, margin * rounds))
        scale = self.search_scale.get(evaluation)
        return logistic(score if scale is None else scale.value((score,)))


def features_of(game: Game) -> FeatureSet | None:
    """Return the game's features (``ai.<game>.FEATURES``), or None if it has none."""
    package = layer_package(info_of(game), "ai")
    found = getattr(package, "FEATURES", None)
    return found if isinstance(found, FeatureSet) else None


def weights_name(variant: str) -> str:
    """The file name of the weights for a variant (``2p``)."""
    return f"learned_{variant}.json"


def _linear(data: object, size: int, where: str) -> Linear:
    if not isinstance(data, dict):
        raise WeightsError(f"{where}: expected an object with bias and weights")
    bias, weights = data.get("bias"), data.get("weights")
    if not isinstance(bias, int | float) or not isinstance(weights, list):
        raise WeightsError(f"{where}: expected a number 'bias' and a list 'weights'")
    if len(weights) != size or not all(isinstance(w, int | float) for w in weights):
        raise WeightsError(f"{where}: expected {size} numbers, found {len(weights)} entries")
    values = (float(bias), *map(float, weights))
    if not all(math.isfinite(v) for v in values):
        raise WeightsError(f"{where}: weights must be finite numbers")
    return Linear(values[0], values[1:])


def parse_weights(text: str, features: FeatureSet, variant: str, where: str = "") -> Weights:
    """Read a weights file and check it against ``features`` and the variant.

    Raises:
        WeightsError: if it is not JSON, has another format, game, variant, feature version or
            feature names, or a model of the wrong shape.
    """
    where = where or weights_name(variant)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise WeightsError(f"{where}: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise WeightsError(f"{where}: expected a JSON object")
    if data.get("format") != FORMAT:
        raise WeightsError(f"{where}: format {data.get('format')!r}, this program reads {FORMAT}")
    if data.get("game") != features.game:
        raise WeightsError(f"{where}: weights for {data.get('game')!r}, not {features.game!r}")
    if data.get("variant") != variant:
        raise WeightsError(f"{where}: weights for {data.get('variant')!r}, not {variant!r}")
    players = data.get("players")
    if not isinstance(players, int):
        raise WeightsError(f"{where}: no player count")
    found = data.get("features")
    if not isinstance(found, dict):
        raise WeightsError(f"{where}: no 'features' object")
    if found.get("version") != features.version:
        raise WeightsError(
            f"{where}: fitted to features version {found.get('version')!r}, the game's are "
            f"version {features.version}: train again (tea-tui train --game {features.game})"
        )
    if tuple(found.get("names", ())) != features.names:
        raise WeightsError(f"{where}: its feature names differ from the game's {features.names}")
    size = len(features.names)
    chances = data.get("chance")
    if not isinstance(chances, dict) or set(chances) != set(EVALUATIONS):
        raise WeightsError(f"{where}: 'chance' needs a model for each of {EVALUATIONS}")
    recipe = data.get("recipe")
    scales = data.get("search_scale", {})
    if not isinstance(scales, dict) or not set(scales) <= set(EVALUATIONS):
        raise WeightsError(f"{where}: 'search_scale' may hold a model for each of {EVALUATIONS}")
    return Weights(
        game=features.game,
        variant=variant,
        players=players,
        version=features.version,
        names=features.names,
        win=_linear(data.get("win"), size, f"{where}: win"),
        margin=_linear(data.get("margin"), size, f"{where}: margin"),
        chance={
            k: _linear(chances[k], size + len(CHANCE_INPUTS), f"{where}: chance.{k}")
            for k in EVALUATIONS
        },
        recipe=recipe if isinstance(recipe, dict) else {},
        search_scale={k: _linear(v, 1, f"{where}: search_scale.{k}") for k, v in scales.items()},
    )


@cache
def _shipped_text(game: str, variant: str) -> str | None:
    try:
        path = resources.files(f"ai.{game}").joinpath("data", weights_name(variant))
        return path.read_text(encoding="utf-8") if path.is_file() else None
    except ModuleNotFoundError:
        return None


def shipped_weights(game: Game) -> Weights | None:
    """Return the weights shipped for ``game``'s setup, or None if there are none.

    Raises:
        WeightsError: if a shipped file does not fit the game's features.
    """
    features = features_of(game)
    if features is None:
        return None
    variant = features.variant(game)
    if variant is None:
        return None
    text = _shipped_text(features.game, variant)
    if text is None:
        return None
    return _parsed(text, features, variant)


@cache
def _parsed(text: str, features: FeatureSet, variant: str) -> Weights:
    return parse_weights(text, features, variant)


class LearnedEvaluator:
    """Rewards linear in the learned margin: ``0.5 + margin / (2 * spread)``, clipped to [0, 1].

    The same scale as the hand-tuned evaluation's, so final rewards (the exact margin plus a
    bonus) mix with it as before; only the estimate of a game not over is learned.
    """

    def __init__(self, features: FeatureSet, weights: Weights, spread: float = SPREAD) -> None:
        if weights.names != features.names or weights.version != features.version:
            raise WeightsError("the weights were fitted to other features")
        self.features = features.state_features
        self.margin = weights.margin
        self.spread = spread

    def __call__(self, state: State) -> tuple[float, ...]:
        """Return each seat's reward for a state that is not over."""
        scale = 1.0 / (2 * self.spread)
        model = self.margin
        return tuple(min(1.0, max(0.0, 0.5 + model.value(x) * scale)) for x in self.features(state))


class CalibratedChance:
    """Turns a search's mean reward into a win chance through a weights file's chance model.

    The features of the position decided in come from one state sampled from the observation:
    they depend on nothing else (see :class:`FeatureSet`), so any sample gives the same ones.
    The last observation's features are kept, since a search asks about every root move.
    """

    def __init__(
        self,
        game: Game,
        features: FeatureSet,
        weights: Weights,
        evaluation: str,
        spread: float = SPREAD,
    ) -> None:
        self.game = game
        self.features = features
        self.weights = weights
        self.evaluation = evaluation
        self.spread = spread
        self._last: tuple[Observation, list[float]] | None = None

    def _features(self, observation: Observation) -> list[float]:
        last = self._last
        if last is not None and last[0] is observation:
            return last[1]
        sample = self.game.determinize(observation, Rng.from_seed(0))
        found = self.features.state_features(sample)[observation.seat]
        self._last = (observation, found)
        return found

    def __call__(self, value: float, observation: Observation) -> float:
        """The win chance a mean reward stands for, as seen from ``observation``."""
        margin = (value - 0.5) * 2 * self.spread
        return self.weights.chance_of_margin(
            self.evaluation,
            self._features(observation),
            margin,
            self.features.observation_stage(observation),
        )
