"""Describe a Tea Garden position by who holds what, for tests, puzzles and tutorials.

A :class:`Position` starts from a dealt game and moves pieces where it is told, always from
wherever they lie, so that every card, tile and token stays in the game exactly once. Its
:meth:`Position.build` checks conservation (:mod:`core.tea_garden.conservation`) and refuses a
position that breaks it, naming what is wrong::

    state = (
        Position(players=2, seed=1)
        .hand(0, ["s01", "a2_06"])
        .leaves(0, fresh={3: 2}, fermented={5: 1})
        .scrolls(0, x2=1)
        .garden(1, "r3")
        .build()
    )
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Self

from core.tea_garden.conservation import conservation_problems, setup_totals
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import QUALITIES


class PositionError(ValueError):
    """The position described breaks conservation or names a piece that does not exist."""


class Position:
    """A Tea Garden position under construction (see the module docstring).

    Args:
        players: the number of seats.
        seed: the deal to start from.
        start_seat: the seat to move.
        options: the game's options (the expansion, variants).
    """

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        *,
        start_seat: int = 0,
        options: Options | None = None,
    ) -> None:
        self.game = TeaGardenGame(
            num_seats=players, start_seat=start_seat, options=options or Options()
        )
        """The game the position belongs to."""
        self.state: TeaGardenState = self.game.new_state(seed)
        """The position so far (change it only through the builder's methods)."""
        self._totals = setup_totals(self.state)

    # --- cards --------------------------------------------------------------------------

    def hand(self, seat: int, cards: Iterable[str]) -> Self:
        """Make ``cards`` the seat's hand, taken from wherever they are (its deck, a display or
        a deck of the board); the cards it held go to the top of its draw deck."""
        wanted = list(cards)
        p = self.state.players[seat]
        held, p.hand = p.hand, []
        p.draw.extend(held)
        for card in wanted:
            self._take_card(card, seat)
        p.hand = wanted
        return self

    def draw_deck(self, seat: int, cards: Iterable[str]) -> Self:
        """Put ``cards`` on top of the seat's draw deck, the last one on top."""
        wanted = list(cards)
        for card in wanted:
            self._take_card(card, seat)
        self.state.players[seat].draw.extend(wanted)
        return self

    def action_display(self, slot: int, card: str) -> Self:
        """Show Action card ``card`` in display slot ``slot`` (from 1); the card there takes
        its old place."""
        b = self.state.board
        self._show(b.action_display, b.action_deck, slot, card, "an Action card")
        return self

    def caravan(self, slot: int, caravan: str) -> Self:
        """Show Caravan ``caravan`` in slot ``slot`` (from 1), swapping places as
        :meth:`action_display` does."""
        b = self.state.board
        self._show(b.caravan_display, b.caravan_deck, slot, caravan, "a Caravan")
        return self

    def _show(self, display: list[str], deck: list[str], slot: int, item: str, kind: str) -> None:
        """Put ``item`` face up in ``display`` at ``slot``; what lay there takes its old place."""
        self._slot(slot, len(display))
        old = display[slot - 1]
        if item in display:
            display[display.index(item)] = old
        elif item in deck:
            deck[deck.index(item)] = old
        else:
            raise PositionError(f"{item!r} is not {kind} in the display or its deck")
        display[slot - 1] = item

    # --- resources ----------------------------------------------------------------------

    def leaves(
        self,
        seat: int,
        fresh: dict[int, int] | None = None,
        fermented: dict[int, int] | None = None,
    ) -> Self:
        """Set a seat's leaves: ``{quality: count}`` for fresh and for fermented ones."""
        for side in (fresh or {}), (fermented or {}):
            for quality, count in side.items():
                if not 1 <= quality <= QUALITIES or count < 0:
                    raise PositionError(f"no such leaves: {count} of quality {quality}")
        p = self.state.players[seat]
        p.fresh = [(fresh or {}).get(q, 0) for q in range(1, QUALITIES + 1)]
        p.fermented = [(fermented or {}).get(q, 0) for q in range(1, QUALITIES + 1)]
        return self

    def scrolls(self, seat: int, *, plus1: int = 0, teapot: int = 0, x2: int = 0) -> Self:
        """Set how many Scrolls of each kind a seat holds."""
        p = self.state.players[seat]
        p.plus1, p.teapot_scrolls, p.x2 = plus1, teapot, x2
        return self

    def emperor(self, seat: int, *, row: int = 0, tokens: int = 0) -> Self:
        """Put a seat's Emperor Worker on ``row`` (0 = the bottom) with ``tokens`` tokens."""
        rows = len(self.state.ctx.components.emperor_track.rows)
        if not 0 <= row <= rows:
            raise PositionError(f"the Emperor track has rows 0 to {rows}, not {row}")
        p = self.state.players[seat]
        p.emperor_row, p.emperor_tokens = row, tokens
        return self

    def boat(self, seat: int, segment: int) -> Self:
        """Put a seat's Boat on River segment ``segment`` (0 = the start)."""
        segments = len(self.state.ctx.components.river.segments)
        if not 0 <= segment < segments:
            raise PositionError(f"the River has segments 0 to {segments - 1}, not {segment}")
        self.state.players[seat].boat = segment
        return self

    # --- the map ------------------------------------------------------------------------

    def garden(self, seat: int, region: str, *, space: int | None = None) -> Self:
        """Give ``seat`` a garden in ``region`` (on garden space ``space``, from 1; default the
        first free one), with the Pagoda taken from its board (the weakest left)."""
        ctx = self.state.ctx
        if region not in ctx.region_index:
            raise PositionError(f"there is no Region {region!r}")
        r = ctx.region_index[region]
        spaces = self.state.board.spaces[r]
        k = spaces.index(-1) if space is None and -1 in spaces else (space or 0) - 1
        if not 0 <= k < len(spaces) or spaces[k] != -1:
            raise PositionError(f"garden space {k + 1} of {region} is not free")
        p = self.state.players[seat]
        if True not in p.pagodas:
            raise PositionError(f"seat {seat + 1} has no Pagoda left")
        spaces[k] = seat
        p.gardens.append(r)
        p.pagodas[p.pagodas.index(True)] = False
        return self

    # --- the end ------------------------------------------------------------------------

    def build(self) -> TeaGardenState:
        """Return the position after checking it.

        Raises:
            PositionError: listing every way it breaks conservation.
        """
        problems = conservation_problems(self.state, self._totals)
        if problems:
            raise PositionError("the position is not sound: " + "; ".join(problems))
        return self.state.clone()

    def _take_card(self, card: str, seat: int) -> None:
        """Remove ``card`` from wherever it lies (so it can be put somewhere else): a starting
        card from the seat's own deck, any other card from any seat's or the board's."""
        s = self.state
        own = s.players[seat]
        zones = [own.hand, own.draw, own.discard, own.removed]
        if card not in s.ctx.starting_cards:
            zones += [z for p in s.players for z in (p.hand, p.draw, p.discard, p.removed)]
        zones += [s.board.action_deck, s.board.emperor_deck]
        for zone in zones:
            if card in zone:
                zone.remove(card)
                return
        for display, deck in (
            (s.board.action_display, s.board.action_deck),
            (s.board.emperor_display, s.board.emperor_deck),
        ):
            if card in display:
                display[display.index(card)] = deck.pop() if deck else ""
                return
        known = (s.ctx.action_cards, s.ctx.emperor_cards, s.ctx.starting_cards)
        if any(card in cards for cards in known):
            raise PositionError(
                f"{card!r} is not in play in this deal (left out at setup, or in a played stack)"
            )
        raise PositionError(f"{card!r} is not a card of this game")

    @staticmethod
    def _slot(slot: int, size: int) -> None:
        if not 1 <= slot <= size:
            raise PositionError(f"display slots are 1 to {size}, not {slot}")
