"""The help screen: the keys, and a short reference to the rules and the marks on screen,
written in the project's own words."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

from tea_tui.screens.bindings import MENU_WORDS, PANELS

KEYS = """
## Keys

| Key | What it does |
|---|---|
| 1-9 | choose item N of the decision panel; while choosing cards, tick card N |
| Enter | choose the highlighted item (cards: play the ticked ones, highlighted on top) |
| ↑ ↓ or k j | move the highlight |
| Esc or ⌫ | leave a sub-menu, untick the cards, or take back your last step this turn |
| s | scores by category (the final result once the game is over) |
| H | a hint: the AI's three best moves with their win chances (noted in the log and the save) |
| S / A | save the game under its name / under a new name (every move is autosaved anyway) |
| Ctrl+T | light or dark theme |
| < > | show AI moves more slowly / faster |
| Tab | move the focus to a panel, to scroll it with the arrows |
| Ctrl+P | all commands |
| ? | this help |
| q | quit (asks first) |
"""

RULES = """
## Tea Garden in short

The game lasts **5 rounds**. In a round each player takes up to **4 turns**, one card slot on
the board each; the 4th slot costs a fee in leaves. Passing ends your round.

**A turn:** play one or more cards from hand (their strength adds up; the card on top decides
what else you may do), then take **one main action** and, in any order, the top card's offer and
free actions, then end the turn.

- **Main actions:** build a garden (a Pagoda whose strength you reach, next to your gardens;
  one border further costs +2 strength), buy an Action card from the display (slot strength,
  leaf price, Teapots on your played cards), take a Caravan (sell leaves for its rewards), ferment
  up to your strength in fresh leaves, or harvest one leaf from each of up to that many gardens.
- **The top card** offers a secondary action (River: move your Boat; Cup production: take a
  Cup tile; University: move a Worker) or an effect; an x2 Scroll or 3 fermented leaves repeat it.
- **Free actions:** climb the Emperor track (tokens and a leaf), spend a Cup token for the bonus
  of a Cup beside it, use a +1 Scroll for one more strength.

**Between rounds:** played cards go to the discard pile, fresh leaves lose one quality and
fermented ones gain one, every garden yields 2 leaves of its Region's value, you draw 4 cards.

**At the end** you score your VP track, Action cards, Emperor card conditions, the River
segment of your Boat, your University Workers, the top of the Emperor track, matching Cup
connections and 1 per Scroll and Emperor token left. Ties go to the most leaves, then the most
fermented leaves.

## Solo: you against Lu Yu

Choose **Solo vs Lu Yu** under Players on the New game screen (or
`tea-tui new --seat human --seat luyu:hard`). Lu Yu is an automa: he follows his own small deck
of cards and never chooses anything himself. His difficulty is the number of strong Expert
cards in that deck: none (easy) up to three (expert). You pick who takes the first turn. To
win you need **more** points than he has; a tie counts as his.

**His turn:** he pays the slot fee if there is one (he passes when he cannot), turns the top
card of his deck face up into his next slot and does what its front says, one row after the
other. A row reads like `Build / +2 fresh`: if the action before the slash cannot be done, he
takes what follows the slash instead. He ignores the bonuses that players collect on the board.
The log tells each of his turns step by step, with the reason for every choice.

**His board** (key `o`, the tab with his name) shows the cards he played this round, his leaves
(only the counts matter to him, not the quality), his Emperor space, his Caravans and bought
Action cards with what they are worth to him, and the **top card of his deck**. Each of his
cards has a different back, so that card is known: it is the one he turns next. Its back
carries his *indicators*: his strength for buying (and for the expansion's Court and Market),
which secondary action he takes, which Caravan and which Emperor card (display #1-#3) he goes
for, the order of Provinces for Cup tiles, the order of bonus kinds that settles a tie when he
builds, and with the expansion his order of Halls and Market spaces. Lu Yu reads the back of
whichever card lies on top *during* his turn: once he has turned a card, the card beneath it
steers that turn. So the back you see between his turns explains what he just did, and the
next back stays a surprise until he plays.

**His score:** Action cards, River, University and Cups as for you; 5 per Caravan; 1 per two
fresh leaves and 1 per fermented leaf; his Emperor space by its own table (5 at the first
space, up to 45 at the sixth); with the expansion, his Hall points, Decrees, and 10 per Puerh
cake (5 for an unfinished one). The score table lists his Caravans and leaves on rows of their
own (you score nothing there).

## Marks on screen

| Mark | Meaning |
|---|---|
| ● ▲ ■ ◆ | seats 1 to 4 (each also has a colour) |
| g3 / f3 | a fresh (green) / fermented (brown) leaf of quality 3 |
| ≈ | the River, and the River action |
| ◡ | Cups and Cup production |
| ✦ | the Tea University |
| ▒ | mountains on the map: no border to cross |
| [x] | a card ticked to play |
| dimmed item | not possible now; the reason follows it |
"""


def _menu_table() -> str:
    rows = "\n".join(f"| {k} | {v} |" for k, v in MENU_WORDS.items())
    panels = "\n".join(f"| {k} | {title}: {tip} |" for k, (_, title, tip) in PANELS.items())
    return (
        "\n## Letters of the decision panel\n\n| Key | Action |\n|---|---|\n"
        + rows
        + "\n\n## Panels\n\n| Key | Panel |\n|---|---|\n"
        + panels
        + "\n"
    )


HELP_TEXT = "# tea-tui help\n" + KEYS + _menu_table() + RULES
"""The whole help text (Markdown)."""


class HelpScreen(ModalScreen[None]):
    """Keys and the rules reference; any of Esc, ? or q closes it."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,question_mark,q", "close", "close", tooltip="Back to the game", id="help-close"
        ),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(HELP_TEXT)

    def action_close(self) -> None:
        """Back to where help was opened."""
        self.dismiss(None)
