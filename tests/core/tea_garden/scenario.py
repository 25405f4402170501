"""Building blocks for Tea Garden scenario tests: set up a position, then play moves by text.

Example::

    game, s = new_game(2, seed=1)
    set_leaves(s, 0, fresh={3: 2}, fermented={5: 1})
    give_hand(s, 0, ["s01", "a2_06"])
    play(game, s, "select a2_06", "select s01", "play s01")
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from core.moves import Move
from core.tea_garden.context import Options
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import QUALITIES, CourtState, DecreeInPlay


def new_game(
    players: int = 2, seed: int = 0, start_seat: int = 0, options: Options | None = None
) -> tuple[TeaGardenGame, TeaGardenState]:
    """Return a fresh game and its initial state, seat ``start_seat`` to play."""
    game = TeaGardenGame(num_seats=players, start_seat=start_seat, options=options or Options())
    return game, game.new_state(seed)


def set_leaves(
    s: TeaGardenState,
    seat: int,
    fresh: dict[int, int] | None = None,
    fermented: dict[int, int] | None = None,
) -> None:
    """Replace a seat's leaves: ``{quality: count}`` for fresh and fermented."""
    p = s.players[seat]
    p.fresh = [(fresh or {}).get(q, 0) for q in range(1, QUALITIES + 1)]
    p.fermented = [(fermented or {}).get(q, 0) for q in range(1, QUALITIES + 1)]


def give_hand(s: TeaGardenState, seat: int, cards: Iterable[str]) -> None:
    """Make ``cards`` the seat's hand; cards found elsewhere are moved, others added."""
    p = s.players[seat]
    wanted = list(cards)
    for zone in (p.hand, p.draw, p.discard):
        for c in wanted:
            if c in zone:
                zone.remove(c)
    p.draw.extend(p.hand)
    p.hand = wanted


def play(game: TeaGardenGame, s: TeaGardenState, *moves: str) -> None:
    """Apply moves given in text notation, each checked against the rules."""
    for text in moves:
        s.apply(game.parse_move(text))


def legal(s: TeaGardenState, kind: type[Move] | None = None) -> list[str]:
    """Return the legal moves (of one kind, if given) as text."""
    return [str(m) for m in s.legal_moves() if kind is None or isinstance(m, kind)]


def commit(game: TeaGardenGame, s: TeaGardenState, cards: list[str], top: str) -> None:
    """Play ``cards`` (which must be in hand) with ``top`` on top."""
    for c in sorted(cards):
        play(game, s, f"select {c}")
    play(game, s, f"play {top}")


def set_deck(
    s: TeaGardenState,
    seat: int,
    *,
    hand: Iterable[str] = (),
    draw: Iterable[str] = (),
    discard: Iterable[str] = (),
    stacks: Iterable[Iterable[str]] = (),
) -> None:
    """Replace every zone of a seat's deck (CARD-09); the removed pile is left as it is."""
    p = s.players[seat]
    p.hand = list(hand)
    p.draw = list(draw)
    p.discard = list(discard)
    p.stacks = [list(stack) for stack in stacks]


def cup_rows(s: TeaGardenState, patterns: Iterable[Iterable[bool]]) -> list[list[str]]:
    """Return rows of distinct Cup tiles whose connections match (True) or not (False) in turn.

    Each pattern gives one row's connections left to right, so a row has one more tile than
    its pattern has entries.
    """
    tiles = s.ctx.cup_tiles
    used: set[str] = set()
    rows: list[list[str]] = []

    def extend(row: list[str], wanted: list[bool]) -> bool:
        if row and not wanted:
            return True
        for tid in sorted(tiles):
            if tid in used:
                continue
            if row and (tiles[row[-1]].right.colour == tiles[tid].left.colour) != wanted[0]:
                continue
            used.add(tid)
            row.append(tid)
            if extend(row, wanted[1:] if len(row) > 1 else wanted):
                return True
            row.pop()
            used.discard(tid)
        return False

    for pattern in patterns:
        row: list[str] = []
        if not extend(row, list(pattern)):
            raise ValueError(f"no Cup tiles make the row {pattern}")
        rows.append(row)
    return rows


def set_cup_rows(s: TeaGardenState, seat: int, rows: list[list[str]], tokens: int = 0) -> None:
    """Give a seat these Cup rows, with ``tokens`` Cup tokens on every connection."""
    p = s.players[seat]
    p.cup_rows = [list(row) for row in rows]
    p.cup_tokens = [[tokens] * (len(row) - 1) for row in rows]


def put_action_card(s: TeaGardenState, slot: int, card: str) -> None:
    """Put Action card ``card`` face up in display slot ``slot`` (from 1).

    The card it displaces takes the new card's old place (elsewhere in the display or in the
    deck), so every card stays in the game exactly once.
    """
    b = s.board
    i = slot - 1
    old = b.action_display[i]
    if card in b.action_display:
        b.action_display[b.action_display.index(card)] = old
    elif card in b.action_deck:
        b.action_deck[b.action_deck.index(card)] = old
    b.action_display[i] = card


def put_caravan(s: TeaGardenState, slot: int, caravan: str) -> None:
    """Put Caravan ``caravan`` face up in Caravan display slot ``slot`` (from 1), swapping places
    with the card there as :func:`put_action_card` does."""
    b = s.board
    i = slot - 1
    old = b.caravan_display[i]
    if caravan in b.caravan_display:
        b.caravan_display[b.caravan_display.index(caravan)] = old
    elif caravan in b.caravan_deck:
        b.caravan_deck[b.caravan_deck.index(caravan)] = old
    b.caravan_display[i] = caravan


def add_garden(
    s: TeaGardenState, seat: int, region: str, space: int | None = None, spot: int | None = None
) -> None:
    """Give ``seat`` a garden in ``region`` on garden space ``space`` (from 1; default the first
    free one). With ``spot`` (from 1), that Pagoda leaves the seat's board."""
    r = s.ctx.region_index[region]
    spaces = s.board.spaces[r]
    k = spaces.index(-1) if space is None else space - 1
    assert spaces[k] == -1, f"space {k + 1} of {region} is taken"
    spaces[k] = seat
    s.players[seat].gardens.append(r)
    if spot is not None:
        s.players[seat].pagodas[spot - 1] = False


def set_region_token(s: TeaGardenState, region: str, token: str) -> None:
    """Lay Region Bonus token ``token`` in ``region``, swapping with the Region that held it."""
    tokens = s.board.region_tokens
    old = tokens.get(region, "")
    for r, t in tokens.items():
        if t == token:
            tokens[r] = old
    tokens[region] = token


def set_boat(s: TeaGardenState, seat: int, segment: int) -> None:
    """Put a seat's Boat on River segment ``segment`` (0 = the start)."""
    s.players[seat].boat = segment


def set_university(s: TeaGardenState, seat: int, sector: int, part: int = 1) -> None:
    """Put a seat's rim Worker on ``sector`` (0 = the start space) and ``part`` (1 or 2)."""
    p = s.players[seat]
    p.uni_sector = sector
    p.uni_part = part - 1 if sector else 0


def set_emperor(s: TeaGardenState, seat: int, row: int = 0, tokens: int = 0) -> None:
    """Put a seat's Emperor Worker on ``row`` (0 = the bottom space) with ``tokens`` tokens."""
    p = s.players[seat]
    p.emperor_row = row
    p.emperor_tokens = tokens


def give_scrolls(
    s: TeaGardenState, seat: int, *, plus1: int = 0, teapot: int = 0, x2: int = 0
) -> None:
    """Set how many Scrolls of each kind a seat holds."""
    p = s.players[seat]
    p.plus1, p.teapot_scrolls, p.x2 = plus1, teapot, x2


def stack_cup_tiles(s: TeaGardenState, province: str, tiles: Iterable[str]) -> None:
    """Put ``tiles`` on top of ``province``'s Cup stack, the last one on top.

    Tiles found in another stack are taken out of it first.
    """
    wanted = list(tiles)
    for stack in s.board.cup_stacks.values():
        for t in wanted:
            if t in stack:
                stack.remove(t)
    s.board.cup_stacks[province].extend(wanted)


def end_round_by_passing(game: TeaGardenGame, s: TeaGardenState) -> None:
    """Every seat passes in turn (from the seat to play), which ends the round."""
    start_round = s.round
    while s.round == start_round and not s.is_over():
        play(game, s, "pass")


def assert_illegal(
    game: TeaGardenGame, s: TeaGardenState, text: str, seat: int | None = None
) -> None:
    """Assert that the move ``text`` is refused with IllegalMoveError and changes nothing."""
    import pytest

    from core.errors import IllegalMoveError

    before = s.clone()
    with pytest.raises(IllegalMoveError):
        s.apply(game.parse_move(text), seat=seat)
    assert s == before, f"the refused move {text!r} changed the state"


# --- (Expansion) the Noble Court -------------------------------------------------------------


def _court(s: TeaGardenState) -> CourtState:
    court = s.board.court
    assert court is not None, "the expansion is not in play"
    return court


def _put_tokens(slots: list[str], pile: list[str], tokens: Iterable[str]) -> None:
    for i, token in enumerate(tokens):
        old = slots[i]
        if token == old:
            continue
        if token in slots:
            slots[slots.index(token)] = old
        elif token in pile:
            pile[pile.index(token)] = old
        else:
            raise ValueError(f"Puerh token {token} is neither on offer nor in its pile")
        slots[i] = token


def set_market(s: TeaGardenState, tokens: Iterable[str]) -> None:
    """Put Premium Puerh ``tokens`` in the Market slots from 1, swapping places with the tokens
    there (as :func:`put_action_card` does)."""
    court = _court(s)
    _put_tokens(court.market, court.premium_pile, tokens)


def set_storage(s: TeaGardenState, tokens: Iterable[str]) -> None:
    """Put Basic Puerh ``tokens`` in the Storage slots from 1, swapping as :func:`set_market`."""
    court = _court(s)
    _put_tokens(court.storage, court.basic_pile, tokens)


def give_puerh_sets(s: TeaGardenState, seat: int, sets: Iterable[Iterable[str]]) -> None:
    """Make ``sets`` the seat's placed Puerh sets. Tokens are taken from the piles, or from the
    Market and Storage, whose slots are then refilled from their piles."""
    court = _court(s)
    cakes = [list(cake) for cake in sets]
    wanted = {t for cake in cakes for t in cake}
    for pile in (court.premium_pile, court.basic_pile):
        pile[:] = [t for t in pile if t not in wanted]
    for slots, pile in ((court.market, court.premium_pile), (court.storage, court.basic_pile)):
        for i, token in enumerate(slots):
            if token in wanted:
                slots[i] = pile.pop() if pile else ""
    s.players[seat].puerh_sets = cakes


def set_halls(s: TeaGardenState, halls: Iterable[str]) -> None:
    """Make ``halls`` the face-up Hall tiles from the left, swapping with the Hall deck."""
    court = _court(s)
    _put_tokens(court.halls, court.hall_deck, halls)


def occupy(s: TeaGardenState, seat: int, hall: int, space: int) -> None:
    """Move a Courtier of ``seat`` from its extension to ``space`` under ``hall`` (both from 1)."""
    court = _court(s)
    assert court.occupancy[hall - 1][space - 1] == -1, "the space is taken"
    assert s.players[seat].courtiers > 0, "no Courtier on the extension"
    court.occupancy[hall - 1][space - 1] = seat
    s.players[seat].courtiers -= 1


def set_decrees(s: TeaGardenState, decrees: Iterable[tuple[str, Literal["brown", "red"]]]) -> None:
    """Make ``decrees`` (id, side) the Imperial Decrees in play, none fulfilled yet."""
    _court(s).decrees = [DecreeInPlay(id=d, side=side) for d, side in decrees]
