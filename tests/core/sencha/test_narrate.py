"""Sencha's moves in words: every legal move has a menu line, every move a log line, and the
log tells what draws, new cards, the face-down worker, taxes and the field bonus brought."""

from __future__ import annotations

import pytest

from core.rng import Rng
from core.sencha.entry import describe_move, log_line
from core.sencha.game import SenchaGame, SenchaState
from core.sencha.narrate import cubes_text
from tests.core.sencha.helpers import legal, play, position


def test_every_move_of_random_games_has_words() -> None:
    """Menu lines are distinct for distinct moves, and no line shows raw notation."""
    for n in (2, 3):
        game = SenchaGame(num_seats=n)
        s = game.new_state(6)
        rng = Rng.from_seed(6)
        while not s.is_over():
            legal = s.legal_moves()
            words = [describe_move(s, m) for m in legal]
            assert len(set(words)) == len(words), words
            assert all(w and w[0].isupper() and "_" not in w for w in words)
            move = rng.choice(legal)
            before = s.clone()
            s.apply(move)
            line = log_line(before, move, s, ["Ann", "Bo", "Cy"])
            assert line.startswith(("Ann ", "Bo ", "Cy ")), line


def test_a_build_tells_the_cubes_drawn() -> None:
    """The log line of a Build names the cubes the bag gave."""
    s = position(3).build()
    before = s.clone()
    play(s, "build kyoto")
    line = log_line(before, SenchaGame(num_seats=3).parse_move("build kyoto"), s, ["Ann"])
    drawn = s.pub.plantations[0].cubes
    assert line.startswith("Ann builds a house on Kyoto for 0 yen — ")
    assert line.endswith(f"{cubes_text(drawn)} drawn onto Kyoto") and sum(drawn) == 5


def test_a_flip_the_hidden_worker_taxes_and_the_bonus_are_told() -> None:
    """A full column names the next card; the face-down worker names its kind; taxes and the
    field bonus say how much."""
    game = SenchaGame(num_seats=2)
    s = (
        position(2)
        .vp(0, 2)
        .money(0, 1)
        .houses(0, "kyoto", 2)
        .field(0, 1)
        .workers(0, ["cart"])
        .load(0, 1, sencha=1)
        .load(0, 2, black=2)
        .card("gion_stall")
        .build()
    )
    nxt = s.ctx.card_name(s.deck[-1])
    play(s, "sell", "emperor 1 1", "sale 2 black")
    before = s.clone()
    move = game.parse_move("sale 2 black")
    s.apply(move)
    line = log_line(before, move, s, ["Ann", "Bo"])
    assert f"the next card is {nxt}" in line
    assert "Ann gets 1 yen for field houses" in line
    assert "Ann pays 2 yen in taxes" in line  # 1 + 2 + 2 + 1 = 6 yen, 2 plantation houses
    s = position(2).money(0, 9).build()
    before = s.clone()
    move = game.parse_move("recruit peasant")
    s.apply(move)
    assert "the face-down worker turns up: a " in log_line(before, move, s)


def test_the_end_is_announced() -> None:
    """Reaching 7 VP gives every other player a last turn; the last one ends the game."""
    game = SenchaGame(num_seats=2)
    s = position(2).vp(0, 6).load(0, 1, sencha=1).card("gion_stall").build()
    play(s, "sell")
    before = s.clone()
    move = game.parse_move("emperor 1 1")
    s.apply(move)
    line = log_line(before, move, s)
    assert "Seat 1 reaches 7 VP" in line and "every other player has one last turn" in line
    before = s.clone()
    move = s.legal_moves()[0]
    s.apply(move)
    assert log_line(before, move, s).endswith("the game is over")


def _two_players_hiding(kind: str, money: int) -> SenchaState:
    """A 2-player position whose face-down worker is ``kind``."""
    for seed in range(60):
        s = position(2, seed=seed).money(0, money).build()
        if s.hidden_kind == kind:
            return s
    raise AssertionError(f"no seed hides a {kind}")


@pytest.mark.rule("SEN-SETUP-07")
def test_the_face_down_worker_of_the_kind_just_recruited_is_named() -> None:
    """The face-down worker that turns up as the very kind recruited is named (the supply's
    count of that kind then stays as it was), as is one of another kind."""
    game = SenchaGame(num_seats=2)
    for hidden, recruit in (("peasant", "peasant"), ("donkey", "peasant")):
        s = _two_players_hiding(hidden, 9)
        before = s.clone()
        move = game.parse_move(f"recruit {recruit}")
        s.apply(move)
        line = log_line(before, move, s, ["Ann", "Bo"])
        assert line.endswith(f"the face-down worker turns up: a {hidden.capitalize()}"), line
        assert "Worker" not in line


@pytest.mark.rule("SEN-AMB-14")
def test_the_free_cube_says_why_there_is_no_produce() -> None:
    """The free cube's menu line gives the true reason Produce is out: no money, or money but
    no plantation house, or houses only where there is no room."""
    free = SenchaGame(num_seats=3).parse_move("free")
    s = position(3).money(0, 0).build()
    assert describe_move(s, free).endswith("(nothing to collect and no money to produce)")
    s = position(3).money(0, 2).build()
    assert "free" in legal(s)
    text = describe_move(s, free)
    assert text.endswith("(nothing to collect and no plantation house to produce at)")
    assert "no money" not in text
    s = (
        position(3)
        .money(0, 2)
        .houses(0, "kyoto", 1)
        .cubes("kyoto", sencha=9)
        .workers(0, ["donkey"])
        .load(0, 1, black=1)
        .load(0, 2, black=1)
        .build()
    )
    assert "free" in legal(s)  # the full Peasant and the Donkey cannot take Sencha
    assert describe_move(s, free).endswith("no room to produce at your plantations)")
    s = position(3).money(0, 0).build()
    before = s.clone()
    s.apply(free)
    line = log_line(before, free, s, ["Ann"])
    assert line.startswith("Ann takes a free cube from the bag (nothing to collect and no money")


@pytest.mark.rule("SEN-AMB-05")
def test_yen_lost_to_the_cap_are_told_and_the_field_bonus_still_shows() -> None:
    """A sale that would pass the 12-yen cap says how much is lost; the field houses' yen are
    still named though the cap swallowed them; under the cap neither note appears wrongly."""
    game = SenchaGame(num_seats=2)
    sale = game.parse_move("sale 1 sakura")
    cases = [(11, 0, 1, 0), (11, 1, 2, 1), (5, 1, 0, 1), (12, 0, 2, 0)]
    for money, field, lost, bonus in cases:
        s = position(2).money(0, money).field(0, field).load(0, 1, sakura=1)
        s = s.card("festival").build()  # Sakura sells for 2 yen
        play(s, "sell")
        before = s.clone()
        s.apply(sale)
        line = log_line(before, sale, s, ["Ann", "Bo"])
        assert s.pub.players[0].money == min(12, money + 2 + field)
        assert (f"Ann is at the 12-yen cap and loses {lost} yen" in line) == bool(lost), line
        assert ("loses" in line) == bool(lost), line
        assert (f"Ann gets {bonus} yen for field houses" in line) == bool(bonus), line
