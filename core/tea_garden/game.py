"""The Tea Garden game: its setup for 2, 3 or 4 seats, all drawn from the seed.

Setup follows SETUP-01 … SETUP-18 of the rules inventory; the random order of the steps is fixed
so that a seed gives the same game on every machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

import msgspec

from core.engine import Game, Observation
from core.moves import Move
from core.rng import Rng
from core.tea_garden.components import ComponentSet
from core.tea_garden.context import Context, Options, register
from core.tea_garden.court import halls_per_round
from core.tea_garden.hidden import determinize
from core.tea_garden.loader import load_builtin
from core.tea_garden.moves import KINDS
from core.tea_garden.rules import TeaGardenState
from core.tea_garden.state import (
    QUALITIES,
    Board,
    CourtState,
    DecreeInPlay,
    LuYuState,
    PlayerState,
)

CUP_STACK = {2: 5, 3: 6, 4: 8}
"""SETUP-03: Cup tiles per Province stack by player count."""
ACTION_CARDS_PER_LEVEL = {2: 4, 3: 5, 4: 6}
"""SETUP-04: Action cards kept per level by player count."""
BASIC_CARAVANS = {2: 7, 3: 10, 4: 13}
"""SETUP-07: basic Caravans on top of the advanced ones by player count."""
DISPLAY_SIZE = 6
CARAVAN_DISPLAY = 3
EMPEROR_DISPLAY = 3
OPENING_HAND = 4
START_LEAVES = 2
START_LEAF_QUALITY = 2
WORKERS = 8
SOLO_SEATS = 2
MAX_EXPERTS = 3


class TeaGardenGame(Game, frozen=True, kw_only=True):
    """A Tea Garden setup: seats, options and the component set."""

    game_id: ClassVar[str] = "tea_garden"

    num_seats: int = 2
    options: Options = Options()
    components: ComponentSet = msgspec.field(default_factory=load_builtin)
    start_seat: int | None = None
    """SETUP-17: who starts; None draws the Start Player at random (SOLO-13: the player
    chooses, so the app always sets it in a solo game)."""
    luyu_seat: int | None = None
    """(Solo) The seat Lu Yu plays, or None in a game without him."""
    luyu_experts: int = 0
    """(Solo) SOLO-11: Expert cards in his deck, 0 (easy) to 3 (expert)."""

    def __post_init__(self) -> None:
        if not 2 <= self.num_seats <= 4:
            raise ValueError(f"Tea Garden is played by 2 to 4 seats, not {self.num_seats}")
        if self.luyu_seat is not None:
            if self.num_seats != SOLO_SEATS:  # SOLO-04: a 2-player setup
                raise ValueError(f"Lu Yu plays only in a 2-seat game, not {self.num_seats}")
            if not 0 <= self.luyu_seat < self.num_seats:
                raise ValueError(f"Lu Yu's seat {self.luyu_seat} is not one of the seats")
            if not 0 <= self.luyu_experts <= MAX_EXPERTS:
                raise ValueError(f"Lu Yu takes 0 to {MAX_EXPERTS} Expert cards")
            if self.components.luyu is None:
                raise ValueError("this component set has no Lu Yu cards: solo mode is off")
        if self.start_seat is not None and not 0 <= self.start_seat < self.num_seats:
            raise ValueError(f"start seat {self.start_seat} is not one of the seats")

    @property
    def context(self) -> Context:
        """The shared lookup tables of this setup."""
        return register(self.components, self.options)

    def move_kinds(self) -> Mapping[str, type[Move]]:
        """Return the table of Tea Garden move kinds."""
        return KINDS

    def new_state(self, seed: int) -> TeaGardenState:
        """Set up a new game from ``seed`` (SETUP-01 … SETUP-18)."""
        ctx = self.context
        n = self.num_seats
        rng = Rng.from_seed(seed)
        board = _setup_board(ctx, n, rng)
        players = [_setup_player(ctx, rng) for _ in range(n)]
        for seat in range(n):
            board.spaces[ctx.start_region][seat] = seat
        start = self.start_seat if self.start_seat is not None else rng.below(n)
        luyu = None
        if self.luyu_seat is not None:
            luyu = _setup_luyu(ctx, self.luyu_seat, self.luyu_experts, rng)
            players[self.luyu_seat] = _luyu_player(ctx, players[self.luyu_seat])
        return TeaGardenState(
            ctx_key=ctx.key,
            rng=rng,
            start_seat=start,
            seat=start,
            players=players,
            board=board,
            luyu=luyu,
        )

    def determinize(self, observation: Observation, rng: Rng) -> TeaGardenState:
        """Return a full state consistent with what the observing seat knows."""
        return determinize(self.context, observation, rng, TeaGardenState)


def _setup_board(ctx: Context, n: int, rng: Rng) -> Board:
    cs = ctx.components
    # SETUP-02: Region Bonus tokens, shuffled face-down onto every hexagonal space.
    puerh = ctx.options.puerh  # EXP-02..04: expansion components join only when it is on
    tokens = [t.id for t in cs.region_tokens if puerh or not t.expansion]
    rng.shuffle(tokens)
    bonus_regions = [r.id for r in cs.map.regions if r.bonus_space]
    region_tokens = dict(zip(bonus_regions, tokens, strict=False))
    # SETUP-03: one Cup stack per coloured Province, the stacks assigned at random.
    tiles = [t.id for t in cs.cup_tiles]
    rng.shuffle(tiles)
    size = CUP_STACK[n]
    stacks = [tiles[i * size : (i + 1) * size] for i in range(len(ctx.coloured_provinces))]
    rng.shuffle(stacks)
    cup_stacks = dict(zip(ctx.coloured_provinces, stacks, strict=True))
    # SETUP-04/05/06: the Action deck, level I on top; six cards face up from the left.
    keep = ACTION_CARDS_PER_LEVEL[n]
    action_deck: list[str] = []
    for level in range(5, 0, -1):
        cards = [c.id for c in cs.action_cards if c.level == level]
        rng.shuffle(cards)
        chosen = cards[:keep]
        rng.shuffle(chosen)
        action_deck.extend(chosen)
    action_display = [action_deck.pop() for _ in range(DISPLAY_SIZE)]
    # SETUP-07/08: basic Caravans on top of all the advanced ones; three face up.
    advanced = [c.id for c in cs.caravans if c.kind == "advanced" and (puerh or not c.expansion)]
    rng.shuffle(advanced)
    basic = [c.id for c in cs.caravans if c.kind == "basic" and (puerh or not c.expansion)]
    rng.shuffle(basic)
    caravan_deck = advanced + basic[: BASIC_CARAVANS[n]]
    caravan_display = [caravan_deck.pop() for _ in range(CARAVAN_DISPLAY)]
    # SETUP-09: Emperor cards, three face up.
    emperor_deck = [c.id for c in cs.emperor_cards if puerh or not c.expansion]
    rng.shuffle(emperor_deck)
    emperor_display = [emperor_deck.pop() for _ in range(EMPEROR_DISPLAY)]
    return Board(
        action_deck=action_deck,
        action_display=action_display,
        caravan_deck=caravan_deck,
        caravan_display=caravan_display,
        emperor_deck=emperor_deck,
        emperor_display=emperor_display,
        cup_stacks=cup_stacks,
        region_tokens=region_tokens,
        spaces=[[-1] * len(r.spaces) for r in cs.map.regions],
        court=_setup_court(ctx, n, rng) if puerh else None,
    )


def _setup_court(ctx: Context, n: int, rng: Rng) -> CourtState:
    """EXP-05..07: Puerh Storage and Market, the first Halls, two brown and two red Decrees."""
    cs = ctx.components
    court = cs.court
    if court is None:
        raise ValueError("this component set has no Noble Court: the expansion cannot be played")
    basic = [t.id for t in cs.puerh_tokens if t.kind == "basic"]
    rng.shuffle(basic)
    storage = [basic.pop() for _ in range(court.storage_size)]
    premium = [t.id for t in cs.puerh_tokens if t.kind == "premium"]
    rng.shuffle(premium)
    market = [premium.pop() for _ in range(court.market_size)]
    hall_deck = [h.id for h in cs.halls]
    rng.shuffle(hall_deck)
    halls = [hall_deck.pop() for _ in range(halls_per_round(n))]
    decrees = [d.id for d in cs.decrees]
    rng.shuffle(decrees)
    sides: list[Literal["brown", "red"]] = ["brown", "brown", "red", "red"]
    return CourtState(
        halls=halls,
        hall_deck=hall_deck,
        occupancy=[[-1] * len(court.hall_spaces) for _ in halls],
        market=market,
        storage=storage,
        premium_pile=premium,
        basic_pile=basic,
        decrees=[DecreeInPlay(id=d, side=side) for d, side in zip(decrees, sides, strict=False)],
    )


def _setup_luyu(ctx: Context, seat: int, experts: int, rng: Rng) -> LuYuState:
    """SOLO-09..12: 3 Basic + 3 random Advanced + the chosen Experts, shuffled; the other
    Advanced cards in piles by their secondary symbol; the unused Experts out of the game."""
    cards = ctx.luyu_cards.values()
    basic = [c.id for c in cards if c.group == "basic"]
    expert = [c.id for c in cards if c.group == "expert"]
    advanced = [c.id for c in cards if c.group == "advanced"]
    rng.shuffle(expert)
    rng.shuffle(advanced)
    start_n = ctx.luyu_board.starting_advanced
    deck = basic + advanced[:start_n] + expert[:experts]
    rng.shuffle(deck)
    piles: dict[str, list[str]] = {}
    for cid in advanced[start_n:]:
        piles.setdefault(ctx.luyu_cards[cid].secondary, []).append(cid)
    for symbol in sorted(piles):
        rng.shuffle(piles[symbol])
    return LuYuState(
        seat=seat, experts=experts, draw=deck, piles=piles, box=sorted(expert[experts:])
    )


def _luyu_player(ctx: Context, p: PlayerState) -> PlayerState:
    """SOLO-05/06: his own board (no hand, no deck), his pieces as a player's, 2 fresh leaves."""
    fresh = [0] * QUALITIES
    fresh[START_LEAF_QUALITY - 1] = ctx.luyu_board.start_fresh
    return msgspec.structs.replace(p, hand=[], draw=[], fresh=fresh)


def _setup_player(ctx: Context, rng: Rng) -> PlayerState:
    # SETUP-10..15: board, 2 fresh q2 leaves, shuffled Starting deck, opening hand of 4.
    deck = list(ctx.starting_ids)
    rng.shuffle(deck)
    hand = [deck.pop() for _ in range(OPENING_HAND)]
    fresh = [0] * QUALITIES
    fresh[START_LEAF_QUALITY - 1] = START_LEAVES
    court = ctx.components.court
    extension = ctx.options.puerh and court is not None  # EXP-08: Courtiers on the extension
    return PlayerState(
        courtiers=court.courtiers_start if extension and court else 0,
        courtiers_waiting=court.courtiers_waiting if extension and court else 0,
        fresh=fresh,
        fermented=[0] * QUALITIES,
        hand=hand,
        draw=deck,
        pagodas=[True] * len(ctx.components.board.pagodas),
        gardens=[ctx.start_region],
        workers=WORKERS - 2,
    )
