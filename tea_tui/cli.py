"""The ``tea-tui`` command line.

    tea-tui                        the title screen: continue, new game, load, replays, settings
    tea-tui new [--players N] [--seat SPEC ...] [--start SEAT] [--seed N] [--puerh]
    tea-tui load NAME              play a saved game on
    tea-tui continue               go on with the autosave
    tea-tui replay NAME            step through a saved game
    tea-tui saves ...              list, show, export, import, delete, restore saves
    tea-tui arena ...              AI players against each other
    tea-tui analyse NAME           the costliest decisions of a saved game, by the MCTS

Options common to every command (``--components``, ``--data-dir``, ``--theme``, ``--color``)
may come before or after the command's name. Bad arguments print the usage and exit with 2; a
save that cannot be found or opened exits with 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from tea_tui import __version__
from tea_tui.analysis_cmd import add_analyse_parser, run_analyse
from tea_tui.arena_cmd import add_arena_parser, run_arena_command
from tea_tui.common import CliError, add_plain_option, common_options, plain_requested
from tea_tui.new_cmd import EXAMPLE, add_new_parser, run_new
from tea_tui.play_cmd import add_play_parsers, run_play, run_title
from tea_tui.safe_text import clean_lines
from tea_tui.saves_cli import add_saves_parser, run_saves

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
  tea-tui analyse NAME     the costliest decisions of a saved game, by the MCTS
                           (see tea-tui analyse --help; "analyze" works too)

Games are autosaved after every move. Saves live in your user data folder and the settings in
your user config folder, or all under --data-dir DIR.
"""


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``tea-tui`` command."""
    parser = argparse.ArgumentParser(
        prog="tea-tui",
        description="Play the board game Tea Garden in the terminal.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tea-tui {__version__}")
    common_options(parser, top=True)
    add_plain_option(parser, top=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    def common(sub: argparse.ArgumentParser) -> None:
        common_options(sub, top=False)

    add_new_parser(commands, common)
    add_play_parsers(commands, common)
    add_saves_parser(commands, common)
    add_arena_parser(commands, common)
    add_analyse_parser(commands, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status."""
    try:
        return _run(argv)
    except BrokenPipeError:
        # The reader went away (`tea-tui saves list | head`): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "saves":
            return run_saves(parser, args)
        if args.command == "new":
            return run_new(parser, args)
        if args.command == "arena":
            return run_arena_command(parser, args)
        if args.command in ("analyse", "analyze"):
            return run_analyse(parser, args)
        if args.command in ("load", "continue", "replay"):
            return run_play(parser, args)
        if plain_requested(args):
            return plain_start(parser, args)
        return run_title(parser, args)
    except CliError as exc:
        print(f"tea-tui: {clean_lines(str(exc))}", file=sys.stderr)
        return exc.status


def plain_start(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Plain mode has no title screen: go on with the autosaved game if it is unfinished, else
    start a game of a person against ``mcts:normal``, saying which and how to choose."""
    from saves import SaveError, SaveStore, resolve_paths

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
    args.game = "tea_garden"
    return run_new(parser, args)


if __name__ == "__main__":
    sys.exit(main())
