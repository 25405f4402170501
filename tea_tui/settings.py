"""The player's settings, kept as a small JSON file in the user config folder.

    ~/.config/tea-tui/settings.json        (platformdirs' user config dir on Linux)
    DIR/config/settings.json               with --data-dir DIR or TEA_TUI_DATA_DIR=DIR

:func:`load_settings` never fails: a missing file gives the defaults, and a damaged one gives the
defaults plus a warning that names the file (the file is left as it is until the player saves
new settings). :func:`save_settings` writes atomically (a temporary file, then a rename).
This module imports no Textual, so the command line can read the settings before the app starts.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

import msgspec

from core.games import DEFAULT_GAME

APP_NAME = "tea-tui"
FILE_NAME = "settings.json"
DATA_DIR_ENV = "TEA_TUI_DATA_DIR"
"""The environment variable that moves every tea-tui file under one folder (as for saves)."""

Theme = Literal["dark", "light"]
ColorDepth = Literal["auto", "16", "256", "truecolor"]
THEMES: dict[str, str] = {"dark": "textual-dark", "light": "textual-light"}
"""Our theme names -> Textual's."""
COLOR_SYSTEMS: dict[str, str] = {"16": "standard", "256": "256", "truecolor": "truecolor"}
"""Our colour depths -> Rich's colour systems (``auto`` lets the terminal say)."""
PACES: tuple[float, ...] = (0.0, 0.15, 0.4, 0.8, 1.5, 3.0)
"""Seconds an AI move stays on screen at least, from fastest to slowest."""


class SetupMemory(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The last game set up on the new-game screen, offered again next time."""

    game: str = DEFAULT_GAME
    """The game, by registry id."""
    seats: list[str] = msgspec.field(default_factory=lambda: ["human", "mcts:normal"])
    """Seat specs (``human@Ann``, ``mcts:normal``), one per seat."""
    colours: list[str] = msgspec.field(default_factory=list)
    """The seats' colours by name; empty for the defaults."""
    switches: list[str] = msgspec.field(default_factory=list)
    """The game's switches that were on (Tea Garden's ``puerh``)."""
    puerh: bool = False
    """Settings written before switches: whether Tea Garden's Puerh expansion was on (read
    as the switch ``puerh``; no longer written)."""
    start: int | None = None
    """The seat that took the first turn, when the player chose it (a solo game)."""
    house_rules: list[str] = msgspec.field(default_factory=list)
    """The house rules switched on (option names of the game)."""


class Settings(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Everything the settings screen changes."""

    theme: Theme = "dark"
    """Light or dark colours."""
    color: ColorDepth = "auto"
    """Colours the terminal can show; ``auto`` trusts it (over SSH it often under-reports)."""
    pace: float = 0.4
    """Seconds each AI move stays on screen at least."""
    confirm: bool = True
    """Ask before irreversible steps: passing, and paying for a card slot."""
    keys: dict[str, str] = msgspec.field(default_factory=dict)
    """Key remapping: binding id -> keys (comma-separated), as Textual keymaps take them."""
    last_setup: SetupMemory = msgspec.field(default_factory=SetupMemory)
    """The last game set up, for the new-game screen."""


def config_dir(
    data_dir: Path | str | None = None, environ: Mapping[str, str] | None = None
) -> Path:
    """Return the folder of the settings file: ``DIR/config`` under a data dir (given, else
    ``$TEA_TUI_DATA_DIR``), else the platform's user config folder."""
    env = os.environ if environ is None else environ
    base = str(data_dir) if data_dir is not None and str(data_dir) else env.get(DATA_DIR_ENV, "")
    if base:
        return Path(base).expanduser() / "config"
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def settings_path(data_dir: Path | str | None = None) -> Path:
    """Return the settings file (see :func:`config_dir`)."""
    return config_dir(data_dir) / FILE_NAME


SETTINGS_LIMIT = 1 << 20
"""The largest settings file read (bytes)."""


def _read_plain_file(path: Path, limit: int) -> bytes | None:
    """Return the bytes of ``path`` if it is a regular file of at most ``limit`` bytes, else
    None (a folder, a device, too large, unreadable), opened as ``saves.atomic.read_bytes``
    opens files, so a pipe or a device never blocks.

    The usual case is read here because the saves package, which has the reader that names
    every problem, takes a tenth of a second to import, and the title screen's first frame
    waits for the settings.

    Raises:
        FileNotFoundError: if there is no such file.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, 1 << 16):
            size += len(chunk)
            if size > limit:
                return None
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def load_settings(path: Path) -> tuple[Settings, str]:
    """Return the settings in ``path`` and a warning ("" when all is well).

    A missing file gives the defaults silently; an unreadable or malformed one (a folder, a
    device, a huge or deeply nested file) gives the defaults and a warning naming the file and
    the problem. The file is never changed.
    """
    try:
        data = _read_plain_file(path, SETTINGS_LIMIT)
    except FileNotFoundError:
        return Settings(), ""
    if data is None:  # something odd: the saves package's reader says what
        from saves.atomic import read_bytes
        from saves.errors import SaveError, SaveNotFoundError

        try:
            data = read_bytes(path, limit=SETTINGS_LIMIT)
        except SaveNotFoundError:
            return Settings(), ""
        except SaveError as exc:
            return Settings(), f"{exc}; the settings are left as they are, using defaults"
    try:
        return msgspec.json.decode(data, type=Settings), ""
    except msgspec.MsgspecError as exc:
        return Settings(), f"{path}: the settings cannot be read ({exc}); using defaults"
    except RecursionError:
        return (
            Settings(),
            f"{path}: the settings cannot be read (nested too deeply); using defaults",
        )


def save_settings(settings: Settings, path: Path) -> None:
    """Write ``settings`` to ``path`` atomically and privately (0600, folders 0700).

    Raises:
        OSError: if the file cannot be written (the old one is then intact).
    """
    from saves.atomic import write_atomic
    from saves.errors import SaveError

    data = msgspec.json.format(msgspec.json.encode(settings), indent=2) + b"\n"
    try:
        write_atomic(path, data)
    except SaveError as exc:
        raise OSError(0, exc.problem) from None


def nearest_pace(pace: float, step: int) -> float:
    """Return the pace ``step`` places slower (+) or faster (-) than the one nearest ``pace``."""
    nearest = min(range(len(PACES)), key=lambda i: abs(PACES[i] - pace))
    return PACES[max(0, min(len(PACES) - 1, nearest + step))]
