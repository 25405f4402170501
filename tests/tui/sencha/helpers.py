"""Sencha sessions for the screen tests: seeded random play to a chosen point."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.moves import Move
from core.rng import Rng
from core.setup import new_setup
from tea_tui.game_ui import ui_for
from tea_tui.games.sencha.session import SenchaSession
from tea_tui.menu import Item, Menu
from tea_tui.session import GameSession


def sencha(
    seats: Sequence[str] = ("human@Ann", "random@Bo"),
    seed: int = 3,
    options: dict[str, bool | int | str | None] | None = None,
) -> SenchaSession:
    """A new Sencha session."""
    session = GameSession.start(new_setup(list(seats), game="sencha", options=options), seed)
    assert isinstance(session, SenchaSession)
    return session


def play_until(
    session: SenchaSession, done: Callable[[SenchaSession], bool], seed: int = 1, limit: int = 5000
) -> SenchaSession:
    """Random moves until ``done(session)`` holds (or the game ends)."""
    rng = Rng.from_seed(seed)
    for _ in range(limit):
        if done(session) or session.is_over():
            break
        session.apply(rng.choice(list(session.legal_moves())))
    return session


def menu_of(session: GameSession, submenu: str = "") -> Menu:
    """The decision panel's menu for the person to move."""
    ui = ui_for(session.game_id)
    return ui.build_menu(session, session.view(), session.legal_moves(), frozenset(), submenu)


def first_choice(menu: Menu) -> Item:
    """The first enabled item with a key (a move or a sub-menu), as a hasty person picks."""
    return next(it for it in menu.items if it.enabled and it.key)


def moves_of(menu: Menu) -> list[Move]:
    """Every move the menu's enabled items make."""
    return [m for it in menu.items if it.enabled for m in it.moves]
