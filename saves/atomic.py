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
import stat
import time
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
PENDING_SUFFIX = ".pending"
"""A backup being made ends with this (in the backups folder) until it is rotated in."""
MAX_READ = 16 * 1024 * 1024
"""The largest file tea-tui reads as a save or a component set (a save is a few KB)."""
FILE_MODE = 0o600
"""Saves and settings are the player's alone (tea-tui runs on shared SSH hosts)."""
FOLDER_MODE = 0o700
"""Folders tea-tui creates are the player's alone."""
STALE_AFTER = 3600.0
"""Seconds after which a leftover temporary file of no known writer counts as abandoned."""


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
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is too long for the file system"
    if exc.errno == errno.ELOOP:
        return "a loop of symbolic links"
    if exc.errno == errno.ENOTDIR:
        return "a part of the path is a file, not a folder"
    return exc.strerror or str(exc)


def file_problem(path: Path) -> str | None:
    """Return why ``path`` cannot be read as a save file, or None if it is a regular file.

    Symbolic links are followed; a link to nothing, a loop of links, a folder, a device or a
    pipe each get their own plain reason.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            return "a symbolic link to nothing (its target is gone)"
        return "no such file"
    except OSError as exc:
        return describe_os_error(exc)
    except ValueError:  # a name the system cannot hold (a NUL character)
        return "not a possible file name"
    if stat.S_ISDIR(info.st_mode):
        return "a folder, not a save file"
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file (a device, a pipe or a socket)"
    if info.st_size > MAX_READ:
        return f"too large to be a save ({info.st_size:,} bytes; the limit is {MAX_READ:,})"
    return None


def read_bytes(path: Path, *, limit: int = MAX_READ) -> bytes:
    """Return a regular file's content, of at most ``limit`` bytes.

    Devices, pipes and folders are refused without being opened for reading (so ``/dev/zero``
    or a FIFO never blocks or fills memory), and a file that grows past ``limit`` while read is
    refused too.

    Raises:
        SaveNotFoundError: if there is no such file.
        SaveError: if it cannot be read (permissions, a folder, a device, too large, ...).
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        problem = file_problem(path)
        raise SaveNotFoundError(path, problem or "no such file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read it: {describe_os_error(exc)}") from None
    except ValueError:
        raise SaveNotFoundError(path, "not a possible file name") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(path, "cannot read it: a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(
                path, "cannot read it: not a regular file (a device, a pipe or a socket)"
            )
        if info.st_size > limit:
            raise SaveError(
                path,
                f"cannot read it: too large ({info.st_size:,} bytes; the limit is {limit:,})",
            )
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise SaveError(path, f"cannot read it: larger than the limit of {limit:,} bytes")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(path, f"cannot read it: {describe_os_error(exc)}") from None
    finally:
        os.close(fd)


def make_folder(folder: Path) -> None:
    """Create ``folder`` and its missing parents, private to the player (mode 0700).

    Raises:
        OSError: if it cannot be created.
    """
    missing: list[Path] = []
    current = folder
    while not current.exists() and current != current.parent:
        missing.append(current)
        current = current.parent
    for part in reversed(missing):
        try:
            part.mkdir(mode=FOLDER_MODE)
        except FileExistsError:
            if not part.is_dir():
                raise
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(folder))


def clean_leftovers(folder: Path, *, now: float | None = None) -> list[Path]:
    """Remove the temporary files that writers killed mid-write left in ``folder`` and its
    ``backups`` folder; return what was removed.

    A leftover names the process that made it; it is removed once that process is gone (or,
    for a name without one, once it is over an hour old), so a write still under way in another
    process is never disturbed. Nothing but tea-tui's own dot-named temporary files is touched.
    """
    removed: list[Path] = []
    moment = time.time() if now is None else now
    for place in (folder, folder / "backups"):
        try:
            children = list(place.iterdir())
        except OSError:
            continue
        for child in children:
            name = child.name
            if not name.startswith(".") or not name.endswith((TMP_SUFFIX, PENDING_SUFFIX)):
                continue
            if not _abandoned(child, moment):
                continue
            with suppress(OSError):
                child.unlink()
                removed.append(child)
    return removed


def _abandoned(path: Path, now: float) -> bool:
    """True if no live process is writing ``path`` (see :func:`clean_leftovers`)."""
    parts = path.name.split(".")
    pid = next((int(p[1:]) for p in parts if p.startswith("p") and p[1:].isdigit()), None)
    if pid is not None:
        if pid == os.getpid():
            return False
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except OSError:
            return False  # alive, but another user's
        return False
    try:
        return now - path.lstat().st_mtime > STALE_AFTER
    except OSError:
        return False


def _temp_name(path: Path, suffix: str) -> str:
    """A dot-named temporary name beside ``path``'s, naming this process."""
    return f".{path.name}.p{os.getpid()}.{secrets.token_hex(4)}{suffix}"


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
        make_folder(folder)
    except OSError as exc:
        raise SaveWriteError(
            folder, f"cannot create the folder: {describe_os_error(exc)}"
        ) from None
    tmp = folder / _temp_name(path, TMP_SUFFIX)
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
        make_folder(dest.parent)
        try:
            with _folder_lock(dest.parent):
                _create_exclusive(src, dest)
        except OSError as exc:
            if exc.errno != errno.EXDEV:
                raise
            # Another file system (the autosave's folder may be elsewhere): copy it over.
            write_atomic(dest, read_bytes(src), overwrite=False)
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
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(tmp, flags, FILE_MODE)
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
    make_folder(backups_dir)
    pending = backups_dir / _temp_name(path, PENDING_SUFFIX)
    try:
        os.link(path, pending)
    except OSError:
        _write_new_file(pending, path.read_bytes(), durable=False)
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
