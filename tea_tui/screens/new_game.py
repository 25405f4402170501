"""The new-game screen: the game, its switches (an expansion) and house rules, the number of
players, each seat's kind, level, name and colour, and the seed (random by default, shown and
editable). The game is chosen first (:mod:`tea_tui.screens.choose_game`); what the form offers
comes from the registry (seat range, automa) and the game's :class:`~tea_tui.game_ui.GameUi`
(switches, house rules, the automa's levels in words).

"Solo vs Lu Yu" in the Players row (for a game with an automa) sets up a solo game against it:
the person in seat 1, the automa at the chosen level in seat 2, and who takes the first turn
(Tea Garden's SOLO-13: the player chooses). It opens with the last setup used (kept in the
settings) and a new seed, or, for a rematch, with the finished game's setup and seed. Tab moves
between fields; F5 (or Ctrl+S) starts the game from any field, as do Start and Enter in a text
field; Esc goes back. Check boxes and radio buttons draw their state
(:mod:`tea_tui.widgets.toggles`), so the form reads the same in 16 colours or none.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, RadioButton, RadioSet, Select, Static

from core.games import DEFAULT_GAME, GameInfo, find_game
from core.seats import MAX_NAME, SeatSpec
from tea_tui.game_ui import GameUi, ui_for
from tea_tui.screens.house_rules import HouseRulesScreen
from tea_tui.widgets.glyphs import COLOUR_CHOICES, DEFAULT_COLOUR_NAMES, seat_glyph
from tea_tui.widgets.toggles import FOCUS_CSS, RadioDot, TickBox

if TYPE_CHECKING:
    from tea_tui.session import GameSession

KINDS: tuple[tuple[str, str], ...] = (
    ("Person", "human"),
    ("MCTS easy", "mcts:easy"),
    ("MCTS normal", "mcts:normal"),
    ("MCTS hard", "mcts:hard"),
    ("MCTS expert", "mcts:expert"),
    ("Heuristic", "heuristic"),
    ("Random", "random"),
)
"""Who may sit at a seat: label and seat spec (without a name)."""
SOLO = 1
"""The value of ``players`` for a solo game (a person against the automa: two seats)."""
PLAIN_NOTE = "Tab: next field · F5 or Ctrl+S: start · the same seed deals the same game"
MAX_SEED = 1_000_000
"""New seeds are drawn below this, to stay short enough to read out."""


@dataclass
class Plan:
    """What the form starts with."""

    seats: list[SeatSpec] = field(
        default_factory=lambda: [SeatSpec("human"), SeatSpec("mcts", "normal")]
    )
    colours: list[str] = field(default_factory=list)
    switches: tuple[str, ...] = ()
    """The game's switches that are on (Tea Garden's ``puerh``)."""
    seed: int | None = None
    """None draws a new one."""
    start_seat: int | None = None
    """The seat that starts; None draws it (a solo game: the person starts)."""
    house_rules: tuple[str, ...] = ()
    """The variant flags switched on (:attr:`tea_tui.game_ui.GameUi.house_rules`)."""
    game: str = DEFAULT_GAME
    """The game, by registry id."""

    @classmethod
    def of(cls, session: GameSession) -> Plan:
        """The plan of a game played: same game, seats, names, colours, switches, seed and
        starter."""
        seats = [SeatSpec(s.kind, s.level, session.names[i]) for i, s in enumerate(session.seats)]
        options = session.setup().options
        switches = tuple(
            sw.name for sw in ui_for(session.game_id).switches if options.get(sw.name) is True
        )
        return cls(
            seats,
            list(session.colours),
            switches,
            session.seed,
            session.setup().start_seat,
            session.house_rules,
            session.game_id,
        )

    @property
    def automa_seat(self) -> int | None:
        """The seat of the automa in a solo plan, else None."""
        automa = find_game(self.game).automa
        if automa is None:
            return None
        return next((i for i, spec in enumerate(self.seats) if spec.kind == automa.kind), None)


@dataclass(frozen=True)
class Choice:
    """What the form says, checked: ready to set up a game."""

    seats: tuple[SeatSpec, ...]
    names: tuple[str, ...]
    colours: tuple[str, ...]
    switches: tuple[str, ...]
    """The game's switches that are on (an expansion)."""
    seed: int
    start_seat: int | None = None
    """The seat that takes the first turn; None draws it from the seed."""
    house_rules: tuple[str, ...] = ()
    """The variant flags switched on."""
    game: str = DEFAULT_GAME
    """The game, by registry id."""

    @property
    def options(self) -> dict[str, bool | int | str | None]:
        """The game's options: the switches and house rules on."""
        return dict.fromkeys((*self.switches, *self.house_rules), True)


def kind_value(spec: SeatSpec) -> str:
    """The value of the kind selector for a seat spec (a level it does not list: normal)."""
    text = str(SeatSpec(spec.kind, spec.level))
    values = [v for _, v in KINDS]
    if text in values:
        return text
    return "mcts:normal" if spec.kind == "mcts" else "human"


def default_name(seat: int, kind: str) -> str:
    """The name a seat gets when none is typed."""
    label = dict((v, k) for k, v in KINDS).get(kind, kind)
    return f"Player {seat + 1}" if kind == "human" else label


class NewGameScreen(Screen[None]):
    """Set up a game."""

    CSS_PATH = "new_game.tcss"
    AUTO_FOCUS = "#new-go"  # Start, whichever screen the form was opened from
    DEFAULT_CSS = FOCUS_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back", tooltip="Back without starting a game", id="new-back"),
        Binding(
            "f5,ctrl+s",
            "start",
            "start",
            tooltip="Start the game (from any field)",
            id="new-start",
        ),
        Binding("f2", "reseed", "new seed", tooltip="Draw a new random seed", id="new-seed"),
        Binding("f3", "house_rules", "house rules", tooltip="Choose house rules", id="new-rules"),
    ]

    def __init__(self, plan: Plan | None = None, *, rematch: bool = False) -> None:
        super().__init__()
        self.plan = plan or Plan()
        self.rematch = rematch
        self.info: GameInfo = find_game(self.plan.game)
        """The game being set up."""
        self.ui: GameUi = ui_for(self.plan.game)
        solo = self.plan.automa_seat is not None
        low, high = self.info.min_seats, self.info.max_seats
        self.players = SOLO if solo else max(low, min(high, len(self.plan.seats)))
        """The number of players chosen; :data:`SOLO` for a game against the automa."""
        known = {rule.name for rule in self.ui.house_rules}
        self.house_rules: tuple[str, ...] = tuple(r for r in self.plan.house_rules if r in known)
        """The house rules chosen in their dialog."""

    @property
    def max_seats(self) -> int:
        """The most seats the game has (rows of the form)."""
        return self.info.max_seats

    @property
    def automa_name(self) -> str:
        """The automa's name ("" for a game without one)."""
        return self.info.automa.name if self.info.automa else ""

    def _solo_note(self) -> str:
        return f"Solo: {self.ui.solo_rule(self.automa_name)} · F5: start"

    # --- the form ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        plan = self.plan
        seed = plan.seed if plan.seed is not None else secrets.randbelow(MAX_SEED)
        title = "Rematch: the same setup and seed" if self.rematch else "New game"
        with Vertical(id="new-box"):
            yield Static(Text(title, style="bold"), id="new-title")
            with Horizontal(classes="new-row"):
                yield Static("Game", classes="new-label")
                yield Static(self.info.name, id="new-game-name")
                for switch in self.ui.switches:
                    yield TickBox(
                        switch.label,
                        switch.name in plan.switches,
                        id=f"new-{switch.name}",
                        compact=True,
                        tooltip=switch.tip or None,
                    )
                if self.ui.house_rules:
                    yield Button(
                        self._rules_label(),
                        compact=True,
                        id="new-rules",
                        tooltip="Variants of rules the rulebook leaves open",
                    )
            with Horizontal(classes="new-row"):
                yield Static("Players", classes="new-label")
                with RadioSet(id="new-players", compact=True):
                    if self.info.automa is not None:
                        solo = f"Solo vs {self.automa_name}"
                        yield RadioDot(solo, self.players == SOLO, id="players-1")
                    for n in range(max(2, self.info.min_seats), self.max_seats + 1):
                        yield RadioDot(str(n), n == self.players, id=f"players-{n}")
            # A solo plan keeps its person in seat 1, whichever seat the automa had.
            order = [i for i in range(len(plan.seats)) if i != plan.automa_seat]
            for seat in range(self.max_seats):
                source = order[seat] if seat < len(order) else None
                spec = plan.seats[source] if source is not None else SeatSpec("mcts", "normal")
                colour = _colour(plan, source, DEFAULT_COLOUR_NAMES[seat])
                with Horizontal(classes="new-row seat-row", id=f"seat-row-{seat}"):
                    label = f"{seat_glyph(seat)} Seat {seat + 1}"
                    yield Static(label, id=f"label-{seat}", classes="new-label")
                    yield Select(
                        KINDS,
                        value=kind_value(spec),
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{seat}",
                        classes="seat-kind",
                    )
                    yield Input(
                        spec.name,
                        placeholder=default_name(seat, kind_value(spec)),
                        max_length=MAX_NAME,
                        compact=True,
                        id=f"name-{seat}",
                        classes="seat-name",
                    )
                    yield Select(
                        [(name, name) for name in COLOUR_CHOICES],
                        value=colour,
                        allow_blank=False,
                        compact=True,
                        id=f"colour-{seat}",
                        classes="seat-colour",
                    )
            if self.info.automa is not None:
                yield from self._solo_rows()
            with Horizontal(classes="new-row", id="new-seed-row"):
                yield Static("Seed", classes="new-label")
                yield Input(str(seed), type="integer", compact=True, id="new-seed")
                yield Button("New seed", compact=True, id="new-reseed")
            yield Static("", id="new-note")
            with Horizontal(id="new-buttons"):
                yield Button("Start", variant="primary", compact=True, id="new-go")
                yield Button("Back", compact=True, id="new-cancel")
        yield Footer(compact=True)

    def _solo_rows(self) -> ComposeResult:
        """The automa's difficulty and colour, and who starts (shown in a solo game only)."""
        plan = self.plan
        automa = self.info.automa
        assert automa is not None
        luyu = plan.automa_seat
        level = plan.seats[luyu].level if luyu is not None else ""
        choices = self.ui.automa_levels(self.info.id)
        levels = [value for _, value in choices]
        with Horizontal(classes="new-row seat-row", id="solo-row"):
            yield Static(f"{seat_glyph(1)} {automa.name}", classes="new-label")
            yield Select(
                choices,
                value=level if level in levels else automa.default,
                allow_blank=False,
                compact=True,
                id="solo-level",
                tooltip=self.ui.automa_level_tip(automa.name),
            )
            yield Select(
                [(name, name) for name in COLOUR_CHOICES],
                value=_colour(plan, luyu, DEFAULT_COLOUR_NAMES[1]),
                allow_blank=False,
                compact=True,
                id="solo-colour",
                classes="seat-colour",
            )
        he_starts = luyu is not None and plan.start_seat == luyu
        with Horizontal(classes="new-row", id="solo-start-row"):
            yield Static("Starts", classes="new-label")
            with RadioSet(id="solo-start", compact=True):
                yield RadioDot("You", not he_starts, id="start-you")
                yield RadioDot(automa.name, he_starts, id="start-luyu")

    def on_mount(self) -> None:
        self._values: dict[str, str] = {
            select.id or "": str(select.value) for select in self.query(Select)
        }
        """Each drop-down's value as last seen (a change from it is a choice)."""
        self._show_seats()
        self.query_one("#new-go", Button).focus()
        self._note(self._solo_note() if self.players == SOLO else PLAIN_NOTE)

    def _show_seats(self) -> None:
        solo = self.players == SOLO
        for seat in range(self.max_seats):
            shown = seat == 0 or (not solo and seat < self.players)
            self.query_one(f"#seat-row-{seat}").display = shown
        if self.info.automa is not None:
            self.query_one("#solo-row").display = solo
            self.query_one("#solo-start-row").display = solo
        you = f"{seat_glyph(0)} You" if solo else f"{seat_glyph(0)} Seat 1"
        self.query_one("#label-0", Static).update(you)
        kind = self.query_one("#kind-0", Select)
        if solo:  # the person plays against the automa
            kind.value = "human"
        kind.disabled = solo

    def _rules_label(self) -> str:
        n = len(self.house_rules)
        return f"House rules: {n} on" if n else "House rules: none"

    def _set_house_rules(self, names: Sequence[str]) -> None:
        self.house_rules = tuple(names)
        if self.ui.house_rules:
            self.query_one("#new-rules", Button).label = self._rules_label()

    def _switches_on(self) -> tuple[str, ...]:
        """The switches ticked on the form."""
        return tuple(
            sw.name for sw in self.ui.switches if self.query_one(f"#new-{sw.name}", Checkbox).value
        )

    def _note(self, text: str, *, error: bool = False) -> None:
        style = "bold red" if error else "dim"
        self.query_one("#new-note", Static).update(Text(text, style=style))

    # --- events -----------------------------------------------------------------------------

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """A new number of players."""
        button_id = event.pressed.id or ""
        if button_id.startswith("players-"):
            self.players = int(button_id.removeprefix("players-"))
            self._show_seats()
            self._note(self._solo_note() if self.players == SOLO else PLAIN_NOTE)

    def on_select_changed(self, event: Select.Changed) -> None:
        """A seat's kind changed: its default name follows, and the note says how strong the
        level plays (ai.levels, from the arena's figures)."""
        select_id = event.select.id or ""
        if not isinstance(event.value, str) or self._values.get(select_id) == event.value:
            return  # a drop-down telling its first value, not a choice
        self._values[select_id] = event.value
        if select_id.startswith("kind-"):
            seat = int(select_id.removeprefix("kind-"))
            self.query_one(f"#name-{seat}", Input).placeholder = default_name(seat, event.value)
        self._level_note(select_id, event.value)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Tabbing onto a seat's level says how strong the level it holds plays, so the line
        is there before any choice is changed."""
        widget = event.widget
        if isinstance(widget, Select) and isinstance(widget.value, str):
            self._level_note(widget.id or "", widget.value)

    def _level_note(self, select_id: str, value: str) -> None:
        """Put the strength line of the level a seat's drop-down holds in the note, if any."""
        from ai.levels import describe

        if select_id.startswith("kind-"):
            about = describe(value, self.info.id)
        elif select_id == "solo-level" and self.info.automa is not None:
            about = describe(f"{self.info.automa.kind}:{value}", self.info.id)
        else:
            return
        if about:
            self._note(about)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start, Back or New seed."""
        if event.button.id == "new-go":
            self.action_start()
        elif event.button.id == "new-cancel":
            self.action_back()
        elif event.button.id == "new-reseed":
            self.action_reseed()
        elif event.button.id == "new-rules":
            self.action_house_rules()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """Without an expansion, its house rules go too."""
        switches = {f"new-{sw.name}": sw.name for sw in self.ui.switches}
        name = switches.get(event.checkbox.id or "")
        if name is not None and not event.value:
            needs = {rule.name: rule.needs for rule in self.ui.house_rules}
            self._set_house_rules([n for n in self.house_rules if needs.get(n) != name])

    def action_house_rules(self) -> None:
        """Open the house-rules dialog."""
        if not self.ui.house_rules:
            self.notify(f"{self.info.name} has no house rules.", timeout=3)
            return

        def chosen(names: tuple[str, ...] | None) -> None:
            if names is not None:
                self._set_house_rules(names)

        dialog = HouseRulesScreen(
            self.ui.house_rules, self.house_rules, switches=self._switches_on()
        )
        self.app.push_screen(dialog, chosen)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field starts the game."""
        event.stop()
        self.action_start()

    def action_reseed(self) -> None:
        """Draw a new seed."""
        self.query_one("#new-seed", Input).value = str(secrets.randbelow(MAX_SEED))

    def action_back(self) -> None:
        """Back without a game."""
        self.dismiss(None)

    def action_start(self) -> None:
        """Check the form and start the game."""
        try:
            choice = self.read_form()
        except ValueError as exc:
            self._note(str(exc), error=True)
            return
        starter = getattr(self.app, "start_new_game", None)
        if callable(starter):
            starter(choice)

    # --- reading the form -------------------------------------------------------------------

    def read_form(self) -> Choice:
        """Return what the form says.

        Raises:
            ValueError: saying what to fix (a name, a colour used twice, the seed).
        """
        seats: list[SeatSpec] = []
        names: list[str] = []
        colours: list[str] = []
        solo = self.players == SOLO
        for seat in range(1 if solo else self.players):
            kind = self.query_one(f"#kind-{seat}", Select).value
            assert isinstance(kind, str)
            typed = self.query_one(f"#name-{seat}", Input).value.strip()
            name = typed or default_name(seat, kind)
            try:
                spec = SeatSpec.parse(kind)
                spec = SeatSpec(spec.kind, spec.level, name)
            except ValueError as exc:
                raise ValueError(f"Seat {seat + 1}: {exc}") from None
            seats.append(spec)
            names.append(name)
            colour = self.query_one(f"#colour-{seat}", Select).value
            assert isinstance(colour, str)
            colours.append(colour)
        start: int | None = None
        if solo:
            level = self.query_one("#solo-level", Select).value
            colour = self.query_one("#solo-colour", Select).value
            assert isinstance(level, str) and isinstance(colour, str)
            automa = self.info.automa
            assert automa is not None
            name = automa.name if names[0] != automa.name else f"{automa.name} (automa)"
            bot = SeatSpec.parse(f"{automa.kind}:{level}")
            seats.append(SeatSpec(bot.kind, bot.level, name))
            names.append(name)
            colours.append(colour)
            he_starts = self.query_one("#start-luyu", RadioButton).value
            start = 1 if he_starts else 0
        _check_distinct(names, "name")
        _check_distinct(colours, "colour")
        text = self.query_one("#new-seed", Input).value.strip()
        if not text.isdigit():
            raise ValueError("The seed is a whole number from 0 up (New seed draws one).")
        switches = self._switches_on()
        needs = {rule.name: rule.needs for rule in self.ui.house_rules}
        rules = tuple(n for n in self.house_rules if not needs.get(n) or needs[n] in switches)
        return Choice(
            tuple(seats),
            tuple(names),
            tuple(colours),
            switches,
            int(text),
            start,
            rules,
            self.info.id,
        )


def _colour(plan: Plan, seat: int | None, default: str) -> str:
    """The colour the plan gives a seat, else ``default``."""
    if seat is not None and seat < len(plan.colours) and plan.colours[seat] in COLOUR_CHOICES:
        return plan.colours[seat]
    return default


def _check_distinct(values: Sequence[str], what: str) -> None:
    seen: dict[str, int] = {}
    for seat, value in enumerate(values):
        if value in seen:
            raise ValueError(
                f"Seats {seen[value] + 1} and {seat + 1} have the same {what} ({value}): "
                "choose another"
            )
        seen[value] = seat
