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
m t d b o l r  panel-…                show one of the game's panels (Tea Garden's: map,
                                      tracks, displays, board, others, log, court)
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

from collections.abc import Mapping

from textual.binding import Binding

from tea_tui.layout import GameLayout
from tea_tui.menu import MENU_KEYS


def _menu_bindings(words: Mapping[str, str]) -> list[Binding]:
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
                words.get(key, key),
                show=False,
                tooltip=f"Decision panel: {words.get(key, key)}",
                id=f"menu-{name}",
            )
        )
    return bindings


def game_bindings(layout: GameLayout) -> list[Binding]:
    """Every binding of a game's game screen: the decision panel's keys with the game's words
    for its letters, the game's panels, and the keys every game has."""
    return [
        *_menu_bindings(layout.menu_words),
        *_COMMON[:_PANELS_AT],
        *[
            Binding(
                p.key,
                f"panel('{p.name}')",
                p.title.lower(),
                show=False,
                tooltip=p.tip,
                id=f"panel-{p.name}",
            )
            for p in layout.panels
        ],
        *_COMMON[_PANELS_AT:],
    ]


def all_game_bindings() -> list[Binding]:
    """The bindings of every game's screen, each id once (the settings' key map lists them)."""
    from core.games import all_games
    from tea_tui.layout import FALLBACK_LAYOUT, layout_for

    seen: dict[str, Binding] = {}
    layouts = [layout_for(info.id) for info in all_games(include_tests=False)]
    for layout in [*layouts, FALLBACK_LAYOUT]:
        for binding in game_bindings(layout):
            if binding.id and binding.id not in seen:
                seen[binding.id] = binding
    return list(seen.values())


_COMMON: list[Binding] = [
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
    # the game's panels go here
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
"""The bindings every game screen has (the game's panels go between them, at _PANELS_AT)."""
_PANELS_AT = next(i for i, b in enumerate(_COMMON) if b.id == "next-panel")
