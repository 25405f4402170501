"""Games in the app and on disk: a session to a save and back, the autosave, the keeper.

:class:`SaveKeeper` is what the screens use: it autosaves a session after every move, saves it
by name, and, when a new game is about to take the autosave slot, first keeps the game that was
there as a named save, so that starting a game never loses another one. :func:`session_from_save`
rebuilds a session (log, hints and all) from a loaded save; :func:`rebuild` also says where the
log stood after each move, which the replay viewer needs.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from core.engine import Game
from core.moves import Move
from saves import GameNotes, HintNote, LoadedGame, SaveError, SaveFile, SaveStore
from saves.atomic import read_bytes
from saves.names import check_name
from tea_tui.safe_text import clean
from tea_tui.session import GameSession, seat_names

if TYPE_CHECKING:
    from core.setup import GameSetup


class NotPlayableError(Exception):
    """A save the app cannot show (kept for callers: every registered game plays now)."""


def hint_text(
    names: Sequence[str], seat: int, labels: Sequence[str], chances: Sequence[float]
) -> str:
    """Return the log line of a hint: who asked and what the search proposed."""
    who = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
    tops = " · ".join(
        f"{i + 1}. {label} ({chance:.0%})"
        for i, (label, chance) in enumerate(zip(labels, chances, strict=False))
    )
    return f"{who} asked for a hint: {tops}" if tops else f"{who} asked for a hint"


def to_save(store: SaveStore, session: GameSession) -> SaveFile:
    """Return the save of a session (its setup, seed, moves, hints and colours)."""
    save = store.record(
        session.setup(),
        session.seed,
        session.moves,
        session.state,
        title=session.title,
        created=session.created,
    )
    notes = GameNotes(
        hints=tuple(
            HintNote(at=h.at, seat=h.seat, moves=tuple(str(m) for m in h.moves), chances=h.chances)
            for h in session.hints
        ),
        colours=tuple(session.colours),
    )
    if notes == GameNotes():
        return save
    return msgspec.structs.replace(save, notes=notes)


@dataclass
class Rebuilt:
    """A session rebuilt from a save, and how long its log was after each move."""

    session: GameSession
    marks: list[int]
    """``marks[i]``: the number of log entries once ``i`` moves are made (0 = the start)."""
    rounds: list[int]
    """``rounds[i]``: the round being played once ``i`` moves are made."""


def rebuild(
    game: Game,
    seed: int,
    seats: Sequence[object],
    moves: Sequence[Move],
    *,
    names: Sequence[str] | None = None,
    hints: Sequence[HintNote] = (),
    colours: Sequence[str] = (),
    setup: GameSetup | None = None,
) -> Rebuilt:
    """Play ``moves`` into a new session, writing the log as the game did, hint lines included
    (``setup``: the save's, kept as the session's own).

    Raises:
        RulesError: if a move is not legal (a loaded save has been checked already).
    """
    from core.seats import SeatSpec
    from tea_tui.game_ui import ui_for

    specs = [s if isinstance(s, SeatSpec) else SeatSpec.parse(str(s)) for s in seats]
    shown = names or seat_names(specs, game.game_id)
    session = GameSession.new(game, specs, seed, shown, colours, setup)
    ui = ui_for(game.game_id)
    pending = sorted(hints, key=lambda h: h.at)
    marks: list[int] = []
    rounds = [session.turns.round_of(session.state)]

    def note_hints(done: int) -> None:
        while pending and pending[0].at <= done:
            note = pending.pop(0)
            parsed = tuple(game.parse_move(text) for text in note.moves)
            view = session.view(note.seat) if note.seat < game.num_seats else None
            labels = [ui.move_label(session, view, m) for m in parsed]
            session.add_hint(
                note.seat,
                parsed,
                note.chances,
                hint_text(session.names, note.seat, labels, note.chances),
            )

    note_hints(0)
    marks.append(len(session.log))
    for i, move in enumerate(moves):
        session.apply_step([move])
        note_hints(i + 1)
        marks.append(len(session.log))
        rounds.append(session.turns.round_of(session.state))
    if pending:  # a hint recorded past the last move (a damaged note): keep it at the end
        note_hints(pending[-1].at)
        marks[-1] = len(session.log)
    return Rebuilt(session, marks, rounds)


def session_from_save(loaded: LoadedGame) -> Rebuilt:
    """Return the session of a loaded save, ready to play on (or to replay).

    Any registered game plays: one without a UI package of its own through the fallback.
    """
    game = loaded.game
    save = loaded.save
    notes = save.game_notes
    rebuilt = rebuild(
        game,
        save.seed,
        save.setup.seats,
        loaded.replay.moves,
        hints=notes.hints,
        colours=notes.colours,
        setup=save.setup,
    )
    session = rebuilt.session
    session.created = save.created
    session.title = clean(save.meta.title, 80)  # shown in the app and plain mode
    session.save_name = "" if loaded.name == "autosave" else loaded.name
    return rebuilt


class SaveKeeper:
    """Saves the game on screen: the autosave after every move, named saves on request.

    The autosave is built on the caller's thread (cheap) and written by a background thread
    (an fsync can take milliseconds), newest first: a write still waiting is replaced by a newer
    one. :meth:`flush` waits for the last write; the app calls it before it exits.

    Args:
        store: the player's saves.
    """

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self._claimed: set[int] = set()
        """Sessions (by id) that have made sure the autosave slot is theirs."""
        self._lock = threading.Condition()
        self._waiting: SaveFile | None = None
        self._busy = False
        self._errors: list[str] = []
        self._failure: str | None = None
        self.elsewhere: tuple[Path, int] | None = None
        """The file the game was last saved to by :meth:`save_to`, and its number of moves."""
        self._thread: threading.Thread | None = None

    @property
    def failure(self) -> str | None:
        """Why the newest autosave could not be written, or None when it was (or none was
        asked for yet). Callers :meth:`flush` first to know about the last move."""
        with self._lock:
            return self._failure

    def unsaved_note(self) -> str:
        """What to tell a player who leaves while the autosave fails ("" when it works)."""
        if self.saved():
            return ""
        failure = (self.failure or "The game could not be autosaved").rstrip(".") + "."
        if self.elsewhere is not None:
            path, done = self.elsewhere
            return f"{failure} The game was saved to the file {path} after move {done}."
        return f"{failure} The game is NOT saved."

    def saved(self) -> bool:
        """Wait for the autosaves asked for; return False if the newest one failed (True
        also when none was asked for)."""
        self.flush()
        with self._lock:
            return self._failure is None

    def autosave(self, session: GameSession, *, wait: bool = False) -> str:
        """Autosave the session; return a note for the player ("" when there is none).

        The first autosave of a session keeps the other game found in the slot as a named save,
        and the note says so. If that game cannot be kept, the slot is left alone (the new game
        is then not autosaved, and :attr:`failure` says why) and the next autosave tries again.
        A failed write shows up in :meth:`take_errors` and :attr:`failure`.
        """
        note = ""
        if id(session) not in self._claimed:
            self.flush()
            try:
                note = self._keep_previous(session)
            except SaveError as exc:
                message = (
                    f"The game could not be autosaved: the game already in the autosave could "
                    f"not be kept first ({exc})"
                )
                with self._lock:
                    self._failure = message
                    self._errors.append(message)
                if wait:
                    self.flush()
                return ""
            self._claimed.add(id(session))
        save = to_save(self.store, session)
        with self._lock:
            self._waiting = save
            if self._thread is None:
                self._thread = threading.Thread(target=self._write_loop, daemon=True)
                self._thread.start()
            self._lock.notify_all()
        if wait:
            self.flush()
        return note

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every autosave asked for is written (or ``timeout`` seconds pass)."""
        with self._lock:
            self._lock.wait_for(lambda: self._waiting is None and not self._busy, timeout)

    def take_errors(self) -> list[str]:
        """Return the autosave failures since the last call, and forget them."""
        with self._lock:
            errors, self._errors = self._errors, []
        return errors

    def _write_loop(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._waiting is not None)
                save, self._waiting = self._waiting, None
                self._busy = True
            assert save is not None
            try:
                self.store.autosave(save)
            except SaveError as exc:
                with self._lock:
                    if self._failure is None:  # told once, until a save works again
                        self._errors.append(f"The game could not be autosaved: {exc}")
                    self._failure = f"The game could not be autosaved: {exc}"
            else:
                with self._lock:
                    self._failure = None
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def save(self, session: GameSession, name: str | None = None) -> Path:
        """Save under ``name`` (by default the name it was saved or loaded as), replacing an
        earlier version of it, which is kept as a backup.

        Raises:
            ValueError: for a name that cannot name a save, or no name at all.
            SaveError: if it cannot be written.
        """
        chosen = check_name(name or session.save_name)
        path = self.store.save(chosen, to_save(self.store, session))
        session.save_name = chosen
        return path

    def save_as(self, session: GameSession, name: str) -> Path:
        """Save under a new name; refuse a name already taken.

        Raises:
            ValueError: for a name that cannot name a save.
            SaveExistsError: if the name is taken.
            SaveError: if it cannot be written.
        """
        path = self.store.save_as(check_name(name), to_save(self.store, session))
        session.save_name = name
        return path

    def save_to(self, session: GameSession, path: Path) -> Path:
        """Write the game to a file of the player's choice (when the autosave folder fails);
        an existing file is not replaced.

        Raises:
            SaveError: if it cannot be written there.
        """
        written = self.store.save_to(path, to_save(self.store, session))
        self.elsewhere = (written, len(session.moves))
        return written

    def _keep_previous(self, session: GameSession) -> str:
        """Keep the game in the autosave slot as a named save if this session does not go on
        from it (see :func:`keep_previous_autosave`)."""
        moves = [str(m) for m in session.moves]
        return keep_previous_autosave(self.store, session.seed, session.created, moves)


def keep_previous_autosave(
    store: SaveStore, seed: int, created: datetime, moves: Sequence[str]
) -> str:
    """Before a game takes the autosave slot, keep the game found there as a named save,
    unless the new game goes on from it (the same game, and every move of the slot among the
    new game's); return a note for the player ("" when nothing was kept).

    A finished game, an unfinished one and an unreadable file are all kept: nothing that was in
    the slot is lost when another game takes it.

    Raises:
        SaveError: if the game in the slot exists but cannot be kept.
    """
    from saves import SaveNotFoundError
    from saves.format import decode_save

    path = store.paths.autosave
    try:
        data = read_bytes(path)
    except SaveNotFoundError:
        return ""
    except SaveError:
        return ""  # nothing there that can be read (a folder, a device): nothing to keep
    try:
        old = decode_save(data, path)[0]
    except SaveError as exc:  # damaged: keep its bytes as they are, listed as unreadable
        stamp = datetime.now().strftime("%Y-%m-%d %H.%M.%S")
        name = store.keep_copy(data, f"damaged autosave {stamp}")
        return (
            f"The autosave could not be read ({exc.problem}); it was kept as it was, "
            f"as the save '{name}'."
        )
    same_game = old.seed == seed and _same_time(old.created, created)
    if not old.moves or (same_game and list(moves[: len(old.moves)]) == old.moves):
        return ""
    stamp = old.updated.astimezone().strftime("%Y-%m-%d %H.%M.%S")
    state = "finished" if old.meta.finished else "unfinished"
    name = store.keep_copy(data, f"{old.meta.title or 'game'} {stamp}")
    return f"Your {state} previous game was kept as the save '{name}'."


def _same_time(a: datetime, b: datetime) -> bool:
    return abs((a - b).total_seconds()) < 1e-3


def unique_name(store: SaveStore, base: str) -> str:
    """Return ``base``, or ``base (2)``, ``base (3)``, ... whichever names no save yet."""
    for n in range(1, 1000):
        name = base if n == 1 else f"{base} ({n})"
        if not store.exists(name):
            return name
    return base
