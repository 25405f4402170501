"""Tea Garden's words for the app's shell (:class:`tea_tui.game_ui.GameUi`): the decision
panel's menu (:mod:`tea_tui.games.tea_garden.menu`), the words for moves
(:mod:`core.tea_garden.move_words`), the score categories, the help and the plain mode's
lines (:mod:`tea_tui.games.tea_garden.plain`). No Textual here: the panels and widgets are in
:mod:`tea_tui.games.tea_garden.layout`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.engine import Game, Observation
from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.scoring import CATEGORIES, EXPANSION_CATEGORIES, SOLO_CATEGORIES
from tea_tui.game_ui import GameUi, Switch
from tea_tui.games.tea_garden import menu
from tea_tui.games.tea_garden.help import GAME_HELP
from tea_tui.games.tea_garden.house_rules import HOUSE_RULES
from tea_tui.games.tea_garden.scores import CATEGORY_NAMES, observed_breakdown
from tea_tui.games.tea_garden.session import TeaGardenSession
from tea_tui.menu import Menu
from tea_tui.session import GameSession

LUYU_LEVELS: tuple[tuple[str, str], ...] = (
    ("easy: no Expert card", "easy"),
    ("medium: 1 Expert card", "medium"),
    ("hard: 2 Expert cards", "hard"),
    ("expert: 3 Expert cards", "expert"),
)
"""Lu Yu's difficulties for the new-game form (the Expert cards shuffled into his deck)."""


def _tea(session: GameSession) -> TeaGardenSession:
    assert isinstance(session, TeaGardenSession)
    return session


def _view(view: Observation | None) -> TeaGardenObservation:
    assert isinstance(view, TeaGardenObservation)
    return view


class TeaGardenUi(GameUi):
    """Tea Garden's widgets, menu, words and help."""

    game_id = "tea_garden"
    step_word = "round"
    switches = (
        Switch(
            "puerh", "Puerh expansion", "Puerh, The Noble Court: Halls, the Puerh Market, Decrees"
        ),
    )
    house_rules = HOUSE_RULES

    def help_markdown(self, session: GameSession | None) -> str:
        """The rules in short, the marks on screen, the house rules and the expansion."""
        return GAME_HELP

    def progress_words(self, session: GameSession, view: Observation) -> str:
        """The round of the view."""
        return f"round {_view(view).round}"

    def automa_levels(self, session_game: str) -> tuple[tuple[str, str], ...]:
        """Lu Yu's difficulties: the Expert cards shuffled into his deck (SOLO-11)."""
        return LUYU_LEVELS

    def automa_level_tip(self, name: str) -> str:
        """What a difficulty changes: the Expert cards in his deck."""
        return "Lu Yu's difficulty: the Expert cards shuffled into his deck"

    def solo_rule(self, name: str) -> str:
        """The player must beat him: a tie goes to Lu Yu (AMB-50)."""
        return "score more than Lu Yu to win (a tie goes to him)"

    # --- the decision panel -------------------------------------------------------------------

    def build_menu(
        self,
        session: GameSession,
        view: Observation,
        legal: Sequence[Move],
        selection: frozenset[str],
        submenu: str,
    ) -> Menu:
        """Tea Garden's menu (:func:`tea_tui.games.tea_garden.menu.build_menu`)."""
        return menu.build_menu(_view(view), legal, _tea(session).ctx, selection, submenu)

    def move_label(self, session: GameSession, view: Observation | None, move: Move) -> str:
        """A move as the menu names it."""
        if view is None:
            return str(move)
        return menu.move_label(_view(view), _tea(session).ctx, move)

    def irreversible_question(self, session: GameSession, moves: Sequence[Move]) -> str:
        """Passing ends the round for the seat; a fee for a card slot is paid for good."""
        s = _tea(session)
        seat = s.current_seat
        stacks = len(s.state.players[seat].stacks) if seat is not None else 0
        return menu.irreversible_question(s.ctx, stacks, moves)

    def tick_for(self, session: GameSession, move: Move) -> tuple[str, str] | None:
        """A hint's card is ticked, not chosen for good: the engine takes cards in id order,
        so a card chosen alone would shut out the ones before it."""
        if not isinstance(move, mv.Select):
            return None
        cards = _tea(session).ctx.cards
        return move.card, cards[move.card].name if move.card in cards else move.card

    def waiting_hint(self, session: GameSession, seat: int) -> str:
        """Where to follow an AI's turn (Lu Yu's board for his)."""
        if _tea(session).is_luyu(seat):
            return "his turn shows above; l has it step by step, o shows his board"
        return "its turn shows above as it goes; l has every step in the log"

    # --- the post-game analysis ------------------------------------------------------------

    def decision_words(self, game: Game, view: Observation, move: Move) -> str:
        """The move as the decision panel words it, with the title of its list."""
        from tea_tui.games.tea_garden.analysis_words import decision_words

        assert isinstance(game, TeaGardenGame)
        return decision_words(_view(view), game.context, move)

    def decision_when(
        self, game: Game, view: Observation, names: Sequence[str]
    ) -> tuple[int | None, str]:
        """The round, and which turn of it ("Ann's turn 3")."""
        from tea_tui.games.tea_garden.analysis_words import decision_turn

        v = _view(view)
        return v.round, decision_turn(v, names)

    # --- scores -------------------------------------------------------------------------------

    def score_categories(
        self, breakdown: Sequence[Mapping[str, int]]
    ) -> list[tuple[str, str, str]]:
        """The printed categories, then the expansion's, then Lu Yu's, where they score."""
        every = (*CATEGORIES, *EXPANSION_CATEGORIES, *SOLO_CATEGORIES)
        keys = [k for k in every if any(k in b for b in breakdown)]
        return [(k, *CATEGORY_NAMES.get(k, ("·", k))) for k in keys]

    def observed_scores(
        self, session: GameSession, view: Observation
    ) -> tuple[dict[str, int], ...]:
        """The points as far as the viewer can count them (hands and draw piles together)."""
        return observed_breakdown(_view(view), _tea(session).ctx)

    # --- plain mode -----------------------------------------------------------------------------

    look_parts = ("map", "tracks", "cards", "boards", "court")
    look_help = (
        "the whole game: map, tracks, cards for sale, every board (look map, look tracks, "
        "look cards, look boards or look court for one part)"
    )
    plain_help = (
        "Cards: a number plays that card; 1 3 plays cards 1 and 3, card 3 on top.",
        "Some keys open a second list (where to build, which card to buy); back returns.",
        "Leaves are written g2 (a fresh leaf of quality 2) and f2 (a fermented one).",
    )

    def plain_intro(self, session: GameSession) -> list[str]:
        """The expansion and the house rules in play."""
        lines = ["With the Puerh expansion (the Noble Court)."] if _tea(session).puerh else []
        return lines + super().plain_intro(session)

    def plain_status(self, session: GameSession, view: Observation, width: int) -> list[str]:
        """The round, who moves, the strength played and everyone's turns left."""
        from tea_tui.games.tea_garden.plain.seat_lines import status_lines

        return status_lines(_tea(session), _view(view), width)

    def plain_look(self, session: GameSession, view: Observation, part: str) -> list[str]:
        """The map, the tracks, the displays, the Noble Court and every seat's board."""
        from tea_tui.games.tea_garden.plain.board_lines import (
            court_lines,
            display_lines,
            map_lines,
            track_lines,
        )
        from tea_tui.games.tea_garden.plain.seat_lines import seat_lines

        s, v = _tea(session), _view(view)
        lines: list[str] = []
        if part in ("", "map"):
            lines += map_lines(v, s.ctx, s.names)
        if part in ("", "tracks"):
            lines += track_lines(v, s.ctx, s.names)
        if part in ("", "cards"):
            lines += display_lines(v, s.ctx)
        if part in ("", "court"):
            lines += court_lines(v, s.ctx, s.names) or ["The Noble Court is not in play."]
        if part in ("", "boards"):
            seats = [v.seat] + [i for i in range(len(s.names)) if i != v.seat]
            for seat in seats:
                lines += seat_lines(v, s.ctx, s.names, seat)
        return lines

    def plain_me(self, session: GameSession, view: Observation) -> list[str]:
        """The viewer's own board."""
        from tea_tui.games.tea_garden.plain.seat_lines import seat_lines

        v = _view(view)
        return seat_lines(v, _tea(session).ctx, session.names, v.seat)


TEA_GARDEN_UI = TeaGardenUi()
"""Tea Garden's parts of the shell."""
