"""What the commands of the ``tea-tui`` command line share: common options, the component set."""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping

from core.games import DEFAULT_GAME
from tea_tui.settings import DATA_DIR_ENV as ENV_VAR

PLAIN_ENV = "TEA_TUI_PLAIN"
"""Set to 1 (or yes, true, on) to play games in plain mode, as ``--plain`` does."""


class CliError(Exception):
    """A problem with what the command was given, reported in one line without the usage.

    Args:
        message: what is wrong.
        status: the exit status (2 for bad arguments, 1 for a missing or unusable save).
    """

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


SEED_LIMIT = 2**63
"""Seeds are whole numbers below this (what a save's JSON holds as a signed 64-bit number)."""


def seed_value(text: str) -> int:
    """Read a ``--seed`` value: a whole number from 0 up to 2**63 - 1 (argparse type).

    Raises:
        argparse.ArgumentTypeError: saying what a seed may be.
    """
    try:
        value = int(text.strip(), 10)
    except ValueError:
        value = -1
    if not 0 <= value < SEED_LIMIT:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise argparse.ArgumentTypeError(
            f"{shown!r} is not a seed: use a whole number from 0 to {SEED_LIMIT - 1}"
        )
    return value


def common_options(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """Add the options every command takes; below the top level they must not reset a value
    given before the command name, hence SUPPRESS."""
    default = None if top else argparse.SUPPRESS
    parser.add_argument(
        "--components",
        metavar="FILE",
        default=default,
        help="use a component file of your own (TOML) instead of the built-in set; "
        "it is checked and the game stops with a clear message if it is wrong",
    )
    parser.add_argument(
        "--theme",
        choices=("dark", "light"),
        default=default,
        help="light or dark colours for this run (the settings keep your usual choice)",
    )
    parser.add_argument(
        "--color",
        choices=("auto", "16", "256", "truecolor"),
        default=default,
        help="the colours your terminal shows, when it under-reports them (as over SSH); "
        "default: the settings' choice, else auto",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        default=default,
        help=f"keep saves in DIR/saves, the autosave in DIR/state and the settings in DIR/config "
        f"instead of your user folders (the {ENV_VAR} environment variable does the same)",
    )


def load_component_set(
    parser: argparse.ArgumentParser, path: str | None, *, game: str = DEFAULT_GAME
) -> object:
    """Return the component set named by ``--components`` (the built-in one by default).

    Raises:
        CliError: if the file cannot be read, is not a usable component set (its problems
            are in the message), or the game has no component files.
    """
    from core.errors import ComponentError
    from core.games import find_game, game_module

    module = game_module(find_game(game))
    loader = getattr(module, "load_components", None)
    if loader is None:
        raise CliError(f"{find_game(game).name} has no component files (--components)")
    user_text = None
    if path is not None:
        from pathlib import Path

        from saves.atomic import read_bytes
        from saves.errors import SaveError

        try:
            user_text = read_bytes(Path(path)).decode("utf-8")
        except SaveError as exc:
            raise CliError(f"cannot read the components file: {exc}") from None
        except UnicodeDecodeError as exc:
            raise CliError(
                f"cannot read the components file {path!r}: not UTF-8 text ({exc.reason} at "
                f"byte {exc.start})"
            ) from None
    try:
        components: object = loader(user_text, path or "built-in")
    except ComponentError as exc:
        raise CliError(f"the component set cannot be used:\n{exc}") from None
    return components


def add_plain_option(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """Add ``--plain``: play in plain mode (:mod:`tea_tui.plain`) instead of the full app.

    Given before a command name it holds for the command too, so below the top level the
    option has no default of its own (as :func:`common_options`).
    """
    parser.add_argument(
        "--plain",
        action="store_true",
        default=False if top else argparse.SUPPRESS,
        help="play as plain text lines (for screen readers and simple terminals): the game "
        f"prints its log and a numbered menu, you type keys and commands ({PLAIN_ENV}=1 in "
        "the environment does the same)",
    )


def plain_requested(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> bool:
    """Return True if the game should be played in plain mode: ``--plain`` or the variable."""
    env = os.environ if environ is None else environ
    wanted = env.get(PLAIN_ENV, "").strip().lower() in ("1", "yes", "true", "on")
    return bool(getattr(args, "plain", False)) or wanted
