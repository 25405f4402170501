"""Sencha's words for the app's shell (:class:`tea_tui.game_ui.GameUi`): the decision panel
(:mod:`tea_tui.games.sencha.menu`), the words for moves, the house rules of the new-game form,
the score categories, the help and the plain mode's lines. No Textual here: the panels and
widgets are in :mod:`tea_tui.games.sencha.layout`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.engine import Game, Observation
from core.moves import Move
from core.sencha.hidden import SenchaObservation
from core.sencha.options import SenchaOptions
from core.setup import OptionValue
from tea_tui import house_rules as rules_module
from tea_tui.game_ui import GameUi
from tea_tui.games.sencha import menu
from tea_tui.games.sencha.help import GAME_HELP
from tea_tui.games.sencha.house_rules import HOUSE_RULES, rules_in_setup, to_options
from tea_tui.games.sencha.lines import seats_in_order
from tea_tui.games.sencha.plain.lines import (
    board_lines,
    market_lines,
    player_lines,
    workers_text,
    wrapped,
)
from tea_tui.games.sencha.session import SenchaSession
from tea_tui.games.sencha.words import as_data, context_of, move_label
from tea_tui.menu import Menu
from tea_tui.session import GameSession

CATEGORY_NAMES = {
    "track": ("★", "VP track"),
    "workers": ("♞", "Collectors, Carts"),
    "money": ("¥", "Yen"),
    "field": ("⌂", "Field houses"),
    "temple": ("⛩", "Temple majorities"),
}
"""The scoring categories (:data:`core.sencha.scoring.CATEGORIES`): glyph and name."""


def _sen(session: GameSession) -> SenchaSession:
    assert isinstance(session, SenchaSession)
    return session


def _view(view: Observation | None) -> SenchaObservation:
    assert isinstance(view, SenchaObservation)
    return view


class SenchaUi(GameUi):
    """Sencha's menu, words, house rules and help."""

    game_id = "sencha"
    step_word = "card"
    house_rules = HOUSE_RULES

    def help_markdown(self, session: GameSession | None) -> str:
        """The game in short and how its panels read."""
        return GAME_HELP

    def progress_words(self, session: GameSession, view: Observation) -> str:
        """The Tea Market card in play."""
        pub = _view(view).pub
        return f"card {pub.cards_turned} of {pub.deck_size}"

    def check_options(self, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        """House rules by name (``--variant``, the form) become the options they set.

        Raises:
            ValueError: for an unknown rule or two that set one option differently.
        """
        known = {rule.name for rule in HOUSE_RULES}
        flags = [k for k, v in options.items() if v is True and k in known]
        fields = set(SenchaOptions.__struct_fields__)
        unknown = [k for k, v in options.items() if v is True and k not in known | fields]
        if unknown:
            rules_module.check(HOUSE_RULES, unknown, ())  # raises, naming the rule
        ordered = rules_module.check(HOUSE_RULES, flags, ())
        rest = {k: v for k, v in options.items() if k not in known}
        return to_options({**dict.fromkeys(ordered, True), **rest})

    def setup_extras(self, options: Mapping[str, OptionValue]) -> str:
        """The house rules of a saved setup."""
        names = rules_in_setup(options)
        return f" · house rules: {rules_module.summary(HOUSE_RULES, names)}" if names else ""

    # --- the decision panel -------------------------------------------------------------------

    def build_menu(
        self,
        session: GameSession,
        view: Observation,
        legal: Sequence[Move],
        selection: frozenset[str],
        submenu: str,
    ) -> Menu:
        """Sencha's menu (:func:`tea_tui.games.sencha.menu.build_menu`)."""
        return menu.build_menu(as_data(_view(view)), legal, submenu)

    def move_label(self, session: GameSession, view: Observation | None, move: Move) -> str:
        """A move as the menu names it."""
        v = view if isinstance(view, SenchaObservation) else _sen(session).view()
        try:
            return move_label(as_data(v), move)
        except (IndexError, KeyError, StopIteration):
            return str(move)

    def waiting_hint(self, session: GameSession, seat: int) -> str:
        """Where to follow an AI's turn."""
        return "its steps show above as it goes; l has every draw in the log"

    # --- the post-game analysis ------------------------------------------------------------

    def decision_words(self, game: Game, view: Observation, move: Move) -> str:
        """The move as the decision panel words it."""
        try:
            return move_label(as_data(_view(view)), move)
        except (IndexError, KeyError, StopIteration):
            return str(move)

    def decision_when(
        self, game: Game, view: Observation, names: Sequence[str]
    ) -> tuple[int | None, str]:
        """No round: Sencha has none (the report numbers the move instead)."""
        return None, ""

    # --- scores -------------------------------------------------------------------------------

    def score_categories(
        self, breakdown: Sequence[Mapping[str, int]]
    ) -> list[tuple[str, str, str]]:
        """The rulebook's categories in its order."""
        keys = [k for k in CATEGORY_NAMES if any(k in b for b in breakdown)]
        extra = [k for b in breakdown for k in b if k not in CATEGORY_NAMES]
        return [(k, *CATEGORY_NAMES[k]) for k in keys] + [
            (k, "·", k.capitalize()) for k in dict.fromkeys(extra)
        ]

    # --- plain mode -----------------------------------------------------------------------------

    look_parts = ("board", "market", "players")
    look_help = (
        "the whole table: plantations, the Tea Market card, every player (look board, "
        "look market or look players for one part)"
    )
    me_help = "your own yen, VP and taxes, workers with their loads, temple and houses"
    plain_help = (
        "At the start of a turn: 1 buy, 2 build, 3 recruit, 4 collect, 5 sell (f free cube, "
        "p pass); build and recruit then ask where or whom.",
        "Inside an action each step has a key; n finishes collecting, selling or offering.",
        "Workers are numbered as 'me' lists them; teas are Sencha, Sakura and Black Tea.",
    )

    def plain_status(self, session: GameSession, view: Observation, width: int) -> list[str]:
        """The card in play, who moves and what the viewer holds."""
        v = _view(view)
        pub = v.pub
        ctx = context_of(v)
        seat = session.current_seat
        who = "the game is over" if seat is None else f"{session.names[seat]} to move"
        last = ", last turns" if pub.ending_seat >= 0 and not pub.over else ""
        p = pub.players[v.seat]
        return wrapped(
            [
                f"Card {pub.cards_turned} of {pub.deck_size} ({ctx.card_name(pub.card)}){last}, "
                f"{who}.",
                f"You: {p.money} yen, {p.vp} VP; workers: {workers_text(p)}.",
            ],
            max(40, width - 1),
        )

    def plain_look(self, session: GameSession, view: Observation, part: str) -> list[str]:
        """The plantations, the market and every player."""
        v = _view(view)
        ctx = context_of(v)
        names = session.names
        out: list[str] = []
        if part in ("", "board"):
            out += board_lines(v, ctx, names)
        if part in ("", "market"):
            out += market_lines(v, ctx)
        if part in ("", "players"):
            for seat in seats_in_order(v):
                out += player_lines(v, names, seat)
        return wrapped(out)

    def plain_me(self, session: GameSession, view: Observation) -> list[str]:
        """The viewer's yen, tracks, workers and temple."""
        v = _view(view)
        return wrapped(player_lines(v, session.names, v.seat))


SENCHA_UI = SenchaUi()
"""Sencha's parts of the shell."""
