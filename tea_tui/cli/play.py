"""The commands that open the app: ``tea-tui`` (the title screen), ``load NAME``, ``continue``
and ``replay NAME``, and what they share with ``new``: the settings, the colour depth and the
saves folder.

A save that cannot be opened is reported before the app starts, with the store's message (which
names the file and the problem), and the command exits with status 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.games import DEFAULT_GAME
from tea_tui.cli.common import CliError, add_plain_option, load_component_set, plain_requested
from tea_tui.safe_text import clean_lines
from tea_tui.settings import COLOR_SYSTEMS, Settings, load_settings, settings_path

if TYPE_CHECKING:
    from tea_tui.app import TeaApp
    from tea_tui.session import GameSession


def add_play_parsers(commands: Any, common: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add ``load``, ``continue`` and ``replay`` to ``commands`` (a subparsers object)."""
    load = commands.add_parser(
        "load",
        help="play a saved game on",
        description="Open a saved game and play on from where it was saved.",
    )
    common(load)
    load.add_argument("name", metavar="NAME", help="the save's name (see `tea-tui saves`)")
    add_plain_option(load)
    cont = commands.add_parser(
        "continue",
        help="go on with the last game (the autosave)",
        description="Go on with the game you were playing: the autosave.",
    )
    common(cont)
    add_plain_option(cont)
    replay = commands.add_parser(
        "replay",
        help="watch a saved game move by move",
        description="Step through a saved or finished game: ←/→ a move, Home/End, "
        "PgUp/PgDn a round.",
    )
    common(replay)
    replay.add_argument("name", metavar="NAME", help="the save's name, or 'autosave'")
    add_plain_option(replay)


def user_settings(args: argparse.Namespace) -> tuple[Path, Settings]:
    """Return the settings file and the settings the command runs with."""
    path = settings_path(getattr(args, "data_dir", None))
    settings, warning = load_settings(path)
    if warning:
        print(f"tea-tui: {clean_lines(warning)}", file=sys.stderr)
    return path, settings


def use_color(args: argparse.Namespace, settings: Settings) -> None:
    """Set the colour depth from ``--color`` or the settings, before Textual starts."""
    color = getattr(args, "color", None) or settings.color
    system = COLOR_SYSTEMS.get(color)
    if system is None:
        return
    os.environ["TEXTUAL_COLOR_SYSTEM"] = system
    constants = sys.modules.get("textual.constants")
    if constants is not None:  # already imported (tests): Textual reads it when an app starts
        constants.COLOR_SYSTEM = system  # type: ignore[attr-defined]


def components_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> object | None:
    """The component set of ``--components`` for ``--game`` (Tea Garden's when the command has
    no ``--game``), or None: the built-in one, loaded when needed.

    Raises:
        CliError: if the file is not a usable component set.
    """
    path = getattr(args, "components", None)
    game = components_game(args)
    return None if path is None else load_component_set(parser, path, game=game)


def components_game(args: argparse.Namespace) -> str:
    """The game ``--components`` is for: ``--game``, or Tea Garden's for a command without one."""
    return getattr(args, "game", None) or DEFAULT_GAME


def run_title(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``tea-tui`` alone: the title screen."""
    components = components_of(parser, args)
    path, settings = user_settings(args)
    use_color(args, settings)
    from tea_tui.app import make_title_app

    app = make_title_app(
        data_dir=args.data_dir,
        settings_file=path,
        components=components,
        components_game=components_game(args),
        theme=args.theme,
    )
    app.run()
    unsaved = after_game(app)
    return app.return_code or unsaved


def run_play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``load NAME``, ``continue`` and ``replay NAME``."""
    components = components_of(parser, args)
    path, settings = user_settings(args)
    from saves import SaveError, SaveStore, resolve_paths

    store = SaveStore(resolve_paths(args.data_dir), components=components)
    try:
        if args.command == "continue":
            loaded = store.resume()
            if loaded is None:
                raise CliError(
                    f"there is no game to continue (no autosave in {store.paths.state_dir}); "
                    "start one with `tea-tui new` or `tea-tui`",
                    status=1,
                )
        else:
            loaded = store.load(args.name)
    except SaveError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return 1
    for warning in loaded.warnings:  # damaged notes left out; the file stays as it is
        print(f"tea-tui: {clean_lines(warning)}", file=sys.stderr)
    from tea_tui.persist import NotPlayableError, session_from_save

    common: dict[str, Any] = {
        "data_dir": args.data_dir,
        "settings_file": path,
        "components": components,
        "theme": args.theme,
        "autosave": True,
    }
    if args.command == "replay" and plain_requested(args):  # the game's story, as lines
        from tea_tui.plain import tell_game

        try:
            session = session_from_save(loaded).session
        except NotPlayableError as exc:
            print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
            return 1
        tell_game(session)
        return 0
    if args.command == "replay":
        use_color(args, settings)
        from tea_tui.app import TeaApp

        app = TeaApp(replay=loaded, **common)
        app.run()
        return app.return_code or 0
    try:
        session = session_from_save(loaded).session
    except NotPlayableError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return 1
    if plain_requested(args):  # no Textual at all: the game as lines of text
        from tea_tui.plain import run_plain

        return run_plain(session, store=store, confirm=settings.confirm)
    use_color(args, settings)
    from tea_tui.ai_seats import prepare_processes
    from tea_tui.app import TeaApp

    prepare_processes()  # MCTS seats, hints and the end screen's analysis think in processes
    app = TeaApp(session, **common)
    app.run()
    unsaved = after_game(app)
    return app.return_code or unsaved


def play_plain(
    args: argparse.Namespace,
    session: GameSession,
    components: object | None,
    settings: Settings,
) -> int:
    """Play ``session`` in plain mode (:mod:`tea_tui.plain`), autosaving as the app does."""
    from saves import SaveStore, resolve_paths
    from tea_tui.plain import run_plain

    store = SaveStore(resolve_paths(getattr(args, "data_dir", None)), components=components)
    return run_plain(session, store=store, confirm=settings.confirm)


def after_game(app: TeaApp) -> int:
    """Say on the terminal how to go on with a game left unfinished, or that it could not be
    saved; return 1 in that case (unless it was saved to a file elsewhere), else 0."""
    session = app.session
    note, elsewhere = app.unsaved_note()
    if note:
        print(f"tea-tui: {clean_lines(note)}", file=sys.stderr)
        return 0 if elsewhere else 1
    if session is not None and not session.is_over() and app.autosaving:
        print("The game is saved: `tea-tui continue` goes on with it.", file=sys.stderr)
    return 0
