"""The game screen's key bindings, as data: every binding has an id, a description and a tooltip.

=============  =====================  ==============================================
Key            Id                     What it does
=============  =====================  ==============================================
1-9            menu-1 … menu-9        choose item N (tick card N in the card phase)
0 a c e f g …  menu-0, menu-a …       choose the item with that key (a long list goes on
                                      from 9 with 0, then letters)
Enter          choose                 choose the highlighted item (plays the cards)
↑ ↓ / k j      up / down              move the highlight (always the decision list's)
Esc, ⌫         back                   close the keys panel, or else leave a sub-menu,
                                      untick cards, or undo a step: one of them
m t d b o l r  panel-…                show the map, tracks, displays, board, others, log,
                                      the Noble Court (Puerh expansion only)
Tab, ⇧Tab      next-panel / previous  show the next / previous panel
PgUp PgDn      scroll-up / -down      scroll the panel on show
s              scores                 the score table (the final result once over)
H              hint                   the AI's three best moves, with win chances
S / A          save / save-as         save the game under its name / a new name
?              help                   keys and a short rules reference
< >            slower / faster        how fast AI moves are shown
q              quit                   quit (asks first)
=============  =====================  ==============================================
"""

from __future__ import annotations

from textual.binding import Binding

from tea_tui.games.tea_garden.menu import MENU_KEYS

PANELS = {
    "m": ("map", "Map", "The map of Regions, gardens and bonus tokens"),
    "t": ("tracks", "Tracks", "River, Tea University and Emperor track"),
    "d": ("displays", "Displays", "Action cards, Caravans, Emperor cards and Cup stacks"),
    "b": ("board", "Board", "Your board: leaves, pieces, hand and the cards played"),
    "o": ("opponents", "Others", "What the table sees of the other seats"),
    "l": ("log", "Log", "The game log"),
    "r": ("court", "Court", "Puerh expansion: Halls, Puerh Market and Storage, Decrees, cakes"),
}
"""Panel key -> (panel name, tab title, tooltip)."""
NO_COURT = "The Noble Court belongs to the Puerh expansion, which is off in this game."
"""What the court key says in a game without the expansion."""

MENU_WORDS = {
    "a": "use the top card / pay the cheapest",
    "c": "take a Caravan",
    "e": "end the turn",
    "f": "ferment",
    "g": "build a garden",
    "h": "extra harvest",
    "i": "climb the Emperor track",
    "n": "spend a Cup token / stop, decline",
    "p": "pass",
    "u": "buy an Action card",
    "w": "slip a card under the top card",
    "x": "repeat the secondary action",
    "y": "draw",
    "0": "choose the tenth item of a long list",
    "+": "use a +1 Scroll",
}
TOO_SMALL = (
    "The terminal is too small for Tea Garden: make it at least 80 x 24.\n"
    "No key acts on the game until then; q quits."
)
"""The notice shown instead of the game below the minimum size."""


def _menu_bindings() -> list[Binding]:
    bindings = [
        Binding(
            str(n),
            f"menu_key('{n}')",
            "choose" if n == 1 else f"item {n}",
            show=n == 1,
            key_display="1-9" if n == 1 else None,
            tooltip=f"Choose item {n} of the decision panel (tick card {n} when playing cards)",
            id=f"menu-{n}",
        )
        for n in range(1, 10)
    ]
    for key in MENU_KEYS:
        name = "plus" if key == "+" else key
        textual_key = "plus" if key == "+" else key
        bindings.append(
            Binding(
                textual_key,
                f"menu_key('{key}')",
                MENU_WORDS.get(key, key),
                show=False,
                tooltip=f"Decision panel: {MENU_WORDS.get(key, key)}",
                id=f"menu-{name}",
            )
        )
    return bindings


GAME_BINDINGS: list[Binding] = [
    *_menu_bindings(),
    Binding(
        "enter", "choose", "choose", show=False, tooltip="Choose the highlighted item", id="choose"
    ),
    Binding("k", "move(-1)", "up", show=False, tooltip="Highlight the item above", id="up"),
    Binding("j", "move(1)", "down", show=False, tooltip="Highlight the item below", id="down"),
    Binding(
        "escape,backspace",
        "back",
        "back/undo",
        key_display="esc",
        tooltip="Leave the sub-menu, untick the cards, or take back your last step",
        id="back",
    ),
    *[
        Binding(key, f"panel('{name}')", title.lower(), show=False, tooltip=tip, id=f"panel-{name}")
        for key, (name, title, tip) in PANELS.items()
    ],
    Binding(
        "tab",
        "next_panel(1)",
        "next panel",
        show=False,
        tooltip="Show the next panel",
        id="next-panel",
    ),
    Binding(
        "shift+tab",
        "next_panel(-1)",
        "previous panel",
        show=False,
        tooltip="Show the previous panel",
        id="previous-panel",
    ),
    Binding(
        "pageup",
        "scroll_panel(-1)",
        "scroll up",
        show=False,
        priority=True,
        tooltip="Scroll the panel on show up",
        id="scroll-up",
    ),
    Binding(
        "pagedown",
        "scroll_panel(1)",
        "scroll down",
        show=False,
        priority=True,
        tooltip="Scroll the panel on show down",
        id="scroll-down",
    ),
    Binding("s", "scores", "scores", tooltip="Points per category for every seat", id="scores"),
    Binding(
        "H",
        "hint",
        "hint",
        tooltip="Ask the AI for its three best moves, with their win chances (noted in the log)",
        id="hint",
    ),
    Binding("S", "save", "save", tooltip="Save the game under its name", id="save"),
    Binding("A", "save_as", "save as", show=False, tooltip="Save under a new name", id="save-as"),
    Binding(
        "question_mark",
        "help",
        "help",
        key_display="?",
        tooltip="Keys and a short reference to the rules and icons",
        id="help",
    ),
    Binding(
        "less_than_sign",
        "pace(1)",
        "slower AI",
        show=False,
        tooltip="Show AI moves more slowly",
        id="slower",
    ),
    Binding(
        "greater_than_sign",
        "pace(-1)",
        "faster AI",
        show=False,
        tooltip="Show AI moves faster",
        id="faster",
    ),
    Binding("q", "quit_game", "quit", tooltip="Quit the game (asks first)", id="quit"),
]
"""Every binding of the game screen (see the table above)."""
