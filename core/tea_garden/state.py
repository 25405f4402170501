"""The data of a Tea Garden game in progress: players, shared board, the turn and its decisions.

Only ids and counts live here; card faces and the map come from the shared
:class:`~core.tea_garden.context.Context`. Flow fields (round, phase, whose turn, pending
decisions) are kept apart from board data, as boardgame.io keeps ``ctx`` apart from ``G``.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

import msgspec

from core.engine import State
from core.rng import Rng
from core.tea_garden.context import Context, lookup
from core.tea_garden.effects import Effect, Effects

QUALITIES = 6
FRESH: Literal["g"] = "g"
FERMENTED: Literal["f"] = "f"
LeafSide = Literal["g", "f"]
"""A leaf's side: ``g`` fresh (green), ``f`` fermented (brown)."""


class PlayerState(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One seat's board, cards and pieces."""

    fresh: list[int]
    """Fresh leaves per Basket, index 0 = quality 1."""
    fermented: list[int]
    """Fermented leaves per Basket, index 0 = quality 1."""
    hand: list[str]
    draw: list[str]
    """The draw deck; the last element is the top card."""
    discard: list[str] = msgspec.field(default_factory=list)
    removed: list[str] = msgspec.field(default_factory=list)
    stacks: list[list[str]] = msgspec.field(default_factory=list)
    """This round's played stacks, one per turn taken, each bottom card first."""
    pagodas: list[bool]
    """Per Pagoda spot of the board: True while the Pagoda is still on the board."""
    gardens: list[int]
    """Indices of the Regions holding this seat's gardens, in building order."""
    vp: int = 0
    """VP on the track (scored during play)."""
    emperor_tokens: int = 0
    plus1: int = 0
    teapot_scrolls: int = 0
    x2: int = 0
    uni_sector: int = 0
    """0 = the University start space, 1..4 = the sector of the rim Worker."""
    uni_part: int = 0
    uni_centre: int = 0
    workers: int = 6
    """Workers left in the personal supply."""
    emperor_row: int = 0
    """0 = the bottom space, 1..6 = the row reached."""
    boat: int = 0
    """River segment of the Boat; 0 = the start."""
    boat_final_vp: int = 0
    """VP of the space taken in the last segment (0 until the Boat arrives there)."""
    caravans: list[str] = msgspec.field(default_factory=list)
    cup_rows: list[list[str]] = msgspec.field(default_factory=list)
    """Rows of Cup tiles, left to right."""
    cup_tokens: list[list[int]] = msgspec.field(default_factory=list)
    """Cup tokens on each connection of each row (one fewer entry than tiles in the row)."""
    passed: bool = False
    courtiers: int = 0
    """(Expansion) Courtiers on the player-board extension, ready for the Noble Court."""
    courtiers_waiting: int = 0
    """(Expansion) Courtiers still waiting on the Noble Court board (DECREE-04)."""
    puerh_sets: list[list[str]] = msgspec.field(default_factory=list)
    """(Expansion) Placed Puerh tokens, one list per set; three tokens make a cake."""
    hall_vp: int = 0
    """(Expansion) VP scored in the Halls (kept apart from the track for the breakdown)."""


class Turn(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The turn in progress of the current seat."""

    selected: list[str] = msgspec.field(default_factory=list)
    """Cards chosen to play, before the commit (in hand order)."""
    committed: bool = False
    top: str = ""
    """The topmost card of this turn's stack, once committed."""
    strength: int = 0
    """Strength of the played cards plus the "+1" Scrolls used."""
    main: str = ""
    """The main action taken, or empty while still to do."""
    used_top: list[bool] = msgspec.field(default_factory=list)
    """Per effect on the top card: whether it has been used this turn."""
    secondary: str = ""
    """The secondary action done this turn (for a repeat), empty if none yet."""
    repeated: bool = False
    acted: bool = False
    """A free action was taken before the cards were played (the turn can no longer be skipped)."""
    puerh_gained: list[str] = msgspec.field(default_factory=list)
    """(Expansion) Puerh tokens gained this turn: no two of them may join (PUERH-09)."""


class Pending(msgspec.Struct, frozen=True, tag_field="pending", kw_only=True):
    """Base of the sub-decisions waiting on the decision stack."""


class Resolve(Pending, frozen=True, tag="resolve"):
    """Effects still to resolve, in order, from ``source`` (for the log)."""

    effects: Effects
    source: str


class Demand(msgspec.Struct, frozen=True, kw_only=True):
    """Part of a leaf payment: ``count`` leaves of at least ``quality``, fermented if asked."""

    count: int
    quality: int = 1
    fermented: bool = False


class PayLeaves(Pending, frozen=True, tag="pay"):
    """Pay leaves one at a time for ``purpose`` until every demand is met."""

    demands: tuple[Demand, ...]
    purpose: str
    """What the payment is for, e.g. "fee", "buy:a2_03", "caravan:cv_b01:0:1", "emperor"."""


class CoverTeapots(Pending, frozen=True, tag="teapots"):
    """Cover ``missing`` Teapots for a purchase with Scrolls, 3 leaves or 2 fermented leaves."""

    missing: int
    card: str


class ChooseScroll(Pending, frozen=True, tag="scroll"):
    """Choose the kind of a Scroll gained."""


class PlaceCupToken(Pending, frozen=True, tag="cup_token"):
    """Place ``n`` Cup tokens on connections, one at a time."""

    n: int


class FermentLeaves(Pending, frozen=True, tag="ferment"):
    """Ferment up to ``n`` more fresh leaves, one at a time, or stop."""

    n: int


class HarvestGardens(Pending, frozen=True, tag="harvest"):
    """Harvest from up to ``n`` more gardens not yet chosen, one at a time, or stop."""

    n: int
    done: tuple[int, ...] = ()


class SellLeaves(Pending, frozen=True, tag="sell"):
    """Sell up to ``n`` more leaves, one at a time, or stop."""

    n: int


class MayDraw(Pending, frozen=True, tag="may_draw"):
    """Draw ``n`` cards or decline; ``discard`` asks for as many discards after drawing."""

    n: int
    discard: bool = False


class DiscardCards(Pending, frozen=True, tag="discard"):
    """Discard ``n`` cards from hand, one at a time."""

    n: int


class MayRemove(Pending, frozen=True, tag="may_remove"):
    """Remove a card from hand, draw deck or discard pile from the game, or decline."""


class TakeEmperorCard(Pending, frozen=True, tag="emperor_card"):
    """Take one of the face-up Emperor cards."""


class ChooseOption(Pending, frozen=True, tag="option"):
    """Choose one side of a slash; or, with ``any_order``, take the offers one by one in any
    order, stopping whenever the player likes (a Hall's effects, COURT-02)."""

    options: tuple[Effects, ...]
    source: str
    any_order: bool = False


class ChoosePart(Pending, frozen=True, tag="part"):
    """Choose one of the two parts of the University sector just reached."""


class PlaceCupTile(Pending, frozen=True, tag="cup_tile"):
    """Choose a Province stack and where its top Cup tile goes."""


class ChooseCupBonus(Pending, frozen=True, tag="cup_bonus"):
    """Choose which of the two Cups beside a spent Cup token gives its bonus."""

    row: int
    connection: int


class BuyPuerh(Pending, frozen=True, tag="buy_puerh"):
    """(Expansion) Buy up to ``n`` more Premium Puerh tokens; ``bought`` so far this action."""

    n: int
    bought: int = 0


class TakeBasicPuerh(Pending, frozen=True, tag="take_basic"):
    """(Expansion) Take a Basic Puerh token of your choice from the Storage."""


class PlacePuerh(Pending, frozen=True, tag="place_puerh"):
    """(Expansion) Place the Puerh token just gained: alone or joined to an incomplete set."""

    token: str


AnyPending = (
    Resolve
    | PayLeaves
    | CoverTeapots
    | ChooseScroll
    | PlaceCupToken
    | FermentLeaves
    | HarvestGardens
    | SellLeaves
    | MayDraw
    | DiscardCards
    | MayRemove
    | TakeEmperorCard
    | ChooseOption
    | ChoosePart
    | PlaceCupTile
    | ChooseCupBonus
    | BuyPuerh
    | TakeBasicPuerh
    | PlacePuerh
)


class DecreeInPlay(msgspec.Struct, kw_only=True, omit_defaults=True):
    """(Expansion) An Imperial Decree on the Noble Court board and who fulfilled it."""

    id: str
    side: Literal["brown", "red"]
    fulfilled: list[int] = msgspec.field(default_factory=list)
    """Seats in the order they fulfilled it; the first two score its VP (DECREE-03)."""


class CourtState(msgspec.Struct, kw_only=True, omit_defaults=True):
    """(Expansion) The Noble Court board: Halls, Puerh Market and Storage, Decrees."""

    halls: list[str]
    """Face-up Hall tiles, left to right."""
    hall_deck: list[str]
    """Face-down Hall tiles; the last element is revealed next."""
    occupancy: list[list[int]]
    """Per face-up Hall, per Courtier space: the seat there, or -1."""
    market: list[str]
    """Premium Puerh tokens for sale; "" when the pile ran out."""
    storage: list[str]
    """Basic Puerh tokens to take; "" when the pile ran out."""
    premium_pile: list[str]
    basic_pile: list[str]
    decrees: list[DecreeInPlay]
    past_halls: list[str] = msgspec.field(default_factory=list)
    """Hall tiles already replaced, out of the game (public)."""


class Board(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Everything shared: decks, displays, stacks and the map's occupancy."""

    action_deck: list[str]
    """Face-down; the last element is the top card."""
    action_display: list[str]
    """Six slots left to right; "" marks an empty slot."""
    caravan_deck: list[str]
    caravan_display: list[str]
    emperor_deck: list[str]
    emperor_display: list[str]
    cup_stacks: dict[str, list[str]]
    """Per coloured Province: its Cup stack, the last element on top (face up)."""
    region_tokens: dict[str, str]
    """Region id -> the Region Bonus token lying there."""
    spaces: list[list[int]]
    """Per Region, per garden space: the seat that built there, or -1 when free."""
    river_final_taken: int = 0
    """How many Boats have reached the last River segment."""
    retired: list[str] = msgspec.field(default_factory=list)
    """Action cards that left the display in Maintenance, out of the game (AMB-31)."""
    court: CourtState | None = None
    """(Expansion) The Noble Court; None in a base game."""


class LuYuNote(msgspec.Struct, frozen=True, array_like=True):
    """(Solo) One step of Lu Yu's last turn, for the log: what happened and its details (ids,
    counts and the reason for his choice), put into words by :mod:`core.tea_garden.narrate`."""

    what: str
    args: tuple[str, ...] = ()


class LuYuState(msgspec.Struct, kw_only=True, omit_defaults=True):
    """(Solo) Lu Yu's cards; his pieces and leaves are an ordinary :class:`PlayerState`."""

    seat: int
    experts: int
    """Difficulty: Expert cards shuffled into his deck (0 easy ... 3 expert, SOLO-11)."""
    draw: list[str]
    """His face-down draw deck; the last element is the top card, whose back is public."""
    slots: list[str] = msgspec.field(default_factory=list)
    """Cards played this round, left to right (LUYU-01)."""
    piles: dict[str, list[str]] = msgspec.field(default_factory=dict)
    """The Advanced supply by secondary symbol; the last element is the top card (SOLO-10)."""
    box: list[str] = msgspec.field(default_factory=list)
    """Expert cards left out of the game (SOLO-11): unknown to the player."""
    seen: list[str] = msgspec.field(default_factory=list)
    """Cards the table has seen face up (played), in the order first seen."""
    notes: list[LuYuNote] = msgspec.field(default_factory=list)
    """What his last turn did, step by step."""


class GameData(State, kw_only=True, dict=True):
    """All the data of a Tea Garden game; :class:`~core.tea_garden.rules.TeaGardenState` adds
    the protocol's methods on top of it."""

    ctx_key: str
    """Key of the shared :class:`~core.tea_garden.context.Context` (components and options)."""
    rng: Rng
    round: int = 1
    """The round being played, 1 to 5."""
    start_seat: int
    seat: int
    """The seat whose turn it is."""
    over: bool = False
    players: list[PlayerState]
    board: Board
    turn: Turn = msgspec.field(default_factory=Turn)
    pending: list[AnyPending] = msgspec.field(default_factory=list)
    """Sub-decisions waiting, the last one first."""
    luyu: LuYuState | None = None
    """(Solo) Lu Yu's cards, when he plays one of the two seats."""

    @cached_property
    def ctx(self) -> Context:
        """The components and options this game is played with."""
        # Looked up once per state object (``dict=True`` gives it room): the rules and the
        # search read it millions of times, and the key never changes.
        return lookup(self.ctx_key)

    @property
    def me(self) -> PlayerState:
        """The player whose turn it is."""
        return self.players[self.seat]


__all__ = [
    "FERMENTED",
    "FRESH",
    "AnyPending",
    "Board",
    "Demand",
    "Effect",
    "GameData",
    "LeafSide",
    "PlayerState",
    "Turn",
]


def deal(g: GameData, deck: list[str]) -> str:
    """Take the top of a face-down deck, bag or pile ("" when it is empty), counting what it
    reveals (:attr:`core.engine.State.reveals`)."""
    if not deck:
        return ""
    g.reveals += 1
    return deck.pop()


def copy_player(p: PlayerState) -> PlayerState:
    """Return an independent copy of a player (every list copied, scalars shared)."""
    return msgspec.structs.replace(
        p,
        fresh=p.fresh[:],
        fermented=p.fermented[:],
        hand=p.hand[:],
        draw=p.draw[:],
        discard=p.discard[:],
        removed=p.removed[:],
        stacks=[s[:] for s in p.stacks],
        pagodas=p.pagodas[:],
        gardens=p.gardens[:],
        caravans=p.caravans[:],
        cup_rows=[r[:] for r in p.cup_rows],
        cup_tokens=[t[:] for t in p.cup_tokens],
        puerh_sets=[s[:] for s in p.puerh_sets],
    )


def copy_board(b: Board) -> Board:
    """Return an independent copy of the shared board."""
    return msgspec.structs.replace(
        b,
        action_deck=b.action_deck[:],
        action_display=b.action_display[:],
        caravan_deck=b.caravan_deck[:],
        caravan_display=b.caravan_display[:],
        emperor_deck=b.emperor_deck[:],
        emperor_display=b.emperor_display[:],
        cup_stacks={k: v[:] for k, v in b.cup_stacks.items()},
        region_tokens=dict(b.region_tokens),
        spaces=[s[:] for s in b.spaces],
        retired=b.retired[:],
        court=None if b.court is None else copy_court(b.court),
    )


def copy_court(c: CourtState) -> CourtState:
    """Return an independent copy of the Noble Court."""
    return msgspec.structs.replace(
        c,
        halls=c.halls[:],
        hall_deck=c.hall_deck[:],
        occupancy=[o[:] for o in c.occupancy],
        market=c.market[:],
        storage=c.storage[:],
        premium_pile=c.premium_pile[:],
        basic_pile=c.basic_pile[:],
        past_halls=c.past_halls[:],
        decrees=[msgspec.structs.replace(d, fulfilled=d.fulfilled[:]) for d in c.decrees],
    )


def copy_luyu(lu: LuYuState | None) -> LuYuState | None:
    """Return an independent copy of Lu Yu's cards (None stays None)."""
    if lu is None:
        return None
    return msgspec.structs.replace(
        lu,
        draw=lu.draw[:],
        slots=lu.slots[:],
        piles={k: v[:] for k, v in lu.piles.items()},
        box=lu.box[:],
        seen=lu.seen[:],
        notes=lu.notes[:],
    )


def copy_turn(t: Turn) -> Turn:
    """Return an independent copy of the turn in progress."""
    return msgspec.structs.replace(
        t, selected=t.selected[:], used_top=t.used_top[:], puerh_gained=t.puerh_gained[:]
    )
