"""Saved games: the save-file format, its upgrades, the user's folders and the store.

A save is a versioned JSON file holding a game's setup, seed and move list, a hash of the final
state and display metadata (see docs/saves.md). :class:`SaveStore` lists, writes, loads,
deletes (to a trash folder), restores, exports and imports saves; every write is atomic and keeps
rolling backups, and no failed operation touches an existing file.
"""

from saves.errors import (
    FutureVersionError,
    IncompatibleSaveError,
    ReplayError,
    SaveError,
    SaveExistsError,
    SaveNotFoundError,
    SaveWriteError,
    SnapshotMismatchError,
    UnreadableSaveError,
)
from saves.format import (
    GameNotes,
    HintNote,
    SaveFile,
    decode_save,
    encode_save,
    make_save,
    state_hash,
)
from saves.loaded import LoadedGame, SaveEntry
from saves.migrate import CURRENT_VERSION
from saves.names import check_name
from saves.paths import ENV_VAR, SavePaths, resolve_paths
from saves.replay import Replay
from saves.store import SaveStore
from saves.summary import SaveMeta, summarize

__all__ = [
    "CURRENT_VERSION",
    "ENV_VAR",
    "FutureVersionError",
    "GameNotes",
    "HintNote",
    "IncompatibleSaveError",
    "LoadedGame",
    "Replay",
    "ReplayError",
    "SaveEntry",
    "SaveError",
    "SaveExistsError",
    "SaveFile",
    "SaveMeta",
    "SaveNotFoundError",
    "SavePaths",
    "SaveStore",
    "SaveWriteError",
    "SnapshotMismatchError",
    "UnreadableSaveError",
    "check_name",
    "decode_save",
    "encode_save",
    "make_save",
    "resolve_paths",
    "state_hash",
    "summarize",
]
