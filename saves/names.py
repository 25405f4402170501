"""Save names and the files of a saves folder: which names are allowed, how a file is listed,
and how odd file names are shown in messages."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from saves.atomic import TMP_SUFFIX, describe_os_error, file_problem
from saves.errors import SaveError
from saves.paths import AUTOSAVE_NAME, SUFFIX

MAX_NAME = 64
"""The longest save name, in characters."""

NAME_PATTERN = re.compile(r"[^\W_][\w .-]*")
"""What a save name looks like (see :func:`check_name`)."""


def check_name(name: str) -> str:
    """Return ``name`` if it can name a save, else raise.

    A name starts with a letter or digit and goes on with letters, digits, spaces, ``-``,
    ``_`` and ``.`` (at most 64 characters, not ending with a space or dot); ``autosave`` is
    taken by the autosave.

    Raises:
        ValueError: saying what a name may hold.
    """
    if not NAME_PATTERN.fullmatch(name) or len(name) > MAX_NAME or name.endswith((" ", ".")):
        raise ValueError(
            f"{shown(name)!r} cannot name a save: use up to {MAX_NAME} letters, digits, spaces, "
            "'-', '_' and '.', starting with a letter or digit"
        )
    if name.lower() == AUTOSAVE_NAME:
        raise ValueError(f"{shown(name)!r} is the autosave's name; choose another")
    return name


LONGEST_FILE_NAME = 250
"""Longer names cannot be files on common file systems (255 bytes with the suffix)."""


def save_files(folder: Path, *, every: bool = False) -> list[Path]:
    """Return the ``*.json`` files of a folder (no temporary or hidden files), by name.

    ``every``: also what is named like a save but is not a regular file (a folder, a link to
    nothing, a device), for listings that say why each cannot be read.
    """
    try:
        children = list(folder.iterdir())
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise SaveError(folder, f"cannot list the folder: {describe_os_error(exc)}") from None
    return sorted(
        p
        for p in children
        if p.suffix == SUFFIX
        and not p.name.startswith(".")
        and not p.name.endswith(TMP_SUFFIX)
        and (every or file_problem(p) is None)
    )


def present(path: Path) -> bool:
    """True if something is at ``path`` (a file, folder or link, even a broken one)."""
    try:
        return path.is_symlink() or path.exists()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """True if ``path`` is a folder (False for anything odd, never an error)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def listed_name(path: Path) -> str:
    """The name a file of the saves folder is listed and addressed by: its stem, except for a
    file named like the autosave, which keeps its suffix so as not to shadow the autosave."""
    return path.name if path.stem.lower() == AUTOSAVE_NAME else path.stem


def shown(text: str) -> str:
    """``text`` fit to appear in a message: odd bytes of a file name escaped, and cut short."""
    safe = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return safe if len(safe) <= 80 else safe[:77] + "..."


def mtime(path: Path) -> datetime:
    """When ``path`` (not what it links to) last changed; the epoch if that is unknown."""
    try:
        return datetime.fromtimestamp(path.lstat().st_mtime, UTC)
    except OSError:
        return datetime.fromtimestamp(0, UTC)


def name_from(stem: str) -> str:
    """Turn a file name into a save name: odd characters become ``_``."""
    cleaned = re.sub(r"[^\w .-]", "_", stem).strip(" ._")[:MAX_NAME].rstrip(" .")
    if not cleaned or cleaned.lower() == AUTOSAVE_NAME:
        cleaned = f"imported {cleaned}".strip()
    return check_name(cleaned)
