"""Writing files so that a crash, a full disk or a second process never leaves a torn file.

:func:`write_atomic` writes a temporary file in the destination's folder, flushes and fsyncs it,
then renames it over the destination (``os.replace``, atomic on POSIX and Windows) and fsyncs the
folder. Readers see the old file or the new one, never a mix. Before the rename, the old file is
kept as the newest of a few rolling backups. Writers of one folder take an advisory lock (where
the platform has ``fcntl``), so that two processes do not interleave their backup rotation.
"""

from __future__ import annotations

import errno
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from saves.errors import SaveError, SaveExistsError, SaveNotFoundError, SaveWriteError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

TMP_SUFFIX = ".tmp"
"""Temporary files end with this (and start with a dot); listings skip them."""


def describe_os_error(exc: OSError) -> str:
    """Return a short, plain explanation of a file-system error."""
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "permission denied: the folder or file is read-only or belongs to someone else"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return "no space left: the disk (or your quota) is full"
    if exc.errno == errno.ENOENT:
        return "no such file or folder"
    if exc.errno == errno.EISDIR:
        return "it is a folder, not a file"
    return exc.strerror or str(exc)


def read_bytes(path: Path) -> bytes:
    """Return a file's content.

    Raises:
        SaveNotFoundError: if there is no such file.
        SaveError: if it cannot be read (permissions, a folder, ...).
    """
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise SaveNotFoundError(path, "no such file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read it: {describe_os_error(exc)}") from None


def write_atomic(
    path: Path,
    data: bytes,
    *,
    overwrite: bool = True,
    backups: int = 0,
    backups_dir: Path | None = None,
    durable: bool = True,
) -> None:
    """Write ``data`` to ``path`` atomically.

    Args:
        path: the destination.
        data: the new content.
        overwrite: when False, refuse if ``path`` exists (checked atomically).
        backups: how many earlier versions to keep in ``backups_dir`` as ``STEM.1.SUFFIX``
            (newest) to ``STEM.N.SUFFIX``.
        backups_dir: where backups go (default: a ``backups`` folder beside ``path``).
        durable: fsync the file and its folder (turn off only in tests and benchmarks that
            measure something else).

    Raises:
        SaveExistsError: if ``overwrite`` is False and ``path`` exists.
        SaveWriteError: if the folder or file cannot be written (read-only, full, ...). The
            destination and its backups are then exactly as they were, and no temporary file
            is left behind.
    """
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveWriteError(
            folder, f"cannot create the folder: {describe_os_error(exc)}"
        ) from None
    tmp = folder / f".{path.name}.{secrets.token_hex(4)}{TMP_SUFFIX}"
    try:
        _write_new_file(tmp, data, durable)
        with _folder_lock(folder):
            if not overwrite:
                _create_exclusive(tmp, path)
            else:
                pending = _stash(path, backups_dir or folder / "backups") if backups else None
                try:
                    os.replace(tmp, path)
                except OSError:
                    if pending is not None:
                        pending.unlink(missing_ok=True)
                    raise
                if pending is not None:
                    _rotate(pending, path, backups_dir or folder / "backups", backups)
        if durable:
            _fsync_folder(folder)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveWriteError(path, f"cannot write it: {describe_os_error(exc)}") from None
    finally:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)


def move_exclusive(src: Path, dest: Path) -> None:
    """Move ``src`` to ``dest`` in the same file system, refusing to replace an existing file.

    Raises:
        SaveExistsError: if ``dest`` exists.
        SaveWriteError: if the move fails; ``src`` is then untouched.
    """
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        try:
            with _folder_lock(dest.parent):
                _create_exclusive(src, dest)
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise
            # Another file system (the autosave's folder may be elsewhere): copy it over.
            write_atomic(dest, src.read_bytes(), overwrite=False)
        src.unlink(missing_ok=True)
        _fsync_folder(dest.parent)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveWriteError(src, f"cannot move it to {dest}: {describe_os_error(exc)}") from None


def backup_paths(path: Path, backups_dir: Path, count: int) -> list[Path]:
    """Return the backup files of ``path``, newest first (whether or not they exist)."""
    return [backups_dir / f"{path.stem}.{i}{path.suffix}" for i in range(1, count + 1)]


def _write_new_file(tmp: Path, data: bytes, durable: bool) -> None:
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
    try:
        _write_all(fd, data)
        if durable:
            os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _create_exclusive(src: Path, dest: Path) -> None:
    """Give ``src``'s content the name ``dest`` unless ``dest`` exists.

    ``src`` may or may not remain afterwards; callers remove it with ``missing_ok``.
    """
    try:
        os.link(src, dest)  # fails atomically if dest exists
    except FileExistsError:
        raise SaveExistsError(dest, "a file of that name already exists") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP):
            raise
        # No hard links on this file system: check, then rename, under the folder lock.
        if dest.exists():
            raise SaveExistsError(dest, "a file of that name already exists") from None
        os.replace(src, dest)


def _stash(path: Path, backups_dir: Path) -> Path | None:
    """Keep the current version of ``path`` under a temporary name in ``backups_dir``."""
    if not path.exists():
        return None
    backups_dir.mkdir(parents=True, exist_ok=True)
    pending = backups_dir / f".{path.name}.{secrets.token_hex(4)}.pending"
    try:
        os.link(path, pending)
    except OSError:
        pending.write_bytes(path.read_bytes())
    return pending


def _rotate(pending: Path, path: Path, backups_dir: Path, count: int) -> None:
    """Shift the backups one place older and make ``pending`` the newest.

    The save itself has succeeded by now; if the rotation fails the pending copy is left in the
    backups folder rather than lost.
    """
    names = backup_paths(path, backups_dir, count)
    with suppress(OSError):
        for older, newer in zip(reversed(names[1:]), reversed(names[:-1]), strict=True):
            if newer.exists():
                os.replace(newer, older)
        os.replace(pending, names[0])


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable; best effort, as some file systems refuse it."""
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """Hold an exclusive advisory lock on ``folder`` (a no-op where fcntl is missing)."""
    if fcntl is None or os.name != "posix":
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock
