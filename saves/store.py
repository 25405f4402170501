"""The store of one user's saved games: list, save, load, delete, restore, export, import.

The app and the command line both go through :class:`SaveStore`. It never deletes a save: a
deleted one goes to the trash folder, where :meth:`SaveStore.restore` finds it again, and every
write keeps the previous versions as rolling backups (see :mod:`saves.atomic`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path

import msgspec

from core.engine import State
from core.moves import Move
from core.setup import ComponentMismatchError, GameSetup, SetupError, make_game
from saves.atomic import (
    backup_paths,
    clean_leftovers,
    file_problem,
    move_exclusive,
    read_bytes,
    write_atomic,
)
from saves.errors import (
    IncompatibleSaveError,
    SaveError,
    SaveExistsError,
    SaveNotFoundError,
    SaveWriteError,
    SnapshotMismatchError,
    UnreadableSaveError,
)
from saves.format import (
    GameNotes,
    SaveFile,
    decode_save,
    encode_save,
    make_save,
    state_hash,
)
from saves.loaded import LoadedGame, SaveEntry
from saves.migrate import CURRENT_VERSION
from saves.names import (
    LONGEST_FILE_NAME,
    MAX_NAME,
    check_name,
    is_dir,
    listed_name,
    mtime,
    name_from,
    present,
    save_files,
    shown,
)
from saves.notes import check_notes
from saves.paths import AUTOSAVE_NAME, SUFFIX, SavePaths
from saves.replay import Replay

BACKUPS = 3
"""How many earlier versions of each save are kept."""
_TRASH_STAMP = "%Y%m%dT%H%M%S%fZ"


def _utc_now() -> datetime:
    return datetime.now(UTC)


class SaveStore:
    """One user's saved games, in the folders of :class:`~saves.paths.SavePaths`.

    Args:
        paths: where the files live (see :func:`saves.paths.resolve_paths`).
        components: the component set in use (of the game a save names); None for the game's
            built-in one.
        clock: returns the current UTC time (tests pass a fixed one).
        backups: how many earlier versions of each save to keep.
        durable: fsync every write (only benchmarks of something else turn it off).
    """

    def __init__(
        self,
        paths: SavePaths,
        *,
        components: object | None = None,
        clock: Callable[[], datetime] = _utc_now,
        backups: int = BACKUPS,
        durable: bool = True,
    ) -> None:
        self.paths = paths
        self.components = components
        self.clock = clock
        self.backups = backups
        self.durable = durable
        self.cleaned: list[Path] = self.tidy()
        """The leftovers of killed writers removed when the store was opened."""

    def tidy(self) -> list[Path]:
        """Remove temporary files that writers killed mid-write left behind; return them.

        Writes still under way in other processes are left alone (see
        :func:`saves.atomic.clean_leftovers`). Never raises.
        """
        removed: list[Path] = []
        for folder in (self.paths.saves_dir, self.paths.state_dir, self.paths.trash_dir):
            removed += clean_leftovers(folder)
        return removed

    # --- reading ------------------------------------------------------------------------

    def list_saves(self, *, trash: bool = False) -> list[SaveEntry]:
        """Return the saves (or the trash), newest first, unreadable files included.

        The autosave is listed with the named saves under the name ``autosave``. Files are
        decoded but not replayed; :meth:`load` does the full check.

        Raises:
            SaveError: if the folder exists but cannot be read.
        """
        folder = self.paths.trash_dir if trash else self.paths.saves_dir
        entries = [self._entry(p, listed_name(p)) for p in save_files(folder, every=True)]
        if not trash and present(self.paths.autosave):
            entries.append(self._entry(self.paths.autosave, AUTOSAVE_NAME, autosave=True))
        entries.sort(key=lambda e: e.name)
        entries.sort(key=lambda e: e.updated, reverse=True)
        return entries

    def path_of(self, name: str) -> Path:
        """Return the file of an existing save (``autosave`` for the autosave).

        Raises:
            SaveNotFoundError: naming the folder and the saves there are.
        """
        stripped = name.strip()
        key = stripped.removesuffix(SUFFIX)
        label = shown(key)
        if stripped.lower() == AUTOSAVE_NAME + SUFFIX and present(self.paths.named(key)):
            return self.paths.named(key)  # a file named like the autosave, in the saves folder
        if key == AUTOSAVE_NAME:
            path = self.paths.autosave
        elif not key or "/" in key or "\\" in key or key.startswith(".") or "\0" in key:
            raise SaveNotFoundError(self.paths.saves_dir, f"{label!r} is not a save name")
        elif len(key) > LONGEST_FILE_NAME:
            raise SaveNotFoundError(
                self.paths.saves_dir,
                f"there is no save named {label!r}: that name is {len(key)} characters long "
                f"(save names have at most {MAX_NAME})",
            )
        else:
            path = self.paths.named(key)
        if not present(path):
            names = [shown(p.stem) for p in save_files(self.paths.saves_dir)]
            known = ", ".join(repr(n) for n in names[:10]) if names else "none yet"
            raise SaveNotFoundError(path, f"there is no save named {label!r} (saves here: {known})")
        return path

    def exists(self, name: str) -> bool:
        """Return True if a save of that name exists."""
        try:
            self.path_of(name)
        except SaveNotFoundError:
            return False
        return True

    def read(self, name: str) -> SaveFile:
        """Return a save's content without replaying it.

        Raises:
            SaveNotFoundError, UnreadableSaveError, FutureVersionError: see :meth:`load`.
        """
        path = self.path_of(name)
        return decode_save(read_bytes(path), path)[0]

    def load(self, name: str, *, allow_mismatch: bool = False) -> LoadedGame:
        """Read a save, upgrade it, replay its moves and check the result.

        Args:
            name: the save's name, or ``autosave``.
            allow_mismatch: accept a final state that differs from the recorded snapshot (the
                problem is then in ``warnings``) instead of raising.

        Raises:
            SaveNotFoundError: no such save.
            UnreadableSaveError: the file is damaged or not a save.
            FutureVersionError: a newer tea-tui wrote it.
            IncompatibleSaveError: other components, or an unknown game, option or expansion.
            ReplayError: a move cannot be read or breaks the rules.
            SnapshotMismatchError: the replay does not end in the recorded state.
        """
        path = self.path_of(name)
        return self.load_path(path, allow_mismatch=allow_mismatch, name=name)

    def load_path(
        self, path: Path, *, allow_mismatch: bool = False, name: str | None = None
    ) -> LoadedGame:
        """Like :meth:`load`, for a file anywhere (an export, a file to import)."""
        data = read_bytes(path)
        return self._load_bytes(data, path, name or path.stem, allow_mismatch)

    def resume(self) -> LoadedGame | None:
        """Return the autosaved game, or None when there is no autosave.

        Raises:
            SaveError: as :meth:`load`, when the autosave exists but cannot be resumed.
        """
        if not present(self.paths.autosave):
            return None
        return self.load_path(self.paths.autosave, name=AUTOSAVE_NAME)

    def backups_of(self, name: str) -> list[Path]:
        """Return the existing backups of a save, newest first."""
        path = (
            self.paths.autosave
            if name == AUTOSAVE_NAME
            else self.paths.named(name.removesuffix(SUFFIX))
        )
        found = backup_paths(path, self.paths.backups_dir(path.parent), self.backups)
        return [p for p in found if p.is_file()]

    # --- writing ------------------------------------------------------------------------

    def record(
        self,
        setup: GameSetup,
        seed: int,
        moves: Sequence[Move | str],
        state: State,
        *,
        title: str = "",
        created: datetime | None = None,
    ) -> SaveFile:
        """Return the save of a game in progress (``created`` defaults to now)."""
        now = self.clock()
        return make_save(
            setup, seed, moves, state, created=created or now, updated=now, title=title
        )

    def save(self, name: str, save: SaveFile) -> Path:
        """Write a named save, replacing an earlier version (kept as a backup).

        Raises:
            ValueError: if ``name`` cannot name a save.
            SaveWriteError: if it cannot be written; any earlier version is intact.
        """
        path = self.paths.named(check_name(name))
        self._write(path, save, overwrite=True)
        return path

    def save_as(self, name: str, save: SaveFile) -> Path:
        """Write a new named save; refuse if the name is taken.

        Raises:
            ValueError: if ``name`` cannot name a save.
            SaveExistsError: if a save of that name exists (it is left as it was).
            SaveWriteError: if it cannot be written.
        """
        path = self.paths.named(check_name(name))
        try:
            self._write(path, save, overwrite=False)
        except SaveExistsError:
            raise SaveExistsError(
                path, f"a save named {name!r} already exists (choose another name)"
            ) from None
        return path

    def autosave(self, save: SaveFile) -> Path:
        """Write the autosave slot (the app calls this after every move).

        Raises:
            SaveWriteError: if it cannot be written; the previous autosave is intact.
        """
        self._write(self.paths.autosave, save, overwrite=True)
        return self.paths.autosave

    def save_to(self, path: Path, save: SaveFile) -> Path:
        """Write a save to a file anywhere (to keep a game when the saves folder fails); an
        existing file is never replaced and a missing folder is not created.

        Raises:
            SaveExistsError: if ``path`` exists.
            SaveWriteError: if it cannot be written there.
        """
        target = path / f"tea-tui game{SUFFIX}" if is_dir(path) else path
        self._check_folder(target)
        write_atomic(target, encode_save(save), overwrite=False, durable=self.durable)
        return target

    def _check_folder(self, target: Path) -> None:
        problem = file_problem(target.parent)
        if problem != "a folder, not a save file":
            why = problem or "it is a file, not a folder"
            raise SaveWriteError(
                target, f"cannot write there: the folder {target.parent} is not usable ({why})"
            )

    def keep_copy(self, save: SaveFile | bytes, base: str) -> str:
        """Keep ``save`` (or a file's raw bytes) as a new named save; return the name used.

        The name is ``base``, else ``base 2``, ``base 3``, ...: the first that is free. An
        existing save is never replaced.

        Raises:
            SaveWriteError: if it cannot be written.
        """
        stem = name_from(base)[: MAX_NAME - 5].rstrip(" .")
        for n in range(1, 10_000):
            name = stem if n == 1 else f"{stem} {n}"
            path = self.paths.named(name)
            try:
                if isinstance(save, bytes):
                    write_atomic(path, save, overwrite=False, durable=self.durable)
                else:
                    self._write(path, save, overwrite=False)
            except SaveExistsError:
                continue
            return name
        raise SaveWriteError(self.paths.saves_dir, f"no free name left for {stem!r}")

    def delete(self, name: str) -> Path:
        """Move a save to the trash folder; return where it went.

        Raises:
            SaveNotFoundError: no such save.
            SaveWriteError: it cannot be moved (it is then left in place).
        """
        path = self.path_of(name)
        stamp = self.clock().astimezone(UTC).strftime(_TRASH_STAMP)
        dest = self.paths.trash_dir / f"{path.stem}@{stamp}{SUFFIX}"
        move_exclusive(path, dest)
        return dest

    def restore(self, name: str, *, as_name: str | None = None) -> Path:
        """Bring the most recently deleted save of that name back from the trash.

        Args:
            name: the save's name, or a trash entry's full name ``NAME@TIME``.
            as_name: restore under another name (when the old one has been reused).

        Raises:
            SaveNotFoundError: nothing of that name in the trash.
            SaveExistsError: a save of the name exists already (pass ``as_name``).
        """
        key = name.strip().removesuffix(SUFFIX)
        trashed = [p for p in save_files(self.paths.trash_dir) if p.stem.split("@")[0] == key]
        exact = [p for p in save_files(self.paths.trash_dir) if p.stem == key]
        found = exact or sorted(trashed)
        if not found:
            raise SaveNotFoundError(self.paths.trash_dir, f"no deleted save named {key!r}")
        src = found[-1]
        base = src.stem.split("@")[0]
        if as_name is None and base == AUTOSAVE_NAME:
            dest = self.paths.autosave
        else:
            dest = self.paths.named(check_name(as_name or base))
        try:
            move_exclusive(src, dest)
        except SaveExistsError:
            raise SaveExistsError(
                dest, "a save of that name exists already; restore it under another name"
            ) from None
        return dest

    def export(self, name: str, dest: Path, *, overwrite: bool = False) -> Path:
        """Copy a save's file, byte for byte, to ``dest`` (a file, or a folder to put it in).

        Raises:
            SaveNotFoundError: no such save.
            SaveExistsError: ``dest`` exists and ``overwrite`` is False.
            SaveWriteError: ``dest`` cannot be written.
        """
        src = self.path_of(name)
        data = read_bytes(src)
        target = dest / src.name if is_dir(dest) else dest
        self._check_folder(target)
        write_atomic(target, data, overwrite=overwrite, durable=self.durable)
        return target

    def import_file(self, src: Path, *, name: str | None = None, overwrite: bool = False) -> str:
        """Check a save file fully and copy it in as a named save; return the name used.

        Args:
            src: the file to import.
            name: the name to give it; by default the file's name, made fit for a save name.
            overwrite: replace a save of the same name (it is kept as a backup).

        Raises:
            SaveError: from reading or checking ``src`` (naming it), or a name already taken.
            ValueError: if ``name`` cannot name a save.
        """
        data = read_bytes(src)
        self._load_bytes(data, src, src.stem, allow_mismatch=False, strict_notes=True)
        chosen = check_name(name) if name is not None else name_from(src.stem)
        path = self.paths.named(chosen)
        try:
            write_atomic(
                path,
                data,
                overwrite=overwrite,
                backups=self.backups if overwrite else 0,
                backups_dir=self.paths.backups_dir(path.parent),
                durable=self.durable,
            )
        except SaveExistsError:
            raise SaveExistsError(path, f"a save named {chosen!r} already exists") from None
        return chosen

    # --- internals ----------------------------------------------------------------------

    def _write(self, path: Path, save: SaveFile, *, overwrite: bool) -> None:
        now = self.clock().astimezone(UTC)
        data = encode_save(msgspec.structs.replace(save, updated=now))
        write_atomic(
            path,
            data,
            overwrite=overwrite,
            backups=self.backups if overwrite else 0,
            backups_dir=self.paths.backups_dir(path.parent),
            durable=self.durable,
        )

    def _entry(self, path: Path, name: str, *, autosave: bool = False) -> SaveEntry:
        problem = file_problem(path)
        if problem is not None:
            return SaveEntry(name, path, mtime(path), error=problem, is_autosave=autosave)
        try:
            data = read_bytes(path)
            save, version = decode_save(data, path)
        except SaveError as exc:
            return SaveEntry(name, path, mtime(path), error=exc.problem, is_autosave=autosave)
        if version < CURRENT_VERSION:
            # Old formats lack some metadata; a replay works it out (old files are few).
            with suppress(SaveError):
                loaded = self._load_bytes(data, path, name, allow_mismatch=True)
                save = msgspec.structs.replace(save, meta=loaded.meta)
        return SaveEntry(name, path, save.updated, save, version, is_autosave=autosave)

    def _load_bytes(
        self,
        data: bytes,
        path: Path,
        name: str,
        allow_mismatch: bool,
        *,
        strict_notes: bool = False,
    ) -> LoadedGame:
        save, version = decode_save(data, path)
        try:
            game = make_game(save.setup, self.components)
        except ComponentMismatchError as exc:
            raise IncompatibleSaveError(
                path, f"{exc}; start tea-tui with --components FILE for that set"
            ) from None
        except SetupError as exc:
            raise IncompatibleSaveError(path, str(exc)) from None
        replay = Replay.build(game, save.seed, save.moves, path)
        warnings: list[str] = []
        actual = state_hash(replay.final)
        if actual != save.state_sha256:
            problem = (
                f"replaying the {len(replay)} moves does not give the saved state (sha256 "
                f"{actual[:12]}… instead of {save.state_sha256[:12]}…): the file was edited, "
                "or written by a tea-tui whose rules differ from this one's"
            )
            if not allow_mismatch:
                raise SnapshotMismatchError(path, problem)
            warnings.append(problem)
        kept, problems = check_notes(save.game_notes, replay)
        if problems:
            if strict_notes:
                raise UnreadableSaveError(path, "its notes are damaged: " + "; ".join(problems))
            warnings += [f"{p}; that note is left out" for p in problems]
            notes = kept if kept != GameNotes() else msgspec.UNSET
            save = msgspec.structs.replace(save, notes=notes)
        return LoadedGame(name, path, save, game, replay, version, warnings)
