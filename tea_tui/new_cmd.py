"""``tea-tui new``: start a game at once from seat specs.

    tea-tui new --players 3 --seat human --seat mcts:normal --seat human --seed 7

Each ``--seat`` is a seat spec (:mod:`core.seats`): ``human``, ``random``, ``heuristic`` or
``mcts:LEVEL`` (``easy``, ``normal``, ``hard``, ``expert``, ``iters=N``, ``time=S``), optionally
with ``@NAME``. Without ``--seat`` the first seat is a person and the others ``mcts:normal``.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from typing import Any

from core.seats import SeatSpec
from tea_tui.common import CliError, load_component_set

EXAMPLE = "tea-tui new --players 2 --seat human --seat mcts:normal"
"""The command line the app suggests for a first game."""


def add_new_parser(
    commands: Any, common: Callable[[argparse.ArgumentParser], None]
) -> argparse.ArgumentParser:
    """Add the ``new`` command to ``commands`` (a subparsers object)."""
    new: argparse.ArgumentParser = commands.add_parser(
        "new",
        help="start a new game",
        description="Start a new game of Tea Garden in the terminal.",
        epilog=f"Example: {EXAMPLE} --seed 7",
    )
    common(new)
    new.add_argument(
        "--players", type=int, default=2, choices=(2, 3, 4), help="number of seats (default 2)"
    )
    new.add_argument(
        "--seat",
        action="append",
        metavar="SPEC",
        help="who plays the next seat: human, random, heuristic or mcts:LEVEL, optionally "
        "@NAME (give one per player; default: human, then mcts:normal)",
    )
    new.add_argument("--seed", type=int, help="set up the game from this seed (default: random)")
    new.add_argument(
        "--puerh", action="store_true", help="play with the Puerh expansion (The Noble Court)"
    )
    new.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="how long each AI move stays on screen at least (default: the settings', 0.4 "
        "unless changed; < and > change it in the game)",
    )
    return new


def seats_from(players: int, given: list[str] | None) -> list[SeatSpec]:
    """Return the seat specs for ``players`` seats.

    Raises:
        CliError: if the number of seats does not match or a spec is not usable.
    """
    texts = given or ["human"] + ["mcts:normal"] * (players - 1)
    if len(texts) != players:
        raise CliError(f"{players} players need {players} --seat options, not {len(texts)}")
    specs = []
    for text in texts:
        try:
            spec = SeatSpec.parse(text)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        if spec.kind == "luyu":
            raise CliError(f"seat {text!r}: the Lu Yu automa is for solo games, not yet offered")
        specs.append(spec)
    return specs


def run_new(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Start the game the arguments describe; return the exit status.

    Raises:
        CliError: for unusable seats or components.
    """
    from ai.agents import make_agent
    from core.tea_garden.context import Options
    from core.tea_garden.game import TeaGardenGame
    from tea_tui.play_cmd import after_game, use_color, user_settings

    seats = seats_from(args.players, args.seat)
    path = getattr(args, "components", None)
    components = load_component_set(parser, path) if path is not None else None
    options = Options(puerh=args.puerh)
    game = (
        TeaGardenGame(num_seats=args.players, options=options)
        if components is None
        else TeaGardenGame(num_seats=args.players, options=options, components=components)
    )
    for spec in seats:
        if not spec.is_human:
            try:
                make_agent(spec, game)
            except ValueError as exc:
                raise CliError(str(exc)) from None
    if args.pace is not None and args.pace < 0:
        raise CliError("--pace must not be negative")
    if args.seed is not None and args.seed < 0:
        raise CliError("--seed must be a whole number from 0 up")
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    settings_file, settings = user_settings(args)
    use_color(args, settings)
    from tea_tui.app import make_app
    from tea_tui.session import GameSession

    session = GameSession.new(game, seats, seed)
    app = make_app(
        session=session,
        pace=args.pace if args.pace is not None else settings.pace,
        data_dir=getattr(args, "data_dir", None),
        autosave=True,
        settings_file=settings_file,
        components=components,
        theme=getattr(args, "theme", None),
    )
    app.run()
    after_game(app)
    specs = " ".join(f"--seat {spec}" for spec in seats)
    puerh = " --puerh" if args.puerh else ""
    print(
        f"Seed {seed}. The same game again: tea-tui new --players {args.players} {specs}"
        f"{puerh} --seed {seed}",
        file=sys.stderr,
    )
    return 0
