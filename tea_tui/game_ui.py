"""The per-game parts the app's shell drives, and the fallback for a game that has none.

The game screen, the replay viewer, the score and end screens, the new-game form, the help,
the post-game analysis and the plain mode are game-neutral: each asks a :class:`GameUi` for the
words only the game knows: the decision menu, the words for a move, the score categories, the
switches and house rules of the new-game form, the help text and the plain-mode lines (the
panels and widgets are the game's :class:`~tea_tui.layout.GameLayout`). A game's UI package
(``tea_tui.games.<id>``) gives its own as ``UI``; :func:`ui_for` finds it by the game's
registry id, and every game without one gets this module's :class:`GameUi`, which lists the
legal moves in their notation and shows each field of the observation as a line. A game needs
no UI package to be played, in the app or in plain mode; its package only makes it pleasant.

No Textual here: the plain mode uses this module too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from core.engine import Game, Observation
from core.games import find_game, game_module
from core.moves import Move
from core.setup import OptionValue
from tea_tui import house_rules
from tea_tui.house_rules import HouseRule
from tea_tui.menu import MENU_KEYS, Item, Menu
from tea_tui.safe_text import clean
from tea_tui.session import GameSession
from tea_tui.view_lines import observation_lines

if TYPE_CHECKING:
    pass

__all__ = ["GameUi", "Switch", "ui_for"]


ITEM_KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", *MENU_KEYS)
"""The keys of a listed move, in order."""


@dataclass(frozen=True)
class Switch:
    """An option the new-game form shows as a tick box beside the game's name (an expansion)."""

    name: str
    """The option's name."""
    label: str
    """Its words on the form."""
    tip: str = ""
    """Its tooltip."""
    short: str = ""
    """A word for lists of saves ("Puerh"); its label when empty."""


class GameUi:
    """The parts of the app one game gives (this base is the fallback for any game)."""

    game_id = ""
    """The registry id of the game (empty for the fallback, which serves any game)."""
    switches: tuple[Switch, ...] = ()
    """The options the new-game form ticks on the game's row (expansions)."""
    house_rules: tuple[HouseRule, ...] = ()
    """The variant flags the house-rules dialog and ``--variant`` offer."""
    step_word = "step"
    """What a step of the game's progress is called ("round")."""

    # --- the game's name and rules ------------------------------------------------------------

    def name(self, session: GameSession) -> str:
        """The game's name on screen."""
        return find_game(session.game_id).name

    def help_markdown(self, session: GameSession | None) -> str:
        """The game's part of the help screen: how its panels and moves read."""
        return (
            "## This game\n\n"
            "This game has no screens of its own yet: the Board panel shows what you know of "
            "the game, a line per part, and the decision panel lists your legal moves in the "
            "game's move notation (docs/notation.md). Choose one with its key or with Enter.\n"
        )

    def progress_words(self, session: GameSession, view: Observation) -> str:
        """How far the game has come, in a few words for a title ("round 3")."""
        return session.state.progress().text.lower()

    def automa_levels(self, session_game: str) -> tuple[tuple[str, str], ...]:
        """The automa's difficulties for the new-game form, as (words, level), easiest first."""
        automa = find_game(session_game).automa
        return tuple((level, level) for level in automa.levels) if automa else ()

    def automa_level_tip(self, name: str) -> str:
        """The tooltip of the automa's difficulty on the new-game form."""
        return f"{name}'s difficulty"

    def solo_rule(self, name: str) -> str:
        """How a solo game against the automa is won, in a few words."""
        return f"score more than {name} to win"

    def check_options(self, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        """Check the options a player asked for (``--variant``, the new-game form): with house
        rules listed, every flag must be one of them and have the switch it needs on; the
        game's options Struct checks the rest when the game is built. Return them switches
        first, then the rules in their order.

        Raises:
            ValueError: saying what is wrong.
        """
        on = [switch.name for switch in self.switches if options.get(switch.name) is True]
        named = {switch.name for switch in self.switches}
        rest = {k: v for k, v in options.items() if k not in named}
        checked: dict[str, OptionValue] = dict.fromkeys(on, True)
        if not self.house_rules:
            checked.update({k: v for k, v in rest.items() if v is not False})
            return checked
        flags = [k for k, v in rest.items() if v is True]
        checked.update(dict.fromkeys(house_rules.check(self.house_rules, flags, on), True))
        checked.update({k: v for k, v in rest.items() if not isinstance(v, bool)})
        return checked

    def variant_help(self) -> str:
        """The house rules a player may switch on, in a few words for ``--help``."""
        base = ", ".join(rule.name for rule in self.house_rules if not rule.needs)
        more = [r for r in self.house_rules if r.needs]
        if not more:
            return base
        needs = more[0].needs
        return f"{base}; with --{needs} also " + ", ".join(rule.name for rule in more)

    def setup_extras(self, options: Mapping[str, OptionValue]) -> str:
        """The switches and house rules of a saved setup, for the list of saves
        (", Puerh · house rules: Late cards"), "" for none."""
        text = "".join(
            f", {switch.short or switch.label}"
            for switch in self.switches
            if options.get(switch.name) is True
        )
        known = {rule.name for rule in self.house_rules}
        rules = [name for name, on in options.items() if on is True and name in known]
        if rules:
            text += f" · house rules: {house_rules.summary(self.house_rules, rules)}"
        return text

    def house_rules_summary(self, session: GameSession) -> str:
        """The house rules in play in words ("" for none)."""
        rules = session.house_rules
        return house_rules.summary(self.house_rules, rules) if rules else ""

    # --- the decision panel -------------------------------------------------------------------

    def build_menu(
        self,
        session: GameSession,
        view: Observation,
        legal: Sequence[Move],
        selection: frozenset[str],
        submenu: str,
    ) -> Menu:
        """The menu of the decision facing the person to move: every legal move in words."""
        items = [
            Item(self.move_label(session, view, move), key, (move,))
            for move, key in zip(legal, ITEM_KEYS, strict=False)
        ]
        items += [Item(self.move_label(session, view, m), "", (m,)) for m in legal[len(items) :]]
        return Menu("Your move", tuple(items), hint="a key or Enter plays the move", kind="turn")

    def move_label(self, session: GameSession, view: Observation | None, move: Move) -> str:
        """One move as a menu or a hint names it: the game's ``describe_move`` (of its entry
        module) if it has one, else the move's text notation."""
        describe: Any = getattr(game_module(find_game(session.game_id)), "describe_move", None)
        text = describe(session.state, move) if describe is not None else move
        return clean(str(text), 120)

    def irreversible_question(self, session: GameSession, moves: Sequence[Move]) -> str:
        """The question to ask before moves that cannot be taken back ("" for none)."""
        return ""

    def tick_for(self, session: GameSession, move: Move) -> tuple[str, str] | None:
        """For a move that a hint names but the menu ticks rather than plays (a card to
        choose among others): the item's toggle and its name; None for a move to play."""
        return None

    def waiting_hint(self, session: GameSession, seat: int) -> str:
        """The decision panel's hint while an AI or the automa plays ``seat``."""
        return "its turn shows above as it goes; l has every step in the log"

    # --- the post-game analysis ------------------------------------------------------------

    def decision_words(self, game: Game, view: Observation, move: Move) -> str:
        """A move of a decision the analysis reports, as the seat's view words it."""
        return clean(str(move), 120)

    def decision_when(
        self, game: Game, view: Observation, names: Sequence[str]
    ) -> tuple[int | None, str]:
        """When a decision came: its round (None if the game has none) and its turn in words."""
        return None, ""

    # --- scores -------------------------------------------------------------------------------

    def score_categories(
        self, breakdown: Sequence[Mapping[str, int]]
    ) -> list[tuple[str, str, str]]:
        """The categories of a score table as (key, glyph, name), in order."""
        keys: list[str] = []
        for parts in breakdown:
            keys += [k for k in parts if k not in keys]
        return [(k, "·", k.replace("_", " ").capitalize()) for k in keys]

    def observed_scores(
        self, session: GameSession, view: Observation
    ) -> tuple[dict[str, int], ...]:
        """Every seat's points per category as if the game ended now, as far as the viewer
        knows (the fallback shows the game's own count)."""
        return session.breakdown()

    # --- plain mode -----------------------------------------------------------------------------

    look_parts: tuple[str, ...] = ()
    """What plain mode's ``look`` can be narrowed to (none: it shows everything)."""
    look_help = "what you know of the game, a line per part"
    """What plain mode's help says ``look`` does."""
    me_help = "your own board and hand"
    """What plain mode's help says ``me`` does."""
    plain_help: tuple[str, ...] = (
        "The choices are your legal moves, written in the game's move notation.",
    )
    """The game's own lines of plain mode's help (how its choices read)."""

    def plain_intro(self, session: GameSession) -> list[str]:
        """The lines about the setup after plain mode's first line (expansions, house rules)."""
        rules = self.house_rules_summary(session)
        return [f"House rules: {rules}"] if rules else []

    def plain_status(self, session: GameSession, view: Observation, width: int) -> list[str]:
        """The lines plain mode says before each decision."""
        seat = session.current_seat
        who = "the game is over" if seat is None else f"{session.names[seat]} to move"
        return [f"{session.state.progress().text}, {who}."]

    def plain_look(self, session: GameSession, view: Observation, part: str) -> list[str]:
        """Plain mode's ``look`` (``part``: one of :attr:`look_parts`, "" for everything)."""
        return observation_lines(view)

    def plain_me(self, session: GameSession, view: Observation) -> list[str]:
        """Plain mode's ``me``: what the viewer has."""
        return observation_lines(view)


FALLBACK = GameUi()
"""The parts of a game without a UI package of its own."""


def ui_for(game_id: str) -> GameUi:
    """The UI parts of a game: its package's ``UI``, else :data:`FALLBACK`.

    Raises:
        UnknownGameError: for an id the registry does not know.
    """
    name = f"tea_tui.games.{find_game(game_id).id}"
    try:
        package = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return FALLBACK
    found = getattr(package, "UI", None)
    return found if isinstance(found, GameUi) else FALLBACK
