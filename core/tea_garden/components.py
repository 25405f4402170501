"""Typed records of the Tea Garden component set: map, tracks, boards, cards and tiles.

The rulebook prints none of these faces, so tea-tui ships its own authored set (data/*.toml,
explained in docs/components.md). These Structs are the schema the data is decoded into; the
loader (:mod:`core.tea_garden.loader`) checks types field by field and then the rulebook's counts
and constraints.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.tea_garden.effects import Effects

Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_]*$", max_length=24)]
"""Identifier of a component: lowercase letters, digits and underscores, starting with a letter."""
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
Short = Annotated[str, msgspec.Meta(min_length=1, max_length=4)]
Quality = Annotated[int, msgspec.Meta(ge=1, le=6)]
NonNeg = Annotated[int, msgspec.Meta(ge=0)]
Strength = Annotated[int, msgspec.Meta(ge=0, le=12)]
Teapot = Literal["green", "red", "blue", "neutral"]
"""A Teapot printed on a card; neutral counts as any colour."""
TeapotNeed = Literal["green", "red", "blue", "any"]
"""A Teapot a purchase requires; "any" is met by a Teapot of any colour."""
ScoringCondition = Literal[
    "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "E10", "E11", "E12"
]


class _Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class LeafCost(_Record, frozen=True, kw_only=True):
    """A payment in leaves: ``green`` icons take any leaf, ``brown`` icons fermented leaves only.

    ``quality`` is the minimum quality of every leaf paid (1 = any quality).
    """

    green: NonNeg = 0
    brown: NonNeg = 0
    quality: Quality = 1

    @property
    def count(self) -> int:
        """Total number of leaves to pay."""
        return self.green + self.brown

    @property
    def is_free(self) -> bool:
        """True when nothing is to be paid."""
        return self.green == 0 and self.brown == 0


# --- the map -------------------------------------------------------------------------------


class Province(_Record, frozen=True, kw_only=True):
    """All Regions of one colour. The start Province (Sichuan) has no Cup stack."""

    id: Id
    name: Name
    start: bool = False


class GardenSpace(_Record, frozen=True, kw_only=True):
    """One garden space in a Region; ``vp`` is scored at once by whoever builds on it."""

    vp: NonNeg = 0


class Region(_Record, frozen=True, kw_only=True):
    """The smallest map area: a Province colour, a leaf value and some garden spaces."""

    id: Id
    name: Name
    short: Short
    """A label of up to 4 characters for the terminal map."""
    province: Id
    value: Quality
    """The quality of the leaves harvested here."""
    spaces: tuple[GardenSpace, ...]
    bonus_space: bool = True
    """Whether a hexagonal Region Bonus token lies here."""
    cell: tuple[NonNeg, NonNeg]
    """(column, row) of the Region on the terminal map grid."""


class Border(_Record, frozen=True, kw_only=True):
    """Two Regions that touch; ``river`` marks a border formed by the River."""

    a: Id
    b: Id
    river: bool = False


class MapData(_Record, frozen=True, kw_only=True):
    """The map: Provinces, Regions, borders and the grid the terminal draws them on."""

    cols: Annotated[int, msgspec.Meta(ge=1, le=16)]
    rows: Annotated[int, msgspec.Meta(ge=1, le=16)]
    provinces: tuple[Province, ...]
    regions: tuple[Region, ...]
    borders: tuple[Border, ...]


# --- tracks and boards ---------------------------------------------------------------------


class RiverSegment(_Record, frozen=True, kw_only=True):
    """A River segment: a bonus on entering, VP at the end of the game if the Boat is here."""

    bonus: Effects = ()
    vp: NonNeg = 0


class River(_Record, frozen=True, kw_only=True):
    """The River: segment 0 is the start; the last segment pays ``final_vps`` by arrival order."""

    segments: tuple[RiverSegment, ...]
    final_vps: tuple[NonNeg, ...]
    """VP spaces of the last segment, best first; the first Boat to arrive takes the first."""


class UniversityPart(_Record, frozen=True, kw_only=True):
    """One of the two parts of a University sector."""

    bonus: Effects
    vp: NonNeg
    """End-game VP for a rim Worker standing on this part."""


class UniversitySector(_Record, frozen=True, kw_only=True):
    """A University sector, with two parts to choose from."""

    parts: tuple[UniversityPart, UniversityPart]


class University(_Record, frozen=True, kw_only=True):
    """The Tea University ring: four sectors clockwise from the start, and the centre's value."""

    sectors: tuple[UniversitySector, ...]
    centre_vp: NonNeg = 10


class EmperorRow(_Record, frozen=True, kw_only=True):
    """A row of the Emperor track: its entry cost and its reward."""

    tokens: NonNeg
    leaf: LeafCost
    reward: Effects


class EmperorTrack(_Record, frozen=True, kw_only=True):
    """The Emperor track: rows above the start space, bottom first; VP for reaching the top."""

    rows: tuple[EmperorRow, ...]
    top_vp: NonNeg = 10


class ActionDisplay(_Record, frozen=True, kw_only=True):
    """The Action-card display: the strength each slot needs, left to right."""

    slot_strength: tuple[Strength, ...]


class PlayerBoard(_Record, frozen=True, kw_only=True):
    """A player board: the Pagodas' build requirements and the fee of each card slot."""

    pagodas: tuple[Strength, ...]
    slot_fees: tuple[LeafCost, ...]
    """Fee per card slot, left to right; an empty cost (``{}``) marks a free slot."""


class ScrollSupply(_Record, frozen=True, kw_only=True):
    """How many Scrolls of each kind the game has."""

    plus1: NonNeg
    teapot: NonNeg
    x2: NonNeg


# --- cards ---------------------------------------------------------------------------------


class Card(_Record, frozen=True, kw_only=True):
    """Fields every playable card has."""

    id: Id
    name: Name
    strength: Strength
    teapots: tuple[Teapot, ...] = ()
    top: Effects = ()
    """What the card offers when it is the topmost card of a turn (secondary action, effects)."""


class StartingCard(Card, frozen=True, kw_only=True):
    """One of the 11 cards every player starts with (each colour has the same set)."""


class ActionCard(Card, frozen=True, kw_only=True):
    """A card bought from the display."""

    level: Annotated[int, msgspec.Meta(ge=1, le=5)]
    price: LeafCost
    teapots_needed: tuple[TeapotNeed, ...] = ()
    vp: NonNeg = 0


class EmperorCard(Card, frozen=True, kw_only=True):
    """A card gained on the Emperor track; it scores its condition at the end."""

    scoring: ScoringCondition
    expansion: bool = False
    """Part of the Puerh expansion (used only when it is on)."""


# --- caravans and tiles --------------------------------------------------------------------


class TradeOption(_Record, frozen=True, kw_only=True):
    """A Caravan's way to sell leaves (any quality) and what it pays."""

    cost: LeafCost
    reward: Effects


class StrengthOption(_Record, frozen=True, kw_only=True):
    """A Caravan's strength value and what reaching it pays."""

    strength: Strength
    reward: Effects


class Caravan(_Record, frozen=True, kw_only=True):
    """A Caravan card: two trade options and two strength options."""

    id: Id
    name: Name
    """The name players see (the id is for the data and saves only)."""
    kind: Literal["basic", "advanced"]
    trades: tuple[TradeOption, TradeOption]
    strengths: tuple[StrengthOption, StrengthOption]
    expansion: bool = False
    """Part of the Puerh expansion (used only when it is on)."""


class Cup(_Record, frozen=True, kw_only=True):
    """One circle symbol at the edge of a Cup tile."""

    colour: Id
    """A Province id: matching colours across a connection score."""
    bonus: Effects


class CupTile(_Record, frozen=True, kw_only=True):
    """A Cup tile with a Cup at its left and right edges (never rotated)."""

    id: Id
    name: Name
    """The name players see."""
    left: Cup
    right: Cup


class RegionToken(_Record, frozen=True, kw_only=True):
    """A hexagonal Region Bonus token: its effect is gained by everyone who builds there."""

    id: Id
    name: Name
    """The name players see."""
    bonus: Effects
    expansion: bool = False
    """Part of the Puerh expansion (used only when it is on)."""


# --- the Puerh - The Noble Court expansion --------------------------------------------------


class PuerhToken(_Record, frozen=True, kw_only=True):
    """A third of a Puerh tea cake: its bonus, and the stars and centre value a cake scores."""

    id: Id
    name: Name
    """The name players see."""
    kind: Literal["basic", "premium"]
    bonus: Effects
    stars: NonNeg = 0
    value: NonNeg = 0
    """VP in the centre; a complete cake scores (its stars) x (its values), AMB-42."""
    cost: LeafCost = LeafCost()
    """Premium tokens only: the price in the red field."""


class Hall(_Record, frozen=True, kw_only=True):
    """A Hall tile of the Noble Court: what a Courtier placed under it gains."""

    id: Id
    name: Name
    effects: Effects


class DecreeSide(_Record, frozen=True, kw_only=True):
    """One side of an Imperial Decree: the target to reach and the VP of the first two."""

    target: NonNeg
    vps: tuple[NonNeg, NonNeg]


class Decree(_Record, frozen=True, kw_only=True):
    """An Imperial Decree tile: one condition, an easy (brown) and a hard (red) side."""

    id: Id
    name: Name
    """The name players see."""
    kind: Literal["river", "emperor", "university", "gardens", "caravans", "cups", "puerh"]
    brown: DecreeSide
    red: DecreeSide


class NobleCourt(_Record, frozen=True, kw_only=True):
    """The Noble Court board and the player-board extension."""

    hall_spaces: tuple[Strength, ...]
    """Strength of each Courtier space under a Hall, left (highest) to right."""
    market_size: NonNeg = 3
    storage_size: NonNeg = 3
    courtiers_start: NonNeg = 2
    courtiers_waiting: NonNeg = 2
    fifth_slot_fee: LeafCost


# --- solo mode: Lu Yu (GAP-19, GAP-20) ------------------------------------------------------

LuYuStepKind = Literal[
    "leaves",
    "ferment",
    "emperor_tokens",
    "advanced",
    "build",
    "buy",
    "caravan",
    "court",
    "market",
    "secondary",
]
"""What one step on the front of a Lu Yu card does. The first four are gains (``n`` fresh
leaves, ferment ``n``, ``n`` Emperor tokens, an Advanced card on top of his deck); the rest are
his actions, where ``n`` is the strength printed beside the Buy, Noble Court or Market icon."""

LUYU_ACTIONS = frozenset({"build", "buy", "caravan", "court", "market", "secondary"})
"""The step kinds that are actions (which can fail, so a row's fallback may follow them)."""

Position = Annotated[int, msgspec.Meta(ge=1, le=3)]
"""A position 1-3 in a display of three, counted from the left."""
SecondaryKind = Literal["river", "cup", "university"]


class LuYuStep(_Record, frozen=True, kw_only=True):
    """One step of a row on the front of a Lu Yu card."""

    do: LuYuStepKind
    n: NonNeg = 0
    """The count of a gain, or the strength bonus printed beside an action's icon."""


class LuYuRow(_Record, frozen=True, kw_only=True):
    """A row on a Lu Yu card front: its steps in order, and what follows the slash."""

    steps: Annotated[tuple[LuYuStep, ...], msgspec.Meta(min_length=1)]
    fallback: tuple[LuYuStep, ...] = ()
    """Gains done instead when the row's action cannot be completed (LUYU-04, LUYU-21)."""


class LuYuCard(_Record, frozen=True, kw_only=True):
    """One of Lu Yu's cards: the front is resolved when revealed; the back, while the card is on
    top of his draw deck, gives his strength and every choice (LUYU-05, LUYU-10)."""

    id: Id
    name: Name
    """The name players see."""
    group: Literal["basic", "expert", "advanced"]
    rows: Annotated[tuple[LuYuRow, ...], msgspec.Meta(min_length=1)]
    strength: Strength
    """Back: the strength of his main action."""
    secondary: SecondaryKind
    """Back: the secondary action he does (and, on Advanced cards, the pile they belong to)."""
    bonus_priority: tuple[str, ...]
    """Back: Region-bonus kinds (effect tags of the Region tokens) from most to least wanted;
    a Region without a token ranks after all of them."""
    caravan: Position
    """Back: the Caravan display position he takes from."""
    emperor: Position
    """Back: the Emperor card display position he removes when he climbs."""
    province_priority: tuple[str, ...]
    """Back: coloured Province ids from most to least wanted (Cup tiles)."""
    hall_priority: tuple[Position, ...]
    """Back: the order in which he tries the Halls (positions on the Noble Court)."""
    market_order: tuple[Position, ...]
    """Back: the order in which he takes Premium Puerh tokens from the Market."""


class LuYuBoard(_Record, frozen=True, kw_only=True):
    """Lu Yu's board and scoring card; his slot fees are the player board's (GAP-20)."""

    start_fresh: NonNeg = 2
    """SOLO-05: fresh leaves in his Basket at the start."""
    starting_advanced: NonNeg = 3
    """SOLO-09: random Advanced cards in his starting deck."""
    emperor_vp: tuple[NonNeg, ...]
    """LUYU-29: VP by the highest Emperor space reached, index 0 = the bottom space."""
    emperor_tokens_per_space: NonNeg = 2
    """LUYU-20: Emperor tokens he returns to climb one space."""
    repeat_fermented: NonNeg = 3
    """LUYU-18: fermented leaves he pays to repeat his secondary action."""
    caravan_vp: NonNeg = 5
    """LUYU-27: VP per Caravan card."""
    fresh_per_vp: Annotated[int, msgspec.Meta(ge=1)] = 2
    """LUYU-28: fresh leaves per VP (rounded down)."""
    fermented_vp: NonNeg = 1
    """LUYU-28: VP per fermented leaf."""
    cake_vp: NonNeg = 10
    """LUYU-30: VP per complete Puerh cake."""
    incomplete_cake_vp: NonNeg = 5
    """LUYU-30: VP per incomplete set of 1-2 tokens."""
    harvest_per_garden: NonNeg = 2
    """LUYU-24: fresh leaves per garden in Maintenance."""


class LuYuSet(_Record, frozen=True, kw_only=True):
    """The solo mode's components: Lu Yu's board and his 24 cards."""

    board: LuYuBoard
    cards: tuple[LuYuCard, ...]


class ComponentSet(_Record, frozen=True, kw_only=True):
    """The complete component set of the Tea Garden base game."""

    id: Id
    name: Name
    version: Annotated[str, msgspec.Meta(min_length=1, max_length=20)]
    map: MapData
    river: River
    university: University
    emperor_track: EmperorTrack
    display: ActionDisplay
    board: PlayerBoard
    scrolls: ScrollSupply
    starting_cards: tuple[StartingCard, ...]
    action_cards: tuple[ActionCard, ...]
    emperor_cards: tuple[EmperorCard, ...]
    caravans: tuple[Caravan, ...]
    cup_tiles: tuple[CupTile, ...]
    region_tokens: tuple[RegionToken, ...]
    court: NobleCourt | None = None
    """The expansion's Noble Court; None in a base-only set."""
    puerh_tokens: tuple[PuerhToken, ...] = ()
    halls: tuple[Hall, ...] = ()
    decrees: tuple[Decree, ...] = ()
    luyu: LuYuSet | None = None
    """The solo mode's Lu Yu cards and board; None in a set without solo mode."""

    def ids_by_section(self) -> list[tuple[str, list[str]]]:
        """Every id of the set but Lu Yu's cards, by the section that holds it (ids are unique
        across sections)."""
        return [
            ("map", [x.id for x in self.map.provinces]),
            ("map", [x.id for x in self.map.regions]),
            ("starting_cards", [x.id for x in self.starting_cards]),
            ("action_cards", [x.id for x in self.action_cards]),
            ("emperor_cards", [x.id for x in self.emperor_cards]),
            ("caravans", [x.id for x in self.caravans]),
            ("cup_tiles", [x.id for x in self.cup_tiles]),
            ("region_tokens", [x.id for x in self.region_tokens]),
            ("puerh_tokens", [x.id for x in self.puerh_tokens]),
            ("halls", [x.id for x in self.halls]),
            ("decrees", [x.id for x in self.decrees]),
        ]
