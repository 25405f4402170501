"""A game's setup as plain data, and the :class:`~core.engine.Game` it describes.

:class:`GameSetup` is what a save file, the app's new-game screen and the arena agree on: which
game, who sits where, which expansions and variant flags, and which component set (by id and
content hash, so a game is never replayed against different components). :func:`make_game` turns
it into the engine's :class:`~core.engine.Game`; :func:`new_setup` fills in the component fields.

Two games are known: ``tea_garden`` and ``tasting`` (the tiny Tasting Duel of
:mod:`core.tasting`, which tests use when a whole Tea Garden game would be too slow).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from core.engine import Game
from core.seats import SeatSpec
from core.tasting import TastingGame
from core.tea_garden.components import ComponentSet
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.loader import component_hash, load_builtin

GAMES: tuple[str, ...] = ("tea_garden", "tasting")
"""The games :func:`make_game` can build."""

EXPANSIONS: dict[str, tuple[str, ...]] = {"tea_garden": (), "tasting": ()}
"""The expansions each game supports so far (Puerh comes later)."""

TASTING_COMPONENTS_ID = "tasting_duel"
"""The component id recorded for a Tasting Duel, which has no component file."""

OPTION_NAMES: dict[str, tuple[str, ...]] = {
    "tea_garden": tuple(f.name for f in msgspec.structs.fields(Options)),
    "tasting": (),
}
"""The variant flags each game understands (for Tea Garden, the fields of ``Options``)."""


LUYU_LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""Lu Yu's difficulties; the index is the number of Expert cards in his deck (SOLO-11)."""
DEFAULT_LUYU_LEVEL = "medium"
"""The difficulty of a ``luyu`` seat given without a level."""


class SetupError(ValueError):
    """A setup that cannot be played: unknown game, option or expansion, wrong seat count."""


class ComponentMismatchError(SetupError):
    """The component set at hand is not the one the setup was made with."""


class GameSetup(msgspec.Struct, frozen=True, kw_only=True):
    """Everything needed to rebuild a game besides its seed and moves.

    Raises:
        ValueError: from the constructor (and so from decoding a save) when the seats do not
            match ``num_seats`` or ``start_seat`` is not a seat.
    """

    game: str = "tea_garden"
    """Which game: ``tea_garden`` or ``tasting``."""
    num_seats: int
    """How many seats take part."""
    seats: tuple[SeatSpec, ...]
    """Who plays each seat, by seat index."""
    expansions: tuple[str, ...] = ()
    """The expansions in play, by id."""
    options: dict[str, bool] = {}
    """Variant flags by name; flags left out are off."""
    start_seat: int | None = None
    """The seat that starts, or None to draw it from the seed."""
    components_id: str
    """The id of the component set (``tea_tui_base`` for the built-in one)."""
    components_hash: str
    """The SHA-256 of the component set's content (see ``loader.component_hash``)."""

    def __post_init__(self) -> None:
        if self.num_seats < 1:
            raise ValueError(f"a game needs at least one seat, not {self.num_seats}")
        if len(self.seats) != self.num_seats:
            raise ValueError(f"{len(self.seats)} seat spec(s) given for {self.num_seats} seat(s)")
        if self.start_seat is not None and not 0 <= self.start_seat < self.num_seats:
            raise ValueError(f"start seat {self.start_seat} is not one of the seats")


def new_setup(
    seats: Sequence[SeatSpec | str],
    *,
    game: str = "tea_garden",
    components: ComponentSet | None = None,
    expansions: Sequence[str] = (),
    options: Mapping[str, bool] | None = None,
    start_seat: int | None = None,
) -> GameSetup:
    """Return a checked setup, filling in the component id and hash.

    Args:
        seats: a spec per seat, as :class:`SeatSpec` or text such as ``"mcts:normal"``.
        game: ``tea_garden`` or ``tasting``.
        components: the Tea Garden component set; None for the built-in one.
        expansions: expansion ids.
        options: variant flags by name.
        start_seat: the seat that starts, or None to draw it from the seed.

    Raises:
        SetupError: for anything :func:`make_game` would refuse, or a bad seat spec.
    """
    try:
        specs = tuple(s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats)
        if game == "tea_garden":
            cs = components if components is not None else load_builtin()
            cid, chash = cs.id, component_hash(cs)
        else:
            cid, chash = TASTING_COMPONENTS_ID, ""
        setup = GameSetup(
            game=game,
            num_seats=len(specs),
            seats=specs,
            expansions=tuple(expansions),
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


def make_game(setup: GameSetup, components: ComponentSet | None = None) -> Game:
    """Return the engine's game for a setup.

    Args:
        setup: the setup, usually read from a save file.
        components: the Tea Garden component set to play with; None for the built-in one. Its
            content hash must be the one the setup records.

    Raises:
        SetupError: for an unknown game, option or expansion, or a seat count the game does not
            allow.
        ComponentMismatchError: if ``components`` is not the set the setup was made with.
    """
    if setup.game not in GAMES:
        raise SetupError(f"unknown game {setup.game!r} (known games: {', '.join(GAMES)})")
    _check_names("expansion", setup.expansions, EXPANSIONS[setup.game], setup.game)
    _check_names("option", tuple(setup.options), OPTION_NAMES[setup.game], setup.game)
    if setup.game == "tasting":
        if setup.num_seats != 2:
            raise SetupError(f"Tasting Duel is played by 2 seats, not {setup.num_seats}")
        return TastingGame()
    cs = components if components is not None else load_builtin()
    actual = component_hash(cs)
    if actual != setup.components_hash:
        raise ComponentMismatchError(
            f"the game was set up with component set {setup.components_id!r} "
            f"(sha256 {setup.components_hash[:12] or '-'}…), but the set in use is {cs.id!r} "
            f"(sha256 {actual[:12]}…)"
        )
    luyu_seat, experts = _luyu_seat(setup)
    try:
        return TeaGardenGame(
            num_seats=setup.num_seats,
            options=Options(**setup.options),
            components=cs,
            start_seat=setup.start_seat,
            luyu_seat=luyu_seat,
            luyu_experts=experts,
        )
    except ValueError as exc:
        raise SetupError(str(exc)) from None


def _luyu_seat(setup: GameSetup) -> tuple[int | None, int]:
    """The seat Lu Yu plays and his Expert cards (SOLO-11), from the seat specs."""
    seats = [i for i, spec in enumerate(setup.seats) if spec.kind == "luyu"]
    if not seats:
        return None, 0
    if len(seats) > 1:
        raise SetupError("only one seat can be Lu Yu")
    if setup.num_seats != 2:
        raise SetupError(f"Lu Yu plays the solo game: 2 seats (you and him), not {setup.num_seats}")
    level = setup.seats[seats[0]].level or DEFAULT_LUYU_LEVEL
    if level not in LUYU_LEVELS:
        raise SetupError(
            f"unknown Lu Yu difficulty {level!r} (use one of {', '.join(LUYU_LEVELS)})"
        )
    return seats[0], LUYU_LEVELS.index(level)


def _check_names(what: str, given: Sequence[str], known: Sequence[str], game: str) -> None:
    unknown = [name for name in given if name not in known]
    if unknown:
        listed = ", ".join(known) if known else "none yet"
        raise SetupError(
            f"unknown {what}(s) for {game}: {', '.join(repr(n) for n in unknown)} (known: {listed})"
        )
