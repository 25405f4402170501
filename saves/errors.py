"""The errors of the saves package: each names the file and says what is wrong with it.

Every operation that fails raises a :class:`SaveError` and leaves the files it touched as they
were: nothing is deleted, truncated or overwritten by a failed load, save, import or export.
"""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """Base class: a save operation failed on ``path`` because of ``problem``."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        """The file (or folder) concerned."""
        self.problem = problem
        """What is wrong, in words, without the path."""
        super().__init__(f"{self.path}: {problem}")


class SaveNotFoundError(SaveError):
    """No save of that name (or no file at that path)."""


class SaveExistsError(SaveError):
    """A save of that name (or a file at that path) exists and would be overwritten."""


class UnreadableSaveError(SaveError):
    """The file is not a save tea-tui can read: truncated, not JSON, or the wrong shape."""


class FutureVersionError(UnreadableSaveError):
    """The file was written by a newer tea-tui, in a format version this one does not know."""


class IncompatibleSaveError(SaveError):
    """The save is well formed but cannot be played here: other components, unknown options."""


class ReplayError(SaveError):
    """A move of the save's move list cannot be read or breaks the rules."""

    def __init__(self, path: Path | str, problem: str, index: int) -> None:
        self.index = index
        """The 0-based index of the offending move in the move list."""
        super().__init__(path, problem)


class SnapshotMismatchError(SaveError):
    """Replaying the moves does not give the state the file recorded (edited or other rules)."""


class SaveWriteError(SaveError):
    """The file could not be written (read-only or full folder, ...); the old one is intact."""
