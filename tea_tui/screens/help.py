"""The help screen: the keys, the decision panel's letters and the panels of the game being
played, and that game's own part (its rules in short and the marks on screen, from its UI
package), written in the project's own words."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from tea_tui.game_ui import GameUi
from tea_tui.layout import GameLayout

KEYS = """
## Keys

| Key | What it does |
|---|---|
| 1-9, 0, a c … | choose the item with that key (past 9: 0, then letters); cards: tick it |
| Enter | choose the highlighted item (cards: play the ticked ones, highlighted on top) |
| ↑ ↓ or k j | move the decision panel's highlight (always; Home/End: first/last) |
| Esc or ⌫ | one step back: close the keys panel, or leave a sub-menu, or untick the cards, |
| | or take back your last step this turn (only the first of these that applies) |
| s | scores by category (the final result once the game is over) |
| H | a hint: the AI's three best moves with their win chances (noted in the log and the save) |
| S / A | save the game under its name / under a new name (every move is autosaved anyway) |
| Ctrl+T | light or dark theme |
| < > | show AI moves more slowly / faster |
| Tab / ⇧Tab | show the next / previous panel (as {panel_keys} do) |
| PgUp PgDn | scroll the panel on show |
| Ctrl+P | all commands |
| ? | this help |
| q | quit (asks first) |
| a | on the end screen: analyse your costliest decisions (the MCTS searches each one; Esc stops) |
"""


def _menu_table(layout: GameLayout) -> str:
    rows = "\n".join(f"| {k} | {v} |" for k, v in layout.menu_words.items())
    panels = "\n".join(f"| {p.key} | {p.title}: {p.tip} |" for p in layout.panels)
    return (
        "\n## Letters of the decision panel\n\n| Key | Action |\n|---|---|\n"
        + rows
        + "\n\n## Panels\n\n| Key | Panel |\n|---|---|\n"
        + panels
        + "\n"
    )


def help_text(ui: GameUi, layout: GameLayout) -> str:
    """The whole help text of a game (Markdown)."""
    keys = KEYS.replace("{panel_keys}", " ".join(p.key for p in layout.panels))
    return "# tea-tui help\n" + keys + _menu_table(layout) + ui.help_markdown(None)


class HelpScreen(ModalScreen[None]):
    """Keys and the rules reference; any of Esc, ? or q closes it."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,question_mark,q", "close", "close", tooltip="Back to the game", id="help-close"
        ),
    ]

    def __init__(self, ui: GameUi | None = None, layout: GameLayout | None = None) -> None:
        super().__init__()
        self.ui = ui
        """The game whose help this is (None: the first game's, from the title screen)."""
        self.game_layout = layout

    def compose(self) -> ComposeResult:
        ui, layout = (self.ui, self.game_layout) if self.ui and self.game_layout else _title_game()
        text = help_text(ui, layout)
        if self.ui is None:  # from the title screen: every other game offered has its section
            text += "".join(other.help_markdown(None) for other in _other_games(ui))
        with VerticalScroll(id="help-box"):
            yield Markdown(text)

    def action_close(self) -> None:
        """Back to where help was opened."""
        self.dismiss(None)


def _other_games(first: GameUi) -> list[GameUi]:
    """The UI parts of the other games offered (the title's help tells of each)."""
    from core.games import offered_games
    from tea_tui.game_ui import ui_for

    return [ui for ui in (ui_for(g.id) for g in offered_games()) if ui is not first]


def _title_game() -> tuple[GameUi, GameLayout]:
    """The game the title screen's help tells of: the first the registry offers."""
    from core.games import offered_games
    from tea_tui.game_ui import ui_for
    from tea_tui.layout import layout_for

    first = offered_games()[0].id
    return ui_for(first), layout_for(first)
