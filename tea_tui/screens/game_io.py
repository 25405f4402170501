"""What the game screen does besides playing: autosave, save and save as, hints, confirmations,
the end screen, leaving, and the command palette's entries.

:class:`GameFiles` is a mixin of :class:`~tea_tui.screens.game.GameScreen`; it keeps that module
to the game itself. Saving goes through the app's :class:`~tea_tui.persist.SaveKeeper`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand

from core.moves import Move
from tea_tui.screens.end import EndScreen
from tea_tui.screens.modals import ConfirmScreen, NameScreen

if TYPE_CHECKING:
    from tea_tui.game_ui import GameUi
    from tea_tui.hints import Hinter, HintResult
    from tea_tui.persist import SaveKeeper
    from tea_tui.session import GameSession


class GameFiles:
    """Saving, hints, confirmations and leaving, for the game screen."""

    session: GameSession
    ui: GameUi
    keeper: SaveKeeper | None
    processes: bool
    home: bool
    _hinter: Hinter | None = None

    # The parts of Screen this mixin uses (GameScreen is a Screen).
    app: Any
    notify: Any
    refresh_view: Any
    _play: Any

    # --- saving -----------------------------------------------------------------------------

    def after_move(self) -> None:
        """Autosave after a move (or an undo) and report a failure once."""
        if self.keeper is None:
            return
        note = self.keeper.autosave(self.session)
        if note:
            self.notify(note, timeout=6, markup=False)
        for error in self.keeper.take_errors():
            self.notify(error, severity="error", timeout=8, markup=False)

    def action_save(self) -> None:
        """Save under the game's name (asking for one the first time)."""
        if self.keeper is None:
            self.notify("This game is not being saved (no data folder).", severity="warning")
            return
        if not self.session.save_name:
            self.action_save_as()
            return
        self._save(self.session.save_name, replace=True)

    def action_save_as(self) -> None:
        """Save under a new name."""
        if self.keeper is None:
            self.notify("This game is not being saved (no data folder).", severity="warning")
            return
        default = self.session.save_name or self.session.title or ""

        def named(name: str | None) -> None:
            if name:
                self._save(name, replace=False)

        self.app.push_screen(
            NameScreen("Save the game as", default, hint="letters, digits, spaces, - _ ."), named
        )

    def _save(self, name: str, *, replace: bool) -> None:
        from saves import SaveError, SaveExistsError

        assert self.keeper is not None
        try:
            if replace:
                self.keeper.save(self.session, name)
            else:
                self.keeper.save_as(self.session, name)
        except SaveExistsError:

            def answer(yes: bool | None) -> None:
                if yes:
                    self._save(name, replace=True)

            question = f"A save named '{name}' exists. Replace it?"
            self.app.push_screen(ConfirmScreen(question), answer)
            return
        except (ValueError, SaveError) as exc:
            self.notify(str(exc), title="Not saved", severity="error", markup=False)
            return
        self.notify(f"Saved as '{name}'", timeout=3, markup=False)
        self.keeper.autosave(self.session)

    # --- hints ------------------------------------------------------------------------------

    def action_hint(self) -> None:
        """Ask the MCTS for the three best moves of the person to move."""
        from tea_tui.hints import Hinter
        from tea_tui.screens.hint import HintScreen

        s = self.session
        seat = s.current_seat
        if seat is None or not s.is_human(seat):
            self.notify("Hints are for a person's turn.", severity="warning")
            return
        if self._hinter is None:
            budget = getattr(self.app, "hint_budget", None)
            self._hinter = Hinter(s.game, processes=self.processes)
            if budget is not None:
                self._hinter.budget = budget

        def done(answer: tuple[HintResult | None, Move | None] | None) -> None:
            result, move = answer or (None, None)
            if result is not None:
                self._record_hint(seat, result)
            if move is not None:
                self._play((move,))

        self.app.push_screen(HintScreen(s, self._hinter), done)

    def _record_hint(self, seat: int, result: HintResult) -> None:
        from tea_tui.persist import hint_text

        s = self.session
        view = s.view(seat)
        moves = [x.move for x in result.suggestions]
        chances = [x.chance for x in result.suggestions]
        labels = [self.ui.move_label(s, view, m) for m in moves]
        s.add_hint(seat, moves, chances, hint_text(s.names, seat, labels, chances))
        self.after_move()
        self.refresh_view()

    def close_hinter(self) -> None:
        """Stop the hint search process, if any."""
        if self._hinter is not None:
            self._hinter.close()
            self._hinter = None

    # --- confirmations ----------------------------------------------------------------------

    def irreversible_question(self, moves: tuple[Move, ...]) -> str:
        """Return the question to ask before ``moves`` when they cannot be taken back ("" when
        they can): passing ends the round for the seat; a fee for a card slot is paid for good."""
        return self.ui.irreversible_question(self.session, moves)

    # --- the end, leaving, the palette ------------------------------------------------------

    def show_end(self) -> None:
        """Show the end screen (it offers a rematch and the replay)."""
        self.app.push_screen(EndScreen(self.session))

    def ask_unsaved_leave(self) -> None:
        """The autosave failed: leaving would lose the game. Offer to save it to a file of the
        player's choice, to leave anyway, or to stay."""
        from tea_tui.screens.modals import ChoiceScreen

        assert self.keeper is not None
        failure = self.keeper.failure or "The game could not be autosaved."
        question = f"{failure}\nThe game is NOT saved. Leaving now loses it."

        def chosen(key: str | None) -> None:
            if key == "s":
                self.ask_save_elsewhere(then_leave=True)
            elif key == "l":
                self.leave_game()

        answers = [("s", "save it to a file elsewhere, then leave"), ("l", "leave and lose it")]
        self.app.push_screen(ChoiceScreen(question, answers), chosen)

    def ask_save_elsewhere(self, *, then_leave: bool = False) -> None:
        """Ask for a file (or folder) to write the game to, outside the saves folder."""
        import os
        from pathlib import Path

        from saves import SaveError

        def named(text: str | None) -> None:
            if not text or self.keeper is None:
                return
            try:
                path = self.keeper.save_to(self.session, Path(text).expanduser())
            except SaveError as exc:
                self.notify(str(exc), title="Not saved", severity="error", markup=False)
                return
            self.notify(f"Saved to {path}", timeout=6, markup=False)
            if then_leave:
                self.leave_game()

        default = os.path.join(os.path.expanduser("~"), "tea-tui game.json")
        hint = "a file that does not exist yet, or a folder; tea-tui saves import FILE adds it"
        self.app.push_screen(NameScreen("Save the game to the file", default, hint=hint), named)

    def leave_game(self) -> None:
        """Leave the game: back to the title screen, or out of the app."""
        if self.keeper is not None:
            self.keeper.autosave(self.session, wait=True)
        leave = getattr(self.app, "leave", None)
        if callable(leave):
            leave(self, home=self.home)
        else:
            self.app.exit()

    def remember_pace(self, pace: float) -> None:
        """Keep the AI pace in the settings for the next game."""
        settings = getattr(self.app, "settings", None)
        if settings is not None:
            settings.pace = pace
            self.app.save_settings()

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The game's commands for the command palette."""
        game: Any = self
        if game.too_small:  # nothing may act behind the notice but leaving
            yield SystemCommand(
                "Quit the game", "Leave the game (asks first)", game.action_quit_game
            )
            return
        yield SystemCommand("Undo", "Take back your last step this turn", game.action_back)
        yield SystemCommand("Scores", "Points per category for every seat", game.action_scores)
        yield SystemCommand("Hint", "The AI's three best moves for you", game.action_hint)
        yield SystemCommand("Save", "Save the game under its name", game.action_save)
        yield SystemCommand("Save as", "Save the game under a new name", game.action_save_as)
        yield SystemCommand("Help", "Keys and a short rules reference", game.action_help)
        for panel in game.game_layout.panels:
            show = f"Show {panel.title.lower()}"
            yield SystemCommand(show, panel.tip, lambda n=panel.name: game.action_panel(n))
        yield SystemCommand("AI faster", "Show AI moves faster", lambda: game.action_pace(-1))
        yield SystemCommand("AI slower", "Show AI moves slower", lambda: game.action_pace(1))
        yield SystemCommand("Quit the game", "Leave the game (asks first)", game.action_quit_game)
