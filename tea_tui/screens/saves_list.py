"""The list of saved games, for Load game and Replays: every save with its date, seats, how far
it has come in its game's own words ("Round 3 of 5", "Card 2 of 7") or that it is finished, and
scores; unreadable files are listed with the reason, never hidden.

Enter plays the highlighted save on (Load game) or replays it (Replays); ``v`` replays it from
either list; ``d`` moves it to the trash (after a question); ``e`` exports it to a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from core.games import GameInfo, UnknownGameError, find_game
from tea_tui.safe_text import clean, clean_lines
from tea_tui.screens.modals import ConfirmScreen, NameScreen
from tea_tui.widgets.glyphs import seat_glyph

if TYPE_CHECKING:
    from core.setup import OptionValue
    from saves import SaveEntry

KIND_WORDS = {"human": "person", "random": "random", "heuristic": "heuristic"}


PROGRESS_WIDTH = 20
"""The width of the Progress column."""


def status_of(entry: SaveEntry) -> str:
    """A word or two on the state of a save."""
    meta = entry.meta
    if meta is None:
        return "UNREADABLE"
    if meta.finished:
        return "finished"
    return "in progress"


def progress_of(entry: SaveEntry) -> str:
    """How far a save has come, for its row: the game's own words (``state.progress()`` as the
    save recorded it, "Card 2 of 7"), shortened at a comma if too long; "finished" once over;
    the bare numbers or "in progress" for a save without the words."""
    meta = entry.meta
    if meta is None or meta.finished:
        return status_of(entry)
    text = clean(meta.progress, None)
    if len(text) > PROGRESS_WIDTH:
        text = text.split(",", 1)[0]
    if text:
        return text if len(text) <= PROGRESS_WIDTH else text[: PROGRESS_WIDTH - 1] + "…"
    return f"{meta.round} of {meta.rounds}" if meta.round and meta.rounds else status_of(entry)


def seat_line(entry: SaveEntry) -> Text:
    """The seats of a save, each with its glyph, name and kind."""
    text = Text()
    if entry.save is None:
        return text
    setup = entry.save.setup
    info = _game_info(setup.game)  # a save of a game this version lacks still lists its seats
    automa = None if info is None else info.automa
    for i, spec in enumerate(setup.seats):
        kind = KIND_WORDS.get(spec.kind, str(spec.kind))
        name = spec.name or f"Seat {i + 1}"
        if spec.kind == "mcts":
            kind = f"MCTS {spec.level or 'normal'}"
        elif automa is not None and spec.kind == automa.kind:
            kind = f"automa, {spec.level or automa.default}"
            name = spec.name or automa.name
        if i:
            text.append("  ")
        winner = entry.meta is not None and i in entry.meta.winners
        text.append(f"{seat_glyph(i)} {name}", style="bold" if winner else "")
        text.append(f" ({kind}){' won' if winner else ''}", style="dim")
    return text


class SavesScreen(Screen[None]):
    """Saved games, newest first."""

    CSS_PATH = "saves_list.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter",
            "open",
            "open",
            tooltip="Play this game on (or replay it)",
            priority=True,
            id="saves-open",
        ),
        Binding(
            "v",
            "replay",
            "replay",
            tooltip="Step through this game move by move",
            id="saves-replay",
        ),
        Binding(
            "d,delete",
            "delete",
            "delete",
            tooltip="Move this save to the trash (asks first)",
            id="saves-delete",
        ),
        Binding(
            "e",
            "export",
            "export",
            tooltip="Copy this save to a file, to share or keep",
            id="saves-export",
        ),
        Binding("escape", "back", "back", tooltip="Back to the title screen", id="saves-back"),
    ]

    def __init__(self, *, replays: bool = False) -> None:
        super().__init__()
        self.replays = replays
        """True for the Replays list (Enter replays rather than plays on)."""
        self.entries: list[SaveEntry] = []

    def compose(self) -> ComposeResult:
        title = "Replays: choose a game to watch" if self.replays else "Load a saved game"
        with Vertical(id="saves-box"):
            yield Static(Text(title, style="bold"), id="saves-title")
            yield DataTable(cursor_type="row", zebra_stripes=True, id="saves-table")
            yield Static("", id="saves-detail")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, width in (
            ("Name", 22),
            ("Updated", 16),
            ("Progress", PROGRESS_WIDTH),
            ("Scores", 11),
        ):
            table.add_column(label, width=width, key=label.lower())
        table.focus()
        self.reload()

    def on_screen_resume(self) -> None:
        """Back from a game or a replay: the list may have changed."""
        self.reload()

    def reload(self) -> None:
        """Read the list of saves again (in a worker thread)."""
        self._list()

    @work(thread=True, exclusive=True, group="list")
    def _list(self) -> None:
        from saves import SaveError

        store = self.app.store  # type: ignore[attr-defined]
        try:
            entries = store.list_saves()
        except SaveError as exc:
            self.app.call_from_thread(self._detail, Text(str(exc), style="bold red"))
            return
        self.app.call_from_thread(self._show, entries)

    def _show(self, entries: list[SaveEntry]) -> None:
        if not self.is_attached:
            return
        table = self.query_one(DataTable)
        keep = table.cursor_row
        self.entries = entries
        table.clear()
        for entry in entries:
            meta = entry.meta
            name = (
                clean(entry.name, 64)
                if entry.save is None or not entry.save.meta.title
                else (f"{clean(entry.name, 64)} ({clean(entry.save.meta.title, 60)})")
            )
            when = entry.updated.astimezone().strftime("%Y-%m-%d %H:%M")
            if meta is None:
                row = (Text(name), when, Text("UNREADABLE", style="bold red"), "-")
            else:
                scores = " ".join(str(s) for s in meta.scores) or "?"
                row = (Text(name), when, Text(progress_of(entry)), scores)
            table.add_row(*row, key=entry.name)
        if entries:
            table.move_cursor(row=min(keep, len(entries) - 1))
        self._describe()
        if not entries:
            self._detail(Text("No saved games yet. Games are autosaved as you play.", style="dim"))

    def _detail(self, text: Text) -> None:
        self.query_one("#saves-detail", Static).update(text)

    def _describe(self) -> None:
        entry = self.current
        if entry is None:
            return
        text = Text()
        if entry.save is None:
            text.append("Cannot be read: ", style="bold red")
            text.append(clean(entry.error or "unknown problem", None))
            text.append(f"\nThe file is kept as it is: {clean(str(entry.path), None)}", style="dim")
        else:
            text.append_text(seat_line(entry))
            setup = entry.save.setup
            extras = _extras(setup.game, setup.options)
            hints = len(entry.save.game_notes.hints)
            used = f" · {hints} hint{'s' if hints != 1 else ''} used" if hints else ""
            meta = entry.save.meta
            progress = f"{clean(meta.progress, 40)} · " if meta.progress else ""
            text.append(
                f"\n{_game_name(setup.game)}{progress}{len(entry.save.moves)} moves · seed "
                f"{entry.save.seed}{extras}{used}",
                style="dim",
            )
        self._detail(text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Say more about the save under the cursor."""
        self._describe()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a row."""
        event.stop()
        self.action_open()

    @property
    def current(self) -> SaveEntry | None:
        """The save under the cursor."""
        table = self.query_one(DataTable)
        if not self.entries or not 0 <= table.cursor_row < len(self.entries):
            return None
        return self.entries[table.cursor_row]

    def _readable(self) -> SaveEntry | None:
        entry = self.current
        if entry is None:
            return None
        if entry.save is None:
            self.notify(
                f"'{clean(entry.name, 64)}' cannot be read: {clean(entry.error or '', None)}",
                severity="error",
                markup=False,
            )
            return None
        return entry

    def action_open(self) -> None:
        """Play the save on (Load game) or replay it (Replays)."""
        entry = self._readable()
        if entry is not None:
            self.app.open_save(entry.name, replay=self.replays)  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        """Replay the save."""
        entry = self._readable()
        if entry is not None:
            self.app.open_save(entry.name, replay=True)  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        """Move the save to the trash, after a question."""
        entry = self.current
        if entry is None:
            return
        from saves import SaveError

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.store.delete(entry.name)  # type: ignore[attr-defined]
            except SaveError as exc:
                self.notify(
                    clean_lines(str(exc)), title="Not deleted", severity="error", markup=False
                )
                return
            shown = clean(entry.name, 64)
            self.notify(
                f"'{shown}' is in the trash; `tea-tui saves restore \"{shown}\"` brings it back.",
                timeout=6,
                markup=False,
            )
            self.reload()

        self.app.push_screen(ConfirmScreen(f"Move '{clean(entry.name, 64)}' to the trash?"), answer)

    def action_export(self) -> None:
        """Copy the save's file to a path the player types."""
        entry = self.current
        if entry is None:
            return
        default = str(Path.home() / entry.path.name)

        def chosen(path: str | None, overwrite: bool = False) -> None:
            if path:
                self._export(entry.name, path, overwrite)

        self.app.push_screen(
            NameScreen(f"Export '{clean(entry.name, 64)}' to", default, hint="a file or a folder"),
            chosen,
        )

    def _export(self, name: str, path: str, overwrite: bool) -> None:
        from saves import SaveError, SaveExistsError

        try:
            dest = self.app.store.export(name, Path(path).expanduser(), overwrite=overwrite)  # type: ignore[attr-defined]
        except SaveExistsError:

            def answer(yes: bool | None) -> None:
                if yes:
                    self._export(name, path, True)

            self.app.push_screen(ConfirmScreen(f"{path} exists. Replace it?"), answer)
            return
        except SaveError as exc:
            self.notify(clean_lines(str(exc)), title="Not exported", severity="error", markup=False)
            return
        self.notify(f"Exported to {dest}", timeout=5, markup=False)

    def action_back(self) -> None:
        """Back to the title screen."""
        self.dismiss(None)


def _game_info(game: str) -> GameInfo | None:
    """The registry's entry of a save's game, or None for a game this version does not know."""
    try:
        return find_game(game)
    except UnknownGameError:
        return None


def _game_name(game: str) -> str:
    """ "Sencha · " for a save of a game the registry knows ("" for an unknown one)."""
    info = _game_info(game)
    return "" if info is None else f"{info.name} · "


def _extras(game: str, options: Mapping[str, OptionValue]) -> str:
    """A saved game's switches and house rules in words ("" for none, or an unknown game)."""
    from core.games import UnknownGameError
    from tea_tui.game_ui import ui_for

    try:
        return ui_for(game).setup_extras(options)
    except UnknownGameError:
        return ""
