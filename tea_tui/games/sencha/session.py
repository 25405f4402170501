"""A Sencha game in the app: the generic session told in Sencha's words.

:class:`SenchaSession` tells each move with :func:`core.sencha.narrate.log_line` (every draw
from the bag, every new Tea Market card, the face-down worker, taxes, the end coming), opens a
heading per Tea Market card and per turn, says what a reveal was (undo stops there), records
options that differ from the defaults (``money_cap`` none included) and names the house rules
in play (:mod:`tea_tui.games.sencha.house_rules`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.engine import State
from core.moves import Move
from core.sencha import moves as mv
from core.sencha.context import Context
from core.sencha.game import SenchaGame, SenchaState
from core.sencha.hidden import SenchaObservation
from core.sencha.narrate import log_line
from tea_tui.games.sencha.house_rules import rules_in
from tea_tui.session import GameSession, LogEntry
from tea_tui.turns import TurnNotes

if TYPE_CHECKING:
    from core.setup import GameSetup

__all__ = ["SenchaSession", "SenchaTurnNotes"]


def told(before: SenchaState, move: Move, after: SenchaState, names: Sequence[str]) -> str:
    """:func:`core.sencha.narrate.log_line` of the move, with the seats' names."""
    return log_line(before, move, after, names)


def _sen(state: State) -> SenchaState:
    assert isinstance(state, SenchaState)
    return state


class SenchaTurnNotes(TurnNotes):
    """A Sencha turn in a sentence: its log lines without the seat's name and without the
    words in brackets (the workers' loads, the reminders), the same step repeated told once
    with its count, and the bare steps ("collects tea", "finishes selling") left out when
    something else tells the turn."""

    def phrases(self, before: State, move: Move, after: State, *, automa: bool) -> list[str]:
        """The move's log line without the name in front and without brackets."""
        g = _sen(before)
        line = told(g, move, _sen(after), ["\0"] * len(g.pub.players))
        text = line[2:] if line.startswith("\0 ") else line
        text = text.replace("\0 ", "").replace("\0", "")  # "— gets 1 yen", "— pays 2 yen"
        head, dash, notes = text.partition(" — ")
        head = _WORKER_LOAD.sub(r"\1", head)
        if not isinstance(move, mv.Emperor):  # its brackets say what the offer pays
            head = _BRACKETS.sub("", head)
        text = head + dash + notes
        bare = isinstance(move, mv.Collect | mv.Sell) or (isinstance(move, mv.Done) and not dash)
        return [f"({text})" if bare else text]

    def summary(
        self,
        start: State,
        end: State,
        seat: int,
        phrases: Sequence[str],
        *,
        automa: bool,
    ) -> str:
        """The steps that did something, joined, a repeated one counted; a bare step alone
        is kept."""
        told_ = [p for p in phrases if p and not p.startswith("(")]
        if not told_:
            told_ = [p.strip("()") for p in phrases if p]
        out: list[tuple[str, int]] = []
        for p in told_:
            if out and out[-1][0] == p:
                out[-1] = (p, out[-1][1] + 1)
            else:
                out.append((p, 1))
        return "; ".join(p if n == 1 else f"{p} (x{n})" for p, n in out)


_BRACKETS = re.compile(r" \([^()]*\)")
_WORKER_LOAD = re.compile(r"(worker \d+) \([^()]*\)")


@dataclass
class SenchaSession(GameSession):
    """A Sencha game in progress (see the module's docstring)."""

    game: SenchaGame
    state: SenchaState

    def make_turn_notes(self) -> TurnNotes:
        """Sencha's turns in a sentence."""
        return SenchaTurnNotes()

    @property
    def ctx(self) -> Context:
        """The components and options of this game."""
        return self.state.ctx

    def view(self, seat: int | None = None) -> SenchaObservation:
        """What ``seat`` (by default :attr:`view_seat`) may know."""
        obs = self.state.observation(self.view_seat if seat is None else seat)
        assert isinstance(obs, SenchaObservation)
        return obs

    def make_setup(self) -> GameSetup:
        """The setup with the options that differ from the defaults (a ``None`` cap too),
        the components and the start seat."""
        import msgspec

        from core.sencha.options import SenchaOptions
        from core.setup import new_setup

        default = msgspec.structs.asdict(SenchaOptions())
        chosen = msgspec.structs.asdict(self.game.options)
        options = {k: v for k, v in chosen.items() if default[k] != v}
        return new_setup(
            self.seats,
            game="sencha",
            components=self.game.components,
            options=options,
            start_seat=self.game.start_seat,
        )

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The house rules in play, by name."""
        return rules_in(self.game.options)

    # --- how Sencha is told -------------------------------------------------------------------

    def move_words(self, before: State, move: Move, after: State) -> str:
        """The log line of a move: what was done, drawn, turned and paid."""
        return told(_sen(before), move, _sen(after), self.names)

    def reveal_reason(self, move: Move, before: State, after: State) -> str:
        """What came out: a new card, the face-down worker or cubes from the bag."""
        a, b = _sen(before).pub, _sen(after).pub
        if b.card != a.card or b.cards_turned != a.cards_turned:
            return "a new Tea Market card was turned"
        if a.hidden_worker and not b.hidden_worker:
            return "the face-down worker was turned up"
        return "cubes were drawn from the bag"

    def headers(self, state: State) -> tuple[tuple[int, int, int], list[LogEntry]]:
        """A heading per Tea Market card and per turn."""
        g = _sen(state)
        pub = g.pub
        key = (pub.cards_turned, pub.seat, self._turn_serial)
        entries = []
        if key[0] != self._header_key[0]:
            name = g.ctx.card_name(pub.card)
            text = f"Tea Market card {pub.cards_turned} of {pub.deck_size}: {name}"
            entries.append(LogEntry(text, pub.cards_turned, -1, header=True))
        last = ", last turn" if pub.ending_seat >= 0 else ""
        entries.append(
            LogEntry(
                f"{self.names[pub.seat]}'s turn{last}", pub.cards_turned, pub.seat, header=True
            )
        )
        return key, entries
