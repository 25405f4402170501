"""The ``tea-tui`` command line.

``tea-tui`` alone checks the component set and says what is ready; ``tea-tui saves ...`` lists,
shows, exports, imports, deletes and restores saved games (see :mod:`tea_tui.saves_cli`).
Options common to every command (``--components``, ``--data-dir``) may come before or after the
command's name.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from tea_tui import __version__
from tea_tui.common import CliError, common_options, load_component_set
from tea_tui.saves_cli import add_saves_parser, run_saves


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``tea-tui`` command."""
    parser = argparse.ArgumentParser(
        prog="tea-tui",
        description="Play the board game Tea Garden in the terminal.",
        epilog="Without a command, tea-tui checks the component set and says what is ready. "
        "See `tea-tui saves --help` for saved games.",
    )
    parser.add_argument("--version", action="version", version=f"tea-tui {__version__}")
    common_options(parser, top=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_saves_parser(commands, lambda p: common_options(p, top=False))
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
        components = load_component_set(parser, args.components)
    except CliError as exc:
        print(f"tea-tui: {exc}", file=sys.stderr)
        return 2
    print(
        f"tea-tui {__version__}: not yet playable. The rules engine is being built; "
        f"the component set '{components.id}' ({components.name}) loads and checks out."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
