"""The game chooser: the first step of a new game when tea-tui offers more than one game.

Every game of the registry that players are offered (:func:`offered_games`), with its player
count and a line about it; Enter, a click or the game's number picks one, Esc goes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core.games import GameInfo
from core.games import offered_games as registry_offered


def offered_games() -> tuple[GameInfo, ...]:
    """The games players are offered (the registry's, without the test games and the games
    whose screens are still to come)."""
    return registry_offered()


def seats_text(info: GameInfo) -> str:
    """How many play it, in words ("2-4 players, or solo against Lu Yu")."""
    low, high = info.min_seats, info.max_seats
    count = f"{low} players" if low == high else f"{low}-{high} players"
    return f"{count}, or solo against {info.automa.name}" if info.automa else count


class ChooseGameScreen(ModalScreen[str | None]):
    """Pick the game to set up; returns its id, or None for Esc."""

    CSS_PATH = "modals.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "back", tooltip="Back without a game", id="choose-back"),
        *[Binding(str(n), f"pick({n - 1})", show=False, id=f"choose-{n}") for n in range(1, 10)],
    ]

    def __init__(self, games: Sequence[GameInfo], last: str = "") -> None:
        super().__init__()
        self.games = tuple(games)
        self.last = last

    def compose(self) -> ComposeResult:
        with Vertical(classes="modal-box", id="choose-box"):
            yield Static(Text("Which game?", style="bold"), id="choose-title")
            options = []
            for n, info in enumerate(self.games, start=1):
                # A grid, so that a long blurb wraps under the name, not under the number.
                line = Table.grid(padding=(0, 2))
                line.add_column(no_wrap=True)
                line.add_column(ratio=1)
                head = Text(info.name, style="bold")
                head.append(f"  {seats_text(info)}", style="dim")
                if info.blurb:
                    head.append(f"\n{info.blurb}")
                line.add_row(Text(str(n), style="bold"), head)
                options.append(Option(line, id=info.id))
            yield OptionList(*options, id="choose-games")
            yield Static(Text("Enter or a number picks · Esc back", style="dim"))
        yield Footer(compact=True)

    def on_mount(self) -> None:
        games = self.query_one(OptionList)
        ids = [info.id for info in self.games]
        games.highlighted = ids.index(self.last) if self.last in ids else 0
        games.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on a game."""
        event.stop()
        self.dismiss(event.option.id)

    def action_pick(self, index: int) -> None:
        """A game's number."""
        if 0 <= index < len(self.games):
            self.dismiss(self.games[index].id)

    def action_cancel(self) -> None:
        """Back without a game."""
        self.dismiss(None)
