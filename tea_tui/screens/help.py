"""The help screen: the keys, the decision panel's letters and the panels of the game being
played, and that game's own part (its rules in short and the marks on screen, from its UI
package), written in the project's own words. From the title screen, where no game is being
played yet, it tells the keys once and then every offered game in turn, each under its name."""

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


TITLE_INTRO = """
From the title screen: **n** starts a new game (first choose the game, then the seats and
options), **l** loads a saved one, **r** replays one. The keys below work in every game; each
game's own letters, panels and rules follow under its name.
"""


def _menu_table(layout: GameLayout, game: str = "") -> str:
    rows = "\n".join(f"| {k} | {v} |" for k, v in layout.menu_words.items())
    panels = "\n".join(f"| {p.key} | {p.title}: {p.tip} |" for p in layout.panels)
    letters, panel = "letters of the decision panel", "panels"
    if game:
        letters, panel = f"{game}: {letters}", f"{game}: {panel}"
    return (
        f"\n## {letters[0].upper()}{letters[1:]}\n\n| Key | Action |\n|---|---|\n"
        + rows
        + f"\n\n## {panel[0].upper()}{panel[1:]}\n\n| Key | Panel |\n|---|---|\n"
        + panels
        + "\n"
    )


def help_text(ui: GameUi, layout: GameLayout) -> str:
    """The whole help text of a game (Markdown)."""
    keys = KEYS.replace("{panel_keys}", " ".join(p.key for p in layout.panels))
    return "# tea-tui help\n" + keys + _menu_table(layout) + ui.help_markdown(None)


def title_help_text() -> str:
    """The help text of the title screen (Markdown): the keys once, then every offered game
    under its name with its decision panel's letters, its panels and its own part."""
    from core.games import offered_games
    from tea_tui.game_ui import ui_for
    from tea_tui.layout import layout_for

    games = offered_games()
    keys = KEYS.replace("{panel_keys}", "each game's panel keys")
    jumps = ", ".join(f"**{i}** {g.name}" for i, g in enumerate(games, 1))
    out = ["# tea-tui help\n", TITLE_INTRO, f"\nJump to a game's part: {jumps}.\n", keys]
    for g in games:
        out.append(f"\n# {g.name}\n")
        out.append(_menu_table(layout_for(g.id), g.name))
        out.append(ui_for(g.id).help_markdown(None))
    return "".join(out)


class HelpScreen(ModalScreen[None]):
    """Keys and the rules reference; any of Esc, ? or q closes it."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,question_mark,q", "close", "close", tooltip="Back to the game", id="help-close"
        ),
        *(
            Binding(str(n), f"jump({n})", "jump", show=False, id=f"help-jump-{n}")
            for n in range(1, 10)
        ),
    ]

    def __init__(self, ui: GameUi | None = None, layout: GameLayout | None = None) -> None:
        super().__init__()
        self.ui = ui
        """The game whose help this is (None: every offered game's, from the title screen)."""
        self.game_layout = layout

    def compose(self) -> ComposeResult:
        if self.ui is not None and self.game_layout is not None:
            text = help_text(self.ui, self.game_layout)
        else:
            text = title_help_text()
        with VerticalScroll(id="help-box"):
            yield Markdown(text)

    def action_close(self) -> None:
        """Back to where help was opened."""
        self.dismiss(None)

    def action_jump(self, number: int) -> None:
        """From the title screen's help: scroll to the part of the ``number``-th game."""
        if self.ui is not None:
            return
        from core.games import offered_games

        games = offered_games()
        if not 1 <= number <= len(games):
            return
        markdown = self.query_one(Markdown)
        name = games[number - 1].name
        for level, title, header_id in markdown.table_of_contents:
            if level == 1 and title == name:
                markdown.query_one(f"#{header_id}").scroll_visible(top=True, animate=False)
                return
