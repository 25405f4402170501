"""The lobby's form for a new table: the game, the players, each seat, the options, the AI
that takes over an empty seat.

Everything is chosen from lists, as on the local new-game form
(:mod:`tea_tui.screens.new_game`): the games offered (with their seat ranges), the number of
players within the game's range, each other seat as a person, an AI level or (in a game for the
automa's seat count) the game's automa at a level, the game's switches and house rules (from its
:class:`~tea_tui.game_ui.GameUi`), and the AI that takes an empty seat, or nobody. The one who
opens the table sits at seat 1. F5 asks the server; the form stays open until the table exists,
and a refusal stays on it in words, so it can be fixed and sent again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Footer, RadioSet, Select, Static

from core.games import GameInfo, find_game
from core.setup import OptionValue
from tea_tui.game_ui import ui_for
from tea_tui.safe_text import clean
from tea_tui.screens.choose_game import seats_text
from tea_tui.screens.house_rules import HouseRulesScreen
from tea_tui.screens.new_game import KINDS
from tea_tui.serve.protocol import CreateTable
from tea_tui.widgets.glyphs import seat_glyph
from tea_tui.widgets.toggles import FOCUS_CSS, RadioDot, TickBox

NOBODY = "-"
"""The empty-seat choice that lets the seat wait for its player."""
TAKE_OVER: tuple[tuple[str, str], ...] = (
    ("nobody: the seat waits", NOBODY),
    *((label, value) for label, value in KINDS if value != "human"),
)
"""Who may take over a seat left empty past the server's seat timeout."""
HINT = "F5: open the table · Esc: back · Tab: next field · Enter opens a list"


def seat_choices(info: GameInfo, players: int) -> tuple[tuple[str, str], ...]:
    """Who may sit at a seat other than the creator's: a person, an AI level, and the game's
    automa at each level when the table has the automa's seat count."""
    choices = list(KINDS)
    automa = info.automa
    if automa is not None and players == automa.seats:
        for words, level in ui_for(info.id).automa_levels(info.id):
            choices.append((f"{automa.name} {words}", f"{automa.kind}:{level}"))
    return tuple(choices)


def kind_words(game: str, kind: str) -> str:
    """A seat's kind as the form words it ("MCTS normal", "Lu Yu hard: 2 Expert cards"); the
    spec itself for one the form does not offer, or a game this app does not know."""
    try:
        info = find_game(game)
    except ValueError:
        return kind
    seats = info.automa.seats if info.automa is not None else info.max_seats
    return dict((value, words) for words, value in seat_choices(info, seats)).get(kind, kind)


class NewTableScreen(ModalScreen[None]):
    """Open a table.

    Args:
        games: the games to offer.
        send: sends the request to the server.
    """

    DEFAULT_CSS = (
        FOCUS_CSS
        + """
    NewTableScreen { align: center middle; }
    #table-box { width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: heavy $primary; padding: 0 1; }
    #table-box .table-row { height: 1; margin-bottom: 1; }
    #table-box .seat-row { margin-bottom: 0; }
    #table-box .table-label { width: 14; }
    #table-game { width: 1fr; }
    #table-players { width: auto; layout: horizontal; background: transparent; }
    #table-players > RadioButton { width: auto; margin-right: 2; }
    .table-seat { width: 44; }
    #table-you { width: 44; }
    #table-options-row TickBox { width: auto; margin-right: 2; }
    #table-timeout { width: 44; }
    #table-seats-end { height: 1; }
    #table-note { height: 2; }
    #table-buttons { height: 1; align-horizontal: center; }
    #table-buttons > Button { margin: 0 2; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back"),
        Binding("f5,ctrl+s", "open", "open the table"),
        Binding("f2", "focus('#table-game')", "game"),
        Binding("f4", "focus('#table-players')", "players"),
        Binding("f3", "house_rules", "house rules"),
        Binding("f6", "focus('#table-timeout')", "empty seat"),
    ]

    def __init__(
        self, games: Sequence[GameInfo], send: Callable[[CreateTable], None], game: str = ""
    ) -> None:
        super().__init__()
        self.games = tuple(games)
        self.send_request = send
        ids = [g.id for g in self.games]
        self.info = self.games[ids.index(game) if game in ids else 0]
        """The game chosen."""
        self.players = self.info.min_seats
        self.kinds: list[str] = ["mcts:normal"] * self.info.max_seats
        """Each seat's kind as last chosen (seat 0 is the creator's)."""
        self.switches: set[str] = set()
        self.house_rules: tuple[str, ...] = ()
        self.on_timeout = NOBODY
        self.waiting = False
        """True from sending the request until the server answers."""
        self._note_text: Text = Text(HINT, style="dim")
        self._seen: dict[str, str] = {}

    # --- the form ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        info = self.info
        ui = ui_for(info.id)
        with Vertical(id="table-box"):
            yield Static(Text("Open a table", style="bold"), id="table-title")
            with Horizontal(classes="table-row"):
                yield Static("Game F2", classes="table-label")
                yield Select(
                    [(f"{g.name} · {seats_text(g)}", g.id) for g in self.games],
                    value=info.id,
                    allow_blank=False,
                    compact=True,
                    id="table-game",
                )
            with Horizontal(classes="table-row"):
                yield Static("Players F4", classes="table-label")
                with RadioSet(id="table-players", compact=True):
                    for n in range(info.min_seats, info.max_seats + 1):
                        yield RadioDot(str(n), n == self.players, id=f"table-players-{n}")
            with Horizontal(classes="table-row seat-row"):
                yield Static(f"{seat_glyph(0)} Seat 1", classes="table-label")
                yield Static("you, who open the table", id="table-you")
            choices = seat_choices(info, self.players)
            values = {value for _, value in choices}
            for seat in range(1, info.max_seats):
                kind = self.kinds[seat] if self.kinds[seat] in values else "mcts:normal"
                row = Horizontal(classes="table-row seat-row", id=f"table-seat-row-{seat}")
                row.display = seat < self.players
                with row:
                    yield Static(f"{seat_glyph(seat)} Seat {seat + 1}", classes="table-label")
                    yield Select(
                        choices,
                        value=kind,
                        allow_blank=False,
                        compact=True,
                        id=f"table-seat-{seat}",
                        classes="table-seat",
                    )
            yield Static("", id="table-seats-end")
            with Horizontal(classes="table-row", id="table-options-row"):
                yield Static("Options", classes="table-label")
                for switch in ui.switches:
                    yield TickBox(
                        switch.label,
                        switch.name in self.switches,
                        id=f"table-switch-{switch.name}",
                        compact=True,
                    )
                if ui.house_rules:
                    yield Button(self._rules_label(), compact=True, id="table-rules")
                if not ui.switches and not ui.house_rules:
                    yield Static(Text("none for this game", style="dim"))
            with Horizontal(classes="table-row"):
                yield Static("Empty seat F6", classes="table-label")
                yield Select(
                    TAKE_OVER,
                    value=self.on_timeout,
                    allow_blank=False,
                    compact=True,
                    id="table-timeout",
                    tooltip="Who plays a seat whose player stays away past the seat timeout",
                )
            yield Static(self._note_text, id="table-note")
            with Horizontal(id="table-buttons"):
                yield Button("Open the table", variant="primary", compact=True, id="table-go")
                yield Button("Back", compact=True, id="table-back")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._seen = {select.id or "": str(select.value) for select in self.query(Select)}
        """Each drop-down's value as last seen (a change from it is a choice)."""
        self.query_one("#table-go", Button).focus()

    def _rules_label(self) -> str:
        n = len(self.house_rules)
        return f"House rules F3: {n} on" if n else "House rules F3: none"

    def note(self, text: str, *, error: bool = False) -> None:
        """Say something under the form (in bold red for what stops the table)."""
        self._note_text = Text(clean(text, 300), style="bold red" if error else "dim")
        self.query_one("#table-note", Static).update(self._note_text)

    def _keep_choices(self) -> None:
        """Remember what the widgets say, before the form is built again."""
        for seat in range(1, self.players):
            value = self.query_one(f"#table-seat-{seat}", Select).value
            if isinstance(value, str):
                self.kinds[seat] = value
        self.switches = {
            sw.name
            for sw in ui_for(self.info.id).switches
            if self.query_one(f"#table-switch-{sw.name}", Checkbox).value
        }
        value = self.query_one("#table-timeout", Select).value
        if isinstance(value, str):
            self.on_timeout = value

    async def _rebuild(self, focus: str) -> None:
        await self.recompose()
        self._seen = {select.id or "": str(select.value) for select in self.query(Select)}
        self.query_one(focus).focus()

    # --- events -----------------------------------------------------------------------------

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Tabbing onto a seat says how the player it holds plays, before any change."""
        widget = event.widget
        select_id = widget.id or ""
        seat = select_id.startswith("table-seat-") or select_id == "table-timeout"
        if seat and isinstance(widget, Select) and isinstance(widget.value, str):
            self._seat_note(widget.value)

    def _seat_note(self, kind: str) -> None:
        """Put how a seat's player plays (ai.levels, from the arena's figures) in the note."""
        from ai.levels import describe

        about = describe(kind, self.info.id) if kind not in ("human", NOBODY) else None
        automa = self.info.automa
        if automa is not None and kind.startswith(f"{automa.kind}:"):
            rule = ui_for(self.info.id).solo_rule(automa.name)
            about = f"Solo: {rule}. {about or ''}"
        if about:
            self.note(about)

    async def on_select_changed(self, event: Select.Changed) -> None:
        """Another game: the form follows its seats and options. Another seat kind or
        empty-seat AI: the note says how it plays (ai.levels, from the arena's figures)."""
        select_id = event.select.id or ""
        if not isinstance(event.value, str) or self._seen.get(select_id) == event.value:
            return  # a drop-down telling its first value, not a choice
        self._seen[select_id] = event.value
        if select_id.startswith("table-seat-") or select_id == "table-timeout":
            self._seat_note(event.value)
            return
        if select_id != "table-game" or event.value == self.info.id:
            return
        self._keep_choices()
        self.info = next(g for g in self.games if g.id == event.value)
        self.players = self.info.min_seats
        self.switches = set()
        self.house_rules = ()
        self._note_text = Text(HINT, style="dim")
        await self._rebuild("#table-game")

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """Another number of players: a row per seat, and the automa offered or not."""
        players = int((event.pressed.id or "").rpartition("-")[2] or self.players)
        if players == self.players:
            return
        self._keep_choices()
        offered = seat_choices(self.info, self.players)
        self.players = players
        choices = seat_choices(self.info, players)
        values = {value for _, value in choices}
        for seat in range(1, self.info.max_seats):
            self.query_one(f"#table-seat-row-{seat}").display = seat < players
            select: Select[str] = self.query_one(f"#table-seat-{seat}", Select)
            if choices != offered:  # the automa comes or goes
                kind = self.kinds[seat] if self.kinds[seat] in values else "mcts:normal"
                select.set_options(choices)
                select.value = kind
                self._seen[select.id or ""] = kind

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """Without an expansion, its house rules go too."""
        name = (event.checkbox.id or "").removeprefix("table-switch-")
        if not event.value:
            needs = {rule.name: rule.needs for rule in ui_for(self.info.id).house_rules}
            self._set_rules([r for r in self.house_rules if needs.get(r) != name])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Open, Back or House rules."""
        if event.button.id == "table-go":
            self.action_open()
        elif event.button.id == "table-back":
            self.action_back()
        elif event.button.id == "table-rules":
            self.action_house_rules()

    def _set_rules(self, names: Sequence[str]) -> None:
        self.house_rules = tuple(names)
        if ui_for(self.info.id).house_rules:
            self.query_one("#table-rules", Button).label = self._rules_label()

    def action_house_rules(self) -> None:
        """The game's house rules, in the local form's dialog."""
        ui = ui_for(self.info.id)
        if not ui.house_rules:
            self.note(f"{self.info.name} has no house rules.")
            return
        self._keep_choices()

        def chosen(names: tuple[str, ...] | None) -> None:
            if names is not None:
                self._set_rules(names)

        dialog = HouseRulesScreen(ui.house_rules, self.house_rules, switches=self.switches)
        self.app.push_screen(dialog, chosen)

    def action_back(self) -> None:
        """Close the form."""
        self.dismiss(None)

    # --- the request ------------------------------------------------------------------------

    def read_form(self) -> CreateTable:
        """The table the form describes.

        Raises:
            ValueError: for options the game refuses (its house rules' needs).
        """
        self._keep_choices()
        ui = ui_for(self.info.id)
        wanted: dict[str, OptionValue] = dict.fromkeys((*self.switches, *self.house_rules), True)
        options = ui.check_options(wanted)
        seats = ("human", *self.kinds[1 : self.players])
        timeout = "" if self.on_timeout == NOBODY else self.on_timeout
        return CreateTable(game=self.info.id, seats=seats, options=options, on_timeout=timeout)

    def action_open(self) -> None:
        """Ask the server for the table; the form waits for its answer."""
        if self.waiting:
            self.note("Waiting for the server's answer…")
            return
        try:
            request = self.read_form()
        except ValueError as exc:
            self.note(f"Cannot open it: {exc}", error=True)
            return
        self.waiting = True
        self.note("Opening the table…")
        self.send_request(request)

    def refused(self, message: str) -> None:
        """The server said no: say why, on the form, and let it be fixed."""
        self.waiting = False
        self.note(f"The server refused: {message}", error=True)
