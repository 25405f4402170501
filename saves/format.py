"""The save file: a versioned, human-readable JSON envelope decoded into typed Structs.

A save holds what it takes to rebuild a game exactly (the setup, the seed and the full move list
in text notation), a SHA-256 of the final state to check the rebuild against, and display
metadata so that a list of saves can be shown without replaying anything. docs/saves.md describes
every field. Decoding never uses pickle: :func:`decode_save` reads JSON with msgspec, upgrades
older format versions (:mod:`saves.migrate`) and checks the result against :class:`SaveFile`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

from core.engine import State
from core.moves import Move
from core.setup import GameSetup
from saves.errors import FutureVersionError, UnreadableSaveError
from saves.migrate import CURRENT_VERSION, FORMAT_NAME, detect_version, upgrade
from saves.summary import SaveMeta, summarize

UtcTime = Annotated[datetime, msgspec.Meta(tz=True)]
"""A time with its UTC offset; tea-tui writes UTC (``...Z``)."""

Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
"""A game seed: a whole number from 0 to 2**63 - 1."""

Sha256 = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
"""A SHA-256 digest in lower-case hex."""


class HintNote(msgspec.Struct, frozen=True, kw_only=True):
    """A hint a player asked for: the search's best moves at that point and their win chances."""

    at: Annotated[int, msgspec.Meta(ge=0)]
    """How many moves had been made when the hint was asked."""
    seat: Annotated[int, msgspec.Meta(ge=0)]
    """The seat that asked."""
    moves: tuple[str, ...]
    """The suggested moves, best first, in text notation."""
    chances: tuple[float, ...]
    """The estimated win chance of each suggested move, in [0, 1]."""


class GameNotes(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """What the app keeps with a game besides the rules' data; the rules never read it.

    Optional and added in tea-tui 0.1 without a format version change: older files lack it and
    decode with the defaults, and older readers ignore it.
    """

    hints: tuple[HintNote, ...] = ()
    """Every hint asked for, in order."""
    colours: tuple[str, ...] = ()
    """The seats' colours by name, when the players chose them; empty for the defaults."""


class SaveFile(msgspec.Struct, kw_only=True):
    """One saved game, in the current format version."""

    format: Literal["tea-tui-save"] = FORMAT_NAME
    """Marks the file as a tea-tui save."""
    format_version: Annotated[int, msgspec.Meta(ge=CURRENT_VERSION, le=CURRENT_VERSION)] = (
        CURRENT_VERSION
    )
    """The version of this layout; older ones are upgraded on loading."""
    app_version: str
    """The tea-tui version that wrote the file."""
    created: UtcTime
    """When the game was started (UTC)."""
    updated: UtcTime
    """When the file was last written (UTC)."""
    meta: SaveMeta
    """What a list of saves shows: title, round, scores, finished, winners."""
    setup: GameSetup
    """Game, seats, options and the component set (id and hash)."""
    seed: Seed
    """The seed of the game's random generator: all setup and draw randomness comes from it."""
    state_sha256: Sha256
    """SHA-256 of the final state's JSON encoding, checked after the replay."""
    moves: list[str]
    """Every move of the game, in order, in text notation (``str(move)``)."""
    notes: GameNotes | msgspec.UnsetType = msgspec.UNSET
    """Hints used and the seats' colours (optional, left out of the file when unset; see
    :class:`GameNotes` and :attr:`game_notes`)."""

    @property
    def game_notes(self) -> GameNotes:
        """The notes, empty when the file has none."""
        return GameNotes() if isinstance(self.notes, msgspec.UnsetType) else self.notes


_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(SaveFile)


def state_hash(state: State) -> str:
    """Return the SHA-256 hex digest of a state's JSON encoding (the snapshot hash).

    The reveal counter (:attr:`core.engine.State.reveals`) is bookkeeping for undo, not the
    game, and is left out, so saves made before it existed keep their hashes. It is the base
    class's only field, so it leads the encoding and is cut off the front.
    """
    data = _ENCODER.encode(state)
    if data.startswith(_REVEALS):
        data = b"{" + data[data.index(b",", len(_REVEALS)) + 1 :]
    return hashlib.sha256(data).hexdigest()


_REVEALS = b'{"reveals":'


def app_version() -> str:
    """Return the installed tea-tui version, or ``unknown`` when it is not installed."""
    try:
        return metadata.version("tea-tui")
    except metadata.PackageNotFoundError:
        return "unknown"


def make_save(
    setup: GameSetup,
    seed: int,
    moves: Sequence[Move | str],
    state: State,
    *,
    created: datetime,
    updated: datetime,
    title: str = "",
    version: str | None = None,
) -> SaveFile:
    """Return the save of a game: its setup, seed and moves, and ``state`` after those moves.

    The caller vouches that ``state`` is the result of the moves; loading checks it. Times are
    stored in UTC.
    """
    return SaveFile(
        app_version=version if version is not None else _APP_VERSION,
        created=created.astimezone(UTC),
        updated=updated.astimezone(UTC),
        meta=summarize(state, title),
        setup=setup,
        seed=seed,
        state_sha256=state_hash(state),
        moves=[m if isinstance(m, str) else str(m) for m in moves],
    )


def encode_save(save: SaveFile) -> bytes:
    """Return the file's bytes: indented JSON, one move per line, ending with a newline."""
    return msgspec.json.format(_ENCODER.encode(save), indent=2) + b"\n"


def decode_save(data: bytes, path: Path) -> tuple[SaveFile, int]:
    """Decode a save's bytes, upgrading an older format; return it and its original version.

    Args:
        data: the file's content.
        path: the file, for error messages.

    Raises:
        UnreadableSaveError: for empty, truncated or non-JSON bytes, JSON that is not a tea-tui
            save, or a save of the wrong shape; the message says which.
        FutureVersionError: for a format version newer than this tea-tui reads.
    """
    try:
        return _DECODER.decode(data), CURRENT_VERSION
    except (msgspec.MsgspecError, RecursionError):
        pass  # find out what is wrong, or upgrade an older version, below
    if not data.strip():
        raise UnreadableSaveError(path, "the file is empty")
    try:
        raw: Any = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise UnreadableSaveError(
            path, f"not valid JSON ({exc}); the file is truncated or damaged"
        ) from None
    except RecursionError:
        raise UnreadableSaveError(
            path, "not a tea-tui save: its JSON is nested far too deeply"
        ) from None
    if not isinstance(raw, dict):
        kind = type(raw).__name__
        raise UnreadableSaveError(path, f"not a tea-tui save (the JSON holds a {kind})")
    try:
        version = detect_version(raw)
    except ValueError as exc:
        raise UnreadableSaveError(path, str(exc)) from None
    if version > CURRENT_VERSION:
        raise FutureVersionError(
            path,
            f"written by a newer tea-tui (save format version {version}; this tea-tui reads "
            f"up to version {CURRENT_VERSION}): update tea-tui to open it",
        )
    try:
        upgraded = upgrade(raw, version)
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise UnreadableSaveError(
            path, f"damaged save of format version {version}: cannot upgrade it ({exc!r})"
        ) from None
    try:
        return msgspec.convert(upgraded, SaveFile), version
    except RecursionError:
        raise UnreadableSaveError(
            path, "not the shape of a tea-tui save: its JSON is nested far too deeply"
        ) from None
    except msgspec.ValidationError as exc:
        detail = f" (after upgrading from version {version})" if version < CURRENT_VERSION else ""
        raise UnreadableSaveError(path, f"not the shape of a tea-tui save{detail}: {exc}") from None


_APP_VERSION = app_version()
