"""``tea-tui saves ...``: list, show, export, import, delete and restore saved games.

Every command goes through :class:`saves.SaveStore`; a failed one prints the store's message,
which names the file and the problem, and exits with status 1. Bad arguments exit with 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from core.games import game_name
from tea_tui.cli.common import load_component_set
from tea_tui.safe_text import clean, clean_lines

if TYPE_CHECKING:
    from core.setup import GameSetup
    from saves import LoadedGame, SaveEntry, SaveError, SaveMeta, SaveStore

LAST_MOVES = 10

Handler = Callable[["SaveStore", argparse.Namespace], int]


def add_saves_parser(
    commands: Any, common: Callable[[argparse.ArgumentParser], None]
) -> argparse.ArgumentParser:
    """Add the ``saves`` command and its sub-commands to ``commands`` (a subparsers object)."""
    saves: argparse.ArgumentParser = commands.add_parser(
        "saves",
        help="list, show, export, import, delete or restore saved games",
        description="Manage saved games. Without an action, list them.",
    )
    common(saves)
    actions = saves.add_subparsers(dest="action", metavar="ACTION")
    saves.set_defaults(handler=_list, trash=False, _parser=saves)

    def action(name: str, handler: Handler, help_text: str) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = actions.add_parser(
            name, help=help_text, description=help_text[0].upper() + help_text[1:] + "."
        )
        common(sub)
        sub.set_defaults(handler=handler, _parser=sub)
        return sub

    listing = action("list", _list, "list saved games, newest first (unreadable files too)")
    listing.add_argument("--trash", action="store_true", help="list deleted saves instead")
    show = action("show", _show, "show a save's setup, scores and last moves")
    show.add_argument("name", metavar="NAME", help="a save's name, 'autosave', or a file path")
    show.add_argument(
        "--moves", type=int, default=LAST_MOVES, metavar="N", help="how many last moves to show"
    )
    export = action("export", _export, "copy a save to a file, to share or keep")
    export.add_argument("name", metavar="NAME", help="the save's name, or 'autosave'")
    export.add_argument("path", metavar="PATH", type=Path, help="a file, or a folder to put it in")
    export.add_argument("--force", action="store_true", help="replace PATH if it exists")
    imp = action("import", _import, "check a save file and add it to your saves")
    imp.add_argument("path", metavar="PATH", type=Path, help="the save file to import")
    imp.add_argument("--name", help="the name to give it (default: the file's name)")
    imp.add_argument("--force", action="store_true", help="replace a save of the same name")
    delete = action("delete", _delete, "move a save to the trash (restore brings it back)")
    delete.add_argument("name", metavar="NAME", help="the save's name, or 'autosave'")
    restore = action("restore", _restore, "bring a deleted save back from the trash")
    restore.add_argument("name", metavar="NAME", help="the deleted save's name")
    restore.add_argument("--as", dest="as_name", metavar="NEW", help="restore under a new name")
    return saves


def run_saves(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run a ``saves`` command; return the exit status."""
    from saves import SaveError, SaveStore, resolve_paths

    components = None
    if args.components is not None and args.handler in (_show, _import):
        components = load_component_set(parser, args.components)
    store = SaveStore(resolve_paths(args.data_dir), components=components)
    handler: Handler = args.handler
    try:
        return handler(store, args)
    except UnicodeError as exc:  # a name the terminal cannot show (never a usage error)
        _print(f"tea-tui: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:  # a name that cannot name a save
        sub: argparse.ArgumentParser = args._parser
        sub.error(str(exc))
    except SaveError as exc:
        _print(f"tea-tui: {exc}", file=sys.stderr)
        return 1


# --- the commands ----------------------------------------------------------------------------


def _list(store: SaveStore, args: argparse.Namespace) -> int:
    paths = store.paths
    entries = store.list_saves(trash=args.trash)
    if args.trash:
        where = f"Deleted saves in {paths.trash_dir}"
        if not entries:
            _print(f"{where}: none.")
            return 0
        _print(f"{where} (bring one back with: tea-tui saves restore NAME)\n")
    else:
        where = f"Saved games in {paths.saves_dir} (autosave: {paths.autosave})"
        if not entries:
            _print(f"No saved games yet. {where}.")
            return 0
        _print(f"{where}\n")
    rows = [("NAME", "UPDATED", "GAME", "ROUND", "SCORES", "STATUS")]
    rows += [_row(e) for e in entries]
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for row in rows:
        _print("  ".join([*(c.ljust(w) for c, w in zip(row, widths, strict=False)), row[5]]))
    unreadable = sum(1 for e in entries if e.error)
    if unreadable:
        _print(
            f"\n{unreadable} {'file' if unreadable == 1 else 'files'} cannot be read; "
            "they are kept as they are. "
            "`tea-tui saves show NAME` says why."
        )
    return 0


def _show(store: SaveStore, args: argparse.Namespace) -> int:
    from saves import SaveError

    target: str = args.name
    as_path = Path(target)
    by_path = "/" in target or "\\" in target
    try:
        game = (
            store.load_path(as_path, allow_mismatch=True)
            if by_path
            else store.load(target, allow_mismatch=True)
        )
    except SaveError as exc:
        _show_unplayable(store, target, as_path if by_path else None, exc)
        return 1
    _print_loaded(game, args.moves)
    for warning in game.warnings:
        _print(f"\nWARNING: {warning}", file=sys.stderr)
    return 1 if game.warnings else 0


def _export(store: SaveStore, args: argparse.Namespace) -> int:
    from saves import SaveExistsError

    try:
        dest = store.export(args.name, args.path, overwrite=args.force)
    except SaveExistsError as exc:
        raise SaveExistsError(exc.path, f"{exc.problem}; add --force to replace it") from None
    _print(f"Exported '{args.name}' to {dest}")
    return 0


def _import(store: SaveStore, args: argparse.Namespace) -> int:
    from saves import SaveExistsError

    try:
        name = store.import_file(args.path, name=args.name, overwrite=args.force)
    except SaveExistsError as exc:
        hint = "; choose another with --name NEW, or replace it with --force"
        raise SaveExistsError(exc.path, exc.problem + hint) from None
    meta = store.read(name).meta
    _print(f"Imported {args.path} as '{name}' ({_status(meta)}).")
    _print(f"  tea-tui saves show '{name}'")
    return 0


def _delete(store: SaveStore, args: argparse.Namespace) -> int:
    dest = store.delete(args.name)
    name = args.name.removesuffix(".json")
    _print(f"Moved '{name}' to the trash: {dest}")
    _print(f"  undo with: tea-tui saves restore '{name}'")
    return 0


def _restore(store: SaveStore, args: argparse.Namespace) -> int:
    dest = store.restore(args.name, as_name=args.as_name)
    _print(f"Restored {dest}")
    return 0


# --- formatting ------------------------------------------------------------------------------


def _print(*parts: object, sep: str = " ", file: Any = None) -> None:
    """Print a line that may hold text from a file: control characters show as escapes."""
    text = sep.join(str(p) for p in parts)
    print(clean_lines(text, None), file=file or sys.stdout)


def _row(entry: SaveEntry) -> tuple[str, str, str, str, str, str]:
    when = _when(entry.updated)
    if entry.save is None:
        return (clean(entry.name, 64), when, "-", "-", "-", f"UNREADABLE: {entry.error}")
    meta, setup = entry.save.meta, entry.save.setup
    label = clean(entry.name, 64)
    title = clean(meta.title, 40)
    name = f"{label} ({title})" if meta.title and meta.title != entry.name else label
    round_ = f"{meta.round}/{meta.rounds}" if meta.round else "?"
    scores = " ".join(str(s) for s in meta.scores) or "?"
    return (name, when, _game_label(setup), round_, scores, _status(meta))


def _when(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _game_label(setup: GameSetup) -> str:
    return f"{game_name(setup.game)} {setup.num_seats}p"


def _seats(seats: Sequence[int]) -> str:
    names = [f"{s + 1}" for s in seats]
    return "seat " + names[0] if len(names) == 1 else "seats " + " and ".join(names)


def _status(meta: SaveMeta) -> str:
    if meta.finished:
        if len(meta.winners) == 1:
            return f"finished, {_seats(meta.winners)} won"
        return f"finished, {_seats(meta.winners)} shared the win"
    if meta.to_move is None:
        return "in progress"
    return f"in progress, {_seats([meta.to_move])} to play"


def _print_loaded(game: LoadedGame, last: int) -> None:
    save, setup, meta = game.save, game.save.setup, game.meta
    title = f"  “{clean(meta.title, 80)}”" if meta.title else ""
    _print(f"{clean(game.name, 80)}{title}")
    fmt = f"format {game.version}"
    if game.version < save.format_version:
        fmt += f", read as format {save.format_version}"
    _print(f"  file        {game.path} ({fmt}; written by tea-tui {clean(save.app_version, 40)})")
    start = "drawn from the seed" if setup.start_seat is None else f"seat {setup.start_seat + 1}"
    _print(f"  game        {_game_label(setup)}, seed {save.seed}, start player {start}")
    digest = f" (sha256 {setup.components_hash[:12]}…)" if setup.components_hash else ""
    _print(f"  components  {clean(setup.components_id, 60)}{digest}")
    options = ", ".join(k for k, v in setup.options.items() if v) or "none"
    _print(f"  options     {options}")
    _print(f"  created     {_when(save.created)}; updated {_when(save.updated)}")
    round_ = f"round {meta.round}/{meta.rounds}, " if meta.round else ""
    _print(f"  status      {round_}{_status(meta)}")
    check = "differs from" if game.warnings else "matches"
    _print(f"  checked     {len(game.replay)} moves replayed; the final state {check} the snapshot")
    _print()
    breakdown = _breakdown(game)
    cats = list(breakdown[0]) if breakdown else []
    header = ["SEAT", "PLAYER", "SCORE", *cats]
    rows = [header]
    for seat, spec in enumerate(setup.seats):
        score = str(meta.scores[seat]) if seat < len(meta.scores) else "?"
        parts = [str(breakdown[seat][c]) for c in cats] if breakdown else []
        mark = " *" if seat in meta.winners else ""
        rows.append([str(seat + 1), str(spec) + mark, score, *parts])
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        _print("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    if meta.winners:
        _print("  (* winner)")
    moves = game.replay.moves
    if moves and last > 0:
        shown = min(last, len(moves))
        _print(f"\n  last {shown} of {len(moves)} moves:")
        for i in range(len(moves) - shown, len(moves)):
            _print(f"  {i + 1:>5}  seat {game.replay.seats[i] + 1}  {clean(str(moves[i]), 80)}")


def _breakdown(game: LoadedGame) -> tuple[dict[str, int], ...]:
    return game.replay.final.score_now()


def _show_unplayable(store: SaveStore, target: str, path: Path | None, exc: SaveError) -> None:
    _print(f"tea-tui: {exc}", file=sys.stderr)
    if path is not None:
        return
    backups = store.backups_of(target.strip().removesuffix(".json"))
    if backups:
        listed = "\n".join(f"  {p}" for p in backups)
        _print(f"Earlier versions of this save are kept in:\n{listed}", file=sys.stderr)
