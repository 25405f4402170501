"""The plain game: any game as a conversation of lines on standard input and output.

:class:`PlainGame` drives the same UI-free pieces as the game screen: the
:class:`~tea_tui.session.GameSession` (moves, log, undo), the decision menu and the lines of the
game's :class:`~tea_tui.game_ui.GameUi` (Tea Garden's, or the fallback's list of legal moves),
the AI seats of :func:`~tea_tui.ai_seats.make_ai` and the
:class:`~tea_tui.persist.SaveKeeper` that autosaves after every move, so a game begun here goes
on in the app and the other way round::

    game = PlainGame(session, keeper=SaveKeeper(store))
    status = game.run()          # reads lines until the game ends, the input ends, or quit
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from core.errors import RulesError
from core.moves import Move
from tea_tui.ai_seats import AiSeat, ai_rng, make_ai
from tea_tui.game_ui import GameUi, ui_for
from tea_tui.menu import Item, Menu, parent_submenu
from tea_tui.plain import texts
from tea_tui.plain.talk import InputEnded, Talk
from tea_tui.session import GameSession

if TYPE_CHECKING:
    from tea_tui.persist import SaveKeeper

CONTINUE_HINT = "tea-tui continue --plain"
"""The command that goes on with the autosaved game."""
LOG_DEFAULT = 10
"""Log lines the ``log`` command shows when given no number."""


class PlainGame(Talk):
    """One game played line by line.

    Args:
        session: the game, new or loaded.
        stdin: where the player's lines come from (``sys.stdin`` by default).
        stdout: where the game's lines go (``sys.stdout`` by default).
        keeper: autosaves after every move and saves by name; None keeps nothing.
        confirm: ask before passing and before paying a card slot's fee.
    """

    def __init__(
        self,
        session: GameSession,
        *,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        keeper: SaveKeeper | None = None,
        confirm: bool = True,
        ui: GameUi | None = None,
    ) -> None:
        super().__init__(stdin, stdout)
        self.session = session
        self.ui = ui or ui_for(session.game_id)
        """The game's menu and lines (``ui``: another game UI, such as the fallback's)."""
        self.keeper = keeper
        self.confirm = confirm
        self.submenu = ""
        """The list of choices a key opened (a sub-menu of the game's menu), or ""."""
        self._printed = 0
        """Log entries already printed."""
        self._summed = len(session.summaries)
        """Turn summaries already printed."""
        self._shown_seat: int | None = None
        """The person the game last spoke to (a hand-over comes before another one)."""
        self._show_menu = True
        self._thinking: int | None = None
        """The AI seat whose "thinking" note has been printed for its turn."""
        self._elsewhere: tuple[Path, int] | None = None
        """A file the player saved the game to because the autosave failed."""
        self._ai: dict[int, AiSeat] = {
            seat: make_ai(spec, session.game, ai_rng(session.seed, seat), processes=False)
            for seat, spec in enumerate(session.seats)
            if not spec.is_human
        }

    # --- the game loop ------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends, the input ends or the player quits; return the exit
        status (0, or 1 when an AI seat fails)."""
        s = self.session
        self._introduce()
        self._autosave()
        try:
            while True:
                self._print_log()
                if s.is_over():
                    self.say(*texts.end_lines(s))
                    self._flush()
                    if not self._is_saved():
                        self.say(self._saved_note())
                    return self._status(0)
                if not s.human_to_move:
                    if not self._ai_move():
                        self._flush()
                        return 1
                    continue
                self._hand_over()
                if self._show_menu:
                    self._show_menu = False
                    status = self.ui.plain_status(s, s.view(), self.width)
                    self.say("", *status, *texts.menu_lines(self._menu()))
                code = self._handle(self.read())
                if code is not None:
                    return code
        except InputEnded:
            self._flush()
            self.say(f"End of input. {self._saved_note()}")
            return self._status(0)
        except KeyboardInterrupt:
            self._flush()
            self.say("", f"Stopped. {self._saved_note()}")
            return 130

    def _introduce(self) -> None:
        s = self.session
        seats = ", ".join(f"{s.names[i]} ({s.kind_text(i)})" for i in range(len(s.names)))
        lines = [f"{self.ui.name(s)}, plain mode. Seed {s.seed}. Seats: {seats}."]
        lines += self.ui.plain_intro(s)
        lines.append("Type a key from the menu, or help for the commands.")
        if s.moves:
            lines.append(f"Going on after {len(s.moves)} moves. The last lines of the log:")
            self._printed = max(0, len(s.log) - 8)
        self.say(*lines)

    def _menu(self) -> Menu:
        s = self.session
        menu = self.ui.build_menu(s, s.view(), s.legal_moves(), frozenset(), self.submenu)
        return texts.keyed(menu)

    def _print_log(self) -> None:
        log = self.session.log
        self._printed = min(self._printed, len(log))
        s = self.session
        # An AI's turn of many steps, in one line, after its steps (before the next heading).
        short = [
            texts.summary_text(s.names[t.seat], t.text)
            for t in s.summaries[self._summed :]
            if not s.is_human(t.seat)
        ]
        self._summed = len(s.summaries)
        for entry in log[self._printed :]:
            if entry.header and short:
                self.say(*short)
                short = []
            if entry.header and entry.seat < 0:
                self.say("")  # a blank line before each round
            self.say(texts.log_text(entry))
        self.say(*short)
        self._printed = len(log)

    def _ai_move(self) -> bool:
        """Let the AI seat to move make one move; False if it could not."""
        s = self.session
        seat = s.current_seat
        assert seat is not None
        ai = self._ai[seat]
        if ai.searches and self._thinking != seat:
            self._thinking = seat
            self.say(f"{s.names[seat]} ({s.kind_text(seat)}) is thinking...")
        try:
            move = ai.choose(s.state.observation(seat), s.legal_moves())
            s.apply(move)
        except Exception as error:  # an AI failure ends the game here, saved, with the reason
            self._print_log()
            self.say(f"{s.names[seat]} could not move: {error}. {self._saved_note()}")
            return False
        self._after_move()
        return True

    def _hand_over(self) -> None:
        """Before another person decides, clear the screen of the last one's hand and wait."""
        s = self.session
        seat = s.current_seat
        if seat is None or seat == self._shown_seat:
            return
        if len(s.human_seats) > 1:
            if self._shown_seat is not None:  # scroll the last person's hand off the screen
                self.say(*[""] * shutil.get_terminal_size((80, 24)).lines)
            self.say(f"Pass to {s.names[seat]}, then press Enter.")
            self.read("")
            self._show_menu = True
        self._shown_seat = seat

    # --- one line of input --------------------------------------------------------------------

    def _handle(self, line: str) -> int | None:
        """Act on one line; return an exit status to stop."""
        text = line.strip()
        if not text:
            self._show_menu = True
            return None
        word, _, rest = text.lstrip("/").partition(" ")
        command = word.lower()
        if text.startswith("/") or (command in texts.COMMANDS and len(command) > 1):
            return self._command(command, rest.strip())
        tokens = text.replace(",", " ").split()
        menu = self._menu()
        if len(tokens) > 1:
            if menu.kind != "cards":
                self.say("One key at a time here, please.")
                return None
            self._play_cards(menu, [t.lower() for t in tokens])
            return None
        item = next((i for i in menu.items if i.key == tokens[0].lower()), None)
        if item is None:
            keys = ", ".join(i.key for i in menu.items if i.key and i.enabled)
            self.say(f"'{text}' is not one of the keys ({keys}) or a command. Type help for more.")
            return None
        self._choose(item)
        return None

    def _choose(self, item: Item) -> None:
        if not item.enabled:
            self.say(f"Not now: {item.reason}.")
            return
        if item.submenu:
            self.submenu = item.submenu
            self._show_menu = True
            return
        self._play(item.moves)

    def _play_cards(self, menu: Menu, keys: list[str]) -> None:
        """Play several cards given by their numbers, the last one on top."""
        items: list[Item] = []
        for key in keys:
            item = next((i for i in menu.items if i.key == key and i.toggle), None)
            if item is None:
                self.say(f"'{key}' is not a card of your hand here.")
                return
            if not item.enabled:
                self.say(f"Not now, card {key}: {item.reason}.")
                return
            if item in items:
                self.say(f"Card {key} is named twice.")
                return
            items.append(item)
        s = self.session
        chosen = frozenset(i.toggle for i in items[:-1])
        menu = texts.keyed(self.ui.build_menu(s, s.view(), s.legal_moves(), chosen, ""))
        top = menu.find(keys[-1])
        if top is None:
            self.say("Those cards cannot be played together.")
            return
        self._play(top.moves)

    def _play(self, moves: tuple[Move, ...]) -> None:
        question = self._question(moves) if self.confirm else ""
        if question and not self.ask(question):
            self.say("Nothing done.")
            return
        try:
            self.session.apply_step(moves)
        except RulesError as error:
            self.say(f"Not allowed: {error}")
            return
        self.submenu = ""
        self._after_move()

    def _question(self, moves: tuple[Move, ...]) -> str:
        """The question to ask before a step that cannot be taken back ("" for none)."""
        return self.ui.irreversible_question(self.session, moves)

    def _after_move(self) -> None:
        if self.session.human_to_move:
            self._thinking = None
        self._show_menu = True
        self._autosave()

    # --- commands -----------------------------------------------------------------------------

    def _command(self, name: str, arg: str) -> int | None:
        s = self.session
        view = s.view()
        if name == "look":
            self._look(arg.lower())
        elif name == "me":
            self.say(*self.ui.plain_me(s, view))
        elif name == "log":
            self._log(arg)
        elif name == "scores":
            self.say("Points if the game ended now:")
            breakdown = self.ui.observed_scores(s, view)
            self.say(*texts.score_lines(breakdown, s.names, self.ui.score_categories(breakdown)))
        elif name == "menu":
            self._show_menu = True
        elif name == "back":
            self._back()
        elif name == "undo":
            self._undo()
        elif name == "save":
            self._save(arg)
        elif name == "help":
            self.say(*texts.help_lines(self.ui))
        elif name == "quit":
            if self.ask(f"Really quit? {self._saved_note()}"):
                self._flush()
                self.say(f"Goodbye. {self._saved_note()}")
                return self._status(0)
            self.say("Playing on.")
        else:
            self.say(f"There is no command '{name}'. Type help for the commands.")
        return None

    def _look(self, part: str) -> None:
        s = self.session
        view = s.view()
        parts = self.ui.look_parts
        if part and part not in parts:
            if parts:
                self.say(f"look shows everything, or one of: {', '.join(parts)}.")
            else:
                self.say("look shows everything; it takes no word after it here.")
            return
        self.say(*self.ui.plain_look(s, view, part))

    def _log(self, arg: str) -> None:
        count = LOG_DEFAULT
        if arg:
            if not arg.isdigit() or int(arg) < 1:
                self.say("log takes a number of lines, like log 5.")
                return
            count = int(arg)
        entries = self.session.log[-count:]
        self.say(*[texts.log_text(e) for e in entries] or ["The log is empty."])

    def _back(self) -> None:
        if not self.submenu:
            self.say("There is no list to go back from. (undo takes back your last step.)")
            return
        self.submenu = parent_submenu(self.submenu)
        self._show_menu = True

    def _undo(self) -> None:
        s = self.session
        if not s.undo():
            reason = s.undo_blocked_reason
            if not reason.startswith("cannot undo"):
                reason = f"cannot undo: {reason}"
            self.say(reason[0].upper() + reason[1:] + ".")
            return
        self.submenu = ""
        self._printed = len(s.log)
        self.say("Step taken back.")
        self._after_move()

    def _save(self, name: str) -> None:
        from saves import SaveError, SaveExistsError

        if self.keeper is None:
            self.say("This game is not being saved.")
            return
        name = name or self.session.save_name
        if not name:
            self.say("Give the save a name: save NAME (or save PATH/FILE.json for a file).")
            return
        if "/" in name or "\\" in name:  # a file anywhere, for when the saves folder fails
            try:
                path = self.keeper.save_to(self.session, Path(name).expanduser())
            except SaveError as error:
                self.say(f"Not saved: {error}")
                return
            self._elsewhere = (path, len(self.session.moves))
            self.say(f"Saved to the file {path}. tea-tui saves import PATH adds it to your saves.")
            return
        try:
            try:
                self.keeper.save_as(self.session, name)
            except SaveExistsError:
                if name != self.session.save_name and not self.ask(
                    f"A save named '{name}' exists. Replace it?"
                ):
                    self.say("Not saved.")
                    return
                self.keeper.save(self.session, name)
        except (ValueError, SaveError) as error:
            self.say(f"Not saved: {error}")
            return
        self.say(f"Saved as '{name}'.")
        self._autosave()

    # --- saving -------------------------------------------------------------------------------

    def _autosave(self) -> None:
        if self.keeper is None:
            return
        note = self.keeper.autosave(self.session)
        if note:
            self.say(note)
        for error in self.keeper.take_errors():
            self.say(error)

    def _flush(self) -> None:
        if self.keeper is not None:
            self.keeper.autosave(self.session, wait=True)
            for error in self.keeper.take_errors():
                self.say(error)

    def _is_saved(self) -> bool:
        return self.keeper is None or self.keeper.saved()

    def _status(self, status: int) -> int:
        """``status``, or 1 when the game could not be saved (and was not saved elsewhere)."""
        if self.keeper is not None and not self._is_saved() and self._elsewhere is None:
            return 1
        return status

    def _saved_note(self) -> str:
        if self.keeper is None:
            return "This game was not saved."
        if not self.keeper.saved():
            failure = (self.keeper.failure or "The game could not be autosaved").rstrip(".") + "."
            if self._elsewhere is not None:
                path, done = self._elsewhere
                return f"{failure} It was saved to the file {path} after move {done}."
            return (
                f"{failure} The game is NOT saved; to keep it, type save PATH/FILE.json "
                "with a folder that can be written."
            )
        if self.session.is_over():
            return "The finished game is saved."
        return f"The game is saved: {CONTINUE_HINT} goes on with it."
