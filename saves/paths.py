"""Where saved games live on disk.

By default named saves go in the user data folder of tea-tui and the autosave in the user state
folder, as platformdirs gives them for this system (on Linux ``~/.local/share/tea-tui/saves`` and
``~/.local/state/tea-tui/autosave.json``). A base folder given with ``--data-dir`` or the
``TEA_TUI_DATA_DIR`` environment variable replaces both, so tests and shared servers can keep
each user's games apart::

    DIR/saves/NAME.json             named saves
    DIR/saves/backups/NAME.N.json   the last 3 earlier versions of each (1 = newest)
    DIR/saves/trash/NAME@TIME.json  deleted saves, restorable
    DIR/state/autosave.json         the autosave
    DIR/state/backups/autosave.N.json
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "tea-tui"
ENV_VAR = "TEA_TUI_DATA_DIR"
"""The environment variable that moves every tea-tui file under one folder."""
AUTOSAVE_NAME = "autosave"
"""The name the autosave is shown and addressed by; no named save may use it."""
SUFFIX = ".json"


@dataclass(frozen=True)
class SavePaths:
    """The folders and files of one user's saved games."""

    saves_dir: Path
    """Named saves, one ``NAME.json`` each."""
    state_dir: Path
    """The autosave's folder."""

    @property
    def autosave(self) -> Path:
        """The autosave file."""
        return self.state_dir / f"{AUTOSAVE_NAME}{SUFFIX}"

    @property
    def trash_dir(self) -> Path:
        """Deleted saves, kept until the user empties the folder."""
        return self.saves_dir / "trash"

    def backups_dir(self, folder: Path) -> Path:
        """The rolling backups of the files in ``folder``."""
        return folder / "backups"

    def named(self, name: str) -> Path:
        """The file of the named save ``name`` (which must already be a checked name)."""
        return self.saves_dir / f"{name}{SUFFIX}"

    @classmethod
    def under(cls, base: Path | str) -> SavePaths:
        """Return the layout with every file under one base folder."""
        root = Path(base).expanduser()
        return cls(saves_dir=root / "saves", state_dir=root / "state")

    @classmethod
    def default(cls) -> SavePaths:
        """Return the platform's user data and state folders for tea-tui."""
        data = platformdirs.user_data_path(APP_NAME, appauthor=False)
        state = platformdirs.user_state_path(APP_NAME, appauthor=False)
        return cls(saves_dir=data / "saves", state_dir=state)


def resolve_paths(
    data_dir: Path | str | None = None, environ: Mapping[str, str] | None = None
) -> SavePaths:
    """Return where saves live: ``data_dir`` if given, else ``$TEA_TUI_DATA_DIR``, else the
    platform's user folders."""
    if data_dir is not None and str(data_dir) != "":
        return SavePaths.under(data_dir)
    env = os.environ if environ is None else environ
    from_env = env.get(ENV_VAR, "")
    if from_env:
        return SavePaths.under(from_env)
    return SavePaths.default()
