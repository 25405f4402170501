"""The ``tea-tui`` command line.

    tea-tui                        the title screen: continue, new game, load, replays, settings
    tea-tui new [--players N] [--seat SPEC ...] [--start SEAT] [--seed N] [--puerh]
    tea-tui load NAME              play a saved game on
    tea-tui continue               go on with the autosave
    tea-tui replay NAME            step through a saved game
    tea-tui saves ...              list, show, export, import, delete, restore saves
    tea-tui arena ...              AI players against each other
    tea-tui train ...              learn the AI's evaluation from self-play
    tea-tui analyse NAME           the costliest decisions of a saved game, by the MCTS
    tea-tui serve ...              shared tables over SSH (tea-tui join: on this machine)

Options common to every command (``--components``, ``--data-dir``, ``--theme``, ``--color``)
may come before or after the command's name. Bad arguments print the usage and exit with 2; a
save that cannot be found or opened exits with 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Any

from core.games import DEFAULT_GAME
from tea_tui import __version__
from tea_tui.cli.common import CliError, add_plain_option, common_options, plain_requested
from tea_tui.safe_text import clean_lines

COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("tea_tui.cli.new", "add_new_parser"),
    "load": ("tea_tui.cli.play", "add_play_parsers"),
    "continue": ("tea_tui.cli.play", "add_play_parsers"),
    "replay": ("tea_tui.cli.play", "add_play_parsers"),
    "saves": ("tea_tui.cli.saves", "add_saves_parser"),
    "arena": ("tea_tui.cli.arena", "add_arena_parser"),
    "ladder": ("tea_tui.cli.ladder", "add_ladder_parser"),
    "train": ("tea_tui.cli.train", "add_train_parser"),
    "analyse": ("tea_tui.cli.analyse", "add_analyse_parser"),
    "analyze": ("tea_tui.cli.analyse", "add_analyse_parser"),
    "serve": ("tea_tui.cli.serve", "add_serve_parsers"),
    "join": ("tea_tui.cli.serve", "add_serve_parsers"),
    "web": ("tea_tui.cli.serve", "add_serve_parsers"),
}
"""Each command's module and the function that adds its parser, in the order of ``--help``.

Start-up stays quick because only the module of the command named on the command line is
imported (all of them for ``--help`` or a name that is not a command, so that argparse can list
them); ``tea-tui`` alone imports none.
"""
VALUE_OPTIONS = frozenset(("--components", "--theme", "--color", "--data-dir"))
"""The top-level options that take a value as the next word."""

EPILOG = """\
commands:
  tea-tui                  the title screen (continue, new game, load, replays, settings)
  tea-tui --plain          the game as lines of text, for screen readers: your unfinished
                           game, else a new one (--plain works with new, load, continue, replay)
  tea-tui new              start a game now, e.g. tea-tui new --seat human --seat mcts:hard
                           (solo against Lu Yu: --seat human --seat luyu:hard)
  tea-tui load NAME        play a saved game on
  tea-tui continue         go on with the last game (the autosave)
  tea-tui replay NAME      step through a saved or finished game
  tea-tui saves            list saved games (see tea-tui saves --help)
  tea-tui arena            AI players against each other (see tea-tui arena --help)
  tea-tui train            learn the AI's evaluation from self-play, or measure how well
                           its win chances hold (see tea-tui train --help)
  tea-tui analyse NAME     the costliest decisions of a saved game, by the MCTS
                           (see tea-tui analyse --help; "analyze" works too)
  tea-tui serve            host shared tables over SSH, each player at their own terminal
                           (tea-tui serve --authorized-keys FILE; see tea-tui serve --help)
  tea-tui join             the lobby of a tea-tui server on this machine
  tea-tui web              the shared tables in a browser (textual-serve, on 127.0.0.1)

Games are autosaved after every move. Saves live in your user data folder and the settings in
your user config folder, or all under --data-dir DIR.
"""


def command_named(argv: Sequence[str]) -> str | None:
    """Return the first word of ``argv`` that is not an option or an option's value: the
    command's name, or whatever stands where it should (None when there is none)."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word == "--":
            return None
        elif word.startswith("-"):
            skip = word in VALUE_OPTIONS
        else:
            return word
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """Return the argument parser of the ``tea-tui`` command.

    With ``argv``, only the parser of the command it names is built (and its module imported);
    without one, or when ``argv`` asks for help or names no known command, every command's.
    """
    from core.games import offered_games

    names = " and ".join(g.name for g in offered_games())
    parser = argparse.ArgumentParser(
        prog="tea-tui",
        description=f"Play tea board games in the terminal: {names}.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tea-tui {__version__}")
    common_options(parser, top=True)
    add_plain_option(parser, top=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def common(sub: argparse.ArgumentParser) -> None:
        common_options(sub, top=False)

    wanted = _commands_for(argv)
    added: set[tuple[str, str]] = set()
    for name, (module, adder) in COMMANDS.items():
        if name in wanted and (module, adder) not in added:
            added.add((module, adder))
            getattr(import_module(module), adder)(commands, common)
    return parser


def _commands_for(argv: Sequence[str] | None) -> set[str]:
    """The commands whose parsers ``argv`` needs (see :func:`build_parser`)."""
    if argv is None:
        return set(COMMANDS)
    name = command_named(argv)
    if name in COMMANDS:
        return {name}
    if name is None and not {"-h", "--help"} & set(argv):
        return set()  # the title screen, or plain mode
    return set(COMMANDS)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status."""
    try:
        return _run(argv)
    except BrokenPipeError:
        # The reader went away (`tea-tui saves list | head`): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


RUNNERS: dict[str, tuple[str, str]] = {
    "new": ("tea_tui.cli.new", "run_new"),
    "load": ("tea_tui.cli.play", "run_play"),
    "continue": ("tea_tui.cli.play", "run_play"),
    "replay": ("tea_tui.cli.play", "run_play"),
    "saves": ("tea_tui.cli.saves", "run_saves"),
    "arena": ("tea_tui.cli.arena", "run_arena_command"),
    "ladder": ("tea_tui.cli.ladder", "run_ladder_command"),
    "train": ("tea_tui.cli.train", "run_train_command"),
    "analyse": ("tea_tui.cli.analyse", "run_analyse"),
    "analyze": ("tea_tui.cli.analyse", "run_analyse"),
    "serve": ("tea_tui.cli.serve", "run_serve"),
    "join": ("tea_tui.cli.serve", "run_join"),
    "web": ("tea_tui.cli.serve", "run_web"),
}
"""Each command's module and the function that runs it."""


def _runner(command: str) -> Any:
    module, name = RUNNERS[command]
    return getattr(import_module(module), name)


def _run(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(words)
    args = parser.parse_args(words)
    try:
        if args.command in RUNNERS:
            status: int = _runner(args.command)(parser, args)
            return status
        if plain_requested(args):
            return plain_start(parser, args)
        from tea_tui.cli.play import run_title

        return run_title(parser, args)
    except CliError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return exc.status


def plain_start(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Plain mode has no title screen: go on with the autosaved game if it is unfinished, else
    start a game of a person against ``mcts:normal``, saying which and how to choose."""
    from saves import SaveError, SaveStore, resolve_paths
    from tea_tui.cli.new import EXAMPLE, run_new
    from tea_tui.cli.play import run_play

    store = SaveStore(resolve_paths(args.data_dir))
    try:
        loaded = store.resume()
    except SaveError as exc:  # reported and kept, never overwritten by a new game
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        print(f"tea-tui: start another game with: {EXAMPLE} --plain", file=sys.stderr)
        return 1
    if loaded is not None and not loaded.save.meta.finished:
        print("Going on with your last game (tea-tui continue --plain).")
        args.command = "continue"
        return run_play(parser, args)
    print(f"A new game: you against MCTS normal. Another setup: {EXAMPLE} --plain")
    for name, value in (("players", 2), ("seat", None), ("start", None), ("seed", None)):
        setattr(args, name, value)
    args.puerh, args.variant, args.pace, args.command = False, None, None, "new"
    args.game = DEFAULT_GAME
    return run_new(parser, args)


if __name__ == "__main__":
    sys.exit(main())
