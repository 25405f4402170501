"""The words of the plain mode: the menu as numbered lines, the help, the score lines and the
end of the game.

The menu is the one the app's decision panel shows (the game's
:meth:`~tea_tui.game_ui.GameUi.build_menu`): the same items, keys, labels and reasons, one item
per line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from tea_tui import safe_text
from tea_tui.menu import Item, Menu
from tea_tui.scores import scores_by_round
from tea_tui.session import GameSession, LogEntry

if TYPE_CHECKING:
    from tea_tui.game_ui import GameUi

COMMANDS: dict[str, str] = {
    "look": "the whole game (the game's own parts follow in help)",
    "me": "your own board and hand",
    "log": "the last lines of the game log (log 25 for more)",
    "scores": "the points of every seat if the game ended now",
    "menu": "the choices again (an empty line does the same)",
    "back": "leave a list of choices opened by a key, back to the one before",
    "undo": "take back your last step, while it is still your turn and nothing was revealed",
    "save": "save the game under a name: save NAME, or to a file: save PATH/FILE.json",
    "help": "this list",
    "quit": "stop playing (the game is kept: tea-tui continue --plain goes on with it)",
}
"""Every command word and what it does, in the order help lists them."""
_ASCII = {
    "→": "->",
    "—": "-",
    "\N{EN DASH}": "-",
    "…": "...",
    "·": ";",
    "≥": ">=",
    "\N{MULTIPLICATION SIGN}": "x",
    "✓": "yes",
    "✗": "no",
}
"""Plain stand-ins for the few signs of our texts that a 7-bit terminal cannot show."""


def clean(text: str, encoding: str | None) -> str:
    """Return ``text`` fit for the output: the app's " · " separators become semicolons, and a
    stream that cannot take the signs gets ASCII stand-ins. Control characters (from a save's
    title or names) show as escapes, never reaching the terminal."""
    text = safe_text.clean(text.replace(" · ", "; "), None)
    if encoding is None or encoding.lower().replace("-", "").replace("_", "").startswith("utf"):
        return text  # no encoding (an in-memory stream) takes any character
    for sign, plain in _ASCII.items():
        text = text.replace(sign, plain)
    return text.encode(encoding, "replace").decode(encoding)


# --- the menu --------------------------------------------------------------------------------

CARD_HINT = "A number plays that card; 1 3 plays cards 1 and 3, the last one on top."
SUBMENU_HINT = "Type the key of a choice (a number or a letter), or back to return."


def keyed(menu: Menu) -> Menu:
    """Return the menu with a key of its own for every choice that can be taken.

    The menus give every item a key (digits, then letters); should one still lack a key, or
    share a letter with an earlier item, the numbering goes on here (10, 11, ...), since a line
    of text cannot use the arrows.
    """
    used = [int(i.key) for i in menu.items if i.key.isdigit()]
    n = max(used, default=0)
    seen: set[str] = set()
    items = []
    for item in menu.items:
        if item.key in seen:
            item = replace(item, key="")
        if not item.key and item.enabled:
            n += 1
            item = replace(item, key=str(n))
        seen.add(item.key)
        items.append(item)
    return replace(menu, items=tuple(items))


def item_line(item: Item) -> str:
    """Return one menu item: ``KEY. label``, with the reason when it cannot be chosen now."""
    label = item.label
    if label.startswith(("[ ] ", "[x] ")):  # the app's tick boxes say nothing read aloud
        label = ("(chosen) " if item.chosen else "") + label[4:]
    text = f"{item.key}. {label}" if item.key else label
    if not item.enabled:
        text += f" (not now: {item.reason})"
    return text


def menu_lines(menu: Menu) -> list[str]:
    """Return the decision's title, its items one per line (with a heading per group in the
    turn's menus), and a hint where the keys need one."""
    title = menu.title
    lines = [title if title.endswith((".", "?", "!", ":")) else title + "."]
    group = ""
    for item in menu.items:
        if menu.kind in ("cards", "turn") and item.group and item.group != group:
            group = item.group
            lines.append(f"{group}:")
        lines.append("  " + item_line(item))
    if menu.kind == "cards":
        lines.append(CARD_HINT)
    elif menu.kind == "submenu":
        lines.append(SUBMENU_HINT)
    return lines


def log_text(entry: LogEntry) -> str:
    """Return a log entry as a line: a heading ends with a colon, a move is indented."""
    if not entry.header:
        return "  " + entry.text
    return entry.text + ("." if entry.seat < 0 else ":")  # a round (or the end), or a turn


def summary_text(name: str, summary: str) -> str:
    """Return an AI seat's whole turn in one line, after its steps in the log."""
    return f"  In short, {name}: {summary}."


def help_lines(ui: GameUi) -> list[str]:
    """Return the help: how menus work (with the game's own lines), then every command."""
    lines = [
        "How to play: when it is your turn you get a numbered list of choices. Type the key in "
        "front of a choice (a number or a letter) and press Enter.",
        "Choices marked 'not now' cannot be taken yet; the reason follows.",
        *ui.plain_help,
        "Commands are words, so they never clash with keys; a slash in front (/look) works too:",
    ]
    words = {**COMMANDS, "look": ui.look_help, "me": ui.me_help}
    lines += [f"  {name}: {what}." for name, what in words.items()]
    lines.append(
        "Every move is saved at once. Ctrl+D (the end of the input) stops; the game stays."
    )
    return lines


def join(items: Sequence[str], empty: str = "none") -> str:
    """Return ``items`` as "a, b and c" (``empty`` for none)."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


# --- scores and the end ----------------------------------------------------------------------


def score_lines(
    breakdown: Sequence[dict[str, int]],
    names: Sequence[str],
    categories: Sequence[tuple[str, str, str]],
) -> list[str]:
    """Return one line per seat: its total, then its points per category (zeros left out;
    ``categories``: the game's, as key, glyph and name)."""
    lines = []
    for seat, name in enumerate(names):
        parts = breakdown[seat] if seat < len(breakdown) else {}
        scored = [f"{label} {parts[key]}" for key, _, label in categories if parts.get(key)]
        total = sum(parts.values())
        lines.append(f"{name}: total {total}; {', '.join(scored) or 'nothing yet'}.")
    return lines


def result_line(session: GameSession) -> str:
    """Return who won, with the points (in a solo game, how the player did against the
    automa)."""
    outcome = session.outcome()
    names = session.names
    luyu = session.automa_seat
    if luyu is not None:
        player = 1 - luyu
        mine, his = outcome.scores[player], outcome.scores[luyu]
        who, him = names[player], names[luyu]
        if mine > his or (mine == his and luyu not in outcome.winners):
            winner = "You beat" if session.is_human(player) else f"{who} beats"
            return f"{winner} {him}, {mine} to {his}!"
        if mine == his:
            return f"{who} does not beat {him}: a tie on {mine} points goes to him."
        return f"{him} wins, {his} to {mine}."
    winners = join([names[s] for s in outcome.winners])
    verb = "wins" if len(outcome.winners) == 1 else "share the victory"
    return f"{winners} {verb} with {max(outcome.scores)} points."


def end_lines(session: GameSession) -> list[str]:
    """Return the end of the game: final points per category, the score after each round, the
    winner and how a tie was settled, and the setup to deal the game again."""
    from tea_tui.game_ui import ui_for

    outcome = session.outcome()
    categories = ui_for(session.game_id).score_categories(outcome.breakdown)
    lines = ["Final scores:"]
    lines += [f"  {line}" for line in score_lines(outcome.breakdown, session.names, categories)]
    by_round = scores_by_round(session.game, session.seed, session.moves)
    lines.append("Score at the start and after each round:")
    for seat, name in enumerate(session.names):
        lines.append(f"  {name}: {', '.join(str(points[seat]) for points in by_round)}.")
    lines.append(result_line(session))
    if outcome.tie_break:
        lines.append(session.tie_break_text(outcome.tie_break))
    seats = " ".join(str(spec) for spec in session.seats)
    lines.append(f"Seed {session.seed}, seats {seats}, {len(session.moves)} moves.")
    return lines
