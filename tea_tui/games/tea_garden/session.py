"""A Tea Garden game in the app: the generic session told in Tea Garden's words.

:class:`TeaGardenSession` is the session :meth:`tea_tui.session.GameSession.new` builds for a
Tea Garden game. It adds what Tea Garden's screens ask (the components and options as a
:class:`~core.tea_garden.context.Context`, Lu Yu's seat, the turns a seat has left) and tells
the game as the log has always told it: a line per move from :mod:`core.tea_garden.narrate`,
the round's end from :mod:`core.tea_garden.narrate_maintenance`, headings per round and turn,
and what each reveal was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.engine import State
from core.moves import Move
from core.seats import SeatSpec
from core.tea_garden import moves as mv
from core.tea_garden.context import Context
from core.tea_garden.flow import max_turns
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.hidden import TeaGardenObservation
from core.tea_garden.maintenance import ROUNDS
from core.tea_garden.narrate import log_line
from core.tea_garden.narrate_maintenance import round_end_story
from core.tea_garden.rules import TeaGardenState
from tea_tui.games.tea_garden.turns import TeaGardenTurnNotes, turns_left
from tea_tui.session import GameSession, LogEntry
from tea_tui.turns import TurnNotes

if TYPE_CHECKING:
    from core.setup import GameSetup
    from core.tea_garden.components import ComponentSet

__all__ = ["LUYU_NAME", "ROUNDS", "TeaGardenSession", "tea_game"]

LUYU_NAME = "Lu Yu"
"""How the solo automa's seat is shown when it has no name of its own."""


def tea_game(
    seats: Sequence[SeatSpec | str],
    *,
    puerh: bool = False,
    components: ComponentSet | None = None,
    start_seat: int | None = None,
    house_rules: Sequence[str] = (),
) -> TeaGardenGame:
    """Return the Tea Garden game for these seats, checked as a save's setup is.

    A ``luyu`` seat makes it a solo game against the automa (one such seat, two seats in all);
    ``house_rules`` names variant flags (:mod:`tea_tui.games.tea_garden.house_rules`).

    Raises:
        SetupError: (a ``ValueError``) saying what is wrong: a bad seat spec, the wrong number
            of seats for Lu Yu, an unknown difficulty, a start seat that is not a seat, an
            unknown house rule or an expansion rule without the expansion.
    """
    from core.setup import SetupError, make_game, new_setup
    from tea_tui.games.tea_garden.house_rules import check_house_rules

    try:
        rules = check_house_rules(house_rules, puerh=puerh)
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    options = {"puerh": True} if puerh else {}
    options.update(dict.fromkeys(rules, True))
    setup = new_setup(seats, components=components, options=options, start_seat=start_seat)
    game = make_game(setup, components)
    assert isinstance(game, TeaGardenGame)
    return game


def _tea(state: State) -> TeaGardenState:
    assert isinstance(state, TeaGardenState)
    return state


@dataclass
class TeaGardenSession(GameSession):
    """A Tea Garden game in progress (see the module's docstring)."""

    game: TeaGardenGame
    state: TeaGardenState

    def make_turn_notes(self) -> TurnNotes:
        """Tea Garden's turns: steps and gains (:mod:`tea_tui.games.tea_garden.turns`)."""
        return TeaGardenTurnNotes()

    # --- what Tea Garden's screens ask --------------------------------------------------------

    @property
    def ctx(self) -> Context:
        """The components and options of this game."""
        return self.game.context

    @property
    def luyu_seat(self) -> int | None:
        """Lu Yu's seat in a solo game, else None."""
        return self.game.luyu_seat

    def is_luyu(self, seat: int | None) -> bool:
        """Return True if ``seat`` is played by the solo automa Lu Yu."""
        return seat is not None and seat == self.game.luyu_seat

    @property
    def automa_seat(self) -> int | None:
        """Lu Yu's seat (the game knows it: the setup put him there)."""
        return self.game.luyu_seat

    def view(self, seat: int | None = None) -> TeaGardenObservation:
        """Return what ``seat`` (by default :attr:`view_seat`) may know."""
        obs = self.state.observation(self.view_seat if seat is None else seat)
        assert isinstance(obs, TeaGardenObservation)
        return obs

    def turns_left(self, seat: int) -> int:
        """Turns ``seat`` may still take this round (0 once it has passed): the figure the
        boards show, read from the public part of the current view."""
        return turns_left(self.view(), self.state.ctx, seat)

    def make_setup(self) -> GameSetup:
        """The setup with the game's components and start seat."""
        import msgspec

        from core.setup import new_setup

        options = {k: v for k, v in msgspec.structs.asdict(self.game.options).items() if v}
        return new_setup(
            self.seats,
            components=self.game.components,
            options=options,
            start_seat=self.game.start_seat,
        )

    @property
    def puerh(self) -> bool:
        """True when the Puerh expansion is in play."""
        return self.game.options.puerh

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the house rules in play (:mod:`tea_tui.games.tea_garden.house_rules`)."""
        from tea_tui.games.tea_garden.house_rules import house_rules_of

        return tuple(rule.name for rule in house_rules_of(self.game.options))

    # --- how Tea Garden is told ---------------------------------------------------------------

    def move_words(self, before: State, move: Move, after: State) -> str:
        """The log line of a move (:func:`core.tea_garden.narrate.log_line`)."""
        return log_line(_tea(before), move, _tea(after), self.names)

    def log_move(self, before: State, move: Move, line: str) -> list[LogEntry]:
        """The move's line (a ticked card has none: the Commit line names the cards played),
        then the round's end told step by step."""
        g = _tea(before)
        entries = [] if isinstance(move, mv.Select) else [LogEntry(line, g.round, g.seat)]
        for told in round_end_story(g, self.state, self.names):
            entries.append(LogEntry(told.text, g.round, told.seat, header=told.heading))
        return entries

    def reveal_reason(self, move: Move, before: State, after: State) -> str:
        """Say in a few words what a move revealed."""
        a, b = _tea(before), _tea(after)
        if b.round != a.round or b.over:
            return "a new round has begun"
        if isinstance(move, mv.DrawCards):
            return "cards were drawn"
        if isinstance(move, mv.Buy | mv.TakeCaravan | mv.TakeEmperorCard | mv.PayLeaf):
            return "a display was refilled from its deck"
        if isinstance(move, mv.PlaceCupTile):
            return "a new Cup tile was revealed"
        if isinstance(move, mv.RemoveCard):
            return "a deck was shuffled"
        return "hidden information was revealed"

    def headers(self, state: State) -> tuple[tuple[int, int, int], list[LogEntry]]:
        """A heading per round ("Round 2 of 5") and per turn ("Ann, turn 3")."""
        g = _tea(state)
        key = (g.round, g.seat, self._turn_serial)
        entries = []
        if key[0] != self._header_key[0]:
            entries.append(LogEntry(f"Round {g.round} of {ROUNDS}", g.round, -1, header=True))
        lu = g.luyu
        played = lu.slots if lu is not None and lu.seat == g.seat else g.players[g.seat].stacks
        name = self.names[g.seat]
        turn = f"turn {len(played) + 1}" if len(played) < max_turns(g) else "every slot played"
        entries.append(LogEntry(f"{name}, {turn}", g.round, g.seat, header=True))
        return key, entries
