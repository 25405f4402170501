"""The ``tea-tui`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tea_tui import __version__


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of the ``tea-tui`` command."""
    parser = argparse.ArgumentParser(
        prog="tea-tui",
        description="Play the board game Tea Garden in the terminal.",
    )
    parser.add_argument("--version", action="version", version=f"tea-tui {__version__}")
    parser.add_argument(
        "--components",
        metavar="FILE",
        help="use a component file of your own (TOML) instead of the built-in set; "
        "it is checked and the game stops with a clear message if it is wrong",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    from core.tea_garden.loader import ComponentError, load_components

    user_text = None
    if args.components is not None:
        try:
            with open(args.components, encoding="utf-8") as handle:
                user_text = handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            parser.error(f"cannot read the components file {args.components!r}: {exc}")
    try:
        components = load_components(user_text, args.components or "built-in")
    except ComponentError as exc:
        print(f"tea-tui: the component set cannot be used:\n{exc}", file=sys.stderr)
        return 2
    print(
        f"tea-tui {__version__}: not yet playable. The rules engine is being built; "
        f"the component set '{components.id}' ({components.name}) loads and checks out."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
