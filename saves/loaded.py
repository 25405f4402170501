"""What the store hands back: an entry of a listing, and a save loaded, replayed and checked."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from core.engine import Game, State
from saves.format import SaveFile
from saves.migrate import CURRENT_VERSION
from saves.replay import Replay
from saves.summary import SaveMeta, summarize


@dataclass(frozen=True)
class SaveEntry:
    """One file in a listing: a readable save with its metadata, or an unreadable file."""

    name: str
    """The name to address it by (``autosave`` for the autosave)."""
    path: Path
    """The file."""
    updated: datetime
    """When it was last saved (the file's own time when it cannot be read)."""
    save: SaveFile | None = None
    """The decoded save (upgraded to the current format); None when unreadable."""
    version: int = CURRENT_VERSION
    """The format version the file is written in."""
    error: str | None = None
    """Why the file cannot be read, or None."""
    is_autosave: bool = False
    """True for the autosave slot."""

    @property
    def meta(self) -> SaveMeta | None:
        """The display metadata, or None when the file cannot be read."""
        return self.save.meta if self.save is not None else None


@dataclass
class LoadedGame:
    """A save read, upgraded, replayed and checked: ready to resume or replay."""

    name: str
    """The save's name (or the file's stem for a file loaded by path)."""
    path: Path
    """The file it came from."""
    save: SaveFile
    """The file's content in the current format."""
    game: Game
    """The game rebuilt from the setup."""
    replay: Replay
    """Every state of the game (see :class:`~saves.replay.Replay`)."""
    version: int = CURRENT_VERSION
    """The format version the file is written in."""
    warnings: list[str] = field(default_factory=list)
    """Problems accepted on loading (a snapshot mismatch when allowed)."""

    @property
    def state(self) -> State:
        """A new copy of the state after the last move, to go on playing from."""
        return self.replay.state_at(len(self.replay))

    @property
    def meta(self) -> SaveMeta:
        """Display metadata, worked out afresh from the replayed state."""
        return summarize(self.replay.final, self.save.meta.title)
