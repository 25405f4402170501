"""Helpers of the app tests: running async Pilot tests, waiting for a condition, saved games."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from core.rng import Rng
from core.tea_garden import moves as mv
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from saves import SavePaths, SaveStore
from tea_tui.persist import SaveKeeper
from tea_tui.session import GameSession
from tests.saves.helpers import Clock


def pilot_test(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async Pilot test with asyncio (no pytest plugin needed)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))  # type: ignore[arg-type]

    return run


async def until(pilot: Pilot[Any], check: Callable[[], object], limit: float = 30.0) -> None:
    """Let the app run until ``check()`` is true (fails after ``limit`` seconds)."""
    for _ in range(int(limit / 0.02)):
        if check():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"timed out waiting for {check}")


async def until_persons_turn(pilot: Pilot[Any]) -> None:
    """Wait for the game screen with a person to move: an AI seat may still be playing when
    the screen opens, and a test that acts before it is done races it."""
    from tea_tui.screens.game import GameScreen

    def ready() -> bool:
        screen = pilot.app.screen
        return isinstance(screen, GameScreen) and screen.session.human_to_move

    await until(pilot, ready)


def played(
    seats: tuple[str, ...] = ("human@Ann", "random@Bo"),
    seed: int = 2,
    moves: int = 40,
    *,
    to_end: bool = False,
    colours: tuple[str, ...] = (),
    puerh: bool = False,
) -> GameSession:
    """A session with seeded random moves (``moves`` of them, or to the end); ``puerh`` plays
    with the expansion."""
    game = TeaGardenGame(num_seats=len(seats), options=Options(puerh=puerh))
    session = GameSession.new(game, list(seats), seed, colours=colours)
    rng = Rng.from_seed(seed + 100)
    while not session.is_over() and (to_end or len(session.moves) < moves):
        legal = session.legal_moves()
        active = [m for m in legal if not isinstance(m, mv.Pass)]
        session.apply(rng.choice(active if active and rng.below(5) else list(legal)))
    return session


def store_in(base: Path) -> SaveStore:
    """A store under ``base`` with a steady clock."""
    return SaveStore(SavePaths.under(base), clock=Clock())


def autosaved(base: Path, session: GameSession) -> None:
    """Write ``session`` as the autosave under ``base``."""
    SaveKeeper(store_in(base)).autosave(session, wait=True)


async def open_new_game(pilot: Pilot[Any], game: str = "tea_garden") -> None:
    """Press n on the title screen and reach the new-game form of ``game``: through the game
    chooser when more than one game is offered."""
    from core.games import offered_games
    from tea_tui.screens.choose_game import ChooseGameScreen
    from tea_tui.screens.new_game import NewGameScreen

    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, ChooseGameScreen | NewGameScreen))
    if isinstance(pilot.app.screen, ChooseGameScreen):
        ids = [info.id for info in offered_games()]
        await pilot.press(str(ids.index(game) + 1))
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
