"""The position builder: positions described by who holds what, every piece kept in exactly one
place, and unsound positions refused with the reason."""

from __future__ import annotations

import pytest

from core.tea_garden.conservation import conservation_problems, setup_totals
from core.tea_garden.position import Position, PositionError


def test_a_described_position_is_what_was_asked_and_sound() -> None:
    start = Position(2, 1).state
    deck_card = start.board.action_deck[-1]
    state = (
        Position(2, 1)
        .hand(0, ["s01", deck_card])
        .leaves(0, fresh={3: 2}, fermented={5: 1})
        .scrolls(0, x2=1, plus1=2)
        .emperor(1, row=2, tokens=3)
        .boat(1, 4)
        .garden(1, "c1")
        .action_display(1, start.board.action_deck[0])
        .caravan(2, start.board.caravan_deck[0])
        .build()
    )
    p0, p1 = state.players
    assert p0.hand == ["s01", deck_card]
    assert deck_card not in state.board.action_deck
    assert p0.fresh[2] == 2 and p0.fermented[4] == 1 and p0.x2 == 1 and p0.plus1 == 2
    assert (p1.emperor_row, p1.emperor_tokens, p1.boat) == (2, 3, 4)
    assert state.ctx.region_index["c1"] in p1.gardens and sum(p1.pagodas) == 5
    assert state.board.action_display[0] == start.board.action_deck[0]
    assert state.board.caravan_display[1] == start.board.caravan_deck[0]
    assert conservation_problems(state, setup_totals(start)) == []
    assert state.legal_moves()  # a position the rules can play from


def test_a_card_from_the_display_is_replaced_from_the_deck() -> None:
    builder = Position(3, 2)
    shown = builder.state.board.action_display[2]
    top = builder.state.board.action_deck[-1]
    state = builder.hand(1, [shown]).build()
    assert state.players[1].hand == [shown]
    assert state.board.action_display[2] == top


def test_starting_cards_come_from_the_seat_s_own_deck() -> None:
    state = Position(2, 3).hand(1, ["s01", "s02"]).build()
    for p in state.players:
        assert sorted(c for z in (p.hand, p.draw, p.discard) for c in z).count("s01") == 1


@pytest.mark.parametrize(
    ("describe", "words"),
    [
        (lambda b: b.hand(0, ["zz_99"]), "'zz_99' is not a card of this game"),
        (lambda b: b.garden(0, "atlantis"), "no Region 'atlantis'"),
        (lambda b: b.leaves(0, fresh={9: 1}), "quality 9"),
        (lambda b: b.boat(0, 99), "the River has segments"),
        (lambda b: b.action_display(9, "a1_01"), "display slots are 1 to"),
    ],
)
def test_impossible_pieces_are_refused(describe: object, words: str) -> None:
    with pytest.raises(PositionError, match=words):
        describe(Position(2, 1))  # type: ignore[operator]


def test_a_position_that_breaks_conservation_is_refused_with_the_reason() -> None:
    builder = Position(2, 1)
    card = builder.state.board.action_deck[-1]
    builder.state.players[0].hand.append(card)  # a second copy, behind the builder's back
    with pytest.raises(PositionError, match=rf"Action card {card} is in two places"):
        builder.build()
    builder = Position(2, 1)
    builder.state.players[1].pagodas[1] = False  # a Pagoda gone, no garden for it
    with pytest.raises(PositionError, match="seat 2 has 5 Pagodas left and 1 gardens"):
        builder.build()
