"""What the game registry (:mod:`core.games`) and the app's generic shell ask of Sencha: build a
game from a setup, say which component set a setup records, read a player's own component file,
and put moves into words (:mod:`core.sencha.narrate`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from core.engine import State
from core.moves import Move
from core.sencha import narrate
from core.sencha.components import ComponentSet
from core.sencha.game import SenchaGame, SenchaState
from core.sencha.loader import component_hash, load_builtin
from core.sencha.loader import load_components as _load_components
from core.sencha.options import SenchaOptions

if TYPE_CHECKING:
    from core.setup import GameSetup


def component_identity(components: object | None) -> tuple[str, str]:
    """Return the id and SHA-256 of a component set (the built-in one for None)."""
    cs = _components(components)
    return cs.id, component_hash(cs)


def load_components(text: str | None, source: str) -> ComponentSet:
    """Return the built-in set with a player's component file (TOML ``text``) put in.

    Raises:
        ComponentError: naming the file, the item and the field that are wrong.
    """
    return _load_components(text, source)


def make_game(setup: GameSetup, components: object | None = None) -> SenchaGame:
    """Return the Sencha game of a setup whose options the registry has checked.

    Raises:
        ComponentMismatchError: if ``components`` is not the set the setup was made with.
        SetupError: for options or seats the game cannot be played with.
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
    try:
        options = msgspec.convert(dict(setup.options), SenchaOptions)
        return SenchaGame(
            num_seats=setup.num_seats,
            options=options,
            components=None if components is None else cs,
            start_seat=setup.start_seat,
        )
    except (TypeError, ValueError) as exc:
        raise SetupError(str(exc)) from None


def describe_move(state: State, move: Move) -> str:
    """Return a legal move of ``state`` in plain English, as a menu shows it."""
    assert isinstance(state, SenchaState)
    return narrate.describe_move(state, move)


def log_line(
    before: State, move: Move, after: State, seat_names: Sequence[str] | None = None
) -> str:
    """Return the log line of ``move``, made in ``before`` and leading to ``after``: what was
    done, and what a draw, a new Tea Market card or the face-down worker revealed."""
    assert isinstance(before, SenchaState) and isinstance(after, SenchaState)
    return narrate.log_line(before, move, after, seat_names)


def _components(components: object | None) -> ComponentSet:
    if components is None:
        return load_builtin()
    if not isinstance(components, ComponentSet):
        raise TypeError(f"not a Sencha component set: {type(components).__name__}")
    return components
