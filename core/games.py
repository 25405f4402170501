"""The registry of games: every game tea-tui plays, as data, in one place.

Modelled on OpenSpiel's ``_GAME_TYPE``/``_GAME_INFO`` with ``register_game`` and on
python-chess's ``VARIANTS``/``find_variant``: each game declares its id, name, seat range,
automa (if any), typed options and the module that builds it, and is registered with one line at
the bottom of this file. Game modules are imported lazily, by dotted name, so that listing the
games costs nothing and no layer root has to import a game to know about it.

A game's module (``GameInfo.module``) provides:

- ``make_game(setup, components) -> Game``: the game of a checked :class:`~core.setup.GameSetup`;
- ``component_identity(components) -> (id, sha256)``: what a setup records of the components;

and may provide ``load_components(text, source)`` for ``--components FILE``. The other layers
find a game's own packages by the same id: ``ai.<id>`` and ``tea_tui.games.<id>``, each
optional (a game without them plays through the game-neutral fallbacks).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from core.engine import Game


class AutomaInfo(msgspec.Struct, frozen=True, kw_only=True):
    """A game's automa: the built-in opponent of its solo mode."""

    kind: str
    """The seat kind that plays it (``luyu``)."""
    name: str
    """Its name on screen."""
    levels: tuple[str, ...]
    """Its difficulties, easiest first."""
    default: str
    """The difficulty of a seat given without one."""
    seats: int = 2
    """How many seats a solo game has (the person and the automa)."""


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """What every layer needs to know about a game without importing it."""

    id: str
    """The game's id, as saves and the command line write it."""
    name: str
    """Its name on screen."""
    min_seats: int
    """The fewest seats it is played with."""
    max_seats: int
    """The most seats it is played with."""
    module: str
    """The dotted name of the module that builds it (see the module docstring)."""
    options: str
    """``module:Class`` of its options, a frozen msgspec Struct (variants and expansions)."""
    automa: AutomaInfo | None = None
    """Its solo opponent, or None."""
    blurb: str = ""
    """One line for a game chooser."""
    test_only: bool = False
    """A game for the test suite (not offered to players)."""
    offered: bool = True
    """Offered in the app's game chooser; False for a game whose screens are still to come
    (it plays from the command line, ``tea-tui new --game ID``, through the fallback)."""


class UnknownGameError(ValueError):
    """No game of that id is registered."""


_REGISTRY: dict[str, GameInfo] = {}


def register_game(info: GameInfo) -> None:
    """Add a game to the registry.

    Raises:
        ValueError: if the id is taken or the seat range is empty.
    """
    if info.id in _REGISTRY:
        raise ValueError(f"a game with id {info.id!r} is registered already")
    if not 1 <= info.min_seats <= info.max_seats:
        raise ValueError(f"game {info.id!r}: seats {info.min_seats}-{info.max_seats} make no sense")
    _REGISTRY[info.id] = info


def game_ids(*, include_tests: bool = True) -> tuple[str, ...]:
    """Return the registered game ids, in registration order."""
    return tuple(i for i, info in _REGISTRY.items() if include_tests or not info.test_only)


def all_games(*, include_tests: bool = True) -> tuple[GameInfo, ...]:
    """Return every registered game, in registration order."""
    return tuple(_REGISTRY[i] for i in game_ids(include_tests=include_tests))


def offered_games() -> tuple[GameInfo, ...]:
    """Return the games the app offers players, in registration order."""
    return tuple(info for info in all_games(include_tests=False) if info.offered)


def find_game(game_id: str) -> GameInfo:
    """Return the game registered under ``game_id``.

    Raises:
        UnknownGameError: naming the known games.
    """
    info = _REGISTRY.get(game_id)
    if info is None:
        shown = game_id if len(game_id) <= 40 else game_id[:37] + "..."
        raise UnknownGameError(f"unknown game {shown!r} (known games: {', '.join(game_ids())})")
    return info


def game_name(game_id: str) -> str:
    """Return a game's name on screen; an unknown id is shown as itself, cut short."""
    info = _REGISTRY.get(game_id)
    if info is not None:
        return info.name
    return game_id if len(game_id) <= 40 else game_id[:37] + "..."


def info_of(game: Game) -> GameInfo:
    """Return the registry entry of a game object.

    Raises:
        UnknownGameError: if its class names no registered game.
    """
    return find_game(game.game_id)


def game_module(info: GameInfo) -> ModuleType:
    """Import and return the module that builds ``info``'s game."""
    return importlib.import_module(info.module)


def options_type(info: GameInfo) -> type[msgspec.Struct]:
    """Import and return the options Struct of ``info``'s game."""
    module, _, name = info.options.partition(":")
    found: Any = getattr(importlib.import_module(module), name)
    return found  # type: ignore[no-any-return]


def option_names(info: GameInfo) -> tuple[str, ...]:
    """Return the names of a game's options (the fields of its options Struct)."""
    return tuple(f.name for f in msgspec.structs.fields(options_type(info)))


def layer_package(info: GameInfo, layer: str) -> ModuleType | None:
    """Return a game's own package in another layer (``ai``, ``tea_tui.games``), or None when
    the game has none there; the layer's game-neutral fallbacks then serve."""
    try:
        return importlib.import_module(f"{layer}.{info.id}")
    except ModuleNotFoundError as exc:
        if exc.name is not None and f"{layer}.{info.id}".startswith(exc.name):
            return None
        raise


# --- the games -------------------------------------------------------------------------------

register_game(
    GameInfo(
        id="tea_garden",
        name="Tea Garden",
        min_seats=2,
        max_seats=4,
        module="core.tea_garden.entry",
        options="core.tea_garden.context:Options",
        automa=AutomaInfo(
            kind="luyu",
            name="Lu Yu",
            levels=("easy", "medium", "hard", "expert"),
            default="medium",
        ),
        blurb="Grow, ferment and sell tea in Imperial China; Puerh and the solo Lu Yu included.",
    )
)
register_game(
    GameInfo(
        id="tasting",
        name="Tasting Duel",
        min_seats=2,
        max_seats=2,
        module="core.tasting",
        options="core.tasting:TastingOptions",
        blurb="Three teas, three cards each: the tiny game the tests play.",
        test_only=True,
    )
)
register_game(
    GameInfo(
        id="sencha",
        name="Sencha",
        min_seats=2,
        max_seats=4,
        module="core.sencha.entry",
        options="core.sencha.options:SenchaOptions",
        blurb="Houses, plantations and a bag of tea: sell to the Tea Market, serve the Emperor.",
        offered=True,
    )
)

DEFAULT_GAME = "tea_garden"
"""The game a command, a form or a setup means when none is named: the first one registered."""
