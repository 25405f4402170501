"""The title screen: Continue, New game, Load game, Replays, Help, Settings, Quit.

It is the first thing ``tea-tui`` shows, so it imports nothing heavy: the saves package is
imported in a worker thread after the first frame, to find out whether there is a game to
continue (the autosave) and to describe it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from core.games import GameInfo, offered_games
from tea_tui import __version__
from tea_tui.widgets.menu_list import MenuEntry, MenuList

if TYPE_CHECKING:
    from saves import SaveFile

CUP = """\
  ( (
   ) )
 .......
 |     |]
 \\     /
  `---'"""
"""A cup of tea, steaming."""
ITEMS = (
    ("continue", "c", "Continue"),
    ("new", "n", "New game"),
    ("load", "l", "Load game"),
    ("replays", "r", "Replays"),
    ("help", "h", "Help"),
    ("settings", "s", "Settings"),
    ("quit", "q", "Quit"),
)
"""Menu entries: id, key, label."""


def _offered() -> tuple[GameInfo, ...]:
    return offered_games()


def games_line() -> str:
    """What tea-tui plays, for the title: the game's name while there is one."""
    games = _offered()
    return f"{games[0].name} in the terminal" if len(games) == 1 else "Tea games in the terminal"


def new_game_tip() -> str:
    """The tip of New game: the players, and the automa of a game that has one."""
    games = _offered()
    if len(games) > 1:
        return "Choose a game, then its players and AI levels"
    automa = games[0].automa
    return f"Players and AI levels, or solo against {automa.name}" if automa else "Players and AI"


TIPS = {
    "continue": "Go on with the game you were playing (the autosave)",
    "new": new_game_tip(),
    "load": "Open a saved game to play on; delete or export saves",
    "replays": "Watch a saved or finished game move by move",
    "help": "Keys and a short reference to the rules",
    "settings": "Theme, colours, AI pace, confirmations, keys",
    "quit": "Leave tea-tui",
}


def _when(moment: datetime) -> str:
    """Say how long ago ``moment`` was, roughly."""
    seconds = (datetime.now(UTC) - moment).total_seconds()
    if seconds < 90:
        return "just now"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min ago"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} h ago"
    return moment.astimezone().strftime("%Y-%m-%d")


def describe(save: SaveFile) -> str:
    """One line about a saved game: the seats, the round and when it was played."""
    seats = ", ".join(spec.name or str(spec) for spec in save.setup.seats)
    meta = save.meta
    where = f"round {meta.round}/{meta.rounds}" if meta.round else "in progress"
    return f"{seats} · {where} · {_when(save.updated)}"


class TitleScreen(Screen[None]):
    """The menu the app opens with."""

    # As default CSS rather than CSS_PATH: a screen's CSS file makes Textual parse every
    # style sheet again when the screen opens, which costs the first frame a tenth of a second.
    DEFAULT_CSS = (Path(__file__).parent / "title.tcss").read_text(encoding="utf-8")
    BINDINGS: ClassVar[list[BindingType]] = [
        *[
            Binding(
                key,
                f"pick('{item}')",
                label.lower(),
                show=False,
                tooltip=TIPS[item],
                id=f"title-{item}",
            )
            for item, key, label in ITEMS
        ],
        Binding(
            "question_mark",
            "pick('help')",
            "help",
            show=False,
            tooltip=TIPS["help"],
            id="title-help-key",
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.autosave: SaveFile | None = None
        """The autosaved game, once looked up (None: none, or not looked up yet)."""
        self.continue_note = "looking for a game to continue…"
        self.checked = False
        """True once the autosave has been looked up."""

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box") as box:
            box.border_subtitle = f"v{__version__}"
            with Horizontal(id="title-head"):
                yield Static(CUP, id="title-cup")
                yield Static(
                    f"[b $accent]tea-tui[/]\n[i]{games_line()}[/]\n\n"
                    "[dim]↑↓ and Enter, or the letters[/]",
                    id="title-words",
                )
            with Center():
                yield MenuList(self._options(), id="title-menu")
            yield Static("", id="title-note")
        # One line instead of a Footer: the title's keys are in its menu, and a Footer's
        # widgets cost the first frame more than they show here.
        keys = Text.assemble(("^p", "bold"), " commands  ", ("?", "bold"), " help")
        yield Static(keys, id="title-keys")

    def _options(self) -> list[MenuEntry]:
        options = []
        for item, key, label in ITEMS:
            text = Text()
            text.append(f" {key} ", style="bold")
            text.append(f" {label}")
            disabled = item == "continue" and self.checked and self.autosave is None
            if item == "continue" and (disabled or not self.checked):
                text.stylize("dim")
            options.append(MenuEntry(item, text, disabled))
        return options

    def on_mount(self) -> None:
        menu = self.query_one("#title-menu", MenuList)
        menu.highlighted = 1
        menu.focus()
        self._show_note()
        # After the first frame: the saves package takes a while to import, and a thread
        # importing it would hold up the first frame on a busy machine.
        self.call_after_refresh(self.set_timer, 0.1, self.refresh_continue)

    def on_screen_resume(self) -> None:
        """Back from another screen: the autosave may have changed."""
        if self.checked:  # the first look-up waits for the first frame (on_mount)
            self.refresh_continue()

    def refresh_continue(self) -> None:
        """Look up the autosave again (in a worker thread)."""
        self._look_up()

    @work(thread=True, exclusive=True, group="autosave")
    def _look_up(self) -> None:
        from saves import SaveError

        store = self.app.store  # type: ignore[attr-defined]
        try:
            save = store.read("autosave")
        except SaveError as exc:
            found: SaveFile | None = None
            missing = not store.paths.autosave.exists()
            note = (
                "no game to continue" if missing else f"the autosave cannot be read: {exc.problem}"
            )
        else:
            if save.meta.finished:
                found, note = None, "the last game is over: watch it under Replays"
            else:
                found, note = save, describe(save)
        self.app.call_from_thread(self._found, found, note)

    def _found(self, save: SaveFile | None, note: str) -> None:
        first = not self.checked
        self.autosave, self.continue_note, self.checked = save, note, True
        if not self.is_attached:
            return
        menu = self.query_one("#title-menu", MenuList)
        highlighted = menu.highlighted
        menu.set_options(self._options())
        if save is not None and (first or highlighted in (0, 1)):
            menu.highlighted = 0  # a game to go on with comes first
        else:
            menu.highlighted = highlighted if not (highlighted == 0 and save is None) else 1
        self._show_note()

    def _show_note(self) -> None:
        menu = self.query_one("#title-menu", MenuList)
        index = menu.highlighted
        item = ITEMS[index][0] if index is not None else ""
        text = Text()
        if item == "continue":
            text.append(self.continue_note)
        else:
            text.append(TIPS.get(item, ""), style="dim")
        self.query_one("#title-note", Static).update(text)

    def on_menu_list_highlighted(self, event: MenuList.Highlighted) -> None:
        """Say more about the entry under the cursor."""
        self._show_note()

    def on_menu_list_selected(self, event: MenuList.Selected) -> None:
        """Enter on an entry."""
        event.stop()
        self.action_pick(event.entry.id)

    def action_pick(self, item: str) -> None:
        """Open the entry ``item``."""
        app = self.app
        if item == "continue":
            if self.autosave is None:
                self.notify(self.continue_note.capitalize(), severity="warning", markup=False)
            else:
                app.continue_game()  # type: ignore[attr-defined]
        elif item == "new":
            app.open_new_game()  # type: ignore[attr-defined]
        elif item in ("load", "replays"):
            app.open_saves(replays=item == "replays")  # type: ignore[attr-defined]
        elif item == "help":
            from tea_tui.screens.help import HelpScreen

            app.push_screen(HelpScreen())
        elif item == "settings":
            app.open_settings()  # type: ignore[attr-defined]
        elif item == "quit":
            app.exit()
