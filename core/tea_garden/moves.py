"""Every decision of a Tea Garden game as a small move with a text form.

A turn is a sequence of these atomic decisions (rules inventory, DECISION POINTS): free actions,
choosing cards one by one and committing them with a top card, then the main action, the top
card's offers and free actions in any order, each with its own sub-decisions, and ``end``.
Ids are the component ids of the authored set; slots, trades, parts and rows count from 1.
"""

from __future__ import annotations

from typing import Literal

from core.moves import Move, move_kinds

Side = Literal["g", "f"]
"""A leaf's side: ``g`` fresh (green), ``f`` fermented (brown)."""


# --- the round and the turn ----------------------------------------------------------------


class Pass(Move, frozen=True, tag="pass"):
    """Take no more turns this round."""


class Select(Move, frozen=True, tag="select"):
    """Add a card from hand to the cards about to be played (in id order)."""

    card: str


class Commit(Move, frozen=True, tag="play"):
    """Play the selected cards as this turn's stack, with ``top`` as the topmost card."""

    top: str


class AddCard(Move, frozen=True, tag="add"):
    """(Variant late_cards) slip a card from hand under this turn's top card, before the main
    action."""

    card: str


class EndTurn(Move, frozen=True, tag="end"):
    """Finish the turn (the main action must be done)."""


# --- main actions --------------------------------------------------------------------------


class Build(Move, frozen=True, tag="build"):
    """Build the Pagoda from board spot ``spot`` (1-6) on garden space ``space`` of ``region``."""

    spot: int
    region: str
    space: int


class Buy(Move, frozen=True, tag="buy"):
    """Buy the Action card in display slot ``slot`` (1-6)."""

    slot: int


class TakeCaravan(Move, frozen=True, tag="caravan"):
    """Take the Caravan in display slot ``slot`` with trade option and strength option (1-2)."""

    slot: int
    trade: int
    strength: int


class Ferment(Move, frozen=True, tag="ferment"):
    """Main action: ferment up to the turn's strength in fresh leaves."""


class Harvest(Move, frozen=True, tag="harvest"):
    """Main action: take one fresh leaf from each of up to strength gardens."""


class NobleCourt(Move, frozen=True, tag="court"):
    """(Expansion) Main action: place a Courtier on space ``space`` under Hall ``hall``."""

    hall: int
    space: int


class PuerhMarket(Move, frozen=True, tag="market"):
    """(Expansion) Main action: buy 1-3 Premium Puerh tokens, as many as strength allows."""


# --- the top card and free actions ---------------------------------------------------------


class UseTop(Move, frozen=True, tag="use"):
    """Use offer ``index`` (from 1) of the turn's top card: its secondary action or effect."""

    index: int


class Repeat(Move, frozen=True, tag="repeat"):
    """Repeat this turn's secondary action by discarding an x2 Scroll or paying 3 fermented."""

    method: Literal["scroll", "fermented"]


class AdvanceEmperor(Move, frozen=True, tag="emperor"):
    """Climb one row on the Emperor track, paying its tokens and a leaf."""


class SpendCupToken(Move, frozen=True, tag="spend"):
    """Take a Cup token off connection ``connection`` of row ``row`` (both from 1)."""

    row: int
    connection: int


class UsePlus1(Move, frozen=True, tag="plus1"):
    """Discard a "+1" Scroll for one more strength this turn."""


# --- sub-decisions -------------------------------------------------------------------------


class PayLeaf(Move, frozen=True, tag="pay"):
    """Pay one leaf of this side and quality towards the payment asked for."""

    side: Side
    quality: int


class CoverTeapot(Move, frozen=True, tag="teapot"):
    """Cover one missing Teapot: a Teapot Scroll, 3 leaves, or 2 fermented leaves."""

    method: Literal["scroll", "leaves", "fermented"]


class PickScroll(Move, frozen=True, tag="scroll"):
    """Choose the kind of Scroll gained."""

    kind: Literal["plus1", "teapot", "x2"]


class PlaceToken(Move, frozen=True, tag="token"):
    """Put a Cup token on connection ``connection`` of row ``row`` (both from 1)."""

    row: int
    connection: int


class FlipLeaf(Move, frozen=True, tag="flip"):
    """Ferment one fresh leaf of this quality."""

    quality: int


class HarvestFrom(Move, frozen=True, tag="from"):
    """Take one fresh leaf from your garden in ``region``."""

    region: str


class SellLeaf(Move, frozen=True, tag="sell"):
    """Sell one leaf of this side and quality (1 VP fresh, 2 VP fermented)."""

    side: Side
    quality: int


class Stop(Move, frozen=True, tag="stop"):
    """Decline or stop an optional, repeatable choice (draw, remove, ferment, harvest, sell)."""


class DrawCards(Move, frozen=True, tag="draw"):
    """Accept the offered draw."""


class Discard(Move, frozen=True, tag="discard"):
    """Discard this card from hand."""

    card: str


class RemoveCard(Move, frozen=True, tag="remove"):
    """Remove a card from ``zone`` (hand, draw or discard) from the game."""

    zone: Literal["hand", "draw", "discard"]
    card: str


class TakeEmperorCard(Move, frozen=True, tag="take"):
    """Take this face-up Emperor card into hand."""

    card: str


class ChooseOption(Move, frozen=True, tag="option"):
    """Choose side ``index`` (from 1) of a slash."""

    index: int


class ChoosePart(Move, frozen=True, tag="part"):
    """Choose part ``index`` (1 or 2) of the University sector reached."""

    index: int


class PlaceCupTile(Move, frozen=True, tag="tile"):
    """Take the top Cup tile of ``province`` and put it at ``side`` end of row ``row``.

    ``row`` counts from 1; 0 starts a new row (``side`` is then ignored and written ``r``).
    """

    province: str
    row: int
    side: Literal["l", "r"]


class ChooseCupBonus(Move, frozen=True, tag="cup_bonus"):
    """Take the bonus of the Cup left or right of the spent token's connection."""

    side: Literal["l", "r"]


class BuyPremium(Move, frozen=True, tag="premium"):
    """(Expansion) Buy the Premium Puerh token in Market slot ``slot`` (1-3)."""

    slot: int


class TakeBasic(Move, frozen=True, tag="basic"):
    """(Expansion) Take the Basic Puerh token in Storage slot ``slot`` (1-3)."""

    slot: int


class PlacePuerh(Move, frozen=True, tag="cake"):
    """(Expansion) Place the Puerh token just gained: ``set`` 0 starts a new set, N joins set N;
    with the AMB-41 variant, ``bridge`` M also joins single set M, making one cake of three."""

    set: int
    bridge: int = 0


# --- solo mode: Lu Yu's turn ----------------------------------------------------------------


class LuYuTurn(Move, frozen=True, tag="luyu"):
    """(Solo) Lu Yu reveals his next card and resolves it; he decides nothing (DP-30)."""


class LuYuPass(Move, frozen=True, tag="luyu-pass"):
    """(Solo) Lu Yu cannot take a slot or pay its fee, so he is out for the round (LUYU-02)."""


MOVE_CLASSES: tuple[type[Move], ...] = (
    Pass,
    Select,
    Commit,
    AddCard,
    EndTurn,
    Build,
    Buy,
    TakeCaravan,
    Ferment,
    Harvest,
    UseTop,
    Repeat,
    AdvanceEmperor,
    SpendCupToken,
    UsePlus1,
    PayLeaf,
    CoverTeapot,
    PickScroll,
    PlaceToken,
    FlipLeaf,
    HarvestFrom,
    SellLeaf,
    Stop,
    DrawCards,
    Discard,
    RemoveCard,
    TakeEmperorCard,
    ChooseOption,
    ChoosePart,
    PlaceCupTile,
    ChooseCupBonus,
    NobleCourt,
    PuerhMarket,
    BuyPremium,
    TakeBasic,
    PlacePuerh,
    LuYuTurn,
    LuYuPass,
)
KINDS = move_kinds(MOVE_CLASSES)
"""Keyword -> move class for every Tea Garden move."""

TeaGardenMove = (
    Pass
    | Select
    | Commit
    | AddCard
    | EndTurn
    | Build
    | Buy
    | TakeCaravan
    | Ferment
    | Harvest
    | UseTop
    | Repeat
    | AdvanceEmperor
    | SpendCupToken
    | UsePlus1
    | PayLeaf
    | CoverTeapot
    | PickScroll
    | PlaceToken
    | FlipLeaf
    | HarvestFrom
    | SellLeaf
    | Stop
    | DrawCards
    | Discard
    | RemoveCard
    | TakeEmperorCard
    | ChooseOption
    | ChoosePart
    | PlaceCupTile
    | ChooseCupBonus
    | NobleCourt
    | PuerhMarket
    | BuyPremium
    | TakeBasic
    | PlacePuerh
    | LuYuTurn
    | LuYuPass
)
"""The union of all Tea Garden move types, for decoding move lists from JSON."""
