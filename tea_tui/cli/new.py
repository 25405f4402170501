"""``tea-tui new``: start a game at once from seat specs.

    tea-tui new --players 3 --seat human --seat mcts:normal --seat human --seed 7
    tea-tui new --seat human --seat luyu:hard --start 2
    tea-tui new --puerh --variant puerh_bridging --variant limited_pools

Each ``--seat`` is a seat spec (:mod:`core.seats`): ``human``, ``random``, ``heuristic``,
``mcts:LEVEL`` (``easy``, ``normal``, ``hard``, ``expert``, ``iters=N``, ``time=S``) or
``luyu:LEVEL`` (the solo automa Lu Yu: ``easy``, ``medium``, ``hard``, ``expert``; one such seat
in a 2-player game), optionally with ``@NAME``. Without ``--seat`` the first seat is a person
and the others ``mcts:normal``. ``--start N`` says which seat takes the first turn; without it
the seed draws it, except in a solo game, where the person starts (SOLO-13: the player chooses).
``--variant NAME`` (repeatable) switches on a house rule (Tea Garden's
:mod:`~tea_tui.games.tea_garden.house_rules`).
"""

from __future__ import annotations

import argparse
import secrets
import shlex
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core.games import DEFAULT_GAME, game_ids
from core.seats import SeatSpec
from tea_tui.cli.common import (
    CliError,
    add_plain_option,
    load_component_set,
    plain_requested,
    seed_value,
)

if TYPE_CHECKING:
    from core.setup import OptionValue
    from tea_tui.session import GameSession

EXAMPLE = "tea-tui new --players 2 --seat human --seat mcts:normal"
"""The command line the app suggests for a first game."""


def add_new_parser(
    commands: Any, common: Callable[[argparse.ArgumentParser], None]
) -> argparse.ArgumentParser:
    """Add the ``new`` command to ``commands`` (a subparsers object)."""
    new: argparse.ArgumentParser = commands.add_parser(
        "new",
        help="start a new game",
        description="Start a new game in the terminal (Tea Garden unless --game says).",
        epilog=f"Example: {EXAMPLE} --seed 7",
    )
    common(new)
    new.add_argument(
        "--game",
        choices=game_ids(),
        default=DEFAULT_GAME,
        help="the game, by id (default tea_garden; tasting is the tiny test game, played through "
        "the screens every game without its own gets)",
    )
    new.add_argument(
        "--players", type=int, default=None, help="number of seats (default 2; Tea Garden: 2-4)"
    )
    new.add_argument(
        "--seat",
        action="append",
        metavar="SPEC",
        help="who plays the next seat: human, random, heuristic, mcts:LEVEL or luyu:LEVEL (the "
        "solo automa Lu Yu, easy|medium|hard|expert, in a 2-player game), optionally @NAME "
        "(give one per player; default: human, then mcts:normal)",
    )
    new.add_argument(
        "--start",
        type=int,
        metavar="SEAT",
        help="the seat that takes the first turn, 1 to N (default: drawn from the seed; in a "
        "solo game the person starts)",
    )
    new.add_argument(
        "--seed", type=seed_value, help="set up the game from this seed (default: random)"
    )
    new.add_argument(
        "--puerh", action="store_true", help="play with the Puerh expansion (The Noble Court)"
    )
    new.add_argument(
        "--variant",
        action="append",
        metavar="NAME",
        help="switch on a house rule, an option of the game (repeat for more): "
        + variant_help()
        + " (the README says what each changes)",
    )
    new.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="how long each AI move stays on screen at least (default: the settings', 0.4 "
        "unless changed; < and > change it in the game; no meaning with --plain)",
    )
    add_plain_option(new)
    return new


def variant_help() -> str:
    """Every game's house rules for ``--variant``, from each game's UI package."""
    from core.games import all_games
    from tea_tui.game_ui import ui_for

    parts = []
    for info in all_games(include_tests=False):
        words = ui_for(info.id).variant_help()
        if words:
            parts.append(f"{info.name}: {words}")
    return "; ".join(parts) or "none"


def seats_from(players: int, given: list[str] | None) -> list[SeatSpec]:
    """Return the seat specs for ``players`` seats.

    Raises:
        CliError: if the number of seats does not match or a spec is not usable.
    """
    texts = given or ["human"] + ["mcts:normal"] * (players - 1)
    specs = []
    for number, text in enumerate(texts, start=1):
        try:
            spec = SeatSpec.parse(text)
        except ValueError as exc:
            raise CliError(f"--seat number {number}: {exc}") from None
        specs.append(spec)
    if len(texts) != players:
        solo = any(spec.kind == "luyu" for spec in specs)
        hint = " (a solo game: --seat human --seat luyu:LEVEL)" if solo else ""
        raise CliError(f"{players} players need {players} --seat options, not {len(texts)}{hint}")
    return specs


def start_seat(
    players: int, seats: list[SeatSpec], given: int | None, automa: str = "luyu"
) -> int | None:
    """Return the seat that starts (0-based): ``given`` (1-based), else None to draw it, except
    in a solo game against the ``automa`` seat kind, where the person starts.

    Raises:
        CliError: if ``given`` is not a seat.
    """
    if given is not None:
        if not 1 <= given <= players:
            raise CliError(f"--start must be a seat from 1 to {players}, not {given}")
        return given - 1
    if automa and any(spec.kind == automa for spec in seats):
        return next((i for i, spec in enumerate(seats) if spec.kind != automa), 0)
    return None


def run_new(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Start the game the arguments describe; return the exit status.

    Raises:
        CliError: for unusable seats, options or components.
    """
    from ai.agents import make_agent
    from core.errors import ComponentError
    from core.games import find_game
    from core.setup import SetupError, new_setup
    from tea_tui.cli.play import after_game, play_plain, use_color, user_settings
    from tea_tui.game_ui import ui_for
    from tea_tui.session import GameSession

    info = find_game(args.game)
    if args.players is None:
        args.players = 2
    automa = info.automa
    solo = automa is not None and any(
        (text or "").split(":")[0].split("@")[0] == automa.kind for text in args.seat or ()
    )
    if not solo and not info.min_seats <= args.players <= info.max_seats:
        low, high = info.min_seats, info.max_seats
        count = f"{low}" if low == high else f"{low} to {high}"
        raise CliError(f"{info.name} is played by {count} players, not {args.players}")
    seats = seats_from(args.players, args.seat)
    start = start_seat(args.players, seats, args.start, automa.kind if automa else "")
    path = getattr(args, "components", None)
    components = load_component_set(parser, path, game=info.id) if path is not None else None
    options: dict[str, OptionValue] = {"puerh": True} if args.puerh else {}
    options.update(dict.fromkeys(args.variant or (), True))
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    try:
        options = ui_for(info.id).check_options(options)
        setup = new_setup(
            seats, game=info.id, components=components, options=options, start_seat=start
        )
        session = GameSession.start(setup, seed, components=components)
    except (SetupError, ComponentError, ValueError) as exc:
        raise CliError(str(exc)) from None
    for spec in seats:
        if not spec.is_human:
            try:
                make_agent(spec, session.game)
            except ValueError as exc:
                raise CliError(str(exc)) from None
    if args.pace is not None and args.pace < 0:
        raise CliError("--pace must not be negative")
    settings_file, settings = user_settings(args)
    if plain_requested(args):
        status = play_plain(args, session, components, settings)
        _say_seed(args, seats, start, session, plain=True)
        return status
    use_color(args, settings)
    from tea_tui.app import make_app

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
    unsaved = after_game(app)
    _say_seed(args, seats, start, session, plain=False)
    return app.return_code or unsaved


def _say_seed(
    args: argparse.Namespace,
    seats: list[SeatSpec],
    start: int | None,
    session: GameSession,
    *,
    plain: bool,
) -> None:
    """Print (on stderr) the seed and the command that deals the same game again."""
    seed = session.seed
    specs = " ".join(_quoted(f"--seat {spec}") for spec in seats)
    game = "" if args.game == DEFAULT_GAME else f" --game {args.game}"
    puerh = " --puerh" if args.puerh else ""
    first = f" --start {start + 1}" if start is not None else ""
    variants = "".join(f" --variant {name}" for name in session.house_rules)
    mode = " --plain" if plain else ""
    print(
        f"Seed {seed}. The same game again: tea-tui new{game} --players {args.players} {specs}"
        f"{puerh}{variants}{first} --seed {seed}{mode}",
        file=sys.stderr,
    )


def _quoted(option: str) -> str:
    """Return ``--seat SPEC`` with the spec quoted for a shell when it holds a space."""
    flag, _, value = option.partition(" ")
    return f"{flag} {shlex.quote(value)}"
