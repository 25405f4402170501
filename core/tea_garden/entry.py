"""What the game registry (:mod:`core.games`) asks of Tea Garden: build a game from a setup,
say which component set a setup records, and read a player's own component file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.games import find_game
from core.tea_garden.components import ComponentSet
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.loader import component_hash, load_builtin
from core.tea_garden.loader import load_components as _load_components

if TYPE_CHECKING:
    from core.setup import GameSetup

_AUTOMA = find_game("tea_garden").automa
assert _AUTOMA is not None
LUYU_LEVELS: tuple[str, ...] = _AUTOMA.levels
"""Lu Yu's difficulties; the index is the number of Expert cards in his deck (SOLO-11)."""
DEFAULT_LUYU_LEVEL: str = _AUTOMA.default
"""The difficulty of a ``luyu`` seat given without a level."""


def component_identity(components: object | None) -> tuple[str, str]:
    """Return the id and SHA-256 of a component set (the built-in one for None)."""
    cs = _components(components)
    return cs.id, component_hash(cs)


def load_components(text: str | None, source: str) -> ComponentSet:
    """Return the built-in set with a player's component file (TOML ``text``) put in.

    Raises:
        ComponentError: naming the file and what is wrong.
    """
    return _load_components(text, source)


def make_game(setup: GameSetup, components: object | None = None) -> TeaGardenGame:
    """Return the Tea Garden game of a setup whose options the registry has checked.

    Raises:
        ComponentMismatchError: if ``components`` is not the set the setup was made with.
        SetupError: for a solo setup that cannot be played, or other bad seats.
    """
    from core.setup import ComponentMismatchError, SetupError

    cs = _components(components)
    actual = component_hash(cs)
    if actual != setup.components_hash:
        raise ComponentMismatchError(
            f"the game was set up with component set {setup.components_id!r} "
            f"(sha256 {setup.components_hash[:12] or '-'}…), but the set in use is {cs.id!r} "
            f"(sha256 {actual[:12]}…)"
        )
    luyu_seat, experts = _luyu_seat(setup)
    flags = {k: v for k, v in setup.options.items() if isinstance(v, bool)}
    try:
        return TeaGardenGame(
            num_seats=setup.num_seats,
            options=Options(**flags),
            components=cs,
            start_seat=setup.start_seat,
            luyu_seat=luyu_seat,
            luyu_experts=experts,
        )
    except (TypeError, ValueError) as exc:
        raise SetupError(str(exc)) from None


def _components(components: object | None) -> ComponentSet:
    if components is None:
        return load_builtin()
    if not isinstance(components, ComponentSet):
        raise TypeError(f"not a Tea Garden component set: {type(components).__name__}")
    return components


def _luyu_seat(setup: GameSetup) -> tuple[int | None, int]:
    """The seat Lu Yu plays and his Expert cards (SOLO-11), from the seat specs."""
    from core.setup import SetupError

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
