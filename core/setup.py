"""A game's setup as plain data, and the :class:`~core.engine.Game` it describes.

:class:`GameSetup` is what a save file, the app's new-game screen and the arena agree on: which
game, who sits where, which options (variants and expansions alike) and which component set (by
id and content hash, so a game is never replayed against different components).
:func:`make_game` turns it into the engine's :class:`~core.engine.Game` through the game
registry (:mod:`core.games`); :func:`new_setup` fills in the component fields. Nothing here
names a game: every game is reached through its registry entry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from core.engine import Game
from core.games import (
    DEFAULT_GAME,
    UnknownGameError,
    find_game,
    game_module,
    option_names,
    options_type,
)
from core.seats import SeatSpec

OptionValue = bool | int | str | None
"""The value of one option: a switch, a number (a cap), a name (a kind of worker)."""


class SetupError(ValueError):
    """A setup that cannot be played: unknown game or option, wrong seat count."""


class ComponentMismatchError(SetupError):
    """The component set at hand is not the one the setup was made with."""


class GameSetup(msgspec.Struct, frozen=True, kw_only=True):
    """Everything needed to rebuild a game besides its seed and moves.

    Raises:
        ValueError: from the constructor (and so from decoding a save) when the seats do not
            match ``num_seats`` or ``start_seat`` is not a seat.
    """

    game: str = DEFAULT_GAME
    """Which game, by registry id (``tea_garden``, ``tasting``, ...)."""
    num_seats: int
    """How many seats take part."""
    seats: tuple[SeatSpec, ...]
    """Who plays each seat, by seat index."""
    options: dict[str, OptionValue] = {}
    """The game's options by name (the fields of its options Struct); left out are defaults."""
    start_seat: int | None = None
    """The seat that starts, or None to draw it from the seed."""
    components_id: str
    """The id of the component set (``tea_tui_base`` for Tea Garden's built-in one)."""
    components_hash: str
    """The SHA-256 of the component set's content ("" for a game without component files)."""

    def __post_init__(self) -> None:
        if self.num_seats < 1:
            raise ValueError(f"a game needs at least one seat, not {self.num_seats}")
        if len(self.seats) != self.num_seats:
            specs = "seat spec" if len(self.seats) == 1 else "seat specs"
            seats = "seat" if self.num_seats == 1 else "seats"
            raise ValueError(f"{len(self.seats)} {specs} given for {self.num_seats} {seats}")
        if self.start_seat is not None and not 0 <= self.start_seat < self.num_seats:
            raise ValueError(f"start seat {self.start_seat} is not one of the seats")

    def typed_options(self) -> msgspec.Struct:
        """Return the options as the game's options Struct.

        Raises:
            SetupError: for an unknown game, option or a value of the wrong type.
        """
        return _typed_options(self.game, self.options)


def new_setup(
    seats: Sequence[SeatSpec | str],
    *,
    game: str = DEFAULT_GAME,
    components: object | None = None,
    options: Mapping[str, OptionValue] | None = None,
    start_seat: int | None = None,
) -> GameSetup:
    """Return a checked setup, filling in the component id and hash.

    Args:
        seats: a spec per seat, as :class:`SeatSpec` or text such as ``"mcts:normal"``.
        game: a registered game id.
        components: the game's component set; None for its built-in one.
        options: the game's options by name (only those that differ from the defaults need
            be given).
        start_seat: the seat that starts, or None to draw it from the seed.

    Raises:
        SetupError: for anything :func:`make_game` would refuse, or a bad seat spec.
    """
    try:
        info = find_game(game)
        specs = tuple(s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats)
        cid, chash = game_module(info).component_identity(components)
        setup = GameSetup(
            game=game,
            num_seats=len(specs),
            seats=specs,
            options=dict(options or {}),
            start_seat=start_seat,
            components_id=cid,
            components_hash=chash,
        )
    except SetupError:
        raise
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    make_game(setup, components)
    return setup


def make_game(setup: GameSetup, components: object | None = None) -> Game:
    """Return the engine's game for a setup.

    Args:
        setup: the setup, usually read from a save file.
        components: the game's component set to play with; None for its built-in one. Its
            content hash must be the one the setup records.

    Raises:
        SetupError: for an unknown game or option, a seat count the game does not allow, or
            an automa seat in a game without one.
        ComponentMismatchError: if ``components`` is not the set the setup was made with.
    """
    try:
        info = find_game(setup.game)
    except UnknownGameError as exc:
        raise SetupError(str(exc)) from None
    _typed_options(setup.game, setup.options)
    automa = info.automa
    solo = automa is not None and any(spec.kind == automa.kind for spec in setup.seats)
    if not solo and not info.min_seats <= setup.num_seats <= info.max_seats:
        seats = (
            f"{info.min_seats}"
            if info.min_seats == info.max_seats
            else f"{info.min_seats} to {info.max_seats}"
        )
        raise SetupError(f"{info.name} is played by {seats} seats, not {setup.num_seats}")
    for spec in setup.seats:
        if spec.kind == "luyu" and (automa is None or automa.kind != spec.kind):
            raise SetupError(f"{info.name} has no automa to play a {spec.kind!r} seat")
    game: Game = game_module(info).make_game(setup, components)
    return game


def _typed_options(game: str, options: Mapping[str, OptionValue]) -> msgspec.Struct:
    try:
        info = find_game(game)
    except UnknownGameError as exc:
        raise SetupError(str(exc)) from None
    known = option_names(info)
    unknown = [name for name in options if name not in known]
    if unknown:
        listed = ", ".join(known) if known else "none"
        names = ", ".join(repr(n) for n in unknown)
        raise SetupError(f"unknown option(s) for {info.name}: {names} (known: {listed})")
    try:
        return msgspec.convert(dict(options), options_type(info))
    except msgspec.ValidationError as exc:
        raise SetupError(f"an option of {game} has the wrong kind of value: {exc}") from None
