"""Illegal moves are refused and leave the state untouched, for every kind of Tea Garden move.

For each class in ``moves.MOVE_CLASSES`` a realistic position is set up and one well-formed move
of that kind that the rules forbid there is applied: ``apply`` must raise
:class:`IllegalMoveError` naming the move, and the state must equal a clone taken before. Wrong
seats raise :class:`NotYourTurnError`; text that is not a move raises :class:`InvalidMoveError`.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from core.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError
from core.moves import Move
from core.tea_garden import moves as mv
from core.tea_garden.game import TeaGardenGame
from core.tea_garden.rules import TeaGardenState
from tests.core.tea_garden.scenario import (
    add_garden,
    commit,
    give_hand,
    new_game,
    play,
    put_action_card,
    put_caravan,
    set_boat,
    set_cup_rows,
    set_emperor,
    set_leaves,
)

SEED = 3
Position = tuple[TeaGardenGame, TeaGardenState]


def _fresh() -> Position:
    """Seat 0 to play in a new 2-player game, holding s01, s05, s08 and s09."""
    game, s = new_game(2, seed=SEED)
    give_hand(s, 0, ["s01", "s05", "s08", "s09"])
    set_leaves(s, 0, fresh={2: 2, 3: 1}, fermented={4: 1})
    for stack in s.board.cup_stacks.values():
        for tile in ("cup01", "cup02"):
            if tile in stack:
                stack.remove(tile)
    set_cup_rows(s, 0, [["cup01", "cup02"]], tokens=0)
    return game, s


def _played(top: str = "s09", cards: tuple[str, ...] = ("s09",)) -> Position:
    """As :func:`_fresh`, with ``cards`` played and ``top`` on top (strength of the cards)."""
    game, s = _fresh()
    give_hand(s, 0, [*cards, "s10"])
    commit(game, s, list(cards), top)
    return game, s


def _after_main() -> Position:
    game, s = _played()
    play(game, s, "ferment", "stop")
    return game, s


def _selected() -> Position:
    game, s = _fresh()
    play(game, s, "select s09")
    return game, s


def _emperor_payment() -> Position:
    """Climbing to row 2, which needs a leaf of quality 2 or better."""
    game, s = _played()
    set_emperor(s, 0, row=1, tokens=2)
    set_leaves(s, 0, fresh={1: 1, 2: 1})
    play(game, s, "emperor")
    return game, s


def _teapots() -> Position:
    """Buying a card whose green and red Teapots are missing, with no Teapot Scroll."""
    game, s = _played("s11", ("s11",))
    put_action_card(s, 2, "a2_06")
    set_leaves(s, 0, fresh={3: 8})
    play(game, s, "buy 2")
    return game, s


def _scroll_choice() -> Position:
    """River segment 8 gives a Scroll of any kind (after 3 VP)."""
    game, s = _played("s01", ("s01",))
    set_boat(s, 0, 7)
    play(game, s, "use 1")
    return game, s


def _cup_token() -> Position:
    """River segment 4 gives a Cup token; seat 0 has one connection."""
    game, s = _played("s01", ("s01",))
    set_boat(s, 0, 3)
    play(game, s, "use 1")
    return game, s


def _fermenting() -> Position:
    game, s = _played()
    play(game, s, "ferment")
    return game, s


def _harvesting() -> Position:
    game, s = _played()
    play(game, s, "harvest")
    return game, s


def _selling() -> Position:
    game, s = _played("a1_08", ("a1_08",))
    play(game, s, "use 1")
    return game, s


def _discarding() -> Position:
    game, s = _played("s08", ("s08",))
    play(game, s, "use 1", "draw")
    return game, s


def _drawing() -> Position:
    game, s = _played("s08", ("s08",))
    play(game, s, "use 1")
    return game, s


def _removing() -> Position:
    game, s = _played("a2_07", ("a2_07",))
    play(game, s, "use 1")
    return game, s


def _emperor_card() -> Position:
    game, s = _played()
    assert "e01" in s.board.emperor_deck
    set_emperor(s, 0, row=0, tokens=2)
    play(game, s, "emperor", "pay g 2")
    return game, s


def _slash() -> Position:
    """Tea Scout (River / draw 1) on top, the Boat already at the mouth."""
    game, s = _played("a1_06", ("a1_06",))
    set_boat(s, 0, len(s.ctx.components.river.segments) - 1)
    play(game, s, "use 1")
    return game, s


def _university() -> Position:
    game, s = _played("s05", ("s05",))
    play(game, s, "use 1")
    return game, s


def _cup_tile() -> Position:
    """Cup Production with a garden in purple only."""
    game, s = _played("s03", ("s03",))
    add_garden(s, 0, "p1", spot=1)
    play(game, s, "use 1")
    return game, s


def _caravans() -> Position:
    game, s = _played()
    put_caravan(s, 1, "cv_b01")  # trade 1: 2 leaves; strength 2 or 4
    return game, s


CASES: dict[type[Move], tuple[Callable[[], Position], str]] = {
    mv.Pass: (_played, "pass"),  # mid-turn: the cards are played
    mv.Select: (_fresh, "select a1_01"),  # not in hand
    mv.Commit: (_selected, "play s01"),  # s01 was not selected
    mv.AddCard: (_played, "add s10"),  # only in the late-cards variant (AMB-23)
    mv.EndTurn: (_played, "end"),  # the main action is still to do (DP-28)
    mv.Build: (_played, "build 1 sichuan 2"),  # own Region (BUILD-06)
    mv.Buy: (_played, "buy 6"),  # slot 6 needs more strength than 2 (BUY-01)
    mv.TakeCaravan: (_caravans, "caravan 1 1 2"),  # strength 4 not reached (CARAVAN-03)
    mv.Ferment: (_fresh, "ferment"),  # no main action before the commit (AMB-23)
    mv.Harvest: (_after_main, "harvest"),  # a second main action
    mv.UseTop: (_played, "use 1"),  # s09 offers nothing (SEC-02)
    mv.Repeat: (_played, "repeat fermented"),  # no secondary action done yet (AMB-25)
    mv.AdvanceEmperor: (_played, "emperor"),  # no Emperor tokens (EMPEROR-02)
    mv.SpendCupToken: (_played, "spend 1 1"),  # the connection holds no token
    mv.UsePlus1: (_played, "plus1"),  # no "+1" Scroll
    mv.PayLeaf: (_emperor_payment, "pay g 1"),  # quality 1 is below row 2's minimum
    mv.CoverTeapot: (_teapots, "teapot scroll"),  # no Teapot Scroll held
    mv.PickScroll: (_played, "scroll x2"),  # no Scroll to choose
    mv.PlaceToken: (_cup_token, "token 2 1"),  # there is no row 2
    mv.FlipLeaf: (_fermenting, "flip 4"),  # the q4 leaf is already fermented
    mv.HarvestFrom: (_harvesting, "from b1"),  # no garden in Anxi
    mv.SellLeaf: (_selling, "sell f 3"),  # no fermented q3 leaf
    mv.Stop: (_discarding, "stop"),  # the discard after a draw is mandatory (AMB-29)
    mv.DrawCards: (_played, "draw"),  # nothing offers a draw
    mv.Discard: (_discarding, "discard a1_01"),  # not in hand
    mv.RemoveCard: (_removing, "remove hand s05"),  # s05 is in the draw deck, not in hand
    mv.TakeEmperorCard: (_emperor_card, "take e01"),  # in the Emperor deck, not face up
    mv.ChooseOption: (_slash, "option 1"),  # River at the mouth (RIVER-04)
    mv.ChoosePart: (_university, "part 3"),  # a sector has two parts (UNI-01)
    mv.PlaceCupTile: (_cup_tile, "tile red 0 r"),  # no garden in red (CUP-01)
    mv.ChooseCupBonus: (_played, "cup_bonus l"),  # no Cup token spent
    mv.NobleCourt: (_played, "court 1 1"),  # a base game has no Noble Court (EXP-11)
    mv.PuerhMarket: (_played, "market"),  # nor a Puerh Market
    mv.BuyPremium: (_played, "premium 1"),  # nothing is being bought
    mv.TakeBasic: (_played, "basic 1"),  # no Basic Puerh is on offer
    mv.PlacePuerh: (_played, "cake 0"),  # no Puerh token to place
    mv.LuYuTurn: (_played, "luyu"),  # no Lu Yu in this game (LUYU-01)
    mv.LuYuPass: (_fresh, "luyu-pass"),  # nor his pass (LUYU-02)
}


def test_every_move_kind_has_an_illegal_case() -> None:
    """The table covers every move kind of the game."""
    assert set(CASES) == set(mv.MOVE_CLASSES)


@pytest.mark.parametrize("kind", mv.MOVE_CLASSES, ids=lambda k: k.keyword())
def test_illegal_move_is_refused_and_changes_nothing(kind: type[Move]) -> None:
    """The move is well-formed, of its kind, refused with its name, and the state is intact."""
    position, text = CASES[kind]
    game, s = position()
    move = game.parse_move(text)
    assert isinstance(move, kind)
    assert move not in s.legal_moves()
    before = s.clone()
    with pytest.raises(IllegalMoveError) as raised:
        s.apply(move)
    assert not isinstance(raised.value, NotYourTurnError)
    assert f"'{move}'" in str(raised.value)
    assert s == before


@pytest.mark.parametrize("text", ["pass", "select s01", "emperor"])
def test_move_for_the_wrong_seat_is_refused(text: str) -> None:
    """A move made for seat 1 while seat 0 is to play raises NotYourTurnError."""
    game, s = _fresh()
    set_emperor(s, 0, tokens=2)
    move = game.parse_move(text)
    assert move in s.legal_moves()  # legal for the seat to play
    before = s.clone()
    with pytest.raises(NotYourTurnError) as raised:
        s.apply(move, seat=1)
    assert f"'{move}'" in str(raised.value)
    assert s == before
    s.apply(move, seat=0)  # the right seat may make it


def test_no_move_once_the_game_is_over() -> None:
    """After round 5 every move is refused."""
    game, s = _fresh()
    s.round = 5
    for _ in range(2):
        play(game, s, "pass")
    assert s.is_over()
    before = s.clone()
    with pytest.raises(IllegalMoveError, match="'pass'"):
        s.apply(mv.Pass())
    assert s == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly 3",
        "build",
        "build 1 p1",
        "build one p1 1",
        "buy 1 2",
        "repeat twice",
        "tile purple 0 up",
        "pay x 3",
        "caravan 1 1",
        "take e01 e02",
        "remove pocket s01",
        "select a,b",
    ],
)
def test_unparsable_text_is_an_invalid_move(text: str) -> None:
    """Text that is no Tea Garden move raises InvalidMoveError."""
    game = TeaGardenGame(num_seats=2)
    with pytest.raises(InvalidMoveError):
        game.parse_move(text)
