"""The new-game screen: the game and its expansion, the number of players, each seat's kind,
level, name and colour, and the seed (random by default, shown and editable).

It opens with the last setup used (kept in the settings) and a new seed, or, for a rematch, with
the finished game's setup and seed. Tab moves between fields; Enter in a field or on Start
starts the game; Esc goes back.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, RadioButton, RadioSet, Select, Static

from core.seats import MAX_NAME, SeatSpec
from tea_tui.widgets.glyphs import COLOUR_CHOICES, DEFAULT_COLOUR_NAMES, seat_glyph

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
MAX_SEATS = 4
MAX_SEED = 1_000_000
"""New seeds are drawn below this, to stay short enough to read out."""


@dataclass
class Plan:
    """What the form starts with."""

    seats: list[SeatSpec] = field(
        default_factory=lambda: [SeatSpec("human"), SeatSpec("mcts", "normal")]
    )
    colours: list[str] = field(default_factory=list)
    puerh: bool = False
    seed: int | None = None
    """None draws a new one."""

    @classmethod
    def of(cls, session: GameSession) -> Plan:
        """The plan of a game played: same seats, names, colours, expansion and seed."""
        seats = [SeatSpec(s.kind, s.level, session.names[i]) for i, s in enumerate(session.seats)]
        return cls(seats, list(session.colours), session.puerh, session.seed)


@dataclass(frozen=True)
class Choice:
    """What the form says, checked: ready to set up a game."""

    seats: tuple[SeatSpec, ...]
    names: tuple[str, ...]
    colours: tuple[str, ...]
    puerh: bool
    seed: int


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
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back", tooltip="Back without starting a game", id="new-back"),
        Binding("f5", "start", "start", tooltip="Start the game", id="new-start"),
        Binding("f2", "reseed", "new seed", tooltip="Draw a new random seed", id="new-seed"),
    ]

    def __init__(self, plan: Plan | None = None, *, rematch: bool = False) -> None:
        super().__init__()
        self.plan = plan or Plan()
        self.rematch = rematch
        self.players = max(2, min(MAX_SEATS, len(self.plan.seats)))
        """The number of seats chosen."""

    # --- the form ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        plan = self.plan
        seed = plan.seed if plan.seed is not None else secrets.randbelow(MAX_SEED)
        title = "Rematch: the same setup and seed" if self.rematch else "New game"
        with Vertical(id="new-box"):
            yield Static(Text(title, style="bold"), id="new-title")
            with Horizontal(classes="new-row"):
                yield Static("Game", classes="new-label")
                yield Static("Tea Garden", id="new-game-name")
                yield Checkbox(
                    "Puerh expansion",
                    plan.puerh,
                    id="new-puerh",
                    compact=True,
                    tooltip="Puerh, The Noble Court: Halls, the Puerh Market, Decrees",
                )
            with Horizontal(classes="new-row"):
                yield Static("Players", classes="new-label")
                with RadioSet(id="new-players", compact=True):
                    yield RadioButton("1: solo vs Lu Yu (coming)", disabled=True, id="players-1")
                    for n in (2, 3, 4):
                        yield RadioButton(str(n), n == self.players, id=f"players-{n}")
            for seat in range(MAX_SEATS):
                spec = plan.seats[seat] if seat < len(plan.seats) else SeatSpec("mcts", "normal")
                colour = (
                    plan.colours[seat]
                    if seat < len(plan.colours) and plan.colours[seat] in COLOUR_CHOICES
                    else DEFAULT_COLOUR_NAMES[seat]
                )
                with Horizontal(classes="new-row seat-row", id=f"seat-row-{seat}"):
                    yield Static(f"{seat_glyph(seat)} Seat {seat + 1}", classes="new-label")
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
                        placeholder=default_name(seat, spec.kind),
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
            with Horizontal(classes="new-row", id="new-seed-row"):
                yield Static("Seed", classes="new-label")
                yield Input(str(seed), type="integer", compact=True, id="new-seed")
                yield Button("New seed", compact=True, id="new-reseed")
            yield Static("", id="new-note")
            with Horizontal(id="new-buttons"):
                yield Button("Start", variant="primary", compact=True, id="new-go")
                yield Button("Back", compact=True, id="new-cancel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#new-go", Button).focus()
        self._note("Tab: next field · Enter: start · the same seed deals the same game")

    def _show_seats(self) -> None:
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-row-{seat}").display = seat < self.players

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

    def on_select_changed(self, event: Select.Changed) -> None:
        """A seat's kind changed: its default name follows."""
        select_id = event.select.id or ""
        if select_id.startswith("kind-") and isinstance(event.value, str):
            seat = int(select_id.removeprefix("kind-"))
            self.query_one(f"#name-{seat}", Input).placeholder = default_name(seat, event.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start, Back or New seed."""
        if event.button.id == "new-go":
            self.action_start()
        elif event.button.id == "new-cancel":
            self.action_back()
        elif event.button.id == "new-reseed":
            self.action_reseed()

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
        for seat in range(self.players):
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
        _check_distinct(names, "name")
        _check_distinct(colours, "colour")
        text = self.query_one("#new-seed", Input).value.strip()
        if not text.isdigit():
            raise ValueError("The seed is a whole number from 0 up (New seed draws one).")
        puerh = self.query_one("#new-puerh", Checkbox).value
        return Choice(tuple(seats), tuple(names), tuple(colours), puerh, int(text))


def _check_distinct(values: Sequence[str], what: str) -> None:
    seen: dict[str, int] = {}
    for seat, value in enumerate(values):
        if value in seen:
            raise ValueError(
                f"Seats {seen[value] + 1} and {seat + 1} have the same {what} ({value}): "
                "choose another"
            )
        seen[value] = seat
