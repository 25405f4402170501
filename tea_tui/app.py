"""The tea-tui Textual app: a small shell that moves between the screens.

``tea-tui`` alone opens the title screen (:func:`make_title_app`); the commands open a game or a
replay directly (:func:`make_app`, :func:`make_replay_app`), and leaving that screen ends the app.
The tests build apps with the same factories::

    app = make_app(players=2, seats=["human", "random"], seed=7, pace=0)
    app = make_title_app(data_dir=tmp_path)

Start-up stays quick: this module imports only Textual, the settings and the title screen. The
rules engine, the AI, the saves package and the game screen are imported when first needed, and
warmed up in a background thread once the title screen is on screen.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from core.games import DEFAULT_GAME
from tea_tui.safe_text import clean, clean_lines
from tea_tui.settings import THEMES, Settings, load_settings, save_settings, settings_path

if TYPE_CHECKING:
    from core.seats import SeatSpec
    from saves import LoadedGame, SaveStore
    from tea_tui.persist import SaveKeeper
    from tea_tui.screens.new_game import Plan
    from tea_tui.session import GameSession


class TeaApp(App[None]):
    """The tea board games of the registry in the terminal.

    Args:
        session: a game to open at once (the ``new``, ``load`` and ``continue`` commands).
        replay: a loaded save to replay at once (the ``replay`` command).
        data_dir: where saves live (None: ``$TEA_TUI_DATA_DIR`` or the user folders).
        settings_file: the settings file (None: the defaults, without confirmations; nothing
            is written).
        components: the component set in use (None: the built-in one).
        components_game: the game ``components`` is for (other games use their built-in set).
        pace: seconds each AI move stays on screen (None: the settings' pace).
        processes: let searching AI players and hints think in processes of their own.
        autosave: autosave games (only apps with a data folder should).
        theme: ``dark`` or ``light`` for this run (None: the settings' theme).
    """

    TITLE = "tea-tui"
    SUB_TITLE = "tea board games"
    # The footer keeps the whole bottom row: the Keys panel (Ctrl+P, Keys) splits the screen
    # above it instead of drawing over it.
    DEFAULT_CSS = """
    Screen > Footer {
        split: bottom;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+t",
            "toggle_theme",
            "light/dark",
            show=False,
            tooltip="Switch between the light and the dark theme",
            id="toggle-theme",
        ),
    ]

    def __init__(
        self,
        session: GameSession | None = None,
        *,
        replay: LoadedGame | None = None,
        data_dir: Path | str | None = None,
        settings_file: Path | None = None,
        components: object | None = None,
        components_game: str = DEFAULT_GAME,
        pace: float | None = None,
        processes: bool = True,
        autosave: bool = False,
        theme: str | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        """The game opened at start, if any."""
        self.replay_at_start = replay
        self.data_dir = data_dir
        self.settings_file = settings_file
        self.components = components
        self.components_game = components_game
        """The game :attr:`components` is for."""
        self.processes = processes
        """Whether searching AI players think in processes of their own."""
        self.autosaving = autosave
        self.hint_budget: object | None = None
        """What a hint may spend (an ``ai.base.Budget``); None for ``hints.HINT_BUDGET``."""
        # Without a settings file (tests, scripts) nothing asks for confirmation.
        self.settings, warning = (
            load_settings(settings_file)
            if settings_file is not None
            else (Settings(confirm=False), "")
        )
        self._warnings = [warning] if warning else []
        self.pace = self.settings.pace if pace is None else pace
        self._store: SaveStore | None = None
        self._keeper: SaveKeeper | None = None
        self._lock = threading.Lock()
        self.theme = THEMES.get(theme or self.settings.theme, THEMES["dark"])
        """Textual's theme: ``theme`` for this run (not kept), else the settings' one."""
        if self.settings.keys:
            self.set_keymap(dict(self.settings.keys))

    # --- the saves, loaded lazily ---------------------------------------------------------------

    @property
    def store(self) -> SaveStore:
        """The player's saves (the saves package is imported on first use)."""
        with self._lock:
            if self._store is None:
                from saves import SaveStore, resolve_paths

                self._store = SaveStore(resolve_paths(self.data_dir), components=self.components)
            return self._store

    @property
    def keeper(self) -> SaveKeeper | None:
        """What autosaves and saves games; None when this app keeps no saves."""
        if not self.autosaving:
            return None
        if self._keeper is None:
            from tea_tui.persist import SaveKeeper

            self._keeper = SaveKeeper(self.store)
        return self._keeper

    # --- starting and the screens ---------------------------------------------------------------

    def on_mount(self) -> None:
        from tea_tui.terminal import quit_when_terminal_goes

        quit_when_terminal_goes(self)
        for warning in self._warnings:
            self.notify(clean_lines(warning), severity="warning", markup=False)
        if self.session is not None:
            self.open_game(self.session, home=False)
        elif self.replay_at_start is not None:
            self.open_replay(self.replay_at_start, home=False)
        else:  # the title screen: warm up once its first frame is out
            self.call_after_refresh(self.set_timer, 0.3, self._warm_up)

    def get_default_screen(self) -> Screen[Any]:
        """The title screen is the app's first screen, not pushed on top of an empty one: one
        screen less to lay out and draw before the first frame."""
        if self.session is None and self.replay_at_start is None:
            from tea_tui.screens.title import TitleScreen

            return TitleScreen()
        return super().get_default_screen()

    def _warm_up(self) -> None:
        """Import what the next screens need in a background thread, after the first frame."""

        def imports() -> None:
            import tea_tui.screens.game
            import tea_tui.screens.new_game
            import tea_tui.screens.saves_list  # noqa: F401

        threading.Thread(target=imports, daemon=True).start()

    def open_game(self, session: GameSession, *, home: bool = True) -> None:
        """Show ``session`` on the game screen and start autosaving it.

        ``home``: a title screen lies beneath, to go back to when the game is left.
        """
        from tea_tui.screens.game import GameScreen

        keeper = self.keeper
        if keeper is not None:
            note = keeper.autosave(session)
            if note:
                self.notify(note, timeout=6, markup=False)
        screen = GameScreen.of(session, pace=self.pace, processes=self.processes, keeper=keeper)
        screen.home = home
        screen.confirm = self.settings.confirm
        self.push_screen(screen)

    def open_replay(self, loaded: LoadedGame | GameSession, *, home: bool = True) -> None:
        """Show a saved or finished game in the replay viewer."""
        from tea_tui.screens.replay import ReplayScreen

        try:
            screen = ReplayScreen.of(loaded)
        except Exception as exc:  # a save the viewer cannot show: say so, stay where we are
            self.notify(
                clean_lines(str(exc)), title="Cannot replay", severity="error", markup=False
            )
            if not home:
                self.exit(return_code=1, message=clean_lines(str(exc)))
            return
        screen.home = home
        self.push_screen(screen)

    def open_new_game(self, *, rematch: GameSession | None = None) -> None:
        """Show the new-game screen: with the last setup and a new seed, or for a rematch.
        With more than one game to offer, the game is chosen first."""
        from tea_tui.screens.choose_game import ChooseGameScreen, offered_games
        from tea_tui.screens.new_game import NewGameScreen, Plan

        if rematch is not None:
            self.push_screen(NewGameScreen(Plan.of(rematch), rematch=True))
            return
        games = offered_games()
        if len(games) == 1:
            self.push_screen(NewGameScreen(self._last_plan(games[0].id)))
            return

        def chosen(game: str | None) -> None:
            if game is not None:
                self.push_screen(NewGameScreen(self._last_plan(game)))

        last = self.settings.last_setup.game
        self.push_screen(ChooseGameScreen(games, last), chosen)

    def _last_plan(self, game: str) -> Plan:
        """The last setup of ``game`` on the form (its defaults for another game)."""
        from core.seats import SeatSpec
        from tea_tui.screens.new_game import Plan

        last = self.settings.last_setup
        if last.game != game:
            return Plan(game=game)
        try:
            seats = [SeatSpec.parse(text) for text in last.seats][:8]
        except ValueError:
            seats = []
        switches = tuple(dict.fromkeys([*last.switches, *(["puerh"] if last.puerh else [])]))
        plan = Plan(
            seats,
            list(last.colours),
            switches,
            start_seat=last.start,
            house_rules=tuple(last.house_rules),
            game=game,
        )
        return plan if len(seats) >= 2 else Plan(game=game)

    def start_new_game(self, choice: Any) -> None:
        """Set up the game the new-game screen describes, remember the setup, and play it."""
        from core.errors import ComponentError
        from core.setup import SetupError, new_setup
        from tea_tui.game_ui import ui_for
        from tea_tui.screens.new_game import Choice
        from tea_tui.session import GameSession
        from tea_tui.settings import SetupMemory

        assert isinstance(choice, Choice)
        components = self.components if choice.game == self.components_game else None
        try:
            options = ui_for(choice.game).check_options(choice.options)
            setup = new_setup(
                choice.seats,
                game=choice.game,
                components=components,
                options=options,
                start_seat=choice.start_seat,
            )
            session = GameSession.start(setup, choice.seed, choice.colours, components=components)
        except (SetupError, ComponentError, ValueError) as exc:
            self.notify(str(exc), title="Cannot set up", severity="error", markup=False)
            return
        self.settings.last_setup = SetupMemory(
            game=choice.game,
            seats=[str(spec) for spec in choice.seats],
            colours=list(choice.colours),
            switches=list(choice.switches),
            start=choice.start_seat,
            house_rules=list(choice.house_rules),
        )
        self.save_settings()
        home = self._drop_to_base()
        self.open_game(session, home=home)

    def _drop_to_base(self) -> bool:
        """Close every screen above the title screen (or above the app's own screen); return
        True if a title screen is left."""
        from tea_tui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        return isinstance(self.screen, TitleScreen)

    def open_saves(self, *, replays: bool = False) -> None:
        """Show the list of saved games (to load, or to replay)."""
        from tea_tui.screens.saves_list import SavesScreen

        self.push_screen(SavesScreen(replays=replays))

    def open_settings(self) -> None:
        """Show the settings."""
        from tea_tui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    def continue_game(self) -> None:
        """Go on with the autosaved game."""
        self.open_save("autosave")

    def open_save(self, name: str, *, replay: bool = False) -> None:
        """Load a save in a worker thread, then play it on or replay it."""
        self.notify(f"Opening '{clean(name, 64)}'…", timeout=1.5, markup=False)
        self.run_worker(lambda: self._load(name, replay), thread=True, exclusive=True, group="load")

    def _load(self, name: str, replay: bool) -> None:
        from saves import SaveError
        from tea_tui.persist import NotPlayableError, session_from_save

        try:
            loaded = self.store.load(name)
            rebuilt = None if replay else session_from_save(loaded)
        except (SaveError, NotPlayableError) as exc:
            self.call_from_thread(
                self.notify,
                clean_lines(str(exc)),
                title="Cannot open",
                severity="error",
                markup=False,
            )
            return
        for warning in loaded.warnings:  # damaged notes left out, kept in the file as they are
            self.call_from_thread(
                self.notify, clean_lines(warning), title="Note", severity="warning", markup=False
            )
        if replay:
            self.call_from_thread(self.open_replay, loaded)
        else:
            assert rebuilt is not None
            self.call_from_thread(self._play_loaded, rebuilt.session)

    def _play_loaded(self, session: GameSession) -> None:
        if self.processes and any(spec.kind == "mcts" for spec in session.seats):
            from tea_tui.ai_seats import prepare_processes

            prepare_processes()
        home = self._drop_to_base()
        self.open_game(session, home=home)

    def leave(self, screen: Screen[Any], *, home: bool) -> None:
        """Close a game or replay screen: back to the title screen, or out of the app."""
        if home:
            self.switch_to_title()
        else:
            self.exit()

    def switch_to_title(self) -> None:
        """Drop every screen above the title screen."""
        from tea_tui.screens.title import TitleScreen

        if self._drop_to_base():
            assert isinstance(self.screen, TitleScreen)
            self.screen.refresh_continue()
        else:
            self.push_screen(TitleScreen())

    # --- settings ---------------------------------------------------------------------------

    def save_settings(self) -> None:
        """Write the settings file (if this app has one); a failure becomes a warning."""
        if self.settings_file is None:
            return
        try:
            save_settings(self.settings, self.settings_file)
        except OSError as exc:
            self.notify(
                f"The settings could not be saved to {self.settings_file}: {exc.strerror}",
                severity="warning",
                markup=False,
            )

    def apply_settings(self) -> None:
        """Use the settings now: theme, key map and AI pace."""
        self.theme = THEMES[self.settings.theme]
        self.set_keymap(dict(self.settings.keys))
        self.pace = self.settings.pace
        self.refresh_bindings()

    def action_toggle_theme(self) -> None:
        """Switch between the light and the dark theme, and remember it."""
        self.settings.theme = "dark" if self.theme == THEMES["light"] else "light"
        self.theme = THEMES[self.settings.theme]
        self.save_settings()

    def unsaved_note(self) -> tuple[str, bool]:
        """Why the game on screen last could not be autosaved ("" when it was or no game was
        autosaved), and whether it was saved to a file elsewhere instead."""
        keeper = self._keeper
        if keeper is None:
            return "", False
        return keeper.unsaved_note(), keeper.elsewhere is not None

    def on_unmount(self) -> None:
        if self._keeper is not None:
            self._keeper.flush()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The palette's commands: the screen's own, then the app's and Textual's."""
        own = getattr(screen, "palette_commands", None)
        if callable(own):
            yield from own()
        yield SystemCommand(
            "Light or dark", "Switch between the light and the dark theme", self.action_toggle_theme
        )
        yield from super().get_system_commands(screen)


def make_app(
    players: int = 2,
    seats: Sequence[SeatSpec | str] = ("human", "random"),
    seed: int = 0,
    *,
    components: object | None = None,
    pace: float = 0.4,
    session: GameSession | None = None,
    processes: bool = True,
    data_dir: Path | str | None = None,
    autosave: bool = False,
    settings_file: Path | None = None,
    theme: str | None = None,
    start_seat: int | None = None,
    game: str = "",
) -> TeaApp:
    """Return the app for a new game of ``game`` (the first the registry offers by default),
    or for ``session``, when given; ``start_seat`` is the seat that starts (None draws it from
    the seed). An automa seat (Tea Garden's ``luyu:LEVEL``) makes a solo game.

    Raises:
        ValueError: if the seats do not match the number of players or a seat spec is bad.
    """
    from core.games import offered_games
    from core.setup import new_setup
    from tea_tui.ai_seats import prepare_processes
    from tea_tui.session import GameSession

    if session is None:
        if len(seats) != players:
            raise ValueError(f"{players} seats needed, {len(seats)} given")
        game_id = game or offered_games()[0].id
        setup = new_setup(seats, game=game_id, components=components, start_seat=start_seat)
        session = GameSession.start(setup, seed, components=components)
    if processes:  # MCTS seats and hints think in processes
        prepare_processes()
    return TeaApp(
        session,
        pace=pace,
        processes=processes,
        data_dir=data_dir,
        autosave=autosave,
        components=components,
        settings_file=settings_file,
        theme=theme,
    )


def make_title_app(
    *,
    data_dir: Path | str | None = None,
    settings_file: Path | None = None,
    components: object | None = None,
    components_game: str = DEFAULT_GAME,
    processes: bool = True,
    theme: str | None = None,
    pace: float | None = None,
) -> TeaApp:
    """Return the app that opens on the title screen, with saves under ``data_dir`` and the
    settings in ``settings_file`` (by default the user config folder's, or ``DIR/config``)."""
    if processes:  # see tea_tui.ai_seats.prepare_processes (which imports the AI)
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
    return TeaApp(
        data_dir=data_dir,
        settings_file=settings_file if settings_file is not None else settings_path(data_dir),
        components=components,
        components_game=components_game,
        processes=processes,
        autosave=True,
        theme=theme,
        pace=pace,
    )
